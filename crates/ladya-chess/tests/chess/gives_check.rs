//! `gives_check` looks at the board without making the move: it must agree with making the
//! move and asking whether the opponent is in check, for every move of every node of perft
//! trees (direct and discovered checks, castling rooks, en passant, promotions), and so must
//! `checks_first`, which sorts a whole list, `mark_checks`, which marks one, and
//! `append_checks`, which generates only checks (`ladya_core::perft::verify_checks`).
//! `has_legal_move` is checked on the way.

use ladya_chess::{MoveKind, Position};
use ladya_core::perft::{parse_perft_cases, verify_checks};

/// Checks every legal move of every node to `depth`; returns (moves checked, checks found).
fn verify(fen: &str, depth: u32) -> (u64, u64) {
    let counts = verify_checks(&mut Position::from_fen(fen).unwrap(), depth).unwrap_or_else(|e| panic!("{fen}: {e}"));
    (counts.moves, counts.checks)
}

#[test]
fn agrees_with_making_the_move() {
    let (mut moves, mut checks) = (0, 0);
    for (fen, depth) in [
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    ] {
        let (m, c) = verify(fen, depth);
        moves += m;
        checks += c;
    }
    let cases = parse_perft_cases(include_str!("../../../../data/chess-perft.epd")).unwrap();
    for case in cases {
        let (m, c) = verify(&case.fen, 2);
        moves += m;
        checks += c;
    }
    assert!(moves > 1_000_000 && checks > 10_000, "{moves} moves, {checks} checks");
}

#[test]
fn special_moves_give_check() {
    let cases = [
        // Castling: the rook arriving on f1 checks the king on f8.
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true),
        // En passant opens the fifth rank for the rook.
        ("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", "e5d6", true),
        // Under-promotion to a knight checks; to a queen it does not.
        ("6k1/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q", true),
        ("8/4P3/2k5/8/8/8/8/K7 w - - 0 1", "e7e8n", false),
        ("8/4P3/5k2/8/8/8/8/K7 w - - 0 1", "e7e8n", true),
        // A king move discovers the bishop's check.
        ("7k/8/8/8/8/8/1K6/B7 w - - 0 1", "b2b3", true),
        ("7k/8/8/8/8/8/1K6/B7 w - - 0 1", "b2c3", false),
    ];
    for (fen, text, expected) in cases {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_move(text).unwrap();
        assert_eq!(pos.gives_check(m), expected, "{text} in {fen}");
        if text == "e1g1" {
            assert_eq!(m.kind(), MoveKind::CastleKing);
        }
    }
}
