//! Generated judge inputs, for stress tests, the tests and the benchmarks: a game's [`Case`] is
//! one input of its judge program as data, which can be written out as the judge's text and
//! shrunk one step at a time, every step still a valid input.
//!
//! [`Rng`] is the small generator behind them (splitmix64): the same seed gives the same cases on
//! every machine. Its one file is the library's test generator, `src/rng.rs`, which the library
//! does not export (it cannot depend on this crate, nor this crate on the library's tests).

pub mod graph_game;
pub mod graph_partizan;
pub mod graph_scores;
pub mod graph_sum;
pub mod grid_game;
pub mod move_or_block;
pub mod police_thief;
pub mod token_graph;

#[path = "../../../../src/rng.rs"]
mod rng;
pub use rng::Rng;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// again (`stress GAME --shrink FILE`; `tests/stress.rs` reads the saved inputs back with it).
    fn parse(text: &[u8]) -> Option<Self>;

    /// Every case one shrink step smaller than this one (a vertex, an edge, a row, a query, a wall
    /// fewer; a smaller bound), each a valid input; the most promising first. Empty when nothing
    /// can go.
    fn smaller(&self) -> Vec<Self>;

    /// What every step of [`Case::smaller`] lowers (each game's `measure`).
    fn shrink_measure(&self) -> u128;

    /// For a problem with a judge: the first of the judge's constraints this case breaks, `None`
    /// when it keeps them all (a validator written from the statement).
    fn judge_flaw(&self) -> Option<String> {
        None
    }

    /// For a problem with a judge: the case made to keep the judge's constraints, as little
    /// changed as can be (what [`Case::judge_flaw`] accepts).
    fn fit_judge(self) -> Self {
        self
    }
}

/// The candidates of a shrink step from `case`: [`Case::smaller`]; under the judge's constraints
/// (`judged`), each made to keep them ([`Case::fit_judge`]) and kept only if that still lowers
/// the measure, so that every shrunk input keeps them too and shrinking still ends.
pub fn candidates<C: Case>(case: &C, judged: bool) -> Vec<C> {
    let steps = case.smaller();
    if !judged {
        return steps;
    }
    let measure = case.shrink_measure();
    let fit = |step: C| if step.judge_flaw().is_some() { step.fit_judge() } else { step };
    let fit = steps.into_iter().map(fit);
    fit.filter(|step| step.judge_flaw().is_none() && step.shrink_measure() < measure).collect()
}

/// Set when [`shrink_steps`] cut a list short (a huge case gets its coarse steps only), so that
/// a shrink that saw the whole list go by does not call its result 1-minimal. `stress` shrinks one
/// case at a time: [`candidates_complete`] clears it, asks, and reads it.
pub static STEPS_CUT: AtomicBool = AtomicBool::new(false);

/// Offers `visit` the [`candidates`] of `case` until it says stop; returns whether every
/// candidate of the game's steps was offered (the list was not cut, and the visitor never
/// stopped).
pub fn candidates_complete<C: Case>(case: &C, judged: bool, visit: &mut dyn FnMut(C) -> bool) -> bool {
    STEPS_CUT.store(false, Ordering::Relaxed);
    let list = candidates(case, judged);
    let cut = STEPS_CUT.load(Ordering::Relaxed);
    list.into_iter().all(visit) && !cut
}

/// The shrink steps, coarsest first. `kinds[k]` is `(len, longest)`: `len` items of kind `k`, of
/// which runs of at most `longest` may go. For each level `1, 2, ...` and each kind, every run of
/// `ceil(len / 2^level)` consecutive items (halves, quarters, ..., single items), each run once:
/// `build(kind, run)` makes the case without it. Stops once the cases made weigh (by `weigh`)
/// `4 * weight + 2^20` in all, `weight` this case's: a small case gets every step, a huge one its
/// coarse steps only (the next round, on a smaller case, goes finer).
pub fn shrink_steps<C>(
    kinds: &[(usize, usize)],
    weight: u64,
    weigh: impl Fn(&C) -> u64,
    mut build: impl FnMut(usize, Range<usize>) -> C,
) -> Vec<C> {
    let mut budget = 4 * weight + (1 << 20);
    let run = |len: usize, level: u32| ((len - 1) >> level) + 1;
    let bits = |len: usize| usize::BITS - len.saturating_sub(1).leading_zeros();
    let levels = kinds.iter().map(|&(len, _)| bits(len)).max().unwrap_or(0).max(1);
    let mut out = Vec::new();
    for level in 1..=levels {
        for (kind, &(len, longest)) in kinds.iter().enumerate() {
            if len == 0 || run(len, level) > longest || (level > 1 && run(len, level - 1) == 1) {
                continue;
            }
            let size = run(len, level);
            // The last run of a level may be the last run of an earlier one.
            let earlier = |start: usize| {
                (1..level).any(|j| run(len, j) <= longest && (len - 1) / run(len, j) * run(len, j) == start)
            };
            for start in (0..len).step_by(size) {
                let end = (start + size).min(len);
                if end == len && earlier(start) {
                    continue;
                }
                if budget < weight {
                    STEPS_CUT.store(true, Ordering::Relaxed);
                    return out;
                }
                let case = build(kind, start..end);
                budget = budget.saturating_sub(weigh(&case));
                out.push(case);
            }
        }
    }
    out
}

/// The integer square root.
pub fn isqrt(x: usize) -> usize {
    let mut r = (x as f64).sqrt() as usize;
    while r * r > x {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= x {
        r += 1;
    }
    r
}

/// For the games' tests: a case of the family named `name` (one of `C::FAMILIES`).
#[cfg(test)]
pub fn of_family<C: Case>(name: &str, rng: &mut Rng, size: usize) -> C {
    let family = C::FAMILIES.iter().position(|&f| f == name).unwrap_or_else(|| panic!("no family {name}"));
    C::generate(family, rng, size)
}

/// For the games' tests: the contract of [`Case::smaller`], checked by shrinking random cases to
/// the end. For each seed below `seeds`, a case of `size(seed)` is shrunk by random steps until
/// none is left; every step must lower `measure`, and must be `valid` (all steps in the first two
/// rounds, the step taken in every round). Returns each end case with its first measure and the
/// rounds taken, for the game's own checks of where shrinking ends.
#[cfg(test)]
pub fn shrink_to_the_end<C: Case, M: Ord + Copy + std::fmt::Debug>(
    seeds: u64,
    size: impl Fn(u64) -> usize,
    measure: impl Fn(&C) -> M,
    valid: impl Fn(&C) -> bool,
) -> Vec<(C, M, usize)> {
    let mut ends = Vec::new();
    for seed in 0..seeds {
        let mut rng = Rng::new(seed);
        let mut case = C::random(&mut rng, size(seed));
        let (first, mut rounds) = (measure(&case), 0);
        loop {
            let steps = case.smaller();
            for step in &steps {
                let checked = rounds > 1 || valid(step);
                assert!(checked && measure(step) < measure(&case), "{case:?} -> {step:?}");
            }
            if steps.is_empty() {
                break;
            }
            case = steps[rng.below(steps.len() as u64) as usize].clone();
            assert!(valid(&case), "{case:?}");
            rounds += 1;
        }
        ends.push((case, first, rounds));
    }
    ends
}
