//! The `ladya` binary driven as a user and a GUI would: every command line, UCI, XBoard and UCCI.
//!
//! One test binary for the crate (one file a module), so the tests link once.

mod chess960;
mod common;
mod datagen_cli;
mod epd_cli;
mod eval_cli;
mod garbage;
mod hash_cli;
mod match_cli;
mod output_cli;
mod perft_cli;
mod play;
mod review_cli;
mod serve;
mod solve_cli;
mod syzygy;
mod train_cli;
mod tune_cli;
mod ucci;
mod uci;
mod xboard;
