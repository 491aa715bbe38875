//! Side-by-side timing for `make bench` (bench/run.sh): runs two commands alternately on the same
//! stdin file, RUNS times each, and prints their median wall times, the median of the pairwise
//! time ratios (A over B) and the peak memory of each. A std-only crate of the workspace
//! (`tools/bench/`, built by `cargo build --release`), so the bench needs no python.
//!
//! ```text
//! bench [--check] [--warmup] [--out DIR] [--input-b FILE] RUNS INPUT -- CMD_A ARGS... [--vs CMD_B ARGS...]
//! ```
//!
//! - Output, one line on stdout: `A_median B_median ratio A_peak_kb B_peak_kb` (seconds, seconds,
//!   A/B, KiB, KiB), or `A_median A_peak_kb` without `--vs`. A peak is the largest over the runs,
//!   -1 where the system does not report it.
//! - INPUT is opened afresh as stdin for every run (`/dev/null` for none); stdout and stderr go to
//!   `/dev/null` in the timed runs. `--input-b FILE`: B reads FILE instead (a floor that takes the
//!   same data in another form: graph_game on graph_sum's graph without its queries).
//! - `--warmup`: one untimed run of each command first, stdout kept in DIR (default the system's
//!   temporary folder) and stderr shown. `--check` (implies `--warmup`): the two outputs of the
//!   warm-up must be byte for byte the same, else the first differing line is shown and nothing is
//!   timed.
//! - The soft stack limit is raised to the hard one (unlimited on most systems) before anything
//!   runs, and the children inherit it: the recursive baselines need a deep stack.
//! - Exit status 0, or 1 when a command cannot start, exits non-zero or fails the check; 2 for a
//!   usage error. A command's words after `--` are taken as they are, `--` included (only `--vs`
//!   separates A from B), so a command may itself take `--`.
//!
//! The wall time is measured from just before the spawn to the reaping of the child, the peak
//! memory (`ru_maxrss`) from the child's resource usage, read with `wait4` on Linux. std spawns
//! with `posix_spawn` (a vfork: the cheapest start, so the least overhead in a 1 ms run), and
//! Linux then starts the child's peak from this process's own resident memory: no peak reads
//! below this tool's (about 1.2 MiB linked statically, 2 MiB dynamically). So the tool keeps
//! little in memory (outputs are compared a line at a time).

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const USAGE: &str =
    "usage: bench [--check] [--warmup] [--out DIR] [--input-b FILE] RUNS INPUT -- CMD_A ARGS... \
     [--vs CMD_B ARGS...]";

/// One finished run: wall seconds, peak resident memory in KiB (-1 when unknown), and how it
/// ended (None: exit status 0).
struct Run {
    seconds: f64,
    peak_kb: i64,
    failure: Option<String>,
}

#[derive(Debug)]
struct Options {
    check: bool,
    warmup: bool,
    out_dir: PathBuf,
    runs: usize,
    input: PathBuf,
    /// B's stdin, when not `input`.
    input_b: Option<PathBuf>,
    a: Vec<String>,
    b: Option<Vec<String>>,
}

/// The options, every argument checked; `None` for `--help` (or `-h`) before the `--`.
fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut check = false;
    let mut warmup = false;
    let mut out_dir = std::env::temp_dir();
    let mut input_b = None;
    let mut positional = Vec::new();
    let mut i = 0;
    while i < args.len() && args[i] != "--" {
        match args[i].as_str() {
            "--check" => check = true,
            "--warmup" => warmup = true,
            "--help" | "-h" => return Ok(None),
            "--out" => {
                i += 1;
                out_dir = PathBuf::from(args.get(i).ok_or("--out needs a folder")?);
            }
            "--input-b" => {
                i += 1;
                input_b = Some(PathBuf::from(args.get(i).ok_or("--input-b needs a file")?));
            }
            flag if flag.starts_with("--") => return Err(format!("unknown flag {flag}")),
            word => positional.push(word.to_string()),
        }
        i += 1;
    }
    if positional.len() != 2 {
        return Err("expected RUNS and INPUT before --".to_string());
    }
    let runs: usize = positional[0].parse().map_err(|_| format!("RUNS is not a count: {}", positional[0]))?;
    if runs == 0 {
        return Err("RUNS must be at least 1".to_string());
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
    if input_b.is_some() && b.is_none() {
        return Err("--input-b without a command B (--vs)".to_string());
    }
    Ok(Some(Options {
        check,
        warmup: warmup || check,
        out_dir,
        runs,
        input: PathBuf::from(&positional[1]),
        input_b,
        a,
        b,
    }))
}

impl Options {
    /// The stdin of command `name` ("A" or "B").
    fn input_of(&self, name: &str) -> &Path {
        match &self.input_b {
            Some(input_b) if name == "B" => input_b,
            _ => &self.input,
        }
    }
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
mod sys {
    //! The three calls std does not offer: a child's resource usage as it is reaped (`wait4`), and
    //! the stack limit (`getrlimit`, `setrlimit`). Declared by hand (std links the C library, and
    //! the crate takes no dependency), for 64-bit Linux, where `long` and `rlim_t` are 64 bits.

