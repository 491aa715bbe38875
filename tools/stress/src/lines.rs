//! An input as lines of tokens, and the generic steps that shrink it when nothing is known of its
//! format ([`smaller`]). Invariant: [`smaller`] offers every candidate of the definition below,
//! in this order, unless its visitor stops it, so that a shrink that saw the whole list go by
//! without a failing candidate may call its input 1-minimal (docs/stress.md says the same).
//!
//! The candidates one step smaller than an input, the "steps", cheapest to be right first:
//! 1. drop a run of lines (the halves, the quarters, ..., single lines: [`runs`]), alone, then
//!    with one of the nearest [`COUNTS_TRIED`] integers before the run (whose value is at least
//!    the run's length) lowered by the run's length;
//! 2. drop a column: in a block of lines of one shape (a maximal run of consecutive lines that
//!    have the same number k >= 2 of tokens, or each one token of the same length k >= 2, not starting with `-`; and the
//!    same run without its first line, a header of the same shape), the last token (or, for one
//!    token a line, its last byte) of every line, alone, then with each integer equal to k before
//!    the block lowered by 1;
//! 3. drop a run of tokens within a line of two or more, as lines are dropped in 1;
//! 4. bring an integer toward 0: `x - x`, `x - x/2`, `x - x/4`, ..., `x - 1`;
//! 5. cut the first or the last byte off a word (a token that is not an integer) of 2 bytes or more;
//! 6. as 1 and 3, with each of the other integers before the run (the farther ones, wherever they
//!    stand) whose value is at least the run's length lowered by it.
//!
//! Candidates are made one at a time, for the visitor to judge: a long input has many.

use graph_games::input::{is_space, Error};
use graph_games::memory::check_memory;

/// An input as lines of tokens (whitespace between tokens is not kept: one space, one line end).
pub type Lines = Vec<Vec<Vec<u8>>>;

/// The lines of tokens of `text` (empty lines kept).
pub fn parse(text: &[u8]) -> Lines {
    if text.is_empty() {
        return Lines::new();
    }
    let mut lines: Lines = text
        .split(|&b| b == b'\n')
        .map(|line| line.split(|&b| is_space(b)).filter(|t| !t.is_empty()).map(<[u8]>::to_vec).collect())
        .collect();
    if text.ends_with(b"\n") {
        lines.pop();
    }
    lines
}

/// Checks that the memory a shrink by these steps holds for `text` can be had: the input as lines
/// of tokens ([`parse`]: a vector a line and one a token, each with the allocator's least block
/// and a line's first growth), a candidate (cloned: exact), the runs to drop ([`runs`]) and a
/// few texts; about 380 bytes a line of one short token (measured: 100 million such lines held
/// 23 GB). So that an input of many short lines ends with an error, not a kill by the kernel.
pub fn check_shrink_memory(text: &[u8]) -> Result<(), Error> {
    let lines = text.iter().filter(|&&b| b == b'\n').count() as u128 + 1;
    let starts = text.iter().enumerate().filter(|&(i, &b)| !is_space(b) && (i == 0 || is_space(text[i - 1])));
    let tokens = starts.count() as u128;
    let need = (64 + 56) * tokens + (136 + 40 + 80) * lines.max(tokens / 2) + 4 * text.len() as u128;
    check_memory(need, format_args!("shrinking an input of {} lines and {} tokens", lines, tokens))
}

/// The text of `lines`: tokens separated by a space, each line ended.
pub fn write(lines: &Lines) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        for (i, token) in line.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(token);
        }
        out.push(b'\n');
    }
    out
}

/// The value of an integer token (`-` allowed), if it is one.
fn integer(token: &[u8]) -> Option<i128> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || digits.len() > 30 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// How many counts before a dropped run are tried first (the nearest); the others come last.
const COUNTS_TRIED: usize = 3;

/// What a visitor of candidates says after each: go on, or stop (it found what it wanted).
pub type Visit<'a> = &'a mut dyn FnMut(Lines) -> bool;

/// Offers `candidate`; `None` when the visitor stops, to end the enumeration with `?`.
fn offer(visit: &mut dyn FnMut(Lines) -> bool, candidate: Lines) -> Option<()> {
    if visit(candidate) {
        Some(())
    } else {
        None
    }
}

