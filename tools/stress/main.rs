//! `stress`: tests a solution of one of the games against this library's answers on generated
//! inputs, and shrinks the first input it fails on.
//!
//! For each of `--cases` cases (sizes growing from 1 to `--size`), it generates an input
//! ([`Case::random`], from an [`Rng`] made from the seed and the case's number), answers it
//! in-process exactly as the judge binary would ([`games`]), runs the command on it
//! ([`child`]) and judges the run: runtime error (a non-zero exit status or a signal), time
//! limit exceeded (killed at `--time-limit`), output limit exceeded (killed past a cap, see
//! [`judge::output_cap`]), wrong answer (the tokens differ, see [`compare`]). On a failure it
//! shrinks the case ([`judge::shrink`]) while it fails the same way, prints the verdict, the
//! input and both outputs ([`report`]) and saves them as `PREFIX.in`, `.ans` and `.out`.
//!
//! Exit status: 0 if every case passed, 1 if one failed (like `diff`), 2 for bad usage, an
//! unknown game or a command that cannot be started (one `error: ...` line on stderr, as the
//! judge programs say it). Everything follows from the seed: the same seed, the same cases.
//!
//! `--gen` prints one input instead, for the seed and size (and `--family`), written out at once.

mod cases;
mod child;
mod compare;
mod games;
mod judge;
mod report;

use self::child::Runner;
use self::games::{dispatch, Subject, Task, NAMES};
use self::judge::{seconds, shrink, Failure, Judge, Trouble};
use self::report::{write_files, Found, Progress};
use crate::cases::{Case, Rng};
use graph_games::input::{shown, Error};
use std::ffi::{OsStr, OsString};
use std::io::{self, Write};
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
usage: stress GAME [--seed S] [--cases N] [--size N] [--time-limit SECONDS] [--out PREFIX]
              [--family NAME] -- COMMAND [ARGS...]
       stress GAME --gen [--seed S] [--size N] [--family NAME]

Tests COMMAND, a solution of GAME (graph_game, police_thief, grid_game_28218 or move_or_block),
against this library's answers on generated inputs: each input on its stdin, its stdout
compared token by token as a judge does. At the first failure (wrong answer, runtime error,
time limit exceeded, output limit exceeded) the input is shrunk while it still fails the same
way, then printed with both outputs and saved as PREFIX.in, PREFIX.ans (expected) and
PREFIX.out (received). Exit status: 0 every case passed, 1 a failure found, 2 an error.

  --seed S              the seed of the cases (default 1): the same seed, the same cases
  --cases N             how many cases (default 1000), their sizes growing from 1 to --size
  --size N              the largest case (default: graph_game 12 vertices,
                        police_thief 20 cells, grid_game_28218 30 cells, move_or_block 14 cells)
  --time-limit SECONDS  for each run (default 2), such as 0.5
  --out PREFIX          where a failure is saved (default stress-fail)
  --family NAME         every case from this family of inputs (a wrong name lists them)
  --gen                 print one input for --seed, --size and --family, and nothing else
  --help                print this help
";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub game: String,
    pub seed: u64,
    pub cases: u64,
    /// `None`: the game's default.
    pub size: Option<usize>,
    pub time_limit: Duration,
    pub out: OsString,
    pub family: Option<String>,
    pub gen: bool,
    /// The command and its arguments (empty with `--gen`).
    pub command: Vec<OsString>,
}

/// An argument shown in an error message, whole, escaped like input bytes (so on one line).
fn shown_arg(arg: &OsStr) -> String {
    format!("`{}`", arg.to_string_lossy().as_bytes().escape_ascii())
}

/// The value of option `name`, as UTF-8.
fn text_of(name: &str, value: &OsStr) -> Result<String, Error> {
    value
        .to_str()
        .map(String::from)
        .ok_or_else(|| Error::new(format!("{name}: {} is not text", shown_arg(value))))
}

