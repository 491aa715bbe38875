//! The oracles of games with scores (issue 53), written from the rules alone and sharing no code
//! with `src/scores/`: a plain fixpoint (value iteration on the game cut at k moves) and an
//! exhaustive minimax over the ender's positional strategies. `tests/scores_oracle.rs` checks the
//! library against them, `tests/scores_binary.rs` the judge program `graph_scores`.
//!
//! # The rules, as costs to the ender
//! A game is positions `0..n`, each the minimiser's or the maximiser's; a position without moves
//! is an end with a payoff; a move has a weight `w >= 0`. The ender wants first that the play
//! ends, then a good total; the other side (here "the keeper") wants first that it never ends,
//! then a total good for it. With the minimiser ending, an ending play's total is its end's
//! payoff plus its weights; with the maximiser ending, its payoff minus its weights. Both are one
//! game in the ender's **cost**: `cost = total` (minimiser ends) or `cost = -total` (maximiser
//! ends), so that `cost = ±payoff + Σw`, the ender minimises it, the keeper maximises it, and a
//! play that never ends costs the ender `+∞` (the keeper's first wish is the largest cost there
//! is). Costs are `i128` here, so that no oracle ever overflows; `None` is `+∞`, i.e. `Never`.
//!
//! A position may have bans (`Plain::bans`): of its `k` moves the other side first bans `b < k`
//! (any set of `b`, a move listed twice being two moves), then the owner moves among the rest.
//! Both oracles play that literally ([`Plain::after_each_ban`] lists what every ban leaves): a
//! round at such a position is the ban, then the move; `b = 0` is the one ban of nothing.
//!
//! # The plain fixpoint: the game cut at k moves
//! `V_k(p)` is the value of the game from `p` when a play not ended after `k` moves counts as
//! never ending (`+∞`). By backward induction over the remaining moves, `V_0(p)` is the end's cost
//! at an end and `+∞` elsewhere, and `V_{k+1} = F(V_k)` where `F(V)(p)` is the end's cost at an
//! end, `min` over the moves `(w, q)` of `w + V(q)` at the ender's position and `max` at the
//! keeper's (`+∞` absorbing), after the ban: at the ender's position the `max` over the keeper's
//! bans of the `min` over the moves left, at the keeper's the `min` over the ender's bans of the
//! `max` over the moves left. Why iterating `F` from `V_0` until `V_{k+1} = V_k` gives the true
//! value `V*`:
//! - `V_k >= V*` for every `k`: a strategy that ends every play within `k` moves at cost `<= c`
//!   in the cut game does the same in the whole game.
//! - `V_{k+1} <= V_k`: `V_1 <= V_0` (only `+∞` changed) and `F` is monotone.
//! - `inf_k V_k = V*`: if the ender has a strategy with which every play ends, the plays it allows
//!   form a finitely branching tree without an infinite branch, so (König) of bounded depth `d`,
//!   and `V_d(p)` is at most that strategy's worst cost. So `V*(p) = +∞` (`Never`) exactly when
//!   every `V_k(p)` is `+∞`.
//! - It stops: each finite `V_k(p)` is the cost of a finite play, at least the least end cost
//!   (weights are `>= 0`), so each coordinate is a non-increasing sequence of integers bounded
//!   below (or constant `+∞`), which is constant from some `k` on; the first `k` with
//!   `V_{k+1} = V_k` gives `V_j = V_k` for all `j > k`, hence `V_k = inf = V*`.
//! - How soon: within `n` rounds, `V_{n-1} = V*` (shown at the end of the next section), so the
//!   oracle also asserts that `V_k` never still moves at round `n` (a weight-0 cycle would
//!   otherwise be the place to loop).
//!
//! # The minimax over strategies
//! For tiny games, `V*(p)` is the least, over the ender's **positional** strategies `σ` (one move
//! chosen at each of its positions), of the keeper's best against `σ`: with `σ` fixed the keeper
//! plays alone, and it makes the play infinite exactly when a cycle is reachable from `p` in the
//! graph `σ` leaves, else takes the costliest path to an end (a longest path in a finite acyclic
//! graph). With bans, `σ` chooses at the ender's position a move for each ban the keeper may make
//! (the keeper then picks the ban: any of those moves), and at the keeper's position the ender's
//! ban (the keeper then picks any move left). Positional strategies suffice for the ender: let
//! `r(p)` be the first `k` with `V_k(p) = V*(p)` (finite, by the above). At an ender's position
//! pick a move `(w, q)` with `w + V_{r(p)-1}(q) = V*(p)`; since `V_{r-1}(q) >= V*(q)` and
//! `w + V*(q) >= V*(p)` (`V*` is a fixpoint), `V_{r-1}(q) = V*(q)`, so `r(q) < r(p)` and
//! `w + V*(q) = V*(p)`. (With bans: for each ban, a move left with `w + V_{r(p)-1}(q) <= V*(p)`,
//! which has `w + V*(q) <= V*(p)`, and if equal, `V_{r-1}(q) = V*(q)` and `r(q) < r(p)`; at the
//! keeper's position, the ban reaching `V_{r(p)}(p) = V*(p)`, after which every move left is as
//! the keeper's below.) At a keeper's
//! position every move has `w + V*(q) <= V*(p)`, and a move with equality also has
//! `V_{r(p)-1}(q) = V*(q)`, so `r(q) < r(p)`. Along any play under that `σ` the cost still to
//! pay, `V*`, never rises by more than it pays, so an ending play costs at most `V*(start)`; and a
//! cycle would need every step tight (weights `>= 0` sum to 0), so `r` falling at every step
//! round it: impossible. So the plays end, and `σ` reaches `V*`; no strategy does better.
//! Numbering the positions of finite value by `(V*, r)`, every move just used (the ender's chosen
//! one, each of the keeper's) goes to an earlier position: a keeper's move either lowers `V*` or
//! is tight and lowers `r`. So the depth of the plays (0 at an end, one more than the deepest move
//! used) is at most the number of earlier positions, `< n`, and by induction on it
//! `V_depth(p) <= V*(p)`: hence `V_{n-1} = V*`.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

