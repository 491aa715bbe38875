//! Checks `examples/stone_piles.rs` (sums of stone piles, decided by loopy nim values) against a
//! naive oracle written here, which shares no code with the crate.
//!
//! The oracle builds the product space of up to 3 piles of at most `max <= 6` stones explicitly:
//! every tuple of piles is a state, with a move to each tuple that one pile's move gives (take
//! one or two stones, or put one back onto a pile of 1 to `max - 1`). Then it iterates to a
//! fixpoint: a state with a move to a losing state wins; a state all of whose moves go to winning
//! states loses (so does one without moves); repeat until nothing changes; the rest are draws.
//!
//! What is checked, running the release-built example as a process (a plain `cargo test` builds
//! it into `examples/` beside the binaries; `--test suite stone_piles::` alone does not):
//! - random queries for every `max` from 1 to 6, plain and with `--move` (each winning move legal
//!   and leaving a state the oracle calls lost), and every verdict seen often enough;
//! - every tuple of 1 to 3 piles with `--move`: the graph "the winner plays the move named, the
//!   loser any move" has no cycle (the moves win against every defence, not just in one step);
//! - a closed form of the verdicts (docs/problems/stone_piles.md), against the oracle on every
//!   state of the product spaces; it then gives the answers at the statement's limits (10^6
//!   stones, 10^5 queries, 10^6 piles), too large for the oracle, and proves the judge cases'
//!   expected files, worked by hand;
//! - bad input keeps the contract (one `error: ...` line, exit 2, nothing on stdout), and says
//!   where.
//!
//! Random inputs come from splitmix64 with fixed seeds, so every run checks the same inputs.

use crate::common;
use common::{assert_rejected, judge_cases, root, run_program, Rng};
use std::fs;
use std::process::Output;

fn run_example(args: &[&str], input: &str) -> Output {
    run_program(common::example("stone_piles").to_str().unwrap(), args, input.as_bytes())
}

/// Runs the example on `input`; it must succeed and write nothing on stderr.
fn answer(args: &[&str], input: &str) -> Vec<String> {
    let out = run_example(args, input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "stone_piles {args:?} failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Win,
    Lose,
    Draw,
}

impl Verdict {
    fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Lose => "lose",
            Verdict::Draw => "draw",
        }
    }
}

/// What one pile of `s` stones (at most `max`) may become in one move.
fn pile_moves(s: usize, max: usize) -> Vec<usize> {
    let mut to = Vec::new();
    if s >= 1 {
        to.push(s - 1);
    }
    if s >= 2 {
        to.push(s - 2);
    }
    if s >= 1 && s < max {
        to.push(s + 1);
    }
    to
}

/// The verdict of every tuple of `k` piles of at most `max` stones, by the module doc's fixpoint
/// over the explicit product space; a tuple is a number in base `max + 1`, pile 0 the lowest digit.
fn oracle(max: usize, k: usize) -> Vec<Verdict> {
    let base = max + 1;
    let states = base.pow(k as u32);
    let moves: Vec<Vec<usize>> = (0..states)
        .map(|state| {
            let mut to = Vec::new();
            let mut weight = 1;
            for _ in 0..k {
                let s = state / weight % base;
                for t in pile_moves(s, max) {
                    to.push(state - s * weight + t * weight);
                }
                weight *= base;
            }
            to
        })
        .collect();
    let mut verdict: Vec<Option<Verdict>> = vec![None; states];
    loop {
        let mut changed = false;
        for s in 0..states {
            if verdict[s].is_some() {
                continue;
            }
            if moves[s].iter().any(|&t| verdict[t] == Some(Verdict::Lose)) {
                verdict[s] = Some(Verdict::Win);
                changed = true;
            } else if moves[s].iter().all(|&t| verdict[t] == Some(Verdict::Win)) {
                verdict[s] = Some(Verdict::Lose);
                changed = true;
            }
        }
        if !changed {
            return verdict.into_iter().map(|v| v.unwrap_or(Verdict::Draw)).collect();
        }
    }
}

/// The oracles for 1, 2 and 3 piles of at most `max` stones, and a look-up into them.
struct Oracle {
    max: usize,
    by_piles: Vec<Vec<Verdict>>,
}

impl Oracle {
    fn new(max: usize) -> Oracle {
        Oracle { max, by_piles: (1..=3).map(|k| oracle(max, k)).collect() }
    }

    fn verdict(&self, piles: &[usize]) -> Verdict {
        let index = piles.iter().rev().fold(0, |index, &s| index * (self.max + 1) + s);
        self.by_piles[piles.len() - 1][index]
    }
}

