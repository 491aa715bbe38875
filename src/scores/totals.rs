//! What a search finds ([`Totals`]): every position's total and the move to play, and the whole
//! line under perfect play ([`Line`]).

use super::game::{ScoredGame, Side, Total};
use super::room::{filled, push};
use crate::input::Error;

/// No move recorded: an end.
pub(super) const NO_MOVE: u32 = u32::MAX;

/// Every position's total, and the move to play ([`Totals::best_move`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    ender: Side,
    /// The ender's cost of each settled position: the total for `Side::Min`, `!total` for
    /// `Side::Max` (module doc).
    costs: Vec<i64>,
    /// Bit `p % 64` of word `p / 64`: position `p` is `Never`.
    never: Vec<u64>,
    /// The target of the move to play, [`NO_MOVE`] at an end.
    via: Vec<u32>,
    /// When each position was settled (0 first), [`NO_MOVE`] for a `Never` one.
    order: Vec<u32>,
}

/// A play under perfect play from a position: `positions[0]` is where it starts, each next one
/// the best move's target. An ending play ends at an end (`cycle_start` is `None`); a play that
/// never ends is a lasso: after the last position it goes back to `positions[cycle_start]` and
/// round `positions[cycle_start..]` forever.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub positions: Vec<usize>,
    pub cycle_start: Option<usize>,
}

impl Totals {
    /// The totals of a finished search: the ender's `costs` (valid where settled), which positions
    /// were never settled (`bits`, from [`never_bits`]), `via`, the move each settled one was
    /// settled through, and `order`, when each was settled. Gives every `Never` position its move,
    /// into a `Never` position: one more walk back from each of them.
    pub(super) fn finish<G: ScoredGame>(
        game: &G,
        ender: Side,
        costs: Vec<i64>,
        bits: Vec<u64>,
        mut via: Vec<u32>,
        order: Vec<u32>,
    ) -> Result<Totals, Error> {
        let n = costs.len();
        let is_never = |p: usize| bits[p / 64] >> (p % 64) & 1 == 1;
        // A `Never` position of the other side may have kept a move into a settled position.
        for (p, to) in via.iter_mut().enumerate() {
            if is_never(p) {
                *to = NO_MOVE;
            }
        }
        for v in (0..n).filter(|&v| is_never(v)) {
            // The other side keeps to `Never` positions; the ender's moves all lead there.
            game.for_each_predecessor(v, |p, _| {
                if p < n && is_never(p) && via[p] == NO_MOVE {
                    via[p] = v as u32;
                }
            });
        }
        Ok(Totals { ender, costs, never: bits, via, order })
    }

    /// The totals of a search that recorded no moves: [`Totals::best_move`] and [`Totals::line`]
    /// are not to be asked of them.
    pub(super) fn without_moves(ender: Side, costs: Vec<i64>, never: Vec<u64>) -> Result<Totals, Error> {
        Ok(Totals { ender, costs, never, via: Vec::new(), order: Vec::new() })
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.costs.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.costs.is_empty()
    }

    /// The side that wants the game to end.
    pub fn ender(&self) -> Side {
        self.ender
    }

    /// The total of `position` under perfect play.
    pub fn total(&self, position: usize) -> Total {
        if self.never[position / 64] >> (position % 64) & 1 == 1 {
            return Total::Never;
        }
        let cost = self.costs[position];
        Total::Ends(if self.ender == Side::Min { cost } else { !cost })
    }

