//! `stress` says why, beside tests/stress.rs: a failing generator, reference or validator (`--gen`,
//! `--ref`, `--check`) is told with its exit status and the first lines of its stderr, the input
//! saved, and a generated input the reference rejects is the generator's fault, not the
//! solution's (which is not run on it); `--large` with `--ref` runs GEN at `--size`; a solution
//! slow past N = 40 (a busy loop, `tests/stress_solutions/busy_past_40.sh`) is shrunk by size to
//! at most N = 80, through a game and through `--ref`/`--gen`; a time-out is told only once a
//! second run times out too.
//!
//! Every saved input is checked here, independently of `stress`: what the right binary makes of
//! it, and whether the slow solution still spins on it. (That a fast solution is never told too
//! slow on a loaded machine, where the time limit is on CPU time, is checked by hand: this file
//! times nothing.)

// The workspace's shared test support (tests/common/: built programs run, judge cases): the root
// package's tests and the tools' run programs and judge cases the same way.
#[path = "../../../tests/common/mod.rs"]
mod common;

use common::{binary, run_fed};
use std::ffi::{OsStr, OsString};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// Where `stress` saves its failures and the tests write their files.
fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress_why");
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A script of `tests/stress_solutions/`.
fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stress_solutions").join(name)
}

/// `sh SCRIPT WORDS...` as one command line for `--ref`, `--gen` or `--check`.
fn sh_line(name: &str, words: &[&str]) -> OsString {
    let mut line = OsString::from("sh ");
    line.push(script(name));
    for word in words {
        line.push(" ");
        line.push(word);
    }
    line
}

fn stress<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(args)
        .current_dir(work_dir())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// The first token of `input` as a number (N, for graph_game).
fn first_number(input: &[u8]) -> usize {
    let text = String::from_utf8_lossy(input);
    text.split_ascii_whitespace().next().unwrap().parse().unwrap()
}

/// Whether `busy_past_40.sh` still spins on `input` after a second (it does for ever, or answers
/// at once).
fn still_spins(input: &[u8]) -> bool {
    let input = input.to_vec();
    let feed = move |stdin: &mut dyn std::io::Write| {
        let _ = stdin.write_all(&input);
    };
    let args = [script("busy_past_40.sh").into_os_string(), binary("graph_game").into_os_string()];
    run_fed(Path::new("sh"), &args, feed, Duration::from_secs(1)).is_err()
}

/// Runs `stress` with `args` on `busy_past_40.sh` (saving as `prefix`), and checks the failure:
/// a time-out, shrunk by size to at most 80 as the report says, its saved input a graph of 41 to
/// 80 vertices that graph_game accepts and on which the solution still spins.
fn shrinks_to_at_most_80(args: &[OsString], prefix: &str) -> String {
    let mut all: Vec<OsString> = args.to_vec();
    all.extend(["--out".into(), work_dir().join(prefix).into_os_string(), "--".into(), "sh".into()]);
    all.extend([script("busy_past_40.sh").into_os_string(), binary("graph_game").into_os_string()]);
    let output = stress(&all);
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("time limit exceeded on case "), "{report}");
    // Past its CPU time (or, on a machine loaded enough to give it less than a third of a core,
    // its wall limit), and again on a second run.
    let detail = if cfg!(target_os = "linux") { "the limit of 0.2 s" } else { "still running after 0.2 s" };
    assert!(report.contains(detail) && report.contains(": killed; a second run timed out too\n"), "{report}");
    // `by size: F still times out, P passes (R runs in T s; its budget: B runs, each at most W s)`
    let line =
        report.lines().find(|line| line.starts_with("by size: ")).unwrap_or_else(|| panic!("{report}"));
    let numbers: Vec<f64> = line
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter_map(|word| word.trim_matches('.').parse().ok())
        .collect();
    let (fails, passes, runs, budget) = (numbers[0], numbers[1], numbers[2], numbers[4]);
    assert!(line.contains(" still times out, ") && line.contains(" passes ("), "{line}");
    assert!(40.0 <= passes && passes < fails && fails <= 80.0, "{line}");
    assert!(runs <= budget && line.contains("its budget: ") && line.ends_with(" s)"), "{line}");
    // The saved input, judged here.
    let input = fs::read(work_dir().join(format!("{prefix}.in"))).unwrap();
    let n = first_number(&input);
    assert!((41..=80).contains(&n), "{n}");
    let right = common::run("graph_game", &[], &input);
    assert!(right.status.success(), "graph_game rejects the saved input: {input:?}");
    assert_eq!(fs::read(work_dir().join(format!("{prefix}.ans"))).unwrap(), right.stdout);
    assert!(still_spins(&input), "the saved input no longer times out");
    report
}

