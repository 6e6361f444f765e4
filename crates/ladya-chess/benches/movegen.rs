//! Criterion benches of the chess hot paths: move generation, counting, make/unmake, perft.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ladya_chess::Position;
use ladya_core::workloads::{Workload, movegen_workloads};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn movegen(c: &mut Criterion) {
    for Workload { name, mut run } in movegen_workloads::<Position>("kiwipete", KIWIPETE).unwrap() {
        c.bench_function(&name, |b| b.iter(&mut run));
    }
}

criterion_group!(benches, movegen);
criterion_main!(benches);
