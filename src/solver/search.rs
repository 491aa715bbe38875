//! The search of the parent module doc as it runs fast: what it adds to the plain search of
//! [`super::reference`], which it must always agree with (`tests/reference.rs`).
//!
//! - **One counter per state** holds both `remaining_moves` and the outcome (`Counter`: `0` is
//!   lose, the type's maximum win, anything between an open state's moves left), in the narrowest
//!   of `u8`, `u16` and `u32` that the game's `max_moves()` allows: a byte a state for every board
//!   game here, where the plain search keeps an outcome, a counter and a depth.
//! - **The queue** (`Frontier`) carries each state's outcome beside it, so that walking a state
//!   never reads its counter, and it tells the game which states come next, so that the game may
//!   prefetch what walking them will read ([`super::Game::prefetch`]).
//! - **Depths** are recorded only when asked for: the search is generic over where it records them
//!   (`Depths`), and recording nothing compiles to nothing.
//! - **Two walks**, skipping and counting, chosen as the search goes (`super::walk`).
//!
//! Invariant, as in the plain search: a state enters the queue exactly when it is decided, once.

use super::counter::Counter;
use super::frontier::{Frontier, Upcoming};
use super::game::{broken_rule, checked_max_moves, Game, Start};
use super::solution::{Counters, DepthTable, Solution};
use super::walk::{Observed, Walk, WalkChooser};
use crate::input::{out_of_memory, Error};

/// The memory [`super::solve`] needs per state beside the game's own (the parent module doc's
/// "Memory"): the counter, as wide as `max_moves` needs; the queue, at most 8 bytes counting the
/// doubling of its vector; and with depths, 4 bytes more. A game whose moves are told later can
/// ask with `u32::MAX - 1` (the widest counter).
pub fn search_bytes_per_state(max_moves: u32, with_depth: bool) -> u128 {
    let counter = if max_moves < u32::from(u8::MAX) {
        1
    } else if max_moves < u32::from(u16::MAX) {
        2
    } else {
        4
    };
    counter + 8 + if with_depth { 4 } else { 0 }
}

/// Checks what can be checked of the game before the search (the rules of [`Game`]), picks the
/// narrowest counter that leaves its maximum free for WIN, and searches.
/// Memory that cannot be had (the tables, or the queue as it grows) is an [`Error`].
pub(super) fn search_with_counters<G: Game, D: Depths>(game: &G, depths: &mut D) -> Result<Solution, Error> {
    let (n, max_moves) = (game.num_states(), checked_max_moves(game));
    depths.prepare(n);
    let counters = if max_moves < u32::from(u8::MAX) {
        Counters::Byte(search(game, depths)?)
    } else if max_moves < u32::from(u16::MAX) {
        Counters::Short(search(game, depths)?)
    } else {
        Counters::Wide(search(game, depths)?)
    };
    Ok(Solution { counters })
}

/// The bytes per state [`super::solve`] reserves before its search, beside the game's own: the
/// counter, as wide as `max_moves` needs, and with depths 4 bytes more. (The queue grows as the
/// search goes, checked: [`search_bytes_per_state`] counts it at its largest.)
pub fn table_bytes_per_state(max_moves: u32, with_depth: bool) -> u128 {
    search_bytes_per_state(max_moves, with_depth) - 8
}

/// The search of the module doc. Returns every state's counter: `C::WIN`, `C::LOSE`, or (a draw)
/// the moves still not known to reach a winning state.
fn search<G: Game, C: Counter, D: Depths>(game: &G, depths: &mut D) -> Result<Vec<C>, Error> {
    let (n, max_moves) = (game.num_states(), game.max_moves());
    // The tables are covered by the check a program makes before it searches
    // ([`table_bytes_per_state`]); the queue grows checked.
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
    match frontier.short {
        None => Ok(remaining_moves),
        // The queue's entries are 4 bytes each.
        Some(entries) => Err(out_of_memory(4 * entries as u128, format_args!("the search of {n} states"))),
    }
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
pub(super) trait Depths {
    /// Makes room for `n` states, none decided yet.
    fn prepare(&mut self, n: usize);
    /// `state` is decided before the search: depth 0.
    fn decided_at_start(&mut self, state: usize);
    /// `state` is decided while `walked` is walked: one move more than `walked`.
    fn decided_after(&mut self, state: usize, walked: usize);
}

/// Records nothing.
pub(super) struct NoDepths;

impl Depths for NoDepths {
    fn prepare(&mut self, _n: usize) {}
    #[inline(always)]
    fn decided_at_start(&mut self, _state: usize) {}
    #[inline(always)]
    fn decided_after(&mut self, _state: usize, _walked: usize) {}
}

/// Records every state's depth, [`DepthTable::NEVER`] for a state never decided: the vector of
/// the [`DepthTable`] that [`super::solve_with_depth`] returns.
pub(super) struct RecordDepths {
    pub(super) depths: Vec<u32>,
}

impl Depths for RecordDepths {
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
