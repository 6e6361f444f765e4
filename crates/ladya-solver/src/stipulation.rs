//! Stipulations as problemists write them: `#2`, `s#3`, `r#2`, `h#2`, `h#2.5`, `ser-h#5`,
//! `ser-#4`.

use std::fmt;
use std::str::FromStr;

/// The longest stipulation the solver takes, in moves.
pub const MAX_MOVES: u32 = 99;

/// What the side to move (the attacker) plays for, against a defender who resists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Aim {
    /// Directmate (`#N`): mate the defender.
    #[default]
    Mate,
    /// Selfmate (`s#N`): force the defender to mate the attacker.
    SelfMate,
    /// Reflexmate (`r#N`): a selfmate where either side that can mate in one must.
    ReflexMate,
}

impl Aim {
    /// The stipulation's prefix: `#`, `s#` or `r#`.
    pub const fn prefix(self) -> &'static str {
        match self {
            Aim::Mate => "#",
            Aim::SelfMate => "s#",
            Aim::ReflexMate => "r#",
        }
    }

    /// The stipulation's name for people: `Mate`, `Selfmate` or `Reflexmate`.
    pub const fn name(self) -> &'static str {
        match self {
            Aim::Mate => "Mate",
            Aim::SelfMate => "Selfmate",
            Aim::ReflexMate => "Reflexmate",
        }
    }
}

/// What a problem asks for.
///
/// ```
/// use ladya_solver::{Aim, Stipulation};
///
/// use ladya_solver::Cooperative;
///
/// let help: Stipulation = "h#2.5".parse().unwrap();
/// assert_eq!(help, Stipulation::Cooperative(Cooperative::Help { moves: 2, half: true }));
/// assert_eq!("s#3".parse::<Stipulation>().unwrap(), Stipulation::Forced { aim: Aim::SelfMate, moves: 3 });
/// assert_eq!("ser-h#7".parse::<Stipulation>().unwrap().to_string(), "ser-h#7");
/// assert!("h#0".parse::<Stipulation>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stipulation {
    /// `#N`, `s#N`, `r#N`: the side to move forces its aim within N moves, whatever the other
    /// side does.
    Forced {
        /// What the side to move plays for.
        aim: Aim,
        /// N.
        moves: u32,
    },
    /// Help- and series-play: no side resists, and every solution is a line of play.
    Cooperative(Cooperative),
}

/// A stipulation where no side resists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cooperative {
    /// `h#N`: the side to move starts, both sides help, and the other side mates with its
    /// N-th move. `h#N.5` (`half`): the side to move plays one move more, the first and the
    /// mate.
    Help {
        /// N.
        moves: u32,
        /// The `.5`: the side to move mates, after a first half move.
        half: bool,
    },
    /// `ser-h#N`: the side to move makes N moves in a row, none of them a check, and the
    /// other side then mates in one.
    SeriesHelp(u32),
    /// `ser-#N`: the side to move makes N moves in a row, none but the last a check, the last
    /// one mating.
    SeriesMate(u32),
}

impl Stipulation {
    /// A directmate in `moves` (`#N`).
    pub const fn mate(moves: u32) -> Stipulation {
        Stipulation::Forced { aim: Aim::Mate, moves }
    }
}

impl Cooperative {
    /// The moves of a solution, both sides' counted (`h#2.5`: 5, `ser-h#3`: 4).
    pub const fn line_length(self) -> u32 {
        match self {
            Cooperative::Help { moves, half } => 2 * moves + half as u32,
            Cooperative::SeriesHelp(moves) => moves + 1,
            Cooperative::SeriesMate(moves) => moves,
        }
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stipulation::Forced { aim, moves } => write!(f, "{}{moves}", aim.prefix()),
            Stipulation::Cooperative(play) => play.fmt(f),
        }
    }
}

impl fmt::Display for Cooperative {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Cooperative::Help { moves, half } => write!(f, "h#{moves}{}", if half { ".5" } else { "" }),
            Cooperative::SeriesHelp(moves) => write!(f, "ser-h#{moves}"),
            Cooperative::SeriesMate(moves) => write!(f, "ser-#{moves}"),
        }
    }
}

/// A stipulation the solver cannot read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown stipulation '{0}': expected #N, s#N, r#N, h#N, h#N.5, ser-h#N or ser-#N with N from 1 to {MAX_MOVES}")]
pub struct StipulationError(String);

impl FromStr for Stipulation {
    type Err = StipulationError;

    fn from_str(text: &str) -> Result<Stipulation, StipulationError> {
        let error = || StipulationError(text.chars().take(40).collect());
        let lower = text.trim().to_ascii_lowercase();
        let (kind, number) = lower.split_once('#').ok_or_else(error)?;
        let (number, half) = match number.strip_suffix(".5") {
            Some(whole) => (whole, true),
            None => (number, false),
        };
        if !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let moves: u32 = number.parse().ok().filter(|n| (1..=MAX_MOVES).contains(n)).ok_or_else(error)?;
        let forced = |aim| (!half).then_some(Stipulation::Forced { aim, moves });
        match kind {
            "" => forced(Aim::Mate),
            "s" => forced(Aim::SelfMate),
            "r" => forced(Aim::ReflexMate),
            "h" => Some(Stipulation::Cooperative(Cooperative::Help { moves, half })),
            "ser-h" => (!half).then_some(Stipulation::Cooperative(Cooperative::SeriesHelp(moves))),
            "ser-" => (!half).then_some(Stipulation::Cooperative(Cooperative::SeriesMate(moves))),
            _ => None,
        }
        .ok_or_else(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_every_kind() {
        for text in ["#2", "s#3", "r#2", "h#2", "h#3.5", "ser-h#7", "ser-#4", "h#99"] {
            assert_eq!(text.parse::<Stipulation>().unwrap().to_string(), text);
        }
        let help = Stipulation::Cooperative(Cooperative::Help { moves: 2, half: false });
        assert_eq!("H#2".parse::<Stipulation>().unwrap(), help);
        for bad in ["", "#", "h#", "h#0", "h#100", "s#2.5", "x#2", "h#2.4", "h#+2", "ser-s#2", "#-1", "h#2.5.5"] {
            assert!(bad.parse::<Stipulation>().is_err(), "{bad}");
        }
        assert_eq!(Cooperative::Help { moves: 2, half: true }.line_length(), 5);
        assert_eq!(Cooperative::SeriesHelp(3).line_length(), 4);
        assert_eq!(Cooperative::SeriesMate(3).line_length(), 3);
    }
}
