//! Judging one input (the expected output from a [`Reference`], the command's run, the verdict),
//! and shrinking a failing input ([`shrink`]) within a time budget.
//!
//! A time-out is judged on CPU time where it is measured ([`crate::child::Limit`]), and only
//! told once a second run on the same input times out too: a run that times out once and then
//! passes is judged by its second run (and counted, for the summary to tell).

use super::child::{signal_name, Ending, Limit, Runner};
use super::compare::{first_difference, Difference};
use crate::greedy::{greedy, Budgets, Smaller, Steps};
pub use crate::greedy::{End, Shrunk, Trouble};
use graph_games::games::JudgeProblem;
use graph_games::input::{shown, Error};
use std::io;
use std::marker::PhantomData;
use std::time::Duration;

/// The output cap for an expected output of `expected` bytes: several times it, and at least
/// 1 MiB (a judge's limit is far above any answer; an endless writer reaches this in
/// milliseconds).
pub fn output_cap(expected: usize) -> usize {
    expected.saturating_mul(4).max(1 << 20)
}

/// Why a run fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    WrongAnswer(Difference),
    /// A non-zero exit status, or a signal.
    RuntimeError(Ending),
    TimeLimit(TimeOut),
    /// More than this many bytes on stdout.
    OutputLimit(usize),
}

/// A run past its time limit (the second of two: the first timed out too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeOut {
    pub limit: Limit,
    /// Its CPU time, where it is measured.
    pub cpu: Option<Duration>,
    pub wall: Duration,
    /// Killed while it ran (else it finished, past its CPU limit).
    pub killed: bool,
}

impl TimeOut {
    /// What happened, in a few words.
    fn describe(&self) -> String {
        let (limit, wall) = (seconds(self.limit.asked()), seconds(self.wall));
        let how = match self.cpu {
            Some(cpu) if cpu > self.limit.asked() => {
                let done = if self.killed { "still running after" } else { "finished after" };
                format!("{done} {} s of CPU time, past the limit of {limit} s", seconds(cpu))
            }
            Some(cpu) => format!(
                "still running after {wall} s of wall time, {} times the limit of {limit} s, with only \
                 {} s of CPU time (waiting, or starved of the CPU by a loaded machine)",
                crate::child::WALL_FACTOR,
                seconds(cpu)
            ),
            None => format!("still running after {wall} s (wall time: no CPU time measured here)"),
        };
        let killed = if self.killed { ": killed" } else { "" };
        format!("{how}{killed}; a second run timed out too")
    }
}

/// The kinds of [`Verdict`]: a shrunk case must fail with the same kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    WrongAnswer,
    RuntimeError,
    TimeLimit,
    OutputLimit,
}

impl Verdict {
    pub fn kind(&self) -> Kind {
        match self {
            Verdict::WrongAnswer(_) => Kind::WrongAnswer,
            Verdict::RuntimeError(_) => Kind::RuntimeError,
            Verdict::TimeLimit(_) => Kind::TimeLimit,
            Verdict::OutputLimit(_) => Kind::OutputLimit,
        }
    }

    /// The verdict's name, as a judge says it.
    pub fn name(&self) -> &'static str {
        match self.kind() {
            Kind::WrongAnswer => "wrong answer",
            Kind::RuntimeError => "runtime error",
            Kind::TimeLimit => "time limit exceeded",
            Kind::OutputLimit => "output limit exceeded",
        }
    }

    /// What happened, in a few words (`exit status 101`, `killed by signal 11 (SIGSEGV)`).
    pub fn detail(&self, expected: &[u8], received: &[u8]) -> String {
        match *self {
            Verdict::WrongAnswer(difference) => difference.describe(expected, received),
            Verdict::RuntimeError(Ending::Exited(code)) => format!("exit status {code}"),
            Verdict::RuntimeError(Ending::Signaled(signal)) => match signal_name(signal) {
                Some(name) => format!("killed by signal {signal} ({name})"),
                None => format!("killed by signal {signal}"),
            },
            Verdict::RuntimeError(ending) => format!("{ending:?}"),
            Verdict::TimeLimit(time_out) => time_out.describe(),
            Verdict::OutputLimit(cap) => {
                format!("more than {cap} bytes written (the expected output has {}): killed", expected.len())
            }
        }
    }
}

