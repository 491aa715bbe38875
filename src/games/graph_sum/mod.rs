//! Sums of games on one directed graph: several tokens, a move moves one of them along an edge.
//!
//! # Rules
//! Tokens sit on vertices of a directed graph; cycles, self-loops and repeated edges are allowed,
//! and several tokens may share a vertex. The players alternately pick a token and move it along an
//! edge out of its vertex. A player who cannot move any token loses (normal play). Both play
//! optimally, and a game that neither can force to an end is a draw. The question, for each of
//! `q` queries (a set of tokens): the result for the player to move.
//!
//! # Input
//! `n m`, then the `m` edges `u v` (1-based: a move from `u` to `v`), then `q`, then `q` queries
//! `k t1 ... tk` (`k >= 1` tokens on the vertices `t_i`, repeats allowed), and nothing after them.
//!
//! # Output
//! One line per query, in order ([`write_answer`]): `win`, `lose` or `draw`. With `--move`
//! (the answer of [`decide_with_progress`]), a `win` line goes on with `i v`: moving token `i`
//! (1-based, in the query's order) to vertex `v`, the progress move of
//! [`crate::solver::progress_moves`], which played at every turn wins against every defence. With
//! `--bound`, a `win` line then ends with `b`: under that rule the game lasts at most `b` more
//! moves, the named one included, whatever the opponent does. With `--values` ([`write_values`]), instead of the
//! answers, one line per vertex: its loopy nim value, the number, or `inf` and then the set `K`
//! in increasing order (`inf` alone when `K` is empty); the queries are still read and checked.
//!
//! # Method
//! The loopy nim values of [`crate::solver::loopy_values`] (Smith's theory: a number, or infinite
//! with the set `K` of the numbers among its options), computed once for the whole graph, answer
//! every query by [`Values::sum`]: all finite, a win iff their xor `x` is not 0; one infinite with
//! set `K` and `x` the xor of the others, a win iff `x` is in `K`, else a draw; two or more
//! infinite, a draw. The move named is the progress move ([`crate::solver::progress_moves`]): of
//! all the moves to a sum of value 0, one that makes the sum of the tokens' ranks (the order in
//! which the stages valued the vertices) smallest, the first token of the query among equals.
//! All moves are found in one pass over the graph.
//!
//! # Limits
//! [`MAX_VERTICES`], [`MAX_EDGES`], [`MAX_QUERIES`] and [`MAX_TOKENS`] (tokens in all queries).
//! Time: O(n + m) for the first stage of the values, and each later stage costs only the vertices
//! still without a value and their edges (the solver's module doc); then O(k) per query. Memory
//! follows what arrives: the graph as `graph_game` reads it (`4m + 8n` bytes laid out), the
//! tokens in `u32` arrays that grow as they are read, and for the values `10n` bytes made at the
//! start (up to 8 more a vertex beyond 253 moves) and lists that grow as the stages find them (at
//! most `4n` and 8 bytes an edge), each checked where it is made; `--move` and `--bound` `5n`
//! bytes and 80 a token more.

use crate::games::graph_game::read_edges;
use crate::graph::{Graph, GraphGame};
use crate::input::decimal::push_decimal;
use crate::input::{read_plain_numbers, Error, Scanner};
use crate::memory::{check_memory, output_buffer, try_grow_within};
use crate::solver::{
    progress_moves, try_loopy_values, try_loopy_values_ranked, Outcome, Start, SumMove, Value, Values,
};
use std::io::{self, Read, Write};

/// The most vertices the program accepts.
pub const MAX_VERTICES: u64 = 2_000_000;
/// The most edges the program accepts.
pub const MAX_EDGES: u64 = 2_000_000;
/// The most queries.
pub const MAX_QUERIES: u64 = 1_000_000;
/// The most tokens in all the queries together.
pub const MAX_TOKENS: u64 = 2_000_000;

/// The graph and the queries, as read (vertices 0-based).
#[derive(Debug, Clone)]
pub struct Problem {
    graph: Graph,
    /// Every query's tokens, one after another.
    tokens: Vec<u32>,
    /// Query `i` holds `tokens[ends[i - 1]..ends[i]]` (`ends[-1]` being 0).
    ends: Vec<u32>,
}

impl Problem {
    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The queries in order, each its tokens' vertices (0-based).
    pub fn queries(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(move |(from, &to)| &self.tokens[from as usize..to as usize])
    }
}

/// Each query's outcome, and with `--move` or `--bound` each win's progress move, and which of
/// its parts to write: the move (`--move`), the bound (`--bound`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    outcomes: Vec<Outcome>,
    progress: Vec<Option<SumMove>>,
    write_move: bool,
    write_bound: bool,
}

