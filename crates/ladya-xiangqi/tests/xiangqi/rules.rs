//! One test per rule of xiangqi: the moves of each piece, facing generals and the pin they
//! make, cannon screens, check, stalemate as a loss, and the repetition and sixty-move rules.

use ladya_core::{EndReason, Game, MoveList, Outcome, Side};
use ladya_xiangqi::Position;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of `fen` in ICCS form, sorted.
fn moves(fen: &str) -> Vec<String> {
    let mut list = MoveList::new();
    position(fen).append_legal_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

/// The legal moves of the piece on `from`, in ICCS form, sorted.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    moves(fen).into_iter().filter(|m| m.starts_with(from)).collect()
}

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
        pos.make(m);
    }
}

/// The outcome after `opening` is played from `fen` and then `cycle` twice, so that the
/// position after the opening occurs a third time.
fn outcome_after_cycles(fen: &str, opening: &str, cycle: &str) -> Option<Outcome> {
    let mut pos = position(fen);
    play(&mut pos, &format!("{opening} {cycle} {cycle}"));
    pos.outcome()
}

#[test]
fn generals_may_not_face_each_other() {
    // Red's general may not step onto the black general's open file.
    assert_eq!(moves("3k5/9/9/9/9/9/9/9/9/4K4 w"), ["e0e1", "e0f0"]);
    // Nor may it step off a file where the other general would then face it.
    assert_eq!(moves("4k4/9/9/9/9/9/9/9/9/3K5 w"), ["d0d1"]);
}

#[test]
fn the_only_piece_between_the_generals_is_pinned() {
    // The horse on e4 is all that keeps the generals apart: it may not move at all.
    assert_eq!(moves("4k4/9/9/9/9/4N4/9/9/9/4K4 w"), ["e0d0", "e0e1", "e0f0"]);
    // A cannon between them may still move along the file, but not capture off it: here it
    // could take a4 over the screen on c4, were it not pinned.
    assert_eq!(moves_from("4k4/9/9/9/9/p1p1C4/9/9/9/3K5 w", "e4").len(), 4 + 4 + 2 + 4);
    assert_eq!(
        moves_from("4k4/9/9/9/9/p1p1C4/9/9/9/4K4 w", "e4"),
        ["e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"]
    );
}

#[test]
fn cannons_capture_over_exactly_one_screen() {
    // Cannon b2, black soldiers on d2 and f2: it moves quietly to a2 or c2 and along the
    // b-file, captures f2 over the screen d2, and can neither take d2 nor land on e2.
    let fen = "4k4/9/9/9/9/9/9/1C1p1p3/9/3K5 w";
    let cannon = moves_from(fen, "b2");
    assert!(cannon.contains(&"b2f2".to_string()));
    assert!(!cannon.contains(&"b2d2".to_string()) && !cannon.contains(&"b2e2".to_string()));
    assert!(cannon.contains(&"b2c2".to_string()) && cannon.contains(&"b2a2".to_string()));
    assert_eq!(cannon.len(), 2 + 1 + 9);
    // Two screens: no capture.
    assert!(!moves_from("4k4/9/9/9/9/9/9/1Cppp4/9/3K5 w", "b2").iter().any(|m| m == "b2e2"));
}

#[test]
fn a_piece_may_not_become_a_cannon_screen_against_its_own_general() {
    // Black cannon on e7 faces Red's general on an open file: nothing may step in between.
    let fen = "3k5/9/4c4/9/9/9/R8/9/9/4K4 w";
    let rook = moves_from(fen, "a3");
    assert!(!rook.contains(&"a3e3".to_string()));
    assert_eq!(rook.len(), 16);
    // With two pieces between, neither may leave the file.
    let fen = "3k5/9/4c4/9/9/4R4/9/4N4/9/4K4 w";
    assert_eq!(moves_from(fen, "e2"), Vec::<String>::new());
    assert_eq!(moves_from(fen, "e4"), ["e4e3", "e4e5", "e4e6", "e4e7"]);
    // A cannon check is met by moving the screen away or adding a second screen.
    let pos = position("3k5/9/4c4/9/9/9/R8/4N4/9/4K4 w");
    assert!(pos.in_check());
    let evasions = moves("3k5/9/4c4/9/9/9/R8/4N4/9/4K4 w");
    assert!(evasions.contains(&"a3e3".to_string()) && evasions.contains(&"e2c3".to_string()));
    assert!(!evasions.contains(&"a3a4".to_string()));
}

