//! Perft against reference counts: the six standard positions and every position of
//! `data/chess-perft.epd` (Stockfish 15.1). Counts above a few million run only with
//! `--ignored`; every position is still covered to depth 3 or more by default.

use ladya_chess::Position;
use ladya_core::perft::{Counts, PerftCase, check_reference, parse_perft_cases};

/// The standard table (chessprogramming wiki "Perft Results"), in the reference file's form.
const STANDARD: &str = "
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D4 197281 ;D5 4865609 ;D6 119060324
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D3 97862 ;D4 4085603 ;D5 193690690
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191 ;D3 2812 ;D4 43238 ;D5 674624 ;D6 11030083 ;D7 178633661
r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 ;D1 6 ;D2 264 ;D3 9467 ;D4 422333 ;D5 15833292
rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 ;D1 44 ;D2 1486 ;D3 62379 ;D4 2103487 ;D5 89941194
r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 ;D1 46 ;D2 2079 ;D3 89890 ;D4 3894594 ;D5 164075551
";

fn reference_cases() -> Vec<PerftCase> {
    [STANDARD, include_str!("../../../../data/chess-perft.epd")]
        .into_iter()
        .flat_map(|text| parse_perft_cases(text).unwrap())
        .collect()
}

#[test]
fn reference_positions_up_to_a_few_million_nodes() {
    assert!(check_reference::<Position>(&reference_cases(), Counts::Quick).unwrap() > 100);
}

#[test]
#[ignore = "billions of nodes in total: run in release with --ignored"]
fn reference_positions_at_full_depth() {
    check_reference::<Position>(&reference_cases(), Counts::Slow).unwrap();
}