    /// `struct rusage` of 64-bit Linux: two `struct timeval` (user and system time), then 14
    /// `long`s, the first of which is `ru_maxrss` (KiB).
    #[repr(C)]
    pub struct Rusage {
        pub utime: [i64; 2],
        pub stime: [i64; 2],
        pub maxrss: i64,
        pub rest: [i64; 13],
    }

    #[repr(C)]
    struct Rlimit {
        current: u64,
        max: u64,
    }

    const RLIMIT_STACK: i32 = 3;

    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut Rusage) -> i32;
        fn getrlimit(resource: i32, rlim: *mut Rlimit) -> i32;
        fn setrlimit(resource: i32, rlim: *const Rlimit) -> i32;
    }

    /// Waits for child `pid` to end and reaps it: its raw wait status and resource usage.
    pub fn wait_child(pid: u32) -> std::io::Result<(i32, Rusage)> {
        let mut status = 0i32;
        let mut usage = Rusage { utime: [0; 2], stime: [0; 2], maxrss: 0, rest: [0; 13] };
        loop {
            // SAFETY: `status` and `usage` are live, writable and laid out as the C types
            // (`int`, `struct rusage` of 64-bit Linux: 2 + 2 + 14 longs); `pid` is a child of
            // this process that nothing else waits for (std's `Child` is never waited on).
            let got = unsafe { wait4(pid as i32, &mut status, 0, &mut usage) };
            if got == pid as i32 {
                return Ok((status, usage));
            }
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
    }

    /// Raises this process's soft stack limit to its hard limit; children inherit it.
    pub fn raise_stack_limit() {
        let mut limit = Rlimit { current: 0, max: 0 };
        // SAFETY: `limit` is a live, writable `struct rlimit` (two 64-bit `rlim_t` on 64-bit
        // Linux), and RLIMIT_STACK is 3 there.
        if unsafe { getrlimit(RLIMIT_STACK, &mut limit) } == 0 && limit.current != limit.max {
            limit.current = limit.max;
            // SAFETY: as above; the call only reads `limit`. Failure leaves the limit as it was.
            unsafe { setrlimit(RLIMIT_STACK, &limit) };
        }
    }
}

