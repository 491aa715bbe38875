//! What the inputs of `graph_sum` and `graph_partizan` share: [`TokenGraph`], a directed graph
//! and queries of tokens on it, as data; its text, its shrink steps, the making of its queries.
//! Each program's file keeps what is its own: what an edge carries beside its ends ([`Edge`]:
//! nothing for `graph_sum`, a side for `graph_partizan`), the families, the limits, and the
//! program's reader, which checks a text before [`TokenGraph::of_valid_text`] takes it.
//!
//! # The text
//! `n m`, then the `m` edges `u v` each followed by its label (if any), then `q`, then each
//! query `k t1 ... tk`: vertices 1-based in the text, 0-based here.
//!
//! # Shrinking
//! [`TokenGraph::measure`] is `n + m + q + tokens`: every step of [`TokenGraph::steps`] drops
//! vertices (the others relabelled in order, the edges and tokens that touch them dropped, and the
//! queries left empty; if none is left, one token on vertex 1), edges, whole queries (one is always
//! kept) or tokens (one is always kept; a query left empty goes), so it lowers the measure and
//! shrinking ends. Steps come coarsest first, halves to single items, each distinct case once. A
//! step keeps a subgraph, so a graph without cycles keeps none.

use super::{shrink_steps, Rng};
use graph_games::input::decimal::{parse_u64, push_decimal};
use graph_games::input::is_space;
use std::ops::Range;

/// An edge of a [`TokenGraph`]: a move from one vertex to another, and what else it carries.
pub trait Edge: Copy + Eq + std::fmt::Debug {
    /// The source and the target, 0-based.
    fn ends(self) -> (u32, u32);

    /// The same edge (the same label) from `u` to `v` instead.
    fn between(self, u: u32, v: u32) -> Self;

    /// What the text has after the edge's ends, its space first (`b""` for an edge without a
    /// label).
    fn label(self) -> &'static [u8];

    /// The edge from `u` to `v`, its label (if it has one) the next of `words`.
    fn read<'a>(u: u32, v: u32, words: &mut impl Iterator<Item = &'a [u8]>) -> Option<Self>;
}

/// One input of a program on tokens on a graph: `n` vertices, the edges in input order, the
/// queries in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenGraph<E> {
    /// The number of vertices, at least 1.
    pub n: usize,
    /// The edges, 0-based (written 1-based).
    pub edges: Vec<E>,
    /// Each query's tokens (0-based vertices): at least one query, each of at least one token.
    pub queries: Vec<Vec<u32>>,
}

impl<E: Edge> TokenGraph<E> {
    /// What every shrink step lowers: `n + m + q + tokens`.
    pub fn measure(&self) -> u64 {
        (self.n + self.edges.len() + self.queries.len() + self.tokens()) as u64
    }

    /// How many tokens the queries hold in all.
    pub fn tokens(&self) -> usize {
        self.queries.iter().map(Vec::len).sum()
    }

    /// The case without the vertices `gone`: the others keep their order, their edges and tokens
    /// too; a query left without tokens goes, and if none is left, one token on vertex 0 stays.
    pub fn without_vertices(&self, gone: Range<usize>) -> Self {
        let (start, end) = (gone.start as u32, gone.end as u32);
        let kept = |v: u32| v < start || v >= end;
        let new = |v: u32| if v < start { v } else { v - (end - start) };
        let edge = |e: &E| -> Option<E> {
            let (u, v) = e.ends();
            if kept(u) && kept(v) {
                Some(e.between(new(u), new(v)))
            } else {
                None
            }
        };
        let query = |tokens: &Vec<u32>| tokens.iter().copied().filter(|&t| kept(t)).map(new).collect();
        let mut queries: Vec<Vec<u32>> =
            self.queries.iter().map(query).filter(|q: &Vec<u32>| !q.is_empty()).collect();
        if queries.is_empty() {
            queries.push(vec![0]);
        }
        TokenGraph { n: self.n - gone.len(), edges: self.edges.iter().filter_map(edge).collect(), queries }
    }

    /// The case without the edges `gone` (indices into the list).
    pub fn without_edges(&self, gone: Range<usize>) -> Self {
        let edges = [&self.edges[..gone.start], &self.edges[gone.end..]].concat();
        TokenGraph { edges, ..self.clone() }
    }

    /// The case without the queries `gone` (not all of them).
    pub fn without_queries(&self, gone: Range<usize>) -> Self {
        let queries = [&self.queries[..gone.start], &self.queries[gone.end..]].concat();
        TokenGraph { queries, ..self.clone() }
    }

    /// The case without the tokens `gone` (indices into all the tokens, query after query; not
    /// all of them): a query left without tokens goes.
    pub fn without_tokens(&self, gone: Range<usize>) -> Self {
        let mut at = 0;
        let mut queries = Vec::with_capacity(self.queries.len());
        for tokens in &self.queries {
            let here = at..at + tokens.len();
            at = here.end;
            let kept: Vec<u32> =
                here.zip(tokens).filter(|(i, _)| !gone.contains(i)).map(|(_, &t)| t).collect();
            if !kept.is_empty() {
                queries.push(kept);
            }
        }
        TokenGraph { queries, ..self.clone() }
    }

