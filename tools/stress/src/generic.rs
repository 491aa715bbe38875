//! `stress --ref REF --gen GEN [--check CHECK] -- COMMAND`: any problem, not only the library's
//! games. GEN, run as `GEN... SEED SIZE`, prints an input; REF's output on it is the expected
//! one, and an input REF rejects (a non-zero exit: a program on `graph_games::cli` exits 2 on an
//! invalid input) or CHECK rejects (a non-zero exit) is not valid. Small cases (sizes growing to
//! `--size`), then `--large` cases at `--size`.
//!
//! Whose fault a failure is, is said: a generated input that REF or CHECK rejects is the
//! generator's, a GEN, REF or CHECK that crashes or hangs is that helper's, and neither is the
//! solution's (it is not run on that input). Such a failure ends the run with an error that tells
//! the helper's exit status and the first lines of its stderr, the input saved.
//!
//! A time-out is shrunk by size first ([`crate::by_size`]: GEN run again with the case's seed at other
//! sizes), then every failure by the generic steps of [`crate::lines`], each kept only if the input
//! stays valid and fails the same way.

use crate::child::{signal_name, Ending, Limit, Runner};
use crate::judge::{seconds, Failure, Judge, Reference, Trouble};
use crate::lines::{check_shrink_memory, parse, smaller, write, Lines};
use crate::options::Options;
use crate::plan::{case_rng, case_size, Outcome};
use crate::report::{self, check_out, plural, write_files, write_input, Found, Progress};
use crate::shrink_file;
use crate::shrinking::{shrink_failure, Shrinking};
use crate::sys::{self, cannot_write};
use graph_games::input::Error;
use std::ffi::{OsStr, OsString};
use std::time::{Duration, Instant};

/// A command line shown in a message: whole (to be run again), between backticks, escaped as
/// input bytes are (so on one line).
pub fn shown_command(words: &[OsString]) -> String {
    let text: Vec<String> = words.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    format!("`{}`", text.join(" ").as_bytes().escape_ascii())
}

/// What would leave more of the shrink's budget to the shrink when it is spent (without
/// `--check`, REF judges every candidate's validity).
pub const CHECK_HINT: &str =
    "a fast validator, --check CHECK (exit 0 for a valid input), spares a run of the \
     reference on each candidate that is not valid";

/// The most output a reference or a generator may write.
const REFERENCE_CAP: usize = 1 << 28;

/// The most lines, and bytes, of a helper's stderr an error tells.
const STDERR_LINES: usize = 3;
const STDERR_BYTES: usize = 300;

/// How a run of a helper ended, and the start of its stderr, in words on one line.
pub fn what_it_did(ending: Ending, stderr: &[u8]) -> String {
    let ended = match ending {
        Ending::Exited(code) => format!("exit status {code}"),
        Ending::Signaled(signal) => match signal_name(signal) {
            Some(name) => format!("killed by signal {signal} ({name})"),
            None => format!("killed by signal {signal}"),
        },
        Ending::TimedOut => "still running at its time limit: killed".to_string(),
        Ending::OutputLimit => format!("more than {REFERENCE_CAP} bytes written: killed"),
        Ending::Interrupted => "interrupted".to_string(),
    };
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    if lines.iter().all(|line| line.trim().is_empty()) {
        return format!("{ended}, nothing on stderr");
    }
    let mut shown = lines[..lines.len().min(STDERR_LINES)].join("\n");
    let mut more = String::new();
    if shown.len() > STDERR_BYTES {
        let mut end = STDERR_BYTES;
        while !shown.is_char_boundary(end) {
            end -= 1;
        }
        shown.truncate(end);
        more = "...".to_string();
    }
    if lines.len() > STDERR_LINES {
        more += &format!(" (and {})", plural((lines.len() - STDERR_LINES) as u64, "more line"));
    }
    format!("{ended}, its stderr: `{}`{more}", shown.as_bytes().escape_ascii())
}

/// REF, and CHECK if given: the expected output and what is valid.
struct Commands {
    reference: Runner,
    check: Option<Runner>,
    names: (String, Option<String>),
}

/// A runner for command line `words`.
pub fn runner(words: &[OsString], limit: Limit) -> Runner {
    Runner::new(&words[0], &words[1..], limit)
}

