//! Perft: counting the leaves of the legal move tree, the standard test of move generators.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::{Game, MoveCode};
use crate::movelist::MoveList;

/// The deepest perft the command line and the engine protocols accept. The record perft of
/// chess is depth 16, and each ply takes a frame of the stack: a bound well above any count
/// that can finish and far below what the stack holds.
pub const MAX_DEPTH: u32 = 64;

/// A flag that asks a walk of the tree to stop: [`AtomicBool`] for a count another thread
/// may stop, or [`Never`], which the compiler removes from the walk.
pub trait StopFlag {
    /// Whether to stop now.
    fn stopped(&self) -> bool;
}

/// A [`StopFlag`] that is never set: [`perft`] and [`divide`] walk with it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Never;

impl StopFlag for Never {
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
}

impl StopFlag for AtomicBool {
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// The number of legal move sequences of length `depth` from `game`.
///
/// The last ply is counted in bulk with [`Game::count_legal_moves`]. The position is
/// restored before returning.
///
/// # Examples
///
/// ```
/// use ladya_core::perft::perft;
///
/// let mut pos = ladya_chess::Position::start();
/// assert_eq!(perft(&mut pos, 3), 8_902);
/// assert_eq!(pos, ladya_chess::Position::start()); // restored
/// ```
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    perft_until(game, depth, &Never).unwrap_or(0)
}

/// [`perft`], or `None` once `stop` is set (checked at every position of the walk); the
/// position is restored either way. Engine mode's `go perft` counts with it so that `stop`
/// ends the count.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use ladya_core::perft::perft_until;
///
/// let mut pos = ladya_ugolki::Position::start();
/// assert_eq!(perft_until(&mut pos, 2, &AtomicBool::new(false)), Some(196));
/// assert_eq!(perft_until(&mut pos, 2, &AtomicBool::new(true)), None);
/// ```
#[inline]
pub fn perft_until<G: Game>(game: &mut G, depth: u32, stop: &impl StopFlag) -> Option<u64> {
    if stop.stopped() {
        return None;
    }
    match depth {
        0 => Some(1),
        1 => Some(game.count_legal_moves()),
        _ => {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let mut nodes = 0;
            for &m in moves.iter() {
                game.make(m);
                let below = perft_until(game, depth - 1, stop);
                game.unmake();
                nodes += below?;
            }
            Some(nodes)
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order. Empty for depth 0.
///
/// # Examples
///
/// ```
/// use ladya_core::perft::{divide, divide_total};
///
/// let mut pos = ladya_xiangqi::Position::start();
/// let split = divide(&mut pos, 2);
/// assert_eq!(split.len(), 44);
/// assert_eq!(divide_total(&split, 2), 1_920);
/// ```
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    divide_until(game, depth, &Never).unwrap_or_default()
}

/// [`divide`], or `None` once `stop` is set, as [`perft_until`].
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use ladya_core::perft::{divide, divide_until};
///
/// let start = ladya_chess::Position::start();
/// let mut pos = start.clone();
/// let split = divide_until(&mut pos, 3, &AtomicBool::new(false)).unwrap();
/// assert_eq!(split, divide(&mut pos, 3));
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
/// assert_eq!(divide_until(&mut pos, 3, &AtomicBool::new(true)), None);
/// assert_eq!(pos, start); // restored, stopped or not
/// ```
pub fn divide_until<G: Game>(game: &mut G, depth: u32, stop: &impl StopFlag) -> Option<Vec<(G::Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut split = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        game.make(m);
        let nodes = perft_until(game, depth - 1, stop);
        game.unmake();
        split.push((m, nodes?));
    }
    Some(split)
}

/// The leaf count a [`divide`] adds up to, as [`perft`] gives it: the sum over the root moves,
/// or 1 at depth 0 (the position itself, which has no root moves to split by).
///
/// # Examples
///
/// ```
/// use ladya_core::perft::{divide, divide_total};
///
/// let mut pos = ladya_ugolki::Position::start();
/// assert_eq!(divide_total(&divide(&mut pos, 2), 2), 196);
/// assert_eq!(divide_total(&divide(&mut pos, 0), 0), 1);
/// ```
pub fn divide_total<M>(split: &[(M, u64)], depth: u32) -> u64 {
    if depth == 0 { 1 } else { split.iter().map(|(_, nodes)| nodes).sum() }
}

/// Walks the legal move tree to `depth`, calling `check` on every position reached (the
/// root included) and verifying after each unmake that the position equals, field for
/// field, the one before the move. Returns the number of positions visited. Game crates'
/// tests use it to prove make/unmake exact and incremental keys right.
///
/// # Errors
/// The first failure: what `check` reported, or the move whose unmake did not restore the
/// position.
///
/// # Examples
///
/// ```
/// use ladya_core::Game;
/// use ladya_core::perft::verify_tree;
///
/// let mut pos = ladya_chess::Position::start();
/// // Every position of the tree: its incremental key matches one computed from scratch.
/// let mut keys = |p: &ladya_chess::Position| {
///     if p.hash() == p.compute_key() { Ok(()) } else { Err(p.fen()) }
/// };
/// assert_eq!(verify_tree(&mut pos, 2, &mut keys), Ok(1 + 20 + 400));
/// ```
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

/// What [`verify_checks`] saw: the legal moves it tested and how many of them give check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CheckCounts {
    /// Legal moves tested, over every node of the tree.
    pub moves: u64,
    /// Those that give check.
    pub checks: u64,
}

