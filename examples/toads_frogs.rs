//! Toads and Frogs (docs/problems/toads_frogs.md), a complete submission written against the
//! crate's public API only: strips valued by [`Evaluator`], their sum by
//! [`Forms::winner_of_sum`].
//!
//! # Rules
//! A strip of cells, each empty (`.`), holding a toad (`T`) or a frog (`F`). Left moves a toad
//! one cell to the right into an empty cell, or jumps it over one frog just to its right into the
//! empty cell just beyond; Right moves a frog one cell to the left, or jumps it over one toad just
//! to its left. Nothing jumps over its own kind, nor over two creatures, nor off the strip. A
//! player who cannot move loses. Several strips are played as a sum: a move is made on one strip.
//!
//! # Input
//! `k` (1 to 10), then `k` strips, each a word of 1 to 16 characters `T`, `F` or `.`; at most 8
//! creatures a strip and 40 cells in all; nothing after them.
//!
//! # Output
//! `k` lines, strip `i`'s value (its canonical form in CGSuite's notation), then who wins the sum:
//! `Left` or `Right` (whoever starts), `First` (the player to move) or `Second`.
//!
//! # Method
//! A position is the strip, two bits a cell. Frogs packed against the left end can never move
//! again, nor can anything reach their cells (toads go right, and nothing jumps into a full
//! block): they are dropped, and so are toads packed against the right end. [`Evaluator`] values
//! each position once, children first, without recursion.
//!
//! # Cost
//! A toad only goes right and a frog only left, so a strip of `n` cells has at most `n` moves per
//! creature in any game, but the positions reached still grow exponentially with the creatures:
//! the bounds keep the hardest strips (toads and frogs facing each other across empty cells)
//! within a few seconds and about 100 MB (docs/problems/toads_frogs.md). Memory: the forms and
//! the memo of positions, checked as made.

use graph_games::cli;
use graph_games::input::{shown, Error};
use graph_games::partizan::{Evaluator, FormId, Forms, Rules, Side};
use std::io::Write;

/// The statement's bounds.
const MAX_STRIPS: u64 = 10;
const MAX_CELLS: usize = 16;
const MAX_CREATURES: usize = 8;
const MAX_CELLS_IN_ALL: usize = 40;

const USAGE: &str = "\
usage: toads_frogs < input

Toads and Frogs: reads k, then k strips of T (toads, Left's, moving right), F (frogs, Right's,
moving left) and . (empty), and prints each strip's canonical form, then who wins their sum:
Left, Right, First or Second.

  --help     print this help
";

const EMPTY: u64 = 0;
const TOAD: u64 = 1;
const FROG: u64 = 2;

/// A strip of `len` cells, cell `i` in bits `2i` and `2i + 1` of `cells`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Strip {
    len: u8,
    cells: u64,
}

impl Strip {
    fn get(&self, i: usize) -> u64 {
        self.cells >> (2 * i) & 3
    }

    fn with(&self, i: usize, what: u64) -> Strip {
        Strip { len: self.len, cells: self.cells & !(3 << (2 * i)) | what << (2 * i) }
    }

    /// The strip without the frogs packed against its left end and the toads against its right.
    fn trimmed(&self) -> Strip {
        let len = self.len as usize;
        let start = (0..len).find(|&i| self.get(i) != FROG).unwrap_or(len);
        let end = (start..len).rev().find(|&i| self.get(i) != TOAD).map_or(start, |i| i + 1);
        let cells =
            if end == start { 0 } else { self.cells >> (2 * start) & ((1 << (2 * (end - start))) - 1) };
        Strip { len: (end - start) as u8, cells }
    }
}

/// Toads and Frogs' rules: Left's toads go right, Right's frogs left.
struct ToadsAndFrogs;

impl Rules for ToadsAndFrogs {
    type Position = Strip;

    fn moves(&self, strip: &Strip, side: Side, list: &mut Vec<Strip>) {
        let len = strip.len as usize;
        let (mine, theirs) = if side == Side::Left { (TOAD, FROG) } else { (FROG, TOAD) };
        for i in 0..len {
            if strip.get(i) != mine {
                continue;
            }
            // The cell one step ahead, and the one beyond it, in the creature's direction.
            let ahead = |steps: usize| {
                if side == Side::Left {
                    Some(i + steps).filter(|&j| j < len)
                } else {
                    i.checked_sub(steps)
                }
            };
            let target = match ahead(1) {
                Some(j) if strip.get(j) == EMPTY => Some(j),
                Some(j) if strip.get(j) == theirs => ahead(2).filter(|&k| strip.get(k) == EMPTY),
                _ => None,
            };
            if let Some(to) = target {
                list.push(strip.with(i, EMPTY).with(to, mine).trimmed());
            }
        }
    }
}

fn main() {
    std::process::exit(cli::run(USAGE, &[], |_, input, output| {
        let k = input.u64_in("the number of strips k", 1, MAX_STRIPS)?;
        let (mut strips, mut cells) = (Vec::new(), 0);
        for s in 1..=k {
            let what = format!("strip {s} of {k}");
            let (word, mark) = input.token_at_most(&what, MAX_CELLS)?;
            let word = word.to_vec();
            let at = input.position(mark);
            let mut strip = Strip { len: word.len() as u8, cells: 0 };
            for (i, &c) in word.iter().enumerate() {
                let cell = match c {
                    b'.' => EMPTY,
                    b'T' => TOAD,
                    b'F' => FROG,
                    _ => {
                        let message = format!("{what}: a cell is `T`, `F` or `.`, found {}", shown(&[c]));
                        return Err(Error::at(at.plus_columns(i), message).into());
                    }
                };
                strip = strip.with(i, cell);
            }
            let creatures = word.iter().filter(|&&c| c != b'.').count();
            if creatures > MAX_CREATURES {
                let message = format!("{what} holds {creatures} toads and frogs: at most {MAX_CREATURES}");
                return Err(Error::at(at, message).into());
            }
            cells += word.len();
            if cells > MAX_CELLS_IN_ALL {
                let message =
                    format!("{what} brings the cells to {cells}: at most {MAX_CELLS_IN_ALL} in all");
                return Err(Error::at(at, message).into());
            }
            strips.push(strip);
        }
        input.finish("the last strip")?;
        let mut forms = Forms::try_new()?;
        let mut evaluator = Evaluator::new(ToadsAndFrogs);
        let mut values: Vec<FormId> = Vec::new();
        for strip in &strips {
            values.push(evaluator.value(&mut forms, strip.trimmed())?);
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
        Ok(())
    }));
}
