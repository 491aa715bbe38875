//! `pattern`'s rules on tables of several parameters it has not seen: games with a closed form
//! (the rule fitted on a small table must predict one several times larger, computed here by an
//! independent brute force or the library's proved closed form), games without one and random
//! tables (no rule may be reported), and the emitted functions compiled and run as written.

use crate::common;
use crate::pattern_common::{compile_and_run, field, json, run, work_dir};
use graph_games::games::move_or_block::{outcome, Counts};
use graph_games::solver::Outcome;
use std::collections::HashMap;
use std::fs;

/// move_or_block's model solved by a naive fixpoint (the module doc of its model: the moves),
/// every `(l, r, c)` with `l + r + c <= sum`: 'W', 'L' or 'D' for the player to move.
fn move_or_block_fixpoint(sum: usize) -> HashMap<(usize, usize, usize), char> {
    let mut states = Vec::new();
    for l in 0..=sum {
        for r in 0..=sum - l {
            for c in 0..=sum - l - r {
                states.push((l, r, c));
            }
        }
    }
    let moves = |(l, r, c): (usize, usize, usize)| {
        let mut m = Vec::new();
        if l == 0 && r == 0 {
            return m; // walled in: no move, lost
        }
        if l >= 1 {
            m.push((l - 1, r + 1, c));
        }
        if r >= 1 {
            m.push((l + 1, r - 1, c));
        }
        m.extend((1..=l).map(|d| (d - 1, r, c + l - d)));
        m.extend((1..=r).map(|d| (l, d - 1, c + r - d)));
        if c >= 1 {
            m.push((l, r, c - 1));
        }
        m
    };
    let mut known: HashMap<(usize, usize, usize), char> = HashMap::new();
    loop {
        let mut changed = false;
        for &s in &states {
            if known.contains_key(&s) {
                continue;
            }
            let next: Vec<Option<char>> = moves(s).iter().map(|t| known.get(t).copied()).collect();
            let decided = if next.contains(&Some('L')) {
                Some('W')
            } else if next.iter().all(|&o| o == Some('W')) {
                Some('L') // also with no moves at all: walled in
            } else {
                None
            };
            if let Some(o) = decided {
                known.insert(s, o);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    states.into_iter().map(|s| (s, *known.get(&s).unwrap_or(&'D'))).collect()
}

fn grid3(max: usize, mut value: impl FnMut(usize, usize, usize) -> String) -> String {
    let mut t = String::new();
    for a in 0..=max {
        for b in 0..=max {
            for c in 0..=max {
                t.push_str(&format!("{a} {b} {c} {}\n", value(a, b, c)));
            }
        }
    }
    t
}

fn grid2(max: usize, mut value: impl FnMut(usize, usize) -> String) -> String {
    let mut t = String::new();
    for a in 0..=max {
        for b in 0..=max {
            t.push_str(&format!("{a} {b} {}\n", value(a, b)));
        }
    }
    t
}

/// The rule `pattern` reports on `fit` agrees with every row of `check` (a file written here).
fn predicts(name: &str, fit: &str, check: &str, args: &[&str]) -> String {
    let path = work_dir(name).join("check.txt");
    fs::write(&path, check).unwrap();
    let mut all = vec!["--json", "--check", path.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = json(&all, fit);
    assert_ne!(field(&out, "rule"), "null", "{name}: no rule: {out}");
    assert_eq!(field(&out, "disagree"), "0", "{name}: {out}");
    out
}

fn letter(o: Outcome) -> String {
    match o {
        Outcome::Win => "W",
        Outcome::Lose => "L",
        Outcome::Draw => "D",
    }
    .to_string()
}

#[test]
fn move_or_block_rule_from_counts_up_to_12_holds_up_to_40_and_its_code_runs() {
    let solved = move_or_block_fixpoint(36);
    let small = grid3(12, |l, r, c| solved[&(l, r, c)].to_string());
    // Up to 40: the seed's case analysis, proved against the solved model (make prove).
    let counts = |l, r, c| Counts { left: l as u64, right: r as u64, elsewhere: c as u64 };
    let large = grid3(40, |l, r, c| letter(outcome(counts(l, r, c))));
    let out = predicts("move_or_block", &small, &large, &["--names", "l,r,c"]);
    let size: usize = field(&out, "size").parse().unwrap();
    assert!(size <= 8, "{out}");
    for lang in ["rust", "cpp", "python"] {
        let (status, code) = run(&["--names", "l,r,c", "--emit", lang], &small);
        assert_eq!(status, 0, "{code}");
        let expected: Vec<String> =
            large.lines().map(|l| l.rsplit(' ').next().unwrap().to_string()).collect();
        if let Some(got) = compile_and_run("move_or_block", lang, &code, 3, &large) {
            assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{lang}:\n{code}");
        }
    }
}

#[test]
fn an_emitted_period_runs_past_its_table() {
    // Kayles (0.77) by a plain mex, fitted on 200 values, run on 1000; and a saltus, from n = 5.
    let mut kayles: Vec<usize> = Vec::new();
    for n in 0..1000usize {
        let mut options = Vec::new();
        for take in 1..=2usize.min(n) {
            options.extend((0..=n - take).map(|left| kayles[left] ^ kayles[n - take - left]));
        }
        kayles.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    let rows = |values: &[usize], start: usize| -> String {
        values.iter().enumerate().map(|(i, v)| format!("{} {v}\n", i + start)).collect()
    };
    let halves: Vec<usize> = (5..1005).map(|n: usize| n / 2 + usize::from(n == 7) * 9).collect();
    for (values, start) in [(&kayles, 0), (&halves, 5)] {
        let fit = rows(&values[..200], start);
        let all = rows(values, start);
        for lang in ["rust", "cpp", "python"] {
            let (status, code) = run(&["--emit", lang], &fit);
            assert_eq!(status, 0, "{code}");
            if let Some(got) = compile_and_run(&format!("period{start}"), lang, &code, 1, &all) {
                let expected: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{lang}:\n{code}");
            }
        }
    }
}

/// The Grundy values of the subtraction game `set`, piles `0..len`.
fn subtraction(set: &[usize], len: usize) -> Vec<usize> {
    let mut g: Vec<usize> = Vec::new();
    for n in 0..len {
        let options: Vec<usize> = set.iter().filter(|&&k| k <= n).map(|&k| g[n - k]).collect();
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

#[test]
fn closed_forms_fitted_small_predict_tables_four_times_larger() {
    // Two piles of the subtraction game {1, 2}: lost iff the Grundy values (n mod 3) are equal.
    let g = subtraction(&[1, 2], 200);
    let heaps = |a: usize, b: usize| if g[a] == g[b] { "L".to_string() } else { "W".to_string() };
    predicts("two_heaps", &grid2(20, heaps), &grid2(80, heaps), &[]);
    // Nim on two heaps, the Grundy value itself: a xor b.
    let nim = |a: usize, b: usize| (a ^ b).to_string();
    let out = predicts("nim_values", &grid2(15, nim), &grid2(63, nim), &[]);
    assert!(field(&out, "rule").contains("a xor b"), "{out}");
    // Nim on three heaps, the outcome; a made-up rule of three parameters with constants.
    let nim3 = |a: usize, b: usize, c: usize| if a ^ b ^ c == 0 { "Second" } else { "First" }.to_string();
    predicts("nim3", &grid3(7, nim3), &grid3(20, nim3), &[]);
    let made_up = |a: usize, b: usize, c: usize| {
        if a == 0 {
            "lose"
        } else if (b + c) % 3 == 0 {
            "win"
        } else if b < c {
            "draw"
        } else {
            "win"
        }
        .to_string()
    };
    predicts("made_up", &grid3(10, made_up), &grid3(30, made_up), &[]);
}

#[test]
fn no_rule_where_none_exists() {
    // Wythoff's game: its losing positions follow the golden ratio, no rule of the families.
    let n = 40;
    let mut lose = vec![vec![false; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let wins = (1..=a).any(|k| lose[a - k][b])
                || (1..=b).any(|k| lose[a][b - k])
                || (1..=a.min(b)).any(|k| lose[a - k][b - k]);
            lose[a][b] = !wins;
        }
    }
    let wythoff = grid2(n, |a, b| if lose[a][b] { "L" } else { "W" }.to_string());
    let out = json(&["--json"], &wythoff);
    assert_eq!(field(&out, "rule"), "null", "{out}");
    assert_ne!(field(&out, "exceptions"), "0", "{out}");
    let (status, text) = run(&["--emit", "rust"], &wythoff);
    assert_eq!((status, text.as_str()), (1, ""), "no rule, nothing emitted");
    let said = crate::pattern_common::output(&["--emit", "rust"], &wythoff).stderr;
    assert_eq!(String::from_utf8_lossy(&said), "pattern: no rule found: nothing to emit\n");
    let (_, text) = run(&[], &wythoff);
    assert!(
        text.contains("no rule found") && text.contains("not a rule") && text.contains("exception: line"),
        "{text}"
    );
    // Random tables, of two and three parameters, even and skewed: never a rule.
    let mut rng = common::Rng(5);
    for round in 0..40 {
        let side = rng.between(6, 30);
        let skew = [2, 3, 10][round % 3];
        let mut value = |_| if rng.below(skew) == 0 { "L" } else { "W" }.to_string();
        let table = if round % 4 == 0 {
            grid3(side / 3 + 2, |a, _, _| value(a))
        } else {
            grid2(side, |a, _| value(a))
        };
        let out = json(&["--json"], &table);
        assert_eq!(field(&out, "rule"), "null", "round {round}: a rule in a random table: {out}");
    }
    // Too small a table for its rule to be told from chance: none.
    let out = json(&["--json"], &grid2(2, |a, b| if a == b { "L" } else { "W" }.to_string()));
    assert_eq!(field(&out, "rule"), "null", "{out}");
}
