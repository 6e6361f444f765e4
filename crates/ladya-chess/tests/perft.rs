//! Perft against reference counts: the six standard positions and every position of
//! `data/chess-perft.epd` (Stockfish 15.1). Counts above a few million run only with
//! `--ignored`; every position is still covered to depth 3 or more by default.

use ladya_chess::Position;
use ladya_core::perft::{parse_perft_cases, perft};

/// Largest count the default test run computes; `--ignored` runs the rest.
const DEFAULT_LIMIT: u64 = 5_000_000;

/// The standard table (chessprogramming wiki "Perft Results"): FEN and counts from depth 1.
const STANDARD: [(&str, &[u64]); 6] = [
    (Position::START_FEN, &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324]),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661]),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9_467, 422_333, 15_833_292]),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1_486, 62_379, 2_103_487, 89_941_194]),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    ),
];

fn reference_cases() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = include_str!("../../../data/chess-perft.epd");
    let mut cases: Vec<_> = STANDARD
        .iter()
        .map(|(fen, counts)| (fen.to_string(), counts.iter().enumerate().map(|(i, &n)| (i as u32 + 1, n)).collect()))
        .collect();
    cases.extend(parse_perft_cases(text).unwrap().into_iter().map(|c| (c.fen, c.counts)));
    cases
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
fn reference_positions_up_to_a_few_million_nodes() {
    assert!(check(|_, nodes| nodes <= DEFAULT_LIMIT) > 100);
}

#[test]
fn every_reference_position_reaches_depth_three_by_default() {
    for (fen, counts) in reference_cases() {
        let deepest = counts.iter().filter(|(_, n)| *n <= DEFAULT_LIMIT).map(|(d, _)| *d).max();
        assert!(deepest >= Some(3), "{fen} is not covered to depth 3");
    }
}

#[test]
#[ignore = "billions of nodes in total: run in release with --ignored"]
fn reference_positions_at_full_depth() {
    check(|_, nodes| nodes > DEFAULT_LIMIT);
}
