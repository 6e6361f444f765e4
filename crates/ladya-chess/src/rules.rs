//! The rules that end a chess game: checkmate and stalemate, the fifty-move rule, threefold
//! repetition and insufficient material. All of them live here.

use ladya_core::repetition::repetition_start;
use ladya_core::{EndReason, Outcome};

use crate::board::{DARK_SQUARES, more_than_one};
use crate::piece::Kind;
use crate::position::Position;

/// Half-moves without a capture or a pawn move after which the game is drawn (fifty moves by
/// each side).
pub(crate) const FIFTY_MOVE_LIMIT: u16 = 100;

impl Position {
    /// The end of the game by a rule that needs no move generation: fifty moves (unless the
    /// hundredth half-move mates), repetition, insufficient material. A repetition of a
    /// position first seen at history index `twofold_from` or later counts at its second
    /// occurrence, earlier ones at their third.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{EndReason, Outcome, Position};
    ///
    /// let fifty = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80")?;
    /// assert_eq!(fifty.rule_outcome(usize::MAX), Some(Outcome::draw(EndReason::FiftyMoves)));
    /// let knight = Position::from_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1")?;
    /// assert_eq!(knight.rule_outcome(usize::MAX), Some(Outcome::draw(EndReason::InsufficientMaterial)));
    /// assert_eq!(Position::start().rule_outcome(usize::MAX), None);
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn rule_outcome(&self, twofold_from: usize) -> Option<Outcome> {
        if self.halfmove >= FIFTY_MOVE_LIMIT {
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
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{EndReason, Outcome, Position};
    ///
    /// let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// assert!(stalemate.legal_moves().is_empty());
    /// assert_eq!(stalemate.no_moves_outcome(), Outcome::draw(EndReason::Stalemate));
    /// assert_eq!(stalemate.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn no_moves_outcome(&self) -> Outcome {
        if self.in_check() {
            Outcome::win(self.side.opponent(), EndReason::Checkmate)
        } else {
            Outcome::draw(EndReason::Stalemate)
        }
    }

    /// Whether the position has occurred before: at all if the earlier occurrence is at
    /// history index `twofold_from` or later, else twice before (threefold repetition).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::start();
    /// for text in ["Nc3", "Nc6", "Nb1", "Nb8"] {
    ///     pos.play_text(text)?;
    /// }
    /// assert!(!pos.is_repetition(usize::MAX)); // the start's second occurrence
    /// assert!(pos.is_repetition(0)); // counted from ply 0, as a search does
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    pub fn is_repetition(&self, twofold_from: usize) -> bool {
        // Positions with the same side to move, as far back as the last capture or pawn move.
        let n = self.history.len();
        let reach = (self.halfmove as usize).min(n);
        let earlier = (4..=reach).step_by(2).map(|back| (n - back, self.history[n - back].key));
        repetition_start(self.key, earlier, twofold_from).is_some()
    }

    /// Whether neither side can ever give mate: bare kings, a single minor piece, or only
    /// bishops all standing on squares of one colour.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let fen = |placement: &str| Position::from_fen(&format!("{placement} w - - 0 1"));
    /// assert!(fen("4k3/8/8/8/8/8/8/4KN2")?.insufficient_material()); // a knight alone
    /// assert!(fen("4k3/8/8/8/8/8/3b4/2B1K3")?.insufficient_material()); // bishops on dark squares
    /// assert!(!fen("4k3/8/8/8/8/8/8/2B1KB2")?.insufficient_material()); // bishops of both colours
    /// assert!(!fen("4k3/8/8/8/8/8/8/4K2R")?.insufficient_material());
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
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
