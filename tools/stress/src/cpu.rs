//! The CPU time of a run, from Linux's /proc, std only: a time limit is judged on it, as a judge
//! does, so that a loaded machine does not make a fast solution look slow. Where /proc cannot be
//! read (another system, or /proc not mounted) every function says `None` and a run has a wall
//! limit only.
//!
//! Two readings, both in the kernel's clock ticks (`AT_CLKTCK`, 100 a second on Linux):
//! - while a run goes on, [`of_tree`]: the user and system time of its leader and, where the kernel
//!   lists them (`/proc/PID/task/TID/children`), of its descendants, with what each has reaped;
//! - once the run's leader is reaped, [`reaped`] before and after: `stress`'s own reaped
//!   children's time (`cutime + cstime` of /proc/self/stat) grows by exactly the leader's time
//!   and that of everything the leader waited for. The runs are one at a time, so nothing else
//!   of `stress`'s is reaped in between.

use std::fs;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The most processes of a run whose time is read at once: a run that starts more has the rest
/// counted once they are reaped.
const MOST_PROCESSES: usize = 64;

/// [`ticks_per_second`], once read (0 before).
static TICKS_PER_SECOND: AtomicU64 = AtomicU64::new(0);

/// The clock ticks a second, as the kernel tells every process in its auxiliary vector
/// (`AT_CLKTCK`); 100 if it cannot be read (Linux's `USER_HZ` on every common architecture).
fn ticks_per_second() -> u64 {
    match TICKS_PER_SECOND.load(Ordering::Relaxed) {
        0 => {
            let ticks = read_ticks_per_second();
            TICKS_PER_SECOND.store(ticks, Ordering::Relaxed);
            ticks
        }
        ticks => ticks,
    }
}

fn read_ticks_per_second() -> u64 {
    const AT_CLKTCK: usize = 17;
    let width = std::mem::size_of::<usize>();
    let auxv = fs::read("/proc/self/auxv").unwrap_or_default();
    let word = |chunk: &[u8]| {
        let mut bytes = [0u8; std::mem::size_of::<usize>()];
        bytes.copy_from_slice(chunk);
        usize::from_ne_bytes(bytes)
    };
    for pair in auxv.chunks_exact(2 * width) {
        if word(&pair[..width]) == AT_CLKTCK {
            let ticks = word(&pair[width..]) as u64;
            if ticks > 0 {
                return ticks;
            }
        }
    }
    100
}

/// The kernel's clock tick, the unit of every CPU time it tells.
pub fn tick() -> Duration {
    duration(1)
}

/// `ticks` clock ticks as a duration.
fn duration(ticks: u64) -> Duration {
    let per_second = ticks_per_second();
    Duration::from_secs(ticks / per_second)
        + Duration::from_nanos((ticks % per_second) * 1_000_000_000 / per_second)
}

/// Fields 14 to 17 of a process's /proc/PID/stat: its user and system time, and those of the
/// children it has reaped, in clock ticks. The command's name (field 2, in parentheses) may hold
/// spaces and parentheses: the fields are counted from the last `)`.
fn times(stat: &str) -> Option<[u64; 4]> {
    let rest = &stat[stat.rfind(')')? + 1..];
    // After the name: field 3 (the state) is the first; 14 to 17 are the 12th to the 15th.
    let mut fields = rest.split_ascii_whitespace().skip(11);
    let mut out = [0u64; 4];
    for slot in &mut out {
        *slot = fields.next()?.parse().ok()?;
    }
    Some(out)
}

/// The CPU time `stress` has received from its reaped children so far, if /proc tells it.
pub fn reaped() -> Option<Duration> {
    if !cfg!(any(target_os = "linux", target_os = "android")) {
        return None;
    }
    let [_, _, children_user, children_system] = times(&fs::read_to_string("/proc/self/stat").ok()?)?;
    Some(duration(children_user + children_system))
}

