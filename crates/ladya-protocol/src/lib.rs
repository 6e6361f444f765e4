//! Ladya's front ends: the UCI, XBoard and UCCI engine protocols over the generic search, for
//! every game, and the pieces they share (a session per game chosen at run time, move
//! dialects, the engine loop).
//!
//! [`run`] is the engine: it reads the first command (`uci`, `xboard` or `ucci`) and speaks
//! that protocol until `quit` or the end of input. [`play`] is a game against a person in a
//! terminal. Input is read in its own thread and each
//! search runs in another, so the engine answers `stop`, `isready` and `?` while thinking.

pub mod bench;
mod dialect;
mod engine;
pub mod games;
mod output;
mod render;
mod session;
mod terminal;
mod text;
mod ucci;
mod uci;
mod xboard;

pub use dialect::{Dialect, EngineGame};
pub use engine::run;
pub use games::{GameKind, UnknownGame};
pub use output::Output;
pub use render::View;
pub use session::{GameSession, Session, TextReport, TextResult, new_session};
pub use terminal::{PlayOptions, play};
