//! Perft against reference counts: the start position and every position of
//! `data/xiangqi-perft.epd` (Fairy-Stockfish 11.1). Counts above a few million run only with
//! `--ignored`; every position is still covered to depth 3 or more by default.

use ladya_core::perft::{Counts, PerftCase, check_reference, parse_perft_cases};
use ladya_xiangqi::Position;

fn reference_cases() -> Vec<PerftCase> {
    parse_perft_cases(include_str!("../../../../data/xiangqi-perft.epd")).unwrap()
}

#[test]
fn reference_positions_up_to_a_few_million_nodes() {
    let cases = reference_cases();
    assert_eq!(cases[0].fen, Position::START_FEN);
    assert!(check_reference::<Position>(&cases, Counts::Quick).unwrap() > 150);
}

#[test]
#[ignore = "about a billion nodes in total: run in release with --ignored"]
fn reference_positions_at_full_depth() {
    check_reference::<Position>(&reference_cases(), Counts::Slow).unwrap();
}
