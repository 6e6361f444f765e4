//! The ugolki move: a start and an end square, or the pass.

use std::fmt;

use ladya_core::MoveCode;

use crate::board::{STEPS, Square, bit, square_name};

/// A move packed as `from | to << 6`, or the pass.
///
/// A move is identified by its start and end square alone (every chain of jumps between the
/// same two squares is the same move), so nothing else is stored. A real move never has
/// `from == to`; the two values with `from == to == a1` are [`Move::NONE`] ("no move", the
/// default) and [`Move::PASS`].
///
/// # Examples
///
/// ```
/// use ladya_ugolki::{Move, parse_square};
///
/// let square = |name| parse_square(name).unwrap();
/// let step = Move::new(square("e3"), square("e4"));
/// assert!(step.is_step() && !step.is_jump());
/// let jump = Move::new(square("e2"), square("e4"));
/// assert!(jump.is_jump());
/// assert_eq!((jump.from(), jump.to(), jump.to_string()), (12, 28, "e2e4".to_string()));
/// assert!(Move::PASS.is_pass() && !Move::PASS.is_jump());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// "No move": the default value, never legal.
    pub const NONE: Move = Move(0);
    /// The pass, the only legal move of a side that is blocked while the game goes on.
    pub const PASS: Move = Move(1 << 12);

    /// The move of the piece on `from` to `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6)
    }

    /// The square the piece leaves (a1 for the pass).
    #[inline(always)]
    pub const fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// The square the piece reaches (a1 for the pass).
    #[inline(always)]
    pub const fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }

    /// Whether this is the pass.
    #[inline(always)]
    pub const fn is_pass(self) -> bool {
        self.0 == Move::PASS.0
    }

    /// Whether this is a step (to a neighbouring square); otherwise a real move is a jump chain.
    #[inline(always)]
    pub const fn is_step(self) -> bool {
        STEPS[self.from() as usize] & bit(self.to()) != 0
    }

    /// Whether this is a chain of jumps: a real move that is not a step.
    #[inline(always)]
    pub const fn is_jump(self) -> bool {
        self.from() != self.to() && !self.is_step()
    }
}

impl MoveCode for Move {
    #[inline(always)]
    fn code(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// The engine-protocol form: `e3e5`, or `0000` for the pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from() == self.to() {
            f.write_str("0000")
        } else {
            write!(f, "{}{}", square_name(self.from()), square_name(self.to()))
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::NONE => f.write_str("none"),
            Move::PASS => f.write_str("pass"),
            m => write!(f, "{m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_square;

    #[test]
    fn fields_kinds_and_codes() {
        let (e3, e4, e5) = (parse_square("e3").unwrap(), parse_square("e4").unwrap(), parse_square("e5").unwrap());
        let step = Move::new(e3, e4);
        let jump = Move::new(e3, e5);
        assert_eq!((jump.from(), jump.to()), (e3, e5));
        assert!(step.is_step() && !step.is_jump() && !step.is_pass());
        assert!(jump.is_jump() && !jump.is_step());
        assert!(Move::PASS.is_pass() && !Move::PASS.is_jump() && !Move::PASS.is_step());
        assert!(!Move::NONE.is_pass() && !Move::NONE.is_jump());
        assert_eq!(Move::default(), Move::NONE);
        assert_ne!(Move::PASS.code(), Move::NONE.code());
        assert_eq!((jump.to_string(), Move::PASS.to_string()), ("e3e5".to_string(), "0000".to_string()));
        assert_eq!(format!("{:?} {:?} {:?}", Move::NONE, Move::PASS, step), "none pass e3e4");
        // Every real move has its own code, different from both special values.
        let mut codes: Vec<u16> = (0..64)
            .flat_map(|a| (0..64).map(move |b| (a, b)))
            .filter(|(a, b)| a != b)
            .map(|(a, b)| Move::new(a, b).code())
            .collect();
        codes.extend([Move::NONE.code(), Move::PASS.code()]);
        let n = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), n);
    }
}
