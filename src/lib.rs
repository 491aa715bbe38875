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
//! # Modules
//! - [`solver`]: the search itself, over any [`solver::Game`] (explicit or generated on the fly).
//! - [`graph`]: an explicit directed graph in compact arrays, as a game.
//! - [`graph_game`]: the general problem on any graph (`graph_game` binary).
//! - [`police_thief`]: the policeman and the thief on a board (`police_thief` binary), and
//!   [`police_thief_explain`], its `--explain`.
//! - [`grid_game`]: BOJ 28218 (`grid_game_28218` binary).
//! - [`move_or_block`]: BOJ 31567 (`move_or_block` binary).
//! - [`input`], [`cli`]: tokenized input with positions, and the judge binaries' shared main.
//! - [`divisor`]: division by a fixed number with a multiply and a shift.
//! - [`prefetch`]: a cache prefetch hint (the one `unsafe` line of the crate, a no-op off x86-64).

pub mod cli;
pub mod divisor;
pub mod graph;
pub mod graph_game;
pub mod grid_game;
pub mod input;
pub mod move_or_block;
pub mod police_thief;
pub mod police_thief_explain;
pub mod prefetch;
pub mod solver;
