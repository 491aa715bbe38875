//! Generated inputs of [`graph_games::games::graph_partizan`] (`graph_partizan`):
//! [`GraphPartizanCase`], a graph without cycles whose edges are Left's or Right's, and queries of
//! tokens on it, as data. What it shares with `graph_sum`'s inputs (the text, the shrink steps,
//! the making of queries) is [`TokenGraph`]'s, in `token_graph.rs`; here are its edge's side, its
//! families and its limits.
//!
//! # Families
//! `size` is the number of vertices `n` (at least 1); every family but `tiny` has exactly `size`.
//! Every edge goes down a hidden random order of the vertices, so no case has a cycle, and every
//! case keeps the program's limits (`MAX_VERTICES`, `MAX_EDGES`, `MAX_QUERIES`, `MAX_TOKENS`) and
//! stays far within its steps of work on the forms (few edges a vertex, few tokens a query, as the
//! statement's random graph at `2·10^5`): past them it only rejects the input.
//! - `tiny`: at most 6 vertices, up to `2n + 2` edges (repeats common), up to 6 queries of 1 to 3
//!   tokens: the cases a hand check, and the product-space oracle of the tests, can follow.
//! - `random`: `n` to `2n` edges, half of them to one of the next 8 vertices of the order, labels
//!   at random; `1` to `n + 2` queries of 1 to 5 tokens, a token repeated now and then.
//! - `chain`: vertex `i` moves to `i - 1` only, for Left or for Right at random, with a few edges
//!   more: long chains of numbers (no recursion along them) and their sums.
//!
//! # Shrinking
//! [`TokenGraph::steps`]: vertices (the others relabelled in order), edges, whole queries or
//! tokens go, `n + m + q + tokens` lower at every step; a subgraph of a graph without cycles has
//! none, so every step is valid.

use super::token_graph::{self, ordered_pair, shuffled, Edge, TokenGraph};
use super::{Case, Rng};
use graph_games::games::graph_partizan::{read, MAX_EDGES, MAX_QUERIES, MAX_TOKENS, MAX_VERTICES};
use graph_games::input::Scanner;

/// One input of `graph_partizan`: `n` vertices, the edges `(u, v, right)` in input order (a move
/// from `u` to `v` for Right if `right` else for Left), the queries in order.
pub type GraphPartizanCase = TokenGraph<(u32, u32, bool)>;

/// An edge `(u, v, right)`, written `u v R` for Right's, `u v L` for Left's.
impl Edge for (u32, u32, bool) {
    fn ends(self) -> (u32, u32) {
        (self.0, self.1)
    }

    fn between(self, u: u32, v: u32) -> Self {
        (u, v, self.2)
    }

    fn label(self) -> &'static [u8] {
        if self.2 {
            b" R"
        } else {
            b" L"
        }
    }

    fn read<'a>(u: u32, v: u32, words: &mut impl Iterator<Item = &'a [u8]>) -> Option<Self> {
        Some((u, v, words.next()? == b"R"))
    }
}

/// `q` queries (within the limits) of `k(rng)` random tokens each, now and then one repeated.
fn queries(rng: &mut Rng, n: usize, q: usize, k: impl Fn(&mut Rng) -> usize) -> Vec<Vec<u32>> {
    token_graph::queries(rng, n, q, k, true, (MAX_QUERIES, MAX_TOKENS))
}

/// `m` edges down the hidden order `order`, half of them to one of the next 8 vertices.
fn dag_edges(rng: &mut Rng, order: &[u32], m: usize) -> Vec<(u32, u32, bool)> {
    let n = order.len();
    if n < 2 {
        return Vec::new();
    }
    let m = m.min(MAX_EDGES as usize);
    let mut edges = Vec::with_capacity(m);
    for _ in 0..m {
        let (a, b) = ordered_pair(rng, n);
        edges.push((order[b], order[a], rng.chance(1, 2)));
    }
    edges
}

