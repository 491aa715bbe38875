//! The run: the arguments read, the table (and `--check`'s) read, the report of one parameter or
//! more made, and printed; an error as one `error:` line with exit status 2.

use crate::out::Outcome;
use crate::table::{self, Error, Table};
use crate::{options, report, single};
use std::io::{Read, Write};

/// The most bytes of a table read (an error beyond).
pub const MAX_INPUT: u64 = 256 << 20;
/// The most rows of a table.
pub const MAX_ROWS: usize = 2_000_000;

/// Reads `path` (or stdin, for `None` or `-`) as a table.
pub fn read_table(path: Option<&str>) -> Result<Table, Error> {
    crate::memory::step(0);
    let mut bytes = Vec::new();
    let what = path.unwrap_or("stdin");
    let result = match path {
        None | Some("-") => std::io::stdin().lock().take(MAX_INPUT + 1).read_to_end(&mut bytes),
        Some(p) => std::fs::File::open(p).and_then(|f| f.take(MAX_INPUT + 1).read_to_end(&mut bytes)),
    };
    result.map_err(|e| Error::new(format!("{what}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Error::new(format!("{what}: more than {MAX_INPUT} bytes")));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        let column = at - bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        Error::at(line, column, "not UTF-8 text")
    })?;
    let table = table::parse(&text)?;
    if table.rows() > MAX_ROWS {
        return Err(Error::new(format!("{what}: more than {MAX_ROWS} rows")));
    }
    Ok(table)
}

/// The parameters' names: given, or `n` for one, `a, b, ...` up to 4 (not `i`, `j`, `k`), else
/// `p1, p2, ...`.
pub fn names(given: &Option<Vec<String>>, arity: usize) -> Result<Vec<String>, Error> {
    if let Some(names) = given {
        if names.len() != arity {
            return Err(Error::new(format!("--names gives {} names for {arity} parameters", names.len())));
        }
        return Ok(names.clone());
    }
    Ok(match arity {
        1 => vec!["n".to_string()],
        2..=4 => ["a", "b", "c", "d"][..arity].iter().map(|s| s.to_string()).collect(),
        _ => (1..=arity).map(|i| format!("p{i}")).collect(),
    })
}

/// The whole run on `args` (without the program's name): what to print, or the error.
pub fn run(args: &[String]) -> Result<Outcome, Error> {
    if graph_games::cli::stdout_is_closed() {
        return Err(Error::new("cannot write the output: stdout is closed"));
    }
    let options = options::parse(args)?;
    if options.help {
        return Ok(Outcome { stdout: format!("{}\n", options::USAGE), status: 0, note: String::new() });
    }
    let table = read_table(options.input.as_deref())?;
    let check = match &options.check {
        Some(path) => {
            let other = read_table(Some(path)).map_err(|e| Error::new(format!("{path}: {e}")))?;
            if other.arity != table.arity {
                return Err(Error::new(format!(
                    "{path}: {} parameters, but the table has {}",
                    other.arity, table.arity
                )));
            }
            Some(other)
        }
        None => None,
    };
    let names = names(&options.names, table.arity)?;
    if table.arity == 1 {
        if options.svg.is_some() {
            return Err(Error::new("--svg draws a table of two parameters or more"));
        }
        single::report(&table, &names[0], &options, check.as_ref())
    } else {
        if options.theorem != graph_games::pattern::Theorem::None {
            return Err(Error::new("--window and --octal are for a table of one parameter"));
        }
        report::report(&table, &names, &options, check.as_ref())
    }
}

/// Prints the outcome (a closed stdout is not an error) and returns the exit status.
pub fn finish(result: Result<Outcome, Error>) -> i32 {
    match result {
        Ok(outcome) => {
            if !outcome.note.is_empty() {
                let _ = writeln!(std::io::stderr(), "{}", outcome.note);
            }
            let mut out = std::io::stdout().lock();
            match out.write_all(outcome.stdout.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => outcome.status,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => outcome.status,
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "error: cannot write the output: {e}");
                    2
                }
            }
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {}", table::escape(&e.message));
            2
        }
    }
}
