//! An optimal move out of every state, from a solved game ([`optimal_moves`]), and a game solved
//! with everything a player asks of it: outcome, depth, the move, the whole line, and every move
//! with what it leads to ([`Tablebase`], as chess endgame tables answer).
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
//! and 4 bytes per state. A [`Tablebase`] holds the search's counters (1 to 4 bytes a state), the
//! depths and the moves (4 bytes each).

use super::{solve_with_depth, DepthTable, Game, Outcome, Solution};
use std::collections::HashSet;

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

/// A game solved with everything a player asks of it: the outcome and depth of every state, an
/// optimal move out of it ([`optimal_moves`]: the winner hurries, the loser stalls, a draw stays a
/// draw), the whole line of optimal play, and every move out of a state with what it leads to.
#[derive(Debug, Clone)]
pub struct Tablebase {
    solution: Solution,
    depths: DepthTable,
    moves: BestMoves,
}

/// A move out of a state, as [`Tablebase::probe`] tells it: where it goes, and the result and
/// length of the game after it **for the player who makes it** (the length counts this move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbedMove {
    pub to: usize,
    pub outcome: Outcome,
    /// `None` for a draw: the game never ends.
    pub depth: Option<u32>,
}

impl Tablebase {
    /// Solves `game` with depths and finds its optimal moves: O(states + moves).
    pub fn new<G: Game>(game: &G) -> Tablebase {
        let (solution, depths) = solve_with_depth(game);
        let moves = optimal_moves(game, &solution, &depths);
        Tablebase { solution, depths, moves }
    }

    /// How many states there are.
    pub fn len(&self) -> usize {
        self.solution.len()
    }

    pub fn is_empty(&self) -> bool {
        self.solution.is_empty()
    }

    /// The result for the player to move at `state`.
    pub fn outcome(&self, state: usize) -> Outcome {
        self.solution.outcome(state)
    }

    /// How many moves the game lasts from `state` under optimal play; `None` for a draw.
    pub fn depth(&self, state: usize) -> Option<u32> {
        self.depths.depth(state)
    }

    /// The state an optimal move out of `state` goes to; `None` where the game is over.
    pub fn best_move(&self, state: usize) -> Option<usize> {
        self.moves.get(state)
    }

    /// The states of optimal play from `state`, `state` first. A decided game ends where the game
    /// is over (its depth plus one states); a draw never ends, so its line stops at the first state
    /// that comes round again (the last in the list), from where it repeats.
    pub fn line(&self, state: usize) -> Vec<usize> {
        let mut line = vec![state];
        // Only a draw can come round: a decided state's move is one move shallower.
        let mut seen = HashSet::new();
        seen.insert(state);
        let mut at = state;
        while let Some(next) = self.best_move(at) {
            line.push(next);
            if self.outcome(next) == Outcome::Draw && !seen.insert(next) {
                break;
            }
            at = next;
        }
        line
    }

    /// The moves `moves` (the states a state moves to, as its game lists them) with what each
    /// leads to for the player who makes it, best first: wins, quickest first, then draws, then
    /// losses, longest first; equal ones in increasing order of their target (a target listed
    /// twice is one move). The first is the move [`Tablebase::best_move`] names, for a state whose
    /// game goes on.
    pub fn probe(&self, moves: impl IntoIterator<Item = usize>) -> Vec<ProbedMove> {
        let mut probed: Vec<ProbedMove> = moves
            .into_iter()
            .map(|to| {
                let outcome = match self.outcome(to) {
                    Outcome::Win => Outcome::Lose,
                    Outcome::Lose => Outcome::Win,
                    Outcome::Draw => Outcome::Draw,
                };
                ProbedMove { to, outcome, depth: self.depth(to).map(|d| d + 1) }
            })
            .collect();
        probed.sort_by_key(|m| match (m.outcome, m.depth) {
            (Outcome::Win, Some(d)) => (0, i64::from(d), m.to),
            (Outcome::Lose, Some(d)) => (2, -i64::from(d), m.to),
            _ => (1, 0, m.to),
        });
        probed.dedup();
        probed
    }
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
