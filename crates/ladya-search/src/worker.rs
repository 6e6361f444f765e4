//! One search thread: principal variation search with a transposition table, move ordering,
//! pruning and reductions, and quiescence search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use ladya_core::score::{self, INFINITE, MATE_BOUND, Score, from_table, mate_in, mated_in, to_table};
use ladya_core::{Game, MAX_MOVES, MoveCode, MoveList, Side};
use ladya_games::Wdl;
use ladya_nnue::{Accumulators, Network};

use crate::histories::{CORRECTIONS, Histories, MOVE_CODES};
use crate::limits::{Deadlines, Limits, SearchControl};
use crate::options::Features;
use crate::params::Params;
use crate::tablebase::TB_WIN;
use crate::tt::{Bound, Entry, TranspositionTable};

/// Deepest ply the search goes below the root.
pub(crate) const MAX_PLY: usize = 128;

// A tablebase win found at any ply stays below the mate scores.
const _: () = assert!(TB_WIN - MAX_PLY as Score > 20_000 && TB_WIN + 1 + MAX_PLY as Score == MATE_BOUND);

/// `score` drawn towards zero by the count of a draw-by-count rule that draws at `limit`:
/// whole at 0, half at the limit.
fn progress_scaled(score: Score, count: u16, limit: u16) -> Score {
    let whole = 2 * Score::from(limit);
    score * (whole - Score::from(count.min(limit))) / whole
}

/// The score and bound of a tablebase verdict `ply` plies below the root, with the 50-move
/// rule or without it (`rule50`): a win is at least a tablebase win, a loss at most a loss, a
/// draw exact.
fn wdl_score(wdl: Wdl, rule50: bool, ply: usize) -> (Score, Bound) {
    match wdl.under(rule50) {
        Wdl::Win => (TB_WIN - ply as Score, Bound::Lower),
        Wdl::Loss => (-TB_WIN + ply as Score, Bound::Upper),
        _ => (0, Bound::Exact),
    }
}

/// Nodes between checks of the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;

/// Ordering ranks: the hash move, then good noisy moves, killers, the counter move, quiet
/// moves by history, and losing captures last.
const HASH_MOVE: i32 = 1 << 30;
const GOOD_NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = (1 << 27) - 2;
const BAD_NOISY: i32 = -(1 << 28);
/// The rank of a quiet move whose histories are not looked up yet: below the counter move,
/// above any history score. The first time such a move is picked, every one of them is scored.
const QUIET_PENDING: i32 = 1 << 26;

/// Largest magnitude of a history score.
const HISTORY_MAX: i32 = 16_384;

/// Correction-history entries count in this fraction of an evaluation unit.
const CORRECTION_GRAIN: i32 = 256;

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) control: &'a SearchControl,
    pub(crate) limits: &'a Limits,
    pub(crate) deadlines: Deadlines,
    pub(crate) features: Features,
    /// The tunable numbers (each thread keeps a copy).
    pub(crate) params: Params,
    /// The learned evaluation, if the search uses one.
    pub(crate) network: Option<Arc<Network>>,
    pub(crate) threads: usize,
    /// Nodes searched by all threads (each adds its count every few thousand nodes).
    pub(crate) nodes: AtomicU64,
    /// Whether the node limit and the clock may stop the search: set by the main thread once
    /// its first iteration has ended, so that every search answers with a move it has scored.
    pub(crate) limits_armed: AtomicBool,
    /// Positions with at most this many pieces are asked of the tablebases (0: none is).
    pub(crate) tb_pieces: u32,
    /// Positions with `tb_pieces` pieces are asked only at this depth or deeper.
    pub(crate) tb_depth: i32,
    /// Whether the 50-move rule turns cursed wins and blessed losses into draws.
    pub(crate) tb_rule50: bool,
    /// The root moves that keep the tablebases' verdict (all of them when empty).
    pub(crate) tb_root: Vec<u16>,
    /// Tablebase probes that gave a verdict, all threads.
    pub(crate) tb_hits: AtomicU64,
}

/// Per-ply search state.
#[derive(Clone, Copy, Default)]
struct Frame {
    /// Static evaluation (none when in check).
    eval: Option<Score>,
    /// Code of the move played from this ply, if any.
    played: Option<u16>,
    /// Whether the move played from this ply was a null move.
    null: bool,
    /// [`Game::move_key`] of the move played from this ply (none for a null move).
    moved: Option<u32>,
    /// Whether the move played from this ply was quiet (set in the main search and at the
    /// root).
    played_quiet: bool,
    killers: [u16; 2],
    /// A move the search of this ply leaves out: the hash move, while a singular-extension
    /// search asks how the others fare.
    excluded: u16,
    /// Double singular extensions on the line from the root to this ply.
    double_extensions: u8,
}

impl Frame {
    /// Records the move played from this ply: its code, its [`Game::move_key`] and whether it
    /// is quiet.
    fn record_move(&mut self, code: u16, key: usize, quiet: bool) {
        self.played = Some(code);
        self.moved = Some(key as u32);
        self.null = false;
        self.played_quiet = quiet;
    }
}

/// The moves of one ply and their ordering scores, allocated once per search.
struct PlyMoves<M: Copy + Default> {
    moves: MoveList<M>,
    scores: [i32; MAX_MOVES],
    /// Quiet moves searched before a cutoff (their history is lowered).
    quiets: [u16; 64],
    /// Their [`Game::move_key`]s.
    quiet_keys: [u32; 64],
    quiet_count: usize,
}

impl<M: Copy + Default> PlyMoves<M> {
    fn new() -> Box<Self> {
        Box::new(PlyMoves {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            quiets: [0; 64],
            quiet_keys: [0; 64],
            quiet_count: 0,
        })
    }
}

/// A move at the root with its latest score and line.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<M> {
    pub(crate) mv: M,
    /// Score in the current iteration (`-INFINITE` until searched).
    pub(crate) score: Score,
    /// Score from the last iteration that searched it.
    pub(crate) previous: Score,
    pub(crate) pv: Vec<M>,
    pub(crate) seldepth: usize,
    /// Nodes spent below it so far, in every iteration.
    pub(crate) nodes: u64,
}