/// Walks the legal move tree to `depth` with [`verify_tree`] and proves, at every node, the
/// game's ways of telling checks without making the move right against making it: for every
/// legal move, [`Game::gives_check`] and [`Game::mark_checks`] must say what
/// [`Game::in_check`] says after [`Game::make`]; [`Game::checks_first`] must put exactly the
/// checks first; [`Game::checking_moves`] must generate exactly the checks; and
/// [`Game::has_legal_move`] must agree with the move list.
///
/// # Errors
/// The first disagreement, with the move and the position.
///
/// # Examples
///
/// ```
/// use ladya_core::perft::{verify_checks, CheckCounts};
///
/// // Rook a1 and king e1 against a lone king: of White's 15 moves, Ra8 alone checks.
/// let mut pos = ladya_chess::Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
/// assert_eq!(verify_checks(&mut pos, 0)?, CheckCounts { moves: 15, checks: 1 });
/// assert!(verify_checks(&mut pos, 2)?.checks > 1);
/// # Ok::<(), String>(())
/// ```
pub fn verify_checks<G: Game + PartialEq>(game: &mut G, depth: u32) -> Result<CheckCounts, String> {
    let mut counts = CheckCounts::default();
    verify_tree(game, depth, &mut |node: &G| {
        let mut pos = node.clone();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut checks = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            pos.make(m);
            checks.push(pos.in_check());
            pos.unmake();
        }
        let mut marks = vec![false; moves.len()];
        pos.mark_checks(&moves, &mut marks);
        for ((&m, &check), &mark) in moves.iter().zip(&checks).zip(&marks) {
            let told = pos.gives_check(m);
            if told != check || mark != check {
                return Err(format!(
                    "{} in {}: gives check {check}, gives_check says {told}, mark_checks {mark}",
                    pos.move_text(m),
                    pos.fen()
                ));
            }
        }
        let expected = checking_codes(moves.iter().zip(&checks).filter(|&(_, &c)| c).map(|(&m, _)| m));
        let mut sorted = moves.clone();
        let first = pos.checks_first(&mut sorted);
        if checking_codes(sorted.iter().take(first).copied()) != expected || sorted.len() != moves.len() {
            return Err(format!("checks_first in {}: not exactly the checks first", pos.fen()));
        }
        let mut generated = MoveList::new();
        pos.checking_moves(&mut generated);
        if checking_codes(generated.iter().copied()) != expected {
            return Err(format!("checking_moves in {}: not exactly the checks", pos.fen()));
        }
        if pos.has_legal_move() == moves.is_empty() {
            return Err(format!("has_legal_move in {}: says {}", pos.fen(), moves.is_empty()));
        }
        counts.moves += moves.len() as u64;
        counts.checks += expected.len() as u64;
        Ok(())
    })?;
    Ok(counts)
}

