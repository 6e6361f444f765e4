//! Perft: counting the leaves of the legal move tree, the standard test of move generators.

use crate::game::Game;
use crate::movelist::MoveList;

/// The number of legal move sequences of length `depth` from `game`.
///
/// The last ply is counted in bulk with [`Game::count_legal_moves`]. The position is
/// restored before returning.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let mut nodes = 0;
            for &m in moves.iter() {
                game.make(m);
                nodes += perft(game, depth - 1);
                game.unmake();
            }
            nodes
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order. Empty for depth 0.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            game.make(m);
            let nodes = perft(game, depth - 1);
            game.unmake();
            (m, nodes)
        })
        .collect()
}

/// Walks the legal move tree to `depth`, calling `check` on every position reached (the
/// root included) and verifying after each unmake that the position equals, field for
/// field, the one before the move. Returns the number of positions visited. Game crates'
/// tests use it to prove make/unmake exact and incremental keys right.
///
/// # Errors
/// The first failure: what `check` reported, or the move whose unmake did not restore the
/// position.
pub fn verify_tree<G: Game + PartialEq>(
    game: &mut G,
    depth: u32,
    check: &mut impl FnMut(&G) -> Result<(), String>,
) -> Result<u64, String> {
    check(game)?;
    if depth == 0 {
        return Ok(1);
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut visited = 1;
    for &m in moves.iter() {
        let before = game.clone();
        game.make(m);
        visited += verify_tree(game, depth - 1, check)?;
        game.unmake();
        if *game != before {
            return Err(format!("unmake of {m:?} did not restore {}", before.fen()));
        }
    }
    Ok(visited)
}

/// One line of a perft reference file: a position and its expected counts by depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase {
    /// The position, in the game's FEN form.
    pub fen: String,
    /// `(depth, nodes)` pairs in the order given.
    pub counts: Vec<(u32, u64)>,
}

/// Reads perft reference lines of the form `FEN ;D1 20 ;D2 400 ...`; blank lines and lines
/// starting with `#` are skipped.
///
/// # Errors
/// A malformed line, named by its number.
pub fn parse_perft_cases(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let counts = parts
            .map(|part| {
                let (depth, nodes) = part.trim().split_once(' ').ok_or(())?;
                let depth = depth.strip_prefix('D').ok_or(())?.parse().map_err(|_| ())?;
                Ok((depth, nodes.trim().parse().map_err(|_| ())?))
            })
            .collect::<Result<Vec<_>, ()>>()
            .map_err(|()| format!("line {}: expected 'FEN ;D1 n ;D2 n ...'", number + 1))?;
        cases.push(PerftCase { fen, counts });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_reference_lines() {
        let cases = parse_perft_cases("# comment\n\n8/8 w - - 0 1 ;D1 7 ;D2 32\n").unwrap();
        assert_eq!(cases, vec![PerftCase { fen: "8/8 w - - 0 1".into(), counts: vec![(1, 7), (2, 32)] }]);
        assert!(parse_perft_cases("fen ;X1 5").unwrap_err().contains("line 1"));
    }
}
