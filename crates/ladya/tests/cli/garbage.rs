//! No input kills the engine: each protocol gets a burst of malformed, oversized and
//! out-of-place lines, then must still answer and search.

use crate::common;

use common::Engine;

const GARBAGE: &[&str] = &[
    "",
    "   ",
    "position",
    "position fen",
    "position startpos moves",
    "position fen 8/8/8/8/8/8/8/8 w - - 0 1 moves e2e4",
    "go depth -3",
    "go nodes 99999999999999999999999",
    "go movetime -1",
    "go searchmoves zz99",
    "setoption",
    "setoption name",
    "setoption name Threads value 100000",
    "usermove",
    "usermove ♞♞♞",
    "level",
    "time -5",
    "st nan",
    "sd 999999999999",
    "banmoves",
    "ponderhit",
    "stop",
    "?",
    "undo",
    "remove",
    "exit",
    "result",
    "ping",
    "ё Ж 漢 \u{0}",
];

fn flood(engine: &mut Engine) {
    for line in GARBAGE {
        engine.send(line);
    }
    engine.send(&format!("position startpos moves {}", "e2e4 ".repeat(2000)));
    engine.send(&"x".repeat(100_000));
}

#[test]
fn uci_survives_garbage() {
    let mut engine = Engine::uci();
    flood(&mut engine);
    engine.send("isready");
    engine.expect(|l| l == "readyok", 10);
    engine.send("position startpos");
    engine.send("go depth 3");
    engine.expect_prefix("bestmove", 10);
    engine.quit();
}

#[test]
fn xboard_survives_garbage() {
    let mut engine = Engine::xboard();
    engine.send("new");
    engine.send("force");
    flood(&mut engine);
    engine.send("ping 42");
    engine.expect(|l| l == "pong 42", 10);
    engine.send("new");
    engine.send("sd 2");
    engine.send("usermove e2e4");
    engine.expect_prefix("move ", 10);
    engine.quit();
}

#[test]
fn ucci_survives_garbage() {
    let mut engine = Engine::ucci();
    flood(&mut engine);
    engine.send("isready");
    engine.expect(|l| l == "readyok", 10);
    engine.send("position startpos");
    engine.send("go depth 3");
    engine.expect_prefix("bestmove", 10);
    engine.send("quit");
}

#[test]
fn an_unknown_first_line_gets_a_hint_and_the_engine_waits() {
    let mut engine = Engine::start();
    engine.send("hello");
    engine.expect(|l| l.contains("start with 'uci', 'xboard' or 'ucci'"), 5);
    engine.send("uci");
    engine.expect(|l| l == "uciok", 5);
    engine.quit();
}

/// A byte that is not UTF-8 gets an error line, and the engine goes on (it used to quit).
#[test]
fn a_byte_that_is_not_utf8_is_an_error_not_the_end() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect(|l| l == "uciok", 5);
    engine.send_bytes(b"position startpos moves e2e4 \xff");
    engine.expect(|l| l.starts_with("info string error") && l.contains('\u{fffd}'), 5);
    engine.send("isready");
    engine.expect(|l| l == "readyok", 5);
    engine.send("go depth 2");
    engine.expect_prefix("bestmove", 10);
    engine.quit();
}

/// An error about a huge input repeats only its start: one readable line, in every protocol
/// (a megabyte line) and on the command line (100 kB, about what an argument may hold).
#[test]
fn errors_about_huge_inputs_stay_short() {
    let huge = "x".repeat(1 << 20);
    for (first, answer) in [("uci", "info string error"), ("xboard", "Error"), ("ucci", "info error")] {
        let mut engine = Engine::start();
        engine.send(first);
        engine.send(&format!("position fen {huge}"));
        engine.send(&huge);
        for _ in 0..2 {
            let line = engine.expect(|l| l.starts_with(answer), 10);
            assert!(line.len() < 400, "{first}: {} bytes", line.len());
        }
        engine.quit();
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["perft", "chess", "1", "--fen", &huge[..100_000]])
        .output()
        .expect("ladya runs");
    let message = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(message.len() < 400 && message.lines().count() == 1, "{} bytes", message.len());
}
