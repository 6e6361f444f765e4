//! Chess960 through the real binary: `UCI_Chess960` (king-takes-rook castling in and out),
//! XBoard's `variant fischerandom` (castling as `O-O`), and `--chess960` on the command line.

use crate::common;

use std::process::{Command, Output};

use common::Engine;
use ladya_chess::Position;

/// Castling on g1 with the king already there (rook h1 to f1) is the only mate in one.
const CASTLE_MATES: &str = "4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1";
/// The first Chess960 position of the chessprogramming wiki's perft list.
const FRC_PERFT: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// Kings on c1 and c8 between rooks on the a- and e-files, with room to castle either way.
const FRC_OPEN: &str = "r1k1r3/pppppppp/8/8/8/8/PPPPPPPP/R1K1R3 w EAea - 0 1";

/// UCI's handshake, which offers the option UCI_Chess960.
fn start_uci() -> Engine {
    let engine = Engine::uci();
    let option = "< option name UCI_Chess960 type check default false";
    assert!(engine.transcript.iter().any(|l| l == option), "{}", engine.transcript.join("\n"));
    engine
}

#[test]
fn uci_chess960_castles_king_takes_rook() {
    let mut engine = start_uci();
    // Without the option the Chess960 FEN is refused and the engine goes on.
    engine.send(&format!("position fen {CASTLE_MATES}"));
    let error = engine.expect_prefix("info string error", 5);
    assert!(error.contains("Chess960"), "{error}");

    engine.send("setoption name UCI_Chess960 value true");
    engine.send(&format!("position fen {CASTLE_MATES}"));
    engine.send("go perft 1");
    engine.expect(|l| l == "g1h1: 1", 5);
    engine.expect(|l| l == "Nodes searched: 12", 5);
    engine.send("go depth 4");
    let best = engine.expect_prefix("bestmove", 10);
    assert_eq!(best.split_whitespace().nth(1), Some("g1h1"), "{}", engine.transcript.join("\n"));

    // Shredder-FEN and X-FEN castling fields, castling moves in, from the same start.
    for fen in [FRC_PERFT, &FRC_PERFT.replace("HFhf", "KQkq")] {
        engine.send(&format!("position fen {fen}"));
        engine.send("go perft 3");
        engine.expect(|l| l == "Nodes searched: 12189", 10);
    }
    engine.quit();
}

#[test]
fn uci_chess960_game_moves_are_legal_and_castle_king_takes_rook() {
    let mut engine = start_uci();
    engine.send("setoption name UCI_Chess960 value true");
    engine.send("ucinewgame");
    let mut pos = Position::from_fen_chess960(FRC_OPEN).unwrap();
    // White castles queen side (the king stays on c1, the rook goes a1-d1), Black king side
    // (king c8-g8, rook e8-f8), both written king-takes-rook.
    let mut moves: Vec<String> = ["c1a1", "c8e8"].map(String::from).to_vec();
    for text in &moves {
        let m = pos.parse_uci(text).unwrap();
        assert!(m.is_castling(), "{text}");
        pos.make(m);
    }
    for _ in 0..8 {
        engine.send(&format!("position fen {FRC_OPEN} moves {}", moves.join(" ")));
        engine.send("go depth 3");
        let line = engine.expect_prefix("bestmove", 15);
        let text = line.split_whitespace().nth(1).unwrap().to_string();
        let m = pos.parse_uci(&text).unwrap_or_else(|e| panic!("{text}: {e}\n{}", engine.transcript.join("\n")));
        assert_eq!(pos.uci_text(m), text);
        pos.make(m);
        moves.push(text);
        if pos.count_legal_moves() == 0 {
            break;
        }
    }
    engine.quit();
}

/// XBoard's handshake, whose variants have fischerandom.
fn start_xboard() -> Engine {
    let engine = Engine::xboard();
    let variants = "variants=\"normal,fischerandom,";
    assert!(engine.transcript.iter().any(|l| l.contains(variants)), "{}", engine.transcript.join("\n"));
    engine
}

#[test]
fn xboard_fischerandom_castles_as_o_o() {
    let mut engine = start_xboard();
    engine.send("new");
    engine.send("variant fischerandom");
    engine.send(&format!("setboard {CASTLE_MATES}"));
    engine.send("sd 3");
    engine.send("go");
    let line = engine.expect_prefix("move ", 15);
    assert_eq!(line, "move O-O", "{}", engine.transcript.join("\n"));
    engine.expect(|l| l.starts_with("1-0"), 5);

    // The GUI may send castling as O-O or as king-takes-rook.
    engine.send("new");
    engine.send("variant fischerandom");
    engine.send("force");
    engine.send(&format!("setboard {FRC_OPEN}"));
    engine.send("usermove O-O-O");
    engine.send("usermove c8e8");
    engine.send("usermove d2d4");
    engine.send("ping 1");
    engine.expect(|l| l == "pong 1", 5);
    assert!(!engine.transcript.iter().any(|l| l.contains("Illegal") || l.contains("Error")), "{:?}", engine.transcript);
    engine.quit();
}

fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs")
}

#[test]
fn perft_and_analyze_take_chess960() {
    for fen in [FRC_PERFT, &FRC_PERFT.replace("HFhf", "KQkq")] {
        let out = ladya(&["perft", "chess", "4", "--chess960", "--fen", fen]);
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().last(), Some("Nodes searched: 326672"));
    }
    let out = ladya(&["perft", "chess", "1", "--chess960", "--fen", CASTLE_MATES, "--divide"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l == "g1h1: 1"), "{text}");
    assert_eq!(text.lines().last(), Some("Nodes searched: 12"));

    let out = ladya(&["analyze", "chess", "--chess960", "--fen", CASTLE_MATES, "--depth", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().last(), Some("best move: O-O# (g1h1)"), "{text}");

    for args in [
        vec!["perft", "chess", "1", "--fen", FRC_PERFT],
        vec!["perft", "xiangqi", "1", "--chess960"],
        vec!["perft", "chess", "1", "--chess960", "--fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"],
    ] {
        let out = ladya(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1, "{args:?}");
    }
    let out = ladya(&["perft", "xiangqi", "1", "--chess960"]);
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), "ladya: --chess960 is for chess only");
}
