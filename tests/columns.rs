//! Checks `examples/columns.rs` (climbing beetles, the game of AtCoder ABC 229 H) against a plain
//! minimax over whole boards written here, which knows neither columns nor values: a position is
//! the board (its cells, row by row) and whose turn it is; a move climbs one of the mover's
//! beetles one cell up into an empty cell or takes one of the other's off; the player to move wins
//! when some move leaves the other losing (memoised).
//!
//! - Every board of size 1 and 2 (3^1 + 3^4 of them), and random boards of size 3 and 4, against
//!   the minimax: the program's answer is the minimax's winner with Left first.
//! - `--values` on columns worked by hand (below), and their sums.
//! - Bad input keeps the contract and says where.

use crate::common;
use common::{assert_rejected, run_program, Rng};
use std::collections::HashMap;

fn run_example(args: &[&str], input: &str) -> std::process::Output {
    run_program(common::example("columns").to_str().unwrap(), args, input.as_bytes())
}

fn answer(args: &[&str], input: &str) -> Vec<String> {
    let out = run_example(args, input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "columns failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

/// Whether the player to move (`left`: gold) wins on the `n x n` board `cells` (row by row).
fn wins(cells: &[u8], n: usize, left: bool, memo: &mut HashMap<(Vec<u8>, bool), bool>) -> bool {
    if let Some(&known) = memo.get(&(cells.to_vec(), left)) {
        return known;
    }
    let (mine, theirs) = if left { (b'G', b'S') } else { (b'S', b'G') };
    let mut win = false;
    for at in 0..cells.len() {
        let mut after = cells.to_vec();
        if cells[at] == mine && at >= n && cells[at - n] == b'.' {
            after[at - n] = mine;
            after[at] = b'.';
        } else if cells[at] == theirs {
            after[at] = b'.';
        } else {
            continue;
        }
        if !wins(&after, n, !left, memo) {
            win = true;
            break;
        }
    }
    memo.insert((cells.to_vec(), left), win);
    win
}

fn input_of(cells: &[u8], n: usize) -> String {
    let rows: Vec<&str> = cells.chunks(n).map(|row| std::str::from_utf8(row).unwrap()).collect();
    format!("{n}\n{}\n", rows.join("\n"))
}

fn check(cells: &[u8], n: usize, memo: &mut HashMap<(Vec<u8>, bool), bool>) -> &'static str {
    let expected = if wins(cells, n, true, memo) { "Left" } else { "Right" };
    let input = input_of(cells, n);
    assert_eq!(answer(&[], &input), vec![expected], "{input}");
    expected
}

#[test]
fn boards_against_minimax() {
    let mut memo = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for n in 1..=2usize {
        for code in 0..3usize.pow((n * n) as u32) {
            let cells: Vec<u8> = (0..n * n).map(|i| b".GS"[code / 3usize.pow(i as u32) % 3]).collect();
            seen.insert(check(&cells, n, &mut memo));
        }
    }
    let mut rng = Rng(229);
    for (n, rounds) in [(3, 150), (4, 60)] {
        for _ in 0..rounds {
            let cells: Vec<u8> = (0..n * n).map(|_| b"..GS"[rng.below(4)]).collect();
            seen.insert(check(&cells, n, &mut memo));
        }
    }
    assert_eq!(seen.len(), 2, "both winners seen");
}

/// Columns worked by hand (the top cell first; a column is written down the board):
/// - `G` alone at the top cannot climb; Right can take it: `{| 0} = -1`; `S` alone is `1`;
/// - `.G` (a gold beetle under an empty cell): Left climbs to `G.`, which plays as `G` (-1);
///   Right takes it (0): `{-1 | 0} = -1/2`; `.S` is `1/2`;
/// - `GS`: Left takes the silver beetle, leaving `G` (-1); Right takes the gold, leaving `.S`
///   (1/2): `{-1 | 1/2} = 0`;
/// - an empty column is 0.
#[test]
fn column_values_by_hand() {
    // Each column is read down the rows: `2\n.G\nGS` has the columns `.G` and `GS`.
    let lines = answer(&["--values"], "2\n.G\nGS\n");
    assert_eq!(lines, vec!["-1/2", "0", "Right"]);
    let lines = answer(&["--values"], "2\nSG\n..\n");
    assert_eq!(lines, vec!["1", "-1", "Right"]);
    let lines = answer(&["--values"], "2\n..\nSG\n");
    // 1/2 + (-1/2) = 0: the first player, Left, loses.
    assert_eq!(lines, vec!["1/2", "-1/2", "Right"]);
    let lines = answer(&["--values"], "3\n...\nS.G\n...\n");
    assert_eq!(lines, vec!["1/2", "0", "-1/2", "Right"]);
    let lines = answer(&["--values"], "1\nS\n");
    assert_eq!(lines, vec!["1", "Left"]);
}

#[test]
fn bad_input_keeps_the_contract() {
    for (args, input, message) in [
        (&[][..], "2\n.G\nGX\n", "line 3, column 2: row 2 of 2: a cell is `.`, `G` or `S`, found `X`"),
        (&[], "2\n.G\nG\n", "line 3, column 1: row 2 of 2 has 1 character, expected 2"),
        (&[], "2\n.G\nG..\n", "line 3, column 1: row 2 of 2 has more than 2 characters"),
        (&[], "9\n", "line 1, column 1"),
        (&[], "0\n", "line 1, column 1"),
        (&[], "1\n.\n.\n", "line 3, column 1"),
        (&["--value"], "1\n.\n", "unknown flag"),
    ] {
        let out = run_example(args, input);
        assert_rejected(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?} {input:?}: {err}");
    }
}
