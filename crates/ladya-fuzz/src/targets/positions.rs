//! The FEN and move targets, written once over [`Subject`] for every game.

use ladya_core::MoveList;
use ladya_core::perft::perft;

use crate::games::{Subject, random_placement, random_position};
use crate::mutate::mutate;
use crate::rng::Rng;

/// Reads a FEN with the game's own reader (`Game::from_fen`).
pub fn read_standard<G: Subject>(fen: &str) -> Result<G, String> {
    G::from_fen(fen).map_err(|e| e.to_string())
}

/// A FEN for a FEN target: a position from a random game, a seed, or a random placement,
/// often mutated.
pub fn generate_fen<G: Subject>(rng: &mut Rng, seeds: &[&str], read: fn(&str) -> Result<G, String>) -> Vec<u8> {
    let fen = match rng.below(3) {
        0 => random_position::<G>(rng, seeds, |s| read(s).ok()).fen(),
        1 => rng.pick(seeds).to_string(),
        _ => random_placement::<G>(rng),
    };
    if rng.one_in(4) { fen.into_bytes() } else { mutate(rng, fen.as_bytes(), seeds) }
}

/// The FEN target's check: a FEN that reads writes a FEN that reads back as the same position
/// and writes itself again; the position's moves are then [`exercised`](exercise).
///
/// # Errors
/// The first broken invariant.
pub fn check_fen<G: Subject>(input: &[u8], read: fn(&str) -> Result<G, String>) -> Result<(), String> {
    let text = String::from_utf8_lossy(input);
    let Ok(pos) = read(&text) else { return Ok(()) };
    let fen = pos.fen();
    let again = read(&fen).map_err(|e| format!("round trip: '{fen}' does not read back: {e}"))?;
    if again != pos {
        return Err(format!("round trip: '{fen}' reads back as another position"));
    }
    if again.fen() != fen {
        return Err(format!("round trip: '{fen}' reads back and writes '{}'", again.fen()));
    }
    exercise(&pos, read)
}

/// The checks on any position that reads (with `read`): move counts agree, noisy moves are legal moves the
/// position calls noisy, every child's FEN reads back and writes itself again, make then
/// unmake restores the position and its key, perft 1 and 2 agree with the move lists, and
/// outcome and evaluation do not panic.
///
/// # Errors
/// The first broken invariant.
pub fn exercise<G: Subject>(pos: &G, read: fn(&str) -> Result<G, String>) -> Result<(), String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if pos.count_legal_moves() != moves.len() as u64 {
        return Err(format!(
            "move count: {} counted, {} listed in '{}'",
            pos.count_legal_moves(),
            moves.len(),
            pos.fen()
        ));
    }
    let mut noisy = MoveList::new();
    pos.noisy_moves(&mut noisy);
    if let Some(&m) = noisy.iter().find(|&&m| !moves.contains(&m) || !pos.is_noisy(m)) {
        return Err(format!("noisy moves: {m:?} is not a legal noisy move of '{}'", pos.fen()));
    }
    let _ = (pos.outcome(), pos.evaluate(), pos.in_check());
    let mut p = pos.clone();
    let mut grandchildren = 0;
    for &m in moves.iter() {
        p.make(m);
        let child = p.fen();
        if read(&child).map(|c| c.fen()).ok().as_deref() != Some(child.as_str()) {
            return Err(format!(
                "child FEN: '{child}', after {} in '{}', does not read back",
                pos.move_text(m),
                pos.fen()
            ));
        }
        let _ = (p.outcome(), p.evaluate());
        grandchildren += p.count_legal_moves();
        p.unmake();
        if p != *pos || p.hash() != pos.hash() {
            return Err(format!("make/unmake: {} does not restore '{}'", pos.move_text(m), pos.fen()));
        }
    }
    if perft(&mut p, 1) != moves.len() as u64 || perft(&mut p, 2) != grandchildren {
        return Err(format!("perft: perft 1-2 disagree with the move lists of '{}'", pos.fen()));
    }
    Ok(())
}

