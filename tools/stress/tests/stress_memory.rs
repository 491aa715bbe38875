//! `stress` under a ladder of address-space limits (`ulimit -v`, as `tests/memory_ladder.rs` runs
//! the judge programs), with a generator that prints a large input: at every rung it either gives
//! its answer (the same as without a limit) or ends with exit status 2 and one `error:` line,
//! never a signal (an allocation that aborts: "memory allocation of N bytes failed"); and it
//! answers within a small multiple of the input (its copies: the generator's output, the
//! reference's, the solution's, each held once).
//!
//! The oracle is `stress`'s own run without a limit, on the same generator (a limit changes
//! whether it can answer, never what it answers); the generator is `yes` cut by `head`, so the
//! input's size is known exactly. `STRESS_BIN` runs another build of `stress` instead (an older
//! one, to see the ladder find what was fixed since).

mod stress_common;

use std::fs;
use std::process::{Command, Output, Stdio};
use stress_common::work_dir;

/// The input's size: large beside what `stress` holds for itself (a few MiB).
const INPUT_BYTES: u64 = 24 << 20;

/// The rungs, in KiB of address space: from where little more than `stress` itself fits to past
/// ten times the input.
const LADDER: [u64; 14] =
    [6000, 12000, 20000, 28000, 36000, 48000, 64000, 80000, 96000, 112000, 128000, 160000, 200000, 300000];

/// The most a run that answers may need, in KiB: four copies of the input, and `stress` itself.
const ANSWERS_WITHIN: u64 = 4 * (INPUT_BYTES >> 10) + 24000;

/// Runs `stress` with `args` in the work folder under `kib` KiB of address space (none if 0).
fn stress_limited(args: &[String], kib: u64) -> Output {
    let script = match kib {
        0 => "exec \"$0\" \"$@\"".to_string(),
        kib => format!("ulimit -v {kib} && exec \"$0\" \"$@\""),
    };
    Command::new("/bin/sh")
        .arg("-c")
        .arg(script)
        .arg(std::env::var_os("STRESS_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_stress").into()))
        .args(args)
        .current_dir(work_dir())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The arguments of a run whose generator prints `INPUT_BYTES` bytes of lines of a 999-letter
/// word (few lines: a shrink by the generic steps holds about 380 bytes a line more), its
/// reference `cat`, and its solution `solution`, one case, shrunk at most 1 s.
fn args(solution: &[&str], out: &str) -> Vec<String> {
    let gen = work_dir().join("memory_big_gen.sh");
    fs::write(&gen, "yes \"$(head -c 999 /dev/zero | tr '\\0' a)\" | head -c \"$1\"\n").unwrap();
    let mut args: Vec<String> = ["--gen", &format!("sh {} {INPUT_BYTES}", gen.display()), "--ref", "cat"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(["--cases", "1", "--shrink-time", "1", "--out", out, "--"].iter().map(|s| s.to_string()));
    args.extend(solution.iter().map(|s| s.to_string()));
    args
}

/// Climbs the ladder with `args`: every rung answers as the run without a limit does or refuses
/// with one `error:` line; returns the lowest rung that answers. (Not every rung above it need
/// answer: glibc gives a thread that allocates an arena of its own, 64 MiB of address space
/// reserved, where the limit leaves room for one, and the rung above may refuse.)
fn climb(args: &[String], status: i32) -> u64 {
    let free = stress_limited(args, 0);
    assert_eq!(free.status.code(), Some(status), "{}{}", text(&free.stdout), text(&free.stderr));
    let mut lowest = None;
    for kib in LADDER {
        let run = stress_limited(args, kib);
        let (stdout, stderr) = (text(&run.stdout), text(&run.stderr));
        let what = format!("ulimit -v {kib}: {:?}\n{stdout}{stderr}", run.status);
        eprintln!("{what}");
        match run.status.code() {
            Some(code) if code == status => {
                // The same verdict, but for its figures (times). What the shrink reaches within
                // its budget of time (--shrink-time 1) varies with the load: not compared.
                let verdict = |s: &str| {
                    let line = s.lines().next().unwrap_or("");
                    line.split_whitespace()
                        .filter(|w| !w.bytes().any(|b| b.is_ascii_digit()))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                assert_eq!(verdict(&stdout), verdict(&text(&free.stdout)), "{what}");
                lowest.get_or_insert(kib);
            }
            Some(2) => {
                assert!(run.stdout.is_empty(), "{what}");
                assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{what}");
            }
            _ => panic!("{what}: neither an answer nor an error"),
        }
    }
    lowest.expect("the top rung answers")
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_generated_input_under_every_limit_is_an_answer_or_an_error() {
    // A right solution: the case passes.
    let passes = climb(&args(&["cat"], "memory_passes"), 0);
    assert!(passes <= ANSWERS_WITHIN, "answers from {passes} KiB on, not within {ANSWERS_WITHIN}");
    // A wrong one, whose failure is saved and then shrunk within its second: a failure.
    let wrong = climb(&args(&["sed", "1s/^a/x/"], "memory_wrong"), 1);
    assert!(wrong <= LADDER[LADDER.len() - 1]);
}
