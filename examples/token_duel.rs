//! token_duel's reference solution (docs/problems/token_duel.md), a submission on the public
//! library API: it reads the game from the jury, chooses its side by the sum's loopy nim values,
//! and wins with the progress move at every turn.
//!
//! # The invariant
//! It says `first` exactly when the position is won for the player to move, `second` when lost,
//! `draw` when drawn. Then at each of its turns the position is won for it, and it plays the
//! progress move (`graph_games::solver::progress_moves`): the sum of its tokens' ranks falls at
//! each of its turns, so it wins within `1 + 2·S` moves of its first one, below the limit `2·k·n`
//! (docs/problems/graph_sum.md, "Why it ends"). Every line it writes is flushed at once.
//!
//! Bad input from the jury gets one line `error: ...` on stderr, naming the line, and exit 2: so
//! does a game past the statement's constraints, and memory that cannot be had, checked once the
//! sizes are read (the run's whole need: the sizes bound it), with lines read at most
//! [`MAX_LINE`] bytes at a time, so that nothing before the check grows with the input.

use graph_games::graph::{Graph, GraphGame};
use graph_games::memory::check_memory;
use graph_games::solver::{loopy_values_ranked, progress_moves, values_bytes, Outcome, Start, Values};
use std::io::{self, BufRead, Read, Write};
use std::process::exit;

/// The statement's constraints: vertices, edges, tokens.
const MAX_N: usize = 1000;
const MAX_M: usize = 5000;
const MAX_K: usize = 5;
/// A bound on a line read from the jury, end included (its longest is the query's, under 30
/// bytes).
const MAX_LINE: u64 = 4096;

/// The jury's lines, counted, read one at a time.
struct Jury<R> {
    input: R,
    line: usize,
}

impl<R: BufRead> Jury<R> {
    /// The numbers of the next line; `None` at the end of the input.
    fn numbers(&mut self) -> Option<Vec<usize>> {
        let mut text = String::new();
        self.line += 1;
        match (&mut self.input).take(MAX_LINE).read_line(&mut text) {
            Ok(0) => return None,
            Ok(_) if !text.ends_with('\n') && text.len() as u64 == MAX_LINE => {
                fail(&format!("line {}: longer than {} bytes", self.line, MAX_LINE - 1))
            }
            Ok(_) => {}
            Err(e) => fail(&format!("line {}: {e}", self.line)),
        }
        // No line of the jury's has more than MAX_K + 1 numbers: one more says the line is wrong.
        let numbers = text.split_whitespace().take(MAX_K + 2).map(|w| w.parse::<usize>());
        Some(
            numbers
                .collect::<Result<_, _>>()
                .unwrap_or_else(|_| fail(&format!("line {}: not numbers", self.line))),
        )
    }

    /// The next line as exactly `count` numbers, each from `low` to `high`.
    fn expect(&mut self, count: usize, low: usize, high: usize) -> Vec<usize> {
        let line = self.line + 1;
        let numbers = self.numbers().unwrap_or_else(|| fail(&format!("line {line}: the input ended")));
        if numbers.len() != count || numbers.iter().any(|&x| x < low || x > high) {
            fail(&format!("line {line}: expected {count} numbers from {low} to {high}"));
        }
        numbers
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    exit(2)
}

/// Writes one line and flushes it; a jury that has gone ends the game quietly.
fn say(out: &mut impl Write, text: &str) {
    if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
        exit(0);
    }
}

fn main() {
    let stdin = io::stdin();
    let mut jury = Jury { input: stdin.lock(), line: 0 };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let sizes = jury.expect(2, 0, MAX_M);
    let (n, m) = (sizes[0], sizes[1]);
    if n == 0 || n > MAX_N {
        fail(&format!("line {}: n = {n} is not from 1 to {MAX_N}", jury.line));
    }
    // All the run takes: the edges as read, as lists of moves and in the graph (48 bytes an edge at
    // most), 96 bytes a vertex for the lists, the graph, the ranks and the moves' search, and the
    // values; then nothing grows with the input.
    let need = 48 * m as u128 + 96 * n as u128 + values_bytes(n, m, u32::MAX - 1) + 2 * u128::from(MAX_LINE);
    if let Err(e) = check_memory(need, format_args!("a game of {n} vertices and {m} edges")) {
        fail(&e.to_string());
    }
    let (mut sources, mut targets) = (Vec::with_capacity(m), Vec::with_capacity(m));
    let mut options = vec![Vec::new(); n];
    for _ in 0..m {
        let edge = jury.expect(2, 1, n);
        sources.push(edge[0] as u32 - 1);
        targets.push(edge[1] as u32 - 1);
        options[edge[0] - 1].push(edge[1] - 1);
    }
    let query = jury.numbers().unwrap_or_else(|| fail("the tokens are missing"));
    let bad_tokens = |tokens: &[usize]| tokens.iter().any(|&t| t == 0 || t > n);
    if query.is_empty() || query[0] + 1 != query.len() || query[0] > MAX_K || bad_tokens(&query[1..]) {
        fail(&format!("line {}: expected `k t1 .. tk`, k at most {MAX_K}, tokens from 1 to {n}", jury.line));
    }
    let mut tokens: Vec<usize> = query[1..].iter().map(|&t| t - 1).collect();
    let graph = Graph::from_edges(n, &sources, &targets);
    let game = GraphGame::new(&graph, |_| Start::Lose);
    let values: Values = loopy_values_ranked(&game);
    let mut my_turn = match values.sum(&tokens).0 {
        Outcome::Win => true,
        Outcome::Lose => false,
        Outcome::Draw => {
            say(&mut out, "draw");
            return;
        }
    };
    say(&mut out, if my_turn { "first" } else { "second" });
    loop {
        if my_turn {
            let step = progress_moves(&game, &values, std::iter::once(tokens.clone()))[0];
            let step = step.unwrap_or_else(|| fail("no winning move: the jury's moves were not legal"));
            tokens[step.token] = step.to;
            say(&mut out, &format!("{} {}", step.token + 1, step.to + 1));
        } else {
            // The jury's move, `0 0` when it has none; the end of the input when it won.
            let line = jury.line + 1;
            let reply = match jury.numbers() {
                Some(reply) => reply,
                None => return,
            };
            match reply[..] {
                [0, 0] => return,
                [i, v]
                    if (1..=tokens.len()).contains(&i)
                        && v >= 1
                        && options[tokens[i - 1]].contains(&(v - 1)) =>
                {
                    tokens[i - 1] = v - 1
                }
                _ => fail(&format!("line {line}: not a move of the jury")),
            }
        }
        my_turn = !my_turn;
    }
}
