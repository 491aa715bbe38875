//! The judge problems, one file or folder each (a game's extras beside it), all of one shape.
//!
//! - [`graph_game`]: the general game on any directed graph (`graph_game` binary).
//! - [`graph_sum`]: sums of tokens on any directed graph, by loopy nim values (`graph_sum`).
//! - [`graph_partizan`]: sums of tokens on a graph without cycles whose edges are Left's or
//!   Right's, by canonical forms (`graph_partizan`).
//! - [`graph_scores`]: AtCoder ABC 261 Ex, a token on a weighted graph, one player wanting the
//!   game to end and the total small, the other not (`graph_scores`), on [`crate::scores`].
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
//! `Problem` and `Answer` are names every game module defines, and each module's unit struct
//! `Judge` implements [`JudgeProblem`] with them: the shape as a trait, for code that handles every
//! game alike (the `stress` tool of `tools/stress/`, whose list of games is a list of these types).
//! The extras behind flags are separate functions beside these. Every module doc has the same sections in the same order:
//! the rules, the input, the output, the method, the limits.
//!
//! A new game is a copy of this shape: a file here (a folder once it has extras) with its `Judge`,
//! a thin main in `src/bin/` calling [`crate::cli::run`], and judge cases in `inputs/` and
//! `expected/`.

/// `impl JudgeProblem for $judge` (called in the game modules below, in its textual scope) with
/// the calling module's `Problem`, `Answer`, `read`, `decide`
/// and `write_answer` (a macro's item names resolve where it is called), the binary named `$name`.
macro_rules! judge_problem {
    ($judge:ident, $name:literal) => {
        impl crate::games::JudgeProblem for $judge {
            const NAME: &'static str = $name;
            type Problem = Problem;
            type Answer = Answer;
            fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
                read(input)
            }
            fn decide(problem: Problem) -> Answer {
                decide(problem)
            }
            fn write_answer<W: Write>(answer: &Answer, out: &mut W) -> io::Result<()> {
                write_answer(answer, out)
            }
        }
    };
}

pub mod graph_game;
pub mod graph_partizan;
pub mod graph_scores;
pub mod graph_sum;
pub mod grid_game;
pub mod move_or_block;
pub mod police_thief;

use crate::input::{Error, Scanner};
use std::io::{self, Read, Write};

/// A judge program's problem as a type: its binary's name and the game module's `read`, `decide`
/// and `write_answer` (see the shape above), implemented by each game's unit struct `Judge`.
pub trait JudgeProblem {
    /// The judge binary's name (`src/bin/<NAME>.rs`).
    const NAME: &'static str;
    type Problem;
    type Answer;
    /// Reads and checks a whole input.
    fn read<R: Read>(input: &mut Scanner<R>) -> Result<Self::Problem, Error>;
    /// Answers the judge's question.
    fn decide(problem: Self::Problem) -> Self::Answer;
    /// Writes exactly what the judge expects.
    fn write_answer<W: Write>(answer: &Self::Answer, out: &mut W) -> io::Result<()>;

    /// Appends to `out` what the binary prints without flags on `input`; an error if it rejects
    /// `input`.
    fn answer(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let answer = Self::decide(Self::read(&mut Scanner::new(input))?);
        Self::write_answer(&answer, out).map_err(|e| Error::new(format!("cannot write the answer: {e}")))
    }
}
