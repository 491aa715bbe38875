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
//! # Walks
//! Walking a state tests, for each predecessor, whether it is still open. Where the answers come in
//! runs or short patterns (the boards here: runs of decided states, predecessors padded with
//! repeats; a circle where every state is decided at once), the CPU predicts that branch, and the
//! **skipping** walk (`Walk::Skip`) passes over the decided ones for next to nothing. Where they
//! change at random (a random graph, a circle with half of all steps), it mispredicts about as
//! often, and each miss throws away the work already started for the next predecessors. The
//! **counting** walk (`Walk::Count`) has no such branch: it updates every predecessor with
//! arithmetic (a decided counter is written back unchanged), which costs a store for each decided
//! one. Both branch only on whether a predecessor is newly decided, which happens once per state,
//! and both give the same result.
//!
//! The search picks the walk itself, from what it sees, so that a game has nothing to choose. It
//! walks some states observed: every state at first, then one in 32, the gap doubling up to one
//! in 1024 while the choice holds. An observed walk records, for each predecessor, whether it was
//! open; once 1024 are recorded (a sample), they are fed in order to a small model of a branch
//! predictor (`Predictor`: a 2-bit counter per pattern of the last 12 answers, which learns runs
//! and short patterns as a CPU does and misses half of a coin toss), and the walk is chosen again
//! from the share of answers the model missed over the last four samples: skipping turns to
//! counting above 15%, counting back to skipping below 10% (the gap between the two keeps a game
//! near the line from flapping). A sample far from the ones before it (by more than 0.2) starts a
//! new phase: the choice is made from it alone, and the gap starts over at 32. The
//! states between two observed ones walk in a plain loop: the choice costs nothing per state.
//! Walking changes only open states, so the search also stops, at an observed state, once every
//! state is decided. The choice changes only speed, never a result; `docs/performance.md` has what
//! each walk costs where, and what the choice costs.
//!
//! # Memory
//! One counter per state holds both `remaining_moves` and the outcome: `0` is lose, the counter's
//! maximum value is win, anything between is an undecided state with that many moves left. The
//! counter is the narrowest type whose maximum exceeds every state's number of moves: a byte up to
//! 254 moves (all the board games here), a `u16` up to 65,534, else a `u32`. So the search needs
//! **1 byte per state** (2 or 4 with the wider counters) plus the queue of decided states not yet
//! walked (4 bytes each, see `Frontier`), 4 more per state with depth, and what the game stores.

mod counter;
mod frontier;
mod game;
pub mod moves;
mod values;
mod walk;

use self::counter::Counter;
use self::frontier::Frontier;
pub use self::frontier::Upcoming;
use self::game::{broken_rule, checked_max_moves};
pub use self::game::{Game, Outcome, Start};
pub use self::values::{find_options, loopy_values, Value, Values};
use self::walk::{Observed, Walk, WalkChooser};

/// The outcome of every state.
#[derive(Debug, Clone)]
pub struct Solution {
    counters: Counters,
}

/// Every state's counter at the end of the search, in the width the search used.
#[derive(Debug, Clone)]
enum Counters {
    Byte(Vec<u8>),
    Short(Vec<u16>),
    Wide(Vec<u32>),
}

impl Solution {
    /// The outcome of `state` for the player to move.
    pub fn outcome(&self, state: usize) -> Outcome {
        match &self.counters {
            Counters::Byte(c) => outcome_of(c[state]),
            Counters::Short(c) => outcome_of(c[state]),
            Counters::Wide(c) => outcome_of(c[state]),
        }
    }

