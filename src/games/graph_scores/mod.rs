//! AtCoder ABC 261 Ex "Game on Graph": a token on a weighted directed graph, Takahashi wanting the
//! game to end and the total small, Aoki wanting it never to end, else the total large.
//!
//! # Rules
//! A token sits on vertex `v` of a directed graph whose edges have weights `0 <= C <= 10^9`.
//! Takahashi and Aoki move it along an edge in turns, Takahashi first; the game ends at a vertex
//! without outgoing edges. Takahashi wants first that it ends after finitely many moves, then the
//! total weight of the edges taken small; Aoki wants first that it never ends, then the total
//! large. The question: the total under perfect play, or `INFINITY` when Takahashi cannot force
//! the end.
//!
//! # Input
//! `N M v`, then `M` edges `A B C` (1-based: an edge from `A` to `B` of weight `C`), and nothing
//! after them. Self-loops and repeated edges, which the judge's input never has, are accepted.
//!
//! # Output
//! One line: the total, or `INFINITY` ([`write_answer`]). The extras (`program.rs`): `--values`
//! writes `N` lines instead, line `i` the totals with the token on `i` and Takahashi, then Aoki, to
//! move; `--move` adds a line, the vertex Takahashi moves to from `v` (`none` without an edge);
//! `--line` adds a line, the whole play from `v` under perfect play, its repeating part in
//! parentheses when it never ends.
//!
//! # Method
//! The game on positions `(vertex, player to move)`, `2N` of them (`2u` Takahashi's, `2u + 1`
//! Aoki's), is a [`ScoredGame`] with Takahashi the ender ([`crate::scores`]): a vertex without
//! edges is an end with payoff 0 for both players; an edge `u -> w` of weight `C` is a move from
//! `(u, T)` to `(w, A)` and from `(u, A)` to `(w, T)`, both of weight `C`. The search walks the
//! edges backwards from the ends, the cheapest first: O((N + M) log N), no recursion. A total is
//! at most `2N · 10^9` (a play under perfect play ends within `2N` moves): no overflow.
//!
//! # Limits
//! [`MAX_VERTICES`] vertices, [`MAX_EDGES`] edges. Memory follows the edges that arrive: 12 bytes
//! an edge while they are read (grown by doubling, checked), then laid out by target in 8 bytes
//! an edge (20 at the peak, with `12N` of out-degrees and cursors), the 12 freed; then the
//! search's 16 bytes a position (32 a vertex), turned into the totals' 8 in place, and its queue.

pub mod program;

use crate::input::{is_space, Error, Scanner};
use crate::memory::{output_buffer, try_grow_within};
use crate::scores::{filled, solve, solve_totals, ScoredGame, Side, Stand, Total, Totals};
use std::io::{self, Read, Write};

/// The most vertices the program accepts (the judge's limit is `2·10^5`).
pub const MAX_VERTICES: u64 = 100_000_000;
/// The most edges the program accepts (the judge's limit is `2·10^5`).
pub const MAX_EDGES: u64 = 500_000_000;
/// The largest weight of an edge.
pub const MAX_WEIGHT: u64 = 1_000_000_000;

/// The graph with its edges laid out by target, the start, and every position's total.
pub struct Problem {
    graph: TokenGraph,
    start: usize,
    totals: Totals,
}

/// The graph: the edges into vertex `w` are `into[2 * starts[w]..2 * starts[w + 1]]` as pairs
/// `source, weight`; `out_degree[u]` counts the edges out of `u`.
pub struct TokenGraph {
    out_degree: Vec<u32>,
    starts: Vec<u32>,
    into: Vec<u32>,
}

impl ScoredGame for TokenGraph {
    fn num_states(&self) -> usize {
        2 * self.out_degree.len()
    }

    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        for &k in &self.out_degree {
            let stand = if k == 0 { Stand::End(0) } else { Stand::Open(k) };
            visit(Side::Min, stand);
            visit(Side::Max, stand);
        }
    }

    #[inline]
    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, state: usize, mut visit: F) {
        let w = state / 2;
        // Into Takahashi's position come Aoki's moves, and the other way round.
        let other = 1 - state % 2;
        let range = 2 * self.starts[w] as usize..2 * self.starts[w + 1] as usize;
        for pair in self.into[range].chunks_exact(2) {
            visit(2 * pair[0] as usize + other, i64::from(pair[1]));
        }
    }
}

/// The judge's answer: the total from the start with Takahashi to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    total: Total,
}

/// Reads and checks the whole input (`N M v`, the edges, nothing after them), lays the edges out
/// and solves every position, so that every error is found before anything is written.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let n = input.u64_in("the number of vertices N", 1, MAX_VERTICES)? as usize;
    let m = input.u64_in("the number of edges M", 0, MAX_EDGES)? as usize;
    let v = input.u64_in("the start vertex v", 1, n as u64)? as usize;
    let mut edges = Edges { n, m, flat: Vec::new() };
    // Plain numbers straight from the buffer while they are, one the careful way where they stop.
    while !edges.done() {
        edges.take_plain(input)?;
        if !edges.done() {
            edges.take_careful(input)?;
        }
    }
    input.finish(format_args!("the {m} edges"))?;
    let graph = edges.into_graph()?;
    let totals = solve_totals(&graph, Side::Min)?;
    Ok(Problem { graph, start: 2 * (v - 1), totals })
}

/// The edges read so far, three numbers each (source and target 0-based, weight).
struct Edges {
    n: usize,
    m: usize,
    flat: Vec<u32>,
}

impl Edges {
    fn done(&self) -> bool {
        self.flat.len() == 3 * self.m
    }

