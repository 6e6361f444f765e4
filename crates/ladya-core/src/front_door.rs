//! The methods every game's position offers a user without importing [`Game`](crate::Game):
//! one definition, the same names and meanings in chess, xiangqi and ugolki.
//!
//! A game crate calls [`position_front_door!`](crate::position_front_door) on its position
//! type, which must implement [`Game`](crate::Game) and have inherent `from_fen` and `to_fen`.

use std::fmt;

/// A move that is not legal in the position it was played in.
///
/// # Examples
///
/// ```
/// use ladya_xiangqi::Position;
///
/// let mut pos = Position::start();
/// let cannon = pos.play_text("h2e2")?;
/// let again = pos.play(cannon).unwrap_err(); // the cannon has left h2
/// assert_eq!(again.to_string(), "h2e2 is not a legal move in this position");
/// # Ok::<(), ladya_xiangqi::XiangqiError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move in the game's coordinate form (`e2e4`, `h2e2`, `e3e5`).
    pub text: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in this position", self.text)
    }
}

impl std::error::Error for IllegalMove {}

/// Gives a game's position type the user-facing methods every Ladya game shares (legal move
/// list, checked `play`, outcome, human notation) and `Display`/`FromStr` in the game's FEN
/// form. `$pos` implements [`Game`](crate::Game) with `Error: From<$fen_error>`, and has
/// inherent `from_fen(&str) -> Result<$pos, $fen_error>` and `to_fen(&self) -> String`.
///
/// # Examples
///
/// What every game's position gets, here in ugolki:
///
/// ```
/// use ladya_ugolki::Position;
///
/// let mut pos: Position = "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1".parse()?;
/// assert_eq!(pos.legal_moves().len(), 14);
/// let jump = pos.parse_move("e2e4")?;
/// assert!(pos.is_legal(jump));
/// assert_eq!(pos.human_move(jump), "e2:e4");
/// pos.play(jump)?;
/// pos.play_text("d6-d5")?;
/// assert_eq!(pos.to_string(), "BBBB4/BBBB4/BBB5/3B4/4W3/4WWWW/5WWW/4WWWW w 2");
/// assert!(!pos.is_game_over() && !pos.is_checkmate());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! position_front_door {
    ($pos:ty, $fen_error:ty) => {
        impl $pos {
            /// Every legal move of the position, in generation order.
            pub fn legal_moves(&self) -> $crate::MoveList<<$pos as $crate::Game>::Move> {
                let mut list = $crate::MoveList::new();
                <$pos as $crate::Game>::legal_moves(self, &mut list);
                list
            }

            /// Whether `m` is a legal move of the position.
            pub fn is_legal(&self, m: <$pos as $crate::Game>::Move) -> bool {
                self.legal_moves().contains(&m)
            }

            /// Plays `m` after checking that it is legal here; the position is unchanged when
            /// it is not. `make` is the unchecked form the search uses.
            ///
            /// # Errors
            /// [`IllegalMove`]($crate::IllegalMove) when `m` is not a legal move of the position.
            pub fn play(&mut self, m: <$pos as $crate::Game>::Move) -> Result<(), $crate::IllegalMove> {
                if !self.is_legal(m) {
                    return Err($crate::IllegalMove { text: <$pos as $crate::Game>::move_text(self, m) });
                }
                <$pos as $crate::Game>::make(self, m);
                Ok(())
            }

            /// Reads a move in coordinate form or in the human notation and plays it,
            /// returning the move.
            ///
            /// # Errors
            /// The game's error when the text is malformed, ambiguous or not a legal move.
            pub fn play_text(
                &mut self,
                text: &str,
            ) -> Result<<$pos as $crate::Game>::Move, <$pos as $crate::Game>::Error> {
                let m = <$pos as $crate::Game>::parse_move(self, text)?;
                <$pos as $crate::Game>::make(self, m);
                Ok(m)
            }

            /// `m` in the notation people read (SAN for chess, WXF for xiangqi, `e3-e4`/`e3:e5`
            /// for ugolki); a move that is not legal here, which that notation cannot name,
            /// in the coordinate form of the engine protocols.
            pub fn human_move(&self, m: <$pos as $crate::Game>::Move) -> String {
                if self.is_legal(m) {
                    <$pos as $crate::Game>::human_move_text(self, m)
                } else {
                    <$pos as $crate::Game>::move_text(self, m)
                }
            }

            /// How the game has ended, or `None` while it goes on (the strict rules: a
            /// position repeated the rule's full count, not twice).
            pub fn outcome(&self) -> Option<$crate::Outcome> {
                <$pos as $crate::Game>::outcome(self)
            }

            /// Whether the game is over.
            pub fn is_game_over(&self) -> bool {
                self.outcome().is_some()
            }

            /// Whether the side to move has been checkmated.
            pub fn is_checkmate(&self) -> bool {
                self.outcome().is_some_and(|o| o.reason == $crate::EndReason::Checkmate)
            }
        }

        impl std::fmt::Display for $pos {
            /// The position in the game's FEN form.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.to_fen())
            }
        }

        impl std::str::FromStr for $pos {
            type Err = $fen_error;

            fn from_str(s: &str) -> Result<$pos, $fen_error> {
                <$pos>::from_fen(s)
            }
        }
    };
}
