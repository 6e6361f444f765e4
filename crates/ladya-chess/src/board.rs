//! The attack tables of chess, built at compile time, on the squares and bitboards of the 8x8
//! board that chess shares with ugolki ([`ladya_core::board8`], re-exported here). Leaper,
//! pawn and line tables are `const` items; slider attacks come from magic tables that the
//! build script writes.

use ladya_core::Side;
pub use ladya_core::board8::{
    Bitboard, Square, bit, file_of, lowest, more_than_one, parse_square, rank_of, square_at, square_name, squares,
};

/// Every square from `a` to `b` in index order, both included: on one rank, the squares from
/// one to the other. Squares beyond h8 count as h8, so a span that starts off the board is
/// empty.
#[inline(always)]
pub const fn span(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if lo > 63 {
        return 0;
    }
    let hi = if hi > 63 { 63 } else { hi };
    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
}

/// The files a and h, and ranks of interest.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << 7;
/// The first rank.
pub const RANK_1: Bitboard = 0xFF;
/// The third rank (White's double-push waypoint).
pub const RANK_3: Bitboard = RANK_1 << 16;
/// The sixth rank (Black's double-push waypoint).
pub const RANK_6: Bitboard = RANK_1 << 40;
/// The eighth rank.
pub const RANK_8: Bitboard = RANK_1 << 56;
/// The squares of one colour (a1 is dark).
pub const DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55;

/// Moves every square of `b` one rank towards the opponent of `side`.
#[inline(always)]
pub const fn forward(b: Bitboard, side: Side) -> Bitboard {
    match side {
        Side::White => b << 8,
        Side::Black => b >> 8,
    }
}

/// Squares attacked by pawns of `side` standing on `pawns`.
#[inline(always)]
pub const fn pawn_attacks_set(pawns: Bitboard, side: Side) -> Bitboard {
    let ahead = forward(pawns, side);
    ((ahead & !FILE_A) >> 1) | ((ahead & !FILE_H) << 1)
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// Knight attacks from each square.
pub static KNIGHT_ATTACKS: [Bitboard; 64] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);

/// King attacks from each square.
pub static KING_ATTACKS: [Bitboard; 64] =
    leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);

/// Squares a pawn of each side attacks from each square, indexed `[side][square]`.
pub static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// The unit step (file, rank) from `from` towards `to` when they share a rank, file or
/// diagonal, else `None`.
const fn line_direction(from: usize, to: usize) -> Option<(i8, i8)> {
    let (ff, fr) = ((from % 8) as i8, (from / 8) as i8);
    let (tf, tr) = ((to % 8) as i8, (to / 8) as i8);
    let (df, dr) = (tf - ff, tr - fr);
    if from == to {
        None
    } else if df == 0 || dr == 0 || df == dr || df == -dr {
        Some((df.signum(), dr.signum()))
    } else {
        None
    }
}

const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if let Some((df, dr)) = line_direction(a, b) {
                // Squares strictly between a and b.
                let (mut f, mut r) = ((a % 8) as i8 + df, (a / 8) as i8 + dr);
                while (r * 8 + f) as usize != b {
                    between[a][b] |= 1u64 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
                // The whole line through a and b, edge to edge.
                let (mut f, mut r) = ((a % 8) as i8, (a / 8) as i8);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    line[a][b] |= 1u64 << (r * 8 + f);
                    f -= df;
                    r -= dr;
                }
                let (mut f, mut r) = ((a % 8) as i8, (a / 8) as i8);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    line[a][b] |= 1u64 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINE_TABLES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = line_tables();

/// Squares strictly between two squares on a common rank, file or diagonal (else empty, as
/// for a square off the board).
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    square_pair(&LINE_TABLES.0, a, b)
}

/// The whole line through two squares on a common rank, file or diagonal (else empty, as for
/// a square off the board).
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    square_pair(&LINE_TABLES.1, a, b)
}

/// The entry of a per-pair table, empty for a square off the board.
#[inline(always)]
fn square_pair(table: &[[Bitboard; 64]; 64], a: Square, b: Square) -> Bitboard {
    match table.get(a as usize) {
        Some(row) if (b as usize) < 64 => row[b as usize],
        _ => 0,
    }
}

/// A magic-bitboard record: `offset + ((occupied & mask) * magic >> shift)` indexes
/// [`SLIDER_ATTACKS`].
pub(crate) struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    fn attacks(&self, occupied: Bitboard) -> Bitboard {
        let index = ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize;
        SLIDER_ATTACKS[self.offset + index]
    }
}

include!(concat!(env!("OUT_DIR"), "/magic_tables.rs"));

/// Squares a rook on `square` attacks through `occupied` (none from off the board).
#[inline(always)]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    match ROOK_MAGICS.get(square as usize) {
        Some(magic) => magic.attacks(occupied),
        None => 0,
    }
}

/// Squares a bishop on `square` attacks through `occupied` (none from off the board).
#[inline(always)]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    match BISHOP_MAGICS.get(square as usize) {
        Some(magic) => magic.attacks(occupied),
        None => 0,
    }
}

/// Squares a queen on `square` attacks through `occupied` (none from off the board).
#[inline(always)]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        parse_square(name).unwrap()
    }

    #[test]
    fn leapers_from_corners_and_centre() {
        assert_eq!(KNIGHT_ATTACKS[sq("a1") as usize], bit(sq("b3")) | bit(sq("c2")));
        assert_eq!(KNIGHT_ATTACKS[sq("d4") as usize].count_ones(), 8);
        assert_eq!(KING_ATTACKS[sq("h8") as usize].count_ones(), 3);
        assert_eq!(PAWN_ATTACKS[0][sq("a2") as usize], bit(sq("b3")));
        assert_eq!(PAWN_ATTACKS[1][sq("e7") as usize], bit(sq("d6")) | bit(sq("f6")));
        assert_eq!(pawn_attacks_set(bit(sq("h2")) | bit(sq("a7")), Side::White), bit(sq("g3")) | bit(sq("b8")));
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let occupied = bit(sq("d6")) | bit(sq("f4")) | bit(sq("b2"));
        let rook = rook_attacks(sq("d4"), occupied);
        assert_eq!(rook & FILE_A << 3, bit(sq("d1")) | bit(sq("d2")) | bit(sq("d3")) | bit(sq("d5")) | bit(sq("d6")));
        assert_eq!(rook.count_ones(), 3 + 2 + 3 + 2);
        let bishop = bishop_attacks(sq("d4"), occupied);
        assert!(bishop & bit(sq("b2")) != 0 && bishop & bit(sq("a1")) == 0);
        assert_eq!(bishop.count_ones(), 2 + 4 + 3 + 3);
        assert_eq!(queen_attacks(sq("a1"), 0).count_ones(), 21);
    }

    #[test]
    fn lines_and_betweens() {
        assert_eq!(between(sq("a1"), sq("d4")), bit(sq("b2")) | bit(sq("c3")));
        assert_eq!(between(sq("a1"), sq("b3")), 0);
        assert_eq!(line(sq("c3"), sq("e5")).count_ones(), 8);
        assert_eq!(line(sq("e1"), sq("e4")), FILE_A << 4);
        assert_eq!(square_name(sq("g7")), "g7");
        assert_eq!(span(sq("f1"), sq("c1")), RANK_1 & !FILE_A & !(FILE_A << 1) & !(FILE_H >> 1) & !FILE_H);
        assert_eq!(span(sq("h8"), sq("h8")), bit(sq("h8")));
        assert_eq!(parse_square("i1"), None);
    }
}
