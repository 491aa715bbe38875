//! Checks the progress moves of sums of tokens (`graph_games::solver::progress_moves`,
//! `graph_sum --move --bound`): every move named for a won sum belongs to a strategy that wins
//! against every defence within the bound printed.
//!
//! Two oracles written here, sharing no code with the library:
//! - the **product space**: every ordered tuple of 1 to 3 tokens on a random graph of at most 8
//!   vertices is a state, decided by the naive fixpoint of `tests/fixpoint/`. Then the strategy
//!   graph: from a won tuple, the one move named; from a lost tuple, every move. It must have no
//!   cycle (so no defence makes the game go on for ever), the named move must lead to a lost
//!   tuple, and the longest path from each won tuple must be at most its bound;
//! - the **stages written plainly** (`naive_stages`): the values and the order in which the stages
//!   value the vertices, by the FIFO rule of docs/problems/graph_sum.md ("The move is always this
//!   one"), a queue of its own with forward and backward lists. From them, the rule itself by
//!   brute force (every move of every token to a sum of value 0, the least sum of ranks after it,
//!   the first token among equals) gives the exact move and bound: the library and the program
//!   must print it, and so must the judge cases' expected files of `graph_sum` with `--move`.
//!
//! Random graphs come from splitmix64 with fixed seeds (`tests/loopy/`'s shapes).

use crate::common;
use crate::fixpoint;
use crate::loopy;
use crate::random;

use fixpoint::{oracle, Verdict};
use graph_games::graph::GraphGame;
use graph_games::solver::{loopy_values_ranked, progress_moves, Start, SumMove};
use loopy::{index, product_moves, random_case, tuple, Case};
use random::Rng;
use std::collections::VecDeque;

/// What the plain stages give: each vertex's value (`None`: infinite), rank, and `K` for an
/// infinite one (the finite values among its options).
struct Plain {
    value: Vec<Option<u32>>,
    rank: Vec<Option<u32>>,
    options: Vec<Vec<usize>>,
}

/// The stages of the statement, written plainly: in stage `g`, the open vertices without open or
/// infinite options are valued first, in increasing order; then a FIFO queue: a valued vertex
/// marks each predecessor (edge by edge, in input order) that is open and not valued this stage,
/// or infinite, as reached and queues it; a reached vertex takes one from the count of open or
/// infinite options of each open predecessor not valued nor reached, and at 0 that one is valued
/// and queued. At the stage's end the open vertices neither valued nor reached are infinite.
fn naive_stages(case: &Case) -> Plain {
    let n = case.n;
    let options = case.options();
    let mut preds = vec![Vec::new(); n];
    for &(u, v) in &case.edges {
        preds[v as usize].push(u as usize);
    }
    let (mut value, mut rank) = (vec![None; n], vec![None; n]);
    let mut infinite = vec![false; n];
    let mut next_rank = 0;
    for g in 0.. {
        let open = |v: usize, value: &[Option<u32>], infinite: &[bool]| value[v].is_none() && !infinite[v];
        if (0..n).all(|v| !open(v, &value, &infinite)) {
            break;
        }
        let was_open: Vec<bool> = (0..n).map(|v| open(v, &value, &infinite)).collect();
        let mut count: Vec<usize> =
            (0..n).map(|v| options[v].iter().filter(|&&w| was_open[w] || infinite[w]).count()).collect();
        let (mut valued_now, mut reached) = (vec![false; n], vec![false; n]);
        let mut queue = VecDeque::new();
        for v in (0..n).filter(|&v| was_open[v] && count[v] == 0) {
            valued_now[v] = true;
            queue.push_back((v, true));
        }
        while let Some((s, valued)) = queue.pop_front() {
            for &p in &preds[s] {
                let live = (was_open[p] && !valued_now[p]) || infinite[p];
                if valued && live && !reached[p] {
                    reached[p] = true;
                    queue.push_back((p, false));
                } else if !valued && was_open[p] && !valued_now[p] && !reached[p] {
                    count[p] -= 1;
                    if count[p] == 0 {
                        valued_now[p] = true;
                        queue.push_back((p, true));
                    }
                }
            }
            if valued {
                value[s] = Some(g);
                rank[s] = Some(next_rank);
                next_rank += 1;
            }
        }
        for v in 0..n {
            if was_open[v] && !valued_now[v] && !reached[v] {
                infinite[v] = true;
            }
        }
    }
    Plain { value, rank, options }
}

