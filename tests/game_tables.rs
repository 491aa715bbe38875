//! `examples/game_tables.rs` (the tables `pattern` reads) against oracles written here: the
//! subtraction game's outcomes and Grundy values by a plain mex, two piles and Wythoff's game by
//! a plain recursion over smaller positions, move_or_block's counts by its seed's case analysis as
//! docs/problems/move_or_block.md states it; the partizan tables: Cutcake's values by a plain
//! recursion over numbers (every Cutcake position is a number: the simplest number between the
//! best options), Toads and Frogs' outcomes by the plain minimax of tests/partizan_common/ and its
//! values against examples/toads_frogs.rs and by hand; and a bad argument is one `error:` line,
//! exit 2.

use crate::common;
use crate::partizan_common;
use common::run_program;

fn tables(args: &[&str]) -> (Option<i32>, String, String) {
    let out = run_program(common::example("game_tables").to_str().unwrap(), args, b"");
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// The rows of a table, comments left out, as words.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split(' ').map(str::to_string).collect()).collect()
}

#[test]
fn subtraction_tables_are_the_mex_of_their_moves() {
    let set = [2usize, 5, 7];
    let mut grundy: Vec<usize> = Vec::new();
    for n in 0..=60usize {
        let options: Vec<usize> = set.iter().filter(|&&k| k <= n).map(|&k| grundy[n - k]).collect();
        grundy.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    let (status, text, _) = tables(&["subtraction", "60", "2", "5", "7", "--grundy"]);
    assert_eq!(status, Some(0));
    let expected: Vec<Vec<String>> =
        grundy.iter().enumerate().map(|(n, g)| vec![n.to_string(), g.to_string()]).collect();
    assert_eq!(rows(&text), expected);
    let (_, text, _) = tables(&["subtraction", "60", "2", "5", "7"]);
    let outcomes: Vec<Vec<String>> = grundy
        .iter()
        .enumerate()
        .map(|(n, &g)| vec![n.to_string(), if g == 0 { "L" } else { "W" }.to_string()])
        .collect();
    assert_eq!(rows(&text), outcomes);
}

#[test]
fn two_pile_tables_are_the_games_solved_plainly() {
    let n = 12;
    // Two piles of {1, 3}; Wythoff: any number from one pile, or the same from both.
    let mut two = vec![vec![false; n + 1]; n + 1];
    let mut wythoff = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let moves = [1usize, 3];
            two[a][b] = moves.iter().any(|&k| (k <= a && !two[a - k][b]) || (k <= b && !two[a][b - k]));
            wythoff[a][b] = (1..=a).any(|k| !wythoff[a - k][b])
                || (1..=b).any(|k| !wythoff[a][b - k])
                || (1..=a.min(b)).any(|k| !wythoff[a - k][b - k]);
        }
    }
    for (args, wins) in [(vec!["two_heaps", "12", "1", "3"], &two), (vec!["wythoff", "12"], &wythoff)] {
        let (status, text, _) = tables(&args);
        assert_eq!(status, Some(0));
        let mut expected = Vec::new();
        for (a, row) in wins.iter().enumerate() {
            for (b, &win) in row.iter().enumerate() {
                expected.push(vec![a.to_string(), b.to_string(), if win { "W" } else { "L" }.to_string()]);
            }
        }
        assert_eq!(rows(&text), expected, "{args:?}");
    }
}

#[test]
fn move_or_block_table_is_the_seeds_case_analysis() {
    // The five rules of docs/problems/move_or_block.md, for the player to move.
    let rule = |l: usize, r: usize, c: usize| match (l.min(r), l.max(r)) {
        (0, 0) => "L",
        (0, _) => "W",
        (1, 1) => ["L", "W"][c % 2],
        (1, m) => ["W", "D"][(m + c) % 2],
        _ => "D",
    };
    let (status, text, _) = tables(&["move_or_block", "9"]);
    assert_eq!(status, Some(0));
    let mut expected = Vec::new();
    for l in 0..=9 {
        for r in 0..=9 {
            for c in 0..=9 {
                expected.push(vec![l.to_string(), r.to_string(), c.to_string(), rule(l, r, c).to_string()]);
            }
        }
    }
    assert_eq!(rows(&text), expected);
}

/// The simplest number strictly between `lo` and `hi` (either may be absent), both dyadic (exact
/// in an `f64` at these sizes): the integer nearest 0 if one lies between, else the dyadic of the
/// smallest denominator.
fn simplest_between(lo: Option<f64>, hi: Option<f64>) -> f64 {
    match (lo, hi) {
        (None, None) => 0.0,
        (Some(l), None) => {
            if l < 0.0 {
                0.0
            } else {
                l.floor() + 1.0
            }
        }
        (None, Some(h)) => {
            if h > 0.0 {
                0.0
            } else {
                h.ceil() - 1.0
            }
        }
        (Some(l), Some(h)) => {
            assert!(l < h, "not a number: {{{l} | {h}}}");
            if l < 0.0 && 0.0 < h {
                return 0.0;
            }
            let mut d = 1.0;
            loop {
                // Nearest 0 at this denominator: the smallest above `l` if positive, else the
                // largest below `h`.
                let x = if l >= 0.0 { ((l * d).floor() + 1.0) / d } else { ((h * d).ceil() - 1.0) / d };
                if l < x && x < h {
                    return x;
                }
                d *= 2.0;
            }
        }
    }
}