#[test]
fn horses_are_blocked_by_a_piece_on_the_leg() {
    // Horse b0 with a rook on b1: the way north is shut, only d1 (leg c0) stays open.
    assert_eq!(moves_from("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w", "b0"), ["b0d1"]);
    assert_eq!(moves_from("3k5/9/9/9/9/9/9/9/9/1N2K4 w", "b0"), ["b0a2", "b0c2", "b0d1"]);
    // A horse gives check only with its leg free: the horse on e2 reaches d0 past e1.
    assert!(position("4k4/9/9/9/9/9/9/4n4/9/3K5 w").in_check());
    assert!(!position("4k4/9/9/9/9/9/9/4n4/4A4/3K5 w").in_check());
}

#[test]
fn elephants_are_blocked_on_the_eye_and_never_cross_the_river() {
    assert_eq!(moves_from("4k4/9/9/9/9/2B6/9/9/9/3K5 w", "c4"), ["c4a2", "c4e2"]);
    // A piece on d3, the eye between e2 and c4, blocks that step.
    assert_eq!(moves_from("4k4/9/9/9/9/9/3R5/4B4/9/3K5 w", "e2"), ["e2c0", "e2g0", "e2g4"]);
}

#[test]
fn generals_and_advisors_stay_in_the_palace() {
    assert_eq!(moves_from("5k3/9/9/9/9/9/9/9/9/3K5 w", "d0"), ["d0d1", "d0e0"]);
    assert_eq!(moves_from("3k5/9/9/9/9/9/9/5A3/9/4K4 w", "f2"), ["f2e1"]);
    assert_eq!(moves_from("5k3/9/9/9/9/9/9/9/4A4/3K5 w", "e1"), ["e1d2", "e1f0", "e1f2"]);
}

#[test]
fn soldiers_go_sideways_only_across_the_river_and_never_back() {
    assert_eq!(moves_from("3k5/9/9/9/9/9/P8/9/9/4K4 w", "a3"), ["a3a4"]);
    assert_eq!(moves_from("4k4/9/9/9/4P4/9/9/9/9/3K5 w", "e5"), ["e5d5", "e5e6", "e5f5"]);
    // On the last rank only sideways.
    assert_eq!(moves_from("P2k5/9/9/9/9/9/9/9/9/4K4 w", "a9"), ["a9b9"]);
    // Black's soldiers go the other way.
    assert_eq!(moves_from("3k5/9/9/9/9/9/p8/9/9/4K4 b", "a3"), ["a3a2", "a3b3"]);
}

#[test]
fn checkmate_and_stalemate_both_lose() {
    // Red's general on d0 can go neither to d1 (rook) nor e0 (facing generals): stalemate.
    let stalemate = position("4k4/9/9/9/9/9/9/9/r8/3K5 w");
    assert!(!stalemate.in_check());
    assert_eq!(stalemate.outcome(), Some(Outcome::win(Side::Black, EndReason::Stalemate)));
    // Two rooks mate Black's general on e9.
    let mate = position("R3k4/R8/9/9/9/9/9/9/9/3K5 b");
    assert!(mate.in_check());
    assert_eq!(mate.outcome(), Some(Outcome::win(Side::White, EndReason::Checkmate)));
    assert_eq!(Position::start().outcome(), None);
}

/// Red's rook checks Black's general from a9 and a8 in turn while the general steps between
/// f9 and f8.
const CHECKING: &str = "5k3/9/9/9/9/9/9/9/R8/4K4 w";
const CHECK_CYCLE: &str = "a9a8 f8f9 a8a9 f9f8";

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let mut pos = position(CHECKING);
    play(&mut pos, "a1a9 f9f8");
    play(&mut pos, CHECK_CYCLE);
    // Second occurrence: not yet under the strict rule, already counted from index 0.
    assert_eq!(pos.rule_outcome(usize::MAX), None);
    let lost = Some(Outcome::win(Side::Black, EndReason::PerpetualCheck));
    assert_eq!(pos.rule_outcome(0), lost);
    assert_eq!(pos.rule_outcome(3), None, "the earlier occurrence is before twofold_from");
    play(&mut pos, CHECK_CYCLE);
    assert_eq!(pos.rule_outcome(usize::MAX), lost);
    assert_eq!(pos.outcome(), lost);
}

