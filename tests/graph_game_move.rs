//! Checks `graph_game --move` against an oracle written here, sharing no code with the solver.
//!
//! The oracle is the naive fixpoint of `tests/fixpoint/` (every label recomputed from all the
//! labels of the step before, until none changes).
//!
//! For every vertex, the line printed with `--move` must be the line printed without it (itself
//! the oracle's verdict and depth), then, if the vertex has a move, the vertex (1-based) of one: an
//! edge out of it, and optimal (a win goes to a loss one move shorter, a loss to a win one move
//! shorter, a draw to a draw), and the lowest-numbered of the optimal ones (the documented rule);
//! a vertex without moves names none.
//!
//! The graphs: 4000 small random ones (1..=10 vertices, up to 3 edges a vertex, with cycles,
//! self-loops, repeated edges and dead ends), run 100 at a time as one graph of disjoint
//! components (the edges shuffled in half of the runs), and a few larger ones, every one normal
//! and misère, with and without `--depth`, through the release binary.

use crate::common;
use crate::fixpoint;
use common::{run, Rng};
use fixpoint::{optimal, oracle, Verdict};

/// A graph: vertices `0..n`, edges `(from, to)` 0-based, in input order.
#[derive(Debug, Clone)]
struct Case {
    n: usize,
    edges: Vec<(usize, usize)>,
}

impl Case {
    /// The targets of the edges out of every vertex, in input order (repeats kept).
    fn successors(&self) -> Vec<Vec<usize>> {
        let mut successors = vec![Vec::new(); self.n];
        for &(u, v) in &self.edges {
            successors[u].push(v);
        }
        successors
    }

    /// The problem's input format (1-based), one edge per line.
    fn text(&self) -> String {
        let mut text = format!("{} {}\n", self.n, self.edges.len());
        for &(u, v) in &self.edges {
            text.push_str(&format!("{} {}\n", u + 1, v + 1));
        }
        text
    }
}

/// The line the binary prints for `verdict` without `--move`, formatted here.
fn plain_line(verdict: Verdict, depth: bool) -> String {
    match (verdict, depth) {
        (Verdict::Win(d), true) => format!("win {d}"),
        (Verdict::Lose(d), true) => format!("lose {d}"),
        (Verdict::Win(_), false) => "win".to_string(),
        (Verdict::Lose(_), false) => "lose".to_string(),
        (Verdict::Draw, _) => "draw".to_string(),
    }
}

/// The binary's output with `flags`, line by line (it must succeed, with nothing on stderr).
fn output_lines(case: &Case, flags: &[&str]) -> Vec<String> {
    let out = run("graph_game", flags, case.text().as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.is_empty(), "{flags:?}: {:?}, stderr {stderr}", out.status);
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    assert!(text.is_empty() || text.ends_with('\n'), "{flags:?}: no final newline");
    text.lines().map(str::to_string).collect()
}

/// Runs `case` normal and misère, with and without `--depth`, with and without `--move`, and
/// checks every line (module doc). `describe(v)` says which small graph vertex `v` belongs to.
fn check(case: &Case, describe: &dyn Fn(usize) -> String) {
    let successors = case.successors();
    for misere in [false, true] {
        let verdicts = oracle(&successors, misere);
        for depth in [false, true] {
            let mut flags = Vec::new();
            if misere {
                flags.push("--misere");
            }
            if depth {
                flags.push("--depth");
            }
            let plain = output_lines(case, &flags);
            flags.push("--move");
            let moved = output_lines(case, &flags);
            assert_eq!((plain.len(), moved.len()), (case.n, case.n), "{flags:?}: line counts");
            for v in 0..case.n {
                let at = || format!("{flags:?}, vertex {} of {}", v + 1, describe(v));
                assert_eq!(plain[v], plain_line(verdicts[v], depth), "{} (without --move)", at());
                let named = match moved[v].strip_prefix(&plain[v]) {
                    Some("") => None,
                    Some(rest) => match rest.strip_prefix(' ').map(str::parse::<usize>) {
                        Some(Ok(to)) if to >= 1 => Some(to - 1),
                        _ => panic!("{}: {:?} does not end with a vertex", at(), moved[v]),
                    },
                    None => panic!("{}: {:?} does not start with {:?}", at(), moved[v], plain[v]),
                };
                let best = successors[v].iter().copied().filter(|&w| optimal(verdicts[v], verdicts[w])).min();
                if successors[v].is_empty() {
                    assert_eq!(named, None, "{}: a dead end names a move", at());
                    continue;
                }
                let to = named.unwrap_or_else(|| panic!("{}: {:?} names no move", at(), moved[v]));
                assert!(successors[v].contains(&to), "{}: no edge to {}", at(), to + 1);
                assert!(
                    optimal(verdicts[v], verdicts[to]),
                    "{}: {:?} moves to {} ({:?})",
                    at(),
                    verdicts[v],
                    to + 1,
                    verdicts[to]
                );
                assert_eq!(Some(to), best, "{}: not the lowest-numbered optimal move", at());
            }
        }
    }
}

