//! Judging one input (the library's answer in-process, the command's run, the verdict), and
//! shrinking a failing case to a 1-minimal one.

use super::child::{signal_name, Ending, Runner};
use super::compare::{first_difference, Difference};
use super::games::Subject;
use crate::cases::Case;
use graph_games::input::Error;
use std::io;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

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
    TimeLimit(Duration),
    /// More than this many bytes on stdout.
    OutputLimit(usize),
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
            Verdict::TimeLimit(limit) => format!("still running after {} s: killed", seconds(limit)),
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

/// Why an input could not be judged.
#[derive(Debug)]
pub enum Trouble {
    /// The library rejects it: a generator's bug (every case must be a valid input).
    Rejected(Error),
    /// The command cannot be started (or a thread to feed it).
    CannotRun(io::Error),
}

/// The command under test and the library's answers for one game: judges inputs one at a time,
/// keeping the last run's outputs.
pub struct Judge<G: Subject> {
    runner: Runner,
    expected: Vec<u8>,
    runs: u64,
    slowest: Duration,
    game: PhantomData<G>,
}

impl<G: Subject> Judge<G> {
    pub fn new(runner: Runner) -> Judge<G> {
        Judge { runner, expected: Vec::new(), runs: 0, slowest: Duration::ZERO, game: PhantomData }
    }

    /// Runs the command on `input` and judges its output against the library's answer: `None` if
    /// a judge accepts it.
    pub fn judge(&mut self, input: &[u8]) -> Result<Option<Verdict>, Trouble> {
        self.expected.clear();
        G::answer(input, &mut self.expected).map_err(Trouble::Rejected)?;
        let cap = output_cap(self.expected.len());
        let ending = self.runner.run(input, cap).map_err(Trouble::CannotRun)?;
        self.runs += 1;
        self.slowest = self.slowest.max(self.runner.time());
        Ok(match ending {
            Ending::TimedOut => Some(Verdict::TimeLimit(self.runner.time_limit())),
            Ending::OutputLimit => Some(Verdict::OutputLimit(cap)),
            Ending::Exited(0) => {
                first_difference(&self.expected, self.runner.stdout()).map(Verdict::WrongAnswer)
            }
            ending => Some(Verdict::RuntimeError(ending)),
        })
    }

    /// What the library answered on the last input.
    pub fn expected(&self) -> &[u8] {
        &self.expected
    }

    /// What the command wrote on the last input: stdout (up to the cap), and the start of stderr.
    pub fn received(&self) -> (&[u8], &[u8]) {
        (self.runner.stdout(), self.runner.stderr())
    }

    /// How many runs so far, and the longest.
    pub fn runs(&self) -> (u64, Duration) {
        (self.runs, self.slowest)
    }
}

/// A failure as found, or as shrunk: the case, its verdict, and both outputs.
#[derive(Debug, Clone)]
pub struct Failure<C> {
    pub case: C,
    pub input: Vec<u8>,
    pub verdict: Verdict,
    pub expected: Vec<u8>,
    pub received: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl<C> Failure<C> {
    /// The failure of the judge's last run: `case`, written as `input`, judged `verdict`.
    pub fn of_last_run<G: Subject>(
        judge: &Judge<G>,
        case: C,
        input: Vec<u8>,
        verdict: Verdict,
    ) -> Failure<C> {
        let (received, stderr) = judge.received();
        Failure {
            case,
            input,
            verdict,
            expected: judge.expected().to_vec(),
            received: received.to_vec(),
            stderr: stderr.to_vec(),
        }
    }
}

/// How a shrink went: the steps taken (each a smaller case that still failed), the candidates
/// run, and the time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Shrunk {
    pub steps: u64,
    pub runs: u64,
    /// Candidates the library rejected (a generator's bug; none should be).
    pub rejected: u64,
    pub time: Duration,
}

