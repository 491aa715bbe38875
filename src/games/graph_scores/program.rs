//! The binary's body: judge mode, and the flags beyond it: `--values` (every vertex's totals, in
//! place of the answer line), `--move` (Takahashi's move from `v`) and `--line` (the whole play),
//! each a line after it, in that order.

use super::{push_total, read, write_answer};
use crate::cli::{Failure, Flags, Input, Output};
use crate::memory::output_buffer;
use std::io::Write;

/// The binary's flags.
pub const FLAGS: [&str; 3] = ["--values", "--move", "--line"];

/// The binary's body (for [`crate::cli::run`]). Everything is worked out (and every error found)
/// before a byte is written.
pub fn answer(flags: &Flags, input: &mut Input, output: &mut Output) -> Result<(), Failure> {
    let mut problem = read(input)?;
    if flags.has("--move") || flags.has("--line") {
        problem.with_moves()?;
    }
    let line = if flags.has("--line") { Some(problem.start_line()?) } else { None };
    let mut text = output_buffer(1 << 16)?;
    if flags.has("--values") {
        for u in 0..problem.num_vertices() {
            push_total(&mut text, problem.total(u, true));
            text.push(b' ');
            push_total(&mut text, problem.total(u, false));
            text.push(b'\n');
            if text.len() > 1 << 16 {
                output.write_all(&text)?;
                text.clear();
            }
        }
    } else {
        write_answer(&problem.answer(), output)?;
    }
    if flags.has("--move") {
        match problem.start_move() {
            Some(to) => text.extend_from_slice(format!("{}\n", to + 1).as_bytes()),
            None => text.extend_from_slice(b"none\n"),
        }
    }
    if let Some((vertices, cycle_start)) = line {
        for (i, u) in vertices.iter().enumerate() {
            if i > 0 {
                text.push(b' ');
            }
            if Some(i) == cycle_start {
                text.push(b'(');
            }
            text.extend_from_slice((u + 1).to_string().as_bytes());
            if text.len() > 1 << 16 {
                output.write_all(&text)?;
                text.clear();
            }
        }
        if cycle_start.is_some() {
            text.push(b')');
        }
        text.push(b'\n');
    }
    Ok(output.write_all(&text)?)
}
