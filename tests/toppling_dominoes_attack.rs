//! An attack on `examples/toppling_dominoes.rs` (the contract under a memory limit): with
//! `--values`, the printed values of random rows of 20 are large (about 10 KB a row), and the
//! program gathers all of its output before writing it. Growing that buffer is an allocation
//! that is not checked: under `ulimit -v` it aborts ("memory allocation of ... bytes failed",
//! SIGABRT) instead of ending with one `error:` line. On the bench's own input (10^4 random
//! rows of 20), `--values` under `ulimit -v 262144` (a judge's 256 MiB) aborts this way.

use crate::common;

use std::fs;
use std::process::{Command, Output, Stdio};

/// `count` random rows of 20 dominoes by MINSTD from seed 1, as bench/run.sh's awk makes them.
fn random_rows(count: usize) -> String {
    let mut text = format!("{count}\n");
    let mut state: u64 = 1;
    for _ in 0..count {
        for _ in 0..20 {
            state = state * 48271 % 2_147_483_647;
            text.push(b"LRG"[(state * 3 / 2_147_483_647) as usize] as char);
        }
        text.push('\n');
    }
    text
}

/// Runs the example with `args` on the file `input` under `kib` KiB of address space.
fn run_limited(args: &[&str], input: &std::path::Path, kib: u64) -> Output {
    Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(common::example("toppling_dominoes"))
        .args(args)
        .stdin(Stdio::from(fs::File::open(input).unwrap()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn values_of_many_rows_end_in_an_error_not_an_abort_when_memory_runs_out() {
    let path = std::env::temp_dir().join(format!("graph_games-toppling-attack-{}.in", std::process::id()));
    fs::write(&path, random_rows(300)).unwrap();
    // Every limit from 16 MB to 33 MB by 1 MB, as many runs at once as cores (each run is a
    // process of its own: running them side by side changes nothing of what each one sees). The
    // run answers from 29 MB (2026-12-07): the top rung must answer, so that the ladder spans
    // every allocation of the run (a limit above it sees the same run: the program never looks
    // at its limit); 40 MB before, eight more whole runs.
    let limits: Vec<u64> = (16_000..=33_000).step_by(1000).collect();
    let top = *limits.last().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut failures = Vec::new();
    for batch in limits.chunks(cores) {
        let runs: Vec<(u64, Output)> = std::thread::scope(|scope| {
            let path = &path;
            let started: Vec<_> = batch
                .iter()
                .map(|&kib| scope.spawn(move || (kib, run_limited(&["--values", "--outcomes"], path, kib))))
                .collect();
            started.into_iter().map(|run| run.join().unwrap()).collect()
        });
        for (kib, out) in runs {
            if let Some(why) = common::contract_violation(&out) {
                failures.push(format!("ulimit -v {kib}: {why}"));
            } else if kib == top && !out.status.success() {
                failures.push(format!("ulimit -v {kib}: the top rung does not answer: raise it"));
            }
        }
    }
    let _ = fs::remove_file(&path);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