/// A random graph on `n` vertices with `m` edge draws. `shape` picks how they are drawn, so that
/// the sample covers draws, long forced lines, dead ends and repeated edges.
fn random_case(rng: &mut Rng, n: usize, m: usize, shape: usize) -> Case {
    let mut edges = Vec::with_capacity(m);
    match shape {
        // Any edge at all: self-loops come with probability 1/n, repeats often.
        0 => (0..m).for_each(|_| edges.push((rng.below(n), rng.below(n)))),
        // Many dead ends: only the vertices below `open` have moves.
        1 => {
            let open = rng.between(1, (n + 1) / 2);
            (0..m).for_each(|_| edges.push((rng.below(open), rng.below(n))));
        }
        // Mostly downhill (long decided lines), now and then a self-loop or an uphill edge.
        2 => {
            for _ in 0..m {
                let u = rng.below(n);
                match rng.below(10) {
                    0 => edges.push((u, u)),
                    1 => edges.push((u, rng.below(n))),
                    _ if u > 0 => edges.push((u, rng.below(u))),
                    _ => {}
                }
            }
        }
        // A few distinct edges, each repeated a few times.
        _ => {
            for _ in 0..rng.between(1, 1 + m / 3) {
                let (u, v) = (rng.below(n), rng.below(n));
                (0..rng.between(1, 4)).for_each(|_| edges.push((u, v)));
            }
        }
    }
    shuffle(rng, &mut edges);
    Case { n, edges }
}

fn shuffle(rng: &mut Rng, edges: &mut [(usize, usize)]) {
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.below(i + 1));
    }
}

#[test]
fn thousands_of_small_graphs() {
    let mut rng = Rng(0x6d6f_7665_5f6f_7261);
    for batch in 0..40 {
        // 100 small graphs side by side: component `c` holds vertices `starts[c]..starts[c + 1]`.
        let mut union = Case { n: 0, edges: Vec::new() };
        let (mut parts, mut starts) = (Vec::new(), vec![0]);
        for i in 0..100 {
            let n = rng.between(1, 10);
            let m = rng.between(0, 3 * n);
            let part = random_case(&mut rng, n, m, i % 4);
            union.edges.extend(part.edges.iter().map(|&(u, v)| (u + union.n, v + union.n)));
            union.n += n;
            starts.push(union.n);
            parts.push(part);
        }
        if batch % 2 == 1 {
            shuffle(&mut rng, &mut union.edges);
        }
        check(&union, &|v| {
            let c = starts.partition_point(|&s| s <= v) - 1;
            format!("batch {batch}, graph {c} (vertex {} there): {:?}", v - starts[c] + 1, parts[c])
        });
    }
}

#[test]
fn larger_graphs() {
    let mut rng = Rng(0x6c61_7267_655f_6d76);
    for shape in 0..4 {
        let case = random_case(&mut rng, 3000, 6000, shape);
        check(&case, &|_| format!("a random graph of shape {shape}"));
    }
    // A path of 2000 into a dead end, every inner vertex also moving back to the start: long lines
    // of decided vertices beside cycles.
    let n = 2000;
    let mut edges: Vec<(usize, usize)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    edges.extend((1..n - 1).map(|v| (v, 0)));
    check(&Case { n, edges }, &|_| "the path with moves back".to_string());
}

#[test]
fn the_problem_example() {
    let example = b"5 5\n1 2\n2 3\n4 4\n4 1\n5 5\n";
    let text = |flags: &[&str]| String::from_utf8(run("graph_game", flags, example).stdout).unwrap();
    assert_eq!(text(&["--move"]), "lose 2\nwin 3\nlose\nwin 1\ndraw 5\n");
    assert_eq!(text(&["--depth", "--move"]), "lose 2 2\nwin 1 3\nlose 0\nwin 3 1\ndraw 5\n");
    assert_eq!(text(&["--move", "--misere"]), "win 2\nlose 3\nwin\ndraw 4\ndraw 5\n");
}
