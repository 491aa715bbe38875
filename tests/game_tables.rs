//! `examples/game_tables.rs` (the tables `pattern` reads) against oracles written here: the
//! subtraction game's outcomes and Grundy values by a plain mex, two piles and Wythoff's game by
//! a plain recursion over smaller positions, move_or_block's counts by its seed's case analysis as
//! docs/problems/move_or_block.md states it; and a bad argument is one `error:` line, exit 2.

mod common;
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

#[test]
fn a_bad_argument_is_one_error_line() {
    for args in [
        &[][..],
        &["chess", "3"],
        &["subtraction", "x"],
        &["wythoff", "301"],
        &["move_or_block", "101"],
        &["wythoff"],
    ] {
        let (status, text, err) = tables(args);
        assert_eq!((status, text.as_str()), (Some(2), ""), "{args:?}");
        assert!(err.starts_with("error: ") && err.lines().count() == 1, "{args:?}: {err}");
    }
}
