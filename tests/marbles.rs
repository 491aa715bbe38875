//! Checks `examples/marbles.rs` (two marbles on a lettered graph, a game written forward) against
//! a naive oracle written here, which shares no code with the crate.
//!
//! The oracle sees the game from the mover's side, as the example does not: the rules are the same
//! for both players, so a position is (the mover's vertex, the other marble's vertex, the last
//! letter or none), with a move along every edge out of the mover's vertex whose letter is not
//! below the last; after it the other player is the mover. Then it iterates to a fixpoint: a
//! position with a move to a losing one wins; one all of whose moves go to winning ones loses (so
//! does one without moves); repeat until nothing changes; the rest are draws. A start `(i, j)` is
//! Alice moving from `i` with Bob on `j` and no letter yet.
//!
//! What is checked, running the release-built example as a process (a plain `cargo test` builds
//! it into `examples/` beside the binaries; `--test suite marbles::` alone does not):
//! - 3000 random graphs of 1 to 5 vertices over 1 to 3 letters (self-loops, repeated edges and
//!   cycles included), the whole output against the oracle's, and every verdict seen often;
//! - a closed form for graphs whose edges all carry one letter (the marbles then never meet: each
//!   player walks as long as he can), against the oracle on random graphs; it gives the expected
//!   file of `max_dag_one_letter` (the statement's largest size, every letter `z`);
//! - every judge case's expected file, worked by hand (or generated: `max_*`; `BLESS=1`, on when
//!   set to anything but empty or `0`, first rewrites those), is the oracle's answer;
//! - bad input keeps the contract (one `error: ...` line, exit 2, nothing on stdout) and says where.
//!
//! Random inputs come from splitmix64 with fixed seeds, so every run checks the same inputs.

use crate::common;
use common::{assert_rejected, judge_cases, root, run_program, switch_on, Rng};
use std::fs;
use std::process::Output;

fn run_example(args: &[&str], input: &str) -> Output {
    run_program(common::example("marbles").to_str().unwrap(), args, input.as_bytes())
}