impl Reference for Commands {
    fn answer(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Trouble> {
        if let Some(check) = &mut self.check {
            validate(check, input, self.names.1.as_deref().unwrap_or(""))?;
        }
        let name = &self.names.0;
        match run(&mut self.reference, input, name)? {
            // Moved, not copied: the reference's output may be as large as the input.
            Ending::Exited(0) if out.is_empty() => {
                *out = self.reference.take_stdout();
                Ok(())
            }
            Ending::Exited(0) => {
                let more = self.reference.stdout().len();
                sys::reserve(out, more, "the expected output")
                    .map_err(|e| Trouble::CannotRun(Error::new(e.to_string())))?;
                out.extend_from_slice(self.reference.stdout());
                Ok(())
            }
            ending => {
                let did = what_it_did(ending, self.reference.stderr());
                Err(match ending {
                    Ending::Exited(_) if self.check.is_none() => {
                        Trouble::Rejected(Error::new(format!("{name} rejects it: {did}")))
                    }
                    Ending::Exited(_) => Trouble::Helper(Error::new(format!(
                        "{name} failed on an input --check accepts: {did}"
                    ))),
                    _ => Trouble::Helper(Error::new(format!("{name} failed: {did}"))),
                })
            }
        }
    }
}

/// Runs a helper command on `input`.
/// Runs the validator `check` (named `name`) on `input`: `Ok` if it accepts it (exit 0), a
/// rejection for another exit status, the helper's failure for a signal or a time-out.
pub fn validate(check: &mut Runner, input: &[u8], name: &str) -> Result<(), Trouble> {
    match run(check, input, name)? {
        Ending::Exited(0) => Ok(()),
        ending => {
            let did = what_it_did(ending, check.stderr());
            Err(match ending {
                Ending::Exited(_) => Trouble::Rejected(Error::new(format!("{name} rejects it: {did}"))),
                _ => Trouble::Helper(Error::new(format!("{name} failed: {did}"))),
            })
        }
    }
}

pub fn run(runner: &mut Runner, input: &[u8], name: &str) -> Result<Ending, Trouble> {
    match runner.run(input, REFERENCE_CAP) {
        Ok(Ending::Interrupted) => Err(Trouble::Interrupted),
        Ok(ending) => Ok(ending),
        Err(e) => Err(Trouble::CannotRun(Error::new(format!("cannot run {name}: {e}")))),
    }
}

/// The command lines of a generic run: REF, GEN and CHECK (if given).
pub struct Helpers<'a> {
    pub reference: &'a [OsString],
    pub generator: &'a Option<Vec<OsString>>,
    pub check: &'a Option<Vec<OsString>>,
}

/// GEN with its seed and size: the input it prints, or why not ([`Trouble::Helper`]).
pub struct Generator<'a> {
    pub words: &'a [OsString],
    pub limit: Limit,
}

impl Generator<'_> {
    /// The command line that prints the input of seed `seed` and size `size`.
    pub fn command(&self, seed: u64, size: usize) -> Vec<OsString> {
        let mut words = self.words.to_vec();
        words.extend([OsString::from(seed.to_string()), OsString::from(size.to_string())]);
        words
    }

    pub fn input(&self, seed: u64, size: usize) -> Result<Vec<u8>, Trouble> {
        let words = self.command(seed, size);
        let name = format!("--gen {}", shown_command(&words));
        let mut gen = runner(&words, self.limit);
        match run(&mut gen, b"", &name)? {
            Ending::Exited(0) => Ok(gen.take_stdout()),
            ending => Err(Trouble::Helper(Error::new(format!(
                "{name} failed: {}",
                what_it_did(ending, gen.stderr())
            )))),
        }
    }
}

/// The seed GEN is given for case `number` of a run with seed `seed`.
pub fn gen_seed(seed: u64, number: u64) -> u64 {
    case_rng(seed, number).next_u64() >> 33
}

