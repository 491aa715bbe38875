//! Win, lose or draw for every state of a two-player game whose moves may form cycles.
//!
//! # The game contract
//! A [`Game`] has states `0..num_states()`; it tells how each stands before the search (decided,
//! or open with `k` moves) and lists the moves into any state. The rules it keeps, and what the
//! search does when one is broken, are stated once, in [`Game`]'s documentation. Explicit graphs
//! ([`crate::graph::GraphGame`]) and board games that compute their moves on the fly both fit.
//! One optional item is only about speed: [`Game::prefetch`].
//!
//! # The algorithm
//! Every state keeps `remaining_moves`: how many of its moves are not yet known to reach a winning
//! state. A FIFO queue starts with the decided states and walks moves backwards:
//! - a predecessor of a **losing** state wins (it can move there);
//! - a predecessor of a **winning** state loses one remaining move; when none remain, every move
//!   reaches a winning state, so it loses.
//!
//! Invariant: a state enters the queue exactly when it is decided, and each state is decided (and
//! queued, and walked) at most once, so every move is walked backwards at most once:
//! O(states + moves) time, no recursion. States never decided are draws: from each, the player to
//! move has a move that is not known to lose, and neither player can force the game to end.
//!
//! # Depth
//! Because the queue is FIFO, states are decided in rounds: round 0 holds the decided states, round
//! `d + 1` the states decided while round `d` is walked. A state decided in round `d` lasts exactly
//! `d` moves under optimal play (the winner ends the game as fast as he can, the loser drags it out):
//! a winner is decided by its first losing successor to come off the queue, which has the smallest
//! depth; a loser by its last winning successor, which has the largest. So the depth of a newly
//! decided state is one more than that of the state being walked. Recording it is an option:
//! [`solve_with_depth`] does, [`solve`] does not and pays nothing for it (the search is generic over
//! where it records depths, and recording nothing compiles to nothing). From the depths,
//! [`moves::optimal_moves`] names an optimal move out of every state, in one more pass over the moves.
//!
//! # Two layers
//! [`reference`](mod@reference) is the algorithm as written above, plain, top to bottom: the specification.
//! [`solve`] and [`solve_with_depth`] run it made fast (`search.rs`: a counter that also holds the
//! outcome, in the narrowest width; a queue that carries outcomes and lets the game prefetch; two
//! walks, chosen as it goes, in `walk.rs`), and `tests/reference.rs` holds the two equal on every
//! game family. Beside the search: [`moves`] (the move to play, and a tablebase of every state)
//! and [`loopy_values`] (the values of a sum of games).
//!
//! # Memory
//! One counter per state holds both `remaining_moves` and the outcome: `0` is lose, the counter's
//! maximum value is win, anything between is an undecided state with that many moves left. The
//! counter is the narrowest type whose maximum exceeds every state's number of moves: a byte up to
//! 254 moves (all the board games here), a `u16` up to 65,534, else a `u32`. So the search needs
//! **1 byte per state** (2 or 4 with the wider counters) plus the queue of decided states not yet
//! walked (4 bytes each, see `Frontier`), 4 more per state with depth, and what the game stores.
//! [`search_bytes_per_state`] says it with the queue at its largest; [`table_bytes_per_state`]
//! without it, for a program that checks the tables before it searches and lets the queue grow
//! as it goes: [`try_solve`] and [`try_solve_with_depth`] grow it checked, and memory that runs
//! out there is an error, not an abort.

mod counter;
mod frontier;
mod game;
pub mod moves;
mod progress;
pub mod reference;
mod search;
mod solution;
mod stage;
mod values;
mod walk;

pub use self::frontier::Upcoming;
pub use self::game::{Game, Outcome, Start};
pub use self::progress::{find_options, progress_moves, SumMove};
pub use self::search::{search_bytes_per_state, table_bytes_per_state};
use self::search::{search_with_counters, NoDepths, RecordDepths};
pub use self::solution::{DepthTable, Solution};
pub use self::values::{
    loopy_values, loopy_values_ranked, try_loopy_values, try_loopy_values_ranked, values_bytes, Value, Values,
};
use crate::input::Error;