/// The closed form of docs/problems/stone_piles.md: with `max = 1`, nim on piles of one stone;
/// otherwise every non-empty pile is a draw's token (worth infinity), but for a full pile of 3 when
/// `max = 3`, which is lost alone; a single such token wins if it is 1 or 2 stones (take them all,
/// leaving only lost piles), draws from 3 on; two or more draw.
fn closed_form(max: usize, piles: &[usize]) -> Verdict {
    if max == 1 {
        return if piles.iter().filter(|&&s| s == 1).count() % 2 == 1 { Verdict::Win } else { Verdict::Lose };
    }
    let tokens: Vec<usize> = piles.iter().copied().filter(|&s| s != 0 && !(max == 3 && s == 3)).collect();
    match tokens[..] {
        [] => Verdict::Lose,
        [s] if s <= 2 => Verdict::Win,
        _ => Verdict::Draw,
    }
}

/// An input of `max` and `queries`.
fn input(max: usize, queries: &[Vec<usize>]) -> String {
    let mut text = format!("{max} {}\n", queries.len());
    for piles in queries {
        let words: Vec<String> = piles.iter().map(|s| s.to_string()).collect();
        text += &format!("{} {}\n", piles.len(), words.join(" "));
    }
    text
}

/// Checks a `--move` line against `verdict` (of the same query, from an oracle): `lose` and `draw`
/// as they are; `win i a` must name a pile `i` of the query, a move of it to `a` stones, and leave
/// a state that `lost` calls lost.
fn check_move_line(
    line: &str,
    max: usize,
    piles: &[usize],
    verdict: Verdict,
    lost: &dyn Fn(&[usize]) -> bool,
) {
    if verdict != Verdict::Win {
        assert_eq!(line, verdict.word(), "piles {piles:?}, max {max}");
        return;
    }
    let words: Vec<&str> = line.split(' ').collect();
    assert!(words.len() == 3 && words[0] == "win", "piles {piles:?}, max {max}: {line:?}");
    let (i, a): (usize, usize) = (words[1].parse().unwrap(), words[2].parse().unwrap());
    assert!((1..=piles.len()).contains(&i), "piles {piles:?}: no pile {i}");
    assert!(
        pile_moves(piles[i - 1], max).contains(&a),
        "piles {piles:?}, max {max}: pile {i} cannot become {a}"
    );
    let mut after = piles.to_vec();
    after[i - 1] = a;
    assert!(lost(&after), "piles {piles:?}, max {max}: {line} leaves {after:?}, which is not lost");
}

#[test]
fn against_the_oracle_on_random_queries() {
    let mut rng = Rng(0x5707_e5e5);
    let mut seen = [0usize; 3];
    for max in 1..=6 {
        let oracle = Oracle::new(max);
        // Half the piles empty, so that single tokens (wins) and lost sums come up often.
        let queries: Vec<Vec<usize>> = (0..400)
            .map(|_| {
                let k = rng.between(1, 3);
                (0..k).map(|_| if rng.below(2) == 0 { 0 } else { rng.between(1, max) }).collect()
            })
            .collect();
        let text = input(max, &queries);
        let (plain, moves) = (answer(&[], &text), answer(&["--move"], &text));
        assert_eq!((plain.len(), moves.len()), (queries.len(), queries.len()), "max {max}");
        for (i, piles) in queries.iter().enumerate() {
            let verdict = oracle.verdict(piles);
            seen[verdict as usize] += 1;
            assert_eq!(plain[i], verdict.word(), "max {max}, piles {piles:?}");
            check_move_line(&moves[i], max, piles, verdict, &|after| oracle.verdict(after) == Verdict::Lose);
        }
    }
    println!("stone_piles: 2400 random queries, {} win, {} lose, {} draw", seen[0], seen[1], seen[2]);
    assert!(seen.iter().all(|&count| count >= 300), "every verdict often: {seen:?}");
}

