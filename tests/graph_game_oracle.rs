//! Checks the solver and the `graph_game` binary against a naive oracle written here.
//!
//! The oracle decides the game round by round, straight from the definition: round 0 holds the
//! vertices without moves (lose in normal play, win in misère); round `r` decides, looking only at
//! vertices decided in rounds before `r`, every vertex with a move into a losing vertex (win) and
//! every vertex whose moves all go to winning vertices (lose); vertices never decided are draws. The
//! round is the depth: the winner ends the game as fast as he can, the loser drags it out. It costs
//! O(rounds * (n + m)), which is fine for the sizes here and shares no code with the library.
//!
//! What is checked:
//! - 1200 random graphs (1..=12 vertices, 0..=30 edges, self-loops, repeated edges, many dead ends
//!   in some) against the library, outcome and depth, normal and misère; a sample of them through
//!   the binary with every flag combination, compared with text formatted from the oracle;
//! - vertices with 253..=256 moves, on both sides of the solver's switch to wide counters;
//! - the large generated judge cases: their expected files are recomputed by the oracle (set
//!   `BLESS=1` to regenerate the inputs and expected files from the generator and the oracle).
//!
//! Random graphs come from splitmix64 with fixed seeds, so every run checks the same graphs.

use graph_games::graph::{Graph, GraphGame};
use graph_games::solver::{solve, solve_with_depth, Outcome, Start};
use std::fs;

use crate::common;
use common::{root, run, switch_on, Rng};

/// A game graph: vertices `0..n`, edges `(from, to)` 0-based, in input order.
#[derive(Debug, Clone)]
struct Case {
    n: usize,
    edges: Vec<(u32, u32)>,
}

/// The result for the player to move, with the depth for decided vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Win(u32),
    Lose(u32),
    Draw,
}

/// The round-by-round fixpoint described in the module doc.
fn oracle(case: &Case, misere: bool) -> Vec<Verdict> {
    let mut moves = vec![Vec::new(); case.n];
    for &(u, v) in &case.edges {
        moves[u as usize].push(v as usize);
    }
    let mut verdict: Vec<Option<Verdict>> = vec![None; case.n];
    for (v, m) in moves.iter().enumerate() {
        if m.is_empty() {
            verdict[v] = Some(if misere { Verdict::Win(0) } else { Verdict::Lose(0) });
        }
    }
    for round in 1.. {
        // Decide from the earlier rounds only, then record, so this round sees none of its own.
        let mut decided_now = Vec::new();
        for v in (0..case.n).filter(|&v| verdict[v].is_none()) {
            let reaches_loss = moves[v].iter().any(|&w| matches!(verdict[w], Some(Verdict::Lose(_))));
            let all_reach_wins = moves[v].iter().all(|&w| matches!(verdict[w], Some(Verdict::Win(_))));
            if reaches_loss {
                decided_now.push((v, Verdict::Win(round)));
            } else if all_reach_wins {
                decided_now.push((v, Verdict::Lose(round)));
            }
        }
        if decided_now.is_empty() {
            break;
        }
        for (v, x) in decided_now {
            verdict[v] = Some(x);
        }
    }
    verdict.into_iter().map(|x| x.unwrap_or(Verdict::Draw)).collect()
}

/// The library's answer, in the oracle's terms.
fn library(case: &Case, misere: bool) -> Vec<Verdict> {
    let sources: Vec<u32> = case.edges.iter().map(|e| e.0).collect();
    let targets: Vec<u32> = case.edges.iter().map(|e| e.1).collect();
    let graph = Graph::from_edges(case.n, &sources, &targets);
    let dead_end = if misere { Start::Win } else { Start::Lose };
    let game = GraphGame::new(&graph, |_| dead_end);
    let (solution, depths) = solve_with_depth(&game);
    // Without depths, the search must agree to the last state. (Both walks against each other:
    // the solver's unit tests.)
    let outcomes = solve(&game);
    assert!((0..case.n).all(|v| outcomes.outcome(v) == solution.outcome(v)), "the solves differ");
    (0..case.n)
        .map(|v| match solution.outcome(v) {
            Outcome::Win => Verdict::Win(depths.depth(v).expect("a decided vertex has a depth")),
            Outcome::Lose => Verdict::Lose(depths.depth(v).expect("a decided vertex has a depth")),
            Outcome::Draw => {
                assert_eq!(depths.depth(v), None, "vertex {v} draws but has a depth");
                Verdict::Draw
            }
        })
        .collect()
}

/// The binary's expected output for `verdicts`, formatted independently of the library.
fn format(verdicts: &[Verdict], depth: bool) -> String {
    let mut out = String::new();
    for x in verdicts {
        let line = match (*x, depth) {
            (Verdict::Win(d), true) => format!("win {d}\n"),
            (Verdict::Lose(d), true) => format!("lose {d}\n"),
            (Verdict::Win(_), false) => "win\n".to_string(),
            (Verdict::Lose(_), false) => "lose\n".to_string(),
            (Verdict::Draw, _) => "draw\n".to_string(),
        };
        out.push_str(&line);
    }
    out
}

