//! The search on chess and xiangqi positions, with the classic and the learned evaluations.
//!
//! One test binary for the crate (one file a module), so the tests link once.

mod chess_search;
mod learned_search;
mod xiangqi_search;
