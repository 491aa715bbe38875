//! What `stress` tells: the progress line on a terminal, the report of a failure, and its files.

use super::by_size::BySize;
use super::compare::{first_difference, Token};
use super::greedy::Budget;
use super::judge::{seconds, End, Failure, Shrunk, Stats, Verdict};
pub use graph_games::input::plural;
use graph_games::input::{shown, Error};
use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The progress line on stderr, redrawn at most ten times a second; nothing when off.
pub struct Progress {
    on: bool,
    start: Instant,
    last: Option<Instant>,
    shown: bool,
}

impl Progress {
    pub fn new(on: bool) -> Progress {
        Progress { on, start: Instant::now(), last: None, shown: false }
    }

    fn due(&mut self) -> bool {
        if !self.on || self.last.map_or(false, |last| last.elapsed() < Duration::from_millis(100)) {
            return false;
        }
        self.last = Some(Instant::now());
        true
    }

    fn show(&mut self, line: String) {
        let _ = write!(io::stderr(), "\r\x1b[K{line}");
        self.shown = true;
    }

    /// Case `number` of `cases` (1-based), of size `size`, is about to run.
    pub fn case(&mut self, number: u64, cases: u64, size: usize) {
        if self.due() {
            let rate = match number - 1 {
                0 => String::new(),
                done => format!(", {:.0} cases per second", done as f64 / self.start.elapsed().as_secs_f64()),
            };
            self.show(format!("stress: case {number} of {cases}, size {size}{rate}"));
        }
    }

    /// A shrink candidate is about to run; the input is `bytes` long so far.
    pub fn shrink(&mut self, shrunk: &Shrunk, bytes: usize) {
        if self.due() {
            let (steps, runs) = (plural(shrunk.steps, "step"), plural(shrunk.runs, "run"));
            self.show(format!("stress: shrinking: {steps}, {runs}, the input down to {bytes} bytes"));
        }
    }

    /// A time-out is about to be tried at size `size`, after `runs` runs in all.
    pub fn by_size(&mut self, size: usize, runs: u64) {
        if self.due() {
            self.show(format!("stress: shrinking a time-out by size: size {size}, {}", plural(runs, "run")));
        }
    }

    /// Erases the line, if one was shown.
    pub fn clear(&mut self) {
        if self.shown {
            let _ = write!(io::stderr(), "\r\x1b[K");
            self.shown = false;
        }
    }
}

/// The summary's end: the slowest runs, and the time-outs a second run did not confirm (which
/// tells of a loaded machine, or of a solution near its limit).
pub fn slowest(stats: &Stats) -> String {
    let wall = stats.slowest_wall.as_millis();
    let mut text = match stats.slowest_cpu {
        // The kernel counts CPU time in ticks: a run's is known to within one.
        Some(cpu) => format!(
            "slowest runs: {} ms of CPU time (to within a tick, {} ms), {wall} ms of wall time",
            cpu.as_millis(),
            crate::cpu::tick().as_millis()
        ),
        None => format!("slowest run {wall} ms (wall time: no CPU time measured here)"),
    };
    if stats.unconfirmed > 0 {
        text += &format!("; {} not confirmed by a second run", plural(stats.unconfirmed, "time-out"));
    }
    text
}

/// `prefix` with `extension` appended (`stress-fail` and `.in`).
pub fn path(prefix: &OsString, extension: &str) -> OsString {
    let mut path = prefix.clone();
    path.push(extension);
    path
}

/// Saves the failure: the input as `PREFIX.in`, the expected output as `.ans`, the received one
/// as `.out`.
pub fn write_files<C>(prefix: &OsString, failure: &Failure<C>) -> Result<(), Error> {
    for (extension, bytes) in
        [(".in", &failure.input), (".ans", &failure.expected), (".out", &failure.received)]
    {
        let path = path(prefix, extension);
        crate::sys::write_file(std::path::Path::new(&path), bytes).map_err(|e| {
            Error::new(format!("cannot write {} (--out is a path prefix): {e}", shown_path(&path)))
        })?;
    }
    Ok(())
}

