//! Chess for Ladya: exact rules on bitboards, fast legal move generation, FEN, SAN and UCI
//! notation, and the [`Game`] implementation the search plays through.
//!
//! Moves are generated apart from being made (seed 000): [`Position::legal_moves`] produces
//! only legal moves; [`Position::make`] and [`Position::unmake`] play and take back any of the
//! six kinds of move (quiet, capture, en passant, castling, promotion, promotion with capture).
//!
//! [`Position::evaluate`] is a tapered evaluation (material and piece-square values kept by
//! make/unmake, mobility, pawn structure, passed pawns, king safety); its weights are all in
//! [`weights`].
//!
//! # Playing a game
//!
//! One crate to import: the move list, sides, outcomes and the [`Game`] trait are re-exported.
//!
//! ```
//! use ladya_chess::{EndReason, Position, Side};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 20);
//! for text in ["f3", "e5", "g4"] {
//!     pos.play_text(text)?; // SAN or UCI (`e7e5`), checked against the legal moves
//! }
//! let mate = pos.parse_move("Qh4")?;
//! assert_eq!(pos.human_move(mate), "Qh4#");
//! pos.play(mate)?;
//! assert!(pos.is_checkmate());
//! let outcome = pos.outcome().unwrap();
//! assert_eq!((outcome.winner, outcome.reason), (Some(Side::Black), EndReason::Checkmate));
//! assert_eq!(pos.to_string(), "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Position::play`] refuses a move that is not legal and leaves the position as it was;
//! [`Position::make`] and [`Position::unmake`] are the unchecked pair the search uses.
//!
//! ```
//! use ladya_chess::Position;
//!
//! let mut pos: Position = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse()?;
//! let castle = pos.parse_move("O-O-O")?;
//! let elsewhere: Position = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse()?;
//! let mut other = elsewhere.clone();
//! assert!(other.play(castle).is_err());
//! assert_eq!(other, elsewhere);
//! pos.make(castle);
//! pos.unmake();
//! assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod board;
mod eval;
mod fen;
mod game;
mod movegen;
mod moves;
mod notation;
pub mod pgn;
mod piece;
mod position;
mod rules;
mod see;
pub mod weights;

pub use fen::FenError;
pub use game::ChessError;
pub use ladya_core::{EndReason, Game, IllegalMove, MoveList, Outcome, Score, Side, Tapered};
pub use moves::{Move, MoveKind};
pub use notation::MoveError;
pub use piece::{Kind, Piece};
pub use position::Position;
pub use weights::{WEIGHTS, Weights};
