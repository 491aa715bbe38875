//! `stress --ref REF --gen GEN [--check CHECK] -- COMMAND`: any problem, not only the library's
//! games. GEN, run as `GEN... SEED SIZE`, prints an input; REF's output on it is the expected
//! one, and an input REF rejects (a non-zero exit: a program on `graph_games::cli` exits 2 on an
//! invalid input) or CHECK rejects (a non-zero exit) is not valid.
//!
//! Knowing nothing of the format, a failure is shrunk by generic steps on its lines of tokens
//! ([`smaller`]): drop a run of lines or of tokens (halves first, down to one), alone or with a
//! count earlier in the input lowered by as many; bring a number toward 0 by bisection; cut a
//! byte off a word. A step is kept only if the input stays valid and fails the same way.

use crate::child::{Ending, Runner};
use crate::judge::{seconds, shrink, Failure, Judge, Reference, Shrinker, Trouble};
use crate::options::Options;
use crate::plan::{case_rng, case_size, Outcome};
use crate::report::{self, check_out, plural, write_files, Found, Progress};
use crate::sys::{self, cannot_write};
use graph_games::input::{is_space, Error};
use std::ffi::{OsStr, OsString};
use std::time::{Duration, Instant};

/// An input as lines of tokens (whitespace between tokens is not kept: one space, one line end).
pub type Lines = Vec<Vec<Vec<u8>>>;

/// The lines of tokens of `text` (empty lines kept).
pub fn parse(text: &[u8]) -> Lines {
    if text.is_empty() {
        return Lines::new();
    }
    let mut lines: Lines = text
        .split(|&b| b == b'\n')
        .map(|line| line.split(|&b| is_space(b)).filter(|t| !t.is_empty()).map(<[u8]>::to_vec).collect())
        .collect();
    if text.ends_with(b"\n") {
        lines.pop();
    }
    lines
}

/// The text of `lines`: tokens separated by a space, each line ended.
pub fn write(lines: &Lines) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        for (i, token) in line.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(token);
        }
        out.push(b'\n');
    }
    out
}

/// The value of an integer token (`-` allowed), if it is one.
fn integer(token: &[u8]) -> Option<i128> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || digits.len() > 30 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// How many counts before a dropped run are tried lowered (the nearest first).
const COUNTS_TRIED: usize = 3;

/// `lines` without the run `gone` (which `drop` removes), alone and then with each of the
/// nearest [`COUNTS_TRIED`] integers before `at` (a line and token position) lowered by the run's
/// length, where that keeps it at least 0.
fn dropped(lines: &Lines, at: (usize, usize), len: usize, drop: impl Fn(&mut Lines)) -> Vec<Lines> {
    let mut plain = lines.clone();
    drop(&mut plain);
    let mut out = vec![plain];
    let earlier = lines.iter().enumerate().flat_map(|(l, line)| (0..line.len()).map(move |t| (l, t)));
    let earlier: Vec<(usize, usize)> = earlier.filter(|&p| p < at).collect();
    let counts =
        earlier.iter().rev().filter(|&&(l, t)| integer(&lines[l][t]).map_or(false, |v| v >= len as i128));
    for &(l, t) in counts.take(COUNTS_TRIED) {
        let mut lowered = lines.clone();
        let value = integer(&lines[l][t]).expect("an integer") - len as i128;
        lowered[l][t] = value.to_string().into_bytes();
        drop(&mut lowered);
        out.push(lowered);
    }
    out
}

