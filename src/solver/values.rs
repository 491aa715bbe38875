//! Loopy nim values (Smith's generalised Sprague-Grundy function): what every state is worth as
//! one token of a **sum** of games, on any [`Game`] whose moves may form cycles.
//!
//! # The values
//! The game is impartial and in normal play: a state where it is over is lost for the player to
//! move. Every state `v` gets a value: a natural number `g`, or infinite, with the set `K` of the
//! natural values among its options (the states it moves to). A finite value `g` is the mex of the
//! options' finite values, and every option whose value is above `g`, or infinite, has an option
//! of value `g` (so a move that leaves a token above `g` can be answered by one back to `g`). That
//! property alone does not fix the values on a cycle (on `1 <-> 2`, the values 0 and 1 have it, but
//! neither token can ever be forced to stop): the stages below give the least such values, and
//! call infinite whatever they do not reach. On an acyclic game the values are the ordinary Grundy
//! numbers, and none is infinite.
//!
//! # The stages
//! Values are found in stages `g = 0, 1, 2, ...`, each a win/lose search like [`super::solve`]'s,
//! walking moves backwards from decided states. The states still without a value at stage `g` are
//! *open*; they and the infinite states are *active*. In stage `g`, a state is *reached* once it
//! has an option of value `g`; an open state gets `g` once it is not reached and every active
//! option of it is reached (a counter per open state of its active options not yet reached,
//! started from `active_moves`, its active options now). Walking a state that got `g`
//! marks its predecessors reached; walking a reached state takes one from the counter of each open
//! predecessor. At the end of the stage an open state neither valued nor reached is infinite: it
//! has options of every value below `g` (else an earlier stage would have ended it) and none of
//! value `g`, so `K` holds `0..g` and, above `g`, the values `h` of the later stages in which it is
//! reached. Invariant: every open state has, at the start of stage `g`, options of every value
//! below `g`; each stage values or ends at least one open state.
//!
//! # The order
//! Within stage `g`, the states are valued in the order of the stage's FIFO queue: first the open
//! states without active options, in increasing order (in stage 0, the states without moves),
//! then each state whose counter reaches 0, when the walk of its last reached option takes it
//! there; a walk visits the predecessors in the order the game lists them. The *rank* of a finite
//! state is its place in this order, stage after stage ([`loopy_values_ranked`] records it). It
//! makes Smith's condition one that ends: if `u` got `g` and its option `v` was open or infinite
//! then, `v` was reached in stage `g` by an option `w` of value `g` walked before `u`'s counter
//! reached 0, so `w` was queued before `u`: `rank(w) < rank(u)`. And an option of a lower value
//! has a lower rank. [`super::progress_moves`] builds the moves of a sum that win against every
//! defence on it.
//!
//! # Cost
//! A state that gets a value walks its predecessors once. In stage `g`, every open state is
//! visited, and walked once if it is reached, as is every infinite state with an option of value
//! `g`. So the first stage is O(states + moves), as [`super::solve`], and a later stage costs the
//! states still open and their predecessor lists, plus those of the infinite states it reaches,
//! never the whole game again: O(Σ_g (open_g + moves into open_g and reached infinite states)).
//! The walk of a reached state asks of each predecessor whether it still counts: where that is
//! a coin toss, arithmetic is faster than a branch the CPU mispredicts; where the answers come in
//! runs (most predecessors valued), a branch that skips them. Each reached state's walk is chosen
//! from the share of states that count at that moment (open at the stage's start, not yet in its
//! queue): arithmetic while it is between a seventh and six sevenths; none once no state counts
//! (the rest of the stage's reached states would change nothing). Only the speed depends on it.
//!
//! # Memory
//! Made at the start: a `u32` per state (its value, or that it is infinite and since which
//! stage), and side by side two counters in the narrowest width that holds `max_moves()` and two
//! marks (a byte each up to 253 moves): `active_moves`, and the mark the walks read, which is the
//! stage's counter of an open state or says that the state is valued, infinite or reached; the
//! stage's queue, 4 bytes a state (and the ranks, 4 more, when asked for). Then, as the stages
//! find them: the list of the states open after stage 0 (4 bytes each), and one `(state, value)`
//! pair for each value above its stage in an infinite state's `K` (at most one per move; on most
//! games none). `K` itself is never stored: it is told from those. [`try_loopy_values`] checks
//! the tables before it makes them, and the lists as they grow.

