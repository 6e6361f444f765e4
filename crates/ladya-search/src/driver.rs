//! Iterative deepening over the root moves: aspiration windows, MultiPV, lazy SMP threads,
//! time decisions between iterations, and progress reports.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use ladya_core::score::{INFINITE, MATE_BOUND, Score, mate_moves};
use ladya_core::{Game, MoveCode};
use ladya_games::EngineGame;

use crate::limits::{Limits, SearchControl};
use crate::options::SearchOptions;
use crate::strength::Strength;
use crate::tt::{Bound, TranspositionTable};
use crate::worker::{MAX_PLY, RootMove, Shared, Worker};

/// One line of progress: a principal variation found at some depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The iteration depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which of the MultiPV lines this is, from 1.
    pub multipv: usize,
    /// The score from the side to move's point of view.
    pub score: Score,
    /// `Some` when the score is only a bound (an aspiration window failed).
    pub bound: Option<Bound>,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the transposition table in use by this search.
    pub hashfull: u32,
    /// Endgame tablebase probes that gave a verdict so far, the root's included.
    pub tbhits: u64,
    /// The principal variation.
    pub pv: Vec<M>,
}

impl<M> Report<M> {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-3)) as u64
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the position has no legal move.
    pub best: Option<M>,
    /// The expected reply, for pondering.
    pub ponder: Option<M>,
    /// The best move's score.
    pub score: Score,
    /// The last completed iteration.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// Searches `root` within `limits`, calling `report` with each new principal variation.
///
/// Threads beyond the first search the same tree (lazy SMP), sharing `tt`; only the first
/// reports and decides when to stop. `control` lets another thread stop the search or end
/// pondering; the search itself also stops it when a limit is reached. With `infinite` or
/// while pondering, the result is held back until `control` is stopped or the ponder hit.
pub fn search<G: EngineGame>(
    root: &G,
    limits: &Limits,
    options: &SearchOptions,
    tt: &TranspositionTable,
    control: &SearchControl,
    report: &mut dyn FnMut(&Report<G::Move>),
) -> SearchResult<G::Move> {
    tt.new_search();
    let (tb_pieces, tb_root) = tablebase_setup(root, options);
    let params = options.params.for_game::<G>();
    let shared = Shared {
        tt,
        control,
        limits,
        deadlines: limits.deadlines(options.move_overhead, G::MOVES_TO_COME, &params),
        params,
        features: options.features.for_game::<G>(),
        network: options.evaluation.network_for::<G>(),
        // A level searches alone: its budget and its choice are one thread's.
        threads: if options.strength.is_some() { 1 } else { search_threads(options.threads) },
        nodes: AtomicU64::new(0),
        limits_armed: AtomicBool::new(false),
        tb_pieces,
        tb_depth: options.tablebase.probe_depth,
        tb_rule50: options.tablebase.rule50,
        tb_hits: AtomicU64::new(u64::from(!tb_root.is_empty())),
        tb_root,
    };
    let helpers = shared.threads - 1;
    let result = std::thread::scope(|scope| {
        for id in 1..=helpers {
            let shared = &shared;
            let pos = root.clone();
            scope.spawn(move || {
                let mut worker = Worker::new(pos, shared, id);
                worker.tb_probe = (shared.tb_pieces > 0).then_some(G::tablebase_wdl as fn(&G) -> _);
                iterate(&mut worker, limits, 1, id, None, &mut |_| {});
                tt.keep_histories(id, worker.histories, &shared.features);
            });
        }
        let mut main = Worker::new(root.clone(), &shared, 0);
        main.tb_probe = (shared.tb_pieces > 0).then_some(G::tablebase_wdl as fn(&G) -> _);
        let result = match options.strength {
            None => iterate(&mut main, limits, options.multipv.max(1), 0, None, report),
            Some(strength) => {
                let lines = options.multipv.max(strength.candidates());
                let mut candidates = Vec::new();
                let result = iterate(&mut main, limits, lines, 0, Some((strength, &mut candidates)), report);
                choose(result, &candidates, strength, G::LEVEL_SPREAD, root.hash())
            }
        };
        control.stop();
        tt.keep_histories(0, main.histories, &shared.features);
        result
    });
    // Every thread has ended and counted its nodes.
    SearchResult { nodes: shared.nodes.load(Relaxed), ..result }
}