/// The runs of `len` items to try dropping: halves, quarters, ..., single ones, each once.
fn runs(len: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut size = len.div_ceil_compat(2);
    while size >= 1 && len > 0 {
        for start in (0..len).step_by(size) {
            let run = (start, (start + size).min(len));
            if !out.contains(&run) {
                out.push(run);
            }
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil_compat(2);
    }
    out
}

/// `div_ceil`, which std stabilized after rustc 1.63.
trait DivCeil {
    fn div_ceil_compat(self, by: usize) -> usize;
}

impl DivCeil for usize {
    fn div_ceil_compat(self, by: usize) -> usize {
        (self + by - 1) / by
    }
}

/// Every input one generic step smaller than `lines`, coarsest first (see the module's doc).
pub fn smaller(lines: &Lines) -> Vec<Lines> {
    let mut out = Vec::new();
    for (start, end) in runs(lines.len()) {
        out.extend(dropped(lines, (start, 0), end - start, |l: &mut Lines| {
            l.drain(start..end);
        }));
    }
    for (l, line) in lines.iter().enumerate().filter(|(_, line)| line.len() > 1) {
        for (start, end) in runs(line.len()) {
            out.extend(dropped(lines, (l, start), end - start, |lines: &mut Lines| {
                lines[l].drain(start..end);
            }));
        }
    }
    for (l, line) in lines.iter().enumerate() {
        for (t, token) in line.iter().enumerate() {
            let with = |token: Vec<u8>| {
                let mut changed = lines.clone();
                changed[l][t] = token;
                changed
            };
            match integer(token) {
                // Toward 0: x - x, x - x/2, x - x/4, ..., x - 1 (or + 1 below 0).
                Some(value) => {
                    let (sign, magnitude) = (value.signum(), value.abs());
                    let mut seen = Vec::new();
                    for bit in 0..128 {
                        let next = sign * (magnitude - (magnitude >> bit));
                        if next != value && !seen.contains(&next) {
                            seen.push(next);
                            out.push(with(next.to_string().into_bytes()));
                        }
                    }
                }
                None if token.len() > 1 => {
                    out.push(with(token[..token.len() - 1].to_vec()));
                    out.push(with(token[1..].to_vec()));
                }
                None => {}
            }
        }
    }
    out
}

/// A command line shown in a message: whole (to be run again), between backticks, escaped as
/// input bytes are (so on one line).
fn shown_command(words: &[OsString]) -> String {
    let text: Vec<String> = words.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    format!("`{}`", text.join(" ").as_bytes().escape_ascii())
}

/// The most output a reference or a generator may write.
const REFERENCE_CAP: usize = 1 << 28;

/// REF, and CHECK if given: the expected output and what is valid.
struct Commands {
    reference: Runner,
    check: Option<Runner>,
    names: (String, Option<String>),
}

/// A runner for command line `words`.
fn runner(words: &[OsString], limit: Duration) -> Runner {
    Runner::new(&words[0], &words[1..], limit)
}

impl Reference for Commands {
    fn answer(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Trouble> {
        if let Some(check) = &mut self.check {
            let name = self.names.1.as_deref().unwrap_or("");
            match run(check, input, name)? {
                Ending::Exited(0) => {}
                ending => {
                    return Err(Trouble::Rejected(Error::new(format!("{name}: {}", ending_text(ending)))))
                }
            }
        }
        match run(&mut self.reference, input, &self.names.0)? {
            Ending::Exited(0) => {
                out.extend_from_slice(self.reference.stdout());
                Ok(())
            }
            ending => Err(Trouble::Rejected(Error::new(format!("the reference: {}", ending_text(ending))))),
        }
    }
}

/// How a run of a helper command ended, in words.
fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Exited(code) => format!("exit status {code}"),
        Ending::Signaled(signal) => format!("killed by signal {signal}"),
        Ending::TimedOut => "still running at the time limit".to_string(),
        Ending::OutputLimit => format!("more than {REFERENCE_CAP} bytes written"),
        Ending::Interrupted => "interrupted".to_string(),
    }
}

/// Runs a helper command on `input`.
fn run(runner: &mut Runner, input: &[u8], name: &str) -> Result<Ending, Trouble> {
    match runner.run(input, REFERENCE_CAP) {
        Ok(Ending::Interrupted) => Err(Trouble::Interrupted),
        Ok(ending) => Ok(ending),
        Err(e) => Err(Trouble::CannotRun(Error::new(format!("cannot run {name}: {e}")))),
    }
}

/// The command lines of a generic run: REF, GEN and CHECK (if given).
pub struct Helpers<'a> {
    pub reference: &'a [OsString],
    pub generator: &'a [OsString],
    pub check: &'a Option<Vec<OsString>>,
}

