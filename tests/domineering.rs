//! Checks `examples/domineering.rs` against a plain minimax written here, which knows no values:
//! a position is the tuple of boards as they stand (bit masks, not normalised, not split), a move
//! places a domino on one of them, and the player to move wins when some move leaves the other
//! player losing (memoised). Who wins a sum (Left, Right, First, Second) is then read off the two
//! searches, Left first and Right first.
//!
//! - Random single boards of up to 13 empty cells, and random sums of 2 and 3 boards, against
//!   the minimax (the sums exercise `winner_of_sum` on the boards' canonical forms).
//! - The table of empty rectangles (`--table`) against values worked by hand or given in the
//!   literature: a column of `2n` or `2n + 1` cells is `n` (Left's `n` moves), a row `-n`; the
//!   2 x 2 square is `{1|-1}` (either player's move leaves one move for them alone), a first
//!   player win as Lachmann, Moore and Rapaport state ("Who wins Domineering on rectangular
//!   boards?", *More Games of No Chance*, 2002); and every rectangle up to 12 cells has the
//!   minimax's winner; the empty 5 x 5 is `0`, the minimax finding that the player to move loses.
//! - Bad input keeps the contract and says where.

use crate::common;
use common::{assert_rejected, run_program, Rng};
use graph_games::partizan::Forms;
use std::collections::HashMap;

fn run_example(args: &[&str], input: &str) -> std::process::Output {
    run_program(common::example("domineering").to_str().unwrap(), args, input.as_bytes())
}

fn answer(args: &[&str], input: &str) -> Vec<String> {
    let out = run_example(args, input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "domineering failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

/// A board: `rows x cols`, cell `(i, j)` empty when bit `i * cols + j` of `empty` is set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Board {
    rows: usize,
    cols: usize,
    empty: u64,
}

impl Board {
    fn text(&self) -> String {
        let mut s = format!("{} {}\n", self.rows, self.cols);
        for i in 0..self.rows {
            for j in 0..self.cols {
                s.push(if self.empty >> (i * self.cols + j) & 1 == 1 { '.' } else { '#' });
            }
            s.push('\n');
        }
        s
    }

    /// The boards after each domino `left` (vertical) or else Right (horizontal) can place.
    fn moves(&self, left: bool) -> Vec<Board> {
        let (di, dj) = if left { (1, 0) } else { (0, 1) };
        let mut out = Vec::new();
        for i in 0..self.rows {
            for j in 0..self.cols {
                if i + di < self.rows && j + dj < self.cols {
                    let pair = 1 << (i * self.cols + j) | 1 << ((i + di) * self.cols + j + dj);
                    if self.empty & pair == pair {
                        out.push(Board { empty: self.empty & !pair, ..*self });
                    }
                }
            }
        }
        out
    }
}

/// Whether the player to move (`left` or not) wins the sum `boards`.
fn wins(boards: &[Board], left: bool, memo: &mut HashMap<(Vec<Board>, bool), bool>) -> bool {
    if let Some(&known) = memo.get(&(boards.to_vec(), left)) {
        return known;
    }
    let mut win = false;
    'search: for (k, board) in boards.iter().enumerate() {
        for next in board.moves(left) {
            let mut after = boards.to_vec();
            after[k] = next;
            if !wins(&after, !left, memo) {
                win = true;
                break 'search;
            }
        }
    }
    memo.insert((boards.to_vec(), left), win);
    win
}

/// [`wins`] for one board, keyed by its mask alone (fast enough for the empty 5 x 5).
fn wins_alone(board: Board, left: bool, memo: &mut HashMap<(u64, bool), bool>) -> bool {
    if let Some(&known) = memo.get(&(board.empty, left)) {
        return known;
    }
    let win = board.moves(left).into_iter().any(|next| !wins_alone(next, !left, memo));
    memo.insert((board.empty, left), win);
    win
}

fn winner(boards: &[Board]) -> &'static str {
    let mut memo = HashMap::new();
    match (wins(boards, true, &mut memo), wins(boards, false, &mut memo)) {
        (true, false) => "Left",
        (false, true) => "Right",
        (true, true) => "First",
        (false, false) => "Second",
    }
}

/// The switch `{1|-1}` as the library prints it (CGSuite writes it `+-1`).
fn switch() -> String {
    let mut forms = Forms::new();
    let (one, minus_one) = (forms.integer(1).unwrap(), forms.integer(-1).unwrap());
    let g = forms.make(&[one], &[minus_one]).unwrap();
    forms.show(g)
}

