//! Squares, bitboards and the move tables of xiangqi, built at compile time.
//!
//! The board has 9 files (a-i, 0-8, from Red's left) and 10 ranks (0-9, from Red's side), as
//! in ICCS coordinates. A square is `rank * 9 + file`, so a0 = 0, i0 = 8, a1 = 9, ..., i9 = 89;
//! a bitboard is a `u128` with bit `s` set for square `s` (bits 90-127 are always clear).
//! Red's half is ranks 0-4; the river lies between ranks 4 and 5.

use ladya_core::Side;

/// A square index, `rank * 9 + file`: a0 = 0 ... i9 = 89.
pub type Square = u8;
/// A set of squares, bit `s` for square `s`.
pub type Bitboard = u128;

/// The number of squares.
pub const SQUARES: usize = 90;
/// Marks "no square" in tables (a leg or eye that would be off the board).
pub(crate) const NO_SQUARE: Square = 0xFF;

/// The bitboard holding only `square`: outside [`BOARD`] for a square off the board, empty
/// from 128 on.
#[inline(always)]
pub const fn bit(square: Square) -> Bitboard {
    match 1u128.checked_shl(square as u32) {
        Some(b) => b,
        None => 0,
    }
}

/// File of a square, 0 (a) to 8 (i).
#[inline(always)]
pub const fn file_of(square: Square) -> u8 {
    square % 9
}

/// Rank of a square, 0 (Red's back rank) to 9 (Black's back rank).
#[inline(always)]
pub const fn rank_of(square: Square) -> u8 {
    square / 9
}

/// The square on `file` (0-8) and `rank` (0-9); beyond those the result is off the board or
/// meaningless, but no panic.
#[inline(always)]
pub const fn square_at(file: u8, rank: u8) -> Square {
    rank.wrapping_mul(9).wrapping_add(file)
}

/// The lowest square of a non-empty bitboard.
#[inline(always)]
pub const fn lowest(b: Bitboard) -> Square {
    b.trailing_zeros() as Square
}

/// Iterates the squares of a bitboard, lowest first.
#[inline(always)]
pub fn squares(mut b: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let s = lowest(b);
            b &= b - 1;
            Some(s)
        }
    })
}

/// The name of a square in ICCS coordinates, `a0` ... `i9`.
pub fn square_name(square: Square) -> String {
    let file = (b'a' + file_of(square)) as char;
    format!("{file}{}", rank_of(square))
}

/// Every square of the board.
pub const BOARD: Bitboard = (1u128 << SQUARES) - 1;
/// The a-file.
pub const FILE_A: Bitboard = {
    let mut b = 0;
    let mut rank = 0;
    while rank < 10 {
        b |= bit(square_at(0, rank));
        rank += 1;
    }
    b
};
/// The i-file.
pub const FILE_I: Bitboard = FILE_A << 8;
/// Red's half of the board, ranks 0-4; Black's half is the rest.
pub const RED_HALF: Bitboard = (1u128 << 45) - 1;

/// Each side's own half of the board, indexed by [`Side::index`].
pub const HOME_HALF: [Bitboard; 2] = [RED_HALF, BOARD ^ RED_HALF];

const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 && rank >= 0 || rank >= 7 && rank <= 9)
}

const fn set_of(points: &[(u8, u8)], side: Side) -> Bitboard {
    let mut b = 0;
    let mut i = 0;
    while i < points.len() {
        let (file, rank) = points[i];
        let rank = if side.index() == 0 { rank } else { 9 - rank };
        b |= bit(square_at(file, rank));
        i += 1;
    }
    b
}

const PALACE_POINTS: [(u8, u8); 9] = [(3, 0), (4, 0), (5, 0), (3, 1), (4, 1), (5, 1), (3, 2), (4, 2), (5, 2)];
const ADVISOR_POINTS_RED: [(u8, u8); 5] = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
const ELEPHANT_POINTS_RED: [(u8, u8); 7] = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];

/// Each side's palace, where its general and advisors live.
pub const PALACE: [Bitboard; 2] = [set_of(&PALACE_POINTS, Side::White), set_of(&PALACE_POINTS, Side::Black)];
/// The five points of the palace an advisor can stand on, per side.
pub const ADVISOR_SQUARES: [Bitboard; 2] =
    [set_of(&ADVISOR_POINTS_RED, Side::White), set_of(&ADVISOR_POINTS_RED, Side::Black)];
