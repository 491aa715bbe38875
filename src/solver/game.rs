//! The contract between a game and the searches of this module: how a state stands before a
//! search ([`Start`]), what a search finds ([`Outcome`]), the [`Game`] trait with the rules a game
//! keeps, and the panic that a broken rule meets ([`broken_rule`]).

use super::frontier::Upcoming;

/// How a state stands before the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// The game is over and the player to move has won.
    Win,
    /// The game is over and the player to move has lost.
    Lose,
    /// The game goes on: the player to move has this many moves (`Moves(0)` is `Lose`).
    Moves(u32),
}

/// The result for the player to move, with optimal play. The values are fixed, for tables
/// indexed by outcome (`outcome as usize`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win = 0,
    Lose = 1,
    Draw = 2,
}

/// A game the solver can decide: its states, how each stands before the search, and the moves
/// into each.
///
/// # The rules a game keeps
/// 1. **States**: `0..num_states()`, at most 2^31 of them.
/// 2. **Starts**: [`for_each_start`](Game::for_each_start) calls `visit` exactly `num_states()`
///    times, for state 0 first, then 1, and so on. Each state is decided ([`Start::Win`] or
///    [`Start::Lose`]: the game is over there) or open with `k` moves ([`Start::Moves`]).
///    `Moves(0)` is allowed and is the same as `Lose`.
/// 3. **The bound**: [`max_moves`](Game::max_moves) is at least every `k` of a `Moves(k)`, and
///    below `u32::MAX`. It picks the width of the counters (a byte per state below 255): a larger
///    bound than the true maximum costs memory, never answers.
/// 4. **Moves**: [`for_each_predecessor(s, visit)`](Game::for_each_predecessor) calls `visit(p)`
///    once per move `p -> s`, in any order, each `p` in `0..num_states()` (a state with two moves
///    into `s` is listed twice): over all `s`, a state that starts as `Moves(k)` is listed `k`
///    times. It lists `p` whether or not the search has decided it yet (decided ones are ignored);
///    moves out of a state that starts decided may be listed or not (ignored too). The search asks
///    about each state at most once, in no order the game may rely on.
///
/// # A rule broken
/// Panics, in release builds too, with a message naming the state and the rule: a count of starts
/// other than `num_states()`, more than 2^31 states, a `Moves(k)` above `max_moves()`,
/// `max_moves()` equal to `u32::MAX`. A predecessor outside `0..num_states()` panics (index out of
/// bounds). Moves listed that otherwise disagree with a `Moves(k)` are not caught: the outcomes are
/// unspecified, but the search still ends, in time linear in the states and moves listed.
///
/// # Example
/// A pile of `s` stones is state `s`; a move takes one or two; facing the empty pile, one has lost.
/// ```
/// use graph_games::solver::{solve, Game, Outcome, Start};
///
/// struct Pile(usize); // at most this many stones
///
/// impl Game for Pile {
///     fn num_states(&self) -> usize { self.0 + 1 }
///     fn max_moves(&self) -> u32 { 2 }
///     fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
///         visit(Start::Lose); // the empty pile: the game is over
///         (1..=self.0).for_each(|s| visit(Start::Moves(s.min(2) as u32)));
///     }
///     fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, visit: F) {
///         (s + 1..=(s + 2).min(self.0)).for_each(visit); // from s + 1 and s + 2
///     }
/// }
///
/// let solution = solve(&Pile(10));
/// // The player to move loses exactly on a multiple of 3.
/// assert!((0..=10).all(|s| (solution.outcome(s) == Outcome::Lose) == (s % 3 == 0)));
/// ```
pub trait Game {
    /// How many states there are (rule 1).
    fn num_states(&self) -> usize;

    /// An upper bound on `k` over all states that start as `Moves(k)` (rule 3).
    fn max_moves(&self) -> u32;

    /// Calls `visit` with how each state stands before the search, in order (rule 2).
    fn for_each_start<F: FnMut(Start)>(&self, visit: F);

    /// Calls `visit(p)` once for every move `p -> state` (rule 4).
    fn for_each_predecessor<F: FnMut(usize)>(&self, state: usize, visit: F);

    /// A hint: `upcoming` are the states the search walks next, in order (`upcoming.get(0)` is
    /// next). A game that keeps predecessor lists in memory far apart can start loading the ones
    /// it will be asked for soon. Does nothing unless a game says otherwise.
    #[inline(always)]
    fn prefetch<C>(&self, _upcoming: &Upcoming<'_, C>) {}
}

/// Panics with `what`, a rule of [`Game`] broken: an error in the game's code, not in its input.
#[cold]
#[inline(never)]
pub(super) fn broken_rule(what: std::fmt::Arguments) -> ! {
    panic!("a broken graph_games::solver::Game (see the rules in its documentation): {}", what)
}

/// `game.max_moves()`, once the two rules a search checks before it starts hold: at most 2^31
/// states, and `max_moves()` below `u32::MAX` (a broken one panics).
pub(super) fn checked_max_moves<G: Game>(game: &G) -> u32 {
    let n = game.num_states();
    if n > 1 << 31 {
        broken_rule(format_args!("num_states() is {n}, above the 2^31 states a game may have"));
    }
    let max_moves = game.max_moves();
    if max_moves == u32::MAX {
        broken_rule(format_args!("max_moves() is u32::MAX, and must be below it"));
    }
    max_moves
}
