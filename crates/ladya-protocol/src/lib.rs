//! Ladya's front ends: the UCI, XBoard and UCCI engine protocols over the generic search, for
//! every game, and the pieces they share (a session per game chosen at run time, the engine
//! loop). How each game's moves are written in each protocol is the registry's
//! (`ladya_games::Dialect`).
//!
//! [`run`] is the engine: it reads the first command (`uci`, `xboard` or `ucci`) and speaks
//! that protocol until `quit` or the end of input. [`play`] is a game against a person in a
//! terminal. Input is read in its own thread and each
//! search runs in another, so the engine answers `stop`, `isready` and `?` while thinking.
//!
//! # Driving the engine from a program
//!
//! ```
//! use std::io::{Cursor, Write};
//! use std::sync::{Arc, Mutex};
//!
//! use ladya_protocol::{Output, run};
//! use ladya_search::SearchOptions;
//!
//! /// A writer whose lines the test reads back.
//! #[derive(Clone, Default)]
//! struct Lines(Arc<Mutex<Vec<u8>>>);
//! impl Write for Lines {
//!     fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
//!         self.0.lock().unwrap().write(bytes)
//!     }
//!     fn flush(&mut self) -> std::io::Result<()> {
//!         Ok(())
//!     }
//! }
//!
//! let input = "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos moves h3e3\ngo depth 4\n";
//! let lines = Lines::default();
//! run(Cursor::new(input), Output::new(lines.clone()), SearchOptions::default());
//! let text = String::from_utf8(lines.0.lock().unwrap().clone())?;
//! assert!(text.lines().any(|l| l == "uciok"));
//! let best = text.lines().find(|l| l.starts_with("bestmove ")).expect("an answer to go");
//! println!("{best}"); // a xiangqi move in UCI's ranks 1-10, such as `bestmove h10g8`
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod engine;
mod evaluation;
mod output;
mod position;
mod runner;
mod session;
mod strength;
mod terminal;
mod text;
mod ucci;
mod uci;
mod xboard;

pub use engine::run;
pub use evaluation::{BUILT_IN, evaluation, evaluation_for};
pub use output::Output;
pub use session::{GameSession, Session, TextReport, TextResult, new_session};
pub use terminal::{PlayOptions, play};
