//! The `stress` tool itself, beside `stress.rs` (which holds it against wrong solutions): every
//! bad argument, `--out` and stdout an error line with exit status 2; a closed or full stdout;
//! nothing a solution starts outlives its run; Ctrl-C reports and saves what it has; any problem
//! through `--ref`/`--gen`, with the examples as references.

// The workspace's shared test support (tests/common/: built programs run, judge cases): the root
// package's tests and the tools' run programs and judge cases the same way.
#[path = "../../../tests/common/mod.rs"]
mod common;
mod stress_common;
use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use stress_common::{compile, graph_game_answer, passes, processes_with, stress, tokens, work_dir};

/// Runs `stress` with `args` and expects exit status 2 with one line `error: ...` holding `what`.
fn refused(args: &[&str], what: &str) {
    let output = stress(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    assert!(
        stderr.starts_with("error: ") && stderr.ends_with('\n') && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert!(stderr.contains(what), "{args:?}: {stderr:?} has no {what:?}");
}

#[test]
fn bad_usage_and_a_command_that_cannot_start() {
    refused(&[], "no game given");
    refused(&["chess", "--", "true"], "unknown game `chess`: one of graph_game, police_thief");
    refused(&["graph_game"], "no command to test");
    refused(&["graph_game", "--"], "no command to test");
    refused(&["graph_game", "--cases", "0", "--", "true"], "--cases wants a positive integer, not `0`");
    refused(&["graph_game", "--size", "x", "--", "true"], "--size wants a positive integer");
    refused(&["graph_game", "--seed", "-1", "--", "true"], "--seed wants an integer");
    refused(&["graph_game", "--time-limit", "0", "--", "true"], "--time-limit wants seconds");
    refused(&["graph_game", "--time-limit", "nan", "--", "true"], "--time-limit wants seconds");
    refused(&["graph_game", "--seed"], "--seed wants a value");
    refused(&["graph_game", "--seed", "1", "--seed=2", "--", "true"], "--seed given twice");
    refused(&["graph_game", "--fast", "--", "true"], "unknown flag `--fast` (try --help)");
    refused(&["graph_game", "extra", "--", "true"], "unexpected argument `extra`");
    refused(&["graph_game", "--gen", "--", "true"], "--gen runs no command");
    refused(&["graph_game", "--gen", "--cases", "5"], "--cases has no use with --gen");
    refused(&["graph_game", "--gen", "--family", "huge"], "graph_game has no family `huge`: it has tiny, ");
    refused(&["graph_game", "--family", "huge", "--", "true"], "graph_game has no family `huge`");
    refused(&["graph_game", "--", "/nonexistent/solution"], "cannot run `/nonexistent/solution`: ");
    refused(
        &["graph_game", "--size", "18446744073709551615", "--", "true"],
        "--size 18446744073709551615: graph_game has at most 100000000 vertices",
    );
    refused(
        &["grid_game_28218", "--size", "90001", "--", "true"],
        "at most 90000 cells under the judge's constraints (--beyond-limits for more)",
    );
    refused(&["grid_game_28218", "--gen", "--size", "90001"], "at most 90000 cells");
    refused(&["police_thief", "--size", "20001", "--", "true"], "police_thief has at most 20000 cells");
    fs::create_dir_all(work_dir().join("a_folder.in")).unwrap();
    refused(
        &["graph_game", "--out", "a_folder", "--", "true"],
        "--out: `a_folder.in` is a folder (--out is a path prefix)",
    );
    refused(
        &["graph_game", "--out", "/nonexistent/folder/x", "--", "true"],
        "cannot write there (--out is a path prefix",
    );
    refused(&["graph_game", "--out", "", "--", "true"], "--out wants a path prefix");
    refused(&["graph_game", "--shrink-time", "0", "--", "true"], "--shrink-time wants seconds");
    refused(&["graph_game", "--large", "x", "--", "true"], "--large wants a count");
    refused(&["--ref", "true", "--", "true"], "--ref wants --gen GEN too");
    refused(&["graph_game", "--check", "true", "--", "true"], "--check goes with --ref");
    refused(
        &["--ref", "true", "--gen", "true", "--family", "x", "--", "true"],
        "--family is for the library's games",
    );
    refused(&["--ref", "true", "--gen", "false", "--", "true"], "the generator failed: --gen `false ");
    refused(
        &["--ref", "false", "--gen", "echo", "--", "true"],
        "is not valid, a fault of the generator and not of the solution (not run on it): --ref `false` \
         rejects it: exit status 1, nothing on stderr; the input is saved as stress-fail.in",
    );
    refused(
        &["--ref", "true", "--gen", "/nonexistent/gen", "--", "true"],
        "cannot run --gen `/nonexistent/gen",
    );
    let help = stress(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).starts_with("usage: stress GAME"));
}

/// Runs `stress` with its stdout set up by a shell redirection (`>&-` closes it, `>/dev/full`
/// fills it).
fn stress_with_stdout(redirection: &str, args: &[&str]) -> Output {
    let script = format!("exec \"$0\" \"$@\" {redirection}");
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_stress"))
        .args(args)
        .current_dir(work_dir())
        .output()
        .unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_or_full_stdout_is_an_error() {
    let one_error_line = |output: &Output, what: &str| {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1 && stderr.contains(what),
            "{stderr}"
        );
    };
    for args in [&["graph_game", "--gen"][..], &["graph_game", "--cases", "3", "--", "true"], &["--help"]] {
        one_error_line(&stress_with_stdout(">&-", args), "stdout is closed");
        one_error_line(&stress_with_stdout(">/dev/full", args), "cannot write the output: ");
        // `/dev/null` open both ways (Python's subprocess.DEVNULL) is what a closed descriptor
        // becomes under Rust's runtime, but it was open: an ordinary stdout.
        // (`true` as the solution fails its first case: exit 1, the report written.)
        let output = stress_with_stdout("1<>/dev/null", args);
        assert!(matches!(output.status.code(), Some(0 | 1)) && output.stderr.is_empty(), "{output:?}");
    }
    // A closed pipe is the reader's choice: no error.
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "\"{}\" graph_game --gen --size 100000 | head -c 1 >/dev/null",
            env!("CARGO_BIN_EXE_stress")
        ))
        .output()
        .unwrap();
    assert!(output.status.success() && output.stderr.is_empty(), "{output:?}");
}

