//! Domineering (docs/problems/domineering.md), a complete submission written against the crate's
//! public API only: a partizan game over positions of the program's own type, valued by
//! [`Evaluator`] with each board split into its regions.
//!
//! # Rules
//! A board of cells, each empty or filled. Left places a domino on two empty cells one above the
//! other (vertically), Right on two empty cells side by side (horizontally); the cells become
//! filled. A player who cannot place a domino loses. Several boards side by side are played as a
//! sum: a move places one domino on one board of the mover's choice.
//!
//! # Input
//! `k` (1 to 10), then `k` boards, each `r c` (1 to 8 each) and `r` rows of `c` characters, `.`
//! empty and `#` filled; at most 25 empty cells a board and 50 in all; nothing after them. With
//! `--table`: `R C` (1 to 8 each, `R * C` at most 25) and nothing else.
//!
//! # Output
//! `k` lines, board `i`'s value (its canonical form in CGSuite's notation), then one line, who
//! wins the sum: `Left` or `Right` (whoever starts), `First` (the player to move) or `Second`.
//! With `--table`: for every `1 <= r <= R`, `1 <= c <= C`, a line `r c value`, the value of the
//! empty `r x c` board, for `pattern`.
//!
//! # Method
//! A position is the set of empty cells as a bit mask, kept **normalised**: cells that touch no
//! other empty cell dropped (no domino can use them), the rest cropped to their bounding box, and
//! of the board and its three mirror images (left-right, top-bottom, both: each keeps vertical
//! dominoes vertical) the one with the smallest mask, so that the four are valued once. A position
//! of two or more regions (empty cells connected through sides) is split into them
//! ([`Rules::split`]): its value is the sum of theirs. [`Evaluator`] values each position once,
//! children first, without recursion; [`Forms::winner_of_sum`] gives who wins the boards' sum.
//!
//! # Cost
//! The positions a board leads to grow exponentially with its empty cells: the bound of 25 keeps
//! a board within a few seconds (the empty 5 x 5 under one; the empty 5 x 6, 30 cells, takes 40,
//! docs/problems/domineering.md). Memory: the forms and the memo of positions, each entry checked
//! as made, tens of MB at most.

use graph_games::cli;
use graph_games::input::{plural, shown, Error, Pos, Scanner};
use graph_games::partizan::{Evaluator, FormId, Forms, Rules, Side};
use std::io::{Read, Write};

/// The statement's bounds.
const MAX_BOARDS: u64 = 10;
const MAX_SIDE: u64 = 8;
const MAX_EMPTY: u32 = 25;
const MAX_EMPTY_IN_ALL: u32 = 50;

const USAGE: &str = "\
usage: domineering [--table] < input

Domineering: reads k, then k boards (r c and r rows of . empty and # filled), and prints each
board's canonical form, then who wins their sum: Left (vertical dominoes), Right (horizontal),
First or Second.

  --table    read R C instead and print `r c value` for every empty r x c board, r <= R, c <= C
  --stats    then, on stderr: the positions valued, the canonical forms made and their memory
  --help     print this help
";

/// The empty cells of a board of `rows x cols` cells, cell `(i, j)` at bit `i * cols + j`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Board {
    rows: u8,
    cols: u8,
    empty: u64,
}

impl Board {
    fn bit(&self, i: usize, j: usize) -> u64 {
        1 << (i * self.cols as usize + j)
    }

    fn has(&self, i: usize, j: usize) -> bool {
        self.empty & self.bit(i, j) != 0
    }

    /// The same cells, normalised (module doc): isolated cells dropped, cropped, the least of the
    /// four mirror images.
    fn normalised(&self) -> Board {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let mut kept = 0u64;
        let (mut top, mut bottom, mut left, mut right) = (rows, 0, cols, 0);
        for i in 0..rows {
            for j in 0..cols {
                let near = (i > 0 && self.has(i - 1, j))
                    || (i + 1 < rows && self.has(i + 1, j))
                    || (j > 0 && self.has(i, j - 1))
                    || (j + 1 < cols && self.has(i, j + 1));
                if self.has(i, j) && near {
                    kept |= self.bit(i, j);
                    top = top.min(i);
                    bottom = bottom.max(i);
                    left = left.min(j);
                    right = right.max(j);
                }
            }
        }
        if kept == 0 {
            return Board { rows: 0, cols: 0, empty: 0 };
        }
        let (h, w) = (bottom - top + 1, right - left + 1);
        let mut best = u64::MAX;
        for (flip_rows, flip_cols) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut mask = 0u64;
            for i in 0..h {
                for j in 0..w {
                    if kept & self.bit(top + i, left + j) != 0 {
                        let (a, b) =
                            (if flip_rows { h - 1 - i } else { i }, if flip_cols { w - 1 - j } else { j });
                        mask |= 1 << (a * w + b);
                    }
                }
            }
            best = best.min(mask);
        }
        Board { rows: h as u8, cols: w as u8, empty: best }
    }
}

/// Domineering's rules: Left vertical, Right horizontal.
struct Domineering;

impl Rules for Domineering {
    type Position = Board;

    fn moves(&self, board: &Board, side: Side, list: &mut Vec<Board>) {
        let (rows, cols) = (board.rows as usize, board.cols as usize);
        let (di, dj) = if side == Side::Left { (1, 0) } else { (0, 1) };
        for i in 0..rows.saturating_sub(di) {
            for j in 0..cols.saturating_sub(dj) {
                if board.has(i, j) && board.has(i + di, j + dj) {
                    let empty = board.empty & !board.bit(i, j) & !board.bit(i + di, j + dj);
                    list.push(Board { empty, ..*board }.normalised());
                }
            }
        }
    }

