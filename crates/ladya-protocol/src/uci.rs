//! UCI, for chess GUIs (and for xiangqi and ugolki through `UCI_Variant`, as Fairy-Stockfish).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use ladya_core::score::mate_moves;
use ladya_core::{Side, perft};
use ladya_search::tt::Bound;
use ladya_search::{Clock, Limits, SearchOptions};

use crate::evaluation::{BUILT_IN, evaluation_for, switch_game};
use crate::output::Output;
use crate::position::{Grammar, PositionCommand};
use crate::runner::{DEFAULT_HASH, Event, Flow, Frontend, Runner};
use crate::session::{Session, TextReport, TextResult, new_session};
use crate::strength;
use crate::text::{board_diagram, option_words, time_units};
use ladya_games::Dialect;
use ladya_games::GameKind;
use ladya_games::clip;
use ladya_search::bench::{self, BenchConfig};

/// The UCI front end.
pub(crate) struct Uci {
    out: Output,
    runner: Runner,
    session: Box<dyn Session>,
    options: SearchOptions,
    /// `UCI_Chess960`: Chess960 castling and notation, for chess.
    chess960: bool,
    /// `XiangqiRanks 0-9`: xiangqi moves with ranks 0-9, as Pikafish, instead of 1-10.
    ranks0: bool,
    /// A running `go perft` or `bench`, which prints its own lines; `stop` ends it.
    job: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

/// The score as UCI writes it: `cp 35`, `mate 3`, `mate -2`, with a bound if any.
pub(crate) fn uci_score(score: i32, bound: Option<Bound>) -> String {
    let value = match mate_moves(score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {score}"),
    };
    match bound {
        Some(Bound::Lower) => format!("{value} lowerbound"),
        Some(Bound::Upper) => format!("{value} upperbound"),
        _ => value,
    }
}

impl Uci {
    pub(crate) fn new(out: Output, events: Sender<Event>, options: SearchOptions) -> Uci {
        let uci = Uci {
            runner: Runner::new(events),
            session: new_session(GameKind::Chess, Dialect::Uci),
            options,
            out,
            chess960: false,
            ranks0: false,
            job: None,
        };
        uci.identify();
        uci
    }

    fn identify(&self) {
        let out = &self.out;
        out.line(format!("id name Ladya {}", env!("CARGO_PKG_VERSION")));
        out.line("id author the Ladya developers");
        out.line(format!("option name Hash type spin default {DEFAULT_HASH} min 1 max 65536"));
        out.line("option name Clear Hash type button");
        out.line("option name Threads type spin default 1 min 1 max 256");
        out.line("option name MultiPV type spin default 1 min 1 max 256");
        out.line("option name Ponder type check default false");
        out.line("option name UCI_Chess960 type check default false");
        out.line(format!("option name EvalFile type string default {BUILT_IN}"));
        out.line(format!(
            "option name Move Overhead type spin default {} min 0 max 5000",
            self.options.move_overhead.as_millis()
        ));
        let vars: Vec<String> = GameKind::NAMES.iter().map(|g| format!("var {g}")).collect();
        out.line(format!("option name UCI_Variant type combo default chess {}", vars.join(" ")));
        out.line("option name XiangqiRanks type combo default 1-10 var 1-10 var 0-9");
        // Chess's endgame tablebases (docs/tablebases.md).
        out.line("option name SyzygyPath type string default <empty>");
        out.line("option name SyzygyProbeDepth type spin default 1 min 1 max 100");
        out.line("option name Syzygy50MoveRule type check default true");
        out.line("option name SyzygyProbeLimit type spin default 7 min 0 max 7");
        for line in strength::declarations(Dialect::Uci) {
            out.line(line);
        }
        // The search's tunable numbers, for tuners (docs/openbench.md#spsa-tuning).
        for line in ladya_search::Params::uci_declarations() {
            out.line(line);
        }
        out.line("uciok");
    }

    fn error(&self, message: impl AsRef<str>) {
        self.out.line(format!("info string error: {}", clip(message.as_ref())));
    }

