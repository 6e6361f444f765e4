//! UCCI through the real binary: handshake, a game of xiangqi, banned moves, draw offers,
//! stop, and bad input.

use crate::common;

use common::Engine;
use ladya_xiangqi::Position;

/// The move of a `bestmove` line (ICCS, ranks 0-9), checked legal in `pos`.
fn legal_best(engine: &Engine, line: &str, pos: &Position) -> String {
    let m = line.split_whitespace().nth(1).expect("bestmove has a move").to_string();
    assert!(pos.parse_iccs(&m).is_ok(), "illegal bestmove {m} in {}\n{}", pos.to_fen(), engine.transcript.join("\n"));
    m
}

#[test]
fn plays_a_game_on_the_clock() {
    let mut engine = Engine::ucci();
    engine.send("setoption usemillisec true");
    engine.send("setoption hashsize 16");
    let mut pos = Position::start();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..10 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go time 2000 increment 50 opptime 2000 oppincrement 50");
        engine.expect_prefix("info depth", 10);
        let best = engine.expect_prefix("bestmove", 10);
        let m = legal_best(&engine, &best, &pos);
        pos.make(pos.parse_iccs(&m).unwrap());
        moves.push(m);
    }
    engine.send("quit");
    engine.expect(|l| l == "bye", 5);
}

#[test]
fn banned_moves_are_never_played() {
    let mut engine = Engine::ucci();
    // Red mates with the rook: R.. banning the mate forces another move.
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    let first = best.split_whitespace().nth(1).unwrap().to_string();
    engine.send(&format!("position fen {fen}"));
    engine.send(&format!("banmoves {first}"));
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    let pos = Position::from_fen(fen).unwrap();
    assert_ne!(legal_best(&engine, &best, &pos), first);
    engine.send("quit");
}

#[test]
fn an_illegal_entry_in_banmoves_keeps_the_other_bans() {
    let mut engine = Engine::ucci();
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    let first = best.split_whitespace().nth(1).unwrap().to_string();
    engine.send(&format!("position fen {fen}"));
    // `a0a9` is no move here: it is reported, and the legal ban before it still holds.
    engine.send(&format!("banmoves {first} a0a9"));
    let error = engine.expect_prefix("info error", 5);
    assert!(error.contains("a0a9") && !error.contains(&first), "{error}");
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    let pos = Position::from_fen(fen).unwrap();
    assert_ne!(legal_best(&engine, &best, &pos), first, "{}", engine.transcript.join("\n"));
    engine.send("quit");
}

#[test]
fn stop_ponder_and_draw_offers() {
    let mut engine = Engine::ucci();
    engine.send("position startpos moves h2e2");
    engine.send("go ponder depth infinite");
    engine.expect_prefix("info depth 3", 10);
    engine.send("isready");
    engine.expect(|l| l == "readyok", 2);
    engine.send("ponderhit");
    engine.send("stop");
    let mut pos = Position::start();
    pos.make(pos.parse_iccs("h2e2").unwrap());
    let best = engine.expect_prefix("bestmove", 5);
    legal_best(&engine, &best, &pos);
    // A lost position: the engine accepts a draw offer (or resigns when mated).
    engine.send("position fen 4k4/9/9/9/9/9/9/r8/9/3K5 w - - 0 1");
    engine.send("go draw depth 4");
    let best = engine.expect_prefix("bestmove", 10);
    assert!(best.ends_with(" draw") || best.ends_with(" resign"), "{best}");
    // Mated, no legal move: nobestmove.
    engine.send("position fen 3k5/9/9/9/4r4/9/9/9/3r5/3K5 w - - 0 1");
    engine.send("go depth 2");
    engine.expect(|l| l == "nobestmove", 5);
    engine.send("quit");
}

#[test]
fn bad_input_is_answered_and_survived() {
    let mut engine = Engine::ucci();
    for bad in [
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAKNR w",
        "position startpos moves h2h8",
        "banmoves a0a9",
        "go time soon",
        "setoption hashsize 0",
        "frobnicate",
    ] {
        engine.send(bad);
        engine.expect_prefix("info error", 5);
    }
    engine.send("position startpos");
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    legal_best(&engine, &best, &Position::start());
    engine.send("quit");
    engine.expect(|l| l == "bye", 5);
}

#[test]
fn an_impossible_hashsize_is_an_error_and_the_engine_plays_on() {
    let mut engine = Engine::ucci();
    engine.send("setoption hashsize 65536");
    engine.send("isready");
    let answer = engine.expect(|l| l == "readyok" || l.starts_with("info error"), 30);
    if common::cannot_allocate(65536 << 20) {
        assert_eq!(answer, "info error hashsize: cannot allocate a hash table of 65536 MiB: not enough memory");
        engine.expect(|l| l == "readyok", 5);
    }
    engine.send("position startpos");
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    legal_best(&engine, &best, &Position::start());
    engine.quit();
}

/// A clock of any size is budgeted without overflow: the engine answers and plays on.
#[test]
fn a_huge_increment_is_no_overflow() {
    let mut engine = Engine::ucci();
    engine.send("setoption usemillisec true");
    engine.send("position startpos");
    engine.send("go time 10 increment 6148914691236517206");
    let best = engine.expect_prefix("bestmove", 10);
    legal_best(&engine, &best, &Position::start());
    engine.send("isready");
    engine.expect(|l| l == "readyok", 5);
    engine.quit();
}

/// Every `go` gets a `bestmove`: a negative time is an empty clock, an unknown word is
/// reported and passed over.
#[test]
fn every_go_is_answered() {
    let mut engine = Engine::ucci();
    for go in ["go time -5", "go bogus depth 2", "go depth x nodes 500"] {
        engine.send("position startpos");
        engine.send(go);
        let best = engine.expect_prefix("bestmove", 10);
        legal_best(&engine, &best, &Position::start());
    }
    engine.quit();
}

#[test]
fn strength_options_are_offered_and_taken() {
    let mut engine = Engine::start();
    engine.send("ucci");
    engine.expect(|l| l == "option UCI_Elo type spin min 500 max 2800 default 1500", 5);
    engine.expect(|l| l == "option skilllevel type spin min 0 max 20 default 20", 5);
    engine.expect(|l| l == "ucciok", 5);
    engine.send("setoption skilllevel 1");
    engine.send("position startpos");
    let asked = std::time::Instant::now();
    engine.send("go time 20000");
    engine.expect_prefix("bestmove", 5);
    assert!(asked.elapsed() < std::time::Duration::from_secs(3), "{:?}", asked.elapsed());
    engine.send("setoption UCI_Elo 3000");
    engine.expect(|l| l.starts_with("info error UCI_Elo must be 500 to 2800"), 5);
    engine.quit();
}
