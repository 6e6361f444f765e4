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

mod accumulator;
mod buckets;
mod built_in;
pub mod data;
pub mod features;
pub mod game_name;
mod network;
mod quantisation;
pub mod simd;

pub use accumulator::Accumulators;
pub use buckets::{MAX_BUCKETS, OutputBuckets};
pub use built_in::built_in;
pub use features::Orientation;
pub use network::{Network, NetworkError, NetworkParameters};
pub use quantisation::{QA, QB};
