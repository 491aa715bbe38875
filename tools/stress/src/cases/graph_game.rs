//! Generated inputs of [`graph_games::games::graph_game`] (`graph_game`): [`GraphGameCase`], a graph as data.
//!
//! # Families
//! `size` is the number of vertices `n` (at least 1); every family but `tiny` has exactly `size`.
//! - `tiny`: at most 6 vertices and up to `2n + 2` random edges, so self-loops and repeated edges
//!   are common: the cases a hand check can follow.
//! - `random`: `m` about `2n` uniform random edges (self-loops and repeats included), listed in
//!   random order (the reader's path for edges not grouped by source).
//! - `dag`: edges only forward in a hidden random order, many of them short: no draws, long
//!   decided chains.
//! - `cycles`: the vertices cut into cycles of 1 to 64 (a self-loop for 1), some edges repeated,
//!   a few dead ends and `n / 8` random edges between: mostly draws, wins and losses near the exits.
//! - `no_edges`: `m = 0`: every vertex loses.
//! - `star`: one hub joined to every other vertex, out, in or both ways (some leaves without the
//!   way back), sometimes with a self-loop: a vertex of degree `n - 1` (past 254 and 65,534 moves).
//! - `long_chain`: one path through all the vertices, labelled in order, backwards or at random,
//!   ending in a dead end, a cycle or a self-loop, its edges listed in any order: a game `n` moves
//!   deep, for catching recursive searches (10^6 vertices breaks a recursive contestant's stack).
//! - `bench`: the benchmark's kind of graph (10^6 vertices there): about 5.5 edges per vertex,
//!   grouped by increasing source as the benchmark's are, half the vertices winning, a sixth losing
//!   and the rest drawing, the decided ones in long chains, the drawn ones in random cycles (see
//!   `bench` below for why the outcomes are exactly those).
//!
//! # Shrinking
//! [`GraphGameCase::measure`] is `n + m`: every step of [`Case::smaller`] drops vertices (the
//! others relabelled in order, the edges that touch them dropped) or edges, so it lowers the
//! measure and shrinking ends. Steps come coarsest first: half the vertices, half the edges, a
//! quarter, ..., then single vertices and single edges.

use super::{shrink_steps, Case, Rng};
use graph_games::games::graph_game::{read, MAX_VERTICES};
use graph_games::input::decimal::parse_u64;
use graph_games::input::decimal::push_decimal;
use graph_games::input::{is_space, Scanner};
use std::ops::Range;

/// One input of `graph_game`: `n` vertices and the edges in input order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphGameCase {
    /// The number of vertices, at least 1.
    pub n: usize,
    /// The edges `(u, v)`, a move from `u` to `v`, 0-based (written 1-based).
    pub edges: Vec<(u32, u32)>,
}

impl GraphGameCase {
    /// What every shrink step lowers: `n + m`.
    pub fn measure(&self) -> u64 {
        (self.n + self.edges.len()) as u64
    }

    /// The case without the vertices `gone`: the others keep their order, their edges too.
    fn without_vertices(&self, gone: Range<usize>) -> GraphGameCase {
        let (start, end) = (gone.start as u32, gone.end as u32);
        let kept = |v: u32| v < start || v >= end;
        let new = |v: u32| if v < start { v } else { v - (end - start) };
        let edges = self.edges.iter().filter(|&&(u, v)| kept(u) && kept(v)).map(|&(u, v)| (new(u), new(v)));
        GraphGameCase { n: self.n - gone.len(), edges: edges.collect() }
    }

