//! An optimal move out of every state, from a solved game ([`optimal_moves`]).
//!
//! # The invariant
//! A move `p -> v` is optimal when it keeps the result and makes the game one move shorter: a win
//! of depth `d` moves to a loss of depth `d - 1` (the quickest win), a loss of depth `d >= 1` to a
//! win of depth `d - 1` (the longest resistance), a draw to a draw. Every state the search decided
//! while walking has such a move (the state whose walk decided it, see the parent module doc's
//! "Depth"), and so has every draw (a draw has a move not into a win, and none into a loss). A state
//! decided before the search (depth 0) has none. When several moves are optimal, the one named
//! goes to the **lowest-numbered** state.
//!
//! # Cost
//! One pass over the predecessor lists, states in increasing order: each predecessor `p` of `v`
//! still without a move takes `v` if `p -> v` is optimal. O(states + moves) time, no recursion,
//! and 4 bytes per state.

use super::{DepthTable, Game, Outcome, Solution};

/// An optimal move out of every state (module doc), from [`optimal_moves`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMoves {
    /// The state moved to, or [`BestMoves::NONE`] (states are below 2^31).
    targets: Vec<u32>,
}

impl BestMoves {
    const NONE: u32 = u32::MAX;

    /// The state an optimal move out of `state` goes to; `None` if the game is over there.
    pub fn get(&self, state: usize) -> Option<usize> {
        Some(self.targets[state]).filter(|&t| t != BestMoves::NONE).map(|t| t as usize)
    }
}

/// An optimal move out of every state of `game`, given its `solution` and `depths` from
/// [`super::solve_with_depth`]; the lowest-numbered target among several (module doc).
///
/// ```
/// use graph_games::graph::{Graph, GraphGame};
/// use graph_games::solver::moves::optimal_moves;
/// use graph_games::solver::{solve_with_depth, Start};
///
/// // 0 -> 1 -> 2, 0 -> 2, 3 -> 3 and 3 -> 0.
/// let graph = Graph::from_edges(4, &[0, 0, 1, 3, 3], &[1, 2, 2, 3, 0]);
/// let game = GraphGame::new(&graph, |_| Start::Lose);
/// let (solution, depths) = solve_with_depth(&game);
/// let moves = optimal_moves(&game, &solution, &depths);
/// // 0 wins at once on 2, and 1 can only go there; 2 has no move. 3 stays put forever rather
/// // than move to 0, a win for the opponent: a draw.
/// assert_eq!([0, 1, 2, 3].map(|s| moves.get(s)), [Some(2), Some(2), None, Some(3)]);
/// ```
pub fn optimal_moves<G: Game>(game: &G, solution: &Solution, depths: &DepthTable) -> BestMoves {
    let mut targets = vec![BestMoves::NONE; solution.len()];
    for v in 0..solution.len() {
        let outcome = solution.outcome(v);
        // The depth of a state for which a move to `v` is optimal (`None`: a draw, for a draw).
        let before = depths.depth(v).map(|d| d + 1);
        game.for_each_predecessor(v, |p| {
            let optimal =
                depths.depth(p) == before && (outcome == Outcome::Draw || solution.outcome(p) != outcome);
            if targets[p] == BestMoves::NONE && optimal {
                targets[p] = v as u32;
            }
        });
    }
    BestMoves { targets }
}

#[cfg(test)]
mod tests {
    use super::super::{solve_with_depth, Start};
    use super::*;

    /// `moves[s]` lists the successors of `s`; a state without moves is `dead_end`.
    struct Lists {
        moves: Vec<Vec<usize>>,
        dead_end: Start,
    }

    impl Game for Lists {
        fn num_states(&self) -> usize {
            self.moves.len()
        }
        fn max_moves(&self) -> u32 {
            self.moves.iter().map(|m| m.len() as u32).max().unwrap_or(0)
        }
        fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
            for m in &self.moves {
                visit(if m.is_empty() { self.dead_end } else { Start::Moves(m.len() as u32) });
            }
        }
        fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, mut visit: F) {
            for (p, m) in self.moves.iter().enumerate() {
                m.iter().filter(|&&t| t == s).for_each(|_| visit(p));
            }
        }
    }

    fn moves_of(moves: &[&[usize]], dead_end: Start) -> Vec<Option<usize>> {
        let game = Lists { moves: moves.iter().map(|m| m.to_vec()).collect(), dead_end };
        let (solution, depths) = solve_with_depth(&game);
        let best = optimal_moves(&game, &solution, &depths);
        (0..moves.len()).map(|s| best.get(s)).collect()
    }

    #[test]
    fn quickest_win_longest_loss_and_draws() {
        // 1 -> 2 -> 3 -> 5 is a path into a dead end. 0 moves to 2 (lose 2) or 5 (lose 0): it wins
        // in 1 through 5. 4 moves to 0 (win 1) or 1 (win 3): it holds out through 1. 6 stays
        // forever rather than move to 0.
        let moves: &[&[usize]] = &[&[2, 5], &[2], &[3], &[5], &[0, 1], &[], &[0, 6]];
        assert_eq!(
            moves_of(moves, Start::Lose),
            [Some(5), Some(2), Some(3), Some(5), Some(1), None, Some(6)]
        );
        // Misère: 5 wins, 3 loses in 1, 2 wins in 2, 1 loses in 3, and so does 0, through 2 (the
        // longer of its two wins for the opponent). 4 wins in 4 through 0 or 1 (the lower), and 6
        // now wins through 0.
        assert_eq!(moves_of(moves, Start::Win), [Some(2), Some(2), Some(3), Some(5), Some(0), None, Some(0)]);
    }

    #[test]
    fn the_lowest_numbered_of_several_optimal_moves() {
        // 0 wins in 1 through 3, 2 or 1 (all dead ends), listed in that order.
        assert_eq!(moves_of(&[&[3, 2, 1], &[], &[], &[]], Start::Lose), [Some(1), None, None, None]);
    }
}
