//! AtCoder ABC 209 E "Shiritori", a complete submission written against the crate's public API
//! only: an explicit graph built from the input.
//!
//! # Rules
//! A dictionary lists `N` words. Takahashi and Aoki say words from it in turn, Takahashi first;
//! each word must begin with the last three characters of the word before (upper and lower case
//! differ); a word may be said any number of times. A player who cannot say a word loses. Both play
//! optimally: first not to lose, then to win. For each word: who wins if Takahashi starts with it?
//!
//! # Input
//! `N` (1 to 2·10^5), then the `N` words, each of 3 to 8 letters `A-Z`, `a-z`; nothing after them.
//!
//! # Output
//! `N` lines: `Takahashi`, `Aoki` or `Draw` (the game never ends) for a game Takahashi starts with
//! the `i`-th word.
//!
//! # Method
//! What a player may say depends only on the last three characters of the word before. So the
//! vertices are the 52^3 strings of three letters, and each word is an edge from its first three
//! characters to its last three: with the token on `v`, the player to move must say a word
//! beginning with `v`, which moves the token to that word's end. That is `N` edges, so the
//! predecessor lists stay linear in `N` (edges between words, one per pair that may follow each
//! other, could be quadratic). `solve` decides every vertex; Takahashi saying word `i` leaves Aoki
//! to move on its end: if that vertex loses, Takahashi wins; if it wins, Aoki does; a draw stays a
//! draw.

use graph_games::cli;
use graph_games::graph::{Graph, GraphBuilder, GraphGame};
use graph_games::input::{shown, Error, Scanner};
use graph_games::memory::{check_memory, try_grow_within};
use graph_games::solver::{search_bytes_per_state, solve, Outcome, Solution, Start};
use std::io::{self, Read, Write};

/// The statement's bounds.
const MAX_WORDS: u64 = 200_000;
const MIN_LETTERS: usize = 3;
const MAX_LETTERS: usize = 8;

/// Letters are numbered `A-Z` 0..26, `a-z` 26..52; a vertex is three letters in base 52.
const LETTERS: usize = 52;
const VERTICES: usize = LETTERS * LETTERS * LETTERS;

const USAGE: &str = "\
usage: shiritori < input

AtCoder ABC 209 E: reads N and N words (3 to 8 letters A-Z, a-z) and prints, for each word, who
wins a game Takahashi starts with it: Takahashi, Aoki or Draw.

  --help     print this help
";

/// The words as edges of the graph on three-letter strings, and the end of each word.
struct Problem {
    graph: Graph,
    ends: Vec<u32>,
}

/// The number of a letter, or `None` for any other byte.
fn letter(b: u8) -> Option<u32> {
    match b {
        b'A'..=b'Z' => Some(u32::from(b - b'A')),
        b'a'..=b'z' => Some(u32::from(b - b'a') + 26),
        _ => None,
    }
}

/// The vertex of three letter numbers.
fn vertex(l: &[u32]) -> u32 {
    (l[0] * LETTERS as u32 + l[1]) * LETTERS as u32 + l[2]
}

/// Reads and checks the whole input.
fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let n = input.u64_in("the number of words N", 1, MAX_WORDS)? as usize;
    // The graph's fixed table (4 bytes a vertex) and the words' arrays, growing as they arrive:
    // all checked, so that memory that cannot be had is an error. The ends start with room for
    // up to 2^16 words, as the builder's edges do: a mapping of its own, not doubling steps
    // through the heap that stay resident there once freed.
    let mut graph = GraphBuilder::try_new(VERTICES, n)?;
    let mut ends = Vec::new();
    try_grow_within(&mut ends, n.min(1 << 16), n, &format_args!("the ends of {n} words"))?;
    for i in 1..=n {
        let (token, mark) = input.token_at_most(format_args!("word {i} of {n}"), MAX_LETTERS)?;
        // Copied out of the scanner's buffer, so that an error can ask the scanner where it is.
        let mut word = [0u8; MAX_LETTERS];
        word[..token.len()].copy_from_slice(token);
        let word = &word[..token.len()];
        let mut letters = [0u32; MAX_LETTERS];
        for (k, &b) in word.iter().enumerate() {
            letters[k] = match letter(b) {
                Some(l) => l,
                None => {
                    let at = input.position(mark).plus_columns(k);
                    return Err(Error::at(
                        at,
                        format!("word {i} of {n}: {} is not a letter (A-Z, a-z)", shown(&[b])),
                    ));
                }
            };
        }
        if word.len() < MIN_LETTERS {
            return Err(Error::at(
                input.position(mark),
                format!("word {i} of {n} has fewer than {MIN_LETTERS} letters"),
            ));
        }
        let len = word.len();
        let (start, end) = (vertex(&letters[..3]), vertex(&letters[len - 3..len]));
        graph.try_add_edges(&[start, end])?;
        try_grow_within(&mut ends, 1, n, &format_args!("the ends of {n} words"))?;
        ends.push(end);
    }
    input.finish(format_args!("the {n} words"))?;
    let graph = graph.try_build()?;
    // The search's counters and queue beside the graph (a vertex has at most n moves).
    let max_moves = n.min(u32::MAX as usize - 1) as u32;
    check_memory(
        search_bytes_per_state(max_moves, false) * VERTICES as u128,
        format_args!("solving a graph of {VERTICES} vertices"),
    )?;
    Ok(Problem { graph, ends })
}

/// Who wins each word's game, as the lines to print.
fn write_answer(problem: &Problem, solution: &Solution, out: &mut impl Write) -> io::Result<()> {
    for &end in &problem.ends {
        // Aoki moves next, from the end of Takahashi's word.
        out.write_all(match solution.outcome(end as usize) {
            Outcome::Lose => b"Takahashi\n",
            Outcome::Win => b"Aoki\n",
            Outcome::Draw => b"Draw\n",
        })?;
    }
    Ok(())
}

fn main() {
    std::process::exit(cli::run(USAGE, &[], |_, input, output| {
        let problem = read(input)?;
        // A player with no word to say loses.
        let solution = solve(&GraphGame::new(&problem.graph, |_| Start::Lose));
        write_answer(&problem, &solution, output)?;
        Ok(())
    }));
}
