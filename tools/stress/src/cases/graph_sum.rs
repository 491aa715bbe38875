//! Generated inputs of [`graph_games::games::graph_sum`] (`graph_sum`): [`GraphSumCase`], a graph
//! and queries of tokens on it, as data. What it shares with `graph_partizan`'s inputs (the text,
//! the shrink steps, the making of queries) is [`TokenGraph`]'s, in `token_graph.rs`; here are its
//! bare edge, its families and its limits.
//!
//! # Families
//! `size` is the number of vertices `n` (at least 1); every family but `tiny` has exactly `size`.
//! Every case keeps the program's limits (`MAX_VERTICES`, `MAX_EDGES`, `MAX_QUERIES`,
//! `MAX_TOKENS`): past them it only rejects the input, so there is nothing beyond to generate.
//! - `tiny`: at most 6 vertices, up to `2n + 2` random edges (self-loops and repeats common), up
//!   to 6 queries of 1 to 4 tokens: the cases a hand check can follow.
//! - `random`: `n` to `3n` uniform random edges (cycles, self-loops, repeats), `1` to `n + 2`
//!   queries of 1 to 5 tokens, a token repeated now and then: every kind of value and answer.
//! - `dag`: edges only forward in a hidden random order, many of them short: every value finite
//!   (ordinary Grundy numbers), so every answer is `win` or `lose`.
//! - `staircase`: a staircase of `s` vertices (the largest `s <= 1000` with `s(s-1)/2 <= n`), rank
//!   `i` moving to every rank below it and nowhere else, so rank `i` has value `i` (as many stages
//!   as the staircase is tall); the other vertices move at random, into the staircase too.
//! - `bench_random`: the first benchmark (`make bench`'s `sum_random`, 5·10^5 vertices there):
//!   `2n` uniform random edges, `n / 5` queries of 5 uniform random tokens.
//! - `bench_staircase`: the second (`sum_staircase`): the staircase of `staircase` (1000 vertices,
//!   values up to 999, at 5·10^5 vertices) inside random edges out of the other vertices, `2n`
//!   edges in all in random order, and the queries of `bench_random`.
//!
//! # Shrinking
//! [`TokenGraph::steps`]: vertices (the others relabelled in order, the edges and tokens that
//! touch them dropped), edges, whole queries or tokens go, `n + m + q + tokens` lower at every
//! step; any graph is valid, so every step is.

use super::token_graph::{self, ordered_pair, shuffled, Edge, TokenGraph};
use super::{Case, Rng};
use graph_games::games::graph_sum::{read, MAX_EDGES, MAX_QUERIES, MAX_TOKENS, MAX_VERTICES};
use graph_games::input::Scanner;

/// One input of `graph_sum`: `n` vertices, the edges `(u, v)` in input order (a move from `u` to
/// `v`), the queries in order.
pub type GraphSumCase = TokenGraph<(u32, u32)>;

/// An edge `(u, v)`, written `u v`: a move and nothing more.
impl Edge for (u32, u32) {
    fn ends(self) -> (u32, u32) {
        self
    }

    fn between(self, u: u32, v: u32) -> Self {
        (u, v)
    }

    fn label(self) -> &'static [u8] {
        b""
    }

    fn read<'a>(u: u32, v: u32, _: &mut impl Iterator<Item = &'a [u8]>) -> Option<Self> {
        Some((u, v))
    }
}

/// A uniform random vertex of `0..n`.
fn vertex(rng: &mut Rng, n: usize) -> u32 {
    rng.below(n as u64) as u32
}

/// `m` uniform random edges on `n` vertices.
fn random_edges(rng: &mut Rng, n: usize, m: usize) -> Vec<(u32, u32)> {
    (0..m).map(|_| (vertex(rng, n), vertex(rng, n))).collect()
}

/// At most `m` edges, within the program's limit.
fn edges_within(m: usize) -> usize {
    m.min(MAX_EDGES as usize)
}

/// `q` queries (within the limits) of uniform random tokens, each of `k(rng)` tokens; now and
/// then (`repeats`) a token repeated.
fn queries(rng: &mut Rng, n: usize, q: usize, k: impl Fn(&mut Rng) -> usize, repeats: bool) -> Vec<Vec<u32>> {
    token_graph::queries(rng, n, q, k, repeats, (MAX_QUERIES, MAX_TOKENS))
}

/// `dag`: each edge goes forward in a hidden random order, half of them at most 8 places on.
fn dag(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    if n < 2 {
        return Vec::new();
    }
    let order = shuffled(rng, n);
    let m = edges_within(rng.between(n, 3 * n));
    let mut edges = Vec::with_capacity(m);
    for _ in 0..m {
        let (a, b) = ordered_pair(rng, n);
        edges.push((order[a], order[b]));
    }
    edges
}

/// The tallest staircase for `n` vertices: the largest `s <= min(n, 1000)` with
/// `s(s - 1) / 2 <= n` (its edges, no more than the vertices).
pub fn staircase_height(n: usize) -> usize {
    let mut s = n.min(1000);
    while s * (s - 1) / 2 > n {
        s -= 1;
    }
    s
}

