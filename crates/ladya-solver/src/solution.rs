//! Solving a problem: which first moves are keys (and, if asked, tries), and the solution
//! tree of each key: its threat, every defence and the shortest mates that answer it.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use ladya_core::{Game, MoveList};

use crate::prover::Prover;
use crate::stipulation::Aim;
use crate::table::Table;

/// What to look for.
#[derive(Clone, Debug)]
pub struct Options {
    /// What the attacker plays for (directmate by default).
    pub aim: Aim,
    /// Also find tries: first moves refuted by a single defence.
    pub tries: bool,
    /// Only the keys: no lengths, threats or variations (the fastest).
    pub keys_only: bool,
    /// Threads examining first moves (0 counts as 1).
    pub threads: usize,
    /// Set from another thread to stop solving soon (checked at every node): the solution
    /// then has [`Solution::stopped`] set and says nothing. A table that served a stopped
    /// solve holds only proven results, and may be used again.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for Options {
    fn default() -> Options {
        Options { aim: Aim::Mate, tries: false, keys_only: false, threads: 1, stop: None }
    }
}

/// The solution of a directmate problem: the side to move mates in `mate` moves (or fewer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// What the attacker plays for.
    pub aim: Aim,
    /// The number of moves asked for.
    pub mate: u32,
    /// Every first move that forces mate within `mate` moves, in move generation order.
    pub keys: Vec<Key<M>>,
    /// With [`Options::tries`]: every first move that only one defence refutes.
    pub tries: Vec<Try<M>>,
    /// Positions visited.
    pub nodes: u64,
    /// Solving was stopped through [`Options::stop`] before the end: the keys and tries are
    /// incomplete and prove nothing.
    pub stopped: bool,
}

/// A key: a first move that forces mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key<M> {
    /// The move.
    pub mv: M,
    /// The solution's length in moves, the key included: less than asked for a short
    /// solution. Zero with [`Options::keys_only`] (not computed).
    pub length: u32,
    /// What follows; `None` with [`Options::keys_only`].
    pub after: Option<After<M>>,
}

/// A try: a first move that fails to one defence only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Try<M> {
    /// The move.
    pub mv: M,
    /// The one defence after which the attacker cannot mate in time.
    pub refutation: M,
}

/// What follows an attacker's move in a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After<M> {
    /// The aim is reached: the move mates; in a selfmate, every reply of the defender mates
    /// the attacker; in a reflexmate, the defender can mate and so must.
    Mate,
    /// The defender is to move.
    Play(Play<M>),
}

/// The defender to move, every defence answered by mate in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play<M> {
    /// What the attacker threatens.
    pub threat: Threat<M>,
    /// Every legal defence, in move generation order.
    pub defences: Vec<Defence<M>>,
}

/// What the attacker would do if the defender could pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Threat<M> {
    /// The defender is in check: passing is no question.
    Check,
    /// No mate within the moves left: every defender move weakens (zugzwang).
    Zugzwang,
    /// Mate in `length` moves, begun by any of `moves`.
    Mate {
        /// The threat's length in moves (1 for a threatened mate on the next move).
        length: u32,
        /// The first moves of the shortest threatened mates.
        moves: Vec<M>,
    },
}

/// A defence and the mates that answer it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence<M> {
    /// The defender's move.
    pub mv: M,
    /// The moves the attacker needs after it to mate (the shortest way); 0 when the defence
    /// itself mates the attacker, the aim of a selfmate.
    pub length: u32,
    /// The attacker's answers that mate in `length` moves; more than one is a dual.
    pub answers: Vec<M>,
    /// When `length > 1`: the play after the first answer.
    pub then: Option<Box<Play<M>>>,
}

/// Solves "the side to move mates in `mate` moves" exhaustively: every key, and with
/// `options` tries, lengths, threats and variations. `root` may carry history (moves made
/// since its FEN); repetitions count from the start of that history.
///
/// The table may be shared across problems and threads. `mate` 0 has no keys.
pub fn solve<G: Game>(root: &G, mate: u32, options: &Options, table: &Table) -> Solution<G::Move> {
    let mut solution =
        Solution { aim: options.aim, mate, keys: Vec::new(), tries: Vec::new(), nodes: 0, stopped: false };
    let stop = options.stop.as_deref();
    let mut prover = Prover::new(root, table, options.aim, stop);
    if mate == 0 || prover.root_ended() {
        return solution;
    }
    let verdicts = first_moves(root, mate, options, table, &mut solution.nodes);
    solution.stopped = stop.is_some_and(|s| s.load(Relaxed));
    if solution.stopped {
        return solution;
    }
    for (mv, verdict) in verdicts {
        match verdict {
            Verdict::Key => solution.keys.push(Key { mv, length: 0, after: None }),
            Verdict::Refuted(refutations) if options.tries && refutations.len() == 1 => {
                solution.tries.push(Try { mv, refutation: refutations[0] })
            }
            Verdict::Refuted(_) => {}
        }
    }
    if !options.keys_only {
        for key in &mut solution.keys {
            prover.play(key.mv);
            // The key mates within `mate`, so the search finds a length.
            let rest = prover.shortest_defend(mate - 1).unwrap_or(mate - 1);
            key.length = rest + 1;
            key.after = Some(if rest == 0 { After::Mate } else { After::Play(play(&mut prover, rest)) });
            prover.back();
        }
    }
    solution.nodes += prover.nodes;
    solution.stopped = prover.halted();
    solution
}

