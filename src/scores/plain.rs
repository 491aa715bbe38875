//! The search as the module doc states it, plain: a `BinaryHeap` with stale entries skipped, and a
//! table per fact. The specification that the fast search (`radix.rs`) is tested against.
//!
//! Invariant: a position comes off the heap (is settled) at most once, in nondecreasing cost, at
//! its value; the ender's open positions keep the cheapest cost seen through a settled move (and
//! that move), the other side's the largest and a counter of moves into unsettled positions; a
//! banned position has each of its moves' costs pushed as an event when the move's target
//! settles, and counts its events as they come off: the `j`-th settles it, at its key, through
//! that move. A cost past `i64` is kept as a count, not a value: it is an error only where it is
//! a position's value (the other side's open position when its counter reaches 0; the ender's
//! open one never settled otherwise; a banned one never settled whose events and costs past
//! `i64` together reach `j`).

use super::game::{rank_taken, ScoredGame, Side, Stand, MAX_POSITIONS};
use super::room::{filled, push};
use super::totals::{never_bits, Totals, NO_MOVE};
use crate::input::{out_of_memory, Error};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What a position is to the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    End,
    /// Open, the ender's: settled by its cheapest move.
    Ender,
    /// Open, the other side's: settled by its costliest move once all are known.
    Other,
    /// Banned: settled by its `j`-th event to come off.
    Banned,
}

/// A queue entry: `(cost, position, via)`, `via` the target of the move that gave the cost
/// ([`NO_MOVE`] where the move is recorded elsewhere).
type Entry = Reverse<(i64, u32, u32)>;