/// `--move` names moves that win against every defence: on every tuple of 1 to 3 piles of at most
/// `max <= 6` stones, the graph "the winner plays the move named, the loser any move" (over the
/// oracle's product space) has no cycle, so every game it allows ends, and with the loser stuck.
#[test]
fn the_moves_named_win_against_every_defence() {
    for max in 1..=6 {
        let oracle = Oracle::new(max);
        let base = max + 1;
        for k in 1..=3 {
            let size = base.pow(k as u32);
            let tuples: Vec<Vec<usize>> =
                (0..size).map(|s| (0..k).map(|j| s / base.pow(j as u32) % base).collect()).collect();
            let index = |piles: &[usize]| piles.iter().rev().fold(0, |s, &p| s * base + p);
            let lines = answer(&["--move"], &input(max, &tuples));
            // Node 2s: tuple s, the winner to move; 2s + 1: the loser to move.
            let mut next: Vec<Vec<usize>> = vec![Vec::new(); 2 * size];
            for (s, piles) in tuples.iter().enumerate() {
                let verdict = oracle.verdict(piles);
                check_move_line(&lines[s], max, piles, verdict, &|after| {
                    oracle.verdict(after) == Verdict::Lose
                });
                if verdict == Verdict::Win {
                    let words: Vec<usize> = lines[s].split(' ').skip(1).map(|w| w.parse().unwrap()).collect();
                    let mut after = piles.clone();
                    after[words[0] - 1] = words[1];
                    next[2 * s].push(2 * index(&after) + 1);
                } else if verdict == Verdict::Lose {
                    for j in 0..k {
                        for t in pile_moves(piles[j], max) {
                            let mut after = piles.clone();
                            after[j] = t;
                            next[2 * s + 1].push(2 * index(&after));
                        }
                    }
                }
            }
            // Peel off nodes whose moves all lead to peeled nodes: what is left lies on a cycle.
            let mut left: Vec<usize> = next.iter().map(Vec::len).collect();
            let mut before = vec![Vec::new(); 2 * size];
            next.iter().enumerate().for_each(|(v, to)| to.iter().for_each(|&w| before[w].push(v)));
            let mut ready: Vec<usize> = (0..2 * size).filter(|&v| left[v] == 0).collect();
            let mut peeled = 0;
            while let Some(v) = ready.pop() {
                peeled += 1;
                for &p in &before[v] {
                    left[p] -= 1;
                    if left[p] == 0 {
                        ready.push(p);
                    }
                }
            }
            assert_eq!(peeled, 2 * size, "max {max}, {k} piles: the moves named let a game go round");
        }
    }
}

#[test]
fn closed_form_agrees_with_the_oracle() {
    for max in 1..=6 {
        let oracle = Oracle::new(max);
        for k in 1..=3 {
            for index in 0..(max + 1).pow(k as u32) {
                let piles: Vec<usize> = (0..k).map(|j| index / (max + 1).pow(j as u32) % (max + 1)).collect();
                assert_eq!(closed_form(max, &piles), oracle.verdict(&piles), "max {max}, piles {piles:?}");
            }
        }
    }
}

/// The statement's limits: 10^5 queries of 10 piles each, 10^6 piles in all, answered by the
/// closed form; for `max` 1 and 3 (where some piles are finite) and 10^6 (the largest).
#[test]
fn at_the_limits() {
    let mut rng = Rng(0x1e6);
    for max in [1, 3, 1_000_000] {
        let queries: Vec<Vec<usize>> = (0..100_000)
            .map(|q| {
                let mut piles = vec![0; 10];
                match q % 4 {
                    // One token alone: a win when small, else a draw (max 1, 3: all kinds).
                    0 => piles[rng.below(10)] = rng.between(1, max.min(4)),
                    1 => piles.iter_mut().for_each(|s| *s = rng.between(0, max.min(3))),
                    2 => piles.iter_mut().for_each(|s| *s = rng.between(0, max)),
                    // Every pile empty: lost, the only lost sums when max >= 4.
                    _ => {}
                }
                piles
            })
            .collect();
        let text = input(max, &queries);
        let (plain, moves) = (answer(&[], &text), answer(&["--move"], &text));
        assert_eq!((plain.len(), moves.len()), (queries.len(), queries.len()), "max {max}");
        let mut seen = [0usize; 3];
        for (i, piles) in queries.iter().enumerate() {
            let verdict = closed_form(max, piles);
            seen[verdict as usize] += 1;
            assert_eq!(plain[i], verdict.word(), "max {max}, query {}: {piles:?}", i + 1);
            check_move_line(&moves[i], max, piles, verdict, &|after| {
                closed_form(max, after) == Verdict::Lose
            });
        }
        println!("stone_piles, max {max}, 10^5 queries of 10 piles: {seen:?} win, lose, draw");
        let kinds = if max == 1 { 2 } else { 3 };
        assert_eq!(seen.iter().filter(|&&count| count >= 1000).count(), kinds, "max {max}: {seen:?}");
    }
}

