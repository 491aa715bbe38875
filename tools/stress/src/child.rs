//! Running the command under test on one input: started directly (no shell), its stdin written
//! from a scoped thread that borrows the input (at once if it is short; never copied, and the
//! thread ends with the run: [`sys::feed`]), its stdout read (up to a cap) in another and its
//! stderr (the first few KiB kept, the rest drained) in a third; killed past the time limit or the
//! cap. The output's buffer grows checked: memory that cannot be had ends the run with an error
//! of kind `OutOfMemory`, never an abort; the caller takes the output ([`Runner::take_stdout`]),
//! never copies it.
//!
//! Each run is the leader of its own process group ([`sys::in_own_group`]): when it ends (exited,
//! timed out, stopped by Ctrl-C), the whole group is killed, so nothing the command started
//! outlives its run (short of a process that leaves the group on purpose, with `setsid`).
//!
//! The main thread waits on a channel for the end of stdout, which wakes it at once (most programs
//! close it as they exit), checking every few milliseconds whether the command exited (a process
//! it left behind may still hold stdout), went past its limit or Ctrl-C arrived; then it polls
//! `try_wait` briefly for the exit itself.
//!
//! A run's [`Limit`]: a solution's is on CPU time where [`cpu`] measures it (read every few
//! milliseconds while it runs, and exactly once it is reaped), with a wall limit [`WALL_FACTOR`]
//! times larger for a run that waits or is starved of the CPU; elsewhere on wall time. A helper
//! (a reference, a generator) has a wall limit only.

use crate::cpu;
use crate::sys;
use graph_games::input::out_of_memory;
use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// How much of the command's stderr is kept (the rest is read and dropped).
pub const STDERR_KEPT: usize = 4096;

/// An input this short is written at once, without a thread: an empty pipe holds it whole, so the
/// write cannot block (a Linux pipe holds at least a page, 16 unless the user has many pipes;
/// elsewhere POSIX's least `PIPE_BUF`).
const PIPE_ROOM: usize = if cfg!(target_os = "linux") { 4096 } else { 512 };

/// The stack of the threads that feed and read the command: they hold an 8 KiB buffer and call
/// little; a thread's default (2 MiB) costs more to set up, on every run.
const THREAD_STACK: usize = 256 << 10;

/// How long the output's end is waited for once the command has been killed or has exited.
const GRACE: Duration = Duration::from_millis(200);

/// How often a run waiting for its output checks for an exit or Ctrl-C.
const CHECK_EVERY: Duration = Duration::from_millis(5);

/// How many times its CPU limit a solution's run may take in wall time.
pub const WALL_FACTOR: u32 = 3;

/// How long a run may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// On CPU time, where it is measured.
    pub cpu: Option<Duration>,
    pub wall: Duration,
}

impl Limit {
    /// A solution's time limit `limit`: on CPU time, with a wall limit [`WALL_FACTOR`] times
    /// larger, where /proc tells CPU time; else on wall time.
    pub fn of_solution(limit: Duration) -> Limit {
        match cpu::reaped() {
            Some(_) => Limit { cpu: Some(limit), wall: limit * WALL_FACTOR },
            None => Limit::wall(limit),
        }
    }

    /// A limit on wall time only.
    pub fn wall(limit: Duration) -> Limit {
        Limit { cpu: None, wall: limit }
    }

    /// The limit asked for: on CPU time where it is measured, else on wall time.
    pub fn asked(&self) -> Duration {
        self.cpu.unwrap_or(self.wall)
    }
}

/// How a run of the command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status (0 is success).
    Exited(i32),
    /// A signal killed it (Unix).
    Signaled(i32),
    /// Still running past its CPU limit or its wall limit: killed.
    TimedOut,
    /// It wrote more than the cap to stdout: killed.
    OutputLimit,
    /// Ctrl-C (or SIGTERM, SIGHUP) reached `stress` during the run: killed.
    Interrupted,
}

impl Ending {
    /// How a process that ended by itself ended: its exit status, or the signal that killed it.
    pub fn of(status: ExitStatus) -> Ending {
        if let Some(code) = status.code() {
            return Ending::Exited(code);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if let Some(signal) = status.signal() {
                return Ending::Signaled(signal);
            }
        }
        Ending::Exited(-1)
    }
}

