//! Attacks on `tools/run_tests.sh`'s ALONE phase (commit 8e48592), with a stand-in `cargo` on
//! `PATH` listing shell-script crates that log `start NAME`, `nice NAME N` and `end NAME`.
//! The claims checked, replaying the log (the oracle, written here): every crate runs exactly
//! once; a crate named in ALONE starts with nothing running; until it ends, the only crates started
//! beside it are the shortest left (the end of the order), at niceness 19, never another ALONE
//! crate; at most JOBS at once; a failure makes the exit status 101; SIGTERM and SIGINT end every
//! crate, the niced ones and their children too.
//!
//! The niceness checks tell 19 from the runner's own only when the suite itself runs below 19.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A stand-in crate: its name, seconds it sleeps, exit status.
type Crate = (&'static str, &'static str, u8);

/// A folder with a stand-in `cargo` listing `crates`, and a times file giving them the order of
/// `crates` (the first longest). Crates with a name in `with_child` leave a `sleep 60` child and
/// write its pid to `NAME.pid`.
fn stand_in(name: &str, crates: &[Crate], with_child: &[&str]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("attack_runner").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("bin")).unwrap();
    fs::create_dir_all(dir.join("target")).unwrap();
    let log = dir.join("log");
    let (mut listing, mut times) = (String::new(), String::new());
    for (rank, (crate_name, seconds, status)) in crates.iter().enumerate() {
        let package = dir.join(format!("package_{crate_name}"));
        fs::create_dir_all(&package).unwrap();
        let executable = dir.join(format!("{crate_name}-0123"));
        let sleeping = if with_child.contains(crate_name) {
            format!("sleep 60 &\necho $! > {}\nwait\n", dir.join(format!("{crate_name}.pid")).display())
        } else {
            format!("sleep {seconds}\n")
        };
        let script = format!(
            "#!/bin/sh\necho \"start {crate_name}\" >> {log}\necho \"nice {crate_name} $(nice)\" >> {log}\n\
             {sleeping}echo \"end {crate_name}\" >> {log}\nexit {status}\n",
            log = log.display()
        );
        write_executable(&executable, &script);
        listing += &format!(
            "{{\"reason\":\"compiler-artifact\",\"manifest_path\":\"{p}/Cargo.toml\",\"target\":{{\"kind\":[\"test\"],\
             \"name\":\"{crate_name}\",\"src_path\":\"{p}/tests/{crate_name}.rs\",\"test\":true}},\"profile\":{{\
             \"opt_level\":\"3\",\"test\":true}},\"executable\":\"{e}\",\"fresh\":true}}\n",
            p = package.display(),
            e = executable.display()
        );
        times += &format!("{}\t{}\n", source(&dir, crate_name), 1000 - rank);
    }
    // The doc tests: the shortest of all (last in the times file).
    times += "doc-tests\t1\n";
    fs::write(dir.join("listing.json"), listing).unwrap();
    fs::write(dir.join("target/test-times.txt"), times).unwrap();
    let cargo = format!(
        "#!/bin/sh\ncase \" $* \" in\n  *\" --no-run \"*) cat {listing} ;;\n  *\" --doc \"*) echo \"start doc-tests\" >> {log}; \
         echo \"nice doc-tests $(nice)\" >> {log}; echo \"end doc-tests\" >> {log} ;;\n  *) exit 3 ;;\nesac\n",
        listing = dir.join("listing.json").display(),
        log = log.display()
    );
    write_executable(&dir.join("bin/cargo"), &cargo);
    dir
}

/// A crate's source as the runner names it: relative to the workspace's root.
fn source(dir: &Path, name: &str) -> String {
    let full = dir.join(format!("package_{name}/tests/{name}.rs")).display().to_string();
    let root = format!("{}/", env!("CARGO_MANIFEST_DIR"));
    full.strip_prefix(&root).unwrap_or(&full).to_string()
}

fn write_executable(path: &Path, text: &str) {
    fs::write(path, text).unwrap();
    Command::new("chmod").arg("+x").arg(path).status().unwrap();
}

fn command(dir: &Path, jobs: &str, alone: &[&str]) -> Command {
    let alone: Vec<String> = alone.iter().map(|name| source(dir, name)).collect();
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    let mut command = Command::new("bash");
    command
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/run_tests.sh"))
        .arg("--release")
        .env("PATH", path)
        .env("JOBS", jobs)
        .env("ALONE", alone.join(" "))
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .stdin(Stdio::null());
    command
}

fn run(dir: &Path, jobs: &str, alone: &[&str]) -> Output {
    command(dir, jobs, alone).output().unwrap()
}

fn log(dir: &Path) -> Vec<String> {
    fs::read_to_string(dir.join("log")).unwrap_or_default().lines().map(str::to_string).collect()
}

fn own_niceness() -> i32 {
    let out = Command::new("nice").output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap()
}

