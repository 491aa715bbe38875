//! Side-by-side timing for `make bench` (bench/run.sh): runs two commands in alternation on the
//! same stdin, in rounds of one timed run of each, and prints their median wall times, the median
//! of the rounds' time ratios (A over B) with its interquartile range, and the peak memory of
//! each. A std-only crate of the workspace (`tools/bench/`, built by `cargo build --release`), so
//! the bench needs no python. The statistics and when to stop: `stats.rs`.
//!
//! ```text
//! bench [--check] [--warmup] [--out DIR] [--budget SECONDS] [--max-runs N] [--input-b FILE]...
//!       RUNS INPUT... -- CMD_A ARGS... [--vs CMD_B ARGS...]
//! ```
//!
//! - Output, one line on stdout: `A_median B_median ratio A_peak_kb B_peak_kb ratio_q1 ratio_q3
//!   rounds cpu_ratio cpu_q1 cpu_q3` (seconds, seconds, A/B, KiB, KiB, A/B, A/B, a count, then the
//!   median and quartiles of the rounds' ratios of CPU time, user and system, -1 where the system
//!   does not report it), or `A_median A_peak_kb` without `--vs`. A peak is the largest over the
//!   runs, -1 where the system does not report it. bench/run.sh judges its goals on the CPU
//!   time's ratio (on the wall time's with BENCH_CLOCK=wall); the CPU time leaves out the time a
//!   run waited for a core, so where it tells another ratio, the load did. A run's CPU time is
//!   its own and that of its descendants that ended before it did (waited for or not).
//! - A run leaves nothing behind (on 64-bit Linux, `sys.rs`): each is a process group of its own,
//!   and what of it still runs when it exits is killed, the run failing with "left processes
//!   running: killed" (its time could not be counted). A process that leaves the group (a
//!   daemon's `setsid`) is not seen. SIGINT, SIGTERM and SIGHUP kill the run under way; the tool
//!   writes "error: interrupted by SIGTERM: ..." and ends by that signal (not by an exit status:
//!   so a shell sees how it ended, and a script stops on Ctrl-C as it did before it was caught).
//! - RUNS is the least number of rounds. `--budget SECONDS`: rounds go on until the timed runs
//!   have taken that long, `--max-runs N` rounds at most (default 1000). Rounds alternate which
//!   command runs first (A B, B A, ...).
//! - Each INPUT is opened afresh as stdin for every run (`/dev/null` for none); stdout and stderr
//!   go to `/dev/null` in the timed runs. With several INPUTs, a timed run is a batch: the command
//!   run once on each INPUT, its time the sum, its peak the largest (so inputs too quick to time
//!   alone are timed K at a time: the caller gives K of them, the same K for both sides). A
//!   round runs the two sides side by side on each input in turn (A B on the first, A B on the
//!   second, ...; B A in every other round), so that both runs of an input see the same moment
//!   of the load. `--input-b FILE`, given once per INPUT: B reads these instead (a floor that
//!   takes the same data in another form: graph_game on graph_sum's graph without its queries).
//! - `--warmup`: one untimed run of each command on each input first, stdout written to a file
//!   in DIR (default the system's temporary folder, the file removed after) and stderr shown.
//!   `--check` (implies `--warmup`; needs `--vs`): the two outputs of the warm-up must be byte
//!   for byte the same on every input, else the first differing line is shown and nothing is
//!   timed (the timed runs' outputs are not compared).
//! - The soft stack limit is raised to the hard one (unlimited on most systems) before anything
//!   runs, and the children inherit it: the recursive baselines need a deep stack.
//! - Exit status 0, or 1 when a command cannot start, exits non-zero, leaves processes running
//!   or fails the check; 2 for a usage error (a flag of one value
//!   given twice, or given another flag as its value, or an INPUT that cannot be opened, among
//!   them: all found before anything runs). A command's words after `--` are taken as they are,
//!   `--` included (only `--vs` separates A from B), so a command may itself take `--`.
//!
//! The wall time is measured from just before the spawn to the child's exit (seen by `waitid`),
//! the peak memory (`ru_maxrss`) from the resource usage of the child and of its descendants
//! reaped after it, read with `wait4` on Linux. std spawns with `posix_spawn` (a vfork: the
//! cheapest start, so the least overhead in a 1 ms run; built by rustc 1.63, whose std cannot
//! set the group so, with `fork`, 0.1 to 0.2 ms slower), and
//! Linux then starts the child's peak from this process's own resident memory: no peak reads
//! below this tool's (about 1.2 MiB linked statically, 2 MiB dynamically). So the tool keeps
//! little in memory (outputs are compared a line, or 64 KiB of a longer line, at a time).

