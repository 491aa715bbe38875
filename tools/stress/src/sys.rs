//! The few operating-system calls `stress` needs that std (as of rustc 1.63, the crate's
//! `rust-version`) does not offer: a process group per run, killing a whole group, catching
//! Ctrl-C, telling a terminal, and stdout as a file whose errors are reported.
//!
//! They are declared here from the C library, which std links on every Unix: no dependency, and
//! never in a bundle (`stress` is not bundled). Elsewhere they do nothing: no groups, no progress
//! line, Ctrl-C ends `stress` at once.

use graph_games::input::Error;
use std::fs::File;
use std::io;
use std::mem::ManuallyDrop;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the signal handler: Ctrl-C (SIGINT), SIGTERM or SIGHUP arrived.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
mod c {
    extern "C" {
        #[cfg(not(has_process_group))]
        pub fn setpgid(pid: i32, pgid: i32) -> i32;
        pub fn kill(pid: i32, signal: i32) -> i32;
        pub fn signal(signal: i32, handler: usize) -> usize;
        pub fn isatty(fd: i32) -> i32;
        pub fn fcntl(fd: i32, command: i32, ...) -> i32;
        pub fn poll(fds: *mut PollFd, count: PollCount, timeout_ms: i32) -> i32;
    }
    /// `struct pollfd`.
    #[repr(C)]
    pub struct PollFd {
        pub fd: i32,
        pub events: i16,
        pub revents: i16,
    }
    /// `nfds_t`: an `unsigned long` on Linux, an `unsigned int` on the BSDs and macOS.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub type PollCount = std::os::raw::c_ulong;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub type PollCount = std::os::raw::c_uint;
    /// `fcntl`'s commands and `poll`'s event, the same on Linux, the BSDs and macOS.
    pub const F_GETFL: i32 = 3;
    pub const F_SETFL: i32 = 4;
    pub const POLLOUT: i16 = 4;
    /// The signal numbers every Unix shares (POSIX's XSI list).
    pub const SIGHUP: i32 = 1;
    pub const SIGINT: i32 = 2;
    pub const SIGKILL: i32 = 9;
    pub const SIGTERM: i32 = 15;
}

/// One heap for every thread. glibc gives a thread that allocates an arena of its own, each 64 MiB
/// of address space reserved (up to 8 a core): `stress`'s reader threads, which hold the outputs,
/// would take more address space in arenas than in outputs, and under `ulimit -v` a large input
/// would find no room that its own size did not take. Elsewhere (another C library) nothing.
pub fn one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        /// glibc's `M_ARENA_MAX`.
        const M_ARENA_MAX: i32 = -8;
        // SAFETY: `mallopt` sets one of the allocator's parameters; called before any thread.
        unsafe {
            mallopt(M_ARENA_MAX, 1);
        }
    }
}

/// Makes the command's process the leader of a new process group, before it runs its program: so
/// that Ctrl-C at the terminal reaches only `stress` (which then ends the run), and
/// [`kill_group`] reaches whatever the command started. With a std that has `process_group`
/// (1.64, told by `build.rs`), std does it while it spawns.
#[cfg(all(unix, has_process_group))]
#[allow(clippy::incompatible_msrv)] // compiled only where std has it
pub fn in_own_group(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
}

/// [`in_own_group`] on rustc 1.63: the child sets its group before its program starts, which
/// makes std spawn it with `fork` instead of `posix_spawn`.
#[cfg(all(unix, not(has_process_group)))]
pub fn in_own_group(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec and calls only `setpgid`, which is
    // async-signal-safe and touches no memory of ours.
    unsafe {
        command.pre_exec(|| if c::setpgid(0, 0) == 0 { Ok(()) } else { Err(io::Error::last_os_error()) });
    }
}

#[cfg(not(unix))]
pub fn in_own_group(_: &mut Command) {}

