//! One interactive run: the jury and the player started side by side, each the leader of its own
//! process group, with `stress` in the middle relaying bytes both ways (a thread each way), so
//! that it records the whole transcript and sees when nothing moves. Invariant: when [`run`]
//! returns, both groups have been killed and both leaders reaped, whatever happened (an exit,
//! a limit, Ctrl-C); nothing either side started outlives the run.
//!
//! The player's CPU time is read as [`crate::child`] reads a solution's: sampled while it runs,
//! exactly once it is reaped (a jury reaped before it has its own share taken off). The run
//! stops the player when its CPU time passes the limit, when no byte has passed either way for
//! the idle limit while neither side runs (both waiting: a deadlock, a player that never
//! flushes or reads more than it is sent; a side that runs or waits for a CPU is not idle), or
//! when the whole run passes [`WHOLE_FACTOR`] times the idle limit. Once the jury has exited,
//! whatever it left running is killed (so its output's end reaches the player), and a verdict
//! other than "accepted" stops the player after [`VERDICT_GRACE`]: the jury has decided, and
//! nothing the player does then is idleness or a time-out.

use crate::child::{Ending, Limit, STDERR_KEPT};
use crate::cpu;
use crate::sys;
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How often the run checks its limits and Ctrl-C.
const CHECK_EVERY: Duration = Duration::from_millis(5);

/// The most of the transcript kept (an endless exchange is cut there).
pub const TRANSCRIPT_CAP: usize = 16 << 20;

/// How many idle limits the whole run may take, lines flowing or not.
pub const WHOLE_FACTOR: u32 = 10;

/// How long the jury may take to end once the player has ended (its output's end relayed).
const JURY_GRACE: Duration = Duration::from_secs(10);

/// How long the player may take to end by itself once the jury has exited with a verdict other
/// than "accepted" (then it is stopped: the verdict is given).
const VERDICT_GRACE: Duration = Duration::from_millis(500);

/// How long the relay threads are waited for once both sides are killed.
const GRACE: Duration = Duration::from_millis(200);

/// How the player's part ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerEnd {
    /// It ended by itself: its exit status or signal.
    Ended(Ending),
    /// Past its CPU limit: killed (or it finished past it).
    OverCpu,
    /// Nothing passed either way for the idle limit: killed.
    Idle,
    /// The whole run took too long in wall time, bytes still flowing: killed.
    OverWall,
    /// Still running after the jury exited with its verdict (and a short grace): killed.
    Stopped,
    Interrupted,
}

/// What an interactive run came to.
#[derive(Debug, Clone)]
pub struct Interaction {
    pub player: PlayerEnd,
    /// The jury's exit (`TimedOut` if it did not end within its grace after the player).
    pub jury: Ending,
    /// `> ` lines from the jury to the player, `< ` from the player to the jury, in order; then
    /// `# ` lines: how each side ended, the first to end its output first.
    pub transcript: Vec<u8>,
    pub jury_stderr: Vec<u8>,
    pub player_stderr: Vec<u8>,
    /// The player's CPU time (where it is measured) and the run's wall time.
    pub cpu: Option<Duration>,
    pub wall: Duration,
}

/// What the relay threads share: the transcript, and when a byte last passed.
struct Shared {
    transcript: Vec<u8>,
    cut: bool,
    last_byte: Instant,
}

impl Shared {
    /// Appends a line sent by `marker`'s side (`>` the jury, `<` the player).
    fn record(&mut self, marker: u8, line: &[u8], ended: bool) {
        if self.cut {
            return;
        }
        const CUT: &[u8] = b"# the transcript is cut here: too long\n";
        const NO_MEMORY: &[u8] = b"# the transcript is cut here: no memory for more\n";
        // Room for the line, its notes and either cut note, checked: without memory for a line,
        // the transcript is cut where the room left still holds that note.
        if self.transcript.try_reserve(line.len() + 2 * CUT.len() + 64).is_err() {
            if self.transcript.capacity() - self.transcript.len() >= NO_MEMORY.len() {
                self.transcript.extend_from_slice(NO_MEMORY);
            }
            self.cut = true;
            return;
        }
        if self.transcript.len() + line.len() + 3 > TRANSCRIPT_CAP {
            self.transcript.extend_from_slice(CUT);
            self.cut = true;
            return;
        }
        self.transcript.extend_from_slice(&[marker, b' ']);
        self.transcript.extend_from_slice(line);
        self.transcript.push(b'\n');
        if !ended {
            self.transcript.extend_from_slice(b"# (the line above has no line end)\n");
        }
    }
}

