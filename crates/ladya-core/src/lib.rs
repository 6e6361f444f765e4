//! The core every Ladya game plugs into.
//!
//! A game crate (chess, xiangqi, ugolki) implements [`Game`]; the search, the protocols and the
//! command line are written once against that trait. This crate also holds what they share:
//! [`MoveList`], [`Score`] and its mate arithmetic, [`Tapered`] middlegame/endgame values,
//! [`Outcome`], the seeded random generator [`Rng`](rng::Rng), Zobrist key generation, a
//! generic [`perft`](perft::perft) with divide, and the lock-free
//! [`HashTable`](hashtable::HashTable) under the search's, the solver's and ugolki's tables.
//!
//! Each game's FEN reads and writes its piece placement with [`fen_board`], and EPD lines are
//! read by [`epd`]; each game's tests
//! check its move generator against reference counts with
//! [`check_reference`](perft::check_reference), and its benches time the same
//! [`movegen_workloads`](workloads::movegen_workloads).
//!
//! # Implementing `Game` for a new game
//!
//! A worked example: the take-away game. Twenty-one stones lie on the table; each player in
//! turn takes one, two or three; whoever takes the last stone wins. Once a game implements
//! [`Game`], everything written against the trait works on it: perft here, and the search of
//! `ladya-search`, the mate solver of `ladya-solver` and the engine protocols.
//!
//! ```
//! use ladya_core::{EndReason, Game, MoveCode, MoveList, Outcome, PieceChanges, PlacedPiece, Score, Side, perft};
//!
//! /// A move: how many stones to take (0 is "no move", never legal).
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! struct Take(u8);
//!
//! impl MoveCode for Take {
//!     fn code(self) -> u16 {
//!         self.0 as u16
//!     }
//! }
//!
//! /// The position: stones left, the side to move, and the moves made (for unmake).
//! #[derive(Clone, Debug, PartialEq)]
//! struct TakeAway {
//!     stones: u8,
//!     side: Side,
//!     history: Vec<Take>,
//! }
//!
//! /// What goes wrong reading a position or a move.
//! #[derive(Debug, PartialEq)]
//! struct BadInput(String);
//!
//! impl std::fmt::Display for BadInput {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         write!(f, "bad input '{}'", self.0)
//!     }
//! }
//! impl std::error::Error for BadInput {}
//!
//! impl Game for TakeAway {
//!     type Move = Take;
//!     type Error = BadInput;
//!     const NAME: &'static str = "take-away";
//!
//!     fn start() -> Self {
//!         TakeAway { stones: 21, side: Side::White, history: Vec::new() }
//!     }
//!     /// The "FEN" is the number of stones and the side to move: `21 w`.
//!     fn from_fen(fen: &str) -> Result<Self, BadInput> {
//!         let bad = || BadInput(fen.to_string());
//!         let (stones, side) = fen.split_once(' ').ok_or_else(bad)?;
//!         let stones = stones.parse().map_err(|_| bad())?;
//!         let side = match side {
//!             "w" => Side::White,
//!             "b" => Side::Black,
//!             _ => return Err(bad()),
//!         };
//!         Ok(TakeAway { stones, side, history: Vec::new() })
//!     }
//!     fn fen(&self) -> String {
//!         format!("{} {}", self.stones, if self.side == Side::White { 'w' } else { 'b' })
//!     }
//!     fn side_to_move(&self) -> Side {
//!         self.side
//!     }
//!     fn ply(&self) -> usize {
//!         self.history.len()
//!     }
//!     fn hash(&self) -> u64 {
//!         (self.stones as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.side as u64
//!     }
//!     fn legal_moves(&self, out: &mut MoveList<Take>) {
//!         for n in 1..=self.stones.min(3) {
//!             out.push(Take(n));
//!         }
//!     }
//!     // No captures, no checks: quiescence has nothing to search.
//!     fn noisy_moves(&self, _out: &mut MoveList<Take>) {}
//!     fn is_noisy(&self, _m: Take) -> bool {
//!         false
//!     }
//!     fn in_check(&self) -> bool {
//!         false
//!     }
//!     // Moves told apart by the stones they take.
//!     const MOVE_KEYS: usize = 4;
//!     fn move_key(&self, m: Take) -> usize {
//!         m.0 as usize
//!     }
//!     fn make(&mut self, m: Take) {
//!         self.stones -= m.0;
//!         self.side = self.side.opponent();
//!         self.history.push(m);
//!     }
//!     fn unmake(&mut self) {
//!         if let Some(m) = self.history.pop() {
//!             self.stones += m.0;
//!             self.side = self.side.opponent();
//!         }
//!     }
//!     fn make_null(&mut self) {
//!         self.side = self.side.opponent();
//!         self.history.push(Take(0));
//!     }
//!     // Passing is never allowed here and zugzwang is the whole game: no null-move pruning.
//!     fn null_move_safe(&self) -> bool {
//!         false
//!     }
//!     fn rule_outcome(&self, _twofold_from: usize) -> Option<Outcome> {
//!         None
//!     }
//!     /// No stone left: the opponent took the last one and won.
//!     fn no_moves_outcome(&self) -> Outcome {
//!         Outcome::win(self.side.opponent(), EndReason::Stalemate)
//!     }
//!     /// Leaving a multiple of four wins: a perfect evaluation, from the side to move's view.
//!     fn evaluate(&self) -> Score {
//!         if self.stones % 4 == 0 { -100 } else { 100 }
//!     }
//!     // A learned evaluation would see the heap as one marker on a track of 22 squares.
//!     const SQUARES: usize = 22;
//!     const PIECE_KINDS: usize = 1;
//!     fn flip_square(square: u8) -> u8 {
//!         square
//!     }
//!     fn placed_pieces(&self, out: &mut Vec<PlacedPiece>) {
//!         out.push(PlacedPiece::new(Side::White, 0, self.stones));
//!     }
//!     fn piece_count(&self) -> usize {
//!         1
//!     }
//!     fn move_number(&self) -> u32 {
//!         1 + self.history.len() as u32 / 2
//!     }
//!     fn piece_changes(&self, m: Take) -> PieceChanges {
//!         PieceChanges::carry(PlacedPiece::new(Side::White, 0, self.stones), self.stones - m.0)
//!     }
//!     fn move_text(&self, m: Take) -> String {
//!         m.0.to_string()
//!     }
//!     fn human_move_text(&self, m: Take) -> String {
//!         format!("take {}", m.0)
//!     }
//!     fn parse_move(&self, text: &str) -> Result<Take, BadInput> {
//!         let m = Take(text.trim_start_matches("take ").parse().map_err(|_| BadInput(text.into()))?);
//!         let mut legal = MoveList::new();
//!         self.legal_moves(&mut legal);
//!         legal.contains(&m).then_some(m).ok_or_else(|| BadInput(text.into()))
//!     }
//! }
//!
//! let mut game = TakeAway::from_fen("5 w")?;
//! // Three first moves, then 3 + 3 + 2 replies.
//! assert_eq!(perft::perft(&mut game, 2), 8);
//! let m = game.parse_move("take 1")?;
//! game.make(m);
//! assert_eq!(game.fen(), "4 b");
//! assert_eq!(game.evaluate(), -100); // four stones to move from: lost
//! for _ in 0..4 {
//!     let mut moves = MoveList::new();
//!     game.legal_moves(&mut moves);
//!     game.make(moves[0]);
//! }
//! assert_eq!(game.outcome(), Some(Outcome::win(Side::White, EndReason::Stalemate)));
//! # Ok::<(), BadInput>(())
//! ```
//!
//! Each game crate of Ladya also calls [`position_front_door!`] on its position type, which
//! gives users the same checked `play`, `legal_moves()` list, `outcome()` and FEN
//! `Display`/`FromStr` in every game.

pub mod board8;
pub mod date;
pub mod epd;
pub mod fen_board;
mod front_door;
mod game;
pub mod hashtable;
mod movelist;
pub mod perft;
pub mod pgn;
mod pieces;
pub mod repetition;
pub mod rng;
pub mod score;
mod side;
mod tapered;
pub mod workloads;
pub mod zobrist;

pub use front_door::IllegalMove;
pub use game::{EndReason, Game, GameError, MoveCode, Outcome};
pub use movelist::{MAX_MOVES, MoveList};
pub use pieces::{PieceChanges, PlacedPiece};
pub use score::Score;
pub use side::Side;
pub use tapered::Tapered;
