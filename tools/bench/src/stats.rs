//! The figures the bench prints, from the times of its runs, and when to stop running.
//!
//! A paired comparison runs A and B in rounds, one run of each per round, and a round's ratio is
//! A's time over B's: both ran on the same input within moments of each other, so a load that
//! comes and goes touches both sides of a ratio alike. The statistic to judge a goal on is the
//! median of the rounds' ratios, with its interquartile range (the 25% and 75% quantiles) as the
//! spread. Quantiles interpolate linearly between the sorted values (quantile p of n sorted values
//! at position p * (n - 1), the method of R's and NumPy's defaults), so the median is the usual one:
//! the middle value, or the mean of the two middle ones.
//!
//! The rounds alternate which side runs first (A B, B A, A B, ...), so that neither side always
//! runs right after the other (a warm cache, a frequency step, a neighbour's burst). A row asks
//! for at least RUNS rounds and may give a time budget: rounds go on while the timed runs have
//! taken less than the budget, up to a cap, so a quick row gets many rounds and a slow one its
//! minimum, and a row's time stays bounded by the larger of its minimum and its budget plus a
//! round.

/// The quantile `p` (0 to 1) of `values` by linear interpolation; `values` must not be empty and
/// must hold no NaN.
pub fn quantile(values: &[f64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(|x, y| x.partial_cmp(y).expect("no NaN among times"));
    let position = p * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = (below + 1).min(sorted.len() - 1);
    let fraction = position - below as f64;
    sorted[below] + (sorted[above] - sorted[below]) * fraction
}

/// The median of `values` (the mean of the two middle ones for an even count).
pub fn median(values: &[f64]) -> f64 {
    quantile(values, 0.5)
}

/// What a paired comparison prints: each side's median time, and the rounds' ratios (A over B):
/// their median and quartiles, and how many rounds there were.
#[derive(Debug, PartialEq)]
pub struct Paired {
    pub a_median: f64,
    pub b_median: f64,
    pub ratio_median: f64,
    pub ratio_q1: f64,
    pub ratio_q3: f64,
    pub rounds: usize,
}

/// The figures of rounds whose times are `a[i]` and `b[i]` (equal lengths, at least one round).
pub fn paired(a: &[f64], b: &[f64]) -> Paired {
    assert!(!a.is_empty() && a.len() == b.len(), "one time of each side per round");
    let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    Paired {
        a_median: median(a),
        b_median: median(b),
        ratio_median: median(&ratios),
        ratio_q1: quantile(&ratios, 0.25),
        ratio_q3: quantile(&ratios, 0.75),
        rounds: a.len(),
    }
}

/// Whether B runs first in round `round` (counted from 0): every other round.
pub fn b_first(round: usize) -> bool {
    round % 2 == 1
}

/// How many rounds to run, and for how long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Rounds run whatever the budget.
    pub min_rounds: usize,
    /// Seconds of timed runs after which no further round starts (0: none beyond the minimum).
    pub budget: f64,
    /// Rounds never run past this, whatever the budget (at least `min_rounds`).
    pub max_rounds: usize,
}

impl Schedule {
    /// Whether another round starts after `rounds` rounds whose timed runs took `spent` seconds.
    pub fn another(&self, rounds: usize, spent: f64) -> bool {
        rounds < self.min_rounds || (rounds < self.max_rounds && spent < self.budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_by_hand() {
        // Sorted 1, 2, 3, 4: the quartiles at positions 0.75 and 2.25, the median at 1.5.
        let values = [4.0, 1.0, 3.0, 2.0];
        assert_eq!((quantile(&values, 0.25), median(&values), quantile(&values, 0.75)), (1.75, 2.5, 3.25));
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!((quantile(&[7.0], 0.25), median(&[7.0]), quantile(&[7.0], 0.75)), (7.0, 7.0, 7.0));
        assert_eq!((quantile(&values, 0.0), quantile(&values, 1.0)), (1.0, 4.0));
    }

    #[test]
    fn paired_ratios_by_hand() {
        // Ratios 0.5, 1, 1.5, 2, 5 (in another order): median 1.5, quartiles at positions 1 and 3.
        let a = [2.0, 4.0, 10.0, 1.0, 3.0];
        let b = [2.0, 2.0, 2.0, 2.0, 2.0];
        let expected = Paired {
            a_median: 3.0,
            b_median: 2.0,
            ratio_median: 1.5,
            ratio_q1: 1.0,
            ratio_q3: 2.0,
            rounds: 5,
        };
        assert_eq!(paired(&a, &b), expected);
        // The ratio is taken within each round, not between the medians: the medians of A and B
        // are both 2 here, and their ratio 1, but every round's ratio is 1/4 or 4.
        let a = [1.0, 2.0, 8.0];
        let b = [4.0, 8.0, 2.0];
        let p = paired(&a, &b);
        assert_eq!(
            (p.a_median, p.b_median, p.ratio_median, p.ratio_q1, p.ratio_q3),
            (2.0, 4.0, 0.25, 0.25, 2.125)
        );
    }

    /// An odd count of distinct values: the median is the one with as many below it as above it,
    /// counted with no sorting; the quartiles on either side of it, as many values beyond each as
    /// their positions say.
    #[test]
    fn paired_medians_against_counting() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64 + 0.001
        };
        for rounds in [1usize, 3, 7, 21, 101] {
            let a: Vec<f64> = (0..rounds).map(|_| next()).collect();
            let b: Vec<f64> = (0..rounds).map(|_| next()).collect();
            let ratios: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x / y).collect();
            let middle = ratios
                .iter()
                .copied()
                .find(|r| ratios.iter().filter(|s| *s < r).count() == rounds / 2)
                .expect("distinct values have a middle one");
            let p = paired(&a, &b);
            assert_eq!((p.ratio_median, p.rounds), (middle, rounds));
            assert!(p.ratio_q1 <= middle && middle <= p.ratio_q3);
            let below_q1 = ratios.iter().filter(|r| **r < p.ratio_q1).count();
            let above_q3 = ratios.iter().filter(|r| **r > p.ratio_q3).count();
            // Linear interpolation at position (n - 1) / 4 from either end: between its floor and
            // its ceiling of the values lie strictly outside each quartile.
            let (least, most) = ((rounds - 1) / 4, (rounds + 2) / 4);
            assert!((least..=most).contains(&below_q1), "{rounds}: {below_q1} below the first quartile");
            assert!((least..=most).contains(&above_q3), "{rounds}: {above_q3} above the third quartile");
        }
    }

    #[test]
    fn rounds_by_minimum_budget_and_cap() {
        let schedule = Schedule { min_rounds: 3, budget: 2.0, max_rounds: 10 };
        // The minimum runs whatever the time spent.
        assert!(schedule.another(0, 100.0) && schedule.another(2, 100.0));
        assert!(!schedule.another(3, 2.0));
        // Past the minimum, while the budget lasts, up to the cap.
        assert!(schedule.another(3, 1.9) && schedule.another(9, 0.0));
        assert!(!schedule.another(10, 0.0));
        // No budget: the minimum alone.
        let plain = Schedule { min_rounds: 5, budget: 0.0, max_rounds: 1000 };
        assert_eq!((0..20).take_while(|&r| plain.another(r, 0.0)).count(), 5);
        assert!((1..=7).all(|r| b_first(r) == (r % 2 == 1)));
    }
}
