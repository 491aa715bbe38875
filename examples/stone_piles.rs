//! Sums of stone piles, a complete judge program written against the crate's public API only: a
//! sum of games whose states are generated on the fly, decided by loopy nim values.
//!
//! # Rules
//! Every pile holds 0 to `max` stones. A move changes one pile of the player's choice: it takes
//! one stone or two from it, or puts one stone back onto it if it is not empty and holds fewer
//! than `max` (README's stones game, `examples/stones.rs`, on each pile). Putting back undoes a
//! take, so a game may go on forever: a draw. A player who cannot move (every pile empty) loses.
//! Both play perfectly: first not to lose, then to win. For each query, a list of piles: does
//! the player to move win, lose, or draw?
//!
//! # Input
//! `max` (1 to 10^6) and `q` (1 to 10^5); then `q` queries, each `k` (at least 1) and the `k`
//! piles' stones (0 to `max` each); at most 10^6 piles in all the queries; nothing after them.
//!
//! # Output
//! `q` lines: `win`, `lose` or `draw` for the player to move. With `--move`, a `win` line also
//! names a winning move, `win i a`: leave pile `i` of the query (1-based) with `a` stones: the
//! progress move of [`progress_moves`], which, played at every turn, wins against every defence.
//!
//! # Method
//! The queries are sums of one game, a single pile, whose state is its number of stones. Its
//! moves into `s` come from `s + 1` and `s + 2` (a take) and from `s - 1` if that pile is not
//! empty (a put-back), computed when the solver asks ([`Game::for_each_predecessor`]): no edge is
//! stored. [`loopy_values`] gives each pile its loopy nim value, and [`Values::sum`] the outcome
//! of each query from its piles' values: all finite, the player to move wins when their xor is
//! not 0; one infinite, when the xor of the others is in its set `K`; two or more, a draw.
//!
//! The values the search finds (docs/problems/stone_piles.md works them out): the empty pile is
//! 0. With `max = 1`, a pile of one stone is 1. Otherwise piles of 1 and 2 stones are infinite
//! with `K = {0}` (they can move to the empty pile, and back and forth), and piles of 3 or more
//! are infinite with `K` empty, except a full pile of 3 when `max = 3`: 0 (both its options
//! move to the empty pile). The program does not use these: it computes them.
//!
//! # Cost
//! The values take two stages of the search, O(max) time and a few bytes per pile size; each
//! query costs its number of piles. `--move` records the order of the stages
//! ([`loopy_values_ranked`]) and adds one pass over every pile size's predecessors
//! ([`progress_moves`]), O(max + piles log piles). Memory: the piles as read, 8 bytes each, growing
//! as they arrive; the values' need is checked before the search ([`check_memory`]), and with
//! `--move` a rank a pile size and about 80 more bytes per pile of a won query, checked.

use graph_games::cli;
use graph_games::input::{Error, Scanner};
use graph_games::memory::{check_memory, try_grow_within};
use graph_games::solver::{
    loopy_values, loopy_values_ranked, progress_moves, values_bytes, Game, Outcome, Start,
};
use std::io::{self, Read, Write};

/// The statement's bounds.
const MAX_STONES: u64 = 1_000_000;
const MAX_QUERIES: u64 = 100_000;
const MAX_PILES: u64 = 1_000_000;

const USAGE: &str = "\
usage: stone_piles [--move] < input

Sums of stone piles: reads max and q, then q queries (k, then k piles of 0 to max stones each)
and prints, for each query, win, lose or draw for the player to move. A move takes one or two
stones from a pile, or puts one back onto a pile holding 1 to max - 1 stones.

  --move     after win, a winning move: i a (leave pile i of the query with a stones)
  --help     print this help
";

/// One pile of 0..=max stones: state s holds s stones.
struct Pile {
    max: usize,
}

impl Game for Pile {
    fn num_states(&self) -> usize {
        self.max + 1
    }

    fn max_moves(&self) -> u32 {
        3
    }

    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        // An empty pile has no move; as a token of a sum, that is a lost game of its own.
        visit(Start::Lose);
        for s in 1..=self.max {
            visit(Start::Moves(1 + u32::from(s >= 2) + u32::from(s < self.max)));
        }
    }

    fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, mut visit: F) {
        // Into s: take from s + 1 or s + 2, put back onto s - 1 (not onto the empty pile).
        (s + 1..=(s + 2).min(self.max)).for_each(&mut visit);
        if s >= 2 {
            visit(s - 1);
        }
    }
}

