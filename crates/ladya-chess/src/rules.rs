//! The rules that end a chess game: checkmate and stalemate, the fifty-move rule, threefold
//! repetition and insufficient material. All of them live here.

use ladya_core::repetition::repetition_start;
use ladya_core::{EndReason, Outcome};

use crate::board::{DARK_SQUARES, more_than_one};
use crate::piece::Kind;
use crate::position::Position;

impl Position {
    /// The end of the game by a rule that needs no move generation: fifty moves (unless the
    /// hundredth half-move mates), repetition, insufficient material. A repetition of a
    /// position first seen at history index `twofold_from` or later counts at its second
    /// occurrence, earlier ones at their third.
    pub fn rule_outcome(&self, twofold_from: usize) -> Option<Outcome> {
        if self.halfmove >= 100 {
            // Mate on the hundredth half-move still counts as mate.
            let mated = self.in_check() && self.count_legal_moves() == 0;
            return (!mated).then_some(Outcome::draw(EndReason::FiftyMoves));
        }
        if self.is_repetition(twofold_from) {
            return Some(Outcome::draw(EndReason::Repetition));
        }
        if self.insufficient_material() {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        None
    }

    /// What it means that the side to move has no legal move: checkmate, or stalemate (a
    /// draw).
    pub fn no_moves_outcome(&self) -> Outcome {
        if self.in_check() {
            Outcome::win(self.side.opponent(), EndReason::Checkmate)
        } else {
            Outcome::draw(EndReason::Stalemate)
        }
    }

    /// Whether the position has occurred before: at all if the earlier occurrence is at
    /// history index `twofold_from` or later, else twice before (threefold repetition).
    pub fn is_repetition(&self, twofold_from: usize) -> bool {
        // Positions with the same side to move, as far back as the last capture or pawn move.
        let n = self.history.len();
        let reach = (self.halfmove as usize).min(n);
        let earlier = (4..=reach).step_by(2).map(|back| (n - back, self.history[n - back].key));
        repetition_start(self.key, earlier, twofold_from).is_some()
    }

    /// Whether neither side can ever give mate: bare kings, a single minor piece, or only
    /// bishops all standing on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        let heavy =
            self.by_kind[Kind::Pawn as usize] | self.by_kind[Kind::Rook as usize] | self.by_kind[Kind::Queen as usize];
        if heavy != 0 {
            return false;
        }
        let knights = self.by_kind[Kind::Knight as usize];
        let bishops = self.by_kind[Kind::Bishop as usize];
        let minors = knights | bishops;
        !more_than_one(minors) || (knights == 0 && (bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0))
    }
}
