//! `tools/run_tests.sh`, make test's runner, against a stand-in `cargo` on `PATH` that lists test
//! crates of its own (shell scripts logging when they start and end): every test crate runs once,
//! in its package's folder, with the arguments after `--`, at most JOBS at once and more than one
//! when allowed; a failed crate is named and makes the exit status 101 after all have run; the
//! longest crate of the last run starts first; a crate judged by wall-clock limits runs first,
//! with only the shortest crates beside it, at the lowest priority; SIGTERM ends the crates' own
//! children too.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

fn runner() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/run_tests.sh")
}

/// A folder with a stand-in `cargo` and the crates it lists: (name, seconds to sleep, exit status).
/// Each crate appends `start NAME FOLDER ARGS`, `nice NAME NICENESS` and `end NAME` to `log`.
fn stand_in(name: &str, crates: &[(&str, &str, u8)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("test_runner").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("bin")).unwrap();
    let mut listing = String::new();
    for (crate_name, seconds, status) in crates {
        let package = dir.join(format!("package_{crate_name}"));
        fs::create_dir_all(&package).unwrap();
        let executable = dir.join(format!("{crate_name}-0123"));
        let script = format!(
            "#!/bin/sh\necho \"start {crate_name} $PWD $*\" >> {log}\necho \"nice {crate_name} $(nice)\" >> {log}\n\
             sleep {seconds}\necho \"end {crate_name}\" >> {log}\n\
             echo 'test result: ok. 1 passed; 0 failed; 0 ignored'\nexit {status}\n",
            log = dir.join("log").display()
        );
        write_executable(&executable, &script);
        listing += &format!(
            "{{\"reason\":\"compiler-artifact\",\"manifest_path\":\"{}/Cargo.toml\",\"target\":{{\"kind\":[\"test\"],\
             \"name\":\"{crate_name}\",\"src_path\":\"{}/tests/{crate_name}.rs\",\"test\":true}},\"profile\":{{\
             \"opt_level\":\"3\",\"test\":true}},\"executable\":\"{}\",\"fresh\":true}}\n",
            package.display(),
            package.display(),
            executable.display()
        );
    }
    // A binary that is not a test crate (profile "test": false): never run.
    let binary = dir.join("not_a_test");
    write_executable(
        &binary,
        &format!("#!/bin/sh\necho \"start not_a_test\" >> {}\n", dir.join("log").display()),
    );
    listing += &format!(
        "{{\"reason\":\"compiler-artifact\",\"manifest_path\":\"{d}/Cargo.toml\",\"target\":{{\"kind\":[\"bin\"],\
         \"name\":\"x\",\"src_path\":\"{d}/src/main.rs\",\"test\":true}},\"profile\":{{\"opt_level\":\"3\",\
         \"test\":false}},\"executable\":\"{b}\",\"fresh\":true}}\n",
        d = dir.display(),
        b = binary.display()
    );
    fs::write(dir.join("listing.json"), listing).unwrap();
    let cargo = format!(
        "#!/bin/sh\ncase \" $* \" in\n  *\" --no-run \"*) cat {listing} ;;\n  *\" --doc \"*) echo \"start doc-tests $PWD $*\" >> {log}; \
         echo 'test result: ok. 2 passed; 0 failed' ;;\n  *) exit 3 ;;\nesac\n",
        listing = dir.join("listing.json").display(),
        log = dir.join("log").display()
    );
    write_executable(&dir.join("bin/cargo"), &cargo);
    dir
}

fn write_executable(path: &Path, text: &str) {
    fs::write(path, text).unwrap();
    Command::new("chmod").arg("+x").arg(path).status().unwrap();
}

fn command(dir: &Path, jobs: &str) -> Command {
    let mut command = Command::new("bash");
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    command
        .arg(runner())
        .args(["--release", "--", "--exact"])
        .env("PATH", path)
        .env("JOBS", jobs)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .stdin(Stdio::null());
    command
}

