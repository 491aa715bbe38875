//! The binary's body: judge mode, and with the default cargo feature `extras` the flags beyond it
//! (`--values`, `--move`, `--right`; `--values --move` writes both, the values first). Without the feature the program is judge mode only, as its
//! bundle is: a bundle is built with every feature off, and the extras' notation and move search
//! would take it over the 48 KiB cap (docs/bundling.md).

use super::{decide, read, write_answer};
use crate::cli::{Failure, Flags, Input, Output};

/// The binary's flags: its extras, in the build with the default cargo feature `extras`; none
/// without it (judge mode only, as in the bundle, which every feature is off for).
#[cfg(feature = "extras")]
pub const FLAGS: [&str; 3] = ["--values", "--move", "--right"];

/// The binary's flags: none in judge mode only (see the other build's `FLAGS`).
#[cfg(not(feature = "extras"))]
pub const FLAGS: [&str; 0] = [];

/// The binary's body (for [`crate::cli::run`]): who wins each query's sum.
#[cfg(not(feature = "extras"))]
pub fn answer(_: &Flags, input: &mut Input, output: &mut Output) -> Result<(), Failure> {
    Ok(write_answer(&decide(read(input)?), output)?)
}

/// The binary's body (for [`crate::cli::run`]): who wins each query's sum, or what the extras ask
/// for instead: `--values` (a line per vertex), `--move` (each query's line with its winning move;
/// `--right`: Right moves first), or both: the `n` lines of `--values`, then the `q` of `--move`.
/// Everything is worked out (and every error found) before a byte is written.
#[cfg(feature = "extras")]
pub fn answer(flags: &Flags, input: &mut Input, output: &mut Output) -> Result<(), Failure> {
    use super::{moves, values_text};
    use crate::input::Error;
    use crate::partizan::Side;
    use std::io::Write;
    if flags.has("--right") && !flags.has("--move") {
        return Err(Error::new("--right says who moves for --move: give --move too").into());
    }
    let mut problem = read(input)?;
    let values = if flags.has("--values") { Some(values_text(&problem)?) } else { None };
    let answer = if flags.has("--move") {
        let mover = if flags.has("--right") { Side::Right } else { Side::Left };
        Some(moves::decide_with_moves(&mut problem, mover)?)
    } else if values.is_none() {
        Some(decide(problem))
    } else {
        None
    };
    if let Some(values) = values {
        output.write_all(&values)?;
    }
    if let Some(answer) = answer {
        write_answer(&answer, output)?;
    }
    Ok(())
}
