//! Games with scores: two players on a graph that may have cycles, one minimising a total and the
//! other maximising it, and one of them (the ender) wanting first of all that the game ends.
//!
//! # The rules
//! Positions `0..n`, each [`Side::Min`]'s or [`Side::Max`]'s. A position without moves is an end,
//! with a payoff (any `i64`); a move has a weight `w >= 0`. The ender (the `ender` argument of
//! [`solve`]) wants the game to end in finitely many moves, then the total good for it; the
//! other side wants it never to end, then the total good for it. A move's weight is a cost to the
//! ender: with `ender = Side::Min` an ending play's total is its end's payoff plus its moves'
//! weights; with `ender = Side::Max`, the payoff minus the weights. A position's [`Total`] is
//! `Ends(t)` when the ender can force the end (`t` the total under perfect play), else `Never`.
//!
//! # The search (`plain.rs`, `radix.rs`)
//! Everything is done in the ender's **cost**: the total with `ender = Side::Min`, and `!total`
//! (that is `-total - 1`, an order-reversing bijection of `i64`) with `ender = Side::Max`, so that
//! in both cases a move adds its weight to the cost and the ender wants it small. Then it is
//! Dijkstra's search run backwards from the ends, with the seed's counters for the other side:
//! - an end is settled at its payoff's cost;
//! - an ender's position is settled by its cheapest move into a settled position, when that cost
//!   comes off the priority queue;
//! - the other side's position keeps a counter of its moves into positions not yet settled, and
//!   is settled at the largest cost of its moves when the counter reaches 0;
//! - what is never settled is `Never`.
//!
//! **Invariant**: positions come off the queue in nondecreasing cost, and a position's cost when it
//! comes off is its value. Sketch: let `p` be the first to come off with a wrong cost `c`. If `p`
//! is the ender's, its true value `c* < c` is reached by some move into a position `t` of true
//! cost `c* - w <= c* < c`; by induction on the values below `c`, `t` came off before `p` with its
//! true cost, and relaxing `p` through it made `p`'s key at most `c*`: a contradiction. If `p` is
//! the other side's, all its moves' targets came off before it with their true costs, and the max
//! over them is exactly the value. Conversely a position never settled has value `Never`: at an
//! unsettled ender's position every move goes to an unsettled position, and at an unsettled
//! position of the other side some move does; the other side keeping to unsettled positions, the
//! ender can never bring the game to an end. Each position comes off once, each move is walked
//! back once: O((n + m) log n) with a binary heap (`plain.rs`), and with the radix heap of
//! `radix.rs` O(m + n log C) for costs spread over `C`.
//!
//! # The move to play
//! [`Totals::best_move`]: at an ender's finite position, the move it was settled through, into a
//! position settled earlier, so that following moves never goes round a cycle (weight-0 ones
//! included); at the other side's finite position, a move reaching the largest cost; at a `Never`
//! position, a move into a `Never` position (the other side keeps there; the ender has no other).
//! [`Totals::line`] follows them: an ending play, or a lasso (a prefix, then a cycle forever).
//!
//! # Why not the other reading
//! Were the maximiser the ender and the weights its gains, a cycle it may go round before ending
//! would be worth as much as it likes: the value is then a mean-payoff game's, which no such
//! search decides (docs/scores.md).
//!
//! # Memory
//! Every table is reserved checked: running out is an [`Error`], never an abort. The search needs
//! a cost (8 bytes), a counter (4) and the move played (4) a position, and the queue.

mod forward;
mod game;
mod graph;
pub mod plain;
mod radix;
mod room;
mod totals;

pub use self::forward::ForwardScored;
pub use self::game::{ScoredGame, Side, Stand, Total, MAX_POSITIONS};
pub use self::graph::ScoreGraph;
pub(crate) use self::room::filled;
pub use self::totals::{Line, Totals};
use crate::input::Error;

/// Every position's total, and the move to play, for `game` with `ender` the side that wants the
/// game to end. O((n + m) log n) time, no recursion, memory checked. Errors: a negative weight
/// (naming the move), a total past `i64`, memory that cannot be had, a game that breaks the rules
/// of [`ScoredGame`] (told, never a panic).
///
/// ```
/// use graph_games::scores::{solve, ScoreGraph, Side, Total};
///
/// // 0 (Min's) moves to the end 1 (payoff 5) at cost 2, or to 2 (Max's) at cost 0; 2 moves to
/// // itself at cost 0 or to the end 1 at cost 9.
/// let graph = ScoreGraph::new(
///     &[Side::Min, Side::Min, Side::Max],
///     &[0, 5, 0],
///     &[(0, 1, 2), (0, 2, 0), (2, 2, 0), (2, 1, 9)],
/// )
/// .unwrap();
/// let totals = solve(&graph, Side::Min).unwrap();
/// // Max at 2 would stay there forever: Min ends at once through 1.
/// assert_eq!(totals.total(0), Total::Ends(7));
/// assert_eq!(totals.total(2), Total::Never);
/// assert_eq!(totals.best_move(&graph, 0), Some((1, 2)));
/// ```
pub fn solve<G: ScoredGame>(game: &G, ender: Side) -> Result<Totals, Error> {
    radix::solve(game, ender, true)
}

/// Every position's total, without the moves to play: [`solve`] less 4 bytes a position and
/// the walk that gives `Never` positions their moves. [`Totals::best_move`] and
/// [`Totals::line`] panic on its result.
pub fn solve_totals<G: ScoredGame>(game: &G, ender: Side) -> Result<Totals, Error> {
    radix::solve(game, ender, false)
}