/// The generic run: cases from GEN until one fails, then its shrink and report.
pub fn stress(options: &Options, helpers: Helpers) -> Result<Outcome, Error> {
    let Helpers { reference, generator, check } = helpers;
    check_out(&options.out)?;
    let largest = options.size.unwrap_or(10).min(usize::MAX as u64) as usize;
    let time_limit = options.time_limit.unwrap_or(Duration::from_secs(2));
    let large = options.large.unwrap_or(if options.time_limit.is_some() { 3 } else { 0 });
    // The helpers get more time: they are not what is tested.
    let helper_limit = Limit::wall((time_limit * 5).max(Duration::from_secs(10)));
    let names = (
        format!("--ref {}", shown_command(reference)),
        check.as_ref().map(|c| format!("--check {}", shown_command(c))),
    );
    let commands = Commands {
        reference: runner(reference, helper_limit),
        check: check.as_ref().map(|c| runner(c, helper_limit)),
        names,
    };
    let (program, args) = options.command.split_first().expect("a command");
    let mut judge = Judge::new(
        commands,
        Runner::new(program, args, Limit::of_solution(time_limit)).without_env(&options.env_removed),
    );
    let hint = check.as_ref().map_or(Some(CHECK_HINT), |_| None);
    if options.shrink.is_some() {
        let kind = shrink_file::Kind {
            name: &helper_name(reference),
            case_of: &|bytes: &[u8]| check_shrink_memory(bytes).map(|()| parse(bytes)),
            smaller: &smaller,
            write: &write,
            hint,
        };
        return shrink_file::shrink_file(options, &mut judge, kind);
    }
    let generator =
        Generator { words: generator.as_deref().expect("--gen or --shrink"), limit: helper_limit };
    let mut progress = Progress::new(sys::stderr_is_terminal());
    let start = Instant::now();
    let total = options.cases.saturating_add(large);
    for number in 1..=total {
        let is_large = number > options.cases;
        let size = if is_large { largest } else { case_size(number, options.cases, largest) };
        progress.case(number, total, size);
        let seed = gen_seed(options.seed, number);
        let gen = shown_command(&generator.command(seed, size));
        let which = format!("case {number} of {total} (seed {}, size {size})", options.seed);
        let input = match generator.input(seed, size) {
            Ok(input) => input,
            Err(Trouble::Interrupted) => return interrupted(number),
            Err(Trouble::Helper(e)) => {
                return Err(Error::new(format!("{which}: the generator failed: {}", e.message())))
            }
            Err(Trouble::CannotRun(e)) | Err(Trouble::Rejected(e)) => return Err(e),
        };
        let verdict = match judge.judge(&input) {
            Ok(Some(verdict)) => verdict,
            Ok(None) => continue,
            Err(Trouble::Interrupted) => return interrupted(number),
            Err(Trouble::CannotRun(e)) => return Err(e),
            Err(Trouble::Rejected(e)) => {
                let saved = write_input(&options.out, &input)?;
                return Err(Error::new(format!(
                    "{which}: the input of {gen} is not valid, a fault of the generator and not of the \
                     solution (not run on it): {}; the input is saved as {saved}",
                    e.message()
                )));
            }
            Err(Trouble::Helper(e)) => {
                let saved = write_input(&options.out, &input)?;
                return Err(Error::new(format!(
                    "{which}: on the input of {gen}, {}; not the solution's fault (not run on it); \
                     the input is saved as {saved}",
                    e.message()
                )));
            }
        };
        progress.clear();
        let game = format!("{} (generated by {gen})", helper_name(reference));
        let found = Found {
            game: &game,
            seed: options.seed,
            cases: options.cases,
            out: &options.out,
            number,
            size,
            large: is_large,
            bytes: input.len(),
            hint,
            which: None,
        };
        check_shrink_memory(&input)?;
        let failure = Failure::of_last_run(&mut judge, parse(&input), input, verdict);
        write_files(&options.out, &failure)?;
        // The same case (GEN with its seed) at another size.
        let mut make = |size: usize| -> Result<(Lines, Vec<u8>), Trouble> {
            let input = generator.input(seed, size)?;
            Ok((parse(&input), input))
        };
        let with = Shrinking {
            make: &mut make,
            size,
            smaller: &smaller,
            write: &write,
            budget: options.budget(),
            out: &options.out,
        };
        let (failure, shrunk, by_size) = shrink_failure(&mut judge, failure, with, &mut progress)?;
        progress.clear();
        let mut text = Vec::new();
        report::print(&mut text, &found, &failure, &shrunk, by_size.as_ref()).expect("a write into memory");
        sys::write_stdout(&text).map_err(|e| cannot_write(&e))?;
        return Ok(Outcome::Failed);
    }
    progress.clear();
    let elapsed = start.elapsed();
    let stats = judge.stats();
    let large = match large {
        0 => String::new(),
        n => format!(" and {n} of size {largest}"),
    };
    let summary = format!(
        "{} cases passed against {} (seed {}, sizes 1 to {largest}{large}; {} s, {})\n",
        stats.judged,
        helper_name(reference),
        options.seed,
        seconds(elapsed),
        report::slowest(&stats),
    );
    sys::write_stdout(summary.as_bytes()).map_err(|e| cannot_write(&e))?;
    Ok(Outcome::Passed)
}

