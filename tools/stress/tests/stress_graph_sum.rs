//! `stress graph_sum`, beside tests/stress.rs (which covers every game's `--gen`): a wrong
//! solution (`tests/stress_solutions/graph_sum_infinite_draws.rs`: a sum with an infinite token is
//! always a draw) is found and shrunk to a 1-minimal input, and the right binary passes.
//!
//! The saved input's answers, and those of every candidate one step smaller, are checked against
//! an oracle that knows nothing of loopy nim values: the sum itself as one game, a state a tuple
//! of token positions, solved by retrograde analysis (a counter of undecided moves per state).

use cases::graph_sum::GraphSumCase;
use cases::Case;
use std::fs;
use std::path::Path;
use std::time::Duration;
use stress::cases;

// The workspace's shared test support (tests/common/: built programs run, judge cases): the root
// package's tests and the tools' run programs and judge cases the same way.
#[path = "../../../tests/common/mod.rs"]
mod common;
mod stress_common;
use stress_common::{compile, stress, work_dir};

/// The outcome of the sum of `tokens` on the graph of `case`, by retrograde analysis of the sum
/// as one game: `win`, `lose` or `draw` for the player to move.
fn sum_outcome(case: &GraphSumCase, tokens: &[u32]) -> &'static str {
    let (n, k) = (case.n, tokens.len());
    let states = n.pow(k as u32);
    let position = |state: usize, i: usize| state / n.pow(i as u32) % n;
    let moved = |state: usize, i: usize, to: usize| {
        state - position(state, i) * n.pow(i as u32) + to * n.pow(i as u32)
    };
    let mut moves = vec![0usize; states];
    let mut predecessors = vec![Vec::new(); states];
    for state in 0..states {
        for i in 0..k {
            for &(u, v) in &case.edges {
                if u as usize == position(state, i) {
                    moves[state] += 1;
                    predecessors[moved(state, i, v as usize)].push(state);
                }
            }
        }
    }
    // 0 undecided (a draw at the end), 1 won, 2 lost, for the player to move.
    let mut outcome = vec![0u8; states];
    let mut queue: Vec<usize> = (0..states).filter(|&s| moves[s] == 0).collect();
    queue.iter().for_each(|&s| outcome[s] = 2);
    while let Some(state) = queue.pop() {
        for &p in &predecessors[state] {
            if outcome[p] != 0 {
                continue;
            }
            if outcome[state] == 2 {
                outcome[p] = 1;
                queue.push(p);
            } else {
                moves[p] -= 1;
                if moves[p] == 0 {
                    outcome[p] = 2;
                    queue.push(p);
                }
            }
        }
    }
    let start = tokens.iter().enumerate().map(|(i, &t)| t as usize * n.pow(i as u32)).sum::<usize>();
    ["draw", "win", "lose"][outcome[start] as usize]
}

/// The oracle's output for `case`, one line per query.
fn oracle(case: &GraphSumCase) -> String {
    case.queries.iter().map(|tokens| format!("{}\n", sum_outcome(case, tokens))).collect()
}

/// Whether `binary` answers `case` as the oracle does (a run past 10 s or a crash does not).
fn answers_right(binary: &Path, case: &GraphSumCase) -> bool {
    let input = case.write();
    let feed = move |stdin: &mut dyn std::io::Write| {
        let _ = stdin.write_all(&input);
    };
    match common::run_fed(binary, &[] as &[&str], feed, Duration::from_secs(10)) {
        Ok(out) => out.status.success() && out.stdout == oracle(case).as_bytes(),
        Err(_) => false,
    }
}

#[test]
fn an_infinite_token_taken_for_a_draw_is_found_and_shrunk() {
    let binary = compile("graph_sum_infinite_draws");
    let prefix = work_dir().join("graph_sum_infinite_draws");
    let output = stress(&[
        "graph_sum".as_ref(),
        "--out".as_ref(),
        prefix.as_os_str(),
        "--".as_ref(),
        binary.as_os_str(),
    ]);
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("graph_sum: wrong answer on case "), "{report}");
    assert!(report.contains("expected `win`, received `draw`"), "{report}");
    assert!(report.contains("1-minimal"), "{report}");

    let file = |extension: &str| fs::read(format!("{}{extension}", prefix.display())).unwrap();
    let case = GraphSumCase::parse(&file(".in")).expect("the saved input is valid");
    assert_eq!(String::from_utf8(file(".ans")).unwrap(), oracle(&case), "the saved expected output");
    assert!(!answers_right(&binary, &case), "the solution fails on its saved input: {case:?}");
    for candidate in case.smaller() {
        assert!(answers_right(&binary, &candidate), "not 1-minimal: {candidate:?} fails too");
    }
    // The least such input: an infinite vertex (a self-loop) with a move to a dead end, alone.
    assert!(case.n <= 2 && case.edges.len() <= 2 && case.tokens() == 1, "{case:?}");
}

#[test]
fn the_binary_passes_and_answers_as_the_sum_itself() {
    let binary = common::binary("graph_sum");
    let output = stress(&[
        "graph_sum".as_ref(),
        "--cases".as_ref(),
        "300".as_ref(),
        "--".as_ref(),
        binary.as_os_str(),
    ]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.starts_with("graph_sum: 300 cases passed (seed 1, sizes 1 to 12 vertices;"), "{report}");
    // The generated cases small enough for the oracle, every family, against the sum itself.
    let mut checked = 0;
    for family in 0..GraphSumCase::FAMILIES.len() {
        for seed in 0..40 {
            let mut case = GraphSumCase::generate(family, &mut cases::Rng::new(seed), 1 + seed as usize % 7);
            case.queries.retain(|q| q.len() <= 3);
            if !case.queries.is_empty() {
                assert!(answers_right(&binary, &case), "{case:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}