/// The generic run: cases from GEN until one fails, then its shrink and report.
pub fn stress(options: &Options, helpers: Helpers) -> Result<Outcome, Error> {
    let Helpers { reference, generator, check } = helpers;
    check_out(&options.out)?;
    let largest = options.size.unwrap_or(10);
    let time_limit = options.time_limit.unwrap_or(Duration::from_secs(2));
    // The helpers get more time: they are not what is tested.
    let helper_limit = (time_limit * 5).max(Duration::from_secs(10));
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
    let mut judge = Judge::new(commands, Runner::new(program, args, time_limit));
    let mut progress = Progress::new(sys::stderr_is_terminal());
    let start = Instant::now();
    for number in 1..=options.cases {
        let size = case_size(number, options.cases, largest.min(usize::MAX as u64) as usize);
        progress.case(number, options.cases, size);
        let seed = case_rng(options.seed, number).next_u64() >> 33;
        let mut words = generator.to_vec();
        words.extend([OsString::from(seed.to_string()), OsString::from(size.to_string())]);
        let gen = shown_command(&words);
        let mut gen_runner = runner(&words, helper_limit);
        let input = match run(&mut gen_runner, b"", &format!("--gen {gen}")) {
            Ok(Ending::Exited(0)) => gen_runner.stdout().to_vec(),
            Ok(ending) => return Err(Error::new(format!("the generator {gen}: {}", ending_text(ending)))),
            Err(Trouble::Interrupted) => return interrupted(number),
            Err(Trouble::CannotRun(e)) | Err(Trouble::Rejected(e)) => return Err(e),
        };
        let verdict = match judge.judge(&input) {
            Ok(Some(verdict)) => verdict,
            Ok(None) => continue,
            Err(Trouble::Interrupted) => return interrupted(number),
            Err(Trouble::CannotRun(e)) => return Err(e),
            Err(Trouble::Rejected(e)) => {
                return Err(Error::new(format!("the generated input of {gen} is not valid: {e}")))
            }
        };
        let game = format!("{} (generated by {gen})", judge_name(reference));
        let found = Found {
            game: &game,
            seed: options.seed,
            cases: options.cases,
            out: &options.out,
            number,
            size,
            large: false,
            bytes: input.len(),
        };
        let failure = Failure::of_last_run(&judge, parse(&input), input, verdict);
        write_files(&options.out, &failure)?;
        let out = &options.out;
        let with = Shrinker {
            smaller: &smaller,
            write: &write,
            budget: options.shrink_time,
            improved: &mut |failure| write_files(out, failure),
            step: &mut |shrunk, bytes| progress.shrink(shrunk, bytes),
        };
        let (failure, shrunk) = shrink(&mut judge, failure, with)?;
        progress.clear();
        let mut text = Vec::new();
        report::print(&mut text, &found, &failure, &shrunk).expect("a write into memory");
        sys::write_stdout(&text).map_err(|e| cannot_write(&e))?;
        return Ok(Outcome::Failed);
    }
    progress.clear();
    let elapsed = start.elapsed();
    let (runs, slowest) = judge.runs();
    let summary = format!(
        "{} cases passed against {} (seed {}, sizes 1 to {largest}; {} s, slowest run {} ms)\n",
        runs,
        judge_name(reference),
        options.seed,
        seconds(elapsed),
        slowest.as_millis()
    );
    sys::write_stdout(summary.as_bytes()).map_err(|e| cannot_write(&e))?;
    Ok(Outcome::Passed)
}

/// The reference's program, as the report names the problem.
fn judge_name(reference: &[OsString]) -> String {
    let program = std::path::Path::new(&reference[0]);
    program.file_name().unwrap_or(OsStr::new("the reference")).to_string_lossy().into_owned()
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

    fn texts(lines: &[Lines]) -> Vec<String> {
        lines.iter().map(|l| String::from_utf8(write(l)).unwrap()).collect()
    }

    #[test]
    fn lines_of_tokens() {
        let lines = parse(b"3\n  a bb\t c\r\n\n7");
        assert_eq!(String::from_utf8(write(&lines)).unwrap(), "3\na bb c\n\n7\n");
        assert_eq!(parse(b""), Lines::new());
    }

    #[test]
    fn steps_drop_runs_with_their_counts_and_bisect_numbers() {
        let steps = texts(&smaller(&parse(b"3\nab\ncd\nef\n")));
        assert_eq!(&steps[..3], ["cd\nef\n", "3\nab\n", "1\nab\n"]);
        assert!(steps.contains(&"2\nab\nef\n".to_string()), "{steps:?}");
        assert!(
            steps.contains(&"0\nab\ncd\nef\n".to_string()) && steps.contains(&"2\nab\ncd\nef\n".to_string())
        );
        assert!(steps.contains(&"3\na\ncd\nef\n".to_string()));
        let numbers = texts(&smaller(&parse(b"100\n")));
        assert_eq!(numbers, ["", "0\n", "50\n", "75\n", "88\n", "94\n", "97\n", "99\n"]);
        let negative = texts(&smaller(&parse(b"-8\n")));
        assert_eq!(negative, ["", "0\n", "-4\n", "-6\n", "-7\n"]);
        // A count within the line: `2 5 6` loses a token and its count.
        assert!(texts(&smaller(&parse(b"2 5 6\n"))).contains(&"1 6\n".to_string()));
    }
}
