//! One test for each rule of `docs/ugolki-rules.md`, and random games checked against a
//! brute-force move generator that enumerates jump chains path by path.

use std::collections::{BTreeSet, HashSet};

use ladya_core::perft::perft;
use ladya_core::{EndReason, Game, MoveList, Outcome, Side};
use ladya_ugolki::{Move, Position, Square, parse_square, square_name};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    parse_square(name).unwrap()
}

fn moves(p: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    p.append_legal_moves(&mut list);
    list.to_vec()
}

/// The destinations of the piece on `from`, as square names.
fn destinations(p: &Position, from: &str) -> BTreeSet<String> {
    moves(p).iter().filter(|m| !m.is_pass() && m.from() == sq(from)).map(|m| square_name(m.to())).collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn play(p: &mut Position, text: &str) {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
    p.make(m);
}

/// A ring of pieces around c3, c5, e5 and e3: the white piece on c3 can jump c4, turn over d5,
/// turn again over e4 and would come back over d3 onto its start. A black piece on b4 stands
/// where a step to b3 could be followed by a jump.
const RING: &str = "BBBB3B/BBBB4/8/3B4/1BB1W2W/2WW2WW/6WW/W4WWW w 20";

#[test]
fn chains_turn_stop_early_and_never_end_on_their_start() {
    let p = pos(RING);
    // Steps to b3 and c2; chains ending after one jump (c5, e3), after a turn (e5), and e3
    // again after two turns, which is the same move; never c3 itself.
    assert_eq!(destinations(&p, "c3"), names(&["b3", "c2", "c5", "e3", "e5"]));
    // Two chains of two jumps reach e5; the path is one of them.
    let path = p.move_path(p.parse_move("c3e5").unwrap()).unwrap();
    assert!([["c3", "c5", "e5"], ["c3", "e3", "e5"]].iter().any(|c| c.map(sq).to_vec() == path), "{path:?}");
    assert_eq!(p.parse_move("c3:c5:e5:e3"), Ok(Move::new(sq("c3"), sq("e3"))));
    assert!(p.parse_move("c3:c5:e5:e3:c3").is_err());
    assert!(moves(&p).iter().all(|m| m.from() != m.to()));
}

#[test]
fn no_step_is_followed_by_a_jump() {
    let p = pos(RING);
    // c3-b3 then b3:b5 over b4 would be a step plus a jump.
    assert!(!destinations(&p, "c3").contains("b5"));
    assert_eq!(p.parse_move("c3b5"), Err(ladya_ugolki::MoveError::Illegal("c3b5".into())));
}

#[test]
fn each_from_to_pair_is_one_move() {
    let p = pos(RING);
    let list = moves(&p);
    let distinct: HashSet<Move> = list.iter().copied().collect();
    assert_eq!(distinct.len(), list.len());
    assert_eq!(p.count_legal_moves(), list.len() as u64);
}

/// White has filled a6-d8; Black to move can fill e1-h3 with h4-h3.
const WHITE_COMPLETED: &str = "WWWW4/WWWW4/WWWW4/8/7B/4BBB1/4BBBB/4BBBB b 50";

#[test]
fn white_completing_leaves_black_one_move() {
    let mut p = pos("WWWW4/WWWW4/WWW5/3W4/7B/4BBB1/4BBBB/4BBBB w 50");
    play(&mut p, "d5d6");
    assert_eq!(p.fen(), WHITE_COMPLETED);
    assert_eq!(p.outcome(), None);
    assert!(p.count_legal_moves() > 1);
    assert!(!p.null_move_safe());
}

#[test]
fn blacks_equalising_move_draws() {
    let mut p = pos(WHITE_COMPLETED);
    play(&mut p, "h4h3");
    assert_eq!(p.outcome(), Some(Outcome::draw(EndReason::TargetFilled)));
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(perft(&mut p, 2), 0);
}

#[test]
fn white_wins_if_black_does_not_equalise() {
    let p = pos(WHITE_COMPLETED);
    let equalising = Move::new(sq("h4"), sq("h3"));
    let all = moves(&p);
    assert!(all.len() > 2 && all.contains(&equalising));
    for m in all {
        let mut after = p.clone();
        after.make(m);
        let expected = if m == equalising {
            Outcome::draw(EndReason::TargetFilled)
        } else {
            Outcome::win(Side::White, EndReason::TargetFilled)
        };
        assert_eq!(after.outcome(), Some(expected), "after {m}");
    }
    assert_eq!(perft(&mut pos(WHITE_COMPLETED), 2), 0);
}

#[test]
fn black_finishing_first_wins() {
    let mut p = pos("WWWW4/WWWW4/WWW5/3W4/7B/4BBB1/4BBBB/4BBBB b 50");
    play(&mut p, "h4h3");
    // White, one move from completing, does not get it.
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Black, EndReason::TargetFilled)));
    assert!(!p.is_legal(Move::new(sq("d5"), sq("d6"))));
    assert_eq!(p.count_legal_moves(), 0);
}

