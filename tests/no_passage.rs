//! Checks `examples/no_passage.rs` (AtCoder ABC 413 F "No Passage", written on the scores library)
//! against two plain solutions written here, which share no code with the crate nor with each
//! other:
//! - [`by_rounds`], value iteration on the game cut at `k` rounds, for `k = 0, 1, 2, ...` until it
//!   stops changing: the statement's rules played out literally (Aoki's four bans, Takahashi's
//!   three steps, a step off the board leaving the piece in place);
//! - [`by_second_neighbour`], a breadth-first search from the goals that settles a cell when its
//!   second neighbour is settled (its doc proves that this is the game's value).
//!
//! What is checked, running the release-built example as a process (a plain `cargo test` builds it
//! into `examples/` beside the binaries; `cargo build --release --examples` first otherwise):
//! - the two oracles agree on thousands of random small boards;
//! - the example's `--values` and its sum against both on random small boards, every kind of
//!   cell (goal, finite, never) seen often, and against the search on boards up to 80 x 80;
//! - two families worked by hand (goals on the first row and column: `i + j - 3`; goals on the
//!   diagonal of a square: `|i - j|`) against both oracles, and the judge cases at the maximum size
//!   built from them (`max_row_and_column`, `max_diagonal`) against their closed forms;
//! - boards of the judge's maximum size, 3000 x 3000 (random goals, a dense patch), against the
//!   search; `max_random`'s expected answer is the search's (`BLESS=1` rewrites the case);
//! - bad input keeps the contract (one `error:` line, exit 2, nothing on stdout).

use crate::common;
use common::{assert_rejected, root, run_program, switch_on, Rng};
use std::collections::VecDeque;
use std::fs;

/// A board: `h` rows, `w` columns, the goals as (row, column), 1-based as in the input.
#[derive(Debug, Clone)]
struct Board {
    h: usize,
    w: usize,
    goals: Vec<(usize, usize)>,
}

impl Board {
    fn input(&self) -> String {
        let mut text = format!("{} {} {}\n", self.h, self.w, self.goals.len());
        for &(r, c) in &self.goals {
            text.push_str(&format!("{r} {c}\n"));
        }
        text
    }

    /// Whether each cell is a goal, row by row (cell `(r, c)` at `(r - 1) * w + c - 1`).
    fn goal_cells(&self) -> Vec<bool> {
        let mut goal = vec![false; self.h * self.w];
        for &(r, c) in &self.goals {
            goal[(r - 1) * self.w + c - 1] = true;
        }
        goal
    }
}

/// Where a step in direction `d` (up, down, left, right) takes the piece from `cell` (row-major
/// on an `h x w` board): the cell beside it, or `cell` itself when that would leave the board.
fn step(h: usize, w: usize, cell: usize, d: usize) -> usize {
    let (r, c) = (cell / w, cell % w);
    match d {
        0 if r > 0 => cell - w,
        1 if r + 1 < h => cell + w,
        2 if c > 0 => cell - 1,
        3 if c + 1 < w => cell + 1,
        _ => cell,
    }
}

/// Every cell's number of rounds with both playing perfectly, row by row (`None`: Aoki keeps the
/// piece off the goals forever), by value iteration.
///
/// `cut_k(c)` is the value of the game cut at `k` rounds: the fewest rounds within which
/// Takahashi can make sure of a goal from `c` if he must within `k`, `None` if he cannot. So
/// `cut_0` is 0 on the goals and `None` elsewhere, and `cut_{k+1}(c)` is 0 on a goal, else the
/// worst over Aoki's four bans of the best over Takahashi's three other steps of `1 + cut_k(where
/// the step leaves the piece)`, `None` counting as infinite. If the game's value `m` at `c` is
/// finite, Takahashi's way to a goal within `m` rounds fits in any cut `k >= m`, so `cut_k(c) = m`
/// from then on; if it is infinite, every `cut_k(c)` is `None`. Each step depends on the one before
/// alone, so once a step changes nothing, nothing changes after it: that table is the value.
fn by_rounds(board: &Board) -> Vec<Option<u64>> {
    let (h, w) = (board.h, board.w);
    let goal = board.goal_cells();
    let mut cut: Vec<Option<u64>> = goal.iter().map(|&g| if g { Some(0) } else { None }).collect();
    loop {
        let mut next = cut.clone();
        for cell in 0..h * w {
            if goal[cell] {
                continue;
            }
            let mut worst_ban: Option<Option<u64>> = None;
            for ban in 0..4 {
                // Takahashi's best step with `ban` banned (None: none reaches a goal in time).
                let mut best: Option<u64> = None;
                for d in (0..4).filter(|&d| d != ban) {
                    if let Some(v) = cut[step(h, w, cell, d)] {
                        best = Some(best.map_or(v + 1, |b: u64| b.min(v + 1)));
                    }
                }
                // Aoki's worst for Takahashi: None (never) beats any number.
                worst_ban = Some(match (worst_ban, best) {
                    (None, b) => b,
                    (Some(None), _) | (_, None) => None,
                    (Some(Some(a)), Some(b)) => Some(a.max(b)),
                });
            }
            next[cell] = worst_ban.unwrap();
        }
        if next == cut {
            return cut;
        }
        cut = next;
    }
}