/// Replays the log against the claims, for crates `order` (longest first, as the times file says)
/// of which `alone` are judged by the clock; `jobs` at most at once.
fn check(log: &[String], order: &[&str], alone: &[&str], jobs: usize) {
    let own = own_niceness();
    let mut all: Vec<&str> = order.to_vec();
    all.push("doc-tests");
    let mut starts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut running: Vec<&str> = Vec::new();
    // The ALONE crate running now, if any, and the crates started beside it.
    let mut alone_now: Option<&str> = None;
    let mut started: Vec<&str> = Vec::new();
    for (i, line) in log.iter().enumerate() {
        let mut words = line.split(' ');
        let (event, name) = (words.next().unwrap(), words.next().unwrap());
        let name = *all.iter().find(|n| **n == name).expect("a crate of the listing");
        match event {
            "start" => {
                *starts.entry(name).or_default() += 1;
                if alone.contains(&name) {
                    assert!(running.is_empty(), "{name} started beside {running:?}: {log:?}");
                    alone_now = Some(name);
                } else if alone_now.is_some() {
                    // The shortest left: none of the crates not started yet is shorter. (But the
                    // doc tests: their line is written by the stand-in cargo once it runs, which
                    // a companion started right after them may beat in the log.)
                    let rank = all.iter().position(|n| *n == name).unwrap();
                    let later = all[rank + 1..].iter().filter(|n| !alone.contains(n) && **n != "doc-tests");
                    for later in later {
                        assert!(
                            starts.contains_key(later),
                            "{name} started beside {alone_now:?} before the shorter {later}: {log:?}"
                        );
                    }
                }
                started.push(name);
                running.push(name);
                assert!(running.len() <= jobs, "more than {jobs} at once at line {i}: {log:?}");
            }
            "nice" => {
                let niceness: i32 = words.next().unwrap().parse().unwrap();
                // Started while an ALONE crate ran (in the log): niced. Started after it: at the
                // runner's own niceness, or niced if launched beside it just before it ended (a
                // stand-in writes its line once it runs: on a loaded machine, late).
                if started_beside(log, i, name, alone) {
                    assert_eq!(niceness, 19, "{name}: {log:?}");
                } else {
                    assert!(niceness == own || niceness == 19, "{name} at niceness {niceness}: {log:?}");
                }
            }
            "end" => {
                running.retain(|n| *n != name);
                if alone_now == Some(name) {
                    alone_now = None;
                }
            }
            _ => panic!("{line}"),
        }
    }
    for name in &all {
        assert_eq!(starts.get(name), Some(&1), "{name} not run exactly once: {log:?}");
    }
    assert!(running.is_empty(), "{running:?} never ended: {log:?}");
}

/// Whether `name`'s start (before line `at`) came while an ALONE crate (not `name`) ran.
fn started_beside(log: &[String], at: usize, name: &str, alone: &[&str]) -> bool {
    let mut alone_now = false;
    for line in &log[..at] {
        let mut words = line.split(' ');
        let (event, who) = (words.next().unwrap(), words.next().unwrap());
        if alone.contains(&who) && event == "start" {
            alone_now = true;
        } else if alone.contains(&who) && event == "end" {
            alone_now = false;
        } else if who == name && event == "start" {
            return alone_now;
        }
    }
    false
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).to_string()
}

#[test]
fn two_alone_crates_in_the_middle_and_at_the_end_of_the_order() {
    let crates = [("a", "1", 0), ("b", "2", 0), ("c", "0", 0), ("d", "0", 0), ("e", "1", 0), ("f", "0", 0)];
    let order = ["a", "b", "c", "d", "e", "f"];
    for jobs in [1usize, 2, 3] {
        let dir = stand_in(&format!("two_alone_{jobs}"), &crates, &[]);
        let output = run(&dir, &jobs.to_string(), &["b", "f"]);
        assert!(output.status.success(), "{}", stdout(&output));
        let log = log(&dir);
        check(&log, &order, &["b", "f"], jobs);
        if jobs == 1 {
            // Nothing beside an ALONE crate when one crate at a time.
            assert!(log[2] == "end b" || log[2] == "end f", "{log:?}");
        }
    }
}

#[test]
fn a_companion_longer_than_the_alone_crate_runs_on_and_the_others_start_beside_it() {
    let crates = [("a", "0", 0), ("b", "0", 0), ("long", "3", 0), ("clock", "1", 0)];
    for jobs in [2usize, 3] {
        let dir = stand_in(&format!("longer_{jobs}"), &crates, &[]);
        let output = run(&dir, &jobs.to_string(), &["clock"]);
        assert!(output.status.success(), "{}", stdout(&output));
        let log = log(&dir);
        check(&log, &["a", "b", "long", "clock"], &["clock"], jobs);
        let at = |l: &str| log.iter().position(|x| x == l).unwrap();
        assert!(at("start long") < at("end clock") && at("end clock") < at("end long"), "{log:?}");
    }
}

