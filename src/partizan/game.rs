//! The values of a partizan game written forward: states `0..n`, each with Left's moves and
//! Right's.
//!
//! [`forward_values`] asks every state's moves once, orders the states so that each comes after
//! the states it moves to (a depth-first walk with an explicit stack: a chain of 10^6 states
//! works), and makes each state's canonical form from its options' ([`Forms::make`]). A state
//! that can be reached from itself makes the game loopy, not short: an error naming the cycle.

use super::forms::{reserve, reserve_one, FormId, Forms, Side};
use crate::input::{out_of_memory, Error};

/// Every state's canonical form, in `forms`: `moves(s, side, &mut list)` pushes onto `list` (empty
/// when called) the states `side` can move to from `s`. An error when a move leaves `0..num_states`,
/// when the game has a cycle (named, 0-based), or when memory runs out.
///
/// ```
/// use graph_games::partizan::{forward_values, Forms, Side};
///
/// // State 0 is over; from 1 Left moves to 0; from 2 either player moves to 0 (the game *).
/// let mut forms = Forms::new();
/// let values = forward_values(&mut forms, 3, |s, side, list| match (s, side) {
///     (1, Side::Left) | (2, _) => list.push(0),
///     _ => {}
/// })
/// .unwrap();
/// assert_eq!(forms.as_number(values[1]).map(|x| x.to_string()), Some("1".to_string()));
/// assert_eq!(forms.show(values[2]), "*");
/// ```
pub fn forward_values<M: Fn(usize, Side, &mut Vec<usize>)>(
    forms: &mut Forms,
    num_states: usize,
    moves: M,
) -> Result<Vec<FormId>, Error> {
    // The moves, laid out: state s's Left moves, then its Right moves, in `targets[ends[2s]..]`.
    let mut targets: Vec<u32> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    let mut list = Vec::new();
    for s in 0..num_states {
        for side in [Side::Left, Side::Right] {
            list.clear();
            moves(s, side, &mut list);
            reserve(&mut targets, list.len(), "the moves of the game")?;
            for &t in &list {
                if t >= num_states {
                    return Err(Error::new(format!(
                        "state {s} moves to {t}, not a state (there are {num_states})"
                    )));
                }
                targets.push(t as u32);
            }
            reserve_one(&mut ends, "the moves of the game")?;
            ends.push(targets.len());
        }
    }
    let start = |s: usize, side: Side| match side {
        Side::Left => {
            if s == 0 {
                0
            } else {
                ends[2 * s - 1]
            }
        }
        Side::Right => ends[2 * s],
    };
    let all = |s: usize| (if s == 0 { 0 } else { ends[2 * s - 1] }, ends[2 * s + 1]);
    let order = children_first(num_states, &targets, &all)?;
    let mut values = filled(num_states, Forms::ZERO, "the values of the states")?;
    let mut left = Vec::new();
    let mut right = Vec::new();
    for s in order {
        left.clear();
        right.clear();
        for (list, moves) in [
            (&mut left, &targets[start(s, Side::Left)..ends[2 * s]]),
            (&mut right, &targets[start(s, Side::Right)..ends[2 * s + 1]]),
        ] {
            reserve(list, moves.len(), "the options of a state")?;
            list.extend(moves.iter().map(|&t| values[t as usize]));
        }
        values[s] = forms.make(&left, &right)?;
    }
    Ok(values)
}

/// The states, each after every state it moves to, or an error naming a cycle.
fn children_first(
    num_states: usize,
    targets: &[u32],
    moves_of: &dyn Fn(usize) -> (usize, usize),
) -> Result<Vec<usize>, Error> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut mark = filled(num_states, NEW, "the walk of the game")?;
    let mut order = Vec::new();
    reserve(&mut order, num_states, "the walk of the game")?;
    // (state, index of its next move in `targets`)
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..num_states {
        if mark[root] != NEW {
            continue;
        }
        mark[root] = OPEN;
        reserve_one(&mut stack, "the walk of the game")?;
        stack.push((root, moves_of(root).0));
        while let Some(&mut (s, ref mut next)) = stack.last_mut() {
            if *next == moves_of(s).1 {
                mark[s] = DONE;
                order.push(s);
                stack.pop();
                continue;
            }
            let t = targets[*next] as usize;
            *next += 1;
            match mark[t] {
                NEW => {
                    mark[t] = OPEN;
                    reserve_one(&mut stack, "the walk of the game")?;
                    stack.push((t, moves_of(t).0));
                }
                OPEN => {
                    let at = stack.iter().position(|&(u, _)| u == t).expect("an open state is on the stack");
                    return Err(cycle_error(stack[at..].iter().map(|&(u, _)| u).chain(Some(t))));
                }
                _ => {}
            }
        }
    }
    Ok(order)
}

/// The error naming the cycle through `states`, back to the first: its text (as long as the
/// cycle, which may be the whole game) grows checked, and is a memory error when it cannot.
fn cycle_error(states: impl Iterator<Item = usize>) -> Error {
    let mut text = String::from("the game has a cycle (a partizan value needs a short game): ");
    for (k, s) in states.enumerate() {
        let piece = if k == 0 { s.to_string() } else { format!(" -> {s}") };
        if text.capacity() - text.len() < piece.len() {
            let target = (text.capacity() * 2).max(text.len() + piece.len());
            if text.try_reserve_exact(target - text.len()).is_err() {
                return out_of_memory(target as u128, "the message naming a cycle");
            }
        }
        text.push_str(&piece);
    }
    Error::new(text)
}

/// `n` copies of `value`, the memory checked (the contract: no abort).
fn filled<T: Clone>(n: usize, value: T, what: &str) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    reserve(&mut v, n, what)?;
    v.resize(n, value);
    Ok(v)
}
