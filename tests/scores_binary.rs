//! The judge program `graph_scores` (AtCoder ABC 261 Ex) against the plain fixpoint of
//! `tests/scores_common/` (value iteration on the game of `2N` positions, vertex and player to
//! move), which shares no code with the library:
//! - random inputs within the judge's constraints (no self-loop, no repeated edge, weights 0 to
//!   10^9, many of them 0 for weight-0 cycles), the answer, `--values` (every vertex, both players
//!   to move) and `--move` (a move of the start vertex that keeps the total);
//! - the three samples; a chain of 2·10^5 vertices at the maximum weight (the largest total the
//!   judge can ask for, by its closed form); bad input keeps the contract.

mod common;
mod scores_common;
use common::{assert_rejected, run, Rng};
use scores_common::{abc_game, abc_line, abc_text, value_iteration, Owner};
use std::fmt::Write as _;

/// The lines of a successful run.
fn answered(args: &[&str], input: &str) -> Vec<String> {
    let out = run("graph_scores", args, input.as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} exit {:?}, stderr {stderr} on\n{input}", out.status);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    text.lines().map(str::to_string).collect()
}

/// A random input: 2 to `most` vertices, distinct edges without self-loops, weights mostly small
/// (0 a third of the time), sometimes up to 10^9.
fn random_input(rng: &mut Rng, most: usize) -> (usize, usize, Vec<(usize, usize, i64)>) {
    let n = rng.between(2, most);
    let mut pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
    pairs.retain(|&(a, b)| a != b);
    // A random subset of the pairs, in random order (Fisher-Yates on a prefix).
    let m = rng.between(1, pairs.len().min(3 * n));
    for i in 0..m {
        let j = rng.between(i, pairs.len() - 1);
        pairs.swap(i, j);
    }
    let huge = rng.below(8) == 0;
    let edges = pairs[..m]
        .iter()
        .map(|&(a, b)| {
            let c = match rng.below(3) {
                0 => 0,
                _ if huge => rng.between(0, 1_000_000_000) as i64,
                _ => rng.between(0, 9) as i64,
            };
            (a, b, c)
        })
        .collect();
    (n, rng.below(n), edges)
}

#[test]
fn answers_values_and_moves_match_the_plain_fixpoint() {
    let mut rng = Rng(261);
    let (mut infinite, mut cases) = (0, 0);
    for _ in 0..400 {
        let (n, start, edges) = random_input(&mut rng, 8);
        let input = abc_text(n, start, &edges);
        let (cost, _) = value_iteration(&abc_game(n, &edges), Owner::Min);
        let want = abc_line(cost[2 * start]);
        infinite += usize::from(cost[2 * start].is_none());
        cases += 1;
        assert_eq!(answered(&[], &input), std::slice::from_ref(&want), "on\n{input}");

        let values = answered(&["--values"], &input);
        let want_values: Vec<String> =
            (0..n).map(|v| format!("{} {}", abc_line(cost[2 * v]), abc_line(cost[2 * v + 1]))).collect();
        assert_eq!(values, want_values, "--values on\n{input}");

        let with_move = answered(&["--move"], &input);
        assert_eq!(with_move.len(), 2, "--move on\n{input}");
        assert_eq!(with_move[0], want, "--move on\n{input}");
        let out: Vec<&(usize, usize, i64)> = edges.iter().filter(|e| e.0 == start).collect();
        if out.is_empty() {
            assert_eq!(with_move[1], "none", "--move on\n{input}");
            continue;
        }
        let to: usize = with_move[1].parse().unwrap_or_else(|_| panic!("--move {with_move:?} on\n{input}"));
        let edge = out.iter().find(|e| e.1 + 1 == to).unwrap_or_else(|| panic!("no edge to {to}:\n{input}"));
        // The move keeps the total: the weight plus Aoki's total from there.
        if let Some(total) = cost[2 * start] {
            assert_eq!(
                cost[2 * edge.1 + 1].map(|c| c + i128::from(edge.2)),
                Some(total),
                "--move on\n{input}"
            );
        }
    }
    assert!(infinite * 10 > cases && infinite * 10 < 9 * cases, "{infinite} of {cases} infinite");
}

#[test]
fn the_three_samples() {
    let samples = [
        ("7 6 1\n1 2 1\n1 3 10\n2 4 100\n2 5 102\n3 6 20\n3 7 30\n", "40"),
        ("3 6 3\n1 2 1\n2 1 2\n2 3 3\n3 2 4\n3 1 5\n1 3 6\n", "INFINITY"),
        ("4 4 1\n1 2 1\n2 3 1\n3 1 1\n2 4 1\n", "5"),
    ];
    for (input, want) in samples {
        assert_eq!(answered(&[], input), [want], "{input}");
    }
}

#[test]
fn a_chain_at_the_maximum_weight() {
    // 1 -> 2 -> ... -> N, every weight 10^9: from vertex i the total is (N - i) * 10^9 whoever
    // moves, 199,999 * 10^9 from vertex 1 (past 32 bits).
    let n = 200_000;
    let mut input = String::with_capacity(24 * n);
    writeln!(input, "{n} {} 1", n - 1).unwrap();
    for v in 1..n {
        writeln!(input, "{v} {} 1000000000", v + 1).unwrap();
    }
    let total = |v: usize| (n - v) as u64 * 1_000_000_000;
    assert_eq!(answered(&[], &input), [total(1).to_string()]);
    let values = answered(&["--values"], &input);
    assert_eq!(values.len(), n);
    for (i, line) in values.iter().enumerate() {
        assert_eq!(*line, format!("{0} {0}", total(i + 1)), "vertex {}", i + 1);
    }
}

#[test]
fn bad_input_keeps_the_contract() {
    for bad in [
        "",
        "3 1",
        "3 1 1\n1 4 5\n",
        "3 1 1\n0 2 5\n",
        "3 1 4\n1 2 5\n",
        "3 1 0\n1 2 5\n",
        "3 1 1\n1 2 -1\n",
        "3 2 1\n1 2 5\n",
        "3 1 1\n1 2 x\n",
    ] {
        assert_rejected(&run("graph_scores", &[], bad.as_bytes()));
    }
}
