//! Checks `examples/toppling_dominoes.rs` against a plain minimax written here, which knows no
//! values: a position is the list of rows as they stand (strings of `L`, `R`, `G`, nothing
//! normalised), a move topples a domino of the mover's colour or a green one in one row, to the
//! left (the row keeps what lies right of it) or to the right (what lies left of it), and the
//! player to move wins when some move leaves the other player losing (memoised). Who wins (Left,
//! Right, First, Second) is read off the two searches, Left first and Right first.
//!
//! - Random rows of up to 12 dominoes alone (`--outcomes`), against the minimax and against the
//!   rule of the ends (`by_the_ends`); random sums of 2 and 3 rows against the minimax.
//! - The values printed are canonical forms: two rows print the same value exactly when their
//!   difference (the first plus the second with its colours swapped) is a second player's win,
//!   by the minimax, on random pairs.
//! - Values worked by hand, and the families whose values are known: a row of `n` blue dominoes
//!   is `n`, of `n` red ones `-n`, of `n` green ones the nimber `*n` (Lessons in Play).
//! - Bad input keeps the contract and says where.

use crate::common;
use common::{assert_rejected, run_program, Rng};
use std::collections::HashMap;

fn run_example(args: &[&str], input: &str) -> std::process::Output {
    run_program(common::example("toppling_dominoes").to_str().unwrap(), args, input.as_bytes())
}

fn answer(args: &[&str], input: &str) -> Vec<String> {
    let out = run_example(args, input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "toppling_dominoes failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

fn input_of(rows: &[String]) -> String {
    format!("{}\n{}\n", rows.len(), rows.join("\n"))
}

/// The positions the player (`left` or not) can move to from `rows`.
fn moves(rows: &[String], left: bool) -> Vec<Vec<String>> {
    let mine = if left { b'L' } else { b'R' };
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (i, &domino) in row.as_bytes().iter().enumerate() {
            if domino != mine && domino != b'G' {
                continue;
            }
            // Toppled to the left, what lies right of it stays; to the right, what lies left.
            for rest in [&row[i + 1..], &row[..i]] {
                let mut next = rows.to_vec();
                next[r] = rest.to_string();
                out.push(next);
            }
        }
    }
    out
}

/// Whether the player to move (`left` or not) wins from `rows`.
fn wins(rows: &[String], left: bool, memo: &mut HashMap<(Vec<String>, bool), bool>) -> bool {
    let key = (rows.to_vec(), left);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let won = moves(rows, left).iter().any(|next| !wins(next, !left, memo));
    memo.insert(key, won);
    won
}

/// Who wins the sum of `rows`, by the minimax.
fn winner(rows: &[String], memo: &mut HashMap<(Vec<String>, bool), bool>) -> &'static str {
    match (wins(rows, true, memo), wins(rows, false, memo)) {
        (true, true) => "First",
        (true, false) => "Left",
        (false, true) => "Right",
        (false, false) => "Second",
    }
}

/// Who wins a row alone, by its two end dominoes: a player who may topple an end domino toward the
/// rest knocks the whole row over and wins; a player who may not leaves, whatever they topple, a
/// piece that keeps one of the ends (a prefix keeps the first, a suffix the last), and the other
/// player knocks that piece over. So Left wins moving first exactly when an end is `L` or `G`,
/// Right when an end is `R` or `G`.
fn by_the_ends(row: &str) -> &'static str {
    let ends = [row.as_bytes()[0], row.as_bytes()[row.len() - 1]];
    let left = ends.iter().any(|&d| d != b'R');
    let right = ends.iter().any(|&d| d != b'L');
    match (left, right) {
        (true, true) => "First",
        (true, false) => "Left",
        (false, true) => "Right",
        (false, false) => "Second",
    }
}

fn random_row(rng: &mut Rng, max_len: usize) -> String {
    let len = rng.between(1, max_len);
    (0..len).map(|_| ['L', 'R', 'G'][rng.below(3)]).collect()
}

/// The row with its colours swapped: its negative.
fn negative(row: &str) -> String {
    row.chars()
        .map(|c| match c {
            'L' => 'R',
            'R' => 'L',
            _ => c,
        })
        .collect()
}

#[test]
fn random_rows_and_sums_against_minimax() {
    let mut rng = Rng(1994);
    let mut memo = HashMap::new();
    // Rows alone: all in one input, each one's winner with --outcomes.
    let rows: Vec<String> = (0..400).map(|_| random_row(&mut rng, 12)).collect();
    let lines = answer(&["--outcomes"], &input_of(&rows));
    assert_eq!(lines.len(), rows.len());
    let mut seen = std::collections::HashSet::new();
    for (row, line) in rows.iter().zip(&lines) {
        let expected = winner(std::slice::from_ref(row), &mut memo);
        assert_eq!(line, expected, "{row}");
        assert_eq!(line, by_the_ends(row), "{row}");
        seen.insert((1, expected));
    }
    // Sums: who wins, the program's default answer.
    for (count, max_len, rounds) in [(2, 7, 150), (3, 5, 120)] {
        for _ in 0..rounds {
            let rows: Vec<String> = (0..count).map(|_| random_row(&mut rng, max_len)).collect();
            let input = input_of(&rows);
            let expected = winner(&rows, &mut memo);
            assert_eq!(answer(&[], &input), vec![expected.to_string()], "{input}");
            seen.insert((count, expected));
        }
    }
    for count in 1..=3 {
        for w in ["Left", "Right", "First", "Second"] {
            // (A row alone is never 0: by_the_ends.)
            assert!(
                seen.contains(&(count, w)) || (count, w) == (1, "Second"),
                "{w} never seen for {count} rows"
            );
        }
    }
}

