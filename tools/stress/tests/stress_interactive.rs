//! `stress --interactor JURY`: the toy interactive problem `guess` (`tests/interactive/`: its
//! jury in Python and in Rust, players right and wrong in both). Right players pass; each wrong
//! one is caught with its verdict (wrong answer, a crash included once the jury says so: the
//! jury's verdict stands; time limit by CPU time; idleness for a line never flushed and for a
//! line read that was never sent), its input shrunk small and saved with its transcript; a jury that fails is told as the jury's failure; a busy machine does
//! not make a fast player time out; no process outlives a run, Ctrl-C included; `--shrink FILE`.
//!
//! The oracles, written here from the problem's statement and sharing no code with `stress`: each
//! wrong player's failing condition on `n x` (the linear player needs x guesses, more than the bit
//! length of n; the crashing one fails when its first guess is too large), and its transcript
//! played out here line by line. No time is asserted.

mod stress_common;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use stress_common::{compile_in, processes_with, stress, work_dir};

/// A file of `tests/interactive/`.
fn file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/interactive").join(name)
}

/// `python3 FILE` as one command line.
fn python(name: &str) -> String {
    format!("python3 {}", file(name).display())
}

fn rust_jury() -> String {
    compile_in("interactive", "guess_jury").display().to_string()
}

fn players() -> String {
    compile_in("interactive", "guess_players").display().to_string()
}

/// A run of `stress --interactor JURY --gen guess_gen.sh --out PREFIX EXTRA... -- PLAYER...`
/// (`--cases 100` unless EXTRA gives it).
struct Run {
    code: Option<i32>,
    report: String,
    stderr: String,
    /// The saved `n x`, and transcript: its lines each side sent, and its last lines, `# ` notes
    /// on how each side ended.
    input: Option<(u64, u64)>,
    transcript: String,
    notes: Vec<String>,
}

fn run(jury: &str, extra: &[&str], player: &[&str], prefix: &str) -> Run {
    let out = work_dir().join(prefix);
    for extension in ["in", "transcript"] {
        let _ = fs::remove_file(work_dir().join(format!("{prefix}.{extension}")));
    }
    let gen = format!("sh {}", file("guess_gen.sh").display());
    let mut args: Vec<OsString> =
        ["--interactor", jury, "--gen", &gen, "--out"].iter().map(OsString::from).collect();
    args.push(out.into_os_string());
    if !extra.contains(&"--cases") {
        args.extend(["--cases".into(), "100".into()]);
    }
    args.extend(extra.iter().map(OsString::from));
    args.push("--".into());
    args.extend(player.iter().map(OsString::from));
    let output = stress(&args);
    let input = fs::read_to_string(work_dir().join(format!("{prefix}.in"))).ok().and_then(|text| {
        let numbers: Vec<u64> = text.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        match numbers.as_slice() {
            [n, x] => Some((*n, *x)),
            _ => None,
        }
    });
    let transcript = fs::read_to_string(work_dir().join(format!("{prefix}.transcript"))).unwrap_or_default();
    let lines: Vec<&str> = transcript.lines().collect();
    // The notes come last.
    assert!(lines.iter().skip_while(|l| !l.starts_with('#')).all(|l| l.starts_with('#')), "{transcript}");
    Run {
        code: output.status.code(),
        report: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        input,
        transcript: lines.iter().filter(|l| !l.starts_with('#')).map(|l| format!("{l}\n")).collect(),
        notes: lines.iter().filter(|l| l.starts_with('#')).map(|l| l.to_string()).collect(),
    }
}

/// The bit length of `n`: the most guesses the jury allows.
fn most_guesses(n: u64) -> u64 {
    u64::from(64 - n.leading_zeros())
}

/// The transcript of the linear player on `n x` where it fails: it guesses 1, 2, ..., the jury
/// answers `>` up to its last allowed guess and ends at the next one; the player, its input ended,
/// guesses on up to n.
fn linear_transcript(n: u64, x: u64) -> String {
    let mut text = format!("> {n}\n");
    for y in 1..=n {
        text += &format!("< ? {y}\n");
        if y <= most_guesses(n) {
            assert!(y < x);
            text += "> >\n";
        }
    }
    text
}

/// A failure as the test expects it: exit status 1, the verdict's line, nothing on stderr.
fn failed(run: &Run, verdict: &str) -> (u64, u64) {
    assert_eq!(run.code, Some(1), "{}{}", run.report, run.stderr);
    // Nothing on stderr but, on a slow machine, the note that the shrink goes past its 10 s.
    assert!(
        run.stderr.lines().all(|l| l.starts_with("stress: the shrink's 10 s are spent")),
        "{}",
        run.stderr
    );
    let first = run.report.lines().next().unwrap_or("");
    assert!(first.contains(&format!(": {verdict} on case ")), "{}", run.report);
    assert!(run.report.contains("\n--- transcript ("), "{}", run.report);
    run.input.expect("the input saved")
}

