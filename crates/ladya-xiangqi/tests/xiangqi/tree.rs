//! Make/unmake and incremental keys along whole perft trees: after every unmake the position
//! equals, history included, the one before the move; at every node the incremental key and
//! the incremental material and placement sum equal ones computed from scratch, the counting
//! generator agrees with the list, the captures are exactly the noisy moves, and no generated
//! move leaves its own general attacked.

use ladya_core::perft::{parse_perft_cases, verify_tree};
use ladya_core::{Game, MoveList};
use ladya_xiangqi::Position;

fn check_node(pos: &Position) -> Result<(), String> {
    if pos.key() != pos.compute_key() {
        return Err(format!("incremental key differs from a fresh one at {}", pos.fen()));
    }
    if pos.psqt() != pos.compute_psqt() {
        return Err(format!("incremental material and placement differ from a fresh sum at {}", pos.fen()));
    }
    let mut moves = MoveList::new();
    pos.append_legal_moves(&mut moves);
    if pos.count_legal_moves() != moves.len() as u64 {
        return Err(format!("count_legal_moves disagrees with legal_moves at {}", pos.fen()));
    }
    let mut noisy = MoveList::new();
    Game::noisy_moves(pos, &mut noisy);
    let mut captures: Vec<_> = moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
    let mut noisy: Vec<_> = noisy.to_vec();
    captures.sort_by_key(|m| m.to_string());
    noisy.sort_by_key(|m| m.to_string());
    if captures != noisy {
        return Err(format!("noisy_moves {noisy:?} are not the captures {captures:?} at {}", pos.fen()));
    }
    let mut after = pos.clone();
    for &m in moves.iter() {
        after.make(m);
        if after.general_attacked(pos.side_to_move()) {
            return Err(format!("{m} leaves its general attacked at {}", pos.fen()));
        }
        after.unmake();
    }
    Ok(())
}

#[test]
fn start_position_tree_to_depth_three() {
    let visited = verify_tree(&mut Position::start(), 3, &mut check_node).unwrap();
    assert_eq!(visited, 1 + 44 + 1_920 + 79_666);
}

#[test]
fn reference_position_trees_to_depth_two() {
    let text = include_str!("../../../../data/xiangqi-perft.epd");
    for case in parse_perft_cases(text).unwrap() {
        let mut pos = Position::from_fen(&case.fen).unwrap();
        let expected = 1 + case.counts[0].1 + case.counts[1].1;
        assert_eq!(verify_tree(&mut pos, 2, &mut check_node), Ok(expected), "{}", case.fen);
    }
}

#[test]
fn unmake_restores_positions_reached_by_play() {
    // A sharp middlegame walked to depth three from a few plies in, history included.
    let mut pos =
        Position::from_fen("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1").unwrap();
    for pick in [20, 7, 3] {
        let mut moves = MoveList::new();
        pos.append_legal_moves(&mut moves);
        pos.make(moves[pick % moves.len()]);
    }
    assert!(verify_tree(&mut pos, 3, &mut check_node).unwrap() > 10_000);
    assert_eq!(pos.ply(), 3);
}
