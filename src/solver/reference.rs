//! The search as the seeds teach it, plain: the specification that the fast search of
//! [`super::solve`] is tested against (`tests/reference.rs`), with nothing in it for speed.
//!
//! Every open state keeps `remaining_moves`, its moves not yet known to reach a winning state. A
//! FIFO queue starts with the states decided before the search (depth 0) and walks moves
//! backwards: an undecided predecessor of a losing state wins; an undecided predecessor of a
//! winning state has one remaining move less, and loses when none is left. A state decided while
//! `v` is walked lasts one move more than `v`. Invariant: a state is queued exactly when it is
//! decided, so each state and move is handled once: O(states + moves). States never decided are
//! draws. Memory: an outcome, a counter and a depth per state, and the queue.

use super::game::{broken_rule, Game, Outcome, Start};
use super::solution::{Counters, DepthTable, Solution};
use std::collections::VecDeque;

/// Decides every state of `game`, with depths: what [`super::solve_with_depth`] gives.
pub fn solve_with_depth<G: Game>(game: &G) -> (Solution, DepthTable) {
    let n = game.num_states();
    let mut outcome: Vec<Option<Outcome>> = Vec::with_capacity(n);
    let mut remaining_moves: Vec<u32> = Vec::with_capacity(n);
    let mut depth = vec![DepthTable::NEVER; n];
    let mut queue = VecDeque::new();
    game.for_each_start(|start| {
        let state = outcome.len();
        let (decided, moves) = match start {
            Start::Win => (Some(Outcome::Win), 0),
            Start::Lose | Start::Moves(0) => (Some(Outcome::Lose), 0),
            Start::Moves(k) => (None, k),
        };
        if decided.is_some() && state < n {
            depth[state] = 0;
            queue.push_back(state);
        }
        outcome.push(decided);
        remaining_moves.push(moves);
    });
    if outcome.len() != n {
        let starts = outcome.len();
        broken_rule(format_args!("for_each_start gave {starts} starts, not num_states() = {n}"));
    }
    while let Some(v) = queue.pop_front() {
        let v_lost = outcome[v] == Some(Outcome::Lose);
        game.for_each_predecessor(v, |p| {
            if outcome[p].is_some() {
                return; // decided already: its moves no longer matter
            }
            if v_lost {
                outcome[p] = Some(Outcome::Win);
            } else {
                remaining_moves[p] -= 1;
                if remaining_moves[p] > 0 {
                    return;
                }
                outcome[p] = Some(Outcome::Lose);
            }
            depth[p] = depth[v] + 1;
            queue.push_back(p);
        });
    }
    // The solution in the form the fast search leaves it: a counter per state, WIN the maximum,
    // LOSE zero, a draw anything between.
    let counters = outcome
        .iter()
        .map(|o| match o {
            Some(Outcome::Win) => u32::MAX,
            Some(Outcome::Lose) => 0,
            _ => 1,
        })
        .collect();
    (Solution { counters: Counters::Wide(counters) }, DepthTable { depths: depth })
}
