//! Engine matches for chess, xiangqi and ugolki, refereed by Ladya's rules: engines are child
//! processes speaking UCI, XBoard or UCCI; the referee checks every move and decides every
//! ending with the game crates' strict rules; Fischer, moves-per-session and per-move clocks,
//! node and depth limits; opening files played twice with colours reversed; cutechess-cli's
//! summary lines, pentanomial counts and an SPRT on game pairs; PGN of every game.
//!
//! The `ladya match` command is a thin layer over [`run_match`].

pub mod adjudication;
pub mod clock;
pub mod engine;
pub mod openings;
pub mod pgn;
pub mod process;
pub mod referee;
pub mod settings;
pub mod stats;
pub mod tournament;

pub use adjudication::{Adjudication, DrawRule, ResignRule};
pub use clock::{ClockRule, Limits};
pub use engine::{EngineSpec, Protocol};
pub use openings::{Opening, OpeningFormat, OpeningOrder, arrange, read_openings};
pub use settings::{OpeningSettings, SettingError};
pub use stats::{EloModel, Hypothesis, Sprt};
pub use tournament::{MatchConfig, MatchError, MatchSummary, TournamentKind, run_match};