/// Every position's total and move to play: what [`super::solve`] gives.
pub fn solve<G: ScoredGame>(game: &G, ender: Side) -> Result<Totals, Error> {
    let n = game.num_states();
    if n > MAX_POSITIONS {
        return Err(Error::new(format!("{n} positions: a game has at most {MAX_POSITIONS}")));
    }
    let what = "the search's tables";
    let mut kind = filled(n, Kind::End, what)?;
    // The other side's open positions: moves into unsettled positions; banned ones: events still
    // to come off before the one that settles it.
    let mut remaining = filled(n, 0u32, what)?;
    let mut cost = filled(n, 0i64, what)?;
    let mut reached = filled(n, false, what)?;
    let mut settled = filled(n, false, what)?;
    let mut past_i64 = filled(n, 0u32, what)?;
    let mut via = filled(n, NO_MOVE, what)?;
    let mut order = filled(n, NO_MOVE, what)?;
    let mut heap_items: Vec<Entry> = Vec::new();
    let (mut count, mut broken) = (0usize, None);
    game.for_each_start(|side, stand| {
        let s = count;
        count += 1;
        if s >= n || broken.is_some() {
            return;
        }
        match stand {
            Stand::End(payoff) => {
                cost[s] = if ender == Side::Min { payoff } else { !payoff };
                reached[s] = true;
                let entry = Reverse((cost[s], s as u32, NO_MOVE));
                broken = push(&mut heap_items, entry, "the queue").err();
            }
            Stand::Open(0) | Stand::Banned { moves: 0, .. } => {
                broken = Some(Error::new(format!("state {s} is open with 0 moves")))
            }
            Stand::Banned { moves, bans } if bans >= moves => broken = Some(too_many_bans(s, moves, bans)),
            Stand::Open(k) | Stand::Banned { moves: k, bans: 0 } => {
                kind[s] = if side == ender { Kind::Ender } else { Kind::Other };
                remaining[s] = k;
            }
            Stand::Banned { moves, bans } => {
                kind[s] = Kind::Banned;
                remaining[s] = rank_taken(side, ender, moves, bans);
            }
        }
    });
    if let Some(e) = broken {
        return Err(e);
    }
    if count != n {
        return Err(Error::new(format!("the game gave {count} starts for {n} states")));
    }
    let mut heap = BinaryHeap::from(heap_items);
    let mut settled_so_far = 0;
    while let Some(Reverse((key, v, by))) = heap.pop() {
        let v = v as usize;
        if settled[v] {
            continue; // a stale entry: v was pushed again at a lower cost and came off then
        }
        if kind[v] == Kind::Banned {
            // One more of its moves' costs is known to be the least of those left: the j-th
            // settles it.
            remaining[v] -= 1;
            if remaining[v] > 0 {
                continue;
            }
            cost[v] = key;
        }
        settled[v] = true;
        if by != NO_MOVE {
            via[v] = by;
        }
        order[v] = settled_so_far;
        settled_so_far += 1;
        let mut error = None;
        game.for_each_predecessor(v, |p, w| {
            if error.is_some() {
                return;
            }
            if p >= n || w < 0 {
                error = Some(bad_move(p, v, w, n));
                return;
            }
            if settled[p] || kind[p] == Kind::End {
                return;
            }
            let candidate = key.checked_add(w);
            if kind[p] == Kind::Banned {
                match candidate {
                    None => past_i64[p] = past_i64[p].saturating_add(1),
                    Some(c) => error = heap_push(&mut heap, c, p, v).err(),
                }
                return;
            }
            if kind[p] == Kind::Ender {
                match candidate {
                    None => past_i64[p] = 1,
                    Some(c) if !reached[p] || c < cost[p] => {
                        cost[p] = c;
                        reached[p] = true;
                        error = heap_push(&mut heap, c, p, v).err();
                    }
                    Some(_) => {}
                }
                return;
            }
            if remaining[p] == 0 {
                error = Some(Error::new(format!("state {p} has more moves listed than its start says")));
                return;
            }
            match candidate {
                None => past_i64[p] = 1,
                Some(c) if !reached[p] || c > cost[p] => {
                    cost[p] = c;
                    reached[p] = true;
                    via[p] = v as u32;
                }
                Some(_) => {}
            }
            remaining[p] -= 1;
            if remaining[p] > 0 {
                return;
            }
            if past_i64[p] > 0 {
                error = Some(overflow_error(p, ender));
                return;
            }
            // Settled at its largest cost; its predecessors are walked when it comes off.
            error = heap_push(&mut heap, cost[p], p, NO_MOVE as usize).err();
        });
        if let Some(e) = error {
            return Err(e);
        }
    }
    // Never settled, yet its value past i64: the ender's open position with a cost past i64
    // (every other move of its leads to a position never settled), or a banned position whose
    // j-th least cost is one past i64 (every cost that came off is below those).
    let value_past_i64 = |p: usize| match kind[p] {
        Kind::Ender => past_i64[p] > 0,
        Kind::Banned => past_i64[p] >= remaining[p],
        _ => false,
    };
    if let Some(p) = (0..n).find(|&p| !settled[p] && value_past_i64(p)) {
        return Err(overflow_error(p, ender));
    }
    drop(heap);
    let never = never_bits(n, (0..n).map(|p| !settled[p]))?;
    Totals::finish(game, ender, cost, never, via, order)
}

/// The error for a banned state with as many bans as moves, or more.
pub(super) fn too_many_bans(s: usize, moves: u32, bans: u32) -> Error {
    Error::new(format!("state {s} has {bans} bans of its {moves} moves: at most {} allowed", moves - 1))
}

/// `(cost, p, via)` pushed onto the heap, its growth checked.
fn heap_push(heap: &mut BinaryHeap<Entry>, cost: i64, p: usize, via: usize) -> Result<(), Error> {
    if heap.len() == heap.capacity() {
        let more = heap.capacity().max(8);
        let bytes = 16 * (heap.capacity() + more) as u128;
        heap.try_reserve_exact(more).map_err(|_| out_of_memory(bytes, "the queue"))?;
    }
    heap.push(Reverse((cost, p as u32, via as u32)));
    Ok(())
}

/// The error for a move `p -> v` listed with a position out of range or a negative weight.
pub(super) fn bad_move(p: usize, v: usize, w: i64, n: usize) -> Error {
    if p >= n {
        Error::new(format!("a move into position {v} comes from {p}, out of range (there are {n})"))
    } else {
        Error::new(format!("the move from position {p} to position {v} has a negative weight, {w}"))
    }
}

/// The error for position `p`'s total past `i64`.
pub(super) fn overflow_error(p: usize, ender: Side) -> Error {
    let past = if ender == Side::Min { "above i64::MAX" } else { "below i64::MIN" };
    Error::new(format!("the total of position {p} is {past}"))
}
