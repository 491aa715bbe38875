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
//!   before it (a subtraction game whose moves take at most `t`). The argument: if the window of
//!   `t` values from `s` equals the one from `s + p`, then `v(s + t + p) = v(s + t)` (the same
//!   function of equal windows), so the windows from `s + 1` and `s + 1 + p` are equal too, and
//!   so on by induction: `v(n + p) = v(n)` for every `n >= s`. It reads the table up to index
//!   `s + p + t - 1`: proved when `preperiod + period + t <= len`, the saltus is 0 (with a saltus
//!   the windows are not equal: the function need not commute with adding it), and the table
//!   itself does not contradict the hypothesis: no two windows of `t` equal values (at `n >= t`)
//!   are followed by two different values ([`window_contradiction`], kept in
//!   [`Period::contradiction`]). The hypothesis itself is the caller's word: a table that does
//!   not contradict it cannot confirm it.
//! - [`Theorem::Octal`]`(t)`: an octal game whose moves remove at most `t` tokens (its code's last
//!   nonzero digit is at most at position `t`). The octal periodicity theorem of Guy and Smith
//!   (1956, "The G-values of various games"; Winning Ways, ch. 4; Siegel, *Combinatorial Game
//!   Theory*, ch. IV): if `G(n + p) = G(n)` for every `n` with `n0 <= n < 2 n0 + p + t`, then
//!   `G(n + p) = G(n)` for every `n >= n0`. The hypothesis compares `G(n + p)` for `n` up to
//!   `2 n0 + p + t - 1`: it reads the table up to index `2 n0 + 2p + t - 1`, so the table needs
//!   `2 n0 + 2p + t` values. The proof pairs a split `(a, b)` of `n + p`, `b >= n0 + p`, with the
//!   split `(a, b - p)` of `n`, which is a split into two heaps only if `b - p >= 1`: with
//!   `n0 = 0` it may be a single heap, which the code may not allow (0.04: `G` is 0 for
//!   `n = 0..3`, period 1 from 0 by the hypothesis, but `G(4) = 1`). So `n0 = max(s, 1)`, `s` the
//!   preperiod (the table shows the period from `s` on, and from `max(s, 1)` the pairing holds):
//!   proved when `2 max(s, 1) + 2 period + t <= len` and the saltus is 0.
//!
//! Index 0 is `n = 0`: both theorems speak of `n`, so a caller whose table starts elsewhere
//! passes [`Theorem::None`] (the octal theorem needs every value from `n = 0`; the window one a
//! table that starts where the recurrence holds, at `n >= 0`).
//!
//! Where the table is too short for the theorem, [`Period::proof_needs`] says how long it must be.
//! Cost: `O(len)` in all: for each candidate period (at most `len / MIN_PERIODS`), the preperiod
//! from which it holds is read off one Z-array of the table read backwards, in `O(1)`.

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
    let len = values.len();
    // Read backwards, the run of `v(n + p) = v(n)` that ends the table is the Z-array at `p`.
    let z = z_array(len, |i, j| values[len - 1 - i] == values[len - 1 - j]);
    let reach = |p: usize| if z[p] == 0 { None } else { Some((len - p - z[p], 0)) };
    let mut found = search(len, theorem, reach, |i, j| if values[i] == values[j] { Some(0) } else { None })?;
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
    let len = values.len();
    // `v(n + p) - v(n)` is constant from `n` on where the differences `d(k) = v(k + 1) - v(k)`
    // repeat at distance `p`: read backwards, the Z-array of the differences (exact, in i128).
    let diff = |k: usize| values[k + 1] as i128 - values[k] as i128;
    let z = z_array(len.saturating_sub(1), |i, j| diff(len - 2 - i) == diff(len - 2 - j));
    let reach = |p: usize| {
        let saltus = values[len - 1].checked_sub(values[len - 1 - p])?;
        Some((len - 1 - p - z.get(p).copied().unwrap_or(0), saltus))
    };
    let mut found = search(len, theorem, reach, |i, j| values[j].checked_sub(values[i]))?;
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
    if t == 0 {
        // A function of no values: one value throughout, the first.
        return (1..values.len()).find(|&j| values[j] != values[0]).map(|j| (0, j));
    }
    if values.len() <= t {
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

/// The Z-array of a sequence of `len` values compared by `same(i, j)`: `z[p]` is how many values
/// from `p` on equal those from 0 on (`z[0] = len`). Linear: each comparison that succeeds moves
/// the right end of the rightmost match found so far.
fn z_array(len: usize, same: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut z = vec![0; len];
    if len == 0 {
        return z;
    }
    z[0] = len;
    // [left, right): the match that reaches furthest right so far (values from `left` equal those
    // from 0 up to `right`).
    let (mut left, mut right) = (0, 0);
    for i in 1..len {
        let mut k = if i < right { z[i - left].min(right - i) } else { 0 };
        while i + k < len && same(k, i + k) {
            k += 1;
        }
        z[i] = k;
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    z
}

/// The search of the module doc over `len` values. `reach(p)` is, for the period `p`, the least
/// preperiod from which it holds to the table's end and its saltus (`None` when the last value
/// is not the one a period before plus a saltus); `step(i, j)` the difference `v(j) - v(i)`
/// (`None` when the two cannot differ by a saltus: unequal tokens, or an overflow).
///
/// Each candidate costs `O(1)` once the callers have `reach` from a Z-array: walking back from
/// the end once per period was quadratic on a table that ends in one long run (`L` up to half
/// of it, then `W`: every period holds over the run, and none is confirmed).
fn search(
    len: usize,
    theorem: Theorem,
    reach: impl Fn(usize) -> Option<(usize, i64)>,
    step: impl Fn(usize, usize) -> Option<i64>,
) -> Option<Period> {
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
        let (pre, saltus) = match reach(period) {
            Some(found) => found,
            None => continue,
        };
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
        Theorem::Window(t) => Some(window_needs(preperiod, period, t)),
        Theorem::Octal(t) => Some(octal_needs(preperiod, period, t)),
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

/// The values the window argument reads (module doc): the window of `t` values from `s` and the
/// one from `s + p`, so indices up to `s + p + t - 1`.
fn window_needs(s: usize, p: usize, t: usize) -> usize {
    s.saturating_add(p).saturating_add(t)
}

/// The values the octal periodicity theorem reads (module doc): its hypothesis compares
/// `v(n + p)` with `v(n)` for `n0 <= n < 2 n0 + p + t`, so indices up to `2 n0 + 2p + t - 1`,
/// with `n0 = max(s, 1)`.
fn octal_needs(s: usize, p: usize, t: usize) -> usize {
    s.max(1).saturating_mul(2).saturating_add(p.saturating_mul(2)).saturating_add(t)
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
            // A sixth of the time, a few long runs of one value (the shape that made the
            // search quadratic), with a saltus inside a run now and then.
            if round % 6 == 1 {
                let cut = rng.below(len as u64) as usize;
                let step = rng.below(2) as i64;
                for (n, v) in values.iter_mut().enumerate() {
                    *v = if n < cut { 0 } else { 1 + step * (n - cut) as i64 };
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
            let t = rng.below(5) as usize;
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

    /// `pre` values 9, then `n mod 3` up to `len`.
    fn tail_of_period_3(pre: usize, len: usize) -> Vec<i64> {
        (0..len).map(|n| if n < pre { 9 } else { n as i64 % 3 }).collect()
    }

    #[test]
    fn each_theorem_proves_from_the_length_it_reads_and_not_one_value_sooner() {
        // The window argument reads indices up to s + p + t - 1.
        for (s, t) in [(5, 20), (0, 20), (9, 14)] {
            let needs = s + 3 + t;
            for len in [needs - 1, needs] {
                let found = find_period(&tail_of_period_3(s, len), Theorem::Window(t)).unwrap();
                assert_eq!((found.preperiod, found.period, found.contradiction), (s, 3, None));
                assert_eq!((found.proof_needs, found.proved), (Some(needs), len == needs), "s {s} t {t}");
            }
        }
        // The octal theorem reads indices up to 2 n0 + 2p + t - 1, n0 = max(s, 1).
        for (s, t) in [(10, 2), (0, 10), (1, 10), (7, 7)] {
            let needs = 2 * s.max(1) + 2 * 3 + t;
            for len in [needs - 1, needs] {
                let found = find_arithmetic_period(&tail_of_period_3(s, len), Theorem::Octal(t)).unwrap();
                assert_eq!((found.preperiod, found.period, found.saltus), (s, 3, 0));
                assert_eq!((found.proof_needs, found.proved), (Some(needs), len == needs), "s {s} t {t}");
            }
        }
        // A function of no values is one value throughout: two values contradict it.
        assert_eq!(window_contradiction(&[1, 1, 2], 0), Some((0, 2)));
        assert_eq!(window_contradiction(&[1, 1, 1], 0), None);
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
        assert_eq!((octal.proof_needs, octal.proved), (Some(2 * 5 + 2 * 3 + 30), false));
        // No period: strictly growing tokens; too short a tail.
        assert_eq!(find_period(&(0..50).collect::<Vec<i64>>(), Theorem::None), None);
        assert_eq!(find_period(&[1, 2, 3, 4, 5, 6, 7, 7, 7], Theorem::None), None);
        assert_eq!(find_period::<u8>(&[], Theorem::None), None);
    }
}
