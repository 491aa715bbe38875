//! What 64-bit Linux gives the tool beyond std: a run's resource usage as it is reaped (`wait4`),
//! the stack limit (`getrlimit`, `setrlimit`), and a run that leaves nothing behind. Each run is
//! the leader of a process group of its own; this process is a child subreaper (`prctl`), so a
//! descendant orphaned by its parent's exit becomes its child. When the leader has exited, the
//! members of its group that have ended too are reaped and their time counted; any still running
//! is killed (SIGKILL to the group), reaped, and the run fails ("left processes running: killed"),
//! its time not being countable. SIGINT, SIGTERM and SIGHUP kill the group of the run under way
//! (the handler only stores to atomics and calls `kill`, both async-signal-safe), the run fails
//! as interrupted, and the tool, its error line written, ends by the same signal. The calls are declared by hand (std links the C library; the crate takes
//! no dependency), as `tools/stress/src/sys.rs` declares some of the same (the tools share no
//! crate). Elsewhere `sys_other.rs` stands in: no groups, no usage, signals as the system does.

use super::Run;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Instant;

/// `struct rusage` of 64-bit Linux: two `struct timeval` (user and system time), then 14
/// `long`s, the first of which is `ru_maxrss` (KiB).
#[repr(C)]
struct Rusage {
    utime: [i64; 2],
    stime: [i64; 2],
    maxrss: i64,
    rest: [i64; 13],
}

#[repr(C)]
struct Rlimit {
    current: u64,
    max: u64,
}

const RLIMIT_STACK: i32 = 3;
const WNOHANG: i32 = 1;
/// `waitid`'s: wait for a child that exited, and leave it unreaped; its `idtype_t` for one pid.
const WEXITED: i32 = 4;
const WNOWAIT: i32 = 0x0100_0000;
const P_PID: i32 = 1;
const PR_SET_CHILD_SUBREAPER: i32 = 36;
const SIGKILL: i32 = 9;
/// The signals that end the tool by default, caught: SIGHUP, SIGINT, SIGTERM.
const CAUGHT: [(i32, &str); 3] = [(1, "SIGHUP"), (2, "SIGINT"), (15, "SIGTERM")];

extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut Rusage) -> i32;
    fn waitid(idtype: i32, id: u32, info: *mut [u64; 16], options: i32) -> i32;
    fn getrlimit(resource: i32, rlim: *mut Rlimit) -> i32;
    fn setrlimit(resource: i32, rlim: *const Rlimit) -> i32;
    fn kill(pid: i32, signal: i32) -> i32;
    fn signal(signal: i32, handler: usize) -> usize;
    fn raise(signal: i32) -> i32;
    fn prctl(option: i32, ...) -> i32;
    #[cfg(not(has_process_group))]
    fn setpgid(pid: i32, pgid: i32) -> i32;
}

/// The signal caught (0: none yet).
static INTERRUPTED: AtomicI32 = AtomicI32::new(0);
/// The group of the run under way, whose leader is not yet reaped (0: none).
static RUN_GROUP: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(caught: i32) {
    INTERRUPTED.store(caught, Ordering::SeqCst);
    let group = RUN_GROUP.load(Ordering::SeqCst);
    if group > 0 {
        // SAFETY: `kill` is async-signal-safe; `group` is a run's group whose leader is not yet
        // reaped, so the number is still that group's.
        unsafe { kill(-group, SIGKILL) };
    }
}

/// Makes this process a child subreaper and catches SIGHUP, SIGINT and SIGTERM (see the module
/// doc). Called once, by `main`, before any run.
pub fn catch_interrupts() {
    // SAFETY: `prctl` with this option takes one `unsigned long` and sets a flag of this process;
    // failure (a kernel before 3.4) leaves orphans to init: their time is not counted then.
    unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1u64) };
    for (number, _) in CAUGHT {
        // SAFETY: the handler only touches atomics and calls `kill`, all async-signal-safe.
        // A signal ignored from the start (SIG_IGN, 1: `nohup`, a shell's background job) stays
        // ignored, as its caller asked.
        unsafe {
            if signal(number, on_signal as extern "C" fn(i32) as usize) == 1 {
                signal(number, 1);
            }
        }
    }
}

/// Makes the command's process the leader of a new process group, so that its group holds
/// whatever it starts (unless a descendant moves itself out, as a daemon does).
#[cfg(has_process_group)]
#[allow(clippy::incompatible_msrv)] // compiled only where std has it
pub fn in_own_group(command: &mut Command) {
    std::os::unix::process::CommandExt::process_group(command, 0);
}

/// [`in_own_group`] on rustc 1.63: the child sets its group before its program starts, which
/// makes std spawn it with `fork` instead of `posix_spawn` (slower to start).
#[cfg(not(has_process_group))]
pub fn in_own_group(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec and calls only `setpgid`, which is
    // async-signal-safe and touches no memory of ours.
    unsafe {
        command.pre_exec(|| match setpgid(0, 0) {
            0 => Ok(()),
            _ => Err(std::io::Error::last_os_error()),
        });
    }
}

/// The CPU seconds (user and system) in `usage`.
fn cpu_seconds(usage: &Rusage) -> f64 {
    [usage.utime, usage.stime].iter().map(|[s, us]| *s as f64 + *us as f64 * 1e-6).sum()
}