fn random_board(rng: &mut Rng, max_empty: u32) -> Board {
    loop {
        let (rows, cols) = (rng.between(1, 5), rng.between(1, 5));
        let mut empty = 0u64;
        for cell in 0..rows * cols {
            if rng.below(10) < 7 {
                empty |= 1 << cell;
            }
        }
        if empty.count_ones() <= max_empty {
            return Board { rows, cols, empty };
        }
    }
}

fn input_of(boards: &[Board]) -> String {
    let mut s = format!("{}\n", boards.len());
    for b in boards {
        s += &b.text();
    }
    s
}

#[test]
fn random_boards_and_sums_against_minimax() {
    let mut rng = Rng(229);
    let mut seen = std::collections::HashSet::new();
    for (count, max_empty, rounds) in [(1, 13, 150), (2, 8, 120), (3, 6, 80)] {
        for _ in 0..rounds {
            let boards: Vec<Board> = (0..count).map(|_| random_board(&mut rng, max_empty)).collect();
            let input = input_of(&boards);
            let lines = answer(&[], &input);
            assert_eq!(lines.len(), count + 1, "{input}");
            let expected = winner(&boards);
            assert_eq!(lines[count], expected, "{input}");
            seen.insert((count, expected));
        }
    }
    for count in 1..=3 {
        for w in ["Left", "Right", "First", "Second"] {
            assert!(seen.contains(&(count, w)), "{w} never seen for {count} boards");
        }
    }
}

#[test]
fn empty_rectangles_against_hand_and_literature() {
    let lines = answer(&["--table"], "5 5\n");
    let table: HashMap<(usize, usize), String> = lines
        .iter()
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words.len(), 3, "{line}");
            ((words[0].parse().unwrap(), words[1].parse().unwrap()), words[2].to_string())
        })
        .collect();
    assert_eq!(table.len(), 25);
    for n in 1..=5usize {
        assert_eq!(table[&(n, 1)], (n / 2).to_string(), "a column of {n}");
    }
    for n in 1..=5usize {
        let row = if n < 2 { "0".to_string() } else { format!("-{}", n / 2) };
        assert_eq!(table[&(1, n)], row, "a row of {n}");
    }
    assert_eq!(table[&(2, 2)], switch());
    // Every rectangle of up to 12 cells: its winner by the minimax, through the judge mode.
    for (&(r, c), _) in table.iter().filter(|(&(r, c), _)| r * c <= 12) {
        let board = Board { rows: r, cols: c, empty: (1 << (r * c)) - 1 };
        let lines = answer(&[], &input_of(&[board]));
        assert_eq!(lines[0], table[&(r, c)], "{r} x {c}: the table and the judge mode");
        assert_eq!(lines[1], winner(&[board]), "{r} x {c}");
    }
    // The empty 5 x 5 board: the player to move loses (a game is 0 exactly then).
    let five = Board { rows: 5, cols: 5, empty: (1 << 25) - 1 };
    let mut memo = HashMap::new();
    assert!(!wins_alone(five, true, &mut memo) && !wins_alone(five, false, &mut memo));
    assert_eq!(answer(&[], &input_of(&[five])), vec!["0", "Second"]);
    // Two 2 x 2 squares cancel: {1|-1} + {1|-1} = 0.
    let square = Board { rows: 2, cols: 2, empty: 15 };
    assert_eq!(answer(&[], &input_of(&[square, square])), vec![switch(), switch(), "Second".to_string()]);
}

#[test]
fn bad_input_keeps_the_contract() {
    for (args, input, message) in [
        (
            &[][..],
            "1\n2 2\n..\n.x\n",
            "line 4, column 2: row 2 of 2 of board 1 of 1: a cell is `.` or `#`, found `x`",
        ),
        (&[], "1\n2 2\n..\n.\n", "line 4, column 1: row 2 of 2 of board 1 of 1 has 1 cell, expected 2"),
        (&[], "1\n2 2\n..\n...\n", "line 4, column 1"),
        (&[], "1\n9 1\n", "line 2, column 1"),
        (
            &[],
            "1\n6 6\n......\n......\n......\n......\n......\n......\n",
            "line 2, column 1: board 1 of 1 has 36 empty cells: at most 25",
        ),
        (&[], "2\n1 1\n.\n", "expected the number of rows of board 2 of 2"),
        (&[], "1\n1 1\n.\n1\n", "line 4, column 1"),
        (&["--table"], "6 6\n", "line 1, column 3: R * C is 36: at most 25"),
        (&["--table"], "2 2 2\n", "line 1, column 5"),
        (&["--tables"], "2 2\n", "unknown flag"),
    ] {
        let out = run_example(args, input);
        assert_rejected(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?} {input:?}: {err}");
    }
}
