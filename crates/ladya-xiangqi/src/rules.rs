//! The rules that end a xiangqi game: no legal move (checkmate or stalemate, both a loss),
//! repetition with perpetual check and chase, and the sixty-move rule. All of them live here.
//!
//! What is implemented, exactly:
//!
//! - **Repetition.** A position repeats when the same pieces stand on the same squares with the
//!   same side to move. It counts at its third occurrence (the strict rule), or already at its
//!   second when the earlier occurrence lies at or after the history index `twofold_from` that
//!   [`Game::rule_outcome`](ladya_core::Game::rule_outcome) is given (search passes its root, so
//!   that cycles inside the tree end at once). A position standing a third time counts from
//!   the first of its occurrences whatever `twofold_from` says, so a search judges the cycle
//!   the game will. Only positions since the last capture are compared, since a capture can
//!   never be undone.
//! - **Perpetual check and chase.** When a repetition counts, the moves of the cycle are
//!   judged: from the earliest occurrence counted to the present position, replayed on a copy.
//!   A side every one of whose moves in the cycle gave check is checking perpetually. A side
//!   is *chasing* perpetually when one and the same enemy piece (followed as it moves) was
//!   chased by every one of its moves (a check that chases nothing breaks the chase). A move
//!   chases an enemy piece when, after it, some piece of the mover can legally capture that
//!   piece and did not attack it before (the moved piece from the square it left, by the
//!   geometry of its moves; a piece it unmasked counts too), and the capture would win: the
//!   piece is not protected (no legal recapture on its square), or it outranks its attacker:
//!   a rook attacked by a horse or a cannon, a rook, horse or cannon attacked by an advisor
//!   or an elephant.
//!   Generals and soldiers may attack freely; a general and a soldier still on its own side
//!   of the river are never chased; attacking a piece of one's own kind that can take back is
//!   an exchange offered, not a chase. The verdict: if exactly one side checked perpetually
//!   it loses ([`EndReason::PerpetualCheck`]); if both did the game is drawn; otherwise if
//!   exactly one side chased perpetually it loses ([`EndReason::PerpetualChase`]); any other
//!   repetition is drawn ([`EndReason::Repetition`]).
//! - **Sixty moves.** After 120 plies without a capture the game is drawn
//!   ([`EndReason::NoCaptureLimit`]), unless the side to move has no legal move: mate (or
//!   stalemate, also a loss in xiangqi) on the last ply still decides.
//! - **Null moves** (search only) restart the no-capture count like a capture, so neither
//!   rule looks back across one.
//!
//! This is the core of the Asian Xiangqi Federation's rules; `tests/xiangqi/repetitions.rs` checks it
//! against Fairy-Stockfish's verdicts on cycles from random games. Not implemented: the
//! federation's finer cases (a protector pinned against its general, discovered checks as
//! chases, chases by several pieces taking turns judged piece by piece, the tables of mixed
//! check-and-chase rulings). Perft ignores all of these rules.
//!
//! # Examples
//!
//! Red checks with its rook, again and again; at the third occurrence of the position Red has
//! lost by perpetual check (a search, counting from its root, sees it at the second):
//!
//! ```
//! use ladya_xiangqi::{EndReason, Game, Outcome, Position, Side};
//!
//! let mut pos = Position::from_fen("5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1")?;
//! let cycle = ["a8a9", "f9f8", "a9a8", "f8f9"];
//! for m in cycle {
//!     pos.play_text(m)?;
//! }
//! assert_eq!(pos.outcome(), None);
//! let perpetual = Outcome::win(Side::Black, EndReason::PerpetualCheck);
//! assert_eq!(pos.rule_outcome(0), Some(perpetual));
//! for m in cycle {
//!     pos.play_text(m)?;
//! }
//! assert_eq!(pos.outcome(), Some(perpetual));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rook attacks the black horse with every move, and the horse runs each time: Red loses
//! by perpetual chase.
//!
//! ```
//! use ladya_xiangqi::{EndReason, Outcome, Position, Side};
//!
//! let mut pos = Position::from_fen("3k5/9/1n7/9/9/9/9/9/2R6/5K3 w - - 0 1")?;
//! for m in ["c1b1", "b7c5", "b1c1", "c5b7"].repeat(2) {
//!     pos.play_text(m)?;
//! }
//! assert_eq!(pos.outcome(), Some(Outcome::win(Side::Black, EndReason::PerpetualChase)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Sixty moves by each side without a capture draw, unless the last one mates:
//!
//! ```
//! use ladya_xiangqi::rules::NO_CAPTURE_LIMIT;
//! use ladya_xiangqi::{EndReason, Outcome, Position};
//!
//! let mut pos: Position = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 70".parse()?;
//! pos.play_text("a0a1")?;
//! assert_eq!(pos.halfmove_clock(), NO_CAPTURE_LIMIT);
//! assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::NoCaptureLimit)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ladya_core::{EndReason, MoveList, Outcome, Side};

