//! What every judge binary shares: flags, `--help`, and the exit-status contract.
//!
//! A binary calls [`run`] with its usage text, the flags it knows, and a body that reads the
//! input and writes the answer. The body must finish reading and checking the whole input before
//! it writes anything, so that bad input leaves stdout empty. Both kinds of failure leave the body
//! with `?`: an input [`Error`] and a failed write (an [`io::Error`]) each become a [`Failure`].
//! Then:
//! - `--help` prints the usage on stdout and exits 0;
//! - an unknown flag, a stray argument, or an input [`Error`] prints one line `error: ...` on
//!   stderr and exits 2 (arguments are read as raw bytes, so any argument is fine, and shown
//!   escaped like input bytes, so an argument holding a newline still makes one line);
//! - a reader that went away (a closed pipe, as with `| head`) is not an error: exit 0, silently;
//!   any other failed write (the usage as well as the answer; a full disk, `> /dev/full`) is one
//!   line `error: cannot write the output: ...`, exit 2, and so is a stdout closed from the start
//!   (`>&-`), found before the input is read (on Linux, in the binaries; see [`run`]'s source);
//! - otherwise the output is flushed and the exit status is 0.

use crate::input::{shown, Error, Scanner};
use crate::memory::check_memory;
use std::ffi::{OsStr, OsString};
use std::io::{self, BufWriter, StdinLock, StdoutLock, Write};

/// The flags given on the command line, each checked against the binary's list.
#[derive(Debug, Default)]
pub struct Flags {
    given: Vec<String>,
}

impl Flags {
    /// Checks `args` (without the program name) against `known`; `Ok(None)` means `--help`. An
    /// argument need not be UTF-8: a bad one is shown escaped, like input bytes.
    pub fn parse(args: impl IntoIterator<Item = OsString>, known: &[&str]) -> Result<Option<Flags>, Error> {
        let mut given: Vec<String> = Vec::new();
        for arg in args {
            if arg == "--help" || arg == "-h" {
                return Ok(None);
            }
            match known.iter().find(|&&flag| arg == flag) {
                Some(&flag) => given.push(flag.to_string()),
                None => {
                    let bytes = arg_bytes(&arg);
                    let what =
                        if bytes.first() == Some(&b'-') { "unknown flag" } else { "unexpected argument" };
                    return Err(Error::new(format!("{what} {} (try --help)", shown(&bytes))));
                }
            }
        }
        Ok(Some(Flags { given }))
    }

    /// Whether `flag` (such as `"--depth"`) was given.
    pub fn has(&self, flag: &str) -> bool {
        self.given.iter().any(|g| g == flag)
    }
}

/// The input and output a body works with.
pub type Input = Scanner<StdinLock<'static>>;
pub type Output = BufWriter<StdoutLock<'static>>;

/// Why a body stopped: bad input, or output that could not be written.
#[derive(Debug)]
pub enum Failure {
    Input(Error),
    Output(io::Error),
}

/// The line [`run`] prints after `error: `: the input error's message, or `cannot write the
/// output: ...`.
impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Input(e) => write!(f, "{e}"),
            Failure::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

/// Its source is the error it holds.
impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Failure::Input(e) => Some(e),
            Failure::Output(e) => Some(e),
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Input(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

/// The bytes of a command-line argument (on Unix exactly; elsewhere as lossy UTF-8).
fn arg_bytes(arg: &OsStr) -> Vec<u8> {
    #[cfg(unix)]
    {
        std::os::unix::ffi::OsStrExt::as_bytes(arg).to_vec()
    }
    #[cfg(not(unix))]
    {
        arg.to_string_lossy().into_owned().into_bytes()
    }
}

/// Runs a judge binary and returns its exit status (pass it to `std::process::exit`).
///
/// # Example
/// A complete program: `--help` prints the usage, `--loud` is the one flag it knows, and the body
/// writes its answer (a judge binary's body reads its input first, with
/// `input.u64_in("the number n", 1, 100)?` and the like, and an input error leaves it with `?`).
/// Run here with no arguments, it writes `hello` and returns 0.
/// ```
/// use graph_games::cli;
/// use std::io::Write;
///
/// const USAGE: &str = "usage: hello [--loud]\n";
///
/// let status = cli::run(USAGE, &["--loud"], |flags, _input, output| {
///     let word = if flags.has("--loud") { "HELLO" } else { "hello" };
///     writeln!(output, "{word}")?;
///     Ok(())
/// });
/// assert_eq!(status, 0);
/// // A judge binary's `main` ends with `std::process::exit(status)`.
/// ```
pub fn run<F>(usage: &str, known: &[&str], body: F) -> i32
where
    F: FnOnce(&Flags, &mut Input, &mut Output) -> Result<(), Failure>,
{
    if stdout_is_closed() {
        return fail(&Error::new("cannot write the output: stdout is closed"));
    }
    let result = match Flags::parse(std::env::args_os().skip(1), known) {
        // The buffers std allocates unchecked, stdin's (8 KiB) and the output's (64 KiB), checked
        // just before they are made, in the room the check leaves: under a tight `ulimit -v`, an
        // error, not an abort. (The input's own buffer is the scanner's, checked where it is made.)
        Ok(Some(flags)) => match check_memory(72 << 10, "the buffers") {
            Ok(()) => {
                let mut input = Scanner::new(io::stdin().lock());
                let mut output = BufWriter::with_capacity(1 << 16, io::stdout().lock());
                body(&flags, &mut input, &mut output).and_then(|()| Ok(output.flush()?))
            }
            Err(e) => Err(Failure::Input(e)),
        },
        Ok(None) => {
            let mut out = io::stdout().lock();
            out.write_all(usage.as_bytes()).and_then(|()| out.flush()).map_err(Failure::Output)
        }
        Err(e) => Err(Failure::Input(e)),
    };
    match result {
        Ok(()) => 0,
        Err(Failure::Input(e)) => fail(&e),
        // A closed pipe (`| head`) is the reader's choice, not an error worth a message.
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(failure) => fail(&Error::new(failure.to_string())),
    }
}

/// Whether the program was started with its stdout closed (`>&-`), which no write would tell:
/// before `main`, Rust's runtime puts `/dev/null` on a closed standard descriptor, and writes to it
/// succeed unseen. So descriptor 1 is looked at before the runtime starts (the `before_main` module).
/// Where that cannot be done (off Linux; in the bundles, which are built without the crate's
/// features), stdout is never taken as closed: a judge does not close it. [`run`] asks it first;
/// so does a main of yours that writes its own output without `run`, before it opens a file (which
/// could take descriptor 1):
/// ```
/// use graph_games::{cli, input::Error};
///
/// if cli::stdout_is_closed() {
///     std::process::exit(cli::fail(&Error::new("cannot write the output: stdout is closed")));
/// }
/// ```
pub fn stdout_is_closed() -> bool {
    #[cfg(all(feature = "stdout-check", target_os = "linux"))]
    {
        before_main::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(all(feature = "stdout-check", target_os = "linux")))]
    {
        false
    }
}

