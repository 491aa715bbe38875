//! `stress --interactor`, judged as a contestant can rely on (docs/stress.md, "The verdict"):
//! - one verdict per input: a jury that writes its last line and exits 1 slowly, a player that
//!   crashes on reading it, 20 runs under load (two busy loops): always the jury's wrong answer;
//! - the judge's environment: under `PYTHONUNBUFFERED=1` a player that never flushes still gets
//!   idleness, and the report names the variable; `--keep-env` keeps it (and the player passes);
//! - the same for the command of any problem (`--ref`);
//! - idleness only where both sides wait: a player that closes its output and sleeps once the jury
//!   has said "wrong answer" gets that wrong answer; a jury's background child that holds its
//!   output after it exited 0 does not make the player idle (accepted), and a player that then
//!   exits 4 is a runtime error;
//! - shrinks that finish: a Python jury and a Python player reach 1-minimal with the defaults; a
//!   300,000-line input's shrink honours `--shrink-time 5` (within 10 s in all);
//! - bounded reads: `--shrink /dev/zero`, and the jury of token_duel on `/dev/zero`, end with an
//!   error at once.
//!
//! The oracles are the statements of these toy problems, read by hand; times are bounds on a run
//! that must end (a hang is the failure), never measurements.

mod stress_common;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use stress_common::{processes_with, work_dir};

/// A file of `tests/interactive/`.
fn file(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive").join(name).display().to_string()
}

