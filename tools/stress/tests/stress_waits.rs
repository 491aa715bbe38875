//! Every wait of `stress` ends: a FIFO (or any path that is not a regular file) given where a
//! file is read or written is an `error:` line and exit status 2 at once, never a block in
//! `open`; and SIGTERM or SIGINT during each kind of wait (a solution's run, a generator's, a
//! reference's, a validator's, an interactive run, a bisection by size, a shrink by steps) ends
//! `stress` promptly, with nothing it started left running.
//!
//! The oracle is the operating system: `/proc` lists what still runs (each helper here sleeps
//! with an argument of its own, which marks it), and a watchdog kills a `stress` that blocks, so
//! that a block fails the test instead of hanging it.

mod stress_common;

use std::fs;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};
use stress_common::{processes_now_with, processes_with, work_dir};

/// Longer than any wait here takes when it ends as it should; far shorter than a block.
const WATCHDOG: Duration = Duration::from_secs(60);

/// Starts `stress` with `args` in the work folder, its outputs piped.
fn start(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(args)
        .current_dir(work_dir())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child`; a child still running after [`WATCHDOG`] is killed and the test fails.
fn finish(child: Child, what: &str) -> Output {
    let id = child.id();
    let (done, ended) = mpsc::channel();
    let waiter = thread::spawn(move || {
        let output = child.wait_with_output().unwrap();
        let _ = done.send(());
        output
    });
    let blocked = ended.recv_timeout(WATCHDOG).is_err();
    if blocked {
        let _ = Command::new("kill").args(["-KILL", &id.to_string()]).status();
    }
    let output = waiter.join().unwrap();
    assert!(!blocked, "{what}: stress still running after {WATCHDOG:?}, killed");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A FIFO with no writer (and no reader) at `name` in the work folder, made afresh.
fn fifo(name: &str) -> PathBuf {
    let path = work_dir().join(name);
    let _ = fs::remove_file(&path);
    assert!(Command::new("mkfifo").arg(&path).status().unwrap().success(), "mkfifo");
    path
}

/// Expects exit status 2 and one line `error: ...` naming `what`, nothing on stdout.
fn refused(output: &Output, what: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
    assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{stderr}");
    assert!(stderr.contains(what), "{stderr:?} has no {what:?}");
}

fn strings(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_wherever_a_file_is_read_or_written() {
    let fifo_in = fifo("waits_fifo_input");
    let input = fifo_in.to_str().unwrap();
    let jury = stress_common::compile_in("interactive", "guess_jury");
    let jury = jury.to_str().unwrap();
    let with_shrink: [&[&str]; 4] = [
        &["graph_game", "--shrink", input, "--", "true"],
        &["--ref", "cat", "--shrink", input, "--", "true"],
        &["--ref", "cat", "--check", "true", "--shrink", input, "--", "true"],
        &["--interactor", jury, "--shrink", input, "--", "true"],
    ];
    for args in with_shrink {
        let output = finish(start(&strings(args)), &format!("{args:?}"));
        refused(&output, "a FIFO (a named pipe), not a regular file");
    }
    let output = finish(start(&strings(&["token_duel", "--shrink", input, "--", "true"])), "token_duel");
    refused(&output, "a FIFO (a named pipe), not a regular file");
    // A character device is no regular file either: refused before a byte is read.
    let output = finish(start(&strings(&["--ref", "cat", "--shrink", "/dev/zero", "--", "true"])), "zero");
    refused(&output, "a character device, not a regular file");
    // Where the failure would be saved: `--out PREFIX` with a FIFO at PREFIX.in, .ans or .out.
    for extension in ["in", "ans", "out"] {
        let prefix = format!("waits_fifo_out_{extension}");
        fifo(&format!("{prefix}.{extension}"));
        for head in [
            &["graph_game"][..],
            &["--ref", "cat", "--gen", "echo"],
            &["--interactor", jury, "--gen", "echo"],
        ] {
            let mut args = strings(head);
            args.extend(strings(&["--out", &prefix, "--", "false"]));
            let output = finish(start(&args), &format!("{args:?}"));
            refused(&output, &format!("--out: `{prefix}.{extension}` is not a regular file"));
        }
    }
}

/// A shell script in the work folder that sleeps, as does a process it leaves in the background,
/// with its first argument as the time (a mark for `/proc`); it counts its runs in the file of
/// its second argument, if one is given that ends in `.count`.
fn sleeper() -> String {
    let path = work_dir().join("waits_sleeper.sh");
    let script = "case \"$2\" in *.count) echo >> \"$2\";; esac\nsleep \"$1\" &\nexec sleep \"$1\"\n";
    fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

/// Waits (at most the watchdog) until `ready` holds.
fn wait_for(what: &str, ready: &dyn Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < WATCHDOG, "{what}: never ready");
        thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `stress` with `args`, sends `signal` once `ready` holds, and expects it to end with
/// `status` and nothing marked `mark` left running; returns its report.
fn interrupted(args: &[String], signal: &str, mark: &str, status: i32, ready: &dyn Fn() -> bool) -> String {
    let what = format!("{signal} {args:?}");
    let child = start(args);
    wait_for(&what, ready);
    assert!(Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap().success());
    let output = finish(child, &what);
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(status), "{what}: {report}{}", text(&output.stderr));
    assert_eq!(processes_with(mark), Vec::<String>::new(), "{what}: left running");
    report
}

/// Whether a process marked `mark` is running, `stress` itself left out.
fn running(mark: &str) -> bool {
    processes_now_with(mark).iter().any(|p| !p.contains(env!("CARGO_BIN_EXE_stress")))
}

#[cfg(target_os = "linux")]
#[test]
fn sigterm_and_sigint_end_every_wait_with_nothing_left_running() {
    let sleep = sleeper();
    for (n, signal) in ["-TERM", "-INT"].into_iter().enumerate() {
        // Each wait's sleepers have a time of their own: their mark.
        let mark = |kind: u32| format!("{kind}00{n}.5");
        let words = |kind: u32| format!("{sleep} {}", mark(kind));
        let argv = |line: String| line.split(' ').map(String::from).collect::<Vec<_>>();
        // A game's case: the solution's run.
        let mut args = strings(&["graph_game", "--time-limit", "100", "--"]);
        args.extend(argv(words(1)));
        let report = interrupted(&args, signal, &mark(1), 130, &|| running(&mark(1)));
        assert!(report.contains("interrupted: "), "{report}");
        // Any problem: the generator's, the validator's, the reference's, the solution's run.
        let generic = [
            strings(&["--gen", &words(2), "--ref", "cat", "--", "true"]),
            strings(&["--gen", "echo", "--check", &words(3), "--ref", "cat", "--", "true"]),
            strings(&["--gen", "echo", "--ref", &words(4), "--", "true"]),
            [strings(&["--gen", "echo", "--ref", "cat", "--"]), argv(words(5))].concat(),
        ];
        for (kind, args) in (2..).zip(generic) {
            let args = [strings(&["--time-limit", "100"]), args].concat();
            let report = interrupted(&args, signal, &mark(kind), 130, &|| running(&mark(kind)));
            assert!(report.contains("interrupted: "), "{report}");
        }
        // An interactive run: the jury and the player both waiting.
        let mut args = strings(&["--interactor", &words(6), "--gen", "echo", "--time-limit", "100", "--"]);
        args.extend(argv(words(6)));
        let helpers =
            || processes_now_with(&mark(6)).into_iter().filter(|p| !p.contains(env!("CARGO_BIN_EXE_stress")));
        let both = || helpers().count() >= 4;
        let report = interrupted(&args, signal, &mark(6), 130, &both);
        assert!(report.contains("interrupted: "), "{report}");
        // A time-out's bisection by size: the third run is the bisection's first (the case found
        // times out twice), each run waiting until its wall limit, 0.6 s.
        let count = work_dir().join(format!("waits_runs_{n}.count"));
        let _ = fs::remove_file(&count);
        let mut args = strings(&["--gen", "echo", "--ref", "cat", "--time-limit", "0.2", "--size", "64"]);
        args.extend(strings(&["--cases", "1", "--large", "0", "--"]));
        args.extend(argv(format!("{} {}", words(7), count.display())));
        let runs = || fs::read(&count).map_or(0, |c| c.len());
        let report = interrupted(&args, signal, &mark(7), 1, &|| runs() >= 3 && running(&mark(7)));
        assert!(report.contains("then interrupted"), "{report}");
        // A shrink by steps: the file's input fails at once (a wrong answer), every later run waits.
        let input = work_dir().join(format!("waits_input_{n}"));
        fs::write(&input, "1 2 3\n4 5 6\n").unwrap();
        let script = work_dir().join("waits_wrong_then_sleeps.sh");
        fs::write(&script, "if [ -e \"$2\" ]; then exec sleep \"$1\"; fi\n: > \"$2\"\necho wrong\n").unwrap();
        let flag = work_dir().join(format!("waits_flag_{n}"));
        let _ = fs::remove_file(&flag);
        let mut args = strings(&["--ref", "cat", "--shrink", input.to_str().unwrap(), "--time-limit", "100"]);
        args.extend(strings(&["--out", &format!("waits_shrink_{n}"), "--", "sh"]));
        args.extend([script.display().to_string(), mark(8), flag.display().to_string()]);
        // Ready once a later run sleeps: the first run (the wrong answer) has the mark too.
        let sleeping = || !processes_now_with(&format!("sleep {}", mark(8))).is_empty();
        let report = interrupted(&args, signal, &mark(8), 1, &|| flag.exists() && sleeping());
        assert!(report.contains("then interrupted: may not be minimal"), "{report}");
    }
}
