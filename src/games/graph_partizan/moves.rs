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
//! them). Every move tried is a step of [`super::MAX_STEPS`], the exact ones too (a vertex of
//! 10^5 edges asked about in 10^5 queries would be 10^10 moves), and an exact one a step more per
//! 4096 bits of the numbers it compares (they may have 10^5 bits: 2·10^6 such comparisons would
//! take seconds, where the limit promises a fraction of one). What a vertex's moves gave for a sum
//! is remembered (`Memo`): the first winning move out of vertex `a` depends only on `a` and on
//! `S`, so a query whose token's vertex and sum were seen before takes it from the memo without
//! trying a move. Cost: O(n + m) once before; per query, its tokens, and for each pair of a
//! vertex and a sum not seen before, the distinct forms the vertex moves to, each a step and O(1)
//! in the exact case (but for the numbers' length).

use super::{settled, Answer, Problem};
use crate::input::{out_of_memory, Error};
use crate::memory::{check_memory, try_grow_within};
use crate::partizan::{Dyadic, FormId, Forms, Side, Uptimal, Winner};
use std::cmp::Ordering;
use std::collections::HashMap;

/// Answers every query and, where `mover` (the player to move) wins, names a winning move. The
/// moves tried are steps of `problem`'s table ([`Forms::steps`]).
pub fn decide_with_moves(problem: &mut Problem, mover: Side) -> Result<Answer, Error> {
    let q = problem.ends.len();
    let mut moves = Vec::new();
    try_grow_within(&mut moves, q, q, &"the moves")?;
    // The query in which each vertex's moves were last tried, plus 1.
    let mut tried = Vec::new();
    let n = problem.num_vertices();
    try_grow_within(&mut tried, n, n, &"the moves")?;
    tried.resize(n, 0u32);
    let distinct = distinct_moves(problem, mover)?;
    let mut memo = Memo::default();
    let mut from = 0;
    for i in 0..q {
        let to = problem.ends[i] as usize;
        let found =
            if problem.winners[i].wins(mover, mover) {
                let tokens = problem.tokens[from..to].to_vec();
                let search = Search { distinct: &distinct, mover, stamp: i as u32 + 1 };
                let found = search.winning_move(problem, &tokens, &mut tried, &mut memo)?;
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
    let mut winners = Vec::new();
    try_grow_within(&mut winners, q, q, &"the answers")?;
    winners.extend_from_slice(&problem.winners);
    Ok(Answer { winners, moves })
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

/// A query's sum as the memo knows it: exact when every token is a number plus ups plus a
/// nimber, else its canonical form (one sum may have both keys: a miss then, never a wrong hit).
#[derive(Clone, PartialEq, Eq, Hash)]
enum SumKey {
    Exact(Uptimal),
    Form(FormId),
}

/// For a vertex and a query's sum, the first winning move out of the vertex: its index in
/// [`Distinct::of`], or `None` when none wins. Its entries and their numbers' digits are held
/// within [`MEMO_BYTES`]: past it, nothing more is remembered, and moves are tried (and counted)
/// again, so the memo bounds the memory and the step limit the time.
#[derive(Default)]
struct Memo {
    first_win: HashMap<(u32, SumKey), Option<u32>>,
    bytes: usize,
}

/// The bits of the numbers compared (the longer) that a move tried exactly counts as one step
/// more: a comparison of numbers of `b` bits takes O(b) (module doc).
const BITS_PER_STEP: u64 = 4096;

/// The most bytes [`Memo`] holds.
const MEMO_BYTES: usize = 64 << 20;

impl Memo {
    /// Remembers `found` for `vertex` and `sum`, if the memo has room; its growth checked.
    fn insert(&mut self, vertex: u32, sum: SumKey, found: Option<u32>) -> Result<(), Error> {
        // An entry, its share of the map's empty room, and its number's digits.
        let entry = 2 * (std::mem::size_of::<((u32, SumKey), Option<u32>)>() + 1);
        let digits = match &sum {
            SumKey::Exact(u) => u.number.heap_bytes(),
            SumKey::Form(_) => 0,
        };
        if self.bytes + entry + digits > MEMO_BYTES {
            return Ok(());
        }
        let map = &mut self.first_win;
        if map.len() == map.capacity() {
            let more = map.capacity().max(16);
            let bytes = 2 * (map.capacity() + more) as u128 * entry as u128;
            let what = "the memo of the winning moves";
            map.try_reserve(more).map_err(|_| out_of_memory(bytes, what))?;
            // The allocations that follow unchecked (the numbers' digits) need a margin.
            check_memory(bytes / 8 + (1 << 20), what)?;
        }
        self.bytes += entry + digits;
        map.insert((vertex, sum), found);
        Ok(())
    }
}

/// What is fixed while one query's moves are tried.
struct Search<'a> {
    distinct: &'a Distinct,
    mover: Side,
    /// The query's number, from 1.
    stamp: u32,
}

impl Search<'_> {
    /// The first move of `tokens` (module doc) after which the mover wins moving second.
    fn winning_move(
        &self,
        problem: &mut Problem,
        tokens: &[u32],
        tried: &mut [u32],
        memo: &mut Memo,
    ) -> Result<Option<(u32, u32)>, Error> {
        // The fields apart (a closure of edition 2018 takes the whole `problem`).
        let (forms, values) = (&mut problem.forms, &problem.values);
        let mut total = Some(Uptimal { number: Dyadic::zero(), ups: 0, nimber: 0 });
        for &t in tokens {
            let u = forms.as_uptimal(values[t as usize])?;
            total = match (total, u) {
                (Some(s), Some(u)) => s.try_add(&u)?,
                _ => None,
            };
        }
        let mut sum = Sum { tokens, form: None, checked: HashMap::new() };
        for (i, &a) in tokens.iter().enumerate() {
            let targets = self.distinct.of(a as usize);
            if tried[a as usize] == self.stamp || targets.is_empty() {
                continue;
            }
            tried[a as usize] = self.stamp;
            let key = match &total {
                Some(s) => {
                    SumKey::Exact(Uptimal { number: s.number.try_clone()?, ups: s.ups, nimber: s.nimber })
                }
                None => SumKey::Form(sum.form(forms, values, self.stamp)?),
            };
            // The key is moved into the lookup and back out: a copy of its number is not checked.
            let probe = (a, key);
            let first = match memo.first_win.get(&probe) {
                Some(&known) => known,
                None => {
                    let found = self.first_win(forms, values, a, &total, &mut sum)?;
                    memo.insert(a, probe.1, found)?;
                    found
                }
            };
            if let Some(j) = first {
                return Ok(Some((i as u32, targets[j as usize])));
            }
        }
        Ok(None)
    }

    /// The index in [`Distinct::of`]`(a)` of the first move out of `a` that wins, each move tried
    /// a step; `total` is the query's sum when exact.
    fn first_win(
        &self,
        forms: &mut Forms,
        values: &[FormId],
        a: u32,
        total: &Option<Uptimal>,
        sum: &mut Sum<'_>,
    ) -> Result<Option<u32>, Error> {
        let ga = values[a as usize];
        // The sum without token `a`, negated (`a`'s number minus the sum's), with its ups and
        // nimber, when exact: a move to `b` then leaves a sum whose number's sign is how `b`'s
        // number compares with it, no number made (numbers may have thousands of digits).
        let rest = match (total, forms.uptimal_parts(ga)?) {
            (Some(s), Some((x, ups, nimber))) => match s.ups.checked_sub(ups) {
                Some(rest_ups) => {
                    let minus_rest = forms.as_number(x).expect("a number").try_sub(&s.number)?;
                    Some((minus_rest, rest_ups, s.nimber ^ nimber))
                }
                None => None,
            },
            _ => None,
        };
        for (j, &b) in self.distinct.of(a as usize).iter().enumerate() {
            let gb = values[b as usize];
            let exact = match (&rest, forms.uptimal_parts(gb)?) {
                (Some((minus_rest, rest_ups, rest_nimber)), Some((x, ups, nimber))) => {
                    let x = forms.as_number(x).expect("a number");
                    // A comparison of long numbers takes a step per 4096 bits (module doc).
                    let bits = x.numerator().bit_len().max(minus_rest.numerator().bit_len());
                    let steps = 1 + bits / BITS_PER_STEP;
                    let by_number = x.cmp(minus_rest);
                    settled(
                        forms.steps_of(steps),
                        forms,
                        &format_args!("the moves of query {}", self.stamp),
                    )?;
                    match by_number {
                        Ordering::Greater => Some(Winner::Left),
                        Ordering::Less => Some(Winner::Right),
                        Ordering::Equal => rest_ups.checked_add(ups).map(|ups| {
                            Uptimal { number: Dyadic::zero(), ups, nimber: rest_nimber ^ nimber }.winner()
                        }),
                    }
                }
                _ => {
                    settled(forms.step(), forms, &format_args!("the moves of query {}", self.stamp))?;
                    None
                }
            };
            let wins = match exact {
                Some(w) => w.wins(self.mover, self.mover.other()),
                None => sum.move_wins(forms, values, ga, gb, self)?,
            };
            if wins {
                return Ok(Some(j as u32));
            }
        }
        Ok(None)
    }
}

/// A query's sum as a canonical form, made once when first needed, and the moves it settled.
struct Sum<'a> {
    tokens: &'a [u32],
    form: Option<FormId>,
    /// Whether the mover wins moving second after a move from a form to a form.
    checked: HashMap<(FormId, FormId), bool>,
}

