//! The eventual period of a sequence of values (outcomes, Grundy or loopy values, any tokens).
//!
//! # The invariant
//! A [`Period`] found in a sequence `v(0), ..., v(len - 1)` holds on the whole of it from its
//! preperiod on: `v(n + period) = v(n) + saltus` for every `preperiod <= n < len - period` (the
//! saltus is 0 for tokens that are not numbers). It is the one with the smallest
//! `preperiod + period` (then the smallest period) among those **confirmed** by the table:
//! - the periodic part, `len - preperiod` values, holds at least [`MIN_PERIODS`] whole periods,
//! - it is at least half the table,
//! - and at least [`MIN_CHECKED`] of its values were compared with the value a period before.
//!
//! Otherwise there is no period (`None`): a repeat seen only once or twice, or only at the very
//! end of the table, is not taken for one. A random sequence of `W` and `L` ends in three equal
//! values one time in four; the second condition is what keeps that from being a period 1, and
//! the third keeps a short table's chance repeat (`2^-12` per candidate for two values) out.
//!
//! # Checked or proved
//! A period read off a table is *checked up to* `len` ([`Period::checked_to`]): it could still
//! break later. It is **proved** ([`Period::proved`]) only where a theorem makes the table's
//! evidence enough, and only when the caller says the sequence is of that kind ([`Theorem`]):
//! - [`Theorem::Window`]`(t)`: for every `n >= t`, `v(n)` is the same function of the `t` values
//!   before it (a subtraction game whose moves take at most `t`). Once a whole window of `t`
//!   values repeats at distance `p` from `preperiod` on, each next value repeats too, by
//!   induction: proved when `preperiod + period + t <= len`, the saltus is 0, and the table
//!   itself does not contradict the hypothesis: no two windows of `t` equal values (at
//!   `n >= t`) are followed by two different values ([`window_contradiction`], kept in
//!   [`Period::contradiction`]). The hypothesis itself is the caller's word: a table that does
//!   not contradict it cannot confirm it.
//! - [`Theorem::Octal`]`(t)`: an octal game whose moves remove at most `t` tokens. The octal
//!   periodicity theorem (Guy and Smith): if `v(n + p) = v(n)` for every `s <= n < 2s + p + t`,
//!   then for every `n >= s`. Proved when `2 * preperiod + period + t <= len` and the saltus is 0.
//!
//! Index 0 is `n = 0`: both theorems speak of `n`, so a caller whose table starts elsewhere
//! passes [`Theorem::None`] (the octal theorem needs every value from `n = 0`; the window one a
//! table that starts where the recurrence holds, at `n >= 0`).
//!
//! Where the table is too short for the theorem, [`Period::proof_needs`] says how long it must be.
//! Cost: `O(len)` per candidate period, usually far less (each check walks back from the end and
//! stops at the first break), and at most `len / MIN_PERIODS` candidates.

use std::collections::HashMap;
use std::hash::Hash;

/// Whole periods the periodic part of a table must hold for a period to be reported.
pub const MIN_PERIODS: usize = 3;

/// Values of the periodic part a period must have been checked on (those past its first period).
pub const MIN_CHECKED: usize = 12;

/// What the caller knows of how the sequence was made: the theorem that may prove a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theorem {
    /// Nothing: a period is only checked up to the table's end.
    None,
    /// `v(n)` is one function of `v(n - t), ..., v(n - 1)` for every `n >= t`.
    Window(usize),
    /// An octal game whose moves remove at most `t` tokens.
    Octal(usize),
}

