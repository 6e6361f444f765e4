//! One side alone on the board: the fewest moves that fill its target, and the most pieces it
//! can have in its target after a given number of moves. Races are decided from these counts
//! ([`crate::race`]).
//!
//! Configurations are the side's pieces seen from White's side of the board (Black's are
//! turned by a half turn), so the target is always White's target of the layout. Moves are the
//! game's: steps, and chains of jumps over the side's own pieces (no other piece is on the
//! board). Every move can be taken back by the same kind of move (a chain backwards jumps the
//! same pieces), so the distances are those of an undirected graph: one move changes the
//! fewest moves by at most one.
//!
//! Three tools, cheapest first:
//! - a **perimeter**: every configuration within [`PERIMETER`] moves of the full target, found
//!   once per layout by breadth-first search from it, with its exact count; every other one
//!   needs more than [`PERIMETER`] moves;
//! - **bounds**: an admissible lower bound from square colours and stragglers
//!   ([`lower_bound`]), and an upper bound from a solution found by a narrow beam search;
//! - **IDA\***, started at the lower bound, ordered by the bound, with one-step backups of the
//!   bound (`h(c) >= 1 + min h(child)`) kept between iterations and the least depth each
//!   configuration was reached at in the current iteration. It stops when its threshold meets
//!   the beam's solution (which is then optimal), when it finds a solution, or after
//!   [`FEWEST_BUDGET`] nodes with the threshold as a proven lower bound.
//!
//! Results, and the exact counts of every configuration along a solution found, go to a
//! lock-free table shared by all threads, keyed by the configuration alone.

use std::sync::OnceLock;

use ladya_core::Side;

use crate::board::{Bitboard, JumpGraph, RINGS, STEPS, bit, distance, parity_steps, squares};
use crate::position::Layout;
use crate::race_cache::{Entry, Fewest, RaceCache};

/// Configurations within this many moves of the full target have their exact count from a
/// breadth-first search done once per layout (118,000 configurations and 50 ms for twelve
/// pieces, 264,000 and 120 ms for sixteen).
pub(crate) const PERIMETER: u8 = 5;

/// Nodes one IDA* search may expand before it gives up with a lower bound.
pub(crate) const FEWEST_BUDGET: u32 = 1_500;

/// Nodes one search for the most pieces in the target may visit before it gives up.
pub(crate) const COUNT_BUDGET: u32 = 3_000;

/// Configurations kept per move by the beam search for an upper bound.
const BEAM_WIDTH: usize = 4;

/// The longest solution the beam search tries.
const BEAM_MOVES: u8 = 80;

/// The side's pieces as seen from White's side of the board.
pub(crate) fn oriented(side: Side, pieces: Bitboard) -> Bitboard {
    match side {
        Side::White => pieces,
        Side::Black => pieces.reverse_bits(),
    }
}

/// An open-addressing hash table from configurations to small values. A configuration is
/// never empty (a side has pieces), so the empty bitboard marks a free slot.
struct BoardTable<V> {
    keys: Vec<Bitboard>,
    values: Vec<V>,
    len: usize,
}

impl<V: Copy + Default> BoardTable<V> {
    fn new() -> Self {
        BoardTable { keys: vec![0; 64], values: vec![V::default(); 64], len: 0 }
    }