impl Sum<'_> {
    /// The canonical form of the sum, made the first time.
    fn form(&mut self, forms: &mut Forms, values: &[FormId], stamp: u32) -> Result<FormId, Error> {
        if let Some(s) = self.form {
            return Ok(s);
        }
        let parts: Vec<FormId> = self.tokens.iter().map(|&t| values[t as usize]).collect();
        let s = settled(forms.sum_of_parts(&parts), forms, &format_args!("the moves of query {stamp}"))?;
        self.form = Some(s);
        Ok(s)
    }

    /// Whether the mover wins moving second after a move from a token of form `ga` to `gb`.
    fn move_wins(
        &mut self,
        forms: &mut Forms,
        values: &[FormId],
        ga: FormId,
        gb: FormId,
        search: &Search<'_>,
    ) -> Result<bool, Error> {
        if let Some(&known) = self.checked.get(&(ga, gb)) {
            return Ok(known);
        }
        let s = self.form(forms, values, search.stamp)?;
        let minus_a = forms.neg(ga)?;
        let w = settled(
            forms.winner_of_sum(&[s, gb, minus_a]),
            forms,
            &format_args!("the moves of query {}", search.stamp),
        )?;
        let wins = w.wins(search.mover, search.mover.other());
        self.checked.insert((ga, gb), wins);
        Ok(wins)
    }
}
