//! The step table and the jump graph of the board, on the squares and bitboards of the 8x8
//! board that ugolki shares with chess ([`ladya_core::board8`], re-exported here).

pub use ladya_core::board8::{Bitboard, Square, bit, file_of, parse_square, rank_of, square_at, square_name, squares};

/// The block of squares on files `files` and ranks `ranks` (inclusive bounds, `0..8`).
pub const fn block(files: (u8, u8), ranks: (u8, u8)) -> Bitboard {
    let mut b = 0;
    let mut rank = ranks.0;
    while rank <= ranks.1 {
        let mut file = files.0;
        while file <= files.1 {
            b |= bit(square_at(file, rank));
            file += 1;
        }
        rank += 1;
    }
    b
}

/// The distance in steps between two squares: the file difference plus the rank difference.
#[inline(always)]
pub const fn distance(a: Square, b: Square) -> u8 {
    file_of(a).abs_diff(file_of(b)) + rank_of(a).abs_diff(rank_of(b))
}

/// For each square, the squares at each distance 0 to 14 from it, `RINGS[square][distance]`.
pub const RINGS: [[Bitboard; 15]; 64] = {
    let mut table = [[0; 15]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a as usize][distance(a, b) as usize] |= bit(b);
            b += 1;
        }
        a += 1;
    }
    table
};

/// The four parity classes of squares (even or odd file, even or odd rank), in the order of a
/// cycle on which neighbours differ in one parity. A step changes one parity, so it moves a
/// piece to a neighbouring class on the cycle; a jump keeps both.
pub const PARITY_CLASSES: [Bitboard; 4] = [
    0x0055_0055_0055_0055, // even file, even rank
    0x00AA_00AA_00AA_00AA, // odd file, even rank
    0xAA00_AA00_AA00_AA00, // odd file, odd rank
    0x5500_5500_5500_5500, // even file, odd rank
];

/// The fewest parity changes (steps) that carry pieces standing on `from` to the squares `to`
/// (as many), counting classes only: a transport on the class cycle, whose cost is the sum of
/// `|prefix - x|` over the cycle's edges, least at a median `x` of the prefix sums (for four
/// sorted sums, the top two less the bottom two).
#[inline]
pub fn parity_steps(from: Bitboard, to: Bitboard) -> u32 {
    let mut p = [0i32; 4];
    let mut running = 0;
    for (i, &class) in PARITY_CLASSES.iter().enumerate() {
        running += (from & class).count_ones() as i32 - (to & class).count_ones() as i32;
        p[i] = running;
    }
    let (low01, high01) = (p[0].min(p[1]), p[0].max(p[1]));
    let (low23, high23) = (p[2].min(p[3]), p[2].max(p[3]));
    // The largest and smallest of four, and the two in the middle.
    let (top, bottom) = (high01.max(high23), low01.min(low23));
    let middle = high01.min(high23) - low01.max(low23);
    (top - bottom + middle.abs()) as u32
}

/// Files a to f: the squares a jump to the east may start from.
const FILES_A_TO_F: Bitboard = block((0, 5), (0, 7));
/// Files c to h: the squares a jump to the west may start from.
const FILES_C_TO_H: Bitboard = block((2, 7), (0, 7));

/// The squares one step (up, down, left or right) from each square.
pub const STEPS: [Bitboard; 64] = {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (file_of(sq), rank_of(sq));
        if file > 0 {
            table[sq as usize] |= bit(sq - 1);
        }
        if file < 7 {
            table[sq as usize] |= bit(sq + 1);
        }
        if rank > 0 {
            table[sq as usize] |= bit(sq - 8);
        }
        if rank < 7 {
            table[sq as usize] |= bit(sq + 8);
        }
        sq += 1;
    }
    table
};

/// The jump graph of one board: for each of the four directions, the squares from which a
/// single jump in that direction is possible (an occupied square next to them, an empty one
/// behind it).
///
/// Every piece's jump destinations are found by flood fill over this graph, set-wise, so
/// chains are never enumerated. The moving piece's own square never lies between two squares
/// of its chains (a jump keeps both the file's and the rank's parity, so a chain only visits
/// squares of its start's parity class, and the squares jumped over are of other classes):
/// the graph of the board as it stands is the graph of every move.
#[derive(Clone, Copy, Debug)]
pub struct JumpGraph {
    east: Bitboard,
    west: Bitboard,
    north: Bitboard,
    south: Bitboard,
}

impl JumpGraph {
    /// The jump graph of a board whose occupied squares are `occupied`.
    #[inline(always)]
    pub const fn new(occupied: Bitboard) -> JumpGraph {
        let empty = !occupied;
        JumpGraph {
            east: (occupied >> 1) & (empty >> 2) & FILES_A_TO_F,
            west: (occupied << 1) & (empty << 2) & FILES_C_TO_H,
            north: (occupied >> 8) & (empty >> 16),
            south: (occupied << 8) & (empty << 16),
        }
    }

    /// The squares from which a single jump north or west is possible: White's forward
    /// directions (its target is the a8 corner).
    #[inline(always)]
    pub const fn forward_sources(&self) -> Bitboard {
        self.north | self.west
    }

    /// The squares one jump away from any square of `from`.
    #[inline(always)]
    pub const fn landings(&self, from: Bitboard) -> Bitboard {
        ((from & self.east) << 2)
            | ((from & self.west) >> 2)
            | ((from & self.north) << 16)
            | ((from & self.south) >> 16)
    }