/// Move texts of every game, for splicing into moves.
const MOVE_WORDS: &[&str] = &[
    "e2e4", "e7e8q", "e1g1", "e1h1", "O-O", "O-O-O", "0-0", "Nbd7", "exd6", "Qxh7+", "e8=Q#", "h2e2", "h3e3", "C2.5",
    "H8+7", "R1-2", "+P.1", "e3-e4", "e3:e5", "e3:e5:c5", "pass", "0000", "a0i9", "a1i10",
];

/// A move target's input: a position from a random game (its FEN on the first line) and a
/// move text on the second, a legal move in either notation or from another position, often
/// mutated.
pub fn generate_move<G: Subject>(rng: &mut Rng) -> Vec<u8> {
    let pos = random_position::<G>(rng, G::SEEDS, |s| G::from_fen(s).ok());
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let text = match rng.below(5) {
        0 | 1 if !moves.is_empty() => pos.move_text(moves[rng.below(moves.len())]),
        2 if !moves.is_empty() => pos.front_human_move(moves[rng.below(moves.len())]),
        3 => {
            let other = random_position::<G>(rng, G::SEEDS, |s| G::from_fen(s).ok());
            let mut others = MoveList::new();
            other.legal_moves(&mut others);
            others.first().map_or_else(String::new, |&m| other.front_human_move(m))
        }
        _ => rng.pick(MOVE_WORDS).to_string(),
    };
    let text = if rng.one_in(3) { text.into_bytes() } else { mutate(rng, text.as_bytes(), MOVE_WORDS) };
    let mut input = pos.fen().into_bytes();
    input.push(b'\n');
    input.extend(text);
    input
}

/// The move target's check: every legal move's coordinate and human texts read back as the
/// move; a text that reads is a legal move and `play_text` plays it; a text that does not
/// read leaves the position as it was; `play` takes exactly the legal moves among those of
/// other positions, and leaves the position as it was when it refuses one.
///
/// # Errors
/// The first broken invariant.
pub fn check_move<G: Subject>(input: &[u8]) -> Result<(), String> {
    let input = String::from_utf8_lossy(input);
    let (fen, text) = input.split_once('\n').unwrap_or((&input, ""));
    let Ok(pos) = G::from_fen(fen) else { return Ok(()) };
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    for &m in legal.iter() {
        for written in [pos.move_text(m), pos.front_human_move(m)] {
            match pos.parse_move(&written) {
                Ok(read) if read == m => {}
                other => return Err(format!("move text: {m:?} written '{written}' reads as {other:?} in '{fen}'")),
            }
        }
    }
    match pos.parse_move(text) {
        Ok(m) => {
            if !pos.front_is_legal(m) {
                return Err(format!("parse: '{text}' reads as {m:?}, not legal in '{fen}'"));
            }
            let (mut played, mut made) = (pos.clone(), pos.clone());
            made.make(m);
            if played.front_play_text(text) != Some(m) || played != made {
                return Err(format!("play_text: '{text}' does not play {m:?} in '{fen}'"));
            }
        }
        Err(_) => {
            let mut played = pos.clone();
            if played.front_play_text(text).is_some() || played != pos {
                return Err(format!("play_text: '{text}' is refused by parse_move but changes '{fen}'"));
            }
        }
    }
    let mut foreign = MoveList::new();
    if let Some(&m) = legal.first() {
        let mut child = pos.clone();
        child.make(m);
        child.legal_moves(&mut foreign);
    }
    G::start().legal_moves(&mut foreign);
    for &m in foreign.iter() {
        let mut played = pos.clone();
        let took = played.front_play(m);
        if took != legal.contains(&m) || took != pos.front_is_legal(m) || (!took && played != pos) {
            return Err(format!("play: {m:?} played {took} in '{fen}'"));
        }
    }
    Ok(())
}