impl Plain {
    /// Whether the sum of tokens on `tokens` is all finite with xor 0 (lost for the player to move).
    fn zero(&self, tokens: &[usize]) -> bool {
        let mut x = 0;
        for &t in tokens {
            match self.value[t] {
                Some(g) => x ^= g,
                None => return false,
            }
        }
        x == 0
    }

    /// The progress move by brute force: of every move to a sum of value 0, the least change of
    /// the sum of ranks (an infinite token counts 0), the first token among equals; with its
    /// bound `1 + 2·S` after it. `None` when no move leaves a sum of value 0.
    fn progress(&self, tokens: &[usize]) -> Option<(usize, usize, u64)> {
        let rank = |t: usize| i64::from(self.rank[t].unwrap_or(0));
        let s: i64 = tokens.iter().map(|&t| rank(t)).sum();
        let mut best: Option<(i64, usize, usize)> = None;
        for (i, &t) in tokens.iter().enumerate() {
            for &w in &self.options[t] {
                let mut after = tokens.to_vec();
                after[i] = w;
                let change = rank(w) - rank(t);
                if self.zero(&after) && best.map_or(true, |(least, _, _)| change < least) {
                    best = Some((change, i, w));
                }
            }
        }
        best.map(|(change, i, w)| (i, w, 1 + 2 * (s + change) as u64))
    }
}

/// The product-space check of the module doc for `k` tokens: `named[s]` is the move named for
/// tuple `s` (token, target, bound), `None` where none is named. Returns the longest game seen.
fn check_strategy(case: &Case, k: usize, named: &[Option<(usize, usize, u64)>], who: &str) -> u64 {
    let n = case.n;
    let options = case.options();
    let size = n.pow(k as u32);
    let successors = product_moves(case, k);
    let verdicts = oracle(&successors, false);
    // The strategy graph: node 2s is tuple s with the winner to move, 2s + 1 with the loser.
    let mut strategy: Vec<Vec<usize>> = vec![Vec::new(); 2 * size];
    for s in 0..size {
        let tokens = tuple(s, n, k);
        let won = matches!(verdicts[s], Verdict::Win(_));
        assert_eq!(named[s].is_some(), won, "{who}: {tokens:?} on {case:?}: a move named iff won");
        if let Some((i, w, _)) = named[s] {
            assert!(options[tokens[i]].contains(&w), "{who}: {tokens:?} on {case:?}: {i} -> {w} no edge");
            let mut after = tokens.clone();
            after[i] = w;
            let to = index(&after, n);
            assert!(matches!(verdicts[to], Verdict::Lose(_)), "{who}: {tokens:?} on {case:?}: to {after:?}");
            strategy[2 * s].push(2 * to + 1);
        }
        if matches!(verdicts[s], Verdict::Lose(_)) {
            strategy[2 * s + 1] = successors[s].iter().map(|&t| 2 * t).collect();
        }
    }
    // Longest paths, sinks first (Kahn's order on the reversed graph); a node never taken lies on
    // a path into a cycle.
    let mut predecessors = vec![Vec::new(); 2 * size];
    let mut left: Vec<usize> = strategy.iter().map(Vec::len).collect();
    for (from, to) in strategy.iter().enumerate() {
        to.iter().for_each(|&t| predecessors[t].push(from));
    }
    let mut longest = vec![0u64; 2 * size];
    let mut ready: Vec<usize> = (0..2 * size).filter(|&v| left[v] == 0).collect();
    let mut done = 0;
    while let Some(v) = ready.pop() {
        done += 1;
        for &p in &predecessors[v] {
            longest[p] = longest[p].max(longest[v] + 1);
            left[p] -= 1;
            if left[p] == 0 {
                ready.push(p);
            }
        }
    }
    assert_eq!(done, 2 * size, "{who}: the strategy graph on {case:?} with {k} tokens has a cycle");
    for s in 0..size {
        if let Some((_, _, bound)) = named[s] {
            let tokens = tuple(s, n, k);
            assert!(
                longest[2 * s] <= bound,
                "{who}: {tokens:?} on {case:?}: {} moves > {bound}",
                longest[2 * s]
            );
        }
    }
    (0..size).filter(|&s| named[s].is_some()).map(|s| longest[2 * s]).max().unwrap_or(0)
}

/// A graph of 3 to 8 vertices where vertex 0 alone has no moves and every other has 1 to 3 edges
/// anywhere: cycles everywhere, finite values reached round them, long defences.
fn tangled_case(rng: &mut Rng) -> Case {
    let n = rng.between(3, 8);
    let mut edges = Vec::new();
    for u in 1..n as u32 {
        for _ in 0..rng.between(1, 3) {
            edges.push((u, rng.below(n as u64) as u32));
        }
    }
    Case { n, edges }
}

