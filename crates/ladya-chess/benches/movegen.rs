//! Criterion benches of the chess hot paths: move generation, counting, make/unmake, perft.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ladya_chess::Position;
use ladya_core::{MoveList, perft::perft};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn movegen(c: &mut Criterion) {
    let kiwipete = Position::from_fen(KIWIPETE).unwrap();
    c.bench_function("legal_moves kiwipete", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            list.clear();
            black_box(&kiwipete).append_legal_moves(&mut list);
            list.len()
        })
    });
    c.bench_function("count_legal_moves kiwipete", |b| b.iter(|| black_box(&kiwipete).count_legal_moves()));
    c.bench_function("make_unmake all kiwipete", |b| {
        let mut pos = kiwipete.clone();
        let mut list = MoveList::new();
        pos.append_legal_moves(&mut list);
        b.iter(|| {
            for &m in list.iter() {
                pos.make(m);
                pos.unmake();
            }
        })
    });
    c.bench_function("perft 4 start", |b| b.iter(|| perft(&mut Position::start(), 4)));
    c.bench_function("perft 3 kiwipete", |b| b.iter(|| perft(&mut kiwipete.clone(), 3)));
}

criterion_group!(benches, movegen);
criterion_main!(benches);
