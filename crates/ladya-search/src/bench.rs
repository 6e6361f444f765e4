//! The bench: a fixed search over fixed positions of every game, for a node-count signature
//! (the same on every run and machine, so that a change in search behaviour shows) and a speed
//! figure. `ladya bench` and the engine's `bench` command both run it; OpenBench reads its last
//! line, `Bench: NODES nodes NPS nps`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::{Limits, SearchControl, SearchOptions, TranspositionTable, search};
use ladya_core::hashtable::HashTableError;

use ladya_games::{EngineGame, GameKind, with_game};

/// The size of the table each bench search starts from, empty.
const BENCH_HASH_MEGABYTES: usize = 16;

/// What a bench run does.
#[derive(Clone, Debug, Default)]
pub struct BenchConfig {
    /// The one game to bench, or all of them (`None`, the signature).
    pub game: Option<GameKind>,
    /// The depth of every search, or each game's own default.
    pub depth: Option<u32>,
    /// The search options (one thread; techniques may be switched off).
    pub options: SearchOptions,
    /// Whether to report each position's result.
    pub verbose: bool,
}

/// The total of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchTotal {
    /// Nodes searched, over every position.
    pub nodes: u64,
    /// Time spent searching (setting up tables is not counted).
    pub time: Duration,
}

impl BenchTotal {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-3)) as u64
    }

    /// The closing line OpenBench and CI read: `Bench: NODES nodes NPS nps`.
    pub fn summary(&self) -> String {
        format!("Bench: {} nodes {} nps", self.nodes, self.nps())
    }
}

/// Chess positions: the opening, middlegames rich in tactics, and endgames.
const CHESS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1QBPPP/R3KB1R w KQ - 4 9",
    "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 14",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 15",
    "6k1/pp3ppp/4p3/2P5/1P1r4/P4P2/5KPP/2R5 w - - 1 30",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/5pk1/6p1/8/4Q3/6P1/5PKP/q7 w - - 0 40",
    "3r2k1/pp3ppp/8/8/8/8/PP3PPP/3R2K1 b - - 0 25",
];

/// Xiangqi positions: the opening, published middlegames and endgames.
const XIANGQI: [&str; 8] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "r2akab1r/9/1cn1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
    "2bakab2/9/2n1c1n2/p3p3p/2p3p2/9/P1P1P1P1P/2N1C1N2/9/2BAKAB2 b - - 0 1",
    "4k4/4a4/4b4/9/9/9/9/4B4/4A4/3K5 w - - 0 1",
    "3k5/9/9/9/4P4/9/9/9/9/4KR3 w - - 0 1",
    "2bak4/4a4/4b4/9/9/9/9/4C4/4A4/3AK4 w - - 0 1",
];

/// Ugolki positions: openings, middlegames, the own-home deadline of the 40th move near,
/// races (decided by the exact count, and one too large for it), and the move-80 limit near.
const UGOLKI: [&str; 12] = [
    "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1",
    "BBBB4/1BBB4/B1BB4/2BB4/4W3/3W1WWW/3WW1WW/4W1WW w 4",
    "1BBB4/1B1B4/B2BB3/3B1BB1/2WWWW2/2WWB1WW/3W2W1/3W2W1 w 10",
    "2B5/W1BB1WW1/BB1B1BB1/3B2BB/2WWWWW1/3WB3/3W4/3W2W1 b 16",
    "8/W1WB4/BBWB1W2/3WB1BB/WW1W1WB1/3W1BBB/3W2WB/8 w 25",
    "8/8/2W5/1WW1B3/WW1WB3/1WW2BBB/W1WB1BBB/2W1BBBW w 33",
    "5W2/WWW2W2/BWWW2B1/WB5B/W1W3B1/3W1B2/5BBB/4BB1B b 33",
    "WW1WW1W1/WW1W1W2/1W1W2B1/3W1B2/4B3/6BB/4B1BB/1B3BBB w 30",
    "WW6/WWWW4/WW6/2W2BB1/W1W2B2/1W2BB2/3B1B1B/4BBBB w 30",
    "WWW5/W2W1W2/WWW1W1B1/1W6/8/W3B1B1/3BB1BB/1B2BBBB w 30",
    "WWW5/W2W1W2/WWW1W1B1/1W6/8/W3B1B1/3BB1BB/1B2BBBB w 75",
    "WWWW4/WWWW3B/WW5B/WW5B/7B/4BBB1/4BBB1/4BB2 w 78",
];

/// The positions and default depth of a game's bench.
fn bench_set(game: GameKind) -> (&'static [&'static str], u32) {
    match game {
        GameKind::Chess => (&CHESS, 11),
        GameKind::Xiangqi => (&XIANGQI, 9),
        GameKind::Ugolki => (&UGOLKI, 12),
    }
}

/// Runs the bench, giving each position's line to `report` when `config.verbose` is set.
///
/// # Errors
/// When the memory for the bench's hash table cannot be had.
pub fn run(config: &BenchConfig, report: &mut dyn FnMut(String)) -> Result<BenchTotal, HashTableError> {
    run_until(config, &SearchControl::new(), &AtomicBool::new(false), report)
}

/// As [`run`], until `stop` is set: the search under way ends within milliseconds (`control`,
/// which the searches use, is stopped too), no other starts, and the total counts what was
/// searched.
///
/// # Errors
/// As [`run`].
pub fn run_until(
    config: &BenchConfig,
    control: &SearchControl,
    stop: &AtomicBool,
    report: &mut dyn FnMut(String),
) -> Result<BenchTotal, HashTableError> {
    let games = config.game.map_or(GameKind::ALL.to_vec(), |game| vec![game]);
    let tt = TranspositionTable::try_new(BENCH_HASH_MEGABYTES)?;
    let mut total = BenchTotal { nodes: 0, time: Duration::ZERO };
    for game in games {
        let (nodes, time) = with_game!(game, bench_game(game, config, &tt, control, stop, report));
        total.nodes += nodes;
        total.time += time;
    }
    Ok(total)
}

fn bench_game<G: EngineGame>(
    game: GameKind,
    config: &BenchConfig,
    tt: &TranspositionTable,
    control: &SearchControl,
    stop: &AtomicBool,
    report: &mut dyn FnMut(String),
) -> (u64, Duration) {
    let (fens, default_depth) = bench_set(game);
    let limits = Limits::depth(config.depth.unwrap_or(default_depth));
    let options = SearchOptions { threads: 1, strength: None, ..config.options.clone() };
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for fen in fens {
        // Each search stops its control when it ends: a fresh start, then the stop looked at
        // again, so that one asked for meanwhile is not lost.
        control.start(false);
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Ok(pos) = G::from_fen(fen) else { unreachable!("the bench positions are valid") };
        // An empty table for every position keeps the count independent of order and history.
        tt.clear();
        let started = Instant::now();
        let result = search(&pos, &limits, &options, tt, control, &mut |_| {});
        time += started.elapsed();
        if config.verbose {
            let best = result.best.map_or("none".to_string(), |m| pos.move_text(m));
            report(format!(
                "{game} {fen}: depth {} best {best} score {} nodes {}",
                result.depth, result.score, result.nodes
            ));
        }
        nodes += result.nodes;
    }
    (nodes, time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_reads() {
        fn reads<G: ladya_core::Game>(game: GameKind) {
            for fen in bench_set(game).0 {
                assert!(G::from_fen(fen).is_ok(), "{game} bench position {fen}");
            }
        }
        for game in GameKind::ALL {
            with_game!(game, reads(game));
        }
    }
}