/// The problem's input format (1-based), one edge per line.
fn input_text(case: &Case) -> String {
    let mut text = format!("{} {}\n", case.n, case.edges.len());
    for &(u, v) in &case.edges {
        text.push_str(&format!("{} {}\n", u + 1, v + 1));
    }
    text
}

/// Reads the problem's input format; the committed inputs are well formed.
fn parse_input(text: &str) -> Case {
    let mut numbers = text.split_ascii_whitespace().map(|t| t.parse::<u32>().expect("a number"));
    let n = numbers.next().unwrap() as usize;
    let m = numbers.next().unwrap() as usize;
    let mut edges = Vec::with_capacity(m);
    for _ in 0..m {
        let u = numbers.next().unwrap();
        let v = numbers.next().unwrap();
        edges.push((u - 1, v - 1));
    }
    assert!(numbers.next().is_none(), "more numbers than 2m + 2");
    Case { n, edges }
}

/// A small random graph. `shape` picks how its edges are drawn, so that the sample covers draws,
/// long forced lines, dead ends and repeated edges.
fn random_case(rng: &mut Rng, shape: usize) -> Case {
    let n = rng.between(1, 12);
    let m = rng.between(0, 30);
    let mut edges = Vec::with_capacity(m);
    match shape {
        // Any edge at all: self-loops come with probability 1/n, repeats often.
        0 => {
            for _ in 0..m {
                edges.push((rng.below(n) as u32, rng.below(n) as u32));
            }
        }
        // Many dead ends: only the vertices below `open` have moves.
        1 => {
            let open = rng.between(1, (n + 1) / 2);
            for _ in 0..m {
                edges.push((rng.below(open) as u32, rng.below(n) as u32));
            }
        }
        // Mostly downhill (acyclic, long decided lines), now and then a self-loop or an uphill edge.
        2 => {
            for _ in 0..m {
                let u = rng.below(n);
                let v = match rng.below(10) {
                    0 => u,
                    1 => rng.below(n),
                    _ if u > 0 => rng.below(u),
                    _ => continue,
                };
                edges.push((u as u32, v as u32));
            }
        }
        // A few distinct edges, each repeated a few times, shuffled.
        _ => {
            let distinct = rng.between(1, 6);
            for _ in 0..distinct {
                let (u, v) = (rng.below(n) as u32, rng.below(n) as u32);
                for _ in 0..rng.between(1, 5) {
                    edges.push((u, v));
                }
            }
            for i in (1..edges.len()).rev() {
                edges.swap(i, rng.below(i + 1));
            }
        }
    }
    Case { n, edges }
}

const RANDOM_CASES: usize = 1200;

fn random_cases() -> Vec<Case> {
    let mut rng = Rng(0x6772_6170_685f_6761);
    (0..RANDOM_CASES).map(|i| random_case(&mut rng, i % 4)).collect()
}

fn assert_agrees(case: &Case, misere: bool) {
    let want = oracle(case, misere);
    let got = library(case, misere);
    assert_eq!(got, want, "misere={misere}, graph: {case:?}");
}

#[test]
fn random_graphs_agree_with_the_oracle() {
    let cases = random_cases();
    let mut seen = [0usize; 3];
    for case in &cases {
        for misere in [false, true] {
            assert_agrees(case, misere);
            for x in oracle(case, misere) {
                seen[match x {
                    Verdict::Win(_) => 0,
                    Verdict::Lose(_) => 1,
                    Verdict::Draw => 2,
                }] += 1;
            }
        }
    }
    // The sample is worth something only if it holds plenty of every outcome.
    assert!(seen.iter().all(|&k| k > 1000), "wins, losses, draws: {seen:?}");
}

/// The solver keeps a byte counter per state while no state has 255 moves or more.
#[test]
fn around_the_switch_to_wide_counters() {
    let mut rng = Rng(0x0077_6964_6500);
    for degree in 253..=256 {
        for _ in 0..40 {
            let mut case = random_case(&mut rng, 0);
            case.n = case.n.max(3);
            // Vertex 0 gets `degree` moves, most of them to one target so the count matters.
            let favourite = rng.below(case.n) as u32;
            case.edges.retain(|e| e.0 != 0);
            for _ in 0..degree {
                let to = if rng.below(8) == 0 { rng.below(case.n) as u32 } else { favourite };
                case.edges.push((0, to));
            }
            for misere in [false, true] {
                assert_agrees(&case, misere);
            }
        }
    }
}

const FLAG_SETS: [&[&str]; 4] = [&[], &["--misere"], &["--depth"], &["--depth", "--misere"]];

/// The input with every separator replaced by a random run of whitespace (CRLF, tabs, ...).
fn with_odd_whitespace(rng: &mut Rng, text: &str) -> String {
    const SPACES: [&str; 6] = [" ", "\n", "\r\n", "\t", "  \n\n", "\x0b\x0c"];
    let mut out = String::from(SPACES[rng.below(SPACES.len())]);
    for token in text.split_ascii_whitespace() {
        out.push_str(token);
        out.push_str(SPACES[rng.below(SPACES.len())]);
    }
    out
}

