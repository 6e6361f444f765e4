//! Ugolki rules, races and evaluation: perft, the rule file's cases, random games.
//!
//! One test binary for the crate (one file a module), so the tests link once.

mod evaluation;
mod perft;
mod race;
mod random_games;
mod rules;
