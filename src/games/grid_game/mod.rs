//! BOJ 28218 "grid game": who wins a race to the bottom-right corner of a board with walls.
//!
//! # Rules
//! A board of `N` rows and `M` columns has free cells (`.`) and blocked cells (`#`); a piece
//! stands on a free cell. Two players move it in turn, the first player first, one cell down, one
//! cell right, or `t` cells diagonally down-right for any `1 <= t <= K`; the target must be on the
//! board and free, but the cells jumped over diagonally may be blocked. A player who cannot move
//! loses. On the judge's boards every free cell can reach the corner `(N, M)`, which has no move,
//! so "whoever moves the piece there wins" says the same thing; boards without that guarantee (or
//! with the corner blocked) are still well defined by the normal-play rule and are answered the
//! same way. The question: who wins from each of `Q` start cells.
//!
//! # Input
//! `N M K`, then `N` rows of `M` cells, each row one token (`#` blocked, `.` free), then `Q` and the
//! `Q` starts `x y` (1-based row and column, each on a free cell), and nothing after them. `K` is any
//! non-negative integer: past the board's size it adds no moves.
//!
//! # Output
//! One line per query, in order ([`write_answer`]): `First` if the first player wins from that
//! start, else `Second`. With `--map` ([`write_map`]), the decided board instead, one line per row:
//! `W` a free cell where the player to move wins, `L` one where he loses, `#` a blocked cell (the
//! queries are still read and checked).
//!
//! # Method
//! One backward sweep over the board decides it in place; the general solver ([`crate::solver`]) is
//! not needed here (the tests check the sweep against it).
//!
//! ## One sweep decides every cell
//! Every move goes down, right or both, so no position repeats: the moves form a DAG, there are no
//! draws, and a cell wins iff one of its moves reaches a losing cell. Every move from `(i, j)` goes
//! to a cell that comes later in row-major order, so sweeping the cells backwards (bottom row
//! first, each row right to left) decides each cell after all of its targets, once.
//!
//! ## The diagonal in O(1)
//! The down and right moves are one lookup each. The diagonal ones are up to `K` cells, but only
//! one question matters: is there a losing free cell among `(i + t, j + t)`, `1 <= t <= K`? The
//! nearest one (the smallest such `t`) answers it, so the sweep keeps, for every diagonal, the row
//! of the nearest losing cell found so far on it. That is exactly the nearest one below-right of the
//! current cell, because the rows below were all swept first; blocked cells do not change it (they
//! are jumped over); the cell wins diagonally iff that row is within `K` rows. A losing cell then
//! becomes its diagonal's nearest. So every cell costs O(1) whatever `K` is: O(N·M) in all.
//!
//! Only the diagonals that cross the current row are live, `M` of them, so the table is a ring of
//! `M` entries: moving up a row, the diagonal that ends there and the one that begins share a slot.
//! A board wider than tall is stored column by column and swept by columns (the game is symmetric
//! under transposition: down and right swap, the diagonal stays), so the ring has `min(N, M)`
//! entries. Each row is done in three passes, so that nothing branches on the board's contents and
//! two of the passes vectorize: which cells are free with no losing target below or diagonally
//! (open); then, right to left, which of them lose (open, and the next cell does not lose); then
//! the results are written and the losing cells become their diagonals' nearest. Lines of fewer
//! than 32 cells are swept cell by cell instead: there the passes would cost more per line than
//! they save per cell.
//!
//! ## The board in place
//! The board is kept as read, one byte per cell (row by row, or column by column if wider than
//! tall), and the sweep overwrites every free cell with its result for the player to move there:
//! [`WIN`] (`W`) or [`LOSE`] (`L`); blocked cells stay [`BLOCKED`] (`#`). So the decided board is
//! also the `--map` picture, and each query is one lookup of where its start is stored.
//!
//! # Limits
//! [`MAX_CELLS`] = 10^9 cells, [`MAX_QUERIES`] = 10^8 queries, any `K`. Memory: `N·M` bytes for
//! the board, `6·min(N, M)` for the ring and a scratch line, 4 bytes per query for where it starts
//! (they are all read and checked before anything is written): at both limits, 1 GB for the board,
//! 0.4 GB for the queries and at most 0.2 MB for the ring. The board's size is checked before
//! anything is reserved for it, and memory follows the rows that arrive: nothing is reserved
//! before them, and the board grows as they come, row by row. A board wider than tall is
//! then copied column by column, once all its rows have arrived: `2·N·M` bytes for that moment
//! (not for a single row, which is its own columns already: a 1 x 10^8 board takes 10^8 bytes). A
//! row longer than 64 KiB streams into the board in pieces, so no row is held twice. Memory that
//! cannot be had is an error naming what needed how much. Time: O(N·M + Q), whatever `K` is.

