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
