//! Help- and series-play: every line of play that meets a [`Cooperative`] stipulation.
//!
//! No side resists, so a solution is a line, and a problem is sound when it has the number of
//! lines its author meant (usually one). The search tries every move at every step and keeps
//! every line that ends in mate on its last move, so duplicate mates and duals all show.
//! Positions from which a step cannot be completed are remembered in the [`Table`] (keyed by
//! the position, the stipulation and the moves left), which prunes most of the tree: the same
//! position is reached by many orders of the same moves.
//!
//! Conventions, as in chess-problem practice (and Popeye):
//! - the game must not end before the last move: a mate or stalemate on the way is no
//!   solution;
//! - repetition and move-count rules do not apply (the stipulation sets its own length);
//! - in a series the other side does not move (it passes), the series side's king is never
//!   left in check, and no series move gives check except, in `ser-#N`, the mating last one.
//!   Whether the other side could move while it passes does not matter.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use ladya_core::{Game, MoveList};

use crate::solution::{Options, run_on_threads};
use crate::stipulation::Cooperative;
use crate::table::Table;

/// The most solutions [`solve_lines`] keeps: a problem with more (a position with mates
/// everywhere) would fill memory with them. Solving stops when one more is found, with
/// [`Lines::capped`] set.
pub const MAX_SOLUTIONS: usize = 100_000;

/// The solutions of a cooperative stipulation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines<M> {
    /// What was asked.
    pub stipulation: Cooperative,
    /// Every solution, a line of [`Cooperative::line_length`] moves from the problem position,
    /// in move generation order.
    pub solutions: Vec<Vec<M>>,
    /// Positions visited.
    pub nodes: u64,
    /// Solving was stopped through [`Options::stop`]: the solutions are incomplete.
    pub stopped: bool,
    /// There are more than [`MAX_SOLUTIONS`] solutions: solving stopped, and `solutions`
    /// holds the first [`MAX_SOLUTIONS`] found.
    pub capped: bool,
}

/// Finds every solution of `stipulation` from `root` (see the module documentation), sharing
/// the first moves among `options.threads` threads. `options.aim`, `tries` and `keys_only`
/// do not apply. The table may be shared across problems and with [`solve`](crate::solve).
pub fn solve_lines<G: Game>(root: &G, stipulation: Cooperative, options: &Options, table: &Table) -> Lines<G::Move> {
    solve_lines_at_most(root, stipulation, options, table, MAX_SOLUTIONS)
}

/// [`solve_lines`], keeping at most `most` solutions.
fn solve_lines_at_most<G: Game>(
    root: &G,
    stipulation: Cooperative,
    options: &Options,
    table: &Table,
    most: usize,
) -> Lines<G::Move> {
    let (step, left) = match stipulation {
        Cooperative::Help { .. } => (Step::Help, stipulation.line_length()),
        Cooperative::SeriesHelp(moves) => (Step::SeriesHelp, moves),
        Cooperative::SeriesMate(moves) => (Step::SeriesMate, moves),
    };
    table.advise_huge_pages();
    let stop = options.stop.as_deref();
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let checks = if step.needs_checks::<G>(left) { root.clone().checks_first(&mut moves) } else { 0 };
    let next = AtomicUsize::new(0);
    let nodes = AtomicU64::new(0);
    let found = Mutex::new(Vec::new());
    let count = AtomicUsize::new(0);
    let capped = AtomicBool::new(false);
    let work = || {
        let mut search = LineSearch::new(root, table, stop, Cap { most, count: &count, capped: &capped });
        loop {
            let i = next.fetch_add(1, Relaxed);
            let Some(&m) = moves.get(i) else { break };
            search.try_move(step, left, m, i < checks);
        }
        nodes.fetch_add(search.nodes, Relaxed);
        found.lock().unwrap_or_else(|e| e.into_inner()).append(&mut search.found);
    };
    run_on_threads(options.threads, moves.len(), &work);
    let mut solutions = found.into_inner().unwrap_or_else(|e| e.into_inner());
    // Generation order, whichever thread found what.
    let rank = |line: &Vec<G::Move>| {
        let mut rank = Vec::with_capacity(line.len());
        replay(root, stipulation, line, |pos, m| {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            rank.push(list.iter().position(|&l| l == m).unwrap_or(usize::MAX));
        });
        rank
    };
    solutions.sort_by_cached_key(rank);
    Lines {
        stipulation,
        solutions,
        nodes: nodes.into_inner(),
        stopped: stop.is_some_and(|s| s.load(Relaxed)),
        capped: capped.into_inner(),
    }
}

/// Plays `line`, a solution of `stipulation`, from `root`, calling `visit` with the position
/// each move is played in and the move (the other side passes between series moves).
pub fn replay<G: Game>(root: &G, stipulation: Cooperative, line: &[G::Move], mut visit: impl FnMut(&G, G::Move)) {
    // A short solution has fewer series moves than asked.
    let series_moves = match stipulation {
        Cooperative::Help { .. } => 0,
        Cooperative::SeriesHelp(_) => line.len().saturating_sub(1),
        Cooperative::SeriesMate(_) => line.len(),
    };
    let mut pos = root.clone();
    for (i, &m) in line.iter().enumerate() {
        visit(&pos, m);
        pos.make(m);
        if i + 1 < series_moves {
            pos.make_null();
        }
    }
}