/// An eventual period (module doc: what it promises).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// The first index from which the sequence repeats.
    pub preperiod: usize,
    /// The period `p`: `v(n + p) = v(n) + saltus` from `preperiod` on.
    pub period: usize,
    /// What a period adds (0 for plain periodicity, and always for tokens).
    pub saltus: i64,
    /// The indices `n < preperiod` whose value is not the periodic one continued backwards
    /// (`v(n + k p) - k s` for the least `k` with `n + k p >= preperiod`).
    pub exceptions: Vec<usize>,
    /// The period holds for every index below this one: the table's length.
    pub checked_to: usize,
    /// Proved for every index by the theorem the caller named (module doc).
    pub proved: bool,
    /// With a theorem: the table's length the proof needs (`None` without one, or with a saltus).
    pub proof_needs: Option<usize>,
    /// With [`Theorem::Window`]: two indices `i < j` whose windows are equal and whose values
    /// differ ([`window_contradiction`]); the period is then not proved.
    pub contradiction: Option<(usize, usize)>,
}

/// The eventual period of tokens compared for equality (saltus 0), if the table confirms one.
///
/// ```
/// use graph_games::pattern::{find_period, Theorem};
///
/// // Subtraction game {1, 2, 3}: a pile of n loses iff n is a multiple of 4.
/// let outcomes: Vec<char> = (0..40).map(|n| if n % 4 == 0 { 'L' } else { 'W' }).collect();
/// let found = find_period(&outcomes, Theorem::Window(3)).unwrap();
/// assert_eq!((found.preperiod, found.period, found.proved), (0, 4, true));
/// ```
pub fn find_period<T: Hash + Eq>(values: &[T], theorem: Theorem) -> Option<Period> {
    let mut found =
        search(values.len(), theorem, |i, j| if values[i] == values[j] { Some(0) } else { None })?;
    contradicted(&mut found, values, theorem);
    Some(found)
}

/// The eventual period of numbers, with a saltus: `v(n + p) = v(n) + s` (`s` may be 0).
///
/// ```
/// use graph_games::pattern::{find_arithmetic_period, Theorem};
///
/// let values: Vec<i64> = (0..30).map(|n| n / 2).collect();
/// let found = find_arithmetic_period(&values, Theorem::None).unwrap();
/// assert_eq!((found.preperiod, found.period, found.saltus, found.proved), (0, 2, 1, false));
/// ```
pub fn find_arithmetic_period(values: &[i64], theorem: Theorem) -> Option<Period> {
    let mut found = search(values.len(), theorem, |i, j| values[j].checked_sub(values[i]))?;
    contradicted(&mut found, values, theorem);
    Some(found)
}

/// Under [`Theorem::Window`], a period the table contradicts is not proved.
fn contradicted<T: Hash + Eq>(found: &mut Period, values: &[T], theorem: Theorem) {
    if let Theorem::Window(t) = theorem {
        found.contradiction = window_contradiction(values, t);
        if found.contradiction.is_some() {
            found.proved = false;
        }
    }
}

/// Whether the table contradicts [`Theorem::Window`]`(t)`: two indices `i < j`, both at least
/// `t`, whose `t` values before are equal and whose own values differ (the first such `j`).
///
/// Exact, in `O(len + t)` expected time: windows are found by a rolling hash, and two windows of
/// equal hash are compared value by value. Once a window `j` equals an earlier window `i` and
/// `v(j) = v(i)`, window `j + 1` equals window `i + 1` without a comparison; so every window is
/// tied to an earlier equal one (or is the first of its kind), and one comparison of `t` values
/// starts a chain that runs to the end or to the contradiction.
///
/// ```
/// use graph_games::pattern::window_contradiction;
///
/// // L L W, then after the same two values L L: W once, L once.
/// assert_eq!(window_contradiction(&['L', 'L', 'W', 'L', 'L', 'L'], 2), Some((2, 5)));
/// assert_eq!(window_contradiction(&['L', 'W', 'W', 'L', 'W', 'W'], 2), None);
/// ```
pub fn window_contradiction<T: Hash + Eq>(values: &[T], t: usize) -> Option<(usize, usize)> {
    if t == 0 || values.len() <= t {
        return None;
    }
    // Each value as a small number (1, 2, ...), and the windows' hashes modulo 2^61 - 1.
    const P: u128 = (1 << 61) - 1;
    const BASE: u128 = 0x5DEE_CE66_D1A4_F87D % P;
    let mut numbered: HashMap<&T, u64> = HashMap::new();
    let ids: Vec<u64> = values
        .iter()
        .map(|v| {
            let next = numbered.len() as u64 + 1;
            *numbered.entry(v).or_insert(next)
        })
        .collect();
    let mut top = 1u128; // BASE^t
    let mut hash = 0u128;
    for &id in &ids[..t] {
        hash = (hash * BASE + id as u128) % P;
        top = top * BASE % P;
    }
    let mut first: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut chain: Option<usize> = None;
    for j in t..ids.len() {
        if j > t {
            hash = (hash * BASE + ids[j - 1] as u128 + P * P - top * ids[j - 1 - t] as u128 % P) % P;
        }
        let twin = match chain {
            Some(i) => Some(i + 1),
            None => first
                .get(&(hash as u64))
                .and_then(|seen| seen.iter().copied().find(|&i| ids[i - t..i] == ids[j - t..j])),
        };
        match twin {
            Some(i) if ids[i] != ids[j] => return Some((i, j)),
            Some(i) => chain = Some(i),
            None => first.entry(hash as u64).or_default().push(j),
        }
    }
    None
}