/// Reads and checks the whole input: the graph, `q` and the queries, and nothing after them.
/// Memory follows what arrives: the edges as `graph_game` reads them, the tokens in arrays that
/// grow as they come (within [`MAX_TOKENS`]), and the values' need checked before it is taken.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let edges = read_edges(input, MAX_VERTICES, MAX_EDGES)?;
    let (n, m) = (edges.n, edges.m);
    let q = input.u64_in(format_args!("the number of queries q (after the {m} edges)"), 1, MAX_QUERIES)?;
    let mut queries = Queries { n, q: q as usize, tokens: Vec::new(), ends: Vec::new(), left: 0, k: 0 };
    // Plain numbers straight from the buffer (any k or token the careful path could accept), then
    // one number the careful way where they stop: it says what is wrong, or the fast path goes on.
    let plain = n.max(MAX_TOKENS as usize) as u32;
    while !queries.done() {
        read_plain_numbers(input, plain, |batch| queries.take(batch))?;
        if !queries.done() {
            queries.take_careful(input)?;
        }
    }
    let Queries { tokens, ends, .. } = queries;
    input.finish(format_args!("the {q} queries"))?;
    // The layout's need is checked there; the values' and the answers' where they are made.
    let graph = edges.into_graph(0)?;
    Ok(Problem { graph, tokens, ends })
}

/// The queries read so far, and where the reading is: `left` tokens of a query of `k` to go, or
/// (`left` 0) the next number is a query's `k`.
struct Queries {
    n: usize,
    q: usize,
    tokens: Vec<u32>,
    ends: Vec<u32>,
    left: u64,
    k: u64,
}

impl Queries {
    fn done(&self) -> bool {
        self.ends.len() == self.q
    }

    /// Takes the numbers of `batch` (0-based) up to the first that the careful path must read: one
    /// out of its range, or past the last query. Returns how many it took.
    fn take(&mut self, batch: &[u32]) -> Result<usize, Error> {
        let tokens_room = (MAX_TOKENS as usize - self.tokens.len()).min(batch.len());
        try_grow_within(&mut self.tokens, tokens_room, MAX_TOKENS as usize, &"the tokens")?;
        let queries_room = (self.q - self.ends.len()).min(batch.len());
        try_grow_within(&mut self.ends, queries_room, self.q, &"the queries")?;
        for (i, &x) in batch.iter().enumerate() {
            if self.left == 0 {
                let k = u64::from(x) + 1;
                if self.done() || k > MAX_TOKENS - self.tokens.len() as u64 {
                    return Ok(i);
                }
                self.left = k;
                self.k = k;
            } else {
                if x as usize >= self.n {
                    return Ok(i);
                }
                self.push(x);
            }
        }
        Ok(batch.len())
    }

    /// Reads the next number the careful way: a query's `k`, or one of its tokens.
    fn take_careful<R: Read>(&mut self, input: &mut Scanner<R>) -> Result<(), Error> {
        let (i, q) = (self.ends.len() + 1, self.q);
        if self.left == 0 {
            let room = MAX_TOKENS - self.tokens.len() as u64;
            self.k = input.u64_in(
                format_args!(
                    "the number of tokens of query {i} of {q} ({MAX_TOKENS} in all queries at most)"
                ),
                1,
                room,
            )?;
            self.left = self.k;
            try_grow_within(&mut self.ends, 1, q, &format_args!("{i} queries"))?;
        } else {
            let j = self.k - self.left + 1;
            let t = input.u64_in(format_args!("token {j} of {} of query {i}", self.k), 1, self.n as u64)?;
            try_grow_within(
                &mut self.tokens,
                1,
                MAX_TOKENS as usize,
                &format_args!("the tokens of {i} queries"),
            )?;
            self.push(t as u32 - 1);
        }
        Ok(())
    }

    /// Adds a token (0-based) to the query being read, whose room is made.
    fn push(&mut self, t: u32) {
        self.tokens.push(t);
        self.left -= 1;
        if self.left == 0 {
            self.ends.push(self.tokens.len() as u32);
        }
    }
}

/// The game of one token on `graph` as the solver sees it (normal play).
fn game(graph: &Graph) -> GraphGame<'_, impl Fn(usize) -> Start> {
    GraphGame::new(graph, |_| Start::Lose)
}

/// The loopy nim value of every vertex (`--values`); memory that cannot be had is an [`Error`].
pub fn values(problem: &Problem) -> Result<Values, Error> {
    try_loopy_values(&game(&problem.graph))
}

/// How many tokens ahead of the sums [`decide`] starts loading values.
const TOKENS_AHEAD: usize = 32;

/// Answers every query: the judge's question. Panics when memory runs out; the binary uses
/// [`try_decide`].
pub fn decide(problem: Problem) -> Answer {
    try_decide(problem).unwrap_or_else(|e| panic!("{}", e))
}

