//! Xiangqi (Chinese chess) for Ladya: exact rules on `u128` bitboards, fast legal move
//! generation, FEN, ICCS and WXF notation, the repetition rules, and the
//! [`Game`] implementation the search plays through.
//!
//! Red plays as [`Side::White`] and moves first. Moves are generated
//! apart from being made: [`Position::legal_moves`] produces only legal moves (the generals
//! never face each other, no move leaves its own general attacked); [`Position::make`] and
//! [`Position::unmake`] play and take them back with incremental Zobrist keys. A side with no
//! legal move loses, in check (checkmate) or not (stalemate).
//!
//! # Playing a game
//!
//! One crate to import: the move list, sides, outcomes and the [`Game`] trait are re-exported.
//! Moves are read in ICCS (`h2e2`, ranks 0-9) or WXF (`C2.5`) and shown in WXF.
//!
//! ```
//! use ladya_xiangqi::{EndReason, Position, Side};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let central_cannon = pos.play_text("h2e2")?;
//! pos.play_text("H8+7")?;
//! assert_eq!(pos.fullmove_number(), 2);
//! assert_eq!(pos.to_string(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
//! assert!(pos.play(central_cannon).is_err()); // that cannon has moved already
//!
//! // Two rooks mate the black general.
//! let mut mate: Position = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1".parse()?;
//! let m = mate.parse_move("b0b9")?;
//! assert_eq!(mate.human_move(m), "R8+9");
//! mate.play(m)?;
//! assert!(mate.is_checkmate());
//! assert_eq!(mate.outcome().unwrap().winner, Some(Side::White));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod board;
mod eval;
mod fen;
mod game;
mod movegen;
mod moves;
mod notation;
mod piece;
mod position;
pub mod rules;
mod see;
pub mod weights;

pub use eval::Terms;
pub use fen::FenError;
pub use game::XiangqiError;
pub use ladya_core::{EndReason, Game, IllegalMove, MoveList, Outcome, Score, Side, Tapered};
pub use moves::Move;
pub use notation::{MoveError, iccs_to_uci, uci_to_iccs};
pub use piece::{Kind, Piece, side_name};
pub use position::Position;
