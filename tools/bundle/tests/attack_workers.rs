//! Attacks on `built::on_workers` (commit def420a), the worker pool of the judging test: every job
//! runs exactly once whatever the number of workers (one, more than jobs, none asked) and of jobs
//! (none, many, of very unequal length); what the workers gather adds up to what one would gather;
//! a job that panics makes the call panic (the test fails) rather than hang, and the other jobs
//! still run. The oracle: a count per job, kept beside the pool in atomics.

#[allow(dead_code)]
#[path = "built/mod.rs"]
mod built;
use built::on_workers;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Runs `jobs` jobs (0..jobs) on `workers` workers, each job sleeping `micros(job)` µs; checks
/// each ran once, the gathered lists hold every job once, and the sums of the workers' counts are
/// the totals.
fn every_job_once(jobs: usize, workers: usize, micros: impl Fn(usize) -> u64 + Sync) {
    let ran: Vec<AtomicUsize> = (0..jobs).map(|_| AtomicUsize::new(0)).collect();
    let list: Vec<usize> = (0..jobs).collect();
    let gathered = on_workers(&list, workers, |job: &usize, (done, sum): &mut (Vec<usize>, usize)| {
        std::thread::sleep(Duration::from_micros(micros(*job)));
        ran[*job].fetch_add(1, Ordering::SeqCst);
        done.push(*job);
        *sum += *job;
    });
    assert_eq!(gathered.len(), workers.max(1), "a gathering a worker");
    for (job, count) in ran.iter().enumerate() {
        assert_eq!(count.load(Ordering::SeqCst), 1, "job {job} of {jobs} on {workers} workers");
    }
    let mut all: Vec<usize> = gathered.iter().flat_map(|(done, _)| done.iter().copied()).collect();
    all.sort_unstable();
    assert_eq!(all, list, "{jobs} jobs on {workers} workers");
    let sum: usize = gathered.iter().map(|(_, sum)| sum).sum();
    assert_eq!(sum, jobs * jobs.saturating_sub(1) / 2);
}

#[test]
fn many_jobs_on_few_and_many_workers() {
    for workers in [1, 2, 3, 8, 64] {
        every_job_once(5000, workers, |_| 0);
    }
}

#[test]
fn more_workers_than_jobs_and_no_worker_asked() {
    for (jobs, workers) in [(1, 2), (3, 16), (2, 0), (7, 0)] {
        every_job_once(jobs, workers, |_| 100);
    }
}

#[test]
fn no_job_at_all() {
    for workers in [0, 1, 2, 5] {
        every_job_once(0, workers, |_| 0);
    }
}

#[test]
fn jobs_of_very_unequal_length() {
    // One long job first: the other worker takes all the short ones meanwhile.
    every_job_once(200, 2, |job| if job == 0 { 300_000 } else { 50 });
    // Long jobs at the end and scattered.
    every_job_once(60, 3, |job| if job % 17 == 16 { 100_000 } else { 10 });
}

#[test]
fn a_panicking_job_fails_the_call_without_a_hang_and_the_others_still_run() {
    for workers in [1, 2, 4] {
        let ran: Vec<AtomicUsize> = (0..50).map(|_| AtomicUsize::new(0)).collect();
        let list: Vec<usize> = (0..50).collect();
        let started = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| {
            on_workers(&list, workers, |job: &usize, count: &mut usize| {
                ran[*job].fetch_add(1, Ordering::SeqCst);
                assert!(*job != 7, "job 7 fails");
                *count += 1;
            })
        }));
        assert!(result.is_err(), "{workers} workers: a panicking job went unnoticed");
        assert!(started.elapsed() < Duration::from_secs(30), "{workers} workers");
        let counts: Vec<usize> = ran.iter().map(|c| c.load(Ordering::SeqCst)).collect();
        assert!(counts.iter().all(|&c| c <= 1), "a job ran twice: {counts:?}");
        assert_eq!(counts[7], 1);
        if workers > 1 {
            // The workers left take the jobs the failed one would have: none is left behind.
            assert!(counts.iter().all(|&c| c == 1), "{workers} workers: {counts:?}");
        }
    }
}

#[test]
fn two_panicking_jobs_on_two_workers_still_fail_the_call() {
    let list: Vec<usize> = (0..20).collect();
    let result = catch_unwind(AssertUnwindSafe(|| {
        on_workers(&list, 2, |job: &usize, _: &mut ()| {
            std::thread::sleep(Duration::from_millis(5));
            assert!(*job != 3 && *job != 4, "job {job} fails");
        })
    }));
    assert!(result.is_err());
}
