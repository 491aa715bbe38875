//! Sums of partizan games on one directed graph: each edge is a move for Left or for Right.
//!
//! # Rules
//! Tokens sit on vertices of a directed graph without cycles whose edges are labelled `L` (a move
//! for Left) or `R` (a move for Right); repeated edges are allowed, and several tokens may share a
//! vertex. The players alternate; a turn moves one token along an edge of the mover's label. A
//! player who cannot move loses (normal play). For each of `q` queries (a set of tokens): who wins,
//! `Left` (whoever starts), `Right` (whoever starts), `First` (the player to move) or `Second`.
//!
//! # Input
//! `n m`, then the `m` edges `u v c` (1-based: a move from `u` to `v`, `c` being `L` or `R`), then
//! `q`, then `q` queries `k t1 ... tk` (`k >= 1` tokens on the vertices `t_i`, repeats allowed), and
//! nothing after them. A cycle is an input error naming it ([`read`]).
//!
//! # Output
//! One line per query ([`write_answer`]): `Left`, `Right`, `First` or `Second`. With `--move`
//! ([`moves::decide_with_moves`], Left to move, or Right with `--right`), a line where the player to move
//! wins goes on with `i v`: moving token `i` (1-based, in the query's order) to vertex `v`, a move
//! after which the mover wins moving second, whatever the defence. With `--values`
//! ([`values_text`]), instead, one line per vertex: its canonical form in CGSuite's notation
//! ([`Forms::show`]); the queries are still read and checked. With both flags, both: the `n`
//! lines of `--values`, then the `q` lines of `--move`.
//!
//! # Method
//! Every vertex's canonical form ([`Forms::make`] of its options' forms), children first in an
//! order found by a depth-first walk with an explicit stack (no recursion, so a chain of 10^5
//! vertices works); a query is [`Forms::winner_of_sum`] of its tokens' forms: exact arithmetic
//! when every token is a number plus ups plus a nimber, canonical sums otherwise. The move named
//! (`moves.rs`) is the first that wins, by token and then by edge in the input's order.
//!
//! # Limits
//! [`MAX_VERTICES`], [`MAX_EDGES`], [`MAX_QUERIES`], [`MAX_TOKENS`] (in all the queries); at most
//! [`MAX_STEPS`] steps of work on the forms in all ([`Forms::limit_steps`]: the values, the sums the
//! queries need, every move `--move` tries): past it, an error, never a hang. The steps bound the time,
//! which a bound on the forms' count would not (a few hundred forms can take 10^8 comparisons),
//! and the forms too: a step makes a few at most, so there are fewer than `n + 3·MAX_STEPS`. `--values` writes at most [`MAX_VALUES_TEXT`]
//! bytes. Memory follows what arrives: the edges (8 bytes each) and tokens (4) in arrays that
//! grow as they are read, the layout (`8n + 4m` bytes) checked before it is made, and the table of
//! forms checked as it grows.

pub mod moves;
pub mod program;

use crate::input::{shown, Error, Scanner};
use crate::memory::{check_memory, output_buffer, try_grow_within};
use crate::partizan::{FormId, Forms, Side, Winner};
use std::io::{self, Read, Write};

/// The most vertices the program accepts.
pub const MAX_VERTICES: u64 = 200_000;
/// The most edges.
pub const MAX_EDGES: u64 = 200_000;
/// The most queries.
pub const MAX_QUERIES: u64 = 200_000;
/// The most tokens in all the queries together.
pub const MAX_TOKENS: u64 = 200_000;
/// The most steps of work on the forms ([`Forms::limit_steps`]: comparisons and sums), all told.
pub const MAX_STEPS: u64 = 2_000_000;
/// The most bytes `--values` writes.
pub const MAX_VALUES_TEXT: u64 = 20_000_000;

