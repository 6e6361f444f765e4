//! Repetition verdicts against Fairy-Stockfish's: every cycle of
//! `data/xiangqi-repetitions.epd` (positions from random games, a cycle of four moves played
//! twice, many of them shaped like a chase) must end as Fairy-Stockfish judged it: a draw, or a
//! loss for the side that checked or chased perpetually.

use ladya_core::{EndReason, Side};
use ladya_xiangqi::Position;

#[test]
fn repetition_verdicts_agree_with_fairy_stockfish() {
    let mut wrong = Vec::new();
    let (mut checks, mut chases) = (0, 0);
    for line in include_str!("../../../../data/xiangqi-repetitions.epd").lines() {
        let fields: Vec<&str> = line.split(" ; ").collect();
        let (fen, moves, expected) = (fields[0], fields[1], fields[2]);
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for text in moves.trim_start_matches("moves ").split_whitespace() {
            let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text} in {line}: {e}"));
            pos.make(m);
        }
        let outcome = pos.outcome().unwrap_or_else(|| panic!("no repetition found: {line}"));
        let result = match outcome.winner {
            None => "result draw",
            Some(Side::White) => "result red",
            Some(Side::Black) => "result black",
        };
        match outcome.reason {
            EndReason::PerpetualCheck => checks += 1,
            EndReason::PerpetualChase => chases += 1,
            _ => {}
        }
        if result != expected {
            wrong.push(format!("{line}: Ladya says {result} ({})", outcome.reason));
        }
    }
    assert!(wrong.is_empty(), "{} disagreements:\n{}", wrong.len(), wrong.join("\n"));
    assert!(checks > 0 && chases > 10, "too few perpetual checks ({checks}) or chases ({chases}) to test");
}