mod outputs;
mod stats;

use outputs::files_differ;
use stats::Schedule;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const USAGE: &str = "usage: bench [--check] [--warmup] [--out DIR] [--budget SECONDS] [--max-runs N] \
     [--input-b FILE]... RUNS INPUT... -- CMD_A ARGS... [--vs CMD_B ARGS...]";

/// Rounds at most when a budget is given and `--max-runs` is not.
const DEFAULT_MAX_ROUNDS: usize = 1000;

/// One finished run (or batch of runs): wall seconds, CPU seconds (user and system, None when
/// unknown), peak resident memory in KiB (-1 when unknown), and how it ended (None: exit status
/// 0).
#[derive(Debug, PartialEq)]
struct Run {
    seconds: f64,
    cpu_seconds: Option<f64>,
    peak_kb: i64,
    failure: Option<String>,
}

#[derive(Debug)]
struct Options {
    check: bool,
    warmup: bool,
    out_dir: PathBuf,
    schedule: Schedule,
    /// A's stdins, one per run of a batch (one for a plain run).
    inputs: Vec<PathBuf>,
    /// B's stdins, as many as `inputs`, when not the same.
    inputs_b: Vec<PathBuf>,
    a: Vec<String>,
    b: Option<Vec<String>>,
}

/// The word after flag `args[*i]`, `i` moved onto it: not empty, and not another flag (`--out
/// --check` is a slip, not a folder named `--check`).
fn value_of<'a>(args: &'a [String], i: &mut usize, what: &str) -> Result<&'a str, String> {
    *i += 1;
    match args.get(*i) {
        Some(word) if !word.is_empty() && !word.starts_with("--") => Ok(word),
        _ => Err(format!("{} needs {what}", args[*i - 1])),
    }
}

/// The options, every argument checked; `None` for `--help` (or `-h`) before the `--`.
fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut check = false;
    let mut warmup = false;
    let mut out_dir = std::env::temp_dir();
    let mut inputs_b = Vec::new();
    let mut budget = 0.0;
    let mut max_rounds = None;
    let mut positional = Vec::new();
    let mut given = Vec::new();
    let mut i = 0;
    while i < args.len() && args[i] != "--" {
        // A flag of one value (or a switch) given twice: the first would be silently dropped.
        let once = ["--check", "--warmup", "--out", "--budget", "--max-runs"];
        if once.contains(&args[i].as_str()) {
            if given.contains(&args[i].as_str()) {
                return Err(format!("{} is given twice: give it once", args[i]));
            }
            given.push(args[i].as_str());
        }
        match args[i].as_str() {
            "--check" => check = true,
            "--warmup" => warmup = true,
            "--help" | "-h" => return Ok(None),
            "--out" => out_dir = PathBuf::from(value_of(args, &mut i, "a folder")?),
            "--input-b" => inputs_b.push(PathBuf::from(value_of(args, &mut i, "a file")?)),
            "--budget" => {
                let word = value_of(args, &mut i, "seconds")?;
                budget = word.parse().map_err(|_| format!("--budget is not seconds: {word}"))?;
                if !(0.0..=86400.0).contains(&budget) {
                    return Err(format!("--budget out of 0 to 86400 seconds: {word}"));
                }
            }
            "--max-runs" => {
                let word = value_of(args, &mut i, "a count")?;
                max_rounds =
                    Some(word.parse::<usize>().map_err(|_| format!("--max-runs is not a count: {word}"))?);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown flag {flag}")),
            word => positional.push(word.to_string()),
        }
        i += 1;
    }
    if positional.len() < 2 {
        return Err("expected RUNS and INPUT before --".to_string());
    }
    let runs: usize = positional[0].parse().map_err(|_| format!("RUNS is not a count: {}", positional[0]))?;
    if runs == 0 {
        return Err("RUNS must be at least 1".to_string());
    }
    let max_rounds = max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS);
    if max_rounds < runs {
        return Err(format!("--max-runs {max_rounds} is below RUNS {runs}"));
    }
    if i == args.len() {
        return Err("no command: expected -- CMD_A ...".to_string());
    }
    let commands = &args[i + 1..];
    let (a, b) = match commands.iter().position(|word| word == "--vs") {
        Some(vs) => (commands[..vs].to_vec(), Some(commands[vs + 1..].to_vec())),
        None => (commands.to_vec(), None),
    };
    if a.is_empty() || matches!(&b, Some(b) if b.is_empty()) {
        return Err("an empty command".to_string());
    }
    let inputs: Vec<PathBuf> = positional[1..].iter().map(PathBuf::from).collect();
    if check && b.is_none() {
        return Err("--check without a command B (--vs): nothing to compare".to_string());
    }
    if !inputs_b.is_empty() && b.is_none() {
        return Err("--input-b without a command B (--vs)".to_string());
    }
    if !inputs_b.is_empty() && inputs_b.len() != inputs.len() {
        return Err(format!("{} --input-b for {} INPUTs: one each", inputs_b.len(), inputs.len()));
    }
    Ok(Some(Options {
        check,
        warmup: warmup || check,
        out_dir,
        schedule: Schedule { min_rounds: runs, budget, max_rounds },
        inputs,
        inputs_b,
        a,
        b,
    }))
}

