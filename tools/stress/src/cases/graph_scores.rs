//! Generated inputs of `graph_scores` (AtCoder ABC 261 Ex "Game on Graph"): [`GraphScoresCase`],
//! a weighted graph and the start vertex as data.
//!
//! Every family makes graphs the judge could give: no self-loop, no repeated edge, weights from 0
//! to 10^9, `N >= 2` and `M >= 1`; past the judge's sizes only with `--beyond-limits` (the
//! benchmark's 10^6 vertices). Edges are listed in random order.
//!
//! # Families
//! `size` is the number of vertices `N` (at least 2); every family but `tiny` has exactly `size`.
//! - `tiny`: at most 6 vertices and up to 12 edges, weights up to 5 (0 a third of the time): the
//!   cases a hand check can follow.
//! - `random`: `M = N` uniform random edges (about a third of the vertices without an edge: many
//!   ends) at uniform weights up to 10^9: the benchmark's random maximum at `N = 2·10^5`.
//! - `long_cycles`: one to three cycles through most vertices (weights up to 100), the rest dead
//!   ends; a sixteenth of the vertices with an extra edge out (to a dead end or anywhere): the
//!   plays go far round before Takahashi can leave, or never.
//! - `zero_cycles`: cycles of 2 to 16 vertices of weight 0 through seven eighths of the vertices,
//!   and `N / 4` extra edges between any two at weights up to 10 (0 half the time); the other
//!   eighth are dead ends unless an extra edge leaves them: ties everywhere, which a search must
//!   break without going round a cycle.
//! - `star`: a hub with an edge to every other vertex, back from all or some of them, at random
//!   weights (up to 10^9 or up to 10): degree `N - 1`.
//! - `chain`: a path through all the vertices (in order, backwards or shuffled) ending in a dead
//!   end or an edge back into itself, and `N / 16` random shortcuts (weights up to 100 or up to
//!   10^9): plays `N` moves long.
//! - `max_weight`: every weight 10^9, on a chain of all the vertices and `N / 2` random edges:
//!   the largest totals (up to about 2·10^14: past 32 bits).
//! - `bench`: the benchmark's kind of graph (10^6 vertices and about 5·10^6 edges there), 1 to
//!   10 edges a vertex at uniform weights up to 10^9: a quarter of the vertices closed among
//!   themselves (infinite totals), the others in a hidden order, a tenth of them dead ends, their
//!   edges 15 in 16 forward in the order (towards the ends: long chains of finite totals), the
//!   rest to any vertex (Aoki's way into the closed quarter). Past the judge's `M` (fitted to it
//!   unless `--beyond-limits`).
//!
//! # Shrinking
//! [`GraphScoresCase::measure`] is `N + M` above the sum of the weights: every step of
//! [`Case::smaller`] drops vertices (the others relabelled in order, the edges that touch them
//! dropped, the start moved to vertex 1 if it goes), drops edges, sets weights to 0 or halves them
//! all, so it lowers the measure and shrinking ends. Steps come coarsest first.

use super::{shrink_steps, Case, Rng};
use graph_games::games::graph_scores::read;
use graph_games::input::decimal::{parse_u64, push_decimal};
use graph_games::input::{is_space, Scanner};
use std::ops::Range;

/// The judge's constraints: `N`, `M` and the weight at most these.
pub const JUDGE_MAX_VERTICES: usize = 200_000;
pub const JUDGE_MAX_EDGES: usize = 200_000;
pub const MAX_WEIGHT: u32 = 1_000_000_000;
/// The most vertices a generated case has (the benchmark's 10^6, and some room).
pub const MAX_VERTICES: usize = 4_000_000;

/// One input of `graph_scores`: `n` vertices, the start and the edges in input order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphScoresCase {
    /// The number of vertices.
    pub n: usize,
    /// The start vertex `v`, 0-based (written 1-based).
    pub start: u32,
    /// The edges `(a, b, c)`: a move from `a` to `b` of weight `c`, 0-based (written 1-based).
    pub edges: Vec<(u32, u32, u32)>,
}

