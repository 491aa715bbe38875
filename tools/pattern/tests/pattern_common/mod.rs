//! What the tests of `pattern` share: running the tool on a table, reading its JSON, a work folder.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs the built `pattern` with `args` on `input` (stdin).
pub fn output(args: &[&str], input: &str) -> Output {
    output_bytes(args, input.as_bytes())
}

/// Runs the built `pattern` with `args` on the bytes `input`.
pub fn output_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pattern"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pattern runs");
    let mut stdin = child.stdin.take().unwrap();
    let text = input.to_vec();
    // Fed from a thread: the tool may answer (an error) before reading it all.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&text);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

/// Exit status and stdout; stderr must be empty, but for an error (status 2) or a note of why
/// nothing was emitted (status 1, one line `pattern: ...`).
pub fn run(args: &[&str], input: &str) -> (i32, String) {
    let out = output(args, input);
    let status = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let note = status == 1 && stderr.starts_with("pattern: ") && stderr.lines().count() == 1;
    assert!(status == 2 || stderr.is_empty() || note, "{args:?}: status {status}, stderr {stderr}");
    (status, String::from_utf8(out.stdout).unwrap())
}

/// The JSON line of a run that succeeds.
pub fn json(args: &[&str], input: &str) -> String {
    let (status, out) = run(args, input);
    assert!(status == 0 || status == 1, "{args:?}: {out}");
    out
}

/// The text of field `name` of a flat JSON object: a number, `null`, `true`, a string with its
/// quotes, or a list with its brackets.
pub fn field<'a>(json: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\": ");
    let start = json.find(&key).unwrap_or_else(|| panic!("no {name} in {json}")) + key.len();
    let rest = &json[start..];
    let end = if let Some(inside) = rest.strip_prefix('"') {
        1 + inside.find('"').unwrap() + 1
    } else if rest.starts_with('[') {
        rest.find(']').unwrap() + 1
    } else {
        rest.find(&[',', '}'][..]).unwrap()
    };
    &rest[..end]
}

/// A fresh folder of this test's own under target/.
pub fn work_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pattern").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
