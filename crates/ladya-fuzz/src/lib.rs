//! Ladya's fuzzer, on stable Rust: no nightly, no libFuzzer, no sanitizers.
//!
//! Each [`Target`](targets::Target) makes inputs from a seeded [`Rng`](rng::Rng), without
//! coverage feedback: seeds from the repository's `data/` files and tests changed by byte and
//! token [mutations](mutate::mutate), and structured inputs (positions of random legal games,
//! random piece placements, grammatical protocol scripts), themselves often mutated. Each input
//! goes through the library's entry points and is checked against their invariants (FENs
//! round-trip, moves read back, make/unmake restores, every `go` is answered ...), with
//! panics caught so the run goes on. Built with debug assertions (the test profile, or the
//! `fuzz` profile), the library's own `debug_assert!`s are checked too.
//!
//! ```
//! use ladya_fuzz::runner::{Budget, fuzz};
//! use ladya_fuzz::targets::find;
//!
//! let target = find("fen-ugolki").expect("a target");
//! let report = fuzz(target, Budget::Iterations(20), 1, |f| panic!("{}", f.message));
//! assert_eq!(report.tried, 20);
//! ```

pub mod games;
pub mod mutate;
pub mod rng;
pub mod runner;
pub mod targets;