/// What descriptor 1 was when the process started, seen by a function the dynamic loader runs
/// before the Rust runtime (an entry of `.init_array`, which glibc and musl call before `main`).
/// Behind the `stdout-check` feature (on by default), like the crate's other platform-specific
/// code: the bundles a judge gets leave it out.
#[cfg(all(feature = "stdout-check", target_os = "linux"))]
mod before_main {
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Descriptor 1 was closed at the start.
    pub static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" {
        /// The C library's `fcntl`, which std links on Linux.
        fn fcntl(descriptor: i32, command: i32, ...) -> i32;
    }

    /// `fcntl`'s command that reads a descriptor's flags.
    const F_GETFD: i32 = 1;

    /// Descriptor 1 is closed when reading its flags fails (`EBADF`, the one error `F_GETFD` has):
    /// one system call, where looking it up in `/proc/self/fd` cost a new process tens of
    /// microseconds (`docs/performance.md`).
    extern "C" fn look_at_stdout() {
        // SAFETY: `F_GETFD` only reads the flags of descriptor 1, open or not, and touches no
        // memory of the program's.
        if unsafe { fcntl(1, F_GETFD) } == -1 {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;
}

/// Prints the one error line `error: ...` on stderr and returns the exit status 2: the one way
/// every program on the library reports a failure. A failure to print it (stderr
/// closed or full) leaves nothing else to tell anyone: the status says it.
pub fn fail(e: &Error) -> i32 {
    let _ = writeln!(io::stderr(), "error: {e}");
    2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<Flags>, Error> {
        Flags::parse(args.iter().map(OsString::from), &["--depth", "--misere"])
    }

    #[test]
    fn flags() {
        let flags = parse(&["--misere", "--depth", "--misere"]).unwrap().unwrap();
        assert!(flags.has("--depth") && flags.has("--misere"));
        assert!(!parse(&[]).unwrap().unwrap().has("--depth"));
        assert!(parse(&["--depth", "--help"]).unwrap().is_none());
        assert_eq!(parse(&["--deep"]).unwrap_err().message(), "unknown flag `--deep` (try --help)");
        assert_eq!(parse(&["x"]).unwrap_err().message(), "unexpected argument `x` (try --help)");
    }

    /// A failure is a `std::error::Error` (so `?` takes it into a `Box<dyn Error>`), shown as the
    /// line `run` prints after `error: `, its source the error it holds.
    #[test]
    fn a_failure_is_an_error_shown_as_run_prints_it() {
        fn body() -> Result<(), Box<dyn std::error::Error>> {
            Err(Failure::from(Error::new("bad n")))?
        }
        let input = body().unwrap_err();
        assert_eq!(input.to_string(), "bad n");
        assert_eq!(input.source().map(|s| s.to_string()), Some("bad n".to_string()));
        let output = Failure::from(io::Error::new(io::ErrorKind::Other, "disk full"));
        assert_eq!(output.to_string(), "cannot write the output: disk full");
    }

    #[test]
    fn arguments_are_shown_escaped_on_one_line() {
        assert_eq!(parse(&["--x\ny"]).unwrap_err().message(), "unknown flag `--x\\ny` (try --help)");
        assert_eq!(parse(&["\x1b[2J"]).unwrap_err().message(), "unexpected argument `\\x1b[2J` (try --help)");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStringExt;
            let arg = OsString::from_vec(vec![b'-', 0xff, b'\t']);
            let e = Flags::parse(vec![arg], &["--depth"]).unwrap_err();
            assert_eq!(e.message(), "unknown flag `-\\xff\\t` (try --help)");
        }
    }
}