/// The same by a breadth-first search: the goals are settled at 0; a cell that is not a goal is
/// settled at `d + 1` when a second neighbour of it is settled, at `d`. The queue pops the cells
/// in the order of their numbers, so that second neighbour's number is the second smallest among
/// all its neighbours (smaller than every neighbour settled later, or never).
///
/// Why this number `D(c)` is the game's value:
/// - Takahashi reaches a goal within `D(c)` rounds: `c` has two neighbours settled at `D(c) - 1`
///   or less; Aoki bans at most one of the two steps; Takahashi takes the other, and so on down
///   to 0.
/// - Aoki holds him to `D(c)` rounds at least, and forever where `D(c)` is never: he bans the step
///   to the neighbour with the smallest `D`. Every other neighbour has `D >= D(c) - 1` (the second
///   smallest is `D(c) - 1`), or is never if `c` is never (a cell with two settled neighbours is
///   settled); a step off the board leaves the piece on `c`. So a round lowers `D` by one at most,
///   and never turns a never into a number: the goals (`D = 0`) are `D(c)` rounds away at least.
fn by_second_neighbour(board: &Board) -> Vec<Option<u64>> {
    let (h, w) = (board.h, board.w);
    let mut number: Vec<Option<u64>> = vec![None; h * w];
    let mut settled_neighbours = vec![0u8; h * w];
    let mut queue = VecDeque::new();
    for &(r, c) in &board.goals {
        let cell = (r - 1) * w + c - 1;
        number[cell] = Some(0);
        queue.push_back(cell);
    }
    while let Some(cell) = queue.pop_front() {
        let d = number[cell].unwrap();
        for direction in 0..4 {
            let next = step(h, w, cell, direction);
            if next == cell || number[next].is_some() {
                continue;
            }
            settled_neighbours[next] += 1;
            if settled_neighbours[next] == 2 {
                number[next] = Some(d + 1);
                queue.push_back(next);
            }
        }
    }
    number
}

/// The answer: the sum of the numbers, a never counting 0.
fn sum(numbers: &[Option<u64>]) -> u64 {
    numbers.iter().map(|n| n.unwrap_or(0)).sum()
}

/// Runs the example with `args` on `input`; it must succeed and write nothing on stderr.
fn run_example(args: &[&str], input: &str) -> String {
    let out = run_program(common::example("no_passage").to_str().unwrap(), args, input.as_bytes());
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "no_passage failed ({:?}): {}\ninput (first 300 bytes): {:?}",
        out.status,
        String::from_utf8_lossy(&out.stderr),
        &input[..input.len().min(300)]
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The example's answer line, as a number.
fn example_sum(board: &Board) -> u64 {
    let text = run_example(&[], &board.input());
    assert!(text.ends_with('\n') && text.lines().count() == 1, "one line expected, got {text:?}");
    text.trim_end().parse().unwrap_or_else(|_| panic!("not a number: {text:?}"))
}

/// The example's `--values`: `h` lines of `w` words, a number or `-`.
fn example_values(board: &Board) -> Vec<Option<u64>> {
    let text = run_example(&["--values"], &board.input());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), board.h, "one line per row expected: {text:?}");
    let mut numbers = Vec::new();
    for line in lines {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words.len(), board.w, "one word per column expected: {line:?}");
        for word in words {
            numbers.push(if word == "-" { None } else { Some(word.parse().unwrap()) });
        }
    }
    numbers
}

