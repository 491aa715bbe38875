//! "Climbing beetles" (docs/problems/columns.md), a complete submission written against the
//! crate's public API only: a board that is a sum of its columns, each valued by [`Evaluator`],
//! the sum decided by [`Forms::winner_of_sum`]. The game is the one of AtCoder ABC 229 H
//! ("Advance or Eat"), told in a story of our own.
//!
//! # Rules
//! An `n x n` board; each cell is empty (`.`), or holds a gold beetle (`G`, Left's) or a silver
//! one (`S`, Right's). On her turn Left either moves one gold beetle one cell up into an empty
//! cell, or takes any one silver beetle off the board; Right either moves a silver beetle one
//! cell up into an empty cell, or takes any one gold beetle off. A player who cannot move loses;
//! Left moves first. Who wins?
//!
//! # Input
//! `n` (1 to 8) and `n` rows of `n` characters `.`, `G` or `S`, the top row first; nothing after.
//!
//! # Output
//! `Left` if Left, moving first, wins; else `Right`. With `--values`, first the value of each
//! column, left to right, one line each (its canonical form in CGSuite's notation).
//!
//! # Method
//! A beetle stays in its column, and a move changes one column only: the board is the sum of its
//! columns. A column is a position of its own (two bits a cell, the top cell first), with the
//! empty cells below its lowest beetle dropped (no beetle ever goes down into them). [`Evaluator`]
//! values each column once, with every column it leads to (at most 3^8 of them), children first;
//! [`Forms::winner_of_sum`] says who wins the sum, and Left moving first wins when that is `Left`
//! or `First`.
//!
//! # Cost
//! At most 3^8 = 6561 columns of 8 cells, each valued once: milliseconds.

use graph_games::cli;
use graph_games::input::{plural, shown, Error};
use graph_games::partizan::{Evaluator, FormId, Forms, Rules, Side};
use std::io::Write;

/// The statement's bound.
const MAX_N: u64 = 8;

const USAGE: &str = "\
usage: columns [--values] < input

Climbing beetles (the game of AtCoder ABC 229 H): reads n and n rows of . G S (gold beetles are
Left's, silver Right's; a move climbs one of yours a cell up into an empty cell, or takes off one
of the other's) and prints Left if Left, moving first, wins, else Right.

  --values   first print each column's value, left to right
  --help     print this help
";

const EMPTY: u16 = 0;
const GOLD: u16 = 1;
const SILVER: u16 = 2;

/// A column of `len` cells, the top one first: cell `i` in bits `2i` and `2i + 1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Column {
    len: u8,
    cells: u16,
}

impl Column {
    fn get(&self, i: usize) -> u16 {
        self.cells >> (2 * i) & 3
    }

    fn with(&self, i: usize, what: u16) -> Column {
        Column { len: self.len, cells: self.cells & !(3 << (2 * i)) | what << (2 * i) }
    }

    /// The column without the empty cells below its lowest beetle.
    fn trimmed(&self) -> Column {
        let len = (0..self.len as usize).rev().find(|&i| self.get(i) != EMPTY).map_or(0, |i| i + 1);
        Column { len: len as u8, cells: self.cells }
    }
}

/// The rules of one column.
struct Beetles;

impl Rules for Beetles {
    type Position = Column;

    fn moves(&self, column: &Column, side: Side, list: &mut Vec<Column>) {
        let (mine, theirs) = if side == Side::Left { (GOLD, SILVER) } else { (SILVER, GOLD) };
        for i in 0..column.len as usize {
            let cell = column.get(i);
            if cell == mine && i > 0 && column.get(i - 1) == EMPTY {
                list.push(column.with(i, EMPTY).with(i - 1, mine).trimmed());
            } else if cell == theirs {
                list.push(column.with(i, EMPTY).trimmed());
            }
        }
    }
}

fn main() {
    std::process::exit(cli::run(USAGE, &["--values"], |flags, input, output| {
        let n = input.u64_in("the size of the board n", 1, MAX_N)? as usize;
        let mut columns = vec![Column { len: n as u8, cells: 0 }; n];
        for i in 0..n {
            let what = format!("row {} of {n}", i + 1);
            let (row, mark) = input.token_at_most(&what, n)?;
            let row = row.to_vec();
            let at = input.position(mark);
            if row.len() < n {
                let message = format!("{what} has {}, expected {n}", plural(row.len() as u64, "character"));
                return Err(Error::at(at, message).into());
            }
            for (j, &c) in row.iter().enumerate() {
                let cell = match c {
                    b'.' => EMPTY,
                    b'G' => GOLD,
                    b'S' => SILVER,
                    _ => {
                        let message = format!("{what}: a cell is `.`, `G` or `S`, found {}", shown(&[c]));
                        return Err(Error::at(at.plus_columns(j), message).into());
                    }
                };
                columns[j] = columns[j].with(i, cell);
            }
        }
        input.finish("the last row")?;
        let mut forms = Forms::try_new()?;
        let mut evaluator = Evaluator::new(Beetles);
        let mut values: Vec<FormId> = Vec::new();
        for column in &columns {
            values.push(evaluator.value(&mut forms, column.trimmed())?);
        }
        let winner = forms.winner_of_sum(&values)?;
        let mut text = String::new();
        if flags.has("--values") {
            for &value in &values {
                text.push_str(&forms.try_show(value)?);
                text.push('\n');
            }
        }
        text.push_str(if winner.wins(Side::Left, Side::Left) { "Left\n" } else { "Right\n" });
        output.write_all(text.as_bytes())?;
        Ok(())
    }));
}
