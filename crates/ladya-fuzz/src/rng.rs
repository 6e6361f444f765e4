//! A small deterministic random number generator (SplitMix64): the same seed gives the same
//! inputs on every machine.

/// SplitMix64: fast, statistically good enough for fuzzing, and reproducible.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The generator of input number `iteration` of a run seeded with `seed`: each input can be
    /// made again on its own.
    pub fn for_input(seed: u64, iteration: u64) -> Rng {
        let mut mixer = Rng(seed ^ iteration.wrapping_mul(0xA076_1D64_78BD_642F));
        Rng(mixer.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }

    /// A number in `low..=high`.
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next_u64() % (high - low + 1)
    }

    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items`, chosen uniformly.
    ///
    /// # Panics
    /// When `items` is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let a: Vec<u64> = (0..5).map(|i| Rng::for_input(7, i).next_u64()).collect();
        let b: Vec<u64> = (0..5).map(|i| Rng::for_input(7, i).next_u64()).collect();
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
        let mut rng = Rng::new(1);
        assert!((0..100).all(|_| rng.range(3, 5) >= 3 && rng.below(4) < 4));
    }
}