mod rows;

use self::rows::read_rows;
use crate::input::read_pairs;
use crate::input::{board_cells, out_of_memory, Error, Scanner};
use crate::memory::{check_memory, output_buffer, try_grow_within};
use std::io::{self, Read, Write};

pub use self::rows::{BLOCKED, FREE};
/// A decided free cell where the player to move wins.
pub const WIN: u8 = b'W';
/// A decided free cell where the player to move loses.
pub const LOSE: u8 = b'L';

/// The most cells a board may have (one byte each: 1 GB).
pub const MAX_CELLS: u64 = 1_000_000_000;
/// The most queries (4 bytes each for where they start).
pub const MAX_QUERIES: u64 = 100_000_000;

/// A board of cells: [`FREE`] and [`BLOCKED`] until [`Board::decide`], then [`WIN`], [`LOSE`]
/// and [`BLOCKED`]. The cells are stored line by line along the longer side: row by row when the
/// board is at least as tall as wide, else column by column (the sweep runs over lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Stored column by column (the board is wider than tall).
    by_columns: bool,
    cells: Vec<u8>,
}

impl Board {
    /// A board from its cells, row by row (`rows * cols` bytes, each [`FREE`] or [`BLOCKED`]).
    pub fn new(rows: usize, cols: usize, row_major: Vec<u8>) -> Board {
        assert_eq!(row_major.len(), rows * cols, "a {rows}x{cols} board needs {} cells", rows * cols);
        assert!((rows * cols) as u64 <= MAX_CELLS);
        Board::laid_out(rows, cols, row_major).expect("memory for a board's copy")
    }

