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
//! - [`games`]: the judge problems, one file or folder each, all of one shape (see there).
//! - [`input`]: judge input read as tokens with positions, and the error contract's [`input::Error`].
//! - [`cli`]: the judge binaries' shared main: flags, `--help`, exit statuses.
//! - [`rng`]: [`rng::Rng`], the small pseudo-random generator behind the random tests and the
//!   `stress` tool's generated cases.
//! - [`divisor`]: division by a fixed number with a multiply and a shift.
//! - [`prefetch`]: a cache prefetch hint, and the pages of a fresh buffer mapped at once.
//!
//! The `stress` tool (a solution against the library on generated, shrunk inputs) and its
//! generators are not part of the library that bundles are cut from: they live in `tools/stress/`,
//! a binary of this package built on the library (and on [`games::JudgeProblem`]).
//!
//! Files import one another only downwards (`tests/layout.rs` checks it): `input`, `rng`,
//! `divisor` and `prefetch` at the bottom, then `solver`, `graph`, `forward`, `cli`, and the games on top.

pub mod cli;
pub mod divisor;
pub mod forward;
pub mod games;
pub mod graph;
pub mod input;
pub mod memory;
pub mod prefetch;
pub mod rng;
pub mod solver;
