//! What a run of `stress` is made of, shared by the library's games ([`crate::judged`]) and any
//! problem ([`crate::generic`]): each case's own random stream and size, a family named on the
//! command line, and how the run ends. Invariant: everything follows from the seed and the case's
//! number, so the same seed gives the same cases.

use crate::cases::{Case, Rng};
use graph_games::input::{shown, Error};

/// What a run of `stress` ends in, before it becomes an exit status.
pub enum Outcome {
    Passed,
    Failed,
    /// Ctrl-C (or SIGTERM, SIGHUP) before any failure was found.
    Interrupted,
}

/// The seed of case `number` (1-based; 0 is `--gen`'s) of the run with seed `seed`.
pub fn case_rng(seed: u64, number: u64) -> Rng {
    let mut mixer = Rng::new(seed ^ number.wrapping_mul(0xd6e8_feb8_6659_fd93));
    Rng::new(mixer.next_u64())
}

/// The size of case `number` (1-based) of `cases`: from 1 for the first to `largest` for the last,
/// evenly.
pub fn case_size(number: u64, cases: u64, largest: usize) -> usize {
    if cases <= 1 {
        return largest;
    }
    let grown = (largest as u128 - 1) * (number as u128 - 1) / (cases as u128 - 1);
    1 + grown as usize
}

/// The index in `C::FAMILIES` of family `name`, if given.
pub fn family_of<C: Case>(name: Option<&str>, game: &str) -> Result<Option<usize>, Error> {
    let name = match name {
        Some(name) => name,
        None => return Ok(None),
    };
    match C::FAMILIES.iter().position(|f| *f == name) {
        Some(index) => Ok(Some(index)),
        None => Err(Error::new(format!(
            "{game} has no family {}: it has {}",
            shown(name.as_bytes()),
            C::FAMILIES.join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_grow_from_1_to_the_largest() {
        let sizes: Vec<usize> = (1..=1000).map(|k| case_size(k, 1000, 12)).collect();
        assert_eq!((sizes[0], sizes[999]), (1, 12));
        assert!(sizes.windows(2).all(|w| w[0] <= w[1] && w[1] <= w[0] + 1));
        assert_eq!(case_size(1, 1, 12), 12);
        assert_eq!(case_size(3, 3, usize::MAX), usize::MAX);
    }

    #[test]
    fn every_case_has_its_own_stream() {
        let first: Vec<u64> = (0..100).map(|k| case_rng(1, k).next_u64()).collect();
        assert_eq!(first, (0..100).map(|k| case_rng(1, k).next_u64()).collect::<Vec<_>>());
        let mut sorted = first.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted, {
            let mut all = first.clone();
            all.sort_unstable();
            all
        });
        assert_eq!(sorted.len(), 100);
        assert_ne!(case_rng(1, 5).next_u64(), case_rng(2, 5).next_u64());
    }
}
