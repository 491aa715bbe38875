//! The shrink by steps, for every kind of problem: greedy, it takes the first candidate (one step
//! smaller) that still fails the same way, and starts again from there. Invariant: the shrink
//! ends [`End::Minimal`] only when the whole list of candidates of its result went by, each
//! judged (passing, failing otherwise, or not a valid input) and none failing the same way: that
//! is what the report calls 1-minimal. A candidate that could not be judged (the reference or the
//! jury failed on it) leaves the claim out ([`End::Undecided`]).

use crate::sys;
use graph_games::input::{plural, Error};
use std::time::{Duration, Instant};

/// Why an input could not be judged.
#[derive(Debug)]
pub enum Trouble {
    /// The reference (or `--check`) rejects it: not a valid input.
    Rejected(Error),
    /// The reference (or `--check`) failed on it otherwise: killed by a signal, timed out, or
    /// the reference's non-zero exit on an input `--check` accepts.
    Helper(Error),
    /// The command cannot be started (or a thread to feed it); the message names what.
    CannotRun(Error),
    /// Ctrl-C (or SIGTERM, SIGHUP) arrived.
    Interrupted,
}

/// How a shrink ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum End {
    /// Every candidate of the result was judged and none fails the same way: it is 1-minimal.
    #[default]
    Minimal,
    /// Every candidate was offered, but this many could not be judged (a helper failed on them).
    Undecided(u64),
    /// No candidate fails the same way, but the list of candidates was cut (a huge case gets its
    /// coarse steps only).
    Partial,
    /// The time budget ran out: the smallest failing input so far, maybe not minimal.
    Budget,
    /// Ctrl-C (or SIGTERM, SIGHUP): the smallest failing input so far, maybe not minimal.
    Interrupted,
}

/// The budget of a shrink by steps. [`Budget::Time`]: it stops at the first candidate once `time`
/// has passed and at least `least` candidates were judged (`--shrink-time` gives the time alone,
/// `least` 0; the default adds a number of candidates, so that where one run is slow, an
/// interpreter on each side of an interactive run, the budget grows with a run's cost instead of
/// ending after a handful of candidates). [`Budget::Limits`]: it stops before a candidate that
/// could take the run time of the command past this many time limits, a run charged its CPU time
/// (its wall time where CPU time is not measured) and a run past the limit one limit, so a
/// candidate at most two (a time-out is confirmed by a second run). It is the default for a
/// time-out, whose runs near the limit each cost about the limit: the shrink's time is then
/// bounded by that many limits (each charged limit at most 3 of wall time, a run's wall limit),
/// while the runs far below the limit, which cost little, are not counted against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Time { time: Duration, least: u64 },
    Limits(u32),
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::Time { time: Duration::ZERO, least: 0 }
    }
}

impl Budget {
    /// Whether the budget is spent, `elapsed` into the shrink with `tried` candidates judged
    /// whose runs were charged `used` time limits.
    pub fn spent(&self, elapsed: Duration, tried: u64, used: f64) -> bool {
        match *self {
            Budget::Time { time, least } => elapsed >= time && tried >= least,
            Budget::Limits(most) => used + 2.0 > f64::from(most),
        }
    }
}

/// The budget of a shrink by steps for each kind of failure: a time-out's, and any other's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budgets {
    pub time_out: Budget,
    pub other: Budget,
}

impl Budgets {
    /// The same budget for every failure.
    pub fn every(budget: Budget) -> Budgets {
        Budgets { time_out: budget, other: budget }
    }

    /// The budget of a failure, `time_out` if it is a time-out.
    pub fn of(&self, time_out: bool) -> Budget {
        if time_out {
            self.time_out
        } else {
            self.other
        }
    }
}

/// How a shrink went: the steps taken (each a smaller input that still failed), the runs of the
/// command, the candidates judged (in all, and of them not valid), the time, and how it ended.
#[derive(Debug, Clone, Copy, Default)]
pub struct Shrunk {
    pub steps: u64,
    pub runs: u64,
    pub tried: u64,
    /// Candidates judged in the last round, the result's own (all of them when 1-minimal).
    pub last_round: u64,
    /// Candidates the reference rejected (or the judge's constraints ruled out), passed over.
    pub rejected: u64,
    pub time: Duration,
    pub end: End,
    /// The budget it had, and the time limits its runs were charged (see [`Budget::Limits`]).
    pub budget: Budget,
    pub used: f64,
}

