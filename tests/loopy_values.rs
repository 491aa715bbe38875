//! Checks `loopy_values` (one token: a state's loopy nim value and the set `K` of an infinite
//! state) against oracles written here from the definition, sharing no code with the library.
//!
//! The naive oracle computes the values stage by stage on forward adjacency lists. Stage `g`:
//! in rounds, until a round changes nothing, every state without a value that has no option of
//! value `g`, and whose every option without a value or infinite has an option of value `g`,
//! gets `g` (all decided on the round's snapshot, then written: two states of one round are never
//! each other's option, since one would need an option of value `g` and the other none). Then
//! every state still without a value and without an option of value `g` is infinite. States
//! still without a value have options of every value below `g`, so `g` is the mex of their finite
//! options. `K` of an infinite state is the set of finite values among its options. It costs
//! O(stages * rounds * (n + m)), fine for the graphs here.
//!
//! The oracle itself is checked against the definition as Fraenkel and Yesha state it, with the
//! rounds as the counter function: (A) a finite `g` is the mex of the finite values of the
//! options; (B, D) every option of a finite `g` state `u` whose value is above `g`, or infinite,
//! has an option of value `g` given in an earlier round than `u`'s; (C) an infinite state has an
//! infinite option whose `K` lacks the mex of the state's finite options. On hand-worked graphs
//! too.
//!
//! What is checked against it: 10,000 random graphs (1..=12 vertices, 0..=30 edges, cycles,
//! self-loops, repeated edges, dead ends, dense ones), every state's `value`, `infinite_set`,
//! `in_infinite_set` for `x` in `0..=max + 2` and `find_options` for every value in
//! `0..=max + 1`; vertices with 254..=300 moves (wider counters); on acyclic graphs the Grundy
//! numbers of a plain mex in topological order, small and large (2000 vertices, a vertex with
//! 70,000 moves); that repeating edges changes nothing; that `Start::Win` panics.
//! Random graphs come from splitmix64 with fixed seeds, so every run checks the same graphs.

use crate::random;
use graph_games::graph::{Graph, GraphGame};
use graph_games::solver::{find_options, loopy_values, Start, Value, Values};
use random::Rng;

use crate::loopy;
use loopy::{random_case, Case};

/// A state's value in the naive oracle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Naive {
    Open,
    Finite(u32),
    Infinite,
}

/// The naive oracle's answer: every state's value, the global round in which a finite value was
/// given (the counter function of the module doc), and `K` of each infinite state (increasing).
struct Oracle {
    value: Vec<Naive>,
    round: Vec<usize>,
    set: Vec<Vec<u32>>,
}

/// The stages of the module doc.
fn naive(options: &[Vec<usize>]) -> Oracle {
    let n = options.len();
    let mut value = vec![Naive::Open; n];
    let mut round = vec![usize::MAX; n];
    let mut rounds = 0;
    let mut g = 0u32;
    while value.contains(&Naive::Open) {
        let has_g = |value: &[Naive]| -> Vec<bool> {
            options.iter().map(|o| o.iter().any(|&w| value[w] == Naive::Finite(g))).collect()
        };
        loop {
            let reached = has_g(&value);
            let given: Vec<usize> = (0..n)
                .filter(|&v| value[v] == Naive::Open && !reached[v])
                .filter(|&v| options[v].iter().all(|&w| matches!(value[w], Naive::Finite(_)) || reached[w]))
                .collect();
            if given.is_empty() {
                break;
            }
            for &v in &given {
                value[v] = Naive::Finite(g);
                round[v] = rounds;
            }
            rounds += 1;
        }
        let reached = has_g(&value);
        for v in 0..n {
            if value[v] == Naive::Open && !reached[v] {
                value[v] = Naive::Infinite;
            }
        }
        g += 1;
    }
    let set = (0..n)
        .map(|v| match value[v] {
            Naive::Infinite => finite_options(options, &value, v),
            _ => Vec::new(),
        })
        .collect();
    Oracle { value, round, set }
}

