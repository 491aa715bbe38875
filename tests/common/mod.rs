//! What the integration tests share: running a built binary on an input, and a small PRNG.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The stack of [`on_a_small_stack`]: 256 KiB, an eighth of a test thread's 2 MiB.
pub const SMALL_STACK: usize = 256 << 10;

/// `work` run on a thread of its own with a stack of [`SMALL_STACK`], its panic passed on: a test
/// that some code needs no recursion as deep as its input then needs a fifth of the input a test
/// thread's stack would, and catches more (at 200,000 positions, a recursion of more than 1.3
/// bytes of stack a position overflows it, where a million on 2 MiB let through up to 2.1: a
/// frame of 16 bytes every 4 positions, tests/attack_small_stack.rs); the test process dies of it,
/// as on the test thread.
pub fn on_a_small_stack(work: fn()) {
    let thread = std::thread::Builder::new().stack_size(SMALL_STACK).spawn(work).expect("a thread");
    if let Err(panic) = thread.join() {
        std::panic::resume_unwind(panic);
    }
}

/// Runs `program` (the built `graph_game`, or a shell wrapping it) with `args` on `input`.
pub fn run_program(program: &str, args: &[&str], input: &[u8]) -> Output {
    run_program_timed(program, args, input).0
}

/// Runs `program` with `args` on `input`; also how long it took, from its start to its exit
/// (to within 2 ms: [`run_fed`] looks at the child that often).
pub fn run_program_timed(program: &str, args: &[&str], input: &[u8]) -> (Output, Duration) {
    let started = Instant::now();
    let input = input.to_vec();
    // A write that fails means the program stopped reading, which is its right.
    let feed = move |stdin: &mut dyn Write| {
        let _ = stdin.write_all(&input);
    };
    let output = run_fed(Path::new(program), args, feed, Duration::from_secs(600))
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    (output, started.elapsed())
}

/// Runs `program` with `args`, its stdin written by `feed` (from a thread of its own, which may
/// stop at the first failed write: the program stopped reading), and kills it if it has not
/// finished after `limit`. Returns its output, or why it did not finish.
pub fn run_fed<A: AsRef<OsStr>>(
    program: &Path,
    args: &[A],
    feed: impl FnOnce(&mut dyn Write) + Send + 'static,
    limit: Duration,
) -> Result<Output, String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || feed(&mut stdin));
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let mut nap = Duration::from_micros(100);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {limit:?}: killed"));
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    };
    let _ = feeder.join();
    Ok(Output { status, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() })
}

/// How a run breaks the contract every binary keeps, if it does: either exit status 0 with
/// nothing on stderr, or exit status 2 with nothing on stdout and exactly one line
/// `error: ...` on stderr, printable (valid UTF-8 without control characters: input bytes are
/// shown escaped). A panic (101), a signal (an abort, say) or any other status breaks it.
pub fn contract_violation(out: &Output) -> Option<String> {
    let text = |bytes: &[u8]| format!("{:?}", String::from_utf8_lossy(&bytes[..bytes.len().min(300)]));
    match out.status.code() {
        Some(0) if out.stderr.is_empty() => None,
        Some(0) => Some(format!("exit 0 with stderr {}", text(&out.stderr))),
        Some(2) => {
            let line = match std::str::from_utf8(&out.stderr) {
                Ok(line) => line,
                Err(_) => return Some(format!("stderr is not UTF-8: {}", text(&out.stderr))),
            };
            if !out.stdout.is_empty() {
                Some(format!("exit 2 with stdout {} (stderr {})", text(&out.stdout), text(&out.stderr)))
            } else if !line.starts_with("error: ") || !line.ends_with('\n') {
                Some(format!("exit 2 without one line `error: ...`: stderr {}", text(&out.stderr)))
            } else if line[..line.len() - 1].chars().any(char::is_control) {
                Some(format!(
                    "exit 2 with a control character in its error line (more than one line?): {}",
                    text(&out.stderr)
                ))
            } else {
                None
            }
        }
        Some(code) => Some(format!("exit {code}, stderr {}", text(&out.stderr))),
        None => Some(format!("killed by a signal ({:?}), stderr {}", out.status, text(&out.stderr))),
    }
}

