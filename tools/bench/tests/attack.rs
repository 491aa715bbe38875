//! The timing tool from outside, as a user runs it: its arguments, its children and the files it
//! leaves. Each test states a promise of the tool's docs (tools/bench/src/main.rs, bench/README.md)
//! or of the project's rule for tools ("every argument checked, no process left behind, nothing
//! claimed that did not happen"; a bad argument is one `error:` line on stderr, exit status 2,
//! nothing on stdout; never a panic or an abort, also when memory runs out), and checks it with
//! shell one-liners whose effects are known, not with the tool's own code.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const BENCH: &str = env!("CARGO_BIN_EXE_bench");

fn bench(args: &[&str]) -> Output {
    Command::new(BENCH).args(args).stdin(Stdio::null()).output().unwrap()
}

/// A fresh empty folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bench-attack-{test}-{}", std::process::id()));
    drop(std::fs::remove_dir_all(&dir));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

/// Whether process `pid` is alive (`kill -0`).
fn alive(pid: &str) -> bool {
    let status = Command::new("kill").args(["-0", pid]).stderr(Stdio::null()).status().unwrap();
    status.success()
}

/// Ends process `pid` (one this test started, named by its id).
fn end(pid: &str) {
    drop(Command::new("kill").args(["-KILL", pid]).stderr(Stdio::null()).status());
}

/// The pid a child wrote into `file`, waited for up to 5 seconds.
fn pid_in(file: &Path) -> String {
    for _ in 0..500 {
        if let Ok(pid) = std::fs::read_to_string(file) {
            if pid.ends_with('\n') {
                return pid.trim().to_string();
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no pid in {}", file.display());
}

/// A usage error: one line `error: ...` on stderr, exit status 2, nothing on stdout.
fn assert_usage_error(args: &[&str]) {
    let out = bench(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: stdout {:?}, stderr {stderr}", out.stdout);
    assert!(out.stdout.is_empty(), "{args:?}");
    assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{args:?}: {stderr}");
}

/// A flag that takes one value, given twice, is an error (as `bundle` says "given twice"), not
/// the last one silently winning; and a flag's value is not the next flag.
#[test]
fn a_flag_given_twice_or_a_flag_as_a_value_is_a_usage_error() {
    for args in [
        "--budget 1 --budget 2 1 /dev/null -- true",
        "--max-runs 5 --max-runs 6 1 /dev/null -- true",
        "--out /tmp --out /var/tmp 1 /dev/null -- true",
        "--out --warmup 1 /dev/null -- true",
        "--input-b --check 1 /dev/null -- true --vs true",
    ] {
        assert_usage_error(&args.split(' ').collect::<Vec<_>>());
    }
}

/// `--check` compares A's output with B's: with no B there is nothing to compare, and a check
/// that did not happen is not claimed by an exit status 0 (as `--input-b` without `--vs` is an
/// error).
#[test]
fn check_without_a_command_b_is_a_usage_error() {
    assert_usage_error(&["--check", "1", "/dev/null", "--", "echo", "x"]);
}

/// A timed command that starts a background grandchild and exits: the tool returns while the
/// grandchild still runs (and its time is in neither figure). No process is to be left behind:
/// either the tool ends it or it says so and fails.
#[test]
fn no_grandchild_is_left_running() {
    let dir = folder("grandchild");
    let pid_file = dir.join("pid");
    let script = format!("sleep 5 & echo $! > {}", text(&pid_file));
    let out = bench(&["1", "/dev/null", "--", "sh", "-c", &script]);
    let pid = pid_in(&pid_file);
    let left = alive(&pid);
    end(&pid);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        !left || !out.status.success(),
        "the tool printed {:?}, exit 0, and left process {pid} running",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// The tool ended by SIGTERM (as a user or a script ends it) while a timed child runs: the child
/// does not go on running after it.
#[test]
fn a_terminated_tool_leaves_no_child_running() {
    let dir = folder("term");
    let pid_file = dir.join("pid");
    let script = format!("echo $$ > {}; exec sleep 5", text(&pid_file));
    let mut tool = Command::new(BENCH)
        .args(["1", "/dev/null", "--", "sh", "-c", &script])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let child = pid_in(&pid_file);
    let tool_pid = tool.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &tool_pid]).status().unwrap().success());
    tool.wait().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let left = alive(&child);
    end(&child);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!left, "process {child} still runs after the tool was terminated");
}

/// `--check` compares "a line at a time, so this process stays small": an output of one long
/// line (no newline) must not make it abort when memory is short; an error line, exit 1 or 2.
#[test]
fn check_on_one_huge_line_is_no_abort() {
    let dir = folder("huge-line");
    // 160 MB of zero bytes, no newline, from each side; the tool's address space held to 120 MB
    // (the children print with `head`, which needs little).
    let huge = "head -c 160000000 /dev/zero";
    let script = "ulimit -v 120000 && exec \"$0\" \"$@\"";
    let out = Command::new("sh")
        .args(["-c", script, BENCH, "--check", "--out", &text(&dir), "1", "/dev/null"])
        .args(["--", "sh", "-c", huge, "--vs", "sh", "-c", huge])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(0..=2)), "{:?}: {stderr}", out.status);
    assert!(out.status.success() || stderr.starts_with("error: "), "{stderr}");
}