/// A duration in seconds, as short as it can be said (`0.3`, `2`, `1.25`).
pub fn seconds(duration: Duration) -> String {
    let text = format!("{:.3}", duration.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Where the expected output comes from, and what says an input is valid.
pub trait Reference {
    /// Appends the expected output on `input` to `out`; [`Trouble::Rejected`] if `input` is not
    /// valid.
    fn answer(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Trouble>;
}

/// A game of the library: its answer in-process, exactly the judge binary's; valid is what its
/// `read` accepts.
pub struct InProcess<G>(PhantomData<G>);

impl<G> InProcess<G> {
    pub fn new() -> InProcess<G> {
        InProcess(PhantomData)
    }
}

impl<G: JudgeProblem> Reference for InProcess<G> {
    fn answer(&mut self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Trouble> {
        G::answer(input, out).map_err(Trouble::Rejected)
    }
}

/// What the runs so far come to, for the summary.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    /// Inputs judged.
    pub judged: u64,
    /// Runs of the command (a time-out is run twice).
    pub runs: u64,
    /// Inputs that timed out once and not on their second run.
    pub unconfirmed: u64,
    /// The longest run in CPU time (where it is measured) and in wall time.
    pub slowest_cpu: Option<Duration>,
    pub slowest_wall: Duration,
    /// The run time charged to the runs (see [`crate::greedy::Budget::Limits`]).
    pub charged: Duration,
}

impl Stats {
    /// Charges a run of limit `limit`: its CPU time (`cpu`, or its wall time `wall` where CPU
    /// time is not measured), one limit at most, and one limit if it `timed_out`.
    pub fn charge(&mut self, limit: Duration, cpu: Option<Duration>, wall: Duration, timed_out: bool) {
        self.charged += if timed_out { limit } else { cpu.unwrap_or(wall).min(limit) };
    }

    /// The time limits charged since `before` (an earlier `charged`), for a limit `limit`.
    pub fn limits_since(&self, before: Duration, limit: Duration) -> f64 {
        (self.charged - before).as_secs_f64() / limit.as_secs_f64().max(1e-9)
    }
}

/// The command under test and a reference: judges inputs one at a time, keeping the last run's
/// outputs.
pub struct Judge<R> {
    pub reference: R,
    runner: Runner,
    expected: Vec<u8>,
    stats: Stats,
}

impl<R: Reference> Judge<R> {
    pub fn new(reference: R, runner: Runner) -> Judge<R> {
        Judge { reference, runner, expected: Vec::new(), stats: Stats::default() }
    }

    /// Runs the command on `input` and judges its output against the reference's: `None` if a
    /// judge accepts it. A time-out is run again, and told only if it times out again.
    pub fn judge(&mut self, input: &[u8]) -> Result<Option<Verdict>, Trouble> {
        self.expected.clear();
        self.reference.answer(input, &mut self.expected)?;
        self.stats.judged += 1;
        let first = self.run(input)?;
        if let Some(Verdict::TimeLimit(_)) = first {
            let second = self.run(input)?;
            if !matches!(second, Some(Verdict::TimeLimit(_))) {
                self.stats.unconfirmed += 1;
            }
            return Ok(second);
        }
        Ok(first)
    }

    /// One run of the command on `input`, judged against the expected output.
    fn run(&mut self, input: &[u8]) -> Result<Option<Verdict>, Trouble> {
        let cap = output_cap(self.expected.len());
        let ending = match self.runner.run(input, cap) {
            Ok(ending) => ending,
            Err(e) => return Err(Trouble::CannotRun(cannot_run(self.runner.program(), &e))),
        };
        let (stats, runner) = (&mut self.stats, &self.runner);
        stats.runs += 1;
        stats.slowest_wall = stats.slowest_wall.max(runner.time());
        if let Some(cpu) = runner.cpu() {
            stats.slowest_cpu = Some(stats.slowest_cpu.map_or(cpu, |slowest| slowest.max(cpu)));
        }
        let limit = runner.limit();
        let over_cpu = runner.cpu().map_or(false, |cpu| cpu > limit.asked());
        let time_out = |killed| {
            Some(Verdict::TimeLimit(TimeOut { limit, cpu: runner.cpu(), wall: runner.time(), killed }))
        };
        let timed_out = ending == Ending::TimedOut || over_cpu;
        stats.charge(limit.asked(), runner.cpu(), runner.time(), timed_out);
        Ok(match ending {
            Ending::Interrupted => return Err(Trouble::Interrupted),
            Ending::TimedOut => time_out(true),
            _ if over_cpu => time_out(false),
            Ending::OutputLimit => Some(Verdict::OutputLimit(cap)),
            Ending::Exited(0) => {
                first_difference(&self.expected, self.runner.stdout()).map(Verdict::WrongAnswer)
            }
            ending => Some(Verdict::RuntimeError(ending)),
        })
    }

    /// The limit of every run of the command.
    pub fn limit(&self) -> Limit {
        self.runner.limit()
    }

    /// What the runs so far come to.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

/// The error of the command under test when it cannot be started.
fn cannot_run(program: &std::ffi::OsStr, e: &io::Error) -> Error {
    Error::new(format!("cannot run {}: {e}", shown(program.to_string_lossy().as_bytes())))
}

/// A failure as found, or as shrunk: the input (as data `T` and as text), its verdict, and
/// both outputs.
#[derive(Debug, Clone)]
pub struct Failure<T> {
    pub case: T,
    pub input: Vec<u8>,
    pub verdict: Verdict,
    pub expected: Vec<u8>,
    pub received: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl<T> Failure<T> {
    /// The failure of the judge's last run: `case`, written as `input`, judged `verdict`. Both
    /// outputs are taken from the judge, not copied (they may be as large as the input).
    pub fn of_last_run<R: Reference>(
        judge: &mut Judge<R>,
        case: T,
        input: Vec<u8>,
        verdict: Verdict,
    ) -> Failure<T> {
        let stderr = judge.runner.stderr().to_vec();
        Failure {
            case,
            input,
            verdict,
            expected: std::mem::take(&mut judge.expected),
            received: judge.runner.take_stdout(),
            stderr,
        }
    }
}

/// What [`shrink`] works with: the candidates one step smaller than an input (offered one at a
/// time, the most promising first, to a visitor that says whether to go on), its text, and what
/// to do with each new smallest failure (save it) and before each run (show progress).
pub struct Shrinker<'a, T> {
    pub smaller: Smaller<'a, T>,
    pub write: &'a dyn Fn(&T) -> Vec<u8>,
    /// The budgets: the failure's kind chooses.
    pub budget: Budgets,
    pub improved: &'a mut dyn FnMut(&Failure<T>) -> Result<(), Error>,
    pub step: &'a mut dyn FnMut(&Shrunk, usize),
}

/// Shrinks `failure` greedily ([`greedy`]): a candidate fails the same way if `judge` fails it
/// with the same kind of verdict.
pub fn shrink<T, R: Reference>(
    judge: &mut Judge<R>,
    failure: Failure<T>,
    with: Shrinker<T>,
) -> Result<(Failure<T>, Shrunk), Error> {
    let kind = failure.verdict.kind();
    let mut test = |candidate: T, input: Vec<u8>| {
        let (runs_before, charged_before) = (judge.stats().runs, judge.stats().charged);
        let judged = judge.judge(&input);
        let runs = judge.stats().runs - runs_before;
        let used = judge.stats().limits_since(charged_before, judge.limit().asked());
        let judged = judged.map(|verdict| match verdict {
            Some(verdict) if verdict.kind() == kind => {
                Some(Failure::of_last_run(judge, candidate, input, verdict))
            }
            _ => None,
        });
        (judged, runs, used)
    };
    let steps = Steps {
        smaller: with.smaller,
        write: with.write,
        budget: with.budget.of(kind == Kind::TimeLimit),
        test: &mut test,
        improved: with.improved,
        step: with.step,
    };
    greedy(failure, |f| (&f.case, &f.input), steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::greedy::Budget;
    use std::ffi::{OsStr, OsString};

    /// A test-only input: a list of numbers, written on one line after their count.
    // `&Vec`: the shrinker calls these as `Fn(&T)` with `T = Vec<u32>`.
    #[allow(clippy::ptr_arg)]
    fn write(numbers: &Vec<u32>) -> Vec<u8> {
        let numbers: Vec<String> = numbers.iter().map(u32::to_string).collect();
        format!("{}\n{}\n", numbers.len(), numbers.join(" ")).into_bytes()
    }

    /// Shrunk by dropping one number or halving one.
    #[allow(clippy::ptr_arg)]
    fn smaller(numbers: &Vec<u32>) -> Vec<Vec<u32>> {
        let dropped = (0..numbers.len()).map(|i| [&numbers[..i], &numbers[i + 1..]].concat());
        let halved = (0..numbers.len()).filter(|&i| numbers[i] > 0).map(|i| {
            let mut numbers = numbers.clone();
            numbers[i] /= 2;
            numbers
        });
        dropped.chain(halved).collect()
    }

    /// [`smaller`] offered to a visitor.
    #[allow(clippy::ptr_arg)]
    fn visit(numbers: &Vec<u32>, visit: &mut dyn FnMut(Vec<u32>) -> bool) -> bool {
        smaller(numbers).into_iter().all(visit)
    }

    /// Its reference: every input answered `ok`.
    struct AllOk;

    impl Reference for AllOk {
        fn answer(&mut self, _: &[u8], out: &mut Vec<u8>) -> Result<(), Trouble> {
            out.extend_from_slice(b"ok\n");
            Ok(())
        }
    }

    fn sh(script: &str) -> Judge<AllOk> {
        let args: Vec<OsString> = vec!["-c".into(), script.into()];
        Judge::new(AllOk, Runner::new(OsStr::new("sh"), &args, Limit::wall(Duration::from_secs(10))))
    }

    /// Shrinks `numbers` against `judge`, and checks the result: it fails the same way, and none
    /// of its candidates does.
    fn shrink_and_check(judge: &mut Judge<AllOk>, numbers: &[u32], kind: Kind) -> (Vec<u32>, Shrunk) {
        let case = numbers.to_vec();
        let input = write(&case);
        let verdict = judge.judge(&input).unwrap().unwrap();
        assert_eq!(verdict.kind(), kind);
        let mut saved = 0;
        let with = Shrinker {
            smaller: &visit,
            write: &write,
            budget: Budgets::every(Budget::Time { time: Duration::from_secs(60), least: 0 }),
            improved: &mut |_| {
                saved += 1;
                Ok(())
            },
            step: &mut |_, _| {},
        };
        let failure = Failure::of_last_run(judge, case, input, verdict);
        let (failure, shrunk) = shrink(judge, failure, with).unwrap();
        assert_eq!((failure.verdict.kind(), shrunk.end, shrunk.steps), (kind, End::Minimal, saved));
        assert_eq!(judge.judge(&failure.input).unwrap().map(|v| v.kind()), Some(kind));
        for candidate in smaller(&failure.case) {
            assert_ne!(
                judge.judge(&write(&candidate)).unwrap().map(|v| v.kind()),
                Some(kind),
                "{candidate:?}"
            );
        }
        (failure.case, shrunk)
    }

    #[cfg(unix)]
    #[test]
    fn a_shrunk_case_is_1_minimal() {
        // Wrong whenever a digit 7, 8 or 9 is in the input.
        let mut wrong = sh("if grep -q '[7-9]'; then echo bad; else echo ok; fi");
        let (numbers, shrunk) = shrink_and_check(&mut wrong, &[3, 17, 250, 8, 95, 401], Kind::WrongAnswer);
        assert_eq!(numbers.len(), 1);
        assert!(shrunk.steps >= 5 && shrunk.runs > shrunk.steps, "{shrunk:?}");
        // A crash when a 9 is in the input: [47], a wrong answer (a 7), does not count.
        let mut crash = sh("if grep -q 9; then exit 3; elif grep -q 7; then echo bad; else echo ok; fi");
        let (numbers, _) = shrink_and_check(&mut crash, &[17, 250, 95, 401, 3], Kind::RuntimeError);
        assert_eq!(numbers, [95]);
    }

    #[cfg(unix)]
    #[test]
    fn the_budget_ends_a_shrink() {
        let mut slow = sh("sleep 0.05; echo bad");
        let case: Vec<u32> = (0..50).collect();
        let input = write(&case);
        let verdict = judge_once(&mut slow, &input);
        let with = Shrinker {
            smaller: &visit,
            write: &write,
            budget: Budgets::every(Budget::Time { time: Duration::from_millis(300), least: 0 }),
            improved: &mut |_| Ok(()),
            step: &mut |_, _| {},
        };
        let failure = Failure::of_last_run(&mut slow, case, input, verdict);
        let (_, shrunk) = shrink(&mut slow, failure, with).unwrap();
        assert_eq!(shrunk.end, End::Budget);
        assert!(shrunk.time < Duration::from_secs(2), "{shrunk:?}");
    }

    /// A time-out is run again: told if the second run times out too, else judged by the second
    /// run and counted.
    #[cfg(unix)]
    #[test]
    fn a_time_out_is_run_again() {
        let marker = std::env::temp_dir().join(format!("stress-run-again-{}", std::process::id()));
        let _ = std::fs::remove_file(&marker);
        let script = format!(
            "if [ -e '{0}' ]; then rm '{0}'; echo ok; else : >'{0}'; exec sleep 5; fi",
            marker.display()
        );
        let args: Vec<OsString> = vec!["-c".into(), script.into()];
        let limit = Limit::wall(Duration::from_millis(100));
        let mut once = Judge::new(AllOk, Runner::new(OsStr::new("sh"), &args, limit));
        assert_eq!(once.judge(b"").unwrap(), None);
        let stats = once.stats();
        assert_eq!((stats.judged, stats.runs, stats.unconfirmed), (1, 2, 1));
        let args: Vec<OsString> = vec!["-c".into(), "exec sleep 5".into()];
        let mut always = Judge::new(AllOk, Runner::new(OsStr::new("sh"), &args, limit));
        let verdict = always.judge(b"").unwrap().unwrap();
        assert!(verdict.detail(b"", b"").ends_with(": killed; a second run timed out too"), "{verdict:?}");
        let stats = always.stats();
        assert_eq!((stats.judged, stats.runs, stats.unconfirmed), (1, 2, 0));
    }

    fn judge_once(judge: &mut Judge<AllOk>, input: &[u8]) -> Verdict {
        judge.judge(input).unwrap().unwrap()
    }

    #[test]
    fn seconds_are_short() {
        assert_eq!(seconds(Duration::from_millis(300)), "0.3");
        assert_eq!(seconds(Duration::from_secs(2)), "2");
        assert_eq!(seconds(Duration::from_millis(1250)), "1.25");
        assert_eq!(seconds(Duration::from_micros(1)), "0");
    }

    #[test]
    fn the_cap_leaves_room() {
        assert_eq!(output_cap(10), 1 << 20);
        assert_eq!(output_cap(1 << 20), 4 << 20);
    }
}
