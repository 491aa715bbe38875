//! Shrinking that is what it says: a grid game of one's own (`stress_solutions/corridor.rs`: a
//! reference with an `R C` header, and a solution wrong on every board of 3 rows or more and 2
//! columns or more) is shrunk to a 3 x 2 board, rows and columns dropped with their counts
//! lowered, and its "1-minimal" is checked here by trying every candidate of the definition in
//! docs/stress.md (a wider list: any run of lines or tokens, any count lowered, any smaller
//! number), each judged by running the reference and the solution. A reference too slow for the
//! shrink's budget gets "not shrunk", with why. `--shrink FILE` for `--ref` and for a game.

#[path = "../../../tests/common/mod.rs"]
mod common;
mod stress_common;

use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use stress_common::{compile, stress, work_dir};

type Lines = Vec<Vec<String>>;

fn parse(text: &str) -> Lines {
    text.lines().map(|line| line.split_whitespace().map(String::from).collect()).collect()
}

fn write(lines: &Lines) -> String {
    lines.iter().map(|line| line.join(" ") + "\n").collect()
}

fn integer(token: &str) -> Option<i64> {
    token.parse().ok()
}

/// Every integer position before `(line, token)`.
fn integers_before(lines: &Lines, at: (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (l, line) in lines.iter().enumerate() {
        for (t, token) in line.iter().enumerate() {
            if (l, t) < at && integer(token).is_some() {
                out.push((l, t));
            }
        }
    }
    out
}

/// `lines` after `drop`, alone and with each integer before `at` that is at least `by` lowered by it.
fn with_counts(lines: &Lines, at: (usize, usize), by: i64, drop: &dyn Fn(&mut Lines), out: &mut Vec<Lines>) {
    let mut plain = lines.clone();
    drop(&mut plain);
    out.push(plain);
    for (l, t) in integers_before(lines, at) {
        let value = integer(&lines[l][t]).unwrap();
        if value >= by {
            let mut lowered = lines.clone();
            lowered[l][t] = (value - by).to_string();
            drop(&mut lowered);
            out.push(lowered);
        }
    }
}

/// A superset of docs/stress.md's candidates one step smaller: any run of lines or of a line's
/// tokens dropped (alone or with any integer before it lowered by the run's length); the last
/// token (or byte, for one token a line) of any block of lines of one shape (alone or with any
/// integer before it equal to the width lowered by 1); any integer made any value from 0 to itself;
/// any word cut by a byte at either end.
fn candidates(lines: &Lines) -> Vec<Lines> {
    let mut out = Vec::new();
    for start in 0..lines.len() {
        for end in start + 1..=lines.len() {
            with_counts(
                lines,
                (start, 0),
                (end - start) as i64,
                &|l: &mut Lines| drop(l.drain(start..end)),
                &mut out,
            );
            // A column of the block start..end.
            let width = |line: &Vec<String>| match line.len() {
                1 if line[0].len() >= 2 && !line[0].starts_with('-') => Some(-(line[0].len() as i64)),
                k if k >= 2 => Some(k as i64),
                _ => None,
            };
            let one_shape = lines[start..end].iter().all(|line| width(line) == width(&lines[start]));
            if let (Some(shape), true) = (width(&lines[start]), one_shape) {
                let mut plain = lines.clone();
                for line in &mut plain[start..end] {
                    if shape < 0 {
                        line[0].pop();
                    } else {
                        line.pop();
                    }
                }
                out.push(plain.clone());
                for (l, t) in integers_before(lines, (start, 0)) {
                    if integer(&lines[l][t]) == Some(shape.abs()) {
                        let mut lowered = plain.clone();
                        lowered[l][t] = (shape.abs() - 1).to_string();
                        out.push(lowered);
                    }
                }
            }
        }
    }
    for (l, line) in lines.iter().enumerate() {
        for start in 0..line.len() {
            for end in start + 1..=line.len() {
                with_counts(
                    lines,
                    (l, start),
                    (end - start) as i64,
                    &|x: &mut Lines| drop(x[l].drain(start..end)),
                    &mut out,
                );
            }
        }
        for (t, token) in line.iter().enumerate() {
            let mut with = |text: String| {
                let mut changed = lines.clone();
                changed[l][t] = text;
                out.push(changed);
            };
            match integer(token) {
                Some(value) => (0..value.max(0)).for_each(|v| with(v.to_string())),
                None if token.len() >= 2 => {
                    with(token[1..].to_string());
                    with(token[..token.len() - 1].to_string());
                }
                None => {}
            }
        }
    }
    out
}

/// Runs `program ARGS` on `input`.
fn run_on(program: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Whether `input` is a valid corridor board on which the wrong solution's answer differs.
fn corridor_fails(corridor: &Path, input: &str) -> bool {
    let right = run_on(corridor, &["ref"], input);
    right.status.success() && run_on(corridor, &["wrong"], input).stdout != right.stdout
}

fn args(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// Runs `stress` and expects a failure found: exit status 1. Returns the report and the saved input.
fn fails(args: &[OsString], prefix: &str) -> (String, String) {
    let output = stress(args);
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    (report, fs::read_to_string(work_dir().join(format!("{prefix}.in"))).unwrap())
}

/// The shrunk board is 3 x 2, fails, and none of its candidates (the superset above) does.
fn three_by_two_and_1_minimal(corridor: &Path, report: &str, input: &str) {
    let lines = parse(input);
    assert_eq!(lines[0], ["3", "2"], "{input}");
    assert!(lines.len() == 4 && lines[1..].iter().all(|row| row.len() == 1 && row[0].len() == 2), "{input}");
    assert!(corridor_fails(corridor, input), "{input}");
    assert!(report.contains("; 1-minimal: none of its "), "{report}");
    for candidate in candidates(&lines) {
        let text = write(&candidate);
        assert!(!corridor_fails(corridor, &text), "not 1-minimal: {text:?} fails too");
    }
}

fn out(prefix: &str) -> String {
    work_dir().join(prefix).display().to_string()
}

#[test]
fn a_board_is_shrunk_to_3_by_2_rows_and_columns_with_their_counts() {
    let corridor = compile("corridor");
    let (reference, gen) = (format!("{} ref", corridor.display()), format!("{} gen", corridor.display()));
    let mut all = args(&["--ref", &reference, "--gen", &gen, "--cases", "60", "--size", "6"]);
    all.extend(args(&["--shrink-time", "60", "--out", &out("corridor"), "--"]));
    all.extend([corridor.clone().into_os_string(), "wrong".into()]);
    let (report, input) = fails(&all, "corridor");
    assert!(report.starts_with("corridor (generated by `"), "{report}");
    three_by_two_and_1_minimal(&corridor, &report, &input);

    // A file one has: 5 x 4, no generator. Rows go with their count, then columns.
    let board = "5 4\n....\n.#..\n....\n..#.\n....\n";
    let file = work_dir().join("corridor_own.in");
    fs::write(&file, board).unwrap();
    assert!(corridor_fails(&corridor, board));
    let mut all =
        args(&["--ref", &reference, "--shrink", &file.display().to_string(), "--shrink-time", "60"]);
    all.extend(args(&["--out", &out("corridor_own_shrunk"), "--"]));
    all.extend([corridor.clone().into_os_string(), "wrong".into()]);
    let (report, input) = fails(&all, "corridor_own_shrunk");
    assert!(report.starts_with("corridor: wrong answer on the input of --shrink `"), "{report}");
    assert!(report.contains("shrunk from 29 to 13 bytes in "), "{report}");
    three_by_two_and_1_minimal(&corridor, &report, &input);
    assert_eq!(fs::read_to_string(&file).unwrap(), board, "the file given is left as it was");
}

/// A reference that takes a third of a second a run, and a budget of half a second: nothing gets
/// smaller, and the report says so, why, and what would help.
#[test]
fn a_slow_reference_is_told_not_shrunk() {
    let corridor = compile("corridor");
    let sleepy = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stress_solutions/sleepy.sh");
    let reference = format!("sh {} {} ref", sleepy.display(), corridor.display());
    let gen = format!("{} gen", corridor.display());
    let mut all = args(&["--ref", &reference, "--gen", &gen, "--seed", "5", "--cases", "10", "--size", "6"]);
    all.extend(args(&["--shrink-time", "0.5", "--out", &out("sleepy"), "--"]));
    all.extend([corridor.clone().into_os_string(), "wrong".into()]);
    let (report, input) = fails(&all, "sleepy");
    assert!(report.starts_with("sleepy.sh (generated by `"), "{report}");
    let line = report.lines().nth(2).unwrap();
    assert!(
        line.starts_with(
            "not shrunk: the shrink's budget ran out: may not be minimal (--shrink-time 0.5 s spent on "
        ),
        "{line}"
    );
    assert!(line.ends_with("; a fast validator, --check CHECK (exit 0 for a valid input), spares a run of the reference on each candidate that is not valid"), "{line}");
    assert!(corridor_fails(&corridor, &input), "{input}");
}

/// `stress GAME --shrink FILE`: an input found and barely shrunk (a budget of a millisecond), then
/// shrunk from its file; the result still fails, judged here by the judge binary.
#[test]
fn shrink_a_file_of_a_game() {
    let border = compile("police_thief_border");
    let mut all = args(&["police_thief", "--cases", "10", "--size", "300", "--shrink-time", "0.001"]);
    all.extend(args(&["--out", &out("border_found"), "--"]));
    all.push(border.clone().into_os_string());
    let (report, found) = fails(&all, "border_found");
    assert!(report.contains("budget ran out: may not be minimal"), "{report}");
    let file: PathBuf = work_dir().join("border_found.in");
    let mut all = args(&[
        "police_thief",
        "--shrink",
        &file.display().to_string(),
        "--out",
        &out("border_shrunk"),
        "--",
    ]);
    all.push(border.clone().into_os_string());
    let (report, shrunk) = fails(&all, "border_shrunk");
    assert!(report.starts_with("police_thief: wrong answer on the input of --shrink `"), "{report}");
    assert!(shrunk.len() < found.len() && report.contains("; 1-minimal: "), "{report}");
    let right = common::run("police_thief", &[], shrunk.as_bytes());
    assert!(right.status.success() && run_on(&border, &[], &shrunk).stdout != right.stdout, "{shrunk}");
}