/// The input: the piles of every query, one after another; query `i` ends at `ends[i]`.
struct Problem {
    max: usize,
    piles: Vec<usize>,
    ends: Vec<usize>,
}

impl Problem {
    /// The piles of every query, in order.
    fn queries(&self) -> impl Iterator<Item = &[usize]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter()).map(move |(start, &end)| &self.piles[start..end])
    }
}

/// Reads and checks the whole input.
fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let max = input.u64_in("the pile size max", 1, MAX_STONES)?;
    let q = input.u64_in("the number of queries q", 1, MAX_QUERIES)? as usize;
    // Memory follows the piles and queries that arrive, checked ([`try_grow_within`]).
    let (mut piles, mut ends) = (Vec::new(), Vec::new());
    for i in 1..=q {
        let at = input.peek_pos()?;
        let k = input.u64_in(format_args!("the number of piles k of query {i} of {q}"), 1, MAX_PILES)?;
        let total = piles.len() as u64 + k;
        if total > MAX_PILES {
            return Err(Error::at(
                at,
                format!("query {i} of {q} brings the piles to {total}: at most {MAX_PILES} in all"),
            ));
        }
        for j in 1..=k {
            let stones = input.u64_in(format_args!("pile {j} of {k} of query {i}"), 0, max)?;
            try_grow_within(&mut piles, 1, MAX_PILES as usize, &format_args!("{total} piles"))?;
            piles.push(stones as usize);
        }
        try_grow_within(&mut ends, 1, q, &format_args!("{q} queries"))?;
        ends.push(piles.len());
    }
    input.finish("the last query")?;
    Ok(Problem { max: max as usize, piles, ends })
}

/// A query's outcome and, with `--move` after a win, the move: which pile (0-based in the query)
/// is left with how many stones.
type Answer = (Outcome, Option<(usize, usize)>);

/// Each query's answer; the moves only if `moves`: the progress moves, which win against every
/// defence (a move to a lost sum alone could let the game go round for ever).
fn answers(problem: &Problem, pile: &Pile, moves: bool) -> Result<Vec<Answer>, Error> {
    if !moves {
        let values = loopy_values(pile);
        return Ok(problem.queries().map(|piles| (values.sum(piles).0, None)).collect());
    }
    let values = loopy_values_ranked(pile);
    // The progress moves' need grows with the piles of the won queries alone: about 80 bytes each.
    let won = problem.queries().filter(|piles| values.sum(piles).0 == Outcome::Win);
    let won_piles = won.map(|piles| piles.len() as u128).sum::<u128>();
    check_memory(80 * won_piles, format_args!("the moves of {won_piles} piles of won queries"))?;
    let progress = progress_moves(pile, &values, problem.queries().map(|piles| piles.iter().copied()));
    let answers = problem.queries().zip(progress).map(|(piles, step)| match step {
        Some(step) => (Outcome::Win, Some((step.token, step.to))),
        None => (values.sum(piles).0, None),
    });
    Ok(answers.collect())
}

/// One line per query: `win` (`win i a` with a move), `lose` or `draw`.
fn write_answer(answers: &[Answer], out: &mut impl Write) -> io::Result<()> {
    for &(outcome, step) in answers {
        match (outcome, step) {
            (Outcome::Win, Some((i, stones))) => writeln!(out, "win {} {stones}", i + 1)?,
            (Outcome::Win, None) => out.write_all(b"win\n")?,
            (Outcome::Lose, _) => out.write_all(b"lose\n")?,
            (Outcome::Draw, _) => out.write_all(b"draw\n")?,
        }
    }
    Ok(())
}

fn main() {
    std::process::exit(cli::run(USAGE, &["--move"], |flags, input, output| {
        let problem = read(input)?;
        let pile = Pile { max: problem.max };
        // The values (the solver's need, 3 moves a pile size at most, and with `--move` a rank a
        // pile size), then the answers (at most 64 bytes a query); the moves' need is checked
        // once the won queries are known.
        let (states, queries) = (problem.max + 1, problem.ends.len());
        let moves = flags.has("--move");
        let ranks = if moves { 4 * states as u128 } else { 0 };
        let need = values_bytes(states, 3 * states, 3) + 64 * queries as u128 + ranks;
        check_memory(need, format_args!("the values of {states} pile sizes and {queries} answers"))?;
        let answers = answers(&problem, &pile, moves)?;
        write_answer(&answers, output)?;
        Ok(())
    }));
}