/// A random board of `2..=max` rows and columns; the goals of one of three kinds: scattered at a
/// random density, in a dense patch, or along a diagonal with gaps (cells reach goals there).
fn random_board(rng: &mut Rng, max: usize) -> Board {
    let (h, w) = (rng.between(2, max), rng.between(2, max));
    let mut goals = Vec::new();
    let percent = rng.between(5, 60);
    let kind = rng.below(3);
    let (top, left) = (rng.below(h), rng.below(w));
    for r in 1..=h {
        for c in 1..=w {
            let chosen = match kind {
                0 => rng.below(100) < percent,
                1 => r > top && c > left && rng.below(100) < 80,
                _ => (r + c) % 4 == (top + left) % 4 && rng.below(100) < 85,
            };
            if chosen {
                goals.push((r, c));
            }
        }
    }
    if goals.is_empty() {
        goals.push((rng.between(1, h), rng.between(1, w)));
    }
    // The input lists them in any order.
    for i in (1..goals.len()).rev() {
        goals.swap(i, rng.below(i + 1));
    }
    Board { h, w, goals }
}

#[test]
fn the_two_oracles_agree_on_random_boards() {
    let mut rng = Rng(413);
    let (mut finite, mut never) = (0, 0);
    for _ in 0..3000 {
        let board = random_board(&mut rng, 8);
        let numbers = by_rounds(&board);
        assert_eq!(numbers, by_second_neighbour(&board), "{board:?}");
        finite += numbers.iter().filter(|n| n.map_or(false, |n| n > 0)).count();
        never += numbers.iter().filter(|n| n.is_none()).count();
    }
    assert!(finite > 10_000 && never > 10_000, "{finite} finite, {never} never");
}

#[test]
fn the_example_against_the_oracles_on_random_boards() {
    let mut rng = Rng(2025);
    let mut seen = [0usize; 4]; // goal, 1 or 2 rounds, 3 rounds or more, never
    for round in 0..300 {
        let board = random_board(&mut rng, 9);
        let numbers = by_rounds(&board);
        assert_eq!(example_values(&board), numbers, "{board:?}");
        if round % 3 == 0 {
            assert_eq!(example_sum(&board), sum(&numbers), "{board:?}");
        }
        for n in numbers {
            seen[match n {
                Some(0) => 0,
                Some(1) | Some(2) => 1,
                Some(_) => 2,
                None => 3,
            }] += 1;
        }
    }
    assert!(seen.iter().all(|&count| count > 500), "goal, 1-2, 3+, never: {seen:?}");
}

#[test]
fn the_example_against_the_search_on_larger_boards() {
    let mut rng = Rng(3000);
    for _ in 0..20 {
        let board = random_board(&mut rng, 80);
        assert_eq!(example_values(&board), by_second_neighbour(&board), "{board:?}");
    }
}

/// Goals on the whole first row and first column.
fn row_and_column(h: usize, w: usize) -> Board {
    let mut goals: Vec<(usize, usize)> = (1..=w).map(|c| (1, c)).collect();
    goals.extend((2..=h).map(|r| (r, 1)));
    Board { h, w, goals }
}

/// Goals on the diagonal of an `n x n` board.
fn diagonal(n: usize) -> Board {
    Board { h: n, w: n, goals: (1..=n).map(|i| (i, i)).collect() }
}

/// By hand (docs/problems/no_passage.md): with goals on the first row and column, cell `(i, j)`,
/// `i, j >= 2`, takes `i + j - 3` rounds; with goals on the diagonal, `|i - j|`.
fn row_and_column_by_hand(h: usize, w: usize) -> Vec<Option<u64>> {
    let mut numbers = Vec::new();
    for i in 1..=h {
        for j in 1..=w {
            numbers.push(Some(if i == 1 || j == 1 { 0 } else { (i + j - 3) as u64 }));
        }
    }
    numbers
}

fn diagonal_by_hand(n: usize) -> Vec<Option<u64>> {
    (0..n * n).map(|cell| Some((cell / n).abs_diff(cell % n) as u64)).collect()
}

