//! The move to play in a won sum of tokens so that the game really ends: a winning move that,
//! played again at every turn, wins against every defence within a bound ([`progress_moves`]).
//!
//! # Why a winning move is not enough
//! Any move to a sum of value 0 leaves the opponent lost, but the opponent may move a token up
//! (to a higher value, or an infinite state) and the winner, answering with some other move back
//! to value 0, may come round to where he was: on the edges `2 -> 3`, `2 -> 1`, `1 -> 2`, a token
//! on 2 (value 1) wins by 2 -> 1 or 2 -> 3 (both value 0); after 2 -> 1 the opponent plays
//! 1 -> 2, and 2 -> 1 again repeats for ever: a draw in a won game.
//!
//! # The rule
//! The values carry ranks ([`super::loopy_values_ranked`]: the order in which the stages valued
//! the finite states). For a sum `P` of finite tokens let `S(P)` be the sum of their ranks. Among
//! all the moves to a sum of value 0 (all tokens finite, xor 0), the progress move is one that
//! makes `S` smallest after it: the least `rank(to) - rank(from)` of the moved token (an infinite
//! token moved counts as `rank(to)`); of equal ones, the first token in the sum's order. (A token
//! has at most one option of each rank, so the token fixes the state.)
//!
//! # Why it ends (the invariant)
//! Let `Q` be a sum of value 0 the winner has just left, all finite. The opponent moves a token
//! `u -> v`, `u` of value `g`:
//! - `v` finite below `g`: a lower value was given in an earlier stage, so `rank(v) < rank(u)`,
//!   and the nim answer (some token moved down, to a lower value: lower rank again) is a move to
//!   value 0 with `S` below `S(Q)`;
//! - `v` above `g` or infinite: `v` was open or infinite when `u` got `g`, so by Smith's condition
//!   in the stages' order (`values.rs`, "The order") `v` has an option `w` of value `g` with
//!   `rank(w) < rank(u)`; moving the token back to `w` is a move to value 0 with
//!   `S = S(Q) - rank(u) + rank(w) <= S(Q) - 1`;
//! - `v` of value `g`: impossible, `u` has no such option.
//!
//! So the progress move, the smallest of these, leaves `S` at most `S(Q) - 1`: `S` falls at each
//! of the winner's turns, and is never negative. A sum with `S = 0` has every token on rank 0, a
//! state without moves (stage 0 values first the states without moves): the opponent cannot move.
//! And the winner always has a move (the answers above). Hence from a won sum, after the progress
//! move to `Q1`, the game lasts at most `1 + 2·S(Q1)` moves (the move itself, then at most
//! `S(Q1)` pairs of moves), whatever the opponent does: [`SumMove::bound`].

use super::game::{Game, Outcome};
use super::values::{Value, Values};

/// A progress move of a won sum ([`progress_moves`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SumMove {
    /// The token moved: its index in the sum (from 0).
    pub token: usize,
    /// The state it moves to.
    pub to: usize,
    /// The game lasts at most this many moves, this one included, when the winner plays the
    /// progress move at each turn, whatever the opponent does: `1 + 2·S` after the move.
    pub bound: u64,
}