/// Kills every process of the group led by `leader` (see [`in_own_group`]); those already gone
/// are no error. Called once its leader has exited and been reaped: the group's number stays
/// taken while any member lives (the kernel reuses no number still in use as a group's), so
/// this reaches only what the run left behind.
#[cfg(unix)]
pub fn kill_group(leader: u32) {
    // SAFETY: `kill` only sends a signal; a negative pid names the process group.
    unsafe {
        c::kill(-(leader as i32), c::SIGKILL);
    }
}

#[cfg(not(unix))]
pub fn kill_group(_: u32) {}

#[cfg(unix)]
extern "C" fn on_interrupt(_: i32) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// From now on Ctrl-C (and SIGTERM, SIGHUP) only sets a flag, which the runs poll
/// ([`interrupted`]): `stress` then kills the run's group, reports what it has and exits.
#[cfg(unix)]
pub fn catch_interrupts() {
    for signal in [c::SIGINT, c::SIGTERM, c::SIGHUP] {
        // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
        unsafe {
            c::signal(signal, on_interrupt as extern "C" fn(i32) as usize);
        }
    }
}

#[cfg(not(unix))]
pub fn catch_interrupts() {}

/// Whether Ctrl-C (or SIGTERM, SIGHUP) arrived since [`catch_interrupts`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Whether stderr is a terminal (then the progress line is shown).
#[cfg(unix)]
pub fn stderr_is_terminal() -> bool {
    // SAFETY: `isatty` only asks the kernel about a descriptor; it touches no memory of ours.
    unsafe { c::isatty(2) == 1 }
}

#[cfg(not(unix))]
pub fn stderr_is_terminal() -> bool {
    false
}

/// Descriptor 1 as a file, never closed by us. Unlike `std::io::stdout`, which takes a closed
/// descriptor 1 for a sink that accepts everything, its writes report every error (a closed
/// stdout, a full disk); `metadata` fails at once when descriptor 1 is closed.
#[cfg(unix)]
pub fn stdout_file() -> ManuallyDrop<File> {
    use std::os::unix::io::FromRawFd;
    // SAFETY: the file is never dropped (ManuallyDrop), so descriptor 1 is never closed through
    // it; if descriptor 1 is not open, its operations fail with EBADF, nothing worse.
    ManuallyDrop::new(unsafe { File::from_raw_fd(1) })
}

/// The error of a failed write to stdout.
pub fn cannot_write(e: &io::Error) -> Error {
    Error::new(format!("cannot write the output: {e}"))
}

/// Writes `bytes` to stdout, every error reported but a closed pipe (the reader's choice).
pub fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    #[cfg(unix)]
    let written = (&*stdout_file()).write_all(bytes);
    #[cfg(not(unix))]
    let written = io::stdout().lock().write_all(bytes).and_then(|()| io::stdout().lock().flush());
    match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// A directory of `stress`'s own under the system's temporary directory: made fresh (a name
/// taken by anything, a planted link included, is passed over, never followed), writable by
/// `stress` alone (mode 0700), so that nothing another user does can redirect a file written
/// there. Removed with what it holds when dropped: at the end of the run, Ctrl-C included (the
/// run ends by its flag, not by the signal).
pub struct PrivateDir {
    path: std::path::PathBuf,
}

impl PrivateDir {
    /// A new private directory `stress-PID-N` under the temporary directory.
    pub fn new() -> io::Result<PrivateDir> {
        PrivateDir::new_in(&std::env::temp_dir())
    }