pub mod library;
pub mod random;

/// Whose a position is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Owner {
    Min,
    Max,
}

/// A game as plain data: owners, payoffs (read at ends only), moves `(from, to, weight)`, and
/// how many of each position's moves the other side bans before its owner moves (0: none).
#[derive(Clone, Debug)]
pub struct Plain {
    pub owners: Vec<Owner>,
    pub payoffs: Vec<i64>,
    pub moves: Vec<(usize, usize, i64)>,
    pub bans: Vec<usize>,
}

impl Plain {
    pub fn len(&self) -> usize {
        self.owners.len()
    }

    /// The moves out of each position, `(to, weight)`, in the order given.
    pub fn out(&self) -> Vec<Vec<(usize, i64)>> {
        let mut out = vec![Vec::new(); self.len()];
        for &(from, to, w) in &self.moves {
            out[from].push((to, w));
        }
        out
    }

    /// What the other side may leave the owner of `p` after its ban: for each set of `bans[p]`
    /// of `p`'s moves (a move listed twice is two moves; every set, in the order of the bit masks
    /// over the moves), the moves not in it.
    pub fn after_each_ban(&self, out: &[Vec<(usize, i64)>], p: usize) -> Vec<Vec<(usize, i64)>> {
        let k = out[p].len();
        let mut left = Vec::new();
        for banned in 0u32..1 << k {
            if banned.count_ones() as usize == self.bans[p] {
                left.push((0..k).filter(|&i| banned >> i & 1 == 0).map(|i| out[p][i]).collect());
            }
        }
        left
    }

    /// The cost to the ender of ending at `p`: `payoff` (the minimiser ends) or `-payoff`.
    pub fn end_cost(&self, p: usize, ender: Owner) -> i128 {
        let payoff = i128::from(self.payoffs[p]);
        if ender == Owner::Min {
            payoff
        } else {
            -payoff
        }
    }
}

