//! Pseudo-random keys for Zobrist hashing, generated at compile time.

use crate::rng::Rng;

/// `N` distinct-looking 64-bit keys from `seed`: the first `N` numbers of [`Rng::new`]`(seed)`,
/// usable in `const` items.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut rng = Rng::new(seed);
    let mut i = 0;
    while i < N {
        out[i] = rng.next_u64();
        i += 1;
    }
    out
}

/// One key for up to six piece sets (each a bitboard, or a wider board folded to 64 bits),
/// each set weighted by its place in the list: the same sets in the same places give the
/// same key, and moving any piece of them changes it. More than six is refused when compiling.
///
/// ```
/// use ladya_core::zobrist::piece_sets_key;
///
/// assert_eq!(piece_sets_key([1, 2]), piece_sets_key([1, 2]));
/// assert_ne!(piece_sets_key([1, 2]), piece_sets_key([2, 1]));
/// ```
pub fn piece_sets_key<const N: usize>(sets: [u64; N]) -> u64 {
    const WEIGHTS: [u64; 6] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0x27D4_EB2F_1656_67C5,
        0xFF51_AFD7_ED55_8CCD,
        0xC4CE_B9FE_1A85_EC53,
    ];
    const { assert!(N <= WEIGHTS.len(), "a weight for each set") };
    sets.into_iter().zip(WEIGHTS).fold(0, |key, (set, weight)| (key ^ set.wrapping_mul(weight)).rotate_left(13))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_seeded() {
        const A: [u64; 1000] = keys(1);
        let mut sorted = A.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
        assert_ne!(keys::<4>(1), keys::<4>(2));
    }
}
