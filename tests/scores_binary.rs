//! The judge program `graph_scores` (AtCoder ABC 261 Ex) against the plain fixpoint of
//! `tests/scores_common/` (value iteration on the game of `2N` positions, vertex and player to
//! move), which shares no code with the library:
//! - random inputs within the judge's constraints (no self-loop, no repeated edge, weights 0 to
//!   10^9, many of them 0 for weight-0 cycles), the answer, `--values` (every vertex, both players
//!   to move), `--move` (a move of the start vertex that keeps the total) and `--line` (the
//!   play, move by move, to the total or round a lasso of infinite positions); a quarter of them
//!   in the program's wider domain (self-loops, repeated edges);
//! - the three samples; a chain of 2·10^5 vertices at the maximum weight (the largest total the
//!   judge can ask for, by its closed form); bad input keeps the contract.

use crate::common;
use crate::scores_common;
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

/// A random input: 2 to `most` vertices, distinct edges without self-loops (with `wide`, the
/// program's wider domain: self-loops and repeated edges too), weights mostly small (0 a third of
/// the time), sometimes up to 10^9.
fn random_input(rng: &mut Rng, most: usize, wide: bool) -> (usize, usize, Vec<(usize, usize, i64)>) {
    let n = rng.between(2, most);
    let mut pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (0..n).map(move |b| (a, b))).collect();
    pairs.retain(|&(a, b)| a != b || wide);
    // A random subset of the pairs, in random order (Fisher-Yates on a prefix).
    let m = rng.between(1, pairs.len().min(3 * n));
    for i in 0..m {
        let j = rng.between(i, pairs.len() - 1);
        pairs.swap(i, j);
    }
    let mut chosen = pairs[..m].to_vec();
    if wide {
        for _ in 0..rng.below(3) {
            let again = chosen[rng.below(m)];
            chosen.push(again);
        }
    }
    let huge = rng.below(8) == 0;
    let edges = chosen
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

/// Checks the `--line` of `start`: a play along edges, each move of a finite position keeping its
/// total, that ends at a vertex without edges at the total; or, when infinite, a lasso of infinite
/// positions (`prefix (cycle)`, the cycle of an even number of moves: the same player to move).
fn check_line(
    line: &str,
    n: usize,
    start: usize,
    edges: &[(usize, usize, i64)],
    cost: &[Option<i128>],
    input: &str,
) {
    let mut vertices = Vec::new();
    let mut cycle_start = None;
    for token in line.split_whitespace() {
        let opens = token.starts_with('(');
        let closes = token.ends_with(')');
        if opens {
            assert!(cycle_start.is_none(), "--line {line:?} on\n{input}");
            cycle_start = Some(vertices.len());
        }
        let number = token.trim_start_matches('(').trim_end_matches(')');
        let v: usize = number.parse().unwrap_or_else(|_| panic!("--line {line:?} on\n{input}"));
        assert!((1..=n).contains(&v), "--line {line:?} on\n{input}");
        vertices.push(v - 1);
        assert!(!closes || cycle_start.is_some(), "--line {line:?} on\n{input}");
    }
    assert_eq!(vertices.first(), Some(&start), "--line {line:?} on\n{input}");
    // Position of the i-th vertex: 2v (Takahashi to move) when i is even, 2v + 1 when odd.
    let position = |i: usize| 2 * vertices[i] + i % 2;
    let mut weights = 0i128;
    for i in 0..vertices.len() - 1 {
        let (from, to) = (vertices[i], vertices[i + 1]);
        let moves = edges.iter().filter(|e| e.0 == from && e.1 == to);
        let next = position(i + 1);
        let kept = |&&(_, _, c): &&(usize, usize, i64)| match cost[position(i)] {
            Some(total) => cost[next].map(|after| after + i128::from(c)) == Some(total),
            None => cost[next].is_none(),
        };
        let c = moves.clone().find(kept).unwrap_or_else(|| panic!("--line {line:?}: move {i} on\n{input}")).2;
        weights += i128::from(c);
    }
    let last = vertices.len() - 1;
    match (cost[2 * start], cycle_start) {
        (Some(total), None) => {
            assert!(!edges.iter().any(|e| e.0 == vertices[last]), "--line {line:?} on\n{input}");
            assert_eq!(weights, total, "--line {line:?} on\n{input}");
            assert!(vertices.len() <= 2 * n, "--line {line:?} on\n{input}");
        }
        (None, Some(back)) => {
            assert_eq!((vertices.len() - back) % 2, 0, "--line {line:?} on\n{input}");
            assert!(
                edges.iter().any(|e| e.0 == vertices[last] && e.1 == vertices[back]),
                "--line {line:?} on\n{input}"
            );
            assert!((0..vertices.len()).all(|i| cost[position(i)].is_none()), "--line {line:?} on\n{input}");
        }
        _ => panic!("--line {line:?} against the total {:?} on\n{input}", cost[2 * start]),
    }
}

#[test]
fn answers_values_and_moves_match_the_plain_fixpoint() {
    let mut rng = Rng(261);
    let (mut infinite, mut cases) = (0, 0);
    for case in 0..400 {
        let (n, start, edges) = random_input(&mut rng, 8, case % 4 == 3);
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

        let with_move = answered(&["--move", "--line"], &input);
        assert_eq!(with_move.len(), 3, "--move --line on\n{input}");
        assert_eq!(with_move[0], want, "--move on\n{input}");
        check_line(&with_move[2], n, start, &edges, &cost, &input);
        let out: Vec<&(usize, usize, i64)> = edges.iter().filter(|e| e.0 == start).collect();
        if out.is_empty() {
            assert_eq!(with_move[1], "none", "--move on\n{input}");
            continue;
        }
        let to: usize = with_move[1].parse().unwrap_or_else(|_| panic!("--move {with_move:?} on\n{input}"));
        let to_edges: Vec<_> = out.iter().filter(|e| e.1 + 1 == to).collect();
        assert!(!to_edges.is_empty(), "no edge to {to}:\n{input}");
        // The move keeps the total: the weight (of one of the edges there) plus Aoki's total there.
        if let Some(total) = cost[2 * start] {
            let keeps =
                |e: &&&(usize, usize, i64)| cost[2 * e.1 + 1].map(|c| c + i128::from(e.2)) == Some(total);
            assert!(to_edges.iter().any(keeps), "--move {to} on\n{input}");
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
