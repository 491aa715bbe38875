//! The ladder of `tests/memory_ladder.rs`: the rungs, the floor, one program run under a limit,
//! and the check of every case on every rung (that file's doc says what is checked and why).

use super::common::{self, binary, contract_violation, example, Rng};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The rungs, in KiB of address space: dense near the floor, where the buffers and the runtime
/// compete for the first megabytes, then doubling to past every run's peak here (64 MiB).
pub const LADDER: [u64; 16] =
    [1600, 1700, 1800, 1900, 2000, 2200, 2500, 3000, 4000, 6000, 8000, 12000, 16000, 24000, 32000, 65536];

/// The candidates for the floor, in KiB: it has been about 1.56 MB on x86-64 Linux.
pub const FLOOR_FROM: u64 = 1000;
pub const FLOOR_TO: u64 = 4000;

/// The judge program or example `name`: cargo's build, or `LADDER_BIN_DIR`'s.
pub fn program(name: &str, is_example: bool) -> PathBuf {
    match std::env::var_os("LADDER_BIN_DIR") {
        Some(dir) if is_example => PathBuf::from(dir).join("examples").join(name),
        Some(dir) => PathBuf::from(dir).join(name),
        None if is_example => example(name),
        None => binary(name),
    }
}

/// An input to run a program on: its name, its bytes, the flags.
pub struct Case {
    name: String,
    input: Vec<u8>,
    args: Vec<&'static str>,
}

pub fn case(name: &str, input: impl Into<Vec<u8>>, args: &[&'static str]) -> Case {
    Case { name: name.to_string(), input: input.into(), args: args.to_vec() }
}

/// A judge case's input, by its name in `inputs/`.
pub fn judge_input(program: &str, name: &str) -> Vec<u8> {
    let path = common::root().join("inputs").join(program).join(format!("{name}.in"));
    fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `program` with `args` on the file `input` under `kib` KiB of address space (none if 0).
pub fn run_limited(program: &Path, args: &[&str], input: &Path, kib: u64) -> Output {
    let script = if kib == 0 {
        "exec \"$0\" \"$@\"".to_string()
    } else {
        format!("ulimit -v {kib} && exec \"$0\" \"$@\"")
    };
    Command::new("/bin/sh")
        .arg("-c")
        .arg(script)
        .arg(program)
        .args(args)
        .stdin(Stdio::from(fs::File::open(input).unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

/// The smallest limit (in steps of 50 KiB) at which `program` reaches its `main` on an empty
/// input: it ends with its own status, 0 or 2, or with an allocation of its own that failed
/// (std's message, the very failure the ladder looks for), not with the runtime's failure to
/// start. The ladder starts there.
pub fn floor(program: &Path, empty: &Path) -> u64 {
    floor_with(program, &[], empty, &[0, 2])
}

/// [`floor`], for `program` run with `args`, whose own statuses are `statuses`.
pub fn floor_with(program: &Path, args: &[&str], empty: &Path, statuses: &[i32]) -> u64 {
    for kib in (FLOOR_FROM..=FLOOR_TO).step_by(50) {
        let out = run_limited(program, args, empty, kib);
        let own_abort = String::from_utf8_lossy(&out.stderr).starts_with("memory allocation of ");
        if out.status.code().map_or(false, |code| statuses.contains(&code)) || own_abort {
            return kib;
        }
    }
    panic!("{} does not start under {FLOOR_TO} KiB", program.display());
}

/// A file of the test's own for `bytes`, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    pub fn new(label: &str, bytes: &[u8]) -> TempFile {
        let name = format!("graph_games-memory-ladder-{}-{label}.in", std::process::id());
        let path = std::env::temp_dir().join(name);
        fs::write(&path, bytes).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Every case of `program` (`label` names it) under every rung from its floor up.
pub fn ladder(label: &str, program: &Path, cases: &[Case]) {
    let empty = TempFile::new(&format!("{label}-empty"), b"");
    let floor = floor(program, &empty.0);
    for case in cases {
        let file = TempFile::new(&format!("{label}-{}", case.name), &case.input);
        let what = format!("{label} {} {:?}", case.name, case.args);
        let free = run_limited(program, &case.args, &file.0, 0);
        if let Some(why) = contract_violation(&free) {
            panic!("{what}, without a limit: {why}");
        }
        let mut answered_at_top = false;
        let rungs = std::iter::once(floor).chain(LADDER.iter().copied().filter(|&kib| kib > floor));
        for kib in rungs {
            let out = run_limited(program, &case.args, &file.0, kib);
            if let Some(why) = contract_violation(&out) {
                panic!("{what} under ulimit -v {kib}: {why}");
            }
            if out.status.code() == Some(0) {
                assert_eq!(
                    free.status.code(),
                    Some(0),
                    "{what} under {kib} KiB answers what it refuses without a limit"
                );
                assert!(
                    out.stdout == free.stdout,
                    "{what} under {kib} KiB: another answer than without a limit"
                );
            }
            answered_at_top = out.status.code() == Some(0);
        }
        if free.status.code() == Some(0) {
            assert!(
                answered_at_top,
                "{what}: refused under the top rung, {} KiB: the ladder does not pass its peak",
                LADDER[LADDER.len() - 1]
            );
        }
    }
}

/// `count` random edges on `n` vertices, one `u v` line each (1-based).
pub fn random_edges(rng: &mut Rng, n: usize, count: usize) -> String {
    (0..count).map(|_| format!("{} {}\n", rng.between(1, n), rng.between(1, n))).collect()
}
