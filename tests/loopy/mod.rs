//! What the loopy-value and sum test files (`loopy_values.rs`, `loopy_sums.rs`,
//! `progress_moves.rs`, `play.rs`) share: a graph as an explicit edge list, its forward adjacency
//! lists (what the oracles walk), random small graphs of several shapes, a sum's positions
//! numbered ([`tuple`], [`index`]) and their moves ([`product_moves`]). Nothing here comes from
//! the library but `Graph`; `Rng` is `tests/random/`'s.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use crate::random::Rng;
use graph_games::graph::Graph;

/// A game graph: vertices `0..n`, edges `(from, to)`, repeats allowed, in input order.
#[derive(Debug, Clone)]
pub struct Case {
    pub n: usize,
    pub edges: Vec<(u32, u32)>,
}

impl Case {
    /// The library's graph of the case (the subject under test is built on it).
    pub fn graph(&self) -> Graph {
        let sources: Vec<u32> = self.edges.iter().map(|e| e.0).collect();
        let targets: Vec<u32> = self.edges.iter().map(|e| e.1).collect();
        Graph::from_edges(self.n, &sources, &targets)
    }

    /// `options[v]`: the targets of the edges out of `v`, once per edge.
    pub fn options(&self) -> Vec<Vec<usize>> {
        let mut options = vec![Vec::new(); self.n];
        for &(u, v) in &self.edges {
            options[u as usize].push(v as usize);
        }
        options
    }
}

/// A random graph of `1..=max_n` vertices and `0..=max_m` edges. Each graph draws its own shape:
/// the share of vertices without moves (none: then all are infinite; a few; most), of self-loops
/// (a state with one is infinite), of edges that repeat an earlier one, and of edges turned to go
/// from a higher vertex to a lower one (nearly all, in some graphs, with vertex 0 a dead end:
/// larger finite values beside a few cycles); a small `n` with many edges is dense.
pub fn random_case(rng: &mut Rng, max_n: usize, max_m: usize) -> Case {
    let n = rng.between(1, max_n);
    let m = rng.between(0, max_m);
    let dead_end_percent = *rng.pick(&[0, 10, 30, 60]);
    let self_loop_percent = *rng.pick(&[0, 0, 5, 25]);
    let repeat_percent = *rng.pick(&[0, 10, 30]);
    let downhill_percent = *rng.pick(&[0, 0, 90, 98]);
    let mover = |v: u32| v > 0 || downhill_percent == 0;
    let movers: Vec<u32> =
        (0..n as u32).filter(|&v| mover(v) && !rng.chance(dead_end_percent, 100)).collect();
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(m);
    if movers.is_empty() {
        return Case { n, edges };
    }
    for _ in 0..m {
        if !edges.is_empty() && rng.chance(repeat_percent, 100) {
            let again = *rng.pick(&edges);
            edges.push(again);
            continue;
        }
        let u = *rng.pick(&movers);
        let v = if rng.chance(self_loop_percent, 100) { u } else { rng.below(n as u64) as u32 };
        let uphill = v > u && !rng.chance(downhill_percent, 100);
        edges.push(if uphill || v <= u { (u, v) } else { (u, rng.below(u64::from(u)) as u32) });
    }
    Case { n, edges }
}

/// The tuple of `k` tokens on `n` states with index `s` (token `i` at digit `i` of `s` in base
/// `n`): the positions of a sum's product space, numbered.
pub fn tuple(mut s: usize, n: usize, k: usize) -> Vec<usize> {
    (0..k)
        .map(|_| {
            let digit = s % n;
            s /= n;
            digit
        })
        .collect()
}

/// The index of a tuple of tokens on `n` states: [`tuple`] undone.
pub fn index(tokens: &[usize], n: usize) -> usize {
    tokens.iter().rev().fold(0, |s, &t| s * n + t)
}

/// The moves of the sum of `k` tokens on `case`, position by position (numbered by [`tuple`]):
/// one per token and edge out of its state, in that order.
pub fn product_moves(case: &Case, k: usize) -> Vec<Vec<usize>> {
    let (n, options) = (case.n, case.options());
    (0..n.pow(k as u32))
        .map(|s| {
            let tokens = tuple(s, n, k);
            let mut next = Vec::new();
            for (i, &t) in tokens.iter().enumerate() {
                for &w in &options[t] {
                    let mut after = tokens.clone();
                    after[i] = w;
                    next.push(index(&after, n));
                }
            }
            next
        })
        .collect()
}
