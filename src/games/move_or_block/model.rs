//! The game of [`super`] on its three counts `(l, r, c)`, an exact model of every
//! board, solved by the shared solver: `--brute`, and the game's length in `--explain`.
//!
//! # The model
//! A state is `(l, r, c)`: the empty cells of the piece's segment (the maximal run of non-wall
//! cells holding it) left of the piece and right of it, and the empty cells outside the segment.
//! With `l = r = 0` the player to move is walled in and loses. Otherwise his moves are:
//! - **step** left, if `l >= 1`: `(l - 1, r + 1, c)`; step right, if `r >= 1`: `(l + 1, r - 1, c)`;
//! - **build left** at distance `d`, `1 <= d <= l`: `(d - 1, r, c + l - d)`; likewise **build
//!   right** at distance `d <= r`: `(l, d - 1, c + r - d)`;
//! - **build elsewhere**, if `c >= 1`: `(l, r, c - 1)`.
//!
//! These `[l >= 1] + [r >= 1] + l + r + [c >= 1]` moves reach distinct states (a step changes `l`
//! and `r` by one each, a build on the left only `l` and `c`, on the right only `r` and `c`, with
//! a different `l` or `r` for each `d`, and building elsewhere only `c`), so each is listed once.
//!
//! # Why it is exact
//! Let `φ` send a board position (walls and piece) to its `(l, r, c)`. Then `φ` is a
//! *bisimulation*: the game ends at `P` iff it ends at `φ(P)`, and the states `φ` gives the
//! successors of `P` are exactly the successors of `φ(P)`.
//! - **Ends**: the piece is walled in (a wall or a board end on both sides) iff its segment is its
//!   own cell alone, iff `l = r = 0`.
//! - **Board moves are model moves.** A step keeps the segment and moves the piece one cell:
//!   `(l - 1, r + 1, c)` or `(l + 1, r - 1, c)`. A wall on the empty cell `d` to the left of the
//!   piece, inside the segment, ends the segment there: `d - 1` cells stay left of the piece, and
//!   the `l - d` empty cells beyond the new wall leave the segment, so they join `c`; likewise on
//!   the right. The piece can never cross a wall, so a wall outside the segment leaves `l` and `r`
//!   alone and takes one cell from `c`, *whatever other segment it splits or shortens*: which is
//!   why the lengths of the other segments never matter.
//! - **Model moves are board moves.** If `l >= 1` the cell left of the piece is empty and in the
//!   segment, so the piece can step there, and each of the `l` empty cells left of it can take a
//!   wall; likewise on the right; if `c >= 1` some empty cell lies outside the segment.
//!
//! Hence the two games have the same outcomes and the same lengths. By induction on `k`: `P` is
//! lost in exactly `k` rounds of the solver (the module doc of [`crate::solver`]) iff `φ(P)` is.
//! Round 0 holds the ended positions, the same on both sides. `P` wins in round `k + 1` iff one of
//! its successors loses in round `k` and none in an earlier one; it loses in round `k + 1` iff
//! every successor wins, the last in round `k`. Both read only the set of the successors' rounds,
//! which is the same for `P` and `φ(P)` since `φ` maps the successors of `P` onto those of `φ(P)`.
//! What neither ever decides is a draw on both sides. (`tests/move_or_block.rs` checks this on
//! every board of 1 to 14 cells against the game on the board itself.)
//!
//! # The states: [`CountsGame`]
//! Every move keeps `l + r + c` or lowers it by one (the new wall), so the states with
//! `l + r + c <= F`, `F` the board's empty cells, hold every position of its game:
//! `(F + 1)(F + 2)(F + 3) / 6` of them, numbered by the sum `s = l + r + c`, then `l`, then `r`.
//! Predecessors are generated on the fly, the moves above read backwards: into `(l, r, c)` come
//! the steps from `(l - 1, r + 1, c)` and `(l + 1, r - 1, c)`, the build elsewhere from
//! `(l, r, c + 1)`, and the builds from `(l + 1 + k, r, c - k)` and `(l, r + 1 + k, c - k)` for
//! `0 <= k <= c` (a wall at distance `l + 1`, resp. `r + 1`). The solver walks only decided states:
//! the rules of [`super`] make them `O(F²)` (all others are draws), with `O(F)`
//! predecessors each, so a solve is `O(F³)` time, 2 bytes per state (4 more for the depth).
//! [`MAX_FREE_CELLS`] = 500: 21 million states, about 130 MB with depth.

