//! A game written forward, as one thinks of it: how many states, the moves **out of** each, and
//! how a state stands when it has none ([`ForwardGame`]).
//!
//! The search walks moves backwards, so [`ForwardGame::new`] asks for every state's moves once and
//! lays out the moves into each as a [`Graph`] does (a counting sort: O(states + moves) time,
//! `4 * (2 * states + moves)` bytes, and while they are laid out up to [`peak_bytes`],
//! the edges' vector growing by doubling). Then it is a
//! [`Game`] like any other: [`solve`](crate::solver::solve), depths,
//! [`loopy_values`](crate::solver::loopy_values), and the move to play with
//! [`ForwardGame::tablebase`]. It keeps the rules for [`ForwardGame::moves_from`], which a probe of
//! one state's moves calls again.
//!
//! For a game too large to list its moves (10^8 states), implement [`Game`] itself: it lists the
//! moves into a state, computed on the fly, and costs a byte a state.

use crate::graph::{Graph, GraphBuilder, GraphGame};
use crate::solver::moves::{ProbedMove, Tablebase};
use crate::solver::{Game, Start, Upcoming};

/// A game given by the moves out of each state: states `0..num_states`, `moves(s, &mut list)`
/// pushing onto `list` (empty when called) the states `s` moves to, and `game_over(s)` how a state
/// without moves stands: `Start::Lose` in normal play (who cannot move loses), `Start::Win` in
/// misère. A state that may not move, whatever its moves, is one whose list is left empty. A
/// state listed twice is two moves (as an explicit graph's repeated edge; a probe lists it once).
/// `moves` is a `Fn`, called once per state here and again for each probe: it must give the same
/// list each time.
///
/// ```
/// use graph_games::forward::ForwardGame;
/// use graph_games::solver::{solve, Outcome, Start};
///
/// // A pile of s stones (0 to 10); a move takes one or two; who cannot move loses.
/// let game = ForwardGame::new(
///     11,
///     |s, moves| moves.extend((1..=2).filter(|&k| k <= s).map(|k| s - k)),
///     |_| Start::Lose,
/// );
/// let solution = solve(&game);
/// assert_eq!(solution.outcome(9), Outcome::Lose); // a multiple of 3
/// let table = game.tablebase();
/// assert_eq!((table.outcome(10), table.depth(10), table.best_move(10)), (Outcome::Win, Some(7), Some(9)));
/// assert_eq!(table.line(4), [4, 3, 1, 0]);
/// ```
pub struct ForwardGame<M, E> {
    graph: Graph,
    moves: M,
    game_over: E,
}

/// The most memory [`ForwardGame::new`] takes, in bytes, for `num_states` states and `num_moves`
/// moves in all: check it (`crate::memory::check_memory`) before, to keep the contract where
/// memory is short (the game keeps `8 * num_states + 4 * num_moves` after).
pub fn peak_bytes(num_states: usize, num_moves: usize) -> u128 {
    8 * num_states as u128 + 12 * num_moves as u128
}

impl<M: Fn(usize, &mut Vec<usize>), E: Fn(usize) -> Start> ForwardGame<M, E> {
    /// Lists every state's moves once and lays out the moves into each (module doc: cost).
    ///
    /// Panics if `num_states` is 2^31 or more, or a move goes to a state not below `num_states`,
    /// naming the state and the move.
    pub fn new(num_states: usize, moves: M, game_over: E) -> Self {
        // (Arguments after the message: with none, edition 2018 takes it for a plain string.)
        assert!(num_states <= 1 << 31, "a game has at most 2^31 states, not {}", num_states);
        let mut builder = GraphBuilder::new(num_states, 0);
        let mut list = Vec::new();
        for s in 0..num_states {
            list.clear();
            moves(s, &mut list);
            for &t in &list {
                assert!(t < num_states, "state {} moves to {}, not a state (there are {})", s, t, num_states);
                builder.add_edge(s as u32, t as u32);
            }
        }
        ForwardGame { graph: builder.build(), moves, game_over }
    }

    /// The states `state` moves to, as the rules list them.
    pub fn moves_from(&self, state: usize) -> Vec<usize> {
        let mut list = Vec::new();
        (self.moves)(state, &mut list);
        list
    }

    /// The moves into each state, as an explicit graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The game solved with depths and optimal moves ([`Tablebase`]): O(states + moves).
    pub fn tablebase(&self) -> Tablebase {
        Tablebase::new(self)
    }

    /// Every move out of `state` with what it leads to, best first ([`Tablebase::probe`]).
    pub fn probe(&self, table: &Tablebase, state: usize) -> Vec<ProbedMove> {
        table.probe(self.moves_from(state))
    }

    fn as_graph_game(&self) -> GraphGame<'_, &E> {
        GraphGame::new(&self.graph, &self.game_over)
    }
}

impl<M: Fn(usize, &mut Vec<usize>), E: Fn(usize) -> Start> Game for ForwardGame<M, E> {
    fn num_states(&self) -> usize {
        self.graph.num_vertices()
    }

    fn max_moves(&self) -> u32 {
        self.as_graph_game().max_moves()
    }

    fn for_each_start<V: FnMut(Start)>(&self, visit: V) {
        self.as_graph_game().for_each_start(visit)
    }

    fn for_each_predecessor<V: FnMut(usize)>(&self, s: usize, visit: V) {
        self.as_graph_game().for_each_predecessor(s, visit)
    }

    #[inline(always)]
    fn prefetch<C>(&self, upcoming: &Upcoming<'_, C>) {
        self.as_graph_game().prefetch(upcoming)
    }
}