    /// The board, read row by row, stored along its longer side: a board wider than tall is
    /// copied column by column (the sweep runs over lines), the one moment it is held twice, once
    /// all its rows have arrived.
    fn laid_out(rows: usize, cols: usize, cells: Vec<u8>) -> Result<Board, Error> {
        if cols <= rows {
            return Ok(Board { rows, cols, by_columns: false, cells });
        }
        if rows == 1 {
            // One row read is already its columns, one cell each: nothing to copy.
            return Ok(Board { rows, cols, by_columns: true, cells });
        }
        let mut by_columns: Vec<u8> = Vec::new();
        if by_columns.try_reserve_exact(cells.len()).is_err() {
            let bytes = cells.len() as u128;
            return Err(out_of_memory(bytes, format_args!("a {rows}x{cols} board stored column by column")));
        }
        // In blocks of columns, so that each row's piece is read once and the writes stay near.
        const BLOCK: usize = 64;
        by_columns.resize(cells.len(), 0);
        for first in (0..cols).step_by(BLOCK) {
            let last = (first + BLOCK).min(cols);
            for (r, row) in cells.chunks_exact(cols).enumerate() {
                for (c, &cell) in row[first..last].iter().enumerate() {
                    by_columns[(first + c) * rows + r] = cell;
                }
            }
        }
        Ok(Board { rows, cols, by_columns: true, cells: by_columns })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cell in row `row`, column `col` (0-based).
    pub fn cell(&self, row: usize, col: usize) -> u8 {
        self.cells[self.index(row, col)]
    }

    /// Where the cell in row `row`, column `col` (0-based) is stored.
    fn index(&self, row: usize, col: usize) -> usize {
        if self.by_columns {
            col * self.rows + row
        } else {
            row * self.cols + col
        }
    }

    /// Decides every free cell for diagonal moves of length up to `k` (see the module doc).
    /// Must be called once, on an undecided board.
    pub fn decide(&mut self, k: u64) {
        // In a column-by-column board, line a is column a and position b is row b: the moves
        // (down, right, diagonal) become (right, down, diagonal), the same game.
        let (lines, width) = if self.by_columns { (self.cols, self.rows) } else { (self.rows, self.cols) };
        sweep(&mut self.cells, lines, width, k);
    }
}

/// No losing cell known on this diagonal.
const NONE: u32 = u32::MAX;

/// Decides `cells`, `lines` lines of `width` cells each. Cell `(a, b)` is position `b` of line `a`;
/// its moves go to `(a + 1, b)`, `(a, b + 1)` and `(a + t, b + t)` for `1 <= t <= k`.
fn sweep(cells: &mut [u8], lines: usize, width: usize, k: u64) {
    if cells.is_empty() {
        return;
    }
    // A diagonal move never goes further than `width - 1`; clamping keeps `k` a small u32.
    let k = k.min(width as u64) as u32;
    if width == 1 {
        return sweep_column(cells);
    }
    if width < NARROW {
        return sweep_narrow(cells, width, k);
    }
    // ring[d % width]: the line of the nearest losing cell found so far on diagonal d = b - a + c
    // (c = lines - 1 keeps d >= 0). Line a meets diagonals d = c - a + b for b in 0..width: a
    // rotation of the ring by `base`.
    let mut ring = vec![NONE; width];
    // Below the last line: no cell, so none that loses.
    let nothing_below = vec![BLOCKED; width];
    // open[b]: the cell at position b is free and has no losing target below or diagonally; then
    // whether it loses.
    let mut open = vec![0u8; width];
    for a in (0..lines).rev() {
        let line = a as u32;
        let (upper, lower) = cells.split_at_mut((a + 1) * width);
        let here = &mut upper[a * width..];
        let below = if a + 1 < lines { &lower[..width] } else { &nothing_below[..] };
        let base = (lines - 1 - a) % width;
        // The last cell of the line starts a new diagonal, in the slot of the one that just ended.
        ring[(base + width - 1) % width] = NONE;
        // Position b uses slot base + b, wrapping: positions split..width use slots 0..base.
        let split = width - base;
        let (wrapped, unwrapped) = ring.split_at_mut(base);
        // Three passes, so that the one chain along the line (a cell loses iff it is open and
        // the next cell does not lose) is one operation per cell, the other two vectorize, and no
        // pass has a branch that depends on the board (whether a cell wins follows no pattern a
        // branch predictor could learn).
        // 1. open: free, and no losing target below or diagonally.
        for (part, ring_part) in [(split..width, &*wrapped), (0..split, &*unwrapped)] {
            let cells_and_slots = here[part.clone()].iter().zip(&below[part.clone()]).zip(ring_part);
            for (is_open, ((&cell, &below), &nearest)) in open[part].iter_mut().zip(cells_and_slots) {
                // nearest is a later line or NONE, and NONE - line > k (line < MAX_CELLS < NONE / 2).
                *is_open = ((cell != BLOCKED) & (below != LOSE) & (nearest - line > k)) as u8;
            }
        }
        // 2. open becomes loses, from the last position back.
        let mut next_loses = 0;
        for is_open in open.iter_mut().rev() {
            next_loses = *is_open & (next_loses ^ 1);
            *is_open = next_loses;
        }
        // 3. Write the cells, and make each losing cell its diagonal's nearest.
        for (part, ring_part) in [(split..width, &mut *wrapped), (0..split, &mut *unwrapped)] {
            let cells_and_slots = here[part.clone()].iter_mut().zip(ring_part.iter_mut());
            for (&loses, (cell, nearest)) in open[part].iter().zip(cells_and_slots) {
                // Arithmetic rather than `if`s, so that the loop vectorizes (a losing cell is free).
                let free = (*cell != BLOCKED) as u8;
                *cell = BLOCKED + free * (WIN - BLOCKED) - loses * (WIN - LOSE);
                *nearest -= (*nearest - line) * u32::from(loses);
            }
        }
    }
}

/// What a decided cell holds: [`BLOCKED`], or for a free one [`LOSE`] or [`WIN`].
#[inline(always)]
fn decided(free: bool, loses: bool) -> u8 {
    if !free {
        BLOCKED
    } else if loses {
        LOSE
    } else {
        WIN
    }
}

/// [`sweep`] for lines of one cell (a board one cell wide or tall): the only move is one cell
/// along, so a cell loses iff it is free and the next cell does not lose.
fn sweep_column(cells: &mut [u8]) {
    let mut next_loses = false;
    for cell in cells.iter_mut().rev() {
        let free = *cell != BLOCKED;
        let loses = free & !next_loses;
        *cell = decided(free, loses);
        next_loses = loses;
    }
}

/// Lines narrower than this are swept cell by cell ([`sweep_narrow`]): the three passes of
/// [`sweep`] pay per line what they save per cell.
const NARROW: usize = 32;

/// [`sweep`] one cell at a time, for narrow lines (a 10^8 x 1 board is 10^8 lines of one cell):
/// the same ring and rules, with nothing done per line but moving the ring's start.
fn sweep_narrow(cells: &mut [u8], width: usize, k: u32) {
    let mut ring = vec![NONE; width];
    // The slot of position 0 in the ring; position b uses slot (base + b) % width.
    let mut base = 0;
    let mut below_loses = vec![false; width];
    for a in (0..cells.len() / width).rev() {
        let here = &mut cells[a * width..(a + 1) * width];
        let line = a as u32;
        // From the last position back, its slot first: it starts a new diagonal.
        let mut slot = if base == 0 { width - 1 } else { base - 1 };
        ring[slot] = NONE;
        let mut next_loses = false;
        for (cell, below) in here.iter_mut().zip(below_loses.iter_mut()).rev() {
            let free = *cell != BLOCKED;
            // nearest - line > k also holds for NONE (line < MAX_CELLS < NONE / 2).
            let loses = free && !*below && !next_loses && ring[slot].wrapping_sub(line) > k;
            if loses {
                ring[slot] = line;
            }
            *cell = decided(free, loses);
            *below = loses;
            next_loses = loses;
            slot = if slot == 0 { width - 1 } else { slot - 1 };
        }
        base = if base + 1 == width { 0 } else { base + 1 };
    }
}

/// The problem as read: the undecided board, the diagonal reach `K`, and the start of every query.
#[derive(Debug, Clone)]
pub struct Problem {
    pub board: Board,
    pub reach: u64,
    /// Where each query's start cell is stored in the board (see [`Board::index`]).
    starts: Vec<u32>,
}

/// The decided board, and the starts of the queries.
#[derive(Debug, Clone)]
pub struct Answer {
    pub board: Board,
    starts: Vec<u32>,
}

/// Reads and checks the whole input: `N M K`, the board, `Q` and the queries, and nothing after
/// them.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let rows_at = input.peek_pos()?;
    let rows = input.u64_in("the number of rows N", 1, MAX_CELLS)?;
    let cols = input.u64_in("the number of columns M", 1, MAX_CELLS)?;
    board_cells(rows, cols, MAX_CELLS, rows_at)?;
    // Any number of digits: a `K` past the board's size adds no moves, so it saturates.
    let reach = input.u64_saturating("the diagonal reach K")?;
    let (rows, cols) = (rows as usize, cols as usize);
    let board = Board::laid_out(rows, cols, read_rows(input, rows, cols, cols <= NARROW)?)?;

