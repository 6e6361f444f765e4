//! `ladya epd`: run a test suite of positions with best (`bm`) or avoid (`am`) moves and count
//! the positions solved within a fixed time each.

use std::time::Duration;

use clap::Args;
use ladya_core::Game;
use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable, search};

use crate::commands::SearchChoices;
use ladya_core::epd::{moves, operations, split_epd};
use ladya_games::{EngineGame, GameKind, with_game};

use crate::Failure;
use crate::output;
use ladya_core::score::{human_text, is_mate};

/// Arguments of `ladya epd`.
#[derive(Args)]
pub struct EpdArgs {
    /// The game.
    #[arg(value_parser = crate::commands::game_kind())]
    game: GameKind,
    /// The suite: one position per line, `FEN bm MOVE [MOVE...]; am MOVE...; id "...";`.
    file: std::path::PathBuf,
    /// Milliseconds per position.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    #[command(flatten)]
    search: SearchChoices,
    /// Print only the summary.
    #[arg(long)]
    quiet: bool,
}

/// One position of a suite.
struct Problem<G: Game> {
    pos: G,
    best: Vec<G::Move>,
    avoid: Vec<G::Move>,
    id: String,
}

/// Reads an EPD line: a position ([`split_epd`]), then `;`-separated operations.
fn parse_line<G: Game>(line: &str) -> Result<Problem<G>, String> {
    let (pos, _, ops) = split_epd::<G>(line)?;
    let mut problem = Problem { pos, best: Vec::new(), avoid: Vec::new(), id: String::new() };
    for (name, args) in operations(&ops) {
        match name {
            "bm" => problem.best.extend(moves(&problem.pos, name, args)?),
            "am" => problem.avoid.extend(moves(&problem.pos, name, args)?),
            "id" => problem.id = args.trim_matches('"').to_string(),
            _ => {}
        }
    }
    if problem.best.is_empty() && problem.avoid.is_empty() {
        return Err(format!("no bm or am operation after the position (read: '{ops}')"));
    }
    Ok(problem)
}

/// Runs the suite.
pub fn run(args: &EpdArgs) -> Result<(), Failure> {
    with_game!(args.game, run_suite(args))
}

fn run_suite<G: EngineGame>(args: &EpdArgs) -> Result<(), Failure> {
    let text = crate::input::read_text(&args.file).map_err(Failure)?;
    let problems = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| parse_line::<G>(l).map_err(|e| Failure(format!("{} line {}: {e}", args.file.display(), i + 1))))
        .collect::<Result<Vec<_>, _>>()?;
    let options = SearchOptions { threads: args.threads.max(1), ..args.search.options(Some(args.game))? };
    let tt = TranspositionTable::try_new(args.hash).map_err(|e| Failure(format!("--hash: {e}")))?;
    let limits = Limits::movetime(Duration::from_millis(args.movetime));
    let mut solved = 0;
    let mut nodes = 0;
    for (i, problem) in problems.iter().enumerate() {
        tt.clear();
        let result = search(&problem.pos, &limits, &options, &tt, &SearchControl::new(), &mut |_| {});
        nodes += result.nodes;
        let ok = result
            .best
            .is_some_and(|m| (problem.best.is_empty() || problem.best.contains(&m)) && !problem.avoid.contains(&m));
        solved += ok as usize;
        if !args.quiet {
            let played = result.best.map_or("none".into(), |m| problem.pos.human_move_text(m));
            let name = if problem.id.is_empty() { format!("#{}", i + 1) } else { problem.id.clone() };
            // A mate is told by its score; the depth the search ran on to after it says nothing.
            let depth = if is_mate(result.score) { String::new() } else { format!("depth {:>2}", result.depth) };
            output::line(format_args!(
                "{name:<10} {} {played:<8} {:>7} {depth:<8}  ({solved}/{})",
                if ok { "ok  " } else { "FAIL" },
                human_text(result.score),
                i + 1
            ))?;
        }
    }
    output::line(format_args!("Solved: {solved} of {} at {} ms each ({nodes} nodes)", problems.len(), args.movetime))
}
