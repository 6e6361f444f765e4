//! Perft against reference counts: the start position and every position of
//! `data/xiangqi-perft.epd` (Fairy-Stockfish 11.1). Counts above a few million run only with
//! `--ignored`; every position is still covered to depth 3 or more by default.

use ladya_core::perft::{parse_perft_cases, perft};
use ladya_xiangqi::Position;

/// Largest count the default test run computes; `--ignored` runs the rest.
const DEFAULT_LIMIT: u64 = 5_000_000;

fn reference_cases() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = include_str!("../../../data/xiangqi-perft.epd");
    parse_perft_cases(text).unwrap().into_iter().map(|c| (c.fen, c.counts)).collect()
}

fn check(selected: impl Fn(u32, u64) -> bool) -> usize {
    let mut checked = 0;
    for (fen, counts) in reference_cases() {
        let mut pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &(depth, expected) in counts.iter().filter(|(d, n)| selected(*d, *n)) {
            assert_eq!(perft(&mut pos, depth), expected, "perft {depth} of {fen}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn start_position_to_depth_four() {
    let mut pos = Position::start();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(counts, [44, 1_920, 79_666, 3_290_240]);
}

#[test]
#[ignore = "133 million nodes: run in release with --ignored"]
fn start_position_at_depth_five() {
    assert_eq!(perft(&mut Position::start(), 5), 133_312_995);
}

#[test]
fn reference_positions_up_to_a_few_million_nodes() {
    assert!(check(|_, nodes| nodes <= DEFAULT_LIMIT) > 150);
}

#[test]
fn every_reference_position_reaches_depth_three_by_default() {
    for (fen, counts) in reference_cases() {
        let deepest = counts.iter().filter(|(_, n)| *n <= DEFAULT_LIMIT).map(|(d, _)| *d).max();
        assert!(deepest >= Some(3), "{fen} is not covered to depth 3");
    }
}

#[test]
#[ignore = "about a billion nodes in total: run in release with --ignored"]
fn reference_positions_at_full_depth() {
    check(|_, nodes| nodes > DEFAULT_LIMIT);
}