/// Starts `words` (and `extra`) as its own process group, with piped streams, without the
/// variables `env_removed`.
fn spawn(words: &[OsString], extra: Option<&Path>, env_removed: &[OsString]) -> io::Result<Child> {
    let mut command = Command::new(&words[0]);
    command.args(&words[1..]);
    env_removed.iter().for_each(|name| {
        command.env_remove(name);
    });
    if let Some(extra) = extra {
        command.arg(extra);
    }
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    sys::in_own_group(&mut command);
    command.spawn()
}

/// Kills `child`'s group and reaps it.
fn kill(child: &mut Child) {
    sys::kill_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
}

/// Runs the jury `jury` (with the input file `input` as its first argument) and the player
/// `player` (without the variables `env_removed`: the judge's environment), each one's stdout
/// relayed to the other's stdin. `limit` is the player's time limit (on CPU time where it is
/// measured), `idle` the idle limit. An error means one side could not be started (the other is
/// then killed).
pub fn run(
    jury: &[OsString],
    (player, env_removed): (&[OsString], &[OsString]),
    input: &Path,
    limit: Limit,
    idle: Duration,
) -> io::Result<Interaction> {
    let start = Instant::now();
    let reaped_before = limit.cpu.and_then(|_| cpu::reaped());
    let named = |words: &[OsString], whose: &str, e: io::Error| {
        let program = words[0].to_string_lossy().into_owned();
        io::Error::new(e.kind(), format!("cannot run {whose} `{}`: {e}", program.as_bytes().escape_ascii()))
    };
    let mut jury_child = spawn(jury, Some(input), &[]).map_err(|e| named(jury, "the jury", e))?;
    let mut player_child = match spawn(player, None, env_removed).map_err(|e| named(player, "the command", e))
    {
        Ok(child) => child,
        Err(e) => {
            kill(&mut jury_child);
            return Err(e);
        }
    };
    let shared = Arc::new(Mutex::new(Shared { transcript: Vec::new(), cut: false, last_byte: start }));
    let jury_err = Arc::new(Mutex::new(Vec::new()));
    let player_err = Arc::new(Mutex::new(Vec::new()));
    let threads = (|| -> io::Result<Vec<thread::JoinHandle<()>>> {
        Ok(vec![
            relay(player_child.stdout.take(), jury_child.stdin.take(), b'<', shared.clone())?,
            relay(jury_child.stdout.take(), player_child.stdin.take(), b'>', shared.clone())?,
            drain(jury_child.stderr.take(), jury_err.clone())?,
            drain(player_child.stderr.take(), player_err.clone())?,
        ])
    })();
    let threads = match threads {
        Ok(threads) => threads,
        Err(e) => {
            kill(&mut player_child);
            kill(&mut jury_child);
            return Err(e);
        }
    };
    let cpu_limit = limit.cpu.filter(|_| reaped_before.is_some());
    let whole = idle * WHOLE_FACTOR;
    let mut sampled = Duration::ZERO;
    let mut next_sample = start;
    // The jury's exit, once seen, and when the player's grace after a verdict ends.
    let mut jury_end = None;
    let mut jury_cpu = Duration::ZERO;
    let mut stop_at = None;
    // The player first: reaped before the jury, so that its CPU time is its own.
    let player_end = loop {
        let now = Instant::now();
        if sys::interrupted() {
            kill(&mut player_child);
            break PlayerEnd::Interrupted;
        }
        if let Ok(Some(status)) = player_child.try_wait() {
            break PlayerEnd::Ended(Ending::of(status));
        }
        if jury_end.is_none() {
            // Reaping the jury adds its CPU time to what `stress` has reaped: kept apart.
            let before = cpu_limit.and_then(|_| cpu::reaped());
            if let Ok(Some(status)) = jury_child.try_wait() {
                if let (Some(before), Some(after)) = (before, cpu_limit.and_then(|_| cpu::reaped())) {
                    jury_cpu = after.saturating_sub(before);
                }
                // What the jury left running goes with it: its output's end then reaches the
                // player. A verdict other than "accepted" decides the run: the player has a
                // moment to end by itself (its last lines recorded), then is stopped.
                let ending = Ending::of(status);
                sys::kill_group(jury_child.id());
                if ending != Ending::Exited(0) {
                    stop_at = Some(now + VERDICT_GRACE);
                }
                jury_end = Some(ending);
            }
        }
        if let Some(stop_at) = stop_at {
            if now >= stop_at {
                kill(&mut player_child);
                break PlayerEnd::Stopped;
            }
            thread::sleep(CHECK_EVERY);
            continue;
        }
        if let Some(limit) = cpu_limit {
            if now >= next_sample {
                next_sample = now + CHECK_EVERY;
                sampled = cpu::of_tree(player_child.id()).unwrap_or(sampled).max(sampled);
                if sampled > limit {
                    kill(&mut player_child);
                    break PlayerEnd::OverCpu;
                }
            }
        }
        // Idle is both sides waiting: a side that runs (or is starved of the CPU) is not; a jury
        // that has exited waits on nothing.
        let jury_runs = jury_end.is_none() && cpu::any_running(jury_child.id());
        if cpu::any_running(player_child.id()) || jury_runs {
            if let Ok(mut shared) = shared.lock() {
                shared.last_byte = now;
            }
        }
        let last_byte = shared.lock().map(|s| s.last_byte).unwrap_or(start);
        if now.duration_since(last_byte) >= idle {
            kill(&mut player_child);
            break PlayerEnd::Idle;
        }
        // Without a CPU limit (no /proc), the time limit is on wall time.
        if now.duration_since(start) >= whole
            || cpu_limit.is_none() && now.duration_since(start) >= limit.wall
        {
            kill(&mut player_child);
            break PlayerEnd::OverWall;
        }
        thread::sleep(CHECK_EVERY);
    };
    let cpu = match (reaped_before, cpu::reaped()) {
        (Some(before), Some(after)) => {
            Some(after.saturating_sub(before).saturating_sub(jury_cpu).max(sampled))
        }
        _ => None,
    };
    // Whatever the player started goes with it; then its output's end reaches the jury.
    sys::kill_group(player_child.id());
    let player_end = match player_end {
        PlayerEnd::Ended(_) if cpu.zip(cpu_limit).map_or(false, |(cpu, limit)| cpu > limit) => {
            PlayerEnd::OverCpu
        }
        other => other,
    };
    let jury_deadline = Instant::now() + JURY_GRACE;
    // (A jury reaped above had its group killed then: its number, free since, is not used again.)
    let reaped_early = jury_end.is_some();
    let jury_end = loop {
        if let Some(ending) = jury_end {
            break ending;
        }
        if let Ok(Some(status)) = jury_child.try_wait() {
            break Ending::of(status);
        }
        if sys::interrupted() || Instant::now() >= jury_deadline {
            kill(&mut jury_child);
            break if sys::interrupted() { Ending::Interrupted } else { Ending::TimedOut };
        }
        thread::sleep(CHECK_EVERY);
    };
    if !reaped_early {
        sys::kill_group(jury_child.id());
    }
    let wall = start.elapsed();
    // The relays end once both groups are gone (a stray process that left its group on purpose
    // may hold a pipe: then they are left behind after a grace).
    let until = Instant::now() + GRACE;
    for thread in threads {
        while !thread.is_finished() && Instant::now() < until {
            thread::sleep(Duration::from_millis(1));
        }
    }
    let mut transcript = shared.lock().map(|mut s| std::mem::take(&mut s.transcript)).unwrap_or_default();
    let player_note = match player_end {
        PlayerEnd::Ended(ending) => ended(ending),
        PlayerEnd::OverCpu => "past its CPU time limit (killed, or finished past it)".to_string(),
        PlayerEnd::Idle => "killed: nothing passed either way for the idle limit".to_string(),
        PlayerEnd::OverWall => "killed: past the whole run's wall limit".to_string(),
        PlayerEnd::Stopped => "killed: still running after the jury's verdict".to_string(),
        PlayerEnd::Interrupted => "killed: interrupted".to_string(),
    };
    // In this order always: which side ended first is the scheduler's, and tells nothing.
    transcript.extend_from_slice(format!("# the command: {player_note}\n").as_bytes());
    transcript.extend_from_slice(format!("# the jury: {}\n", ended(jury_end)).as_bytes());
    let taken = |buffer: &Arc<Mutex<Vec<u8>>>| buffer.lock().map(|b| b.clone()).unwrap_or_default();
    Ok(Interaction {
        player: player_end,
        jury: jury_end,
        transcript,
        jury_stderr: taken(&jury_err),
        player_stderr: taken(&player_err),
        cpu,
        wall,
    })
}