/// The graph, its vertices' forms and the queries, each query settled: everything [`read`] checks.
pub struct Problem {
    /// Vertex `v`'s moves for Left are `targets[starts[2v]..starts[2v + 1]]`, for Right
    /// `targets[starts[2v + 1]..starts[2v + 2]]`, each in the input's order (0-based).
    starts: Vec<u32>,
    targets: Vec<u32>,
    /// Every query's tokens, one after another; query `i` ends at `ends[i]`.
    tokens: Vec<u32>,
    ends: Vec<u32>,
    forms: Forms,
    /// Each vertex's canonical form.
    values: Vec<FormId>,
    /// Each query's outcome.
    winners: Vec<Winner>,
}

impl Problem {
    /// The number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.values.len()
    }

    /// Where `side` can move from `v` (0-based).
    pub fn moves(&self, v: usize, side: Side) -> &[u32] {
        let at = 2 * v + usize::from(side == Side::Right);
        &self.targets[self.starts[at] as usize..self.starts[at + 1] as usize]
    }

    /// The queries in order, each its tokens' vertices (0-based).
    pub fn queries(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(move |(from, &to)| &self.tokens[from as usize..to as usize])
    }

    /// Vertex `v`'s canonical form, in [`Problem::forms`].
    pub fn value(&self, v: usize) -> FormId {
        self.values[v]
    }

    /// The table of the forms.
    pub fn forms(&self) -> &Forms {
        &self.forms
    }
}

/// Each query's outcome and, with `--move`, the winning move of the player to move, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    winners: Vec<Winner>,
    /// With `--move`: for each query, `(token, vertex)` (0-based) where the mover wins.
    moves: Vec<Option<(u32, u32)>>,
}

/// Reads and checks the whole input: the graph (acyclic: a cycle is an error naming it), `q` and
/// the queries, and nothing after them; then the vertices' forms and each query's outcome, within
/// [`MAX_STEPS`] (so that every error is found before anything is written).
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let n = input.u64_in("the number of vertices n", 1, MAX_VERTICES)? as usize;
    let m = input.u64_in("the number of edges m", 0, MAX_EDGES)? as usize;
    // (source, target and label: 1 << 31 for Right), 0-based.
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for i in 1..=m {
        let u = input.u64_in(format_args!("the source of edge {i}"), 1, n as u64)? as u32 - 1;
        let v = input.u64_in(format_args!("the target of edge {i}"), 1, n as u64)? as u32 - 1;
        let (label, mark) = input.token_at_most(format_args!("the label of edge {i}"), 24)?;
        let right = match label {
            b"L" => 0,
            b"R" => 1 << 31,
            _ => {
                let found = shown(label);
                let at = input.position(mark);
                return Err(Error::at(at, format!("the label of edge {i} must be L or R, found {found}")));
            }
        };
        try_grow_within(&mut edges, 1, m, &format_args!("the first {i} edges"))?;
        edges.push((u, v | right));
    }
    let q = input.u64_in(format_args!("the number of queries q (after the {m} edges)"), 1, MAX_QUERIES)?;
    let (tokens, ends) = read_queries(input, n, q as usize)?;
    input.finish(format_args!("the {q} queries"))?;
    let (starts, targets) = layout(n, &edges)?;
    drop(edges);
    let order = children_first(n, &starts, &targets)?;
    // A margin for the table's first small allocations, which are not checked one by one.
    check_memory(4 << 20, "the table of canonical forms")?;
    let mut problem = Problem {
        starts,
        targets,
        tokens,
        ends,
        forms: Forms::try_new()?,
        values: Vec::new(),
        winners: Vec::new(),
    };
    problem.forms.limit_steps(Some(MAX_STEPS));
    problem.values = forms_of(&mut problem, &order)?;
    problem.winners = winners(&mut problem)?;
    Ok(problem)
}

