//! Runs every judge case through the built binary and compares byte for byte.
//!
//! A case is `inputs/<binary>/<case>.in`, with optional flags in `inputs/<binary>/<case>.args`
//! (one line). Its answer is either `expected/<binary>/<case>.out` (exit status 0, exactly that on
//! stdout, nothing on stderr) or `expected/<binary>/<case>.err` (exit status 2, nothing on stdout,
//! exactly that on stderr). A case with neither fails. New binaries get cases by adding files.
//! A folder `inputs/<name>/` is judged through the program of that name: the binary
//! `src/bin/<name>.rs` or the example `examples/<name>.rs` (a problem of your own); with
//! `JUDGE_PROG`, through that command instead. A folder without a program fails when asked for by
//! name, and the whole run leaves it to `every_case_folder_has_a_program`, counted as skipped.
//!
//! With `JUDGE_REPORT=1` and `--nocapture` (what `make judge` runs), every case prints a line:
//! PASS or FAIL, its time, and `SLOW` past the problem's time limit (1 s) for a case without flags,
//! the only kind a judge runs; a case with flags (an extra such as `--brute --explain`) shows them
//! after its name and is never SLOW. The last line counts the cases over the limit.
//! `JUDGE_NAME=<name>` (`make judge NAME=..`) judges only `inputs/<name>/`, and
//! `JUDGE_PROG="<command>"` (`make judge NAME=.. PROG=..`) runs that command line instead of the
//! cargo-built program: its words split on whitespace, the first the program (a path from the
//! project's root, or a name on `PATH`), each case's flags after the others.
//!
//! A folder with a file `INTERACTIVE` (token_duel) holds a jury's test files, not inputs with
//! outputs: it is skipped here, and played by its own test (`tests/token_duel.rs`).
//!
//! `make case` (tools/add_case.sh) is tested here too: it writes a case exactly from what it is
//! given, and nothing at all when anything is wrong (an error is one `error: ...` line, exit 2, as
//! the binaries' contract says). Each run works on a made-up project root of its own (the script
//! copied into its `tools/`), so the repository's cases are never touched.

