//! Xiangqi (Chinese chess) for Ladya: exact rules on `u128` bitboards, fast legal move
//! generation, FEN, ICCS and WXF notation, the repetition rules, and the
//! [`Game`](ladya_core::Game) implementation the search plays through.
//!
//! Red plays as [`Side::White`](ladya_core::Side::White) and moves first. Moves are generated
//! apart from being made: [`Position::legal_moves`] produces only legal moves (the generals
//! never face each other, no move leaves its own general attacked); [`Position::make`] and
//! [`Position::unmake`] play and take them back with incremental Zobrist keys. A side with no
//! legal move loses, in check (checkmate) or not (stalemate).

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
pub use moves::Move;
pub use notation::{MoveError, iccs_to_uci, uci_to_iccs};
pub use piece::{Kind, Piece, side_name};
pub use position::Position;