/// Decides every state of `game`. O(states + moves) time; see the module doc for memory, and
/// [`Game`] for the rules a game keeps (a broken one it can see panics).
///
/// ```
/// use graph_games::graph::{Graph, GraphGame};
/// use graph_games::solver::{solve, Outcome, Start};
///
/// // 0 -> 1 and 2 -> 2, in normal play (a player with no move loses).
/// let graph = Graph::from_edges(3, &[0, 2], &[1, 2]);
/// let solution = solve(&GraphGame::new(&graph, |_| Start::Lose));
/// assert_eq!([0, 1, 2].map(|v| solution.outcome(v)), [Outcome::Win, Outcome::Lose, Outcome::Draw]);
/// ```
///
/// Panics when memory runs out: input-driven code uses [`try_solve`].
pub fn solve<G: Game>(game: &G) -> Solution {
    try_solve(game).unwrap_or_else(|e| panic!("{}", e))
}

/// [`solve`], with memory that cannot be had an [`Error`] naming what needed how much: the
/// counters ([`table_bytes_per_state`] a state, made at the start), or the queue, which grows
/// as the search goes (at most 8 bytes a state in all; on most games far less).
pub fn try_solve<G: Game>(game: &G) -> Result<Solution, Error> {
    search_with_counters(game, &mut NoDepths)
}

/// Decides every state of `game`, and for each tells how many moves the game lasts from it under
/// optimal play (the winner ends it as fast as he can, the loser drags it out; a draw never
/// ends). Costs one more `u32` per state.
///
/// ```
/// use graph_games::graph::{Graph, GraphGame};
/// use graph_games::solver::{solve_with_depth, Outcome, Start};
///
/// // 0 -> 1 -> 2, 0 -> 2, and 3 -> 3.
/// let graph = Graph::from_edges(4, &[0, 0, 1, 3], &[1, 2, 2, 3]);
/// let (solution, depths) = solve_with_depth(&GraphGame::new(&graph, |_| Start::Lose));
/// // 0 wins at once by moving to 2, where the opponent cannot move.
/// assert_eq!((solution.outcome(0), depths.depth(0)), (Outcome::Win, Some(1)));
/// assert_eq!((solution.outcome(2), depths.depth(2)), (Outcome::Lose, Some(0)));
/// assert_eq!((solution.outcome(3), depths.depth(3)), (Outcome::Draw, None));
/// ```
///
/// Panics when memory runs out: input-driven code uses [`try_solve_with_depth`].
pub fn solve_with_depth<G: Game>(game: &G) -> (Solution, DepthTable) {
    try_solve_with_depth(game).unwrap_or_else(|e| panic!("{}", e))
}

/// [`solve_with_depth`], with memory that cannot be had an [`Error`] (see [`try_solve`]).
pub fn try_solve_with_depth<G: Game>(game: &G) -> Result<(Solution, DepthTable), Error> {
    let mut recorded = RecordDepths { depths: Vec::new() };
    let solution = search_with_counters(game, &mut recorded)?;
    Ok((solution, DepthTable { depths: recorded.depths }))
}

#[cfg(test)]
mod tests {
    use super::solution::Counters;
    use super::walk::Walk;
    use super::*;

    /// A tiny explicit game: `moves[s]` lists the successors of `s`; `over[s]` marks decided states.
    struct Table {
        moves: Vec<Vec<usize>>,
        over: Vec<Option<Start>>,
    }