/// The judge cases' expected files, worked by hand, are what the closed form gives (for `--move`,
/// a winning move it accepts), and they cover every verdict.
#[test]
fn judge_cases_are_proven() {
    let mut seen = [0usize; 3];
    let cases = judge_cases("stone_piles");
    assert!(cases.len() >= 5, "the judge cases of stone_piles");
    for case in cases {
        let stem = case.file_stem().unwrap().to_str().unwrap();
        let out = root().join("expected/stone_piles").join(format!("{stem}.out"));
        let expected = match fs::read_to_string(&out) {
            Ok(text) => text,
            Err(_) => {
                assert!(stem.starts_with("bad_"), "{stem}: neither a bad input nor an expected .out");
                continue;
            }
        };
        let moves = fs::read_to_string(case.with_extension("args")).map_or(false, |a| a.trim() == "--move");
        let mut numbers = fs::read_to_string(&case).unwrap();
        numbers.retain(|c| c != '\r');
        let mut numbers = numbers.split_whitespace().map(|t| t.parse::<usize>().unwrap());
        let (max, q) = (numbers.next().unwrap(), numbers.next().unwrap());
        let lines: Vec<&str> = expected.lines().collect();
        assert_eq!(lines.len(), q, "{stem}: one line per query");
        for line in lines {
            let k = numbers.next().unwrap();
            let piles: Vec<usize> = (0..k).map(|_| numbers.next().unwrap()).collect();
            let verdict = closed_form(max, &piles);
            seen[verdict as usize] += 1;
            if moves {
                check_move_line(line, max, &piles, verdict, &|after| {
                    closed_form(max, after) == Verdict::Lose
                });
            } else {
                assert_eq!(line, verdict.word(), "{stem}: piles {piles:?}, max {max}");
            }
        }
        assert_eq!(numbers.next(), None, "{stem}: the input ends with its last query");
    }
    assert!(seen.iter().all(|&count| count >= 3), "every verdict in the judge cases: {seen:?}");
}

/// Bad inputs: each is rejected by the contract, with the message's start (its position) and a
/// piece of what it says.
#[test]
fn bad_input_keeps_the_contract() {
    let mut too_many_piles = format!("5 2\n1000000{}\n", " 1".repeat(1_000_000));
    too_many_piles += "1 0\n";
    let cases: Vec<(&[&str], String, &str, &str)> = vec![
        (&[], String::new(), "line 1, column 1", "the end of the input"),
        (&[], "0 1\n1 0\n".into(), "line 1, column 1", "between 1 and 1000000, found 0"),
        (&[], "1000001 1\n1 0\n".into(), "line 1, column 1", "found 1000001"),
        (&[], "4 0\n".into(), "line 1, column 3", "the number of queries q must be between 1 and 100000"),
        (&[], "4 100001\n".into(), "line 1, column 3", "found 100001"),
        (&[], "4 1\n0\n".into(), "line 2, column 1", "piles k of query 1 of 1 must be between 1"),
        (&[], "4 1\n1000001 0\n".into(), "line 2, column 1", "found 1000001"),
        (&[], "4 1\n2 1 5\n".into(), "line 2, column 5", "pile 2 of 2 of query 1 must be between 0 and 4"),
        (&[], "4 1\n2 1\n".into(), "line 3, column 1", "expected pile 2 of 2 of query 1, found the end"),
        (&[], "4 1\n1 x\n".into(), "line 2, column 3", "found `x`"),
        (&[], "4 1\n1 99999999999999999999999\n".into(), "line 2, column 3", "pile 1 of 1"),
        (&[], "4 1\n1 \x00\x7f\n".into(), "line 2, column 3", "`\\x00"),
        (&[], "4 1\n1 2\n3\n".into(), "line 3, column 1", "unexpected `3` after the last query"),
        (&[], too_many_piles, "line 3, column 1", "brings the piles to 1000001: at most 1000000"),
        (&["--moves"], "4 1\n1 2\n".into(), "unknown flag", "`--moves`"),
        (&["extra"], "4 1\n1 2\n".into(), "unexpected argument", "`extra`"),
    ];
    for (args, text, at, says) in cases {
        let out = run_example(args, &text);
        assert_rejected(&out);
        let message = String::from_utf8(out.stderr).unwrap();
        let shown = &text[..text.len().min(40)];
        assert!(message.starts_with(&format!("error: {at}")), "{shown:?}: {message}");
        assert!(message.contains(says), "{shown:?}: {message} does not say {says:?}");
    }
}

#[test]
fn help_is_the_usage() {
    let out = run_example(&["--help"], "");
    assert_eq!(out.status.code(), Some(0));
    let usage = String::from_utf8(out.stdout).unwrap();
    assert!(
        usage.starts_with("usage: stone_piles [--move] < input\n") && usage.contains("--move"),
        "{usage}"
    );
}
