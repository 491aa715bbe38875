//! Generated judge inputs, for stress tests, the tests and the benchmarks: a game's [`Case`] is
//! one input of its judge program as data, which can be written out as the judge's text and
//! shrunk one step at a time, every step still a valid input.
//!
//! [`Rng`] is the small generator behind them (splitmix64): the same seed gives the same cases on
//! every machine.

/// A small, fast pseudo-random generator (splitmix64, by Steele, Lea and Flood). Not for
/// cryptography; every stream is reproducible from its seed.
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

/// One input of a game's judge program, as data.
pub trait Case: Clone + std::fmt::Debug {
    /// The names of the families [`Case::generate`] draws from (what each exercises: tiny boards,
    /// corridors, many draws, the judge's maximum, ...), for `stress GAME --gen --family NAME`.
    const FAMILIES: &'static [&'static str];

    /// A valid input of family `FAMILIES[family]`, of about `size` (vertices, free cells, cells:
    /// each game says which), from `rng`.
    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self;

    /// A valid input of a family drawn at random.
    fn random(rng: &mut Rng, size: usize) -> Self {
        let family = rng.below(Self::FAMILIES.len() as u64) as usize;
        Self::generate(family, rng, size)
    }

    /// The judge's input text.
    fn write(&self) -> Vec<u8>;

    /// The case `text` holds, if it is a valid input of the judge program (what [`Case::write`]
    /// wrote, or a user's own input): so that an input saved by `stress` can be shrunk or checked
    /// again.
    fn parse(text: &[u8]) -> Option<Self>;

    /// Every case one shrink step smaller than this one (a vertex, an edge, a row, a query, a wall
    /// fewer; a smaller bound), each a valid input; the most promising first. Empty when nothing
    /// can go.
    fn smaller(&self) -> Vec<Self>;
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