/// The search of the module doc over `len` values, `step(i, j)` the difference `v(j) - v(i)`
/// (`None` when the two cannot differ by a saltus: unequal tokens, or an overflow).
fn search(len: usize, theorem: Theorem, step: impl Fn(usize, usize) -> Option<i64>) -> Option<Period> {
    let mut best: Option<(usize, usize, i64)> = None;
    for period in 1..=len / MIN_PERIODS {
        if let Some((pre, p, _)) = best {
            if period >= pre + p {
                break; // no smaller preperiod + period is left
            }
        }
        if let Some((_, p, _)) = best {
            if period % p == 0 {
                // A multiple of a period found: its preperiod is at least that one's less a
                // period, so its sum is never smaller.
                continue;
            }
        }
        // The saltus is the last difference; walk back while it holds.
        let saltus = match step(len - 1 - period, len - 1) {
            Some(s) => s,
            None => continue,
        };
        let mut pre = len - period;
        while pre > 0 && step(pre - 1, pre - 1 + period) == Some(saltus) {
            pre -= 1;
        }
        let tail = len - pre;
        if tail < MIN_PERIODS * period || 2 * tail < len || tail - period < MIN_CHECKED {
            continue;
        }
        let better = match best {
            None => true,
            Some((bp, bq, _)) => pre + period < bp + bq,
        };
        if better {
            best = Some((pre, period, saltus));
        }
    }
    let (preperiod, period, saltus) = best?;
    let exceptions = (0..preperiod)
        .filter(|&n| {
            let k = (preperiod - n + period - 1) / period;
            let expected = (k as i64).checked_mul(saltus);
            expected.is_none() || step(n, n + k * period) != expected
        })
        .collect();
    let proof_needs = match theorem {
        _ if saltus != 0 => None,
        Theorem::None => None,
        Theorem::Window(t) => Some(preperiod + period + t),
        Theorem::Octal(t) => Some(2 * preperiod + period + t),
    };
    let proved = proof_needs.map_or(false, |needs| needs <= len);
    Some(Period {
        preperiod,
        period,
        saltus,
        exceptions,
        checked_to: len,
        proved,
        proof_needs,
        contradiction: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The oracle: the smallest preperiod + period confirmed, by trying every pair plainly.
    fn naive(values: &[i64], arithmetic: bool) -> Option<(usize, usize, i64)> {
        let len = values.len();
        for total in 1..=len {
            for period in 1..=total {
                let pre = total - period;
                let tail = len - pre;
                if pre + period >= len
                    || tail < MIN_PERIODS * period
                    || 2 * tail < len
                    || tail - period < MIN_CHECKED
                {
                    continue;
                }
                let s = values[pre + period] - values[pre];
                if !arithmetic && s != 0 {
                    continue;
                }
                if (pre..len - period).all(|n| values[n + period] - values[n] == s) {
                    return Some((pre, period, s));
                }
            }
        }
        None
    }

    #[test]
    fn the_search_agrees_with_trying_every_pair() {
        let mut rng = Rng::new(7);
        for round in 0..3000 {
            let len = 1 + rng.below(60) as usize;
            let alphabet = 1 + rng.below(3) as i64;
            let mut values: Vec<i64> = (0..len).map(|_| rng.below(alphabet as u64) as i64).collect();
            // Half the time, a periodic tail (with a saltus a quarter of the time).
            if round % 2 == 0 {
                let p = 1 + rng.below(6) as usize;
                let pre = rng.below(len as u64) as usize;
                let s = if round % 4 == 0 { rng.below(3) as i64 } else { 0 };
                for n in pre + p..len {
                    values[n] = values[n - p] + s;
                }
            }
            for arithmetic in [false, true] {
                let found = if arithmetic {
                    find_arithmetic_period(&values, Theorem::None)
                } else {
                    find_period(&values, Theorem::None)
                };
                let got = found.map(|f| (f.preperiod, f.period, f.saltus));
                assert_eq!(got, naive(&values, arithmetic), "{values:?} arithmetic {arithmetic}");
            }
        }
    }

    #[test]
    fn window_contradictions_agree_with_comparing_every_pair() {
        let mut rng = Rng::new(11);
        for round in 0..3000 {
            let len = rng.below(40) as usize;
            let t = 1 + rng.below(4) as usize;
            let alphabet = 2 + rng.below(2);
            let mut values: Vec<u64> = (0..len).map(|_| rng.below(alphabet)).collect();
            // Half the time, one function of the window (no contradiction to find).
            if round % 2 == 0 {
                for n in t..len {
                    values[n] = values[n - t..n].iter().fold(round as u64, |h, &v| h * 31 + v) % alphabet;
                }
            }
            let contradicts = |i: usize, j: usize| {
                i < j && i >= t && values[i - t..i] == values[j - t..j] && values[i] != values[j]
            };
            let any = (t..len).any(|j| (t..j).any(|i| contradicts(i, j)));
            match window_contradiction(&values, t) {
                Some((i, j)) => assert!(contradicts(i, j), "{values:?} t {t}: ({i}, {j})"),
                None => assert!(!any, "{values:?} t {t}: a contradiction missed"),
            }
        }
    }

    #[test]
    fn exceptions_and_proofs() {
        // 5 exceptional values, then period 3: 0 1 2 0 1 2 ...
        let mut values: Vec<i64> = (0..40).map(|n| n % 3).collect();
        values[1] = 9;
        values[4] = 7;
        let found = find_period(&values, Theorem::Window(2)).unwrap();
        assert_eq!((found.preperiod, found.period, found.exceptions.clone()), (5, 3, vec![1, 4]));
        // Long enough, but the window (2, 0) is followed by 7 at 4 and by 1 at 7: not proved.
        assert_eq!((found.proof_needs, found.proved, found.checked_to), (Some(10), false, 40));
        assert_eq!(found.contradiction, Some((4, 7)));
        let clean: Vec<i64> = (0..40).map(|n| n % 3).collect();
        let proved = find_period(&clean, Theorem::Window(2)).unwrap();
        assert_eq!((proved.proved, proved.contradiction), (true, None));
        let octal = find_period(&values, Theorem::Octal(30)).unwrap();
        assert_eq!((octal.proof_needs, octal.proved), (Some(43), false));
        // No period: strictly growing tokens; too short a tail.
        assert_eq!(find_period(&(0..50).collect::<Vec<i64>>(), Theorem::None), None);
        assert_eq!(find_period(&[1, 2, 3, 4, 5, 6, 7, 7, 7], Theorem::None), None);
        assert_eq!(find_period::<u8>(&[], Theorem::None), None);
    }
}