/// The distinct finite values among the options of `v`, increasing.
fn finite_options(options: &[Vec<usize>], value: &[Naive], v: usize) -> Vec<u32> {
    let mut set: Vec<u32> = options[v]
        .iter()
        .filter_map(|&w| if let Naive::Finite(h) = value[w] { Some(h) } else { None })
        .collect();
    set.sort_unstable();
    set.dedup();
    set
}

fn mex(set: &[u32]) -> u32 {
    (0..).find(|x| !set.contains(x)).unwrap()
}

/// Conditions A to D of the module doc, on the oracle's own answer.
fn check_definition(options: &[Vec<usize>], oracle: &Oracle, what: &dyn Fn() -> String) {
    let value = &oracle.value;
    for u in 0..options.len() {
        let b = mex(&finite_options(options, value, u));
        match value[u] {
            Naive::Open => panic!("{}: state {u} left without a value", what()),
            Naive::Finite(g) => {
                assert_eq!(g, b, "{}: state {u} is not the mex", what());
                for &v in &options[u] {
                    if matches!(value[v], Naive::Finite(h) if h <= g) {
                        continue;
                    }
                    let undone = options[v]
                        .iter()
                        .any(|&w| value[w] == Naive::Finite(g) && oracle.round[w] < oracle.round[u]);
                    assert!(undone, "{}: move {u} -> {v} cannot be undone to {g} in time", what());
                }
            }
            Naive::Infinite => {
                let blocker =
                    options[u].iter().any(|&v| value[v] == Naive::Infinite && !oracle.set[v].contains(&b));
                assert!(blocker, "{}: state {u} infinite, yet no infinite option lacks {b}", what());
            }
        }
    }
}

/// The library's value and `K` (None when finite) of every state.
fn library(values: &Values) -> Vec<(Value, Option<Vec<u32>>)> {
    (0..values.len()).map(|s| (values.value(s), values.infinite_set(s).map(|k| k.collect()))).collect()
}

/// The library's answers on `case` against the oracle's, every query of the module doc.
fn compare(case: &Case) {
    let options = case.options();
    let oracle = naive(&options);
    check_definition(&options, &oracle, &|| format!("oracle on {case:?}"));
    let graph = case.graph();
    let game = GraphGame::new(&graph, |_| Start::Lose);
    let values = loopy_values(&game);
    assert_eq!(values.len(), case.n);
    let max =
        oracle.value.iter().filter_map(|&x| if let Naive::Finite(g) = x { Some(g) } else { None }).max();
    let max = max.unwrap_or(0);
    for (s, got) in library(&values).into_iter().enumerate() {
        let want = match oracle.value[s] {
            Naive::Finite(g) => (Value::Finite(g), None),
            _ => (Value::Infinite, Some(oracle.set[s].clone())),
        };
        assert_eq!(got, want, "state {s} of {case:?}: got (left) vs oracle (right)");
        for x in 0..=max + 2 {
            let want = oracle.value[s] == Naive::Infinite && oracle.set[s].contains(&x);
            assert_eq!(values.in_infinite_set(s, x), want, "in_infinite_set({s}, {x}) on {case:?}");
        }
    }
    let wanted: Vec<(usize, u32)> = (0..case.n).flat_map(|s| (0..=max + 1).map(move |h| (s, h))).collect();
    let found = find_options(&game, &values, &wanted);
    assert_eq!(found.len(), wanted.len());
    for (&(s, h), &target) in wanted.iter().zip(&found) {
        let exists = options[s].iter().any(|&w| oracle.value[w] == Naive::Finite(h));
        match target {
            Some(w) => assert!(
                options[s].contains(&w) && oracle.value[w] == Naive::Finite(h),
                "find_options({s}, {h}) gave {w}, not an option of value {h}, on {case:?}"
            ),
            None => assert!(!exists, "find_options({s}, {h}) found none on {case:?}"),
        }
    }
}

fn case(n: usize, edges: &[(u32, u32)]) -> Case {
    Case { n, edges: edges.to_vec() }
}