/// The library's progress move of every `k`-tuple on `case`.
fn library_moves(case: &Case, k: usize) -> Vec<Option<(usize, usize, u64)>> {
    let graph = case.graph();
    let game = GraphGame::new(&graph, |_| Start::Lose);
    let values = loopy_values_ranked(&game);
    let sums = (0..case.n.pow(k as u32)).map(|s| tuple(s, case.n, k));
    let moves = progress_moves(&game, &values, sums);
    moves.into_iter().map(|m| m.map(|SumMove { token, to, bound }| (token, to, bound))).collect()
}

#[test]
fn the_plain_stages_give_the_library_s_values_and_ranks() {
    let mut rng = Rng::new(0x9e0_0001);
    for _ in 0..3000 {
        let case = random_case(&mut rng, 9, 24);
        let plain = naive_stages(&case);
        let graph = case.graph();
        let values = loopy_values_ranked(&GraphGame::new(&graph, |_| Start::Lose));
        for v in 0..case.n {
            let value = match values.value(v) {
                graph_games::solver::Value::Finite(g) => Some(g),
                graph_games::solver::Value::Infinite => None,
            };
            assert_eq!((value, values.rank(v)), (plain.value[v], plain.rank[v]), "vertex {v} of {case:?}");
        }
    }
}

#[test]
fn progress_moves_win_against_every_defence_within_the_bound() {
    let mut rng = Rng::new(0x9e0_0002);
    let mut longest_games = Vec::new();
    for round in 0..1200 {
        let case = if round % 2 == 0 { random_case(&mut rng, 8, 20) } else { tangled_case(&mut rng) };
        let plain = naive_stages(&case);
        for k in 1..=3 {
            if k == 3 && round % 4 != 0 {
                continue;
            }
            let named = library_moves(&case, k);
            for (s, &got) in named.iter().enumerate() {
                let tokens = tuple(s, case.n, k);
                assert_eq!(got, plain.progress(&tokens), "{tokens:?} on {case:?}: library vs brute force");
            }
            longest_games.push(check_strategy(&case, k, &named, "library"));
        }
    }
    // The defences were long ones: games where the loser moves tokens up and the winner reverses.
    let long = longest_games.iter().filter(|&&d| d >= 7).count();
    assert!(long > 50, "{long} games of 7 moves or more");
}

/// The input of `graph_sum` for `case`, with every tuple of 1 to `max_k` tokens as queries.
fn program_input(case: &Case, max_k: usize) -> String {
    let mut text = format!("{} {}\n", case.n, case.edges.len());
    case.edges.iter().for_each(|&(u, v)| text.push_str(&format!("{} {}\n", u + 1, v + 1)));
    let count: usize = (1..=max_k).map(|k| case.n.pow(k as u32)).sum();
    text.push_str(&format!("{count}\n"));
    for k in 1..=max_k {
        for s in 0..case.n.pow(k as u32) {
            let tokens: Vec<String> = tuple(s, case.n, k).iter().map(|t| (t + 1).to_string()).collect();
            text.push_str(&format!("{k} {}\n", tokens.join(" ")));
        }
    }
    text
}

/// A `win i v b` line as (token, vertex, bound), 0-based; `None` for `lose` or `draw`.
fn parse_move(line: &str) -> Option<(usize, usize, u64)> {
    let words: Vec<&str> = line.split(' ').collect();
    match words[..] {
        ["win", i, v, b] => {
            Some((i.parse::<usize>().unwrap() - 1, v.parse::<usize>().unwrap() - 1, b.parse().unwrap()))
        }
        ["lose"] | ["draw"] => None,
        _ => panic!("not a line of --move --bound: {line:?}"),
    }
}

#[test]
fn graph_sum_names_the_progress_move_and_its_bound() {
    let mut rng = Rng::new(0x9e0_0003);
    for _ in 0..60 {
        let case = random_case(&mut rng, 7, 18);
        let (code, out, err) =
            common::run_text("graph_sum", &["--move", "--bound"], program_input(&case, 3).as_bytes());
        assert_eq!(code, Some(0), "{case:?}: {err}");
        let mut lines = out.lines();
        for k in 1..=3 {
            let named: Vec<_> =
                (0..case.n.pow(k as u32)).map(|_| parse_move(lines.next().unwrap())).collect();
            let _ = check_strategy(&case, k, &named, "graph_sum");
        }
    }
}

