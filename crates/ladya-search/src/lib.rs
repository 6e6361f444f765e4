//! Ladya's search, written once for every game behind [`ladya_core::Game`].
//!
//! Iterative deepening with aspiration windows over a principal variation search; a
//! transposition table shared by lazy-SMP threads; move ordering by hash move, MVV-LVA with
//! static exchange evaluation, killers, history and counter moves; quiescence search on noisy
//! moves and check evasions; null-move pruning, late-move reductions and pruning, futility
//! and reverse futility pruning, check extension and mate-distance pruning. Every technique
//! can be switched off ([`Features`]) to measure what it is worth.

mod driver;
mod limits;
mod options;
pub mod tt;
mod worker;

pub use driver::{Report, SearchResult, search};
pub use limits::{Clock, Limits, SearchControl};
pub use options::{Features, SearchOptions};
pub use tt::TranspositionTable;