/// A search thread.
pub(crate) struct Worker<'a, G: Game> {
    pub(crate) pos: G,
    pub(crate) shared: &'a Shared<'a>,
    /// The main thread watches the clock and reports; helpers only watch the stop flag.
    pub(crate) main: bool,
    pub(crate) nodes: u64,
    unflushed: u64,
    pub(crate) seldepth: usize,
    root_ply: usize,
    stack: Vec<Frame>,
    /// What this thread learns of moves and evaluation misses (perhaps since earlier searches).
    pub(crate) histories: Histories,
    pv: Vec<Vec<G::Move>>,
    plies: Vec<Box<PlyMoves<G::Move>>>,
    pub(crate) root_moves: Vec<RootMove<G::Move>>,
    pub(crate) stopped: bool,
    reductions: Vec<[u8; 64]>,
    /// The learned evaluation's hidden layers along the current line, when it is in use.
    learned: Option<Accumulators<G>>,
    /// Whether the side to move is in check, set by a caller that knows it just before it
    /// searches the position; every search and quiescence search takes it on entry.
    known_in_check: Option<bool>,
    /// The search's tunable numbers, copied from [`Shared::params`].
    params: Params,
    /// The game's tablebase probe, where the search uses one
    /// ([`EngineGame::tablebase_wdl`](ladya_games::EngineGame::tablebase_wdl)).
    pub(crate) tb_probe: Option<fn(&G) -> Option<Wdl>>,
    /// While a null move is verified: the side whose null moves wait, and the ply from which
    /// they are allowed again.
    null_move_wait: Option<(Side, usize)>,
}

impl<'a, G: Game> Worker<'a, G> {
    /// Thread number `thread` (0 for the main one) of a search from `pos`.
    pub(crate) fn new(pos: G, shared: &'a Shared<'a>, thread: usize) -> Self {
        let mut root_list = MoveList::new();
        pos.legal_moves(&mut root_list);
        let limits = shared.limits;
        let allowed = |m: &&G::Move| {
            (limits.search_moves.is_empty() || limits.search_moves.contains(&m.code()))
                && !limits.banned_moves.contains(&m.code())
        };
        // The tablebases' choice, unless the moves asked for leave none of it.
        let keeps = |m: &&G::Move| shared.tb_root.contains(&m.code());
        let tb_choice = root_list.iter().filter(allowed).any(|m| keeps(&m));
        let root_moves = root_list
            .iter()
            .filter(allowed)
            .filter(|m| !tb_choice || keeps(m))
            .map(|&mv| RootMove { mv, score: -INFINITE, previous: -INFINITE, pv: vec![mv], seldepth: 0, nodes: 0 })
            .collect();
        // Late-move reduction table ([`Params::reduction`]).
        let params = shared.params;
        let reductions = (0..=MAX_PLY).map(|d| std::array::from_fn(|i| params.reduction(d, i))).collect();
        let learned = shared.network.as_ref().map(|net| {
            let mut learned = Accumulators::new(Arc::clone(net));
            learned.refresh(&pos);
            learned
        });
        Worker {
            root_ply: pos.ply(),
            histories: shared.tt.take_histories::<G>(thread, &shared.features),
            pos,
            shared,
            main: thread == 0,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            stack: vec![Frame::default(); MAX_PLY + 4],
            pv: vec![Vec::new(); MAX_PLY + 2],
            plies: (0..MAX_PLY + 2).map(|_| PlyMoves::new()).collect(),
            root_moves,
            stopped: false,
            reductions,
            learned,
            known_in_check: None,
            params,
            tb_probe: None,
            null_move_wait: None,
        }
    }

    /// Plays `m`, keeping the learned evaluation's layers up to date.
    #[inline]
    fn make(&mut self, m: G::Move) {
        if let Some(learned) = &mut self.learned {
            learned.push(&self.pos, m);
        }
        self.pos.make(m);
    }

    /// Passes the turn (null-move pruning).
    #[inline]
    fn make_null(&mut self) {
        if let Some(learned) = &mut self.learned {
            learned.push_null();
        }
        self.pos.make_null();
    }

    /// Takes back the last move or pass.
    #[inline]
    fn unmake(&mut self) {
        if let Some(learned) = &mut self.learned {
            learned.pop();
        }
        self.pos.unmake();
    }

    /// The static evaluation, side to move's view: the learned one if the search has a
    /// network for this game, else the game's own; drawn towards zero as the draw-by-count
    /// rule nears ([`Features::progress_scaling`]).
    #[inline]
    fn evaluate(&mut self) -> Score {
        let score = match &mut self.learned {
            Some(learned) => learned.evaluate(&self.pos),
            None => self.pos.evaluate(),
        };
        match self.pos.draw_count() {
            Some((count, limit)) if self.features().progress_scaling => progress_scaled(score, count, limit),
            _ => score,
        }
    }

    fn features(&self) -> &Features {
        &self.shared.features
    }

    /// Counts a node and, every so often, checks the stop flag, the node limit and the clock.
    /// The node limit and the clock wait for the main thread's first iteration to end
    /// ([`Shared::limits_armed`]).
    #[inline]
    fn count_node_and_check(&mut self) -> bool {
        self.nodes += 1;
        self.unflushed += 1;
        if let Some(limit) = self.shared.limits.nodes
            && self.shared.limits_armed.load(Relaxed)
            && self.shared.threads == 1
            && self.nodes >= limit
        {
            self.stopped = true;
        }
        if self.unflushed >= CHECK_INTERVAL {
            let total = self.shared.nodes.fetch_add(self.unflushed, Relaxed) + self.unflushed;
            self.unflushed = 0;
            if self.shared.control.stopped() {
                self.stopped = true;
            }
            if let Some(limit) = self.shared.limits.nodes
                && self.shared.limits_armed.load(Relaxed)
                && total >= limit
            {
                self.stopped = true;
            }
            if self.main
                && self.shared.limits_armed.load(Relaxed)
                && !self.shared.control.pondering()
                && let Some(hard) = self.shared.deadlines.hard
                && self.shared.control.elapsed() >= hard
            {
                self.stopped = true;
            }
            if self.stopped {
                self.shared.control.stop();
            }
        }
        self.stopped
    }

