//! [`Rng`], the random numbers of the library's own tests (splitmix64): compiled only into its
//! unit tests, and included by the integration tests of `tests/` (`tests/random/`) and by the
//! `stress` tool's generated cases (`tools/stress/src/cases/`). Not part of the library's API: a
//! library cannot depend on its tools, and exporting it would be an item only for them. The same
//! seed gives the same stream on every machine.

/// A small, fast pseudo-random generator: splitmix64's steps (Steele, Lea and Flood), with a first
/// multiplier that differs from the published one in two digits (`...1ce5_e9b9` for
/// `...1ce4_e5b9`), an old slip kept because the seeds in use (stress's cases, the bench's inputs)
/// name their streams. Still odd, so the mix stays a bijection. Not for cryptography; every
/// stream is reproducible from its seed.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce5_e9b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (`bound > 0`), without modulo bias.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Rng::below(0)");
        // Lemire's multiply-shift, with the rejection that makes it exact.
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= bound.wrapping_neg() % bound {
                return (product >> 64) as u64;
            }
        }
    }

    /// Uniform in `lo..=hi` (`lo <= hi`).
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        assert!(lo <= hi);
        lo + self.below((hi - lo) as u64 + 1) as usize
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }

    /// A uniformly chosen element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_uniform_and_in_range() {
        let mut rng = Rng::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (9_000..11_000).contains(&c)), "{counts:?}");
        assert_eq!(Rng::new(5).below(1), 0);
        assert!((0..1000).all(|_| rng.below(u64::MAX) < u64::MAX));
        assert!((0..1000).map(|_| rng.between(3, 5)).all(|x| (3..=5).contains(&x)));
    }

    #[test]
    fn the_same_seed_gives_the_same_stream() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        let mut items: Vec<u32> = (0..50).collect();
        Rng::new(3).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
