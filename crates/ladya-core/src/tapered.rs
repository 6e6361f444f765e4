//! [`Tapered`]: a middlegame and an endgame value, which an evaluation blends by the game's
//! phase (how much of the material that shapes the middlegame is still on the board).
//!
//! ```
//! use ladya_core::Tapered;
//!
//! let rook = Tapered::new(477, 512);
//! let two = rook * 2 - Tapered::new(0, 24);
//! assert_eq!((two.mg(), two.eg()), (954, 1000));
//! assert_eq!(two.taper(24, 24), 954); // all pieces on: the middlegame value
//! assert_eq!(two.taper(0, 24), 1000); // none left: the endgame value
//! assert_eq!(two.taper(12, 24), 977);
//! ```

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::Score;

/// A middlegame and an endgame value packed in one `i32` (`mg + eg * 2^16`), so that both
/// are added, subtracted and scaled by one integer operation. Each half must stay within
/// `i16`, which every sum the evaluation forms does by a wide margin.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Tapered(i32);

impl Tapered {
    /// Zero in both phases.
    pub const ZERO: Tapered = Tapered(0);

    /// The pair of a middlegame and an endgame value.
    #[inline(always)]
    pub const fn new(mg: Score, eg: Score) -> Tapered {
        Tapered(mg.wrapping_add(eg.wrapping_shl(16)))
    }

    /// The middlegame value.
    #[inline(always)]
    pub const fn mg(self) -> Score {
        self.0 as i16 as Score
    }

    /// The endgame value.
    #[inline(always)]
    pub const fn eg(self) -> Score {
        (self.0.wrapping_add(0x8000) >> 16) as i16 as Score
    }

    /// The sum of two pairs, usable in constants.
    #[inline(always)]
    pub const fn plus(self, other: Tapered) -> Tapered {
        Tapered(self.0.wrapping_add(other.0))
    }

    /// The negated pair, usable in constants.
    #[inline(always)]
    pub const fn negated(self) -> Tapered {
        Tapered(self.0.wrapping_neg())
    }

    /// Both values blended by `phase`, from `full` (the middlegame value: every piece that
    /// counts for the game's phase on the board) down to 0 (the endgame value).
    #[inline(always)]
    pub const fn taper(self, phase: Score, full: Score) -> Score {
        (self.mg() * phase + self.eg() * (full - phase)) / full
    }
}

impl fmt::Debug for Tapered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tapered({}, {})", self.mg(), self.eg())
    }
}

impl Add for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn add(self, other: Tapered) -> Tapered {
        self.plus(other)
    }
}

impl Sub for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn sub(self, other: Tapered) -> Tapered {
        Tapered(self.0.wrapping_sub(other.0))
    }
}

impl Neg for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn neg(self) -> Tapered {
        self.negated()
    }
}

impl Mul<Score> for Tapered {
    type Output = Tapered;
    #[inline(always)]
    fn mul(self, n: Score) -> Tapered {
        Tapered(self.0.wrapping_mul(n))
    }
}

impl AddAssign for Tapered {
    #[inline(always)]
    fn add_assign(&mut self, other: Tapered) {
        *self = *self + other;
    }
}

impl SubAssign for Tapered {
    #[inline(always)]
    fn sub_assign(&mut self, other: Tapered) {
        *self = *self - other;
    }
}