impl GraphScoresCase {
    /// What every shrink step lowers: `N + M`, then the sum of the weights.
    pub fn measure(&self) -> u128 {
        let weights: u64 = self.edges.iter().map(|&(_, _, c)| u64::from(c)).sum();
        ((self.n + self.edges.len()) as u128) << 64 | u128::from(weights)
    }

    /// The case without the vertices `gone`: the others keep their order, their edges too.
    fn without_vertices(&self, gone: Range<usize>) -> GraphScoresCase {
        let (first, end) = (gone.start as u32, gone.end as u32);
        let kept = |v: u32| v < first || v >= end;
        let new = |v: u32| if v < first { v } else { v - (end - first) };
        let edges =
            self.edges.iter().filter(|e| kept(e.0) && kept(e.1)).map(|&(a, b, c)| (new(a), new(b), c));
        let start = if kept(self.start) { new(self.start) } else { 0 };
        GraphScoresCase { n: self.n - gone.len(), start, edges: edges.collect() }
    }

    /// The case without the edges `gone` (indices into the list).
    fn without_edges(&self, gone: Range<usize>) -> GraphScoresCase {
        let edges = [&self.edges[..gone.start], &self.edges[gone.end..]].concat();
        GraphScoresCase { n: self.n, start: self.start, edges }
    }

    /// The case with the weights of `edges` set to 0.
    fn zeroed(&self, edges: &[usize]) -> GraphScoresCase {
        let mut case = self.clone();
        edges.iter().for_each(|&i| case.edges[i].2 = 0);
        case
    }
}

/// A uniform random vertex of `0..n`.
fn vertex(rng: &mut Rng, n: usize) -> u32 {
    rng.below(n as u64) as u32
}

/// A uniform weight up to `most`.
fn weight(rng: &mut Rng, most: u32) -> u32 {
    rng.below(u64::from(most) + 1) as u32
}

/// The vertices `0..n` in a random order.
fn shuffled(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut order);
    order
}

/// The edges as the judge has them: self-loops dropped, only the first of repeated `(a, b)`
/// kept, in random order.
fn judge_like(rng: &mut Rng, mut edges: Vec<(u32, u32, u32)>) -> Vec<(u32, u32, u32)> {
    edges.retain(|&(a, b, _)| a != b);
    edges.sort_by_key(|&(a, b, _)| (a, b)); // stable: the first of a repeat stays first
    edges.dedup_by_key(|&mut (a, b, _)| (a, b));
    rng.shuffle(&mut edges);
    edges
}

/// Cycles through the vertices of `order` (lengths drawn by `length`), each edge of weight drawn
/// by `weight_of`.
fn cycles(
    rng: &mut Rng,
    order: &[u32],
    length: impl Fn(&mut Rng, usize) -> usize,
    weight_of: impl Fn(&mut Rng) -> u32,
    edges: &mut Vec<(u32, u32, u32)>,
) {
    let mut at = 0;
    while at < order.len() {
        let len = length(rng, order.len() - at).clamp(1, order.len() - at);
        let cycle = &order[at..at + len];
        for (i, &u) in cycle.iter().enumerate() {
            let w = weight_of(rng);
            edges.push((u, cycle[(i + 1) % len], w));
        }
        at += len;
    }
}

/// `long_cycles`.
fn long_cycles(rng: &mut Rng, n: usize) -> Vec<(u32, u32, u32)> {
    let order = shuffled(rng, n);
    let ends = (n / 16).max(1);
    let (dead, round) = order.split_at(ends);
    let count = rng.between(1, 3);
    let mut edges = Vec::with_capacity(n + n / 8);
    cycles(rng, round, |_, left| (round.len() / count).max(2).min(left), |rng| weight(rng, 100), &mut edges);
    for _ in 0..n / 16 + 1 {
        let from = round.get(rng.below(round.len().max(1) as u64) as usize).copied().unwrap_or(0);
        let to = if rng.chance(1, 2) { *rng.pick(dead) } else { vertex(rng, n) };
        edges.push((from, to, weight(rng, 100)));
    }
    edges
}