/// The candidates one step smaller than a case, offered one at a time to a visitor that says
/// whether to go on; returns whether every candidate was offered.
pub type Smaller<'a, T> = &'a dyn Fn(&T, &mut dyn FnMut(T) -> bool) -> bool;

/// What a candidate came to: it fails the same way (`Some`), or not, or could not be judged; how
/// many runs of the command that took, and how many time limits they were charged.
pub type Tried<F> = (Result<Option<F>, Trouble>, u64, f64);

/// What [`greedy`] works with: the candidates one step smaller than a case (offered one at a time
/// to a visitor, which says whether to go on; it returns whether all were offered), a case's
/// text, the budget, the judgement of a candidate, and what to do with each new smallest failure
/// (save it) and before each run (show progress: how it went so far, the input's length).
pub struct Steps<'a, T, F> {
    pub smaller: Smaller<'a, T>,
    pub write: &'a dyn Fn(&T) -> Vec<u8>,
    pub budget: Budget,
    pub test: &'a mut dyn FnMut(T, Vec<u8>) -> Tried<F>,
    pub improved: &'a mut dyn FnMut(&F) -> Result<(), Error>,
    pub step: &'a mut dyn FnMut(&Shrunk, usize),
}

/// Tells `text` on a line of stderr (over the progress line, on a terminal).
fn note(text: &str) {
    use std::io::Write;
    let erase = if sys::stderr_is_terminal() { "\r\x1b[K" } else { "" };
    let _ = writeln!(std::io::stderr(), "{erase}{text}");
}

/// Shrinks `failure` (whose case and input `parts` tells) greedily, as the module's doc says.
/// A command that can no longer be started is an error.
pub fn greedy<T, F>(
    failure: F,
    parts: fn(&F) -> (&T, &[u8]),
    with: Steps<T, F>,
) -> Result<(F, Shrunk), Error> {
    let start = Instant::now();
    let mut failure = failure;
    let Steps { smaller, write, budget, test, improved, step } = with;
    let mut shrunk = Shrunk { budget, ..Shrunk::default() };
    let mut told = false;
    loop {
        let mut found = None;
        let mut stopped = None;
        let mut undecided = 0;
        shrunk.last_round = 0;
        let (case, input) = parts(&failure);
        let complete = smaller(case, &mut |candidate| {
            // Before the candidate's text is even made: the budget is kept within one run.
            if sys::interrupted() || budget.spent(start.elapsed(), shrunk.tried, shrunk.used) {
                stopped = Some(Ok(if sys::interrupted() { End::Interrupted } else { End::Budget }));
                return false;
            }
            match budget {
                Budget::Time { time, least } if least > 0 && !told && start.elapsed() >= time => {
                    told = true;
                    note(&format!(
                        "stress: the shrink's {} s are spent after {}: it goes on to {least} (each run is \
                         slow; --shrink-time bounds it, Ctrl-C reports the smallest failure so far)",
                        time.as_secs_f64(),
                        plural(shrunk.tried, "candidate"),
                    ));
                }
                _ => {}
            }
            let text = write(&candidate);
            if text == input {
                return true; // not smaller: a step's slip, which must not loop forever
            }
            step(&shrunk, input.len());
            let (judged, runs, used) = test(candidate, text);
            shrunk.runs += runs;
            shrunk.used += used;
            shrunk.tried += 1;
            shrunk.last_round += 1;
            match judged {
                Ok(Some(smaller)) => {
                    found = Some(smaller);
                    return false;
                }
                Ok(None) => {}
                Err(Trouble::Rejected(_)) => shrunk.rejected += 1,
                Err(Trouble::Helper(_)) => undecided += 1,
                Err(Trouble::CannotRun(e)) => {
                    stopped = Some(Err(e));
                    return false;
                }
                Err(Trouble::Interrupted) => {
                    stopped = Some(Ok(End::Interrupted));
                    return false;
                }
            }
            true
        });
        if let Some(smaller) = found {
            failure = smaller;
            shrunk.steps += 1;
            improved(&failure)?;
            continue;
        }
        shrunk.end = match stopped {
            Some(end) => end?,
            None if undecided > 0 => End::Undecided(undecided),
            None if !complete => End::Partial,
            None => End::Minimal,
        };
        break;
    }
    shrunk.time = start.elapsed();
    Ok((failure, shrunk))
}
