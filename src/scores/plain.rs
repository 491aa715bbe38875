//! The search as the module doc states it, plain: a `BinaryHeap` with stale entries skipped, and a
//! table per fact. The specification that the fast search (`radix.rs`) is tested against.
//!
//! Invariant: a position comes off the heap (is settled) at most once, in nondecreasing cost, at
//! its value; the ender's positions keep the cheapest cost seen through a settled move (and that
//! move), the other side's the largest and a counter of moves into unsettled positions. A cost past
//! `i64` is kept as a mark, not a value: it is an error only where it is a position's value (the
//! other side's position when its counter reaches 0; the ender's never settled otherwise).

use super::game::{ScoredGame, Side, Stand, MAX_POSITIONS};
use super::room::{filled, push};
use super::totals::{Totals, NO_MOVE};
use crate::input::{out_of_memory, Error};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What a position is to the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    End,
    Ender,
    Other,
}

/// Every position's total and move to play: what [`super::solve`] gives.
pub fn solve<G: ScoredGame>(game: &G, ender: Side) -> Result<Totals, Error> {
    let n = game.num_states();
    if n > MAX_POSITIONS {
        return Err(Error::new(format!("{n} positions: a game has at most {MAX_POSITIONS}")));
    }
    let what = "the search's tables";
    let mut kind = filled(n, Kind::End, what)?;
    let mut remaining = filled(n, 0u32, what)?;
    let mut cost = filled(n, 0i64, what)?;
    let mut reached = filled(n, false, what)?;
    let mut settled = filled(n, false, what)?;
    let mut overflow = filled(n, false, what)?;
    let mut via = filled(n, NO_MOVE, what)?;
    let mut heap_items: Vec<Reverse<(i64, u32)>> = Vec::new();
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
                broken = push(&mut heap_items, Reverse((cost[s], s as u32)), "the queue").err();
            }
            Stand::Open(0) => broken = Some(Error::new(format!("state {s} is open with 0 moves"))),
            Stand::Open(k) => {
                kind[s] = if side == ender { Kind::Ender } else { Kind::Other };
                remaining[s] = k;
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
    while let Some(Reverse((key, v))) = heap.pop() {
        let v = v as usize;
        if settled[v] {
            continue; // a stale entry: v was pushed again at a lower cost and came off then
        }
        settled[v] = true;
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
            if kind[p] == Kind::Ender {
                match candidate {
                    None => overflow[p] = true,
                    Some(c) if !reached[p] || c < cost[p] => {
                        cost[p] = c;
                        reached[p] = true;
                        via[p] = v as u32;
                        error = heap_push(&mut heap, c, p).err();
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
                None => overflow[p] = true,
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
            if overflow[p] {
                error = Some(overflow_error(p, ender));
                return;
            }
            // Settled at its largest cost; its predecessors are walked when it comes off.
            error = heap_push(&mut heap, cost[p], p).err();
        });
        if let Some(e) = error {
            return Err(e);
        }
    }
    if let Some(p) = (0..n).find(|&p| kind[p] == Kind::Ender && !settled[p] && overflow[p]) {
        return Err(overflow_error(p, ender));
    }
    drop(heap);
    let never = (0..n).map(|p| !settled[p]);
    Totals::finish(game, ender, cost, never, via)
}

/// `(cost, p)` pushed onto the heap, its growth checked.
fn heap_push(heap: &mut BinaryHeap<Reverse<(i64, u32)>>, cost: i64, p: usize) -> Result<(), Error> {
    if heap.len() == heap.capacity() {
        let more = heap.capacity().max(8);
        let bytes = 16 * (heap.capacity() + more) as u128;
        heap.try_reserve_exact(more).map_err(|_| out_of_memory(bytes, "the queue"))?;
    }
    heap.push(Reverse((cost, p as u32)));
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