use crate::solver::{Game, Start};

/// The three numbers that decide the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Free cells of the piece's segment left of the piece.
    pub left: u64,
    /// Free cells of the piece's segment right of the piece.
    pub right: u64,
    /// Free cells outside the piece's segment.
    pub elsewhere: u64,
}

/// The most empty cells a board may have for its game to be solved here.
pub const MAX_FREE_CELLS: u64 = 500;

/// The game on every `(l, r, c)` with `l + r + c <= free` (see the module doc).
#[derive(Debug, Clone)]
pub struct CountsGame {
    free: usize,
    /// `first[s]`: the number of the first state with `l + r + c = s`, for `s <= free + 1`.
    first: Vec<usize>,
}

impl CountsGame {
    /// The game of every position with at most `free` empty cells. (The binary stops at
    /// [`MAX_FREE_CELLS`]; the solver takes up to 2^31 states, so `free` up to 2,342.)
    pub fn new(free: usize) -> CountsGame {
        let first = (0..free + 2).map(|s| s * (s + 1) * (s + 2) / 6).collect();
        CountsGame { free, first }
    }

    /// The largest `l + r + c`.
    pub fn free(&self) -> usize {
        self.free
    }

    /// The number of state `(l, r, c)`, which must have `l + r + c <= free`.
    pub fn state(&self, counts: Counts) -> usize {
        let (l, r, s) = (counts.left as usize, counts.right as usize, sum(counts) as usize);
        assert!(s <= self.free, "{counts:?} is not a state of a game of {} empty cells", self.free);
        self.first[s] + offset(s, l) + r
    }

    /// The counts of a state.
    pub fn counts(&self, state: usize) -> Counts {
        // The largest s with first[s] <= state, then the largest l with offset(s, l) <= the rest.
        let s = self.first.partition_point(|&f| f <= state) - 1;
        let rest = state - self.first[s];
        let mut l = 0;
        while l < s && offset(s, l + 1) <= rest {
            l += 1;
        }
        let r = rest - offset(s, l);
        Counts { left: l as u64, right: r as u64, elsewhere: (s - l - r) as u64 }
    }

    /// How `state` stands before the search.
    pub fn start(&self, state: usize) -> Start {
        let Counts { left, right, elsewhere } = self.counts(state);
        start(left as usize, right as usize, elsewhere as usize)
    }

    fn visit(&self, l: usize, r: usize, c: usize, visit: &mut impl FnMut(usize)) {
        let s = l + r + c;
        visit(self.first[s] + offset(s, l) + r);
    }
}

fn sum(counts: Counts) -> u64 {
    counts.left + counts.right + counts.elsewhere
}

/// Among the states of sum `s`, how many have fewer than `l` cells left of the piece.
fn offset(s: usize, l: usize) -> usize {
    // Sum over j < l of the s - j + 1 values of r.
    l * (2 * s + 3 - l) / 2
}

/// How `(l, r, c)` stands before the search: its number of moves, or lost when walled in.
fn start(l: usize, r: usize, c: usize) -> Start {
    if l == 0 && r == 0 {
        return Start::Lose;
    }
    Start::Moves((usize::from(l > 0) + usize::from(r > 0) + l + r + usize::from(c > 0)) as u32)
}

impl Game for CountsGame {
    fn num_states(&self) -> usize {
        self.first[self.free + 1]
    }

