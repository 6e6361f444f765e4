//! The core every Ladya game plugs into.
//!
//! A game crate (chess, xiangqi, ugolki) implements [`Game`]; the search, the protocols and the
//! command line are written once against that trait. This crate also holds what they share:
//! [`MoveList`], [`Score`] and its mate arithmetic, [`Outcome`], Zobrist key generation, a
//! generic [`perft`](perft::perft) with divide, and the lock-free
//! [`HashTable`](hashtable::HashTable) under the search's, the solver's and ugolki's tables.
//!
//! Each game's FEN reads and writes its piece placement with [`fen_board`]; each game's tests
//! check its move generator against reference counts with
//! [`check_reference`](perft::check_reference), and its benches time the same
//! [`movegen_workloads`](workloads::movegen_workloads).

pub mod fen_board;
mod front_door;
mod game;
pub mod hashtable;
mod movelist;
pub mod perft;
pub mod score;
mod tapered;
pub mod workloads;
pub mod zobrist;

pub use front_door::IllegalMove;
pub use game::{EndReason, Game, MoveCode, Outcome, Side};
pub use movelist::{MAX_MOVES, MoveList};
pub use score::Score;
pub use tapered::Tapered;
