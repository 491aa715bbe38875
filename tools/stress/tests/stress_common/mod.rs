//! What the tests of the `stress` tool share (`stress.rs`, `stress_tool.rs`,
//! `stress_graph_sum.rs`): its work folder, the solutions of `tests/stress_solutions/` compiled
//! with plain rustc, `stress` run there, and the library's own answer to an input.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use graph_games::games::graph_game;
use graph_games::input::{Error, Scanner};
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// Where the solutions are compiled and `stress` saves its failures.
pub fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress");
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `tests/stress_solutions/<name>.rs` with plain rustc (`$RUSTC`, else `rustc`). Two
/// tests may compile the same solution at once, while a third runs it: each compiles to a file of
/// its own, then renames it into place, so the binary is always there, whole.
pub fn compile(name: &str) -> PathBuf {
    compile_in("stress_solutions", name)
}

/// [`compile`] for `tests/<folder>/<name>.rs`.
pub fn compile_in(folder: &str, name: &str) -> PathBuf {
    // One compile at a time in a test process: two rustc writing the same crate's object files
    // into one folder at once may clash; and each file once.
    static COMPILED: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut compiled = COMPILED.lock().unwrap_or_else(|e| e.into_inner());
    let key = format!("{folder}/{name}");
    if compiled.contains(&key) {
        return work_dir().join(name);
    }
    static COMPILES: AtomicUsize = AtomicUsize::new(0);
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/{folder}/{name}.rs"));
    let binary = work_dir().join(name);
    let fresh = work_dir().join(format!("{name}.{}.new", COMPILES.fetch_add(1, Ordering::SeqCst)));
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&fresh)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
    fs::rename(&fresh, &binary).unwrap();
    compiled.push(key);
    binary
}

/// Runs `stress` with `args`, its stdin empty.
pub fn stress<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stress"));
    command.args(args).current_dir(work_dir()).stdin(Stdio::null()).output().unwrap()
}

pub fn graph_game_answer(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    graph_game::write_answer(&graph_game::decide(graph_game::read(&mut Scanner::new(input))?), &mut out)?;
    Ok(out)
}

pub fn tokens(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()).collect()
}

/// Runs `stress` with `args` and expects every case to pass: exit 0, the summary line starting
/// with `summary`.
pub fn passes(args: &[&OsStr], summary: &str) {
    let output = stress(args);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with(summary), "{report}");
    assert!(output.stderr.is_empty(), "no progress line when stderr is not a terminal");
}

/// The processes whose command line holds `marker` (from /proc), once those just killed have had
/// a moment (at most half a second) to die.
pub fn processes_with(marker: &str) -> Vec<String> {
    let start = Instant::now();
    loop {
        let found = processes_now_with(marker);
        if found.is_empty() || start.elapsed() > Duration::from_millis(500) {
            return found;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// The processes whose command line holds `marker` now.
pub fn processes_now_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmdline) = fs::read(entry.path().join("cmdline")) {
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if cmdline.contains(marker) {
                found.push(format!("{}: {cmdline}", entry.file_name().to_string_lossy()));
            }
        }
    }
    found
}