/// [`decide`], with memory that cannot be had (the values' tables and lists, the answers) an
/// [`Error`] naming how much was needed.
pub fn try_decide(problem: Problem) -> Result<Answer, Error> {
    let values = values(&problem)?;
    let mut outcomes = Vec::new();
    try_grow_within(&mut outcomes, problem.ends.len(), problem.ends.len(), &"the answers")?;
    // The tokens' values are loaded a few queries before they are summed.
    let mut upcoming = problem.tokens.iter().skip(TOKENS_AHEAD);
    outcomes.extend(problem.queries().map(|tokens| {
        upcoming.by_ref().take(tokens.len()).for_each(|&t| values.prefetch(t as usize));
        sum(&values, tokens).0
    }));
    Ok(Answer { outcomes, progress: Vec::new(), write_move: false, write_bound: false })
}

/// Answers every query and, for each win, its progress move ([`progress_moves`]) if `moves`
/// (`--move`) and the bound on the game's length under it if `bounds` (`--bound`). The values are
/// computed with their ranks (4 bytes a vertex), which judge mode ([`decide`]) does not record;
/// then the progress moves' memory is checked: the search's marks, a byte a vertex, and the
/// candidates and their search, 80 bytes a token.
pub fn decide_with_progress(problem: Problem, moves: bool, bounds: bool) -> Result<Answer, Error> {
    let (n, tokens) = (problem.graph.num_vertices() as u128, problem.tokens.len() as u128);
    let game = game(&problem.graph);
    let values = try_loopy_values_ranked(&game)?;
    check_memory(n + 80 * tokens, format_args!("the progress moves of {tokens} tokens"))?;
    let sums = problem.queries().map(|tokens| tokens.iter().map(|&t| t as usize));
    let progress = progress_moves(&game, &values, sums);
    let outcomes = progress.iter().zip(problem.queries());
    let outcomes =
        outcomes.map(|(p, tokens)| if p.is_some() { Outcome::Win } else { sum(&values, tokens).0 });
    Ok(Answer { outcomes: outcomes.collect(), progress, write_move: moves, write_bound: bounds })
}

/// [`Values::sum`] of a query's tokens.
fn sum(values: &Values, tokens: &[u32]) -> (Outcome, Option<(usize, u32)>) {
    values.sum_of(tokens.iter().map(|&t| t as usize))
}

/// Writes the judge's output: one line per query, `win`, `lose` or `draw`; with the moves of
/// [`decide_with_progress`], a win's move and then its bound after it.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    let mut buffer = output_buffer((1 << 16) + 64)?;
    for (q, &outcome) in answer.outcomes.iter().enumerate() {
        buffer.extend_from_slice(match outcome {
            Outcome::Win => b"win",
            Outcome::Lose => b"lose",
            Outcome::Draw => b"draw",
        });
        if let Some(Some(p)) = answer.progress.get(q) {
            let (token, to) = (p.token as u64 + 1, p.to as u64 + 1);
            for (write, x) in
                [(answer.write_move, token), (answer.write_move, to), (answer.write_bound, p.bound)]
            {
                if write {
                    buffer.push(b' ');
                    push_decimal(&mut buffer, x);
                }
            }
        }
        buffer.push(b'\n');
        if buffer.len() > (1 << 16) - 64 {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)
}