/// A failed `--check` (B cannot start) leaves no output file of the warm-up in `--out`.
#[test]
fn a_failed_warm_up_leaves_no_files() {
    let dir = folder("leftover");
    let out = bench(
        &["--check", "--out", &text(&dir), "1", "/dev/null", "--", "echo", "x"]
            .iter()
            .copied()
            .chain(["--vs", "/nonexistent/command"])
            .collect::<Vec<_>>(),
    );
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(left.is_empty(), "left in --out: {left:?}");
}

/// bench/run.sh judges on CPU time unless BENCH_CLOCK=wall: any other value (a typo, `Wall`)
/// silently judged on CPU time. It is a usage error, named on stderr, before anything runs.
#[test]
fn run_sh_rejects_a_bad_bench_clock() {
    let run_sh = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/run.sh");
    for clock in ["Wall", "walltime", "CPU"] {
        // An unknown row keeps the run short whatever happens: the usage error of BENCH_CLOCK
        // must come first and name it.
        let out = Command::new("bash")
            .arg(&run_sh)
            .arg("no_such_row")
            .env("BENCH_CLOCK", clock)
            .env("BENCH_NOBUILD", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{clock}: {stderr}");
        assert!(stderr.contains("BENCH_CLOCK"), "{clock}: {stderr}");
    }
    for clock in ["cpu", "wall"] {
        let out =
            Command::new("bash").arg(&run_sh).arg("no_such_row").env("BENCH_CLOCK", clock).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("BENCH_CLOCK"), "{clock}: {stderr}");
    }
}

/// An INPUT (or `--input-b` FILE) that cannot be opened is a bad argument: found before anything
/// runs (not after A's warm-up and first timed run), one error line naming it, exit status 2.
#[test]
fn an_input_that_cannot_be_opened_is_a_usage_error_before_anything_runs() {
    let dir = folder("missing-input");
    let log = dir.join("log");
    let missing = text(&dir.join("missing"));
    let logs = format!("echo ran >> {}", text(&log));
    for args in [
        vec!["--warmup", "1", &missing, "--", "sh", "-c", &logs],
        vec!["--input-b", &missing, "1", "/dev/null", "--", "sh", "-c", &logs, "--vs", "true"],
        vec!["--check", "1", "/dev/null", &missing, "--", "sh", "-c", &logs, "--vs", "cat"],
    ] {
        let out = bench(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty() && stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(&missing) && stderr.lines().count() == 1, "{args:?}: {stderr}");
        assert!(!log.exists(), "{args:?}: a command ran before the bad input was found");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A goal line of bench/run.sh quotes the figure it judges: a time judged SHORT against its goal
/// does not read as within it once rounded for the line. `mark "$a <= 0.2" "time $(secs "$a")
/// (goal <= 0.2 s)"` (graph_partizan's rows) with a = 0.2004 s reads `SHORT: time 0.200 s (goal
/// <= 0.2 s)`; grid_300's 1.0004 ms beyond its floor reads `1.00 ms (goal <= 1 ms)`. The shell
/// functions are taken from run.sh as they are (`holds`, `secs`).
#[test]
fn run_sh_quotes_a_short_time_as_short() {
    let run_sh = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/run.sh");
    let script = std::fs::read_to_string(run_sh).unwrap();
    let functions: Vec<&str> =
        script.lines().filter(|line| line.starts_with("holds() ") || line.starts_with("secs() ")).collect();
    assert_eq!(functions.len(), 2, "run.sh's holds and secs");
    for (seconds, goal) in [(0.2004, 0.2), (0.0010004, 0.001), (1.0004, 1.0)] {
        let judge = format!("holds '{seconds} <= {goal}' && echo ok || echo SHORT; secs {seconds}");
        let out = Command::new("bash")
            .args(["-c", &format!("{}\n{judge}", functions.join("\n"))])
            .output()
            .unwrap();
        let said = String::from_utf8(out.stdout).unwrap();
        let mut lines = said.lines();
        let (verdict, quoted) = (lines.next().unwrap(), lines.next().unwrap_or(""));
        // The quoted figure in seconds, as a reader takes it.
        let (number, unit) = quoted.split_once(' ').unwrap();
        let quoted_seconds = number.parse::<f64>().unwrap() * if unit == "ms" { 1e-3 } else { 1.0 };
        assert_eq!(verdict, "SHORT", "{seconds} against {goal}");
        assert!(quoted_seconds > goal, "judged SHORT, but quoted as {quoted} against a goal of {goal} s");
    }
}