/// The integers of an input in reading order, under a tree of maxima, so that those before a
/// position whose value is at least some `least` come nearest first in O(log n) each, and none
/// in O(log n): a long input's runs with no count to lower cost nothing (step 6 would otherwise
/// walk the whole input before each run, quadratic, without a candidate to stop at).
struct Counts {
    /// Where each integer stands, (line, token), in reading order.
    at: Vec<(usize, usize)>,
    /// `tree[size + i]` is the `i`-th integer's value; `tree[v]` the largest below node `v`.
    tree: Vec<i128>,
    size: usize,
}

impl Counts {
    fn new(lines: &Lines) -> Counts {
        let mut at = Vec::new();
        let mut values = Vec::new();
        for (l, line) in lines.iter().enumerate() {
            for (t, token) in line.iter().enumerate() {
                if let Some(value) = integer(token) {
                    at.push((l, t));
                    values.push(value);
                }
            }
        }
        let size = values.len().next_power_of_two();
        let mut tree = vec![i128::MIN; 2 * size];
        tree[size..size + values.len()].copy_from_slice(&values);
        for v in (1..size).rev() {
            tree[v] = tree[2 * v].max(tree[2 * v + 1]);
        }
        Counts { at, tree, size }
    }

    /// The index of the last integer before index `end` whose value is at least `least`.
    fn last_before(&self, end: usize, least: i128) -> Option<usize> {
        // The nodes covering [0, end): those on the right side come right to left, and all lie
        // right of those on the left side, which come left to right.
        let (mut l, mut r) = (self.size, self.size + end);
        let mut left = Vec::new();
        let mut found = None;
        while l < r && found.is_none() {
            if r & 1 == 1 {
                r -= 1;
                if self.tree[r] >= least {
                    found = Some(r);
                }
            }
            if l & 1 == 1 && found.is_none() {
                left.push(l);
                l += 1;
            }
            l >>= 1;
            r >>= 1;
        }
        let mut v = found.or_else(|| left.into_iter().rev().find(|&v| self.tree[v] >= least))?;
        while v < self.size {
            v = if self.tree[2 * v + 1] >= least { 2 * v + 1 } else { 2 * v };
        }
        Some(v - self.size)
    }

    /// The positions (line, token) of the integers before `at` whose value is at least `least`,
    /// nearest first, found as they are asked for.
    fn before(&self, at: (usize, usize), least: i128) -> impl Iterator<Item = (usize, usize)> + '_ {
        let end = self.at.partition_point(|&p| p < at);
        std::iter::successors(self.last_before(end, least), move |&i| self.last_before(i, least))
            .map(move |i| self.at[i])
    }
}

/// `lines` with the integer at `(l, t)` lowered by `by`.
fn lowered(lines: &Lines, (l, t): (usize, usize), by: i128) -> Lines {
    let mut out = lines.clone();
    let value = integer(&lines[l][t]).expect("an integer") - by;
    out[l][t] = value.to_string().into_bytes();
    out
}

/// A run to drop: where it starts (a line and token position, for the counts before it), its
/// length, and how to drop it.
struct Run<'a> {
    at: (usize, usize),
    len: usize,
    drop: &'a dyn Fn(&mut Lines),
}

/// The candidates of dropping `run`: alone and with the nearest counts lowered (`near`), or with
/// the farther ones lowered (`!near`).
fn drop_run(lines: &Lines, counts: &Counts, run: &Run, near: bool, visit: Visit) -> Option<()> {
    let counts = counts.before(run.at, run.len as i128);
    let counts: Box<dyn Iterator<Item = (usize, usize)>> =
        if near { Box::new(counts.take(COUNTS_TRIED)) } else { Box::new(counts.skip(COUNTS_TRIED)) };
    if near {
        let mut plain = lines.clone();
        (run.drop)(&mut plain);
        offer(visit, plain)?;
    }
    for count in counts {
        let mut candidate = lowered(lines, count, run.len as i128);
        (run.drop)(&mut candidate);
        offer(visit, candidate)?;
    }
    Some(())
}

