//! `--move`: for a query the player to move wins, a move after which that player wins moving
//! second, against every defence.
//!
//! The player to move wins moving first exactly when some move of the actual game (an edge of the
//! mover's label out of a token's vertex) leaves a position the mover wins moving second, and a
//! position's value decides who wins it: moving token `i` from `a` to `b` leaves the value
//! `S - G(a) + G(b)`, `S` the query's sum, which Left wins moving second when it is `>= 0`, Right
//! when `<= 0`. So the moves are tried in order, the query's tokens in order (a vertex's moves
//! once, for its first token) and each token's edges in the input's order, and the first that
//! wins is named. When every token's form and the target's are numbers plus ups plus nimbers, the
//! new sum is added exactly in O(1); otherwise `S` is made as a canonical form once
//! ([`Forms::sum_of_parts`](crate::partizan::Forms::sum_of_parts)) and the new sum `S + G(b) - G(a)` settled by
//! [`Forms::winner_of_sum`](crate::partizan::Forms::winner_of_sum), each within what [`super::MAX_STEPS`] leaves.
//!
//! Moves to vertices of the same form are tried once (the first in the input's order stands for
//! them). Cost: per query, the distinct forms its tokens' distinct vertices move to, each O(1) in
//! the exact case; O(n + m) once before.

use super::{settled, Answer, Problem};
use crate::input::Error;
use crate::memory::try_grow_within;
use crate::partizan::{Dyadic, FormId, Side, Uptimal};
use std::collections::HashMap;

/// Answers every query and, where `mover` (the player to move) wins, names a winning move.
pub fn decide_with_moves(mut problem: Problem, mover: Side) -> Result<Answer, Error> {
    let q = problem.ends.len();
    let mut moves = Vec::new();
    try_grow_within(&mut moves, q, q, &"the moves")?;
    // The query in which each vertex's moves were last tried, plus 1.
    let mut tried = Vec::new();
    let n = problem.num_vertices();
    try_grow_within(&mut tried, n, n, &"the moves")?;
    tried.resize(n, 0u32);
    let distinct = distinct_moves(&problem, mover)?;
    let mut from = 0;
    for i in 0..q {
        let to = problem.ends[i] as usize;
        let found =
            if problem.winners[i].wins(mover, mover) {
                let tokens = problem.tokens[from..to].to_vec();
                let found = winning_move(&mut problem, &distinct, &tokens, mover, &mut tried, i as u32 + 1)?;
                // A position the mover wins moving first has a move that wins (module doc).
                Some(found.ok_or_else(|| {
                    Error::new(format!("no winning move found for query {} (a bug)", i + 1))
                })?)
            } else {
                None
            };
        moves.push(found);
        from = to;
    }
    Ok(Answer { winners: problem.winners, moves })
}

/// For each vertex, the mover's moves to distinct forms: of the moves to one form (all win or all
/// lose), the first in the input's order, in that order.
struct Distinct {
    starts: Vec<u32>,
    targets: Vec<u32>,
}

impl Distinct {
    fn of(&self, v: usize) -> &[u32] {
        &self.targets[self.starts[v] as usize..self.starts[v + 1] as usize]
    }
}

/// The mover's moves to distinct forms ([`Distinct`]).
fn distinct_moves(problem: &Problem, mover: Side) -> Result<Distinct, Error> {
    let n = problem.num_vertices();
    let forms = problem.forms.len();
    // The vertex (plus 1) whose moves last reached each form.
    let mut seen: Vec<u32> = Vec::new();
    try_grow_within(&mut seen, forms, forms, &"the moves")?;
    seen.resize(forms, 0);
    let (mut starts, mut targets) = (Vec::new(), Vec::new());
    try_grow_within(&mut starts, n + 1, n + 1, &"the moves")?;
    starts.push(0);
    for v in 0..n {
        for &b in problem.moves(v, mover) {
            let g = problem.values[b as usize].index();
            if seen[g] != v as u32 + 1 {
                seen[g] = v as u32 + 1;
                try_grow_within(&mut targets, 1, problem.targets.len(), &"the moves")?;
                targets.push(b);
            }
        }
        starts.push(targets.len() as u32);
    }
    Ok(Distinct { starts, targets })
}

/// The first move of `tokens` (module doc) after which `mover` wins moving second.
fn winning_move(
    problem: &mut Problem,
    distinct: &Distinct,
    tokens: &[u32],
    mover: Side,
    tried: &mut [u32],
    stamp: u32,
) -> Result<Option<(u32, u32)>, Error> {
    // The fields apart (a closure of edition 2018 takes the whole `problem`).
    let (forms, values) = (&mut problem.forms, &problem.values);
    let mut total = Some(Uptimal { number: Dyadic::zero(), ups: 0, nimber: 0 });
    for &t in tokens {
        let u = forms.as_uptimal(values[t as usize])?;
        total = total.and_then(|s| u.and_then(|u| s.add(&u)));
    }
    let mut sum: Option<FormId> = None;
    let mut checked: HashMap<(FormId, FormId), bool> = HashMap::new();
    for (i, &a) in tokens.iter().enumerate() {
        if tried[a as usize] == stamp {
            continue;
        }
        tried[a as usize] = stamp;
        let ga = values[a as usize];
        let ua = forms.as_uptimal(ga)?;
        for &b in distinct.of(a as usize) {
            let gb = values[b as usize];
            let exact = match (&total, &ua, forms.as_uptimal(gb)?) {
                (Some(s), Some(ua), Some(ub)) => {
                    let minus_a = Uptimal { number: ua.number.neg(), ups: -ua.ups, nimber: ua.nimber };
                    s.add(&minus_a).and_then(|r| r.add(&ub)).map(|r| r.winner())
                }
                _ => None,
            };
            let wins = match exact {
                Some(w) => w.wins(mover, mover.other()),
                None => {
                    if let Some(&known) = checked.get(&(ga, gb)) {
                        known
                    } else {
                        let what = format!("the moves of query {stamp}");
                        let s = match sum {
                            Some(s) => s,
                            None => {
                                let parts: Vec<FormId> = tokens.iter().map(|&t| values[t as usize]).collect();
                                let s = settled(forms.sum_of_parts(&parts), forms, &what)?;
                                sum = Some(s);
                                s
                            }
                        };
                        let minus_a = forms.neg(ga)?;
                        let w = settled(forms.winner_of_sum(&[s, gb, minus_a]), forms, &what)?;
                        let wins = w.wins(mover, mover.other());
                        checked.insert((ga, gb), wins);
                        wins
                    }
                }
            };
            if wins {
                return Ok(Some((i as u32, b)));
            }
        }
    }
    Ok(None)
}
