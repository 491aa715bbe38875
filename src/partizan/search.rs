//! Who wins a sum by searching its positions, for sums whose canonical form is too large to build.
//!
//! A position is the multiset of components that are not numbers (canonical forms of the table,
//! each with how many times it comes, sorted by id) and the sum of those that are. By number
//! avoidance (Siegel, *Combinatorial Game Theory*, II.3), a player with a
//! winning move has one in a component that is not a number, so only those are moved in; once
//! none is left, the number's sign decides (the player to move on a number `x <= 0` as Left,
//! `x >= 0` as Right, loses). Each position and mover is searched once (memo), with an explicit
//! stack, within the steps of the table's limit (a move tried costs a step a distinct component,
//! [`Forms::limit_steps`]) and a number of bytes for the positions kept (the memo's and the
//! stack's, counted as they are made): past either, it gives up (`None`), never hangs.

use super::dyadic::Dyadic;
use super::forms::{copy_of, push, reserve, reserve_entry, FormId, Forms, Side};
use super::hash::FastMap;
use super::outcome::Winner;
use super::sums::past_budget;
use crate::input::Error;

/// A position of the search: its components with their counts (sorted ids, no number among
/// them), its number, and who moves.
type Position = (Vec<(FormId, u64)>, Dyadic, Side);

/// One position on the stack, with the index of its next move (component, option) to try.
struct Node {
    position: Position,
    next: usize,
}

/// The bytes the search may still take, counted down as positions are made.
struct Room {
    steps: u64,
    bytes: usize,
}

impl Forms {
    /// Who wins the sum of `parts` by searching its positions (module doc), within the table's
    /// [`SumBudget`](super::SumBudget); past it, an error naming it.
    pub fn search_winner(&mut self, parts: &[FormId]) -> Result<Winner, Error> {
        let budget = self.sum_budget();
        let mut counted: FastMap<FormId, u64> = FastMap::default();
        for &g in parts {
            reserve_entry(&mut counted)?;
            *counted.entry(g).or_insert(0) += 1;
        }
        let mut list = Vec::new();
        for (g, c) in counted {
            push(&mut list, (g, c), WHAT)?;
        }
        match self.within_budget(budget, |forms| {
            let bytes = forms.bytes_left();
            forms.search_counted(list, bytes)
        })? {
            Some(w) => Ok(w),
            None => Err(past_budget(budget, parts.len())),
        }
    }

    /// Who wins the sum of `parts` (each form with its count), or `None` past the steps left or
    /// `bytes` bytes of positions.
    pub(crate) fn search_counted(
        &mut self,
        parts: Vec<(FormId, u64)>,
        bytes: usize,
    ) -> Result<Option<Winner>, Error> {
        let mut components: Vec<(FormId, u64)> = Vec::new();
        let mut number = Dyadic::zero();
        for (g, count) in parts {
            match self.as_number(g) {
                Some(x) => {
                    for _ in 0..count {
                        number = number.try_add(x)?;
                    }
                }
                None => add_component(&mut components, g, count)?,
            }
        }
        let mut memo: FastMap<Position, bool> = FastMap::default();
        // The steps (forms.rs) it may take: a move tried costs one a distinct component.
        let start_steps = self.steps_left();
        let mut room = Room { steps: start_steps, bytes };
        let start = (copy_of(&components, WHAT)?, number.try_clone()?, Side::Left);
        let left_first = self.wins_moving(&mut memo, start, &mut room)?;
        let right_first = match left_first {
            Some(_) => self.wins_moving(&mut memo, (components, number, Side::Right), &mut room)?,
            None => None,
        };
        // The steps taken, charged: past the steps left, one more makes the error.
        let used = if room.steps == 0 { start_steps.saturating_add(1) } else { start_steps - room.steps };
        self.steps_of(used)?;
        match (left_first, right_first) {
            (Some(l), Some(r)) => Ok(Some(Winner::from_wins(l, !r))),
            _ => Ok(None),
        }
    }