/// The programs that run a script named after them (an interpreter, or `env`): a helper run by
/// one is named by its script.
const INTERPRETERS: [&str; 24] = [
    "sh",
    "bash",
    "dash",
    "zsh",
    "ksh",
    "env",
    "node",
    "nodejs",
    "deno",
    "bun",
    "ruby",
    "perl",
    "php",
    "java",
    "kotlin",
    "scala",
    "lua",
    "luajit",
    "julia",
    "Rscript",
    "runghc",
    "runhaskell",
    "mono",
    "dotnet",
];

/// A helper's name in a report line: its program's file name, or its script's when the program is
/// an interpreter (`corridor_oracle.py` for `python3 corridor_oracle.py`, `x.jar` for
/// `java -jar x.jar`).
pub fn helper_name(words: &[OsString]) -> String {
    let file_name = |word: &OsString| {
        let path = std::path::Path::new(word);
        path.file_name().unwrap_or(OsStr::new("the helper")).to_string_lossy().into_owned()
    };
    let is_interpreter = |name: &str| {
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        INTERPRETERS.contains(&name) || ["python", "pypy"].contains(&base) || INTERPRETERS.contains(&base)
    };
    let mut words = words.iter();
    let mut name = match words.next() {
        Some(program) => file_name(program),
        None => return "the helper".to_string(),
    };
    if !is_interpreter(&name) {
        return name;
    }
    for word in words {
        let text = word.to_string_lossy();
        if text.starts_with('-') || text.contains('=') {
            continue; // an option of the interpreter, or a variable of `env`
        }
        name = file_name(word);
        if !is_interpreter(&name) {
            break;
        }
    }
    name
}

/// Ctrl-C before a failure: what passed, said on stdout.
fn interrupted(number: u64) -> Result<Outcome, Error> {
    let line = format!("interrupted: {} passed before it\n", plural(number - 1, "case"));
    sys::write_stdout(line.as_bytes()).map_err(|e| cannot_write(&e))?;
    Ok(Outcome::Interrupted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_helper_is_named_by_its_script() {
        let name = |line: &str| helper_name(&line.split(' ').map(OsString::from).collect::<Vec<_>>());
        assert_eq!(name("python3 tools/corridor_oracle.py --fast"), "corridor_oracle.py");
        assert_eq!(name("python3.11 -u ref.py"), "ref.py");
        assert_eq!(name("/usr/bin/env python3 ref.py"), "ref.py");
        assert_eq!(name("java -jar Ref.jar"), "Ref.jar");
        assert_eq!(name("target/release/graph_game"), "graph_game");
        assert_eq!(name("./ref3 -q"), "ref3");
        assert_eq!(name("python3"), "python3");
    }

    #[test]
    fn what_a_helper_did() {
        assert_eq!(what_it_did(Ending::Exited(2), b""), "exit status 2, nothing on stderr");
        assert_eq!(
            what_it_did(Ending::Exited(2), b"error: line 2: expected a number\n"),
            "exit status 2, its stderr: `error: line 2: expected a number`"
        );
        assert_eq!(
            what_it_did(Ending::Signaled(11), b"a\n\tb\nc\nd\ne\n"),
            "killed by signal 11 (SIGSEGV), its stderr: `a\\n\\tb\\nc` (and 2 more lines)"
        );
        let long = what_it_did(Ending::Exited(1), "\u{e9}".repeat(400).as_bytes());
        assert!(long.ends_with("\\xc3\\xa9`..."), "{long}");
        assert_eq!(long.matches("\\xc3\\xa9").count(), STDERR_BYTES / 2);
    }
}
