//! The judge problems, one file or folder each (a game's extras beside it), all of one shape.
//!
//! - [`graph_game`]: the general game on any directed graph (`graph_game` binary).
//! - [`police_thief`]: the policeman and the thief on a board (`police_thief`), with
//!   [`police_thief::explain`] for `--explain`.
//! - [`grid_game`]: BOJ 28218 (`grid_game_28218`).
//! - [`move_or_block`]: BOJ 31567 (`move_or_block`), with [`move_or_block::model`], its game on
//!   three counts, solved for `--brute` and `--explain`.
//!
//! # The shape
//! Every game module has the same entry points, so that a judge binary is a few lines:
//! - `read(input: &mut Scanner<R>) -> Result<Problem, Error>` reads and checks the whole input
//!   (every error is found before anything is written, so bad input leaves stdout empty);
//! - `decide(problem: Problem) -> Answer` answers the judge's question (it takes the problem, so
//!   a game may decide in place, as `grid_game` does with its board);
//! - `write_answer(answer: &Answer, out) -> io::Result<()>` writes exactly what the judge expects.
//!
//! `Problem` and `Answer` are names every game module defines. The extras behind flags are
//! separate functions beside these. Every module doc has the same sections in the same order:
//! the rules, the input, the output, the method, the limits.
//!
//! A new game is a copy of this shape: a file here (a folder once it has extras), a thin main in
//! `src/bin/` calling [`crate::cli::run`], and judge cases in `inputs/` and `expected/`.

pub mod graph_game;
pub mod grid_game;
pub mod move_or_block;
pub mod police_thief;