/// A staircase of [`staircase_height`] random vertices (rank `i` moves to every rank below it,
/// nowhere else, `steps` edges) and `extra(rng, others, steps)` random edges out of the `others`
/// vertices not on it, to any vertex; all the edges in random order. Returns the edges and the
/// staircase by rank.
fn staircase(
    rng: &mut Rng,
    n: usize,
    extra: impl Fn(&mut Rng, usize, usize) -> usize,
) -> (Vec<(u32, u32)>, Vec<u32>) {
    let order = shuffled(rng, n);
    let s = staircase_height(n);
    let (stair, others) = order.split_at(s);
    let steps = s * (s - 1) / 2;
    let extra =
        if others.is_empty() { 0 } else { edges_within(steps + extra(rng, others.len(), steps)) - steps };
    let mut edges = Vec::with_capacity(steps + extra);
    for (rank, &u) in stair.iter().enumerate() {
        edges.extend(stair[..rank].iter().map(|&v| (u, v)));
    }
    for _ in 0..extra {
        edges.push((*rng.pick(others), vertex(rng, n)));
    }
    rng.shuffle(&mut edges);
    (edges, stair.to_vec())
}

/// The queries of the benchmarks: `n / 5` (at least 1) of 5 uniform random tokens.
fn bench_queries(rng: &mut Rng, n: usize) -> Vec<Vec<u32>> {
    queries(rng, n, (n / 5).max(1), |_| 5, false)
}