/// `zero_cycles`.
fn zero_cycles(rng: &mut Rng, n: usize) -> Vec<(u32, u32, u32)> {
    let order = shuffled(rng, n);
    let (_, round) = order.split_at(n / 8);
    let mut edges = Vec::with_capacity(n + n / 4);
    cycles(rng, round, |rng, _| rng.between(2, 16), |_| 0, &mut edges);
    for _ in 0..n / 4 + 1 {
        let w = if rng.chance(1, 2) { 0 } else { weight(rng, 10) };
        edges.push((vertex(rng, n), vertex(rng, n), w));
    }
    edges
}

/// `star`.
fn star(rng: &mut Rng, n: usize) -> Vec<(u32, u32, u32)> {
    let hub = vertex(rng, n);
    let most = if rng.chance(1, 2) { MAX_WEIGHT } else { 10 };
    let back_all = rng.chance(1, 2);
    let mut edges = Vec::with_capacity(2 * n);
    for leaf in (0..n as u32).filter(|&v| v != hub) {
        edges.push((hub, leaf, weight(rng, most)));
        if back_all || rng.chance(1, 2) {
            edges.push((leaf, hub, weight(rng, most)));
        }
    }
    edges
}

/// A path through all the vertices, in order, backwards or shuffled.
fn path(rng: &mut Rng, n: usize) -> Vec<u32> {
    match rng.below(3) {
        0 => (0..n as u32).collect(),
        1 => (0..n as u32).rev().collect(),
        _ => shuffled(rng, n),
    }
}

/// `chain` (weights up to `most`, or all `MAX_WEIGHT` for `max_weight`, with `extra` random edges).
fn chain(rng: &mut Rng, n: usize, most: Option<u32>, extra: usize) -> Vec<(u32, u32, u32)> {
    let path = path(rng, n);
    let w = |rng: &mut Rng| most.map_or(MAX_WEIGHT, |most| weight(rng, most));
    let mut edges: Vec<(u32, u32, u32)> = Vec::with_capacity(n + extra + 1);
    for pair in path.windows(2) {
        let c = w(rng);
        edges.push((pair[0], pair[1], c));
    }
    if rng.chance(1, 2) {
        let back = *rng.pick(&path);
        let c = w(rng);
        edges.push((path[n - 1], back, c));
    }
    for _ in 0..extra {
        let (a, b, c) = (vertex(rng, n), vertex(rng, n), w(rng));
        edges.push((a, b, c));
    }
    edges
}

/// `bench`: a quarter of the vertices closed among themselves (no end in reach: infinite for
/// both players), the rest in a hidden order, a tenth of them dead ends (the last always), the
/// others with edges 15 in 16 forward in the order, the rest to any vertex (a way into the closed
/// quarter: Aoki's there); 1 to 10 edges a vertex.
fn bench(rng: &mut Rng, n: usize) -> Vec<(u32, u32, u32)> {
    let order = shuffled(rng, n);
    let (closed, open) = order.split_at(n / 4);
    let mut edges = Vec::with_capacity(n * 11 / 2 + 16);
    for &v in closed {
        for _ in 0..rng.between(1, 10) {
            edges.push((v, *rng.pick(closed), weight(rng, MAX_WEIGHT)));
        }
    }
    for (place, &v) in open.iter().enumerate() {
        if place + 1 == open.len() || rng.chance(1, 10) {
            continue; // a dead end
        }
        for _ in 0..rng.between(1, 10) {
            let to = if rng.chance(15, 16) {
                open[rng.between(place + 1, open.len() - 1)]
            } else {
                vertex(rng, n)
            };
            edges.push((v, to, weight(rng, MAX_WEIGHT)));
        }
    }
    edges
}