    let count = input.u64_in("the number of queries Q", 0, MAX_QUERIES)?;
    let mut starts = Vec::new();
    // `x` and `y` are 0-based.
    let mut query = |i: usize, x: u32, y: u32| {
        let start = board.index(x as usize, y as usize);
        if board.cells[start] == BLOCKED {
            // The query's number says where it is: a scanner position costs a scan of its buffer,
            // too much to take for every query in case one is bad.
            let (x, y) = (x + 1, y + 1);
            return Err(Error::new(format!("query {i} of {count} starts on the blocked cell ({x}, {y})")));
        }
        // A false Q costs nothing: the starts grow as they arrive.
        try_grow_within(&mut starts, 1, count as usize, &format_args!("the starts of {count} queries"))?;
        starts.push(start as u32);
        Ok(())
    };
    read_pairs(
        input,
        count as usize,
        [rows as u32, cols as u32],
        ["query", "row", "column"],
        |first, pairs| {
            for (i, pair) in pairs.chunks_exact(2).enumerate() {
                query(first + i, pair[0], pair[1])?;
            }
            Ok(())
        },
    )?;
    input.finish(format_args!("the {count} queries"))?;
    // The sweep's ring and scratch lines ([`sweep`]): 6 bytes per position of a line.
    let width = rows.min(cols);
    check_memory(6 * width as u128, format_args!("the sweep of a line of {width} cells"))?;
    Ok(Problem { board, reach, starts })
}

/// Decides every free cell of the board, in place: the judge's question for every start at once.
pub fn decide(problem: Problem) -> Answer {
    let Problem { mut board, reach, starts } = problem;
    board.decide(reach);
    Answer { board, starts }
}

/// Writes exactly the judge's output: one line per query, `First` or `Second`.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    for &start in &answer.starts {
        out.write_all(if answer.board.cells[start as usize] == WIN { b"First\n" } else { b"Second\n" })?;
    }
    Ok(())
}