use super::counter::Counter;
use super::game::{broken_rule, checked_max_moves, Game, Outcome, Start};
use super::stage::{marks, walk_stage, Stage, StageState};
use super::walk::forced_walk;
use crate::input::{out_of_memory, Error};
use crate::memory::check_memory;

/// The loopy nim value of one state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// A natural number: as a token of a sum, worth a nim heap of that size.
    Finite(u32),
    /// Infinite: a token the player to move can keep moving forever; see [`Values::in_infinite_set`].
    Infinite,
}

/// The loopy nim value of every state, from [`loopy_values`].
#[derive(Debug, Clone)]
pub struct Values {
    /// A finite value as it is, or [`INFINITE`] `| g` for a state found infinite in stage `g`.
    words: Vec<u32>,
    /// `(state, h)` for every value `h` above its stage in an infinite state's set `K`, sorted.
    above: Vec<(u32, u32)>,
    /// Every state's rank ([`Values::rank`]), [`INFINITE`] for an infinite one; empty unless the
    /// values come from [`loopy_values_ranked`].
    ranks: Vec<u32>,
}

/// The mark of an infinite state in [`Values::words`] (finite values are below 2^31: a state's
/// value is at most its number of distinct options).
const INFINITE: u32 = 1 << 31;

impl Values {
    /// How many states there are.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The value of `state`.
    pub fn value(&self, state: usize) -> Value {
        match self.words[state] {
            w if w & INFINITE != 0 => Value::Infinite,
            g => Value::Finite(g),
        }
    }

    /// Starts loading the value of `state` (a hint that changes no result, for a caller that
    /// knows which values it asks for next: they lie anywhere in memory).
    #[inline(always)]
    pub fn prefetch(&self, state: usize) {
        crate::prefetch::prefetch(self.words.as_ptr().wrapping_add(state));
    }

    /// The rank of a finite `state`: its place, from 0, in the order in which the stages valued
    /// the finite states (stage by stage, and within a stage in the order of its queue: module
    /// doc, "The order"); `None` for an infinite state. Panics unless the values come from
    /// [`loopy_values_ranked`].
    pub fn rank(&self, state: usize) -> Option<u32> {
        Some(self.ranks[state]).filter(|&r| r != INFINITE)
    }

    /// Whether the values carry ranks ([`loopy_values_ranked`]).
    pub fn has_ranks(&self) -> bool {
        !self.ranks.is_empty() || self.words.is_empty()
    }

    /// Whether `x` is in the set `K` of `state` (the natural values among its options), for an
    /// infinite `state`; `false` for a finite one. O(log) of the moves of infinite states.
    pub fn in_infinite_set(&self, state: usize, x: u32) -> bool {
        let word = self.words[state];
        if word & INFINITE == 0 {
            return false;
        }
        let stage = word & !INFINITE;
        x < stage || (x > stage && self.above.binary_search(&(state as u32, x)).is_ok())
    }

    /// The set `K` of an infinite `state`, in increasing order; `None` for a finite one.
    pub fn infinite_set(&self, state: usize) -> Option<impl Iterator<Item = u32> + '_> {
        let word = self.words[state];
        if word & INFINITE == 0 {
            return None;
        }
        let key = state as u32;
        let from = self.above.partition_point(|&(s, _)| s < key);
        let to = self.above.partition_point(|&(s, _)| s <= key);
        Some((0..word & !INFINITE).chain(self.above[from..to].iter().map(|&(_, h)| h)))
    }

    /// The outcome of a sum of tokens on `tokens` (repeats allowed) for the player to move, and
    /// the winning move's shape: which token moves (an index into `tokens`), to an option of which
    /// value ([`super::find_options`] names one). All finite with xor `x`: a win if `x != 0`, moving a
    /// token of value `g` with `g ^ x < g` to value `g ^ x`. One infinite with set `K`, `x` the xor
    /// of the others: a win if `x` is in `K`, moving it to value `x`, else a draw. Two or more
    /// infinite: a draw. Each winning move leaves a sum of value 0, lost for the opponent; but
    /// played at every turn, such moves may go round for ever against a good defence (a token
    /// moved up and back): to play a sum, use [`super::progress_moves`], which picks among all
    /// of them one that ends the game within a bound.
    pub fn sum(&self, tokens: &[usize]) -> (Outcome, Option<(usize, u32)>) {
        self.sum_of(tokens.iter().copied())
    }

    /// [`Values::sum`] of the tokens `tokens` yields (walked twice when the sum is a win).
    pub fn sum_of<I: Iterator<Item = usize> + Clone>(&self, tokens: I) -> (Outcome, Option<(usize, u32)>) {
        let (mut x, mut infinite) = (0u32, None);
        for (i, t) in tokens.clone().enumerate() {
            match self.words[t] {
                w if w & INFINITE == 0 => x ^= w,
                _ if infinite.is_none() => infinite = Some((i, t)),
                _ => return (Outcome::Draw, None),
            }
        }
        match infinite {
            Some((i, t)) if self.in_infinite_set(t, x) => (Outcome::Win, Some((i, x))),
            Some(_) => (Outcome::Draw, None),
            None if x == 0 => (Outcome::Lose, None),
            None => {
                // A value with x's highest bit set gets smaller by `^ x`.
                let mut moves = tokens.map(|t| (self.words[t], self.words[t] ^ x)).enumerate();
                let found = moves.find(|&(_, (g, h))| h < g);
                let (i, (_, h)) = found.expect("the highest bit of x is set in some value");
                (Outcome::Win, Some((i, h)))
            }
        }
    }
}