/// The progress move (module doc) of every sum of `sums` (each the states of its tokens, repeats
/// allowed) that is won for the player to move, `None` for a loss or a draw. `values` must carry
/// ranks ([`super::loopy_values_ranked`]); `game` is the one they are the values of. One pass over
/// the game's predecessor lists for all the sums together ([`find_options`]); memory a byte per
/// state and about 80 bytes per token of a won sum.
///
/// ```
/// use graph_games::graph::{Graph, GraphGame};
/// use graph_games::solver::{loopy_values_ranked, progress_moves, Start, SumMove};
///
/// // The module doc's graph, 0-based: 1 -> 2, 1 -> 0, 0 -> 1. A token on 1 moves to 2, not 0.
/// let graph = Graph::from_edges(3, &[1, 1, 0], &[2, 0, 1]);
/// let game = GraphGame::new(&graph, |_| Start::Lose);
/// let values = loopy_values_ranked(&game);
/// let moves = progress_moves(&game, &values, vec![vec![1], vec![0, 2]]);
/// assert_eq!(moves[0], Some(SumMove { token: 0, to: 2, bound: 1 }));
/// assert_eq!(moves[1], None); // 0 and 2 both have value 0: lost
/// ```
pub fn progress_moves<G, Q, I>(game: &G, values: &Values, sums: Q) -> Vec<Option<SumMove>>
where
    G: Game,
    Q: IntoIterator<Item = I>,
    I: IntoIterator<Item = usize>,
{
    // An infinite token has no rank: it counts as 0, and moving it adds its target's rank.
    let rank = |t: usize| i64::from(values.rank(t).unwrap_or(0));
    let mut tokens: Vec<usize> = Vec::new();
    // Per won sum: its index, S of its finite tokens, and where its candidates end.
    let mut wins: Vec<(usize, i64, usize)> = Vec::new();
    // Every candidate move: the token (its index), and the state and value it moves from and to.
    let (mut candidates, mut wanted): (Vec<usize>, Vec<(usize, u32)>) = (Vec::new(), Vec::new());
    let mut count = 0;
    for (q, sum) in sums.into_iter().enumerate() {
        count += 1;
        tokens.clear();
        tokens.extend(sum);
        let (outcome, shape) = values.sum(&tokens);
        let (i, h) = match (outcome, shape) {
            (Outcome::Win, Some(shape)) => shape,
            _ => continue,
        };
        let s: i64 = tokens.iter().map(|&t| rank(t)).sum();
        // One infinite token: only it can make the sum finite, to an option of value h. All
        // finite: a token moved up, to a later stage, raises S, and some token can move down,
        // which lowers it: only the moves down are candidates.
        let infinite = values.value(tokens[i]) == Value::Infinite;
        let x = match values.value(tokens[i]) {
            Value::Finite(g) => g ^ h,
            Value::Infinite => h,
        };
        for (j, &t) in tokens.iter().enumerate() {
            let target = match values.value(t) {
                Value::Finite(g) if !infinite && g ^ x < g => g ^ x,
                Value::Infinite => x,
                _ => continue,
            };
            candidates.push(j);
            wanted.push((t, target));
        }
        wins.push((q, s, candidates.len()));
    }
    // The lowest-ranked option of each wanted value: the best target of each token.
    let found = find_options(game, values, &wanted);
    let mut answer = vec![None; count];
    let mut start = 0;
    for &(q, s, end) in &wins {
        let mut best: Option<(i64, usize, usize)> = None;
        for c in start..end {
            if let Some(to) = found[c] {
                let change = rank(to) - rank(wanted[c].0);
                if best.map_or(true, |(least, _, _)| change < least) {
                    best = Some((change, candidates[c], to));
                }
            }
        }
        let (change, token, to) = best.expect("a won sum has a move to value 0");
        answer[q] = Some(SumMove { token, to, bound: 1 + 2 * (s + change) as u64 });
        start = end;
    }
    answer
}

/// For each `(state, h)` of `wanted`, an option of `state` (a state it moves to) whose value is
/// `h`, or `None` if it has none: the target of a move that [`Values::sum`] describes. Of several,
/// the lowest-ranked when the values carry ranks ([`super::loopy_values_ranked`]: the target the progress
/// rule of [`progress_moves`] takes for that token), else the smallest state. One pass over
/// every predecessor list of a state with a finite value wanted: O(states + moves +
/// wanted·log wanted). Memory: a byte per state and 24 bytes per wanted pair.
pub fn find_options<G: Game>(game: &G, values: &Values, wanted: &[(usize, u32)]) -> Vec<Option<usize>> {
    let mut keys: Vec<(usize, u32)> = wanted.to_vec();
    keys.sort_unstable();
    keys.dedup();
    let mut found: Vec<Option<usize>> = vec![None; keys.len()];
    let mut is_wanted = vec![false; values.len()];
    keys.iter().for_each(|&(state, _)| is_wanted[state] = true);
    // A state found later replaces the one found only if its key is smaller: states are scanned
    // in increasing order, so without ranks the first (the smallest) stays.
    let ranked = values.has_ranks();
    let key = |s: usize| if ranked { values.rank(s).expect("a finite state") } else { 0 };
    for s in 0..values.len() {
        let h = match values.value(s) {
            Value::Finite(h) => h,
            Value::Infinite => continue,
        };
        game.for_each_predecessor(s, |p| {
            if !is_wanted[p] {
                return;
            }
            if let Ok(i) = keys.binary_search(&(p, h)) {
                if found[i].map_or(true, |old| key(s) < key(old)) {
                    found[i] = Some(s);
                }
            }
        });
    }
    wanted.iter().map(|pair| found[keys.binary_search(pair).expect("a key")]).collect()
}