/// `random`: exactly `n` distinct edges without self-loops (`n >= 2` leaves room for them).
fn random(rng: &mut Rng, n: usize) -> Vec<(u32, u32, u32)> {
    let mut seen = std::collections::HashSet::with_capacity(2 * n);
    let mut edges = Vec::with_capacity(n);
    while edges.len() < n {
        let (a, b) = (vertex(rng, n), vertex(rng, n));
        if a != b && seen.insert((a, b)) {
            edges.push((a, b, weight(rng, MAX_WEIGHT)));
        }
    }
    edges
}

/// The numbers of `text` (which the program's reader accepts), if it is `N M v` then `M` edges
/// of vertices in `1..=N` and weights of 32 bits, and nothing else.
fn read_text(text: &[u8]) -> Option<GraphScoresCase> {
    let mut tokens = text.split(|&b| is_space(b)).filter(|t| !t.is_empty());
    let number = |tokens: &mut dyn Iterator<Item = &[u8]>| parse_u64(tokens.next()?, false).ok();
    let (n, m, start) = (number(&mut tokens)?, number(&mut tokens)?, number(&mut tokens)?);
    if n == 0 || n > MAX_VERTICES as u64 || !(1..=n).contains(&start) || m > 64 * MAX_VERTICES as u64 {
        return None;
    }
    let mut edges = Vec::with_capacity(m as usize);
    for _ in 0..m {
        let (a, b, c) = (number(&mut tokens)?, number(&mut tokens)?, number(&mut tokens)?);
        if !(1..=n).contains(&a) || !(1..=n).contains(&b) || c > u64::from(u32::MAX) {
            return None;
        }
        edges.push((a as u32 - 1, b as u32 - 1, c as u32));
    }
    if tokens.next().is_some() {
        return None;
    }
    Some(GraphScoresCase { n: n as usize, start: start as u32 - 1, edges })
}