/// The positive integer `value` of option `name`.
fn positive(name: &str, value: &OsStr) -> Result<u64, Error> {
    match text_of(name, value)?.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Error::new(format!("{name} wants a positive integer, not {}", shown_arg(value)))),
    }
}

impl Options {
    /// Reads the arguments (without the program name); `Ok(None)` means `--help`.
    pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Option<Options>, Error> {
        let mut options = Options {
            game: String::new(),
            seed: 1,
            cases: 1000,
            size: None,
            time_limit: Duration::from_secs(2),
            out: OsString::from("stress-fail"),
            family: None,
            gen: false,
            command: Vec::new(),
        };
        let mut game: Option<OsString> = None;
        let mut given: Vec<String> = Vec::new();
        let mut dashes = false;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let text = arg.to_string_lossy().into_owned();
            if text == "--" {
                options.command = args.by_ref().collect();
                dashes = true;
                break;
            }
            if text == "--help" || text == "-h" {
                return Ok(None);
            }
            if !text.starts_with('-') || text == "-" {
                if game.is_some() {
                    return Err(Error::new(format!(
                        "unexpected argument {} (the command goes after --; try --help)",
                        shown_arg(&arg)
                    )));
                }
                game = Some(arg);
                continue;
            }
            // `--name value` or `--name=value`.
            let (name, inline) = match text.split_once('=') {
                Some((name, value)) => (name.to_string(), Some(OsString::from(value))),
                None => (text.clone(), None),
            };
            const VALUED: [&str; 6] = ["--seed", "--cases", "--size", "--time-limit", "--out", "--family"];
            if name == "--gen" && inline.is_none() {
                options.gen = true;
            } else if VALUED.contains(&name.as_str()) {
                let value = match inline.or_else(|| args.next()) {
                    Some(value) => value,
                    None => return Err(Error::new(format!("{name} wants a value (try --help)"))),
                };
                options.set(&name, &value)?;
            } else {
                return Err(Error::new(format!("unknown flag {} (try --help)", shown_arg(&arg))));
            }
            if given.contains(&name) {
                return Err(Error::new(format!("{name} given twice")));
            }
            given.push(name);
        }
        options.game = match game {
            Some(game) => text_of("the game", &game)?,
            None => {
                return Err(Error::new(format!("no game given: one of {} (try --help)", NAMES.join(", "))))
            }
        };
        if options.gen {
            let unused = ["--cases", "--time-limit", "--out"];
            if let Some(flag) = unused.iter().find(|flag| given.iter().any(|g| g == *flag)) {
                return Err(Error::new(format!("{flag} has no use with --gen")));
            }
            if dashes {
                return Err(Error::new("--gen runs no command: nothing goes after --"));
            }
        } else if options.command.is_empty() {
            return Err(Error::new("no command to test: give it after -- (try --help)"));
        }
        Ok(Some(options))
    }

    /// Sets option `name` from `value`.
    fn set(&mut self, name: &str, value: &OsStr) -> Result<(), Error> {
        match name {
            "--seed" => {
                self.seed = text_of(name, value)?.parse().map_err(|_| {
                    Error::new(format!(
                        "--seed wants an integer from 0 to 2^64 - 1, not {}",
                        shown_arg(value)
                    ))
                })?
            }
            "--cases" => self.cases = positive(name, value)?,
            "--size" => self.size = Some(positive(name, value)?.try_into().unwrap_or(usize::MAX)),
            "--time-limit" => {
                let secs = text_of(name, value)?.parse::<f64>().ok().filter(|s| *s > 0.0 && *s <= 1e6);
                self.time_limit = match secs {
                    Some(secs) => Duration::from_secs_f64(secs),
                    None => {
                        return Err(Error::new(format!(
                            "--time-limit wants seconds, more than 0 (such as 0.5), not {}",
                            shown_arg(value)
                        )))
                    }
                }
            }
            "--out" => self.out = value.to_os_string(),
            _ => self.family = Some(text_of(name, value)?),
        }
        Ok(())
    }
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