/// The usual name of a signal, where it is known.
pub fn signal_name(signal: i32) -> Option<&'static str> {
    // The numbers every Unix shares (POSIX's XSI list), then Linux's own.
    let name = match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        7 if cfg!(target_os = "linux") => "SIGBUS",
        24 if cfg!(target_os = "linux") => "SIGXCPU",
        25 if cfg!(target_os = "linux") => "SIGXFSZ",
        _ => return None,
    };
    Some(name)
}

/// Which of the command's outputs a reader thread reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stream {
    Out,
    Err,
}

/// What a reader thread sends back when it is done: its stream, the bytes kept, whether it
/// stopped at the cap (stdout only), and the bytes it could not get the memory for, if it stopped
/// for want of memory (stdout only: stderr then keeps less).
type Done = (Stream, Vec<u8>, bool, Option<usize>);

/// The command under test, and the buffers its runs reuse.
pub struct Runner {
    program: OsString,
    args: Vec<OsString>,
    limit: Limit,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    time: Duration,
    cpu: Option<Duration>,
    /// Variables removed from its environment (the judge's environment for the command).
    env_removed: Vec<OsString>,
    /// The memory the last run's stdout could not get, if it could not.
    short_of_memory: Option<usize>,
}

impl Runner {
    /// The same runner, its program run without the variables `names`.
    pub fn without_env(self, names: &[OsString]) -> Runner {
        Runner { env_removed: names.to_vec(), ..self }
    }

    pub fn new(program: &OsStr, args: &[OsString], limit: Limit) -> Runner {
        Runner {
            program: program.to_os_string(),
            args: args.to_vec(),
            limit,
            stdout: Vec::new(),
            stderr: Vec::new(),
            time: Duration::ZERO,
            cpu: None,
            env_removed: Vec::new(),
            short_of_memory: None,
        }
    }

    /// The command's program.
    pub fn program(&self) -> &OsStr {
        &self.program
    }

    /// What the last run wrote to stdout (at most the cap, and one more byte past it).
    pub fn stdout(&self) -> &[u8] {
        &self.stdout
    }