/// White's 40th move: its piece on e3 is still at home; every other piece is out.
const HOME_LATE: &str = "4BBBB/4BBBB/4BBBB/8/8/WWW1W3/WWWW4/WWWW4 w 40";

#[test]
fn a_piece_at_home_after_the_40th_move_loses() {
    let p = pos(HOME_LATE);
    assert_eq!(p.outcome(), None);
    let leaving = [Move::new(sq("e3"), sq("e4")), Move::new(sq("e3"), sq("d3"))];
    let all = moves(&p);
    assert!(all.len() > 10 && leaving.iter().all(|m| all.contains(m)));
    for m in all {
        let mut after = p.clone();
        after.make(m);
        let expected = (!leaving.contains(&m)).then_some(Outcome::win(Side::Black, EndReason::OwnHome));
        assert_eq!(after.outcome(), expected, "after {m}");
        assert_eq!(after.count_legal_moves() == 0, expected.is_some());
    }
    // On the 39th move the piece may stay.
    let mut p = pos(&HOME_LATE.replace(" 40", " 39"));
    play(&mut p, "e3f3");
    assert_eq!(p.outcome(), None);
}

#[test]
fn coming_back_home_later_loses() {
    let fen = "4BBBB/4BBBB/4BBBB/8/4W3/WWW5/WWWW4/WWWW4 w 45";
    for (m, lost) in [("e4e3", true), ("d1e1", true), ("d2-e2", true), ("e4e5", false), ("c3d3", false)] {
        let mut p = pos(fen);
        play(&mut p, m);
        let expected = lost.then_some(Outcome::win(Side::Black, EndReason::OwnHome));
        assert_eq!(p.outcome(), expected, "after {m}");
    }
    // The same for Black: a black piece back in a6-d8 after Black's 40th move.
    let fen = "4BBBB/4BBBB/4BBBB/8/8/WWWW4/WWWW4/WWWW4 b 41";
    let mut p = pos(fen);
    play(&mut p, "e6d6");
    assert_eq!(p.outcome(), Some(Outcome::win(Side::White, EndReason::OwnHome)));
    let mut p = pos(fen);
    play(&mut p, "e6e5");
    assert_eq!(p.outcome(), None);
}

/// Black's 80th move: White has 3 pieces in a6-d8, Black 2 in e1-h3, and d1-e1 or f5:f3
/// brings a third.
const LAST_MOVE: &str = "WWW5/8/7B/BBBBWBBB/WWWWWWWW/8/8/1B1B1BB1 b 80";