use crate::board::{
    ADVISOR_STEPS, Bitboard, ELEPHANT_EYES, ELEPHANT_TARGETS, HOME_HALF, HORSE_LEGS, HORSE_TARGETS, RAYS, Square, bit,
    file_of, nearest, rank_of,
};
use crate::moves::Move;
use crate::piece::Kind;
use crate::position::Position;

/// Plies without a capture after which the game is drawn (sixty moves by each side).
pub const NO_CAPTURE_LIMIT: u16 = 120;

/// How each side behaved during a repeated cycle of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Conduct {
    /// Whether every move the side made in the cycle gave check, indexed by [`Side::index`].
    perpetual_check: [bool; 2],
    /// Whether the side chased perpetually: one enemy piece was chased by every one of its
    /// moves in the cycle.
    perpetual_chase: [bool; 2],
}

impl Conduct {
    /// The conduct of both sides over the moves from history index `start` to the present,
    /// found by taking the moves back on a copy of the position and replaying them.
    fn of_cycle(pos: &Position, start: usize) -> Conduct {
        let mut walk = pos.clone();
        let mut cycle = Vec::with_capacity(walk.history.len() - start);
        while walk.history.len() > start {
            cycle.push(walk.history[walk.history.len() - 1].mv);
            walk.unmake();
        }
        let mut perpetual_check = [true; 2];
        // The enemy pieces (by their present squares) chased by every move of the side so far.
        let mut chased: [Option<Bitboard>; 2] = [None; 2];
        for &m in cycle.iter().rev() {
            let mover = walk.side.index();
            walk.make(m);
            if let Some(targets) = chased[mover ^ 1].as_mut().filter(|t| **t & bit(m.from()) != 0) {
                // The chased piece ran; the chase follows it.
                *targets ^= bit(m.from()) | bit(m.to());
            }
            perpetual_check[mover] &= walk.in_check();
            if chased[mover] != Some(0) {
                let now = chases(&mut walk, m);
                chased[mover] = Some(chased[mover].map_or(now, |t| t & now));
            }
        }
        let perpetual_chase = [0, 1].map(|s| chased[s].is_some_and(|t| t != 0));
        Conduct { perpetual_check, perpetual_chase }
    }

    /// The result of a repetition with this conduct: perpetual check loses; failing that,
    /// perpetual chase loses; a side is only punished when the other is not.
    fn verdict(self) -> Outcome {
        let loser = |guilty: [bool; 2], reason| match guilty {
            [true, false] => Some(Outcome::win(Side::Black, reason)),
            [false, true] => Some(Outcome::win(Side::White, reason)),
            _ => None,
        };
        if self.perpetual_check == [true, true] {
            return Outcome::draw(EndReason::Repetition);
        }
        loser(self.perpetual_check, EndReason::PerpetualCheck)
            .or_else(|| loser(self.perpetual_chase, EndReason::PerpetualChase))
            .unwrap_or(Outcome::draw(EndReason::Repetition))
    }
}

/// The legal captures of the side that is not to move in `pos` (`flip`) or of the side to move.
/// Flipping passes the turn with a null move and takes it back.
fn captures(pos: &mut Position, flip: bool) -> MoveList<Move> {
    let mut list = MoveList::new();
    if flip {
        pos.make_null();
    }
    pos.noisy_moves(&mut list);
    if flip {
        pos.unmake();
    }
    list
}

