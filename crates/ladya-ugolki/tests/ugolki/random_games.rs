//! Random games of every layout, checked at every position against a brute-force generator
//! that follows the rule file literally: the moving piece leaves its square, and every chain
//! of jumps is walked path by path. Also checks jump paths, keys and that every game ends.

use std::collections::BTreeSet;

use ladya_core::rng::Rng;
use ladya_core::{EndReason, Game, MoveList, Side};
use ladya_ugolki::{LAST_MOVE_NUMBER, Layout, Move, Position, Square, square_name};

const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The square `n` steps from `s` in direction `d`, if on the board.
fn offset(s: Square, d: (i8, i8), n: i8) -> Option<Square> {
    let (file, rank) = ((s % 8) as i8 + d.0 * n, (s / 8) as i8 + d.1 * n);
    ((0..8).contains(&file) && (0..8).contains(&rank)).then_some((rank * 8 + file) as Square)
}

/// Every chain end reachable from `at` on `board` without landing on a square of `visited`.
fn walk(board: &[Option<Side>; 64], at: Square, visited: &mut Vec<Square>, ends: &mut BTreeSet<Square>) {
    for d in DIRECTIONS {
        let (Some(over), Some(onto)) = (offset(at, d, 1), offset(at, d, 2)) else { continue };
        if board[over as usize].is_some() && board[onto as usize].is_none() && !visited.contains(&onto) {
            ends.insert(onto);
            visited.push(onto);
            walk(board, onto, visited, ends);
            visited.pop();
        }
    }
}

/// The legal (from, to) pairs of a position whose game is not over, found the slow way.
fn brute_force(p: &Position) -> BTreeSet<(Square, Square)> {
    let mut board = [None; 64];
    for s in 0..64 {
        board[s as usize] = p.piece_at(s);
    }
    let mut pairs = BTreeSet::new();
    for from in (0..64).filter(|&s| p.piece_at(s) == Some(p.side_to_move())) {
        for d in DIRECTIONS {
            if let Some(to) = offset(from, d, 1).filter(|&to| board[to as usize].is_none()) {
                pairs.insert((from, to));
            }
        }
        board[from as usize] = None;
        let mut ends = BTreeSet::new();
        walk(&board, from, &mut vec![from], &mut ends);
        board[from as usize] = Some(p.side_to_move());
        pairs.extend(ends.into_iter().map(|to| (from, to)));
    }
    pairs
}

fn check_position(p: &Position) {
    let mut list = MoveList::new();
    p.append_legal_moves(&mut list);
    assert_eq!(p.count_legal_moves(), list.len() as u64, "{}", p.fen());
    assert_eq!(p.key(), Position::from_fen(&p.fen()).unwrap().key(), "{}", p.fen());
    if p.finished().is_some() {
        assert!(list.is_empty(), "{}", p.fen());
        return;
    }
    let pairs: Vec<(Square, Square)> = list.iter().filter(|m| !m.is_pass()).map(|m| (m.from(), m.to())).collect();
    let expected = brute_force(p);
    assert_eq!(pairs.iter().copied().collect::<BTreeSet<_>>(), expected, "{}", p.fen());
    assert_eq!(pairs.len(), expected.len(), "a pair listed twice in {}", p.fen());
    assert_eq!(list.as_ref() == [Move::PASS], expected.is_empty(), "{}", p.fen());
    for &m in list.iter().filter(|m| m.is_jump()) {
        let path = p.move_path(m).unwrap_or_else(|| panic!("no path for {m} in {}", p.fen()));
        let text = path.iter().map(|&s| square_name(s)).collect::<Vec<_>>().join(":");
        assert_eq!(p.parse_move(&text), Ok(m), "{text} in {}", p.fen());
    }
}

/// One move in `random_one_in` at random, the others the best by the evaluation (with noise),
/// so that some races get finished and others run into the move limit.
fn choose(p: &mut Position, list: &MoveList<Move>, rng: &mut Rng, random_one_in: usize) -> Move {
    if rng.below(random_one_in) == 0 {
        return list[rng.below(list.len())];
    }
    let mut best = (i32::MIN, list[0]);
    for &m in list.iter() {
        p.make(m);
        let score = -p.evaluate() + rng.below(8) as i32;
        p.unmake();
        if score > best.0 {
            best = (score, m);
        }
    }
    best.1
}

#[test]
fn random_games_agree_with_brute_force() {
    let mut rng = Rng::new(0x05EE_D0F0_A1C0);
    let mut positions = 0;
    let mut endings = BTreeSet::new();
    for layout in Layout::ALL {
        for game in 0..40 {
            let mut p = Position::start_with(layout);
            let mut played = Vec::new();
            // Until a rule ends the game, repetition included.
            while p.outcome().is_none() {
                check_position(&p);
                positions += 1;
                let mut list = MoveList::new();
                p.append_legal_moves(&mut list);
                // One game in four, after move 30 each side takes back its own last move when it
                // can, so that some games end by repetition.
                let own_last = played.len().checked_sub(2).map(|i| played[i]).filter(|m: &Move| !m.is_pass());
                let back = own_last.map(|m| Move::new(m.to(), m.from())).filter(|m| list.contains(m));
                let m = match back {
                    Some(back) if game % 4 == 3 && p.fullmove_number() > 30 => back,
                    _ => choose(&mut p, &list, &mut rng, if game % 2 == 0 { 2 } else { 8 }),
                };
                played.push(m);
                p.make(m);
            }
            check_position(&p);
            let outcome = p.outcome().unwrap();
            assert!(p.fullmove_number() <= u32::from(LAST_MOVE_NUMBER));
            endings.insert(outcome.reason.to_string());
            while p.ply() > 0 {
                p.unmake();
            }
            assert_eq!(p, Position::start_with(layout));
        }
    }
    assert!(positions > 10_000, "{positions}");
    // The games end in every way.
    let reasons = [EndReason::OwnHome, EndReason::TargetFilled, EndReason::MoveLimit, EndReason::Repetition];
    assert_eq!(endings, reasons.iter().map(|r| r.to_string()).collect(), "{endings:?}");
}
