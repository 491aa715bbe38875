//! `stress`'s command line: what it asks for ([`Options`]), every argument checked, and the usage
//! (which lists every game with its sizes and, for a judged problem, the judge's constraints).

use crate::games::{dispatch, Subject, Task, NAMES};
use crate::greedy::{Budget, Budgets};
use graph_games::input::{shown, Error};
use std::ffi::{OsStr, OsString};
use std::time::Duration;

const USAGE_HEAD: &str = "\
usage: stress GAME [options] -- COMMAND [ARGS...]
       stress GAME --gen [--seed S] [--size N] [--family NAME] [--beyond-limits]
       stress --ref REF --gen GEN [--check CHECK] [options] -- COMMAND [ARGS...]
       stress --interactor JURY --gen GEN [--check CHECK] [options] -- COMMAND [ARGS...]
       stress (GAME | --ref REF | --interactor JURY) --shrink FILE [options] -- COMMAND [ARGS...]

Tests COMMAND, a solution of GAME, against this library's answers on generated inputs: each input
on its stdin, its stdout compared token by token as a judge does. Small cases first (sizes growing
from 1 to --size), then cases at the judge's maximum (--large). At the first failure (wrong answer,
runtime error, time limit exceeded, output limit exceeded) the input is shrunk while it still
fails the same way, then printed with both outputs: a time-out first by size, by bisection within
a budget of runs that always ends within a factor of two of the smallest size that still times
out (the report tells the runs, the time and their bound), then any failure by steps within
--shrink-time; by default, for a time-out, within 40 time limits of run time (a run charged its
CPU time, one past the limit one limit), so a time-out is found and shrunk in about 90 limits.
The smallest failing input so far is saved as PREFIX.in, PREFIX.ans (expected) and
PREFIX.out (received) each time it shrinks, so Ctrl-C (which stops the run and reports) or a kill
leaves it saved. Each run is its own process group, killed whole when the run ends.

The time limit is on CPU time (read from Linux's /proc: the solution's, and that of the processes
it starts once it has waited for them), with a wall limit 3 times larger for a run that waits or
is starved of the CPU; without /proc, on wall time. A time-out is told only if a second run on the
same input times out too.
Exit status: 0 every case passed, 1 a failure found, 2 an error, 130 interrupted before a failure.

With --ref and --gen, any problem: GEN is run as `GEN... SEED SIZE` and prints one input; REF
(one command line, split on whitespace, like GEN and CHECK) is the reference: its output is the
expected one, and an input it rejects (a non-zero exit: a program on graph_games::cli exits 2 on
an invalid input) is not valid. An input REF or CHECK rejects is the generator's fault; a GEN,
REF or CHECK that crashes or hangs is its own. Either ends the run with an error that tells the
helper's exit status and the first lines of its stderr, the input saved as PREFIX.in. A failure
is shrunk (a time-out first by size: GEN run again at other sizes) by dropping lines and tokens (a
count earlier in the input adjusted) and halving numbers, each step kept only if REF (or CHECK,
exit 0) accepts the input.

With --interactor, an interactive problem: JURY (one command line) is run as `JURY... INPUT_FILE`
and COMMAND beside it, each one's stdout relayed to the other's stdin by stress, which records
the transcript. JURY's exit status is the verdict: 0 accepted, 1 wrong answer, 2 presentation
error, 3 the jury failed (a bad input: an error of stress, exit 2; during a shrink, a candidate
that is not valid). Beside it: time limit (COMMAND's CPU time) and idleness (nothing passed either
way for 3 times the time limit while both sides wait), which come first; then the jury's wrong
answer or presentation error, whatever COMMAND's exit; runtime error (COMMAND exits non-zero or
by a signal) where the jury accepted. Never which side ended first: the same input, the same
verdict. Once the jury exits, what it left running is killed, and a verdict stops COMMAND. A
failure is shrunk by the generic steps and saved as PREFIX.in and PREFIX.transcript (lines `> `
the jury to COMMAND, `< ` COMMAND to the jury).

