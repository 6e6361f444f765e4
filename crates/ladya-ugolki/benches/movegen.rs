//! Criterion benches of the ugolki hot paths: move generation, counting, make/unmake, perft.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ladya_core::{MoveList, perft::perft};
use ladya_ugolki::Position;

/// A crowded middle-game position where many pieces chain jumps.
const MIDDLE: &str = "2B1W1W1/WW1W4/B1B1WB1B/B1BWB1B1/WBW1WB1W/WWB1W3/1B3W1B/1W3B1B w 31";

fn movegen(c: &mut Criterion) {
    let middle = Position::from_fen(MIDDLE).unwrap();
    c.bench_function("legal_moves middle", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            list.clear();
            black_box(&middle).append_legal_moves(&mut list);
            list.len()
        })
    });
    c.bench_function("count_legal_moves middle", |b| b.iter(|| black_box(&middle).count_legal_moves()));
    c.bench_function("make_unmake all middle", |b| {
        let mut pos = middle.clone();
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
    c.bench_function("perft 3 middle", |b| b.iter(|| perft(&mut middle.clone(), 3)));
}

criterion_group!(benches, movegen);
criterion_main!(benches);