/// Shrinks `failure` greedily: takes the first of `case.smaller()` that `judge` still fails with
/// the same kind of verdict, and again from there, until none does; the result is 1-minimal (no
/// candidate of it fails that way). `step` is told of each candidate before it runs. A candidate
/// the library rejects (a generator's bug) is counted and passed over; a command that can no
/// longer be started is an error.
pub fn shrink<G: Subject>(
    judge: &mut Judge<G>,
    failure: Failure<G::Case>,
    mut step: impl FnMut(&Shrunk, usize),
) -> Result<(Failure<G::Case>, Shrunk), io::Error> {
    let start = Instant::now();
    let mut failure = failure;
    let mut shrunk = Shrunk::default();
    let kind = failure.verdict.kind();
    'smaller: loop {
        for candidate in failure.case.smaller() {
            let input = candidate.write();
            if input == failure.input {
                continue; // not smaller: a generator's slip, which must not loop forever
            }
            shrunk.runs += 1;
            step(&shrunk, failure.input.len());
            match judge.judge(&input) {
                Ok(Some(verdict)) if verdict.kind() == kind => {
                    failure = Failure::of_last_run(judge, candidate, input, verdict);
                    shrunk.steps += 1;
                    continue 'smaller;
                }
                Ok(_) => {}
                Err(Trouble::Rejected(_)) => shrunk.rejected += 1,
                Err(Trouble::CannotRun(e)) => return Err(e),
            }
        }
        shrunk.time = start.elapsed();
        return Ok((failure, shrunk));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::Rng;
    use graph_games::games::JudgeProblem;
    use std::ffi::{OsStr, OsString};

    /// A test-only case: a list of numbers, shrunk by dropping one or halving one.
    #[derive(Debug, Clone, PartialEq)]
    struct Numbers(Vec<u32>);

    impl Case for Numbers {
        const FAMILIES: &'static [&'static str] = &["any"];
        fn generate(_: usize, rng: &mut Rng, size: usize) -> Numbers {
            Numbers((0..size).map(|_| rng.below(1000) as u32).collect())
        }
        fn write(&self) -> Vec<u8> {
            let numbers: Vec<String> = self.0.iter().map(u32::to_string).collect();
            format!("{}\n{}\n", self.0.len(), numbers.join(" ")).into_bytes()
        }
        fn parse(_: &[u8]) -> Option<Numbers> {
            None
        }
        fn smaller(&self) -> Vec<Numbers> {
            let dropped = (0..self.0.len()).map(|i| [&self.0[..i], &self.0[i + 1..]].concat());
            let halved = (0..self.0.len()).filter(|&i| self.0[i] > 0).map(|i| {
                let mut numbers = self.0.clone();
                numbers[i] /= 2;
                numbers
            });
            dropped.chain(halved).map(Numbers).collect()
        }
    }

    /// Its game: every input answered `ok`.
    struct AllOk;

    impl JudgeProblem for AllOk {
        const NAME: &'static str = "ok";
        type Problem = ();
        type Answer = ();
        fn read<R: std::io::Read>(_: &mut graph_games::input::Scanner<R>) -> Result<(), Error> {
            Ok(())
        }
        fn decide(_: ()) {}
        fn write_answer<W: std::io::Write>(_: &(), out: &mut W) -> io::Result<()> {
            out.write_all(b"ok\n")
        }
    }

    impl Subject for AllOk {
        const SIZE_COUNTS: &'static str = "numbers";
        const DEFAULT_SIZE: usize = 5;
        type Case = Numbers;
    }

    fn sh(script: &str) -> Judge<AllOk> {
        let args: Vec<OsString> = vec!["-c".into(), script.into()];
        Judge::new(Runner::new(OsStr::new("sh"), &args, Duration::from_secs(10)))
    }

    /// Shrinks `numbers` against `judge`, and checks the result: it fails the same way, and none
    /// of its candidates does.
    fn shrink_and_check(judge: &mut Judge<AllOk>, numbers: &[u32], kind: Kind) -> (Vec<u32>, Shrunk) {
        let case = Numbers(numbers.to_vec());
        let input = case.write();
        let verdict = judge.judge(&input).unwrap().unwrap();
        assert_eq!(verdict.kind(), kind);
        let (failure, shrunk) =
            shrink(judge, Failure::of_last_run(judge, case, input, verdict), |_, _| {}).unwrap();
        assert_eq!(failure.verdict.kind(), kind);
        assert_eq!(judge.judge(&failure.input).unwrap().map(|v| v.kind()), Some(kind));
        for candidate in failure.case.smaller() {
            assert_ne!(
                judge.judge(&candidate.write()).unwrap().map(|v| v.kind()),
                Some(kind),
                "{candidate:?}"
            );
        }
        (failure.case.0, shrunk)
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