/// Saves an input a helper failed on as `PREFIX.in`, and removes `PREFIX.ans` and `.out` (from an
/// earlier run: they would tell of another input). Returns the path, as a message shows it.
pub fn write_input(prefix: &OsString, input: &[u8]) -> Result<String, Error> {
    let file = path(prefix, ".in");
    crate::sys::write_file(std::path::Path::new(&file), input).map_err(|e| {
        Error::new(format!("cannot write {} (--out is a path prefix): {e}", shown_path(&file)))
    })?;
    for extension in [".ans", ".out"] {
        let _ = fs::remove_file(path(prefix, extension));
    }
    // Whole, to be found.
    Ok(file.to_string_lossy().as_bytes().escape_ascii().to_string())
}

/// A path in a message, as input bytes are shown.
pub fn shown_path(path: &OsString) -> String {
    shown(path.to_string_lossy().as_bytes())
}

/// Checks before any case runs that the failure's files can be written: the prefix's folder is a
/// folder, writable, and no `PREFIX.in`, `.ans`, `.out` is a folder (a file is created there and
/// removed at once).
pub fn check_out(prefix: &OsString) -> Result<(), Error> {
    let probe = path(prefix, &format!(".stress-probe-{}", std::process::id()));
    for extension in [".in", ".ans", ".out"] {
        let file = path(prefix, extension);
        let kind = fs::metadata(&file).map(|m| m.file_type());
        if kind.as_ref().map_or(false, |k| k.is_dir()) {
            return Err(Error::new(format!(
                "--out: {} is a folder (--out is a path prefix)",
                shown_path(&file)
            )));
        }
        // A FIFO there would hold every write of the failure (or refuse it, opened without
        // blocking): refused before any case runs.
        if kind.map_or(false, |k| !k.is_file()) {
            return Err(Error::new(format!(
                "--out: {} is not a regular file (--out is a path prefix)",
                shown_path(&file)
            )));
        }
    }
    match fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(Error::new(format!(
            "--out {}: cannot write there (--out is a path prefix: PREFIX.in, .ans, .out): {e}",
            shown_path(prefix)
        ))),
    }
}

/// Where the failure was found: the game, the run's seed, number of cases and prefix, the
/// case's number and size (and whether it was a large one), and its input's length before the
/// shrink.
pub struct Found<'a> {
    pub game: &'a str,
    pub seed: u64,
    pub cases: u64,
    pub out: &'a OsString,
    pub number: u64,
    pub size: usize,
    pub large: bool,
    pub bytes: usize,
    /// What would make the shrink by steps go further when its budget is spent.
    pub hint: Option<&'a str>,
    /// Where the input came from when it was not generated (`--shrink FILE`).
    pub which: Option<&'a str>,
}

/// The report's line on the shrink by steps: how far it got, and whether the result is 1-minimal
/// (every candidate one step smaller judged, none failing the same way: [`End::Minimal`]), or
/// why that is not known. When nothing got shorter because the budget was spent, it says on what.
pub fn shrink_line(found: &Found, bytes: usize, shrunk: &Shrunk) -> String {
    let rejected = match shrunk.rejected {
        0 => String::new(),
        n => format!("; {} not valid passed over", plural(n, "candidate")),
    };
    let (runs, time) = (plural(shrunk.runs, "run"), seconds(shrunk.time));
    let (tried, last) = (plural(shrunk.tried, "candidate"), plural(shrunk.last_round, "candidate"));
    let how = if bytes < found.bytes {
        format!("shrunk from {} to {bytes} bytes in {}", found.bytes, plural(shrunk.steps, "step"))
    } else if shrunk.steps == 0 {
        "not shrunk".to_string()
    } else {
        format!(
            "not shrunk: still {bytes} bytes ({} made numbers smaller, the input no shorter)",
            plural(shrunk.steps, "step")
        )
    };
    match shrunk.end {
        End::Minimal => format!(
            "{how}; 1-minimal: none of its {last} one step smaller fails this way ({runs}, {time} s{rejected})"
        ),
        End::Undecided(n) => format!(
            "{how}; not claimed minimal: {} of its {last} one step smaller could not be judged, a helper \
             failed on them ({runs}, {time} s{rejected})",
            n
        ),
        End::Partial => format!(
            "{how}; not claimed minimal: none of its {last} judged fails this way, but a case this large \
             gets its coarse steps only ({runs}, {time} s{rejected})"
        ),
        End::Budget if bytes >= found.bytes => {
            let hint = found.hint.map_or(String::new(), |hint| format!("; {hint}"));
            let spent = match shrunk.budget {
                Budget::Time { time, least: 0 } => format!("--shrink-time {} s", seconds(time)),
                Budget::Time { time, least } => format!("{} s and {} candidates", seconds(time), least),
                Budget::Limits(most) => format!("a time-out's {most} time limits of run time"),
            };
            format!(
                "{how}: the shrink's budget ran out: may not be minimal ({spent} spent on {tried}, \
                 {runs}{rejected}){hint}"
            )
        }
        End::Budget => match shrunk.budget {
            Budget::Limits(most) => format!(
                "{how}, then the time-out's budget of {most} time limits of run time ran out: may not be \
                 minimal ({tried}, {runs}, {time} s, {:.1} limits charged{rejected}; --shrink-time S shrinks \
                 for S seconds instead)",
                shrunk.used
            ),
            Budget::Time { .. } => format!(
                "{how}, then the shrink's budget ran out: may not be minimal ({tried}, {runs}, {time} s{rejected}; \
                 --shrink-time)"
            ),
        },
        End::Interrupted => format!("{how}, then interrupted: may not be minimal ({runs}, {time} s{rejected})"),
    }
}