/// Reaps one child of group `group` (`options` 0: waiting for one to end): its resource usage,
/// None when there is none to reap.
fn reap(group: i32, options: i32) -> Option<Rusage> {
    let mut usage = Rusage { utime: [0; 2], stime: [0; 2], maxrss: 0, rest: [0; 13] };
    let mut status = 0;
    loop {
        // SAFETY: `status` and `usage` are live, writable and laid out as the C types (`int`,
        // `struct rusage` of 64-bit Linux: 2 + 2 + 14 longs).
        match unsafe { wait4(-group, &mut status, options, &mut usage) } {
            got if got > 0 => return Some(usage),
            -1 if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            _ => return None,
        }
    }
}

/// Waits for `child`, spawned [`in_own_group`] at `start`, to exit and reaps it, then its group
/// as the module doc says: the run's wall time to the leader's exit, its CPU time and peak those
/// of the leader and of the members reaped before it was looked at.
pub(crate) fn finish(child: Child, start: Instant) -> Result<Run, String> {
    let pid = child.id() as i32;
    RUN_GROUP.store(pid, Ordering::SeqCst);
    if INTERRUPTED.load(Ordering::SeqCst) != 0 {
        // SAFETY: as in `on_signal`: a signal that came before the group was told it.
        unsafe { kill(-pid, SIGKILL) };
    }
    let mut info = [0u64; 16];
    // The leader waited for, not reaped: unreaped, its number stays its group's, and the handler
    // may kill the group until it is told there is none.
    let waited = loop {
        // SAFETY: `info` is a live, writable `siginfo_t` (128 bytes); `pid` is a child of this
        // process that nothing else waits for (std's `Child` is never waited on).
        if unsafe { waitid(P_PID, pid as u32, &mut info, WEXITED | WNOWAIT) } == 0 {
            break Ok(());
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            break Err(format!("waitid: {error}"));
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    RUN_GROUP.store(0, Ordering::SeqCst);
    waited?;
    let mut status = 0;
    let mut usage = Rusage { utime: [0; 2], stime: [0; 2], maxrss: 0, rest: [0; 13] };
    // SAFETY: as in `reap`; the leader has exited, so this returns at once.
    if unsafe { wait4(pid, &mut status, 0, &mut usage) } != pid {
        return Err(format!("wait4: {}", std::io::Error::last_os_error()));
    }
    let mut run = Run {
        seconds,
        cpu_seconds: Some(cpu_seconds(&usage)),
        peak_kb: usage.maxrss,
        failure: describe_status(status),
    };
    // Members that have ended, orphaned to this process: their time is the run's.
    while let Some(member) = reap(pid, WNOHANG) {
        run.cpu_seconds = run.cpu_seconds.map(|cpu| cpu + cpu_seconds(&member));
        run.peak_kb = run.peak_kb.max(member.maxrss);
    }
    // SAFETY: `kill` only sends a signal. While a member is left, the group's number is its own.
    if unsafe { kill(-pid, SIGKILL) } == 0 {
        while reap(pid, 0).is_some() {}
        let left = "left processes running: killed";
        run.failure = Some(run.failure.map_or(left.to_string(), |failure| format!("{failure}; {left}")));
    }
    match interrupted() {
        Some(name) => Err(format!("interrupted by {name}: the run under way was killed")),
        None => Ok(run),
    }
}

/// The name of the signal caught since [`catch_interrupts`], if one was.
pub fn interrupted() -> Option<&'static str> {
    let caught = INTERRUPTED.load(Ordering::SeqCst);
    CAUGHT.iter().find(|(number, _)| *number == caught).map(|(_, name)| *name)
}

/// Ends this process by the signal caught, if one was, as that signal would have without the
/// handler: so that its parent sees it ended by the signal (bash goes on with its script after a
/// child that exits when Ctrl-C reached both, and stops when the child died of SIGINT).
pub fn end_by_signal_caught() {
    let caught = INTERRUPTED.load(Ordering::SeqCst);
    if caught != 0 {
        // SAFETY: `signal` restores the default action (SIG_DFL, 0), which for these signals ends
        // the process; `raise` sends the signal to this thread.
        unsafe {
            signal(caught, 0);
            raise(caught);
        }
    }
}

/// A raw wait status as words, None for exit status 0 (the low 7 bits the signal that ended
/// the child, else the next 8 its exit status).
fn describe_status(status: i32) -> Option<String> {
    let signal = status & 0x7f;
    if signal == 0 {
        let code = (status >> 8) & 0xff;
        (code != 0).then(|| format!("exit status {code}"))
    } else {
        Some(format!("killed by signal {signal}"))
    }
}

/// Raises this process's soft stack limit to its hard limit; children inherit it.
pub fn raise_stack_limit() {
    let mut limit = Rlimit { current: 0, max: 0 };
    // SAFETY: `limit` is a live, writable `struct rlimit` (two 64-bit `rlim_t` on 64-bit
    // Linux), and RLIMIT_STACK is 3 there.
    if unsafe { getrlimit(RLIMIT_STACK, &mut limit) } == 0 && limit.current != limit.max {
        limit.current = limit.max;
        // SAFETY: as above; the call only reads `limit`. Failure leaves the limit as it was.
        unsafe { setrlimit(RLIMIT_STACK, &limit) };
    }
}
