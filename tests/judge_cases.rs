//! Runs every judge case through the built binary and compares byte for byte.
//!
//! A case is `inputs/<binary>/<case>.in`, with optional flags in `inputs/<binary>/<case>.args`
//! (one line). Its answer is either `expected/<binary>/<case>.out` (exit status 0, exactly that on
//! stdout, nothing on stderr) or `expected/<binary>/<case>.err` (exit status 2, nothing on stdout,
//! exactly that on stderr). A case with neither fails. New binaries get cases by adding files.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where cargo put the binaries of this build (next to any one of them).
fn binary(name: &str) -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_graph_game")).with_file_name(name)
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    entries
}

/// Runs one case; returns a description of what went wrong, if anything.
fn check(bin: &str, case: &Path) -> Option<String> {
    let stem = case.file_stem().unwrap().to_str().unwrap();
    let args_file = case.with_extension("args");
    let args: Vec<String> = match fs::read_to_string(&args_file) {
        Ok(line) => line.split_whitespace().map(String::from).collect(),
        Err(_) => Vec::new(),
    };
    let expected_dir = root().join("expected").join(bin);
    let out_file = expected_dir.join(format!("{stem}.out"));
    let err_file = expected_dir.join(format!("{stem}.err"));
    let input = fs::read(case).unwrap();
    let mut child = Command::new(binary(bin))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {bin}: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    // Feed stdin from a thread so a binary that answers before reading everything cannot block us.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let run = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let status = run.status.code();
    if let Ok(expected) = fs::read(&out_file) {
        if status != Some(0) {
            return Some(format!("exit status {status:?}, stderr: {}", String::from_utf8_lossy(&run.stderr)));
        }
        if !run.stderr.is_empty() {
            return Some(format!("unexpected stderr: {}", String::from_utf8_lossy(&run.stderr)));
        }
        if run.stdout != expected {
            return Some(first_difference(&expected, &run.stdout));
        }
        None
    } else if let Ok(expected) = fs::read(&err_file) {
        if status != Some(2) || !run.stdout.is_empty() || run.stderr != expected {
            return Some(format!(
                "expected exit 2 with stderr {:?}; got exit {status:?}, {} bytes of stdout, stderr {:?}",
                String::from_utf8_lossy(&expected),
                run.stdout.len(),
                String::from_utf8_lossy(&run.stderr)
            ));
        }
        None
    } else {
        Some(format!("no {} nor {}", out_file.display(), err_file.display()))
    }
}

fn first_difference(expected: &[u8], got: &[u8]) -> String {
    let e: Vec<&[u8]> = expected.split(|&b| b == b'\n').collect();
    let g: Vec<&[u8]> = got.split(|&b| b == b'\n').collect();
    let line = (0..e.len().max(g.len())).find(|&i| e.get(i) != g.get(i)).unwrap_or(0);
    let show = |l: Option<&&[u8]>| {
        l.map_or("<missing>".to_string(), |l| format!("{:?}", String::from_utf8_lossy(l)))
    };
    format!("line {}: expected {}, got {}", line + 1, show(e.get(line)), show(g.get(line)))
}

#[test]
fn every_judge_case() {
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in sorted_entries(&root().join("inputs")) {
        let bin = dir.file_name().unwrap().to_str().unwrap().to_string();
        for case in sorted_entries(&dir) {
            if case.extension().map_or(true, |e| e != "in") {
                continue;
            }
            count += 1;
            if let Some(why) = check(&bin, &case) {
                failures.push(format!("{}: {why}", case.strip_prefix(root()).unwrap().display()));
            }
        }
    }
    assert!(count > 0, "no judge cases found");
    assert!(failures.is_empty(), "{} of {count} cases failed:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{count} judge cases passed");
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