    /// The move to play at `position`, `(target, weight)`, or `None` at an end. Followed by the
    /// player to move (at a banned position when the other side makes its best ban; against
    /// another, a move at least as good), against any reply, it reaches `total(position)`:
    /// - at an open position of finite total, the ender's is the move it was settled through,
    ///   into a position settled before this one (so following the ender's moves never goes round
    ///   a cycle, weight-0 ones included); the other side's reaches the largest cost;
    /// - at a banned position of finite total ([`Stand::Banned`](super::Stand::Banned), `k`
    ///   moves, `b` bans, its cost the `j`-th least), the move whose cost came off the queue
    ///   `j`-th, into a position settled before this one: the move the mover plays when the other
    ///   side makes its best ban, the `b` moves better for the mover (for the ender, the `b` whose
    ///   costs came off before; for the other side, the `b` whose costs had not come off, their
    ///   targets settled later or never). Against another ban the mover has a move at least as
    ///   good: the ender one into a position settled before this one
    ///   ([`Totals::settled_before`]: one of the `j` first to come off is not banned), the other
    ///   side this move or one of those `b`;
    /// - at a `Never` position, a move into a `Never` position (the other side keeps there, and
    ///   has one left whatever the ban; the ender, against the best ban, has no other).
    ///
    /// The weight of a move at a `Never` position is looked up among the moves into its target
    /// (the least, if there are several).
    ///
    /// Panics if the totals come from [`super::solve_totals`], which records no moves.
    pub fn best_move<G: ScoredGame>(&self, game: &G, position: usize) -> Option<(usize, i64)> {
        assert!(self.via.len() == self.len(), "best_move needs the totals of solve, not of solve_totals");
        let to = self.via[position];
        if to == NO_MOVE {
            return None;
        }
        let to = to as usize;
        if let (Total::Ends(_), Total::Ends(_)) = (self.total(position), self.total(to)) {
            // cost(position) = cost(to) + weight, both in range.
            return Some((to, self.costs[position] - self.costs[to]));
        }
        let mut weight = None;
        game.for_each_predecessor(to, |p, w| {
            if p == position && weight.map_or(true, |least| w < least) {
                weight = Some(w);
            }
        });
        weight.map(|w| (to, w))
    }

    /// Whether the search settled `a` before `b`, both of finite total: at a position of the
    /// ender's where the other side bans `best_move`, the ender plays an unbanned move into a
    /// position settled before, whose total (plus the move's weight for `Side::Min`, less it for
    /// `Side::Max`) is no worse for it than `total(position)`; one always is, and so the ender's
    /// moves still never go round a cycle. False if either is `Never`.
    ///
    /// Panics as [`Totals::best_move`] does.
    pub fn settled_before(&self, a: usize, b: usize) -> bool {
        assert!(
            self.order.len() == self.len(),
            "settled_before needs the totals of solve, not of solve_totals"
        );
        self.order[a] != NO_MOVE && self.order[b] != NO_MOVE && self.order[a] < self.order[b]
    }

    /// The play from `start` when both follow [`Totals::best_move`]: it ends at an end when the
    /// total is finite (in at most `len()` moves), else it is a lasso ([`Line`]). An error when
    /// memory runs out. Panics as [`Totals::best_move`] does.
    pub fn line<G: ScoredGame>(&self, game: &G, start: usize) -> Result<Line, Error> {
        let what = "the line of play";
        let mut positions = Vec::new();
        push(&mut positions, start, what)?;
        if let Total::Ends(_) = self.total(start) {
            // Each move goes to a position settled earlier: no repeat, and it stops at an end.
            let mut at = start;
            while let Some((to, _)) = self.best_move(game, at) {
                push(&mut positions, to, what)?;
                at = to;
            }
            return Ok(Line { positions, cycle_start: None });
        }
        // Where each position was met (1 + its index), 0 if not: a repeat closes the lasso.
        let mut met = filled(self.len(), 0u32, what)?;
        let mut at = start;
        met[at] = 1;
        loop {
            // Every `Never` position has its move, into a `Never` position (in a game that keeps
            // the rules).
            let to = match self.via[at] {
                NO_MOVE => return Err(Error::new(format!("position {at} is open but has no move listed"))),
                to => to as usize,
            };
            if met[to] > 0 {
                return Ok(Line { positions, cycle_start: Some(met[to] as usize - 1) });
            }
            push(&mut positions, to, what)?;
            met[to] = positions.len() as u32;
            at = to;
        }
    }
}

/// Bit `p % 64` of word `p / 64` set where `never` says position `p` is `Never`.
pub(super) fn never_bits(n: usize, never: impl Iterator<Item = bool>) -> Result<Vec<u64>, Error> {
    let mut bits = filled((n + 63) / 64, 0u64, "the totals")?;
    for (p, unsettled) in never.enumerate() {
        bits[p / 64] |= u64::from(unsettled) << (p % 64);
    }
    Ok(bits)
}