#[test]
fn equal_values_are_equal_games() {
    let mut rng = Rng(2004);
    let mut memo = HashMap::new();
    // Short rows, so that many pairs are equal games (and longer ones, mostly not).
    let rows: Vec<String> = (0..120).map(|k| random_row(&mut rng, if k % 2 == 0 { 3 } else { 6 })).collect();
    // (--outcomes: no sum of 120 rows, which may be too large to settle.)
    let lines = answer(&["--values", "--outcomes"], &input_of(&rows));
    assert_eq!(lines.len(), 2 * rows.len());
    let (mut equal, mut different) = (0, 0);
    for i in 0..rows.len() {
        for j in i + 1..rows.len() {
            let difference = [rows[i].clone(), negative(&rows[j])];
            let zero = winner(&difference, &mut memo) == "Second";
            assert_eq!(
                lines[i] == lines[j],
                zero,
                "{} is {}, {} is {}",
                rows[i],
                lines[i],
                rows[j],
                lines[j]
            );
            if zero {
                equal += 1;
            } else {
                different += 1;
            }
        }
    }
    assert!(equal >= 100 && different >= 100, "{equal} equal pairs, {different} different");
}

/// Worked by hand, `{L | R}` from each player's moves (a toppled domino takes everything on the
/// side it falls to, so a move leaves a piece of the row):
/// - `L` = `{0 |}` = 1, `R` = -1, `G` = `{0 | 0}` = `*`;
/// - `LL` = `{0, 1 |}` = 2 (the first domino toppled to the left leaves `L`, the second to the
///   right too); `GG` = `{0, * | 0, *}` = `*2`;
/// - `LR` = `{0, R | 0, L}` = `{0, -1 | 0, 1}` = `{0 | 0}` = `*`;
/// - `LG`: Left topples `L` (leaving `G` or nothing) or `G` (leaving `L` or nothing), Right only
///   `G`: `{0, *, 1 | 0, 1}`, whose dominated options go: `{1 | 0}`;
/// - `LLR`: `{0, LR, L, R | LL, 0}` = `{0, *, 1, -1 | 2, 0}` = `{1 | 0}` as well;
/// - `LRR` = `{0, RR | L, R, LR, 0}` = `{0, -2 | 1, -1, *, 0}` = `{0 | -1}`, the negative of
///   `LLR` mirrored;
/// - sums: `L + R` = 0 (Second); `LG + R` = `{1 | 0} - 1` = `{0 | -1}` (First); `G + GG` =
///   `* + *2` = `*3` (First); `L + G + LR + LG` = `1 + * + * + {1 | 0}` = `{2 | 1}` (Left).
#[test]
fn values_by_hand() {
    let cases = [
        ("L", "1"),
        ("R", "-1"),
        ("G", "*"),
        ("LL", "2"),
        ("GG", "*2"),
        ("LR", "*"),
        ("RL", "*"),
        ("LG", "{1|0}"),
        ("GL", "{1|0}"),
        ("LLR", "{1|0}"),
        ("LRR", "{0|-1}"),
    ];
    let rows: Vec<String> = cases.iter().map(|(row, _)| row.to_string()).collect();
    let lines = answer(&["--values"], &input_of(&rows));
    for ((row, value), line) in cases.iter().zip(&lines) {
        assert_eq!(line, value, "{row}");
    }
    for (rows, expected) in [
        (&["L", "R"][..], "Second"),
        (&["LG", "R"][..], "First"),
        (&["G", "GG"][..], "First"),
        (&["L", "G", "LR", "LG"][..], "Left"),
    ] {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        assert_eq!(answer(&[], &input_of(&rows)), vec![expected.to_string()], "{rows:?}");
    }
}

/// Rows of one colour, 1 to 20 dominoes: blue `n`, red `-n`, green `*n` (a green row is a Nim
/// heap: a move leaves any shorter green row).
#[test]
fn one_colour_rows_are_integers_and_nimbers() {
    let mut rows = Vec::new();
    let mut values = Vec::new();
    for n in 1..=20 {
        rows.push("L".repeat(n));
        values.push(n.to_string());
        rows.push("R".repeat(n));
        values.push(format!("-{n}"));
        rows.push("G".repeat(n));
        values.push(if n == 1 { "*".to_string() } else { format!("*{n}") });
    }
    let lines = answer(&["--values"], &input_of(&rows));
    assert_eq!(lines[..rows.len()], values[..]);
}

#[test]
fn bad_input_keeps_the_contract() {
    for (input, message) in [
        ("1\nLXR\n", "line 2, column 2: row 1 of 1: a domino is `L`, `R` or `G`, found `X`"),
        ("1\nLLLLLLLLLLLLLLLLLLLLL\n", "line 2, column 1: row 1 of 1 has more than 20 characters"),
        ("2\nLR\n", "expected row 2 of 2"),
        ("0\n", "line 1, column 1"),
        ("10001\n", "line 1, column 1"),
        ("1\nG\nG\n", "line 3, column 1"),
    ] {
        let out = run_example(&[], input);
        assert_rejected(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{input:?}: {err}");
    }
}
