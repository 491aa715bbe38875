//! AtCoder ABC 413 F "No Passage", a complete submission written against the crate's games with
//! scores (`graph_games::scores`) only: the game's positions, their sides and their weighted moves,
//! computed when the search asks for them (no graph is stored).
//!
//! # Rules (docs/problems/no_passage.md)
//! An `H x W` board has `K` goal cells. While a piece is off the goals, each round Aoki bans one of
//! the four directions, then Takahashi steps the piece one cell in one of the other three; a step
//! that would leave the board leaves it in place (the round still counts). Takahashi wants a goal
//! in as few rounds as possible; Aoki never, or else in as many as possible. For each start cell:
//! the rounds played under perfect play, 0 if the piece never reaches a goal. Print their sum.
//!
//! # Input
//! `H W K` (`2 <= H, W <= 3000`, `1 <= K <= min(H·W, 3000)`), then `K` distinct goals `R C`
//! (`1 <= R <= H`, `1 <= C <= W`); nothing after them.
//!
//! # Output
//! The sum; with `--values` instead, `H` lines of `W` words: each cell's rounds, `-` for never.
//!
//! # The game as the library sees it
//! One position per cell `c` (0-based, row by row): Takahashi's, the minimiser's, and a round is
//! a ban then a step, so the position is banned (`Stand::Banned { moves: 4, bans: 1 }`): four
//! moves of weight 1 (one round each), one per direction, to the cell the step leaves the piece
//! on (the cell beside `c` that way, or `c` itself for a step off the board), of which Aoki bans
//! one before Takahashi picks among the other three. On a goal, an end with payoff 0 (the game
//! is over, no round is played).
//!
//! Takahashi is the ender (the minimiser first wants the game to end): a cell's rounds are its
//! total, `Never` for a cell the piece never leaves for a goal. The search takes a banned
//! position of the ender's at its second least move (Aoki bans the best): one more than the
//! second least of its four steps' rounds, as the statement's game gives. A step off the board is
//! the statement's "the piece stays", a round back to `c`, so every cell has its four moves.
//! Perfect play never takes it (a round lost, and Aoki facing the same choice), but it is the
//! statement's game, so it is here.
//!
//! The moves into `t` come from the cells a step lands on `t` from: the neighbour on the far side
//! of each direction, and `t` itself for each direction that leaves the board.
//!
//! # Cost
//! `H·W` positions (9·10^6 at 3000 x 3000) and `4·H·W` moves. Only the totals are asked for
//! (`solve_totals`, no moves to play); the search's tables are the library's (its docs: 16 bytes
//! a position and the queue), and this program keeps one bit per cell besides.
//! docs/problems/no_passage.md has the times and memory measured at the judge's maximum.

use graph_games::cli;
use graph_games::input::decimal::push_decimal;
use graph_games::input::{Error, Scanner};
use graph_games::memory::{output_buffer, try_grow_within};
use graph_games::scores::{solve_totals, ScoredGame, Side, Stand, Total, Totals};
use std::io::{self, Read, Write};

/// The statement's bounds.
const MAX_SIDE: u64 = 3000;
const MAX_GOALS: u64 = 3000;

const USAGE: &str = "\
usage: no_passage [--values] < input

AtCoder ABC 413 F: reads H W K and K goal cells R C, and prints the sum over the H x W start cells
of the rounds Takahashi needs to bring the piece to a goal while Aoki bans one direction a round
(0 for a cell from which it never gets there).

  --values   print instead H lines of W words: each cell's rounds, or - for never
  --help     print this help
";

/// The board: its size and which cells are goals (bit `c % 64` of word `c / 64`).
struct Board {
    h: usize,
    w: usize,
    goals: Vec<u64>,
}

/// The directions: up, down, left, right. `d ^ 1` is the opposite of `d`.
const DIRECTIONS: usize = 4;

impl Board {
    fn cells(&self) -> usize {
        self.h * self.w
    }