    impl Game for Table {
        fn num_states(&self) -> usize {
            self.moves.len()
        }
        fn max_moves(&self) -> u32 {
            self.moves.iter().map(|m| m.len() as u32).max().unwrap_or(0)
        }
        fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
            for (over, moves) in self.over.iter().zip(&self.moves) {
                visit(over.unwrap_or(Start::Moves(moves.len() as u32)));
            }
        }
        fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, mut visit: F) {
            for (p, m) in self.moves.iter().enumerate() {
                m.iter().filter(|&&t| t == s).for_each(|_| visit(p));
            }
        }
    }

    fn table(moves: &[&[usize]]) -> Table {
        Table { moves: moves.iter().map(|m| m.to_vec()).collect(), over: vec![None; moves.len()] }
    }

    use super::walk::hooks::{CHOSEN_WALKS, FORCED_WALK};

    /// What `run` returns with the walk forced to `walk` on this thread's searches.
    fn with_walk<T>(walk: Walk, run: impl FnOnce() -> T) -> T {
        FORCED_WALK.with(|w| w.set(Some(walk)));
        let result = run();
        FORCED_WALK.with(|w| w.set(None));
        result
    }

    use Outcome::{Draw, Lose, Win};

    /// Every state's outcome and depth, the same from the chosen walk and from each walk forced,
    /// with and without depths.
    fn solved<G: Game>(game: &G) -> (Vec<Outcome>, Vec<Option<u32>>) {
        let outcomes =
            |solution: Solution| (0..solution.len()).map(|s| solution.outcome(s)).collect::<Vec<_>>();
        let (chosen, depths) = solve_with_depth(game);
        let got = outcomes(chosen);
        assert_eq!(outcomes(solve(game)), got);
        for walk in [Walk::Skip, Walk::Count] {
            let (forced, forced_depths) = with_walk(walk, || solve_with_depth(game));
            assert_eq!(outcomes(forced), got, "{walk:?}");
            assert_eq!(forced_depths, depths, "{walk:?}");
            assert_eq!(outcomes(with_walk(walk, || solve(game))), got, "{walk:?}");
        }
        let depths = (0..got.len()).map(|s| depths.depth(s)).collect();
        (got, depths)
    }

    #[test]
    fn chain_cycle_and_self_loop() {
        // 0 -> 1 -> 2 (no moves); 3 -> 3 and 3 -> 0; 4 -> 4.
        let game = table(&[&[1], &[2], &[], &[3, 0], &[4]]);
        assert_eq!(
            solved(&game),
            (vec![Lose, Win, Lose, Win, Draw], vec![Some(2), Some(1), Some(0), Some(3), None])
        );
    }

    #[test]
    fn repeated_moves_count_twice() {
        // 0 has two moves to 1 and one to 2; 1 wins (moves to 3, which has none); 2 draws.
        let game = table(&[&[1, 1, 2], &[3], &[2], &[]]);
        assert_eq!(solved(&game).0[0], Draw);
        // Without the draw, both moves into a winning state make 0 lose.
        let game = table(&[&[1, 1], &[3], &[2], &[]]);
        assert_eq!(solved(&game).0[0], Lose);
    }

    #[test]
    fn decided_states_ignore_their_moves() {
        // 0 is declared a win: its move into a winning state does not make it lose.
        let mut game = table(&[&[1], &[], &[0]]);
        game.over[0] = Some(Start::Win);
        game.over[1] = Some(Start::Win);
        assert_eq!(solved(&game), (vec![Win, Win, Lose], vec![Some(0), Some(0), Some(1)]));
    }

    #[test]
    fn wider_counters() {
        // State 0 has 300 moves (u16 counters), all into state 1, which wins by moving to 2 (no
        // moves): 0 loses.
        let mut moves = vec![vec![1; 300], vec![2], vec![]];
        assert_eq!(solved(&Table { moves: moves.clone(), over: vec![None; 3] }).0, [Lose, Win, Lose]);
        let solution = solve(&Table { moves: moves.clone(), over: vec![None; 3] });
        assert!(matches!(solution.counters, Counters::Short(_)));
        // One more move, to itself, makes it a draw.
        moves[0].push(0);
        assert_eq!(solved(&Table { moves: moves.clone(), over: vec![None; 3] }).0, [Draw, Win, Lose]);
        // Past 65,534 moves the counters are u32; the outcomes are the same.
        moves[0] = vec![1; 70_000];
        assert_eq!(solved(&Table { moves: moves.clone(), over: vec![None; 3] }).0, [Lose, Win, Lose]);
        let solution = solve(&Table { moves: moves.clone(), over: vec![None; 3] });
        assert!(matches!(solution.counters, Counters::Wide(_)));
        moves[0].push(0);
        assert_eq!(solved(&Table { moves, over: vec![None; 3] }).0, [Draw, Win, Lose]);
    }

    #[test]
    fn empty_game() {
        assert_eq!(solved(&table(&[])), (vec![], vec![]));
    }

    #[test]
    fn moves_zero_is_lose_and_outcomes_have_fixed_values() {
        let mut game = table(&[&[1], &[]]);
        game.over[1] = Some(Start::Moves(0));
        assert_eq!(solved(&game), (vec![Win, Lose], vec![Some(1), Some(0)]));
        assert_eq!([Win as usize, Lose as usize, Draw as usize], [0, 1, 2]);
    }

    /// A [`Table`] that breaks a rule: it claims `max_moves`, and gives `extra` more starts than
    /// it has states (`Moves(1)` if `extra_open`, else `Lose`), or `missing` fewer.
    struct Broken {
        table: Table,
        max_moves: u32,
        extra: usize,
        extra_open: bool,
        missing: usize,
    }

    impl Game for Broken {
        fn num_states(&self) -> usize {
            self.table.num_states()
        }
        fn max_moves(&self) -> u32 {
            self.max_moves
        }
        fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
            let mut starts = Vec::new();
            self.table.for_each_start(|start| starts.push(start));
            starts.truncate(starts.len() - self.missing);
            starts.resize(
                starts.len() + self.extra,
                if self.extra_open { Start::Moves(1) } else { Start::Lose },
            );
            starts.into_iter().for_each(&mut visit);
        }
        fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, visit: F) {
            self.table.for_each_predecessor(s, visit)
        }
    }

    /// The chain of `chain_cycle_and_self_loop`, honest but for `max_moves`, the starts given
    /// past the last state and those missing.
    fn broken(max_moves: u32, extra: usize, extra_open: bool, missing: usize) -> Broken {
        let table = table(&[&[1], &[2], &[], &[3, 0], &[4]]);
        Broken { table, max_moves, extra, extra_open, missing }
    }

    #[test]
    fn an_honest_broken_game_is_solved() {
        let outcomes =
            |solution: Solution| (0..solution.len()).map(|s| solution.outcome(s)).collect::<Vec<_>>();
        // A bound above the true maximum costs width, never answers.
        for max_moves in [2, 3, 254, 255, 65_535, u32::MAX - 1] {
            assert_eq!(outcomes(solve(&broken(max_moves, 0, false, 0))), [Lose, Win, Lose, Win, Draw]);
        }
    }

    /// A game whose predecessors are listed from lists kept in memory (a [`Table`] scans every
    /// move for each state: too slow for the sizes where the chosen walk changes).
    struct Lists {
        predecessors: Vec<Vec<usize>>,
        moves: Vec<u32>,
    }

    impl Game for Lists {
        fn num_states(&self) -> usize {
            self.moves.len()
        }
        fn max_moves(&self) -> u32 {
            self.moves.iter().copied().max().unwrap_or(0)
        }
        fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
            self.moves.iter().for_each(|&k| visit(Start::Moves(k)));
        }
        fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, mut visit: F) {
            self.predecessors[s].iter().for_each(|&p| visit(p));
        }
    }

    #[test]
    #[should_panic(expected = "state 3 starts as Moves(2), above max_moves() = 1")]
    fn more_moves_than_max_moves_is_caught() {
        solve(&broken(1, 0, false, 0));
    }

    #[test]
    #[should_panic(expected = "state 3 starts as Moves(2), above max_moves() = 1")]
    fn more_moves_than_max_moves_is_caught_with_depths_too() {
        solve_with_depth(&broken(1, 0, false, 0));
    }

    #[test]
    #[should_panic(expected = "more than num_states() = 5 starts")]
    fn a_decided_start_past_the_last_state_is_caught() {
        solve_with_depth(&broken(2, 1, false, 0));
    }

    #[test]
    #[should_panic(expected = "for_each_start gave 7 starts, not num_states() = 5")]
    fn open_starts_past_the_last_state_are_caught() {
        solve_with_depth(&broken(2, 2, true, 0));
    }

    #[test]
    #[should_panic(expected = "for_each_start gave 4 starts, not num_states() = 5")]
    fn a_missing_start_is_caught() {
        solve(&broken(2, 0, false, 1));
    }

    /// A game too large to number its states in the search's `u32` entries.
    struct Huge;

    impl Game for Huge {
        fn num_states(&self) -> usize {
            (1 << 31) + 1
        }
        fn max_moves(&self) -> u32 {
            0
        }
        fn for_each_start<F: FnMut(Start)>(&self, _visit: F) {
            unreachable!("caught before the starts")
        }
        fn for_each_predecessor<F: FnMut(usize)>(&self, _s: usize, _visit: F) {}
    }

    #[test]
    #[should_panic(expected = "num_states() is 2147483649, above the 2^31 states a game may have")]
    fn more_than_2_pow_31_states_are_caught_before_any_memory_is_taken() {
        solve_with_depth(&Huge);
    }

    #[test]
    #[should_panic(expected = "max_moves() is u32::MAX")]
    fn max_moves_of_u32_max_is_caught() {
        solve(&broken(u32::MAX, 0, false, 0));
    }

    #[test]
    fn the_chosen_walk_changes_and_agrees_with_both() {
        use crate::rng::Rng;
        let mut rng = Rng::new(26);
        // A random graph (open and decided predecessors at random: Count) beside a long chain
        // into a state without moves, each link 8 moves (8 predecessors, open: Skip). The chain
        // is walked a state per round, so it is all that is left once the random graph is done.
        for case in 0..3 {
            let (random, chain) = (20_000 + 5000 * case, 100_000);
            let n = random + chain + 1;
            let mut predecessors = vec![Vec::new(); n];
            let mut moves = vec![0u32; n];
            for (v, k) in moves.iter_mut().enumerate().take(random) {
                for _ in 0..rng.between(0, 10) {
                    predecessors[rng.between(0, random - 1)].push(v);
                    *k += 1;
                }
            }
            for v in random..n - 1 {
                predecessors[v + 1].extend([v; 8]);
                moves[v] = 8;
            }
            let game = Lists { predecessors, moves };
            solved(&game);
            let walks = chosen_walks(&game);
            assert!(walks.contains(&Walk::Count) && walks.last() == Some(&Walk::Skip), "{walks:?}");
        }
        assert_eq!(FORCED_WALK.with(|w| w.get()), None);
    }

    /// Every state's loopy value, its set `K` if infinite, and its rank.
    fn values_seen(values: &Values) -> Vec<(Value, Option<Vec<u32>>, Option<u32>)> {
        let seen = |s| (values.value(s), values.infinite_set(s).map(|k| k.collect()), values.rank(s));
        (0..values.len()).map(seen).collect()
    }

    #[test]
    fn loopy_values_are_the_same_from_the_chosen_walk_and_from_each_forced() {
        use crate::graph::{Graph, GraphGame};
        use crate::rng::Rng;
        let (mut rng, mut infinite) = (Rng::new(40), 0);
        // Random graphs, where whether a reached state's predecessor counts is a coin toss (the
        // stages walk with arithmetic), with cycles and infinite values; then random graphs beside
        // a staircase (each stair moves to every lower one: the late stages skip with a branch).
        for case in 0..5 {
            let (random, stairs) = (20_000 + 3000 * case, if case >= 3 { 600 } else { 0 });
            let (mut sources, mut targets) = (Vec::new(), Vec::new());
            for _ in 0..random * (1 + case % 3) {
                sources.push(rng.below(random as u64) as u32);
                targets.push(rng.below(random as u64) as u32);
            }
            for high in 0..stairs {
                for low in 0..high {
                    sources.push((random + high) as u32);
                    targets.push((random + low) as u32);
                }
            }
            let graph = Graph::from_edges(random + stairs, &sources, &targets);
            let game = GraphGame::new(&graph, |_| Start::Lose);
            let chosen = values_seen(&loopy_values_ranked(&game));
            if stairs > 0 {
                assert_eq!(chosen[random + stairs - 1].0, Value::Finite(stairs as u32 - 1));
            }
            infinite += chosen.iter().filter(|seen| seen.0 == Value::Infinite).count();
            for walk in [Walk::Skip, Walk::Count] {
                let forced = values_seen(&with_walk(walk, || loopy_values_ranked(&game)));
                assert!(forced == chosen, "case {case}, {walk:?}");
            }
            let unranked = loopy_values(&game);
            assert!((0..chosen.len()).all(|s| unranked.value(s) == chosen[s].0), "case {case}");
        }
        assert!(infinite > 0);
    }

    /// The walks the search chooses on `game`, in order, without repeats.
    fn chosen_walks<G: Game>(game: &G) -> Vec<Walk> {
        CHOSEN_WALKS.with(|c| c.borrow_mut().clear());
        solve(game);
        CHOSEN_WALKS.with(|c| c.take())
    }
}