#[test]
fn the_move_limit_counts_pieces_in_the_targets() {
    for (m, outcome) in [
        ("b1a1", Outcome::win(Side::White, EndReason::MoveLimit)),
        ("d1e1", Outcome::draw(EndReason::MoveLimit)),
        ("f5:f3", Outcome::draw(EndReason::MoveLimit)),
    ] {
        let mut p = pos(LAST_MOVE);
        assert_eq!(p.outcome(), None);
        play(&mut p, m);
        assert_eq!(p.fullmove_number(), 81);
        assert_eq!(p.outcome(), Some(outcome), "after {m}");
        assert_eq!(p.count_legal_moves(), 0);
    }
    // One move earlier the game goes on.
    let mut p = pos(&LAST_MOVE.replace(" 80", " 79"));
    play(&mut p, "b1a1");
    assert_eq!(p.outcome(), None);
    assert!(p.count_legal_moves() > 0);
    // After White's 80th move Black still has its 80th.
    let mut p = pos(&LAST_MOVE.replace(" b 80", " w 80"));
    play(&mut p, "e5e6");
    assert_eq!((p.outcome(), p.fullmove_number()), (None, 80));
}

/// White's sixteen pieces are walled in by Black's.
const WALLED: &str = "8/8/8/8/BBBBBBBB/BBBBBBBB/WWWWWWWW/WWWWWWWW w 5";

#[test]
fn a_blocked_side_passes() {
    let mut p = pos(WALLED);
    assert_eq!(moves(&p), vec![Move::PASS]);
    assert_eq!(perft(&mut p, 1), 1);
    assert_eq!(p.human_move_text(Move::PASS), "pass");
    assert_eq!(p.move_text(Move::PASS), "0000");
    let before = p.clone();
    p.make(Move::PASS);
    assert_eq!(
        (p.side_to_move(), p.fullmove_number(), p.pieces(Side::White)),
        (Side::Black, 5, before.pieces(Side::White))
    );
    assert_ne!(p.hash(), before.hash());
    assert!(!moves(&p).contains(&Move::PASS));
    let black_moves = p.count_legal_moves();
    p.unmake();
    assert_eq!(p, before);
    assert_eq!(perft(&mut p, 2), black_moves);
}

#[test]
fn the_pass_is_a_move_for_the_own_home_rule() {
    // White passes for its 41st move with pieces in its home e1-h4: it loses.
    let mut p = pos(&WALLED.replace(" 5", " 41"));
    assert_eq!(p.outcome(), None);
    assert_eq!(perft(&mut p, 1), 1);
    p.make(Move::PASS);
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Black, EndReason::OwnHome)));
    assert_eq!(perft(&mut pos(&WALLED.replace(" 5", " 41")), 2), 0);
}

#[test]
fn a_finished_game_has_no_moves_not_even_the_pass() {
    // White is walled in, but the game is over: after Black's 80th move Black has 8 pieces
    // in e1-h4 and White none in a5-d8.
    let mut p = pos(&WALLED.replace(" 5", " 81"));
    let result = Outcome::win(Side::Black, EndReason::MoveLimit);
    assert_eq!(p.outcome(), Some(result));
    assert_eq!(p.no_moves_outcome(), result);
    assert!(moves(&p).is_empty());
    assert_eq!(perft(&mut p, 1), 0);
}

