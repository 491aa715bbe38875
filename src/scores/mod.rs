//! Games with scores: two players on a graph that may have cycles, one minimising a total and the
//! other maximising it, and one of them (the ender) wanting first of all that the game ends.
//!
//! # The rules
//! Positions `0..n`, each [`Side::Min`]'s or [`Side::Max`]'s. A position without moves is an end,
//! with a payoff (any `i64`); a move has a weight `w >= 0`. A position may be **banned**
//! ([`Stand::Banned`]): of its `k` moves the other side first bans `b < k`, then its side moves
//! among the rest. The ender (the `ender` argument of [`solve`]) wants the game to end in
//! finitely many moves, then the total good for it; the other side wants it never to end, then
//! the total good for it. A move's weight is a cost to the ender: with `ender = Side::Min` an
//! ending play's total is its end's payoff plus its moves' weights; with `ender = Side::Max`, the
//! payoff minus the weights. A position's [`Total`] is `Ends(t)` when the ender can force the
//! end (`t` the total under perfect play), else `Never`.
//!
//! # The search (`plain.rs`, `radix.rs`)
//! Everything is done in the ender's **cost**: the total with `ender = Side::Min`, and `!total`
//! (that is `-total - 1`, an order-reversing bijection of `i64`) with `ender = Side::Max`, so that
//! in both cases a move adds its weight to the cost and the ender wants it small; a play that
//! never ends costs `+∞`. A position's value is then the `j`-th least of its moves' costs
//! `cost(target) + w`: the least (`j = 1`) where the ender moves, the largest (`j = k`) where the
//! other side does, and at a banned one `j = b + 1` where the ender moves (the other side bans
//! its `b` cheapest) and `j = k - b` where the other side does (the ender bans the `b`
//! costliest). It is Dijkstra's search run backwards from the ends, with the seed's counters for
//! the other side:
//! - an end is settled at its payoff's cost;
//! - an ender's open position is settled by its cheapest move into a settled position, when that
//!   cost comes off the priority queue;
//! - the other side's open position keeps a counter of its moves into positions not yet settled,
//!   and is settled at the largest cost of its moves when the counter reaches 0;
//! - a banned position gets each move's cost pushed onto the queue as an **event** when the move's
//!   target is settled; the events come off in nondecreasing cost, and the `j`-th to come off
//!   settles it at its cost (the `j`-th least, as every cost still to come is at least it);
//! - what is never settled is `Never`.
//!
//! **Invariant**: positions come off the queue in nondecreasing cost (weights are never
//! negative), and each at its value. Sketch: a key is always the cost of a way for the ender to
//! end, so it is at least the value (a banned position's `j`-th event is the `j`-th least of `j`
//! of its moves' costs, so at least the `j`-th least of them all). Let `p` be the first to come
//! off above its value `c*`. The ender's optimal play from `p` against every reply (every ban and
//! every move) is a finite tree whose positions all have values at most `c*`, ends at its leaves.
//! Take in it a position `q` not settled before `p` whose children all were (at their values):
//! an ender's open `q` was then queued at its value; an other side's open `q` had its counter at
//! 0 and was queued at its largest cost, its value. A banned `q` has at least `j` children, each
//! through a move of cost at most its value: where the other side moves, the `k - b = j` moves
//! the ender's ban leaves; where the ender moves, its answers to every ban, which no `b` bans can
//! all forbid, so more than `b`. Their events were pushed when the children settled, at most
//! `c*`, so the `j`-th came off at most there. In every case `q` came off at most `c*`, below
//! `p`'s key, so before `p` unless `q` is `p`, whose key would then be `c*`. Conversely, at a
//! position never settled, every move of the ender's open one and some move of the other side's
//! open one goes into a position never settled; at a banned one fewer than `j` moves go into
//! settled positions, so when the ender moves the other side bans them all (`j - 1 = b`), and
//! when the other side moves more than `k - j = b` go elsewhere, one of which the ender's ban
//! leaves: keeping to them, the other side keeps the game from ending. Each position comes off
//! once and each move is walked back once (an event a move at most): O((n + m) log n) with a
//! binary heap (`plain.rs`); with the radix heap of `radix.rs` an entry moves down at most 64
//! buckets, O((n + m) log C) for costs spread over `C`.
//!
//! A cost past `i64` is an error exactly where it would be a value: at the other side's open
//! position whose counter reaches 0 with one; at the ender's open one never settled otherwise;
//! at a banned one never settled whose events and costs past `i64` together reach `j` (the costs
//! past `i64` are larger than every event, and every move into a `Never` position larger still).
//!
//! # The move to play
//! [`Totals::best_move`]: at an ender's finite open position, the move it was settled through,
//! into a position settled earlier, so that following moves never goes round a cycle (weight-0
//! ones included); at the other side's finite open position, a move reaching the largest cost; at
//! a finite banned position, the move whose event settled it (the `j`-th), into a position settled
//! earlier: the move its side plays when the other side makes its best ban (the `b` moves better
//! for the mover); against another ban the mover has one at least as good, the ender among the
//! moves into positions settled earlier ([`Totals::settled_before`]), so that the ender's play
//! still never goes round a cycle. At a `Never` position, a move into a `Never` position (the
//! other side keeps there; the ender has no other, against the best ban).
//! [`Totals::line`] follows them: an ending play, or a lasso (a prefix, then a cycle forever).
//!
//! # Why not the other reading
//! Were the maximiser the ender and the weights its gains, a cycle it may go round before ending
//! would be worth as much as it likes: the value is then a mean-payoff game's, which no such
//! search decides (docs/scores.md).
//!
//! # Memory
//! Every table is reserved checked: running out is an [`Error`], never an abort. The search needs
//! a slot of 16 bytes a position (cost, counter, flags), turned in place into the totals' 8-byte
//! costs at the end; 8 more for the move to play and the order of settling ([`solve`], not
//! [`solve_totals`]); and its queue (16 bytes an entry, at most one per move and position, an
//! event one per move); the totals keep 8 bytes a position and a bit, and the moves' 8.

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

/// Every position's total, without the moves to play: [`solve`] less 8 bytes a position and
/// the walk that gives `Never` positions their moves. [`Totals::best_move`],
/// [`Totals::settled_before`] and [`Totals::line`] panic on its result.
pub fn solve_totals<G: ScoredGame>(game: &G, ender: Side) -> Result<Totals, Error> {
    radix::solve(game, ender, false)
}
