//! Xiangqi rules against published counts and invariants: perft, FEN, notation, repetitions, the evaluation.
//!
//! One test binary for the crate (one file a module), so the tests link once.

mod eval;
mod fen;
mod gives_check;
mod notation;
mod perft;
mod repetitions;
mod rules;
mod tree;