fn words(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

#[test]
fn a_solution_slow_past_40_is_shrunk_by_size_to_at_most_80() {
    // Sizes 1, 500 and 1000: the first time-out is at 500 vertices, shrunk by size.
    let game = words(&[
        "graph_game",
        "--family",
        "random",
        "--cases",
        "3",
        "--size",
        "1000",
        "--time-limit",
        "0.2",
        "--shrink-time",
        "1",
    ]);
    let report = shrinks_to_at_most_80(&game, "busy_game");
    assert!(
        report.starts_with("graph_game: time limit exceeded on case 2 of 3 (seed 1, size 500)"),
        "{report}"
    );

    // Through --ref and --gen: a path of exactly SIZE vertices, found at size 1000.
    let mut generic = vec![OsString::from("--ref"), binary("graph_game").into_os_string(), "--gen".into()];
    generic.push(sh_line("chain_gen.sh", &[]));
    generic.extend(words(&["--cases", "2", "--size", "1000", "--time-limit", "0.2", "--shrink-time", "1"]));
    let report = shrinks_to_at_most_80(&generic, "busy_generic");
    assert!(report.contains("): time limit exceeded on case 2 of 2 (seed 1, size 1000)"), "{report}");
}

/// `--large` with `--ref`: after the small cases, GEN at `--size` (every size GEN was given is
/// logged by a wrapper written here).
#[test]
fn large_with_ref_runs_gen_at_the_largest_size() {
    let log = work_dir().join("sizes.log");
    let _ = fs::remove_file(&log);
    let wrapper = work_dir().join("logging_gen.sh");
    let text =
        format!("echo \"$2\" >>'{}'\nexec sh '{}' \"$@\"\n", log.display(), script("chain_gen.sh").display());
    fs::write(&wrapper, text).unwrap();
    let mut gen = OsString::from("sh ");
    gen.push(&wrapper);
    let reference = binary("graph_game").into_os_string();
    let mut args = vec!["--ref".into(), reference.clone(), "--gen".into(), gen];
    args.extend(words(&["--cases", "3", "--size", "30", "--large", "2", "--"]));
    args.push(reference);
    let output = stress(&args);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        report.starts_with("5 cases passed against graph_game (seed 1, sizes 1 to 30 and 2 of size 30;"),
        "{report}"
    );
    assert_eq!(fs::read_to_string(&log).unwrap(), "1\n15\n30\n30\n30\n");
}