/// The enemy pieces that the last move `m` chases in `pos`: the pieces some piece of the mover
/// can now legally capture that it did not attack before the move (the moved piece from the
/// square it left), where the capture wins something. Generals and soldiers may attack freely,
/// so they chase nothing; a general or a soldier still on its own side of the river is never
/// chased; a piece that can take its attacker back and is of the attacker's kind is an offered
/// exchange, not a chase; a protected piece is not chased unless it outranks its attacker
/// ([`outranks`]).
fn chases(pos: &mut Position, m: Move) -> Bitboard {
    let mover = pos.side.opponent();
    let mut occupied_before = pos.occupied() ^ bit(m.from());
    if pos.history.last().is_some_and(|u| u.captured.is_none()) {
        occupied_before ^= bit(m.to());
    }
    let answers = captures(pos, false);
    let mut chased = 0;
    for &c in captures(pos, true).iter() {
        let (from, target) = (c.from(), c.to());
        let attacker = pos.piece_at(from).kind();
        let victim = pos.piece_at(target).kind();
        let already_attacked = if from == m.to() {
            moved_attack_is_old(attacker, m, target, occupied_before)
        } else {
            attacks(attacker, from, target, occupied_before)
        };
        let harmless = match victim {
            Kind::General => true,
            Kind::Soldier => HOME_HALF[mover.opponent().index()] & bit(target) != 0,
            _ => false,
        };
        if matches!(attacker, Kind::General | Kind::Soldier)
            || harmless
            || already_attacked
            || (attacker == victim && answers.iter().any(|&a| a == Move::new(target, from)))
        {
            continue;
        }
        if outranks(victim, attacker) || !protected_after_capture(pos, c) {
            chased |= bit(target);
        }
    }
    chased
}

/// Whether the piece moved by `m` already attacked `target` before the move. A rook
/// or cannon that slid along a line keeps its old attacks on that line except those behind
/// the square it left: its attack on them now runs through that square, so it counts as new,
/// as Fairy-Stockfish counts it (a rook that retreats along a file, still attacking a piece
/// on the far side of where it stood, chases that piece).
fn moved_attack_is_old(kind: Kind, m: Move, target: Square, occupied: Bitboard) -> bool {
    let (from, to) = (m.from(), m.to());
    if matches!(kind, Kind::Rook | Kind::Cannon) {
        let axis = |s: Square| if file_of(from) == file_of(to) { rank_of(s) as i8 } else { file_of(s) as i8 };
        let on_line = if file_of(from) == file_of(to) {
            file_of(target) == file_of(from)
        } else {
            rank_of(target) == rank_of(from)
        };
        let behind = (axis(from) - axis(to)).signum() == (axis(target) - axis(from)).signum();
        return on_line && !behind;
    }
    attacks(kind, from, target, occupied)
}

/// Whether a `kind` piece on `from` attacks `target` (an occupied square) on a board holding
/// `occupied`, by the geometry of its moves alone (check and pins aside), read from the move
/// tables. Generals and soldiers never chase and are not asked about.
fn attacks(kind: Kind, from: Square, target: Square, occupied: Bitboard) -> bool {
    let (from, aim) = (from as usize, bit(target));
    let free = |s: Square| occupied & bit(s) == 0;
    match kind {
        Kind::Rook | Kind::Cannon => (0..4).any(|dir| {
            let on_ray = RAYS[dir][from] & occupied;
            let first = nearest(dir, on_ray);
            // A rook takes the first piece on the ray; a cannon the second, over the first.
            let hit = if kind == Kind::Rook { first } else { nearest(dir, on_ray ^ first) };
            hit == aim
        }),
        Kind::Horse => (0..4).any(|i| HORSE_TARGETS[from][i] & aim != 0 && free(HORSE_LEGS[from][i])),
        Kind::Elephant => (0..4).any(|i| ELEPHANT_TARGETS[from][i] & aim != 0 && free(ELEPHANT_EYES[from][i])),
        Kind::Advisor => ADVISOR_STEPS[from] & aim != 0,
        _ => false,
    }
}

/// Whether taking a `victim` with an `attacker` wins material even if the victim is protected:
/// a rook for a horse or a cannon, and a rook, a horse or a cannon for an advisor or an
/// elephant.
fn outranks(victim: Kind, attacker: Kind) -> bool {
    match attacker {
        Kind::Horse | Kind::Cannon => victim == Kind::Rook,
        Kind::Advisor | Kind::Elephant => matches!(victim, Kind::Rook | Kind::Horse | Kind::Cannon),
        _ => false,
    }
}