/// The CPU time so far of the live process `leader` and of its live descendants the kernel lists
/// (at most [`MOST_PROCESSES`] in all), each with the children it has reaped; `None` if /proc does
/// not tell the leader's.
pub fn of_tree(leader: u32) -> Option<Duration> {
    if !cfg!(any(target_os = "linux", target_os = "android")) {
        return None;
    }
    let mut ticks = 0;
    let mut pending = vec![leader];
    let mut read = 0;
    while let Some(pid) = pending.pop() {
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok();
        match stat.as_deref().and_then(times) {
            Some(t) => ticks += t.iter().sum::<u64>(),
            None if pid == leader => return None,
            None => continue, // gone since it was listed
        }
        read += 1;
        if read == MOST_PROCESSES {
            break;
        }
        // Each thread lists its own children (where the kernel has the file at all).
        if let Ok(threads) = fs::read_dir(format!("/proc/{pid}/task")) {
            for thread in threads.flatten() {
                if let Ok(children) = fs::read_to_string(thread.path().join("children")) {
                    pending.extend(children.split_ascii_whitespace().filter_map(|c| c.parse::<u32>().ok()));
                }
            }
        }
    }
    Some(duration(ticks))
}

/// Whether the live process `leader` or one of its live descendants the kernel lists is running
/// or waiting for a CPU (state `R`): such a run is working, or starved by a loaded machine, not
/// idle. `false` where /proc does not tell.
pub fn any_running(leader: u32) -> bool {
    if !cfg!(any(target_os = "linux", target_os = "android")) {
        return false;
    }
    let mut pending = vec![leader];
    let mut read = 0;
    while let Some(pid) = pending.pop() {
        let stat = match fs::read_to_string(format!("/proc/{pid}/stat")) {
            Ok(stat) => stat,
            Err(_) => continue,
        };
        // The state is the first field after the name (in parentheses).
        let state = stat.rfind(')').and_then(|end| stat[end + 1..].split_ascii_whitespace().next());
        if state == Some("R") {
            return true;
        }
        read += 1;
        if read == MOST_PROCESSES {
            break;
        }
        if let Ok(threads) = fs::read_dir(format!("/proc/{pid}/task")) {
            for thread in threads.flatten() {
                if let Ok(children) = fs::read_to_string(thread.path().join("children")) {
                    pending.extend(children.split_ascii_whitespace().filter_map(|c| c.parse::<u32>().ok()));
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fields_are_counted_from_the_last_parenthesis() {
        let stat = "42 (a (b) c) R 1 42 42 0 -1 4194304 104 0 0 0 7 3 20 1 20 0 1 0 305267 3133440 426";
        assert_eq!(times(stat), Some([7, 3, 20, 1]));
        assert_eq!(times("42 (x) R 1 2"), None);
        assert_eq!(times("no parenthesis"), None);
    }

    #[test]
    fn ticks_become_durations() {
        let per_second = ticks_per_second();
        assert!(per_second > 0);
        assert_eq!(duration(per_second * 3), Duration::from_secs(3));
        assert_eq!(duration(0), Duration::ZERO);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_busy_child_is_counted_alive_and_reaped() {
        use std::process::Command;
        let before = reaped().expect("/proc/self/stat");
        // A shell counting to 300,000: a tenth of a second of CPU time or more, one process.
        let script = "i=0; while [ $i -lt 300000 ]; do i=$((i + 1)); done";
        let mut child = Command::new("sh").args(["-c", script]).spawn().unwrap();
        let alive = of_tree(child.id()).expect("/proc/PID/stat");
        child.wait().unwrap();
        // Counted, in whole ticks, and no less than it had when it was read alive. (Other tests
        // of this process reap their children meanwhile: `reaped` may count theirs too, so no
        // upper bound here; `stress` runs one command at a time.)
        let spent = reaped().unwrap() - before;
        assert!(spent >= Duration::from_millis(10), "{spent:?}");
        assert!(alive <= spent, "{alive:?} then {spent:?}");
        assert_eq!(of_tree(u32::MAX), None);
    }
}
