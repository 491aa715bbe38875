//! Two-player games on graphs, solved exactly: win, lose or draw for every position.
//!
//! # The algorithm
//! In a game whose moves may form cycles, some positions are decided from the start (the game is
//! over there). Walking moves backwards from them with a FIFO queue decides the rest: a position
//! with a move into a losing position wins; a position all of whose moves have been shown to reach
//! winning positions loses, which a counter of moves not yet known to lose (`remaining_moves`)
//! tells in O(1) per move. Positions never reached this way are draws. Every position and move is
//! handled once: O(positions + moves), iteratively, and the order of the queue also gives how long
//! each decided game lasts under optimal play. This is the method of the e-maxx / cp-algorithms
//! article *Games on arbitrary graphs*.
//!
//! # One shape for every game
//! Each game module (`graph_game`, `police_thief`, `grid_game`, `move_or_block`) has the same
//! entry points, so that a judge binary is a few lines and a new game copies a shape:
//! - `read(input: &mut Scanner<R>) -> Result<Problem, Error>` reads and checks the whole input
//!   (every error is found before anything is written, so bad input leaves stdout empty);
//! - `decide(problem) -> Answer` answers the judge's question (by reference, or by value when it
//!   decides in place, as `grid_game` does with its board);
//! - `write_answer(&Answer, out)` writes exactly what the judge expects.
//!
//! `Problem` and `Answer` are names every game module defines. The extras behind flags are
//! separate functions over the problem or the answer: `graph_game::decide_as` (`--misere`) and
//! `decide_with_depth` (`--depth`), `grid_game::write_map` (`--map`), `police_thief_explain`
//! (`--explain`), `move_or_block::decide_brute` and `write_explanation` (`--brute`, `--explain`).
//! A binary's main only picks among them inside [`cli::run`], which owns flags, `--help`, and the
//! exit-status contract.
//!
//! # Modules
//! - [`solver`]: the search itself, over any [`solver::Game`] (explicit or generated on the fly).
//! - [`graph`]: an explicit directed graph in compact arrays, as a game.
//! - [`graph_game`]: the general problem on any graph (`graph_game` binary).
//! - [`police_thief`]: the policeman and the thief on a board (`police_thief` binary), and
//!   [`police_thief_explain`], its `--explain`.
//! - [`grid_game`]: BOJ 28218 (`grid_game_28218` binary).
//! - [`move_or_block`]: BOJ 31567 (`move_or_block` binary), and [`move_or_block_model`], its game on
//!   three counts, solved for `--brute`.
//! - [`input`], [`cli`]: tokenized input with positions, and the judge binaries' shared main.
//! - [`decimal`]: decimal numbers from bytes, one token carefully or many at once with SIMD.
//! - [`divisor`]: division by a fixed number with a multiply and a shift.
//! - [`prefetch`]: a cache prefetch hint (a no-op off x86-64), and the pages of a fresh buffer
//!   mapped in one system call (Linux on x86-64).

pub mod cli;
pub mod decimal;
pub mod divisor;
pub mod graph;
pub mod graph_game;
pub mod grid_game;
pub mod input;
pub mod move_or_block;
pub mod move_or_block_model;
pub mod police_thief;
pub mod police_thief_explain;
pub mod prefetch;
pub mod solver;
