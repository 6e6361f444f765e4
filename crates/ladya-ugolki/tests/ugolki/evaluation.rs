//! The evaluation's behaviour: progress, the own-home deadline, the move-limit count and
//! colour symmetry.

use ladya_core::rng::Rng;
use ladya_core::{Game, MoveList};
use ladya_ugolki::{KNOWN_WIN, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The evaluation for the side that played `text` in `p`.
fn after(p: &Position, text: &str) -> i32 {
    let mut q = p.clone();
    q.make(p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}")));
    -q.evaluate()
}

/// The position with the board turned by a half turn, the colours swapped and the other
/// side to move (same move number).
fn mirror(p: &Position) -> Position {
    let fen = p.fen();
    let mut fields = fen.split_whitespace();
    let placement: String = fields
        .next()
        .unwrap()
        .chars()
        .rev()
        .map(|c| match c {
            'W' => 'B',
            'B' => 'W',
            other => other,
        })
        .collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    pos(&format!("{placement} {side} {}", fields.next().unwrap()))
}

#[test]
fn progress_is_preferred() {
    // From the start, the best move by the evaluation goes forward (towards a8: a lower file
    // or a higher rank).
    let start = Position::start();
    let mut moves = MoveList::new();
    start.append_legal_moves(&mut moves);
    let best = moves.iter().max_by_key(|&&m| after(&start, &start.move_text(m))).unwrap();
    assert!(best.to() % 8 < best.from() % 8 || best.to() / 8 > best.from() / 8, "{best:?}");
    // In a middle game, a piece stepping forward beats the same piece stepping back.
    let middle = pos("1BBB4/1B1B4/B2BB3/3B1BB1/2WWWW2/2WWB1WW/3W2W1/3W2W1 w 10");
    assert!(after(&middle, "d2c2") > after(&middle, "d2e2"));
    assert!(after(&middle, "c3b3") > after(&middle, "c3c2"));
    assert!(after(&middle, "c4c5") > after(&middle, "d1e1"));
}

#[test]
fn pieces_at_home_cost_more_near_move_40() {
    // White has one piece left at home, on h1 (walled in); the same board is worse for White
    // the nearer its 40th move.
    let board = "8/8/2W5/1WW1B3/WW1WB3/1WW2BBB/W1WB1BBB/2W1BBBW";
    let values: Vec<i32> = [10, 28, 34, 38].iter().map(|n| pos(&format!("{board} w {n}")).evaluate()).collect();
    assert!(values.windows(2).all(|w| w[0] > w[1]), "{values:?}");
    // Two pieces at home with one move left before the deadline: lost, whatever else.
    let doomed = pos("8/8/2W5/1WW1B3/WW1WB3/1WW2BBB/W1WB1BBB/2B1WBBW w 40");
    assert!(doomed.evaluate() <= -KNOWN_WIN + 10, "{}", doomed.evaluate());
    // Black's own deadline: the mirror image, with Black to move, and with White to move.
    assert_eq!(mirror(&doomed).evaluate(), doomed.evaluate());
    let black_doomed = pos(&mirror(&doomed).fen().replace(" b ", " w "));
    assert!(black_doomed.evaluate() >= KNOWN_WIN - 10, "{}", black_doomed.evaluate());
}

#[test]
fn the_move_limit_counts_pieces_in_the_target() {
    // Black's 80th and last move: White has ten pieces in its target, Black eight and can
    // bring in one more at most, so White wins on the count.
    let board = "WWWW4/WWWW3B/WW5B/WW5B/7B/4BBB1/4BBB1/4BB2";
    let last = pos(&format!("{board} b 80"));
    assert!(last.evaluate() <= -KNOWN_WIN + 10, "{}", last.evaluate());
    // Earlier in the game White still wins the race, but later.
    let earlier = pos(&format!("{board} b 60"));
    assert!(earlier.evaluate() <= -KNOWN_WIN + 100 && earlier.evaluate() > last.evaluate(), "{}", earlier.evaluate());
}

#[test]
fn colour_symmetry() {
    // Positions of random games (before any rule of time applies): a position and its mirror
    // image with colours and side to move swapped evaluate the same.
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for game in 0..40 {
        let mut p = Position::start();
        for ply in 0..(game % 36) {
            let mut moves = MoveList::new();
            p.append_legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            p.make(m);
            assert_eq!(p.evaluate(), mirror(&p).evaluate(), "game {game} ply {ply}: {}", p.fen());
        }
    }
}
