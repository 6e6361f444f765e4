//! `ladya solve`: problems of every stipulation the solver knows (direct-, self- and
//! reflexmates, helpmates, series-movers), one from `--fen` laid out as a solution, or a batch
//! from an EPD file with one line of keys or solutions per position.
//!
//! Batch input is read whole before anything is solved: a bad line stops the batch with exit
//! status 2 and a one-line message naming the file and line, and nothing is printed on stdout.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::channel;
use std::time::Instant;

use clap::Args;
use ladya_core::Game;
use ladya_games::EngineGame;
use ladya_solver::{
    Cooperative, LinesReport, MAX_MOVES, Options, SolutionReport, Stipulation, Table, human, human_lines, replay,
    solve, solve_lines, solve_shortest,
};

use crate::commands::position;
use ladya_core::epd::{operations, split_epd};
use ladya_games::{GameKind, with_game};

use crate::Failure;
use crate::output::{self, Lines};

/// The most threads (each needs an operating-system thread).
const MAX_THREADS: i64 = 256;

/// Arguments of `ladya solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// The game: chess or xiangqi.
    #[arg(value_parser = crate::commands::game_named(&["chess", "xiangqi"]))]
    game: GameKind,
    /// Mate in at most this many moves, the same as `--stip '#N'`; the shortest mate is looked
    /// for first, and its solution shown.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_MOVES as i64), conflicts_with = "stip")]
    mate: Option<u32>,
    /// The stipulation: `#N` (directmate), `s#N` (selfmate), `r#N` (reflexmate), `h#N` or
    /// `h#N.5` (helpmate), `ser-h#N` (series helpmate), `ser-#N` (series mate). With --epd:
    /// for lines that give none (`stip h#2`, `bm #N` or `dm N`).
    #[arg(long)]
    stip: Option<Stipulation>,
    /// The problem position (default: the start position).
    #[arg(long, conflicts_with = "epd")]
    fen: Option<String>,
    /// Moves played from the FEN before the problem position, space-separated: their
    /// positions count for repetitions (perpetual check).
    #[arg(long, conflicts_with = "epd")]
    moves: Option<String>,
    /// Solve every position of an EPD file; prints `FEN ; keys k1 k2 ...` per line, or for
    /// help- and series-play `FEN ; solutions m1 m2 m3 m4 | m1 m2 m3 m4` (every solution).
    #[arg(long)]
    epd: Option<PathBuf>,
    /// Also show tries: first moves refuted by a single defence.
    #[arg(long, conflicts_with = "epd")]
    tries: bool,
    /// Only the keys (the fastest).
    #[arg(long)]
    keys_only: bool,
    /// Solve for exactly the mate length asked: every key mating within it, shorter ones
    /// marked "short" (without it, lengths from 1 up are tried and the first with a key, the
    /// shortest mate, is shown).
    #[arg(long, conflicts_with = "epd")]
    exact: bool,
    /// Threads: over first moves for one problem, over problems for a batch.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    threads: u16,
    /// Print the solution as JSON.
    #[arg(long, conflicts_with = "epd")]
    json: bool,
    /// Size of the table of proven results, in megabytes.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// Runs `ladya solve`.
pub fn run(args: &SolveArgs) -> Result<(), Failure> {
    with_game!(args.game, run_game(args))
}

