//! What bounds a search: depth, nodes, time (fixed or from a clock), a mate to find; and the
//! control block through which another thread stops a search or ends pondering.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::Params;

/// The limits of one search. All `None` (and `infinite` false) searches until stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration to search.
    pub depth: Option<u32>,
    /// Nodes to search at most once the first iteration has ended (exact with one thread, so
    /// results repeat).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The side to move's clock: time left, increment and moves to the next time control.
    pub clock: Option<Clock>,
    /// Stop as soon as a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until told to stop, whatever else is set.
    pub infinite: bool,
    /// Search only these root moves (by `MoveCode::code`); all when empty.
    pub search_moves: Vec<u16>,
    /// Never play these root moves (by code), as UCCI's `banmoves` asks.
    pub banned_moves: Vec<u16>,
}

/// The side to move's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time_left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// When to stop: the soft limit is checked between iterations, the hard one inside search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deadlines {
    pub(crate) soft: Option<Duration>,
    pub(crate) hard: Option<Duration>,
}

impl Limits {
    /// Limits searching to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Limits searching to `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// Limits searching to a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }

    /// The time budget: a fixed move time is spent whole; a clock is shared out over the
    /// moves to go, or else `moves_to_come`, keeping `overhead` in reserve for communication
    /// lags. The shares are `params`' ([`Params::tm_soft_pct`], [`Params::tm_hard_pct`],
    /// [`Params::tm_inc_pct`]).
    pub(crate) fn deadlines(&self, overhead: Duration, moves_to_come: u32, params: &Params) -> Deadlines {
        if self.infinite {
            return Deadlines { soft: None, hard: None };
        }
        let floor = Duration::from_millis(1);
        if let Some(t) = self.movetime {
            let t = t.saturating_sub(overhead).max(floor);
            return Deadlines { soft: Some(t), hard: Some(t) };
        }
        let Some(clock) = self.clock else {
            return Deadlines { soft: None, hard: None };
        };
        let left = clock.time_left.saturating_sub(overhead).max(floor);
        let moves = clock.moves_to_go.unwrap_or(moves_to_come).clamp(1, 40);
        // The share of this move, plus most of the increment, never more than is left.
        // Saturating: a clock of any size (a GUI's "infinite" increment) is no overflow.
        let increment = clock.increment.saturating_mul(params.tm_inc_pct.unsigned_abs()) / 100;
        let share = (left / moves).saturating_add(increment).min(left);
        let hard_cap = if moves == 1 { left.saturating_mul(9) / 10 } else { left / 2 };
        let hard = (share.saturating_mul(params.tm_hard_pct.unsigned_abs()) / 100).min(hard_cap).max(floor);
        let soft = (share.saturating_mul(params.tm_soft_pct.unsigned_abs()) / 100).min(hard).max(floor);
        Deadlines { soft: Some(soft), hard: Some(hard) }
    }
}

/// Shared between the searching threads and whoever drives them: a stop flag, pondering,
/// and the moment the clock started.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    started: Mutex<Instant>,
}

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl::new()
    }
}

