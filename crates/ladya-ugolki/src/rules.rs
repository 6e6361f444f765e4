//! The rules of ending of `docs/ugolki-rules.md`, in the rule file's order: the own-home
//! deadline, filling the target (with Black's equalising move), the move limit, and
//! repetition.

use ladya_core::repetition::repetition_start;
use ladya_core::{EndReason, Outcome, Side};

use crate::position::Position;

/// A player's move number from which the own-home rule applies: after his 40th move and
/// every later one, none of his pieces may stand in his own home.
pub const OWN_HOME_MOVE: u8 = 40;
/// The game ends after Black's 80th move (if nothing decided it before).
pub const MOVE_LIMIT: u8 = 80;
/// The largest full-move number a position can have: White to move after Black's 80th move
/// (the game is then over).
pub const LAST_MOVE_NUMBER: u8 = MOVE_LIMIT + 1;

impl Position {
    /// Ugolki has no check: always false (the same question as in the other games).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// assert!(!Position::start().in_check());
    /// ```
    pub fn in_check(&self) -> bool {
        false
    }

    /// The result if the rules of ending have finished the game, checked in the rule file's
    /// order for the move that led here (the side not to move made it).
    ///
    /// With Black to move, White just made its move number `n` (the move number): only the
    /// own-home rule can apply to it. A White move that fills Black's home does not end the
    /// game: it leaves Black to move with White's target full, Black's equalising move.
    /// With White to move, Black just made its move `n - 1` (none yet at move 1): the
    /// own-home rule, then Black completing first, then White having completed the move
    /// before (draw if Black has now completed too), then the move limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{EndReason, Outcome, Position, Side};
    ///
    /// assert_eq!(Position::start().finished(), None);
    /// // White has made its 40th move with pieces still at home: it has lost.
    /// let stayed = Position::from_fen("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW b 40")?;
    /// assert_eq!(stayed.finished(), Some(Outcome::win(Side::Black, EndReason::OwnHome)));
    /// assert!(stayed.legal_moves().is_empty());
    /// # Ok::<(), ladya_ugolki::FenError>(())
    /// ```
    #[inline(always)]
    pub fn finished(&self) -> Option<Outcome> {
        let [white, black] = self.pieces;
        let white_home = self.layout.home(Side::White);
        let black_home = self.layout.home(Side::Black);
        match self.side {
            Side::Black => (self.number >= OWN_HOME_MOVE && white & white_home != 0)
                .then_some(Outcome::win(Side::Black, EndReason::OwnHome)),
            Side::White => {
                let black_moves = self.number - 1;
                let black_done = black & white_home == white_home;
                let white_done = white & black_home == black_home;
                if black_moves >= OWN_HOME_MOVE && black & black_home != 0 {
                    Some(Outcome::win(Side::White, EndReason::OwnHome))
                } else if black_done && !white_done {
                    Some(Outcome::win(Side::Black, EndReason::TargetFilled))
                } else if white_done {
                    Some(if black_done {
                        Outcome::draw(EndReason::TargetFilled)
                    } else {
                        Outcome::win(Side::White, EndReason::TargetFilled)
                    })
                } else if black_moves >= MOVE_LIMIT {
                    Some(self.count_outcome())
                } else {
                    None
                }
            }
        }
    }

    /// The move-limit rule's verdict on the board as it stands: the side with more pieces in
    /// its target wins; equal numbers draw.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{EndReason, Outcome, Position, Side};
    ///
    /// // After Black's 80th move: three white pieces in their target, two black ones.
    /// let pos = Position::from_fen("WWW5/8/4BBB1/WWWWWWWW/BBBBWBBB/8/8/4BB2 w 81")?;
    /// assert_eq!(pos.count_outcome(), Outcome::win(Side::White, EndReason::MoveLimit));
    /// assert_eq!(pos.outcome(), Some(pos.count_outcome()));
    /// # Ok::<(), ladya_ugolki::FenError>(())
    /// ```
    pub fn count_outcome(&self) -> Outcome {
        let white = (self.pieces(Side::White) & self.layout.target(Side::White)).count_ones();
        let black = (self.pieces(Side::Black) & self.layout.target(Side::Black)).count_ones();
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Outcome::win(Side::White, EndReason::MoveLimit),
            std::cmp::Ordering::Less => Outcome::win(Side::Black, EndReason::MoveLimit),
            std::cmp::Ordering::Equal => Outcome::draw(EndReason::MoveLimit),
        }
    }

    /// Whether the pieces and the side to move have occurred before: at all if the earlier
    /// occurrence is at history index `twofold_from` or later, else twice before (the third
    /// occurrence draws). The move number is not compared: it differs at every repetition.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// let mut pos = Position::start();
    /// for text in ["e3-e4", "d6-d5", "e4-e3", "d5-d6"] {
    ///     pos.play_text(text)?;
    /// }
    /// // The start's pieces again, at move 3.
    /// assert_eq!(pos.fullmove_number(), 3);
    /// assert!(pos.is_repetition(0));
    /// assert!(!pos.is_repetition(usize::MAX)); // a draw only at the third occurrence
    /// # Ok::<(), ladya_ugolki::UgolkiError>(())
    /// ```
    pub fn is_repetition(&self, twofold_from: usize) -> bool {
        // Positions with the same side to move lie an even number of plies back. Two plies
        // can already repeat one (a pass answered by a search's null move), so look from there.
        let n = self.history.len();
        let earlier = (0..n.saturating_sub(1)).rev().step_by(2).map(|index| (index, self.history[index].key));
        repetition_start(self.key, earlier, twofold_from).is_some()
    }
}