/// Runs the example on `input`; it must succeed and write nothing on stderr.
fn answer(input: &str) -> String {
    let out = run_example(&[], input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "marbles failed ({:?}) on {input:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A graph of the statement: `n` vertices, edges `(u, v, letter)` 1-based, letters `b'a'..=b'z'`.
#[derive(Debug, Clone)]
struct Graph {
    n: usize,
    edges: Vec<(usize, usize, u8)>,
}

impl Graph {
    fn input(&self) -> String {
        let mut text = format!("{} {}\n", self.n, self.edges.len());
        for &(u, v, c) in &self.edges {
            text += &format!("{u} {v} {}\n", c as char);
        }
        text
    }

    fn parse(text: &str) -> Graph {
        let mut tokens = text.split_ascii_whitespace();
        let (n, m): (usize, usize) =
            (tokens.next().unwrap().parse().unwrap(), tokens.next().unwrap().parse().unwrap());
        let mut edges = Vec::with_capacity(m);
        for _ in 0..m {
            let (u, v, c) = (tokens.next().unwrap(), tokens.next().unwrap(), tokens.next().unwrap());
            assert_eq!(c.len(), 1, "one letter");
            edges.push((u.parse().unwrap(), v.parse().unwrap(), c.as_bytes()[0]));
        }
        assert_eq!(tokens.next(), None, "the input ends with its last edge");
        Graph { n, edges }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Win,
    Lose,
    Draw,
}

/// The oracle of the module doc: for each start `(i, j)` (0-based), Alice's verdict.
fn oracle(graph: &Graph) -> Vec<Vec<Verdict>> {
    let n = graph.n;
    // Last letter: 0 for none, 1..=26 for a..z; position (mover x, other y, last l).
    let index = |x: usize, y: usize, l: usize| (x * n + y) * 27 + l;
    let mut out: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for &(u, v, c) in &graph.edges {
        out[u - 1].push((v - 1, (c - b'a') as usize + 1));
    }
    let mut verdict: Vec<Option<Verdict>> = vec![None; n * n * 27];
    loop {
        let mut changed = false;
        for x in 0..n {
            for y in 0..n {
                for l in 0..27 {
                    if verdict[index(x, y, l)].is_some() {
                        continue;
                    }
                    // After the move the other player moves, from y, with the edge's letter last.
                    let next: Vec<Option<Verdict>> = out[x]
                        .iter()
                        .filter(|&&(_, c)| c >= l)
                        .map(|&(v, c)| verdict[index(y, v, c)])
                        .collect();
                    if next.contains(&Some(Verdict::Lose)) {
                        verdict[index(x, y, l)] = Some(Verdict::Win);
                        changed = true;
                    } else if next.iter().all(|&t| t == Some(Verdict::Win)) {
                        verdict[index(x, y, l)] = Some(Verdict::Lose);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).map(|i| (0..n).map(|j| verdict[index(i, j, 0)].unwrap_or(Verdict::Draw)).collect()).collect()
}

/// The output: `A` where Alice wins, `B` where she loses, `D` for a draw.
fn text(verdicts: &[Vec<Verdict>]) -> String {
    let mut text = String::new();
    for line in verdicts {
        text.extend(line.iter().map(|v| match v {
            Verdict::Win => 'A',
            Verdict::Lose => 'B',
            Verdict::Draw => 'D',
        }));
        text.push('\n');
    }
    text
}

/// A random graph of 1 to 5 vertices: up to `3n` edges (self-loops and repeats as they come), their
/// letters from 1 to 3 letters of the alphabet (`a` and `z` among the choices).
fn random_graph(rng: &mut Rng) -> Graph {
    let n = rng.between(1, 5);
    let m = rng.between(0, 3 * n);
    let letters: Vec<u8> = (0..rng.between(1, 3))
        .map(|_| match rng.below(4) {
            0 => b'a',
            1 => b'z',
            _ => b'a' + rng.below(26) as u8,
        })
        .collect();
    let edges =
        (0..m).map(|_| (rng.between(1, n), rng.between(1, n), letters[rng.below(letters.len())])).collect();
    Graph { n, edges }
}

#[test]
fn against_the_oracle_on_random_graphs() {
    let mut rng = Rng(0x03a2_b1e5);
    let mut seen = [0usize; 3];
    for _ in 0..3000 {
        let graph = random_graph(&mut rng);
        let verdicts = oracle(&graph);
        for v in verdicts.iter().flatten() {
            seen[*v as usize] += 1;
        }
        let input = graph.input();
        assert_eq!(answer(&input), text(&verdicts), "input:\n{input}");
    }
    println!("marbles: 3000 random graphs, {} A, {} B, {} D", seen[0], seen[1], seen[2]);
    assert!(seen.iter().all(|&count| count >= 2000), "every verdict often: {seen:?}");
}

/// With a single letter on every edge, no move ever constrains another, and a marble never blocks
/// the other: each player walks his own marble as long as he can. From vertex `v` that is the
/// longest walk from `v`, unbounded if `v` reaches a cycle. Alice, moving first, is stuck first
/// when her walk is not longer than Bob's: `B` if hers is finite and at most his, `A` if his is
/// finite and shorter than hers, `D` if both are unbounded.
fn one_letter_closed_form(graph: &Graph) -> Vec<Vec<Verdict>> {
    let n = graph.n;
    // The longest walk from each vertex, `None` for unbounded: a walk of more than n moves
    // repeats a vertex, so the lengths settle after n + 1 rounds or pass n (a cycle).
    let mut longest = vec![0usize; n];
    for _ in 0..=n {
        for &(u, v, _) in &graph.edges {
            longest[u - 1] = longest[u - 1].max(longest[v - 1] + 1).min(n + 1);
        }
    }
    let walk = |v: usize| Some(longest[v]).filter(|&d| d <= n);
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match (walk(i), walk(j)) {
                    (None, None) => Verdict::Draw,
                    (None, Some(_)) => Verdict::Win,
                    (Some(_), None) => Verdict::Lose,
                    (Some(alice), Some(bob)) => {
                        if alice > bob {
                            Verdict::Win
                        } else {
                            Verdict::Lose
                        }
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn one_letter_closed_form_agrees_with_the_oracle() {
    let mut rng = Rng(0x0e1e_77e2);
    for round in 0..400 {
        let mut graph = random_graph(&mut rng);
        let letter = b'a' + (round % 26) as u8;
        graph.edges.iter_mut().for_each(|e| e.2 = letter);
        if round % 2 == 0 {
            // Half of them acyclic: every edge forward.
            graph.edges.retain(|&(u, v, _)| u < v);
        }
        assert_eq!(one_letter_closed_form(&graph), oracle(&graph), "{}", graph.input());
    }
}

/// Writes (with `BLESS`) and checks one generated judge case.
fn generated_case(name: &str, input: &str, expected: &str) {
    let input_file = root().join(format!("inputs/marbles/{name}.in"));
    let expected_file = root().join(format!("expected/marbles/{name}.out"));
    if switch_on("BLESS") {
        fs::write(&input_file, input).unwrap();
        fs::write(&expected_file, expected).unwrap();
    }
    assert!(fs::read_to_string(&input_file).unwrap() == input, "marbles/{name}.in is not its generator's");
    assert!(fs::read_to_string(&expected_file).unwrap() == expected, "marbles/{name}.out is not the answer");
}

/// `max_dag_one_letter`: 100 vertices, 2000 distinct edges `u -> v` with `u < v`, all `z` (the
/// most moves the statement allows); `max_mixed`: 100 vertices, 2000 edges, half of them forward
/// among vertices 1 to 50 over every letter (an acyclic half: wins and losses), half between any
/// two of 51 to 100 over `a` to `e` (self-loops, cycles: draws too).
fn max_dag_one_letter() -> Graph {
    let mut rng = Rng(0x0da6_2000);
    let mut pairs: Vec<(usize, usize)> = (1..=100).flat_map(|u| (u + 1..=100).map(move |v| (u, v))).collect();
    for i in (1..pairs.len()).rev() {
        pairs.swap(i, rng.below(i + 1));
    }
    Graph { n: 100, edges: pairs[..2000].iter().map(|&(u, v)| (u, v, b'z')).collect() }
}

fn max_mixed() -> Graph {
    let mut rng = Rng(0x2a4d_2000);
    let edges = (0..2000)
        .map(|i| {
            if i % 2 == 0 {
                let u = rng.between(1, 49);
                (u, rng.between(u + 1, 50), b'a' + rng.below(26) as u8)
            } else {
                (rng.between(51, 100), rng.between(51, 100), b'a' + rng.below(5) as u8)
            }
        })
        .collect();
    Graph { n: 100, edges }
}

#[test]
fn generated_cases_are_proven() {
    let dag = max_dag_one_letter();
    generated_case("max_dag_one_letter", &dag.input(), &text(&one_letter_closed_form(&dag)));
    let mixed = max_mixed();
    let verdicts = oracle(&mixed);
    generated_case("max_mixed", &mixed.input(), &text(&verdicts));
    let mut seen = [0usize; 3];
    verdicts.iter().flatten().for_each(|&v| seen[v as usize] += 1);
    assert!(seen.iter().all(|&count| count >= 500), "max_mixed: every verdict often: {seen:?}");
}

/// Every expected file is the oracle's answer on its input, and the valid cases cover every verdict.
#[test]
fn judge_cases_are_proven() {
    let mut seen = [0usize; 3];
    let cases = judge_cases("marbles");
    assert!(cases.len() >= 6, "the judge cases of marbles");
    for case in cases {
        let stem = case.file_stem().unwrap().to_str().unwrap();
        let out = root().join("expected/marbles").join(format!("{stem}.out"));
        let expected = match fs::read_to_string(&out) {
            Ok(text) => text,
            Err(_) => {
                assert!(stem.starts_with("bad_"), "{stem}: neither a bad input nor an expected .out");
                continue;
            }
        };
        let verdicts = oracle(&Graph::parse(&fs::read_to_string(&case).unwrap()));
        for v in verdicts.iter().flatten() {
            seen[*v as usize] += 1;
        }
        assert!(text(&verdicts) == expected, "{stem}: the expected file is not the oracle's answer");
    }
    assert!(seen.iter().all(|&count| count >= 10), "every verdict in the judge cases: {seen:?}");
}

/// Bad inputs: each is rejected by the contract, with the message's start (its position) and a
/// piece of what it says.
#[test]
fn bad_input_keeps_the_contract() {
    let cases: Vec<(&[&str], &str, &str, &str)> = vec![
        (&[], "", "line 1, column 1", "expected the number of vertices n, found the end"),
        (&[], "3", "line 1, column 2", "expected the number of edges m, found the end"),
        (&[], "0 0\n", "line 1, column 1", "between 1 and 100, found 0"),
        (&[], "99999999999999999999999 0\n", "line 1, column 1", "the number of vertices n"),
        (&[], "-1 0\n", "line 1, column 1", "(negative)"),
        (&[], "3 2001\n", "line 1, column 3", "the number of edges m must be between 0 and 2000"),
        (&[], "3 1\n0 1 a\n", "line 2, column 1", "the start of edge 1 of 1 must be between 1 and 3"),
        (&[], "3 1\n1 4 a\n", "line 2, column 3", "the end of edge 1 of 1 must be between 1 and 3"),
        (&[], "3 2\n1 2 a\n2 x a\n", "line 3, column 3", "found `x`"),
        (&[], "3 1\n1 2 A\n", "line 2, column 5", "must be one of a-z, found `A`"),
        (&[], "3 1\n1 2 1\n", "line 2, column 5", "must be one of a-z, found `1`"),
        (&[], "3 1\n1 2 \u{e9}\n", "line 2, column 5", "the letter of edge 1 of 1 has more than 1"),
        (&[], "3 1\n1 2 \x1b\n", "line 2, column 5", "found `\\x1b`"),
        (&[], "3 1\n1 2 abc\n", "line 2, column 5", "has more than 1 character"),
        (&[], "3 2\n1 2 a\n", "line 3, column 1", "expected the start of edge 2 of 2, found the end"),
        (&[], "3 1\n1 2 a b\n", "line 2, column 7", "unexpected `b` after the 1 edge"),
        (&[], "3 0\n1\n", "line 2, column 1", "unexpected `1` after the 0 edges"),
        (&["--draw"], "1 0\n", "unknown flag", "`--draw`"),
        (&["extra"], "1 0\n", "unexpected argument", "`extra`"),
    ];
    for (args, input, at, says) in cases {
        let out = run_example(args, input);
        assert_rejected(&out);
        let message = String::from_utf8(out.stderr).unwrap();
        assert!(message.starts_with(&format!("error: {at}")), "{input:?}: {message}");
        assert!(message.contains(says), "{input:?}: {message} does not say {says:?}");
    }
}

#[test]
fn help_is_the_usage() {
    let out = run_example(&["--help"], "");
    assert_eq!(out.status.code(), Some(0));
    let usage = String::from_utf8(out.stdout).unwrap();
    assert!(usage.starts_with("usage: marbles < input\n") && usage.contains("--help"), "{usage}");
}
