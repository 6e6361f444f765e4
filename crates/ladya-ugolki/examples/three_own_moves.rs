//! The computer player of the ugolki program in the project's seed document
//! (`003_b8fc01983cda9f2d.txt`), as a UCI engine: it looks three of its own moves ahead, as if
//! the opponent passed in between, and plays towards the position whose pieces stand best on
//! the document's table of squares. The weakest of Ladya's ugolki levels is measured against it.
//!
//!     cargo run --release -p ladya-ugolki --example three_own_moves
//!
//! It reads `uci`, `isready`, `ucinewgame`, `setoption` (ignored), `position startpos|fen F
//! [moves ...]`, `go ...` (any limits; it answers at once) and `quit`.

use std::io::{BufRead, Write};

use ladya_ugolki::{Game, Position, Side};

/// The document's table for the side going from the top-left corner to the bottom-right one,
/// by row from the top and column from the left: larger where a piece stands better, largest
/// in the target corner.
const TABLE: [[i32; 8]; 8] = [
    [1, 2, 3, 4, 5, 6, 7, 8],
    [9, 10, 11, 12, 13, 14, 15, 16],
    [10, 17, 18, 19, 20, 21, 22, 23],
    [11, 18, 24, 25, 26, 27, 28, 29],
    [12, 19, 25, 30, 31, 32, 33, 34],
    [13, 20, 26, 31, 401, 402, 403, 404],
    [14, 21, 27, 32, 402, 405, 406, 407],
    [15, 22, 28, 33, 403, 406, 408, 409],
];

/// How well `side`'s pieces stand: the table's sum over them. Black goes from a8 towards h1,
/// as in the document; White's table is Black's turned half round.
fn standing(pos: &Position, side: Side) -> i32 {
    let mut pieces = Vec::new();
    pos.placed_pieces(&mut pieces);
    pieces
        .iter()
        .filter(|p| p.side == side)
        .map(|p| {
            let (file, rank) = (usize::from(p.square % 8), usize::from(p.square / 8));
            match side {
                Side::Black => TABLE[7 - rank][file],
                Side::White => TABLE[rank][7 - file],
            }
        })
        .sum()
}

/// The best standing `side` reaches in `moves` more moves of its own, the opponent passing.
fn best_after(pos: &mut Position, side: Side, moves: u32) -> i32 {
    if moves == 0 {
        return standing(pos, side);
    }
    let mut best = standing(pos, side);
    for &m in &pos.legal_moves() {
        pos.make(m);
        pos.make_null();
        best = best.max(best_after(pos, side, moves - 1));
        pos.unmake();
        pos.unmake();
    }
    best
}

/// The move the document's player makes: the first of those leading to the best standing
/// three own moves on.
fn choose(pos: &Position) -> Option<String> {
    let side = pos.side_to_move();
    let mut walk = pos.clone();
    let mut best: Option<(i32, String)> = None;
    for &m in &pos.legal_moves() {
        walk.make(m);
        walk.make_null();
        let value = best_after(&mut walk, side, 2);
        walk.unmake();
        walk.unmake();
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, walk.move_text(m)));
        }
    }
    best.map(|(_, m)| m)
}

/// The position a `position` command sets up, or why it cannot.
fn position(words: &[&str]) -> Result<Position, String> {
    let (mut pos, rest) = match words {
        ["startpos", rest @ ..] => (Position::start(), rest),
        ["fen", rest @ ..] => {
            let end = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
            (Position::from_fen(&rest[..end].join(" ")).map_err(|e| e.to_string())?, &rest[end..])
        }
        _ => return Err("expected 'position startpos|fen FEN [moves ...]'".to_string()),
    };
    for text in rest.iter().skip_while(|w| **w == "moves") {
        let m = pos.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
        pos.make(m);
    }
    Ok(pos)
}

fn main() {
    let mut pos = Position::start();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.as_slice() {
            ["uci", ..] => "id name Three own moves\nid author the Ladya developers\nuciok".to_string(),
            ["isready", ..] => "readyok".to_string(),
            ["position", rest @ ..] => match position(rest) {
                Ok(p) => {
                    pos = p;
                    continue;
                }
                Err(e) => format!("info string error: {e}"),
            },
            ["go", ..] => format!("bestmove {}", choose(&pos).unwrap_or_else(|| "(none)".to_string())),
            ["quit", ..] => break,
            _ => continue,
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