/// Writes the `--values` output: a line per vertex, its value or `inf` and its set `K`.
pub fn write_values(values: &Values, out: &mut impl Write) -> io::Result<()> {
    let mut buffer = output_buffer((1 << 16) + 64)?;
    for v in 0..values.len() {
        match values.value(v) {
            Value::Finite(g) => push_decimal(&mut buffer, u64::from(g)),
            Value::Infinite => {
                buffer.extend_from_slice(b"inf");
                for x in values.infinite_set(v).into_iter().flatten() {
                    buffer.push(b' ');
                    push_decimal(&mut buffer, u64::from(x));
                    if buffer.len() > 1 << 16 {
                        out.write_all(&buffer)?;
                        buffer.clear();
                    }
                }
            }
        }
        buffer.push(b'\n');
        if buffer.len() > (1 << 16) - 32 {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)
}

/// This problem as a type, for code that handles every game alike ([`crate::games::JudgeProblem`]).
pub struct Judge;
judge_problem!(Judge, "graph_sum");

#[cfg(test)]
mod tests {
    use super::*;

    /// The output for `text` with `flag` (`""`, `"--move"` or `"--values"`).
    fn output(text: &str, flag: &str) -> Result<String, Error> {
        let problem = read(&mut Scanner::new(text.as_bytes()))?;
        let mut out = Vec::new();
        match flag {
            "--values" => write_values(&values(&problem)?, &mut out).unwrap(),
            "--move" => write_answer(&decide_with_progress(problem, true, false)?, &mut out).unwrap(),
            "--move --bound" => write_answer(&decide_with_progress(problem, true, true)?, &mut out).unwrap(),
            _ => write_answer(&decide(problem), &mut out).unwrap(),
        }
        Ok(String::from_utf8(out).unwrap())
    }

    // 1 -> 2 -> 3 (values 0, 1, 0... from 3: 0, 2: 1, 1: 0); 4 -> 4, 4 -> 3 (infinite, K = {0});
    // 5 -> 4 (value 0: the opponent answers 4 -> 3); 6 -> 6 (infinite, K empty).
    const EXAMPLE: &str = "6 6\n1 2\n2 3\n4 4\n4 3\n5 4\n6 6\n6\n1 1\n1 2\n2 2 2\n2 4 3\n2 4 2\n1 6\n";

    #[test]
    fn the_example() {
        assert_eq!(output(EXAMPLE, "").unwrap(), "lose\nwin\nlose\nwin\ndraw\ndraw\n");
        assert_eq!(output(EXAMPLE, "--move").unwrap(), "lose\nwin 1 3\nlose\nwin 1 3\ndraw\ndraw\n");
        assert_eq!(output(EXAMPLE, "--values").unwrap(), "0\n1\n0\ninf 0\n0\ninf\n");
    }

    /// The queries read the careful way only: every number by itself.
    fn read_careful(text: &[u8]) -> Result<(Vec<u32>, Vec<u32>), Error> {
        let mut input = Scanner::new(text);
        let edges = read_edges(&mut input, MAX_VERTICES, MAX_EDGES)?;
        let (n, m) = (edges.n, edges.m);
        let q =
            input.u64_in(format_args!("the number of queries q (after the {m} edges)"), 1, MAX_QUERIES)?;
        let mut queries = Queries { n, q: q as usize, tokens: Vec::new(), ends: Vec::new(), left: 0, k: 0 };
        while !queries.done() {
            queries.take_careful(&mut input)?;
        }
        input.finish(format_args!("the {q} queries"))?;
        Ok((queries.tokens, queries.ends))
    }

    #[test]
    fn the_fast_queries_agree_with_the_careful_path_on_good_and_bad_input() {
        use crate::rng::Rng;
        let mut rng = Rng::new(30);
        for round in 0..400 {
            let n = 1 + rng.below(if round % 3 == 0 { 5 } else { 3000 });
            let q = 1 + rng.below(300);
            let mut text = format!("{n} 1\n1 1\n{q}\n");
            for _ in 0..q + u64::from(round % 11 == 0) {
                let k = if rng.below(50) == 0 { rng.below(3) } else { 1 + rng.below(8) };
                text.push_str(&format!("{k}"));
                for _ in 0..k {
                    // Mostly valid tokens; now and then 0, n + 1 or a word.
                    let t = match rng.below(400) {
                        0 => "0".to_string(),
                        1 => format!("{}", n + 1),
                        2 => "x".to_string(),
                        _ => format!("{}", 1 + rng.below(n)),
                    };
                    text.push_str(if rng.below(5) == 0 { "\n" } else { " " });
                    text.push_str(&t);
                }
                text.push('\n');
            }
            let cut = if round % 7 == 0 { rng.below(4) as usize } else { 0 };
            let text = &text.as_bytes()[..text.len() - cut.min(text.len())];
            let want = read_careful(text);
            let got = read(&mut Scanner::new(text)).map(|p| (p.tokens, p.ends));
            assert_eq!(got, want, "round {round}");
        }
    }

    #[test]
    fn errors_say_where() {
        let err = |text: &str| output(text, "").unwrap_err().message().to_string();
        assert_eq!(
            err("2 1\n1 2\n"),
            "line 3, column 1: expected the number of queries q (after the 1 edges), found the end of the input"
        );
        assert_eq!(
            err("2 1\n1 2\n1\n1 3\n"),
            "line 4, column 3: token 1 of 1 of query 1 must be between 1 and 2, found 3"
        );
        assert_eq!(
            err("2 0\n1\n0\n"),
            "line 3, column 1: the number of tokens of query 1 of 1 (2000000 in all queries at most) must be between 1 and 2000000, found 0"
        );
        assert_eq!(err("2 0\n1\n1 1 1\n"), "line 3, column 5: unexpected `1` after the 1 queries");
        assert_eq!(
            err("2 0\n2\n1 1\n"),
            "line 4, column 1: expected the number of tokens of query 2 of 2 (2000000 in all queries at most), found the end of the input"
        );
    }
}