/// Panics unless the run keeps the contract (see [`contract_violation`]) and exits with status 2.
pub fn assert_rejected(out: &Output) {
    if let Some(why) = contract_violation(out) {
        panic!("{why}");
    }
    assert_eq!(
        out.status.code(),
        Some(2),
        "expected exit 2, stdout {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// The judge binaries of src/bin/.
pub const BINARIES: [&str; 7] = [
    "graph_game",
    "graph_sum",
    "graph_partizan",
    "graph_scores",
    "police_thief",
    "grid_game_28218",
    "move_or_block",
];

/// The cargo-built judge binary `name`, in the folder where cargo puts every binary of the
/// workspace side by side. A test of the root package is told where (`CARGO_BIN_EXE_*`); a tool's
/// test (tools/*/tests/, which include this module) finds it beside its own executable's folder
/// (`target/release/deps/`), where `cargo test --release` at the root has built every program.
pub fn binary(name: &str) -> PathBuf {
    let folder = match option_env!("CARGO_BIN_EXE_graph_game") {
        Some(graph_game) => Path::new(graph_game).parent().map(Path::to_path_buf),
        None => std::env::current_exe().ok().and_then(|exe| Some(exe.parent()?.parent()?.to_path_buf())),
    };
    let path = folder.expect("the folder of the built programs").join(name);
    assert!(
        path.exists(),
        "{} is not built: run the tests at the workspace's root, or cargo build --release first",
        path.display()
    );
    path
}

/// The cargo-built example `name` (examples/NAME.rs), beside the binaries.
pub fn example(name: &str) -> PathBuf {
    let path = binary("graph_game").with_file_name("examples").join(name);
    assert!(
        path.is_file(),
        "{} is not built: a plain `cargo test` at the root builds the examples, `--test suite` alone does \
         not (`cargo build --release --examples` first)",
        path.display()
    );
    path
}

/// Runs the cargo-built judge binary `name` with `args` on `input`.
pub fn run(name: &str, args: &[&str], input: &[u8]) -> Output {
    run_program(binary(name).to_str().unwrap(), args, input)
}

/// Runs the cargo-built judge binary `name` with `args` on `input`: exit status, stdout and
/// stderr as text.
pub fn run_text(name: &str, args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let out = run(name, args, input);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// splitmix64: a tiny, good-enough PRNG; every test seeds it with a fixed number.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (bound > 0; the tiny modulo bias does not matter here).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
}

/// The project's root folder: the workspace's, also from a tool's test (`tools/NAME/`).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root =
        manifest.ancestors().find(|dir| dir.join("src/lib.rs").is_file() && dir.join("inputs").is_dir());
    root.unwrap_or(manifest).to_path_buf()
}

/// The entries of `dir`, sorted (none if it does not exist).
pub fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    };
    entries.sort();
    entries
}

/// Whether the problem of `inputs/<bin>/` is interactive (the folder holds a file `INTERACTIVE`):
/// its cases are test files of a jury, played by a test of their own (`tests/<bin>.rs`), with no
/// output to compare.
pub fn is_interactive(bin: &str) -> bool {
    root().join("inputs").join(bin).join("INTERACTIVE").is_file()
}

/// The judge cases of binary `bin`: every `inputs/<bin>/*.in`, sorted; none for an interactive
/// problem ([`is_interactive`]), whose cases are not run by comparing an output.
pub fn judge_cases(bin: &str) -> Vec<PathBuf> {
    if is_interactive(bin) {
        return Vec::new();
    }
    sorted_entries(&root().join("inputs").join(bin))
        .into_iter()
        .filter(|case| case.extension().map_or(false, |e| e == "in"))
        .collect()
}

/// The time limit of every problem here: BOJ 28218 and BOJ 31567 give 1 s
/// (docs/problems/grid_game_28218.md, move_or_block.md); this project's own two problems
/// give none, and are held to the same. It binds only a case run as a judge runs it: with no
/// flags (see [`case_flags`]).
pub const TIME_LIMIT: Duration = Duration::from_secs(1);

/// The flags of a judge case: the words of `<case>.args`, none without that file. A case with no
/// flags runs as a judge runs the binary; one with flags runs an extra (`--brute`, `--explain`,
/// `--depth`...) that no judge runs, so the time limit does not bind it.
pub fn case_flags(case: &Path) -> Vec<String> {
    let args = fs::read_to_string(case.with_extension("args")).unwrap_or_default();
    args.split_whitespace().map(String::from).collect()
}

/// Runs `command` (a program and its first arguments: an executable alone, or a command of the
/// user's such as `python3 sol.py`) on one judge case of `bin`, the case's flags (`<case>.args`)
/// after its own arguments, and compares with the answer: `expected/<bin>/<case>.out` (exit status
/// 0, exactly that on stdout, nothing on stderr) or `expected/<bin>/<case>.err` (exit status 2,
/// nothing on stdout, exactly that on stderr). Returns what went wrong, if anything (a case with
/// neither file is wrong), and how long the run took.
pub fn judge_case(command: &[String], bin: &str, case: &Path) -> (Option<String>, Duration) {
    let stem = case.file_stem().unwrap().to_str().unwrap();
    let flags = case_flags(case);
    let args: Vec<&str> = command[1..].iter().chain(&flags).map(String::as_str).collect();
    let (run, time) = run_program_timed(&command[0], &args, &fs::read(case).unwrap());
    (compare(bin, stem, &run), time)
}

/// What is wrong with `run` as the answer to case `stem` of `bin`, if anything.
fn compare(bin: &str, stem: &str, run: &Output) -> Option<String> {
    let expected = root().join("expected").join(bin);
    let (want_status, want_stdout, want_stderr) =
        if let Ok(out) = fs::read(expected.join(format!("{stem}.out"))) {
            (0, out, Vec::new())
        } else if let Ok(err) = fs::read(expected.join(format!("{stem}.err"))) {
            (2, Vec::new(), err)
        } else {
            return Some(format!("no expected/{bin}/{stem}.out nor .err"));
        };
    let status = run.status.code();
    if status != Some(want_status) || run.stderr != want_stderr {
        let show = |bytes: &[u8]| format!("{:?}", String::from_utf8_lossy(&bytes[..bytes.len().min(300)]));
        return Some(format!(
            "expected exit {want_status} and stderr {}; got exit {status:?} and stderr {}",
            show(&want_stderr),
            show(&run.stderr)
        ));
    }
    if run.stdout != want_stdout {
        return Some(first_difference(&want_stdout, &run.stdout));
    }
    None
}

