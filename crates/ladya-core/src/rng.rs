//! Ladya's one small random number generator: SplitMix64, so that a seed gives the same
//! numbers on every machine, in every build.
//!
//! Everything seeded draws from [`Rng`]: the Zobrist keys (at compile time, through the
//! `const` methods), self-play's openings, a match's shuffled openings, the strength levels'
//! choice of move, the trainer, the fuzzer, the magic search of the chess build and the tests'
//! random games.
//!
//! ```
//! use ladya_core::rng::Rng;
//!
//! let mut rng = Rng::new(7);
//! let first = rng.next_u64();
//! // The same seed, the same numbers.
//! assert_eq!(Rng::new(7).next_u64(), first);
//! assert!(rng.below(6) < 6);
//! assert!((0.0..1.0).contains(&rng.f64()));
//! let mut cards = [1, 2, 3, 4, 5];
//! rng.shuffle(&mut cards);
//! cards.sort_unstable();
//! assert_eq!(cards, [1, 2, 3, 4, 5]);
//! ```

/// A SplitMix64 generator: 64 bits of state, and each call to [`next_u64`](Rng::next_u64)
/// adds the golden-ratio increment to it and mixes the sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// A generator for one purpose (`stream`) of a run seeded with `seed`: the streams of one
    /// seed, and one stream of different seeds, draw unrelated numbers.
    pub const fn stream(seed: u64, stream: u64) -> Rng {
        Rng::new(Rng::new(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64())
    }

    /// The next 64 random bits.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, the remainder of the next 64 bits divided by `n`; 0 when `n` is 0.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }

    /// A number in `0..n` by multiplying the next 64 bits by `n` and keeping the high half
    /// (the trainer draws this way); 0 when `n` is 0.
    #[inline]
    pub fn below_scaled(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// A float in `[0, 1)` from the next 53 bits.
    #[inline]
    pub fn f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A float in `[0, 1)` from the next 24 bits.
    #[inline]
    pub fn f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Puts `items` in a random order: a Fisher-Yates shuffle from the end, each place drawn
    /// by [`below`](Rng::below).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.fisher_yates(items, Rng::below);
    }

    /// As [`shuffle`](Rng::shuffle), each place drawn by [`below_scaled`](Rng::below_scaled).
    pub fn shuffle_scaled<T>(&mut self, items: &mut [T]) {
        self.fisher_yates(items, Rng::below_scaled);
    }

    fn fisher_yates<T>(&mut self, items: &mut [T], mut draw: impl FnMut(&mut Rng, usize) -> usize) {
        for i in (1..items.len()).rev() {
            let j = draw(self, i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_outputs_are_splitmix64s() {
        // SplitMix64 from seed 0 (the published reference sequence).
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn draws_stay_in_range_and_an_empty_range_does_not_panic() {
        let mut rng = Rng::new(3);
        for n in 1..50 {
            assert!(rng.below(n) < n);
            assert!(rng.below_scaled(n) < n);
        }
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below_scaled(0), 0);
        assert!((0..1000).all(|_| (0.0..1.0).contains(&rng.f64()) && (0.0..1.0).contains(&rng.f32())));
    }

    #[test]
    fn every_order_of_three_comes_out_of_both_shuffles() {
        for scaled in [false, true] {
            let mut seen = std::collections::BTreeSet::new();
            let mut rng = Rng::new(11);
            for _ in 0..200 {
                let mut items = [0, 1, 2];
                if scaled {
                    rng.shuffle_scaled(&mut items);
                } else {
                    rng.shuffle(&mut items);
                }
                seen.insert(items);
            }
            assert_eq!(seen.len(), 6);
        }
    }

    #[test]
    fn streams_differ_and_repeat() {
        assert_eq!(Rng::stream(1, 2), Rng::stream(1, 2));
        assert_ne!(Rng::stream(1, 2).next_u64(), Rng::stream(1, 3).next_u64());
        assert_ne!(Rng::stream(1, 2).next_u64(), Rng::stream(2, 2).next_u64());
    }
}