    /// The case without the edges `gone` (indices into the list).
    fn without_edges(&self, gone: Range<usize>) -> GraphGameCase {
        let edges = [&self.edges[..gone.start], &self.edges[gone.end..]].concat();
        GraphGameCase { n: self.n, edges }
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

/// The vertices `0..n` in a random order.
fn shuffled(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut order);
    order
}

/// `dag`: each edge goes forward in a hidden random order, half of them at most 8 places on.
fn dag(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    if n < 2 {
        return Vec::new();
    }
    let order = shuffled(rng, n);
    let m = rng.between(n, 3 * n);
    let mut edges = Vec::with_capacity(m);
    for _ in 0..m {
        let a = rng.below(n as u64 - 1) as usize;
        let b = if rng.chance(1, 2) {
            a + 1 + rng.below((n - 1 - a).min(8) as u64) as usize
        } else {
            rng.between(a + 1, n - 1)
        };
        edges.push((order[a], order[b]));
    }
    edges
}

/// `cycles`: random cycles of 1 to 64 vertices, some edges twice, some dead ends, and `n / 8`
/// random edges.
fn cycles(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    let order = shuffled(rng, n);
    let mut edges = Vec::with_capacity(2 * n);
    let mut at = 0;
    while at < n {
        let longest = if rng.chance(1, 4) { 64 } else { 8 };
        let len = 1 + rng.below((n - at).min(longest) as u64) as usize;
        let cycle = &order[at..at + len];
        at += len;
        if len == 1 && rng.chance(1, 4) {
            continue; // a dead end
        }
        for (i, &u) in cycle.iter().enumerate() {
            let edge = (u, cycle[(i + 1) % len]);
            edges.push(edge);
            if rng.chance(1, 8) {
                edges.push(edge);
            }
        }
    }
    let extra = random_edges(rng, n, n / 8);
    edges.extend(extra);
    if rng.chance(1, 2) {
        rng.shuffle(&mut edges);
    }
    edges
}

/// `star`: a hub joined to every other vertex: out, in, or out and (all or some) back.
fn star(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    let hub = vertex(rng, n);
    let mode = rng.below(3);
    let back_all = rng.chance(1, 2);
    let mut edges = Vec::with_capacity(2 * n);
    if rng.chance(1, 4) {
        edges.push((hub, hub));
    }
    for leaf in (0..n as u32).filter(|&v| v != hub) {
        if mode != 1 {
            edges.push((hub, leaf));
        }
        if mode == 1 || (mode == 2 && (back_all || rng.chance(1, 2))) {
            edges.push((leaf, hub));
        }
    }
    edges
}

/// `long_chain`: a path through all the vertices, ending in a dead end, a cycle or a self-loop.
fn long_chain(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    let chain: Vec<u32> = match rng.below(3) {
        0 => (0..n as u32).collect(),
        1 => (0..n as u32).rev().collect(),
        _ => shuffled(rng, n),
    };
    let mut edges: Vec<(u32, u32)> = chain.windows(2).map(|w| (w[0], w[1])).collect();
    let last = chain[n - 1];
    match rng.below(3) {
        0 => {}
        1 => edges.push((last, chain[rng.below(n as u64) as usize])),
        _ => edges.push((last, last)),
    }
    match rng.below(3) {
        0 => {}
        1 => edges.reverse(),
        _ => rng.shuffle(&mut edges),
    }
    edges
}

/// What a vertex of [`bench()`] is.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    /// Decided, and how many winning and losing vertices are decided before it.
    Wins {
        losing_before: u32,
    },
    Loses {
        winning_before: u32,
    },
    Draws,
}

/// `bench`: about 5.5 edges per vertex, `n / 2` winning vertices, `max(n / 6, 1)` losing, the
/// rest drawing, grouped by increasing source.
///
/// The decided vertices come in a random sequence, a losing dead end first. A losing vertex's
/// edges all go to winning vertices earlier in it (none: a dead end); a winning vertex has one
/// edge to an earlier losing vertex (half the time the latest: long chains of decisions) and the
/// rest to winning or drawing vertices; a drawing vertex has one edge to a drawing vertex and
/// the rest to winning or drawing vertices. By induction along the sequence every decided vertex
/// has its outcome; a drawing vertex has no move to a losing vertex and one to a drawing vertex,
/// so it is never decided (the drawing vertices always have a move among themselves). Labels
/// are a random permutation.
fn bench(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    let losing = (n / 6).max(1);
    let winning = (n / 2).min(n - losing);
    let decided = losing + winning;
    let label = shuffled(rng, n);
    // Whether each place of the sequence loses: the first one does, the others at random.
    let mut loses = vec![false; decided];
    loses[..losing].iter_mut().for_each(|l| *l = true);
    rng.shuffle(&mut loses[1..]);
    let mut role = vec![Role::Draws; n];
    let (mut wins, mut losses) = (Vec::with_capacity(winning), Vec::with_capacity(losing));
    for (place, &lost) in loses.iter().enumerate() {
        let v = label[place];
        if lost {
            role[v as usize] = Role::Loses { winning_before: wins.len() as u32 };
            losses.push(v);
        } else {
            role[v as usize] = Role::Wins { losing_before: losses.len() as u32 };
            wins.push(v);
        }
    }
    let draws = &label[decided..];
    // A winning or drawing vertex, uniformly.
    let not_losing = |rng: &mut Rng| {
        let i = rng.below((winning + draws.len()) as u64) as usize;
        if i < winning {
            wins[i]
        } else {
            draws[i - winning]
        }
    };
    let mut edges = Vec::with_capacity(n * 11 / 2 + 16);
    for v in 0..n as u32 {
        match role[v as usize] {
            Role::Wins { losing_before } => {
                let latest = losing_before as u64 - 1;
                let to = if rng.chance(1, 2) { latest } else { rng.below(losing_before as u64) };
                edges.push((v, losses[to as usize]));
                for _ in 0..rng.below(10) {
                    edges.push((v, not_losing(rng)));
                }
            }
            Role::Loses { winning_before: 0 } => {}
            Role::Loses { winning_before } => {
                for _ in 0..rng.between(1, 10) {
                    edges.push((v, wins[rng.below(winning_before as u64) as usize]));
                }
            }
            Role::Draws => {
                edges.push((v, draws[rng.below(draws.len() as u64) as usize]));
                for _ in 0..rng.below(10) {
                    edges.push((v, not_losing(rng)));
                }
            }
        }
    }
    edges
}

