//! The move generation workloads every game's benchmarks time, written once for any [`Game`].
//!
//! This crate does not depend on a benchmark harness: a game's Criterion bench feeds each
//! [`Workload`] to it, as in
//!
//! ```ignore
//! fn movegen(c: &mut Criterion) {
//!     for Workload { name, mut run } in movegen_workloads::<Position>("kiwipete", KIWIPETE).unwrap() {
//!         c.bench_function(&name, |b| b.iter(&mut run));
//!     }
//! }
//! ```

use std::hint::black_box;

use crate::game::Game;
use crate::movelist::MoveList;
use crate::perft::perft;

/// A named piece of work to time: each call of `run` does it once and returns a count that
/// depends on it (moves or nodes), so that the work cannot be optimised away.
pub struct Workload {
    /// The name the benchmark reports it under, as `legal_moves kiwipete`.
    pub name: String,
    /// The work.
    pub run: Box<dyn FnMut() -> u64>,
}

impl Workload {
    fn new(name: String, run: impl FnMut() -> u64 + 'static) -> Workload {
        Workload { name, run: Box::new(run) }
    }
}

/// The hot paths of `G`'s move generation in the position `fen`, called `label` in the names:
/// `legal_moves LABEL` (generating the legal moves), `count_legal_moves LABEL`,
/// `make_unmake all LABEL` (making and taking back each legal move), `perft 4 start` (from the
/// start position) and `perft 3 LABEL`, in that order.
///
/// # Errors
/// The game's error when it cannot read `fen`.
pub fn movegen_workloads<G: Game>(label: &str, fen: &str) -> Result<Vec<Workload>, G::Error> {
    let position = G::from_fen(fen)?;
    let generating = {
        let position = position.clone();
        let mut list = MoveList::new();
        move || {
            list.clear();
            black_box(&position).legal_moves(&mut list);
            list.len() as u64
        }
    };
    let counting = {
        let position = position.clone();
        move || black_box(&position).count_legal_moves()
    };
    let making = {
        let mut position = position.clone();
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        move || {
            for &m in moves.iter() {
                position.make(m);
                position.unmake();
            }
            moves.len() as u64
        }
    };
    Ok(vec![
        Workload::new(format!("legal_moves {label}"), generating),
        Workload::new(format!("count_legal_moves {label}"), counting),
        Workload::new(format!("make_unmake all {label}"), making),
        Workload::new("perft 4 start".to_string(), || perft(&mut G::start(), 4)),
        Workload::new(format!("perft 3 {label}"), move || perft(&mut position.clone(), 3)),
    ])
}
