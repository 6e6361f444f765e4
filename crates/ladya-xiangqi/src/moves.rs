//! The xiangqi move: a from square and a to square in 14 bits.

use std::fmt;

use ladya_core::MoveCode;

use crate::board::{Square, file_of, rank_of, square_name};

/// A move packed as `from | to << 7`. Xiangqi moves need nothing more: no promotions, no
/// castling, and a capture is told by the board.
///
/// # Examples
///
/// ```
/// use ladya_xiangqi::Move;
/// use ladya_xiangqi::board::square_at;
///
/// let m = Move::new(square_at(7, 2), square_at(4, 2));
/// assert_eq!((m.from(), m.to()), (25, 22));
/// assert_eq!(m.to_string(), "h2e2"); // ICCS
/// assert_eq!(m.uci(), "h3e3"); // Fairy-Stockfish
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The "no move" value (a0a0), never legal; also marks a null move in the history.
    pub const NONE: Move = Move(0);

    /// The move from `from` to `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 7)
    }

    /// The square the moving piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 127) as Square
    }

    /// The square the moving piece reaches.
    #[inline(always)]
    pub const fn to(self) -> Square {
        (self.0 >> 7) as Square
    }

    /// The move in the UCI form of Fairy-Stockfish, ranks numbered 1-10 (`h3e3` for ICCS
    /// `h2e2`, `a10a9` for `a9a8`).
    pub fn uci(self) -> String {
        let name = |s: Square| format!("{}{}", (b'a' + file_of(s)) as char, rank_of(s) + 1);
        format!("{}{}", name(self.from()), name(self.to()))
    }
}

impl MoveCode for Move {
    #[inline(always)]
    fn code(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// The ICCS coordinate form, ranks 0-9: `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", square_name(self.from()), square_name(self.to()))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square_at;

    #[test]
    fn fields_and_forms() {
        let m = Move::new(square_at(7, 2), square_at(4, 2));
        assert_eq!((m.from(), m.to()), (25, 22));
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!(m.uci(), "h3e3");
        assert_eq!(Move::new(square_at(0, 9), square_at(0, 8)).uci(), "a10a9");
        assert_eq!(Move::new(89, 0).from(), 89);
        assert_eq!(Move::new(89, 0).to(), 0);
    }
}