    /// What the last run wrote to stdout, taken (the runner's buffer is made anew by its next run):
    /// a large output is moved, never copied.
    pub fn take_stdout(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.stdout)
    }

    /// The first [`STDERR_KEPT`] bytes the last run wrote to stderr.
    pub fn stderr(&self) -> &[u8] {
        &self.stderr
    }

    /// How long the last run took in wall time, from its start to its exit (or to its kill).
    pub fn time(&self) -> Duration {
        self.time
    }

    /// The CPU time of the last run (its own, and that of every process it started and waited
    /// for), if its limit is on CPU time.
    pub fn cpu(&self) -> Option<Duration> {
        self.cpu
    }

    pub fn limit(&self) -> Limit {
        self.limit
    }

    /// Runs the command on `input`, allowing it `cap` bytes of stdout. An error means it could
    /// not be started (or a thread could not be), or its stdout could not get the memory it
    /// needed (an error of kind `OutOfMemory` that says how much).
    pub fn run(&mut self, input: &[u8], cap: usize) -> io::Result<Ending> {
        let start = Instant::now();
        let reaped_before = self.limit.cpu.and_then(|_| cpu::reaped());
        let mut command = Command::new(&self.program);
        command.args(&self.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        self.env_removed.iter().for_each(|name| {
            command.env_remove(name);
        });
        sys::in_own_group(&mut command);
        let mut child = command.spawn()?;
        self.short_of_memory = None;
        // The input is fed from a thread of this scope, which borrows it (never copied) and ends
        // once `fed` is set, whatever the pipe's reader does: the scope's end never waits long.
        let fed = AtomicBool::new(false);
        let ending = thread::scope(|scope| {
            let ending = self.run_fed(&mut child, input, cap, (scope, &fed), (start, reaped_before));
            fed.store(true, Ordering::SeqCst);
            ending
        })?;
        if let Some(bytes) = self.short_of_memory {
            return Err(io::Error::new(
                io::ErrorKind::OutOfMemory,
                out_of_memory(bytes as u128, "its output").message().to_string(),
            ));
        }
        Ok(ending)
    }

    /// [`Runner::run`] once the command is started: its input fed from a thread of `scope`
    /// (which stops when `fed` is set), its outputs read, its end waited for.
    fn run_fed<'scope>(
        &mut self,
        child: &mut Child,
        input: &'scope [u8],
        cap: usize,
        (scope, fed): (&'scope thread::Scope<'scope, '_>, &'scope AtomicBool),
        (start, reaped_before): (Instant, Option<Duration>),
    ) -> io::Result<Ending> {
        let done = match self.start_threads(child, input, cap, scope, fed) {
            Ok(done) => done,
            Err(e) => {
                kill(child);
                return Err(e);
            }
        };
        let mut watch = Watch {
            deadline: start + self.limit.wall,
            cpu_limit: self.limit.cpu.filter(|_| reaped_before.is_some()),
            next_sample: start + CHECK_EVERY,
            sampled: Duration::ZERO,
        };
        let ending = self.wait(child, &done, &mut watch);
        self.time = start.elapsed();
        // Reaped by now: its time and that of all it waited for are `stress`'s children's.
        self.cpu = match (reaped_before, cpu::reaped()) {
            (Some(before), Some(after)) => Some(after.saturating_sub(before).max(watch.sampled)),
            _ => None,
        };
        // Whatever the command started goes with it (its leader is reaped by now).
        sys::kill_group(child.id());
        // The rest of the output: at once after an exit, within a grace after a kill; a reader
        // still blocked after that (a stray process holds the pipe) is left behind.
        // (Once both have reported, the channel is closed and this ends at once.)
        let until = Instant::now() + GRACE;
        while let Some((stream, bytes, _, _)) = receive_until(&done, until) {
            self.keep(stream, bytes);
        }
        Ok(ending)
    }

    /// Starts the threads that feed stdin (in `scope`, until `fed` is set) and read stdout and
    /// stderr; returns where the readers report.
    fn start_threads<'scope>(
        &mut self,
        child: &mut Child,
        input: &'scope [u8],
        cap: usize,
        scope: &'scope thread::Scope<'scope, '_>,
        fed: &'scope AtomicBool,
    ) -> io::Result<Receiver<Done>> {
        let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        // A command that exits without reading all of it is fine: the failed write is ignored.
        if input.len() <= PIPE_ROOM {
            // It fits in the empty pipe at once: no thread needed (and the pipe closes here).
            if let Some(mut stdin) = stdin {
                let _ = stdin.write_all(input);
            }
        } else if let Some(stdin) = stdin {
            thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, move || sys::feed(stdin, input, fed))?;
        }
        let (sender, done) = mpsc::channel();
        let mut out = std::mem::take(&mut self.stdout);
        let mut err = std::mem::take(&mut self.stderr);
        out.clear();
        err.clear();
        spawn_reader(stdout, Stream::Out, out, cap, sender.clone())?;
        spawn_reader(stderr, Stream::Err, err, STDERR_KEPT, sender)?;
        Ok(done)
    }

    /// Waits for the command to end, by itself or killed; keeps what the readers sent so far.
    fn wait(&mut self, child: &mut Child, done: &Receiver<Done>, watch: &mut Watch) -> Ending {
        let deadline = watch.deadline;
        // First the end of stdout (or its cap): the channel wakes this thread at once.
        let mut stdout_ended = false;
        while !stdout_ended {
            let now = Instant::now();
            if let Some(ending) = watch.must_stop(child, now) {
                return ending;
            }
            match receive_until(done, (now + CHECK_EVERY).min(deadline)) {
                Some((Stream::Out, bytes, over, short)) => {
                    self.stdout = bytes;
                    if over || short.is_some() {
                        self.short_of_memory = short;
                        kill(child);
                        return Ending::OutputLimit;
                    }
                    stdout_ended = true;
                }
                Some((stream, bytes, _, _)) => self.keep(stream, bytes),
                // It exited, but something it started still holds stdout: that is killed next.
                None => {
                    if let Ok(Some(status)) = child.try_wait() {
                        return Ending::of(status);
                    }
                }
            }
        }
        // Then the exit, which follows closely.
        let mut nap = Duration::from_micros(10);
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return Ending::of(status),
                Ok(None) => {}
                Err(_) => return Ending::of(child.wait().expect("waiting for the command")),
            }
            let now = Instant::now();
            if let Some(ending) = watch.must_stop(child, now) {
                return ending;
            }
            thread::sleep(nap.min(deadline - now));
            nap = (nap * 2).min(Duration::from_millis(1));
        }
    }

    fn keep(&mut self, stream: Stream, bytes: Vec<u8>) {
        match stream {
            Stream::Out => self.stdout = bytes,
            Stream::Err => self.stderr = bytes,
        }
    }
}

