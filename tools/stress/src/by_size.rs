//! A time-out shrunk by size: the failing case regenerated (the same seed, the same family or
//! generator) at sizes found by bisection, while it still times out. Its budget is counted in
//! runs, not time, so that it always gets as far as it promises: the sizes tried first are the
//! halves (the size of the case found, then a half of it, a quarter, ...), each at most two runs
//! (a time-out is confirmed by a second run), until one passes; [`budget`] leaves room for every
//! halving, so the size found that times out is always within a factor of two of the smallest
//! that does (if a larger size is never faster). The runs left bisect further. Each run takes at
//! most the wall limit, so the bisection's time is bounded too: both bounds are in the report.

use crate::judge::{seconds, Failure, Judge, Reference, Trouble, Verdict};
use crate::sys;
use graph_games::input::{plural, Error};
use std::time::{Duration, Instant};

/// The probes past the halvings that the budget allows: each halves the sizes still in doubt.
const REFINING: u64 = 6;

/// The runs allowed to shrink a time-out of size `size`: two for each halving down to size 1,
/// and two for each of [`REFINING`] probes more.
pub fn budget(size: usize) -> u64 {
    let halvings = u64::from(usize::BITS - size.leading_zeros());
    2 * (halvings + REFINING)
}

/// How a bisection ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SizeEnd {
    /// The two sizes found are next to each other (or size 1 still times out).
    Done,
    /// The budget of runs ran out first.
    Budget,
    Interrupted,
    /// A size could not be tried: why (the generator failed, the reference rejected its input).
    Stopped(String),
}

/// How a time-out's bisection by size went.
#[derive(Debug, Clone)]
pub struct BySize {
    /// The smallest size found that still times out, and the largest found that passes (0: none).
    pub fails: usize,
    pub passes: usize,
    /// The runs it took, and its budget.
    pub runs: u64,
    pub budget: u64,
    /// The most a run may take (its wall limit), and the time it took.
    pub wall_limit: Duration,
    pub time: Duration,
    pub end: SizeEnd,
}

impl BySize {
    /// The report's line.
    pub fn describe(&self) -> String {
        let (fails, passes) = (self.fails, self.passes);
        let mut line = format!("by size: {fails} still times out");
        if passes > 0 {
            line += &format!(", {passes} passes");
        }
        match &self.end {
            SizeEnd::Done => {}
            SizeEnd::Budget => {
                line += &format!(
                ", then the bisection's budget ran out: the smallest size that times out is {} to {fails}",
                passes + 1
            )
            }
            SizeEnd::Interrupted => line += ", then interrupted",
            SizeEnd::Stopped(why) => line += &format!(", then the bisection stopped: {why}"),
        }
        line + &format!(
            " ({} in {} s; its budget: {}, each at most {} s)",
            plural(self.runs, "run"),
            seconds(self.time),
            plural(self.budget, "run"),
            seconds(self.wall_limit)
        )
    }
}

/// What trying one size came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Probe {
    TimesOut,
    /// Passes, or fails some other way.
    Passes,
    /// Could not be tried: why.
    Stop(String),
    Interrupted,
}

/// The bisection on its own: from a time-out at `size`, `try_size` tried at the sizes between
/// the largest known to pass (0 at first) and the smallest known to time out, halfway, while
/// `budget` runs are left for a probe (`try_size` says how many it took, at most 2). Returns the
/// two sizes, the runs taken and how it ended.
pub fn bisect(
    size: usize,
    budget: u64,
    try_size: &mut dyn FnMut(usize) -> Result<(Probe, u64), Error>,
) -> Result<(usize, usize, u64, SizeEnd), Error> {
    let (mut passes, mut fails, mut runs) = (0, size, 0);
    while fails - passes > 1 {
        if sys::interrupted() {
            return Ok((fails, passes, runs, SizeEnd::Interrupted));
        }
        if runs + 2 > budget {
            return Ok((fails, passes, runs, SizeEnd::Budget));
        }
        let probe = passes + (fails - passes) / 2;
        let (seen, took) = try_size(probe)?;
        runs += took;
        match seen {
            Probe::TimesOut => fails = probe,
            Probe::Passes => passes = probe,
            Probe::Stop(why) => return Ok((fails, passes, runs, SizeEnd::Stopped(why))),
            Probe::Interrupted => return Ok((fails, passes, runs, SizeEnd::Interrupted)),
        }
    }
    Ok((fails, passes, runs, SizeEnd::Done))
}

/// What [`shrink`] works with: the case at a size (an input that cannot be had is
/// [`Trouble::Rejected`] or [`Trouble::Helper`], which stops the bisection, or
/// [`Trouble::CannotRun`], an error), what to do with each smaller time-out (save it), and
/// before each size tried (show progress: the size, the runs so far).
pub struct Sizes<'a, T> {
    pub make: &'a mut dyn FnMut(usize) -> Result<(T, Vec<u8>), Trouble>,
    pub improved: &'a mut dyn FnMut(&Failure<T>) -> Result<(), Error>,
    pub step: &'a mut dyn FnMut(usize, u64),
}