#[test]
fn the_checked_side_wins_whichever_colour_checks() {
    // The mirror image: Black checks perpetually and loses.
    let mut pos = position("4k4/r8/9/9/9/9/9/9/9/5K3 b");
    play(&mut pos, "a8a0 f0f1 a0a1 f1f0 a1a0 f0f1 a0a1 f1f0 a1a0");
    assert_eq!(pos.outcome(), Some(Outcome::win(Side::White, EndReason::PerpetualCheck)));
}

#[test]
fn other_repetitions_draw() {
    let mut pos = position(CHECKING);
    let cycle = "a1a2 f9f8 a2a1 f8f9";
    play(&mut pos, cycle);
    assert_eq!(pos.rule_outcome(usize::MAX), None);
    assert_eq!(pos.rule_outcome(0), Some(Outcome::draw(EndReason::Repetition)));
    play(&mut pos, cycle);
    assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    // A cycle in which only some of Red's moves check is no perpetual check.
    let mut pos = position(CHECKING);
    let mixed = "a1a9 f9f8 a9a1 f8f9";
    play(&mut pos, &format!("{mixed} {mixed}"));
    assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::Repetition)));
}

#[test]
fn both_sides_checking_perpetually_is_a_draw() {
    // Red's cannon checks from f2 over Black's rook; the rook checks on the e-file and unscreens
    // it; the cannon goes back to e2, uncovering Red's rook on the f-file; the rook returns to f4,
    // blocking it and leaving Red's cannon as the screen for Black's cannon on e9. Every move of
    // both sides gives check.
    let mut pos = position("4ck3/9/9/9/9/5r3/2N6/4C4/4K4/5R3 w");
    let cycle = "e2f2 f4e4 f2e2 e4f4";
    play(&mut pos, cycle);
    assert_eq!(pos.rule_outcome(0), Some(Outcome::draw(EndReason::Repetition)));
    play(&mut pos, cycle);
    assert!(pos.in_check());
    assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::Repetition)));
}

/// Red's rook on b0 and Black's lone cannon on a5, which Red's rook can attack from the b-file.
const CHASING: &str = "4k4/9/9/9/c8/9/9/9/9/1R1K5 w";
/// The rook attacks the cannon on a5 from b5, the cannon steps to a6, the rook follows to b6,
/// the cannon steps back, and so on.
const CHASE_CYCLE: &str = "b5b6 a6a5 b6b5 a5a6";

#[test]
fn perpetually_chasing_an_unprotected_piece_loses() {
    let mut pos = position(CHASING);
    play(&mut pos, "b0b5 a5a6");
    play(&mut pos, CHASE_CYCLE);
    let lost = Some(Outcome::win(Side::Black, EndReason::PerpetualChase));
    assert_eq!(pos.rule_outcome(0), lost);
    play(&mut pos, CHASE_CYCLE);
    assert_eq!(pos.outcome(), lost);
    // The mirror image: Black's rook chases Red's cannon and loses.
    assert_eq!(
        outcome_after_cycles("3k5/1r7/9/9/9/C8/9/9/9/4K4 b", "b8b4 a4a3", "b4b3 a3a4 b3b4 a4a3"),
        Some(Outcome::win(Side::White, EndReason::PerpetualChase))
    );
}

#[test]
fn attacking_a_protected_piece_or_offering_an_exchange_is_no_chase() {
    let drawn = Some(Outcome::draw(EndReason::Repetition));
    // Black's rook on a9 protects the cannon wherever it stands on the a-file.
    assert_eq!(outcome_after_cycles("r3k4/9/9/9/c8/9/9/9/9/1R1K5 w", "b0b5 a5a6", CHASE_CYCLE), drawn);
    // A rook attacking a rook that can take it back offers an exchange.
    assert_eq!(outcome_after_cycles("4k4/9/9/9/r8/9/9/9/9/1R1K5 w", "b0b5 a5a6", CHASE_CYCLE), drawn);
}