/// The index in `C::FAMILIES` of `--family`'s name, if given.
fn family_of<C: Case>(name: &Option<String>, game: &str) -> Result<Option<usize>, Error> {
    let name = match name {
        Some(name) => name,
        None => return Ok(None),
    };
    match C::FAMILIES.iter().position(|f| f == name) {
        Some(index) => Ok(Some(index)),
        None => Err(Error::new(format!(
            "{game} has no family {}: it has {}",
            shown(name.as_bytes()),
            C::FAMILIES.join(", ")
        ))),
    }
}

/// A case: from the family if given, else from one drawn at random.
fn make<C: Case>(family: Option<usize>, rng: &mut Rng, size: usize) -> C {
    match family {
        Some(family) => C::generate(family, rng, size),
        None => C::random(rng, size),
    }
}

/// What a run of `stress` ends in, before it becomes an exit status.
enum Outcome {
    Passed,
    Failed,
}

/// The run the options ask for, on the game they name.
struct Stress<'a>(&'a Options);

impl Task for Stress<'_> {
    type Output = Result<Outcome, Error>;

    fn run<G: Subject>(self) -> Result<Outcome, Error> {
        if self.0.gen {
            generate::<G>(self.0).map(|()| Outcome::Passed)
        } else {
            stress::<G>(self.0)
        }
    }
}

/// `--gen`: one input on stdout. A reader that went away (`| head`) is no error.
fn generate<G: Subject>(options: &Options) -> Result<(), Error> {
    let family = family_of::<G::Case>(&options.family, G::NAME)?;
    let size = options.size.unwrap_or(G::DEFAULT_SIZE);
    let case: G::Case = make(family, &mut case_rng(options.seed, 0), size);
    let mut stdout = io::stdout().lock();
    match stdout.write_all(&case.write()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(Error::new(format!("cannot write the output: {e}")))
        }
        _ => Ok(()),
    }
}

/// The cases, one by one, until one fails; then its shrink and report.
fn stress<G: Subject>(options: &Options) -> Result<Outcome, Error> {
    let family = family_of::<G::Case>(&options.family, G::NAME)?;
    let largest = options.size.unwrap_or(G::DEFAULT_SIZE);
    let (program, args) = options.command.split_first().expect("a command");
    let mut judge = Judge::<G>::new(Runner::new(program, args, options.time_limit));
    let mut progress = Progress::new(report::stderr_is_terminal());
    let start = Instant::now();
    for number in 1..=options.cases {
        let size = case_size(number, options.cases, largest);
        progress.case(number, options.cases, size);
        let case: G::Case = make(family, &mut case_rng(options.seed, number), size);
        let input = case.write();
        let verdict = match judge.judge(&input) {
            Ok(Some(verdict)) => verdict,
            Ok(None) => continue,
            Err(trouble) => {
                progress.clear();
                return Err(match trouble {
                    Trouble::CannotRun(e) => cannot_run(program, &e),
                    Trouble::Rejected(e) => Error::new(format!(
                        "the library rejects case {number} (seed {}, size {size}), a generator's bug: {e}",
                        options.seed
                    )),
                });
            }
        };
        let (game, seed, cases, out) = (G::NAME, options.seed, options.cases, &options.out);
        let found = Found { game, seed, cases, out, number, size, bytes: input.len() };
        let failure = Failure::of_last_run(&judge, case, input, verdict);
        let shrunk = shrink(&mut judge, failure, |shrunk, bytes| progress.shrink(shrunk, bytes));
        progress.clear();
        let (failure, shrunk) = shrunk.map_err(|e| cannot_run(program, &e))?;
        let written = write_files(&options.out, &failure);
        let mut out = io::stdout().lock();
        let printed = report::print(&mut out, &found, &failure, &shrunk).and_then(|()| out.flush());
        written?;
        if let Err(e) = printed {
            if e.kind() != io::ErrorKind::BrokenPipe {
                return Err(Error::new(format!("cannot write the output: {e}")));
            }
        }
        return Ok(Outcome::Failed);
    }
    progress.clear();
    let elapsed = start.elapsed();
    let (runs, slowest) = judge.runs();
    let summary = format!(
        "{}: {} cases passed (seed {}, sizes 1 to {} {}; {} s, {:.0} cases per second, slowest run {} ms)\n",
        G::NAME,
        runs,
        options.seed,
        largest,
        G::SIZE_COUNTS,
        seconds(elapsed),
        runs as f64 / elapsed.as_secs_f64().max(1e-9),
        slowest.as_millis(),
    );
    let _ = io::stdout().lock().write_all(summary.as_bytes());
    Ok(Outcome::Passed)
}

