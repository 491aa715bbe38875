//! The search of `plain.rs` made fast: a radix heap for the queue, and one 16-byte slot a position
//! for what the plain search keeps in six tables (so a move walked back touches one cache line):
//! the cost and an 8-byte state side by side in one vector of `i64`, which becomes the costs of
//! the [`Totals`] in place at the end (no copy held beside it).
//!
//! The radix heap: the keys that come off never decrease (module doc), so every key in the heap
//! is at least `last`, the last key taken off. A key goes to bucket `b`, the position of the
//! highest bit where it differs from `last` (bucket 0: equal to it). Taking one off empties
//! bucket 0 first; when it is empty, the first bucket that is not is spread out again around its
//! least key, the new `last`: each key then lands in a lower bucket, so a key moves at most 64
//! times, and in practice a few. Invariant: bucket `b > 0` holds the keys whose highest bit of
//! difference with `last` is `b - 1`; bucket 0 the keys equal to `last`.
//!
//! A position's state: a counter (the moves into unsettled positions of an open position of the
//! other side's; the events still to come off of a banned one) and flags: how it is settled (an
//! end; by its least cost; by its `j`-th event; else by its largest cost), whether it has a cost
//! yet, whether it is settled, whether a cost past `i64` was seen. Until a banned position is
//! settled its cost's word counts its costs past `i64` instead. A banned position with
//! `j = 1` is settled as the ender's open ones are, and with `j = k` as the other side's: the
//! plain search's invariant holds unchanged. The move each position is settled through, and the
//! order they are settled in, are recorded only when asked for.

use super::game::{rank_taken, ScoredGame, Side, Stand, MAX_POSITIONS};
use super::plain::{bad_move, overflow_error, too_many_bans};
use super::room::{filled, push};
use super::totals::{never_bits, Totals, NO_MOVE};
use crate::input::Error;
use crate::prefetch::prefetch;

/// An entry of the queue: a cost's key, the position, and the target of the move that gave the
/// cost ([`NO_MOVE`] where the move is recorded elsewhere). 16 bytes.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    position: u32,
    via: u32,
}

/// A queue of entries whose keys come off in nondecreasing order, each key pushed at least the
/// last taken off.
struct RadixHeap {
    last: u64,
    buckets: Vec<Vec<Entry>>,
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
    fn push(&mut self, entry: Entry) -> Result<(), Error> {
        let b = self.bucket(entry.key);
        push(&mut self.buckets[b], entry, "the queue")
    }