#[test]
fn a_sample_through_the_binary() {
    let mut rng = Rng(0x6269_6e61_7279);
    for (i, case) in random_cases().iter().enumerate().step_by(20) {
        let plain = input_text(case);
        let input = if i % 40 == 0 { plain } else { with_odd_whitespace(&mut rng, &plain) };
        for flags in FLAG_SETS {
            let misere = flags.contains(&"--misere");
            let want = format(&oracle(case, misere), flags.contains(&"--depth"));
            let got = run("graph_game", flags, input.as_bytes());
            assert!(got.status.success() && got.stderr.is_empty(), "{flags:?} on {input:?}: {got:?}");
            assert_eq!(String::from_utf8(got.stdout).unwrap(), want, "{flags:?} on {input:?}");
        }
    }
}

/// A deterministic graph of `n` vertices and `m` edges mixing every structure: chains ending in a
/// dead end or fed back into the graph, cycles (self-loops among them) with and without exits, a
/// layer of vertices with a few edges each to earlier structures, a few hubs holding most of the
/// edges (hundreds each, past the solver's byte counters), and a few random edges that close new
/// cycles. Few edges per ordinary vertex keep many of them decided (a vertex loses only when all its
/// moves reach wins). Vertices are relabelled at random so the structure does not follow numbers.
fn large_case(seed: u64, n: usize, m: usize) -> Case {
    let mut rng = Rng(seed);
    let mut label: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        label.swap(i, rng.below(i + 1));
    }
    // Structures are laid out on positions 0..n in order; `edges` holds positions until the end.
    let mut edges: Vec<(usize, usize)> = Vec::with_capacity(m);
    let mut next = 0;
    // Chains: about 40% of the vertices.
    while next < n * 4 / 10 {
        let len = rng.between(2, 120).min(n - next);
        for p in next..next + len - 1 {
            edges.push((p, p + 1));
        }
        if rng.below(3) == 0 && next > 0 {
            edges.push((next + len - 1, rng.below(next)));
        }
        next += len;
    }
    // Cycles: about 20%, half of them with an exit to an earlier position.
    while next < n * 6 / 10 {
        let len = rng.between(1, 40).min(n - next);
        for p in next..next + len {
            let succ = if p + 1 == next + len { next } else { p + 1 };
            edges.push((p, succ));
        }
        if rng.below(2) == 0 {
            edges.push((next + rng.below(len), rng.below(next)));
        }
        next += len;
    }
    // The rest: 0 to 3 edges each to earlier positions, and one in a hundred a hub.
    let mut hubs = Vec::new();
    for p in next..n {
        if rng.below(100) == 0 {
            hubs.push(p);
        }
        let degree = [0, 1, 1, 1, 1, 2, 2, 2, 3, 3][rng.below(10)];
        for _ in 0..degree {
            edges.push((p, rng.below(p)));
        }
    }
    for _ in 0..n / 100 {
        edges.push((rng.below(n), rng.below(n)));
    }
    // The hubs take the remaining edges, to anywhere.
    while edges.len() < m {
        edges.push((hubs[rng.below(hubs.len())], rng.below(n)));
    }
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.below(i + 1));
    }
    Case { n, edges: edges.into_iter().map(|(u, v)| (label[u], label[v])).collect() }
}

/// The generated judge cases: name, generator seed, vertices, edges, flags (as in the `.args`).
const LARGE_CASES: [(&str, u64, usize, usize, &str); 2] = [
    ("large_mixed", 0x5eed_0001, 2000, 10_000, "--depth"),
    ("large_mixed_misere", 0x5eed_0002, 2000, 10_000, "--misere --depth"),
];

/// The expected files of the large judge cases are exactly what the oracle says. With `BLESS=1`
/// (on when set to anything but empty or `0`), first writes the inputs (from the generator) and
/// the expected files (from the oracle).
#[test]
fn large_cases_are_proven_by_the_oracle() {
    for (name, seed, n, m, args) in LARGE_CASES {
        let input_file = root().join(format!("inputs/graph_game/{name}.in"));
        let args_file = root().join(format!("inputs/graph_game/{name}.args"));
        let expected_file = root().join(format!("expected/graph_game/{name}.out"));
        let misere = args.contains("--misere");
        let depth = args.contains("--depth");
        if switch_on("BLESS") {
            let case = large_case(seed, n, m);
            fs::write(&input_file, input_text(&case)).unwrap();
            fs::write(&args_file, format!("{args}\n")).unwrap();
            fs::write(&expected_file, format(&oracle(&case, misere), depth)).unwrap();
        }
        assert_eq!(fs::read_to_string(&args_file).unwrap().trim(), args, "{name}.args");
        let case = parse_input(&fs::read_to_string(&input_file).unwrap());
        let expected = fs::read_to_string(&expected_file).unwrap();
        assert!(expected == format(&oracle(&case, misere), depth), "{name}.out is not what the oracle says");
    }
}