    /// A new private directory `stress-PID-N` under `base`, `N` the first number free.
    fn new_in(base: &std::path::Path) -> io::Result<PrivateDir> {
        let mut builder = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        let mut last = None;
        for n in 0..100 {
            let path = base.join(format!("stress-{}-{n}", std::process::id()));
            // `mkdir` makes a new directory or fails: it follows no link of that name.
            match builder.create(&path) {
                Ok(()) => return Ok(PrivateDir { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::new(io::ErrorKind::AlreadyExists, "every name taken")))
    }

    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// How long the thread that feeds a command's stdin waits at most for room in the pipe before it
/// checks whether it must stop.
#[cfg(unix)]
const FEED_NAP_MS: i32 = 10;

/// Writes `bytes` to `to`, a command's stdin, until all are written, the reader has gone (a
/// failed write is no error: a command may exit without reading its input), or `stop` is set.
/// The pipe is made non-blocking and waited on with `poll` a few milliseconds at a time, so that
/// a reader that never reads (a process that left the run's group holding the pipe) keeps this
/// thread no longer than that past `stop`: the run's end can wait for it.
#[cfg(unix)]
pub fn feed(mut to: std::process::ChildStdin, bytes: &[u8], stop: &AtomicBool) {
    use std::io::Write;
    use std::os::unix::io::AsRawFd;
    let fd = to.as_raw_fd();
    // SAFETY: `fcntl` reads and sets the flags of a descriptor `to` owns; no memory is touched.
    let nonblocking = unsafe {
        let flags = c::fcntl(fd, c::F_GETFL);
        flags >= 0 && c::fcntl(fd, c::F_SETFL, flags | O_NONBLOCK) == 0
    };
    if !nonblocking {
        return; // not seen on a pipe std made; the command gets an empty input rather than a hang
    }
    let mut at = 0;
    while at < bytes.len() && !stop.load(Ordering::SeqCst) {
        match to.write(&bytes[at..bytes.len().min(at + (1 << 16))]) {
            Ok(0) => return,
            Ok(written) => at += written,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                let mut ready = c::PollFd { fd, events: c::POLLOUT, revents: 0 };
                // SAFETY: `poll` writes only `ready.revents`, of the one entry it is given.
                unsafe {
                    c::poll(&mut ready, 1, FEED_NAP_MS);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// [`feed`] elsewhere: a blocking write.
#[cfg(not(unix))]
pub fn feed(mut to: std::process::ChildStdin, bytes: &[u8], _: &AtomicBool) {
    use std::io::Write;
    let _ = to.write_all(bytes);
}

/// The most bytes of an input read from `--shrink FILE` (as much as a generator may write).
pub const INPUT_CAP: u64 = 1 << 28;

/// `open`'s flag that makes it return at once: opening a FIFO with no process at its other end
/// blocks without it (for reading until a writer comes, for writing until a reader does), and
/// a signal does not end that wait (the handler returns and the call is restarted).
#[cfg(unix)]
const O_NONBLOCK: i32 = if cfg!(any(target_os = "linux", target_os = "android")) {
    if cfg!(any(target_arch = "mips", target_arch = "mips64")) {
        0x80
    } else if cfg!(any(target_arch = "sparc", target_arch = "sparc64")) {
        0x4000
    } else {
        0o4000
    }
} else {
    0x4 // the BSDs and macOS
};

/// What a file that is not a regular file is, in a word or two.
fn kind_of(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (a named pipe)";
        } else if kind.is_char_device() {
            return "a character device";
        } else if kind.is_block_device() {
            return "a block device";
        } else if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// Opens the regular file `path`, to read it or (`write`) to write it whole, created if need be:
/// never blocking, whatever `path` names (a FIFO without a writer, or without a reader, would
/// hold `stress` in `open`, Ctrl-C or not), and anything but a regular file (a link to one
/// followed) is refused with an error that says what it is.
pub fn open_regular(path: &std::path::Path, write: bool) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    if write {
        options.write(true).create(true);
    } else {
        options.read(true);
    }
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, O_NONBLOCK);
    // A FIFO opened to be written with no reader fails at once (ENXIO), and is told as what it
    // is; one opened to be read opens at once, and is refused below before a byte is read.
    let file = options.open(path).map_err(|e| match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => not_regular(kind_of(meta.file_type())),
        _ => e,
    })?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(not_regular(kind_of(kind)));
    }
    if write {
        // Emptied only once it is known to be a regular file.
        file.set_len(0)?;
    }
    // (O_NONBLOCK changes nothing on a regular file's reads and writes.)
    Ok(file)
}

/// The error for a path that is `what`, not a regular file.
fn not_regular(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::Other,
        format!("{what}, not a regular file (stress reads and writes regular files only)"),
    )
}

/// Writes `bytes` as the whole of the regular file `path` ([`open_regular`]: never blocking).
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    open_regular(path, true)?.write_all(bytes)
}

/// The whole of the regular file `path` ([`open_regular`]: never blocking), if it holds at most
/// `cap` bytes: past them, an error that says so. Its memory is reserved checked, from the
/// file's size: memory that cannot be had is an error naming it, never an abort.
pub fn read_capped(path: &std::path::Path, cap: u64) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let too_long =
        || io::Error::new(io::ErrorKind::Other, format!("longer than {} MiB, the most read", cap >> 20));
    let mut file = open_regular(path, false)?;
    let size = file.metadata()?.len();
    if size > cap {
        return Err(too_long());
    }
    let mut bytes: Vec<u8> = Vec::new();
    // One byte more than its size, to see its end without growing (it may grow meanwhile).
    reserve(&mut bytes, size as usize + 1, "the file")?;
    loop {
        if bytes.len() == bytes.capacity() {
            let more = bytes.len().max(1 << 16);
            reserve(&mut bytes, more, "the file")?;
        }
        let start = bytes.len();
        bytes.resize(bytes.capacity(), 0);
        match file.read(&mut bytes[start..]) {
            Ok(0) => {
                bytes.truncate(start);
                return Ok(bytes);
            }
            Ok(read) => bytes.truncate(start + read),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => bytes.truncate(start),
            Err(e) => return Err(e),
        }
        if bytes.len() as u64 > cap {
            return Err(too_long());
        }
    }
}

