//! Time controls: Fischer and moves-per-session clocks (`--tc 10+0.1`, `--tc 40/60+0`), a fixed
//! time per move (`--st 0.1`), and each side's clock during a game.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A clock rule, as cutechess-cli writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockRule {
    /// `base` for the first `moves` moves (all of them when `None`), again for each next
    /// `moves`, and `increment` after every move.
    Session {
        /// Moves per session; `None` for the whole game.
        moves: Option<u32>,
        /// The time of a session.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed time for each move.
    PerMove(Duration),
}

/// A time control that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time control '{0}': expected [MOVES/]SECONDS[+INCREMENT], such as 10+0.1 or 40/60")]
pub struct BadTimeControl(pub String);

/// A time per move that does not read, or is not above zero.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad time per move '{0}': expected seconds above 0, such as 0.1 or 2")]
pub struct BadMoveTime(pub String);

/// Reads seconds (`0.1`, `60`, or `M:SS`) as a duration.
fn seconds(text: &str) -> Option<Duration> {
    let seconds = match text.split_once(':') {
        Some((minutes, rest)) => minutes.parse::<f64>().ok()? * 60.0 + rest.parse::<f64>().ok()?,
        None => text.parse::<f64>().ok()?,
    };
    (0.0..1e9).contains(&seconds).then(|| Duration::from_secs_f64(seconds))
}

impl ClockRule {
    /// A fixed time per move of `seconds`.
    ///
    /// # Errors
    /// `seconds` is not a number of seconds.
    pub fn per_move(text: &str) -> Result<ClockRule, BadMoveTime> {
        seconds(text)
            .filter(|d| !d.is_zero())
            .map(ClockRule::PerMove)
            .ok_or_else(|| BadMoveTime(text.chars().take(40).collect()))
    }

    /// The time a side starts the game with (a move's time for a fixed time per move).
    pub fn start(&self) -> Duration {
        match *self {
            ClockRule::Session { base, .. } => base,
            ClockRule::PerMove(time) => time,
        }
    }
}

impl FromStr for ClockRule {
    type Err = BadTimeControl;

    /// Reads `[MOVES/]SECONDS[+INCREMENT]`.
    fn from_str(text: &str) -> Result<ClockRule, BadTimeControl> {
        let bad = || BadTimeControl(text.chars().take(40).collect());
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (Some(moves.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?), rest),
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, increment)) => (seconds(base).ok_or_else(bad)?, seconds(increment).ok_or_else(bad)?),
            None => (seconds(rest).ok_or_else(bad)?, Duration::ZERO),
        };
        if base.is_zero() && increment.is_zero() {
            return Err(bad());
        }
        Ok(ClockRule::Session { moves, base, increment })
    }
}

/// Seconds as cutechess-cli and PGN write them: `10`, `0.1`.
fn write_seconds(f: &mut fmt::Formatter<'_>, time: Duration) -> fmt::Result {
    let text = format!("{:.3}", time.as_secs_f64());
    f.write_str(text.trim_end_matches('0').trim_end_matches('.'))
}

impl fmt::Display for ClockRule {
    /// The PGN `TimeControl` form: `40/60+0.5`, `10+0.1`, `0.1/move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ClockRule::Session { moves, base, increment } => {
                if let Some(m) = moves {
                    write!(f, "{m}/")?;
                }
                write_seconds(f, base)?;
                if !increment.is_zero() {
                    f.write_str("+")?;
                    write_seconds(f, increment)?;
                }
                Ok(())
            }
            ClockRule::PerMove(time) => {
                write_seconds(f, time)?;
                f.write_str("/move")
            }
        }
    }
}

/// The limits of every move of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The clock rule, if any.
    pub clock: Option<ClockRule>,
    /// Nodes per move, if limited.
    pub nodes: Option<u64>,
    /// Depth per move, if limited.
    pub depth: Option<u32>,
    /// How far a move may overrun the clock without losing on time.
    pub margin: Duration,
    /// Without a clock: how long a move may take before the engine is taken to hang.
    pub hang: Duration,
}