    fn max_moves(&self) -> u32 {
        self.free as u32 + 3
    }

    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        for s in 0..=self.free {
            for l in 0..=s {
                for r in 0..=s - l {
                    visit(start(l, r, s - l - r));
                }
            }
        }
    }

    fn for_each_predecessor<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let Counts { left, right, elsewhere } = self.counts(state);
        let (l, r, c) = (left as usize, right as usize, elsewhere as usize);
        // Steps, within the same sum.
        if l > 0 {
            self.visit(l - 1, r + 1, c, &mut visit);
        }
        if r > 0 {
            self.visit(l + 1, r - 1, c, &mut visit);
        }
        // Builds, from one cell more.
        if l + r + c == self.free {
            return;
        }
        if l + r > 0 {
            self.visit(l, r, c + 1, &mut visit);
        }
        for k in 0..=c {
            self.visit(l + 1 + k, r, c - k, &mut visit);
            self.visit(l, r + 1 + k, c - k, &mut visit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Outcome};

    fn counts(l: usize, r: usize, c: usize) -> Counts {
        Counts { left: l as u64, right: r as u64, elsewhere: c as u64 }
    }

    /// The moves of the module doc, generated forwards.
    fn moves(l: usize, r: usize, c: usize) -> Vec<(usize, usize, usize)> {
        if l == 0 && r == 0 {
            return Vec::new();
        }
        let mut to = Vec::new();
        if l > 0 {
            to.push((l - 1, r + 1, c));
        }
        if r > 0 {
            to.push((l + 1, r - 1, c));
        }
        to.extend((1..=l).map(|d| (d - 1, r, c + l - d)));
        to.extend((1..=r).map(|d| (l, d - 1, c + r - d)));
        if c > 0 {
            to.push((l, r, c - 1));
        }
        to
    }

    #[test]
    fn numbering_is_dense_and_in_order() {
        for free in [0, 1, 2, 7] {
            let game = CountsGame::new(free);
            assert_eq!(game.num_states(), (free + 1) * (free + 2) * (free + 3) / 6);
            let mut next = 0;
            for s in 0..=free {
                for l in 0..=s {
                    for r in 0..=s - l {
                        assert_eq!(game.state(counts(l, r, s - l - r)), next);
                        assert_eq!(game.counts(next), counts(l, r, s - l - r));
                        next += 1;
                    }
                }
            }
            let mut starts = Vec::new();
            game.for_each_start(|s| starts.push(s));
            assert_eq!(starts, (0..next).map(|s| game.start(s)).collect::<Vec<_>>());
        }
    }

    /// Every move is listed once among its target's predecessors, and nothing else is; the move
    /// counts are the forward moves'.
    #[test]
    fn predecessors_match_the_moves() {
        for free in [0, 1, 2, 5, 9] {
            let game = CountsGame::new(free);
            let n = game.num_states();
            let mut forwards = Vec::new();
            for state in 0..n {
                let Counts { left, right, elsewhere } = game.counts(state);
                let to = moves(left as usize, right as usize, elsewhere as usize);
                let k = to.len() as u32;
                assert_eq!(game.start(state), if k == 0 { Start::Lose } else { Start::Moves(k) });
                forwards.extend(to.into_iter().map(|(l, r, c)| (state, game.state(counts(l, r, c)))));
            }
            let mut backwards = Vec::new();
            for state in 0..n {
                game.for_each_predecessor(state, |p| backwards.push((p, state)));
            }
            forwards.sort_unstable();
            backwards.sort_unstable();
            assert_eq!(forwards, backwards, "{free} free cells");
        }
    }

    #[test]
    fn small_outcomes() {
        let game = CountsGame::new(4);
        let solution = solve(&game);
        let at = |l, r, c| solution.outcome(game.state(counts(l, r, c)));
        assert_eq!(at(0, 0, 4), Outcome::Lose);
        assert_eq!(at(0, 2, 1), Outcome::Win);
        assert_eq!(at(1, 1, 2), Outcome::Lose);
        assert_eq!(at(1, 1, 1), Outcome::Win);
        assert_eq!(at(1, 2, 1), Outcome::Draw);
        assert_eq!(at(2, 1, 0), Outcome::Win);
        assert_eq!(at(2, 1, 1), Outcome::Draw);
        assert_eq!(at(1, 3, 0), Outcome::Draw);
        assert_eq!(at(2, 2, 0), Outcome::Draw);
    }
}
