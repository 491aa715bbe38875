//! The shrink by steps, for every kind of problem: greedy, it takes the first candidate (one step
//! smaller) that still fails the same way, and starts again from there. Invariant: the shrink
//! ends [`End::Minimal`] only when the whole list of candidates of its result went by, each
//! judged (passing, failing otherwise, or not a valid input) and none failing the same way: that
//! is what the report calls 1-minimal. A candidate that could not be judged (the reference or the
//! jury failed on it) leaves the claim out ([`End::Undecided`]).

use crate::sys;
use graph_games::input::Error;
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
}

/// The candidates one step smaller than a case, offered one at a time to a visitor that says
/// whether to go on; returns whether every candidate was offered.
pub type Smaller<'a, T> = &'a dyn Fn(&T, &mut dyn FnMut(T) -> bool) -> bool;

/// What a candidate came to: it fails the same way (`Some`), or not, or could not be judged; and
/// how many runs of the command that took.
pub type Tried<F> = (Result<Option<F>, Trouble>, u64);

/// What [`greedy`] works with: the candidates one step smaller than a case (offered one at a time
/// to a visitor, which says whether to go on; it returns whether all were offered), a case's
/// text, the budget, the judgement of a candidate, and what to do with each new smallest failure
/// (save it) and before each run (show progress: how it went so far, the input's length).
pub struct Steps<'a, T, F> {
    pub smaller: Smaller<'a, T>,
    pub write: &'a dyn Fn(&T) -> Vec<u8>,
    pub budget: Duration,
    pub test: &'a mut dyn FnMut(T, Vec<u8>) -> Tried<F>,
    pub improved: &'a mut dyn FnMut(&F) -> Result<(), Error>,
    pub step: &'a mut dyn FnMut(&Shrunk, usize),
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
    let mut shrunk = Shrunk::default();
    let Steps { smaller, write, budget, test, improved, step } = with;
    loop {
        let mut found = None;
        let mut stopped = None;
        let mut undecided = 0;
        shrunk.last_round = 0;
        let (case, input) = parts(&failure);
        let complete = smaller(case, &mut |candidate| {
            let text = write(&candidate);
            if text == input {
                return true; // not smaller: a step's slip, which must not loop forever
            }
            if sys::interrupted() || start.elapsed() >= budget {
                stopped = Some(Ok(if sys::interrupted() { End::Interrupted } else { End::Budget }));
                return false;
            }
            step(&shrunk, input.len());
            let (judged, runs) = test(candidate, text);
            shrunk.runs += runs;
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