/// A solution run through a script that leaves a background process behind (holding its stdout):
/// every run's group is killed as it ends, so nothing outlives `stress`, and no run waits for it.
#[cfg(target_os = "linux")]
#[test]
fn nothing_a_solution_starts_outlives_its_run() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stress_solutions/leaves_a_child.sh");
    let right = compile("graph_game_crlf");
    let started = Instant::now();
    let args = ["graph_game", "--cases", "40", "--"].map(OsStr::new);
    let all = [&args[..], &[OsStr::new("sh"), script.as_os_str(), right.as_os_str()]].concat();
    passes(&all, "graph_game: 40 cases passed");
    assert!(started.elapsed() < Duration::from_secs(20), "the runs waited for what their script left");
    assert_eq!(processes_with("31.41592"), Vec::<String>::new());
    // Killed at the time limit, the same.
    let slow = compile("graph_game_slow");
    let args =
        ["graph_game", "--cases", "100", "--time-limit", "0.3", "--shrink-time", "2", "--large", "0", "--"]
            .map(OsStr::new);
    let all = [&args[..], &[OsStr::new("sh"), script.as_os_str(), slow.as_os_str()]].concat();
    let output = stress(&all);
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stdout));
    assert_eq!(processes_with("31.41592"), Vec::<String>::new());
}

