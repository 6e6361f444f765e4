//! Ugolki (Corners) for Ladya: the exact rules of `docs/ugolki-rules.md` on bitboards, jump
//! chains found by flood fill, the rules of ending in the rule file's order, FEN and move
//! notation, and the [`Game`] implementation the search plays through.
//!
//! A move is a (from, to) pair: a step to a neighbouring square, or the end of a chain of
//! jumps. [`Position::legal_moves`] lists each pair once; [`Position::move_path`] recovers one
//! chain of single jumps that realises a jump move, for a user interface to animate.
//!
//! Where the rule file needed reading:
//! - Whether the game is over is a function of the board, the side to move and the move
//!   number: the rules are checked for the move that led to the position, made by the side
//!   not to move ([`Position::finished`]). So "White has completed and Black has one move
//!   left" is Black to move with White's target full, and a FEN needs no extra field.
//! - The pass counts as a move of its side: it advances the move number, and the own-home
//!   rule applies after it as after any move.
//! - The full-move number of a FEN must be one the game can reach: 1 to 81 with White to
//!   move (81: the game is over by the move limit or before), 1 to 80 with Black.
//! - Repetition compares the pieces and the side to move, not the move number.
//! - `e3:e5` names a jump move by its ends; a longer `e3:e5:c5` gives the chain jump by jump,
//!   and every hop is checked. `-` must be a step and `:` a jump. People read the pass as
//!   `pass`; [`Position::parse_move`] takes `pass` or `0000`.
//! - A side with no move passes, so only a finished game has no legal move:
//!   `Game::no_moves_outcome` is that game's result (asked of a game that is not over, it
//!   adjudicates by the move-limit count).
//!
//! # Playing a game
//!
//! One crate to import: the move list, sides, outcomes and the [`Game`] trait are re-exported.
//!
//! ```
//! use ladya_ugolki::{EndReason, Position, Side};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 14);
//! let step = pos.play_text("e3-e4")?;
//! assert_eq!(step.to_string(), "e3e4");
//! let jump = pos.parse_move("d7d5")?; // over d6
//! assert_eq!(pos.human_move(jump), "d7:d5");
//! pos.play(jump)?;
//! assert!(pos.play_text("e4-e6").is_err()); // not a step
//!
//! // White has filled its target corner; Black draws by filling its own at once.
//! let mut end: Position = "WWWW4/WWWW4/WWWW4/8/7B/4BBB1/4BBBB/4BBBB b 50".parse()?;
//! end.play_text("h4-h3")?;
//! let outcome = end.outcome().unwrap();
//! assert_eq!((outcome.winner, outcome.reason), (None, EndReason::TargetFilled));
//! assert!(end.is_game_over());
//! # let _ = Side::White;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod assignment;
mod board;
mod eval;
mod fen;
mod game;
mod movegen;
mod moves;
mod notation;
mod position;
mod race;
mod race_cache;
mod rules;
mod solo;
pub mod weights;

pub use board::{Bitboard, Square, parse_square, square_name};
pub use fen::FenError;
pub use game::UgolkiError;
pub use ladya_core::{EndReason, Game, IllegalMove, MoveList, Outcome, Score, Side};
pub use moves::Move;
pub use notation::MoveError;
pub use position::{Layout, Position};
pub use rules::{LAST_MOVE_NUMBER, MOVE_LIMIT, OWN_HOME_MOVE};
pub use weights::{KNOWN_WIN, WEIGHTS, Weights};
