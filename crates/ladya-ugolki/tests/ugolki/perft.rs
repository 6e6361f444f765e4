//! Perft against reference counts: the rule file's start figures for 9, 12 and 16 pieces and
//! every position of `data/ugolki-perft.epd`; make/unmake and incremental keys checked on
//! every node of perft trees.

use ladya_core::Game;
use ladya_core::perft::{Counts, PerftCase, check_reference, parse_perft_cases, verify_tree};
use ladya_ugolki::{Layout, Position};

/// The rule file's figures from the start, depths 1 to 5.
const START_FIGURES: [(Layout, [u64; 5]); 3] = [
    (Layout::Nine, [12, 144, 2_784, 53_824, 1_135_552]),
    (Layout::Twelve, [14, 196, 4_412, 99_597, 2_559_237]),
    (Layout::Sixteen, [16, 262, 6_618, 168_998, 5_029_722]),
];

fn start_cases() -> Vec<PerftCase> {
    let case = |(layout, counts): (Layout, [u64; 5])| PerftCase {
        fen: Position::start_with(layout).to_fen(),
        counts: (1..).zip(counts).collect(),
    };
    START_FIGURES.into_iter().map(case).collect()
}

fn reference_cases() -> Vec<PerftCase> {
    parse_perft_cases(include_str!("../../../../data/ugolki-perft.epd")).unwrap()
}

#[test]
fn start_figures() {
    assert_eq!(check_reference::<Position>(&start_cases(), Counts::All), Ok(15));
}

#[test]
fn every_reference_position() {
    let cases = reference_cases();
    assert!(cases.len() >= 40);
    for case in &cases {
        assert_eq!(Position::from_fen(&case.fen).map(|p| p.to_fen()), Ok(case.fen.clone()));
    }
    let counts = cases.iter().map(|c| c.counts.len()).sum();
    assert_eq!(check_reference::<Position>(&cases, Counts::All), Ok(counts));
}

/// Checks at every node that the incremental key equals the key from scratch and that unmake
/// restores the position exactly, history included.
fn verify(pos: &mut Position, depth: u32) -> u64 {
    let mut check = |p: &Position| {
        if p.key() != Position::from_fen(&p.fen()).unwrap().key() || p.hash() != p.key() {
            return Err(format!("key of {} differs from the key computed from scratch", p.fen()));
        }
        Ok(())
    };
    verify_tree(pos, depth, &mut check).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn make_unmake_and_keys_along_perft_trees() {
    for layout in Layout::ALL {
        assert!(verify(&mut Position::start_with(layout), 4) > 50_000);
    }
    for case in reference_cases() {
        verify(&mut Position::from_fen(&case.fen).unwrap(), 2);
    }
}