/// Steps 1 and 3 (`near`) or 6 (`!near`) of the module's doc.
fn drop_runs(lines: &Lines, counts: &Counts, near: bool, visit: Visit) -> Option<()> {
    for (start, end) in runs(lines.len()) {
        let drop = |l: &mut Lines| {
            l.drain(start..end);
        };
        drop_run(lines, counts, &Run { at: (start, 0), len: end - start, drop: &drop }, near, visit)?;
    }
    if near {
        drop_columns(lines, counts, visit)?;
    }
    for (l, line) in lines.iter().enumerate().filter(|(_, line)| line.len() > 1) {
        for (start, end) in runs(line.len()) {
            let drop = |lines: &mut Lines| {
                lines[l].drain(start..end);
            };
            drop_run(lines, counts, &Run { at: (l, start), len: end - start, drop: &drop }, near, visit)?;
        }
    }
    Some(())
}

/// A line's shape for step 2: its number of tokens if 2 or more, else the length of its one
/// token (negated, to tell them apart), if 2 or more; `None` for a line that has no column to lose.
fn shape(line: &[Vec<u8>]) -> Option<i64> {
    match line {
        [one] if one.len() >= 2 && one[0] != b'-' => Some(-(one.len() as i64)),
        [_, _, ..] => Some(line.len() as i64),
        _ => None,
    }
}

/// Step 2 of the module's doc: a column dropped from each block of lines of one shape.
fn drop_columns(lines: &Lines, counts: &Counts, visit: Visit) -> Option<()> {
    let mut start = 0;
    while start < lines.len() {
        let mut end = start + 1;
        while end < lines.len() && shape(&lines[end]) == shape(&lines[start]) {
            end += 1;
        }
        if let Some(shape) = shape(&lines[start]) {
            let blocks = if end - start >= 2 { vec![start, start + 1] } else { vec![start] };
            for first in blocks {
                let mut plain = lines.clone();
                for line in &mut plain[first..end] {
                    if shape < 0 {
                        line[0].pop();
                    } else {
                        line.pop();
                    }
                }
                let width = shape.abs() as i128;
                let counts = counts.before((first, 0), width);
                let counts = counts.filter(|&(l, t)| integer(&lines[l][t]) == Some(width));
                offer(visit, plain.clone())?;
                for (l, t) in counts {
                    let mut candidate = plain.clone();
                    candidate[l][t] = (width - 1).to_string().into_bytes();
                    offer(visit, candidate)?;
                }
            }
        }
        start = end;
    }
    Some(())
}