/// The next report of a reader, if one comes before `until`.
fn receive_until(done: &Receiver<Done>, until: Instant) -> Option<Done> {
    match done.recv_timeout(until.saturating_duration_since(Instant::now())) {
        Ok(message) => Some(message),
        Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
    }
}

/// Kills the command (if it has not exited already) and its group, and reaps it.
fn kill(child: &mut Child) {
    sys::kill_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
}

/// Starts a thread that reads `from` to its end into `buffer`, keeping at most `cap` bytes: for
/// stdout it stops at the first byte past the cap (kept, so the buffer says so); for stderr it
/// reads on and drops the rest. The buffer grows checked: stdout stops where its memory cannot be
/// had (and says how much it wanted), stderr keeps what it has. It sends the buffer back when done.
fn spawn_reader<R: Read + Send + 'static>(
    from: Option<R>,
    stream: Stream,
    mut buffer: Vec<u8>,
    cap: usize,
    sender: Sender<Done>,
) -> io::Result<()> {
    thread::Builder::new().stack_size(THREAD_STACK).spawn(move || {
        let (mut over, mut short) = (false, None);
        // The pipe stays open until the report is sent: closed at the cap first, it could end the
        // command (SIGPIPE) before the waiting thread hears that the cap was reached.
        let mut from = from;
        if let Some(from) = from.as_mut() {
            let mut chunk = [0u8; 8192];
            loop {
                let read = match from.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(read) => read,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                let kept = read.min((cap + 1).saturating_sub(buffer.len()));
                if buffer.try_reserve(kept).is_err() {
                    if stream == Stream::Out {
                        short = Some(buffer.len().saturating_add(kept));
                        break;
                    }
                    continue;
                }
                buffer.extend_from_slice(&chunk[..kept]);
                if stream == Stream::Out && buffer.len() > cap {
                    over = true;
                    break;
                }
            }
        }
        if stream == Stream::Err {
            buffer.truncate(cap);
        }
        let _ = sender.send((stream, buffer, over, short));
        drop(from);
    })?;
    Ok(())
}

/// What a run is watched for while it goes on: its wall limit's deadline, and its CPU time
/// (sampled every [`CHECK_EVERY`] at most) against its CPU limit.
struct Watch {
    deadline: Instant,
    cpu_limit: Option<Duration>,
    next_sample: Instant,
    /// The last CPU time read.
    sampled: Duration,
}

impl Watch {
    /// Why waiting for `child` stops now, if it does: past its wall limit or its CPU limit, or
    /// Ctrl-C came. It is then killed, with its whole group.
    fn must_stop(&mut self, child: &mut Child, now: Instant) -> Option<Ending> {
        let over_cpu = match self.cpu_limit {
            Some(limit) if now >= self.next_sample => {
                self.next_sample = now + CHECK_EVERY;
                self.sampled = cpu::of_tree(child.id()).unwrap_or(self.sampled).max(self.sampled);
                self.sampled > limit
            }
            _ => false,
        };
        let ending = if now >= self.deadline || over_cpu {
            Ending::TimedOut
        } else if sys::interrupted() {
            Ending::Interrupted
        } else {
            return None;
        };
        kill(child);
        Some(ending)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limit_ms: u64) -> Runner {
        Runner::new(
            OsStr::new("sh"),
            &["-c".into(), script.into()],
            Limit::wall(Duration::from_millis(limit_ms)),
        )
    }

