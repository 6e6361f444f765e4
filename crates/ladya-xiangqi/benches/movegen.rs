//! Criterion benches of the xiangqi hot paths: move generation, counting, make/unmake, perft.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ladya_core::workloads::{Workload, movegen_workloads};
use ladya_xiangqi::Position;

/// A middlegame with every piece kind active (from the reference perft file).
const MIDDLEGAME: &str = "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1";

fn movegen(c: &mut Criterion) {
    for Workload { name, mut run } in movegen_workloads::<Position>("middlegame", MIDDLEGAME).unwrap() {
        c.bench_function(&name, |b| b.iter(&mut run));
    }
}

criterion_group!(benches, movegen);
criterion_main!(benches);
