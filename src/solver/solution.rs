//! What a search gives: the outcome of every state ([`Solution`], the search's counters as they
//! end, read back) and, on request, how long each game lasts ([`DepthTable`]).

use super::counter::Counter;
use super::game::Outcome;

/// The outcome of every state.
#[derive(Debug, Clone)]
pub struct Solution {
    pub(super) counters: Counters,
}

/// Every state's counter at the end of the search, in the width the search used.
#[derive(Debug, Clone)]
pub(super) enum Counters {
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

/// How many moves the game lasts from each state under optimal play, from [`super::solve_with_depth`]:
/// `Some(d)` for a decided state, `None` for a draw (it never ends).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepthTable {
    /// A `u32` per state, [`DepthTable::NEVER`] for a draw: no more memory than the bare numbers.
    pub(super) depths: Vec<u32>,
}

impl DepthTable {
    /// What a drawn state holds (no decided state is that deep: there are at most 2^31 states).
    pub(super) const NEVER: u32 = u32::MAX;

    /// How many moves the game lasts from `state` under optimal play, `None` if it is a draw.
    pub fn depth(&self, state: usize) -> Option<u32> {
        Some(self.depths[state]).filter(|&d| d != DepthTable::NEVER)
    }
}

/// The outcome a final counter says (the search module doc's "Memory": `LOSE`, `WIN`, or a draw
/// between).
fn outcome_of<C: Counter>(c: C) -> Outcome {
    if c == C::WIN {
        Outcome::Win
    } else if c == C::LOSE {
        Outcome::Lose
    } else {
        Outcome::Draw
    }
}