/// The runs of `len` items to try dropping: halves, quarters, ..., single ones, each once
/// (about `2 len` of them, made in O(len log len): a 300k-line input's first candidate comes at
/// once).
fn runs(len: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut size = len.div_ceil_compat(2);
    while size >= 1 && len > 0 {
        for start in (0..len).step_by(size) {
            let run = (start, (start + size).min(len));
            if seen.insert(run) {
                out.push(run);
            }
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil_compat(2);
    }
    out
}

/// `div_ceil`, which std stabilized after rustc 1.63.
trait DivCeil {
    fn div_ceil_compat(self, by: usize) -> usize;
}

impl DivCeil for usize {
    fn div_ceil_compat(self, by: usize) -> usize {
        (self + by - 1) / by
    }
}

/// Steps 4 and 5 of the module's doc: numbers toward 0, words cut.
fn smaller_tokens(lines: &Lines, visit: Visit) -> Option<()> {
    for (l, line) in lines.iter().enumerate() {
        for (t, token) in line.iter().enumerate() {
            let with = |token: Vec<u8>| {
                let mut changed = lines.clone();
                changed[l][t] = token;
                changed
            };
            match integer(token) {
                // Toward 0: x - x, x - x/2, x - x/4, ..., x - 1 (or + 1 below 0).
                Some(value) => {
                    let (sign, magnitude) = (value.signum(), value.abs());
                    let mut seen = Vec::new();
                    for bit in 0..128 {
                        let next = sign * (magnitude - (magnitude >> bit));
                        if next != value && !seen.contains(&next) {
                            seen.push(next);
                            offer(visit, with(next.to_string().into_bytes()))?;
                        }
                    }
                }
                None if token.len() > 1 => {
                    offer(visit, with(token[..token.len() - 1].to_vec()))?;
                    offer(visit, with(token[1..].to_vec()))?;
                }
                None => {}
            }
        }
    }
    Some(())
}

/// Offers `visit` every input one generic step smaller than `lines`, in the order of the module's
/// doc, until it says stop. Returns whether every candidate was offered (it never said stop).
pub fn smaller(lines: &Lines, visit: Visit) -> bool {
    let counts = Counts::new(lines);
    let mut all = || -> Option<()> {
        drop_runs(lines, &counts, true, visit)?;
        smaller_tokens(lines, visit)?;
        drop_runs(lines, &counts, false, visit)
    };
    all().is_some()
}

/// Every candidate of [`smaller`], in its order (for tests).
#[cfg(test)]
pub fn all_smaller(lines: &Lines) -> Vec<Lines> {
    let mut out = Vec::new();
    smaller(lines, &mut |candidate| {
        out.push(candidate);
        true
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Lines]) -> Vec<String> {
        lines.iter().map(|l| String::from_utf8(write(l)).unwrap()).collect()
    }

    fn steps(text: &str) -> Vec<String> {
        texts(&all_smaller(&parse(text.as_bytes())))
    }

    #[test]
    fn lines_of_tokens() {
        let lines = parse(b"3\n  a bb\t c\r\n\n7");
        assert_eq!(String::from_utf8(write(&lines)).unwrap(), "3\na bb c\n\n7\n");
        assert_eq!(parse(b""), Lines::new());
    }

    #[test]
    fn steps_drop_runs_with_their_counts_and_bisect_numbers() {
        let steps = steps("3\nab\ncd\nef\n");
        assert_eq!(&steps[..3], ["cd\nef\n", "3\nab\n", "1\nab\n"]);
        assert!(steps.contains(&"2\nab\nef\n".to_string()), "{steps:?}");
        assert!(
            steps.contains(&"0\nab\ncd\nef\n".to_string()) && steps.contains(&"2\nab\ncd\nef\n".to_string())
        );
        assert!(steps.contains(&"3\na\ncd\nef\n".to_string()));
        // (A one-token line of 2 bytes or more is a row of one column: `10` is it without its last.)
        assert_eq!(self::steps("100\n"), ["", "10\n", "0\n", "50\n", "75\n", "88\n", "94\n", "97\n", "99\n"]);
        assert_eq!(self::steps("-8\n"), ["", "0\n", "-4\n", "-6\n", "-7\n"]);
        // A count within the line: `2 5 6` loses a token and its count.
        assert!(self::steps("2 5 6\n").contains(&"1 6\n".to_string()));
    }

    #[test]
    fn a_board_loses_a_row_or_a_column_with_its_count() {
        // Rows of digits: the row count stands past the three nearest integers.
        let board = "3 4\n1 0 1 1\n0 0 1 0\n1 1 1 1\n";
        let steps = steps(board);
        assert!(steps.contains(&"2 4\n1 0 1 1\n0 0 1 0\n".to_string()), "{steps:?}");
        assert!(steps.contains(&"3 3\n1 0 1\n0 0 1\n1 1 1\n".to_string()), "{steps:?}");
        // Rows of characters, a header of one token a line.
        let steps = self::steps("2\n3\n.#.\n##.\n");
        assert!(steps.contains(&"2\n2\n.#\n##\n".to_string()), "{steps:?}");
        assert!(steps.contains(&"1\n3\n.#.\n".to_string()), "{steps:?}");
        // A header of the rows' shape is not a row.
        assert!(self::steps("2 2\n1 0\n0 1\n").contains(&"2 1\n1\n0\n".to_string()));
    }

    #[test]
    fn the_counts_before_a_position_come_nearest_first() {
        let lines = parse(b"5 x 3\n-2 7\n\n4 a 9 1\n8\n");
        let counts = Counts::new(&lines);
        // Every position and bound, against a plain walk backwards.
        for l in 0..=lines.len() {
            for t in 0..5 {
                for least in -3..10 {
                    let mut naive = Vec::new();
                    for (m, line) in lines.iter().enumerate().rev() {
                        for (u, token) in line.iter().enumerate().rev() {
                            if (m, u) < (l, t) && integer(token).map_or(false, |v| v >= least) {
                                naive.push((m, u));
                            }
                        }
                    }
                    let fast: Vec<(usize, usize)> = counts.before((l, t), least).collect();
                    assert_eq!(fast, naive, "before {:?}, at least {least}", (l, t));
                }
            }
        }
        assert_eq!(Counts::new(&parse(b"a b\n")).before((9, 9), 0).count(), 0);
    }

    #[test]
    fn a_visitor_that_stops_ends_the_list() {
        let mut seen = 0;
        let complete = smaller(&parse(b"3\nab\ncd\nef\n"), &mut |_| {
            seen += 1;
            seen < 2
        });
        assert_eq!((complete, seen), (false, 2));
    }
}
