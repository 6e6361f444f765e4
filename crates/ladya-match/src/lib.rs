//! Engine matches for chess, xiangqi and ugolki, refereed by Ladya's rules: engines are child
//! processes speaking UCI, XBoard or UCCI; the referee checks every move and decides every
//! ending with the game crates' strict rules; Fischer, moves-per-session and per-move clocks,
//! node and depth limits; opening files played twice with colours reversed; cutechess-cli's
//! summary lines, pentanomial counts and an SPRT on game pairs; PGN of every game.
//!
//! The `ladya match` command is a thin layer over [`run_match`].
//!
//! ```
//! use ladya_match::stats::{EloModel, Pentanomial, Sprt};
//! use ladya_match::{ClockRule, EngineSpec, Protocol};
//!
//! // An engine as cutechess-cli gives it; `cmd=ladya` is the running program.
//! let words: Vec<String> = ["cmd=/usr/games/maxqi", "proto=xboard", "option.Hash=16", "tc=40/60"]
//!     .map(String::from)
//!     .to_vec();
//! let maxqi = EngineSpec::parse(&words)?;
//! assert_eq!((maxqi.name.as_str(), maxqi.protocol), ("maxqi", Protocol::Xboard));
//! assert_eq!(maxqi.limits.clock, Some("40/60".parse::<ClockRule>()?));
//!
//! // The SPRT on pentanomial pairs: 2 pairs lost, 5 half-lost, 20 even, 10 half-won, 8 won.
//! let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: EloModel::Normalized };
//! let llr = sprt.llr(&Pentanomial([2, 5, 20, 10, 8]));
//! assert!((llr - 0.3237).abs() < 1e-4 && sprt.verdict(llr).is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod clock;
pub mod engine;
pub mod openings;
pub mod pgn;
pub mod process;
pub mod referee;
pub mod settings;
pub mod stats;
pub mod tournament;

pub use clock::{ClockRule, Limits};
pub use engine::{EngineSpec, Protocol};
pub use ladya_games::adjudication::{self, Adjudication, DrawRule, ResignRule};
pub use openings::{Opening, OpeningFormat, OpeningOrder, arrange, read_openings};
pub use settings::{OpeningSettings, SettingError, draw_rule, resign_rule};
pub use stats::{EloModel, Hypothesis, Sprt};
pub use tournament::{MatchConfig, MatchError, MatchSummary, TournamentKind, run_match};