    #[cfg(unix)]
    #[test]
    fn every_ending() {
        let mut cat = Runner::new(OsStr::new("cat"), &[], Limit::wall(Duration::from_secs(10)));
        assert_eq!(cat.run(b"1 2\n3", 100).unwrap(), Ending::Exited(0));
        assert_eq!(cat.stdout(), b"1 2\n3");
        assert_eq!(cat.run(&[b'x'; 101], 100).unwrap(), Ending::OutputLimit);
        assert_eq!(cat.stdout().len(), 101);
        // A big input, read whole: the buffers are reused.
        let big = vec![b'7'; 3 << 20];
        assert_eq!(cat.run(&big, 4 << 20).unwrap(), Ending::Exited(0));
        assert_eq!(cat.stdout(), &big[..]);

        let mut fail = sh("echo partial; echo oops >&2; exit 3", 10_000);
        assert_eq!(fail.run(b"", 100).unwrap(), Ending::Exited(3));
        assert_eq!((fail.stdout(), fail.stderr()), (&b"partial\n"[..], &b"oops\n"[..]));
        assert_eq!(sh("kill -SEGV $$", 10_000).run(b"", 100).unwrap(), Ending::Signaled(11));

        let mut slow = sh("echo started; exec sleep 5", 200);
        let start = Instant::now();
        assert_eq!(slow.run(b"", 100).unwrap(), Ending::TimedOut);
        assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
        assert_eq!(slow.stdout(), b"started\n");
        assert!(slow.time() >= Duration::from_millis(200));
    }

    #[cfg(unix)]
    #[test]
    fn a_command_that_does_not_read_or_floods_stderr() {
        // Exits at once without reading a big input: the failed write is no error.
        assert_eq!(sh("echo done", 10_000).run(&vec![b'1'; 1 << 20], 100).unwrap(), Ending::Exited(0));
        let mut noisy = sh("head -c 1000000 /dev/zero >&2; echo ok", 10_000);
        assert_eq!(noisy.run(b"", 100).unwrap(), Ending::Exited(0));
        assert_eq!((noisy.stdout(), noisy.stderr().len()), (&b"ok\n"[..], STDERR_KEPT));
        // Endless output, stopped at the cap.
        let mut endless = sh("yes", 10_000);
        assert_eq!(endless.run(b"", 1 << 20).unwrap(), Ending::OutputLimit);
        assert_eq!(endless.stdout().len(), (1 << 20) + 1);
    }

    /// On CPU time: a busy loop is killed once past its CPU limit, with that time told; a sleep
    /// at the wall limit.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_cpu_limit_and_its_wall_limit() {
        let limit = Limit::of_solution(Duration::from_millis(100));
        assert_eq!(limit, Limit { cpu: Some(Duration::from_millis(100)), wall: Duration::from_millis(300) });
        let args = |script: &str| vec![OsString::from("-c"), OsString::from(script)];
        // With the wall limit far off (a loaded machine may give the loop a third of a core), the
        // CPU limit is what stops it.
        let cpu_limit = Limit { wall: Duration::from_secs(60), ..limit };
        let mut busy = Runner::new(OsStr::new("sh"), &args("while :; do :; done"), cpu_limit);
        assert_eq!(busy.run(b"", 100).unwrap(), Ending::TimedOut);
        assert!(busy.cpu().unwrap() > Duration::from_millis(100), "{:?}", busy.cpu());
        let mut sleeping = Runner::new(OsStr::new("sh"), &args("exec sleep 5"), limit);
        assert_eq!(sleeping.run(b"", 100).unwrap(), Ending::TimedOut);
        // (Its CPU time is not asserted: other tests of this process reap their children
        // meanwhile, which `cpu::reaped` counts too.)
        assert!(sleeping.time() >= Duration::from_millis(300), "{:?}", sleeping.time());
        let mut quick = Runner::new(OsStr::new("sh"), &args("echo hi"), limit);
        assert_eq!(quick.run(b"", 100).unwrap(), Ending::Exited(0));
        assert!(quick.cpu().is_some() && quick.stdout() == b"hi\n");
    }

    #[test]
    fn a_command_that_cannot_start() {
        let mut none =
            Runner::new(OsStr::new("/nonexistent/program"), &[], Limit::wall(Duration::from_secs(1)));
        assert_eq!(none.run(b"", 10).unwrap_err().kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn signal_names() {
        assert_eq!(signal_name(11), Some("SIGSEGV"));
        assert_eq!(signal_name(6), Some("SIGABRT"));
        assert_eq!(signal_name(99), None);
    }
}