/// Solves for the shortest mate in at most `mate` moves: [`solve`] for a mate in 1, 2, ...
/// in turn, sharing the table (so that a long bound on a short mate answers at once), until a
/// length has a key, `mate` is reached or solving is stopped. `missed` is told of each length
/// without a key before the next is tried. The solution is that of the last length tried.
pub fn solve_shortest<G: Game>(
    root: &G,
    mate: u32,
    options: &Options,
    table: &Table,
    missed: &mut dyn FnMut(&Solution<G::Move>),
) -> Solution<G::Move> {
    let mut length = mate.min(1);
    loop {
        let solution = solve(root, length, options, table);
        if !solution.keys.is_empty() || length >= mate || solution.stopped {
            return solution;
        }
        missed(&solution);
        length += 1;
    }
}

/// How a first move fares.
enum Verdict<M> {
    /// It forces mate in time.
    Key,
    /// It does not: the defences that refute it (one, or two when tries are wanted and a
    /// second exists), or none when it stalemates or repeats the position a third time.
    Refuted(Vec<M>),
}

/// Every first move of `root` with its verdict, in move generation order, examined by
/// `options.threads` threads that take moves from a shared counter.
fn first_moves<G: Game>(
    root: &G,
    mate: u32,
    options: &Options,
    table: &Table,
    nodes: &mut u64,
) -> Vec<(G::Move, Verdict<G::Move>)> {
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let limit = if options.tries { 2 } else { 1 };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(moves.len()));
    let total_nodes = AtomicU64::new(0);
    let work = || {
        let mut prover = Prover::new(root, table, options.aim, options.stop.as_deref());
        let mut mine = Vec::new();
        while let Some(&mv) = moves.get(next.fetch_add(1, Relaxed)) {
            let mut refutations = Vec::new();
            let mates = prover.play(mv) && prover.refute(mate - 1, limit, Some(&mut refutations));
            prover.back();
            mine.push((mv, if mates { Verdict::Key } else { Verdict::Refuted(refutations) }));
        }
        total_nodes.fetch_add(prover.nodes, Relaxed);
        results.lock().unwrap_or_else(|e| e.into_inner()).extend(mine);
    };
    run_on_threads(options.threads, moves.len(), &work);
    *nodes += total_nodes.into_inner();
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    // Back to generation order: the order moves were taken in differs between runs.
    results.sort_by_key(|(mv, _)| moves.iter().position(|m| m == mv));
    results
}

/// The play after an attacker's move, the defender to move and mated within `n >= 1` moves.
fn play<G: Game>(prover: &mut Prover<'_, G>, n: u32) -> Play<G::Move> {
    let threat = if prover.pos.in_check() {
        Threat::Check
    } else {
        let threat = if prover.play_null() { prover.shortest_attack(n) } else { None };
        let threat = match threat {
            Some(length) => Threat::Mate { length, moves: prover.mating_moves(length) },
            None => Threat::Zugzwang,
        };
        prover.back();
        threat
    };
    let mut moves = MoveList::new();
    prover.pos.legal_moves(&mut moves);
    let mut defences = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        prover.play(mv);
        // Every defence is answered in time, so the search finds a length.
        let length = prover.shortest_attack(n).unwrap_or(n);
        let answers = prover.mating_moves(length);
        let then = match answers.first() {
            Some(&answer) if length > 1 => {
                prover.play(answer);
                let then = play(prover, length - 1);
                prover.back();
                Some(Box::new(then))
            }
            _ => None,
        };
        prover.back();
        defences.push(Defence { mv, length, answers, then });
    }
    Play { threat, defences }
}

/// Runs `work` on `threads` threads, no more than there are `jobs` (first moves) and at least
/// one: the calling thread alone when one is enough.
pub(crate) fn run_on_threads(threads: usize, jobs: usize, work: &(impl Fn() + Sync)) {
    let threads = threads.clamp(1, jobs.max(1));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(work);
            }
        });
    }
}