/// The most pieces the search asks the tablebases about (0: none), and the root moves that keep
/// their verdict when the root is in them (empty otherwise). With the root's verdict known from
/// its distance to zeroing, the search asks no more (as Stockfish does): it chooses among the
/// moves kept, and finds the mates itself.
fn tablebase_setup<G: EngineGame>(root: &G, options: &SearchOptions) -> (u32, Vec<u16>) {
    let pieces = options.tablebase.pieces(G::tablebase_pieces());
    if pieces == 0 || root.piece_count() as u32 > pieces {
        return (pieces, Vec::new());
    }
    match root.tablebase_root(options.tablebase.rule50) {
        Some((_, keep)) if !keep.is_empty() => (0, keep.iter().map(|m| m.code()).collect()),
        _ => (pieces, Vec::new()),
    }
}

/// A line of the last completed iteration that a level below full strength chooses from.
struct Candidate<M> {
    mv: M,
    /// The score at the last completed depth.
    score: Score,
    /// The lower of its scores at the last two depths (a move not among the lines the depth
    /// before counts as the worst of them there): a shallow search's horizon makes a move
    /// look far better at one depth than the next (a queen left hanging, the reply pruned),
    /// and a level trusts only what both depths agree on.
    trusted: Score,
    pv: Vec<M>,
}

/// Replaces `candidates` (the lines of the depth before, if any) by `root_moves`, the best
/// lines of the depth just completed, best trusted score first.
fn keep_candidates<M: MoveCode>(candidates: &mut Vec<Candidate<M>>, root_moves: &[RootMove<M>]) {
    let before: Vec<(M, Score)> = candidates.iter().map(|c| (c.mv, c.score)).collect();
    let worst_before = before.iter().map(|&(_, score)| score).min();
    *candidates = root_moves
        .iter()
        .map(|rm| {
            let then = before.iter().find(|&&(mv, _)| mv == rm.mv).map(|&(_, score)| score).or(worst_before);
            Candidate {
                mv: rm.mv,
                score: rm.score,
                trusted: then.map_or(rm.score, |then| then.min(rm.score)),
                pv: rm.pv.clone(),
            }
        })
        .collect();
    candidates.sort_by_key(|c| std::cmp::Reverse(c.trusted));
}

/// The search's result with the move `strength` chooses among `candidates` (best trusted
/// first), with the game's `spread`, in the position with hash `key`. Without candidates (no
/// iteration completed) the result stands.
fn choose<M: Copy>(
    result: SearchResult<M>,
    candidates: &[Candidate<M>],
    strength: Strength,
    spread: f64,
    key: u64,
) -> SearchResult<M> {
    let trusted: Vec<Score> = candidates.iter().map(|c| c.trusted).collect();
    match candidates.get(strength.choose(&trusted, spread, key)) {
        Some(c) => {
            SearchResult { best: Some(c.mv), ponder: c.pv.get(1).copied(), score: c.score, pv: c.pv.clone(), ..result }
        }
        None => result,
    }
}

/// The threads a search runs: as many as asked, but never more than the machine runs at once.
/// More would only take turns on the cores, slowing one another and the thread that watches
/// the clock (256 threads on 2 cores took 0.5 to 2.4 s to answer a one-second clock).
/// The machine's count is read once per process (on Linux it reads the scheduler's affinity and
/// the cgroup files), not at every search.
pub fn search_threads(asked: usize) -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
    asked.clamp(1, cores)
}