impl Options {
    /// The stdins of command `name` ("A" or "B"), one per run of a batch.
    fn inputs_of(&self, name: &str) -> &[PathBuf] {
        if name == "B" && !self.inputs_b.is_empty() {
            &self.inputs_b
        } else {
            &self.inputs
        }
    }
}

#[cfg_attr(all(target_os = "linux", target_pointer_width = "64"), path = "sys.rs")]
#[cfg_attr(not(all(target_os = "linux", target_pointer_width = "64")), path = "sys_other.rs")]
mod sys;

/// Runs `command` once with `input` as stdin; its stdout goes to `stdout` (None: /dev/null),
/// its stderr to /dev/null unless `show_stderr`.
fn run_once(
    command: &[String],
    input: &Path,
    stdout: Option<&Path>,
    show_stderr: bool,
) -> Result<Run, String> {
    let stdin = File::open(input).map_err(|e| format!("cannot open {}: {e}", input.display()))?;
    let stdout = match stdout {
        Some(path) => {
            Stdio::from(File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?)
        }
        None => Stdio::null(),
    };
    let stderr = if show_stderr { Stdio::inherit() } else { Stdio::null() };
    let mut child = Command::new(&command[0]);
    child.args(&command[1..]).stdin(stdin).stdout(stdout).stderr(stderr);
    sys::in_own_group(&mut child);
    let start = Instant::now();
    let child = child.spawn().map_err(|e| format!("cannot run {}: {e}", command[0]))?;
    sys::finish(child, start)
}

/// The machine's memory in KiB (`MemTotal` of /proc/meminfo), where the system says.
fn machine_memory_kb() -> Option<i64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `command` once on `input` (stdout and stderr to /dev/null): one timed run, its failure
/// naming the input. A peak above the machine's memory (`memory_kb`) is not one any run can have:
/// it is left out, with a word.
fn run_timed(command: &[String], input: &Path, memory_kb: Option<i64>) -> Result<Run, String> {
    let mut run = run_once(command, input, None, false)?;
    if matches!(memory_kb, Some(total) if run.peak_kb > total) {
        // Seen twice while this tool was written (2 and 19 GiB on a 24 GiB machine for `true`),
        // never reproduced since.
        let _ = writeln!(
            std::io::stderr(),
            "bench: {} on {}: a peak of {} KiB, more than the machine has: left out",
            command[0],
            input.display(),
            run.peak_kb
        );
        run.peak_kb = -1;
    }
    run.failure = run.failure.map(|failure| format!("on {}: {failure}", input.display()));
    Ok(run)
}