    /// Every square a chain of one or more jumps from `from` can end on (never `from` itself).
    #[inline(always)]
    pub const fn reach(&self, from: Square) -> Bitboard {
        let start = bit(from);
        let mut reached = start;
        let mut frontier = start;
        loop {
            let next = self.landings(frontier) & !reached;
            if next == 0 {
                return reached ^ start;
            }
            reached |= next;
            frontier = next;
        }
    }

    /// One shortest chain of single jumps from `from` to `to`, both included, or `None` when
    /// no chain reaches `to`.
    pub fn chain(&self, from: Square, to: Square) -> Option<Vec<Square>> {
        // Breadth-first layers: layers[k] holds the squares first reached after k jumps.
        let mut layers = vec![bit(from)];
        let mut reached = bit(from);
        while reached & bit(to) == 0 {
            let next = self.landings(*layers.last()?) & !reached;
            if next == 0 {
                return None;
            }
            reached |= next;
            layers.push(next);
        }
        let mut path = vec![to];
        let mut current = to;
        for &layer in layers.iter().rev().skip(1) {
            current = squares(layer).find(|&s| self.landings(bit(s)) & bit(current) != 0)?;
            path.push(current);
        }
        path.reverse();
        Some(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        parse_square(name).unwrap()
    }

    #[test]
    fn square_names_round_trip() {
        for s in 0..64 {
            assert_eq!(parse_square(&square_name(s)), Some(s));
        }
        assert_eq!(sq("e3"), 20);
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("e9"), None);
        assert_eq!(parse_square("e"), None);
    }

    #[test]
    fn steps_stay_on_the_board() {
        assert_eq!(STEPS[sq("a1") as usize], bit(sq("a2")) | bit(sq("b1")));
        assert_eq!(STEPS[sq("h8") as usize], bit(sq("h7")) | bit(sq("g8")));
        assert_eq!(STEPS[sq("e4") as usize].count_ones(), 4);
        for s in 0..64 {
            assert_eq!(RINGS[s as usize][1], STEPS[s as usize]);
            assert_eq!(RINGS[s as usize].iter().fold(0, |all, ring| all | ring), !0);
        }
        assert_eq!(distance(sq("a1"), sq("h8")), 14);
        assert_eq!(RINGS[sq("a1") as usize][14], bit(sq("h8")));
    }

    #[test]
    fn parity_steps_count_class_changes() {
        let b = |names: &[&str]| names.iter().fold(0, |b, n| b | bit(sq(n)));
        assert_eq!(PARITY_CLASSES.iter().fold(0, |all, c| all | c), !0);
        // a1 -> a2 one step; a1 -> b2 two; a1 -> c3 none (a jump away); swaps cancel.
        assert_eq!(parity_steps(b(&["a1"]), b(&["a2"])), 1);
        assert_eq!(parity_steps(b(&["a1"]), b(&["b2"])), 2);
        assert_eq!(parity_steps(b(&["a1"]), b(&["c3"])), 0);
        assert_eq!(parity_steps(b(&["a1", "b2"]), b(&["b1", "a2"])), 2);
        assert_eq!(parity_steps(b(&["a1", "b1"]), b(&["b2", "a2"])), 2);
        // Against the transport's definition: the least sum of |prefix - x| over every x.
        let mut rng = ladya_core::rng::Rng::new(0x5DEE_CE66_D1CE_4E5B);
        for _ in 0..2000 {
            let seed = rng.next_u64();
            let from = seed & 0x0F0F_0F0F_F0F0_F0F0;
            let mut to = seed.rotate_left(23);
            while to.count_ones() > from.count_ones() {
                to &= to - 1;
            }
            let from = squares(from).take(to.count_ones() as usize).fold(0, |b, s| b | bit(s));
            let mut prefix = [0i32; 4];
            let mut running = 0;
            for (i, class) in PARITY_CLASSES.iter().enumerate() {
                running += (from & class).count_ones() as i32 - (to & class).count_ones() as i32;
                prefix[i] = running;
            }
            let best = (-64..=64).map(|x| prefix.iter().map(|p| p.abs_diff(x)).sum::<u32>()).min();
            assert_eq!(Some(parity_steps(from, to)), best);
        }
    }

    #[test]
    fn jumps_never_wrap_around_the_board() {
        // h1 and a2 are neighbours in bit order, not on the board.
        let occupied = bit(sq("h1")) | bit(sq("a2")) | bit(sq("g1"));
        let graph = JumpGraph::new(occupied);
        assert_eq!(graph.reach(sq("g1")), 0);
        assert_eq!(graph.reach(sq("h1")), bit(sq("f1")));
        let graph = JumpGraph::new(bit(sq("a2")) | bit(sq("b2")));
        assert_eq!(graph.reach(sq("a2")), bit(sq("c2")));
        assert_eq!(graph.reach(sq("b2")), 0);
    }

    #[test]
    fn chains_are_shortest_and_legal() {
        // e3 jumps e4 to e5, then f5 to g5; or d3 to c3 ... a chain of two is shortest.
        let occupied = [sq("e3"), sq("e4"), sq("f5"), sq("d3")].iter().fold(0, |b, &s| b | bit(s));
        let graph = JumpGraph::new(occupied);
        assert_eq!(graph.reach(sq("e3")), bit(sq("e5")) | bit(sq("g5")) | bit(sq("c3")));
        assert_eq!(graph.chain(sq("e3"), sq("g5")), Some(vec![sq("e3"), sq("e5"), sq("g5")]));
        assert_eq!(graph.chain(sq("e3"), sq("c3")), Some(vec![sq("e3"), sq("c3")]));
        assert_eq!(graph.chain(sq("e3"), sq("a8")), None);
    }
}