/// What the side to move does at a step of the line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Help play: the sides alternate; the side to move mates when one move is left.
    Help,
    /// A series move of `ser-h#`; after the last, the other side mates.
    SeriesHelp,
    /// A series move of `ser-#`; the last one mates.
    SeriesMate,
}

impl Step {
    /// Whether the side to move, with `left` moves of the step to go, is the side that mates.
    const fn mating_side(self, left: u32) -> bool {
        match self {
            Step::Help => left % 2 == 1,
            Step::SeriesMate => true,
            Step::SeriesHelp => false,
        }
    }

    /// Whether the moves' checks must be known: a series move may not check, and where only a
    /// check can mate, only checks are tried as mates.
    const fn needs_checks<G: Game>(self, left: u32) -> bool {
        !matches!(self, Step::Help) || (G::ONLY_CHECKS_MATE && self.mating_side(left))
    }

    /// The table key of position key `hash` with `left` moves of the step to go: salted, so
    /// that each kind of step and each number of moves has its own entries.
    const fn table_key(self, hash: u64, left: u32) -> u64 {
        hash ^ self.salt() ^ (left as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Salt of the table keys, so that each kind of step has its own entries.
    const fn salt(self) -> u64 {
        match self {
            Step::Help => 0x2545_F491_4F6C_DD1D,
            Step::SeriesHelp => 0x9FB2_1C65_1E98_DF25,
            Step::SeriesMate => 0xD6E8_FEB8_6659_FD93,
        }
    }
}

/// The count of solutions that all threads share, to stop after `most`.
#[derive(Clone, Copy)]
struct Cap<'t> {
    most: usize,
    count: &'t AtomicUsize,
    capped: &'t AtomicBool,
}

/// One thread's search for lines.
struct LineSearch<'t, G: Game> {
    pos: G,
    table: &'t Table,
    stop: Option<&'t AtomicBool>,
    cap: Cap<'t>,
    halted: bool,
    /// The moves from the problem position to `pos`, passes left out.
    line: Vec<G::Move>,
    /// The solutions found.
    found: Vec<Vec<G::Move>>,
    nodes: u64,
    /// Move lists to reuse.
    spare: Vec<Box<MoveList<G::Move>>>,
    /// Lists of the children's table keys to reuse.
    spare_keys: Vec<Vec<u64>>,
}

impl<'t, G: Game> LineSearch<'t, G> {
    fn new(root: &G, table: &'t Table, stop: Option<&'t AtomicBool>, cap: Cap<'t>) -> Self {
        LineSearch {
            pos: root.clone(),
            table,
            stop,
            cap,
            halted: false,
            line: Vec::new(),
            found: Vec::new(),
            nodes: 0,
            spare: Vec::new(),
            spare_keys: Vec::new(),
        }
    }

    fn halted(&mut self) -> bool {
        if !self.halted && (self.stop.is_some_and(|s| s.load(Relaxed)) || self.cap.capped.load(Relaxed)) {
            self.halted = true;
        }
        self.halted
    }

    /// Finds every completion of the line from the current position, the side to move at
    /// `step` with `left` moves of it to go (help play: moves of both sides). Whether there is
    /// one.
    fn search(&mut self, step: Step, left: u32) -> bool {
        if self.halted() {
            return false;
        }
        // The table entry may not be in the cache (in help play the node before prefetched
        // it): it is fetched while the moves are generated.
        let key = step.table_key(self.pos.hash(), left);
        self.table.prefetch(key);
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        // The last move of a line must mate: where only a check can, only checks are tried.
        let last = left == 1 && step != Step::SeriesHelp;
        let checks = if last && G::ONLY_CHECKS_MATE {
            self.pos.checking_moves(&mut moves);
            moves.len()
        } else {
            self.pos.legal_moves(&mut moves);
            if step.needs_checks::<G>(left) { self.pos.checks_first(&mut moves) } else { 0 }
        };
        if moves.is_empty() && step == Step::Help && !self.halted {
            // Often the mating side has no check at all: remembered, this position is passed
            // over without a make when it comes again (its entry is in the cache, prefetched by
            // the node before).
            self.table.store_unsolvable(key);
        }
        if moves.is_empty() || self.table.unsolvable(key) {
            self.spare.push(moves);
            return false;
        }
        let mut any = false;
        if step == Step::Help && left > 1 {
            // The children's entries are fetched all at once before the first child is
            // searched, so that their cache misses overlap instead of coming one by one; by
            // the time a child's turn comes its entry is in the cache, and a child known to
            // have no completion is passed over without a make or a move generation.
            let mut keys = self.spare_keys.pop().unwrap_or_default();
            keys.clear();
            for i in 0..moves.len() {
                self.pos.make(moves[i]);
                let child = step.table_key(self.pos.hash(), left - 1);
                self.table.prefetch(child);
                keys.push(child);
                self.pos.unmake();
            }
            for i in 0..moves.len() {
                any |= if self.table.unsolvable(keys[i]) {
                    self.try_move_to_dead_end(step, left, moves[i], i < checks)
                } else {
                    self.try_move(step, left, moves[i], i < checks)
                };
            }
            self.spare_keys.push(keys);
        } else {
            for i in 0..moves.len() {
                any |= self.try_move(step, left, moves[i], i < checks);
            }
        }
        self.spare.push(moves);
        if !any && !self.halted {
            self.table.store_unsolvable(key);
        }
        any
    }