impl Case for GraphPartizanCase {
    const FAMILIES: &'static [&'static str] = &["tiny", "random", "chain"];

    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self {
        let n = size.clamp(1, MAX_VERTICES as usize);
        let (n, edges, queries) = match Self::FAMILIES[family] {
            "tiny" => {
                let n = rng.between(1, n.min(6));
                let order = shuffled(rng, n);
                let m = rng.between(0, 2 * n + 2);
                let q = rng.between(1, 6);
                (n, dag_edges(rng, &order, m), queries(rng, n, q, |rng| rng.between(1, 3)))
            }
            "random" => {
                let order = shuffled(rng, n);
                let m = rng.between(n, 2 * n);
                let q = rng.between(1, n + 2);
                (n, dag_edges(rng, &order, m), queries(rng, n, q, |rng| rng.between(1, 5)))
            }
            _ => {
                let mut edges: Vec<(u32, u32, bool)> =
                    (1..n as u32).map(|i| (i, i - 1, rng.chance(1, 2))).collect();
                let order: Vec<u32> = (0..n as u32).collect();
                let extra = dag_edges(rng, &order, n / 16);
                edges.extend(extra.into_iter().take(MAX_EDGES as usize - edges.len()));
                rng.shuffle(&mut edges);
                let q = rng.between(1, n + 2);
                (n, edges, queries(rng, n, q, |rng| rng.between(1, 4)))
            }
        };
        GraphPartizanCase { n, edges, queries }
    }

    fn write(&self) -> Vec<u8> {
        self.text()
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        GraphPartizanCase::of_valid_text(text)
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
    use graph_games::games::graph_partizan::Judge;
    use graph_games::games::JudgeProblem;
    use std::collections::HashMap;

    fn valid(case: &GraphPartizanCase) -> bool {
        read(&mut Scanner::new(&case.write()[..])).is_ok()
    }

    #[test]
    fn every_family_gives_valid_inputs_of_its_size_the_same_for_a_seed() {
        for f in 0..GraphPartizanCase::FAMILIES.len() {
            for size in [1, 2, 3, 5, 10, 37, 300] {
                for seed in 0..40 {
                    let case = GraphPartizanCase::generate(f, &mut Rng::new(seed), size);
                    let name = GraphPartizanCase::FAMILIES[f];
                    assert!(valid(&case), "{name} {size} {seed}: {case:?}");
                    assert_eq!(case, GraphPartizanCase::generate(f, &mut Rng::new(seed), size));
                    assert_eq!(GraphPartizanCase::parse(&case.write()), Some(case.clone()));
                    assert!(if name == "tiny" { case.n <= 6.min(size) } else { case.n == size }, "{name}");
                }
            }
        }
        for name in ["random", "chain"] {
            let big = of_family::<GraphPartizanCase>(name, &mut Rng::new(1), MAX_VERTICES as usize);
            assert!(valid(&big), "{name} at the limit");
        }
    }

    /// Who wins with `right` to move in the sum of `tokens`: a minimax over the tuples of token
    /// positions, memoised, knowing nothing of values.
    fn wins(
        case: &GraphPartizanCase,
        memo: &mut HashMap<(Vec<u32>, bool), bool>,
        tokens: &[u32],
        right: bool,
    ) -> bool {
        let mut key = tokens.to_vec();
        key.sort_unstable();
        if let Some(&known) = memo.get(&(key.clone(), right)) {
            return known;
        }
        let mut won = false;
        for (i, &t) in tokens.iter().enumerate() {
            for &(u, v, label) in &case.edges {
                if u == t && label == right && !won {
                    let mut next = tokens.to_vec();
                    next[i] = v;
                    won = !wins(case, memo, &next, !right);
                }
            }
        }
        memo.insert((key, right), won);
        won
    }

    #[test]
    fn the_library_the_reference_of_stress_agrees_with_the_product_space() {
        let mut classes = HashMap::new();
        for seed in 0..300 {
            let size = 1 + seed as usize % 9;
            let family = if seed % 2 == 0 { "tiny" } else { "random" };
            let mut case = of_family::<GraphPartizanCase>(family, &mut Rng::new(seed), size);
            case.queries.iter_mut().for_each(|q| q.truncate(3));
            let mut out = Vec::new();
            Judge::answer(&case.write(), &mut out).unwrap();
            let mut memo = HashMap::new();
            let want: Vec<&str> = case
                .queries
                .iter()
                .map(|q| match (wins(&case, &mut memo, q, false), wins(&case, &mut memo, q, true)) {
                    (true, true) => "First",
                    (true, false) => "Left",
                    (false, true) => "Right",
                    (false, false) => "Second",
                })
                .collect();
            let got = String::from_utf8(out).unwrap();
            assert_eq!(got.lines().collect::<Vec<_>>(), want, "{case:?}");
            want.iter().for_each(|w| *classes.entry(*w).or_insert(0) += 1);
        }
        assert!(classes.len() == 4 && classes.values().all(|&c| c > 50), "{classes:?}");
    }

    #[test]
    fn every_step_is_valid_and_smaller_and_shrinking_ends() {
        let ends = shrink_to_the_end(40, |seed| 1 + seed as usize % 20, GraphPartizanCase::measure, valid);
        for (case, first, rounds) in ends {
            let last = GraphPartizanCase { n: 1, edges: Vec::new(), queries: vec![vec![0]] };
            assert!((rounds as u64) < first && case == last, "{case:?}");
        }
    }
}