#[test]
fn a_soldier_across_the_river_can_be_chased() {
    // Black's soldier steps between a4 and b4; Red's rook follows it along the first rank.
    assert_eq!(
        outcome_after_cycles("4k4/9/9/9/9/p8/9/9/9/1R1K5 w", "b0a0 a4b4", "a0b0 b4a4 b0a0 a4b4"),
        Some(Outcome::win(Side::Black, EndReason::PerpetualChase))
    );
}

#[test]
fn a_rook_attacked_by_a_horse_is_chased_even_when_protected() {
    // Black's rook shuttles between a7 and a6, protected by the rook on a9 on both squares;
    // Red's horse attacks it from b5 and from c7 in turn.
    assert_eq!(
        outcome_after_cycles("r3k4/9/r1N6/9/9/9/9/9/9/3K5 w", "", "c7b5 a7a6 b5c7 a6a7"),
        Some(Outcome::win(Side::Black, EndReason::PerpetualChase))
    );
}

#[test]
fn sixty_moves_without_capture_draw() {
    let mut pos = position("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 80");
    assert_eq!(pos.rule_outcome(usize::MAX), None);
    play(&mut pos, "a1a2");
    assert_eq!(pos.halfmove_clock(), 120);
    assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::NoCaptureLimit)));
    // A capture restarts the count.
    let mut pos = position("3k5/9/9/9/9/9/9/p8/R8/4K4 w - - 119 80");
    play(&mut pos, "a1a2");
    assert_eq!((pos.halfmove_clock(), pos.outcome()), (0, None));
    // Mate on the 120th ply is still mate.
    let mut pos = position("4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 119 80");
    play(&mut pos, "a1a9");
    assert_eq!(pos.outcome(), Some(Outcome::win(Side::White, EndReason::Checkmate)));
}

#[test]
fn null_moves_end_the_repetition_window() {
    let mut pos = position(CHECKING);
    play(&mut pos, "a1a2 f9f8");
    pos.make_null();
    play(&mut pos, "f8f9");
    assert_eq!(pos.rule_outcome(0), None);
    pos.unmake();
    pos.unmake();
    assert_eq!(pos.ply(), 2);
    assert!(pos.null_move_safe());
    assert!(!position("4k4/9/9/9/9/9/9/9/4A4/3K5 w").null_move_safe());
}

/// The front door is total: any move a caller can build (any two squares, on the board or
/// not) is refused by `play` with the position unchanged or played if legal, and named by
/// `human_move` without a panic; a square off the board holds nothing.
#[test]
fn any_move_or_square_a_caller_builds_is_answered() {
    let start = Position::start();
    for from in 0..=255u8 {
        for to in (0..=255u8).step_by(3) {
            let m = ladya_xiangqi::Move::new(from, to);
            let mut pos = start.clone();
            let text = pos.human_move(m);
            match pos.play(m) {
                Ok(()) => assert!(start.is_legal(m), "{text}"),
                Err(_) => assert_eq!(pos.to_fen(), start.to_fen(), "{text}"),
            }
        }
    }
    assert!(start.piece_at(90).is_none() && start.piece_at(255).is_none());
}

/// Each side's piece key follows all its pieces but its soldiers.
#[test]
fn piece_keys_follow_each_sides_pieces_but_not_its_soldiers() {
    let keys = |moves: &[&str]| {
        let mut pos = Position::start();
        for text in moves {
            let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            pos.make(m);
        }
        pos.piece_keys().expect("xiangqi names its pieces")
    };
    let start = keys(&[]);
    assert_ne!(start[0], start[1]);
    assert_eq!(keys(&["c3c4", "c6c5"]), start);
    let cannon_moved = keys(&["h2e2"]);
    assert_ne!(cannon_moved[0], start[0]);
    assert_eq!(cannon_moved[1], start[1]);
    assert_eq!(keys(&["h2e2", "h7e7", "e2h2", "e7h7"]), start);
}
