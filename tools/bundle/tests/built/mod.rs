//! A bundle built as a judge builds it, or checked as that build would check it, and what the
//! built program offers (for tests/bundle.rs).

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What is done with a bundle in an edition: built and judged (the longest, first), checked
/// through MIR, or its foreign copy type-checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Job {
    Build,
    Check,
    Foreign,
}

/// `work` done on every job of `jobs` by `workers` threads, each taking the next job left as it
/// is free (so that a core is never idle while a job waits: a build of several seconds beside a
/// check of half a second); what each worker gathered, in no order.
pub fn on_workers<J: Sync, T: Default + Send>(
    jobs: &[J],
    workers: usize,
    work: impl Fn(&J, &mut T) + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let (next, work) = (&next, &work);
    std::thread::scope(|scope| {
        let started: Vec<_> = (0..workers.max(1))
            .map(|_| {
                scope.spawn(move || {
                    let mut gathered = T::default();
                    while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        work(job, &mut gathered);
                    }
                    gathered
                })
            })
            .collect();
        started
            .into_iter()
            .map(|worker| worker.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The flags a compiled bundle offers, as its `--help` lists them (a line each), and whether it says it is judge
/// mode only (built without the cargo feature `extras`, as graph_partizan's is).
pub struct Offered {
    flags: Vec<String>,
    pub judge_mode_only: bool,
}

impl Offered {
    pub fn contains(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}

pub fn offered_flags(executable: &Path) -> Offered {
    let help = Command::new(executable).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    // A flag is offered where a line of the list starts with it (`  --values   print ...`).
    let first_words = help.lines().filter_map(|line| line.split_whitespace().next());
    let flags = first_words.filter(|w| w.starts_with("--")).map(String::from).collect();
    Offered { flags, judge_mode_only: help.contains("Judge mode only") }
}

/// Starts `rustc` on a bundle: as a judge does (`-O`, a program to run), or, with `check`, every
/// lint and check of that build without its code generation (`--emit=mir`, the optimised build's
/// `cfg`: no debug assertions). Both `-D warnings`. The build is in one codegen unit: the same
/// program as a judge's 16 (the units split the code generation, not what the code does, nor a
/// lint) for a sixth less CPU, and a third less with rustc 1.63 (`make msrv`), on two cores where
/// the bundles are built two at a time anyway.
pub fn start_rustc(rustc: &str, edition: &str, source: &Path, out: &Path, check: bool) -> Child {
    let build: &[&str] =
        if check { &["--emit=mir", "-C", "debug-assertions=off"] } else { &["-O", "-C", "codegen-units=1"] };
    Command::new(rustc)
        .args(["--edition", edition, "-D", "warnings"])
        .args(build)
        .arg("-o")
        .arg(out)
        .arg(source)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {rustc}: {e}"))
}

/// The edition a bundle is built in to be judged: the last of those asked (the newest by
/// default). In the others it is checked only ([`start_rustc`]'s `check`): the same source, the
/// same lints, no second and third build of one program to run the same cases on.
pub fn judged_edition<'a>(editions: &[&'a str]) -> &'a str {
    editions.last().copied().expect("BUNDLE_EDITIONS names no edition")
}

/// `rustc -vV` (its version, commit and host): two names of one compiler are one compiler.
pub fn identity(rustc: &str) -> String {
    let output = Command::new(rustc).arg("-vV").output().unwrap_or_else(|e| panic!("{rustc}: {e}"));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Job 0 waits until job 2 is done: two workers get there only if the free one takes jobs 1 and
/// 2 while the other waits (jobs handed out two at a time would wait for ever; 60 s, then fail).
#[test]
fn a_free_worker_takes_the_next_job_while_the_other_is_busy() {
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};
    let two_done = AtomicBool::new(false);
    let work = |job: &usize, done: &mut Vec<usize>| {
        let started = Instant::now();
        while *job == 0 && !two_done.load(Ordering::SeqCst) {
            assert!(started.elapsed() < Duration::from_secs(60), "job 0 waited for job 2 in vain");
            std::thread::sleep(Duration::from_millis(5));
        }
        if *job == 2 {
            two_done.store(true, Ordering::SeqCst);
        }
        done.push(*job);
    };
    let mut all: Vec<usize> = on_workers(&[0, 1, 2, 3], 2, work).concat();
    all.sort_unstable();
    assert_eq!(all, [0, 1, 2, 3]);
}