impl Case for GraphGameCase {
    const FAMILIES: &'static [&'static str] =
        &["tiny", "random", "dag", "cycles", "no_edges", "star", "long_chain", "bench"];

    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self {
        let n = size.clamp(1, MAX_VERTICES as usize);
        let (n, edges) = match Self::FAMILIES[family] {
            "tiny" => {
                let n = rng.between(1, n.min(6));
                let m = rng.between(0, 2 * n + 2);
                (n, random_edges(rng, n, m))
            }
            "random" => {
                let m = rng.between(n + n / 2, 2 * n + n / 2);
                (n, random_edges(rng, n, m))
            }
            "dag" => (n, dag(rng, n)),
            "cycles" => (n, cycles(rng, n)),
            "no_edges" => (n, Vec::new()),
            "star" => (n, star(rng, n)),
            "long_chain" => (n, long_chain(rng, n)),
            _ => (n, bench(rng, n)),
        };
        GraphGameCase { n, edges }
    }

    fn write(&self) -> Vec<u8> {
        let digits = self.n.to_string().len();
        let mut out = Vec::with_capacity(48 + self.edges.len() * (2 * digits + 2));
        push_decimal(&mut out, self.n as u64);
        out.push(b' ');
        push_decimal(&mut out, self.edges.len() as u64);
        out.push(b'\n');
        for &(u, v) in &self.edges {
            push_decimal(&mut out, u64::from(u) + 1);
            out.push(b' ');
            push_decimal(&mut out, u64::from(v) + 1);
            out.push(b'\n');
        }
        out
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        let mut tokens = text.split(|&b| is_space(b)).filter(|t| !t.is_empty());
        let mut number = move || parse_u64(tokens.next()?, false).ok();
        let n = number()? as usize;
        let m = number()? as usize;
        let mut edges = Vec::new();
        for _ in 0..m {
            let (u, v) = (number()?, number()?);
            edges.push((u as u32 - 1, v as u32 - 1));
        }
        Some(GraphGameCase { n, edges })
    }

    fn shrink_measure(&self) -> u128 {
        self.measure().into()
    }

    fn smaller(&self) -> Vec<Self> {
        let kinds = [(self.n, self.n - 1), (self.edges.len(), usize::MAX)];
        shrink_steps(&kinds, self.measure(), GraphGameCase::measure, |kind, gone| {
            if kind == 0 {
                self.without_vertices(gone)
            } else {
                self.without_edges(gone)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{of_family, shrink_to_the_end};
    use super::*;
    use graph_games::games::graph_game::{decide, write_answer};
    use std::collections::HashSet;

    fn valid(case: &GraphGameCase) -> bool {
        read(&mut Scanner::new(&case.write()[..])).is_ok()
    }

    /// How many vertices win, lose and draw.
    fn outcomes(case: &GraphGameCase) -> [usize; 3] {
        let graph = read(&mut Scanner::new(&case.write()[..])).unwrap();
        let mut out = Vec::new();
        write_answer(&decide(graph), &mut out).unwrap();
        let mut counts = [0; 3];
        for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            counts[[&b"win"[..], b"lose", b"draw"].iter().position(|w| w == &line).unwrap()] += 1;
        }
        counts
    }

    #[test]
    fn every_family_gives_valid_inputs_of_its_size_the_same_for_a_seed() {
        for f in 0..GraphGameCase::FAMILIES.len() {
            for size in [1, 2, 3, 4, 6, 10, 37, 200] {
                for seed in 0..100 {
                    let case = GraphGameCase::generate(f, &mut Rng::new(seed), size);
                    let name = GraphGameCase::FAMILIES[f];
                    assert!(valid(&case), "{name} {size} {seed}: {case:?}");
                    assert_eq!(case, GraphGameCase::generate(f, &mut Rng::new(seed), size));
                    assert_eq!(GraphGameCase::parse(&case.write()), Some(case.clone()));
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
        let case = GraphGameCase::parse(b"\t3  2\r\n001 3\n3 3").unwrap();
        assert_eq!(case, GraphGameCase { n: 3, edges: vec![(0, 2), (2, 2)] });
        for bad in [&b""[..], b"0 0", b"2 1\n1 3\n", b"2 1\n1 2 1\n", b"2 2\n1 2\n", b"2 0 x"] {
            assert_eq!(GraphGameCase::parse(bad), None);
        }
    }

    #[test]
    fn every_outcome_appears_and_the_families_keep_their_promises() {
        let mut all = [0; 3];
        for f in 0..GraphGameCase::FAMILIES.len() {
            let name = GraphGameCase::FAMILIES[f];
            for seed in 0..300 {
                let case = GraphGameCase::random(&mut Rng::new(seed), 1 + seed as usize % 40);
                all.iter_mut().zip(outcomes(&case)).for_each(|(a, c)| *a += c);
                let case = GraphGameCase::generate(f, &mut Rng::new(seed), 1 + seed as usize % 40);
                let [win, lose, draw] = outcomes(&case);
                match name {
                    "dag" => assert_eq!(draw, 0),
                    "no_edges" => assert_eq!(lose, case.n),
                    "bench" => {
                        let n = case.n;
                        assert_eq!((win, lose), (n / 2, (n / 6).max(1)), "{case:?}");
                    }
                    _ => {}
                }
                all.iter_mut().zip([win, lose, draw]).for_each(|(a, c)| *a += c);
            }
        }
        assert!(all.iter().all(|&c| c > 1000), "win, lose, draw: {all:?}");
    }

    #[test]
    fn bench_is_the_benchmark_graph() {
        let case = of_family::<GraphGameCase>("bench", &mut Rng::new(7), 60_000);
        let per_vertex = case.edges.len() as f64 / case.n as f64;
        assert!((5.3..5.7).contains(&per_vertex), "{per_vertex}");
        assert!(case.edges.windows(2).all(|w| w[0].0 <= w[1].0), "grouped by source");
        assert_eq!(outcomes(&case), [30_000, 10_000, 20_000]);
        let chain = of_family::<GraphGameCase>("long_chain", &mut Rng::new(1), 100_000);
        assert!(chain.edges.len() >= 99_999);
    }

    #[test]
    fn every_step_is_valid_and_smaller_and_shrinking_ends() {
        let ends = shrink_to_the_end(60, |seed| 1 + seed as usize % 25, GraphGameCase::measure, valid);
        for (case, first, rounds) in ends {
            assert!((rounds as u64) < first && case.n == 1 && case.edges.is_empty(), "{case:?}");
        }
    }

    #[test]
    fn a_small_case_gets_every_single_step_coarsest_first() {
        let case = GraphGameCase { n: 3, edges: vec![(0, 1), (1, 2), (2, 0), (2, 2), (0, 1)] };
        let steps = case.smaller();
        let distinct: HashSet<_> = steps.iter().map(|s| format!("{s:?}")).collect();
        assert_eq!(distinct.len(), steps.len(), "no step twice");
        assert_eq!(steps[0], GraphGameCase { n: 1, edges: vec![(0, 0)] });
        for v in 0..3 {
            assert!(steps.contains(&case.without_vertices(v..v + 1)));
        }
        for e in 0..5 {
            assert!(steps.contains(&case.without_edges(e..e + 1)));
        }
        let big = of_family::<GraphGameCase>("bench", &mut Rng::new(1), 200_000);
        let steps = big.smaller();
        assert!(steps.len() < 20 && steps.iter().all(|s| s.measure() < big.measure()));
        assert_eq!(steps[0].n, 100_000);
    }
}