    /// Takes the numbers straight from the scanner's buffer while they are plain: at most 10
    /// digits, followed by whitespace, in range (the vertices in `1..=N`, the weights in
    /// `0..=MAX_WEIGHT`). Stops before the first that is not, for the careful path.
    fn take_plain<R: Read>(&mut self, input: &mut Scanner<R>) -> Result<(), Error> {
        let mut result = Ok(());
        let (n, m, flat) = (self.n as u64, self.m, &mut self.flat);
        input.parse_buffered(|text| {
            // Each number takes 2 bytes at least: room for all the buffer may hold.
            let room = (3 * m - flat.len()).min(text.len() / 2);
            if let Err(e) = try_grow_within(flat, room, 3 * m, &"the edges") {
                result = Err(e);
                return 0;
            }
            let (mut at, mut field) = (0, flat.len() % 3);
            for _ in 0..room {
                let mut i = at;
                while i < text.len() && is_space(text[i]) {
                    i += 1;
                }
                let (start, mut value) = (i, 0u64);
                while i < text.len() && i - start <= 10 && text[i].is_ascii_digit() {
                    value = 10 * value + u64::from(text[i] - b'0');
                    i += 1;
                }
                let plain = i > start && i - start <= 10 && i < text.len() && is_space(text[i]);
                let in_range = if field == 2 { value <= MAX_WEIGHT } else { (1..=n).contains(&value) };
                if !plain || !in_range {
                    break;
                }
                flat.push(if field == 2 { value as u32 } else { value as u32 - 1 });
                field = if field == 2 { 0 } else { field + 1 };
                at = i;
            }
            at
        });
        result
    }

    /// Reads the next number the careful way, naming it in an error.
    fn take_careful<R: Read>(&mut self, input: &mut Scanner<R>) -> Result<(), Error> {
        let (i, m, field) = (self.flat.len() / 3 + 1, self.m, self.flat.len() % 3);
        try_grow_within(&mut self.flat, 1, 3 * m, &"the edges")?;
        let x = match field {
            0 => input.u64_in(format_args!("the source A of edge {i} of {m}"), 1, self.n as u64)? - 1,
            1 => input.u64_in(format_args!("the target B of edge {i} of {m}"), 1, self.n as u64)? - 1,
            _ => input.u64_in(format_args!("the weight C of edge {i} of {m}"), 0, MAX_WEIGHT)?,
        };
        self.flat.push(x as u32);
        Ok(())
    }

    /// The edges laid out by target (a counting sort: each edge placed straight into its block,
    /// the blocks in input order), as `source, weight` pairs: 8 bytes an edge; the triples are
    /// freed after.
    fn into_graph(self) -> Result<TokenGraph, Error> {
        let Edges { n, m, flat } = self;
        let what = "the layout of the graph";
        let mut out_degree = filled(n, 0u32, what)?;
        let mut starts = filled(n + 1, 0u32, what)?;
        for edge in flat.chunks_exact(3) {
            out_degree[edge[0] as usize] += 1;
            starts[edge[1] as usize + 1] += 1;
        }
        for w in 0..n {
            starts[w + 1] += starts[w];
        }
        let mut into = filled(2 * m, 0u32, what)?;
        // next[w]: the next slot of w's block.
        let mut next = filled(n, 0u32, what)?;
        next.copy_from_slice(&starts[..n]);
        for edge in flat.chunks_exact(3) {
            let at = &mut next[edge[1] as usize];
            into[2 * *at as usize] = edge[0];
            into[2 * *at as usize + 1] = edge[2];
            *at += 1;
        }
        Ok(TokenGraph { out_degree, starts, into })
    }
}

impl Problem {
    /// The number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.graph.out_degree.len()
    }

    /// The total with the token on vertex `u` (0-based) and Takahashi (`takahashi`) or Aoki to move.
    pub fn total(&self, u: usize, takahashi: bool) -> Total {
        self.totals.total(2 * u + usize::from(!takahashi))
    }

    /// The judge's answer: the total from the start, Takahashi to move.
    pub fn answer(&self) -> Answer {
        Answer { total: self.totals.total(self.start) }
    }

    /// The game solved again, with the moves to play (for `--move` and `--line`).
    pub fn with_moves(&mut self) -> Result<(), Error> {
        self.totals = solve(&self.graph, Side::Min)?;
        Ok(())
    }

    /// The vertex (0-based) Takahashi moves to from the start under perfect play, if it has an
    /// edge. Panics unless [`Problem::with_moves`] was called.
    pub fn start_move(&self) -> Option<usize> {
        self.totals.best_move(&self.graph, self.start).map(|(to, _)| to / 2)
    }

    /// The play from the start under perfect play, as vertices (0-based), and where its repeating
    /// part starts when it never ends. Panics unless [`Problem::with_moves`] was called.
    pub fn start_line(&self) -> Result<(Vec<usize>, Option<usize>), Error> {
        let line = self.totals.line(&self.graph, self.start)?;
        Ok((line.positions.iter().map(|p| p / 2).collect(), line.cycle_start))
    }
}

/// The total from the start, with Takahashi to move.
pub fn decide(problem: Problem) -> Answer {
    problem.answer()
}

/// `total` as the judge writes it: the number, or `INFINITY`.
pub(crate) fn push_total(out: &mut Vec<u8>, total: Total) {
    match total {
        Total::Ends(t) => out.extend_from_slice(t.to_string().as_bytes()),
        Total::Never => out.extend_from_slice(b"INFINITY"),
    }
}

/// Writes the judge's output: one line, the total or `INFINITY`.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    let mut line = output_buffer(32)?;
    push_total(&mut line, answer.total);
    line.push(b'\n');
    out.write_all(&line)
}

/// This problem as a type, for code that handles every game alike ([`crate::games::JudgeProblem`]).
pub struct Judge;
judge_problem!(Judge, "graph_scores");
