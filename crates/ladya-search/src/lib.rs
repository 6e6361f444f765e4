//! Ladya's search, written once for every game behind [`ladya_core::Game`], with each game's
//! defaults from the registry ([`ladya_games::EngineGame`]).
//!
//! Iterative deepening with aspiration windows over a principal variation search; a
//! transposition table shared by lazy-SMP threads; move ordering by hash move, MVV-LVA with
//! static exchange evaluation, killers, history and counter moves; quiescence search on noisy
//! moves and check evasions; null-move pruning, late-move reductions and pruning, futility
//! and reverse futility pruning, check extension and mate-distance pruning. Every technique
//! can be switched off ([`Features`]) to measure what it is worth.
//!
//! # Searching a position
//!
//! ```
//! use ladya_chess::Position;
//! use ladya_core::score;
//! use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable, search};
//!
//! // King and rook against king: 1.Kc6 mates in three.
//! let pos: Position = "1k6/8/8/3K4/8/8/3R4/8 w - - 0 1".parse()?;
//! let table = TranspositionTable::try_new(16)?;
//! // Search until a mate in three is proven (as UCI's `go mate 3` does), at most 12 plies deep.
//! let limits = Limits { depth: Some(12), mate: Some(3), ..Limits::default() };
//! let mut depths = Vec::new();
//! let result = search(
//!     &pos,
//!     &limits,
//!     &SearchOptions::default(),
//!     &table,
//!     &SearchControl::new(),
//!     &mut |report| depths.push(report.depth), // one report per new best line
//! );
//! let best = result.best.expect("a legal move");
//! assert_eq!(pos.human_move(best), "Kc6");
//! assert_eq!(score::mate_moves(result.score), Some(3));
//! assert_eq!(score::human_text(result.score), "#3");
//! assert!(!depths.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`bench`](mod@bench) is the fixed search over every game whose node count signs the search's behaviour.
//!
//! A search on another thread stops early when [`SearchControl::stop`] is called; time
//! controls go in [`Limits`] (a move time, or a [`Clock`] the search budgets itself).

pub mod bench;
mod driver;
mod histories;
mod limits;
mod options;
pub mod params;
pub mod review;
mod strength;
pub mod tablebase;
pub mod tt;
mod worker;

pub use driver::{Report, SearchResult, search, search_threads};
pub use limits::{Clock, Limits, SearchControl};
pub use options::{Evaluation, Features, SearchOptions};
pub use params::{Param, Params};
pub use strength::Strength;
pub use tablebase::TablebaseOptions;
pub use tt::TranspositionTable;