With --shrink FILE, no cases are made: the input of FILE is judged and, if it fails, shrunk by
steps (a game's, or the generic ones) and reported. 1-minimal in a report means that every
candidate one step smaller (docs/stress.md lists them) was judged and none fails the same way.

  --seed S              the seed of the cases (default 1): the same seed, the same cases
  --cases N             how many small cases (default 1000)
  --size N              the largest small case (defaults below; at most the game's maximum)
  --time-limit SECONDS  for each run, on CPU time (default: the judge's, else 2), such as 0.5;
                        for a problem without a judge, giving it also runs the large cases
  --large N             how many cases at the judge's maximum (or the size make bench uses; with
                        --ref, GEN at --size) after the small ones (default 3 for a judged
                        problem or with --time-limit, else 0)
  --beyond-limits       inputs of the binary's wider domain instead of the judge's constraints
  --shrink-time SECONDS the budget of the shrink by steps: then the smallest failing input so far
                        is reported, saying it may not be minimal (default: 10 s, but at least
                        300 candidates, so that slow runs still get a shrink; said on stderr
                        when it goes past the 10 s; for a time-out, 40 time limits of run time)
  --out PREFIX          a path prefix: a failure is saved as PREFIX.in, .ans, .out
                        (default stress-fail, in the current directory)
  --family NAME         every small case from this family of inputs (a wrong name lists them)
  --keep-env            run COMMAND with the caller's whole environment: by default, as a judge,
                        without the variables that change buffering or behaviour
                        (PYTHONUNBUFFERED, stdbuf's, LD_PRELOAD, JAVA_TOOL_OPTIONS, ...: see
                        docs/stress.md), the report naming those removed
  --gen                 print one input for --seed, --size and --family, and nothing else
  --shrink FILE         shrink the input of FILE (no generator), as a failure found is shrunk;
                        FILE is a regular file (a FIFO, a device is refused)
  --help                print this help

Games (size: what it counts, default and maximum; a judged problem's constraints hold for every
generated and every shrunk input unless --beyond-limits):
";

/// The usage's lines of the interactive problem token_duel (`token_duel.rs`).
const TOKEN_DUEL_USAGE: &str =
    "  token_duel       vertices, default 10, at most 1000 (interactive: the jury is the example
                   token_duel_jury, built by cargo build --release --examples)\n";

/// The usage: the head, then a line or two per game.
pub fn usage() -> String {
    struct Line;
    impl Task for Line {
        type Output = String;
        fn run<G: Subject>(self) -> String {
            let mut line = format!(
                "  {:<16} {}, default {}, at most {}",
                G::NAME,
                G::SIZE_COUNTS,
                G::DEFAULT_SIZE,
                G::MAX_SIZE
            );
            match &G::STATEMENT {
                Some(s) => {
                    line += &format!(" ({} under the judge's)\n", s.max_size);
                    let text = format!("{}, {} s: {}", s.judge, s.time_limit_ms / 1000, s.constraints);
                    line += &wrapped(&text, 19, 100);
                }
                None => line += "\n                   the project's own problem: its documented domain\n",
            }
            line
        }
    }
    let mut text = USAGE_HEAD.to_string();
    for name in NAMES {
        text += &dispatch(name, Line).expect("a listed game");
    }
    text + TOKEN_DUEL_USAGE
}

/// `text` in lines of at most `width` columns, each indented by `indent` spaces and ended.
fn wrapped(text: &str, indent: usize, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            out += &format!("{}{line}\n", " ".repeat(indent));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    out + &format!("{}{line}\n", " ".repeat(indent))
}

/// What `stress` runs on.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// One of the library's games, by name.
    Game(String),
    /// Any problem: a reference, a generator (none with `--shrink`) and maybe a validator, each a
    /// command line.
    Generic { reference: Vec<OsString>, generator: Option<Vec<OsString>>, check: Option<Vec<OsString>> },
    /// An interactive problem: a jury, a generator (none with `--shrink`), maybe a validator.
    Interactive { jury: Vec<OsString>, generator: Option<Vec<OsString>>, check: Option<Vec<OsString>> },
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub mode: Mode,
    pub seed: u64,
    pub cases: u64,
    /// `None`: the game's default.
    pub size: Option<u64>,
    /// `None`: the judge's, else 2 s.
    pub time_limit: Option<Duration>,
    pub large: Option<u64>,
    pub beyond_limits: bool,
    /// `--keep-env`: the command gets the caller's environment whole.
    pub keep_env: bool,
    /// The variables the command runs without ([`crate::environment::removed`]; set by
    /// [`crate::run`], empty from [`Options::parse`]).
    pub env_removed: Vec<OsString>,
    /// `--shrink-time`, if given (else [`Options::budget`]'s default).
    pub shrink_time: Option<Duration>,
    pub out: OsString,
    pub family: Option<String>,
    /// `--gen` without `--ref`: print one input.
    pub gen: bool,
    /// `--shrink FILE`: shrink this input instead of generating cases.
    pub shrink: Option<OsString>,
    /// The command and its arguments (empty with `--gen`).
    pub command: Vec<OsString>,
}