#[test]
fn the_oracle_on_hand_worked_graphs() {
    use Naive::{Finite as F, Infinite as I};
    let cases: [(Case, Vec<Naive>, Vec<Vec<u32>>); 5] = [
        // A 2-cycle and a self-loop: moving forever, with no finite option at all.
        (case(3, &[(0, 1), (1, 0), (2, 2)]), vec![I, I, I], vec![vec![], vec![], vec![]]),
        // 0 <-> 1 -> 2 (over): 0's only move goes to 1, which moves to 2 of value 0, so 0 is
        // lost; 1 then has options of values 0 and 0 only: value 1.
        (case(3, &[(0, 1), (1, 0), (1, 2)]), vec![F(0), F(1), F(0)], vec![vec![]; 3]),
        // The library's doc example: 3 -> 3, 3 -> 2: infinite with K = {0}; 4 -> 3 only: lost.
        (
            case(6, &[(0, 1), (1, 2), (3, 3), (3, 2), (4, 3), (5, 5)]),
            vec![F(0), F(1), F(0), I, F(0), I],
            vec![vec![], vec![], vec![], vec![0], vec![], vec![]],
        ),
        // 0 -> 1 -> 2 -> 0 and 2 -> 3 (over). Stage 0: 3; then 1, whose only option 2 moves to
        // 3. Stage 1: 0 (options: 1 of value 0). Stage 2: 2 (options 0 and 3, of values 1 and 0).
        (case(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]), vec![F(1), F(0), F(2), F(0)], vec![vec![]; 4]),
        // 0 -> 1 -> 2 -> 0 and 1 -> 3 (over). Stage 0: 3; then 0, whose only option 1 moves to
        // 3. Stage 1: 2 (options: 0 of value 0). Stage 2: 1 (options 2 and 3, of values 1 and 0).
        (case(4, &[(0, 1), (1, 2), (2, 0), (1, 3)]), vec![F(0), F(2), F(1), F(0)], vec![vec![]; 4]),
    ];
    for (case, value, set) in cases {
        let options = case.options();
        let oracle = naive(&options);
        check_definition(&options, &oracle, &|| format!("{case:?}"));
        assert_eq!(oracle.value, value, "{case:?}");
        assert_eq!(oracle.set, set, "{case:?}");
        compare(&case);
    }
}

#[test]
fn random_small_graphs_agree_with_the_naive_stages() {
    let mut rng = Rng::new(0x100b_0001);
    for _ in 0..10_000 {
        compare(&random_case(&mut rng, 12, 30));
    }
}

#[test]
fn vertices_with_many_moves_use_wider_counters_alike() {
    let mut rng = Rng::new(0x100b_0002);
    for moves in [253, 254, 255, 256, 300] {
        for _ in 0..3 {
            let mut case = random_case(&mut rng, 300, 900);
            let hub = rng.below(case.n as u64) as u32;
            for _ in 0..moves {
                case.edges.push((hub, rng.below(case.n as u64) as u32));
            }
            compare(&case);
        }
    }
}

/// A random acyclic graph: edges go from a higher rank to a lower one; vertex `label[r]` has
/// rank `r`, so the graph the library sees is not in topological order. Also the Grundy numbers
/// by label: a plain mex over ranks in increasing order.
fn random_dag(rng: &mut Rng, n: usize, m: usize) -> (Case, Vec<u32>) {
    let mut label: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut label);
    let mut by_rank: Vec<Vec<usize>> = vec![Vec::new(); n];
    let m = if n < 2 { 0 } else { m }; // one vertex has nowhere lower to move
    let mut edges = Vec::with_capacity(m);
    for _ in 0..m {
        let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64 - 1) as usize);
        let b = if b >= a { b + 1 } else { b };
        let (high, low) = (a.max(b), a.min(b));
        by_rank[high].push(low);
        edges.push((label[high], label[low]));
    }
    let mut grundy_by_rank = vec![0u32; n];
    for r in 0..n {
        let below: Vec<u32> = by_rank[r].iter().map(|&w| grundy_by_rank[w]).collect();
        grundy_by_rank[r] = mex(&below);
    }
    let mut grundy = vec![0u32; n];
    for r in 0..n {
        grundy[label[r] as usize] = grundy_by_rank[r];
    }
    (Case { n, edges }, grundy)
}