#[test]
fn a_failing_alone_crate_is_named_and_the_others_still_run() {
    let dir = stand_in("alone_fails", &[("a", "0", 0), ("b", "0", 0), ("clock", "1", 1)], &[]);
    let output = run(&dir, "2", &["clock"]);
    let out = stdout(&output);
    assert_eq!(output.status.code(), Some(101), "{out}");
    assert!(
        out.contains("1 test crate(s) failed") && out.contains("tests/clock.rs (exit status 1)"),
        "{out}"
    );
    check(&log(&dir), &["a", "b", "clock"], &["clock"], 2);
}

#[test]
fn an_alone_path_that_matches_nothing_changes_nothing() {
    let dir = stand_in("alone_nothing", &[("a", "1", 0), ("b", "0", 0), ("c", "0", 0)], &[]);
    let output = run(&dir, "2", &["missing"]);
    assert!(output.status.success(), "{}", stdout(&output));
    let log = log(&dir);
    check(&log, &["a", "b", "c"], &[], 2);
    // The longest first: `a` in the first two started, before `c` (which waits for a free slot).
    // (Not `log[0]`: `a` and `b` start together, and either may write its line first.)
    let at = |line: &str| log.iter().position(|l| l == line).unwrap_or(usize::MAX);
    assert!(at("start a") < at("start c"), "the longest first: {log:?}");
}

#[test]
fn a_crate_named_twice_in_alone_runs_once() {
    // ALONE is a list written by hand (make's variable, an environment variable): a path given
    // twice. At 0fc574f the crate goes twice into the order, and runs twice (its failure counted
    // twice: "2 test crate(s) failed" for one crate).
    let dir = stand_in("alone_twice", &[("a", "0", 0), ("clock", "1", 1)], &[]);
    let output = run(&dir, "2", &["clock", "clock"]);
    let out = stdout(&output);
    assert_eq!(output.status.code(), Some(101), "{out}");
    check(&log(&dir), &["a", "clock"], &["clock"], 2);
    assert!(out.contains("1 test crate(s) failed"), "{out}");
}

/// Sends `signal` to the runner while the ALONE crate and two niced companions (each with a
/// child) run; every crate and child must be gone.
fn signal_ends_niced_companions(signal: &str) {
    let crates = [("a", "0", 0), ("b", "0", 0), ("c", "0", 0), ("clock", "0", 0)];
    let dir = stand_in(&format!("signal_{signal}"), &crates, &["b", "c", "clock"]);
    let mut runner =
        command(&dir, "3", &["clock"]).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let pid_of = |name: &str| fs::read_to_string(dir.join(format!("{name}.pid"))).unwrap_or_default();
    let started = Instant::now();
    while ["b", "c", "clock"].iter().any(|n| pid_of(n).trim().is_empty()) {
        assert!(started.elapsed() < Duration::from_secs(20), "never started: {:?}", log(&dir));
        sleep(Duration::from_millis(20));
    }
    // The companions beside clock: c and b (the shortest left), niced (doc-tests ended already).
    let log_now = log(&dir);
    assert!(!log_now.iter().any(|l| l == "start a"), "{log_now:?}");
    Command::new("kill").args([signal, &runner.id().to_string()]).status().unwrap();
    let status = runner.wait().unwrap();
    assert!(!status.success());
    for name in ["b", "c", "clock"] {
        let child = pid_of(name).trim().to_string();
        let gone = Instant::now();
        while Path::new(&format!("/proc/{child}")).exists() && !is_zombie(&child) {
            assert!(gone.elapsed() < Duration::from_secs(10), "{name}'s child {child} outlived the runner");
            sleep(Duration::from_millis(20));
        }
    }
    assert!(!log(&dir).iter().any(|l| l == "start a"), "a started after the signal: {:?}", log(&dir));
}

#[test]
fn sigterm_ends_the_niced_companions_and_their_children() {
    signal_ends_niced_companions("-TERM");
}

#[test]
fn sigint_ends_the_niced_companions_and_their_children() {
    // A shell started with SIGINT ignored (a background job of a shell without job control, as a
    // CI may start `make test`) cannot trap it: then there is nothing to test here.
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    let ignored = status.lines().find_map(|line| line.strip_prefix("SigIgn:"));
    let ignored = ignored.and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok()).unwrap_or(0);
    if ignored & (1 << (2 - 1)) != 0 {
        crate::common::skipped(
            "attack_runner::sigint_ends_the_niced_companions_and_their_children",
            "SIGINT is ignored by the process running the tests, so by the runner it starts",
        );
        return;
    }
    signal_ends_niced_companions("-INT");
}

fn is_zombie(pid: &str) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| stat.contains(") Z "))
}