#[test]
fn the_families_worked_by_hand() {
    for h in 2..=9 {
        for w in 2..=9 {
            let board = row_and_column(h, w);
            assert_eq!(by_rounds(&board), row_and_column_by_hand(h, w), "{h} x {w}");
            assert_eq!(by_second_neighbour(&board), row_and_column_by_hand(h, w), "{h} x {w}");
        }
        let board = diagonal(h);
        assert_eq!(by_rounds(&board), diagonal_by_hand(h), "{h} x {h}");
        assert_eq!(by_second_neighbour(&board), diagonal_by_hand(h), "{h} x {h}");
    }
    assert_eq!(example_values(&row_and_column(30, 41)), row_and_column_by_hand(30, 41));
    assert_eq!(example_values(&diagonal(50)), diagonal_by_hand(50));
    // The judge cases at the maximum size: their inputs are these boards, their answers the sums.
    for (name, board, numbers) in [
        ("max_row_and_column", row_and_column(1500, 1501), row_and_column_by_hand(1500, 1501)),
        ("max_diagonal", diagonal(3000), diagonal_by_hand(3000)),
    ] {
        let folder = root();
        let input = fs::read_to_string(folder.join(format!("inputs/no_passage/{name}.in"))).unwrap();
        assert_eq!(input, board.input(), "{name}.in");
        let expected = fs::read_to_string(folder.join(format!("expected/no_passage/{name}.out"))).unwrap();
        assert_eq!(expected, format!("{}\n", sum(&numbers)), "{name}.out");
    }
}

/// A 3000 x 3000 board with `k` goals at random cells of the `patch x patch` square in its middle
/// (`patch = 3000`: anywhere).
fn max_board(rng: &mut Rng, k: usize, patch: usize) -> Board {
    let n = 3000;
    let offset = (n - patch) / 2;
    let mut taken = std::collections::HashSet::new();
    let mut goals = Vec::new();
    while goals.len() < k {
        let cell = (offset + rng.between(1, patch), offset + rng.between(1, patch));
        if taken.insert(cell) {
            goals.push(cell);
        }
    }
    Board { h: n, w: n, goals }
}

#[test]
fn boards_of_the_maximum_size_against_the_search() {
    let mut rng = Rng(9_000_000);
    let generated = max_board(&mut rng, 3000, 3000);
    // A judge case: the search's answer (BLESS=1 writes both files anew).
    let (input_path, expected_path) =
        (root().join("inputs/no_passage/max_random.in"), root().join("expected/no_passage/max_random.out"));
    let expected = format!("{}\n", sum(&by_second_neighbour(&generated)));
    if switch_on("BLESS") {
        fs::write(&input_path, generated.input()).unwrap();
        fs::write(&expected_path, &expected).unwrap();
    }
    assert_eq!(fs::read_to_string(&input_path).unwrap(), generated.input(), "max_random.in");
    assert_eq!(fs::read_to_string(&expected_path).unwrap(), expected, "max_random.out");
    for board in [generated, max_board(&mut rng, 3000, 60), max_board(&mut rng, 2000, 120)] {
        assert_eq!(example_sum(&board), sum(&by_second_neighbour(&board)), "{} goals", board.goals.len());
    }
}

#[test]
fn bad_input_keeps_the_contract() {
    let goals = |k: usize| (1..=k).map(|i| format!("1 {i}\n")).collect::<String>();
    let cases = [
        String::new(),
        "1 3 1\n1 1\n".to_string(),
        "3 1 1\n1 1\n".to_string(),
        "3001 2 1\n1 1\n".to_string(),
        "2 3001 1\n1 1\n".to_string(),
        "2 2 0\n".to_string(),
        "2 2 5\n1 1\n1 2\n2 1\n2 2\n1 1\n".to_string(),
        format!("3000 3000 3001\n{}", goals(3001)),
        "2 2 1\n3 1\n".to_string(),
        "2 2 1\n1 3\n".to_string(),
        "2 2 1\n0 1\n".to_string(),
        "2 2 2\n1 1\n1 1\n".to_string(),
        "2 2 2\n1 1\n".to_string(),
        "2 2 1\n1 1\n2\n".to_string(),
        "2 2 1\n1 -1\n".to_string(),
        "2 2 1\n1 x\n".to_string(),
        "2 2 1\n1 99999999999999999999999\n".to_string(),
    ];
    for input in &cases {
        let out = run_program(common::example("no_passage").to_str().unwrap(), &[], input.as_bytes());
        assert_rejected(&out);
    }
}