/// The most memory [`loopy_values`] can need beside the game's own, for `states` states and
/// `moves` moves (module doc, "Memory"): per state the word, the two counters as wide as
/// `max_moves` needs, the queue and the list of open states (4 bytes each); per move at most one
/// pair of `K`, 8 bytes. A run takes less where fewer states stay open or fewer pairs are found:
/// [`try_loopy_values`] checks what it takes as it goes.
pub fn values_bytes(states: usize, moves: usize, max_moves: u32) -> u128 {
    let counter = if max_moves < u32::from(u8::MAX) - 1 {
        1
    } else if max_moves < u32::from(u16::MAX) - 1 {
        2
    } else {
        4
    };
    (12 + 2 * counter) * states as u128 + 8 * moves as u128
}

/// The loopy nim value of every state of `game` (module doc: the stages, their cost, memory).
///
/// Panics, as for a broken rule of [`Game`], if a state starts as [`Start::Win`]: values belong
/// to normal play, where a state whose game is over is lost for the player to move.
///
/// ```
/// use graph_games::graph::{Graph, GraphGame};
/// use graph_games::solver::{loopy_values, Outcome, Start, Value};
///
/// // 0 -> 1 -> 2 (over): Grundy numbers. 3 -> 3 and 3 -> 2: a token on 3 may stay forever, or
/// // move to a state of value 0. 4 -> 3 only: lost, as the opponent answers 3 -> 2. 5 -> 5 only.
/// let graph = Graph::from_edges(6, &[0, 1, 3, 3, 4, 5], &[1, 2, 3, 2, 3, 5]);
/// let values = loopy_values(&GraphGame::new(&graph, |_| Start::Lose));
/// assert_eq!([0, 1, 2].map(|v| values.value(v)), [0, 1, 0].map(Value::Finite));
/// assert_eq!(values.value(3), Value::Infinite);
/// assert_eq!(values.infinite_set(3).unwrap().collect::<Vec<_>>(), [0]);
/// assert_eq!(values.value(4), Value::Finite(0));
/// assert_eq!(values.infinite_set(5).unwrap().count(), 0);
/// // A token on 3 and one on 2: 3 moves to 2, leaving two tokens of value 0.
/// assert_eq!(values.sum(&[3, 2]), (Outcome::Win, Some((0, 0))));
/// // With a token of value 1 beside it, the one on 3 cannot make the sum 0: nobody can win.
/// assert_eq!(values.sum(&[3, 1]).0, Outcome::Draw);
/// assert_eq!(values.sum(&[0, 1]), (Outcome::Win, Some((1, 0))));
/// assert_eq!(values.sum(&[1, 1]).0, Outcome::Lose);
/// assert_eq!(values.sum(&[5]).0, Outcome::Draw);
/// ```
pub fn loopy_values<G: Game>(game: &G) -> Values {
    try_loopy_values(game).unwrap_or_else(|e| panic!("{}", e))
}