/// An argument shown in an error message, as input bytes are.
fn shown_arg(arg: &OsStr) -> String {
    shown(arg.to_string_lossy().as_bytes())
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

/// The seconds `value` of option `name`.
fn seconds(name: &str, value: &OsStr) -> Result<Duration, Error> {
    match text_of(name, value)?.parse::<f64>().ok().filter(|s| *s > 0.0 && *s <= 1e6) {
        Some(secs) => Ok(Duration::from_secs_f64(secs)),
        None => Err(Error::new(format!(
            "{name} wants seconds, more than 0 (such as 0.5), not {}",
            shown_arg(value)
        ))),
    }
}

/// A command line given as one argument, split on whitespace.
fn command_line(name: &str, value: &OsStr) -> Result<Vec<OsString>, Error> {
    let words: Vec<OsString> = text_of(name, value)?.split_whitespace().map(OsString::from).collect();
    if words.is_empty() {
        return Err(Error::new(format!("{name} wants a command line, not {}", shown_arg(value))));
    }
    Ok(words)
}

const VALUED: [&str; 13] = [
    "--interactor",
    "--shrink",
    "--seed",
    "--cases",
    "--size",
    "--time-limit",
    "--large",
    "--shrink-time",
    "--out",
    "--family",
    "--ref",
    "--check",
    "--gen",
];

/// The default budget of a shrink by steps: this long, and at least this many candidates.
const SHRINK_TIME: Duration = Duration::from_secs(10);
const SHRINK_CANDIDATES: u64 = 300;

/// The default budget of a time-out's shrink by steps, in time limits of the command's run time.
pub const TIME_OUT_LIMITS: u32 = 40;

impl Options {
    /// The budgets of a shrink by steps: `--shrink-time` alone if given; else for a time-out
    /// [`TIME_OUT_LIMITS`] time limits of run time, and for any other failure 10 s, but never
    /// fewer than 300
    /// candidates (so it scales with the cost of one run).
    pub fn budget(&self) -> Budgets {
        match self.shrink_time {
            Some(time) => Budgets::every(Budget::Time { time, least: 0 }),
            None => Budgets {
                time_out: Budget::Limits(TIME_OUT_LIMITS),
                other: Budget::Time { time: SHRINK_TIME, least: SHRINK_CANDIDATES },
            },
        }
    }

    /// Reads the arguments (without the program name); `Ok(None)` means `--help`.
    pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Option<Options>, Error> {
        let args: Vec<OsString> = args.into_iter().collect();
        let before_dashes = args.iter().take_while(|a| *a != "--");
        let given_flag = |flag: &str| {
            let with_value = format!("{flag}=");
            before_dashes.clone().any(|a| a == flag || a.to_string_lossy().starts_with(&with_value))
        };
        let interactive = given_flag("--interactor");
        // `--gen` takes a value (GEN) with --ref or --interactor.
        let generic = given_flag("--ref") || interactive;
        if before_dashes.clone().any(|a| a == "--help" || a == "-h") {
            return Ok(None);
        }
        let mut options = Options {
            mode: Mode::Game(String::new()),
            seed: 1,
            cases: 1000,
            size: None,
            time_limit: None,
            large: None,
            beyond_limits: false,
            keep_env: false,
            env_removed: Vec::new(),
            shrink_time: None,
            out: OsString::from("stress-fail"),
            family: None,
            gen: false,
            shrink: None,
            command: Vec::new(),
        };
        let (mut game, mut reference, mut generator, mut check, mut jury) = (None, None, None, None, None);
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
            if !text.starts_with('-') || text == "-" {
                if game.is_some() || generic {
                    let why = match (interactive, generic) {
                        (true, _) => "with --interactor there is no game; ",
                        (_, true) => "with --ref there is no game; ",
                        _ => "",
                    };
                    return Err(Error::new(format!(
                        "unexpected argument {} ({why}the command goes after --; try --help)",
                        shown_arg(&arg)
                    )));
                }
                game = Some(text_of("the game", &arg)?);
                continue;
            }
            // `--name value` or `--name=value`.
            let (name, inline) = match text.split_once('=') {
                Some((name, value)) => (name.to_string(), Some(OsString::from(value))),
                None => (text.clone(), None),
            };
            let unvalued = name == "--gen" && !generic || name == "--beyond-limits" || name == "--keep-env";
            if unvalued && inline.is_some() {
                return Err(Error::new(format!("unknown flag {} (try --help)", shown_arg(&arg))));
            } else if unvalued {
                options.gen |= name == "--gen";
                options.beyond_limits |= name == "--beyond-limits";
                options.keep_env |= name == "--keep-env";
            } else if VALUED.contains(&name.as_str()) {
                let value = match inline.or_else(|| args.next()) {
                    Some(value) => value,
                    None => return Err(Error::new(format!("{name} wants a value (try --help)"))),
                };
                match name.as_str() {
                    "--ref" => reference = Some(command_line(&name, &value)?),
                    "--gen" => generator = Some(command_line(&name, &value)?),
                    "--check" => check = Some(command_line(&name, &value)?),
                    "--interactor" => jury = Some(command_line(&name, &value)?),
                    "--shrink" if value.is_empty() => {
                        return Err(Error::new("--shrink wants a file, not an empty path"))
                    }
                    "--shrink" => options.shrink = Some(value),
                    _ => options.set(&name, &value)?,
                }
            } else {
                return Err(Error::new(format!("unknown flag {} (try --help)", shown_arg(&arg))));
            }
            if given.contains(&name) {
                return Err(Error::new(format!("{name} given twice")));
            }
            given.push(name);
        }
        let has = |flag: &str| given.iter().any(|g| g == flag);
        if generic {
            let with = if interactive { "--interactor" } else { "--ref" };
            for flag in ["--family", "--beyond-limits"] {
                if has(flag) {
                    return Err(Error::new(format!("{flag} is for the library's games, not with {with}")));
                }
            }
            if interactive && has("--ref") {
                return Err(Error::new("--interactor and --ref: the jury is the reference (try --help)"));
            }
            if generator.is_none() && options.shrink.is_none() {
                return Err(Error::new(format!("{with} wants --gen GEN too, or --shrink FILE (try --help)")));
            }
            options.mode = match jury {
                Some(jury) => Mode::Interactive { jury, generator, check },
                None => Mode::Generic { reference: reference.expect("--ref given"), generator, check },
            };
        } else {
            if has("--check") {
                return Err(Error::new("--check goes with --ref (try --help)"));
            }
            options.mode = match game {
                Some(game) => Mode::Game(game),
                None => {
                    return Err(Error::new(format!(
                        "no game given: one of {} (try --help)",
                        NAMES.join(", ")
                    )))
                }
            };
        }
        if options.shrink.is_some() {
            let unused = ["--gen", "--cases", "--large", "--family"];
            if let Some(flag) = unused.iter().find(|flag| has(flag)) {
                return Err(Error::new(format!("{flag} has no use with --shrink FILE (no cases are made)")));
            }
        }
        if options.gen {
            let unused = ["--cases", "--time-limit", "--out", "--large", "--shrink-time"];
            if let Some(flag) = unused.iter().find(|flag| has(flag)) {
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
            "--size" => self.size = Some(positive(name, value)?),
            "--large" => {
                self.large = Some(text_of(name, value)?.parse().map_err(|_| {
                    Error::new(format!("--large wants a count (0 for none), not {}", shown_arg(value)))
                })?)
            }
            "--time-limit" => self.time_limit = Some(seconds(name, value)?),
            "--shrink-time" => self.shrink_time = Some(seconds(name, value)?),
            "--out" => {
                if value.is_empty() {
                    return Err(Error::new("--out wants a path prefix, not an empty one"));
                }
                self.out = value.to_os_string()
            }
            _ => self.family = Some(text_of(name, value)?),
        }
        Ok(())
    }
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
        assert_eq!((o.mode, o.seed, o.cases, o.size), (Mode::Game("graph_game".into()), 7, 50, None));
        assert_eq!(o.time_limit, Some(Duration::from_millis(250)));
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
        assert_eq!(
            error(&["--ref", "r", "--", "x"]),
            "--ref wants --gen GEN too, or --shrink FILE (try --help)"
        );
        assert_eq!(error(&["--ref", " ", "--gen", "g", "--", "x"]), "--ref wants a command line, not ` `");
    }

    #[test]
    fn the_generic_mode() {
        let o = parse(&["--gen", "python3 gen.py", "--ref=./ref -q", "--check", "./valid", "--", "./a"])
            .unwrap()
            .unwrap();
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
        let mode = Mode::Generic {
            reference: words(&["./ref", "-q"]),
            generator: Some(words(&["python3", "gen.py"])),
            check: Some(words(&["./valid"])),
        };
        assert_eq!((o.mode, o.gen), (mode, false));
        // --large is GEN at --size; the game's own flags are refused.
        let o = parse(&["--ref", "r", "--gen", "g", "--large", "2", "--", "a"]).unwrap().unwrap();
        assert_eq!(o.large, Some(2));
        let error = |args: &[&str]| parse(args).unwrap_err().message().to_string();
        assert_eq!(
            error(&["--ref", "r", "--gen", "g", "--beyond-limits", "--", "a"]),
            "--beyond-limits is for the library's games, not with --ref"
        );
    }

    #[test]
    fn interactive_and_shrink() {
        let o =
            parse(&["--interactor", "python3 jury.py", "--gen", "sh gen.sh", "--", "./a"]).unwrap().unwrap();
        let words = |w: &[&str]| w.iter().map(OsString::from).collect::<Vec<_>>();
        let mode = Mode::Interactive {
            jury: words(&["python3", "jury.py"]),
            generator: Some(words(&["sh", "gen.sh"])),
            check: None,
        };
        assert_eq!((o.mode, o.shrink), (mode, None));
        let o = parse(&["--interactor=./jury", "--shrink", "x.in", "--", "./a"]).unwrap().unwrap();
        assert_eq!(o.shrink, Some(OsString::from("x.in")));
        let o = parse(&["police_thief", "--shrink", "x.in", "--", "./a"]).unwrap().unwrap();
        assert_eq!((o.mode, o.shrink), (Mode::Game("police_thief".into()), Some(OsString::from("x.in"))));
        let error = |args: &[&str]| parse(args).unwrap_err().message().to_string();
        assert_eq!(
            error(&["--interactor", "j", "--", "a"]),
            "--interactor wants --gen GEN too, or --shrink FILE (try --help)"
        );
        assert_eq!(
            error(&["--interactor", "j", "--ref", "r", "--gen", "g", "--", "a"]),
            "--interactor and --ref: the jury is the reference (try --help)"
        );
        assert_eq!(
            error(&["--ref", "r", "--shrink", "f", "--cases", "3", "--", "a"]),
            "--cases has no use with --shrink FILE (no cases are made)"
        );
        assert_eq!(
            error(&["--interactor", "j", "x", "--gen", "g", "--", "a"]),
            "unexpected argument `x` (with --interactor there is no game; the command goes after --; try --help)"
        );
    }

    #[test]
    fn the_usage_tells_every_game() {
        let usage = usage();
        for name in NAMES {
            assert!(usage.contains(&format!("\n  {name} ")), "{name}");
        }
        assert!(usage.contains("BOJ 28218, 1 s: 2 <= N, M <= 300;") && usage.contains("BOJ 31567"));
        assert!(usage.lines().all(|line| line.len() <= 100), "{usage}");
    }
}
