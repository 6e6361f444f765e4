//! The two players.

/// One of the two players. Xiangqi's Red plays as [`Side::White`]; it moves first in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first (chess and ugolki White, xiangqi Red).
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Side;
    ///
    /// assert_eq!(Side::White.opponent(), Side::Black);
    /// assert_eq!(Side::Black.opponent().opponent(), Side::Black);
    /// ```
    #[inline(always)]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Side;
    ///
    /// let mut pieces = [0; 2];
    /// pieces[Side::Black.index()] += 1;
    /// assert_eq!(pieces, [0, 1]);
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_is_the_other_s_opponent() {
        for side in Side::BOTH {
            assert_ne!(side.opponent(), side);
            assert_eq!(side.opponent().opponent(), side);
        }
        assert_eq!(Side::BOTH.map(Side::index), [0, 1]);
    }
}
