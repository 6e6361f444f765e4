//! Piece kinds and coloured pieces.

use ladya_core::Side;

/// A kind of chess piece, in the order of the position's bitboard array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Kind {
    /// All kinds, pawn first.
    pub const ALL: [Kind; 6] = [Kind::Pawn, Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen, Kind::King];

    /// The kind with index `i` (`0..6`); beyond that, counted from pawn again (`6` is a pawn).
    #[inline(always)]
    pub const fn from_index(i: u8) -> Kind {
        Kind::ALL[(i % 6) as usize]
    }

    /// The upper-case letter of the kind (`P N B R Q K`).
    pub const fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self as usize]
    }

    /// The kind for a letter of either case.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Kind;
    ///
    /// assert_eq!(Kind::from_letter('n'), Some(Kind::Knight));
    /// assert_eq!(Kind::from_letter('X'), None);
    /// ```
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c.to_ascii_uppercase())
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

    /// The kind of a real piece; [`Piece::NONE`] answers [`Kind::King`], which no caller should
    /// take for a piece: test [`Piece::is_none`] first.
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        const BY_CODE: [Kind; 8] =
            [Kind::Pawn, Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen, Kind::King, Kind::King, Kind::King];
        BY_CODE[(self.0 & 7) as usize]
    }

    /// The side of a real piece.
    #[inline(always)]
    pub const fn side(self) -> Side {
        if self.0 & 8 == 0 { Side::White } else { Side::Black }
    }

    /// An index `0..12` of a real piece (kind + 6 * side), for per-piece tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 7) as usize + 6 * (self.0 >> 3) as usize
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn fen_letter(self) -> char {
        let c = self.kind().letter();
        if self.side() == Side::White { c } else { c.to_ascii_lowercase() }
    }

    /// The piece a FEN letter names.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{Kind, Piece, Side};
    ///
    /// let piece = Piece::from_fen_letter('q').unwrap();
    /// assert_eq!((piece.side(), piece.kind()), (Side::Black, Kind::Queen));
    /// assert_eq!(piece.fen_letter(), 'q');
    /// assert_eq!(Piece::from_fen_letter('?'), None);
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
        let p = Piece::new(Side::Black, Kind::Queen);
        assert_eq!((p.side(), p.kind(), p.index()), (Side::Black, Kind::Queen, 10));
        assert_eq!(p.fen_letter(), 'q');
        assert_eq!(Piece::from_fen_letter('N'), Some(Piece::new(Side::White, Kind::Knight)));
        assert_eq!(Piece::from_fen_letter('x'), None);
        assert!(Piece::NONE.is_none() && !p.is_none());
    }
}