impl SearchControl {
    /// A control for a search that starts now and is not pondering.
    pub fn new() -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            started: Mutex::new(Instant::now()),
        }
    }

    /// Resets the control for a new search starting now; `pondering` makes it ignore time
    /// until [`SearchControl::ponderhit`].
    pub fn start(&self, pondering: bool) {
        self.stop.store(false, Relaxed);
        self.pondering.store(pondering, Relaxed);
        *self.started.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    /// Asks the search to stop as soon as it can (within a few milliseconds).
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Whether a stop was asked for.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The opponent played the expected move: from now on the clock runs for us.
    pub fn ponderhit(&self) {
        *self.started.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.pondering.store(false, Relaxed);
    }

    /// Whether the search is pondering (time limits do not apply yet).
    #[inline(always)]
    pub fn pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// Time since the search (or the ponder hit) started.
    pub fn elapsed(&self) -> Duration {
        self.started.lock().unwrap_or_else(|e| e.into_inner()).elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn fixed_time_is_spent_whole_less_overhead() {
        let d = Limits::movetime(ms(1000)).deadlines(ms(30), 20, &Params::default());
        assert_eq!((d.soft, d.hard), (Some(ms(970)), Some(ms(970))));
        assert_eq!(Limits::depth(5).deadlines(ms(30), 20, &Params::default()).hard, None);
    }

    #[test]
    fn a_clock_is_shared_over_the_moves_to_come() {
        let clock = Clock { time_left: ms(60_000), increment: ms(1000), moves_to_go: None };
        let d = Limits { clock: Some(clock), ..Limits::default() }.deadlines(
            ms(0),
            <ladya_chess::Position as ladya_games::EngineGame>::MOVES_TO_COME,
            &Params::default(),
        );
        // 60 s / 20 + 0.75 s = 3.75 s per move; stop iterating after 60 % of it.
        assert_eq!(d.soft, Some(ms(2250)));
        assert_eq!(d.hard, Some(ms(15_000)));
        // Elsewhere over 30: 60 s / 30 + 0.75 s = 2.75 s.
        let d = Limits { clock: Some(clock), ..Limits::default() }.deadlines(
            ms(0),
            <ladya_xiangqi::Position as ladya_games::EngineGame>::MOVES_TO_COME,
            &Params::default(),
        );
        assert_eq!(d.soft, Some(ms(1650)));
        // One move to the time control: most of what is left, never all of it.
        let last = Clock { time_left: ms(5000), increment: ms(0), moves_to_go: Some(1) };
        let d = Limits { clock: Some(last), ..Limits::default() }.deadlines(ms(100), 20, &Params::default());
        assert!(d.hard.unwrap() < ms(4900) && d.hard.unwrap() >= ms(4000));
        // Almost no time: still a positive budget.
        let flag = Clock { time_left: ms(5), increment: ms(0), moves_to_go: None };
        assert!(
            Limits { clock: Some(flag), ..Limits::default() }.deadlines(ms(30), 20, &Params::default()).hard.unwrap()
                > ms(0)
        );
    }

    #[test]
    fn the_time_shares_are_the_tunable_numbers() {
        let clock = Clock { time_left: ms(60_000), increment: ms(1000), moves_to_go: None };
        let limits = Limits { clock: Some(clock), ..Limits::default() };
        let mut params = Params::default();
        for (name, value) in [("TmSoftPct", "50"), ("TmHardPct", "200"), ("TmIncPct", "0")] {
            params.set(name, value).unwrap().unwrap();
        }
        // 60 s / 20 and no increment: 3 s a move, half of it soft, twice it hard.
        let d = limits.deadlines(ms(0), 20, &params);
        assert_eq!((d.soft, d.hard), (Some(ms(1500)), Some(ms(6000))));
    }

    #[test]
    fn clocks_of_any_size_give_a_budget_without_overflow() {
        for (left, increment) in [(u64::MAX, u64::MAX), (10, 6_148_914_691_236_517_206), (u64::MAX, 0)] {
            let clock = Clock { time_left: ms(left), increment: ms(increment), moves_to_go: Some(1) };
            let d = Limits { clock: Some(clock), ..Limits::default() }.deadlines(ms(30), 20, &Params::default());
            let (soft, hard) = (d.soft.unwrap(), d.hard.unwrap());
            assert!(soft <= hard && hard <= ms(left), "{left} + {increment}: {soft:?} {hard:?}");
        }
    }

    #[test]
    fn ponderhit_restarts_the_clock() {
        let control = SearchControl::new();
        control.start(true);
        assert!(control.pondering() && !control.stopped());
        std::thread::sleep(ms(50));
        let before = control.elapsed();
        control.ponderhit();
        assert!(!control.pondering() && control.elapsed() < before);
        control.stop();
        assert!(control.stopped());
    }
}