    /// Stops a running search, printing its `bestmove` so that every `go` gets one.
    fn finish_search(&mut self) {
        self.stop();
        if let Some((_, job)) = self.job.take() {
            let _ = job.join();
        }
        if let Some(result) = self.runner.stop_and_wait() {
            self.print_bestmove(&result);
        }
    }

    fn print_bestmove(&self, result: &TextResult) {
        match (&result.best, &result.ponder) {
            (Some(best), Some(ponder)) => self.out.line(format!("bestmove {best} ponder {ponder}")),
            (Some(best), None) => self.out.line(format!("bestmove {best}")),
            (None, _) => self.out.line("bestmove (none)"),
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        let Some((name, value)) = option_words(words) else {
            return self.error("expected 'setoption name NAME [value VALUE]'");
        };
        self.finish_search();
        if let Some(taken) = self.runner.strength.set(&name, &value) {
            return taken.unwrap_or_else(|e| self.error(e));
        }
        if let Some(taken) = self.options.params.set(&name, &value) {
            return taken.unwrap_or_else(|e| self.error(e));
        }
        let number = |lo: usize, hi: usize| value.parse::<usize>().ok().filter(|v| (lo..=hi).contains(v));
        match name.to_ascii_lowercase().as_str() {
            "hash" => match number(1, 65_536) {
                Some(mb) => {
                    if let Err(e) = self.runner.resize(mb) {
                        self.error(format!("Hash: {e}"));
                    }
                }
                None => self.error(format!("Hash must be 1 to 65536, not '{value}'")),
            },
            "clear hash" => self.runner.tt.clear(),
            "threads" => match number(1, 256) {
                Some(n) => {
                    self.options.threads = n;
                    let used = ladya_search::search_threads(n);
                    if used < n {
                        self.out.line(format!(
                            "info string Threads {n}: this machine runs {used} at once, so {used} search"
                        ));
                    }
                }
                None => self.error(format!("Threads must be 1 to 256, not '{value}'")),
            },
            "multipv" => match number(1, 256) {
                Some(n) => self.options.multipv = n,
                None => self.error(format!("MultiPV must be 1 to 256, not '{value}'")),
            },
            "move overhead" => match number(0, 5000) {
                Some(ms) => self.options.move_overhead = Duration::from_millis(ms as u64),
                None => self.error(format!("Move Overhead must be 0 to 5000, not '{value}'")),
            },
            "ponder" => {}
            "evalfile" => match evaluation_for(&value, self.session.game()) {
                Ok(evaluation) => self.options.evaluation = evaluation,
                Err(e) => self.error(format!("EvalFile: {e}")),
            },
            "uci_chess960" => match value.to_ascii_lowercase().as_str() {
                "true" | "false" => {
                    self.chess960 = value.eq_ignore_ascii_case("true");
                    self.apply_chess960();
                }
                _ => self.error(format!("UCI_Chess960 must be true or false, not '{value}'")),
            },
            "xiangqiranks" => match value.as_str() {
                "1-10" | "0-9" => {
                    self.ranks0 = value == "0-9";
                    self.session.set_dialect(self.dialect());
                }
                _ => self.error(format!("XiangqiRanks must be 1-10 or 0-9, not '{value}'")),
            },
            "syzygypath" => match ladya_games::syzygy::load(&value) {
                Ok(0) => {}
                Ok(pieces) => self.out.line(format!("info string Syzygy tables of up to {pieces} pieces in {value}")),
                Err(e) => self.error(format!("SyzygyPath: {e}")),
            },
            "syzygyprobedepth" => match number(1, 100) {
                Some(depth) => self.options.tablebase.probe_depth = depth as i32,
                None => self.error(format!("SyzygyProbeDepth must be 1 to 100, not '{value}'")),
            },
            "syzygy50moverule" => match value.to_ascii_lowercase().as_str() {
                "true" | "false" => self.options.tablebase.rule50 = value.eq_ignore_ascii_case("true"),
                _ => self.error(format!("Syzygy50MoveRule must be true or false, not '{value}'")),
            },
            "syzygyprobelimit" => match number(0, 7) {
                Some(pieces) => self.options.tablebase.probe_limit = pieces as u32,
                None => self.error(format!("SyzygyProbeLimit must be 0 to 7, not '{value}'")),
            },
            "uci_variant" => match GameKind::from_name(&value) {
                Some(game) => {
                    self.session = new_session(game, self.dialect());
                    self.runner.tt.clear();
                    self.apply_chess960();
                    if let Some(message) = switch_game(&mut self.options.evaluation, game.name()) {
                        self.out.line(format!("info string {message}"));
                    }
                }
                None => self.error(format!("unknown variant '{value}'; known: {}", GameKind::NAMES.join(", "))),
            },
            _ => self.error(format!("unknown option '{name}'")),
        }
    }

    /// How moves are written: xiangqi's ranks as `XiangqiRanks` says.
    fn dialect(&self) -> Dialect {
        if self.ranks0 { Dialect::UciRanks0 } else { Dialect::Uci }
    }

    /// Gives a chess session the `UCI_Chess960` setting (back at the start position); other
    /// games have no Chess960 form, and the setting waits for `UCI_Variant chess`.
    fn apply_chess960(&mut self) {
        if self.session.has_chess960()
            && let Err(e) = self.session.set_chess960(self.chess960)
        {
            self.error(e);
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        self.finish_search();
        // A bad FEN or move leaves the previous position as it was.
        match PositionCommand::parse(words, Grammar::Uci).and_then(|p| p.set_up(self.session.as_ref())) {
            Ok(next) => self.session = next,
            Err(e) => self.error(e),
        }
    }

    fn go(&mut self, words: &[&str]) {
        self.finish_search();
        if let ["perft", depth] = words {
            return match depth.parse::<u32>() {
                Ok(d) if d > perft::MAX_DEPTH => {
                    self.error(format!("perft depth {d} is above the limit of {}", perft::MAX_DEPTH))
                }
                Ok(d) => self.perft(d),
                Err(_) => self.error(format!("perft depth '{depth}' is not a number")),
            };
        }
        let mut limits = Limits::default();
        let mut clocks = [Clock::default(), Clock::default()];
        let mut timed = false;
        let mut ponder = false;
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            let arg = words.get(i + 1).copied().unwrap_or("");
            let ms = || {
                time_units(arg)
                    .map(Duration::from_millis)
                    .ok_or_else(|| format!("'{word}' needs milliseconds, not '{arg}'"))
            };
            let step = match word {
                "infinite" => {
                    limits.infinite = true;
                    Ok(1)
                }
                "ponder" => {
                    ponder = true;
                    Ok(1)
                }
                "wtime" | "btime" | "winc" | "binc" => ms().map(|t| {
                    let side = if word.starts_with('w') { 0 } else { 1 };
                    if word.ends_with("time") {
                        clocks[side].time_left = t;
                        timed = true;
                    } else {
                        clocks[side].increment = t;
                    }
                    2
                }),
                "movestogo" => arg
                    .parse()
                    .map(|n| {
                        clocks.iter_mut().for_each(|c| c.moves_to_go = Some(n));
                        2
                    })
                    .map_err(|_| "'movestogo' needs a number".to_string()),
                "depth" => arg
                    .parse()
                    .map(|d| {
                        limits.depth = Some(d);
                        2
                    })
                    .map_err(|_| "'depth' needs a number".to_string()),
                "nodes" => arg
                    .parse()
                    .map(|n| {
                        limits.nodes = Some(n);
                        2
                    })
                    .map_err(|_| "'nodes' needs a number".to_string()),
                "mate" => arg
                    .parse()
                    .map(|n| {
                        limits.mate = Some(n);
                        2
                    })
                    .map_err(|_| "'mate' needs a number".to_string()),
                "movetime" => ms().map(|t| {
                    limits.movetime = Some(t);
                    2
                }),
                "searchmoves" => {
                    let texts: Vec<&str> = words[i + 1..].iter().copied().take_while(|w| !is_go_keyword(w)).collect();
                    match self.session.move_codes(&texts) {
                        Ok(codes) => limits.search_moves = codes,
                        Err(e) => self.error(format!("searchmoves: {e}; searching every move")),
                    }
                    Ok(1 + texts.len())
                }
                other => Err(format!("unknown go parameter '{other}'")),
            };
            // A bad word is reported and passed over (with its argument): a GUI that sent
            // `go` waits for a `bestmove`, and always gets one.
            match step {
                Ok(n) => i += n,
                Err(e) => {
                    self.error(e);
                    let has_argument = is_go_keyword(word) && !arg.is_empty() && !is_go_keyword(arg);
                    i += if has_argument { 2 } else { 1 };
                }
            }
        }
        if timed {
            let side = if self.session.side_to_move() == Side::White { 0 } else { 1 };
            limits.clock = Some(clocks[side]);
        }
        let out = self.out.clone();
        let report = Box::new(move |r: &TextReport| out.line(info_line(r)));
        self.runner.start(self.session.as_ref(), limits, self.options.clone(), ponder, report);
    }

    /// `bench [GAME] [DEPTH]`: the bench of `ladya bench`, with the same closing line.
    fn bench(&mut self, args: &[&str]) {
        self.finish_search();
        let mut config = BenchConfig { options: self.options.clone(), ..BenchConfig::default() };
        for word in args {
            if let Some(game) = GameKind::from_name(word) {
                config.game = Some(game);
            } else if let Ok(depth) = word.parse::<u32>() {
                config.depth = Some(depth.clamp(1, 64));
            } else {
                return self.error(format!("bench takes a game and a depth, not '{word}'"));
            }
        }
        let out = self.out.clone();
        let control = Arc::clone(&self.runner.control);
        self.start_job(move |stop| match bench::run_until(&config, &control, stop, &mut |line| out.line(line)) {
            Ok(_) if stop.load(Ordering::Relaxed) => out.line("info string bench stopped"),
            Ok(total) => out.line(total.summary()),
            Err(e) => out.line(format!("info string error: bench: {}", clip(&e.to_string()))),
        });
    }

    fn perft(&mut self, depth: u32) {
        let session = self.session.boxed_clone();
        let out = self.out.clone();
        self.start_job(move |stop| match session.divide(depth, stop) {
            Some(split) => {
                for (m, n) in &split {
                    out.line(format!("{m}: {n}"));
                }
                out.line("");
                out.line(format!("Nodes searched: {}", perft::divide_total(&split, depth)));
            }
            None => out.line("info string perft stopped"),
        });
    }

    /// Runs `work` in a thread of its own, as a search runs, so that `isready` is answered
    /// meanwhile and `stop` (or any command that needs the engine) ends it.
    fn start_job(&mut self, work: impl FnOnce(&AtomicBool) + Send + 'static) {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        self.job = Some((stop, thread::spawn(move || work(&flag))));
    }

    /// `stop`: ends the running search or job.
    fn stop(&self) {
        self.runner.control.stop();
        if let Some((stop, _)) = &self.job {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Words that start a new `go` parameter (ending a `searchmoves` list).
fn is_go_keyword(word: &str) -> bool {
    matches!(
        word,
        "infinite"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
    )
}

/// A UCI `info` line.
fn info_line(r: &TextReport) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} tbhits {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        uci_score(r.score, r.bound),
        r.nodes,
        r.nps,
        r.hashfull,
        r.tbhits,
        r.time.as_millis(),
        r.pv.join(" ")
    )
}

impl Frontend for Uci {
    fn line(&mut self, text: &str) -> Flow {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { return Flow::Continue };
        match command {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.finish_search();
                self.runner.tt.clear();
                let _ = self.session.reset(None);
            }
            "setoption" => self.set_option(args),
            "position" => self.set_position(args),
            "go" => self.go(args),
            "stop" => self.stop(),
            "ponderhit" => self.runner.control.ponderhit(),
            "d" => {
                self.out.line(board_diagram(self.session.as_ref()));
            }
            "bench" => self.bench(args),
            "quit" => {
                self.finish_search();
                return Flow::Quit;
            }
            other => self.error(format!("unknown command '{other}'")),
        }
        Flow::Continue
    }

    fn search_finished(&mut self, id: u64) {
        if let Some(result) = self.runner.collect(id) {
            self.print_bestmove(&result);
        }
    }

    fn end(&mut self) {
        self.finish_search();
    }
}