    /// Adds the nodes not yet counted in the shared total.
    pub(crate) fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    /// Nodes of all threads, this one's uncounted ones included.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Relaxed) + self.unflushed
    }

    fn history_index(&self, side: Side, code: u16) -> usize {
        side.index() * MOVE_CODES + code as usize
    }

    /// Puts the hash move (`tt_code`) first among the moves of `ply`, if it is one of them; with
    /// staged ordering it is then searched before the others are scored, and a cutoff spares
    /// their scoring.
    fn hash_move_first(&mut self, tt_code: u16, ply: usize) -> bool {
        let buffers = &mut *self.plies[ply];
        let Some(at) = buffers.moves.iter().position(|m| m.code() == tt_code) else {
            return false;
        };
        buffers.moves.swap(0, at);
        buffers.scores[0] = HASH_MOVE;
        true
    }

    /// Scores the moves of `ply` from `from` on for ordering: noisy moves by value, as good
    /// ones until [`Worker::next_move`] checks them by exchange, killers and the counter move
    /// by rank; the other quiet moves wait, ranked [`QUIET_PENDING`], until `next_move`
    /// reaches them.
    fn score_moves(&mut self, ply: usize, from: usize) {
        let features = self.shared.features;
        let frame = self.stack[ply];
        let counter = match (ply.checked_sub(1).map(|p| self.stack[p]), features.counter_moves) {
            (Some(Frame { played: Some(code), null: false, .. }), true) => self.histories.counters[code as usize],
            _ => 0,
        };
        for i in from..self.plies[ply].moves.len() {
            let m = self.plies[ply].moves[i];
            let code = m.code();
            self.plies[ply].scores[i] = if self.pos.is_noisy(m) {
                GOOD_NOISY + self.pos.noisy_value(m)
            } else if features.killers && code == frame.killers[0] {
                KILLER
            } else if features.killers && code == frame.killers[1] {
                KILLER - 1
            } else if code == counter {
                COUNTER
            } else {
                QUIET_PENDING
            };
        }
    }

    /// Scores the quiet moves of `ply` from `from` on that wait for their histories.
    fn score_quiets(&mut self, ply: usize, from: usize) {
        let side = self.pos.side_to_move();
        let rows = self.continuation_rows(ply);
        for i in from..self.plies[ply].moves.len() {
            if self.plies[ply].scores[i] == QUIET_PENDING {
                let m = self.plies[ply].moves[i];
                self.plies[ply].scores[i] =
                    self.quiet_score(rows, side, m.code(), self.pos.move_key(m)) + self.pos.quiet_value(m);
            }
        }
    }

    /// The move of `ply` to search at `index`, and its ordering score: the best-ranked of the
    /// moves left. A noisy move ranked good is checked by static exchange only when picked,
    /// and ranked with the losing ones if it fails; the quiet moves are ranked by their
    /// histories, as they stand then, when the first of them is due.
    fn next_move(&mut self, ply: usize, index: usize) -> (G::Move, i32) {
        loop {
            let (m, order) = self.pick(ply, index);
            if order == QUIET_PENDING {
                self.score_quiets(ply, index);
            } else if order > KILLER && self.features().see && !self.pos.see_ge(m, 0) {
                self.plies[ply].scores[index] = order - GOOD_NOISY + BAD_NOISY;
            } else {
                return (m, order);
            }
        }
    }

    /// What the histories say of a quiet move (`code`, with [`Game::move_key`] `key`) of
    /// `side`, with `rows` the continuation histories of its ply
    /// ([`Worker::continuation_rows`]).
    fn quiet_score(&self, rows: [Option<usize>; 2], side: Side, code: u16, key: usize) -> i32 {
        let mut score =
            if self.features().history { i32::from(self.histories.history[self.history_index(side, code)]) } else { 0 };
        for row in rows.into_iter().flatten() {
            score += i32::from(self.histories.continuation[row + key]);
        }
        score
    }

    /// Where the continuation histories that follow the moves one and two plies before `ply`
    /// begin: none after a null move, before the root, or with the technique off.
    fn continuation_rows(&self, ply: usize) -> [Option<usize>; 2] {
        let on = self.features().continuation_history;
        [1, 2].map(|back| {
            let earlier = ply.checked_sub(back).and_then(|p| self.stack[p].moved).filter(|_| on);
            earlier.map(|key| key as usize * G::MOVE_KEYS)
        })
    }

    /// The position's correction-history entry, if the game names its structure.
    fn correction_index(&self) -> Option<usize> {
        if !self.features().correction_history {
            return None;
        }
        let key = self.pos.structure_key()?;
        Some(self.pos.side_to_move().index() * CORRECTIONS + (key >> 50) as usize % CORRECTIONS)
    }

    /// The piece-correction entries of the position, one for each side's pieces.
    fn piece_correction_indices(&self) -> Option<[usize; 2]> {
        if !self.features().piece_correction {
            return None;
        }
        let keys = self.pos.piece_keys()?;
        let us = self.pos.side_to_move().index();
        Some([0, 1].map(|s| (us * 2 + s) * CORRECTIONS + (keys[s] >> 50) as usize % CORRECTIONS))
    }

    /// The continuation-correction entry of the position `ply` plies below the root: by the
    /// side to move and the move that led to it, none after a null move or at the root.
    fn continuation_correction_index(&self, ply: usize) -> Option<usize> {
        if !self.features().continuation_correction {
            return None;
        }
        let key = ply.checked_sub(1).and_then(|p| self.stack[p].moved)?;
        Some(self.pos.side_to_move().index() * G::MOVE_KEYS + key as usize)
    }

    /// `raw`, a static evaluation of the position `ply` plies below the root, corrected by the
    /// correction histories.
    fn corrected(&self, raw: Score, ply: usize) -> Score {
        if raw.abs() >= MATE_BOUND {
            return raw;
        }
        let by_structure = self.correction_index().map_or(0, |i| self.histories.correction[i]);
        let by_move = self.continuation_correction_index(ply).map_or(0, |i| self.histories.continuation_correction[i]);
        let by_pieces = self
            .piece_correction_indices()
            .map_or(0, |[a, b]| self.histories.piece_correction[a] + self.histories.piece_correction[b]);
        raw + (by_structure + by_move + by_pieces) / CORRECTION_GRAIN
    }

    /// `eval`, the corrected static evaluation of the position `ply` plies below the root, or
    /// the score of its table `entry` where that bound lies beyond it and was searched at most
    /// a ply shallower than `depth` ([`Features::tt_eval`]): what the pruning of whole nodes
    /// goes by.
    fn table_refined(&self, eval: Score, entry: Option<Entry>, ply: usize, depth: i32) -> Score {
        bound_refined(eval, entry.filter(|e| self.features().tt_eval && e.depth >= depth - 1), ply)
    }

    /// Moves the correction histories of the position `ply` plies below the root towards
    /// `miss`, what the search found minus the raw static evaluation, the more the deeper the
    /// search: each towards what the other leaves of the miss, so that together they correct
    /// it once.
    fn update_correction(&mut self, miss: Score, depth: i32, ply: usize) {
        let weight = (depth + 1).min(16);
        let limit = self.params.corr_max;
        let (structure, by_move) = (self.correction_index(), self.continuation_correction_index(ply));
        let pieces = self.piece_correction_indices();
        let structure_value = structure.map_or(0, |i| self.histories.correction[i]);
        let move_value = by_move.map_or(0, |i| self.histories.continuation_correction[i]);
        let piece_values = pieces.map_or([0, 0], |p| p.map(|i| self.histories.piece_correction[i]));
        let total = structure_value + move_value + piece_values[0] + piece_values[1];
        let towards = |entry: &mut i32, own: i32| {
            let target = (miss - (total - own) / CORRECTION_GRAIN).clamp(-limit, limit) * CORRECTION_GRAIN;
            *entry = (*entry * (256 - weight) + target * weight) / 256;
        };
        if let Some(i) = structure {
            towards(&mut self.histories.correction[i], structure_value);
        }
        if let Some(i) = by_move {
            towards(&mut self.histories.continuation_correction[i], move_value);
        }
        if let Some(p) = pieces {
            for (i, own) in p.into_iter().zip(piece_values) {
                towards(&mut self.histories.piece_correction[i], own);
            }
        }
    }

    /// Moves the best-scored remaining move of `ply` to `index`; returns it and its score.
    #[inline]
    fn pick(&mut self, ply: usize, index: usize) -> (G::Move, i32) {
        let buffers = &mut *self.plies[ply];
        // The first of the highest scores: two passes that vectorise, rather than one whose
        // every step waits on the last.
        let left = &buffers.scores[index..buffers.moves.len()];
        let high = left.iter().copied().max().unwrap_or(i32::MIN);
        let best = index + left.iter().position(|&s| s == high).unwrap_or(0);
        buffers.moves.swap(index, best);
        buffers.scores.swap(index, best);
        (buffers.moves[index], buffers.scores[index])
    }

    /// Takes out of the moves of `ply`, from `from` on, the quiet ones that give no check:
    /// late-move pruning or futility has ruled them all out, and ordering them would be wasted.
    fn drop_quiet_moves(&mut self, ply: usize, from: usize) {
        let buffers = &mut *self.plies[ply];
        let mut checks = [false; MAX_MOVES];
        self.pos.mark_checks(&buffers.moves[from..], &mut checks);
        let mut kept = from;
        for j in from..buffers.moves.len() {
            let m = buffers.moves[j];
            if self.pos.is_noisy(m) || checks[j - from] {
                buffers.moves[kept] = m;
                buffers.scores[kept] = buffers.scores[j];
                kept += 1;
            }
        }
        buffers.moves.truncate(kept);
    }

    fn update_history(&mut self, side: Side, code: u16, bonus: i32) {
        let index = self.history_index(side, code);
        gravity(&mut self.histories.history[index], bonus);
    }

    /// Moves the continuation histories (`rows`, [`Worker::continuation_rows`]) of a quiet
    /// move with key `key` by `bonus`.
    fn update_continuation(&mut self, rows: [Option<usize>; 2], key: usize, bonus: i32) {
        for row in rows.into_iter().flatten() {
            gravity(&mut self.histories.continuation[row + key], bonus);
        }
    }

    /// Rewards the quiet move (with key `key`) that caused a cutoff at `depth` and penalises
    /// the quiet moves tried before it, by a bonus that grows with the square of the depth.
    fn reward_quiet(&mut self, m: G::Move, key: usize, depth: i32, ply: usize) {
        let bonus = (depth * depth * self.params.hist_bonus_mul).min(self.params.hist_bonus_max);
        let code = m.code();
        let frame = &mut self.stack[ply];
        if frame.killers[0] != code {
            frame.killers[1] = frame.killers[0];
            frame.killers[0] = code;
        }
        if let Some(previous) = ply.checked_sub(1).map(|p| self.stack[p])
            && let Some(prev_code) = previous.played
            && !previous.null
        {
            self.histories.counters[prev_code as usize] = code;
        }
        let side = self.pos.side_to_move();
        let rows = self.continuation_rows(ply);
        self.update_history(side, code, bonus);
        self.update_continuation(rows, key, bonus);
        let (tried, keys, count) = (self.plies[ply].quiets, self.plies[ply].quiet_keys, self.plies[ply].quiet_count);
        for (&other, &other_key) in tried[..count].iter().zip(&keys[..count]) {
            self.update_history(side, other, -bonus);
            self.update_continuation(rows, other_key as usize, -bonus);
        }
    }

    /// Moves the history of the quiet move that led to the position `ply` plies below the root
    /// by how far the static evaluation, from the view of the side that played it, rose across
    /// it (`eval` is the position's, from the side to move's view).
    fn learn_prior_eval_change(&mut self, eval: Score, ply: usize) {
        let Some(prior) = ply.checked_sub(1).map(|p| self.stack[p]) else { return };
        // A null move leaves `played` empty.
        if let (Some(before), Some(code), true) = (prior.eval, prior.played, prior.played_quiet) {
            let max = self.params.hist_bonus_max;
            let bonus = (-10 * (before + eval)).clamp(-max, max);
            self.update_history(self.pos.side_to_move().opponent(), code, bonus);
        }
    }

    fn update_pv(&mut self, ply: usize, m: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Searches the root moves `root_moves[pv_index..]` to `depth` in the window
    /// (alpha, beta), recording each move's score and line; returns the best score.
    pub(crate) fn search_root(&mut self, depth: i32, mut alpha: Score, beta: Score, pv_index: usize) -> Score {
        self.seldepth = 0;
        let mut best = -INFINITE;
        for i in pv_index..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.stack[0].record_move(m.code(), self.pos.move_key(m), !self.pos.is_noisy(m));
            let nodes_before = self.nodes;
            self.make(m);
            self.pv[1].clear();
            let score = if i == pv_index {
                -self.search(depth - 1, -beta, -alpha, 1, false)
            } else {
                let s = -self.search(depth - 1, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta { -self.search(depth - 1, -beta, -alpha, 1, false) } else { s }
            };
            self.unmake();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_index || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Alpha-beta search of the position `ply` plies below the root, fail-soft.
    fn search(&mut self, depth: i32, mut alpha: Score, mut beta: Score, ply: usize, cut_node: bool) -> Score {
        let known_in_check = self.known_in_check.take();
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if self.count_node_and_check() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = self.pos.side_to_move();
        if let Some(outcome) = self.pos.rule_outcome(self.root_ply) {
            return outcome.score_for(side, ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        if self.features().mate_distance {
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = known_in_check.unwrap_or_else(|| self.pos.in_check());
        let depth = if in_check && self.features().check_extension { depth + 1 } else { depth };
        if depth <= 0 {
            self.known_in_check = Some(in_check);
            return self.quiescence(alpha, beta, ply);
        }

        // The transposition table (not consulted for cutoffs, nor written, while a move is left
        // out: the result is not the node's).
        let excluded = self.stack[ply].excluded;
        let key = self.pos.hash();
        let entry = self.shared.tt.probe(key);
        let tt_code = entry.map_or(0, |e| e.move_code);
        if let Some(e) = entry
            && !pv_node
            && excluded == 0
            && self.features().tt_cutoffs
            && e.depth >= depth
        {
            let s = from_table(e.score, ply);
            if e.bound.settles(s, alpha, beta) {
                return s;
            }
        }

        // The tablebases, for a position with few enough pieces (the game's probe says which it
        // holds): a draw is exact, a win a lower bound and a loss an upper one.
        if self.shared.tb_pieces > 0
            && ply > 0
            && excluded == 0
            && let Some(probe) = self.tb_probe
        {
            let pieces = self.pos.piece_count() as u32;
            if pieces <= self.shared.tb_pieces
                && (pieces < self.shared.tb_pieces || depth >= self.shared.tb_depth)
                && let Some(wdl) = probe(&self.pos)
            {
                self.shared.tb_hits.fetch_add(1, Relaxed);
                let (score, bound) = wdl_score(wdl, self.shared.tb_rule50, ply);
                if bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }

        // A node the table knows no move for, deep enough to matter, is searched a ply
        // shallower: that search finds the move a deeper one starts from.
        let mut depth = if self.features().iir && depth >= self.params.iir_depth && tt_code == 0 && excluded == 0 {
            depth - 1
        } else {
            depth
        };

        // Static evaluation, and pruning of whole nodes.
        let raw_eval = if in_check { None } else { Some(entry.map_or_else(|| self.evaluate(), |e| e.eval)) };
        let eval = raw_eval.map(|raw| self.corrected(raw, ply));
        self.stack[ply].eval = eval;
        self.stack[ply + 1].killers = [0; 2];
        let improving = match (eval, ply.checked_sub(2).and_then(|p| self.stack[p].eval)) {
            (Some(now), Some(before)) => now > before,
            _ => false,
        };
        if let Some(eval) = eval
            && excluded == 0
            && self.features().eval_history
        {
            self.learn_prior_eval_change(eval, ply);
        }
        // The lines below this node start with as many double extensions as the line to it.
        self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
        if let Some(eval) = eval.map(|eval| self.table_refined(eval, entry, ply, depth))
            && !pv_node
            && excluded == 0
        {
            if self.features().reverse_futility
                && depth <= self.params.rfp_depth
                && eval.abs() < MATE_BOUND
                && beta > -MATE_BOUND
                && eval - self.params.rfp_margin * (depth - improving as i32) >= beta
            {
                return eval;
            }
            if self.features().razoring
                && depth <= self.params.razor_depth
                && alpha.abs() < MATE_BOUND
                && eval + self.params.razor_margin * depth < alpha
            {
                let score = self.quiescence(alpha, beta, ply);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    return score;
                }
            }
            if self.features().null_move
                && depth >= self.params.nmp_depth
                && eval >= beta
                && beta > -MATE_BOUND
                && !self.stack[ply.saturating_sub(1)].null
                && self.null_move_wait.is_none_or(|(waiting, from)| side != waiting || ply >= from)
                && self.pos.null_move_safe()
            {
                let reduction = self.params.nmp_base
                    + depth / self.params.nmp_depth_div
                    + ((eval - beta) / self.params.nmp_eval_div).min(self.params.nmp_eval_max);
                self.stack[ply].played = None;
                self.stack[ply].moved = None;
                self.stack[ply].null = true;
                self.make_null();
                let score = -self.search(depth - 1 - reduction, -beta, -beta + 1, ply + 1, !cut_node);
                self.unmake();
                self.stack[ply].null = false;
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    let score = if score >= MATE_BOUND { beta } else { score };
                    if !self.features().null_move_verification
                        || self.null_move_wait.is_some()
                        || depth < self.params.nmp_verify_depth
                    {
                        return score;
                    }
                    // Deep enough for a zugzwang to matter: the node searched to the null
                    // move's depth, with this side's null moves waiting for a few plies.
                    let verify_depth = depth - 1 - reduction;
                    self.null_move_wait = Some((side, ply + 3 * verify_depth.max(0) as usize / 4));
                    self.known_in_check = Some(false);
                    let verified = self.search(verify_depth, beta - 1, beta, ply, false);
                    self.null_move_wait = None;
                    if self.stopped {
                        return 0;
                    }
                    if verified >= beta {
                        return score;
                    }
                }
            }
        }

        // Singular extension: searched before this ply's moves are generated, since the
        // search leaving out the hash move runs on this ply's buffers.
        let mut singular_extension = 0;
        let mut double_extension = false;
        if let Some(e) = entry
            && self.features().singular_extensions
            && ply > 0
            && excluded == 0
            && depth >= self.params.se_depth
            && tt_code != 0
            && e.depth >= depth - self.params.se_tt_depth
            && e.bound != Bound::Upper
            && from_table(e.score, ply).abs() < MATE_BOUND
        {
            let tt_score = from_table(e.score, ply);
            let singular_beta = tt_score - self.params.se_margin * depth;
            self.stack[ply].excluded = tt_code;
            let score = self.search((depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
            self.stack[ply].excluded = 0;
            if self.stopped {
                return 0;
            }
            if score < singular_beta {
                double_extension = self.features().double_extensions
                    && !pv_node
                    && score < singular_beta - self.params.se_double_margin
                    && i32::from(self.stack[ply].double_extensions) < self.params.se_double_max;
                singular_extension = 1 + double_extension as i32;
            } else if singular_beta >= beta {
                // Another move beats beta too: this node will fail high.
                return singular_beta;
            } else if tt_score >= beta {
                singular_extension = -1;
            }
        }

        let buffers = &mut *self.plies[ply];
        buffers.moves.clear();
        buffers.quiet_count = 0;
        self.pos.legal_moves(&mut buffers.moves);
        if buffers.moves.is_empty() {
            return self.pos.no_moves_outcome().score_for(side, ply);
        }
        // The hash move goes first. Staged, the other moves are scored once it has been
        // searched, the quiet ones when the first of them is due; else all of them now.
        let hash_first = tt_code != 0 && self.hash_move_first(tt_code, ply);
        let staged = self.features().staged_ordering;
        let scored_after_hash_move = hash_first && staged;
        if !scored_after_hash_move {
            let from = usize::from(hash_first);
            self.score_moves(ply, from);
            if !staged {
                self.score_quiets(ply, from);
            }
        }

        let mut best = -INFINITE;
        let mut best_code = 0u16;
        let mut best_noisy = false;
        let continuations = self.continuation_rows(ply);
        let mut searched = 0usize;
        let mut prune_depth = depth;
        let mut index = 0;
        while index < self.plies[ply].moves.len() {
            let (m, order) = match index {
                0 if hash_first => (self.plies[ply].moves[0], HASH_MOVE),
                1 if scored_after_hash_move => {
                    self.score_moves(ply, 1);
                    self.next_move(ply, 1)
                }
                _ => self.next_move(ply, index),
            };
            index += 1;
            let code = m.code();
            if code == excluded {
                continue;
            }
            let noisy = self.pos.is_noisy(m);
            let prunable = !in_check && ply > 0 && best > -MATE_BOUND && searched > 0;
            // The depth a late quiet move's futility and exchange losses are judged at: the
            // node's, or the one its late-move reduction would leave; never larger than for an
            // earlier move, so that what is futile for one move is for the rest.
            prune_depth = prune_depth.min(if self.features().reduced_depth_pruning && depth >= self.params.lmr_depth {
                let r = self.reductions[depth.min(MAX_PLY as i32) as usize][searched.min(63)];
                (depth - 1 - i32::from(r)).max(0)
            } else {
                depth
            });

            if prunable
                && noisy
                && self.features().see
                && depth <= self.params.see_noisy_depth
                && order < GOOD_NOISY
                && !self.pos.see_ge(m, -self.params.see_noisy_margin * depth)
            {
                continue;
            }
            if prunable
                && !noisy
                && self.features().quiet_see
                && depth <= self.params.see_quiet_depth
                && !self.pos.see_ge(m, -self.params.see_quiet_margin * prune_depth)
                && !self.pos.gives_check(m)
            {
                continue;
            }

            // Quiet moves that do not give check, late in the list, hopeless near the leaves or
            // with a bad history there.
            if prunable && !noisy {
                if self.features().history_pruning
                    && depth <= self.params.hist_prune_depth
                    && order < COUNTER
                    && self.quiet_score(continuations, side, code, self.pos.move_key(m))
                        < -self.params.hist_prune_margin * depth
                    && !self.pos.gives_check(m)
                {
                    continue;
                }
                let late = self.features().late_move_pruning
                    && depth <= self.params.lmp_depth
                    && searched >= (self.params.lmp_base + depth * depth) as usize / (2 - improving as usize);
                let futile = self.features().futility
                    && prune_depth <= self.params.fut_depth
                    && alpha < MATE_BOUND
                    && eval.is_some_and(|eval| {
                        eval + self.params.fut_base + self.params.fut_margin * prune_depth <= alpha
                    });
                if late || futile {
                    // Both hold for every later move as well (the count and alpha only grow, the
                    // pruning depth only shrinks).
                    self.drop_quiet_moves(ply, index);
                }
                if (late || futile) && !self.pos.gives_check(m) {
                    continue;
                }
            }

            let key = self.pos.move_key(m);
            self.stack[ply].record_move(code, key, !noisy);
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + u8::from(double_extension && code == tt_code);
            self.make(m);
            let gives_check = self.pos.in_check();

            let new_depth = depth - 1 + if code == tt_code { singular_extension } else { 0 };
            let score = if searched == 0 {
                -self.search_child(gives_check, new_depth, -beta, -alpha, ply + 1, !pv_node && !cut_node)
            } else {
                let mut reduction = 0;
                if self.features().lmr
                    && depth >= self.params.lmr_depth
                    && searched > pv_node as usize
                    && (!noisy || order < 0)
                {
                    let mut r = self.reductions[depth.min(MAX_PLY as i32) as usize][searched.min(63)] as i32;
                    r += !pv_node as i32 + cut_node as i32 * self.params.lmr_cut_node;
                    r -= improving as i32 + gives_check as i32 + (order >= COUNTER) as i32;
                    if !noisy {
                        r -= (self.quiet_score(continuations, side, code, key) / self.params.lmr_history_div)
                            .clamp(-2, 2);
                    }
                    reduction = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut s = -self.search_child(gives_check, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && reduction > 0 {
                    s = -self.search_child(gives_check, new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                }
                if s > alpha && s < beta {
                    s = -self.search_child(gives_check, new_depth, -beta, -alpha, ply + 1, false);
                }
                s
            };
            self.unmake();
            if self.stopped {
                return 0;
            }
            searched += 1;

            if score > best {
                best = score;
                if score > alpha {
                    best_code = code;
                    best_noisy = noisy;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if alpha >= beta {
                        if !noisy {
                            self.reward_quiet(m, key, depth, ply);
                        }
                        break;
                    }
                    if self.features().alpha_raise_reduction && depth > 2 && depth < 12 && alpha.abs() < MATE_BOUND {
                        depth -= 1;
                    }
                }
            }
            let buffers = &mut *self.plies[ply];
            if !noisy && buffers.quiet_count < buffers.quiets.len() {
                buffers.quiets[buffers.quiet_count] = code;
                buffers.quiet_keys[buffers.quiet_count] = key as u32;
                buffers.quiet_count += 1;
            }
        }

        if searched == 0 && excluded != 0 {
            // The hash move is the only move: as singular as a move can be.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best_code != 0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded == 0 {
            let stored_eval = raw_eval.unwrap_or(score::DRAW);
            self.shared.tt.store(key, best_code, to_table(best, ply), stored_eval, depth, bound);
            // Where the search's score says more than the evaluation, and a quiet move (or
            // none) decided it, learn the miss.
            if let (Some(raw), Some(eval)) = (raw_eval, eval)
                && !best_noisy
                && best.abs() < MATE_BOUND
                && !(bound == Bound::Lower && best <= eval)
                && !(bound == Bound::Upper && best >= eval)
            {
                self.update_correction(best - raw, depth, ply);
            }
        }
        best
    }

    /// [`Worker::search`] of the position just reached by a move, which `gives_check` or not.
    #[inline]
    fn search_child(
        &mut self,
        gives_check: bool,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        cut_node: bool,
    ) -> Score {
        self.known_in_check = Some(gives_check);
        self.search(depth, alpha, beta, ply, cut_node)
    }

    /// Quiescence search: captures (and every evasion when in check) until the position is
    /// quiet, standing pat on the static evaluation otherwise.
    fn quiescence(&mut self, mut alpha: Score, beta: Score, ply: usize) -> Score {
        let known_in_check = self.known_in_check.take();
        self.pv[ply].clear();
        if self.count_node_and_check() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = self.pos.side_to_move();
        if let Some(outcome) = self.pos.rule_outcome(self.root_ply) {
            return outcome.score_for(side, ply);
        }
        let in_check = known_in_check.unwrap_or_else(|| self.pos.in_check());
        if ply >= MAX_PLY {
            return if in_check { 0 } else { self.evaluate() };
        }
        let key = self.pos.hash();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry
            && self.features().tt_cutoffs
            && beta - alpha == 1
        {
            let s = from_table(e.score, ply);
            if e.bound.settles(s, alpha, beta) {
                return s;
            }
        }

        let raw_eval = if in_check { None } else { Some(entry.map_or_else(|| self.evaluate(), |e| e.eval)) };
        let stand_pat = raw_eval.map(|raw| {
            let eval = self.corrected(raw, ply);
            if self.features().qs_table_score { bound_refined(eval, entry, ply) } else { eval }
        });
        let buffers = &mut *self.plies[ply];
        buffers.moves.clear();
        let mut best;
        let eval = if let Some(eval) = stand_pat {
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            best = eval;
            self.pos.noisy_moves(&mut buffers.moves);
            eval
        } else {
            self.pos.legal_moves(&mut buffers.moves);
            if buffers.moves.is_empty() {
                return self.pos.no_moves_outcome().score_for(side, ply);
            }
            best = -INFINITE;
            score::DRAW
        };

        for i in 0..self.plies[ply].moves.len() {
            let m = self.plies[ply].moves[i];
            let score = if self.pos.is_noisy(m) { GOOD_NOISY + self.pos.noisy_value(m) } else { 0 };
            self.plies[ply].scores[i] = score;
        }
        let mut best_code = 0;
        for index in 0..self.plies[ply].moves.len() {
            let (m, _) = self.pick(ply, index);
            if !in_check && self.features().see && !self.pos.see_ge(m, 0) {
                continue;
            }
            if self.features().continuation_correction {
                self.stack[ply].moved = Some(self.pos.move_key(m) as u32);
            }
            self.make(m);
            let score = -self.quiescence(-beta, -alpha, ply + 1);
            self.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_code = m.code();
                    self.update_pv(ply, m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        self.shared.tt.store(key, best_code, to_table(best, ply), raw_eval.unwrap_or(eval), 0, bound);
        best
    }
}

/// `eval`, a static evaluation of the position `ply` plies below the root, or the score of its
/// table `entry` where that bound lies beyond it and is short of mate.
fn bound_refined(eval: Score, entry: Option<Entry>, ply: usize) -> Score {
    let Some(e) = entry else {
        return eval;
    };
    let score = from_table(e.score, ply);
    // A bound that settles the empty window at `eval` lies beyond it (or is `eval`).
    if e.bound.settles(score, eval, eval) && score.abs() < MATE_BOUND { score } else { eval }
}

/// Moves the history entry `h` by `bonus` (at most [`HISTORY_MAX`] in size), the less the
/// nearer it is to the bound in that direction, so that it stays within [`HISTORY_MAX`] in
/// size: the entries fit 16 bits, which halves the tables' share of the caches.
fn gravity(h: &mut i16, bonus: i32) {
    let old = i32::from(*h);
    let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
    // Within the bound already for a bonus within it; the clamp makes the cast lossless.
    *h = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicU64};

    use ladya_core::{Game, MoveCode};

    use super::{
        BAD_NOISY, Bound, COUNTER, Deadlines, Features, GOOD_NOISY, HASH_MOVE, HISTORY_MAX, KILLER, Limits, Params,
        SearchControl, Shared, Side, TB_WIN, TranspositionTable, Wdl, Worker, gravity, wdl_score,
    };

    /// What one search thread without a network shares, with `features`.
    fn one_thread<'a>(
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        limits: &'a Limits,
        features: Features,
    ) -> Shared<'a> {
        Shared {
            tt,
            control,
            limits,
            deadlines: Deadlines { soft: None, hard: None },
            features,
            params: Params::default(),
            network: None,
            threads: 1,
            nodes: AtomicU64::new(0),
            limits_armed: AtomicBool::new(false),
            tb_pieces: 0,
            tb_depth: 0,
            tb_rule50: true,
            tb_root: Vec::new(),
            tb_hits: AtomicU64::new(0),
        }
    }

    /// The static evaluation shrinks with the no-capture count, to half on the ply the rule
    /// draws, unless the technique is off.
    #[test]
    fn evaluation_shrinks_as_the_draw_by_count_nears() {
        let (tt, control, limits) =
            (TranspositionTable::try_new(1).expect("a table"), SearchControl::new(), Limits::default());
        let evaluate = |fen: &str, features: Features| {
            let pos = ladya_xiangqi::Position::from_fen(fen).expect("a position");
            let shared = one_thread(&tt, &control, &limits, features);
            Worker::new(pos, &shared, 0).evaluate()
        };
        let rook_up = |count: u32| format!("3k5/9/9/9/9/9/9/9/9/R3K4 w - - {count} 70");
        let mut off = Features::default();
        off.set("progress-scaling", false).expect("a technique");
        let whole = evaluate(&rook_up(0), Features::default());
        assert!(whole > 500, "a rook up: {whole}");
        assert_eq!(evaluate(&rook_up(60), Features::default()), whole * 180 / 240);
        assert_eq!(evaluate(&rook_up(119), Features::default()), whole * 121 / 240);
        assert_eq!(evaluate(&rook_up(119), off), whole);
    }

    /// The correction histories (by pawn structure, by the move that led to the position, by
    /// each side's other pieces), in any mix, learn a steady miss together and correct it
    /// once, not once each.
    #[test]
    fn the_correction_histories_together_correct_a_miss_once() {
        let pos = ladya_chess::Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .expect("a position");
        let (tt, control, limits) =
            (TranspositionTable::try_new(1).expect("a table"), SearchControl::new(), Limits::default());
        let switches: [&[(&str, bool)]; 4] = [
            &[("continuation-correction", false)],
            &[],
            &[("piece-correction", true)],
            &[("piece-correction", true), ("continuation-correction", false), ("correction-history", false)],
        ];
        for names in switches {
            let mut features = Features::default();
            for &(name, on) in names {
                features.set(name, on).expect("a technique");
            }
            let shared = one_thread(&tt, &control, &limits, features);
            let mut worker = Worker::new(pos.clone(), &shared, 0);
            worker.stack[0].moved = Some(pos.move_key(pos.parse_move("Bc4").expect("a move")) as u32);
            for _ in 0..400 {
                worker.update_correction(40, 15, 1);
            }
            let corrected = worker.corrected(100, 1) - 100;
            assert!((corrected - 40).abs() <= 1, "{names:?}: {corrected}");
        }
    }

    /// Moves come out of the staged ordering (the hash move unscored, noisy moves checked by
    /// exchange when picked, quiet ones scored when due) in the order, and with the ranks,
    /// that scoring every move in full gives.
    #[test]
    fn staged_ordering_ranks_moves_as_scoring_them_all_at_once() {
        let pos =
            ladya_chess::Position::from_fen("r3k2r/pp3ppp/2n1bn2/q1bpp1B1/4P3/2NP1N2/PPP1BPPP/R2QK2R w KQkq - 0 1")
                .expect("a position");
        let (tt, control, limits) =
            (TranspositionTable::try_new(1).expect("a table"), SearchControl::new(), Limits::default());
        let shared = one_thread(&tt, &control, &limits, Features::default());
        let mut worker = Worker::new(pos.clone(), &shared, 0);
        for (i, h) in worker.histories.history.iter_mut().enumerate() {
            *h = ((i * 7919) % 4001) as i16 - 2000;
        }
        let quiet = |text: &str| pos.parse_move(text).expect("a move").code();
        worker.stack[0].killers = [quiet("a3"), quiet("h3")];
        let hash = quiet("Qd2");
        let full = |worker: &Worker<'_, ladya_chess::Position>, m: ladya_chess::Move| {
            if m.code() == hash {
                HASH_MOVE
            } else if pos.is_noisy(m) {
                let value = pos.noisy_value(m);
                if pos.see_ge(m, 0) { GOOD_NOISY + value } else { BAD_NOISY + value }
            } else if worker.stack[0].killers.contains(&m.code()) {
                KILLER - i32::from(worker.stack[0].killers[1] == m.code())
            } else {
                worker.quiet_score([None; 2], pos.side_to_move(), m.code(), pos.move_key(m)) + pos.quiet_value(m)
            }
        };

        Game::legal_moves(&pos, &mut worker.plies[0].moves);
        let count = worker.plies[0].moves.len();
        assert!(worker.hash_move_first(hash, 0));
        worker.score_moves(0, 1);
        let mut ranks = vec![HASH_MOVE];
        for index in 1..count {
            let (m, rank) = worker.next_move(0, index);
            assert_eq!(rank, full(&worker, m), "{}", pos.human_move(m));
            ranks.push(rank);
        }
        assert!(ranks.is_sorted_by(|a, b| a >= b), "{ranks:?}");
        let moves = &worker.plies[0].moves;
        assert_eq!(moves[0].code(), hash);
        let mut codes: Vec<u16> = moves.iter().map(|m| m.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), count, "every move comes out once");
        assert!(ranks.contains(&KILLER) && ranks.contains(&(KILLER - 1)));
        assert!(ranks.iter().any(|&r| r > KILLER && r < HASH_MOVE), "good captures");
        assert!(ranks.iter().any(|&r| r < BAD_NOISY / 2), "losing captures");
        assert!(ranks.iter().any(|&r| r.abs() < COUNTER / 2 && r != 0), "quiet moves by history");
    }

    /// A worker of `shared` on the position after 1. e4, whose root frame records that move
    /// as quiet (or not); and the move's code.
    fn after_e4<'a>(shared: &'a Shared<'a>, quiet: bool) -> (Worker<'a, ladya_chess::Position>, u16) {
        let start = <ladya_chess::Position as Game>::start();
        let e4 = start.parse_move("e4").expect("a move");
        let mut after = start.clone();
        after.make(e4);
        let mut worker = Worker::new(after, shared, 0);
        worker.stack[0].record_move(e4.code(), start.move_key(e4), quiet);
        (worker, e4.code())
    }

    /// The history of the quiet move that led to a position moves by ten times the rise of
    /// the evaluation across it, for the side that played it, within the largest bonus.
    #[test]
    fn a_quiet_move_learns_how_far_it_moved_the_evaluation() {
        let (tt, control, limits) =
            (TranspositionTable::try_new(1).expect("a table"), SearchControl::new(), Limits::default());
        let shared = one_thread(&tt, &control, &limits, Features::default());
        // White's view 30 before the move; Black's view after it: -80 (White 80), 100 (White -100).
        for (after, expected) in [(-80, 500), (100, -1200), (-30, 0)] {
            let (mut worker, code) = after_e4(&shared, true);
            worker.stack[0].eval = Some(30);
            worker.learn_prior_eval_change(after, 1);
            let white = worker.history_index(Side::White, code);
            assert_eq!(i32::from(worker.histories.history[white]), expected, "{after}");
        }
        let (mut worker, code) = after_e4(&shared, false);
        worker.stack[0].eval = Some(30);
        worker.learn_prior_eval_change(-80, 1);
        assert_eq!(worker.histories.history[worker.history_index(Side::White, code)], 0, "a noisy move");
    }

    #[test]
    fn tablebase_verdicts_score_as_bounds_below_mates() {
        assert_eq!(wdl_score(Wdl::Win, true, 3), (TB_WIN - 3, Bound::Lower));
        assert_eq!(wdl_score(Wdl::Loss, true, 4), (-TB_WIN + 4, Bound::Upper));
        assert_eq!(wdl_score(Wdl::CursedWin, true, 4), (0, Bound::Exact));
        assert_eq!(wdl_score(Wdl::CursedWin, false, 4), (TB_WIN - 4, Bound::Lower));
        assert_eq!(wdl_score(Wdl::BlessedLoss, false, 2), (-TB_WIN + 2, Bound::Upper));
        assert_eq!(wdl_score(Wdl::Draw, false, 2), (0, Bound::Exact));
    }

    /// The 16-bit entries move as the 32-bit formula says and stay within the bound however
    /// long one sign of bonus goes on, with the largest bonus the search gives and beyond.
    #[test]
    fn history_entries_stay_within_their_bound() {
        for bonus in [1, 37, 1200, HISTORY_MAX] {
            for sign in [1, -1] {
                let (mut h, mut wide) = (0i16, 0i32);
                for step in 0..2000 {
                    let b = sign * bonus * if step % 7 == 6 { -1 } else { 1 };
                    gravity(&mut h, b);
                    wide += b - wide * b.abs() / HISTORY_MAX;
                    assert_eq!(i32::from(h), wide);
                    assert!(i32::from(h).abs() <= HISTORY_MAX);
                }
                assert!(i32::from(h).signum() == sign || bonus == HISTORY_MAX, "{bonus} {sign} {h}");
            }
        }
    }
}
