//! Checks `examples/clobber.rs` against a plain minimax written here, which knows no values: a
//! position is the tuple of rows as they stand (bytes `x`, `o`, `.`, nothing split or turned), a
//! move is a stone of the mover's onto an adjacent stone of the other's in one row, and the player
//! to move wins when some move leaves the other player losing (memoised). Who wins (Left, Right,
//! First, Second) is read off the two searches, Left first and Right first.
//!
//! - Random sums of 1 to 3 rows of up to 8 cells against the minimax.
//! - Every judge case of inputs/clobber/: its expected answer from the minimax, or, for the large
//!   ones, by construction: rows that come with their colour swaps (`G + -G = 0`, the swapped row
//!   is the negative: each player's moves become the other's) leave the other rows to the minimax.
//! - Bad input keeps the contract and says where.

use crate::common;
use common::{assert_rejected, run_program, Rng};
use std::collections::HashMap;

fn run_example(input: &str) -> std::process::Output {
    run_program(common::example("clobber").to_str().unwrap(), &[], input.as_bytes())
}

fn answer(input: &str) -> String {
    let out = run_example(input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "clobber failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim_end().to_string()
}

/// The rows after each move of Left (`left`: an `x` onto an adjacent `o`) or Right.
fn moves(rows: &[Vec<u8>], left: bool) -> Vec<Vec<Vec<u8>>> {
    let (mine, theirs) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut out = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        for i in 0..row.len() {
            if row[i] != mine {
                continue;
            }
            for j in [i.wrapping_sub(1), i + 1] {
                if j < row.len() && row[j] == theirs {
                    let mut after = rows.to_vec();
                    after[k][i] = b'.';
                    after[k][j] = mine;
                    out.push(after);
                }
            }
        }
    }
    out
}

fn wins(rows: &[Vec<u8>], left: bool, memo: &mut HashMap<(Vec<Vec<u8>>, bool), bool>) -> bool {
    if let Some(&known) = memo.get(&(rows.to_vec(), left)) {
        return known;
    }
    let win = moves(rows, left).iter().any(|after| !wins(after, !left, memo));
    memo.insert((rows.to_vec(), left), win);
    win
}

/// Who wins the sum of `rows`, by the minimax.
fn minimax(rows: &[&str]) -> &'static str {
    let rows: Vec<Vec<u8>> = rows.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut memo = HashMap::new();
    match (wins(&rows, true, &mut memo), wins(&rows, false, &mut memo)) {
        (true, true) => "First",
        (false, false) => "Second",
        (true, false) => "Left",
        (false, true) => "Right",
    }
}

fn input_of(rows: &[&str]) -> String {
    format!("{}\n{}\n", rows.len(), rows.join("\n"))
}

fn random_row(rng: &mut Rng, max_len: usize) -> String {
    let len = rng.between(1, max_len);
    (0..len).map(|_| ['x', 'o', 'x', 'o', '.'][rng.below(5)]).collect()
}

#[test]
fn random_sums_against_minimax() {
    let mut rng = Rng(1983);
    let mut seen = std::collections::HashSet::new();
    for (count, max_len, rounds) in [(1, 8, 150), (2, 6, 150), (3, 5, 100)] {
        for _ in 0..rounds {
            let rows: Vec<String> = (0..count).map(|_| random_row(&mut rng, max_len)).collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let input = input_of(&rows);
            let expected = minimax(&rows);
            assert_eq!(answer(&input), expected, "{input}");
            seen.insert(expected);
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

/// `row` with its colours swapped: its negative.
fn swapped(row: &str) -> String {
    row.chars()
        .map(|c| {
            if c == 'x' {
                'o'
            } else if c == 'o' {
                'x'
            } else {
                c
            }
        })
        .collect()
}

/// The rows of a judge case left once each row and its swap are paired off.
fn unpaired(rows: &[&str]) -> Vec<String> {
    let mut left: Vec<String> = Vec::new();
    for row in rows {
        let minus = swapped(row);
        match left.iter().position(|r| *r == minus) {
            Some(at) => {
                left.swap_remove(at);
            }
            None => left.push(row.to_string()),
        }
    }
    left
}

#[test]
fn judge_cases_against_minimax() {
    let root = common::root();
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("inputs/clobber")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let expected = root.join(format!("expected/clobber/{name}.out"));
        if !expected.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let rows: Vec<&str> = text.split_whitespace().skip(1).collect();
        let rest = unpaired(&rows);
        assert!(rest.len() <= 4, "{name}: {} rows left unpaired", rest.len());
        let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
        let want = if rest.is_empty() { "Second" } else { minimax(&rest) };
        assert_eq!(std::fs::read_to_string(&expected).unwrap().trim_end(), want, "{name}");
        assert_eq!(answer(&text), want, "{name}");
        checked += 1;
    }
    assert!(checked >= 4, "{checked} cases");
}

#[test]
fn bad_input_is_an_error_saying_where() {
    let cases: [(&str, &str); 5] = [
        ("0\n", "the number of rows n"),
        ("1\nxa\n", "line 2, column 2: row 1 of 1: a cell is `x`, `o` or `.`, found `a`"),
        ("1\nxoxoxoxoxoxoxox\n", "row 1 of 1 has more than 14 characters"),
        ("2\nxo\n", "expected row 2 of 2, found the end of the input"),
        ("1\nxo\nox\n", "unexpected `ox` after the last row"),
    ];
    for (input, message) in cases {
        let out = run_example(input);
        assert_rejected(&out);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{input:?}: {stderr}");
    }
}