    /// [`LineSearch::search`] after the side to move plays `m`, when `m` fits the step;
    /// `check` says whether `m` gives check, where [`Step::needs_checks`] (else false). A move
    /// of the mating side that mates ends the line, early for a short solution.
    fn try_move(&mut self, step: Step, left: u32, m: G::Move, check: bool) -> bool {
        if self.ends_line(step, left, m, check) {
            return true;
        }
        if left == 1 && step != Step::SeriesHelp {
            return false;
        }
        // A series move gives no check, but the last: a `ser-#` mate (handled above), or the
        // move after which the other side mates in a `ser-h#`.
        if step == Step::SeriesMate && check {
            return false;
        }
        self.nodes += 1;
        self.pos.make(m);
        self.line.push(m);
        let found = match step {
            Step::Help => self.search(step, left - 1),
            Step::SeriesHelp => {
                // The other side may mate now, after fewer series moves than asked...
                let mut found = self.mates_in_one();
                if left > 1 && !check {
                    // ... or pass (it is not in check: only a last series move checks).
                    self.pos.make_null();
                    found |= self.search(step, left - 1);
                    self.pos.unmake();
                }
                found
            }
            Step::SeriesMate => {
                self.pos.make_null();
                let found = self.search(step, left - 1);
                self.pos.unmake();
                found
            }
        };
        self.line.pop();
        self.pos.unmake();
        found
    }

    /// [`LineSearch::try_move`] for a help-play move `m` after which the table knows the line
    /// cannot be completed: only a mate by `m` itself, a short solution, can be one.
    fn try_move_to_dead_end(&mut self, step: Step, left: u32, m: G::Move, check: bool) -> bool {
        if self.ends_line(step, left, m, check) {
            return true;
        }
        // Counted as a position visited, as `try_move` would.
        self.nodes += 1;
        false
    }

    /// Whether `m` is a mate by the mating side that ends the line here (recorded if so);
    /// `check` as for [`LineSearch::try_move`].
    fn ends_line(&mut self, step: Step, left: u32, m: G::Move, check: bool) -> bool {
        let may_mate = check || !G::ONLY_CHECKS_MATE;
        step.mating_side(left) && may_mate && self.record_if_mate(m)
    }

    /// Records every mating move of the side to move, after the line; whether there is one.
    fn mates_in_one(&mut self) -> bool {
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        if G::ONLY_CHECKS_MATE {
            self.pos.checking_moves(&mut moves);
        } else {
            self.pos.legal_moves(&mut moves);
        }
        let mut any = false;
        for i in 0..moves.len() {
            any |= self.record_if_mate(moves[i]);
        }
        self.spare.push(moves);
        any
    }

    /// Records the line ending in `m` if `m` mates.
    fn record_if_mate(&mut self, m: G::Move) -> bool {
        self.nodes += 1;
        self.pos.make(m);
        let mates = self.pos.is_mated();
        self.pos.unmake();
        if mates {
            if self.cap.count.fetch_add(1, Relaxed) < self.cap.most {
                let mut line = self.line.clone();
                line.push(m);
                self.found.push(line);
            } else {
                self.cap.capped.store(true, Relaxed);
                self.halted = true;
            }
        }
        mates
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_beyond_the_most_kept_stop_the_solving() {
        // Rook and king against king: mates everywhere in help play.
        let root: ladya_chess::Position = "7k/8/8/8/8/8/8/R3K3 b - - 0 1".parse().unwrap();
        let play = Cooperative::Help { moves: 4, half: false };
        for threads in [1, 2] {
            let options = Options { threads, ..Options::default() };
            let all = solve_lines_at_most(&root, play, &options, &Table::try_new(4).unwrap(), usize::MAX);
            assert!(!all.capped && all.solutions.len() > 10, "{}", all.solutions.len());
            let few = solve_lines_at_most(&root, play, &options, &Table::try_new(4).unwrap(), 10);
            assert!(few.capped && !few.stopped);
            assert_eq!(few.solutions.len(), 10);
            assert!(few.solutions.iter().all(|line| all.solutions.contains(line)));
            // Exactly as many as kept is no cap.
            let exact = solve_lines_at_most(&root, play, &options, &Table::try_new(4).unwrap(), all.solutions.len());
            assert!(!exact.capped);
            assert_eq!(exact.solutions, all.solutions);
        }
    }
}
