//! `stress`: tests a solution against a reference on generated inputs, and shrinks the first
//! input it fails on. A tool beside the judge programs, built on the library and never bundled.
//!
//! For one of the library's games ([`games`], [`judged`]), each of `--cases` small cases (sizes
//! growing from 1 to `--size`) is generated ([`cases`], from an [`Rng`] made from the seed and the
//! case's number), within the judge's constraints for a judged problem unless `--beyond-limits`;
//! then come `--large` cases at the judge's maximum. Each is answered in-process exactly as the
//! judge binary would, the command is run on it ([`child`]: its own process group, killed whole at
//! the end) and judged ([`judge`]): runtime error, time limit exceeded, output limit exceeded,
//! wrong answer ([`compare`]). A failure is shrunk within a time budget and saved each time it
//! shrinks, then reported ([`report`]). With `--ref` and `--gen`, any problem ([`generic`]): a
//! reference command and a generator command instead of a game.
//!
//! Exit status: 0 if every case passed, 1 if one failed (like `diff`), 2 for an error (one
//! `error: ...` line on stderr, as the judge programs say it), 130 when interrupted before a
//! failure was found. Everything follows from the seed: the same seed, the same cases.

mod cases;
mod child;
mod compare;
mod games;
mod generic;
mod judge;
mod judged;
mod options;
mod report;
mod sys;

use crate::cases::{Case, Rng};
use crate::games::{dispatch, Subject, Task, NAMES};
use crate::options::{Mode, Options};
use graph_games::input::{shown, Error};
use std::ffi::OsString;
use std::io::{self, Write};

fn main() {
    std::process::exit(run(std::env::args_os().skip(1)));
}

/// What a run of `stress` ends in, before it becomes an exit status.
pub enum Outcome {
    Passed,
    Failed,
    /// Ctrl-C (or SIGTERM, SIGHUP) before any failure was found.
    Interrupted,
}

/// The run the options ask for, on the game they name.
struct Stress<'a>(&'a Options);

impl Task for Stress<'_> {
    type Output = Result<Outcome, Error>;

    fn run<G: Subject>(self) -> Result<Outcome, Error> {
        if self.0.gen {
            judged::generate::<G>(self.0).map(|()| Outcome::Passed)
        } else {
            judged::stress::<G>(self.0)
        }
    }
}

/// The whole tool, on the arguments after the program name; returns the exit status.
fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    // Before anything opens a descriptor, which could take number 1 and receive the report.
    if graph_games::cli::stdout_is_closed() {
        return fail(&Error::new(
            "stdout is closed: nowhere to write the report (to drop it, redirect it to /dev/null)",
        ));
    }
    let options = match Options::parse(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            return match sys::write_stdout(options::usage().as_bytes()) {
                Ok(()) => 0,
                Err(e) => fail(&cannot_write(&e)),
            }
        }
        Err(e) => return fail(&e),
    };
    sys::catch_interrupts();
    let outcome = match &options.mode {
        Mode::Game(game) => dispatch(game, Stress(&options)).unwrap_or_else(|| {
            Err(Error::new(format!("unknown game {}: one of {}", shown(game.as_bytes()), NAMES.join(", "))))
        }),
        Mode::Generic { reference, generator, check } => {
            generic::stress(&options, generic::Helpers { reference, generator, check })
        }
    };
    match outcome {
        Ok(Outcome::Passed) => 0,
        Ok(Outcome::Failed) => 1,
        Ok(Outcome::Interrupted) => 130,
        Err(e) => fail(&e),
    }
}

/// The error of a failed write to stdout.
pub fn cannot_write(e: &io::Error) -> Error {
    Error::new(format!("cannot write the output: {e}"))
}

/// Prints the one error line and returns the exit status 2 (as `graph_games::cli` does).
fn fail(e: &Error) -> i32 {
    let _ = writeln!(io::stderr(), "error: {e}");
    2
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