fn run_game<G: EngineGame>(args: &SolveArgs) -> Result<(), Failure> {
    let table = Table::try_new(args.hash).map_err(|e| Failure(format!("--hash: {e}")))?;
    let asked = args.stip.or(args.mate.map(Stipulation::mate));
    if let Some(path) = &args.epd {
        return batch::<G>(args, asked, path, &table);
    }
    let stipulation = asked.ok_or_else(|| Failure("solve needs --stip STIP or --mate N (or --epd FILE)".into()))?;
    let mut pos: G = position(args.fen.as_deref(), false)?;
    for text in args.moves.iter().flat_map(|m| m.split_whitespace()) {
        let m = pos.parse_move(text).map_err(|e| Failure(format!("--moves {text}: {e}")))?;
        pos.make(m);
    }
    let threads = args.threads.into();
    let started = Instant::now();
    let (aim, mate) = match stipulation {
        Stipulation::Forced { aim, moves } => (aim, moves),
        Stipulation::Cooperative(play) => return solve_cooperative(args, &pos, play, &table),
    };
    let options = Options { aim, tries: args.tries, keys_only: args.keys_only, threads, ..Options::default() };
    // The first length with a key is the shortest mate, and the solution is shown for it.
    let solution = if args.exact {
        solve(&pos, mate, &options, &table)
    } else {
        solve_shortest(&pos, mate, &options, &table, &mut |miss| {
            let (name, seconds) = (aim.name(), started.elapsed().as_secs_f64());
            eprintln!("No {} in {} ({seconds:.3} s, {} positions)", name.to_lowercase(), miss.mate, miss.nodes);
        })
    };
    let length = solution.mate;
    if length < mate {
        eprintln!(
            "The shortest {} is in {length}, fewer than the {mate} asked (--exact shows every key within {mate})",
            aim.name().to_lowercase()
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        output::line(serde_json::to_string(&SolutionReport::new(&pos, &solution)).map_err(json_failure)?)?;
    } else {
        output::text(human(&pos, &solution))?;
    }
    eprintln!("Time: {seconds:.3} s, {} positions", solution.nodes);
    Ok(())
}

/// Why a report could not be written as JSON.
fn json_failure(e: serde_json::Error) -> Failure {
    Failure(format!("cannot write the solution as JSON: {e}"))
}

/// Solves a help- or series-play problem and prints every solution.
fn solve_cooperative<G: Game>(args: &SolveArgs, pos: &G, play: Cooperative, table: &Table) -> Result<(), Failure> {
    for (given, name) in [(args.tries, "--tries"), (args.exact, "--exact"), (args.keys_only, "--keys-only")] {
        if given {
            return Err(Failure(format!("{name} applies to #N, s#N and r#N, not to {play}")));
        }
    }
    let started = Instant::now();
    let options = Options { threads: args.threads.into(), ..Options::default() };
    let lines = solve_lines(pos, play, &options, table);
    if args.json {
        output::line(serde_json::to_string(&LinesReport::new(pos, &lines)).map_err(json_failure)?)?;
    } else {
        output::text(human_lines(pos, &lines))?;
    }
    if lines.capped {
        eprintln!(
            "Stopped at {} solutions, the most kept: there are more (the first found are shown)",
            ladya_solver::MAX_SOLUTIONS
        );
    }
    eprintln!("Time: {:.3} s, {} positions", started.elapsed().as_secs_f64(), lines.nodes);
    Ok(())
}

/// One problem of a batch: the position as written, the position, and the stipulation.
struct Problem<G> {
    fen: String,
    pos: G,
    stipulation: Stipulation,
}

/// Reads an EPD line: a position ([`split_epd`]), then `;`-separated operations, of which
/// `stip STIP`, `bm #N` and `dm N` give the stipulation (the last one given counts).
fn parse_problem<G: Game>(line: &str, fallback: Option<Stipulation>) -> Result<Problem<G>, String> {
    let (pos, fen, ops) = split_epd::<G>(line)?;
    let mut stipulation = None;
    for (name, arg) in operations(&ops) {
        let text = match (name, arg) {
            ("stip", arg) => arg.to_string(),
            ("bm", arg) if arg.starts_with('#') => arg.to_string(),
            ("dm", arg) => format!("#{arg}"),
            _ => continue,
        };
        let read = text.parse().map_err(|e| format!("'{name} {arg}': {e}"))?;
        stipulation = Some(read);
    }
    let stipulation =
        stipulation.or(fallback).ok_or("no 'stip', 'bm #N' or 'dm N' operation and no --stip or --mate")?;
    Ok(Problem { fen, pos, stipulation })
}

/// A batch line's answer: `keys k1 k2` (sorted), or for help- and series-play `solutions`
/// and every solution, its moves in coordinates, the solutions sorted and separated by `|`.
fn batch_answer<G: Game>(problem: &Problem<G>, table: &Table) -> (String, u64) {
    let pos = &problem.pos;
    match problem.stipulation {
        Stipulation::Forced { aim, moves } => {
            let options = Options { aim, keys_only: true, ..Options::default() };
            let solution = solve(pos, moves, &options, table);
            let mut keys: Vec<String> = solution.keys.iter().map(|k| format!(" {}", pos.move_text(k.mv))).collect();
            keys.sort();
            (format!("keys{}", keys.concat()), solution.nodes)
        }
        Stipulation::Cooperative(play) => {
            let lines = solve_lines(pos, play, &Options::default(), table);
            let mut solutions: Vec<String> = lines
                .solutions
                .iter()
                .map(|line| {
                    let mut texts = Vec::with_capacity(line.len());
                    replay(pos, play, line, |at, m| texts.push(at.move_text(m)));
                    texts.join(" ")
                })
                .collect();
            solutions.sort();
            let text = if solutions.is_empty() { String::new() } else { format!(" {}", solutions.join(" | ")) };
            (format!("solutions{text}"), lines.nodes)
        }
    }
}

fn batch<G: Game>(args: &SolveArgs, asked: Option<Stipulation>, path: &Path, table: &Table) -> Result<(), Failure> {
    let text = crate::input::read_text(path).map_err(Failure)?;
    let problems = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            parse_problem::<G>(l, asked).map_err(|e| Failure(format!("{} line {}: {e}", path.display(), i + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let started = Instant::now();
    let nodes = AtomicU64::new(0);
    let solve_one = |problem: &Problem<G>| {
        let (answer, visited) = batch_answer(problem, table);
        nodes.fetch_add(visited, Relaxed);
        format!("{} ; {answer}", problem.fen)
    };
    let mut output = Output::new(problems.len());
    let threads = usize::from(args.threads).min(problems.len());
    if threads <= 1 {
        // No hand-over between threads: for problems solved in microseconds it would cost
        // more than the solving.
        for (i, problem) in problems.iter().enumerate() {
            if !output.add(i, solve_one(problem)) {
                break;
            }
        }
    } else {
        let next = AtomicUsize::new(0);
        let (sender, results) = channel();
        std::thread::scope(|s| {
            for _ in 0..threads {
                let (sender, next, problems, solve_one) = (sender.clone(), &next, &problems, &solve_one);
                s.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, Relaxed);
                        let Some(problem) = problems.get(i) else { break };
                        if sender.send((i, solve_one(problem))).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            // Stops the workers at their next problem when a line cannot be written.
            for (i, line) in results {
                if !output.add(i, line) {
                    break;
                }
            }
        });
    }
    output.finish()?;
    let seconds = started.elapsed().as_secs_f64();
    let each = 1000.0 * seconds / problems.len().max(1) as f64;
    let nodes = nodes.into_inner();
    let count = problems.len();
    let noun = if count == 1 { "problem" } else { "problems" };
    eprintln!("Solved {count} {noun} in {seconds:.3} s ({each:.3} ms each), {nodes} positions");
    Ok(())
}

/// Batch output: lines printed in the order of the file whatever order they are solved in,
/// and a progress bar on stderr when stderr is a terminal.
struct Output {
    total: usize,
    done: usize,
    printed: usize,
    waiting: std::collections::BTreeMap<usize, String>,
    progress: bool,
    lines: Lines,
}

impl Output {
    fn new(total: usize) -> Output {
        Output {
            total,
            done: 0,
            printed: 0,
            waiting: Default::default(),
            progress: std::io::stderr().is_terminal(),
            lines: Lines::default(),
        }
    }

    /// The line of problem `i`; false once a line could not be written.
    fn add(&mut self, i: usize, line: String) -> bool {
        self.waiting.insert(i, line);
        while let Some(line) = self.waiting.remove(&self.printed) {
            if !self.lines.line(line) {
                return false;
            }
            self.printed += 1;
        }
        self.done += 1;
        if self.progress {
            let width = 40;
            let filled = self.done * width / self.total;
            eprint!("\r[{}{}] {}/{}", "#".repeat(filled), ".".repeat(width - filled), self.done, self.total);
        }
        true
    }

    /// Clears the progress bar; the first write failure, if any.
    fn finish(self) -> Result<(), Failure> {
        if self.progress {
            eprint!("\r{:60}\r", "");
        }
        self.lines.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ladya_chess::Position;

    #[test]
    fn reads_epd_lines() {
        let read = |line: &str, fallback: Option<&str>| {
            parse_problem::<Position>(line, fallback.map(|f| f.parse().unwrap()))
                .map(|p| (p.fen, p.stipulation.to_string()))
        };
        let p = read("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - bm #2; nkeys 2; keys e4h1 e4e1;", None).unwrap();
        assert_eq!(p, ("8/8/8/8/p3Q3/K1p5/2r5/k7 w - -".to_string(), "#2".to_string()));
        let p = read("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - 0 1 dm 3; id \"x\";", None).unwrap();
        assert_eq!(p, ("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - 0 1".to_string(), "#3".to_string()));
        assert_eq!(read("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - id \"x\";", Some("#4")).unwrap().1, "#4");
        assert_eq!(read("8/8/8/8/p3Q3/K1p5/2r5/k7 b - - stip h#2.5;", Some("#4")).unwrap().1, "h#2.5");
        assert_eq!(read("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - stip ser-#3;", None).unwrap().1, "ser-#3");
        for (line, error) in [
            ("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - id \"x\";", "no 'stip'"),
            ("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - bm #0;", "unknown stipulation '#0'"),
            ("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - dm x;", "unknown stipulation '#x'"),
            ("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - stip x#2;", "unknown stipulation 'x#2'"),
            ("8/8/8/8/p3Q3/K1p5/2r5 w - - bm #2;", "bad chess position"),
            ("8/8/8/8/p3Q3/K1p5/2r5/k7 w", "bad chess position"),
        ] {
            let message = read(line, None).err().unwrap_or_default();
            assert!(message.contains(error), "{line}: {message}");
        }
    }
}