/// The `q` queries: their tokens (0-based) one after another, and where each query ends.
fn read_queries<R: Read>(input: &mut Scanner<R>, n: usize, q: usize) -> Result<(Vec<u32>, Vec<u32>), Error> {
    let (mut tokens, mut ends) = (Vec::new(), Vec::new());
    for i in 1..=q {
        let room = MAX_TOKENS - tokens.len() as u64;
        let k = input.u64_in(
            format_args!("the number of tokens of query {i} of {q} ({MAX_TOKENS} in all queries at most)"),
            1,
            room,
        )?;
        for j in 1..=k {
            let t = input.u64_in(format_args!("token {j} of {k} of query {i}"), 1, n as u64)?;
            try_grow_within(&mut tokens, 1, MAX_TOKENS as usize, &format_args!("the tokens of {i} queries"))?;
            tokens.push(t as u32 - 1);
        }
        try_grow_within(&mut ends, 1, q, &format_args!("{i} queries"))?;
        ends.push(tokens.len() as u32);
    }
    Ok((tokens, ends))
}

/// The edges laid out by source and label ([`Problem`]'s `starts` and `targets`).
fn layout(n: usize, edges: &[(u32, u32)]) -> Result<(Vec<u32>, Vec<u32>), Error> {
    let m = edges.len();
    check_memory(8 * (n as u128 + 1) + 4 * m as u128, format_args!("a graph of {n} vertices and {m} edges"))?;
    let list = |&(u, v): &(u32, u32)| 2 * u as usize + (v >> 31) as usize;
    let mut starts = vec![0u32; 2 * n + 1];
    for e in edges {
        starts[list(e) + 1] += 1;
    }
    for i in 0..2 * n {
        starts[i + 1] += starts[i];
    }
    let mut next = starts.clone();
    let mut targets = vec![0u32; m];
    for e in edges {
        let at = &mut next[list(e)];
        targets[*at as usize] = e.1 & !(1 << 31);
        *at += 1;
    }
    Ok((starts, targets))
}

/// The vertices, each after every vertex it moves to, or an error naming a cycle (1-based).
fn children_first(n: usize, starts: &[u32], targets: &[u32]) -> Result<Vec<u32>, Error> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    check_memory(14 * n as u128, format_args!("the order of {n} vertices"))?;
    let mut mark = vec![NEW; n];
    let mut order = Vec::with_capacity(n);
    // (vertex, index of its next move in `targets`); the open vertices, a path.
    let mut stack: Vec<(u32, u32)> = Vec::new();
    for root in 0..n {
        if mark[root] != NEW {
            continue;
        }
        mark[root] = OPEN;
        stack.push((root as u32, starts[2 * root]));
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if *next == starts[2 * v as usize + 2] {
                mark[v as usize] = DONE;
                order.push(v);
                stack.pop();
                continue;
            }
            let t = targets[*next as usize];
            *next += 1;
            match mark[t as usize] {
                NEW => {
                    mark[t as usize] = OPEN;
                    try_grow_within(&mut stack, 1, n, &"the walk of the graph")?;
                    stack.push((t, starts[2 * t as usize]));
                }
                OPEN => {
                    let at = stack.iter().position(|&(u, _)| u == t).expect("an open vertex is on the path");
                    let cycle: Vec<u32> = stack[at..].iter().map(|&(u, _)| u).collect();
                    return Err(cycle_error(&cycle));
                }
                _ => {}
            }
        }
    }
    Ok(order)
}

/// The error for the cycle `cycle[0] -> cycle[1] -> ... -> cycle[0]` (0-based), the middle of a
/// long one left out.
fn cycle_error(cycle: &[u32]) -> Error {
    let k = cycle.len();
    let name = |i: usize| (cycle[i % k] + 1).to_string();
    let shown: Vec<String> = if k <= 8 {
        (0..=k).map(name).collect()
    } else {
        let mut shown: Vec<String> = (0..3).map(name).collect();
        shown.push("...".to_string());
        shown.extend((k - 2..=k).map(name));
        shown
    };
    let size = if k <= 8 { String::new() } else { format!(" of {k} vertices") };
    Error::new(format!("the graph has a cycle{size}: {}", shown.join(" -> ")))
}

