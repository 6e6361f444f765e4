//! Races through the search: the exact race count finds the one line that wins or draws where
//! the greedy choice, the move that gains the most ground, throws the race away.

use ladya_core::{Game, MoveList, Score};
use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable, search};
use ladya_ugolki::{KNOWN_WIN, Move, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The move and score of a search to `depth`, all techniques on.
fn best(p: &Position, depth: u32) -> (String, Score) {
    let tt = TranspositionTable::try_new(16).unwrap();
    let result = search(p, &Limits::depth(depth), &SearchOptions::default(), &tt, &SearchControl::new(), &mut |_| {});
    (p.move_text(result.best.expect("a move")), result.score)
}

/// Squares gained towards the side's target corner (a8 for White).
fn progress(m: Move) -> i32 {
    let corner_distance = |s: u8| (s % 8) as i32 + 7 - (s / 8) as i32;
    corner_distance(m.from()) - corner_distance(m.to())
}

/// White's value after each of the moves that gain the most ground.
fn greedy_values(p: &Position) -> Vec<(String, Score)> {
    let mut moves = MoveList::new();
    p.append_legal_moves(&mut moves);
    let most = moves.iter().map(|&m| progress(m)).max().unwrap();
    moves
        .iter()
        .filter(|&&m| progress(m) == most)
        .map(|&m| {
            let mut q = p.clone();
            q.make(m);
            (p.move_text(m), -q.evaluate())
        })
        .collect()
}

#[test]
fn the_race_count_finds_the_win() {
    // Both armies are past each other. White wins by filling d7 or f8 first; the long jump
    // e8:c8 (the only move gaining two squares) lets Black's equalising move draw. The
    // placeholder evaluation (a sum of distances) still played e8:c8 at depth 12.
    let p = pos("WW1WW1W1/WW1W1W2/1W1W2B1/3W1B2/4B3/6BB/4B1BB/1B3BBB w 30");
    let greedy = greedy_values(&p);
    assert_eq!(greedy, vec![("e8c8".to_string(), 0)]);
    let (m, score) = best(&p, 4);
    assert!(["d7c7", "f7f8"].contains(&m.as_str()), "{m}");
    assert!(score >= KNOWN_WIN - 100, "{score}");
}

#[test]
fn the_race_count_finds_the_draw() {
    // White is a move behind: only a4-b4 (making the chain b3:d5, b4:d8 possible) keeps the
    // draw; the long jump c4:c8 loses the race. The placeholder evaluation chose c4:c8 up to
    // depth 12 and found a4-b4 only at depth 16.
    let p = pos("WW6/WWWW4/WW6/2W2BB1/W1W2B2/1W2BB2/3B1B1B/4BBBB w 30");
    for (m, value) in greedy_values(&p) {
        assert!(value <= -KNOWN_WIN + 100, "{m}: {value}");
    }
    let (m, score) = best(&p, 4);
    assert_eq!((m.as_str(), score), ("a4b4", 0));
}