/// The seven points of its own half an elephant can stand on, per side.
pub const ELEPHANT_SQUARES: [Bitboard; 2] =
    [set_of(&ELEPHANT_POINTS_RED, Side::White), set_of(&ELEPHANT_POINTS_RED, Side::Black)];
/// The squares a soldier can ever stand on, per side: its five start files on the two ranks
/// before the river, and anywhere across it.
pub const SOLDIER_SQUARES: [Bitboard; 2] = {
    let start_files = FILE_A | FILE_A << 2 | FILE_A << 4 | FILE_A << 6 | FILE_A << 8;
    let red_before_river = start_files & (0x1FF << 27 | 0x1FF << 36);
    let black_before_river = start_files & (0x1FF << 45 | 0x1FF << 54);
    [red_before_river | (BOARD ^ RED_HALF), black_before_river | RED_HALF]
};

/// The square `(df, dr)` away from `square`, if it is on the board.
const fn step(square: usize, df: i32, dr: i32) -> Option<Square> {
    let file = (square % 9) as i32 + df;
    let rank = (square / 9) as i32 + dr;
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 { Some((rank * 9 + file) as Square) } else { None }
}

/// The four orthogonal directions as (file, rank) steps: north (towards rank 9), east, south,
/// west. North and east go to higher square numbers.
const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The index of the north ray in [`RAYS`]; rays 0 and 1 go up the square numbers, 2 and 3 down.
pub(crate) const NORTH: usize = 0;
/// The index of the east ray in [`RAYS`].
pub(crate) const EAST: usize = 1;
/// The index of the south ray in [`RAYS`].
pub(crate) const SOUTH: usize = 2;
/// The index of the west ray in [`RAYS`].
pub(crate) const WEST: usize = 3;

/// The squares from each square to the edge in each orthogonal direction, indexed
/// `[direction][square]`.
pub(crate) static RAYS: [[Bitboard; SQUARES]; 4] = {
    let mut rays = [[0; SQUARES]; 4];
    let mut dir = 0;
    while dir < 4 {
        let mut s = 0;
        while s < SQUARES {
            let mut distance = 1;
            while let Some(t) = step(s, ORTHOGONAL[dir].0 * distance, ORTHOGONAL[dir].1 * distance) {
                rays[dir][s] |= bit(t);
                distance += 1;
            }
            s += 1;
        }
        dir += 1;
    }
    rays
};

/// General steps: one square orthogonally, staying in the palace.
pub(crate) static GENERAL_STEPS: [Bitboard; SQUARES] = {
    let mut table = [0; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        if in_palace((s % 9) as i32, (s / 9) as i32) {
            let mut i = 0;
            while i < 4 {
                let (df, dr) = ORTHOGONAL[i];
                if in_palace((s % 9) as i32 + df, (s / 9) as i32 + dr)
                    && let Some(t) = step(s, df, dr)
                {
                    table[s] |= bit(t);
                }
                i += 1;
            }
        }
        s += 1;
    }
    table
};

/// Advisor steps: one square diagonally, from one advisor point to another.
pub(crate) static ADVISOR_STEPS: [Bitboard; SQUARES] = {
    let points = ADVISOR_SQUARES[0] | ADVISOR_SQUARES[1];
    let mut table = [0; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        if points & bit(s as Square) != 0 {
            let mut i = 0;
            while i < 4 {
                if let Some(t) = step(s, DIAGONAL[i].0, DIAGONAL[i].1) {
                    table[s] |= bit(t) & points;
                }
                i += 1;
            }
        }
        s += 1;
    }
    table
};

/// Elephant eyes from each square, one per diagonal: the square between the elephant and
/// where it goes, which must be empty, or [`NO_SQUARE`] if that step would leave the board or
/// cross the river.
pub(crate) static ELEPHANT_EYES: [[Square; 4]; SQUARES] = elephant_steps().0;

/// The square an elephant reaches past each eye of [`ELEPHANT_EYES`], as a bitboard.
pub(crate) static ELEPHANT_TARGETS: [[Bitboard; 4]; SQUARES] = elephant_steps().1;

