//! Chess for Ladya: exact rules on bitboards, fast legal move generation, FEN, SAN and UCI
//! notation, and the [`Game`](ladya_core::Game) implementation the search plays through.
//!
//! Moves are generated apart from being made (seed 000): [`Position::legal_moves`] produces
//! only legal moves; [`Position::make`] and [`Position::unmake`] play and take back any of the
//! six kinds of move (quiet, capture, en passant, castling, promotion, promotion with capture).
//!
//! [`Position::evaluate`] is a tapered evaluation (material and piece-square values kept by
//! make/unmake, mobility, pawn structure, passed pawns, king safety); its weights are all in
//! [`weights`].

pub mod bitboard;
mod eval;
mod fen;
mod game;
mod movegen;
mod moves;
mod notation;
mod piece;
mod position;
mod see;
pub mod weights;

pub use fen::FenError;
pub use game::ChessError;
pub use moves::{Move, MoveKind};
pub use notation::MoveError;
pub use piece::{Kind, Piece};
pub use position::Position;
pub use weights::{Pair, WEIGHTS, Weights};