/// Whether, after the side not to move in `pos` played the capture `c`, the other side could
/// take back on the square.
fn protected_after_capture(pos: &mut Position, c: Move) -> bool {
    pos.make_null();
    pos.make(c);
    let protected = captures(pos, false).iter().any(|r| r.to() == c.to());
    pos.unmake();
    pos.unmake();
    protected
}

/// If the present position repeats often enough to count (see the module documentation), the
/// history index of the earliest occurrence counted.
fn repetition_start(pos: &Position, twofold_from: usize) -> Option<usize> {
    let n = pos.history.len();
    let reach = (pos.halfmove as usize).min(n);
    let earlier = (4..=reach).step_by(2).map(|back| (n - back, pos.history[n - back].key));
    ladya_core::repetition::repetition_start(pos.key, earlier, twofold_from)
}

/// What it means that the side to move has no legal move: it loses, in check (checkmate) or
/// not (stalemate).
pub(crate) fn no_moves_outcome(pos: &Position) -> Outcome {
    let reason = if pos.in_check() { EndReason::Checkmate } else { EndReason::Stalemate };
    Outcome::win(pos.side.opponent(), reason)
}

/// The end of the game by repetition or the sixty-move rule, if either applies.
pub(crate) fn rule_outcome(pos: &Position, twofold_from: usize) -> Option<Outcome> {
    if let Some(start) = repetition_start(pos, twofold_from) {
        return Some(Conduct::of_cycle(pos, start).verdict());
    }
    if pos.halfmove >= NO_CAPTURE_LIMIT && pos.count_legal_moves() > 0 {
        return Some(Outcome::draw(EndReason::NoCaptureLimit));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces chased by `m`, played in `fen`.
    fn chased_by(fen: &str, m: &str) -> Bitboard {
        let mut pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_move(m).unwrap();
        pos.make(m);
        chases(&mut pos, m)
    }

    #[test]
    fn a_search_judges_a_third_occurrence_by_the_whole_cycle() {
        // Black's rook checks, steps away, then checks on every move: the position with the
        // general on e1 stands a third time. Its cycle holds the quiet rook move, so the game
        // is drawn; the last four plies alone, all checks by Black, would lose for Black.
        let mut pos = Position::from_fen("3k5/9/9/5r3/9/R8/9/9/4K4/9 b - - 0 1").unwrap();
        for m in ["f6f1", "e1e0", "f1f6", "e0e1", "f6f1"] {
            pos.play_text(m).unwrap();
        }
        let root = pos.history.len();
        for m in ["e1e2", "f1f2", "e2e1", "f2f1"] {
            pos.play_text(m).unwrap();
        }
        let draw = Some(Outcome::draw(EndReason::Repetition));
        assert_eq!(rule_outcome(&pos, usize::MAX), draw);
        assert_eq!(rule_outcome(&pos, root), draw);
        // Seen twice only, from a root after the quiet move, the checks alone make the cycle.
        let mut twice = Position::from_fen("3k5/9/9/9/9/R8/9/9/4Kr3/9 w - - 0 1").unwrap();
        let root = twice.history.len();
        for m in ["e1e2", "f1f2", "e2e1", "f2f1"] {
            twice.play_text(m).unwrap();
        }
        assert_eq!(rule_outcome(&twice, usize::MAX), None);
        assert_eq!(rule_outcome(&twice, root), Some(Outcome::win(Side::White, EndReason::PerpetualCheck)));
    }

    #[test]
    fn a_soldier_before_the_river_is_never_chased() {
        // The rook comes back to b6, attacking the piece on a6.
        assert_eq!(chased_by("4k4/9/1R7/p8/9/9/9/9/9/3K5 w", "b7b6"), 0);
        assert_eq!(chased_by("4k4/9/1R7/n8/9/9/9/9/9/3K5 w", "b7b6"), bit(54));
    }

    #[test]
    fn generals_and_soldiers_chase_nothing() {
        // Red's soldier crosses the river next to Black's unprotected horse; Red's general
        // steps next to another.
        assert_eq!(chased_by("4k4/9/9/9/1n7/P8/9/9/9/3K5 w", "a4a5"), 0);
        assert_eq!(chased_by("5k3/9/9/9/9/9/9/9/9/3K1n3 w", "d0e0"), 0);
        // A rook doing the same chases.
        assert_eq!(chased_by("4k4/9/9/9/1n7/R8/9/9/9/3K5 w", "a4a5"), bit(46));
    }
}