/// A cost back as a total: `None` is `Never`.
pub fn total_of(cost: Option<i128>, ender: Owner) -> Option<i128> {
    cost.map(|c| if ender == Owner::Min { c } else { -c })
}

/// The plain fixpoint: `V*` as costs to the ender (`None` = `+∞`), and the rounds it took.
pub fn value_iteration(game: &Plain, ender: Owner) -> (Vec<Option<i128>>, usize) {
    let out = game.out();
    let n = game.len();
    let end = |p: usize| if out[p].is_empty() { Some(game.end_cost(p, ender)) } else { None };
    let mut value: Vec<Option<i128>> = (0..n).map(end).collect();
    let mut rounds = 0;
    loop {
        let step = |p: usize| -> Option<i128> {
            if out[p].is_empty() {
                return end(p);
            }
            // The other side bans first, each way it may; the owner then moves among the rest.
            let through = |left: &Vec<(usize, i64)>| -> Vec<Option<i128>> {
                left.iter().map(|&(q, w)| value[q].map(|v| v + i128::from(w))).collect()
            };
            let bans = game.after_each_ban(&out, p);
            if game.owners[p] == ender {
                // The keeper bans to make the ender's cheapest left the costliest (+∞ first).
                let cheapest = bans.iter().map(|left| through(left).into_iter().flatten().min());
                cheapest.collect::<Option<Vec<i128>>>().and_then(|all| all.into_iter().max())
            } else {
                // The keeper takes +∞ (None) whenever a move offers it; the ender bans to make
                // the keeper's costliest left the cheapest.
                let costliest = bans.iter().map(|left| {
                    through(left)
                        .into_iter()
                        .collect::<Option<Vec<i128>>>()
                        .and_then(|all| all.into_iter().max())
                });
                costliest.flatten().min()
            }
        };
        let next: Vec<Option<i128>> = (0..n).map(step).collect();
        rounds += 1;
        if next == value {
            break;
        }
        // `next` is V_rounds, which differs from V_{rounds-1}: so rounds < n (see above).
        assert!(rounds < n, "value iteration still moving after {rounds} rounds on {game:?}");
        value = next;
    }
    (value, rounds)
}