/// The error of a command that cannot be started.
fn cannot_run(program: &OsStr, e: &io::Error) -> Error {
    Error::new(format!("cannot run {}: {e}", shown_arg(program)))
}

fn main() {
    std::process::exit(run(std::env::args_os().skip(1)));
}

/// The whole tool, on the arguments after the program name; returns the exit status.
fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let options = match Options::parse(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            let mut out = io::stdout().lock();
            let _ = out.write_all(USAGE.as_bytes()).and_then(|()| out.flush());
            return 0;
        }
        Err(e) => return fail(&e),
    };
    let outcome = dispatch(&options.game, Stress(&options)).unwrap_or_else(|| {
        Err(Error::new(format!(
            "unknown game {}: one of {}",
            shown(options.game.as_bytes()),
            NAMES.join(", ")
        )))
    });
    match outcome {
        Ok(Outcome::Passed) => 0,
        Ok(Outcome::Failed) => 1,
        Err(e) => fail(&e),
    }
}

/// Prints the one error line and returns the exit status 2 (as [`crate::cli`] does).
fn fail(e: &Error) -> i32 {
    let _ = writeln!(io::stderr(), "error: {e}");
    2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<Options>, Error> {
        Options::parse(args.iter().map(OsString::from))
    }

    #[test]
    fn options() {
        let o =
            parse(&["graph_game", "--seed", "7", "--cases=50", "--time-limit", "0.25", "--", "./a", "--x"])
                .unwrap()
                .unwrap();
        assert_eq!((o.game.as_str(), o.seed, o.cases, o.size), ("graph_game", 7, 50, None));
        assert_eq!(o.time_limit, Duration::from_millis(250));
        assert_eq!(o.command, [OsString::from("./a"), OsString::from("--x")]);
        assert_eq!(o.out, OsString::from("stress-fail"));
        // Flags before the game, and after `--` everything is the command's.
        let o = parse(&["--gen", "--size", "1000000", "move_or_block", "--family", "long"]).unwrap().unwrap();
        assert!(
            o.gen && o.command.is_empty() && o.size == Some(1_000_000) && o.family.as_deref() == Some("long")
        );
        assert!(parse(&["graph_game", "--help", "--", "x"]).unwrap().is_none());
        assert!(parse(&["graph_game", "--", "x", "--help"]).unwrap().is_some());
        let error = |args: &[&str]| parse(args).unwrap_err().message().to_string();
        assert_eq!(error(&["graph_game", "--out"]), "--out wants a value (try --help)");
        assert_eq!(error(&["graph_game", "--gen=1"]), "unknown flag `--gen=1` (try --help)");
        assert_eq!(error(&["a", "b"]), "unexpected argument `b` (the command goes after --; try --help)");
    }

    #[test]
    fn the_usage_tells_every_default_size() {
        struct DefaultSize;
        impl Task for DefaultSize {
            type Output = String;
            fn run<G: Subject>(self) -> String {
                format!("{} {} {}", G::NAME, G::DEFAULT_SIZE, G::SIZE_COUNTS)
            }
        }
        for name in NAMES {
            let default = dispatch(name, DefaultSize).unwrap();
            assert!(USAGE.contains(&default), "{default}");
        }
    }

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
        assert_eq!(sorted.len(), 100);
        assert_ne!(case_rng(1, 5).next_u64(), case_rng(2, 5).next_u64());
    }
}