    /// The entry of least key, or `None` when empty.
    #[inline]
    fn pop(&mut self) -> Result<Option<Entry>, Error> {
        if self.buckets[0].is_empty() {
            let b = match (1..65).find(|&b| !self.buckets[b].is_empty()) {
                Some(b) => b,
                None => return Ok(None),
            };
            let spread = std::mem::take(&mut self.buckets[b]);
            self.last = spread.iter().map(|entry| entry.key).min().expect("not empty");
            for &entry in &spread {
                self.push(entry)?;
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

/// The cost of a key.
#[inline]
fn cost_of(key: u64) -> i64 {
    (key ^ (1 << 63)) as i64
}

const END: u32 = 1;
/// Settled by its least cost: the ender's open positions, and banned ones with `j = 1`.
const LEAST: u32 = 2;
/// Settled by its `j`-th event, `1 < j < k`.
const RANKED: u32 = 4;
const REACHED: u32 = 8;
const SETTLED: u32 = 16;
const OVERFLOW: u32 = 32;

/// A position's state (module doc): its counter and flags.
#[derive(Clone, Copy)]
struct State {
    remaining: u32,
    flags: u32,
}

impl State {
    /// The state kept in `word` (`remaining << 32 | flags`).
    #[inline]
    fn of(word: i64) -> State {
        State { remaining: (word as u64 >> 32) as u32, flags: word as u32 }
    }

    /// The word it is kept in.
    #[inline]
    fn word(self) -> i64 {
        (u64::from(self.remaining) << 32 | u64::from(self.flags)) as i64
    }
}

/// The state of an open position of `k` moves settled by its `j`-th least cost: by the largest
/// once all are known (`j = k`), by the least (`j = 1`), or by its `j`-th event.
fn settled_by(j: u32, k: u32) -> State {
    match j {
        j if j == k => State { remaining: k, flags: 0 },
        1 => State { remaining: 0, flags: LEAST },
        j => State { remaining: j, flags: RANKED },
    }
}

/// Every position's cost and state side by side (a move walked back touches one cache line), in
/// one vector of `i64` that becomes the costs alone at the end, in place: no second table.
struct Slots {
    /// Position `p`'s cost at `2p`, its state at `2p + 1` (`remaining << 32 | flags`).
    words: Vec<i64>,
}

impl Slots {
    fn new(n: usize) -> Result<Slots, Error> {
        let words = n.checked_mul(2).ok_or_else(|| Error::new(format!("{n} positions: too many")))?;
        Ok(Slots { words: filled(words, 0i64, "the search's tables")? })
    }

    #[inline]
    fn cost(&self, p: usize) -> i64 {
        self.words[2 * p]
    }

    #[inline]
    fn set_cost(&mut self, p: usize, cost: i64) {
        self.words[2 * p] = cost;
    }

    #[inline]
    fn state(&self, p: usize) -> State {
        State::of(self.words[2 * p + 1])
    }

    #[inline]
    fn set_state(&mut self, p: usize, state: State) {
        self.words[2 * p + 1] = state.word();
    }

    /// Position `p`'s slot: its cost, then its state's word.
    #[inline]
    fn slot(&mut self, p: usize) -> &mut [i64] {
        &mut self.words[2 * p..2 * p + 2]
    }

    /// The costs alone: each moved down to `p` (from `2p >= p`, so none is overwritten before it
    /// is moved), the rest given back (a shrink in place).
    fn into_costs(mut self) -> Vec<i64> {
        let n = self.words.len() / 2;
        for p in 0..n {
            self.words[p] = self.words[2 * p];
        }
        self.words.truncate(n);
        self.words.shrink_to_fit();
        self.words
    }
}

/// Every position's total, and with `with_moves` the move each was settled through (else
/// [`Totals::best_move`] and [`Totals::line`] are not to be asked).
pub(super) fn solve<G: ScoredGame>(game: &G, ender: Side, with_moves: bool) -> Result<Totals, Error> {
    let n = game.num_states();
    if n > MAX_POSITIONS {
        return Err(Error::new(format!("{n} positions: a game has at most {MAX_POSITIONS}")));
    }
    let mut slots = Slots::new(n)?;
    let mut via = if with_moves { filled(n, NO_MOVE, "the moves to play")? } else { Vec::new() };
    let mut order = if with_moves { filled(n, NO_MOVE, "the moves to play")? } else { Vec::new() };
    let mut heap = RadixHeap::new()?;
    let mut moves: Vec<(usize, i64)> = Vec::new();
    let (mut count, mut broken) = (0usize, None);
    game.for_each_start(|side, stand| {
        let s = count;
        count += 1;
        if s >= n || broken.is_some() {
            return;
        }
        let state = match stand {
            Stand::End(payoff) => {
                let cost = if ender == Side::Min { payoff } else { !payoff };
                slots.set_cost(s, cost);
                broken = heap.push(Entry { key: key(cost), position: s as u32, via: NO_MOVE }).err();
                State { remaining: 0, flags: END | REACHED }
            }
            Stand::Open(0) | Stand::Banned { moves: 0, .. } => {
                broken = Some(Error::new(format!("state {s} is open with 0 moves")));
                return;
            }
            Stand::Banned { moves, bans } if bans >= moves => {
                broken = Some(too_many_bans(s, moves, bans));
                return;
            }
            Stand::Open(_) if side == ender => settled_by(1, 0),
            Stand::Open(k) => settled_by(k, k),
            Stand::Banned { moves, bans } => settled_by(rank_taken(side, ender, moves, bans), moves),
        };
        slots.set_state(s, state);
    });
    if let Some(e) = broken {
        return Err(e);
    }
    if count != n {
        return Err(Error::new(format!("the game gave {count} starts for {n} states")));
    }
    let mut settled_so_far = 0;
    while let Some(Entry { key: popped, position: v, via: by }) = heap.pop()? {
        let v = v as usize;
        let mut state = slots.state(v);
        if state.flags & SETTLED != 0 {
            continue; // a stale entry: v was pushed again at a lower cost and came off then
        }
        if state.flags & RANKED != 0 {
            // One more of its costs is known the least of those left: the j-th settles it.
            state.remaining -= 1;
            if state.remaining > 0 {
                slots.set_state(v, state);
                continue;
            }
        }
        state.flags |= SETTLED;
        slots.set_state(v, state);
        let cost = cost_of(popped);
        slots.set_cost(v, cost);
        if with_moves {
            if by != NO_MOVE {
                via[v] = by;
            }
            order[v] = settled_so_far;
            settled_so_far += 1;
        }
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
            prefetch(slots.words.as_ptr().wrapping_add(2 * p));
        }
        for &(p, w) in &moves {
            if error.is_some() {
                break;
            }
            if p >= n || w < 0 {
                error = Some(bad_move(p, v, w, n));
                break;
            }
            if let Err(e) = walk_back(&mut slots, &mut heap, &mut via, (p, v), cost.checked_add(w), ender) {
                error = Some(e);
            }
        }
        if let Some(e) = error {
            return Err(e);
        }
    }
    drop(heap);
    // Never settled, yet its value past i64 (plain.rs).
    let value_past_i64 = |p: usize| {
        let state = slots.state(p);
        if state.flags & RANKED != 0 {
            slots.cost(p) >= i64::from(state.remaining)
        } else {
            state.flags & (LEAST | OVERFLOW) == LEAST | OVERFLOW
        }
    };
    if let Some(p) = (0..n).find(|&p| slots.state(p).flags & SETTLED == 0 && value_past_i64(p)) {
        return Err(overflow_error(p, ender));
    }
    let never = never_bits(n, (0..n).map(|p| slots.state(p).flags & SETTLED == 0))?;
    let costs = slots.into_costs();
    if with_moves {
        Totals::finish(game, ender, costs, never, via, order)
    } else {
        Totals::without_moves(ender, costs, never)
    }
}

/// The move `p -> v` walked back, `candidate` its cost through `v` (`None` past `i64`): `p`'s
/// state and cost updated, and `p` queued if that is due. `via` is empty when no moves are kept.
#[inline]
fn walk_back(
    slots: &mut Slots,
    heap: &mut RadixHeap,
    via: &mut [u32],
    (p, v): (usize, usize),
    candidate: Option<i64>,
    ender: Side,
) -> Result<(), Error> {
    let slot = slots.slot(p);
    let mut state = State::of(slot[1]);
    if state.flags & (SETTLED | END) != 0 {
        return Ok(());
    }
    if state.flags & RANKED != 0 {
        return match candidate {
            // Counted in its cost's place, until it is settled.
            None => {
                slot[0] = slot[0].saturating_add(1);
                Ok(())
            }
            Some(c) => heap.push(Entry { key: key(c), position: p as u32, via: v as u32 }),
        };
    }
    if state.flags & LEAST != 0 {
        match candidate {
            None => state.flags |= OVERFLOW,
            Some(c) if state.flags & REACHED == 0 || c < slot[0] => {
                slot[0] = c;
                state.flags |= REACHED;
                slot[1] = state.word();
                return heap.push(Entry { key: key(c), position: p as u32, via: v as u32 });
            }
            Some(_) => {}
        }
        slot[1] = state.word();
        return Ok(());
    }
    if state.remaining == 0 {
        return Err(Error::new(format!("state {p} has more moves listed than its start says")));
    }
    match candidate {
        None => state.flags |= OVERFLOW,
        Some(c) if state.flags & REACHED == 0 || c > slot[0] => {
            slot[0] = c;
            state.flags |= REACHED;
            if let Some(to) = via.get_mut(p) {
                *to = v as u32;
            }
        }
        Some(_) => {}
    }
    state.remaining -= 1;
    slot[1] = state.word();
    if state.remaining > 0 {
        return Ok(());
    }
    if state.flags & OVERFLOW != 0 {
        return Err(overflow_error(p, ender));
    }
    // Settled at its largest cost; its predecessors are walked when it comes off.
    heap.push(Entry { key: key(slot[0]), position: p as u32, via: NO_MOVE })
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
                    let got = heap.pop().unwrap().map(|entry| entry.key);
                    waiting.sort_unstable_by_key(|&(key, _)| std::cmp::Reverse(key));
                    let want = waiting.pop();
                    assert_eq!(got, want.map(|w: (u64, u32)| w.0));
                    if let Some(key) = got {
                        last = key;
                    }
                } else {
                    let spread = [0, 1, 1000, u64::MAX / 2][rng.below(4) as usize];
                    let key = last.saturating_add(rng.below(spread.max(1)));
                    heap.push(Entry { key, position: count, via: count }).unwrap();
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
        assert!(costs.iter().all(|&c| cost_of(key(c)) == c));
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }
}