/// A raw wait status as words, None for exit status 0.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn describe_status(status: i32) -> Option<String> {
    let signal = status & 0x7f;
    if signal == 0 {
        let code = (status >> 8) & 0xff;
        (code != 0).then(|| format!("exit status {code}"))
    } else {
        Some(format!("killed by signal {signal}"))
    }
}

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
    let start = Instant::now();
    let child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", command[0]))?;
    finish(child, start)
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn finish(child: std::process::Child, start: Instant) -> Result<Run, String> {
    let (status, usage) = sys::wait_child(child.id()).map_err(|e| format!("wait4: {e}"))?;
    let seconds = start.elapsed().as_secs_f64();
    Ok(Run { seconds, peak_kb: usage.maxrss, failure: describe_status(status) })
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn finish(mut child: std::process::Child, start: Instant) -> Result<Run, String> {
    let status = child.wait().map_err(|e| format!("wait: {e}"))?;
    let seconds = start.elapsed().as_secs_f64();
    let failure = (!status.success()).then(|| format!("{status}"));
    Ok(Run { seconds, peak_kb: -1, failure })
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn raise_stack_limit() {
    sys::raise_stack_limit();
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn raise_stack_limit() {}

/// The machine's memory in KiB (`MemTotal` of /proc/meminfo), where the system says.
fn machine_memory_kb() -> Option<i64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|line| line.starts_with("MemTotal:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The median of `values` (the mean of the two middle ones for an even count), as Python's
/// `statistics.median`.
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(|x, y| x.partial_cmp(y).expect("no NaN among times"));
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    }
}

/// Where two files first differ: the 1-based line and both lines (shortened), None if equal.
/// Read a line at a time, so this process stays small: a child started from it (by vfork, as
/// std spawns) starts its peak memory count at this process's own.
fn files_differ(a: &Path, b: &Path) -> Result<Option<(usize, String, String)>, String> {
    let open = |path: &Path| {
        File::open(path).map(BufReader::new).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let (mut a, mut b) = (open(a)?, open(b)?);
    let (mut line_a, mut line_b) = (Vec::new(), Vec::new());
    for line in 1.. {
        line_a.clear();
        line_b.clear();
        let got_a = a.read_until(b'\n', &mut line_a).map_err(|e| e.to_string())?;
        b.read_until(b'\n', &mut line_b).map_err(|e| e.to_string())?;
        if line_a != line_b {
            return Ok(Some((line, shown(&line_a), shown(&line_b))));
        }
        if got_a == 0 {
            return Ok(None);
        }
    }
    unreachable!()
}

/// One line of output as a short quoted string, or `(end of output)` for none.
fn shown(line: &[u8]) -> String {
    if line.is_empty() {
        return "(end of output)".to_string();
    }
    let text: String = String::from_utf8_lossy(line).chars().take(80).collect();
    format!("{text:?}")
}

/// The untimed first run of each command: output kept, stderr shown, outputs compared if asked.
fn warm_up(options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.out_dir)
        .map_err(|e| format!("cannot create {}: {e}", options.out_dir.display()))?;
    let pid = std::process::id();
    let mut outputs = Vec::new();
    for (name, command) in [("A", Some(&options.a)), ("B", options.b.as_ref())] {
        let command = match command {
            Some(command) => command,
            None => continue,
        };
        let path = options.out_dir.join(format!("bench-{pid}-{name}.out"));
        let input = options.input_of(name);
        let run = run_once(command, input, Some(&path), true)?;
        outputs.push(path);
        if let Some(failure) = run.failure {
            outputs.iter().for_each(|path| drop(std::fs::remove_file(path)));
            return Err(format!("{name} ({}) failed on {}: {failure}", command[0], input.display()));
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
            options.input.display()
        ));
    }
    Ok(())
}

fn bench(options: &Options) -> Result<String, String> {
    raise_stack_limit();
    if options.warmup {
        warm_up(options)?;
    }
    let memory_kb = machine_memory_kb();
    let verbose = std::env::var_os("BENCH_VERBOSE").filter(|v| !v.is_empty() && v != "0").is_some();
    let commands: Vec<&Vec<String>> = std::iter::once(&options.a).chain(options.b.as_ref()).collect();
    let mut times = vec![Vec::new(); commands.len()];
    let mut peaks = vec![-1i64; commands.len()];
    for round in 0..options.runs {
        for (k, command) in commands.iter().enumerate() {
            let name = ["A", "B"][k];
            let input = options.input_of(name);
            let run = run_once(command, input, None, false)?;
            if let Some(failure) = run.failure {
                return Err(format!("{name} ({}) failed on {}: {failure}", command[0], input.display()));
            }
            if verbose {
                let _ = writeln!(
                    std::io::stderr(),
                    "run {} {name}: {:.6} s {} KiB",
                    round + 1,
                    run.seconds,
                    run.peak_kb
                );
            }
            times[k].push(run.seconds);
            if matches!(memory_kb, Some(total) if run.peak_kb > total) {
                // Seen twice while this tool was written (2 and 19 GiB on a 24 GiB machine for
                // `true`), never reproduced since: not a peak any run can have.
                let _ = writeln!(
                    std::io::stderr(),
                    "bench: run {} {name}: a peak of {} KiB, more than the machine has: left out",
                    round + 1,
                    run.peak_kb
                );
            } else {
                peaks[k] = peaks[k].max(run.peak_kb);
            }
        }
    }
    Ok(match (&times[..], &peaks[..]) {
        ([a, b], [peak_a, peak_b]) => {
            let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
            format!("{:.6} {:.6} {:.4} {peak_a} {peak_b}", median(a), median(b), median(&ratios))
        }
        _ => format!("{:.6} {}", median(&times[0]), peaks[0]),
    })
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

fn run() -> i32 {
    let args: Result<Vec<String>, _> = std::env::args_os().skip(1).map(|a| a.into_string()).collect();
    let args = match args {
        Ok(args) => args,
        Err(arg) => return fail(&format!("an argument that is not UTF-8: {}", arg.to_string_lossy()), 2),
    };
    match parse_args(&args) {
        Ok(None) => say(USAGE),
        Err(message) => fail(&format!("{message} ({USAGE}; --help)"), 2),
        Ok(Some(options)) => match bench(&options) {
            Ok(line) => say(&line),
            Err(message) => fail(&message, 1),
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
        assert_eq!((options.runs, options.input.to_str().unwrap()), (5, "in.txt"));
        assert_eq!(options.a, words("a -x -- y"));
        assert_eq!(options.b, Some(words("b z")));
        let options = parse_args(&words("1 /dev/null -- stress g --cases 2 -- bin")).unwrap().unwrap();
        assert_eq!((options.a.len(), options.b, options.warmup), (6, None, false));
        for bad in ["5 in", "0 in -- a", "x in -- a", "5 in -- a --vs", "5 in -- --vs b", "--what 5 in -- a"]
        {
            assert!(parse_args(&words(bad)).is_err(), "{bad}");
        }
        assert!(parse_args(&words("--help")).unwrap().is_none());
        let options = parse_args(&words("--input-b other 3 in -- a --vs b")).unwrap().unwrap();
        assert_eq!(
            (options.input_of("A").to_str(), options.input_of("B").to_str()),
            (Some("in"), Some("other"))
        );
        assert!(parse_args(&words("--input-b other 3 in -- a")).is_err());
        assert!(parse_args(&words("3 in --input-b")).is_err());
        // After the `--`, a `-h` is the command's.
        assert!(parse_args(&words("3 in -- grep -h x")).unwrap().is_some());
    }

    #[test]
    fn medians_and_differences() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
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
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
