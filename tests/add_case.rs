//! `make case` (tools/add_case.sh) writes a judge case exactly from what it is given, and nothing
//! at all when anything is wrong: the input from `--in` or stdin, the answer from `--out`, `--err`
//! or an oracle's output, the flags from `--args`; an error is one `error: ...` line, exit 2, as
//! the binaries' contract says. Each run works on a made-up project root of its own (the script
//! copied into its `tools/`), so the repository's cases are never touched.

mod common;
use common::{assert_rejected, root};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

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
