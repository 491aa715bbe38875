//! `stress graph_scores` (AtCoder ABC 261 Ex), beside tests/stress.rs (which covers every game's
//! `--gen`): wrong solutions (`tests/stress_solutions/graph_scores_int32.rs`: the editorial's
//! method with 32-bit totals; `graph_scores_aoki_first.rs`: Aoki's state settled by its first
//! settled move, without the counter) are found and shrunk to 1-minimal inputs within the judge's
//! constraints, and the right binary passes.
//!
//! The answers are checked against the plain fixpoint of `tests/scores_common/` (value iteration
//! on the game of vertex and player to move), which knows nothing of the library's search.

use cases::graph_scores::GraphScoresCase;
use cases::Case;
use std::fs;
use std::path::Path;
use std::time::Duration;
use stress::cases;

#[path = "../../../tests/common/mod.rs"]
mod common;
#[path = "../../../tests/scores_common/mod.rs"]
mod scores_common;
mod stress_common;
use scores_common::{abc_game, abc_line, value_iteration, Owner};
use stress_common::{compile, stress, work_dir};

/// The oracle's answer line for `case`.
fn oracle(case: &GraphScoresCase) -> String {
    let edges: Vec<(usize, usize, i64)> =
        case.edges.iter().map(|&(a, b, c)| (a as usize, b as usize, i64::from(c))).collect();
    let (cost, _) = value_iteration(&abc_game(case.n, &edges), Owner::Min);
    format!("{}\n", abc_line(cost[2 * case.start as usize]))
}

/// Whether `binary` answers `case` as the oracle does (a run past 10 s or a crash does not).
fn answers_right(binary: &Path, case: &GraphScoresCase) -> bool {
    let input = case.write();
    let feed = move |stdin: &mut dyn std::io::Write| {
        let _ = stdin.write_all(&input);
    };
    match common::run_fed(binary, &[] as &[&str], feed, Duration::from_secs(10)) {
        Ok(out) => out.status.success() && out.stdout == oracle(case).as_bytes(),
        Err(_) => false,
    }
}

/// Runs `stress graph_scores` on the solution `name` and checks what it reports and saves: a
/// wrong answer, shrunk to 1-minimal within the judge's constraints, the expected output the
/// oracle's, the solution failing there and on no candidate one step smaller. The saved case and
/// its expected line.
fn found_and_shrunk(name: &str) -> (GraphScoresCase, String) {
    let binary = compile(name);
    let prefix = work_dir().join(name);
    let output = stress(&[
        "graph_scores".as_ref(),
        "--out".as_ref(),
        prefix.as_os_str(),
        "--".as_ref(),
        binary.as_os_str(),
    ]);
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("graph_scores: wrong answer on case "), "{report}");
    assert!(report.contains("1-minimal"), "{report}");

    let file = |extension: &str| fs::read(format!("{}{extension}", prefix.display())).unwrap();
    let case = GraphScoresCase::parse(&file(".in")).expect("the saved input is valid");
    assert_eq!(case.judge_flaw(), None, "{case:?}");
    let expected = String::from_utf8(file(".ans")).unwrap();
    assert_eq!(expected, oracle(&case), "the saved expected output");
    assert!(!answers_right(&binary, &case), "the solution fails on its saved input: {case:?}");
    for candidate in cases::candidates(&case, true) {
        assert!(answers_right(&binary, &candidate), "not 1-minimal: {candidate:?} fails too");
    }
    (case, expected.trim().to_string())
}

#[test]
fn totals_in_32_bits_are_found_and_shrunk_within_the_judges_constraints() {
    let (case, _) = found_and_shrunk("graph_scores_int32");
    // A sum past 2^31 - 1 is needed to wrap: at least 3 edges of at most 10^9.
    let weights: i64 = case.edges.iter().map(|e| i64::from(e.2)).sum();
    assert!(weights > i64::from(i32::MAX) && case.edges.len() >= 3, "{case:?}");
    assert!(case.n <= 6 && case.edges.len() <= 6, "{case:?}");
}

#[test]
fn aoki_settled_by_his_first_move_is_found_and_shrunk() {
    let (case, expected) = found_and_shrunk("graph_scores_aoki_first");
    // The least such inputs: a cycle Aoki keeps, and Takahashi's only way out through it (3
    // vertices, 3 edges), or Aoki's costlier way to an end.
    assert!(case.n <= 3 && case.edges.len() <= 3, "{case:?}: {expected}");
}

#[test]
fn the_binary_passes_and_answers_as_the_plain_fixpoint() {
    let binary = common::binary("graph_scores");
    let output = stress(&[
        "graph_scores".as_ref(),
        "--cases".as_ref(),
        "300".as_ref(),
        "--large".as_ref(),
        "1".as_ref(),
        "--".as_ref(),
        binary.as_os_str(),
    ]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.starts_with("graph_scores: 301 cases passed (seed 1, sizes 1 to 12 vertices"), "{report}");
    // Every family at small sizes, against the oracle.
    let mut checked = 0;
    for family in 0..GraphScoresCase::FAMILIES.len() {
        for seed in 0..30 {
            let case = GraphScoresCase::generate(family, &mut cases::Rng::new(seed), 2 + seed as usize % 9);
            assert!(answers_right(&binary, &case), "{case:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 30 * GraphScoresCase::FAMILIES.len());
}

#[test]
fn gen_is_deterministic_and_within_the_judges_constraints_unless_asked() {
    let gen = |args: &[&str]| {
        let output = stress(&[&["graph_scores", "--gen"], args].concat());
        assert_eq!(output.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        GraphScoresCase::parse(&output.stdout).unwrap_or_else(|| panic!("{args:?}: not a valid input"))
    };
    let first = gen(&["--seed", "1", "--size", "30"]);
    assert_eq!(first, gen(&["--seed", "1", "--size", "30"]), "the same seed, the same input");
    assert_ne!(first, gen(&["--seed", "2", "--size", "30"]), "another seed, another input");
    for family in GraphScoresCase::FAMILIES {
        let case = gen(&["--family", family, "--size", "50", "--seed", "3"]);
        assert_eq!(case.judge_flaw(), None, "{family}: {case:?}");
    }
    // The benchmark's graph past the judge's M, and fitted to it without --beyond-limits.
    let beyond = gen(&["--family", "bench", "--size", "100000", "--beyond-limits"]);
    assert!(beyond.edges.len() > 400_000, "{}", beyond.edges.len());
    let fitted = gen(&["--family", "bench", "--size", "100000"]);
    assert_eq!((fitted.judge_flaw(), fitted.edges.len()), (None, 200_000));
    let refused = stress(&["graph_scores", "--gen", "--size", "200001"]);
    assert_eq!(refused.status.code(), Some(2));
}
