//! Generated inputs of [`graph_games::games::graph_partizan`] (`graph_partizan`):
//! [`GraphPartizanCase`], a graph without cycles whose edges are Left's or Right's, and queries of
//! tokens on it, as data.
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
//! [`GraphPartizanCase::measure`] is `n + m + q + tokens`; every step of [`Case::smaller`] drops
//! vertices (the others relabelled in order, the edges and tokens on them dropped, a query left
//! empty going, one token on vertex 1 if none is left), edges, whole queries (one is kept) or
//! tokens (one is kept): a subgraph of a graph without cycles has none, so every step is valid.

use super::{queries_without_tokens, shrink_steps, Case, Rng};
use graph_games::games::graph_partizan::{read, MAX_EDGES, MAX_QUERIES, MAX_TOKENS, MAX_VERTICES};
use graph_games::input::decimal::push_decimal;
use graph_games::input::{is_space, Scanner};
use std::ops::Range;

/// One input of `graph_partizan`: `n` vertices, the edges in input order, the queries in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphPartizanCase {
    /// The number of vertices, at least 1.
    pub n: usize,
    /// The edges `(u, v, right)`, a move from `u` to `v` for Right if `right` else for Left,
    /// 0-based (written 1-based).
    pub edges: Vec<(u32, u32, bool)>,
    /// Each query's tokens (0-based vertices): at least one query, each of at least one token.
    pub queries: Vec<Vec<u32>>,
}

impl GraphPartizanCase {
    /// What every shrink step lowers: `n + m + q + tokens`.
    pub fn measure(&self) -> u64 {
        (self.n + self.edges.len() + self.queries.len() + self.tokens()) as u64
    }

    /// How many tokens the queries hold in all.
    pub fn tokens(&self) -> usize {
        self.queries.iter().map(Vec::len).sum()
    }

    fn without_vertices(&self, gone: Range<usize>) -> GraphPartizanCase {
        let (start, end) = (gone.start as u32, gone.end as u32);
        let kept = |v: u32| v < start || v >= end;
        let new = |v: u32| if v < start { v } else { v - (end - start) };
        let edges = self.edges.iter().filter(|e| kept(e.0) && kept(e.1));
        let query = |tokens: &Vec<u32>| tokens.iter().copied().filter(|&t| kept(t)).map(new).collect();
        let mut queries: Vec<Vec<u32>> =
            self.queries.iter().map(query).filter(|q: &Vec<u32>| !q.is_empty()).collect();
        if queries.is_empty() {
            queries.push(vec![0]);
        }
        let edges = edges.map(|&(u, v, right)| (new(u), new(v), right)).collect();
        GraphPartizanCase { n: self.n - gone.len(), edges, queries }
    }

    fn without_edges(&self, gone: Range<usize>) -> GraphPartizanCase {
        let edges = [&self.edges[..gone.start], &self.edges[gone.end..]].concat();
        GraphPartizanCase { edges, ..self.clone() }
    }

    fn without_queries(&self, gone: Range<usize>) -> GraphPartizanCase {
        let queries = [&self.queries[..gone.start], &self.queries[gone.end..]].concat();
        GraphPartizanCase { queries, ..self.clone() }
    }

    /// Without the tokens `gone` (indices into all the tokens, query after query).
    fn without_tokens(&self, gone: Range<usize>) -> GraphPartizanCase {
        let queries = queries_without_tokens(&self.queries, gone);
        GraphPartizanCase { queries, ..self.clone() }
    }
}

/// `q` queries (within the limits) of `k(rng)` random tokens each, now and then one repeated.
fn queries(rng: &mut Rng, n: usize, q: usize, k: impl Fn(&mut Rng) -> usize) -> Vec<Vec<u32>> {
    let q = q.clamp(1, MAX_QUERIES as usize);
    let mut room = MAX_TOKENS as usize;
    let mut out = Vec::with_capacity(q);
    for left in (0..q).rev() {
        let k = k(rng).clamp(1, room - left);
        room -= k;
        let mut tokens: Vec<u32> = Vec::with_capacity(k);
        for _ in 0..k {
            let repeat = !tokens.is_empty() && rng.chance(1, 6);
            tokens.push(if repeat { *rng.pick(&tokens) } else { rng.below(n as u64) as u32 });
        }
        out.push(tokens);
    }
    out
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
        let a = rng.below(n as u64 - 1) as usize;
        let b = if rng.chance(1, 2) {
            a + 1 + rng.below((n - 1 - a).min(8) as u64) as usize
        } else {
            rng.between(a + 1, n - 1)
        };
        edges.push((order[b], order[a], rng.chance(1, 2)));
    }
    edges
}

fn shuffled(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut order);
    order
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
        let digits = self.n.to_string().len() + 1;
        let mut out = Vec::with_capacity(
            64 + self.edges.len() * (2 * digits + 2) + (self.queries.len() + self.tokens()) * digits,
        );
        push_decimal(&mut out, self.n as u64);
        out.push(b' ');
        push_decimal(&mut out, self.edges.len() as u64);
        out.push(b'\n');
        for &(u, v, right) in &self.edges {
            push_decimal(&mut out, u64::from(u) + 1);
            out.push(b' ');
            push_decimal(&mut out, u64::from(v) + 1);
            out.extend_from_slice(if right { b" R\n" } else { b" L\n" });
        }
        push_decimal(&mut out, self.queries.len() as u64);
        out.push(b'\n');
        for tokens in &self.queries {
            push_decimal(&mut out, tokens.len() as u64);
            for &t in tokens {
                out.push(b' ');
                push_decimal(&mut out, u64::from(t) + 1);
            }
            out.push(b'\n');
        }
        out
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        let mut words = text.split(|&b| is_space(b)).filter(|t| !t.is_empty());
        let mut word = move || words.next();
        let number = |w: Option<&[u8]>| std::str::from_utf8(w?).ok()?.parse::<usize>().ok();
        let (n, m) = (number(word())?, number(word())?);
        let mut edges = Vec::with_capacity(m);
        for _ in 0..m {
            let (u, v) = (number(word())?, number(word())?);
            edges.push((u as u32 - 1, v as u32 - 1, word()? == b"R"));
        }
        let q = number(word())?;
        let mut queries = Vec::with_capacity(q);
        for _ in 0..q {
            let k = number(word())?;
            let tokens: Option<Vec<u32>> = (0..k).map(|_| number(word()).map(|t| t as u32 - 1)).collect();
            queries.push(tokens?);
        }
        Some(GraphPartizanCase { n, edges, queries })
    }

    fn shrink_measure(&self) -> u128 {
        self.measure().into()
    }

    fn smaller(&self) -> Vec<Self> {
        let (q, tokens) = (self.queries.len(), self.tokens());
        let kinds = [(self.n, self.n - 1), (self.edges.len(), usize::MAX), (q, q - 1), (tokens, tokens - 1)];
        let steps =
            shrink_steps(&kinds, self.measure(), GraphPartizanCase::measure, |kind, gone| match kind {
                0 => self.without_vertices(gone),
                1 => self.without_edges(gone),
                2 => self.without_queries(gone),
                _ => self.without_tokens(gone),
            });
        // Dropping all of a query's tokens is dropping the query: each case once.
        let mut distinct: Vec<GraphPartizanCase> = Vec::with_capacity(steps.len());
        for step in steps {
            if !distinct.contains(&step) {
                distinct.push(step);
            }
        }
        distinct
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