/// The exhaustive minimax over the ender's positional strategies (tiny games only: the product
/// of its choices' counts), as costs to the ender (`None` = `+∞`). A strategy chooses at each of
/// the ender's positions a move for each ban the keeper may make there, and at each of the
/// keeper's positions with bans the ender's ban.
pub fn by_strategies(game: &Plain, ender: Owner) -> Vec<Option<i128>> {
    let out = game.out();
    let n = game.len();
    let left: Vec<Vec<Vec<(usize, i64)>>> = (0..n).map(|p| game.after_each_ban(&out, p)).collect();
    // The strategy's digits: (position, which of its choices, how many ways).
    let digits = strategy_digits(game, ender, &out, &left);
    let count: u64 = digits.iter().map(|&(_, _, ways)| ways as u64).product();
    assert!(count <= 1 << 16, "too many strategies: {count}");
    let mut best: Vec<Option<i128>> = vec![None; n];
    let mut choice: Vec<Vec<usize>> = left.iter().map(|bans| vec![0; bans.len().max(1)]).collect();
    for _ in 0..count {
        let against = keeper_alone(game, ender, &out, &left, &choice);
        for p in 0..n {
            best[p] = match (best[p], against[p]) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        // The next strategy, as an odometer over the digits.
        for &(p, which, ways) in &digits {
            choice[p][which] += 1;
            if choice[p][which] < ways {
                break;
            }
            choice[p][which] = 0;
        }
    }
    best
}

/// How many strategies [`by_strategies`] goes through.
pub fn strategies(game: &Plain, ender: Owner) -> u64 {
    let out = game.out();
    let left: Vec<_> = (0..game.len()).map(|p| game.after_each_ban(&out, p)).collect();
    strategy_digits(game, ender, &out, &left).iter().map(|&(_, _, ways)| ways as u64).product()
}

/// A strategy's digits: (position, which of its choices, how many ways).
fn strategy_digits(
    game: &Plain,
    ender: Owner,
    out: &[Vec<(usize, i64)>],
    left: &[Vec<Vec<(usize, i64)>>],
) -> Vec<(usize, usize, usize)> {
    let mut digits = Vec::new();
    for p in (0..game.len()).filter(|&p| !out[p].is_empty()) {
        if game.owners[p] == ender {
            digits.extend((0..left[p].len()).map(|ban| (p, ban, left[p][ban].len())));
        } else if game.bans[p] > 0 {
            digits.push((p, 0, left[p].len()));
        }
    }
    digits
}

/// The keeper's best cost from each position when the ender plays the strategy `choice`: `None`
/// where a cycle is reachable (the keeper goes round it), else the costliest path to an end.
fn keeper_alone(
    game: &Plain,
    ender: Owner,
    out: &[Vec<(usize, i64)>],
    left: &[Vec<Vec<(usize, i64)>>],
    choice: &[Vec<usize>],
) -> Vec<Option<i128>> {
    let n = game.len();
    // The moves the keeper may see played: at the ender's position, the ender's move after each
    // ban the keeper may make; at the keeper's, every move the ender's ban leaves.
    let allowed = |p: usize| -> Vec<(usize, i64)> {
        if out[p].is_empty() {
            Vec::new()
        } else if game.owners[p] == ender {
            (0..left[p].len()).map(|ban| left[p][ban][choice[p][ban]]).collect()
        } else {
            left[p][choice[p][0]].clone()
        }
    };
    // Layer by layer: a position whose every allowed move leads to a known one is known, at its
    // costliest; what is never known has an infinite path (every position on it has a move to
    // another unknown one), so a reachable cycle.
    let mut known: Vec<Option<i128>> = vec![None; n];
    loop {
        let mut changed = false;
        for p in 0..n {
            if known[p].is_some() {
                continue;
            }
            let moves = allowed(p);
            if moves.is_empty() {
                known[p] = Some(game.end_cost(p, ender));
                changed = true;
            } else if moves.iter().all(|&(q, _)| known[q].is_some()) {
                known[p] = moves.iter().map(|&(q, w)| known[q].unwrap() + i128::from(w)).max();
                changed = true;
            }
        }
        if !changed {
            return known;
        }
    }
}

/// An AtCoder ABC 261 Ex input as a game of `2N` positions: `2v` is vertex `v` (0-based) with
/// Takahashi (the minimiser, the ender) to move, `2v + 1` with Aoki; a vertex without an edge is
/// an end (payoff 0) for both.
pub fn abc_game(n: usize, edges: &[(usize, usize, i64)]) -> Plain {
    let owners = (0..2 * n).map(|p| if p % 2 == 0 { Owner::Min } else { Owner::Max }).collect();
    let mut moves = Vec::new();
    for &(a, b, c) in edges {
        moves.push((2 * a, 2 * b + 1, c));
        moves.push((2 * a + 1, 2 * b, c));
    }
    Plain { owners, payoffs: vec![0; 2 * n], moves, bans: vec![0; 2 * n] }
}

/// An ABC 261 Ex input's text: `N M v`, then `A B C` 1-based.
pub fn abc_text(n: usize, start: usize, edges: &[(usize, usize, i64)]) -> String {
    let mut text = format!("{n} {} {}\n", edges.len(), start + 1);
    for &(a, b, c) in edges {
        text.push_str(&format!("{} {} {c}\n", a + 1, b + 1));
    }
    text
}

/// A judge's line for a cost (the minimiser ends, so cost = total): the number or `INFINITY`.
pub fn abc_line(cost: Option<i128>) -> String {
    cost.map_or_else(|| "INFINITY".to_string(), |c| c.to_string())
}