/// One round: each command run once on each input, the two commands side by side on each input
/// in the round's order (A1 B1 A2 B2 ..., or B1 A1 B2 A2 ...), so that the two runs of an input
/// see the same moment of the machine's load; each command's runs of the round as one batch
/// ([`batch`]). The first failure ends it.
fn run_round(
    options: &Options,
    commands: &[&Vec<String>],
    round: usize,
    memory_kb: Option<i64>,
) -> Result<Vec<Run>, String> {
    let mut runs: Vec<Vec<Run>> = commands.iter().map(|_| Vec::with_capacity(options.inputs.len())).collect();
    for i in 0..options.inputs.len() {
        for &k in round_order(round, commands.len()) {
            let name = ["A", "B"][k];
            let run = run_timed(commands[k], &options.inputs_of(name)[i], memory_kb)?;
            if let Some(failure) = run.failure {
                return Err(format!("{name} ({}) failed {failure}", commands[k][0]));
            }
            runs[k].push(run);
        }
    }
    Ok(runs.into_iter().map(batch).collect())
}

/// The runs of a batch as one run: the sum of their times (of CPU times, None if one is not
/// known), the largest peak (-1 when none is known), the first failure.
fn batch(runs: Vec<Run>) -> Run {
    let mut whole = Run { seconds: 0.0, cpu_seconds: Some(0.0), peak_kb: -1, failure: None };
    for run in runs {
        whole.seconds += run.seconds;
        whole.cpu_seconds = whole.cpu_seconds.zip(run.cpu_seconds).map(|(x, y)| x + y);
        whole.peak_kb = whole.peak_kb.max(run.peak_kb);
        if whole.failure.is_none() {
            whole.failure = run.failure;
        }
    }
    whole
}

/// The untimed first run of each command on each input: output kept, stderr shown, the two
/// outputs compared if asked.
fn warm_up(options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.out_dir)
        .map_err(|e| format!("cannot create {}: {e}", options.out_dir.display()))?;
    let pid = std::process::id();
    for i in 0..options.inputs.len() {
        let mut outputs = Vec::new();
        for (name, command) in [("A", Some(&options.a)), ("B", options.b.as_ref())] {
            let command = match command {
                Some(command) => command,
                None => continue,
            };
            let path = options.out_dir.join(format!("bench-{pid}-{name}.out"));
            let input = &options.inputs_of(name)[i];
            // Listed before the run: a command that cannot start has its file made already.
            outputs.push(path.clone());
            let failure = match run_once(command, input, Some(&path), true) {
                Ok(run) => run.failure.map(|failure| {
                    format!("{name} ({}) failed on {}: {failure}", command[0], input.display())
                }),
                Err(error) => Some(error),
            };
            if let Some(failure) = failure {
                outputs.iter().for_each(|path| drop(std::fs::remove_file(path)));
                return Err(failure);
            }
        }
        let difference = match (options.check, &outputs[..]) {
            (true, [a, b]) => files_differ(a, b),
            _ => Ok(None),
        };
        outputs.iter().for_each(|path| drop(std::fs::remove_file(path)));
        if let Some((line, a, b)) = difference? {
            return Err(format!(
                "the outputs differ on {}, first at line {line}: A {a}, B {b}",
                options.inputs[i].display()
            ));
        }
    }
    Ok(())
}

/// The order of round `round`'s runs among `count` commands (1 or 2): indices into them.
fn round_order(round: usize, count: usize) -> &'static [usize] {
    match (count, stats::b_first(round)) {
        (1, _) => &[0],
        (_, false) => &[0, 1],
        (_, true) => &[1, 0],
    }
}