/// `stress` with `args` and the environment variables `env` set, in the work folder.
fn stress_with(args: &[String], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stress"));
    command.args(args).current_dir(work_dir()).stdin(Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().unwrap()
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An input file of the work folder holding `content`.
fn input(name: &str, content: &[u8]) -> String {
    let path = work_dir().join(name);
    fs::write(&path, content).unwrap();
    path.display().to_string()
}

#[test]
fn the_same_input_gets_the_same_verdict_under_load() {
    let busy: Vec<_> = (0..2)
        .map(|_| {
            Command::new("sh")
                .args(["-c", "while :; do :; done", "busy-loop-2.5029078"])
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let empty = input("race.in", b"");
    let jury = format!("python3 {}", file("race_jury.py"));
    let args = words(&["--interactor", &jury, "--shrink", &empty, "--out", "race", "--", "python3"]);
    let args: Vec<String> = args.into_iter().chain(Some(file("race_player.py"))).collect();
    // Four at a time, beside the busy loops: 20 runs in all.
    let verdicts: Vec<String> = (0..4)
        .map(|_| {
            let args = args.clone();
            std::thread::spawn(move || {
                (0..5)
                    .map(|_| {
                        let output = stress_with(&args, &[]);
                        let (report, stderr) = (text(&output.stdout), text(&output.stderr));
                        assert_eq!(output.status.code(), Some(1), "{report}{stderr}");
                        report.lines().next().unwrap_or("").to_string()
                    })
                    .collect::<Vec<String>>()
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .flat_map(|thread| thread.join().unwrap())
        .collect();
    assert_eq!(verdicts.len(), 20);
    for mut loop_ in busy {
        let _ = loop_.kill();
        let _ = loop_.wait();
    }
    for verdict in &verdicts {
        assert!(verdict.starts_with("race_jury.py: wrong answer on the input of --shrink "), "{verdicts:?}");
    }
}

/// `stress --interactor guess_jury.py` on `player`, with `extra` options (`--gen guess_gen.sh`
/// unless they have `--shrink`).
fn guess(player: &str, extra: &[&str], env: &[(&str, &str)], prefix: &str) -> Output {
    let jury = format!("python3 {}", file("guess_jury.py"));
    let gen = format!("sh {}", file("guess_gen.sh"));
    let mut args = words(&["--interactor", &jury, "--out", prefix]);
    if !extra.contains(&"--shrink") {
        args.extend(words(&["--gen", &gen]));
    }
    args.extend(words(extra));
    args.extend(words(&["--", "python3", &file(player)]));
    stress_with(&args, env)
}

#[test]
fn a_player_that_never_flushes_is_idle_as_the_judge_runs_it() {
    let env = [("PYTHONUNBUFFERED", "1")];
    let one = input("print.one", b"1 1\n");
    let options = ["--time-limit", "0.2", "--shrink", &one];
    let output = guess("guess_print.py", &options, &env, "print");
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", text(&output.stderr));
    assert!(
        report.starts_with("guess_jury.py: idleness limit exceeded on the input of --shrink "),
        "{report}"
    );
    assert!(
        report.ends_with(
            "\nthe command ran without PYTHONUNBUFFERED from the environment, as a judge runs it (--keep-env \
             keeps it)\n"
        ),
        "{report}"
    );
    // Kept, the variable makes it pass: what the judge would not do.
    let output = guess("guess_print.py", &[&options[..], &["--keep-env"]].concat(), &env, "print");
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}{}", text(&output.stderr));
    assert!(!report.contains("ran without"), "{report}");
}

/// `stress --interactor JURY --shrink FILE -- PLAYER` on an empty input.
fn interact(jury: &str, player: &str, prefix: &str) -> Output {
    let empty = input(&format!("{prefix}.empty"), b"");
    stress_with(
        &words(&["--interactor", jury, "--shrink", &empty, "--out", prefix, "--", "sh", "-c", player]),
        &[],
    )
}

#[test]
fn idleness_only_where_both_sides_wait_on_each_other() {
    // The jury reads one line and says "wrong answer"; the player has closed its output and sleeps.
    let start = Instant::now();
    let jury = format!("sh {}", file("says_wrong.sh"));
    let output = interact(&jury, "echo x; exec >&-; sleep 30.7182818", "closed");
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", text(&output.stderr));
    assert!(report.starts_with("says_wrong.sh: wrong answer on the input of --shrink "), "{report}");
    assert!(report.contains("the command was still running at the verdict: stopped"), "{report}");
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    // The jury accepts and exits, its background child holding its output: the player, reading
    // to the end, is not idle.
    let jury = format!("sh {}", file("leaves_a_child.sh"));
    let output = interact(&jury, "cat >/dev/null", "lingering");
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}{}", text(&output.stderr));
    assert!(report.starts_with("leaves_a_child.sh: the input of --shrink "), "{report}");
    assert!(report.contains(" passes: nothing to shrink"), "{report}");
    assert_eq!(processes_with("30.7182818"), Vec::<String>::new());
    // The same jury, a player that then exits 4: accepted by the jury, a runtime error.
    let output = interact(&jury, "cat >/dev/null; exit 4", "exits-4");
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", text(&output.stderr));
    assert!(report.starts_with("leaves_a_child.sh: runtime error on the input of --shrink "), "{report}");
    assert!(report.contains("\nthe command's exit status 4\n"), "{report}");
}

/// `stress --ref cat --gen 'echo 5'` on a command that fails when PYTHONUNBUFFERED reaches it.
#[test]
fn the_command_of_any_problem_runs_in_the_judges_environment() {
    let command = "if [ -n \"$PYTHONUNBUFFERED\" ]; then exit 9; fi; exec cat";
    let args = words(&[
        "--ref", "cat", "--gen", "echo 5", "--cases", "3", "--out", "env-ref", "--", "sh", "-c", command,
    ]);
    let output = stress_with(&args, &[("PYTHONUNBUFFERED", "1")]);
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}{}", text(&output.stderr));
    assert!(report.ends_with("the command ran without PYTHONUNBUFFERED from the environment, as a judge runs it (--keep-env keeps it)\n"), "{report}");
    let output = stress_with(
        &[&args[..4], &["--keep-env".to_string()], &args[4..]].concat(),
        &[("PYTHONUNBUFFERED", "1")],
    );
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", text(&output.stderr));
    assert!(report.contains("runtime error"), "{report}");
}

#[test]
fn a_python_jury_and_player_shrink_to_1_minimal_with_the_defaults() {
    let output = guess("guess_linear.py", &["--cases", "100"], &[], "linear-py");
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", text(&output.stderr));
    assert!(report.starts_with("guess_jury.py: wrong answer on case "), "{report}");
    assert!(report.contains("; 1-minimal: none of its "), "{report}");
}

#[test]
fn a_300000_line_shrink_keeps_its_time() {
    let mut big = Vec::new();
    for i in 0..300_000u32 {
        big.extend_from_slice(format!("{} {}\n", i % 1000, i % 7).as_bytes());
    }
    let big = input("big.in", &big);
    // Fails on this many lines only: every shorter candidate passes, the shrink goes on to the
    // end of its time.
    let jury = format!("sh {}", file("wants_300000_lines.sh"));
    let start = Instant::now();
    let args =
        words(&["--interactor", &jury, "--shrink", &big, "--shrink-time", "5", "--out", "big", "--", "true"]);
    let output = stress_with(&args, &[]);
    let took = start.elapsed();
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", text(&output.stderr));
    assert!(report.contains("the shrink's budget ran out: may not be minimal (--shrink-time 5 s spent on "));
    assert!(took < Duration::from_secs(10), "{took:?}");
}

/// The built example `name` beside `stress`.
fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_stress")).with_file_name("examples").join(name)
}

#[test]
fn endless_files_are_refused() {
    let start = Instant::now();
    let args: Vec<OsString> =
        ["--interactor", "true", "--shrink", "/dev/zero", "--", "true"].iter().map(OsString::from).collect();
    let output =
        Command::new(env!("CARGO_BIN_EXE_stress")).args(&args).current_dir(work_dir()).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(
        text(&output.stderr),
        "error: --shrink `/dev/zero`: a character device, not a regular file (stress reads and writes \
         regular files only)\n"
    );
    let jury = example("token_duel_jury");
    assert!(jury.is_file(), "cargo build --release --examples first");
    let output = Command::new(jury).arg("/dev/zero").stdin(Stdio::null()).output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert!(
        text(&output.stderr).starts_with("fail: /dev/zero: longer than 16 MiB"),
        "{}",
        text(&output.stderr)
    );
    assert!(start.elapsed() < Duration::from_secs(20));
}