/// The most lines of an input or output shown.
const MAX_LINES: usize = 40;
/// The most characters of a line shown.
const MAX_COLUMNS: usize = 100;

/// Prints the report of a failure: the verdict and where it was found, how it was shrunk, the
/// input, both outputs (the first differing token marked), and the start of stderr if any.
pub fn print<C>(
    out: &mut impl Write,
    found: &Found,
    failure: &Failure<C>,
    shrunk: &Shrunk,
    by_size: Option<&BySize>,
) -> io::Result<()> {
    let verdict = &failure.verdict;
    let (game, number, cases, seed, size) = (found.game, found.number, found.cases, found.seed, found.size);
    let which = if let Some(which) = found.which {
        which.to_string()
    } else if found.large {
        format!("case {number} (a large one, after the {cases} small ones)")
    } else {
        format!("case {number} of {cases}")
    };
    match found.which {
        Some(_) => writeln!(out, "{game}: {} on {which}", verdict.name())?,
        None => writeln!(out, "{game}: {} on {which} (seed {seed}, size {size})", verdict.name())?,
    }
    writeln!(out, "{}", verdict.detail(&failure.expected, &failure.received))?;
    if let Some(by_size) = by_size {
        writeln!(out, "{}", by_size.describe())?;
    }
    writeln!(out, "{}", shrink_line(found, failure.input.len(), shrunk))?;
    let file = |extension: &str| path(found.out, extension).to_string_lossy().into_owned();
    writeln!(out, "--- input ({})", file(".in"))?;
    print_input(out, &failure.input)?;
    let (mark_expected, mark_received) = match verdict {
        Verdict::WrongAnswer(_) => match first_difference(&failure.expected, &failure.received) {
            Some(d) => (d.expected, d.received),
            None => (None, None),
        },
        _ => (None, None),
    };
    writeln!(out, "--- expected output ({})", file(".ans"))?;
    print_output(out, &failure.expected, mark_expected, MAX_LINES)?;
    writeln!(out, "--- received output ({})", file(".out"))?;
    // Endless output: a few lines tell it.
    let most = if let Verdict::OutputLimit(_) = verdict { 10 } else { MAX_LINES };
    print_output(out, &failure.received, mark_received, most)?;
    if !failure.stderr.is_empty() {
        writeln!(out, "--- its stderr (at most the first {} bytes)", super::child::STDERR_KEPT)?;
        print_input(out, &failure.stderr)?;
    }
    Ok(())
}

/// Text as it is, without line numbers (an input, which the generators write as plain text, or
/// stderr), at most [`MAX_LINES`] lines.
pub fn print_input(out: &mut impl Write, input: &[u8]) -> io::Result<()> {
    let lines: Vec<&[u8]> = lines(input);
    for line in lines.iter().take(MAX_LINES) {
        let (text, _) = escaped(line, 0, 2 * MAX_COLUMNS);
        writeln!(out, "{text}")?;
    }
    if lines.len() > MAX_LINES {
        writeln!(out, "... ({} lines in all)", lines.len())?;
    }
    Ok(())
}

/// The lines of `bytes` (without their `\n`; a last line without one counts).
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        lines.pop();
    }
    lines
}

