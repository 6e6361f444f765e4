//! Criterion benches of the xiangqi hot paths: move generation, counting, make/unmake, perft.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ladya_core::{MoveList, perft::perft};
use ladya_xiangqi::Position;

/// A middlegame with every piece kind active (from the reference perft file).
const MIDDLEGAME: &str = "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1";

fn movegen(c: &mut Criterion) {
    let middlegame = Position::from_fen(MIDDLEGAME).unwrap();
    c.bench_function("legal_moves middlegame", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            list.clear();
            black_box(&middlegame).append_legal_moves(&mut list);
            list.len()
        })
    });
    c.bench_function("count_legal_moves middlegame", |b| b.iter(|| black_box(&middlegame).count_legal_moves()));
    c.bench_function("make_unmake all middlegame", |b| {
        let mut pos = middlegame.clone();
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
    c.bench_function("perft 3 middlegame", |b| b.iter(|| perft(&mut middlegame.clone(), 3)));
}

criterion_group!(benches, movegen);
criterion_main!(benches);