fn run(dir: &Path, jobs: &str) -> Output {
    command(dir, jobs).output().unwrap()
}

fn log(dir: &Path) -> Vec<String> {
    fs::read_to_string(dir.join("log")).unwrap_or_default().lines().map(str::to_string).collect()
}

/// The most crates running at once, replaying the log's starts and ends.
fn most_at_once(log: &[String]) -> usize {
    let (mut now, mut most) = (0usize, 0usize);
    for line in log.iter().filter(|line| !line.starts_with("start doc-tests")) {
        if line.starts_with("start ") {
            now += 1;
            most = most.max(now);
        } else if line.starts_with("end ") {
            now -= 1;
        }
    }
    most
}

#[test]
fn every_crate_runs_once_in_its_folder_jobs_at_a_time_and_a_failure_is_named() {
    let crates = [("a", "1", 0), ("b", "1", 0), ("c", "1", 1), ("d", "1", 0), ("e", "1", 0)];
    for (jobs, most) in [("2", 2), ("1", 1)] {
        let dir = stand_in(&format!("jobs_{jobs}"), &crates);
        let output = run(&dir, jobs);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(101), "{stdout}");
        assert!(
            stdout.contains("1 test crate(s) failed") && stdout.contains("package_c/tests/c.rs"),
            "{stdout}"
        );
        let log = log(&dir);
        for (name, _, _) in crates {
            let starts: Vec<&String> =
                log.iter().filter(|line| line.starts_with(&format!("start {name} "))).collect();
            assert_eq!(starts.len(), 1, "{name}: {log:?}");
            let folder = dir.join(format!("package_{name}"));
            assert_eq!(starts[0], &format!("start {name} {} --exact", folder.display()), "{log:?}");
            let running = format!("package_{name}/tests/{name}.rs");
            assert!(
                stdout.lines().any(|l| l.starts_with("     Running ") && l.ends_with(&running)),
                "{stdout}"
            );
        }
        assert!(log
            .iter()
            .any(|line| line.starts_with("start doc-tests") && line.ends_with("--doc -- --exact")));
        assert!(!log.iter().any(|line| line.contains("not_a_test")), "{log:?}");
        assert_eq!(most_at_once(&log), most, "JOBS={jobs}: {log:?}");
        assert_eq!(stdout.matches("test result:").count(), crates.len() + 1, "{stdout}");
    }
}

#[test]
fn the_longest_crate_of_the_last_run_starts_first() {
    let dir = stand_in("order", &[("quick", "0", 0), ("slow", "3", 0), ("middle", "1", 0)]);
    assert!(run(&dir, "1").status.success());
    let times = fs::read_to_string(dir.join("target/test-times.txt")).unwrap();
    assert!(times.lines().next().unwrap().contains("tests/slow.rs"), "{times}");
    // The order of the next run follows the file, whatever the clock measured (seconds are coarse:
    // a loaded machine may tie the doc tests with `middle`).
    let mut rewritten = String::new();
    for line in times.lines() {
        let source = line.split('\t').next().unwrap();
        let seconds = [("middle.rs", 9), ("doc-tests", 5), ("quick.rs", 2)]
            .iter()
            .find(|(end, _)| source.ends_with(end));
        if let Some((_, seconds)) = seconds {
            rewritten += &format!("{source}\t{seconds}\n");
        }
    }
    fs::write(dir.join("target/test-times.txt"), rewritten).unwrap();
    fs::remove_file(dir.join("log")).unwrap();
    assert!(run(&dir, "1").status.success());
    let starts: Vec<String> = log(&dir).into_iter().filter(|line| line.starts_with("start ")).collect();
    let names: Vec<&str> = starts.iter().map(|line| line.split(' ').nth(1).unwrap()).collect();
    // Known crates longest first; `slow` has no time now, so it comes by the fallback order, last.
    assert_eq!(names, ["middle", "doc-tests", "quick", "slow"], "{starts:?}");
}