/// Writes the `--map` output: the decided board, one line per row, `W` or `L` for the player to
/// move on each free cell, `#` for blocked cells.
pub fn write_map(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    let board = &answer.board;
    let (rows, cols) = (board.rows, board.cols);
    if !board.by_columns {
        for row in board.cells.chunks(cols) {
            out.write_all(row)?;
            out.write_all(b"\n")?;
        }
        return Ok(());
    }
    let mut line = output_buffer(cols + 1)?;
    for r in 0..rows {
        line.clear();
        line.extend(board.cells[r..].iter().step_by(rows));
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// This problem as a type, for code that handles every game alike ([`crate::games::JudgeProblem`]).
pub struct Judge;
judge_problem!(Judge, "grid_game_28218");

#[cfg(test)]
mod tests {
    use super::*;

    fn decided(rows: &[&str], k: u64) -> Vec<String> {
        let cells: Vec<u8> = rows.concat().into_bytes();
        let mut board = Board::new(rows.len(), rows[0].len(), cells);
        board.decide(k);
        let mut map = Vec::new();
        write_map(&Answer { board, starts: Vec::new() }, &mut map).unwrap();
        String::from_utf8(map).unwrap().lines().map(String::from).collect()
    }

    #[test]
    fn open_board_without_diagonal_is_a_checkerboard() {
        // Without diagonal moves, a cell loses iff its distance to the corner
        // (row and column steps together) is even.
        assert_eq!(decided(&["....", "....", "...."], 0), ["WLWL", "LWLW", "WLWL"]);
    }

    #[test]
    fn diagonal_jumps_over_walls() {
        // (1, 1) has one move: two cells diagonally, over the wall at (2, 2), onto the corner.
        assert_eq!(decided(&[".#.", "##.", "..."], 2), ["W#L", "##W", "LWL"]);
        assert_eq!(decided(&[".#.", "##.", "..."], 1), ["L#L", "##W", "LWL"]);
    }

    fn transposed(rows: &[String]) -> Vec<String> {
        (0..rows[0].len()).map(|c| rows.iter().map(|r| r.as_bytes()[c] as char).collect()).collect()
    }

    #[test]
    fn wide_boards_are_swept_by_columns_and_agree_with_their_transpose() {
        let tall: Vec<String> = [".#.", "...", "#..", "..#", "...", ".#."].map(String::from).to_vec();
        let wide = transposed(&tall);
        for k in 0..4 {
            let tall_refs: Vec<&str> = tall.iter().map(String::as_str).collect();
            let wide_refs: Vec<&str> = wide.iter().map(String::as_str).collect();
            assert_eq!(transposed(&decided(&tall_refs, k)), decided(&wide_refs, k), "k = {k}");
        }
    }

    fn answer(text: &str) -> Result<String, Error> {
        let answer = decide(read(&mut Scanner::new(text.as_bytes()))?);
        let mut out = Vec::new();
        write_answer(&answer, &mut out).unwrap();
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn samples() {
        assert_eq!(answer("2 2 0\n.#\n..\n2\n1 1\n2 1\n").unwrap(), "Second\nFirst\n");
        assert_eq!(answer("2 2 1\n..\n..\n1\n1 1\n").unwrap(), "First\n");
        assert_eq!(answer("3 4 0\n....\n.#..\n....\n1\n3 2\n").unwrap(), "Second\n");
    }

    #[test]
    fn errors_say_where() {
        let err = |text: &str| answer(text).unwrap_err().message().to_string();
        assert_eq!(err("2 2 -1\n"), "line 1, column 5: expected the diagonal reach K, found `-1` (negative)");
        assert_eq!(err("2 2 0\n.x\n"), "line 2, column 2: row 1 of 2: found `x`, expected `#` or `.`");
        assert_eq!(err("2 2 0\n...\n"), "line 2, column 1: row 1 of 2 has more than 2 characters");
        assert_eq!(err("2 2 0\n..\n1\n"), "line 3, column 1: row 2 of 2: found `1`, expected `#` or `.`");
        assert_eq!(err("2 2 0\n.#\n..\n1\n1 2\n"), "query 1 of 1 starts on the blocked cell (1, 2)");
        assert_eq!(
            err("2 2 0\n..\n..\n1\n3 1\n"),
            "line 5, column 1: the row of query 1 of 1 must be between 1 and 2, found 3"
        );
        assert_eq!(err("2 2 0\n..\n..\n1\n1 1 1\n"), "line 5, column 5: unexpected `1` after the 1 queries");
        assert_eq!(
            err("100000 100000 0\n"),
            "line 1, column 1: a 100000x100000 board has 10000000000 cells, more than the 1000000000 allowed"
        );
    }

    #[test]
    fn huge_k_saturates() {
        assert_eq!(answer("2 2 99999999999999999999999\n..\n..\n1\n1 1\n").unwrap(), "First\n");
    }
}