use crate::common;
use common::{assert_rejected, binary, judge_cases, root, sorted_entries, Judge};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The value of environment variable `name`, unless unset or blank.
fn env_value(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The cargo-built program that answers the cases of `inputs/<name>/`: the binary, or else the
/// example (cargo puts the examples in `examples/` beside the binaries: a plain `cargo test`
/// builds them, `cargo test --test suite judge_cases::` alone does not, hence `make judge`'s
/// `cargo build --examples`). None if the sources hold neither.
fn program_of(name: &str) -> Option<String> {
    let path = if root().join("src/bin").join(format!("{name}.rs")).exists() {
        binary(name)
    } else if root().join("examples").join(format!("{name}.rs")).exists() {
        binary("examples").join(name)
    } else {
        return None;
    };
    Some(path.to_str().unwrap().to_string())
}

/// Why the cases of `name` have no cargo-built program, and how to judge them.
fn no_program(name: &str) -> String {
    format!(
        "no program src/bin/{name}.rs nor examples/{name}.rs to judge (a command of yours: make judge \
         NAME={name} PROG=\"..\")"
    )
}

#[test]
fn every_judge_case() {
    let only = env_value("JUDGE_NAME").map(|name| name.trim().to_string());
    let command: Vec<String> =
        env_value("JUDGE_PROG").map_or(Vec::new(), |c| c.split_whitespace().map(String::from).collect());
    assert!(
        command.is_empty() || only.is_some(),
        "JUDGE_PROG is a command for the cases of one problem: name it with JUDGE_NAME \
         (make judge NAME=.. PROG=..)"
    );
    let problems: Vec<String> = sorted_entries(&root().join("inputs"))
        .iter()
        .map(|dir| dir.file_name().unwrap().to_str().unwrap().to_string())
        .collect();
    if let Some(name) = &only {
        assert!(
            problems.contains(name),
            "no folder inputs/{name}/; the problems with cases: {}",
            problems.join(", ")
        );
    }
    let mut judge = Judge::default();
    for bin in problems.iter().filter(|bin| only.as_ref().map_or(true, |name| name == *bin)) {
        if common::is_interactive(bin) {
            // A jury plays these (tests/<bin>.rs): there is no output to compare.
            assert!(
                only.is_none(),
                "{bin} is interactive: cargo test --release --test suite {bin}:: plays its cases"
            );
            if common::judge_report() {
                println!("INTERACTIVE {bin}: played by tests/{bin}.rs");
            }
            continue;
        }
        let program =
            if command.is_empty() { program_of(bin).map(|path| vec![path]) } else { Some(command.clone()) };
        let program = match program {
            Some(program) => program,
            // Judged on demand (make judge NAME=.. PROG=..); the whole run leaves it to
            // every_case_folder_has_a_program, which says so.
            None if only.is_none() => {
                if common::judge_report() {
                    println!("NOT JUDGED  {bin}: {}", no_program(bin));
                }
                continue;
            }
            None => {
                judge.failures.push(format!("inputs/{bin}/: {}", no_program(bin)));
                continue;
            }
        };
        let cases = judge_cases(bin);
        if cases.is_empty() {
            judge.failures.push(format!("inputs/{bin}/: no case (a file <case>.in)"));
        }
        for case in cases {
            judge.command_case(&program, bin, &case, "");
        }
    }
    let count = judge.passed + judge.failures.len();
    assert!(count > 0, "no judge cases found");
    let judged =
        if command.is_empty() { "cargo binaries".to_string() } else { format!("`{}`", command.join(" ")) };
    println!("judge, {judged}: {}", judge.summary());
    assert!(
        judge.failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        judge.failures.len(),
        judge.failures.join("\n")
    );
}

/// A command is judged as the binary is, each case's flags after its own arguments: a shell that
/// runs graph_game passes every graph_game case (flags included), and one that echoes its input
/// fails every one.
#[test]
fn a_command_is_judged_with_its_arguments_then_the_flags() {
    let cases = judge_cases("graph_game");
    assert!(cases.iter().any(|case| case.with_extension("args").exists()), "a case with flags");
    let sh = |script: &str| -> Vec<String> {
        let program = binary("graph_game").to_str().unwrap().to_string();
        vec!["sh".to_string(), "-c".to_string(), script.to_string(), program]
    };
    let (mut through, mut echo) = (Judge::default(), Judge::default());
    for case in &cases {
        through.command_case(&sh("exec \"$0\" \"$@\""), "graph_game", case, "");
        echo.command_case(&sh("exec cat"), "graph_game", case, "");
    }
    assert!(through.failures.is_empty(), "{}", through.failures.join("\n"));
    assert_eq!((through.passed, echo.passed, echo.failures.len()), (cases.len(), 0, cases.len()));
}

/// Every folder of `inputs/` has its program, so `every_judge_case` judges it. A folder for a
/// command of the user's (a problem of their own solved in another language, judged with
/// `make judge NAME=.. PROG=..`) has none: then this test is counted as skipped, naming it, so a
/// folder left behind by a renamed program does not go unseen.
#[test]
fn every_case_folder_has_a_program() {
    let without: Vec<String> = sorted_entries(&root().join("inputs"))
        .iter()
        .map(|dir| dir.file_name().unwrap().to_str().unwrap().to_string())
        .filter(|name| program_of(name).is_none())
        .map(|name| format!("inputs/{name}/"))
        .collect();
    if !without.is_empty() {
        common::skipped(
            "judge_cases::every_case_folder_has_a_program",
            &format!(
                "not judged by make test, no program: {} (make judge NAME=.. PROG=..)",
                without.join(", ")
            ),
        );
    }
}

/// Every expected file belongs to a case, so a renamed input cannot leave a stale answer behind.
#[test]
fn no_orphan_expected_files() {
    for dir in sorted_entries(&root().join("expected")) {
        let bin = dir.file_name().unwrap().to_str().unwrap();
        for file in sorted_entries(&dir) {
            let stem = file.file_stem().unwrap().to_str().unwrap();
            let input = root().join("inputs").join(bin).join(format!("{stem}.in"));
            assert!(input.exists(), "{} has no input {}", file.display(), input.display());
        }
    }
}

// make case

/// A fresh project root holding only `tools/add_case.sh` and the files `files` (path, text).
fn project(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("add_case").join(test);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("tools")).unwrap();
    fs::copy(root().join("tools/add_case.sh"), dir.join("tools/add_case.sh")).unwrap();
    for (path, text) in files {
        fs::write(dir.join(path), text).unwrap();
    }
    dir
}

