//! The values the tests of atomic weights, reduced forms and birthdays (`partizan_cgt.rs`,
//! `partizan_reduced.rs`) run on: Domineering boards, Toads and Frogs strips and Linear Clobber
//! rows valued through the library's `Rules` (rules written here, plainly), and random forms made
//! with `Forms::make`. Nothing here computes what the tests check.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use crate::random::Rng;
use graph_games::partizan::{Evaluator, FormId, Forms, Rules, Side};

/// Domineering on a `rows x cols` board, a position being the mask of its empty cells: Left
/// places vertical dominoes, Right horizontal ones.
struct Domineering {
    rows: usize,
    cols: usize,
}

impl Rules for Domineering {
    type Position = u32;
    fn moves(&self, empty: &u32, side: Side, list: &mut Vec<u32>) {
        let (di, dj) = if side == Side::Left { (1, 0) } else { (0, 1) };
        for i in 0..self.rows - di {
            for j in 0..self.cols - dj {
                let pair = 1 << (i * self.cols + j) | 1 << ((i + di) * self.cols + j + dj);
                if empty & pair == pair {
                    list.push(empty & !pair);
                }
            }
        }
    }
}

/// The values of every filling of a `rows x cols` board (`rows * cols <= 16`), distinct.
pub fn domineering(f: &mut Forms, rows: usize, cols: usize) -> Vec<FormId> {
    let mut evaluator = Evaluator::new(Domineering { rows, cols });
    let values = (0..1u32 << (rows * cols)).map(|empty| evaluator.value(f, empty).unwrap()).collect();
    distinct(values)
}

/// Toads and Frogs on a strip of `T`, `F`, `.`: Left moves a toad one cell right, or over one frog
/// into the empty cell beyond; Right a frog to the left, the same way.
struct ToadsAndFrogs;

impl Rules for ToadsAndFrogs {
    type Position = Vec<u8>;
    fn moves(&self, strip: &Vec<u8>, side: Side, list: &mut Vec<Vec<u8>>) {
        let (mine, theirs, step) = if side == Side::Left { (b'T', b'F', 1isize) } else { (b'F', b'T', -1) };
        let at = |i: isize| if i >= 0 && (i as usize) < strip.len() { strip[i as usize] } else { b'#' };
        for i in 0..strip.len() as isize {
            if at(i) != mine {
                continue;
            }
            let to = if at(i + step) == b'.' {
                i + step
            } else if at(i + step) == theirs && at(i + 2 * step) == b'.' {
                i + 2 * step
            } else {
                continue;
            };
            let mut after = strip.clone();
            after[i as usize] = b'.';
            after[to as usize] = mine;
            list.push(after);
        }
    }
}

/// Linear Clobber on a row of `x` (Left's stones), `o` (Right's) and `.`: a player moves a stone
/// of theirs onto an adjacent stone of the other's, which leaves the board. Every position is
/// all-small: a move for one is a move for the other.
struct Clobber;

impl Rules for Clobber {
    type Position = Vec<u8>;
    fn moves(&self, row: &Vec<u8>, side: Side, list: &mut Vec<Vec<u8>>) {
        let (mine, theirs) = if side == Side::Left { (b'x', b'o') } else { (b'o', b'x') };
        for i in 0..row.len() {
            for j in [i.wrapping_sub(1), i + 1] {
                if row[i] == mine && j < row.len() && row[j] == theirs {
                    let mut after = row.clone();
                    after[i] = b'.';
                    after[j] = mine;
                    list.push(after);
                }
            }
        }
    }
}

/// Every word of `length` over `letters`.
fn words(letters: &[u8], length: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for _ in 0..length {
        all = all.iter().flat_map(|w| letters.iter().map(move |&c| [w.as_slice(), &[c]].concat())).collect();
    }
    all
}

/// The values of every Toads and Frogs strip of up to `max_len` cells, distinct.
pub fn toads_and_frogs(f: &mut Forms, max_len: usize) -> Vec<FormId> {
    let mut evaluator = Evaluator::new(ToadsAndFrogs);
    let strips = (1..=max_len).flat_map(|n| words(b"TF.", n));
    distinct(strips.map(|s| evaluator.value(f, s).unwrap()).collect())
}

/// The values of every Linear Clobber row of up to `max_len` cells, distinct.
pub fn clobber(f: &mut Forms, max_len: usize) -> Vec<FormId> {
    let mut evaluator = Evaluator::new(Clobber);
    let rows = (1..=max_len).flat_map(|n| words(b"xo.", n));
    distinct(rows.map(|s| evaluator.value(f, s).unwrap()).collect())
}

/// The value of one Linear Clobber row.
pub fn clobber_row(f: &mut Forms, row: &str) -> FormId {
    Evaluator::new(Clobber).value(f, row.as_bytes().to_vec()).unwrap()
}

/// `count` random forms, each made of up to two options a side from those before (numbers, `*`,
/// switches among them).
pub fn random_forms(f: &mut Forms, rng: &mut Rng, count: usize) -> Vec<FormId> {
    let mut pool: Vec<FormId> =
        ["0", "1", "-1", "1/2", "-3/4", "2", "*"].iter().map(|t| f.parse(t).unwrap()).collect();
    while pool.len() < count {
        let mut sides = [Vec::new(), Vec::new()];
        for side in &mut sides {
            for _ in 0..rng.below(3) {
                side.push(*rng.pick(&pool));
            }
        }
        let g = f.make(&sides[0], &sides[1]).unwrap();
        pool.push(g);
    }
    distinct(pool)
}

/// `count` random all-small forms: options for both sides or for neither, from those before.
pub fn random_all_small(f: &mut Forms, rng: &mut Rng, count: usize) -> Vec<FormId> {
    let mut pool = vec![Forms::ZERO];
    while pool.len() < count {
        let mut sides = [Vec::new(), Vec::new()];
        for side in &mut sides {
            for _ in 0..rng.between(1, 3) {
                side.push(*rng.pick(&pool));
            }
        }
        let g = f.make(&sides[0], &sides[1]).unwrap();
        pool.push(g);
    }
    distinct(pool)
}

fn distinct(mut forms: Vec<FormId>) -> Vec<FormId> {
    forms.sort_unstable();
    forms.dedup();
    forms
}