/// An engine's own limits, given in its settings (`tc=`, `st=`, `nodes=`, `depth=`), which
/// replace the match's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OwnLimits {
    /// Its clock rule.
    pub clock: Option<ClockRule>,
    /// Its nodes per move.
    pub nodes: Option<u64>,
    /// Its depth per move.
    pub depth: Option<u32>,
}

impl Limits {
    /// The match's limits with an engine's own in their place.
    pub fn with(&self, own: &OwnLimits) -> Limits {
        Limits {
            clock: own.clock.or(self.clock),
            nodes: own.nodes.or(self.nodes),
            depth: own.depth.or(self.depth),
            ..*self
        }
    }

    /// Whether a move is limited at all (by a clock, nodes or depth).
    pub fn is_limited(&self) -> bool {
        self.clock.is_some() || self.nodes.is_some() || self.depth.is_some()
    }

    /// How long a move may take for a side with `clock` before it loses on time.
    pub fn allowed(&self, clock: &SideClock) -> Duration {
        match self.clock {
            Some(_) => clock.left() + self.margin,
            None => self.hang,
        }
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideClock {
    rule: Option<ClockRule>,
    left: Duration,
    moves_in_session: u32,
}

impl SideClock {
    /// A full clock at the start of a game (one that never runs out without a rule).
    pub fn new(rule: Option<ClockRule>) -> SideClock {
        SideClock { rule, left: rule.map_or(Duration::ZERO, |r| r.start()), moves_in_session: 0 }
    }

    /// The time left for this move (the fixed time, for a fixed time per move).
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The moves to play before the next session's time is added, if the rule has sessions.
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.rule {
            Some(ClockRule::Session { moves: Some(m), .. }) => Some(m - self.moves_in_session),
            _ => None,
        }
    }

    /// Charges a move that took `used`; false if it overran the time left by more than
    /// `margin` (a loss on time).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        let Some(rule) = self.rule else { return true };
        let in_time = used <= self.left + margin;
        match rule {
            ClockRule::PerMove(_) => {}
            ClockRule::Session { moves, base, increment } => {
                self.left = self.left.saturating_sub(used) + increment;
                self.moves_in_session += 1;
                if moves == Some(self.moves_in_session) {
                    self.left += base;
                    self.moves_in_session = 0;
                }
            }
        }
        in_time
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_read_and_write_as_cutechess() {
        for text in ["10+0.1", "40/60", "40/60+0.5", "0.5"] {
            assert_eq!(text.parse::<ClockRule>().unwrap().to_string(), text);
        }
        assert_eq!("1:30+1".parse::<ClockRule>().unwrap().to_string(), "90+1");
        assert_eq!(ClockRule::per_move("0.1").unwrap().to_string(), "0.1/move");
        for bad in ["", "x", "0/60", "-1", "10+", "0+0", "inf"] {
            assert!(bad.parse::<ClockRule>().is_err(), "{bad}");
        }
        assert_eq!(
            ClockRule::per_move("0").unwrap_err().to_string(),
            "bad time per move '0': expected seconds above 0, such as 0.1 or 2"
        );
    }

    #[test]
    fn fischer_clocks_add_the_increment_and_sessions_add_the_base() {
        let mut clock = SideClock::new(Some("1+0.1".parse().unwrap()));
        assert!(clock.charge(ms(300), Duration::ZERO));
        assert_eq!(clock.left(), ms(800));
        assert!(!clock.charge(ms(850), ms(20)));
        assert!(SideClock::new(Some("1+0".parse().unwrap())).charge(ms(1010), ms(20)));

        let mut session = SideClock::new(Some("2/1".parse().unwrap()));
        assert_eq!(session.moves_to_go(), Some(2));
        session.charge(ms(400), Duration::ZERO);
        assert_eq!(session.moves_to_go(), Some(1));
        session.charge(ms(400), Duration::ZERO);
        assert_eq!((session.left(), session.moves_to_go()), (ms(1200), Some(2)));

        let mut per_move = SideClock::new(Some(ClockRule::per_move("0.1").unwrap()));
        assert!(per_move.charge(ms(100), Duration::ZERO));
        assert!(!per_move.charge(ms(200), ms(50)));
        assert_eq!(per_move.left(), ms(100));
        assert!(SideClock::new(None).charge(ms(100_000), Duration::ZERO));
    }
}