/// Runs `stress --ref REF --gen GEN [--check CHECK] -- touch MARKER` and expects an error (exit
/// status 2, one line on stderr, nothing on stdout) holding every one of `what`, and the solution
/// not run. Returns the error line.
fn says_why(reference: OsString, gen: OsString, check: Option<OsString>, what: &[&str]) -> String {
    let marker = work_dir().join("the_solution_ran");
    let _ = fs::remove_file(&marker);
    let mut args = vec!["--ref".into(), reference, "--gen".into(), gen];
    if let Some(check) = check {
        args.extend(["--check".into(), check]);
    }
    args.extend(["--out".into(), work_dir().join("why").into_os_string(), "--".into(), "touch".into()]);
    args.push(marker.clone().into_os_string());
    let output = stress(&args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(
        stderr.starts_with("error: case 1 of 1000 (seed 1, size 1): ") && stderr.lines().count() == 1,
        "{stderr}"
    );
    for what in what {
        assert!(stderr.contains(what), "no {what:?} in {stderr}");
    }
    assert!(!marker.exists(), "the solution ran");
    stderr
}

/// The input saved by [`says_why`]: `why.in`, and no `why.ans` or `why.out` (of another input).
fn saved_alone() -> Vec<u8> {
    for stale in ["why.ans", "why.out"] {
        assert!(!work_dir().join(stale).exists(), "{stale} is left");
    }
    fs::read(work_dir().join("why.in")).unwrap()
}

#[test]
fn a_failing_generator_reference_or_check_says_why() {
    let graph_game = || binary("graph_game").into_os_string();
    // Stale files of an earlier failure, which an input saved alone must not be taken with.
    for stale in ["why.ans", "why.out"] {
        fs::write(work_dir().join(stale), "stale\n").unwrap();
    }
    // The generator fails: its status and its stderr's first lines.
    says_why(
        graph_game(),
        sh_line("says_why.sh", &["gen", "3"]),
        None,
        &[
            "the generator failed: --gen `sh ",
            "says_why.sh gen 3 ",
            " 1` failed: exit status 3, its stderr: `gen failed on purpose (",
            " 1)\\nsecond line`",
        ],
    );

    // The reference rejects the generated input (`SEED 1`: more vertices than graph_game takes):
    // the generator's fault; the input saved, and rejected here too.
    says_why(graph_game(), "echo".into(), None, &[
        "the input of `echo ",
        " 1` is not valid, a fault of the generator and not of the solution (not run on it): --ref `",
        "graph_game` rejects it: exit status 2, its stderr: `error: line 1, column 1: the number of vertices",
        "; the input is saved as ",
    ]);
    let input = saved_alone();
    assert!(input.ends_with(b" 1\n") && common::run("graph_game", &[], &input).status.code() == Some(2));

    // --check rejects it: the generator's fault too.
    says_why(graph_game(), sh_line("chain_gen.sh", &[]), Some(sh_line("says_why.sh", &["check", "1"])), &[
        "a fault of the generator and not of the solution (not run on it): --check `sh ",
        "says_why.sh check 1` rejects it: exit status 1, its stderr: `check failed on purpose ()\\nsecond line`",
    ]);
    assert_eq!(saved_alone(), b"1 0\n");

    // The reference crashes, or fails on an input --check accepts: the reference's fault.
    says_why(sh_line("says_why.sh", &["ref", "SEGV"]), sh_line("chain_gen.sh", &[]), None, &[
        "on the input of `sh ",
        "says_why.sh ref SEGV` failed: killed by signal 11 (SIGSEGV), its stderr: `ref failed on purpose ()",
        "; not the solution's fault (not run on it); the input is saved as ",
    ]);
    assert_eq!(saved_alone(), b"1 0\n");
    says_why(
        sh_line("says_why.sh", &["ref", "2"]),
        sh_line("chain_gen.sh", &[]),
        Some("true".into()),
        &["says_why.sh ref 2` failed on an input --check accepts: exit status 2, its stderr: `ref failed"],
    );
}

/// A solution that spins on every other run (the first run of each input): every time-out is run
/// again, passes the second time, and is counted in the summary, never told.
#[test]
fn a_time_out_is_told_only_if_a_second_run_times_out_too() {
    let marker = work_dir().join("every_other_run");
    let _ = fs::remove_file(&marker);
    let mut args = words(&["graph_game", "--cases", "3", "--large", "0", "--time-limit", "0.2", "--", "sh"]);
    args.push(script("slow_every_other_run.sh").into_os_string());
    args.push(marker.into_os_string());
    args.push(binary("graph_game").into_os_string());
    let output = stress(&args);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("graph_game: 3 cases passed (seed 1, sizes 1 to 12 vertices;"), "{report}");
    // (The summary's line; a line on the environment may follow it.)
    let summary = report.lines().next().unwrap_or("");
    assert!(summary.ends_with("; 3 time-outs not confirmed by a second run)"), "{report}");
}