    fn split(&self, board: &Board, parts: &mut Vec<Board>) {
        let cols = board.cols as usize;
        if board.empty == 0 {
            return;
        }
        let mut rest = board.empty;
        let mut regions = Vec::new();
        let first = column_mask(board.rows as usize, cols, 0);
        let last = first << (cols - 1);
        while rest != 0 {
            // The region of the lowest cell: grown through sides until it stops changing.
            let mut region = rest & rest.wrapping_neg();
            loop {
                let sideways = ((region & !last) << 1) | ((region & !first) >> 1);
                let grown = (region | (region << cols) | (region >> cols) | sideways) & board.empty;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            regions.push(region);
        }
        if regions.len() >= 2 {
            parts.extend(regions.into_iter().map(|empty| Board { empty, ..*board }.normalised()));
        }
    }
}

/// The cells of column `j` of a `rows x cols` board.
fn column_mask(rows: usize, cols: usize, j: usize) -> u64 {
    (0..rows).fold(0, |mask, i| mask | 1 << (i * cols + j))
}

/// Reads one board: `r c` and the rows; where it starts.
fn read_board<R: Read>(input: &mut Scanner<R>, which: &str) -> Result<(Board, Pos), Error> {
    let start = input.peek_pos()?;
    let rows = input.u64_in(format_args!("the number of rows of {which}"), 1, MAX_SIDE)? as usize;
    let cols = input.u64_in(format_args!("the number of columns of {which}"), 1, MAX_SIDE)? as usize;
    let mut board = Board { rows: rows as u8, cols: cols as u8, empty: 0 };
    for i in 0..rows {
        let what = format!("row {} of {} of {which}", i + 1, rows);
        let (row, mark) = input.token_at_most(&what, cols)?;
        let row = row.to_vec();
        let at = input.position(mark);
        if row.len() < cols {
            return Err(Error::at(
                at,
                format!("{what} has {}, expected {cols}", plural(row.len() as u64, "cell")),
            ));
        }
        for (j, &cell) in row.iter().enumerate() {
            match cell {
                b'.' => board.empty |= board.bit(i, j),
                b'#' => {}
                _ => {
                    return Err(Error::at(
                        at.plus_columns(j),
                        format!("{what}: a cell is `.` or `#`, found {}", shown(&[cell])),
                    ))
                }
            }
        }
    }
    let count = board.empty.count_ones();
    if count > MAX_EMPTY {
        return Err(Error::at(start, format!("{which} has {count} empty cells: at most {MAX_EMPTY}")));
    }
    Ok((board, start))
}

fn main() {
    std::process::exit(cli::run(USAGE, &["--table", "--stats"], |flags, input, output| {
        let mut forms = Forms::try_new()?;
        let mut evaluator = Evaluator::new(Domineering);
        if flags.has("--table") {
            let rows = input.u64_in("the largest number of rows R", 1, MAX_SIDE)?;
            let at = input.peek_pos()?;
            let cols = input.u64_in("the largest number of columns C", 1, MAX_SIDE)?;
            if rows * cols > MAX_EMPTY as u64 {
                return Err(Error::at(at, format!("R * C is {}: at most {MAX_EMPTY}", rows * cols)).into());
            }
            input.finish("R C")?;
            let mut text = String::new();
            for r in 1..=rows as u8 {
                for c in 1..=cols as u8 {
                    let empty = if r as u32 * c as u32 == 64 { u64::MAX } else { (1 << (r * c)) - 1 };
                    let value =
                        evaluator.value(&mut forms, Board { rows: r, cols: c, empty }.normalised())?;
                    text.push_str(&format!("{r} {c} {}\n", forms.try_show(value)?));
                }
            }
            output.write_all(text.as_bytes())?;
            return Ok(());
        }
        let k = input.u64_in("the number of boards k", 1, MAX_BOARDS)?;
        let (mut boards, mut cells) = (Vec::new(), 0);
        for b in 1..=k {
            let (board, start) = read_board(input, &format!("board {b} of {k}"))?;
            cells += board.empty.count_ones();
            if cells > MAX_EMPTY_IN_ALL {
                return Err(Error::at(
                    start,
                    format!(
                        "board {b} of {k} brings the empty cells to {cells}: at most {MAX_EMPTY_IN_ALL} in all"
                    ),
                )
                .into());
            }
            boards.push(board);
        }
        input.finish("the last board")?;
        let mut values: Vec<FormId> = Vec::new();
        for board in boards {
            values.push(evaluator.value(&mut forms, board.normalised())?);
        }
        let winner = forms.winner_of_sum(&values)?;
        let mut text = String::new();
        for &value in &values {
            text.push_str(&forms.try_show(value)?);
            text.push('\n');
        }
        text.push_str(winner.name());
        text.push('\n');
        output.write_all(text.as_bytes())?;
        if flags.has("--stats") {
            // For make bench: what the values cost (the forms' table, not the memo of positions).
            let (positions, count, bytes) = (evaluator.positions(), forms.len(), forms.heap_bytes());
            eprintln!(
                "{positions} positions, {count} canonical forms, {bytes} bytes in the table ({} a form)",
                bytes / count.max(1)
            );
        }
        Ok(())
    }));
}
