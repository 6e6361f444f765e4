//! The fuzzer's draws, on top of [`ladya_core::rng::Rng`]: the same seed gives the same inputs
//! on every machine.

/// The generator of one input, with the draws the targets make.
#[derive(Clone, Debug)]
pub struct Rng(ladya_core::rng::Rng);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(ladya_core::rng::Rng::new(seed))
    }

    /// The generator of input number `iteration` of a run seeded with `seed`: each input can be
    /// made again on its own.
    pub fn for_input(seed: u64, iteration: u64) -> Rng {
        Rng(ladya_core::rng::Rng::stream(seed, iteration))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
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
