//! The rules that end a xiangqi game without mate: repetition and the sixty-move rule. All of
//! them live here.
//!
//! What is implemented, exactly:
//!
//! - **Repetition.** A position repeats when the same pieces stand on the same squares with the
//!   same side to move. It counts at its third occurrence (the strict rule), or already at its
//!   second when the earlier occurrence lies at or after the history index `twofold_from` that
//!   [`Game::rule_outcome`](ladya_core::Game::rule_outcome) is given (search passes its root, so
//!   that cycles inside the tree end at once). Only positions since the last capture are
//!   compared, since a capture can never be undone.
//! - **Perpetual check.** When a repetition counts, the moves of the cycle are judged: from the
//!   earliest occurrence counted to the present position. A side every one of whose moves in
//!   the cycle gave check is checking perpetually. If exactly one side did, it loses
//!   ([`EndReason::PerpetualCheck`]); if both or neither did, the game is drawn
//!   ([`EndReason::Repetition`]).
//! - **Sixty moves.** After 120 plies without a capture the game is drawn
//!   ([`EndReason::NoCaptureLimit`]), unless the side to move has no legal move: mate (or
//!   stalemate, also a loss in xiangqi) on the last ply still decides.
//! - **Null moves** (search only) restart the no-capture count like a capture, so neither
//!   rule looks back across one.
//!
//! Not implemented: the chase rules of the Asian Xiangqi Federation (perpetually attacking an
//! unprotected piece also loses) and their finer points on checks mixed with chases. The
//! private `Conduct` is where a chase test would go: it would record per side whether every
//! move of the cycle chased, and `Conduct::verdict` would weigh checks and chases. Perft
//! ignores all of these rules.

use ladya_core::{EndReason, Outcome, Side};

use crate::position::Position;

/// Plies without a capture after which the game is drawn (sixty moves by each side).
pub const NO_CAPTURE_LIMIT: u16 = 120;

/// How each side behaved during a repeated cycle of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Conduct {
    /// Whether every move the side made in the cycle gave check, indexed by [`Side::index`].
    perpetual_check: [bool; 2],
}

impl Conduct {
    /// The conduct of both sides over the moves from history index `start` to the present,
    /// found by taking the moves back on a copy of the position.
    fn of_cycle(pos: &Position, start: usize) -> Conduct {
        let mut walk = pos.clone();
        let mut perpetual_check = [true; 2];
        while walk.history.len() > start {
            // The side to move is in check exactly when the other side's last move gave check.
            let mover = walk.side.opponent();
            perpetual_check[mover.index()] &= walk.in_check();
            walk.unmake();
        }
        Conduct { perpetual_check }
    }

    /// The result of a repetition with this conduct.
    fn verdict(self) -> Outcome {
        match self.perpetual_check {
            [true, false] => Outcome::win(Side::Black, EndReason::PerpetualCheck),
            [false, true] => Outcome::win(Side::White, EndReason::PerpetualCheck),
            _ => Outcome::draw(EndReason::Repetition),
        }
    }
}

/// If the present position repeats often enough to count (see the module documentation), the
/// history index of the earliest occurrence counted.
fn repetition_start(pos: &Position, twofold_from: usize) -> Option<usize> {
    let n = pos.history.len();
    let reach = (pos.halfmove as usize).min(n);
    let mut seen = 0;
    let mut back = 4;
    while back <= reach {
        let index = n - back;
        if pos.history[index].key == pos.key {
            seen += 1;
            if index >= twofold_from || seen == 2 {
                return Some(index);
            }
        }
        back += 2;
    }
    None
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
