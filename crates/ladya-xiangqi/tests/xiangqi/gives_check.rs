//! `gives_check` reads the board without making the move: it must agree with making the move
//! and asking whether the other side is in check, for every move of every node of perft trees
//! (rooks, cannons over their screens, horses and their legs, soldiers, and the checks a move
//! uncovers by leaving a line, a leg or a screen), and so must the batch forms and the generator
//! of checks (`ladya_core::perft::verify_checks`).

use ladya_core::perft::{parse_perft_cases, verify_checks};
use ladya_xiangqi::Position;

/// Checks every legal move of every node to `depth`; returns (moves checked, checks found).
fn verify(fen: &str, depth: u32) -> (u64, u64) {
    let counts = verify_checks(&mut Position::from_fen(fen).unwrap(), depth).unwrap_or_else(|e| panic!("{fen}: {e}"));
    (counts.moves, counts.checks)
}

#[test]
fn agrees_with_making_the_move() {
    let (mut moves, mut checks) = (0, 0);
    for case in parse_perft_cases(include_str!("../../../../data/xiangqi-perft.epd")).unwrap() {
        let (m, c) = verify(&case.fen, 2);
        moves += m;
        checks += c;
    }
    assert!(moves > 100_000 && checks > 2_000, "{moves} moves, {checks} checks");
}

#[test]
fn checks_by_every_piece_and_uncovered() {
    let cases = [
        // A rook's check, and none a square short.
        ("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0a9", true),
        ("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0a8", false),
        // A cannon checks over one screen, not over none.
        ("3k5/9/3n5/9/9/9/9/9/9/C3K4 w - - 0 1", "a0d0", true),
        ("3k5/9/9/9/9/9/9/9/9/C3K4 w - - 0 1", "a0d0", false),
        // A piece stepping onto the cannon's line becomes its screen.
        ("3k5/9/9/9/9/9/9/9/4A4/3CK4 w - - 0 1", "e1d2", true),
        // Of two screens one steps off the line: the cannon checks over the other.
        ("3k5/9/3n5/9/9/3R5/9/9/9/3CK4 w - - 0 1", "d4h4", true),
        // The horse stepping off the file uncovers the rook behind it.
        ("3k5/9/9/9/9/3H5/9/9/9/3RK4 w - - 0 1", "d4f5", true),
        // A horse checks with its leg free, not with it blocked, and a piece leaving the leg
        // uncovers it.
        ("3k5/9/9/9/1H7/9/9/9/9/4K4 w - - 0 1", "b5c7", true),
        ("3k5/2n6/9/9/1H7/9/9/9/9/4K4 w - - 0 1", "b5c7", false),
        ("3k5/2R6/2H6/9/9/9/9/9/9/4K4 w - - 0 1", "c8a8", true),
        // A soldier checks from the square in front of the general, not from farther off.
        ("4k4/9/2P6/9/9/9/9/9/9/3K5 w - - 0 1", "c7d7", false),
        ("4k4/3P5/9/9/9/9/9/9/9/3K5 w - - 0 1", "d8e8", true),
    ];
    for (fen, text, expected) in cases {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_iccs(text).unwrap_or_else(|e| panic!("{fen} {text}: {e}"));
        let mut after = pos.clone();
        after.make(m);
        assert_eq!(after.in_check(), expected, "{fen} {text}: the case itself is wrong");
        assert_eq!(pos.gives_check(m), expected, "{fen} {text}");
    }
}
