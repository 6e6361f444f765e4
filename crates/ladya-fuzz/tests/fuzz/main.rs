//! The fuzzer's bounded run and the total functions it checks.
//!
//! One test binary for the crate (one file a module), so the tests link once.

mod bounded;
mod total_functions;