/// `result`, of work on the forms for `what`: an error past [`MAX_STEPS`] told as such.
fn settled<T>(result: Result<T, Error>, forms: &Forms, what: &dyn std::fmt::Display) -> Result<T, Error> {
    result.map_err(|e| {
        if forms.steps() > MAX_STEPS {
            let limit = format!("{MAX_STEPS} steps of work on canonical forms");
            Error::new(format!("{what} needs more than {limit} in all (the program's limit)"))
        } else {
            Error::new(format!("{what}: {e}"))
        }
    })
}

/// Every vertex's canonical form, children first along `order`.
fn forms_of(problem: &mut Problem, order: &[u32]) -> Result<Vec<FormId>, Error> {
    let n = order.len();
    let mut values = Vec::new();
    try_grow_within(&mut values, n, n, &"the values")?;
    values.resize(n, Forms::ZERO);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for &v in order {
        let v = v as usize;
        left.clear();
        right.clear();
        left.extend(problem.moves(v, Side::Left).iter().map(|&t| values[t as usize]));
        right.extend(problem.moves(v, Side::Right).iter().map(|&t| values[t as usize]));
        // (A binding of format_args! outlives its statement only from rustc 1.64 on.)
        values[v] = settled(
            problem.forms.make(&left, &right),
            &problem.forms,
            &format_args!("the value of vertex {}", v + 1),
        )?;
    }
    Ok(values)
}

/// Each query's outcome, within [`MAX_STEPS`].
fn winners(problem: &mut Problem) -> Result<Vec<Winner>, Error> {
    let mut winners = Vec::new();
    try_grow_within(&mut winners, problem.ends.len(), problem.ends.len(), &"the answers")?;
    let mut parts = Vec::new();
    let mut from = 0;
    for (i, &to) in problem.ends.iter().enumerate() {
        parts.clear();
        parts.extend(problem.tokens[from..to as usize].iter().map(|&t| problem.values[t as usize]));
        from = to as usize;
        let winner = problem.forms.winner_of_sum(&parts);
        winners.push(settled(winner, &problem.forms, &format_args!("the sum of query {}", i + 1))?);
    }
    Ok(winners)
}

/// Answers every query: the outcomes [`read`] found.
pub fn decide(problem: Problem) -> Answer {
    Answer { winners: problem.winners, moves: Vec::new() }
}

/// Writes the judge's output: one line per query, its outcome, and with `--move` the move.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    let mut buffer = output_buffer((1 << 16) + 64)?;
    for (i, winner) in answer.winners.iter().enumerate() {
        buffer.extend_from_slice(winner.name().as_bytes());
        if let Some(Some((token, to))) = answer.moves.get(i) {
            buffer.extend_from_slice(format!(" {} {}", token + 1, to + 1).as_bytes());
        }
        buffer.push(b'\n');
        if buffer.len() > 1 << 16 {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)
}

/// The `--values` output, a line per vertex, its canonical form: an error if it would be longer
/// than [`MAX_VALUES_TEXT`] bytes, found by writing it (the text, not the forms' sizes: a ladder of
/// ups, `^k` a line, is short text of deep forms), before a byte goes out. Its time is linear in
/// the values' followers and in the text, which stops once past the limit ([`Forms::try_show_lines`]).
pub fn values_text(problem: &Problem) -> Result<Vec<u8>, Error> {
    match problem.forms.try_show_lines(&problem.values, MAX_VALUES_TEXT as usize)? {
        Some(text) => Ok(text.into_bytes()),
        None => Err(Error::new(format!("the values would take more than {MAX_VALUES_TEXT} bytes to write"))),
    }
}

/// This problem as a type, for code that handles every game alike ([`crate::games::JudgeProblem`]).
pub struct Judge;
judge_problem!(Judge, "graph_partizan");
