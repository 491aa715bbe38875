//! The `bundle` command: the whole tool is the library's [`bundle::run`]; an error is one line
//! `error: ...` (a line each), exit status 2.

use std::io::Write;

fn main() {
    let args: Result<Vec<String>, _> = std::env::args_os().skip(1).map(|a| a.into_string()).collect();
    let args = args.map_err(|a| format!("an argument that is not UTF-8: {}", a.to_string_lossy()));
    if let Err(e) = args.and_then(|args| bundle::run(&args)) {
        // A stderr that cannot take it leaves the status to say it.
        let _ = writeln!(std::io::stderr(), "error: {e}");
        std::process::exit(2);
    }
}