/// Runs the script of `dir` with `args` from `dir`, `stdin` on its standard input.
fn add_case(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new("bash")
        .arg(dir.join("tools/add_case.sh"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The script may refuse before it reads: a write that fails is its right.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn read(dir: &Path, path: &str) -> String {
    fs::read_to_string(dir.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_case_with_its_output_and_flags() {
    let dir = project("output", &[("big.in", "3 1\n1 2\n"), ("big.out", "win\nlose\nlose\n")]);
    let run = add_case(
        &dir,
        &["--name", "my_game", "--case", "big", "--in", "big.in", "--out", "big.out", "--args", "--depth"],
        b"",
    );
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(read(&dir, "inputs/my_game/big.in"), "3 1\n1 2\n");
    assert_eq!(read(&dir, "inputs/my_game/big.args"), "--depth\n");
    assert_eq!(read(&dir, "expected/my_game/big.out"), "win\nlose\nlose\n");
    assert!(!dir.join("expected/my_game/big.err").exists());
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "make case: wrote inputs/my_game/big.in inputs/my_game/big.args expected/my_game/big.out; \
         make judge NAME=my_game checks it\n"
    );
}

#[test]
fn an_error_case_from_stdin_and_an_oracles_answer() {
    let dir = project("err_oracle", &[("bad.err", "error: line 1, column 1: expected n, found `x`\n")]);
    let run = add_case(&dir, &["--name", "g", "--case", "bad", "--err", "bad.err", "--in", ""], b"x\n");
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(read(&dir, "inputs/g/bad.in"), "x\n");
    assert_eq!(read(&dir, "expected/g/bad.err"), "error: line 1, column 1: expected n, found `x`\n");
    assert!(!dir.join("inputs/g/bad.args").exists());
    // The oracle's words are split on whitespace; its stdout is the answer.
    let run = add_case(&dir, &["--name", "g", "--case", "up", "--oracle", "tr  a-z A-Z"], b"draw\nwin\n");
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(read(&dir, "inputs/g/up.in"), "draw\nwin\n");
    assert_eq!(read(&dir, "expected/g/up.out"), "DRAW\nWIN\n");
}

#[test]
fn nothing_is_written_when_anything_is_wrong() {
    let files = [
        ("c.in", "1\n"),
        ("c.out", "win\n"),
        ("two_lines.err", "error: one\nerror: two\n"),
        ("no_prefix.err", "line 1: bad\n"),
    ];
    let refusals: [(&[&str], &str); 13] = [
        (&["--case", "c", "--in", "c.in", "--out", "c.out"], "error: no problem named"),
        (&["--name", "g", "--in", "c.in", "--out", "c.out"], "error: no case named"),
        (&["--name", "a/b", "--case", "c", "--in", "c.in", "--out", "c.out"], "error: `a/b`: a name is"),
        (&["--name", "g", "--case", "c.x", "--in", "c.in", "--out", "c.out"], "error: `c.x`: a name is"),
        (&["--name", "g", "--case", "c", "--in", "c.in"], "error: give the answer one way"),
        (&["--name", "g", "--case", "c", "--in", "c.in", "--out", "c.out", "--oracle", "cat"], "(found 2)"),
        (
            &["--name", "g", "--case", "c", "--in", "missing.in", "--out", "c.out"],
            "error: IN=missing.in: not",
        ),
        (
            &["--name", "g", "--case", "c", "--in", "c.in", "--out", "missing.out"],
            "error: OUT=missing.out: not",
        ),
        (
            &["--name", "g", "--case", "c", "--in", "c.in", "--err", "two_lines.err"],
            "not one line `error: ...`",
        ),
        (
            &["--name", "g", "--case", "c", "--in", "c.in", "--err", "no_prefix.err"],
            "not one line `error: ...`",
        ),
        (&["--name", "g", "--case", "c", "--in", "c.in", "--oracle", "false"], "exited with status 1"),
        (
            &["--name", "cat", "--case", "c", "--in", "c.in", "--oracle", "/bin/cat"],
            "is the program under test",
        ),
        (&["--name", "g", "--case", "c", "--in", "c.in", "--out", "c.out", "--color"], "needs a value"),
    ];
    for (args, said) in refusals {
        let dir = project("refused", &files);
        let run = add_case(&dir, args, b"");
        assert_rejected(&run);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        for folder in ["inputs", "expected"] {
            assert!(!dir.join(folder).exists(), "{args:?}: {folder}/ written");
        }
    }
    let dir = project("unknown", &files);
    assert_rejected(&add_case(&dir, &["--name", "g", "--colour", "red"], b""));
}

#[test]
fn an_existing_case_is_never_replaced() {
    let dir = project("existing", &[("c.in", "2\n"), ("c.out", "lose\n")]);
    let first = ["--name", "g", "--case", "c", "--in", "c.in", "--out", "c.out"];
    assert_eq!(add_case(&dir, &first, b"").status.code(), Some(0));
    fs::write(dir.join("other.out"), "win\n").unwrap();
    let again = add_case(&dir, &["--name", "g", "--case", "c", "--in", "c.in", "--out", "other.out"], b"");
    assert_rejected(&again);
    assert!(String::from_utf8_lossy(&again.stderr).contains("inputs/g/c.in exists"));
    assert_eq!(read(&dir, "expected/g/c.out"), "lose\n");
    // Nor is an error case turned into an output case: any of the four files counts.
    fs::remove_file(dir.join("inputs/g/c.in")).unwrap();
    let over = add_case(&dir, &["--name", "g", "--case", "c", "--in", "c.in", "--err", "c.out"], b"");
    assert_rejected(&over);
    assert!(String::from_utf8_lossy(&over.stderr).contains("expected/g/c.out exists"));
}