/// Shrinks a time-out found at `size` by bisection on the size (see the module's doc).
pub fn shrink<T, R: Reference>(
    judge: &mut Judge<R>,
    failure: Failure<T>,
    size: usize,
    with: Sizes<T>,
) -> Result<(Failure<T>, BySize), Error> {
    let start = Instant::now();
    let budget = budget(size);
    let mut failure = failure;
    let first_run = judge.stats().runs;
    let mut try_size = |probe: usize| -> Result<(Probe, u64), Error> {
        let runs_before = judge.stats().runs;
        (with.step)(probe, runs_before - first_run);
        let (case, input) = match (with.make)(probe) {
            Ok(made) => made,
            Err(trouble) => return stopped(probe, trouble).map(|seen| (seen, 0)),
        };
        let judged = judge.judge(&input);
        let took = judge.stats().runs - runs_before;
        let seen = match judged {
            Ok(Some(verdict @ Verdict::TimeLimit(_))) => {
                failure = Failure::of_last_run(judge, case, input, verdict);
                (with.improved)(&failure)?;
                Probe::TimesOut
            }
            Ok(_) => Probe::Passes,
            Err(trouble) => stopped(probe, trouble)?,
        };
        Ok((seen, took))
    };
    let (fails, passes, runs, end) = bisect(size, budget, &mut try_size)?;
    let (time, wall_limit) = (start.elapsed(), judge.limit().wall);
    Ok((failure, BySize { fails, passes, runs, budget, wall_limit, time, end }))
}

/// The probe of size `size` that met `trouble`.
fn stopped(size: usize, trouble: Trouble) -> Result<Probe, Error> {
    match trouble {
        Trouble::Rejected(e) | Trouble::Helper(e) => {
            Ok(Probe::Stop(format!("at size {size}, {}", e.message())))
        }
        Trouble::CannotRun(e) => Err(e),
        Trouble::Interrupted => Ok(Probe::Interrupted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solution that times out past `threshold`: each time-out takes two runs, a pass one.
    fn past(threshold: usize) -> impl FnMut(usize) -> Result<(Probe, u64), Error> {
        move |size| Ok(if size > threshold { (Probe::TimesOut, 2) } else { (Probe::Passes, 1) })
    }

    #[test]
    fn the_budget_always_reaches_a_factor_of_two() {
        for size in (1..2000).chain([1 << 20, 1_000_000, 999_999_999, usize::MAX]) {
            for threshold in [0, 1, 2, 3, 39, 40, 41, 500, size / 2, size.saturating_sub(1)] {
                if threshold >= size {
                    continue;
                }
                let (fails, passes, runs, end) = bisect(size, budget(size), &mut past(threshold)).unwrap();
                // The smallest size that times out is threshold + 1.
                let smallest = threshold + 1;
                assert!(fails >= smallest && passes < smallest, "{size} {threshold}: {fails} {passes}");
                assert!(fails - smallest < smallest, "{size} {threshold}: {fails}");
                assert!(runs <= budget(size), "{size} {threshold}: {runs}");
                if end == SizeEnd::Done {
                    assert_eq!((fails, passes), (smallest, threshold));
                } else {
                    assert_eq!(end, SizeEnd::Budget);
                }
            }
        }
    }

    #[test]
    fn slow_past_40_from_976() {
        let (fails, passes, runs, end) = bisect(976, budget(976), &mut past(40)).unwrap();
        assert_eq!((fails, passes, end), (41, 40, SizeEnd::Done));
        // 488, 244, 122, 61 time out; 30 passes; 45 times out; 37 passes; 41 times out; 39, 40 pass.
        assert_eq!(runs, 4 * 2 + 1 + 2 + 1 + 2 + 1 + 1);
        assert_eq!(budget(976), 32);
    }

    #[test]
    fn a_stop_ends_it_with_what_was_found() {
        let mut try_size =
            |size: usize| Ok(if size < 100 { (Probe::Stop("no".into()), 0) } else { (Probe::TimesOut, 2) });
        let (fails, passes, _, end) = bisect(1000, budget(1000), &mut try_size).unwrap();
        assert_eq!((fails, passes, end), (125, 0, SizeEnd::Stopped("no".into())));
    }

    #[test]
    fn the_report_line() {
        let by = BySize {
            fails: 61,
            passes: 45,
            runs: 32,
            budget: 32,
            wall_limit: Duration::from_millis(900),
            time: Duration::from_millis(12_500),
            end: SizeEnd::Budget,
        };
        assert_eq!(
            by.describe(),
            "by size: 61 still times out, 45 passes, then the bisection's budget ran out: the smallest \
             size that times out is 46 to 61 (32 runs in 12.5 s; its budget: 32 runs, each at most 0.9 s)"
        );
        let by = BySize { fails: 1, passes: 0, end: SizeEnd::Done, runs: 1, ..by };
        assert_eq!(
            by.describe(),
            "by size: 1 still times out (1 run in 12.5 s; its budget: 32 runs, each at most 0.9 s)"
        );
    }
}