    /// How many states there are.
    pub fn len(&self) -> usize {
        match &self.counters {
            Counters::Byte(c) => c.len(),
            Counters::Short(c) => c.len(),
            Counters::Wide(c) => c.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How many moves the game lasts from each state under optimal play, from [`solve_with_depth`]:
/// `Some(d)` for a decided state, `None` for a draw (it never ends).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepthTable {
    /// A `u32` per state, [`DepthTable::NEVER`] for a draw: no more memory than the bare numbers.
    depths: Vec<u32>,
}

impl DepthTable {
    /// What a drawn state holds (no decided state is that deep: there are at most 2^31 states).
    const NEVER: u32 = u32::MAX;

    /// How many moves the game lasts from `state` under optimal play, `None` if it is a draw.
    pub fn depth(&self, state: usize) -> Option<u32> {
        Some(self.depths[state]).filter(|&d| d != DepthTable::NEVER)
    }
}

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
pub fn solve<G: Game>(game: &G) -> Solution {
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
pub fn solve_with_depth<G: Game>(game: &G) -> (Solution, DepthTable) {
    let mut depths = DepthTable { depths: Vec::new() };
    let solution = search_with_counters(game, &mut depths);
    (solution, depths)
}

/// Checks what can be checked of the game before the search (the rules of [`Game`]), picks the
/// narrowest counter that leaves its maximum free for WIN, and searches.
fn search_with_counters<G: Game, D: Depths>(game: &G, depths: &mut D) -> Solution {
    let (n, max_moves) = (game.num_states(), checked_max_moves(game));
    depths.prepare(n);
    let counters = if max_moves < u32::from(u8::MAX) {
        Counters::Byte(search(game, depths))
    } else if max_moves < u32::from(u16::MAX) {
        Counters::Short(search(game, depths))
    } else {
        Counters::Wide(search(game, depths))
    };
    Solution { counters }
}

/// The search of the module doc. Returns every state's counter: `C::WIN`, `C::LOSE`, or (a draw)
/// the moves still not known to reach a winning state.
fn search<G: Game, C: Counter, D: Depths>(game: &G, depths: &mut D) -> Vec<C> {
    let (n, max_moves) = (game.num_states(), game.max_moves());
    let mut remaining_moves: Vec<C> = Vec::with_capacity(n);
    let mut frontier = Frontier::default();
    let mut above_max_moves = false;
    game.for_each_start(|start| {
        let state = remaining_moves.len();
        let counter = match start {
            Start::Win => C::WIN,
            Start::Lose | Start::Moves(0) => C::LOSE,
            Start::Moves(k) => {
                // The one check per state, without a branch: the counter is only as wide as
                // `max_moves` needs (the state is named after the loop, on the way to the panic).
                above_max_moves |= k > max_moves;
                C::from_moves(k)
            }
        };
        if !counter.is_open() {
            frontier.push_if(true, state, counter == C::LOSE);
            depths.decided_at_start(state);
        }
        remaining_moves.push(counter);
    });
    if above_max_moves {
        let mut state = 0;
        game.for_each_start(|start| match start {
            Start::Moves(k) if k > max_moves => broken_rule(format_args!(
                "state {state} starts as Moves({k}), above max_moves() = {max_moves} (every \
                     Moves(k) needs k <= max_moves(), which picks the width of the counters)"
            )),
            _ => state += 1,
        });
    }
    if remaining_moves.len() != n {
        let starts = remaining_moves.len();
        broken_rule(format_args!("for_each_start gave {starts} starts, not num_states() = {n}"));
    }

    let mut chooser = WalkChooser::new();
    let counters = &mut remaining_moves[..];
    loop {
        // The states up to the next observed one, in the walk chosen.
        let states = chooser.until_observed;
        let more = match chooser.walk {
            Walk::Skip => walk_states::<_, _, _, false>(game, counters, &mut frontier, depths, states),
            Walk::Count => walk_states::<_, _, _, true>(game, counters, &mut frontier, depths, states),
        };
        let (state, lost) = match frontier.pop() {
            Some(next) if more => next,
            _ => break,
        };
        // Walking changes only open states: with none left, the rest of the queue is done.
        // (Checked here only, to cost nothing per state: at most a gap's worth of states later.)
        if frontier.pushed() == counters.len() {
            break;
        }
        game.prefetch(&Upcoming { entries: frontier.waiting(), counters });
        let walk = (game, state, &mut *counters, &mut frontier, &mut *depths);
        // Observed states are few: they all walk counting (the same result as skipping).
        if lost {
            walk_back::<_, _, _, true, true, true>(walk, &mut chooser.observed);
        } else {
            walk_back::<_, _, _, false, true, true>(walk, &mut chooser.observed);
        }
        chooser.choose();
    }
    remaining_moves
}

/// Walks the next `states` states of the frontier (all of them if fewer) with the counting walk
/// if `COUNT`, else the skipping one. Returns whether the frontier may hold more.
// Not inlined: the hot loop is compiled apart from the start loop and the checks around it, so
// that what those hold does not change how the loop is laid out (`docs/performance.md`).
// Its references are separate parameters, not one tuple: LLVM knows that nothing else reaches a
// `&mut` parameter, not a `&mut` inside a tuple, and reloads what it cannot be sure of.
#[inline(never)]
fn walk_states<G: Game, C: Counter, D: Depths, const COUNT: bool>(
    game: &G,
    counters: &mut [C],
    frontier: &mut Frontier,
    depths: &mut D,
    states: u32,
) -> bool {
    for _ in 0..states {
        let (state, lost) = match frontier.pop() {
            Some(next) => next,
            None => return false,
        };
        // The frontier holds states in no order the cache can guess: the game may start loading
        // what walking the next ones will read.
        game.prefetch(&Upcoming { entries: frontier.waiting(), counters });
        let walk = (game, state, &mut *counters, &mut *frontier, &mut *depths);
        if lost {
            walk_back::<_, _, _, true, COUNT, false>(walk, &mut Observed::default());
        } else {
            walk_back::<_, _, _, false, COUNT, false>(walk, &mut Observed::default());
        }
    }
    true
}

/// The arguments of a walk: the game, the state walked, every counter, the frontier, the depths.
type WalkArgs<'a, G, C, D> = (&'a G, usize, &'a mut [C], &'a mut Frontier, &'a mut D);

/// Walks the moves into `state` backwards. If `state` is `LOST`, every open predecessor can
/// move there: it wins. Else one more move of each open predecessor is known to reach a winning
/// state; with none left, it loses. `Walk::Skip` branches on whether each predecessor is open,
/// `Walk::Count` (`COUNT`) updates every predecessor with arithmetic instead (a decided counter
/// is written back unchanged); both branch on whether it is newly decided. An `OBSERVE`d walk
/// also tells `observed` what it sees.
#[inline(always)]
fn walk_back<G: Game, C: Counter, D: Depths, const LOST: bool, const COUNT: bool, const OBSERVE: bool>(
    (game, state, counters, frontier, depths): WalkArgs<'_, G, C, D>,
    observed: &mut Observed,
) {
    game.for_each_predecessor(state, |p| {
        let c = &mut counters[p];
        let open = c.is_open();
        if COUNT || open {
            // WIN is all ones: `| WIN` makes any counter WIN, `| LOSE` changes none.
            *c = if LOST { *c | if open { C::WIN } else { C::LOSE } } else { *c - C::from(open) };
            let decided = open & (LOST || *c == C::LOSE);
            if decided {
                frontier.push_if(true, p, !LOST);
                depths.decided_after(p, state);
            }
        }
        if OBSERVE {
            observed.see(open);
        }
    });
}

/// Where the search records depths, or not: the search is compiled once per kind.
trait Depths {
    /// Makes room for `n` states, none decided yet.
    fn prepare(&mut self, n: usize);
    /// `state` is decided before the search: depth 0.
    fn decided_at_start(&mut self, state: usize);
    /// `state` is decided while `walked` is walked: one move more than `walked`.
    fn decided_after(&mut self, state: usize, walked: usize);
}

/// Records nothing.
struct NoDepths;

impl Depths for NoDepths {
    fn prepare(&mut self, _n: usize) {}
    #[inline(always)]
    fn decided_at_start(&mut self, _state: usize) {}
    #[inline(always)]
    fn decided_after(&mut self, _state: usize, _walked: usize) {}
}

impl Depths for DepthTable {
    fn prepare(&mut self, n: usize) {
        self.depths = vec![DepthTable::NEVER; n];
    }
    #[inline(always)]
    fn decided_at_start(&mut self, state: usize) {
        // The one place a start past the last state would be indexed before the count of starts
        // is checked, after the loop.
        if state >= self.depths.len() {
            let n = self.depths.len();
            broken_rule(format_args!("for_each_start gave more than num_states() = {n} starts"));
        }
        self.depths[state] = 0;
    }
    #[inline(always)]
    fn decided_after(&mut self, state: usize, walked: usize) {
        self.depths[state] = self.depths[walked] + 1;
    }
}

fn outcome_of<C: Counter>(c: C) -> Outcome {
    if c == C::WIN {
        Outcome::Win
    } else if c == C::LOSE {
        Outcome::Lose
    } else {
        Outcome::Draw
    }
}

#[cfg(test)]
mod tests {
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

    /// The walks the search chooses on `game`, in order, without repeats.
    fn chosen_walks<G: Game>(game: &G) -> Vec<Walk> {
        CHOSEN_WALKS.with(|c| c.borrow_mut().clear());
        solve(game);
        CHOSEN_WALKS.with(|c| c.take())
    }
}
