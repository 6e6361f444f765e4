//! The integers inference works in: the scales of the two layers and the widest hidden layer,
//! which both the file format and the kernels ([`crate::simd`]) are bounded by.

/// The scale of the hidden layer: a float 1.0 is the integer `QA`, and the clipped
/// activation runs from 0 to `QA`.
pub const QA: i32 = 255;

/// The scale of the output weights: a float 1.0 is the integer `QB`.
pub const QB: i32 = 64;

/// The widest hidden layer a file may have: wider ones could overflow the output's 32-bit
/// sums.
pub const MAX_HIDDEN: usize = 512;
