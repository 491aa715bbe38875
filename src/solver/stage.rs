//! One stage of the loopy values ([`super::values`], module doc "The stages"), walked: the hot
//! loop, apart from the tables and the stages around it, so that the compiler keeps what it reads
//! in registers. Invariant: a state enters the stage's queue at most once (valued, or reached), so
//! a queue of `states + 1` entries holds the stage (an entry is written before it is known whether
//! it is kept); the queue's entries are `state << 1 | 1` for a state valued `g`, `state << 1` for
//! one reached. The marks of [`StageState::mark`]: `VALUED` (0), an open state's counter (1 to
//! `MAX - 2`), `INFINITE_MARK` (`MAX - 1`), `REACHED` (`MAX`).

use super::counter::Counter;
use super::frontier::Upcoming;
use super::game::Game;
use super::walk::Walk;

/// What a stage's walks read and write of one state, side by side so that one cache line holds
/// both (the walks reach states in no order the cache can guess).
#[derive(Clone, Copy)]
pub(super) struct StageState<C> {
    /// `VALUED`, an open state's counter of active options not yet reached this stage (1 to
    /// MAX - 2), `INFINITE_MARK` or `REACHED`: all that a walk asks about the state.
    pub(super) mark: C,
    /// Its active options (open or infinite): where the next stage's counter starts.
    pub(super) active_moves: C,
}

/// The marks of [`StageState::mark`] that are not counters: `(VALUED, INFINITE_MARK, REACHED)`.
#[inline(always)]
pub(super) fn marks<C: Counter>() -> (C, C, C) {
    (C::LOSE, C::WIN - C::from(true), C::WIN)
}

/// A stage as its walk sees it: its value `g`, the states `open` at its start, and the walk a
/// test forces (`super::walk`).
pub(super) struct Stage {
    pub(super) g: u32,
    pub(super) open: usize,
    pub(super) forced: Option<Walk>,
}

/// Walks the stage's queue, which starts with its first `queued` entries (the states it values
/// at once) and grows as the walks value and reach states (module doc, "The stages"). Returns the
/// length the queue reached, and 0 or the bytes a list of the infinite states reached could not
/// grow to. Not inlined, with its references as separate parameters: LLVM then keeps what the
/// loop reads in registers (the search's `walk_states` does the same).
#[inline(never)]
pub(super) fn walk_stage<G: Game, C: Counter>(
    game: &G,
    stage: &Stage,
    states: &mut [StageState<C>],
    queue: &mut [u32],
    mut queued: usize,
    reached_infinite: &mut Vec<u32>,
    above: &mut Vec<(u32, u32)>,
) -> (usize, usize) {
    let (valued, infinite_mark, reached) = marks::<C>();
    let (g, n) = (stage.g, states.len());
    let mut needed = 0;
    let mut head = 0;
    while head < queued {
        let entry = queue[head];
        head += 1;
        // The queue holds states in no order the cache can guess: the game may start loading
        // what walking the next ones will read.
        game.prefetch(&Upcoming { entries: &queue[head..queued], counters: states });
        let s = (entry >> 1) as usize;
        // The states that count: those open at the stage's start not yet in its queue, which the
        // infinite states it reached entered too.
        let counting = (stage.open + reached_infinite.len()).saturating_sub(queued);
        if entry & 1 == 1 {
            // Valued g: it leaves the active states, and its predecessors are reached.
            // Arithmetic, not branches, on what the predecessor is: that is a coin toss.
            game.for_each_predecessor(s, |p| {
                let p_state = &mut states[p];
                let mark = p_state.mark;
                let active = mark != valued; // a valued state's options no longer matter
                p_state.active_moves = p_state.active_moves - C::from(active);
                let newly_reached = active & (mark != reached);
                p_state.mark = mark | if newly_reached { reached } else { valued };
                queue[queued] = (p as u32) << 1;
                queued += usize::from(newly_reached);
                if mark == infinite_mark {
                    needed = needed.max(push_checked(reached_infinite, p as u32));
                    needed = needed.max(push_checked(above, (p as u32, g)));
                }
            });
        } else if counting == 0 {
            // Reached, but no state counts any more: its walk would change nothing.
        } else if stage.forced.unwrap_or_else(|| reached_walk(counting, n)) == Walk::Count {
            // Reached: one more active option of each open predecessor is reached (its counter
            // is one less). Arithmetic, where whether a predecessor counts is a coin toss ...
            game.for_each_predecessor(s, |p| {
                let p_state = &mut states[p];
                let mark = p_state.mark;
                let counts = (mark != valued) & (mark < infinite_mark);
                p_state.mark = mark - C::from(counts);
                if counts & (p_state.mark == valued) {
                    queue[queued] = (p as u32) << 1 | 1;
                    queued += 1;
                }
            });
        } else {
            // ... and a branch that skips the valued ones where they are most (a state reached
            // stage after stage, such as a staircase's: arithmetic was 3 times slower there).
            game.for_each_predecessor(s, |p| {
                let p_state = &mut states[p];
                let mark = p_state.mark;
                if mark != valued && mark < infinite_mark {
                    p_state.mark = mark - C::from(true);
                    if p_state.mark == valued {
                        queue[queued] = (p as u32) << 1 | 1;
                        queued += 1;
                    }
                }
            });
        }
    }
    (queued, needed)
}

/// The walk of a reached state's predecessors while `counting` of the `n` states count: each
/// predecessor counts about as often as a state does, and a branch on a coin toss is mispredicted
/// about as often as the rarer answer comes, so arithmetic once that is above a seventh (the
/// search's walk chooser turns at about that rate, `super::walk`).
#[inline(always)]
fn reached_walk(counting: usize, n: usize) -> Walk {
    if 7 * counting > n && 7 * counting < 6 * n {
        Walk::Count
    } else {
        Walk::Skip
    }
}

/// Pushes `item` onto `v`, its room doubled when full; returns 0, or the bytes `v` could not
/// grow to (and leaves it as it was).
fn push_checked<T>(v: &mut Vec<T>, item: T) -> usize {
    if v.len() == v.capacity() {
        let more = v.capacity().max(16);
        if v.try_reserve_exact(more).is_err() {
            return (v.capacity() + more) * std::mem::size_of::<T>();
        }
    }
    v.push(item);
    0
}