fn bench(options: &Options) -> Result<String, String> {
    sys::raise_stack_limit();
    if options.warmup {
        warm_up(options)?;
    }
    let memory_kb = machine_memory_kb();
    let verbose = std::env::var_os("BENCH_VERBOSE").filter(|v| !v.is_empty() && v != "0").is_some();
    let commands: Vec<&Vec<String>> = std::iter::once(&options.a).chain(options.b.as_ref()).collect();
    let mut times = vec![Vec::new(); commands.len()];
    // CPU times, None once a run's is not known.
    let mut cpu_times = vec![Some(Vec::new()); commands.len()];
    let mut peaks = vec![-1i64; commands.len()];
    let (mut round, mut spent) = (0, 0.0);
    while options.schedule.another(round, spent) {
        for (k, run) in run_round(options, &commands, round, memory_kb)?.into_iter().enumerate() {
            let name = ["A", "B"][k];
            if verbose {
                let _ = writeln!(
                    std::io::stderr(),
                    "run {} {name}: {:.6} s ({:.6} s CPU) {} KiB",
                    round + 1,
                    run.seconds,
                    run.cpu_seconds.unwrap_or(-1.0),
                    run.peak_kb
                );
            }
            spent += run.seconds;
            times[k].push(run.seconds);
            cpu_times[k] = cpu_times[k].take().zip(run.cpu_seconds).map(|(mut cpu, x)| {
                cpu.push(x);
                cpu
            });
            peaks[k] = peaks[k].max(run.peak_kb);
        }
        round += 1;
    }
    Ok(match (&times[..], &peaks[..]) {
        ([a, b], [peak_a, peak_b]) => {
            let p = stats::paired(a, b);
            let cpu = cpu_fields(&cpu_times);
            format!(
                "{:.6} {:.6} {:.4} {peak_a} {peak_b} {:.4} {:.4} {} {cpu}",
                p.a_median, p.b_median, p.ratio_median, p.ratio_q1, p.ratio_q3, p.rounds
            )
        }
        _ => format!("{:.6} {}", stats::median(&times[0]), peaks[0]),
    })
}

/// The CPU time's fields of a paired line, `ratio q1 q3` of the rounds' ratios (A over B), or
/// `-1 -1 -1` where a run's CPU time is not known, or B's reads 0 (a run too short for the clock
/// of CPU time): no ratio then.
fn cpu_fields(cpu_times: &[Option<Vec<f64>>]) -> String {
    match cpu_times {
        [Some(a), Some(b)] if b.iter().all(|x| *x > 0.0) => {
            let c = stats::paired(a, b);
            format!("{:.4} {:.4} {:.4}", c.ratio_median, c.ratio_q1, c.ratio_q3)
        }
        _ => "-1 -1 -1".to_string(),
    }
}

/// One line on stderr, `error: ...`, and the exit status: 2 for bad arguments or output, 1 for a
/// timing that failed. A stderr that cannot take it leaves the status to say it.
fn fail(message: &str, status: i32) -> i32 {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    status
}

/// `text` and a newline on stdout: a reader that went away is no error; any other failure is.
fn say(text: &str) -> i32 {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(format!("{text}\n").as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => fail(&format!("cannot write the output: {e}"), 2),
    }
}

/// Every INPUT and `--input-b` FILE opens for reading: checked before anything runs, as the
/// other arguments are (a run would find it only after the runs before it).
fn inputs_open(options: &Options) -> Result<(), String> {
    for path in options.inputs.iter().chain(&options.inputs_b) {
        File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    }
    Ok(())
}

fn run() -> i32 {
    let args: Result<Vec<String>, _> = std::env::args_os().skip(1).map(|a| a.into_string()).collect();
    let args = match args {
        Ok(args) => args,
        Err(arg) => return fail(&format!("an argument that is not UTF-8: {}", arg.to_string_lossy()), 2),
    };
    match parse_args(&args) {
        Ok(None) => say(USAGE),
        Err(message) => fail(&format!("{message} ({USAGE}; --help)"), 2),
        Ok(Some(options)) => match inputs_open(&options) {
            Err(message) => fail(&message, 2),
            Ok(()) => {
                sys::catch_interrupts();
                let status = match (bench(&options), sys::interrupted()) {
                    (Ok(line), None) => say(&line),
                    (Err(message), _) => fail(&message, 1),
                    (Ok(_), Some(name)) => fail(&format!("interrupted by {name}"), 1),
                };
                sys::end_by_signal_caught();
                status
            }
        },
    }
}

