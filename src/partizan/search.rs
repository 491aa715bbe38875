//! Who wins a sum by searching its positions, for sums whose canonical form is too large to build.
//!
//! A position is the list of components that are not numbers (canonical forms of the table) and
//! the sum of those that are. By number avoidance, a player with a winning move has one in a
//! component that is not a number, so only those are moved in; once none is left, the number's
//! sign decides (the player to move on a number `x <= 0` as Left, `x >= 0` as Right, loses). Each
//! position and mover is searched once (memo), with an explicit stack, within a budget of
//! positions and the table's steps (a move tried costs a step a component, [`Forms::limit_steps`]):
//! past the budget the search gives up (`None`), past the steps it fails, never hangs.

use super::dyadic::Dyadic;
use super::forms::{copy_of, push, reserve_entry, FormId, Forms, Side};
use super::hash::FastMap;
use super::outcome::Winner;
use crate::input::Error;

/// A position of the search: its components (sorted ids, no number among them), its number, and
/// who moves.
type Position = (Vec<FormId>, Dyadic, Side);

/// One position on the stack, with the index of its next move (component, option) to try.
struct Node {
    position: Position,
    next: usize,
}

impl Forms {
    /// Who wins the sum of `parts` by search (module doc), or `None` when it needs more than
    /// `budget` positions.
    pub fn search_winner(&mut self, parts: &[FormId], budget: usize) -> Result<Option<Winner>, Error> {
        let mut components = Vec::new();
        let mut number = Dyadic::zero();
        for &g in parts {
            match self.as_number(g) {
                Some(x) => number = number.add(x),
                None => push(&mut components, g, WHAT)?,
            }
        }
        components.sort_unstable();
        let mut memo: FastMap<Position, bool> = FastMap::default();
        // The steps (forms.rs) it may take: a move tried costs one a component.
        let room = self.steps_left();
        let mut left = room;
        let start = (copy_of(&components, WHAT)?, number.clone(), Side::Left);
        let left_first = self.wins_moving(&mut memo, start, budget, &mut left)?;
        let right_first = match left_first {
            Some(_) => self.wins_moving(&mut memo, (components, number, Side::Right), budget, &mut left)?,
            None => None,
        };
        // Past the steps left, one more makes the error.
        self.steps_of(if left == 0 { room.saturating_add(1) } else { room - left })?;
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
        budget: usize,
        steps: &mut u64,
    ) -> Result<Option<bool>, Error> {
        if let Some(&known) = memo.get(&start) {
            return Ok(Some(known));
        }
        // The positions open, each reached by a move from the one beneath it.
        let mut stack = Vec::new();
        push(&mut stack, Node { position: start, next: 0 }, WHAT)?;
        // The answer of the position just settled, for the one beneath it.
        let mut settled: Option<bool> = None;
        loop {
            let top = stack.len() - 1;
            if let Some(child_wins) = settled.take() {
                if !child_wins {
                    // A move to a position the opponent loses: this one is won.
                    let done = stack.pop().expect("a position");
                    if memo.len() >= budget {
                        return Ok(None);
                    }
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
            if *steps < cost {
                *steps = 0;
                return Ok(None);
            }
            *steps -= cost;
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
                    if memo.len() >= budget {
                        return Ok(None);
                    }
                    remember(memo, done.position, wins)?;
                    if stack.is_empty() {
                        return Ok(Some(wins));
                    }
                    settled = Some(wins);
                }
                Some(child) => match memo.get(&child) {
                    Some(&child_wins) => settled = Some(child_wins),
                    None => push(&mut stack, Node { position: child, next: 0 }, WHAT)?,
                },
            }
        }
    }

    /// The position after the `next`-th move of the mover in `position`, numbers folded in, or
    /// `None` past the last move.
    fn move_at(&self, position: &Position, next: usize) -> Result<Option<Position>, Error> {
        let (components, number, mover) = position;
        let mut k = next;
        for (i, &g) in components.iter().enumerate() {
            let options = self.options_of(g, *mover);
            if k < options.len() {
                let option = options[k];
                // (The same length as `components`: the option takes the place of `g`.)
                let mut rest = copy_of(components, WHAT)?;
                rest.remove(i);
                let mut number = number.clone();
                match self.as_number(option) {
                    Some(x) => number = number.add(x),
                    None => {
                        let at = rest.binary_search(&option).unwrap_or_else(|e| e);
                        rest.insert(at, option);
                    }
                }
                return Ok(Some((rest, number, mover.other())));
            }
            k -= options.len();
        }
        Ok(None)
    }
}

/// What the search's memory is, in an error when it runs out.
const WHAT: &str = "the positions of a search";

/// Records a position's answer, the memo's growth checked.
fn remember(memo: &mut FastMap<Position, bool>, position: Position, wins: bool) -> Result<(), Error> {
    reserve_entry(memo)?;
    memo.insert(position, wins);
    Ok(())
}
