//! Syzygy tablebases through UCI and XBoard: the options, their errors, and with the 3- and
//! 4-piece tables (`scripts/syzygy-tables.sh`, read from `$LADYA_SYZYGY_PATH` or the
//! workspace's `target/syzygy`) moves that keep the win and `tbhits` in the reports. The tests
//! that need the tables say so and pass without them when they are absent.

use crate::common;

use std::path::PathBuf;

use common::Engine;
use ladya_chess::Position;
use ladya_syzygy::Wdl;

fn tables() -> Option<String> {
    let dir = std::env::var_os("LADYA_SYZYGY_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/syzygy"));
    if dir.join("KRvK.rtbw").is_file() && dir.join("KRvK.rtbz").is_file() && dir.join("KQvKR.rtbw").is_file() {
        Some(dir.to_string_lossy().into_owned())
    } else {
        eprintln!("skipped: no 3- and 4-piece Syzygy tables in {} (scripts/syzygy-tables.sh)", dir.display());
        None
    }
}

fn start_uci() -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect(|l| l == "uciok", 5);
    engine
}

/// The `tbhits` count of an `info` line.
fn tbhits(info: &str) -> u64 {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "tbhits").unwrap_or_else(|| panic!("no tbhits in {info}"));
    words[at + 1].parse().unwrap()
}

/// Searches `fen` to `depth`: the last `info` line and the best move.
fn search(engine: &mut Engine, fen: &str, depth: u32) -> (String, String) {
    engine.send(&format!("position fen {fen}"));
    engine.send(&format!("go depth {depth}"));
    let best = engine.expect_prefix("bestmove", 30);
    let info = engine
        .transcript
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("< info depth"))
        .map(|l| format!("info depth{l}"))
        .unwrap_or_default();
    (info, best.split_whitespace().nth(1).unwrap().to_string())
}

#[test]
fn the_options_are_declared_and_checked() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect(|l| l == "uciok", 5);
    let declared: Vec<&str> = engine
        .transcript
        .iter()
        .filter_map(|l| l.strip_prefix("< "))
        .filter(|l| l.starts_with("option name Syzygy"))
        .collect();
    assert_eq!(
        declared,
        [
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
            "option name Syzygy50MoveRule type check default true",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        ]
    );
    engine.send("setoption name SyzygyPath value /no/such/directory");
    let error = engine.expect_prefix("info string error", 5);
    assert!(error.contains("SyzygyPath") && error.contains("/no/such/directory"), "{error}");
    engine.send("setoption name SyzygyProbeDepth value 0");
    engine.expect_prefix("info string error: SyzygyProbeDepth must be 1 to 100", 5);
    engine.send("setoption name Syzygy50MoveRule value maybe");
    engine.expect_prefix("info string error: Syzygy50MoveRule must be true or false", 5);
    engine.send("setoption name SyzygyPath value <empty>");
    // Without tables nothing is probed.
    let (info, _) = search(&mut engine, "8/8/8/8/8/2k5/3R4/K7 w - - 0 1", 4);
    assert_eq!(tbhits(&info), 0, "{info}");
    engine.quit();

    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.expect(|l| l.contains("egt="), 5);
    assert!(features.contains("egt=\"syzygy\""), "{features}");
    engine.send("egtpath syzygy /no/such/directory");
    let error = engine.expect_prefix("Error", 5);
    assert!(error.contains("/no/such/directory"), "{error}");
    engine.quit();
}

#[test]
fn with_tables_the_root_keeps_the_win_and_reports_tbhits() {
    let Some(path) = tables() else { return };
    ladya_syzygy::load(&path).unwrap();
    let mut engine = start_uci();
    engine.send(&format!("setoption name SyzygyPath value {path}"));
    engine.expect_prefix("info string Syzygy tables of up to 4 pieces", 5);
    // KRvK with the rook attacked, and KQvK: every move the engine plays keeps the win.
    for fen in ["8/8/8/8/8/2k5/3R4/K7 w - - 0 1", "8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "8/8/4k3/8/8/8/3K4/7R w - - 30 60"] {
        for depth in [1, 6] {
            let (info, best) = search(&mut engine, fen, depth);
            assert!(tbhits(&info) >= 1, "{info}");
            let mut pos = Position::from_fen(fen).unwrap();
            let m = pos.parse_uci(&best).unwrap_or_else(|e| panic!("{best}: {e}"));
            pos.make(m);
            assert_eq!(ladya_syzygy::probe_wdl(&pos), Some(Wdl::Loss), "{fen} {best} at depth {depth}");
        }
    }
    // Five pieces: the root is not in the tables, but the captures below it are.
    let (info, _) = search(&mut engine, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1);
    assert_eq!(tbhits(&info), 0, "{info}");
    let (info, best) = search(&mut engine, "3r2k1/7p/8/8/8/8/8/3Q2K1 w - - 0 1", 8);
    assert!(tbhits(&info) > 0, "{info}");
    assert_eq!(best, "d1d8", "QvRP: the rook is taken");
    engine.quit();
    ladya_syzygy::load("").unwrap();
}
