//! Criterion benches of the ugolki hot paths: move generation, counting, make/unmake, perft.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ladya_core::workloads::{Workload, movegen_workloads};
use ladya_ugolki::Position;

/// A crowded middle-game position where many pieces chain jumps.
const MIDDLE: &str = "2B1W1W1/WW1W4/B1B1WB1B/B1BWB1B1/WBW1WB1W/WWB1W3/1B3W1B/1W3B1B w 31";

fn movegen(c: &mut Criterion) {
    for Workload { name, mut run } in movegen_workloads::<Position>("middle", MIDDLE).unwrap() {
        c.bench_function(&name, |b| b.iter(&mut run));
    }
}

criterion_group!(benches, movegen);
criterion_main!(benches);