const fn elephant_steps() -> ([[Square; 4]; SQUARES], [[Bitboard; 4]; SQUARES]) {
    let mut eyes = [[NO_SQUARE; 4]; SQUARES];
    let mut targets = [[0; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAGONAL[i];
            if let (Some(eye), Some(to)) = (step(s, df, dr), step(s, 2 * df, 2 * dr))
                && (RED_HALF & bit(s as Square) == 0) == (RED_HALF & bit(to) == 0)
            {
                eyes[s][i] = eye;
                targets[s][i] = bit(to);
            }
            i += 1;
        }
        s += 1;
    }
    (eyes, targets)
}

/// Horse legs from each square: the orthogonal neighbour in each direction (which must be
/// empty for the horse to go that way), or [`NO_SQUARE`].
pub(crate) static HORSE_LEGS: [[Square; 4]; SQUARES] = {
    let mut table = [[NO_SQUARE; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < 4 {
            if let Some(leg) = step(s, ORTHOGONAL[i].0, ORTHOGONAL[i].1) {
                table[s][i] = leg;
            }
            i += 1;
        }
        s += 1;
    }
    table
};

/// The (up to two) squares a horse reaches from each square past each leg of [`HORSE_LEGS`].
pub(crate) static HORSE_TARGETS: [[Bitboard; 4]; SQUARES] = {
    let mut table = [[0; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = ORTHOGONAL[i];
            // Two steps along the leg's direction, one across it either way.
            if let Some(t) = step(s, 2 * df + dr, 2 * dr + df) {
                table[s][i] |= bit(t);
            }
            if let Some(t) = step(s, 2 * df - dr, 2 * dr - df) {
                table[s][i] |= bit(t);
            }
            i += 1;
        }
        s += 1;
    }
    table
};

/// For each square and each diagonal: the diagonal neighbour, which is the leg of both horses
/// that could reach the square across it, or [`NO_SQUARE`].
pub(crate) static HORSE_CHECK_LEGS: [[Square; 4]; SQUARES] = {
    let mut table = [[NO_SQUARE; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < 4 {
            if let Some(leg) = step(s, DIAGONAL[i].0, DIAGONAL[i].1) {
                table[s][i] = leg;
            }
            i += 1;
        }
        s += 1;
    }
    table
};

/// For each square and each diagonal: the squares from which a horse reaches the square with
/// its leg on the diagonal neighbour of [`HORSE_CHECK_LEGS`].
pub(crate) static HORSE_SOURCES: [[Bitboard; 4]; SQUARES] = {
    let mut table = [[0; 4]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAGONAL[i];
            if let Some(h) = step(s, df, 2 * dr) {
                table[s][i] |= bit(h);
            }
            if let Some(h) = step(s, 2 * df, dr) {
                table[s][i] |= bit(h);
            }
            i += 1;
        }
        s += 1;
    }
    table
};

/// Every square from which a horse could reach each square, legs aside: a quick test before
/// looking at the legs.
pub(crate) static HORSE_REACH: [Bitboard; SQUARES] = {
    let mut table = [0; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        table[s] = HORSE_SOURCES[s][0] | HORSE_SOURCES[s][1] | HORSE_SOURCES[s][2] | HORSE_SOURCES[s][3];
        s += 1;
    }
    table
};

/// For each square: every square a move must leave or reach to give check to a general there
/// (its rank and file, where rooks, cannons, screens, soldiers and the other general act, the
/// squares horses reach it from, and its diagonal neighbours, the legs of those horses).
pub(crate) static CHECK_SQUARES: [Bitboard; SQUARES] = {
    let mut table = [0; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        table[s] = RAYS[NORTH][s] | RAYS[EAST][s] | RAYS[SOUTH][s] | RAYS[WEST][s] | HORSE_REACH[s];
        let mut i = 0;
        while i < 4 {
            if HORSE_CHECK_LEGS[s][i] != NO_SQUARE {
                table[s] |= bit(HORSE_CHECK_LEGS[s][i]);
            }
            i += 1;
        }
        s += 1;
    }
    table
};

/// Soldier steps of each side from each square: forward, and sideways once across the river.
pub(crate) static SOLDIER_STEPS: [[Bitboard; SQUARES]; 2] = {
    let mut table = [[0; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let forward = if side == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < SQUARES {
            if let Some(t) = step(s, 0, forward) {
                table[side][s] |= bit(t);
            }
            let crossed = (RED_HALF & bit(s as Square) == 0) == (side == 0);
            if crossed {
                if let Some(t) = step(s, 1, 0) {
                    table[side][s] |= bit(t);
                }
                if let Some(t) = step(s, -1, 0) {
                    table[side][s] |= bit(t);
                }
            }
            s += 1;
        }
        side += 1;
    }
    table
};

/// The squares from which a soldier of each side attacks each square (the reverse of
/// [`SOLDIER_STEPS`]).
pub(crate) static SOLDIER_SOURCES: [[Bitboard; SQUARES]; 2] = {
    let mut table = [[0; SQUARES]; 2];
    let mut side = 0;
    while side < 2 {
        let mut from = 0;
        while from < SQUARES {
            let mut targets = SOLDIER_STEPS[side][from];
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                table[side][to] |= bit(from as Square);
                targets &= targets - 1;
            }
            from += 1;
        }
        side += 1;
    }
    table
};

/// The piece of `on_ray` (pieces on ray `dir` of some square) nearest that square, as a
/// bitboard (empty if the ray is clear).
#[inline(always)]
pub(crate) fn nearest(dir: usize, on_ray: Bitboard) -> Bitboard {
    if dir < 2 {
        on_ray & on_ray.wrapping_neg()
    } else {
        // The highest set bit; `| 1` keeps the shift in range for an empty set.
        (1u128 << (127 - (on_ray | 1).leading_zeros())) & on_ray
    }
}

/// What a slider sees along one line of `len` points (a rank has 9, a file 10) from point
/// `p`, the line's occupancy being `occupied` (bit `i` for point `i`): the points a rook
/// reaches (the empty ones up to and including the first piece each way) and the points a
/// cannon captures on (the second piece each way, over the first as its screen).
const fn line_view(p: usize, occupied: usize, len: usize) -> LineView {
    let mut view = LineView { slide: 0, jump: 0 };
    let mut dir = 0;
    while dir < 2 {
        let step = if dir == 0 { 1 } else { -1 };
        let mut i = p as i32 + step;
        let mut screened = false;
        while i >= 0 && i < len as i32 {
            let taken = occupied & (1 << i) != 0;
            if !screened {
                view.slide |= 1 << i;
                screened = taken;
            } else if taken {
                view.jump |= 1 << i;
                break;
            }
            i += step;
        }
        dir += 1;
    }
    view
}

/// The points of one line a rook and a cannon on it reach; see [`RANK_VIEWS`].
#[derive(Clone, Copy)]
pub(crate) struct LineView {
    /// Points a rook reaches (a cannon's quiet moves are those of them that are empty).
    pub(crate) slide: u16,
    /// Points a cannon captures on.
    pub(crate) jump: u16,
}

/// Slider views along a rank, indexed `[file][rank occupancy]` (9 bits, bit `f` for file `f`).
pub(crate) static RANK_VIEWS: [[LineView; 512]; 9] = {
    let mut table = [[LineView { slide: 0, jump: 0 }; 512]; 9];
    let mut p = 0;
    while p < 9 {
        let mut occupied = 0;
        while occupied < 512 {
            table[p][occupied] = line_view(p, occupied, 9);
            occupied += 1;
        }
        p += 1;
    }
    table
};

/// Slider views along a file, indexed `[rank][file occupancy]` (10 bits, bit `r` for rank `r`).
pub(crate) static FILE_VIEWS: [[LineView; 1024]; 10] = {
    let mut table = [[LineView { slide: 0, jump: 0 }; 1024]; 10];
    let mut p = 0;
    while p < 10 {
        let mut occupied = 0;
        while occupied < 1024 {
            table[p][occupied] = line_view(p, occupied, 10);
            occupied += 1;
        }
        p += 1;
    }
    table
};

/// The squares named by `rank_points` (files on the rank of `square`) and `file_points` (ranks
/// on its file), as a bitboard.
pub(crate) fn line_squares(square: Square, rank_points: u16, file_points: u16) -> Bitboard {
    let mut b = (rank_points as Bitboard) << (9 * rank_of(square));
    let mut ranks = file_points;
    while ranks != 0 {
        b |= bit(square_at(file_of(square), ranks.trailing_zeros() as u8));
        ranks &= ranks - 1;
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        square_at(b[0] - b'a', b[1] - b'0')
    }

    fn set(names: &[&str]) -> Bitboard {
        names.iter().fold(0, |b, n| b | bit(sq(n)))
    }

    #[test]
    fn squares_and_names() {
        assert_eq!((sq("a0"), sq("i0"), sq("a1"), sq("i9")), (0, 8, 9, 89));
        assert_eq!(square_name(sq("h2")), "h2");
        assert_eq!((file_of(sq("e7")), rank_of(sq("e7"))), (4, 7));
        assert_eq!(squares(set(&["c3", "a0"])).collect::<Vec<_>>(), vec![sq("a0"), sq("c3")]);
    }

    #[test]
    fn special_point_sets() {
        assert_eq!(ADVISOR_SQUARES[0], set(&["d0", "f0", "e1", "d2", "f2"]));
        assert_eq!(ADVISOR_SQUARES[1], set(&["d9", "f9", "e8", "d7", "f7"]));
        assert_eq!(ELEPHANT_SQUARES[1], set(&["c9", "g9", "a7", "e7", "i7", "c5", "g5"]));
        assert_eq!(PALACE[0].count_ones(), 9);
        assert!(PALACE[1] & bit(sq("f9")) != 0 && PALACE[1] & bit(sq("f6")) == 0);
        assert_eq!(SOLDIER_SQUARES[0].count_ones(), 5 + 5 + 45);
        assert!(SOLDIER_SQUARES[0] & bit(sq("c3")) != 0 && SOLDIER_SQUARES[0] & bit(sq("b4")) == 0);
        assert!(SOLDIER_SQUARES[1] & bit(sq("i6")) != 0 && SOLDIER_SQUARES[1] & bit(sq("h5")) == 0);
        assert!(SOLDIER_SQUARES[1] & bit(sq("b0")) != 0 && SOLDIER_SQUARES[1] & bit(sq("a7")) == 0);
    }

    #[test]
    fn leaper_tables() {
        assert_eq!(GENERAL_STEPS[sq("e0") as usize], set(&["d0", "f0", "e1"]));
        assert_eq!(GENERAL_STEPS[sq("d7") as usize], set(&["d8", "e7"]));
        assert_eq!(ADVISOR_STEPS[sq("e8") as usize], set(&["d9", "f9", "d7", "f7"]));
        let elephant: Bitboard = ELEPHANT_TARGETS[sq("c4") as usize].iter().fold(0, |b, t| b | t);
        assert_eq!(elephant, set(&["a2", "e2"]), "no crossing the river");
        assert_eq!(ELEPHANT_EYES[sq("c4") as usize].iter().filter(|&&e| e != NO_SQUARE).count(), 2);
        let horse: Bitboard = HORSE_TARGETS[sq("b0") as usize].iter().fold(0, |b, t| b | t);
        assert_eq!(horse, set(&["a2", "c2", "d1"]));
        assert_eq!(SOLDIER_STEPS[0][sq("e3") as usize], set(&["e4"]));
        assert_eq!(SOLDIER_STEPS[0][sq("e5") as usize], set(&["e6", "d5", "f5"]));
        assert_eq!(SOLDIER_STEPS[1][sq("a4") as usize], set(&["a3", "b4"]));
        assert_eq!(SOLDIER_SOURCES[0][sq("e6") as usize], set(&["e5", "d6", "f6"]));
    }

    #[test]
    fn horse_sources_match_horse_moves() {
        for s in 0..SQUARES {
            for i in 0..4 {
                for h in squares(HORSE_SOURCES[s][i]) {
                    let leg = HORSE_CHECK_LEGS[s][i];
                    let j = HORSE_LEGS[h as usize].iter().position(|&l| l == leg).unwrap();
                    assert!(HORSE_TARGETS[h as usize][j] & bit(s as Square) != 0);
                }
            }
        }
    }

    #[test]
    fn line_views_of_rooks_and_cannons() {
        // On a rank with pieces on files 1, 4 and 6, seen from file 4.
        let view = RANK_VIEWS[4][0b1_0101_0010];
        assert_eq!((view.slide, view.jump), (0b0110_1110, 1 << 8));
        // On a file with pieces on ranks 0, 3 and 9, seen from rank 0: the cannon jumps rank 3.
        let view = FILE_VIEWS[0][0b10_0000_1001];
        assert_eq!((view.slide, view.jump), (0b1110, 1 << 9));
        assert_eq!(RANK_VIEWS[0][1].slide, 0b1_1111_1110);
        assert_eq!(line_squares(sq("e2"), 0b1_0000_0001, 0b11), set(&["a2", "i2", "e0", "e1"]));
    }
}
