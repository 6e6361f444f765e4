//! The chess move: 16 bits holding from, to and one of the six kinds of move of seed 000.

use std::fmt;

use ladya_core::MoveCode;

use crate::board::{Square, square_name};
use crate::piece::Kind;

/// A chess move packed as `from | to << 6 | flag << 12`.
///
/// The flag tells the kind of move: quiet, double pawn push, castling either way, capture,
/// en passant, promotion (four pieces) and promotion with capture (four pieces).
///
/// # Examples
///
/// ```
/// use ladya_chess::{Kind, MoveKind, Position};
///
/// let pos = Position::from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1")?;
/// let m = pos.parse_move("axb8=N")?;
/// assert_eq!(m.kind(), MoveKind::PromotionCapture(Kind::Knight));
/// assert!(m.is_capture() && !m.is_castling());
/// assert_eq!(m.promotion(), Some(Kind::Knight));
/// assert_eq!((m.from(), m.to()), (48, 57)); // a7, b8
/// assert_eq!(m.to_string(), "a7b8n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

/// What a move does beyond carrying a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A move to an empty square (including single pawn pushes).
    Quiet,
    /// A pawn advancing two squares.
    DoublePush,
    /// Castling on the king's side (`O-O`).
    CastleKing,
    /// Castling on the queen's side (`O-O-O`).
    CastleQueen,
    /// A capture on the target square.
    Capture,
    /// A pawn capturing en passant.
    EnPassant,
    /// A pawn promoting on an empty square.
    Promotion(Kind),
    /// A pawn promoting with a capture.
    PromotionCapture(Kind),
}

pub(crate) const QUIET: u16 = 0;
pub(crate) const DOUBLE_PUSH: u16 = 1;
pub(crate) const CASTLE_KING: u16 = 2;
pub(crate) const CASTLE_QUEEN: u16 = 3;
pub(crate) const CAPTURE: u16 = 4;
pub(crate) const EN_PASSANT: u16 = 5;
/// Promotion flags are `PROMOTION | (kind - 1)`, plus `CAPTURE` for a capturing one.
pub(crate) const PROMOTION: u16 = 8;

impl Move {
    /// The "no move" value (a1a1), never legal.
    pub const NONE: Move = Move(0);

    /// A move with a raw flag (one of this module's flag constants).
    #[inline(always)]
    pub(crate) const fn with_flag(from: Square, to: Square, flag: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | flag << 12)
    }

    /// The square the moving piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// The square the moving piece reaches (the king's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }

    #[inline(always)]
    pub(crate) const fn flag(self) -> u16 {
        self.0 >> 12
    }

    /// The kind of move.
    pub const fn kind(self) -> MoveKind {
        match self.flag() {
            QUIET => MoveKind::Quiet,
            DOUBLE_PUSH => MoveKind::DoublePush,
            CASTLE_KING => MoveKind::CastleKing,
            CASTLE_QUEEN => MoveKind::CastleQueen,
            CAPTURE => MoveKind::Capture,
            EN_PASSANT => MoveKind::EnPassant,
            f if f & CAPTURE != 0 => MoveKind::PromotionCapture(Kind::from_index(((f & 3) + 1) as u8)),
            f => MoveKind::Promotion(Kind::from_index(((f & 3) + 1) as u8)),
        }
    }

    /// Whether the move captures (en passant included).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.flag() & CAPTURE != 0
    }

    /// The piece a pawn promotes to, if the move is a promotion.
    #[inline(always)]
    pub const fn promotion(self) -> Option<Kind> {
        if self.flag() & PROMOTION != 0 { Some(Kind::from_index(((self.flag() & 3) + 1) as u8)) } else { None }
    }

    /// Whether the move is castling.
    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        matches!(self.flag(), CASTLE_KING | CASTLE_QUEEN)
    }

    /// Whether the move changes only its own piece's square and, if it takes, the piece on its
    /// target square: not castling, en passant or a promotion.
    #[inline(always)]
    pub(crate) const fn is_plain(self) -> bool {
        !matches!(self.flag(), CASTLE_KING | CASTLE_QUEEN | EN_PASSANT) && self.flag() & PROMOTION == 0
    }
}

impl MoveCode for Move {
    #[inline(always)]
    fn code(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// The UCI form: `e2e4`, `e7e8q`, `e1g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", square_name(self.from()), square_name(self.to()))?;
        if let Some(k) = self.promotion() {
            write!(f, "{}", k.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}({:?})", self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_square;

    #[test]
    fn fields_and_kinds_round_trip() {
        let e7 = parse_square("e7").unwrap();
        let d8 = parse_square("d8").unwrap();
        let m = Move::with_flag(e7, d8, PROMOTION | CAPTURE);
        assert_eq!((m.from(), m.to()), (e7, d8));
        assert_eq!(m.kind(), MoveKind::PromotionCapture(Kind::Knight));
        assert!(m.is_capture());
        assert_eq!(m.to_string(), "e7d8n");
        let q = Move::with_flag(e7, parse_square("e8").unwrap(), PROMOTION | 3);
        assert_eq!((q.kind(), q.is_capture()), (MoveKind::Promotion(Kind::Queen), false));
        assert_eq!(Move::with_flag(4, 6, CASTLE_KING).kind(), MoveKind::CastleKing);
        assert_eq!(Move::with_flag(12, 28, DOUBLE_PUSH).to_string(), "e2e4");
        assert!(Move::with_flag(36, 43, EN_PASSANT).is_capture());
    }
}
