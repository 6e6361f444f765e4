//! Chess rules against published counts and invariants: perft, FEN, notation, make and unmake, Chess960, the evaluation.
//!
//! One test binary for the crate (one file a module), so the tests link once.

mod chess960;
mod eval;
mod fen;
mod gives_check;
mod make_unmake;
mod no_panic;
mod notation;
mod perft;
mod rules;
