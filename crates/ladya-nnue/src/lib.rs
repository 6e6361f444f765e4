//! A learned evaluation of the NNUE kind, written once for every [`Game`](ladya_core::Game).
//!
//! The network reads which pieces stand where, twice: once as the side to move sees the board
//! and once as its opponent does ([`features`]). Each view goes through one hidden layer kept
//! up to date move by move ([`Accumulators`]); the two results, the side to move's first, are
//! clipped, squared and weighed into one score ([`Network`]) by an output layer picked by the
//! position's phase ([`OutputBuckets`]). Inference is in integers, with
//! AVX2 where the processor has it and a portable path otherwise ([`simd`]); both give the
//! same numbers.
//!
//! Training data, positions from Ladya's own games with their search scores and results, are
//! written and read by [`data`].
//!
//! # Reading a network
//!
//! A network file is checked as it is read: its game, sizes and checksum. The networks built
//! into Ladya (in the registry crate, `ladya-games`) and a file on disk are read the same way,
//! from their bytes.
//!
//! ```
//! use ladya_nnue::{Network, OutputBuckets};
//!
//! let file = include_bytes!("../../ladya-games/networks/chess-gen11.nnue");
//! let net = Network::from_bytes::<ladya_chess::Position>(file)?;
//! // The built-in chess network has two king buckets, each a set of 768 inputs.
//! assert_eq!((net.game(), net.inputs(), net.king_buckets().count()), ("chess", 2 * 768, 2));
//! assert_eq!(net.buckets(), OutputBuckets::Pieces { count: 8, most: 32 });
//!
//! // What `ladya train` writes and `--eval FILE` reads: the same network, byte for byte.
//! let bytes = net.to_bytes();
//! assert_eq!(Network::game_of(&bytes)?, "chess");
//! assert_eq!(Network::from_bytes::<ladya_chess::Position>(&bytes)?, net);
//!
//! // A file for another game, or one with a flipped bit, is refused with the reason.
//! assert!(Network::from_bytes::<ladya_xiangqi::Position>(&bytes).is_err());
//! let mut corrupt = bytes.clone();
//! corrupt[bytes.len() / 2] ^= 1;
//! assert!(Network::from_bytes::<ladya_chess::Position>(&corrupt).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Evaluating along a line
//!
//! [`Accumulators`] keep the hidden layer up to date as moves are made and taken back, as the
//! search does; the evaluation is the side to move's, in the game's units (centipawns here).
//!
//! ```
//! use std::sync::Arc;
//!
//! use ladya_chess::Position;
//! use ladya_nnue::{Accumulators, Network};
//!
//! let file = include_bytes!("../../ladya-games/networks/chess-gen11.nnue");
//! let net = Arc::new(Network::from_bytes::<Position>(file)?);
//! let mut pos = Position::start();
//! let mut acc = Accumulators::<Position>::new(Arc::clone(&net));
//! acc.refresh(&pos);
//! let at_start = acc.evaluate(&pos);
//!
//! // 1.e4 e5: each move recorded before it is made.
//! for text in ["e4", "e5"] {
//!     let m = pos.parse_move(text)?;
//!     acc.push(&pos, m);
//!     pos.make(m);
//! }
//! let after = acc.evaluate(&pos);
//!
//! // The incremental values are those of a refresh from scratch.
//! let mut fresh = Accumulators::<Position>::new(net);
//! fresh.refresh(&pos);
//! assert_eq!(fresh.evaluate(&pos), after);
//!
//! // Taking the moves back brings the first evaluation back.
//! for _ in 0..2 {
//!     pos.unmake();
//!     acc.pop();
//! }
//! assert_eq!(acc.evaluate(&pos), at_start);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Output buckets
//!
//! A network picks its output layer by the position's phase ([`OutputBuckets`]), written as
//! `ladya train --buckets` takes it:
//!
//! ```
//! use ladya_nnue::OutputBuckets;
//!
//! let by_pieces: OutputBuckets = "pieces:8:32".parse()?;
//! assert_eq!(by_pieces, OutputBuckets::Pieces { count: 8, most: 32 }); // chess's and xiangqi's
//! assert_eq!(by_pieces.count(), 8);
//! assert_eq!(by_pieces.bucket(32, 1), 7); // the full board: the last layer
//! assert_eq!(by_pieces.bucket(3, 60), 0); // three pieces left: the first
//!
//! let by_moves = OutputBuckets::Moves { count: 8, last: 80 }; // ugolki's: moves 1-10, ..., 71-80
//! assert_eq!(by_moves.to_string(), "moves:8:80");
//! assert_eq!((by_moves.bucket(18, 1), by_moves.bucket(18, 45)), (0, 4));
//! assert!("pieces:0:32".parse::<OutputBuckets>().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod accumulator;
mod buckets;
pub mod data;
pub mod features;
pub mod game_name;
mod network;
mod quantisation;
pub mod simd;

pub use accumulator::Accumulators;
pub use buckets::{MAX_BUCKETS, OutputBuckets};
pub use features::Orientation;
pub use network::{Network, NetworkError, NetworkParameters};
pub use quantisation::{QA, QB};