/// [`loopy_values`], also recording the order in which the stages valued the finite states:
/// every state's [`Values::rank`], which the moves that make progress in a sum need
/// ([`super::progress_moves`]). The same stages: the order costs one pass over each stage's
/// queue, and 4 bytes a state.
pub fn loopy_values_ranked<G: Game>(game: &G) -> Values {
    try_loopy_values_ranked(game).unwrap_or_else(|e| panic!("{}", e))
}

/// [`loopy_values`], with memory that cannot be had an [`Error`] naming how much was needed: the
/// tables made at the start (per state the word, the two counters and the queue), checked
/// together first ([`check_memory`]), then the list of open states and the pairs of `K`, which
/// grow checked as the stages find them (module doc, "Memory").
/// Input-driven code calls this one.
pub fn try_loopy_values<G: Game>(game: &G) -> Result<Values, Error> {
    values_with(game, false)
}

/// [`loopy_values_ranked`], with memory that cannot be had an [`Error`] (see
/// [`try_loopy_values`]; the ranks are 4 bytes a state more, made at the start).
pub fn try_loopy_values_ranked<G: Game>(game: &G) -> Result<Values, Error> {
    values_with(game, true)
}

fn values_with<G: Game>(game: &G, ranked: bool) -> Result<Values, Error> {
    let max_moves = checked_max_moves(game);
    // Two counter values are marks (module doc, memory): the counters need max_moves() below
    // their maximum less one.
    if max_moves < u32::from(u8::MAX) - 1 {
        stages::<G, u8>(game, ranked)
    } else if max_moves < u32::from(u16::MAX) - 1 {
        stages::<G, u16>(game, ranked)
    } else if max_moves < u32::MAX - 1 {
        stages::<G, u32>(game, ranked)
    } else {
        broken_rule(format_args!("max_moves() is {max_moves}: loopy values need it below u32::MAX - 1"))
    }
}

/// The stages of the module doc, with counters of type `C`. The walks read and write one array,
/// `states`; `words` is only written. With `ranked`, the valued states' order is read off each
/// stage's queue when the stage is over, outside the walks.
fn stages<G: Game, C: Counter>(game: &G, ranked: bool) -> Result<Values, Error> {
    let (n, max_moves) = (game.num_states(), game.max_moves());
    let short = |bytes: usize| out_of_memory(bytes as u128, format_args!("the loopy values of {n} states"));
    let (valued, infinite_mark, _) = marks::<C>();
    // The tables, made at the start once their need is checked (allocated as `vec!` and
    // `with_capacity`, which measured up to a tenth faster here than `try_reserve` one by one):
    // the words, the states, the queue and the ranks. A word is written once, when its state is
    // valued or found infinite (at its stage's end).
    let per_state = 8 + std::mem::size_of::<StageState<C>>() + if ranked { 4 } else { 0 };
    check_memory((per_state * n) as u128, format_args!("the loopy values of {n} states"))?;
    let mut words = vec![0; n];
    crate::prefetch::populate(&mut words);
    let mut states: Vec<StageState<C>> = Vec::with_capacity(n);
    crate::prefetch::populate(states.spare_capacity_mut());
    let mut state = 0;
    game.for_each_start(|start| {
        let k = match start {
            Start::Lose | Start::Moves(0) => 0,
            Start::Moves(k) if k <= max_moves => k,
            Start::Moves(k) => broken_rule(format_args!(
                "state {state} starts as Moves({k}), above max_moves() = {max_moves}"
            )),
            Start::Win => broken_rule(format_args!(
                "state {state} starts as Win: loopy values are for normal play, where a state \
                 whose game is over is lost for the player to move"
            )),
        };
        let moves = C::from_moves(k);
        states.push(StageState { mark: moves, active_moves: moves });
        state += 1;
    });
    if states.len() != n {
        let starts = states.len();
        broken_rule(format_args!("for_each_start gave {starts} starts, not num_states() = {n}"));
    }
    // The states open after stage 0 (in stage 0, all are: `open` is not needed to list them).
    let mut open: Vec<u32> = Vec::new();
    // The stage's queue: `state << 1 | 1` for a state valued g, `state << 1` for one reached.
    // A state enters it at most once a stage: its first `queued` entries are the stage's.
    // (One entry more: an entry is written before it is known whether it is kept.)
    let mut queue: Vec<u32> = vec![0; n + 1];
    crate::prefetch::populate(&mut queue);
    let mut queued = 0;
    let mut ranks: Vec<u32> = if ranked { vec![INFINITE; n] } else { Vec::new() };
    // The infinite states reached in a stage, and the pairs of `K` they gave: they grow checked,
    // in the walk's rare branch; one that cannot grow says how much it needed here.
    let (mut reached_infinite, mut above): (Vec<u32>, Vec<(u32, u32)>) = (Vec::new(), Vec::new());
    let mut next_rank = 0u32;
    let mut g = 0u32;
    // The marks start as the counters (above): stage 0's queue is the states without moves.
    for s in 0..n as u32 {
        queue[queued] = s << 1 | 1;
        queued += usize::from(states[s as usize].mark == valued);
    }
    while g == 0 || !open.is_empty() {
        let stage = Stage { g, open: if g == 0 { n } else { open.len() }, forced: forced_walk() };
        let (end, needed) =
            walk_stage(game, &stage, &mut states, &mut queue, queued, &mut reached_infinite, &mut above);
        if ranked {
            // The queue holds this stage's valued states in the order they were valued.
            for &entry in queue[..end].iter().filter(|&&entry| entry & 1 == 1) {
                ranks[(entry >> 1) as usize] = next_rank;
                next_rank += 1;
            }
        }
        if needed > 0 {
            return Err(short(needed));
        }
        // The words are written here, in the order of the states, not as they are found; a state
        // still open gets the next stage's counter, and is queued for it if that is 0 already.
        // Without a branch on what the state is: valued or reached is a coin toss.
        let mut end_stage =
            EndStage { g, states: &mut states, words: &mut words, queue: &mut queue, queued: 0 };
        let kept = if g == 0 {
            // Every state reached in stage 0 stays open: room for that many (the reached states'
            // entries of the queue), and one more (a state is written before it is known whether
            // it stays).
            let room = end_stage.queue[..end].iter().filter(|&&entry| entry & 1 == 0).count() + 1;
            open.try_reserve_exact(room).map_err(|_| short(4 * room))?;
            open.resize(room, 0);
            (0..n as u32).fold(0, |kept, s| end_stage.keep(&mut open, kept, s))
        } else {
            (0..open.len()).fold(0, |kept, i| {
                let s = open[i];
                end_stage.keep(&mut open, kept, s)
            })
        };
        open.truncate(kept);
        queued = end_stage.queued;
        for s in reached_infinite.drain(..) {
            states[s as usize].mark = infinite_mark;
        }
        g += 1;
    }
    above.sort_unstable();
    Ok(Values { words, above, ranks })
}

