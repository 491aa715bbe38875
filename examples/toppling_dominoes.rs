//! Toppling Dominoes (docs/problems/toppling_dominoes.md), a complete submission written against
//! the crate's public API only: rows valued by [`Evaluator`], their sum by
//! [`Forms::winner_of_sum`].
//!
//! # Rules
//! A row of dominoes, each blue (`L`, Left's), red (`R`, Right's) or green (`G`, either's). A move
//! topples one domino of the mover's colour or a green one, to the left or to the right: it falls
//! and so does every domino on that side, and the row is left with the dominoes strictly on the
//! other side of the toppled one. A player who cannot move loses. Several rows are played as a
//! sum: a move is made in one row.
//!
//! # Input
//! `k` (1 to 10^4), then `k` rows, each a word of 1 to 20 characters `L`, `R` or `G`; nothing
//! after them.
//!
//! # Output
//! Who wins the sum: `Left` or `Right` (whoever starts), `First` (the player to move) or `Second`.
//! With `--values`, first each row's value (its canonical form in CGSuite's notation), one line
//! each; with `--outcomes`, each row's winner alone, one line each, instead of the sum's.
//!
//! # Method
//! A position is a row, two bits a domino (never `00`, so the length is read off the highest
//! bit). Every move leaves a piece of the row (a prefix or a suffix), and a row and its mirror
//! image have the same value (left and right topplings trade places): each is kept as the lesser
//! of the two, so that both are valued once. [`Evaluator`] values each position once, children
//! first, without recursion.
//!
//! # Cost
//! A row of `n` dominoes leads to its `n (n + 1) / 2` pieces at most: 10^4 random rows of 20 make
//! about 535,000 positions (random rows share only short pieces, and few are mirror images) and
//! 450,000 canonical forms, valued in about 20 s of CPU and 90 MiB, within the 256 MiB a judge
//! allows (docs/problems/toppling_dominoes.md). The sum of many hot rows is too large to settle:
//! it is bounded, an error past the bound. Memory: the forms and the memo of positions, checked
//! as made.

use graph_games::cli;
use graph_games::input::{out_of_memory, shown, Error};
use graph_games::partizan::{Evaluator, FormId, Forms, Rules, Side};
use std::io::Write;

/// The statement's bounds.
const MAX_ROWS: u64 = 10_000;
const MAX_LEN: usize = 20;

const USAGE: &str = "\
usage: toppling_dominoes [--values] [--outcomes] [--stats] < input

Toppling Dominoes: reads k, then k rows of L (blue, Left's), R (red, Right's) and G (green,
either's), and prints who wins their sum: Left, Right, First or Second. A move topples a domino
of the mover's colour or a green one, to the left or to the right, with everything on that side.

  --values   first print each row's canonical form, one line each
  --outcomes print each row's winner alone, one line each, instead of the sum's
  --stats    then, on stderr: the positions valued, the canonical forms made and their memory
  --help     print this help
";

const BLUE: u64 = 1;
const RED: u64 = 2;
const GREEN: u64 = 3;

/// A row of dominoes, domino `i` in bits `2i` and `2i + 1` (module doc): `BLUE`, `RED` or `GREEN`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Row(u64);

impl Row {
    fn len(self) -> usize {
        (64 - self.0.leading_zeros() as usize + 1) / 2
    }

    fn get(self, i: usize) -> u64 {
        self.0 >> (2 * i) & 3
    }

    /// The dominoes `start..end`, as a row of their own.
    fn piece(self, start: usize, end: usize) -> Row {
        if start >= end {
            return Row(0);
        }
        let bits = 2 * (end - start);
        let mask = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
        Row(self.0 >> (2 * start) & mask)
    }

    /// The lesser of the row and its mirror image (module doc).
    fn normalised(self) -> Row {
        let len = self.len();
        let mut mirror = 0;
        for i in 0..len {
            mirror |= self.get(i) << (2 * (len - 1 - i));
        }
        Row(self.0.min(mirror))
    }
}

/// Toppling Dominoes' rules.
struct Toppling;

impl Rules for Toppling {
    type Position = Row;

    fn moves(&self, row: &Row, side: Side, list: &mut Vec<Row>) {
        let mine = if side == Side::Left { BLUE } else { RED };
        let len = row.len();
        for i in 0..len {
            let domino = row.get(i);
            if domino == mine || domino == GREEN {
                // Toppled to the right: the dominoes before it stay; to the left, those after it.
                list.push(row.piece(0, i).normalised());
                list.push(row.piece(i + 1, len).normalised());
            }
        }
    }
}

fn main() {
    let flags = ["--values", "--outcomes", "--stats"];
    std::process::exit(cli::run(USAGE, &flags, |flags, input, output| {
        let k = input.u64_in("the number of rows k", 1, MAX_ROWS)?;
        let mut rows = Vec::new();
        for r in 1..=k {
            let what = format!("row {r} of {k}");
            let (word, mark) = input.token_at_most(&what, MAX_LEN)?;
            let word = word.to_vec();
            let at = input.position(mark);
            let mut row = 0u64;
            for (i, &c) in word.iter().enumerate() {
                let domino = match c {
                    b'L' => BLUE,
                    b'R' => RED,
                    b'G' => GREEN,
                    _ => {
                        let message = format!("{what}: a domino is `L`, `R` or `G`, found {}", shown(&[c]));
                        return Err(Error::at(at.plus_columns(i), message).into());
                    }
                };
                row |= domino << (2 * i);
            }
            rows.push(Row(row));
        }
        input.finish("the last row")?;
        let mut forms = Forms::try_new()?;
        let mut evaluator = Evaluator::new(Toppling);
        let mut values: Vec<FormId> = Vec::new();
        for row in &rows {
            values.push(evaluator.value(&mut forms, row.normalised())?);
        }
        let mut text = String::new();
        if flags.has("--values") {
            for &value in &values {
                line(&mut text, &forms.try_show(value)?)?;
            }
        }
        if flags.has("--outcomes") {
            for &value in &values {
                line(&mut text, forms.winner(value)?.name())?;
            }
        } else {
            // Within the library's default sum budget: past it, an error within seconds.
            line(&mut text, forms.winner_of_sum(&values)?.name())?;
        }
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

/// `line` and a line break added to `text`, its growth checked: the whole output is made before
/// any of it is written (nothing on stdout on an error), and 10^4 rows' values are 100 MB.
fn line(text: &mut String, line: &str) -> Result<(), Error> {
    text.try_reserve(line.len() + 1)
        .map_err(|_| out_of_memory(text.len() as u128 + line.len() as u128 + 1, "the output"))?;
    text.push_str(line);
    text.push('\n');
    Ok(())
}