#[test]
fn right_players_pass() {
    let (jury, players) = (rust_jury(), players());
    let right = file("guess_right.py").display().to_string();
    for (jury, player, cases, name) in [
        (&python("guess_jury.py"), vec!["python3", right.as_str()], "12", "guess_jury.py"),
        (&jury, vec![players.as_str(), "right"], "100", "guess_jury"),
        (&python("guess_jury.py"), vec![players.as_str(), "right"], "12", "guess_jury.py"),
        (&jury, vec!["python3", right.as_str()], "12", "guess_jury"),
    ] {
        let run = run(jury, &["--cases", cases], &player, "right");
        assert_eq!(run.code, Some(0), "{}{}", run.report, run.stderr);
        assert!(
            run.report.starts_with(&format!("{name}: {cases} cases passed against the jury")),
            "{}",
            run.report
        );
    }
}

#[test]
fn a_wrong_answer_is_caught_shrunk_and_played_out() {
    let run = run(&rust_jury(), &[], &["python3", &file("guess_linear.py").display().to_string()], "linear");
    let (n, x) = failed(&run, "wrong answer");
    assert!(
        run.report.contains("the jury says so: exit status 1, its stderr: `more than "),
        "{}",
        run.report
    );
    assert!(x <= n && x > most_guesses(n) && n <= 8, "{n} {x}");
    // The player guesses on after the verdict, until it ends or is stopped: what it said before
    // the verdict is the transcript's start.
    let expected = linear_transcript(n, x);
    let told = expected.lines().count() - (n - most_guesses(n) - 1) as usize;
    let head: String = expected.lines().take(told).map(|l| format!("{l}\n")).collect();
    assert!(run.transcript.starts_with(&head) && expected.starts_with(&run.transcript), "{}", run.transcript);
    assert_eq!(run.notes[1], "# the jury: exit status 1");
}

/// The crashing player panics when the answer to its first guess, (1 + n) / 2, is `<`.
fn crashes(n: u64, x: u64) -> bool {
    x < (1 + n) / 2
}

/// `v` brought toward 0 as the steps do: `v - (v >> k)`.
fn toward_zero(v: u64) -> Vec<u64> {
    (0..64).map(|k| v - (v >> k)).filter(|&w| w != v).collect()
}

/// A player that crashes where the jury then says "wrong answer" (its output ended) gets the
/// jury's verdict, and the report tells the crash.
#[test]
fn a_crash_the_jury_sees_is_shrunk_to_a_1_minimal_input() {
    let run = run(&rust_jury(), &[], &[&players(), "crash"], "crash");
    let (n, x) = failed(&run, "wrong answer");
    assert!(
        run.report.contains("; the command's exit status 101 too (the jury's verdict stands"),
        "{}",
        run.report
    );
    assert!(crashes(n, x) && n <= 6, "{n} {x}");
    assert_eq!(run.transcript, format!("> {n}\n< ? {}\n> <\n", (1 + n) / 2));
    assert_eq!(run.notes, ["# the command: exit status 101", "# the jury: exit status 1"]);
    // 1-minimal, by the definition's steps for a line `n x`: a token or the line dropped (not
    // valid: the jury wants two numbers), n or x brought toward 0. None is valid and still crashes.
    assert!(run.report.contains("; 1-minimal: "), "{}", run.report);
    let candidates =
        toward_zero(n).into_iter().map(|m| (m, x)).chain(toward_zero(x).into_iter().map(|y| (n, y)));
    for (m, y) in candidates {
        assert!(!(1 <= y && y <= m && crashes(m, y)), "{m} {y} still crashes");
    }
}

#[test]
fn too_slow_by_cpu_time_and_nothing_left_running() {
    let run = run(&rust_jury(), &["--time-limit", "0.2"], &[&players(), "slow", "2.7182818"], "slow");
    let (n, _) = failed(&run, "time limit exceeded");
    assert!(run.report.contains(" s of CPU time, past the limit of 0.2 s: killed"), "{}", run.report);
    assert!((5..=10).contains(&n), "{n}");
    assert_eq!(run.transcript, format!("> {n}\n"));
    assert_eq!(run.notes[0], "# the command: past its CPU time limit (killed, or finished past it)");
    assert_eq!(processes_with("2.7182818"), Vec::<String>::new());
}

