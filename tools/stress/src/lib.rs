//! `stress`: tests a solution against a reference on generated inputs, and shrinks the first
//! input it fails on. A tool beside the judge programs, a crate of its own on the library
//! (`src/main.rs` calls [`run`]); never bundled.
//!
//! For one of the library's games ([`games`], [`judged`]), each of `--cases` small cases (sizes
//! growing from 1 to `--size`) is generated ([`cases`], from a [`cases::Rng`] made from the seed and
//! the case's number), within the judge's constraints for a judged problem unless `--beyond-limits`;
//! then come `--large` cases at the judge's maximum. Each is answered in-process exactly as the
//! judge binary would, the command is run on it ([`child`]: its own process group, killed whole at
//! the end; its time limit on CPU time where [`cpu`] reads it; the judge's environment,
//! [`environment`]) and judged ([`judge`]): runtime error, time limit exceeded (confirmed by a
//! second run), output limit exceeded, wrong answer ([`compare`]). A failure is shrunk
//! ([`shrinking`]: a time-out by size first, [`by_size`], within a budget of runs; then by steps
//! within a budget of time and candidates, a time-out's of time limits charged to its runs,
//! [`greedy::Budget`]) and saved each time it shrinks,
//! then reported ([`report`]). With `--ref` and `--gen`, any problem ([`generic`]): a reference
//! command and a generator command instead of a game, shrunk by the steps of [`lines`]; a helper
//! that fails is told, with its stderr, and never taken for the solution's failure.
//!
//! Exit status: 0 if every case passed, 1 if one failed (like `diff`), 2 for an error (one
//! `error: ...` line on stderr, as the judge programs say it), 130 when interrupted before a
//! failure was found. Everything follows from the seed: the same seed, the same cases.

// Its docs are read with the private modules they name (make lint documents them).
#![allow(rustdoc::private_intra_doc_links)]

mod by_size;
pub mod cases;
mod child;
mod compare;
mod cpu;
mod environment;
mod games;
mod generic;
mod greedy;
mod interaction;
mod interactive;
mod judge;
mod judged;
mod lines;
mod options;
mod plan;
mod relay;
mod report;
mod shrink_file;
mod shrinking;
mod sys;
mod token_duel;

use crate::games::{dispatch, Subject, Task, NAMES};
use crate::options::{Mode, Options};
use crate::plan::Outcome;
use crate::sys::cannot_write;
use graph_games::cli::fail;
use graph_games::input::{shown, Error};
use std::ffi::OsString;

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
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    sys::one_heap();
    // Before anything opens a descriptor, which could take number 1 and receive the report.
    if graph_games::cli::stdout_is_closed() {
        return fail(&Error::new(
            "stdout is closed: nowhere to write the report (to drop it, redirect it to /dev/null)",
        ));
    }
    let mut options = match Options::parse(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            return match sys::write_stdout(options::usage().as_bytes()) {
                Ok(()) => 0,
                Err(e) => fail(&cannot_write(&e)),
            }
        }
        Err(e) => return fail(&e),
    };
    options.env_removed = environment::removed(options.keep_env);
    sys::catch_interrupts();
    let outcome = match &options.mode {
        Mode::Game(game) if game == token_duel::NAME => token_duel::run(&options),
        Mode::Game(game) => dispatch(game, Stress(&options)).unwrap_or_else(|| {
            Err(Error::new(format!(
                "unknown game {}: one of {}, {}",
                shown(game.as_bytes()),
                NAMES.join(", "),
                token_duel::NAME
            )))
        }),
        Mode::Generic { reference, generator, check } => {
            generic::stress(&options, generic::Helpers { reference, generator, check })
        }
        Mode::Interactive { jury, generator, check } => {
            interactive::from_command_line(&options, jury, generator.as_deref(), check.as_deref())
        }
    };
    // The report ends with the variables the command ran without, if any (none with --gen).
    let note = environment::note(&options.env_removed).filter(|_| !options.gen);
    let outcome = match (outcome, note) {
        (Ok(outcome), Some(note)) => {
            sys::write_stdout(note.as_bytes()).map(|()| outcome).map_err(|e| cannot_write(&e))
        }
        (outcome, _) => outcome,
    };
    match outcome {
        Ok(Outcome::Passed) => 0,
        Ok(Outcome::Failed) => 1,
        Ok(Outcome::Interrupted) => 130,
        Err(e) => fail(&e),
    }
}