    /// Whether the player to move in `start` wins, or `None` past the budget; an error when
    /// memory runs out.
    fn wins_moving(
        &self,
        memo: &mut FastMap<Position, bool>,
        start: Position,
        room: &mut Room,
    ) -> Result<Option<bool>, Error> {
        if let Some(&known) = memo.get(&start) {
            return Ok(Some(known));
        }
        // The positions open, each reached by a move from the one beneath it.
        let mut stack = Vec::new();
        if !take(room, &start) {
            return Ok(None);
        }
        push(&mut stack, Node { position: start, next: 0 }, WHAT)?;
        // The answer of the position just settled, for the one beneath it.
        let mut settled: Option<bool> = None;
        loop {
            let top = stack.len() - 1;
            if let Some(child_wins) = settled.take() {
                if !child_wins {
                    // A move to a position the opponent loses: this one is won.
                    let done = stack.pop().expect("a position");
                    remember(memo, done.position, true)?;
                    if stack.is_empty() {
                        return Ok(Some(true));
                    }
                    settled = Some(true);
                    continue;
                }
                stack[top].next += 1;
            }
            let cost = stack[top].position.0.len() as u64 + 1;
            if room.steps < cost {
                room.steps = 0;
                return Ok(None);
            }
            room.steps -= cost;
            match self.move_at(&stack[top].position, stack[top].next)? {
                None => {
                    // No move wins (or none at all): lost, unless only a number is left.
                    let done = stack.pop().expect("a position");
                    let (components, number, mover) = &done.position;
                    let wins = components.is_empty()
                        && match mover {
                            Side::Left => number.signum() > 0,
                            Side::Right => number.signum() < 0,
                        };
                    remember(memo, done.position, wins)?;
                    if stack.is_empty() {
                        return Ok(Some(wins));
                    }
                    settled = Some(wins);
                }
                Some(child) => match memo.get(&child) {
                    Some(&child_wins) => settled = Some(child_wins),
                    None => {
                        if !take(room, &child) {
                            return Ok(None);
                        }
                        push(&mut stack, Node { position: child, next: 0 }, WHAT)?
                    }
                },
            }
        }
    }

    /// The position after the `next`-th move of the mover in `position`, numbers folded in, or
    /// `None` past the last move.
    fn move_at(&self, position: &Position, next: usize) -> Result<Option<Position>, Error> {
        let (components, number, mover) = position;
        let mut k = next;
        for (i, &(g, count)) in components.iter().enumerate() {
            let options = self.options_of(g, *mover);
            if k < options.len() {
                let option = options[k];
                let mut rest = copy_of(components, WHAT)?;
                if count == 1 {
                    rest.remove(i);
                } else {
                    rest[i].1 -= 1;
                }
                let mut number = number.try_clone()?;
                match self.as_number(option) {
                    Some(x) => number = number.try_add(x)?,
                    None => add_component(&mut rest, option, 1)?,
                }
                return Ok(Some((rest, number, mover.other())));
            }
            k -= options.len();
        }
        Ok(None)
    }
}

/// Takes the bytes of one more position (kept on the stack, then in the memo) from `room`:
/// `false` when they are not left.
fn take(room: &mut Room, position: &Position) -> bool {
    // Its own bytes, and twice its entry in the memo's table (which doubles as it fills).
    let need = 3 * (std::mem::size_of::<(Position, bool)>() + 1)
        + position.0.capacity() * 16
        + position.1.heap_bytes();
    room.bytes = room.bytes.saturating_sub(need);
    room.bytes > 0
}

/// `count` more copies of `g` in the sorted multiset `components`.
fn add_component(components: &mut Vec<(FormId, u64)>, g: FormId, count: u64) -> Result<(), Error> {
    match components.binary_search_by_key(&g, |c| c.0) {
        Ok(at) => components[at].1 += count,
        Err(at) => {
            reserve(components, 1, WHAT)?;
            components.insert(at, (g, count));
        }
    }
    Ok(())
}

/// What the search's memory is, in an error when it runs out.
const WHAT: &str = "the positions of a search";

/// Records a position's answer, the memo's growth checked.
fn remember(memo: &mut FastMap<Position, bool>, position: Position, wins: bool) -> Result<(), Error> {
    reserve_entry(memo)?;
    memo.insert(position, wins);
    Ok(())
}
