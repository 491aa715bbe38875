//! The queue of decided states not yet walked ([`Frontier`]), and the view of it a game's
//! prefetch hint gets ([`Upcoming`]). Invariant: every state is pushed at most once, so the queue
//! never holds more than the states, and it is walked first in first out (which makes depths
//! exact: see the parent module doc's "Depth").

/// The decided states not yet walked, first in first out, each with its outcome (so that walking
/// a state never reads its counter: one random memory access fewer per state). Every state is
/// pushed at most once. The walked prefix is dropped whenever it is at least half the vector, so
/// the vector stays within twice the largest frontier and each state is moved at most once on
/// average; small games, under [`Frontier::COMPACT_AFTER`] states, never pay for that.
#[derive(Default)]
pub(super) struct Frontier {
    /// `state << 1 | lost` (states are below 2^31).
    entries: Vec<u32>,
    /// `entries[head..]` are not walked yet.
    head: usize,
    /// How many walked entries were dropped from the front of `entries`.
    dropped: usize,
    /// The entries `entries` could not grow to, memory being short: the states pushed since were
    /// dropped, and the search that owns the queue is void (it reads this to tell).
    pub(super) short: Option<usize>,
}

impl Frontier {
    const COMPACT_AFTER: usize = 1 << 16;

    /// Pushes `state` if `push`, without branching on it (the entry is written either way). The
    /// queue grows as states arrive, checked: when memory runs out, the state is dropped and the
    /// queue remembers it (`short`).
    #[inline(always)]
    pub(super) fn push_if(&mut self, push: bool, state: usize, lost: bool) {
        if self.entries.len() == self.entries.capacity() && !self.make_room() {
            return;
        }
        self.entries.push((state as u32) << 1 | u32::from(lost));
        self.entries.truncate(self.entries.len() - usize::from(!push));
    }

    /// Doubles the room for entries (as `Vec` does), or records that it could not.
    #[cold]
    fn make_room(&mut self) -> bool {
        let more = self.entries.capacity().max(64);
        let grown = self.entries.try_reserve(more).is_ok();
        if !grown {
            self.short = Some(self.entries.capacity() + more);
        }
        grown
    }

    /// The next state to walk, and whether it is lost (else won).
    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<(usize, bool)> {
        if self.head >= Frontier::COMPACT_AFTER && 2 * self.head >= self.entries.len() {
            self.entries.drain(..self.head);
            self.dropped += self.head;
            self.head = 0;
        }
        let entry = *self.entries.get(self.head)?;
        self.head += 1;
        Some(((entry >> 1) as usize, entry & 1 == 1))
    }

    /// How many states were ever pushed: the decided ones.
    #[inline(always)]
    pub(super) fn pushed(&self) -> usize {
        self.dropped + self.entries.len()
    }

    /// The entries not walked yet, in order.
    #[inline(always)]
    pub(super) fn waiting(&self) -> &[u32] {
        &self.entries[self.head..]
    }
}

/// What [`Game::prefetch`](super::Game::prefetch) is told: the states the search walks next, in order, and a way to start
/// loading the counter of any state (the search reads the counters of the predecessors of every
/// state it walks, in no order the cache can guess).
pub struct Upcoming<'a, C> {
    pub(super) entries: &'a [u32],
    pub(super) counters: &'a [C],
}

impl<C> Upcoming<'_, C> {
    /// The state walked `i + 1` states from now, if the search knows it yet.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<usize> {
        self.entries.get(i).map(|&entry| (entry >> 1) as usize)
    }

    /// Starts loading the counter of `state` (never faults, whatever `state` is).
    #[inline(always)]
    pub fn prefetch_counter(&self, state: usize) {
        crate::prefetch::prefetch(self.counters.as_ptr().wrapping_add(state));
    }
}