fn main() {
    std::process::exit(run());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments() {
        let options = parse_args(&words("--check 5 in.txt -- a -x -- y --vs b z")).unwrap().unwrap();
        assert!(options.check && options.warmup);
        assert_eq!(options.schedule, Schedule { min_rounds: 5, budget: 0.0, max_rounds: 1000 });
        assert_eq!(options.inputs, [PathBuf::from("in.txt")]);
        assert_eq!(options.a, words("a -x -- y"));
        assert_eq!(options.b, Some(words("b z")));
        let options = parse_args(&words("1 /dev/null -- stress g --cases 2 -- bin")).unwrap().unwrap();
        assert_eq!((options.a.len(), options.b, options.warmup), (6, None, false));
        for bad in [
            "5 in",
            "0 in -- a",
            "x in -- a",
            "5 in -- a --vs",
            "5 in -- --vs b",
            "--what 5 in -- a",
            "--budget -1 5 in -- a",
            "--budget x 5 in -- a",
            "--max-runs 4 5 in -- a",
            "--budget",
        ] {
            assert!(parse_args(&words(bad)).is_err(), "{bad}");
        }
        assert!(parse_args(&words("--help")).unwrap().is_none());
        let options = parse_args(&words("--input-b other 3 in -- a --vs b")).unwrap().unwrap();
        assert_eq!(
            (options.inputs_of("A"), options.inputs_of("B")),
            (&[PathBuf::from("in")][..], &[PathBuf::from("other")][..])
        );
        assert!(parse_args(&words("--input-b other 3 in -- a")).is_err());
        assert!(parse_args(&words("3 in --input-b")).is_err());
        // After the `--`, a `-h` is the command's.
        assert!(parse_args(&words("3 in -- grep -h x")).unwrap().is_some());
        // A batch: several inputs, B's own one for each of them, a budget and a cap.
        let line = "--budget 2.5 --max-runs 40 --input-b x --input-b y 7 p q -- a --vs b";
        let options = parse_args(&words(line)).unwrap().unwrap();
        assert_eq!(options.schedule, Schedule { min_rounds: 7, budget: 2.5, max_rounds: 40 });
        assert_eq!(options.inputs_of("A"), [PathBuf::from("p"), PathBuf::from("q")]);
        assert_eq!(options.inputs_of("B"), [PathBuf::from("x"), PathBuf::from("y")]);
        assert!(parse_args(&words("--input-b x 7 p q -- a --vs b")).is_err());
    }

    #[test]
    fn differences() {
        let dir = std::env::temp_dir().join(format!("bench-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let differ = |a: &str, b: &str| {
            std::fs::write(dir.join("a"), a).unwrap();
            std::fs::write(dir.join("b"), b).unwrap();
            files_differ(&dir.join("a"), &dir.join("b")).unwrap()
        };
        assert_eq!(differ("a\nb\n", "a\nb\n"), None);
        assert_eq!(differ("", ""), None);
        assert_eq!(differ("a\nbc\n", "a\nbd\n"), Some((2, "\"bc\\n\"".into(), "\"bd\\n\"".into())));
        assert_eq!(differ("a\n", "a\nb"), Some((2, "(end of output)".into(), "\"b\"".into())));
        assert_eq!(differ("a", "a\n"), Some((1, "\"a\"".into(), "\"a\\n\"".into())));
        // Lines longer than a piece: the line counted across pieces, the differing piece shown.
        let long = "x".repeat(3 * outputs::PIECE_BYTES as usize + 5);
        let (a, b) = (format!("{long}\n{long}a\n"), format!("{long}\n{long}b\n"));
        let (line, _, shown_b) = differ(&a, &b).unwrap();
        assert_eq!((line, shown_b.as_str()), (2, "\"xxxxxb\\n\""));
        assert_eq!(differ(&a, &a), None);
        assert_eq!(differ(&format!("{long}\nz"), &format!("{long}\ny")).map(|d| d.0), Some(2));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A fresh folder for one test, holding files `name` with `text` each.
    fn folder(test: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bench-test-{test}-{}", std::process::id()));
        drop(std::fs::remove_dir_all(&dir));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn a_round_runs_both_commands_on_each_input_side_by_side() {
        let dir = folder("round", &[("1.in", "one\n"), ("2.in", "two\n")]);
        let (one, two) = (dir.join("1.in"), dir.join("2.in"));
        let log = dir.join("log");
        let text = |path: &Path| path.to_str().unwrap().to_string();
        // Each run appends its stdin to the log, after its command's name.
        let logs = |name: &str| {
            ["sh", "-c", &format!("sed 's/^/{name} /' >> \"$0\""), &text(&log)].map(String::from)
        };
        let mut args = vec!["2".to_string(), text(&one), text(&two), "--".to_string()];
        args.extend(logs("A"));
        args.push("--vs".to_string());
        args.extend(logs("B"));
        let line = bench(&parse_args(&args).unwrap().unwrap()).unwrap();
        assert_eq!(line.split(' ').nth(7), Some("2"), "{line}");
        // Round 1: A then B on each input in turn; round 2 the same with B first.
        let expected = "A one\nB one\nA two\nB two\nB one\nA one\nB two\nA two\n";
        assert_eq!(std::fs::read_to_string(&log).unwrap(), expected);
        // A run that fails ends the round there, and the failure names its command and input.
        std::fs::remove_file(&log).unwrap();
        args.truncate(args.len() - 4);
        args.extend(["sh", "-c", "! grep -q two"].map(String::from));
        let error = bench(&parse_args(&args).unwrap().unwrap()).unwrap_err();
        assert_eq!(error, format!("B (sh) failed on {}: exit status 1", two.display()));
        assert_eq!(std::fs::read_to_string(&log).unwrap(), "A one\nA two\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_batch_adds_the_times_and_keeps_the_largest_peak() {
        let run = |seconds, peak_kb, failure: Option<&str>| Run {
            seconds,
            cpu_seconds: Some(seconds / 2.0),
            peak_kb,
            failure: failure.map(String::from),
        };
        let whole = batch(vec![run(0.25, -1, None), run(0.5, 300, None), run(0.125, 200, None)]);
        assert_eq!(whole, run(0.875, 300, None));
        assert_eq!(batch(vec![run(0.5, -1, None)]), run(0.5, -1, None));
        let whole =
            batch(vec![run(0.5, 10, None), run(0.25, 20, Some("first")), run(0.25, 5, Some("second"))]);
        assert_eq!(whole, run(1.0, 20, Some("first")));
        // A CPU time unknown in one run is unknown in the batch.
        let unknown = Run { seconds: 0.5, cpu_seconds: None, peak_kb: 10, failure: None };
        assert_eq!(batch(vec![run(0.5, 10, None), unknown]).cpu_seconds, None);
    }

    #[test]
    fn cpu_time_ratios_only_where_every_time_is_known() {
        // Ratios 0.5, 1 and 3: median 1, quartiles halfway between neighbours.
        let known = |a: &[f64], b: &[f64]| cpu_fields(&[Some(a.to_vec()), Some(b.to_vec())]);
        assert_eq!(known(&[1.0, 2.0, 3.0], &[2.0, 2.0, 1.0]), "1.0000 0.7500 2.0000");
        assert_eq!(known(&[1.0, 2.0], &[2.0, 0.0]), "-1 -1 -1");
        assert_eq!(cpu_fields(&[Some(vec![1.0]), None]), "-1 -1 -1");
    }

    #[test]
    fn rounds_alternate_which_side_runs_first() {
        let orders: Vec<&[usize]> = (0..4).map(|round| round_order(round, 2)).collect();
        assert_eq!(orders, [&[0, 1][..], &[1, 0], &[0, 1], &[1, 0]]);
        assert_eq!(round_order(1, 1), [0]);
    }

    #[test]
    fn a_paired_batch_from_end_to_end() {
        let dir = folder("paired", &[("1.in", "a\nb\n"), ("2.in", "c\n")]);
        let (one, two) = (dir.join("1.in"), dir.join("2.in"));
        let line = |extra: &str, b: &str| {
            let args = format!(
                "--check --out {} {extra} {} {} -- cat --vs {b}",
                dir.display(),
                one.display(),
                two.display()
            );
            bench(&parse_args(&words(&args)).unwrap().unwrap())
        };
        // The cap stops the rounds whatever the budget: 4 rounds, and 11 fields.
        let fields = line("--budget 1000 --max-runs 4 3", "sh -c cat").unwrap();
        let fields: Vec<&str> = fields.split(' ').collect();
        assert_eq!((fields.len(), fields[7]), (11, "4"), "{fields:?}");
        let number = |k: usize| fields[k].parse::<f64>().unwrap();
        assert!(number(5) <= number(2) && number(2) <= number(6), "{fields:?}");
        assert!(number(9) <= number(8) && number(8) <= number(10), "{fields:?}");
        // No budget: the least number of rounds.
        assert_eq!(line("5", "sh -c cat").unwrap().split(' ').nth(7), Some("5"));
        // B answers otherwise on the second input only: the check names it, and nothing is timed.
        let error = line("3", "sed s/c/d/").unwrap_err();
        assert!(error.contains("differ") && error.contains("2.in"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