/// The old rule's smallest failure: `2 -> 3`, `2 -> 1`, `1 -> 2`, a token on 2. Moving to 1 (the
/// smaller vertex of value 0) lets the opponent go back to 2 for ever; the progress move is to 3.
#[test]
fn the_cycle_of_the_old_rule_is_gone() {
    let input = "3 3\n2 3\n2 1\n1 2\n1\n1 2\n";
    assert_eq!(common::run_text("graph_sum", &["--move"], input.as_bytes()).1, "win 1 3\n");
    assert_eq!(common::run_text("graph_sum", &["--bound"], input.as_bytes()).1, "win 1\n");
    assert_eq!(common::run_text("graph_sum", &["--move", "--bound"], input.as_bytes()).1, "win 1 3 1\n");
}

/// The checker can fail: the old rule (the first token whose value `g` has `g ^ x < g`, to the
/// smallest option of value `g ^ x`), given a bound as large as one likes, is caught cycling on the
/// old rule's smallest failure.
#[test]
fn the_strategy_check_catches_the_old_rule() {
    let case = Case { n: 3, edges: vec![(1, 2), (1, 0), (0, 1)] };
    let plain = naive_stages(&case);
    let old_rule = |tokens: &[usize]| {
        let x = tokens.iter().try_fold(0, |x, &t| plain.value[t].map(|g| x ^ g))?;
        let i = tokens.iter().position(|&t| plain.value[t].map_or(false, |g| g ^ x < g))?;
        let g = plain.value[tokens[i]].unwrap();
        let mut targets = plain.options[tokens[i]].clone();
        targets.sort_unstable();
        let w = targets.into_iter().find(|&w| plain.value[w] == Some(g ^ x))?;
        Some((i, w, u64::MAX))
    };
    let named: Vec<_> = (0..3).map(|s| old_rule(&[s])).collect();
    assert_eq!(named[1], Some((0, 0, u64::MAX)), "the old rule moves 2 -> 1 (1-based)");
    let caught = std::panic::catch_unwind(|| {
        check_strategy(&case, 1, &named, "the old rule");
    });
    assert!(caught.is_err(), "the old rule's cycle went unseen");
}

/// A judge case's input as a graph and its queries (0-based).
fn parse_case(text: &str) -> (Case, Vec<Vec<usize>>) {
    let mut numbers = text.split_whitespace().map(|w| w.parse::<usize>().unwrap());
    let mut next = || numbers.next().unwrap();
    let (n, m) = (next(), next());
    let edges = (0..m).map(|_| ((next() - 1) as u32, (next() - 1) as u32)).collect();
    let queries = (0..next()).map(|_| (0..next()).map(|_| next() - 1).collect()).collect();
    (Case { n, edges }, queries)
}

/// Every judge case of graph_sum run with `--move` (and `--bound`): its expected file is what the
/// plain stages and the brute-force rule give, line for line.
#[test]
fn the_judge_cases_with_moves_are_the_brute_force_rule() {
    let mut seen = 0;
    for case in common::judge_cases("graph_sum") {
        let flags = common::case_flags(&case);
        if !flags.iter().any(|f| f == "--move" || f == "--bound") {
            continue;
        }
        seen += 1;
        let (graph, queries) = parse_case(&std::fs::read_to_string(&case).unwrap());
        let plain = naive_stages(&graph);
        let mut want = String::new();
        for tokens in &queries {
            // No move to a sum of value 0: all finite is a xor of 0, else a draw.
            let outcome = match (plain.progress(tokens), tokens.iter().all(|&t| plain.value[t].is_some())) {
                (Some(_), _) => "win",
                (None, true) => "lose",
                (None, false) => "draw",
            };
            want.push_str(outcome);
            if let Some((i, w, bound)) = plain.progress(tokens) {
                if flags.iter().any(|f| f == "--move") {
                    want.push_str(&format!(" {} {}", i + 1, w + 1));
                }
                if flags.iter().any(|f| f == "--bound") {
                    want.push_str(&format!(" {bound}"));
                }
            }
            want.push('\n');
        }
        let expected = case.with_extension("out");
        let expected = common::root().join("expected/graph_sum").join(expected.file_name().unwrap());
        assert_eq!(std::fs::read_to_string(&expected).unwrap(), want, "{}", expected.display());
    }
    assert!(seen >= 3, "only {seen} judge cases with --move");
}
