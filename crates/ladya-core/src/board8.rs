//! The 8x8 board that chess and ugolki share: squares `0..64` with a1 = 0, b1 = 1, ..., h8 =
//! 63, and bitboards, a `u64` with bit `s` set for square `s`.
//!
//! ```
//! use ladya_core::board8::{bit, parse_square, square_name, squares};
//!
//! let e4 = parse_square("e4").unwrap();
//! assert_eq!(square_name(e4), "e4");
//! let b = bit(e4) | bit(parse_square("a1").unwrap());
//! assert_eq!(squares(b).map(square_name).collect::<Vec<_>>(), ["a1", "e4"]);
//! ```

/// A square index, a1 = 0 ... h8 = 63.
pub type Square = u8;
/// A set of squares, bit `s` for square `s`.
pub type Bitboard = u64;

/// The bitboard holding only `square`; empty for a square off the board (64 and beyond).
#[inline(always)]
pub const fn bit(square: Square) -> Bitboard {
    match 1u64.checked_shl(square as u32) {
        Some(b) => b,
        None => 0,
    }
}

/// File of a square, 0 (a) to 7 (h).
#[inline(always)]
pub const fn file_of(square: Square) -> u8 {
    square & 7
}

/// Rank of a square, 0 (first) to 7 (eighth).
#[inline(always)]
pub const fn rank_of(square: Square) -> u8 {
    square >> 3
}

/// The square on `file` and `rank` (both `0..8`; beyond that the result is off the board or
/// meaningless, but no panic).
#[inline(always)]
pub const fn square_at(file: u8, rank: u8) -> Square {
    rank.wrapping_mul(8).wrapping_add(file)
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

/// Whether the bitboard has more than one square.
#[inline(always)]
pub const fn more_than_one(b: Bitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// The name of a square, `a1` ... `h8`.
pub fn square_name(square: Square) -> String {
    let file = (b'a' + file_of(square)) as char;
    let rank = (b'1' + rank_of(square)) as char;
    format!("{file}{rank}")
}

/// Reads a square name such as `e4`.
pub fn parse_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(square_at(f - b'a', r - b'1')),
        _ => None,
    }
}