/// Iterative deepening for one thread. Helper `id`s start one ply deeper on odd ids, so the
/// threads' trees differ more.
///
/// A level below full strength (`weaker`) stops iterating once its node budget is spent and
/// keeps the lines of each completed iteration in its candidates.
fn iterate<G: Game>(
    worker: &mut Worker<'_, G>,
    limits: &Limits,
    multipv: usize,
    id: usize,
    mut weaker: Option<(Strength, &mut Vec<Candidate<G::Move>>)>,
    report: &mut dyn FnMut(&Report<G::Move>),
) -> SearchResult<G::Move> {
    let mut result = SearchResult { best: None, ponder: None, score: 0, depth: 0, nodes: 0, pv: Vec::new() };
    if worker.root_moves.is_empty() {
        // No legal move (or every one excluded): the game's verdict on having none.
        result.score = worker.pos.no_moves_outcome().score_for(worker.pos.side_to_move(), 0);
        if worker.main {
            wait_for_release(worker);
        }
        return result;
    }
    let multipv = multipv.min(worker.root_moves.len());
    let max_depth = limits.depth.map_or(MAX_PLY as u32 - 4, |d| d.clamp(1, MAX_PLY as u32 - 4));
    let mut depth = 1 + (id % 2) as u32;
    let mut clock = TimeScale::default();
    while depth <= max_depth {
        for rm in &mut worker.root_moves {
            rm.previous = rm.score;
            rm.score = -INFINITE;
        }
        // The depth asked for is searched in full, even after failures high.
        let full_depth = limits.depth.is_some() && depth == max_depth;
        for pv_index in 0..multipv {
            aspiration(worker, depth as i32, full_depth, pv_index, multipv, report);
            if worker.stopped {
                break;
            }
            // Keep the lines found so far in order.
            worker.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        // An interrupted iteration is not trusted, unless there is nothing better.
        let best = &worker.root_moves[0];
        if !worker.stopped || result.best.is_none() {
            result.best = Some(best.mv);
            result.ponder = best.pv.get(1).copied();
            result.score = if best.score == -INFINITE { best.previous } else { best.score };
            result.depth = depth;
            result.pv = best.pv.clone();
        }
        if worker.stopped {
            break;
        }
        if worker.main {
            worker.shared.limits_armed.store(true, Relaxed);
        }
        if let Some((strength, candidates)) = &mut weaker {
            let lines = multipv.min(strength.candidates());
            keep_candidates(candidates, &worker.root_moves[..lines]);
        }
        if worker.main {
            report_lines(worker, depth, multipv, None, report);
            if worker.shared.features.time_scaling {
                clock.update(worker, depth);
            }
            let budget_spent = weaker.as_ref().is_some_and(|(s, _)| worker.total_nodes() >= s.nodes());
            if budget_spent || time_to_stop(worker, limits, result.score, clock.scale) {
                break;
            }
        }
        depth += 1;
    }
    worker.flush_nodes();
    if worker.main {
        wait_for_release(worker);
    }
    result
}

/// Searches one MultiPV line with a window around its previous score, widening on failure.
fn aspiration<G: Game>(
    worker: &mut Worker<'_, G>,
    depth: i32,
    full_depth: bool,
    pv_index: usize,
    multipv: usize,
    report: &mut dyn FnMut(&Report<G::Move>),
) {
    let previous = worker.root_moves[pv_index].previous;
    let params = &worker.shared.params;
    let use_window = worker.shared.features.aspiration && depth >= params.asp_depth && previous.abs() < 2000;
    let mut delta = params.asp_delta;
    let (mut alpha, mut beta) = if use_window {
        ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
    } else {
        (-INFINITE, INFINITE)
    };
    // Each failure high in a row searches a ply shallower (up to `AspFailHighPlies`): the
    // line that beat the window is usually found again sooner.
    let reduces = worker.shared.features.fail_high_reduction && !full_depth;
    let most_plies = if reduces { params.asp_fail_high_plies } else { 0 };
    let mut fail_highs = 0;
    loop {
        let reduced = depth - fail_highs.min(most_plies);
        let score = worker.search_root(reduced.max(1), alpha, beta, pv_index);
        worker.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        if worker.stopped {
            return;
        }
        if score <= alpha {
            fail_highs = 0;
            beta = (alpha + beta) / 2;
            alpha = (score - delta).max(-INFINITE);
            if worker.main && multipv == 1 {
                report_lines(worker, depth as u32, 1, Some(Bound::Upper), report);
            }
        } else if score >= beta {
            // Not after a mate score: a shallower search may not see the mate again.
            fail_highs += i32::from(score < MATE_BOUND);
            beta = (score + delta).min(INFINITE);
            if worker.main && multipv == 1 {
                report_lines(worker, depth as u32, 1, Some(Bound::Lower), report);
            }
        } else {
            return;
        }
        delta += delta;
    }
}

/// Reports the first `lines` root moves' variations.
fn report_lines<G: Game>(
    worker: &Worker<'_, G>,
    depth: u32,
    lines: usize,
    bound: Option<Bound>,
    report: &mut dyn FnMut(&Report<G::Move>),
) {
    let shared = worker.shared;
    for (i, rm) in worker.root_moves.iter().take(lines).enumerate() {
        report(&Report {
            depth,
            seldepth: rm.seldepth.max(1) as u32,
            multipv: i + 1,
            score: if rm.score == -INFINITE { rm.previous } else { rm.score },
            bound,
            nodes: worker.total_nodes(),
            time: shared.control.elapsed(),
            hashfull: shared.tt.hashfull(),
            tbhits: shared.tb_hits.load(Relaxed),
            pv: rm.pv.clone(),
        });
    }
}

/// How much of its soft time limit a search under a clock spends, judged after each iteration:
/// less when the best move stays the same and takes most of the nodes, more when it changes,
/// shares the nodes with others, or its score falls.
struct TimeScale {
    /// The factor of the soft limit.
    scale: f64,
    /// The best move and score of the last iteration.
    last: Option<(u16, Score)>,
    /// Iterations in a row that kept the best move.
    stable: usize,
}

impl Default for TimeScale {
    fn default() -> Self {
        TimeScale { scale: 1.0, last: None, stable: 0 }
    }
}

impl TimeScale {
    fn update<G: Game>(&mut self, worker: &Worker<'_, G>, depth: u32) {
        let params = &worker.shared.params;
        let best = &worker.root_moves[0];
        let (code, score) = (best.mv.code(), best.score);
        let dropped = self.last.is_some_and(|(_, last)| score < last - params.tm_drop_margin);
        self.stable = if self.last.is_some_and(|(last, _)| last == code) { self.stable + 1 } else { 0 };
        self.last = Some((code, score));
        if depth < 4 {
            return;
        }
        let total: u64 = worker.root_moves.iter().map(|rm| rm.nodes).sum();
        let share = best.nodes as f64 / total.max(1) as f64;
        let by_nodes = (f64::from(params.tm_nodes_base) / 100.0 - share) * f64::from(params.tm_nodes_mul) / 100.0;
        let by_stability = [1.6, 1.25, 1.0, 0.9, 0.8][self.stable.min(4)];
        let by_score = if dropped { f64::from(params.tm_drop_pct) / 100.0 } else { 1.0 };
        self.scale = (by_nodes * by_stability * by_score).clamp(0.4, 2.5);
    }
}

/// Whether the main thread should stop iterating: a limit reached, a wanted mate found, the
/// soft time limit (times `scale` under a clock) passed, or only one legal move under a clock.
fn time_to_stop<G: Game>(worker: &Worker<'_, G>, limits: &Limits, score: Score, scale: f64) -> bool {
    if let Some(mate) = limits.mate
        && mate_moves(score).is_some_and(|m| m > 0 && m <= mate as i32)
    {
        return true;
    }
    let control = worker.shared.control;
    if control.pondering() || limits.infinite {
        return false;
    }
    match worker.shared.deadlines.soft {
        Some(soft) => {
            let on_clock = limits.movetime.is_none();
            let single = worker.root_moves.len() == 1 && on_clock;
            let soft = if on_clock { soft.mul_f64(scale) } else { soft };
            single || control.elapsed() >= soft
        }
        None => false,
    }
}

/// In infinite or ponder mode, the result must wait for `stop` (or the ponder hit).
fn wait_for_release<G: Game>(worker: &Worker<'_, G>) {
    let control = worker.shared.control;
    while !control.stopped() && (control.pondering() || worker.shared.limits.infinite) {
        std::thread::sleep(Duration::from_millis(1));
    }
}