/// Ctrl-C during a shrink: the run stops, the smallest failing input so far is reported and
/// saved, and nothing is left running.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_reports_and_saves_what_it_has() {
    let prefix = work_dir().join("interrupted");
    let _ = fs::remove_file(work_dir().join("interrupted.in"));
    let child = Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(["graph_game", "--size", "30", "--cases", "1", "--out"])
        .arg(&prefix)
        .args(["--", "sh", "-c", "sleep 1.0271828; echo wrong"])
        .current_dir(work_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once the failure is found (and saved), during the shrink's first run.
    let saved = work_dir().join("interrupted.in");
    let waiting = Instant::now();
    while !saved.exists() && waiting.elapsed() < Duration::from_secs(20) {
        thread::sleep(Duration::from_millis(20));
    }
    thread::sleep(Duration::from_millis(300));
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    // Interrupted during the shrink's first run: the case as found, saved.
    assert!(report.contains("not shrunk, then interrupted: may not be minimal"), "{report}");
    let saved = fs::read(work_dir().join("interrupted.in")).unwrap();
    assert!(graph_game_answer(&saved).is_ok() && saved.len() > 100, "{saved:?}");
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(processes_with("1.0271828"), Vec::<String>::new());

    // Before any failure: what passed is said, exit status 130.
    let right = compile("graph_game_crlf");
    let script = format!("sleep 0.1271828; exec {}", right.display());
    let child = Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(["graph_game", "--", "sh", "-c", &script])
        .current_dir(work_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    thread::sleep(Duration::from_millis(1000));
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let output = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(130), "{report}{}", String::from_utf8_lossy(&output.stderr));
    // (The first line; a line on the environment may follow it.)
    let first = report.lines().next().unwrap_or("");
    assert!(
        first.starts_with("graph_game: interrupted: ") && first.ends_with(" passed before it"),
        "{report}"
    );
    assert_eq!(processes_with("0.1271828"), Vec::<String>::new());
}

/// `stress --ref EXAMPLE --gen GENERATOR -- WRONG`: the example as the reference (and validator),
/// a wrong solution made from it by replacing a word; the failure is found and shrunk to a
/// handful of tokens, which still fails.
fn generic_run(name: &str, from: &str, to: &str) -> (String, Vec<u8>) {
    let reference = common::example(name);
    let generator = compile(&format!("{name}_gen"));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stress_solutions/replace_word.sh");
    let prefix = work_dir().join(format!("{name}_generic"));
    let output = stress(&[
        OsStr::new("--ref"),
        reference.as_os_str(),
        OsStr::new("--gen"),
        generator.as_os_str(),
        OsStr::new("--cases"),
        OsStr::new("200"),
        OsStr::new("--out"),
        prefix.as_os_str(),
        OsStr::new("--"),
        OsStr::new("sh"),
        script.as_os_str(),
        OsStr::new(from),
        OsStr::new(to),
        reference.as_os_str(),
    ]);
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("wrong answer on case") && report.contains("1-minimal"), "{report}");
    assert!(report.contains(&format!("expected `{from}`, received `{to}`")), "{report}");
    let input = fs::read(format!("{}.in", prefix.display())).unwrap();
    // Still failing, judged here: the example's output has `from` where the wrong one has `to`.
    let right = common_run(&reference, &input);
    assert!(right.status.success() && String::from_utf8_lossy(&right.stdout).contains(from), "{input:?}");
    eprintln!("{name}: shrunk to {:?}", String::from_utf8_lossy(&input));
    (report, input)
}

/// Runs `program` on `input`.
fn common_run(program: &Path, input: &[u8]) -> Output {
    let mut child = Command::new(program).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn any_problem_with_a_reference_and_a_generator() {
    // Shiritori: a draw taken for a loss. Two words chaining into each other are a draw.
    let (_, input) = generic_run("shiritori", "Draw", "Aoki");
    assert!(tokens(&input).len() <= 4, "{:?}", String::from_utf8_lossy(&input));
    // Berzerk: a loop taken for a win.
    let (_, input) = generic_run("berzerk", "Loop", "Win");
    assert!(tokens(&input).len() <= 6, "{:?}", String::from_utf8_lossy(&input));
}
