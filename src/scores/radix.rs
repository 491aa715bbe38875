//! The search of `plain.rs` made fast: a radix heap for the queue, and one 16-byte slot a position
//! for what the plain search keeps in seven tables (so a move walked back touches one cache line).
//!
//! The radix heap: the keys that come off never decrease (module doc), so every key in the heap
//! is at least `last`, the last key taken off. A key goes to bucket `b`, the position of the
//! highest bit where it differs from `last` (bucket 0: equal to it). Taking one off empties
//! bucket 0 first; when it is empty, the first bucket that is not is spread out again around its
//! least key, the new `last`: each key then lands in a lower bucket, so a key moves at most 64
//! times, and in practice a few. Invariant: bucket `b > 0` holds the keys whose highest bit of
//! difference with `last` is `b - 1`; bucket 0 the keys equal to `last`.
//!
//! The slot of a position: its cost, its counter of moves into unsettled positions (the other
//! side's), and flags: whose it is, whether it is an end, whether the ender's has a cost yet,
//! whether it is settled, whether a cost past `i64` was seen. The plain search's invariant holds
//! unchanged; the move each position is settled through is recorded only when asked for.

use super::game::{ScoredGame, Side, Stand, MAX_POSITIONS};
use super::plain::{bad_move, overflow_error};
use super::room::{filled, push};
use super::totals::{Totals, NO_MOVE};
use crate::input::Error;
use crate::prefetch::prefetch;

/// A queue of `(key, position)` whose keys come off in nondecreasing order, each key pushed at
/// least the last taken off.
struct RadixHeap {
    last: u64,
    buckets: Vec<Vec<(u64, u32)>>,
}

impl RadixHeap {
    fn new() -> Result<RadixHeap, Error> {
        let mut buckets = Vec::new();
        for _ in 0..65 {
            push(&mut buckets, Vec::new(), "the queue")?;
        }
        Ok(RadixHeap { last: 0, buckets })
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (64 - (key ^ self.last).leading_zeros()) as usize
    }

    #[inline]
    fn push(&mut self, key: u64, position: u32) -> Result<(), Error> {
        let b = self.bucket(key);
        push(&mut self.buckets[b], (key, position), "the queue")
    }

    /// The least key and its position, or `None` when empty.
    #[inline]
    fn pop(&mut self) -> Result<Option<(u64, u32)>, Error> {
        if self.buckets[0].is_empty() {
            let b = match (1..65).find(|&b| !self.buckets[b].is_empty()) {
                Some(b) => b,
                None => return Ok(None),
            };
            let spread = std::mem::take(&mut self.buckets[b]);
            self.last = spread.iter().map(|&(key, _)| key).min().expect("not empty");
            for &(key, position) in &spread {
                self.push(key, position)?;
            }
            // Its room back, for the keys to come.
            let mut spread = spread;
            spread.clear();
            self.buckets[b] = spread;
        }
        Ok(self.buckets[0].pop())
    }
}

/// The key of a cost: its order as an unsigned number.
#[inline]
fn key(cost: i64) -> u64 {
    (cost as u64) ^ (1 << 63)
}

const ENDER: u32 = 1;
const END: u32 = 2;
const REACHED: u32 = 4;
const SETTLED: u32 = 8;
const OVERFLOW: u32 = 16;

/// A position's slot (module doc).
#[derive(Clone, Copy)]
struct Slot {
    cost: i64,
    remaining: u32,
    flags: u32,
}

