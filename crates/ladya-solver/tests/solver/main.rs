//! The problem solver on chess and xiangqi problems, and against Popeye's solutions.
//!
//! One test binary for the crate (one file a module), so the tests link once.

mod chess;
mod popeye;
mod xiangqi;
