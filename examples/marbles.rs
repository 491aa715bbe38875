//! "Two marbles on a lettered graph" (docs/problems/marbles.md), a complete submission written
//! against the crate's public API only: a game written forward, as the moves out of each state
//! ([`ForwardGame`]).
//!
//! # Rules
//! A directed graph has `n` vertices and `m` edges, each edge labelled with a lowercase letter.
//! Alice's marble stands on vertex `i`, Bob's on vertex `j`; Alice moves first. A move takes the
//! mover's own marble along an edge out of its vertex whose letter is not smaller than the letter
//! of the move before it in the game, whoever made it (the first move may use any letter). Both
//! marbles may share a vertex. A player who cannot move loses; a game that never ends is a draw.
//! Both play perfectly: first not to lose, then to win.
//!
//! # Input
//! `n` (1 to 100) and `m` (0 to 2000), then `m` edges `u v c`: from `u` to `v` (1 to `n`), letter
//! `c` (one byte `a` to `z`). Self-loops and repeated edges are allowed. Nothing after them.
//!
//! # Output
//! `n` lines of `n` characters: character `j` of line `i` is `A` if Alice wins the game started
//! with her marble on `i` and Bob's on `j`, `B` if Bob wins it, `D` if it never ends.
//!
//! # Method
//! A state is the whole position: Alice's vertex `a`, Bob's vertex `b` (0-based), whose turn `t`
//! (0 Alice, 1 Bob) and the letter `l` of the last move (0 before the first move, 1 to 26 for `a`
//! to `z`), numbered `((a * n + b) * 2 + t) * 27 + l`: `54 n^2` states, at most 540,000. Its moves
//! follow the edges out of the mover's vertex whose letter is at least `l`, each to the state with
//! that marble moved, the turn passed and `l` set to the edge's letter. A player without such an
//! edge has lost (`Start::Lose`). `solve` decides every state; the answer for `(i, j)` is the
//! outcome, for Alice to move, of `(i, j, Alice, none)`: a win is `A`, a loss `B`, a draw `D`.
//!
//! Each vertex's edges are kept sorted by letter, highest first, so a state's moves are a prefix
//! of its mover's list; repeated edges (same ends, same letter) are dropped, as they give the same
//! move. States with Bob to move before any move never arise; they are solved like the others.
//!
//! # Cost
//! An edge `u -> v` of letter `c` (1 to 26) is a move out of every state whose mover stands on `u`
//! and whose last letter is at most `c`: `2 n (c + 1)` states. So the game has at most
//! `54 n m` moves (every letter `z`), 1.08·10^7 at the limits, each listed once and solved once:
//! O(n m) time. Memory, while the moves are laid out: about 10 bytes a move and a few a state, 112
//! MiB at the limits (0.2 s to 0.4 s); checked before the game is built, with a margin.

use graph_games::cli;
use graph_games::forward::{self, ForwardGame};
use graph_games::input::{plural, shown, Error, Scanner};
use graph_games::memory::{check_memory, try_grow_within};
use graph_games::solver::{search_bytes_per_state, solve, Outcome, Start};
use std::io::{self, Read, Write};

/// The statement's bounds.
const MAX_VERTICES: u64 = 100;
const MAX_EDGES: u64 = 2000;

/// The values of a state's last letter: none, then `a` to `z`.
const LETTERS: usize = 27;

const USAGE: &str = "\
usage: marbles < input

Two marbles on a lettered graph: reads n and m, then m edges u v c (a letter a-z), and prints n
lines of n characters: A if Alice wins with her marble on i and Bob's on j (Alice moves first,
each move's letter at least the one before), B if Bob wins, D if the game never ends.

  --help     print this help
";

/// The graph: the edges out of each vertex as (target, letter 1 to 26), highest letter first.
struct Problem {
    n: usize,
    out: Vec<Vec<(usize, usize)>>,
}

/// Reads and checks the whole input.
fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let n = input.u64_in("the number of vertices n", 1, MAX_VERTICES)?;
    let m = input.u64_in("the number of edges m", 0, MAX_EDGES)?;
    let mut out = vec![Vec::new(); n as usize];
    for i in 1..=m {
        let u = input.u64_in(format_args!("the start of edge {i} of {m}"), 1, n)? as usize;
        let v = input.u64_in(format_args!("the end of edge {i} of {m}"), 1, n)? as usize;
        let (token, mark) = input.token_at_most(format_args!("the letter of edge {i} of {m}"), 1)?;
        let byte = token[0];
        if !byte.is_ascii_lowercase() {
            return Err(Error::at(
                input.position(mark),
                format!("the letter of edge {i} of {m} must be one of a-z, found {}", shown(&[byte])),
            ));
        }
        // The edges grow as they arrive, checked (at most m in all).
        try_grow_within(&mut out[u - 1], 1, m as usize, &format_args!("the edges out of vertex {u}"))?;
        out[u - 1].push((v - 1, usize::from(byte - b'a') + 1));
    }
    input.finish(format_args!("the {}", plural(m, "edge")))?;
    for edges in &mut out {
        edges.sort_unstable_by(|x, y| (y.1, x.0).cmp(&(x.1, y.0)));
        edges.dedup();
    }
    Ok(Problem { n: n as usize, out })
}

/// The number of state `(a, b, turn, last)`.
fn state(n: usize, a: usize, b: usize, turn: usize, last: usize) -> usize {
    ((a * n + b) * 2 + turn) * LETTERS + last
}

/// Line `i`, character `j`: how the game from `(i, j)` ends, Alice to move before any letter.
fn write_answer(n: usize, outcome: impl Fn(usize) -> Outcome, out: &mut impl Write) -> io::Result<()> {
    let mut line = Vec::with_capacity(n + 1);
    for a in 0..n {
        line.clear();
        line.extend((0..n).map(|b| match outcome(state(n, a, b, 0, 0)) {
            Outcome::Win => b'A',
            Outcome::Lose => b'B',
            Outcome::Draw => b'D',
        }));
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

fn main() {
    std::process::exit(cli::run(USAGE, &[], |_, input, output| {
        let Problem { n, out } = read(input)?;
        let states = 2 * LETTERS * n * n;
        // Module doc, "Cost": each edge of letter c leaves 2 n (c + 1) states.
        let moves: usize = out.iter().flatten().map(|&(_, c)| 2 * n * (c + 1)).sum();
        // What the moves' layout takes at its peak, and the search beside the laid-out game.
        let search = search_bytes_per_state(u32::MAX - 1, false) * states as u128;
        let bytes = forward::peak_bytes(states, moves) + search;
        check_memory(
            bytes,
            format_args!(
                "the game's {} and {}",
                plural(states as u64, "state"),
                plural(moves as u64, "move")
            ),
        )?;
        let moves_of = |s: usize, list: &mut Vec<usize>| {
            let (last, turn, ab) = (s % LETTERS, s / LETTERS % 2, s / (2 * LETTERS));
            let (a, b) = (ab / n, ab % n);
            let mover = if turn == 0 { a } else { b };
            for &(v, c) in out[mover].iter().take_while(|&&(_, c)| c >= last) {
                list.push(if turn == 0 { state(n, v, b, 1, c) } else { state(n, a, v, 0, c) });
            }
        };
        let game = ForwardGame::new(states, moves_of, |_| Start::Lose);
        let solution = solve(&game);
        write_answer(n, |s| solution.outcome(s), output)?;
        Ok(())
    }));
}
