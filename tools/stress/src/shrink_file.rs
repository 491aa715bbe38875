//! `stress --shrink FILE`: an input one already has, judged and, if it fails, shrunk by steps as
//! a found failure is (no generator: no shrink by size), then reported the same way.
//! Invariant: the file is judged as it is; an input the reference (or the game's reader)
//! rejects is an error, not a failure of the solution.

use crate::greedy::Smaller;
use crate::judge::{shrink, Failure, Judge, Reference, Shrinker, Trouble};
use crate::options::Options;
use crate::plan::Outcome;
use crate::report::{self, shown_path, write_files, Found, Progress};
use crate::sys::{self, cannot_write};
use graph_games::input::Error;

/// How a kind of problem reads and shrinks a file: its name in the report, the case in the
/// file's bytes, the steps, the text of a case, and the hint when the budget is spent.
pub struct Kind<'a, T> {
    pub name: &'a str,
    pub case_of: &'a dyn Fn(&[u8]) -> Result<T, Error>,
    pub smaller: Smaller<'a, T>,
    pub write: &'a dyn Fn(&T) -> Vec<u8>,
    pub hint: Option<&'a str>,
}

/// The file of `--shrink`, read; an error names it.
pub fn read(options: &Options) -> Result<(Vec<u8>, String), Error> {
    let file = options.shrink.as_ref().expect("--shrink FILE");
    let which = format!("the input of --shrink {}", shown_path(file));
    match sys::read_capped(std::path::Path::new(file), sys::INPUT_CAP) {
        Ok(bytes) => Ok((bytes, which)),
        Err(e) => Err(Error::new(format!("--shrink {}: cannot read it: {e}", shown_path(file)))),
    }
}

/// Judges the file of `--shrink` with `judge`; shrinks and reports it if it fails.
pub fn shrink_file<T: Clone, R: Reference>(
    options: &Options,
    judge: &mut Judge<R>,
    kind: Kind<T>,
) -> Result<Outcome, Error> {
    let (input, which) = read(options)?;
    let case = (kind.case_of)(&input).map_err(|e| Error::new(format!("{which}: {}", e.message())))?;
    let verdict = match judge.judge(&input) {
        Ok(None) => {
            let line = format!("{}: {which} passes: nothing to shrink\n", kind.name);
            sys::write_stdout(line.as_bytes()).map_err(|e| cannot_write(&e))?;
            return Ok(Outcome::Passed);
        }
        Ok(Some(verdict)) => verdict,
        Err(Trouble::Interrupted) => return Ok(Outcome::Interrupted),
        Err(Trouble::CannotRun(e)) => return Err(e),
        Err(Trouble::Rejected(e)) => {
            return Err(Error::new(format!("{which} is not valid: {}", e.message())))
        }
        Err(Trouble::Helper(e)) => return Err(Error::new(format!("on {which}, {}", e.message()))),
    };
    let out = &options.out;
    let bytes = input.len();
    let failure = Failure::of_last_run(judge, case, input, verdict);
    write_files(out, &failure)?;
    let mut progress = Progress::new(sys::stderr_is_terminal());
    let with = Shrinker {
        smaller: kind.smaller,
        write: kind.write,
        budget: options.budget(),
        improved: &mut |failure| write_files(out, failure),
        step: &mut |shrunk, bytes| progress.shrink(shrunk, bytes),
    };
    let (failure, shrunk) = shrink(judge, failure, with)?;
    progress.clear();
    let found = Found {
        game: kind.name,
        seed: options.seed,
        cases: 0,
        out,
        number: 0,
        size: 0,
        large: false,
        bytes,
        hint: kind.hint,
        which: Some(&which),
    };
    let mut text = Vec::new();
    report::print(&mut text, &found, &failure, &shrunk, None).expect("a write into memory");
    sys::write_stdout(&text).map_err(|e| cannot_write(&e))?;
    Ok(Outcome::Failed)
}