/// The end of stage `g` for one state at a time ([`EndStage::still_open`]).
struct EndStage<'a, C> {
    g: u32,
    states: &'a mut [StageState<C>],
    words: &'a mut [u32],
    /// The next stage's queue, its first `queued` entries.
    queue: &'a mut [u32],
    queued: usize,
}

impl<C: Counter> EndStage<'_, C> {
    /// Ends the stage for `s`, open at its start: a valued state's word is `g`, one neither valued
    /// nor reached is infinite, and a reached one stays open, with the next stage's counter (and
    /// in its queue if that is 0 already). Returns whether `s` stays open. Without a branch on
    /// which: that is a coin toss.
    #[inline(always)]
    fn still_open(&mut self, s: u32) -> bool {
        let (valued, infinite_mark, reached) = marks::<C>();
        let s_state = &mut self.states[s as usize];
        let (mark, active) = (s_state.mark, s_state.active_moves);
        let (is_valued, is_reached) = (mark == valued, mark == reached);
        // A reached state's word is written again once its value is known.
        self.words[s as usize] = self.g | if is_valued | is_reached { 0 } else { INFINITE };
        s_state.mark = if is_reached {
            active
        } else if is_valued {
            valued
        } else {
            infinite_mark
        };
        self.queue[self.queued] = s << 1 | 1;
        self.queued += usize::from(is_reached & (active == valued));
        is_reached
    }

    /// Ends the stage for `s` ([`EndStage::still_open`]) and writes it at `open[kept]`, where it
    /// stays if it is still open (`kept` is then one more, else the next state overwrites it):
    /// the open list compacted in place, without a branch. Returns the new `kept`.
    #[inline(always)]
    fn keep(&mut self, open: &mut [u32], kept: usize, s: u32) -> usize {
        open[kept] = s;
        kept + usize::from(self.still_open(s))
    }
}