/// A dyadic number as CGSuite writes it: `-3`, `5/4`.
fn number_token(x: f64) -> String {
    let mut d = 1u64;
    while (x * d as f64).fract() != 0.0 {
        d *= 2;
    }
    let n = (x * d as f64) as i64;
    if d == 1 {
        n.to_string()
    } else {
        format!("{n}/{d}")
    }
}

#[test]
fn cutcake_table_is_the_recursion_over_numbers() {
    let max = 12;
    // value[m][n]: m rows, n columns; Left cuts between columns, Right between rows; the sum of
    // two pieces is the sum of their numbers.
    let mut value = vec![vec![0.0f64; max + 1]; max + 1];
    for m in 1..=max {
        for n in 1..=max {
            let left = (1..n)
                .map(|k| value[m][k] + value[m][n - k])
                .fold(None, |a: Option<f64>, x| Some(a.map_or(x, |a| a.max(x))));
            let right = (1..m)
                .map(|k| value[k][n] + value[m - k][n])
                .fold(None, |a: Option<f64>, x| Some(a.map_or(x, |a| a.min(x))));
            value[m][n] = simplest_between(left, right);
        }
    }
    for outcome in [false, true] {
        let args: &[&str] = if outcome { &["cutcake", "12", "--outcome"] } else { &["cutcake", "12"] };
        let (status, text, _) = tables(args);
        assert_eq!(status, Some(0));
        let mut expected = Vec::new();
        for (m, row) in value.iter().enumerate().skip(1) {
            for (n, &x) in row.iter().enumerate().skip(1) {
                let token = match (outcome, x) {
                    (false, _) => number_token(x),
                    (true, x) if x > 0.0 => "Left".to_string(),
                    (true, x) if x < 0.0 => "Right".to_string(),
                    _ => "Second".to_string(),
                };
                expected.push(vec![m.to_string(), n.to_string(), token]);
            }
        }
        assert_eq!(rows(&text), expected, "{args:?}");
    }
    // A 1 x n strip: Left makes n - 1 cuts, Right none.
    assert_eq!(value[1][8], 7.0);
}

#[test]
fn toads_frogs_table_against_minimax_the_example_and_hand() {
    let (status, text, _) = tables(&["toads_frogs", "3", "--outcome"]);
    assert_eq!(status, Some(0));
    let outcome_rows = rows(&text);
    let (_, text, _) = tables(&["toads_frogs", "3"]);
    let value_rows = rows(&text);
    assert_eq!(outcome_rows.len(), 64);
    let mut strips = Vec::new();
    for (row, values) in outcome_rows.iter().zip(&value_rows) {
        let count = |k: usize| row[k].parse::<usize>().unwrap();
        let strip = format!("{}{}{}", "T".repeat(count(0)), ".".repeat(count(1)), "F".repeat(count(2)));
        assert_eq!(row[3], partizan_common::toads_frogs_winner(&[&strip]), "{strip}");
        assert_eq!(row[..3], values[..3]);
        strips.push(strip);
    }
    // The same values as examples/toads_frogs.rs gives (four strips at a time: at most 36 cells).
    for (chunk, values) in strips.chunks(4).zip(value_rows.chunks(4)) {
        let words: Vec<&str> = chunk.iter().map(|s| if s.is_empty() { "." } else { s.as_str() }).collect();
        let input = format!("{}\n{}\n", words.len(), words.join("\n"));
        let out = run_program(common::example("toads_frogs").to_str().unwrap(), &[], input.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{input}");
        let lines: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
        let tokens: Vec<&String> = values.iter().map(|row| &row[3]).collect();
        assert_eq!(lines[..chunk.len()].iter().collect::<Vec<_>>(), tokens, "{input}");
    }
    // By hand (docs/problems/toads_frogs.md): T.F is *, T... is 3, ..F is -2, TT. is 2.
    let find = |a: usize, b: usize, c: usize| {
        value_rows.iter().find(|r| r[..3] == [a.to_string(), b.to_string(), c.to_string()]).unwrap()[3]
            .clone()
    };
    assert_eq!([find(1, 1, 1), find(1, 3, 0), find(0, 2, 1), find(2, 1, 0)], ["*", "3", "-2", "2"]);
}

#[test]
fn a_bad_argument_is_one_error_line() {
    for args in [
        &[][..],
        &["chess", "3"],
        &["subtraction", "x"],
        &["wythoff", "301"],
        &["move_or_block", "101"],
        &["wythoff"],
        &["cutcake", "65"],
        &["toads_frogs", "6"],
        &["cutcake", "4", "--grundy"],
        &["wythoff", "4", "--outcome"],
        &["toads_frogs", "2", "3"],
    ] {
        let (status, text, err) = tables(args);
        assert_eq!((status, text.as_str()), (Some(2), ""), "{args:?}");
        assert!(err.starts_with("error: ") && err.lines().count() == 1, "{args:?}: {err}");
    }
}
