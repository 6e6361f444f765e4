//! Piece kinds and coloured pieces.

use ladya_core::Side;

/// A kind of xiangqi piece, in the order of the position's bitboard array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// The general (帥/將), FEN and WXF letter `K`.
    General = 0,
    /// The advisor (仕/士), `A`.
    Advisor = 1,
    /// The elephant (相/象), FEN `B` (also read `E`), WXF `E`.
    Elephant = 2,
    /// The horse (傌/馬), FEN `N` (also read `H`), WXF `H`.
    Horse = 3,
    /// The chariot or rook (俥/車), `R`.
    Rook = 4,
    /// The cannon (炮/砲), `C`.
    Cannon = 5,
    /// The soldier (兵/卒), `P`.
    Soldier = 6,
}

impl Kind {
    /// All kinds, general first.
    pub const ALL: [Kind; 7] =
        [Kind::General, Kind::Advisor, Kind::Elephant, Kind::Horse, Kind::Rook, Kind::Cannon, Kind::Soldier];

    /// The most pieces of this kind a side can have.
    pub const fn max_count(self) -> u32 {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }

    /// The upper-case FEN letter (`K A B N R C P`).
    pub const fn fen_letter(self) -> char {
        ['K', 'A', 'B', 'N', 'R', 'C', 'P'][self as usize]
    }

    /// The WXF letter (`K A E H R C P`).
    pub const fn wxf_letter(self) -> char {
        ['K', 'A', 'E', 'H', 'R', 'C', 'P'][self as usize]
    }

    /// The kind a FEN or WXF letter of either case names (`E` and `B` are elephants, `H` and
    /// `N` horses).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Kind;
    ///
    /// assert_eq!(Kind::from_letter('h'), Some(Kind::Horse));
    /// assert_eq!(Kind::from_letter('N'), Some(Kind::Horse));
    /// assert_eq!((Kind::Elephant.fen_letter(), Kind::Elephant.wxf_letter()), ('B', 'E'));
    /// ```
    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' => Some(Kind::General),
            'A' => Some(Kind::Advisor),
            'B' | 'E' => Some(Kind::Elephant),
            'N' | 'H' => Some(Kind::Horse),
            'R' => Some(Kind::Rook),
            'C' => Some(Kind::Cannon),
            'P' => Some(Kind::Soldier),
            _ => None,
        }
    }

    /// The kind's name in English, lower case.
    pub const fn name(self) -> &'static str {
        ["general", "advisor", "elephant", "horse", "rook", "cannon", "soldier"][self as usize]
    }
}

/// The name of a side in xiangqi: Red moves first (it plays as [`Side::White`]).
///
/// # Examples
///
/// ```
/// use ladya_xiangqi::{Side, side_name};
///
/// assert_eq!(side_name(Side::White), "Red");
/// ```
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "Red",
        Side::Black => "Black",
    }
}

/// A piece of one side, packed as `kind | side << 3`; [`Piece::NONE`] marks an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// No piece: the content of an empty square.
    pub const NONE: Piece = Piece(0x0F);

    /// The piece of `side` and `kind`.
    #[inline(always)]
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece(kind as u8 | (side as u8) << 3)
    }

    /// Whether this is [`Piece::NONE`].
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == Piece::NONE.0
    }

    /// The kind of a real piece; [`Piece::NONE`] answers [`Kind::General`], which no caller
    /// should take for a piece: test [`Piece::is_none`] first.
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        const BY_CODE: [Kind; 8] = [
            Kind::General,
            Kind::Advisor,
            Kind::Elephant,
            Kind::Horse,
            Kind::Rook,
            Kind::Cannon,
            Kind::Soldier,
            Kind::General,
        ];
        BY_CODE[(self.0 & 7) as usize]
    }

    /// The side of a real piece.
    #[inline(always)]
    pub const fn side(self) -> Side {
        if self.0 & 8 == 0 { Side::White } else { Side::Black }
    }

    /// An index `0..14` of a real piece (kind + 7 * side), for per-piece tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 7) as usize + 7 * (self.0 >> 3) as usize
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub fn fen_letter(self) -> char {
        let c = self.kind().fen_letter();
        if self.side() == Side::White { c } else { c.to_ascii_lowercase() }
    }

    /// The piece a FEN letter names (`E`/`e` and `H`/`h` are read as elephant and horse).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{Kind, Piece, Side};
    ///
    /// let piece = Piece::from_fen_letter('c').unwrap();
    /// assert_eq!((piece.side(), piece.kind()), (Side::Black, Kind::Cannon));
    /// assert_eq!(Piece::from_fen_letter('x'), None);
    /// ```
    pub fn from_fen_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
        Kind::from_letter(c).map(|k| Piece::new(side, k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_pack_and_name() {
        let p = Piece::new(Side::Black, Kind::Cannon);
        assert_eq!((p.side(), p.kind(), p.index()), (Side::Black, Kind::Cannon, 12));
        assert_eq!(p.fen_letter(), 'c');
        assert_eq!(Piece::from_fen_letter('H'), Some(Piece::new(Side::White, Kind::Horse)));
        assert_eq!(Piece::from_fen_letter('e'), Some(Piece::new(Side::Black, Kind::Elephant)));
        assert_eq!(Piece::from_fen_letter('x'), None);
        assert!(Piece::NONE.is_none() && !p.is_none());
        assert_eq!((Kind::Elephant.fen_letter(), Kind::Elephant.wxf_letter()), ('B', 'E'));
    }
}