/// The first line where two outputs differ.
fn first_difference(expected: &[u8], got: &[u8]) -> String {
    let e: Vec<&[u8]> = expected.split(|&b| b == b'\n').collect();
    let g: Vec<&[u8]> = got.split(|&b| b == b'\n').collect();
    let line = (0..e.len().max(g.len())).find(|&i| e.get(i) != g.get(i)).unwrap_or(0);
    let show = |l: Option<&&[u8]>| {
        l.map_or("<missing>".to_string(), |l| format!("{:?}", String::from_utf8_lossy(l)))
    };
    format!("stdout line {}: expected {}, got {}", line + 1, show(e.get(line)), show(g.get(line)))
}

/// Says that a test could not do its job here: `make test` counts it as skipped, not passed, and
/// prints `why` in its summary (a test that returns early would otherwise pass unseen). The line
/// goes to `target/skipped-tests.txt` in the project's root, as src/input/x86_64.rs's does.
pub fn skipped(test: &str, why: &str) {
    let path = root().join("target/skipped-tests.txt");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = fs::OpenOptions::new().create(true).append(true).open(&path);
    file.and_then(|mut f| writeln!(f, "skipped: {test}: {why}"))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    eprintln!("skipped: {test}: {why}");
}

/// Whether the on/off switch `name` (an environment variable) is on: set to anything but empty or
/// `0`, as the Makefile reads `BUNDLE` and `DOCS`. Every switch the tests read reads this way.
pub fn switch_on(name: &str) -> bool {
    std::env::var_os(name).map_or(false, |v| !v.is_empty() && v != "0")
}

/// Whether the judge-case tests report every case: the switch `JUDGE_REPORT` (`make judge` sets
/// `JUDGE_REPORT=1` and runs them with `--nocapture`, so the lines show).
pub fn judge_report() -> bool {
    switch_on("JUDGE_REPORT")
}

/// Tallies judged cases, printing one line each when [`judge_report`] is on:
/// `PASS    0.004 s  graph_game/example`, and for a failure `FAIL` with what went wrong below.
/// A case with flags shows them after its name (`move_or_block/brute_500_free --brute --explain`)
/// and its time, but only a case without flags, run as a judge runs it, is held to
/// [`TIME_LIMIT`]: `SLOW` beside its time past the limit, and counted in [`Judge::slow`].
#[derive(Default)]
pub struct Judge {
    pub failures: Vec<String>,
    pub passed: usize,
    /// Cases without flags judged (the ones [`TIME_LIMIT`] binds).
    pub timed: usize,
    /// Of those, the ones that ran over [`TIME_LIMIT`].
    pub slow: usize,
}

impl Judge {
    /// Judges `executable` on `case` of `bin`; `label` (the bundle's edition, say) follows the
    /// case's name in the report.
    pub fn case(&mut self, executable: &Path, bin: &str, case: &Path, label: &str) {
        self.command_case(&[executable.to_str().unwrap().to_string()], bin, case, label)
    }

    /// [`Judge::case`] for a command: a program and its first arguments (see [`judge_case`]).
    pub fn command_case(&mut self, command: &[String], bin: &str, case: &Path, label: &str) {
        let (failure, time) = judge_case(command, bin, case);
        let flags = case_flags(case);
        let stem = case.file_stem().unwrap().to_str().unwrap();
        let name = if flags.is_empty() {
            format!("{bin}/{stem}{label}")
        } else {
            format!("{bin}/{stem} {}{label}", flags.join(" "))
        };
        // No judge runs a binary with flags: only a case without them has a time limit.
        let timed = flags.is_empty();
        let slow = timed && time > TIME_LIMIT;
        self.timed += usize::from(timed);
        self.slow += usize::from(slow);
        if judge_report() {
            let verdict = if failure.is_some() { "FAIL" } else { "PASS" };
            let mark =
                if slow { format!("  SLOW (over {} s)", TIME_LIMIT.as_secs_f64()) } else { String::new() };
            println!("{verdict}  {:7.3} s  {name}{mark}", time.as_secs_f64());
            if let Some(why) = &failure {
                println!("      {why}");
            }
        }
        match failure {
            Some(why) => self.failures.push(format!("{name}: {why}")),
            None => self.passed += 1,
        }
    }

    /// `N passed, M failed; K of T cases without flags over the time limit of 1 s`.
    pub fn summary(&self) -> String {
        format!(
            "{} passed, {} failed; {} of {} cases without flags over the time limit of {} s",
            self.passed,
            self.failures.len(),
            self.slow,
            self.timed,
            TIME_LIMIT.as_secs_f64()
        )
    }
}