#[test]
fn a_line_never_flushed_or_never_sent_is_idleness() {
    let unflushed = file("guess_unflushed.py").display().to_string();
    let run1 = run(
        &python("guess_jury.py"),
        &["--time-limit", "0.2"],
        &["python3", &unflushed, "1.6180339"],
        "unflushed",
    );
    let (n, _) = failed(&run1, "idleness limit exceeded");
    assert!((4..=8).contains(&n) && run1.transcript == format!("> {n}\n"), "{n} {}", run1.transcript);
    let run2 = run(&rust_jury(), &["--time-limit", "0.2"], &[&players(), "greedy", "1.6180339"], "greedy");
    let (n, _) = failed(&run2, "idleness limit exceeded");
    // (The jury's verdict comes after the kill: the idleness came first.)
    assert!((3..=6).contains(&n) && run2.transcript == format!("> {n}\n"), "{n} {}", run2.transcript);
    assert!(run2.report.contains("nothing passed either way for 0.6 s"), "{}", run2.report);
    for run in [&run1, &run2] {
        let idle = "# the command: killed: nothing passed either way for the idle limit";
        assert_eq!(run.notes, [idle, "# the jury: exit status 1"]);
    }
    assert_eq!(processes_with("1.6180339"), Vec::<String>::new());
}

#[test]
fn a_jury_that_fails_is_told_as_such() {
    let jury = format!("sh {}", file("guess_jury_broken.sh").display());
    let run = run(&jury, &[], &[&players(), "right"], "broken");
    assert_eq!(run.code, Some(2), "{}{}", run.report, run.stderr);
    assert!(run.report.is_empty() && run.stderr.lines().count() == 1, "{}{}", run.report, run.stderr);
    for part in [
        "error: case ",
        "guess_jury_broken.sh` fails on it: exit status 3, its stderr: `the jury fails on purpose at n = ",
        "a fault of the jury or of the input, not of the solution",
        "the input is saved as ",
    ] {
        assert!(run.stderr.contains(part), "no {part:?} in {}", run.stderr);
    }
    assert!(run.input.map_or(false, |(n, _)| n >= 6), "{:?}", run.input);
}

/// Two busy loops, one a core: the right player, whose CPU time is far under the limit, passes.
#[test]
fn busy_loops_do_not_make_a_fast_player_slow() {
    let busy: Vec<_> = (0..2)
        .map(|_| {
            Command::new("sh")
                .args(["-c", "while :; do :; done", "busy-loop-4.6692016"])
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let run = run(&rust_jury(), &["--time-limit", "0.2", "--cases", "40"], &[&players(), "right"], "busy");
    for mut loop_ in busy {
        let _ = loop_.kill();
        let _ = loop_.wait();
    }
    assert_eq!(run.code, Some(0), "{}{}", run.report, run.stderr);
    assert!(run.report.starts_with("guess_jury: 43 cases passed against the jury"), "{}", run.report);
}

/// Ctrl-C while both sides wait for each other: `stress` stops at once, kills both groups, and
/// removes its private directory (the jury's input file) from the temporary directory.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_ends_an_interactive_run_and_both_sides() {
    let gen = format!("sh {}", file("guess_gen.sh").display());
    let jury = format!("{} 1.4142135", rust_jury());
    let tmp = work_dir().join("ctrl-c-tmp");
    let _ = fs::remove_dir_all(&tmp);
    fs::create_dir(&tmp).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_stress"))
        .env("TMPDIR", &tmp)
        .args([
            "--interactor",
            &jury,
            "--gen",
            &gen,
            "--time-limit",
            "20",
            "--seed",
            "3",
            "--size",
            "5",
            "--",
        ])
        .args([&players(), "greedy", "1.4142135"])
        .current_dir(work_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Both sides started and waiting (the player greedy from n = 3 on).
    let started = Instant::now();
    while processes_with_now("1.4142135") < 2 && started.elapsed() < Duration::from_secs(20) {
        thread::sleep(Duration::from_millis(20));
    }
    thread::sleep(Duration::from_millis(300));
    assert_eq!(fs::read_dir(&tmp).unwrap().count(), 1, "the private directory, while it runs");
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let output = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(130), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("interrupted: "), "{report}");
    assert_eq!(processes_with("1.4142135"), Vec::<String>::new());
    assert_eq!(fs::read_dir(&tmp).unwrap().count(), 0, "stress's private directory is gone");
}

/// How many processes hold `marker` now, `stress` itself left out.
fn processes_with_now(marker: &str) -> usize {
    stress_common::processes_now_with(marker).iter().filter(|p| !p.contains("--interactor")).count()
}

#[test]
fn shrink_a_file_one_has() {
    let input = work_dir().join("guess_own.in");
    fs::write(&input, "9 2\n").unwrap();
    let prefix = work_dir().join("guess_own_shrunk");
    let args: Vec<OsString> = vec![
        "--interactor".into(),
        rust_jury().into(),
        "--shrink".into(),
        input.clone().into_os_string(),
        "--out".into(),
        prefix.into_os_string(),
        "--".into(),
        players().into(),
        "crash".into(),
    ];
    let output = stress(&args);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("guess_jury: wrong answer on the input of --shrink "), "{report}");
    let saved = fs::read_to_string(work_dir().join("guess_own_shrunk.in")).unwrap();
    let numbers: Vec<u64> = saved.split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert!(numbers[0] < 9 && crashes(numbers[0], numbers[1]), "{saved:?}");
}