impl Case for GraphSumCase {
    const FAMILIES: &'static [&'static str] =
        &["tiny", "random", "dag", "staircase", "bench_random", "bench_staircase"];

    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self {
        let n = size.clamp(1, MAX_VERTICES as usize);
        let small_queries = |rng: &mut Rng, n: usize| {
            let q = rng.between(1, n + 2);
            queries(rng, n, q, |rng| rng.between(1, 5), true)
        };
        let (n, edges, queries) = match Self::FAMILIES[family] {
            "tiny" => {
                let n = rng.between(1, n.min(6));
                let m = rng.between(0, 2 * n + 2);
                let edges = random_edges(rng, n, m);
                let q = rng.between(1, 6);
                (n, edges, queries(rng, n, q, |rng| rng.between(1, 4), true))
            }
            "random" => {
                let m = edges_within(rng.between(n, 3 * n));
                let edges = random_edges(rng, n, m);
                (n, edges, small_queries(rng, n))
            }
            "dag" => {
                let edges = dag(rng, n);
                (n, edges, small_queries(rng, n))
            }
            "staircase" => {
                let (edges, _) = staircase(rng, n, |rng, others, _| rng.between(others, 3 * others));
                (n, edges, small_queries(rng, n))
            }
            "bench_random" => {
                let edges = random_edges(rng, n, edges_within(2 * n));
                (n, edges, bench_queries(rng, n))
            }
            _ => {
                let (edges, _) = staircase(rng, n, |_, _, steps| (2 * n).saturating_sub(steps));
                (n, edges, bench_queries(rng, n))
            }
        };
        GraphSumCase { n, edges, queries }
    }

    fn write(&self) -> Vec<u8> {
        self.text()
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        GraphSumCase::of_valid_text(text)
    }

    fn shrink_measure(&self) -> u128 {
        self.measure().into()
    }

    fn smaller(&self) -> Vec<Self> {
        self.steps()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{of_family, shrink_to_the_end};
    use super::*;
    use graph_games::games::graph_sum::values;
    use graph_games::solver::Value;
    use std::collections::HashSet;

    fn valid(case: &GraphSumCase) -> bool {
        read(&mut Scanner::new(&case.write()[..])).is_ok()
    }

    /// Every vertex's value, by the library, and for an infinite one the size of its set `K`.
    fn values_of(case: &GraphSumCase) -> Vec<(Value, usize)> {
        let values = values(&read(&mut Scanner::new(&case.write()[..])).unwrap()).unwrap();
        (0..case.n).map(|v| (values.value(v), values.infinite_set(v).map_or(0, Iterator::count))).collect()
    }

    #[test]
    fn every_family_gives_valid_inputs_of_its_size_the_same_for_a_seed() {
        for f in 0..GraphSumCase::FAMILIES.len() {
            for size in [1, 2, 3, 4, 6, 10, 37, 200] {
                for seed in 0..60 {
                    let case = GraphSumCase::generate(f, &mut Rng::new(seed), size);
                    let name = GraphSumCase::FAMILIES[f];
                    assert!(valid(&case), "{name} {size} {seed}: {case:?}");
                    assert_eq!(case, GraphSumCase::generate(f, &mut Rng::new(seed), size));
                    assert_eq!(GraphSumCase::parse(&case.write()), Some(case.clone()));
                    if name == "tiny" {
                        assert!(case.n <= 6.min(size));
                    } else {
                        assert_eq!(case.n, size, "{name}");
                    }
                }
            }
        }
    }

    #[test]
    fn parse_takes_any_valid_text_and_nothing_else() {
        let case = GraphSumCase::parse(b"\t3  2\r\n001 3\n3 3\n2\n1 1\n3 2 2 3").unwrap();
        let queries = vec![vec![0], vec![1, 1, 2]];
        assert_eq!(case, GraphSumCase { n: 3, edges: vec![(0, 2), (2, 2)], queries });
        for bad in [&b""[..], b"2 0", b"2 0\n0\n", b"2 0\n1\n0\n", b"2 0\n1\n1 3\n", b"2 0\n1\n1 1 1\n"] {
            assert_eq!(GraphSumCase::parse(bad), None);
        }
    }

    #[test]
    fn the_families_keep_their_promises() {
        let mut kinds = [0; 3]; // finite, infinite with K empty, infinite with K not
        for seed in 0..200 {
            let size = 1 + seed as usize % 40;
            let case = of_family::<GraphSumCase>("random", &mut Rng::new(seed), size);
            for value in values_of(&case) {
                kinds[match value {
                    (Value::Finite(_), _) => 0,
                    (Value::Infinite, 0) => 1,
                    (Value::Infinite, _) => 2,
                }] += 1;
            }
            let dag = of_family::<GraphSumCase>("dag", &mut Rng::new(seed), size);
            assert!(values_of(&dag).iter().all(|v| matches!(v.0, Value::Finite(_))), "{dag:?}");
        }
        assert!(kinds.iter().all(|&k| k > 50), "{kinds:?}");
        for (size, height) in
            [(1, 1), (2, 2), (3, 3), (5, 3), (6, 4), (30, 8), (499_500, 1000), (600_000, 1000)]
        {
            assert_eq!(staircase_height(size), height, "{size}");
        }
        for seed in 0..20 {
            let (edges, stair) = staircase(&mut Rng::new(seed), 300, |rng, others, _| rng.between(0, others));
            let case = GraphSumCase { n: 300, edges, queries: vec![vec![0]] };
            let values = values_of(&case);
            assert_eq!(stair.len(), 25);
            for (rank, &v) in stair.iter().enumerate() {
                assert_eq!(values[v as usize].0, Value::Finite(rank as u32), "{seed}");
            }
        }
    }

    #[test]
    fn the_bench_families_are_the_benchmarks() {
        let case = of_family::<GraphSumCase>("bench_random", &mut Rng::new(1), 50_000);
        assert_eq!((case.edges.len(), case.queries.len()), (100_000, 10_000));
        assert!(case.queries.iter().all(|q| q.len() == 5));
        let case = of_family::<GraphSumCase>("bench_staircase", &mut Rng::new(1), 500_000);
        assert_eq!((case.edges.len(), case.queries.len(), case.tokens()), (1_000_000, 100_000, 500_000));
        let values = values_of(&case);
        let top = values.iter().filter_map(|v| if let Value::Finite(g) = v.0 { Some(g) } else { None }).max();
        assert_eq!(top, Some(999));
        let most = of_family::<GraphSumCase>("bench_random", &mut Rng::new(1), 2_000_000);
        assert_eq!((most.edges.len(), most.queries.len(), most.tokens()), (2_000_000, 400_000, 2_000_000));
        assert!(valid(&most));
    }

    #[test]
    fn every_step_is_valid_and_smaller_and_shrinking_ends() {
        let ends = shrink_to_the_end(60, |seed| 1 + seed as usize % 25, GraphSumCase::measure, valid);
        for (case, first, rounds) in ends {
            let last = GraphSumCase { n: 1, edges: Vec::new(), queries: vec![vec![0]] };
            assert!((rounds as u64) < first && case == last, "{case:?}");
        }
    }

    #[test]
    fn a_small_case_gets_every_single_step_coarsest_first() {
        let queries = vec![vec![0, 2], vec![1], vec![2, 2, 0]];
        let case = GraphSumCase { n: 3, edges: vec![(0, 1), (1, 2), (2, 0), (2, 2)], queries };
        let steps = case.smaller();
        let distinct: HashSet<_> = steps.iter().map(|s| format!("{s:?}")).collect();
        assert_eq!(distinct.len(), steps.len(), "no step twice");
        assert!(steps.iter().all(|s| valid(s) && s.measure() < case.measure()));
        let first = GraphSumCase { n: 1, edges: vec![(0, 0)], queries: vec![vec![0], vec![0, 0]] };
        assert_eq!(steps[0], first, "the last two vertices gone, and with them every token");
        for v in 0..3 {
            assert!(steps.contains(&case.without_vertices(v..v + 1)));
        }
        for e in 0..4 {
            assert!(steps.contains(&case.without_edges(e..e + 1)));
        }
        for q in 0..3 {
            assert!(steps.contains(&case.without_queries(q..q + 1)));
        }
        for t in 0..6 {
            assert!(steps.contains(&case.without_tokens(t..t + 1)));
        }
        assert_eq!(case.without_tokens(2..3).queries, [vec![0, 2], vec![2, 2, 0]]);
        let big = of_family::<GraphSumCase>("bench_random", &mut Rng::new(1), 200_000);
        let steps = big.smaller();
        assert!(steps.len() < 20 && steps.iter().all(|s| s.measure() < big.measure()));
        assert_eq!(steps[0].n, 100_000);
    }
}
