//! The contract between a game with scores and the search: how each state stands ([`Stand`]) and
//! the [`ScoredGame`] trait, moves into a state listed on demand.

use std::fmt;

/// Whose a position is: the minimiser's or the maximiser's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Min,
    Max,
}

/// A position's total under perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Total {
    /// The ender forces the end, and the total is this.
    Ends(i64),
    /// The ender cannot force the end.
    Never,
}

/// `12` or `never`.
impl fmt::Display for Total {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Total::Ends(t) => write!(f, "{t}"),
            Total::Never => f.write_str("never"),
        }
    }
}

/// The most positions a game may have: they are counted in `u32`, one value kept for "none".
pub const MAX_POSITIONS: usize = u32::MAX as usize - 1;

/// How a state stands before the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stand {
    /// No move: the game ends here, and the play's total gets this payoff.
    End(i64),
    /// The player to move has this many moves (at least 1).
    Open(u32),
    /// The other side first bans `bans` of the `moves` moves (`0 <= bans < moves`), then the
    /// player to move picks among the rest. Its cost to the ender is an order statistic of its
    /// moves' costs (module doc of [`crate::scores`]); `bans: 0` is `Open(moves)`.
    Banned { moves: u32, bans: u32 },
}

/// The `j` of a banned position (`k` moves, `b < k` bans, `side`'s): its cost to the ender is the
/// `j`-th least of its moves' costs. Where the ender moves, the other side bans the `b` cheapest
/// and the ender takes the cheapest left, `j = b + 1`; where the other side moves, the ender bans
/// the `b` costliest and the other side takes the costliest left, `j = k - b`.
pub(super) fn rank_taken(side: Side, ender: Side, moves: u32, bans: u32) -> u32 {
    if side == ender {
        bans + 1
    } else {
        moves - bans
    }
}

/// A game with scores the search can solve: its states, how each stands, and the moves into each
/// with their weights. The style of [`crate::solver::Game`]: the moves are computed when asked.
///
/// # The rules a game keeps
/// 1. **States**: `0..num_states()`, at most [`MAX_POSITIONS`].
/// 2. **Starts**: [`for_each_start`](ScoredGame::for_each_start) calls `visit(side, stand)`
///    exactly `num_states()` times, for state 0 first, then 1, and so on: whose the state is, and
///    whether it is an end (with its payoff), open with `k >= 1` moves, or banned: `k` moves of
///    which the other side first bans `b < k`.
/// 3. **Moves**: [`for_each_predecessor(s, visit)`](ScoredGame::for_each_predecessor) calls
///    `visit(p, w)` once per move `p -> s` of weight `w >= 0` (a state with two moves into `s`
///    is listed twice): over all `s`, a state open with `k` moves is listed `k` times. Moves listed
///    out of an end are ignored. The search may ask about a state more than once (the move to
///    play asks again): the answer must be the same each time.
///
/// These rule breaks are an [`Error`](crate::input::Error) when the search meets them: a count of
/// starts other than `num_states()`, `Open(0)`, `Banned` with `bans >= moves`, a predecessor out
/// of range, a negative weight, more moves listed out of an open state of the other side than it
/// has (its counter is the one count of moves the search keeps). Any other disagreement between
/// the moves and the starts (too few moves listed; too many out of an ender's or a banned state)
/// gives unspecified totals or an error, and [`solve`](super::solve) and
/// [`plain::solve`](super::plain::solve) may then differ; never a panic, and the search still
/// ends.
///
/// # Example
/// A counter from `n` down: Min (the ender) at odd values, Max at even ones; a move takes 1 or
/// 2 off (not below 0) and costs what it takes; at 0 the game ends with payoff 0.
/// ```
/// use graph_games::scores::{solve, ScoredGame, Side, Stand, Total};
///
/// struct Countdown(usize);
///
/// impl ScoredGame for Countdown {
///     fn num_states(&self) -> usize { self.0 + 1 }
///     fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
///         for s in 0..=self.0 {
///             let side = if s % 2 == 1 { Side::Min } else { Side::Max };
///             visit(side, if s == 0 { Stand::End(0) } else { Stand::Open(s.min(2) as u32) });
///         }
///     }
///     fn for_each_predecessor<F: FnMut(usize, i64)>(&self, s: usize, mut visit: F) {
///         (1..=2).filter(|k| s + k <= self.0).for_each(|k| visit(s + k, k as i64));
///     }
/// }
///
/// let totals = solve(&Countdown(10), Side::Min).unwrap();
/// // Whatever the order of the moves, the total is what was taken off: all of it.
/// assert!((0..=10).all(|s| totals.total(s) == Total::Ends(s as i64)));
/// ```
pub trait ScoredGame {
    /// How many states there are (rule 1).
    fn num_states(&self) -> usize;

    /// Calls `visit(side, stand)` for each state, in order (rule 2).
    fn for_each_start<F: FnMut(Side, Stand)>(&self, visit: F);

    /// Calls `visit(p, w)` once for every move `p -> state` of weight `w` (rule 3).
    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, state: usize, visit: F);
}