impl Case for GraphScoresCase {
    const FAMILIES: &'static [&'static str] =
        &["tiny", "random", "long_cycles", "zero_cycles", "star", "chain", "max_weight", "bench"];

    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self {
        let n = size.clamp(2, MAX_VERTICES);
        let (n, edges) = match Self::FAMILIES[family] {
            "tiny" => {
                let n = rng.between(2, n.min(6));
                let m = rng.between(1, 12);
                let w = |rng: &mut Rng| if rng.chance(1, 3) { 0 } else { weight(rng, 5) };
                let edges = (0..m).map(|_| (vertex(rng, n), vertex(rng, n), w(rng))).collect();
                (n, edges)
            }
            "random" => (n, random(rng, n)),
            "long_cycles" => (n, long_cycles(rng, n)),
            "zero_cycles" => (n, zero_cycles(rng, n)),
            "star" => (n, star(rng, n)),
            "chain" => {
                let most = if rng.chance(1, 2) { 100 } else { MAX_WEIGHT };
                (n, chain(rng, n, Some(most), n / 16))
            }
            "max_weight" => (n, chain(rng, n, None, n / 2)),
            _ => (n, bench(rng, n)),
        };
        let mut edges = judge_like(rng, edges);
        if edges.is_empty() {
            edges.push((0, 1, 0)); // M >= 1 (a tiny draw of self-loops only)
        }
        let start = vertex(rng, n);
        GraphScoresCase { n, start, edges }
    }

    fn write(&self) -> Vec<u8> {
        let digits = self.n.to_string().len();
        let mut out = Vec::with_capacity(48 + self.edges.len() * (2 * digits + 13));
        for (i, number) in
            [self.n as u64, self.edges.len() as u64, u64::from(self.start) + 1].iter().enumerate()
        {
            push_decimal(&mut out, *number);
            out.push(if i == 2 { b'\n' } else { b' ' });
        }
        for &(a, b, c) in &self.edges {
            push_decimal(&mut out, u64::from(a) + 1);
            out.push(b' ');
            push_decimal(&mut out, u64::from(b) + 1);
            out.push(b' ');
            push_decimal(&mut out, u64::from(c));
            out.push(b'\n');
        }
        out
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        read_text(text)
    }

    fn shrink_measure(&self) -> u128 {
        self.measure()
    }

    fn judge_flaw(&self) -> Option<String> {
        let (n, m) = (self.n, self.edges.len());
        if !(2..=JUDGE_MAX_VERTICES).contains(&n) {
            return Some(format!("N = {n}: the judge has 2 <= N <= 200,000"));
        }
        if !(1..=JUDGE_MAX_EDGES).contains(&m) {
            return Some(format!("M = {m}: the judge has 1 <= M <= 200,000"));
        }
        if let Some(&(a, b, c)) = self.edges.iter().find(|e| e.2 > MAX_WEIGHT) {
            return Some(format!("the edge {} {} {c}: the judge has C <= 10^9", a + 1, b + 1));
        }
        if let Some(&(a, _, _)) = self.edges.iter().find(|e| e.0 == e.1) {
            return Some(format!("a self-loop at {}: the judge has none", a + 1));
        }
        let mut pairs: Vec<(u32, u32)> = self.edges.iter().map(|&(a, b, _)| (a, b)).collect();
        pairs.sort_unstable();
        if let Some(pair) = pairs.windows(2).find(|p| p[0] == p[1]) {
            return Some(format!(
                "the edge {} {} twice: the judge has no repeated edge",
                pair[0].0 + 1,
                pair[0].1 + 1
            ));
        }
        None
    }

    fn fit_judge(self) -> Self {
        let mut case = self;
        if case.n > JUDGE_MAX_VERTICES {
            case = case.without_vertices(JUDGE_MAX_VERTICES..case.n);
        }
        case.n = case.n.max(2);
        let mut seen = std::collections::HashSet::new();
        case.edges.retain(|&(a, b, _)| a != b && seen.insert((a, b)));
        case.edges.truncate(JUDGE_MAX_EDGES);
        case.edges.iter_mut().for_each(|e| e.2 = e.2.min(MAX_WEIGHT));
        if case.edges.is_empty() {
            case.edges.push((0, 1, 0));
        }
        case
    }

    fn smaller(&self) -> Vec<Self> {
        let weighted: Vec<usize> = (0..self.edges.len()).filter(|&i| self.edges[i].2 > 0).collect();
        let kinds = [(self.n, self.n - 1), (self.edges.len(), usize::MAX), (weighted.len(), usize::MAX)];
        let weigh = |case: &GraphScoresCase| (case.n + case.edges.len()) as u64;
        let weight = (self.n + self.edges.len()) as u64;
        let mut steps = shrink_steps(&kinds, weight, weigh, |kind, gone| match kind {
            0 => self.without_vertices(gone),
            1 => self.without_edges(gone),
            _ => self.zeroed(&weighted[gone]),
        });
        if weighted.iter().any(|&i| self.edges[i].2 > 1) {
            let mut halved = self.clone();
            halved.edges.iter_mut().for_each(|e| e.2 /= 2);
            steps.push(halved);
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::super::{candidates, of_family, shrink_to_the_end};
    use super::*;
    use std::collections::HashSet;

    fn valid(case: &GraphScoresCase) -> bool {
        GraphScoresCase::parse(&case.write()).as_ref() == Some(case)
    }

    #[test]
    fn every_family_gives_judge_like_inputs_of_its_size_the_same_for_a_seed() {
        for f in 0..GraphScoresCase::FAMILIES.len() {
            let name = GraphScoresCase::FAMILIES[f];
            for size in [2, 3, 4, 6, 10, 37, 200, 5000] {
                for seed in 0..if size > 1000 { 5 } else { 60 } {
                    let case = GraphScoresCase::generate(f, &mut Rng::new(seed), size);
                    assert!(valid(&case), "{name} {size} {seed}: {case:?}");
                    assert_eq!(case, GraphScoresCase::generate(f, &mut Rng::new(seed), size));
                    let flaw = case.judge_flaw();
                    let too_many = name == "bench" && case.edges.len() > JUDGE_MAX_EDGES;
                    assert!(flaw.is_none() || too_many, "{name} {size} {seed}: {flaw:?}");
                    assert_eq!(case.clone().fit_judge().judge_flaw(), None);
                    if name == "tiny" {
                        assert!(case.n <= 6.min(size).max(2) && case.edges.len() <= 12);
                    } else {
                        assert_eq!(case.n, size, "{name}");
                    }
                }
            }
        }
    }

    /// How many vertices have a finite total with Takahashi to move, and with Aoki: whether
    /// Takahashi can force the end, by a counter of Aoki's moves not yet known to end.
    fn finite(case: &GraphScoresCase) -> (usize, usize) {
        let n = case.n;
        let mut into = vec![Vec::new(); n];
        let mut unknown = vec![0usize; n];
        for &(a, b, _) in &case.edges {
            into[b as usize].push(a as usize);
            unknown[a as usize] += 1;
        }
        // State 2v: Takahashi to move at v; 2v + 1: Aoki.
        let mut ends = vec![false; 2 * n];
        let mut queue: Vec<usize> =
            (0..n).filter(|&v| unknown[v] == 0).flat_map(|v| [2 * v, 2 * v + 1]).collect();
        queue.iter().for_each(|&s| ends[s] = true);
        while let Some(s) = queue.pop() {
            for &u in &into[s / 2] {
                let before = if s % 2 == 1 { 2 * u } else { 2 * u + 1 };
                if ends[before] {
                    continue;
                }
                if s % 2 == 0 {
                    unknown[u] -= 1;
                    if unknown[u] > 0 {
                        continue;
                    }
                }
                ends[before] = true;
                queue.push(before);
            }
        }
        let count = |player: usize| (0..n).filter(|&v| ends[2 * v + player]).count();
        (count(0), count(1))
    }

    #[test]
    fn the_families_keep_their_promises() {
        let family = |name: &str, seed: u64, size: usize| {
            of_family::<GraphScoresCase>(name, &mut Rng::new(seed), size)
        };
        let random = family("random", 1, 200_000);
        assert_eq!((random.n, random.edges.len() > 199_000), (200_000, true));
        assert!(random.edges.iter().any(|e| e.2 > 900_000_000));
        let zero = family("zero_cycles", 2, 1000);
        assert!(zero.edges.iter().filter(|e| e.2 == 0).count() > 700);
        let star = family("star", 3, 1000);
        let mut out_degree = vec![0; star.n];
        star.edges.iter().for_each(|e| out_degree[e.0 as usize] += 1);
        assert_eq!(out_degree.iter().max(), Some(&999));
        let chain = family("chain", 4, 1000);
        assert!(chain.edges.len() >= 999);
        let max = family("max_weight", 5, 1000);
        assert!(max.edges.iter().all(|e| e.2 == MAX_WEIGHT) && max.edges.len() >= 999);
        let long = family("long_cycles", 6, 1000);
        assert!(long.edges.len() >= 900);
        let bench = family("bench", 7, 100_000);
        let per_vertex = bench.edges.len() as f64 / bench.n as f64;
        assert!((4.9..5.2).contains(&per_vertex), "{per_vertex}");
        let (takahashi, aoki) = finite(&bench);
        assert!(
            (70_000..76_000).contains(&takahashi) && (60_000..takahashi).contains(&aoki),
            "{takahashi} {aoki}"
        );
        let random = family("random", 8, 10_000);
        let mut dead = vec![true; random.n];
        random.edges.iter().for_each(|e| dead[e.0 as usize] = false);
        let dead = dead.iter().filter(|&&d| d).count();
        assert!((3300..4000).contains(&dead), "{dead} dead ends");
        let (takahashi, aoki) =
            finite(&GraphScoresCase { n: 3, start: 0, edges: vec![(0, 1, 0), (1, 0, 0), (1, 2, 0)] });
        // Takahashi at 1 leaves for 2, Aoki at 0 must go to 1; Aoki at 1 goes back to 0 for ever.
        assert_eq!((takahashi, aoki), (2, 2));
    }

    #[test]
    fn parse_takes_valid_text_and_nothing_else() {
        let case = GraphScoresCase::parse(b"\t3  2 3\r\n001 3 0\n3 2 1000000000").unwrap();
        assert_eq!(case, GraphScoresCase { n: 3, start: 2, edges: vec![(0, 2, 0), (2, 1, 1_000_000_000)] });
        for bad in
            [&b""[..], b"0 0 1", b"2 1 1\n1 3 0\n", b"2 1 3\n1 2 1\n", b"2 2 1\n1 2 1\n", b"2 1 1 1 2 1 x"]
        {
            assert_eq!(GraphScoresCase::parse(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn the_judge_flaws_are_found_and_fitted() {
        let case =
            |n: usize, edges: &[(u32, u32, u32)]| GraphScoresCase { n, start: 0, edges: edges.to_vec() };
        assert_eq!(case(2, &[(0, 1, 5)]).judge_flaw(), None);
        for bad in [
            case(1, &[]),
            case(2, &[]),
            case(2, &[(0, 0, 1)]),
            case(3, &[(0, 1, 1), (1, 2, 0), (0, 1, 2)]),
            case(2, &[(0, 1, MAX_WEIGHT + 1)]),
            case(200_001, &[(0, 1, 1)]),
        ] {
            assert!(bad.judge_flaw().is_some(), "{bad:?}");
            let fit = bad.clone().fit_judge();
            assert_eq!(fit.judge_flaw(), None, "{bad:?} -> {fit:?}");
        }
        let fit = case(3, &[(0, 1, 1), (1, 1, 0), (0, 1, 2), (2, 0, MAX_WEIGHT + 7)]).fit_judge();
        assert_eq!(fit.edges, [(0, 1, 1), (2, 0, MAX_WEIGHT)]);
    }

    #[test]
    fn every_step_is_valid_and_smaller_and_shrinking_ends() {
        let ends = shrink_to_the_end(60, |seed| 2 + seed as usize % 25, GraphScoresCase::measure, valid);
        for (case, first, rounds) in ends {
            assert!((rounds as u128) < first && case.n == 1 && case.edges.is_empty(), "{case:?}");
        }
        // Under the judge's constraints every candidate keeps them.
        for seed in 0..40 {
            let case = GraphScoresCase::random(&mut Rng::new(seed), 30).fit_judge();
            for step in candidates(&case, true) {
                assert_eq!(step.judge_flaw(), None, "{case:?} -> {step:?}");
                assert!(step.measure() < case.measure());
            }
        }
    }

    #[test]
    fn a_small_case_gets_every_single_step_coarsest_first() {
        let case = GraphScoresCase { n: 3, start: 2, edges: vec![(0, 1, 4), (1, 2, 0), (2, 0, 1)] };
        let steps = case.smaller();
        let distinct: HashSet<_> = steps.iter().map(|s| format!("{s:?}")).collect();
        assert_eq!(distinct.len(), steps.len(), "no step twice");
        for v in 0..3 {
            assert!(steps.contains(&case.without_vertices(v..v + 1)));
        }
        assert!(steps.contains(&GraphScoresCase { n: 2, start: 0, edges: vec![(0, 1, 4)] }));
        for e in 0..3 {
            assert!(steps.contains(&case.without_edges(e..e + 1)));
        }
        assert!(steps.contains(&case.zeroed(&[0])) && steps.contains(&case.zeroed(&[2])));
        assert_eq!(steps.last().unwrap().edges, [(0, 1, 2), (1, 2, 0), (2, 0, 0)]);
        let big = of_family::<GraphScoresCase>("bench", &mut Rng::new(1), 200_000);
        let steps = big.smaller();
        assert!(steps.len() < 20 && steps.iter().all(|s| s.measure() < big.measure()));
        assert_eq!(steps[0].n, 100_000);
    }
}
