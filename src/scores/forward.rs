//! A game with scores written forward: the moves **out of** each state ([`ForwardScored`]), laid
//! out once as a [`ScoreGraph`], as [`crate::forward::ForwardGame`] does for win/lose/draw.

use super::game::{ScoredGame, Side, Stand};
use super::graph::{lay_out, ScoreGraph};
use crate::input::Error;

/// A game given by the moves out of each state: states `0..num_states`, `side(s)` whose each is,
/// `moves(s, &mut list)` pushing onto `list` (empty when called) every move `(to, weight)` out of
/// `s`, and `payoff(s)` what the game gives at a state without moves (asked of every state, used
/// at those only). `moves` is called twice per state by [`ForwardScored::new`] (a count, then the
/// layout) and again by [`ForwardScored::moves_from`]: it must give the same list each time.
///
/// ```
/// use graph_games::scores::{solve, ForwardScored, Side, Total};
///
/// // A pile of s stones (0 to 10): Min takes 1 (cost 1) or 2 (cost 3); at 0 the game ends.
/// let game = ForwardScored::new(
///     11,
///     |_| Side::Min,
///     |s, moves| moves.extend([(1, 1), (2, 3)].iter().filter(|m| m.0 <= s).map(|&(k, w)| (s - k, w))),
///     |_| 0,
/// )
/// .unwrap();
/// let totals = solve(&game, Side::Min).unwrap();
/// assert_eq!(totals.total(10), Total::Ends(10)); // one at a time is cheaper
/// assert_eq!(totals.line(&game, 3).unwrap().positions, [3, 2, 1, 0]);
/// ```
pub struct ForwardScored<M> {
    graph: ScoreGraph,
    moves: M,
}

impl<M: Fn(usize, &mut Vec<(usize, i64)>)> ForwardScored<M> {
    /// Lists every state's moves (twice) and lays out the moves into each: O(states + moves).
    /// Errors as [`ScoreGraph::new`]'s: a move out of range or of negative weight (named), too
    /// many states or moves, memory that cannot be had.
    pub fn new<S: Fn(usize) -> Side, P: Fn(usize) -> i64>(
        num_states: usize,
        side: S,
        moves: M,
        payoff: P,
    ) -> Result<Self, Error> {
        let graph = lay_out(num_states, side, payoff, |visit| {
            let mut list = Vec::new();
            for s in 0..num_states {
                list.clear();
                moves(s, &mut list);
                for &(t, w) in &list {
                    visit(s, t, w)?;
                }
            }
            Ok(())
        })?;
        Ok(ForwardScored { graph, moves })
    }

    /// The same game where the other side first bans `bans[s]` of state `s`'s moves (0 for
    /// none): [`ScoreGraph::with_bans`], with its errors.
    pub fn with_bans(self, bans: &[u32]) -> Result<Self, Error> {
        Ok(ForwardScored { graph: self.graph.with_bans(bans)?, moves: self.moves })
    }

    /// The moves out of `state`, `(to, weight)`, as the rules list them.
    pub fn moves_from(&self, state: usize) -> Vec<(usize, i64)> {
        let mut list = Vec::new();
        (self.moves)(state, &mut list);
        list
    }

    /// The moves into each state, as an explicit game.
    pub fn graph(&self) -> &ScoreGraph {
        &self.graph
    }
}

impl<M> ScoredGame for ForwardScored<M> {
    fn num_states(&self) -> usize {
        self.graph.num_states()
    }

    fn for_each_start<F: FnMut(Side, Stand)>(&self, visit: F) {
        self.graph.for_each_start(visit)
    }

    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, state: usize, visit: F) {
        self.graph.for_each_predecessor(state, visit)
    }
}