#[test]
fn a_crate_judged_by_wall_clock_runs_first_with_only_the_shortest_beside_it_at_the_lowest_priority() {
    // In the order: a (known to be longest), b, then c (alone): c first, b beside it (the end of
    // the order), still running when c ends; a after c.
    let dir = stand_in("alone", &[("a", "1", 0), ("b", "2", 0), ("c", "1", 0)]);
    fs::create_dir_all(dir.join("target")).unwrap();
    let times = "package_a/tests/a.rs\t9\npackage_b/tests/b.rs\t2\npackage_c/tests/c.rs\t1\n";
    let relative = |line: &str| {
        let source = dir.join(line).display().to_string();
        let root = format!("{}/", env!("CARGO_MANIFEST_DIR"));
        source.strip_prefix(&root).unwrap_or(&source).to_string()
    };
    let times: String = times.lines().map(|l| relative(l) + "\n").collect();
    fs::write(dir.join("target/test-times.txt"), times).unwrap();
    // The source as the runner lists it: relative to the workspace's root when inside it.
    let source = relative("package_c/tests/c.rs");
    let output = command(&dir, "2").env("ALONE", &source).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stdout));
    let log = log(&dir);
    let nice = |name: &str| {
        let line = log.iter().find(|l| l.starts_with(&format!("nice {name} "))).expect("its niceness");
        line.rsplit(' ').next().unwrap().parse::<i32>().unwrap()
    };
    let at = |event: &str| log.iter().position(|l| l == event || l.starts_with(&format!("{event} ")));
    let (own, end_c) = (nice("c"), at("end c").unwrap());
    // c starts first; b, beside it, at niceness 19; a only after c, at the runner's own.
    assert!(log[0].starts_with("start c "), "{log:?}");
    assert!(at("start b").unwrap() < end_c && at("end b").unwrap() > end_c, "{log:?}");
    assert!(at("start a").unwrap() > end_c, "{log:?}");
    assert_eq!((nice("b"), nice("a")), (19, own), "{log:?}");
    assert_eq!(most_at_once(&log), 2, "{log:?}");
}

#[test]
fn bad_jobs_are_refused() {
    let dir = stand_in("bad_jobs", &[("a", "0", 0)]);
    for jobs in ["0", "x", "-1", ""] {
        let output = run(&dir, jobs);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "JOBS={jobs:?}: {stderr}");
        assert!(stderr.starts_with("error: JOBS"), "{stderr}");
        assert!(!dir.join("log").exists(), "JOBS={jobs:?} ran something");
    }
}

#[test]
fn sigterm_ends_the_crates_and_their_children() {
    let dir = stand_in("sigterm", &[("a", "0", 0)]);
    // A crate that leaves a child behind it, waiting 30 s, and writes the child's pid.
    let pid_file = dir.join("child.pid");
    let script = format!("#!/bin/sh\nsleep 30 &\necho $! > {}\nwait\n", pid_file.display());
    write_executable(&dir.join("a-0123"), &script);
    let mut runner = command(&dir, "2").stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let started = Instant::now();
    while !pid_file.exists() || fs::read_to_string(&pid_file).unwrap().trim().is_empty() {
        assert!(started.elapsed() < Duration::from_secs(20), "the crate never started");
        sleep(Duration::from_millis(20));
    }
    let child = fs::read_to_string(&pid_file).unwrap().trim().to_string();
    Command::new("kill").args(["-TERM", &runner.id().to_string()]).status().unwrap();
    let status = runner.wait().unwrap();
    assert!(!status.success());
    let gone = Instant::now();
    while Path::new(&format!("/proc/{child}")).exists() && !is_zombie(&child) {
        assert!(gone.elapsed() < Duration::from_secs(10), "the crate's child {child} outlived the runner");
        sleep(Duration::from_millis(20));
    }
}

fn is_zombie(pid: &str) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| stat.contains(") Z "))
}
