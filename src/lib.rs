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
//! article *Games on arbitrary graphs*; [`solver`] has it, with its invariant.
//!
//! # Modules
//! - [`solver`]: the search itself, over any [`solver::Game`] (explicit or generated on the fly).
//! - [`graph`]: an explicit directed graph in compact arrays, as a game.
//! - [`forward`]: a game written as the moves out of each state, laid out as a graph.
//! - [`play`]: a perfect opponent for a solved game or sum, move by move, checking the moves it is
//!   told: the jury of an interactive problem.
//! - [`games`]: the judge problems, one file or folder each, all of one shape (see there).
//! - [`input`]: judge input read as tokens with positions, and the error contract's [`input::Error`].
//! - [`cli`]: the judge binaries' shared main: flags, `--help`, exit statuses.
//! - [`divisor`]: division by a fixed number with a multiply and a shift.
//! - [`prefetch`]: a cache prefetch hint, and the pages of a fresh buffer mapped at once.
//! - [`partizan`]: partizan games (Left and Right with moves of their own): canonical forms in a
//!   table, sums, comparisons, who wins a sum of many components, CGSuite's notation.
//! - [`scores`]: games with scores: one side minimises a total, the other maximises it, and one
//!   of them wants first that the game ends (AtCoder ABC 261 Ex), by a Dijkstra-like search.
//! - [`pattern`]: the eventual period of a sequence of values (a brute force's table), checked or proved.
//!
//! The tools are crates of their own in the workspace, never in a bundle: `tools/stress/` (a
//! solution against the library on generated, shrunk inputs, built on [`games::JudgeProblem`]),
//! `tools/bundle/` (the bundler), `tools/bench/` (the timing tool of `make bench`) and
//! `tools/pattern/` (the periods and rules of a table of values, on [`pattern`]).
//!
//! Files import one another only downwards (`tools/bundle/tests/layout.rs` checks it): `zeroed`
//! under `input`, `memory` and `graph`; `input`, `divisor`, `prefetch`, `layout` and `pattern` at
//! the bottom, `memory` on `input` and `prefetch`, `partizan` on `input` and `memory`, `scores` on `input`, then
//! `solver`, `graph`, `forward`, `cli`, and `play` and the games on top.

pub mod cli;
pub mod divisor;
pub mod forward;
pub mod games;
pub mod graph;
pub mod input;
mod layout;
pub mod memory;
pub mod partizan;
pub mod pattern;
pub mod play;
pub mod prefetch;
pub mod scores;
pub mod solver;
// Vectors of zeros from the allocator, fallible (src/zeroed.rs): under `input`, `memory` and `graph`.
mod zeroed;

// The unit tests' random numbers (src/rng.rs); the integration tests of tests/ use the same file.
#[cfg(test)]
#[allow(dead_code)]
mod rng;