    #[inline]
    fn slot(&self, key: Bitboard) -> usize {
        let bits = self.keys.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    #[inline]
    fn get(&self, key: Bitboard) -> Option<V> {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.keys[i] {
                0 => return None,
                k if k == key => return Some(self.values[i]),
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn insert(&mut self, key: Bitboard, value: V) {
        if (self.len + 1) * 2 > self.keys.len() {
            let old = std::mem::replace(
                self,
                BoardTable {
                    keys: vec![0; self.keys.len() * 2],
                    values: vec![V::default(); self.keys.len() * 2],
                    len: 0,
                },
            );
            for (&k, &v) in old.keys.iter().zip(&old.values) {
                if k != 0 {
                    self.insert(k, v);
                }
            }
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.keys[i] != 0 && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        if self.keys[i] == 0 {
            self.len += 1;
        }
        self.keys[i] = key;
        self.values[i] = value;
    }

    fn clear(&mut self) {
        self.keys.fill(0);
        self.len = 0;
    }
}

/// A lower bound on the moves that fill `target` from `pieces`: the larger of
/// [`colour_bound`] and [`straggler_bound`].
pub(crate) fn lower_bound(pieces: Bitboard, target: Bitboard) -> u8 {
    colour_bound(pieces, target).max(straggler_bound(pieces, target))
}

/// The larger of the steps that carry the pieces' parity classes to the target's (each step
/// changes one piece's class to a neighbour on the class cycle, and a jump none) and the
/// number of pieces outside the target (each needs a move).
fn colour_bound(pieces: Bitboard, target: Bitboard) -> u8 {
    parity_steps(pieces, target).max((pieces & !target).count_ones()).min(u8::MAX as u32) as u8
}

/// For a piece `p` outside the target, `mu(p) = min(d(p, target), d(p, nearest other piece))`
/// drops by at most one per move: its own step moves it one square; it can only jump when
/// next to a piece (`mu <= 1`); and every square another piece's chain lands on is next to a
/// piece it jumped, so no closer to `p` than one less than before. Moves that end in the
/// target do not lower it (the target is no closer to `p` than `d(p, target)`). So filling
/// the target takes `mu(p)` moves plus one entering move for each other piece outside.
fn straggler_bound(pieces: Bitboard, target: Bitboard) -> u8 {
    let outside = pieces & !target;
    if outside == 0 {
        return 0;
    }
    let mut worst = 0;
    for p in squares(outside) {
        let rings = &RINGS[p as usize];
        let others = pieces ^ bit(p);
        let mut mu = 0;
        for (d, &ring) in rings.iter().enumerate().skip(1) {
            if ring & (target | others) != 0 {
                mu = d as u8;
                break;
            }
        }
        worst = worst.max(mu);
    }
    worst + outside.count_ones() as u8 - 1
}

/// Calls `visit` with every configuration one move from `pieces`.
#[inline]
fn for_each_child(pieces: Bitboard, mut visit: impl FnMut(Bitboard)) {
    let graph = JumpGraph::new(pieces);
    for from in squares(pieces) {
        let targets = (STEPS[from as usize] & !pieces) | graph.reach(from);
        for to in squares(targets) {
            visit(pieces ^ bit(from) ^ bit(to));
        }
    }
}

/// The configurations within [`PERIMETER`] moves of a layout's full target, with their exact
/// distances, by breadth-first search from the target.
fn perimeter(layout: Layout) -> &'static BoardTable<u8> {
    static BALLS: [OnceLock<BoardTable<u8>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    BALLS[layout as usize].get_or_init(|| {
        let goal = layout.target(Side::White);
        let mut ball = BoardTable::new();
        ball.insert(goal, 0);
        let mut layer = vec![goal];
        for distance in 1..=PERIMETER {
            let mut next = Vec::new();
            for &c in &layer {
                for_each_child(c, |child| {
                    if ball.get(child).is_none() {
                        ball.insert(child, distance);
                        next.push(child);
                    }
                });
            }
            layer = next;
        }
        ball
    })
}

/// The sum of the pieces' distances to the target's far corner: a tie-break that favours
/// progress and filling the target from the back.
fn corner_distance(pieces: Bitboard) -> u32 {
    // White's target is a block in the a8 corner in every layout.
    const A8: u8 = 56;
    squares(pieces).map(|s| distance(s, A8) as u32).sum()
}

/// The length of a solution from `pieces` found by a beam search: each layer keeps the
/// [`BEAM_WIDTH`] new configurations with the least `2 * lower bound + corner distance`, until
/// one enters the perimeter. `u8::MAX` if none does within [`BEAM_MOVES`] moves.
fn beam_upper(layout: Layout, pieces: Bitboard) -> u8 {
    let ball = perimeter(layout);
    let target = layout.target(Side::White);
    let mut seen = BoardTable::new();
    seen.insert(pieces, ());
    let mut layer = vec![pieces];
    let mut next: Vec<(u32, Bitboard)> = Vec::new();
    for moves in 0..BEAM_MOVES {
        if let Some(d) = layer.iter().filter_map(|&c| ball.get(c)).min() {
            return moves + d;
        }
        next.clear();
        for &c in &layer {
            for_each_child(c, |child| {
                if seen.get(child).is_none() {
                    seen.insert(child, ());
                    let key = match ball.get(child) {
                        Some(d) => d as u32,
                        None => 1000 + 2 * lower_bound(child, target) as u32 + corner_distance(child),
                    };
                    next.push((key, child));
                }
            });
        }
        next.sort_unstable();
        layer.clear();
        layer.extend(next.iter().take(BEAM_WIDTH).map(|&(_, c)| c));
    }
    u8::MAX
}

/// One IDA* search for the fewest moves.
struct FewestSearch {
    target: Bitboard,
    ball: &'static BoardTable<u8>,
    /// Lower bounds raised by one-step backups.
    learned: BoardTable<u8>,
    /// The least depth each configuration was reached at in the current iteration.
    reached: BoardTable<u8>,
    nodes: u32,
    /// The configurations from the root to the current node.
    path: Vec<Bitboard>,
    /// The children of every node on the path, with their estimates, one block per node.
    children: Vec<(u8, Bitboard)>,
}

/// How a bounded depth-first pass ended.
enum Pass {
    /// A solution within the bound; `path` holds it from the root to a perimeter configuration.
    Found,
    /// No solution within the bound; the least `depth + estimate` seen beyond it.
    Over(u8),
    /// The node budget ran out.
    Budget,
}

impl FewestSearch {
    /// The admissible estimate: exact inside the perimeter, else the best bound known.
    #[inline]
    fn estimate(&self, c: Bitboard) -> u8 {
        if let Some(d) = self.ball.get(c) {
            return d;
        }
        let bound = lower_bound(c, self.target).max(PERIMETER + 1);
        self.learned.get(c).map_or(bound, |l| l.max(bound))
    }

    /// Searches below `c`, whose estimate is `estimate`, reached after `depth` moves.
    fn pass(&mut self, c: Bitboard, estimate: u8, depth: u8, bound: u8) -> Pass {
        let f = depth.saturating_add(estimate);
        if f > bound {
            return Pass::Over(f);
        }
        if self.ball.get(c).is_some() {
            // Exact, and within the bound.
            self.path.push(c);
            return Pass::Found;
        }
        match self.reached.get(c) {
            Some(d) if d <= depth => return Pass::Over(u8::MAX),
            _ => self.reached.insert(c, depth),
        }
        self.nodes += 1;
        if self.nodes > FEWEST_BUDGET {
            return Pass::Budget;
        }
        let start = self.children.len();
        let mut children = std::mem::take(&mut self.children);
        for_each_child(c, |child| children.push((self.estimate(child), child)));
        children[start..].sort_unstable();
        let end = children.len();
        let backup = children[start..].first().map_or(u8::MAX, |&(h, _)| h.saturating_add(1));
        self.children = children;
        self.path.push(c);
        let mut next = u8::MAX;
        for i in start..end {
            let (h, child) = self.children[i];
            match self.pass(child, h, depth + 1, bound) {
                Pass::Found => return Pass::Found,
                Pass::Budget => return Pass::Budget,
                Pass::Over(f) => next = next.min(f),
            }
        }
        self.children.truncate(start);
        self.path.pop();
        if backup > estimate {
            self.learned.insert(c, backup);
        }
        Pass::Over(next)
    }
}

/// Runs IDA* from `pieces`, whose count is known to lie in `known`; returns what it proved.
/// Exact counts of the configurations on a solution found go to the shared table.
fn search_fewest(cache: &RaceCache, layout: Layout, pieces: Bitboard, known: Fewest) -> Fewest {
    let mut search = FewestSearch {
        target: layout.target(Side::White),
        ball: perimeter(layout),
        learned: BoardTable::new(),
        reached: BoardTable::new(),
        nodes: 0,
        path: Vec::new(),
        children: Vec::new(),
    };
    let estimate = search.estimate(pieces);
    let mut bound = estimate.max(known.low);
    loop {
        if bound >= known.high {
            // Nothing shorter than the solution already known.
            return Fewest::exact(known.high);
        }
        search.reached.clear();
        search.path.clear();
        search.children.clear();
        match search.pass(pieces, estimate, 0, bound) {
            Pass::Found => {
                for (depth, &c) in search.path.iter().enumerate() {
                    cache.table().store(c, Entry::Fewest { known: Fewest::exact(bound - depth as u8), searched: true });
                }
                return Fewest::exact(bound);
            }
            Pass::Budget => return Fewest { low: bound, high: known.high },
            Pass::Over(next) => bound = next,
        }
    }
}

/// Cheap bounds on the fewest moves that fill the target from `pieces` (seen from White's
/// side): from the shared table, the perimeter, or the lower bound and a beam search.
pub(crate) fn fewest_bounds(cache: &RaceCache, layout: Layout, pieces: Bitboard) -> Fewest {
    if let Some(Entry::Fewest { known, .. }) = cache.table().load(pieces, None) {
        return known;
    }
    if let Some(d) = perimeter(layout).get(pieces) {
        return Fewest::exact(d);
    }
    let low = lower_bound(pieces, layout.target(Side::White)).max(PERIMETER + 1);
    let known = Fewest { low, high: beam_upper(layout, pieces).max(low) };
    cache.table().store(pieces, Entry::Fewest { known, searched: false });
    known
}

/// The fewest moves that fill the target from `pieces` (seen from White's side) if already
/// known exactly, from the shared table or the perimeter; never searched.
pub(crate) fn known(cache: &RaceCache, layout: Layout, pieces: Bitboard) -> Option<u8> {
    match cache.table().load(pieces, None) {
        Some(Entry::Fewest { known, .. }) if known.is_exact() => Some(known.low),
        _ => perimeter(layout).get(pieces),
    }
}

/// The fewest moves that fill the target from `pieces` (seen from White's side): exact unless
/// IDA* ran out of budget, once per configuration.
pub(crate) fn fewest_exact(cache: &RaceCache, layout: Layout, pieces: Bitboard) -> Fewest {
    let known = fewest_bounds(cache, layout, pieces);
    if known.is_exact() || matches!(cache.table().load(pieces, None), Some(Entry::Fewest { searched: true, .. })) {
        return known;
    }
    let result = search_fewest(cache, layout, pieces, known);
    cache.table().store(pieces, Entry::Fewest { known: result, searched: true });
    result
}

/// One depth-first search for the most pieces in the target after a number of moves.
struct CountSearch {
    target: Bitboard,
    /// The most pieces the target can hold here: one fewer than all, since it is only asked
    /// when the target cannot be filled in the moves left.
    cap: u8,
    /// Results by moves left.
    memo: Vec<BoardTable<u8>>,
    nodes: u32,
}

impl CountSearch {
    /// The most pieces in the target after exactly `moves` more moves from `pieces`, or
    /// `None` when the budget ran out.
    fn best(&mut self, pieces: Bitboard, moves: u8) -> Option<u8> {
        let now = (pieces & self.target).count_ones() as u8;
        if moves == 0 {
            return Some(now);
        }
        if let Some(known) = self.memo[moves as usize].get(pieces) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > COUNT_BUDGET {
            return None;
        }
        // A move brings at most one piece into the target.
        let ceiling = (now + moves).min(self.cap);
        let mut children: Vec<(u8, Bitboard)> = Vec::new();
        for_each_child(pieces, |child| children.push(((child & self.target).count_ones() as u8, child)));
        children.sort_unstable_by(|a, b| b.cmp(a));
        let mut best = 0;
        for &(count, child) in &children {
            if best >= ceiling || count + (moves - 1) <= best {
                break;
            }
            best = best.max(self.best(child, moves - 1)?);
        }
        self.memo[moves as usize].insert(pieces, best);
        Some(best)
    }
}

/// The most pieces `pieces` (seen from White's side) can have in the target after exactly
/// `moves` moves, when the target cannot be filled in that many; `None` when the search ran
/// out of budget.
pub(crate) fn most_in_target(cache: &RaceCache, layout: Layout, pieces: Bitboard, moves: u8) -> Option<u8> {
    if let Some(Entry::Count { best, .. }) = cache.table().load(pieces, Some(moves)) {
        return best;
    }
    let mut search = CountSearch {
        target: layout.target(Side::White),
        cap: layout.pieces() as u8 - 1,
        memo: (0..=moves).map(|_| BoardTable::new()).collect(),
        nodes: 0,
    };
    let best = search.best(pieces, moves);
    cache.table().store(pieces, Entry::Count { moves, best });
    best
}

#[cfg(test)]
mod tests {
    use ladya_core::rng::Rng;

    use super::*;
    use crate::board::parse_square;

    fn board(names: &[&str]) -> Bitboard {
        names.iter().fold(0, |b, n| b | bit(parse_square(n).unwrap()))
    }

    /// Breadth-first distance from `start` to the target, if at most `limit`.
    fn brute_force_fewest(layout: Layout, start: Bitboard, limit: u8) -> Option<u8> {
        let goal = layout.target(Side::White);
        let mut seen = BoardTable::new();
        seen.insert(start, 0u8);
        let mut layer = vec![start];
        for depth in 0..=limit {
            if layer.contains(&goal) {
                return Some(depth);
            }
            let mut next = Vec::new();
            for &c in &layer {
                for_each_child(c, |child| {
                    if seen.get(child).is_none() {
                        seen.insert(child, depth + 1);
                        next.push(child);
                    }
                });
            }
            layer = next;
        }
        None
    }

    /// Exhaustive most-in-target after exactly `moves` moves.
    fn brute_force_count(target: Bitboard, pieces: Bitboard, moves: u8) -> u8 {
        if moves == 0 {
            return (pieces & target).count_ones() as u8;
        }
        let mut best = 0;
        for_each_child(pieces, |child| best = best.max(brute_force_count(target, child, moves - 1)));
        best
    }

    /// A race ending: `k` pieces of the target's front taken out and put on free squares at
    /// most `reach` steps in front of the target.
    fn ending(layout: Layout, k: u32, reach: u8, rng: &mut Rng) -> Bitboard {
        let target = layout.target(Side::White);
        let mut c = target;
        let mut removed = 0;
        while removed < k {
            let s = rng.below(64) as u8;
            // The front half of the target: far from the a8 corner.
            if c & bit(s) != 0 && distance(s, 56) >= 2 {
                c ^= bit(s);
                removed += 1;
            }
        }
        let mut placed = 0;
        while placed < k {
            let s = rng.below(64) as u8;
            let d = squares(target).map(|t| distance(s, t)).min().unwrap_or(0);
            if (1..=reach).contains(&d) && c & bit(s) == 0 {
                c |= bit(s);
                placed += 1;
            }
        }
        c
    }

    /// Every configuration within `radius` moves of the target, by breadth-first search.
    fn ball(layout: Layout, radius: u8) -> BoardTable<u8> {
        let goal = layout.target(Side::White);
        let mut seen = BoardTable::new();
        seen.insert(goal, 0u8);
        let mut layer = vec![goal];
        for d in 1..=radius {
            let mut next = Vec::new();
            for &c in &layer {
                for_each_child(c, |child| {
                    if seen.get(child).is_none() {
                        seen.insert(child, d);
                        next.push(child);
                    }
                });
            }
            layer = next;
        }
        seen
    }

    #[test]
    fn the_bound_is_zero_at_the_goal_and_counts_pieces_and_colours() {
        let target = Layout::Nine.target(Side::White);
        assert_eq!(lower_bound(target, target), 0);
        // a6 -> a5 is one step, to another class: the bound is one.
        assert_eq!(lower_bound(target ^ board(&["a6", "a5"]), target), 1);
        // a6 -> a4: same class, outside: one move (a jump could do it).
        assert_eq!(colour_bound(target ^ board(&["a6", "a4"]), target), 1);
        // A straggler on h1, ten squares from the target and eleven from the nearest piece.
        assert_eq!(straggler_bound(target ^ board(&["c6", "h1"]), target), 10);
        // Three pieces outside, two of them a step away from the class the target lacks.
        assert_eq!(colour_bound(target ^ board(&["a6", "b6", "c6", "a5", "b5", "a1"]), target), 3);
    }

    #[test]
    fn counts_equal_breadth_first_search() {
        let cache = RaceCache::default();
        // Every configuration within seven moves of the nine-piece target, and six of the
        // twelve-piece one: those beyond the perimeter are searched by IDA*.
        let mut rng = Rng::new(0x1234_5678_9ABC_DEF1);
        for (layout, radius) in [(Layout::Nine, 7), (Layout::Twelve, 6)] {
            let truth = ball(layout, radius);
            let target = layout.target(Side::White);
            let mut checked = 0;
            for (&c, &d) in truth.keys.iter().zip(&truth.values) {
                if c == 0 {
                    continue;
                }
                assert!(lower_bound(c, target) <= d, "{c:#x}: bound {} > {d}", lower_bound(c, target));
                if d <= PERIMETER || rng.below(40) != 0 {
                    continue;
                }
                let bounds = fewest_bounds(&cache, layout, c);
                assert!(bounds.low <= d && d <= bounds.high, "{c:#x}: {bounds:?} {d}");
                let found = search_fewest(&cache, layout, c, bounds);
                assert!(found.low <= d && d <= found.high, "{c:#x}: {found:?} {d}");
                if found.is_exact() {
                    checked += 1;
                }
            }
            assert!(checked > 100, "{layout:?}: only {checked} solved");
        }
    }

    #[test]
    fn a_lone_straggler_needs_its_steps() {
        let cache = RaceCache::default();
        // Eight pieces home in the nine-piece target (a6-c8), one on h1: it has no stone to
        // jump over until it reaches the others.
        let c = Layout::Nine.target(Side::White) ^ board(&["c6", "h1"]);
        let expected = brute_force_fewest(Layout::Nine, c, 12).unwrap();
        assert!(expected >= 10, "{expected}");
        assert_eq!(fewest_exact(&cache, Layout::Nine, c), Fewest::exact(expected));
        assert_eq!(known(&cache, Layout::Nine, c), Some(expected));
    }

    #[test]
    fn race_endings_are_solved() {
        let cache = RaceCache::default();
        // Endings with up to four pieces out, three squares in front of the target: IDA*
        // closes almost all of them within its budget.
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut exact = 0;
        for trial in 0..40 {
            let c = ending(Layout::Twelve, 1 + trial % 4, 3, &mut rng);
            let result = fewest_exact(&cache, Layout::Twelve, c);
            assert!(result.low <= result.high);
            exact += result.is_exact() as u32;
        }
        assert!(exact >= 36, "{exact}");
    }

    #[test]
    fn most_in_target_equals_exhaustive_search() {
        let cache = RaceCache::default();
        let mut rng = Rng::new(0x0F0F_1234_5555_7777);
        let layout = Layout::Nine;
        let target = layout.target(Side::White);
        for trial in 0..30 {
            let start = ending(layout, 2 + trial % 3, 4, &mut rng);
            let fewest = fewest_exact(&cache, layout, start);
            for moves in 0..=3u8 {
                if fewest.low <= moves {
                    continue;
                }
                assert_eq!(most_in_target(&cache, layout, start, moves), Some(brute_force_count(target, start, moves)));
            }
        }
    }
}