/// How a side ended, for the transcript's last lines.
fn ended(ending: Ending) -> String {
    match ending {
        Ending::Exited(code) => format!("exit status {code}"),
        Ending::Signaled(signal) => format!("killed by signal {signal}"),
        Ending::TimedOut => "killed: still running long after the command ended".to_string(),
        Ending::OutputLimit => "killed: too much output".to_string(),
        Ending::Interrupted => "killed: interrupted".to_string(),
    }
}

/// Starts the thread that relays `from` (one side's stdout) to `to` (the other's stdin), line by
/// line into the transcript under `marker`, as bytes come (a line is forwarded as soon as it is
/// read, even in pieces). At the end of `from`, `to` is closed; a `to` that is closed (its side
/// has ended) is no error: the rest is still read and recorded.
fn relay(
    from: Option<impl Read + Send + 'static>,
    to: Option<ChildStdin>,
    marker: u8,
    shared: Arc<Mutex<Shared>>,
) -> io::Result<thread::JoinHandle<()>> {
    thread::Builder::new().stack_size(256 << 10).spawn(move || {
        let mut to = to;
        let mut line = Vec::new();
        if let Some(mut from) = from {
            let mut chunk = [0u8; 8192];
            loop {
                let read = match from.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(read) => read,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                // Recorded before it is forwarded, so that an answer to it is recorded after it.
                // (Not under the lock while writing: the other relay may need it to drain the
                // side this write waits for.)
                match shared.lock() {
                    Ok(mut shared) => {
                        shared.last_byte = Instant::now();
                        for &byte in &chunk[..read] {
                            if byte == b'\n' {
                                let text = std::mem::take(&mut line);
                                shared.record(marker, strip_cr(&text), true);
                            } else if line.len() < TRANSCRIPT_CAP && line.try_reserve(1).is_ok() {
                                // (A line that cannot get the memory is recorded cut short.)
                                line.push(byte);
                            }
                        }
                    }
                    Err(_) => break,
                }
                if let Some(pipe) = to.as_mut() {
                    if pipe.write_all(&chunk[..read]).and_then(|()| pipe.flush()).is_err() {
                        to = None;
                    }
                }
            }
        }
        if let Ok(mut shared) = shared.lock() {
            if !line.is_empty() {
                shared.record(marker, &line, false);
            }
        }
        drop(to);
    })
}

/// A line without the `\r` of a CRLF end.
fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Starts the thread that reads a stderr to its end, keeping the first [`STDERR_KEPT`] bytes.
fn drain(
    from: Option<impl Read + Send + 'static>,
    kept: Arc<Mutex<Vec<u8>>>,
) -> io::Result<thread::JoinHandle<()>> {
    thread::Builder::new().stack_size(256 << 10).spawn(move || {
        if let Some(mut from) = from {
            let mut chunk = [0u8; 4096];
            loop {
                match from.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(read) => {
                        if let Ok(mut kept) = kept.lock() {
                            let room = STDERR_KEPT.saturating_sub(kept.len());
                            kept.extend_from_slice(&chunk[..read.min(room)]);
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
            }
        }
    })
}