#[test]
fn repetition_draws_on_the_third_occurrence() {
    let mut p = Position::start();
    let start_key = p.hash();
    for round in 1..=2 {
        for m in ["e3e4", "d6d5", "e4e3", "d5d6"] {
            play(&mut p, m);
        }
        assert_eq!(p.fullmove_number(), 1 + 2 * round);
        // The move number is hashed: the repeated position has another key.
        assert_ne!(p.hash(), start_key);
        if round == 1 {
            assert_eq!(p.rule_outcome(usize::MAX), None);
            assert_eq!(p.rule_outcome(0), Some(Outcome::draw(EndReason::Repetition)));
            assert_eq!(p.rule_outcome(1), None);
        }
    }
    assert_eq!(p.rule_outcome(usize::MAX), Some(Outcome::draw(EndReason::Repetition)));
    assert_eq!(p.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    // Perft and the legal moves ignore repetition.
    assert_eq!(p.count_legal_moves(), 14);
    assert_eq!(perft(&mut p, 2), 196);
}

#[test]
fn keys_tell_move_numbers_apart_and_transpositions_together() {
    let mut a = Position::start();
    let mut b = Position::start();
    for m in ["e3e4", "d6d5", "f3f4"] {
        play(&mut a, m);
    }
    for m in ["f3f4", "d6d5", "e3e4"] {
        play(&mut b, m);
    }
    assert_eq!(a.hash(), b.hash());
    let later = pos(&a.fen().replace(" b 2", " b 3"));
    assert_eq!(later.pieces(Side::White), a.pieces(Side::White));
    assert_ne!(later.hash(), a.hash());
    let mut null = a.clone();
    null.make_null();
    assert_ne!(null.hash(), a.hash());
    null.unmake();
    assert_eq!(null, a);
}

#[test]
fn null_moves_are_avoided_near_the_end() {
    assert!(Position::start().null_move_safe());
    // White has all but three pieces in a6-d8.
    assert!(!pos("WWWW4/WWWW4/WW6/8/BB5B/4BBB1/4BWBB/4BWBB w 50").null_move_safe());
}

#[test]
fn the_game_trait_speaks_ugolki() {
    use ladya_core::fen_board::BoardError;
    use ladya_ugolki::{FenError, MoveError, UgolkiError};
    assert_eq!(<Position as Game>::NAME, "ugolki");
    assert_eq!(
        <Position as Game>::from_fen("8/8 w 1").unwrap_err(),
        UgolkiError::Fen(FenError::Board(BoardError::RankCount { found: 2, ranks: 8 }))
    );
    let start = <Position as Game>::start();
    assert_eq!(Game::parse_move(&start, "e3e5"), Err(UgolkiError::Move(MoveError::Illegal("e3e5".into()))));
    let e2e4 = Game::parse_move(&start, "e2:e4").unwrap();
    assert_eq!((start.move_text(e2e4), start.human_move_text(e2e4)), ("e2e4".into(), "e2:e4".into()));
    let mut noisy = MoveList::new();
    start.noisy_moves(&mut noisy);
    assert!(noisy.is_empty() && !start.is_noisy(e2e4) && !start.in_check());
    assert_eq!((start.ply(), start.side_to_move()), (0, Side::White));
}

/// Both targets full is the drawn end with White to move (Black equalised); with Black to move
/// it is no position of a game: the game ended when Black filled its target.
#[test]
fn black_to_move_with_its_target_full_is_refused() {
    let both_full = "WWWW4/WWWW4/WWWW4/8/8/4BBBB/4BBBB/4BBBB";
    let drawn = pos(&format!("{both_full} w 60"));
    assert_eq!(drawn.outcome(), Some(Outcome::draw(EndReason::TargetFilled)));
    assert_eq!(Position::from_fen(&format!("{both_full} b 60")), Err(ladya_ugolki::FenError::FinishedBefore));
    assert!(Position::from_fen("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW b 1").is_ok());
}

/// The front door is total: any move a caller can build (any two squares, on the board or
/// not) is refused by `play` with the position unchanged or played if legal, and named by
/// `human_move` and `move_path` without a panic; a square off the board holds nothing.
#[test]
fn any_move_or_square_a_caller_builds_is_answered() {
    let start = Position::start();
    for from in 0..=255u8 {
        for to in (0..=255u8).step_by(3) {
            let m = Move::new(from, to);
            let mut p = start.clone();
            let text = p.human_move(m);
            let _ = p.move_path(m);
            match p.play(m) {
                Ok(()) => assert!(start.is_legal(m), "{text}"),
                Err(_) => assert_eq!(p, start, "{text}"),
            }
        }
    }
    assert_eq!((start.piece_at(64), start.piece_at(255)), (None, None));
}
