//! A failure's whole shrink, the same for the library's games and for any problem: a time-out
//! first by size ([`by_size`], counted in runs), then every failure by steps ([`shrink`], within
//! `--shrink-time`, a budget of its own). Each smaller failure is saved as it is found.

use crate::by_size::{self, BySize, SizeEnd, Sizes};
use crate::greedy::{Budgets, Smaller};
use crate::judge::{shrink, End, Failure, Judge, Kind, Reference, Shrinker, Shrunk, Trouble};
use crate::report::{write_files, Progress};
use graph_games::input::Error;
use std::ffi::OsString;
use std::time::Instant;

/// What a failure is shrunk with.
pub struct Shrinking<'a, T> {
    /// The failing case again at another size (see [`Sizes::make`]), and its size.
    pub make: &'a mut dyn FnMut(usize) -> Result<(T, Vec<u8>), Trouble>,
    pub size: usize,
    /// The steps: the candidates one step smaller, and an input's text.
    pub smaller: Smaller<'a, T>,
    pub write: &'a dyn Fn(&T) -> Vec<u8>,
    /// The budgets of the shrink by steps (the failure's kind chooses).
    pub budget: Budgets,
    /// Where each smaller failure is saved (`--out`).
    pub out: &'a OsString,
}

/// Shrinks `failure`: by size first if it is a time-out, then by steps, unless Ctrl-C came.
/// Returns the smallest failure found, how the shrink went (the steps and runs of both), and the
/// bisection by size if there was one.
pub fn shrink_failure<T: Clone, R: Reference>(
    judge: &mut Judge<R>,
    failure: Failure<T>,
    with: Shrinking<T>,
    progress: &mut Progress,
) -> Result<(Failure<T>, Shrunk, Option<BySize>), Error> {
    let start = Instant::now();
    let out = with.out;
    let mut failure = failure;
    let mut sized = Shrunk::default();
    let mut bisection = None;
    if failure.verdict.kind() == Kind::TimeLimit {
        let mut steps = 0;
        let sizes = Sizes {
            make: with.make,
            improved: &mut |failure| {
                steps += 1;
                write_files(out, failure)
            },
            step: &mut |size, runs| progress.by_size(size, runs),
        };
        let (smaller, by_size) = by_size::shrink(judge, failure, with.size, sizes)?;
        failure = smaller;
        sized = Shrunk { steps, runs: by_size.runs, ..sized };
        if by_size.end == SizeEnd::Interrupted {
            sized.end = End::Interrupted;
            sized.time = start.elapsed();
            return Ok((failure, sized, Some(by_size)));
        }
        bisection = Some(by_size);
    }
    let before = sized;
    let steps = Shrinker {
        smaller: with.smaller,
        write: with.write,
        budget: with.budget,
        improved: &mut |failure| write_files(out, failure),
        step: &mut |shrunk, bytes| {
            let so_far =
                Shrunk { steps: shrunk.steps + before.steps, runs: shrunk.runs + before.runs, ..*shrunk };
            progress.shrink(&so_far, bytes)
        },
    };
    let (failure, by_steps) = shrink(judge, failure, steps)?;
    let shrunk = Shrunk {
        steps: before.steps + by_steps.steps,
        runs: before.runs + by_steps.runs,
        time: start.elapsed(),
        ..by_steps
    };
    Ok((failure, shrunk, bisection))
}