/// Makes room in `bytes` for `more` bytes (at least), checked: memory that cannot be had is an
/// error (of kind `OutOfMemory`) naming `what` and how many bytes, never an abort.
pub fn reserve(bytes: &mut Vec<u8>, more: usize, what: &str) -> io::Result<()> {
    if bytes.capacity() - bytes.len() >= more {
        return Ok(());
    }
    bytes.try_reserve_exact(more).map_err(|_| {
        let bytes = bytes.len() as u128 + more as u128;
        io::Error::new(io::ErrorKind::Other, graph_games::input::out_of_memory(bytes, what).to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_private_directory_follows_no_planted_link_and_goes_when_dropped() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let base = std::env::temp_dir().join(format!("stress-sys-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir(&base).unwrap();
        // Links at the first names it would take: to a directory of someone else's, and to a file.
        let (victim, victim_file) = (base.join("victim"), base.join("victim-file"));
        std::fs::create_dir(&victim).unwrap();
        std::fs::write(&victim_file, "kept").unwrap();
        let pid = std::process::id();
        symlink(&victim, base.join(format!("stress-{pid}-0"))).unwrap();
        symlink(&victim_file, base.join(format!("stress-{pid}-1"))).unwrap();
        let dir = PrivateDir::new_in(&base).unwrap();
        assert_eq!(dir.path(), base.join(format!("stress-{pid}-2")));
        let meta = std::fs::symlink_metadata(dir.path()).unwrap();
        assert!(meta.is_dir() && meta.permissions().mode() & 0o777 == 0o700, "{meta:?}");
        std::fs::write(dir.path().join("input"), "secret").unwrap();
        let path = dir.path().to_path_buf();
        drop(dir);
        assert!(!path.exists());
        assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 0);
        assert_eq!(std::fs::read_to_string(&victim_file).unwrap(), "kept");
        std::fs::remove_dir_all(&base).unwrap();
    }
}