    /// The program's input text.
    pub fn text(&self) -> Vec<u8> {
        let digits = self.n.to_string().len() + 1;
        let mut out = Vec::with_capacity(
            64 + self.edges.len() * (2 * digits + 2) + (self.queries.len() + self.tokens()) * digits,
        );
        push_decimal(&mut out, self.n as u64);
        out.push(b' ');
        push_decimal(&mut out, self.edges.len() as u64);
        out.push(b'\n');
        for &edge in &self.edges {
            let (u, v) = edge.ends();
            push_decimal(&mut out, u64::from(u) + 1);
            out.push(b' ');
            push_decimal(&mut out, u64::from(v) + 1);
            out.extend_from_slice(edge.label());
            out.push(b'\n');
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

    /// The case `text` holds, once the program's reader has found it valid (it checks the
    /// numbers' ranges; this only takes them).
    pub fn of_valid_text(text: &[u8]) -> Option<Self> {
        fn number<'a>(words: &mut impl Iterator<Item = &'a [u8]>) -> Option<u64> {
            parse_u64(words.next()?, false).ok()
        }
        let mut words = text.split(|&b| is_space(b)).filter(|t| !t.is_empty());
        let (n, m) = (number(&mut words)? as usize, number(&mut words)? as usize);
        let mut edges = Vec::with_capacity(m);
        for _ in 0..m {
            let (u, v) = (number(&mut words)? as u32, number(&mut words)? as u32);
            edges.push(E::read(u - 1, v - 1, &mut words)?);
        }
        let q = number(&mut words)? as usize;
        let mut queries = Vec::with_capacity(q);
        for _ in 0..q {
            let k = number(&mut words)?;
            let tokens: Option<Vec<u32>> = (0..k).map(|_| number(&mut words).map(|t| t as u32 - 1)).collect();
            queries.push(tokens?);
        }
        Some(TokenGraph { n, edges, queries })
    }

    /// The shrink steps (the game's `Case::smaller`): every case one step smaller, coarsest
    /// first, each distinct case once.
    pub fn steps(&self) -> Vec<Self> {
        let (q, tokens) = (self.queries.len(), self.tokens());
        let kinds = [(self.n, self.n - 1), (self.edges.len(), usize::MAX), (q, q - 1), (tokens, tokens - 1)];
        let steps = shrink_steps(&kinds, self.measure(), Self::measure, |kind, gone| match kind {
            0 => self.without_vertices(gone),
            1 => self.without_edges(gone),
            2 => self.without_queries(gone),
            _ => self.without_tokens(gone),
        });
        // Dropping all of a query's tokens is dropping the query: each case once.
        let mut distinct: Vec<(u64, Self)> = Vec::with_capacity(steps.len());
        for step in steps {
            let measure = step.measure();
            if !distinct.iter().any(|(m, seen)| *m == measure && *seen == step) {
                distinct.push((measure, step));
            }
        }
        distinct.into_iter().map(|(_, step)| step).collect()
    }
}

/// `q` queries (at least 1, at most `max_queries`) of uniform random tokens on `0..n`, each of
/// `k(rng)` tokens, fewer where `max_tokens` in all would be passed; now and then (`repeats`) a
/// token repeated.
pub fn queries(
    rng: &mut Rng,
    n: usize,
    q: usize,
    k: impl Fn(&mut Rng) -> usize,
    repeats: bool,
    (max_queries, max_tokens): (u64, u64),
) -> Vec<Vec<u32>> {
    let q = q.clamp(1, max_queries as usize);
    let mut room = max_tokens as usize;
    let mut out = Vec::with_capacity(q);
    for left in (0..q).rev() {
        // Keep a token for every query still to come.
        let k = k(rng).clamp(1, room - left);
        room -= k;
        let mut tokens: Vec<u32> = Vec::with_capacity(k);
        for _ in 0..k {
            let repeat = repeats && !tokens.is_empty() && rng.chance(1, 6);
            tokens.push(if repeat { *rng.pick(&tokens) } else { rng.below(n as u64) as u32 });
        }
        out.push(tokens);
    }
    out
}

/// Two places `a < b` of a hidden order of `n >= 2` vertices, for an edge along it: half the time
/// `b` is one of the 8 places after `a`.
pub fn ordered_pair(rng: &mut Rng, n: usize) -> (usize, usize) {
    let a = rng.below(n as u64 - 1) as usize;
    let b = if rng.chance(1, 2) {
        a + 1 + rng.below((n - 1 - a).min(8) as u64) as usize
    } else {
        rng.between(a + 1, n - 1)
    };
    (a, b)
}

/// The vertices `0..n` in a random order.
pub fn shuffled(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut order);
    order
}