/// The sorted codes of `moves`, to compare two lists of moves as sets.
fn checking_codes<M: MoveCode>(moves: impl Iterator<Item = M>) -> Vec<u16> {
    let mut codes: Vec<u16> = moves.map(MoveCode::code).collect();
    codes.sort_unstable();
    codes
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
///
/// # Examples
///
/// ```
/// use ladya_core::perft::parse_perft_cases;
///
/// let cases = parse_perft_cases("# the start\nBBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1 ;D1 14 ;D2 196\n")?;
/// assert_eq!(cases.len(), 1);
/// assert_eq!(cases[0].counts, [(1, 14), (2, 196)]);
/// assert!(parse_perft_cases("8/8 w ;D1").is_err());
/// # Ok::<(), String>(())
/// ```
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

/// The largest count a default test run checks with [`check_reference`]; the larger ones run
/// with `cargo test -- --ignored`. A few million nodes take a fraction of a second with the
/// workspace's optimised test profile.
pub const QUICK_NODE_LIMIT: u64 = 5_000_000;

/// The depth to which the quick counts must cover every reference position.
const QUICK_MIN_DEPTH: u32 = 3;

/// Which counts of a reference [`check_reference`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// The counts of at most [`QUICK_NODE_LIMIT`] nodes, which must reach depth 3 or more in
    /// every position: what a default test run checks.
    Quick,
    /// The counts above [`QUICK_NODE_LIMIT`]: what a test marked `#[ignore]` checks.
    Slow,
    /// Every count, for a game whose reference is small enough to check in full by default.
    All,
}

/// Checks [`perft`] of the game `G` against reference cases (read with [`parse_perft_cases`]),
/// every depth of every case that `counts` selects, and returns the number of counts checked.
/// A game's tests call it twice, the quick counts in a default test and the slow ones in an
/// ignored one:
///
/// ```ignore
/// use ladya_core::perft::{Counts, check_reference, parse_perft_cases};
///
/// fn cases() -> Vec<ladya_core::perft::PerftCase> {
///     parse_perft_cases(include_str!("../data/mygame-perft.epd")).unwrap()
/// }
///
/// #[test]
/// fn reference_counts() {
///     assert!(check_reference::<MyPosition>(&cases(), Counts::Quick).unwrap() > 100);
/// }
///
/// #[test]
/// #[ignore = "billions of nodes: run with --ignored"]
/// fn reference_counts_at_full_depth() {
///     check_reference::<MyPosition>(&cases(), Counts::Slow).unwrap();
/// }
/// ```
///
/// # Errors
/// The first fault, naming the position: a FEN the game refuses, a count that differs from the
/// reference, or (for [`Counts::Quick`]) a position whose quick counts stop short of depth 3.
///
/// # Examples
///
/// Checked in full, for a reference small enough:
///
/// ```
/// use ladya_core::perft::{Counts, check_reference, parse_perft_cases};
///
/// let cases = parse_perft_cases("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197")?;
/// assert_eq!(check_reference::<ladya_chess::Position>(&cases, Counts::All), Ok(3));
/// let wrong = parse_perft_cases("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 14")?;
/// assert!(check_reference::<ladya_chess::Position>(&wrong, Counts::All).is_err());
/// # Ok::<(), String>(())
/// ```
pub fn check_reference<G: Game>(cases: &[PerftCase], counts: Counts) -> Result<usize, String> {
    let quick = |nodes: u64| nodes <= QUICK_NODE_LIMIT;
    let selected = |nodes| match counts {
        Counts::Quick => quick(nodes),
        Counts::Slow => !quick(nodes),
        Counts::All => true,
    };
    if counts == Counts::Quick {
        for case in cases {
            let deepest = case.counts.iter().filter(|(_, n)| quick(*n)).map(|(d, _)| *d).max();
            if deepest < Some(QUICK_MIN_DEPTH) {
                return Err(format!("{}: the quick counts do not reach depth {QUICK_MIN_DEPTH}", case.fen));
            }
        }
    }
    let mut checked = 0;
    for case in cases {
        let mut game = G::from_fen(&case.fen).map_err(|e| format!("{}: {e}", case.fen))?;
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| selected(*n)) {
            let nodes = perft(&mut game, depth);
            if nodes != expected {
                return Err(format!("perft {depth} of {}: {nodes} nodes, expected {expected}", case.fen));
            }
            checked += 1;
        }
    }
    Ok(checked)
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