/// Every position's total, and with `with_moves` the move each was settled through (else
/// [`Totals::best_move`] and [`Totals::line`] are not to be asked).
pub(super) fn solve<G: ScoredGame>(game: &G, ender: Side, with_moves: bool) -> Result<Totals, Error> {
    let n = game.num_states();
    if n > MAX_POSITIONS {
        return Err(Error::new(format!("{n} positions: a game has at most {MAX_POSITIONS}")));
    }
    let mut slots = filled(n, Slot { cost: 0, remaining: 0, flags: 0 }, "the search's tables")?;
    let mut via = if with_moves { filled(n, NO_MOVE, "the moves to play")? } else { Vec::new() };
    let mut heap = RadixHeap::new()?;
    let mut moves: Vec<(usize, i64)> = Vec::new();
    let (mut count, mut broken) = (0usize, None);
    game.for_each_start(|side, stand| {
        let s = count;
        count += 1;
        if s >= n || broken.is_some() {
            return;
        }
        let slot = &mut slots[s];
        match stand {
            Stand::End(payoff) => {
                slot.cost = if ender == Side::Min { payoff } else { !payoff };
                slot.flags = END | REACHED;
                broken = heap.push(key(slot.cost), s as u32).err();
            }
            Stand::Open(0) => broken = Some(Error::new(format!("state {s} is open with 0 moves"))),
            Stand::Open(k) => {
                slot.remaining = k;
                slot.flags = if side == ender { ENDER } else { 0 };
            }
        }
    });
    if let Some(e) = broken {
        return Err(e);
    }
    if count != n {
        return Err(Error::new(format!("the game gave {count} starts for {n} states")));
    }
    while let Some((_, v)) = heap.pop()? {
        let v = v as usize;
        if slots[v].flags & SETTLED != 0 {
            continue; // a stale entry: v was pushed again at a lower cost and came off then
        }
        slots[v].flags |= SETTLED;
        let cost = slots[v].cost;
        let mut error = None;
        // The moves into v listed first, and their slots asked for all at once: the loads of
        // random slots then overlap instead of waiting one after the other.
        moves.clear();
        game.for_each_predecessor(v, |p, w| {
            if error.is_none() {
                error = push(&mut moves, (p, w), "the moves into a position").err();
            }
        });
        for &(p, _) in &moves {
            prefetch(slots.as_ptr().wrapping_add(p));
        }
        for &(p, w) in &moves {
            if error.is_some() {
                break;
            }
            if p >= n || w < 0 {
                error = Some(bad_move(p, v, w, n));
                break;
            }
            let slot = &mut slots[p];
            if slot.flags & (SETTLED | END) != 0 {
                continue;
            }
            let candidate = cost.checked_add(w);
            if slot.flags & ENDER != 0 {
                match candidate {
                    None => slot.flags |= OVERFLOW,
                    Some(c) if slot.flags & REACHED == 0 || c < slot.cost => {
                        slot.cost = c;
                        slot.flags |= REACHED;
                        if with_moves {
                            via[p] = v as u32;
                        }
                        error = heap.push(key(c), p as u32).err();
                    }
                    Some(_) => {}
                }
                continue;
            }
            if slot.remaining == 0 {
                error = Some(Error::new(format!("state {p} has more moves listed than its start says")));
                continue;
            }
            match candidate {
                None => slot.flags |= OVERFLOW,
                Some(c) if slot.flags & REACHED == 0 || c > slot.cost => {
                    slot.cost = c;
                    slot.flags |= REACHED;
                    if with_moves {
                        via[p] = v as u32;
                    }
                }
                Some(_) => {}
            }
            slot.remaining -= 1;
            if slot.remaining > 0 {
                continue;
            }
            if slot.flags & OVERFLOW != 0 {
                error = Some(overflow_error(p, ender));
                continue;
            }
            // Settled at its largest cost; its predecessors are walked when it comes off.
            error = heap.push(key(slot.cost), p as u32).err();
        }
        if let Some(e) = error {
            return Err(e);
        }
    }
    drop(heap);
    let overflowed = |s: &Slot| s.flags & (ENDER | SETTLED | OVERFLOW) == ENDER | OVERFLOW;
    if let Some(p) = slots.iter().position(overflowed) {
        return Err(overflow_error(p, ender));
    }
    let mut costs = filled(n, 0i64, "the totals")?;
    for (cost, slot) in costs.iter_mut().zip(&slots) {
        *cost = slot.cost;
    }
    let settled = |p: usize| slots[p].flags & SETTLED != 0;
    if with_moves {
        Totals::finish(game, ender, costs, (0..n).map(|p| !settled(p)), via)
    } else {
        Totals::without_moves(ender, costs, (0..n).map(|p| !settled(p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Keys pushed at least the last taken off, some equal, some far apart: they come off in
    /// the order of a sort of them (the positions say which push each is).
    #[test]
    fn the_radix_heap_gives_the_keys_in_order() {
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let mut heap = RadixHeap::new().unwrap();
            let (mut waiting, mut last, mut count) = (Vec::new(), 0u64, 0u32);
            for _ in 0..rng.below(300) {
                if rng.chance(1, 3) {
                    let got = heap.pop().unwrap();
                    waiting.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
                    let want = waiting.pop();
                    assert_eq!(got.map(|g| g.0), want.map(|w: (u64, u32)| w.0));
                    if let Some((key, _)) = got {
                        last = key;
                    }
                } else {
                    let spread = [0, 1, 1000, u64::MAX / 2][rng.below(4) as usize];
                    let key = last.saturating_add(rng.below(spread.max(1)));
                    heap.push(key, count).unwrap();
                    waiting.push((key, count));
                    count += 1;
                }
            }
        }
    }

    #[test]
    fn costs_keep_their_order_as_keys() {
        let costs = [i64::MIN, -5, -1, 0, 1, 7, i64::MAX];
        assert!(costs.windows(2).all(|w| key(w[0]) < key(w[1])));
    }
}