    fn is_goal(&self, cell: usize) -> bool {
        self.goals[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// The cells beside `cell` in each direction, `None` off the board (one division for all).
    #[inline]
    fn neighbours(&self, cell: usize) -> [Option<usize>; DIRECTIONS] {
        let (row, column) = (cell / self.w, cell % self.w);
        let beside = |inside: bool, other: usize| if inside { Some(other) } else { None };
        [
            beside(row > 0, cell.wrapping_sub(self.w)),
            beside(row + 1 < self.h, cell + self.w),
            beside(column > 0, cell.wrapping_sub(1)),
            beside(column + 1 < self.w, cell + 1),
        ]
    }
}

impl ScoredGame for Board {
    fn num_states(&self) -> usize {
        self.cells()
    }

    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        for cell in 0..self.cells() {
            if self.is_goal(cell) {
                visit(Side::Min, Stand::End(0));
            } else {
                // Aoki bans one of the four directions, Takahashi steps one of the others.
                visit(Side::Min, Stand::Banned { moves: DIRECTIONS as u32, bans: 1 });
            }
        }
    }

    #[inline]
    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, cell: usize, mut visit: F) {
        // A step `d` lands here from the neighbour beyond the other side, and from `cell` itself
        // when `d` leaves the board; not from a goal, where the game is over.
        let neighbours = self.neighbours(cell);
        for d in 0..DIRECTIONS {
            let beyond = neighbours[d ^ 1];
            let stays = if neighbours[d].is_none() { Some(cell) } else { None };
            for from in beyond.into_iter().chain(stays) {
                if !self.is_goal(from) {
                    visit(from, 1);
                }
            }
        }
    }
}

/// Reads and checks the whole input.
fn read<R: Read>(input: &mut Scanner<R>) -> Result<Board, Error> {
    let h = input.u64_in("the number of rows H", 2, MAX_SIDE)? as usize;
    let w = input.u64_in("the number of columns W", 2, MAX_SIDE)? as usize;
    let most = MAX_GOALS.min((h * w) as u64);
    let k = input.u64_in("the number of goals K", 1, most)? as usize;
    // The goals as they arrive (a repeat is found by looking through those before: 3000 at most),
    // then the board's bits once the input has been read whole: memory follows what arrived.
    let mut listed: Vec<usize> = Vec::new();
    for i in 1..=k {
        let at = input.peek_pos()?;
        let r = input.u64_in(format_args!("the row of goal {i} of {k}"), 1, h as u64)? as usize;
        let c = input.u64_in(format_args!("the column of goal {i} of {k}"), 1, w as u64)? as usize;
        let cell = (r - 1) * w + (c - 1);
        if let Some(first) = listed.iter().position(|&other| other == cell) {
            let first = first + 1;
            return Err(Error::at(at, format!("goal {i} of {k}, cell ({r}, {c}), is goal {first} again")));
        }
        try_grow_within(&mut listed, 1, k, &format_args!("the {k} goals"))?;
        listed.push(cell);
    }
    input.finish(format_args!("the {k} goals"))?;
    let words = (h * w + 63) / 64;
    let mut goals: Vec<u64> = Vec::new();
    try_grow_within(&mut goals, words, words, &format_args!("the goals of a {h} x {w} board"))?;
    goals.resize(words, 0);
    for cell in listed {
        goals[cell / 64] |= 1 << (cell % 64);
    }
    Ok(Board { h, w, goals })
}

/// The rounds from `cell`, `None` for never.
fn rounds(totals: &Totals, cell: usize) -> Option<i64> {
    match totals.total(cell) {
        Total::Ends(t) => Some(t),
        Total::Never => None,
    }
}

/// The answer: the sum of the rounds, never counting 0.
fn write_sum(board: &Board, totals: &Totals, out: &mut impl Write) -> io::Result<()> {
    let sum: i64 = (0..board.cells()).filter_map(|cell| rounds(totals, cell)).sum();
    writeln!(out, "{sum}")
}

/// `--values`: a line per row, each cell's rounds or `-`.
fn write_values(board: &Board, totals: &Totals, out: &mut impl Write) -> io::Result<()> {
    // A row's words: at most 7 digits and a separator each.
    let mut line = output_buffer(8 * board.w + 1)?;
    for row in 0..board.h {
        line.clear();
        for column in 0..board.w {
            if column > 0 {
                line.push(b' ');
            }
            match rounds(totals, row * board.w + column) {
                Some(t) => push_decimal(&mut line, t as u64),
                None => line.push(b'-'),
            }
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

fn main() {
    std::process::exit(cli::run(USAGE, &["--values"], |flags, input, output| {
        let board = read(input)?;
        // Takahashi, the minimiser, wants the game to end.
        let totals = solve_totals(&board, Side::Min)?;
        if flags.has("--values") {
            write_values(&board, &totals, output)?;
        } else {
            write_sum(&board, &totals, output)?;
        }
        Ok(())
    }));
}
