//! A board's rows as they arrive: checked cell by cell, stored row by row in one vector that grows
//! with them.
//!
//! Rows are tokens of `cols` cells, [`FREE`] or [`BLOCKED`]; a row up to [`WHOLE_ROW_MAX`] bytes is
//! read whole, a longer one streams in pieces, so that no row is held twice. Narrow rows laid out
//! simply (one whitespace byte between them) are taken in bulk from the scanner's buffer.

use crate::input::{is_space, shown, Error, Scanner};
use crate::memory::try_grow_within;
use std::io::Read;

/// A blocked cell, before and after deciding.
pub const BLOCKED: u8 = b'#';
/// A free cell before deciding.
pub const FREE: u8 = b'.';

/// The cells read so far, row by row, of a board of `rows x cols`.
struct Cells {
    cells: Vec<u8>,
    rows: usize,
    cols: usize,
}

impl Cells {
    /// Makes room for `count` more cells: memory follows the rows that arrive.
    fn reserve(&mut self, count: usize) -> Result<(), Error> {
        let (rows, cols) = (self.rows, self.cols);
        try_grow_within(
            &mut self.cells,
            count,
            rows * cols,
            &format_args!("a board of {rows} rows of {cols} cells"),
        )
    }

    /// Appends `cells`, the next cells in reading order (a row may come in several pieces).
    #[inline(always)]
    fn put_cells(&mut self, cells: &[u8]) -> Result<(), Error> {
        self.reserve(cells.len())?;
        append(&mut self.cells, cells);
        Ok(())
    }
}

/// Rows up to this long are read as one token each; longer ones stream into the board in pieces,
/// so that a row is never held twice (as a token and in the board).
const WHOLE_ROW_MAX: usize = 1 << 16;

/// Appends `row` to `cells` (which has room for it).
#[inline(always)]
fn append(cells: &mut Vec<u8>, row: &[u8]) {
    match row {
        // A board one cell wide: a copy of one byte should not cost a call.
        [cell] => cells.push(*cell),
        _ => cells.extend_from_slice(row),
    }
}

/// Reads `rows` rows of `cols` cells, each row one token, into one vector, row by row; `bulk`:
/// narrow rows are first taken straight from the scanner's buffer while they are laid out simply.
/// Memory follows the rows that arrive (nothing is reserved before them: a header alone costs
/// nothing), and memory that cannot be had is an error.
pub fn read_rows<R: Read>(
    input: &mut Scanner<R>,
    rows: usize,
    cols: usize,
    bulk: bool,
) -> Result<Vec<u8>, Error> {
    let mut board = Cells { cells: Vec::new(), rows, cols };
    let mut r = 0;
    while r < rows {
        // Narrow rows in bulk while they are laid out simply and valid; the rest one at a time.
        if bulk {
            let mut failed = None;
            input.parse_buffered(|text| {
                // Room first for the rows `text` may hold: each takes at least `cols + 1` bytes.
                let fit = (rows - r).min(text.len() / (cols + 1) + 1);
                if let Err(e) = board.reserve(fit * cols) {
                    failed = Some(e);
                    return 0;
                }
                take_simple_rows(text, cols, fit, |row| {
                    append(&mut board.cells, row);
                    r += 1;
                })
            });
            if let Some(e) = failed {
                return Err(e);
            }
            if r == rows {
                break;
            }
        }
        if board.cells.capacity() - board.cells.len() < cols {
            // Room at once for the whole rows the scanner's buffer holds (each takes at least
            // `cols + 1` bytes): memory follows the data that has arrived, without a doubling per
            // row; nothing for a row that has not arrived whole (it grows as its pieces come).
            let mut arrived = 0;
            input.parse_buffered(|text| {
                arrived = text.len();
                0
            });
            let whole = (rows - r).min(arrived / (cols + 1));
            if whole > 0 {
                board.reserve(whole * cols)?;
            }
        }
        r += 1;
        // How the row went wrong, if it did: its length, its first bad cell, where it starts.
        let (length, bad, at) = if cols <= WHOLE_ROW_MAX {
            let (row, mark) = input.token_at_most(format_args!("row {r} of {rows}"), cols)?;
            let bad = first_bad_cell(row);
            if bad.is_none() && row.len() == cols {
                board.put_cells(row)?;
                continue;
            }
            let length = row.len();
            (length, bad, input.position(mark))
        } else {
            let (mut seen, mut bad, mut failed) = (0, None, None);
            let (at, length) =
                input.token_in_pieces_at_most(format_args!("row {r} of {rows}"), cols, |piece| {
                    if bad.is_none() && failed.is_none() {
                        bad = first_bad_cell(piece).map(|(i, cell)| (seen + i, cell));
                        failed = board.put_cells(piece).err();
                    }
                    seen += piece.len();
                })?;
            if let Some(e) = failed {
                return Err(e);
            }
            if bad.is_none() && length == cols {
                continue;
            }
            (length, bad, at)
        };
        return Err(match bad {
            Some((i, cell)) => Error::at(
                at.plus_columns(i),
                format_args!("row {r} of {rows}: found {}, expected `#` or `.`", shown(&[cell])),
            ),
            None => Error::at(at, format_args!("row {r} of {rows} has {length} cells, expected {cols}")),
        });
    }
    Ok(board.cells)
}

/// Hands to `take` the rows at the start of `text` while they are laid out simply (each `width`
/// valid cells long, after one whitespace byte, or none for the first, and before one), at most
/// `count` of them; returns how many bytes they took. The rest is read one row at a time.
fn take_simple_rows(text: &[u8], width: usize, count: usize, mut take: impl FnMut(&[u8])) -> usize {
    let (mut at, mut taken) = (0, 0);
    // Every row looked at (its leading whitespace byte, its cells and the byte after) is in `text`.
    while taken < count && at + width + 2 <= text.len() {
        let start = at + usize::from(is_space(text[at]));
        let (row, after) = (&text[start..start + width], text[start + width]);
        let valid = row.iter().fold(is_space(after), |ok, &c| ok & ((c == FREE) | (c == BLOCKED)));
        if !valid {
            break;
        }
        take(row);
        at = start + width;
        taken += 1;
    }
    at
}

/// The first cell of `cells` that is neither free nor blocked, and its index. Checks the whole
/// slice without branching per byte (this loop vectorizes); finds the culprit only when there is one.
#[inline]
fn first_bad_cell(cells: &[u8]) -> Option<(usize, u8)> {
    if cells.iter().fold(true, |ok, &c| ok & ((c == FREE) | (c == BLOCKED))) {
        return None;
    }
    cells.iter().position(|&c| c != FREE && c != BLOCKED).map(|i| (i, cells[i]))
}
