//! Codeforces 786A "Berzerk", a complete submission written against the crate's public API only: a
//! game whose states are generated on the fly, with no edge list.
//!
//! # Rules
//! `n` objects stand on a circle, numbered 1 to `n` clockwise; object 1 is a black hole. A monster
//! starts on one of the others. Rick has a set of steps `s1`, Morty a set `s2` (distinct numbers in
//! `1..n`). The players move alternately; a move picks a step `x` from the mover's own set and
//! moves the monster `x` objects clockwise. Whoever moves it into the black hole wins. A player who
//! cannot win prefers a game that never ends to a loss. For every start and either first player:
//! does the first player win, lose, or does the game loop forever?
//!
//! # Input
//! `n` (2 to 7000); then `k1` (1 to `n - 1`) and Rick's `k1` distinct steps; then `k2` and Morty's
//! `k2` distinct steps (each step between 1 and `n - 1`); nothing after them.
//!
//! # Output
//! Two lines of `n - 1` words separated by spaces, `Win`, `Lose` or `Loop` for the first player:
//! the first line with Rick first, the second with Morty first; the `i`-th word for the monster
//! starting on object `i + 1`.
//!
//! # Method
//! A state is (where the monster is, who moves next), numbered `mover * n + position` with
//! positions 0-based (the black hole is 0). With the monster in the hole, the game is over and the
//! player to move has lost (his opponent just got it there). Elsewhere the mover has one move per
//! step of his set. The moves into (q, player) come from (q - x mod n, the other player) for each
//! step x of the other player, computed when the solver asks ([`Game::for_each_predecessor`]): no
//! edge is stored. With the steps sorted, those up to q come from `q - x` and the others from
//! `q + n - x`: two plain loops without a wrap test per move (half the time at n = 7000 with every
//! step). `solve` walks each of the (n - 1)(k1 + k2) moves backwards at most once: O(n (k1 + k2))
//! time, and about 3 bytes per state (a 2-byte counter past 254 steps, and the solver's queue).

use graph_games::cli;
use graph_games::input::{Error, Scanner};
use graph_games::memory::{output_buffer, try_grow_within};
use graph_games::solver::{try_solve, Game, Outcome, Solution, Start};
use std::io::{self, Read, Write};

/// The statement's bound on `n`.
const MAX_N: u64 = 7000;

const USAGE: &str = "\
usage: berzerk < input

Codeforces 786A: reads n, then Rick's steps (k1 and k1 numbers), then Morty's (k2 and k2 numbers),
and prints two lines of n - 1 words (Win, Lose or Loop for the first player, the monster starting
on objects 2..n): Rick first, then Morty first.

  --help     print this help
";

/// The game: `steps[0]` are Rick's, `steps[1]` Morty's.
struct Berzerk {
    n: usize,
    steps: [Vec<usize>; 2],
}

/// The two players, as the high part of a state's number.
const RICK: usize = 0;
const MORTY: usize = 1;
const NAMES: [&str; 2] = ["Rick", "Morty"];

impl Game for Berzerk {
    fn num_states(&self) -> usize {
        2 * self.n
    }

    fn max_moves(&self) -> u32 {
        self.steps[RICK].len().max(self.steps[MORTY].len()) as u32
    }

    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        for mover in [RICK, MORTY] {
            // In the hole the game is over: the player to move lost.
            visit(Start::Lose);
            for _ in 1..self.n {
                visit(Start::Moves(self.steps[mover].len() as u32));
            }
        }
    }

    fn for_each_predecessor<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let n = self.n;
        let (mover, q) = if state >= n { (MORTY, state - n) } else { (RICK, state) };
        // The move into (q, mover) was made by the other player, from q - x.
        let before = 1 - mover;
        let base = before * n;
        // The steps are sorted: those up to q come from q - x, the others from q + n - x.
        let steps = &self.steps[before];
        let wrap = steps.partition_point(|&x| x <= q);
        for &x in &steps[..wrap] {
            visit(base + q - x);
        }
        for &x in &steps[wrap..] {
            visit(base + q + n - x);
        }
    }
}

/// Reads and checks the whole input.
fn read<R: Read>(input: &mut Scanner<R>) -> Result<Berzerk, Error> {
    let n = input.u64_in("the number of objects n", 2, MAX_N)? as usize;
    let mut steps = [Vec::new(), Vec::new()];
    for (player, name) in NAMES.iter().enumerate() {
        let k = input.u64_in(format_args!("the size of {name}'s set"), 1, n as u64 - 1)? as usize;
        // `k < n <= 7000`, checked: the memory follows the statement's bound, and memory that
        // cannot be had is an error. The k steps' room (at most 56 KB) is reserved at once:
        // grown step by step, the set left 0.1 MB more of the heap resident at the peak.
        let mut seen = Vec::new();
        try_grow_within(&mut seen, n, n, &format_args!("the steps seen among {n} objects"))?;
        seen.resize(n, false);
        let mut set = Vec::new();
        try_grow_within(&mut set, k, k, &format_args!("{name}'s {k} steps"))?;
        for i in 1..=k {
            let at = input.peek_pos()?;
            let x = input.u64_in(format_args!("{name}'s step {i} of {k}"), 1, n as u64 - 1)? as usize;
            if seen[x] {
                return Err(Error::at(
                    at,
                    format!("{name}'s step {i} of {k} is {x} again: the steps must be distinct"),
                ));
            }
            seen[x] = true;
            set.push(x);
        }
        // In increasing order, for `for_each_predecessor`.
        set.sort_unstable();
        steps[player] = set;
    }
    input.finish("Morty's steps")?;
    Ok(Berzerk { n, steps })
}

/// Writes the two lines: Rick first, then Morty first.
fn write_answer(game: &Berzerk, solution: &Solution, out: &mut impl Write) -> io::Result<()> {
    for mover in [RICK, MORTY] {
        let mut line = output_buffer(5 * game.n)?;
        for position in 1..game.n {
            if position > 1 {
                line.push(b' ');
            }
            line.extend_from_slice(match solution.outcome(mover * game.n + position) {
                Outcome::Win => b"Win",
                Outcome::Lose => b"Lose",
                Outcome::Draw => b"Loop",
            });
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

fn main() {
    std::process::exit(cli::run(USAGE, &[], |_, input, output| {
        let game = read(input)?;
        let solution = try_solve(&game)?;
        write_answer(&game, &solution, output)?;
        Ok(())
    }));
}