fn assert_grundy(case: &Case, grundy: &[u32]) {
    let values = loopy_values(&GraphGame::new(&case.graph(), |_| Start::Lose));
    for (v, &g) in grundy.iter().enumerate() {
        assert_eq!(
            values.value(v),
            Value::Finite(g),
            "vertex {v} of the acyclic graph on {} vertices",
            case.n
        );
        assert!(values.infinite_set(v).is_none() && !values.in_infinite_set(v, g));
    }
}

#[test]
fn acyclic_graphs_get_their_grundy_numbers() {
    let mut rng = Rng::new(0x100b_0003);
    for _ in 0..3000 {
        let (n, m) = (rng.between(1, 12), rng.between(0, 30));
        let (case, grundy) = random_dag(&mut rng, n, m);
        assert_grundy(&case, &grundy);
    }
    for m in [0, 1000, 3000, 20_000, 100_000] {
        let (case, grundy) = random_dag(&mut rng, 2000, m);
        assert_grundy(&case, &grundy);
    }
    // Every vertex moves to every lower one: vertex i has Grundy number i, and up to 399 moves.
    let n = 400u32;
    let edges: Vec<(u32, u32)> = (0..n).flat_map(|i| (0..i).map(move |j| (i, j))).collect();
    assert_grundy(&Case { n: n as usize, edges }, &(0..n).collect::<Vec<_>>());
}

#[test]
fn a_vertex_with_70000_moves() {
    // A random acyclic graph on 1..=70,000, and vertex 0 moving to each of them: its value is the
    // mex of all their values. With a self-loop besides, 0 is infinite with K = all those values.
    let mut rng = Rng::new(0x100b_0004);
    let (dag, grundy) = random_dag(&mut rng, 70_000, 140_000);
    let shifted = dag.edges.iter().map(|&(u, v)| (u + 1, v + 1));
    let mut edges: Vec<(u32, u32)> = (1..=70_000).map(|v| (0, v)).chain(shifted).collect();
    let mut set = grundy.clone();
    set.sort_unstable();
    set.dedup();
    for self_loop in [false, true] {
        if self_loop {
            edges.push((0, 0));
        }
        let graph = Case { n: 70_001, edges: edges.clone() }.graph();
        let values = loopy_values(&GraphGame::new(&graph, |_| Start::Lose));
        for (v, &g) in grundy.iter().enumerate() {
            assert_eq!(values.value(v + 1), Value::Finite(g), "vertex {}", v + 1);
        }
        if self_loop {
            assert_eq!(values.value(0), Value::Infinite);
            assert_eq!(values.infinite_set(0).unwrap().collect::<Vec<_>>(), set);
        } else {
            assert_eq!(values.value(0), Value::Finite(mex(&set)));
        }
    }
}

#[test]
fn repeated_edges_change_nothing() {
    let mut rng = Rng::new(0x100b_0005);
    let mut cases: Vec<Case> = (0..2000).map(|_| random_case(&mut rng, 12, 30)).collect();
    cases.push(random_case(&mut rng, 3000, 9000));
    for case in cases {
        let once = library(&loopy_values(&GraphGame::new(&case.graph(), |_| Start::Lose)));
        let mut doubled = case.clone();
        doubled.edges.extend_from_slice(&case.edges);
        let mut shuffled = Case { n: case.n, edges: Vec::new() };
        for &e in &case.edges {
            (0..rng.between(1, 3)).for_each(|_| shuffled.edges.push(e));
        }
        rng.shuffle(&mut shuffled.edges);
        for more in [doubled, shuffled] {
            let got = library(&loopy_values(&GraphGame::new(&more.graph(), |_| Start::Lose)));
            assert_eq!(got, once, "{case:?} with its edges repeated as {more:?}");
        }
    }
}

#[test]
#[should_panic(expected = "state 2 starts as Win")]
fn a_state_that_starts_as_win_is_a_broken_rule() {
    let graph = Graph::from_edges(3, &[0, 1], &[1, 2]);
    loopy_values(&GraphGame::new(&graph, |_| Start::Win));
}