/// `line` from byte `from` on, shown on one line: printable ASCII as it is, anything else escaped
/// (`\t`, `\r`, `\xNN`), at most `max` characters (then `...`). Also where each byte of `line`
/// starts in the text (`None` before `from` or past the cut).
fn escaped(line: &[u8], from: usize, max: usize) -> (String, Vec<Option<usize>>) {
    let mut text = String::new();
    let mut columns = vec![None; line.len() + 1];
    if from > 0 {
        text.push_str("...");
    }
    for (i, &b) in line.iter().enumerate().skip(from) {
        if text.len() >= max {
            text.push_str("...");
            return (text, columns);
        }
        columns[i] = Some(text.len());
        match b {
            b' '..=b'~' => text.push(char::from(b)),
            b'\t' => text.push_str("\\t"),
            b'\r' => text.push_str("\\r"),
            _ => text.push_str(&format!("\\x{b:02x}")),
        }
    }
    columns[line.len()] = Some(text.len());
    (text, columns)
}

/// An output with its line numbers, at most `most` lines: around the marked token if there is
/// one (its line marked `>`, a `^` under it), else the first ones.
fn print_output(out: &mut impl Write, bytes: &[u8], mark: Option<Token>, most: usize) -> io::Result<()> {
    let lines = lines(bytes);
    if lines.is_empty() {
        return writeln!(out, "(empty)");
    }
    // The line starts, to place the mark within its line.
    let mut starts = Vec::with_capacity(lines.len());
    let mut offset = 0;
    for line in &lines {
        starts.push(offset);
        offset += line.len() + 1;
    }
    let around = mark.map_or(1, |t| t.line);
    let first = if lines.len() <= most { 1 } else { around.saturating_sub(most / 2).max(1) };
    let last = (first + most - 1).min(lines.len());
    if first > 1 {
        writeln!(out, "  ... ({} lines before)", first - 1)?;
    }
    for number in first..=last {
        let line = lines[number - 1];
        let marked = mark.filter(|t| t.line == number);
        // A token far along its line: the line is shown from a little before it.
        let from = marked.map_or(0, |t| (t.start - starts[number - 1]).saturating_sub(MAX_COLUMNS / 2));
        let (text, columns) = escaped(line, from, MAX_COLUMNS);
        writeln!(out, "{}{number:>5}  {text}", if marked.is_some() { ">" } else { " " })?;
        if let Some(t) = marked {
            let (start, end) = (t.start - starts[number - 1], t.end - starts[number - 1]);
            if let Some(column) = columns[start] {
                let width = columns[end].unwrap_or(text.len()).saturating_sub(column).max(1);
                writeln!(out, "{}{}", " ".repeat(8 + column), "^".repeat(width))?;
            }
        }
    }
    if last < lines.len() {
        writeln!(out, "  ... ({} lines after)", lines.len() - last)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(bytes: &[u8], mark: Option<Token>) -> String {
        let mut out = Vec::new();
        print_output(&mut out, bytes, mark, MAX_LINES).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_differing_token_is_marked() {
        let received = b"win\r\nlose draw  \r\nwin";
        let d = first_difference(b"win\nlose lose\nwin\n", received).unwrap();
        assert_eq!(
            shown(received, d.received),
            "     1  win\\r\n>    2  lose draw  \\r\n             ^^^^\n     3  win\n"
        );
        assert_eq!(shown(b"", None), "(empty)\n");
        assert_eq!(shown(b"\n", None), "     1  \n");
    }

    #[test]
    fn long_outputs_and_lines_are_cut_around_the_mark() {
        let output: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let token = Token { start: output.find("\n70\n").unwrap() + 1, end: 0, line: 70, number: 1 };
        let token = Token { end: token.start + 2, ..token };
        let text = shown(output.as_bytes(), Some(token));
        assert!(text.starts_with("  ... (49 lines before)\n    50  50\n"), "{text}");
        assert!(text.contains(">   70  70\n        ^^\n"), "{text}");
        assert!(text.ends_with("    89  89\n  ... (11 lines after)\n"), "{text}");

        let line = format!("{}x", "a ".repeat(500));
        let token = Token { start: 1000, end: 1001, line: 1, number: 501 };
        let text = shown(line.as_bytes(), Some(token));
        let lines: Vec<&str> = text.lines().collect();
        let caret = lines[1].find('^').unwrap();
        assert_eq!(&lines[0][caret..caret + 1], "x", "{text}");
        assert!(lines[0].starts_with(">    1  ...a a"), "{text}");
    }

    #[test]
    fn inputs_are_shown_plainly() {
        let mut out = Vec::new();
        print_input(&mut out, b"2 1\n1 2\n").unwrap();
        assert_eq!(out, b"2 1\n1 2\n");
    }
}
