//! Linear Clobber (docs/problems/clobber.md), a complete submission written against the crate's
//! public API only: rows valued by [`Evaluator`], their sum by [`Forms::winner_of_sum`].
//!
//! # Rules
//! A row of cells, each empty (`.`), holding one of Left's stones (`x`) or one of Right's (`o`).
//! A player moves one of their stones onto an adjacent cell holding an opponent's stone, which is
//! removed (the cell the stone left becomes empty). A player who cannot move loses. The rows are
//! played as a sum: a move is made in one row.
//!
//! # Input
//! `n` (1 to 10^5), then `n` rows, each a word of 1 to 14 characters `x`, `o` or `.`; nothing
//! after them.
//!
//! # Output
//! Who wins the sum of the rows: `Left` or `Right` (whoever starts), `First` (the player to move)
//! or `Second`. With `--values`, each row's value first, a line each.
//!
//! # Method
//! An empty cell cuts a row into independent runs of stones, and a run of one colour has no move
//! (value 0): a position is the list of its runs of both colours, each turned to the smaller of it
//! and its mirror image, the runs sorted, one empty cell between them ([`Rules::split`] hands each
//! run to [`Evaluator`], which values each position once, children first, without recursion).
//! The rows' sum is [`Forms::winner_of_sum`]'s, within the table's default budget: past it, an
//! error naming the budget (docs/partizan.md, "Who wins a sum of many components").
//!
//! # Cost
//! A row of 14 cells has at most 3^14 positions, and far fewer are met (every move removes a
//! stone); 10^5 rows share their positions through the memo.

use graph_games::cli;
use graph_games::input::{shown, Error};
use graph_games::partizan::{Evaluator, FormId, Forms, Rules, Side};
use std::io::Write;

/// The statement's bounds.
const MAX_ROWS: u64 = 100_000;
const MAX_CELLS: usize = 14;

const USAGE: &str = "\
usage: clobber [--values] [--stats] < input

Linear Clobber: reads n, then n rows of x (Left's stones), o (Right's) and . (empty), and prints
who wins their sum: Left, Right, First or Second. A move takes one of the mover's stones onto an
adjacent stone of the opponent's, which is removed.

  --values   first each row's value (its canonical form in CGSuite's notation), a line each
  --stats    then, on stderr: the positions valued, the canonical forms made and their memory
  --help     print this help
";

const EMPTY: u32 = 0;
const LEFT: u32 = 1;
const RIGHT: u32 = 2;

/// A row of `len` cells, cell `i` in bits `2i` and `2i + 1` of `cells`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Row {
    len: u8,
    cells: u32,
}

impl Row {
    fn get(&self, i: usize) -> u32 {
        self.cells >> (2 * i) & 3
    }

    fn with(&self, i: usize, what: u32) -> Row {
        Row { len: self.len, cells: self.cells & !(3 << (2 * i)) | what << (2 * i) }
    }

    /// The row's runs of stones that hold both colours (the others have no move), each as the
    /// smaller of it and its mirror image.
    fn runs(&self) -> Vec<Row> {
        let len = self.len as usize;
        let mut runs = Vec::new();
        let mut start = 0;
        while start < len {
            if self.get(start) == EMPTY {
                start += 1;
                continue;
            }
            let end = (start..len).find(|&i| self.get(i) == EMPTY).unwrap_or(len);
            let n = end - start;
            let run = Row { len: n as u8, cells: self.cells >> (2 * start) & ((1u32 << (2 * n)) - 1) };
            let both = (0..n).any(|i| run.get(i) == LEFT) && (0..n).any(|i| run.get(i) == RIGHT);
            if both {
                let mut mirror = Row { len: run.len, cells: 0 };
                for i in 0..n {
                    mirror = mirror.with(n - 1 - i, run.get(i));
                }
                runs.push(if mirror.cells < run.cells { mirror } else { run });
            }
            start = end;
        }
        runs
    }

    /// The position of the row: its runs (`runs`) sorted, one empty cell between them.
    fn normalised(&self) -> Row {
        let mut runs = self.runs();
        runs.sort_unstable_by_key(|r| (r.len, r.cells));
        let mut out = Row { len: 0, cells: 0 };
        for run in runs {
            if out.len > 0 {
                out.len += 1;
            }
            out.cells |= run.cells << (2 * out.len as u32);
            out.len += run.len;
        }
        out
    }
}

/// Clobber's rules: a stone takes an adjacent stone of the other colour.
struct Clobber;

impl Rules for Clobber {
    type Position = Row;

    fn moves(&self, row: &Row, side: Side, list: &mut Vec<Row>) {
        let len = row.len as usize;
        let (mine, theirs) = if side == Side::Left { (LEFT, RIGHT) } else { (RIGHT, LEFT) };
        for i in 0..len {
            if row.get(i) != mine {
                continue;
            }
            for j in [i.wrapping_sub(1), i + 1] {
                if j < len && row.get(j) == theirs {
                    list.push(row.with(i, EMPTY).with(j, mine).normalised());
                }
            }
        }
    }

    fn split(&self, row: &Row, parts: &mut Vec<Row>) {
        let runs = row.runs();
        if runs.len() >= 2 {
            parts.extend(runs);
        }
    }
}

fn main() {
    std::process::exit(cli::run(USAGE, &["--values", "--stats"], |flags, input, output| {
        let n = input.u64_in("the number of rows n", 1, MAX_ROWS)?;
        let mut rows = Vec::new();
        for r in 1..=n {
            let what = format!("row {r} of {n}");
            let (word, mark) = input.token_at_most(&what, MAX_CELLS)?;
            let word = word.to_vec();
            let at = input.position(mark);
            let mut row = Row { len: word.len() as u8, cells: 0 };
            for (i, &c) in word.iter().enumerate() {
                let cell = match c {
                    b'.' => EMPTY,
                    b'x' => LEFT,
                    b'o' => RIGHT,
                    _ => {
                        let message = format!("{what}: a cell is `x`, `o` or `.`, found {}", shown(&[c]));
                        return Err(Error::at(at.plus_columns(i), message).into());
                    }
                };
                row = row.with(i, cell);
            }
            rows.push(row);
        }
        input.finish("the last row")?;
        let mut forms = Forms::try_new()?;
        let mut evaluator = Evaluator::new(Clobber);
        let mut values: Vec<FormId> = Vec::new();
        for row in &rows {
            values.push(evaluator.value(&mut forms, row.normalised())?);
        }
        let winner = forms.winner_of_sum(&values)?;
        let mut text = String::new();
        if flags.has("--values") {
            for &value in &values {
                text.push_str(&forms.try_show(value)?);
                text.push('\n');
            }
        }
        text.push_str(winner.name());
        text.push('\n');
        output.write_all(text.as_bytes())?;
        if flags.has("--stats") {
            let (positions, count, bytes) = (evaluator.positions(), forms.len(), forms.heap_bytes());
            eprintln!("{positions} positions, {count} canonical forms, {bytes} bytes in the table");
        }
        Ok(())
    }));
}
