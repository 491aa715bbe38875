//! An explicit game with scores: every position's side and payoff, and the moves into each laid
//! out once ([`ScoreGraph`], a reversed CSR).

use super::game::{ScoredGame, Side, Stand, MAX_POSITIONS};
use super::room::filled;
use crate::input::Error;

/// A game given whole: the side of every position, the payoffs (read only at positions without
/// moves), and the moves, laid out by target (the moves into position `t` are
/// `from[starts[t]..starts[t + 1]]` with their weights beside them), and with
/// [`ScoreGraph::with_bans`] how many of each position's moves are banned first. `8 + 8 + 4 + 4`
/// bytes a position (4 more with bans) and `4 + 8` a move.
///
/// ```
/// use graph_games::scores::{ScoreGraph, Side};
///
/// let graph = ScoreGraph::new(&[Side::Min, Side::Max], &[0, 3], &[(0, 1, 2), (1, 0, 1)]).unwrap();
/// assert_eq!(graph.predecessors(1).collect::<Vec<_>>(), [(0, 2)]);
/// let error = ScoreGraph::new(&[Side::Min, Side::Max], &[0, 3], &[(0, 1, -2)]).unwrap_err();
/// assert_eq!(error.message(), "move 1 (from position 0 to position 1) has a negative weight, -2");
/// ```
#[derive(Debug, Clone)]
pub struct ScoreGraph {
    sides: Vec<Side>,
    payoffs: Vec<i64>,
    out_degree: Vec<u32>,
    starts: Vec<u32>,
    from: Vec<u32>,
    weights: Vec<i64>,
    /// How many of each position's moves the other side bans first ([`ScoreGraph::with_bans`]);
    /// empty for none.
    bans: Vec<u32>,
}

impl ScoreGraph {
    /// The game of `sides.len()` positions, `payoffs` one per position, and `moves` as
    /// `(from, to, weight)`. Errors: the lengths differ, a position out of range, a negative
    /// weight (each naming the move, 1-based, and its positions, 0-based), more than
    /// [`MAX_POSITIONS`] positions or `u32::MAX - 1` moves, memory that cannot be had.
    pub fn new(sides: &[Side], payoffs: &[i64], moves: &[(usize, usize, i64)]) -> Result<ScoreGraph, Error> {
        if sides.len() != payoffs.len() {
            let (s, p) = (sides.len(), payoffs.len());
            return Err(Error::new(format!("{s} sides but {p} payoffs: one of each a position")));
        }
        let n = sides.len();
        lay_out(
            n,
            |s| sides[s],
            |s| payoffs[s],
            |visit| moves.iter().try_for_each(|&(u, v, w)| visit(u, v, w)),
        )
    }

    /// The same game where the other side first bans `bans[p]` of position `p`'s moves, then
    /// `p`'s side moves among the rest ([`Stand::Banned`]; 0 for no ban). Errors: `bans` not one
    /// a position, a position with as many bans as moves or more (naming it).
    ///
    /// ```
    /// use graph_games::scores::{solve, ScoreGraph, Side, Total};
    ///
    /// // Min at 0 moves to the ends 1, 2, 3 (payoffs 1, 5, 9); Max bans one move first: 5.
    /// let moves = [(0, 1, 0), (0, 2, 0), (0, 3, 0)];
    /// let graph = ScoreGraph::new(&[Side::Min; 4], &[0, 1, 5, 9], &moves).unwrap();
    /// let graph = graph.with_bans(&[1, 0, 0, 0]).unwrap();
    /// assert_eq!(solve(&graph, Side::Min).unwrap().total(0), Total::Ends(5));
    /// let error = graph.with_bans(&[3, 0, 0, 0]).unwrap_err();
    /// assert_eq!(error.message(), "position 0 has 3 bans of its 3 moves: at most 2 allowed");
    /// ```
    pub fn with_bans(mut self, bans: &[u32]) -> Result<ScoreGraph, Error> {
        let n = self.sides.len();
        if bans.len() != n {
            return Err(Error::new(format!("{} bans for {n} positions: one a position", bans.len())));
        }
        if let Some(p) = (0..n).find(|&p| bans[p] > 0 && bans[p] >= self.out_degree[p]) {
            let (b, k) = (bans[p], self.out_degree[p]);
            let most =
                if k == 0 { "an end has none".to_string() } else { format!("at most {} allowed", k - 1) };
            return Err(Error::new(format!("position {p} has {b} bans of its {k} moves: {most}")));
        }
        let mut kept = filled(n, 0u32, "the bans of a game")?;
        kept.copy_from_slice(bans);
        self.bans = kept;
        Ok(self)
    }

    /// How many of `p`'s moves the other side bans before `p`'s side moves (0 for none).
    pub fn bans(&self, p: usize) -> u32 {
        self.bans.get(p).copied().unwrap_or(0)
    }

    /// How many positions.
    pub fn num_positions(&self) -> usize {
        self.sides.len()
    }

    /// How many moves.
    pub fn num_moves(&self) -> usize {
        self.from.len()
    }

    /// Whose position `p` is.
    pub fn side(&self, p: usize) -> Side {
        self.sides[p]
    }

    /// How many moves out of `p`.
    pub fn out_degree(&self, p: usize) -> u32 {
        self.out_degree[p]
    }

    /// The payoff of `p` (what the game gives if it ends there: read only where `p` has no move).
    pub fn payoff(&self, p: usize) -> i64 {
        self.payoffs[p]
    }

    /// The moves into `t`, as `(from, weight)`, in the order given.
    pub fn predecessors(&self, t: usize) -> impl Iterator<Item = (usize, i64)> + '_ {
        let range = self.starts[t] as usize..self.starts[t + 1] as usize;
        self.from[range.clone()].iter().zip(&self.weights[range]).map(|(&p, &w)| (p as usize, w))
    }
}

impl ScoredGame for ScoreGraph {
    fn num_states(&self) -> usize {
        self.sides.len()
    }

    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        for p in 0..self.sides.len() {
            let stand = match (self.out_degree[p], self.bans(p)) {
                (0, _) => Stand::End(self.payoffs[p]),
                (k, 0) => Stand::Open(k),
                (moves, bans) => Stand::Banned { moves, bans },
            };
            visit(self.sides[p], stand);
        }
    }

    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, state: usize, mut visit: F) {
        for (p, w) in self.predecessors(state) {
            visit(p, w);
        }
    }
}

/// The game of `n` positions with `side(p)` and `payoff(p)`, its moves given by `list`, which
/// calls its argument with every move `(from, to, weight)` and is called twice (a count, then the
/// layout): it must list the same moves each time.
pub(super) fn lay_out<S, P, L>(n: usize, side: S, payoff: P, list: L) -> Result<ScoreGraph, Error>
where
    S: Fn(usize) -> Side,
    P: Fn(usize) -> i64,
    L: Fn(&mut dyn FnMut(usize, usize, i64) -> Result<(), Error>) -> Result<(), Error>,
{
    if n > MAX_POSITIONS {
        return Err(Error::new(format!("{n} positions: a game has at most {MAX_POSITIONS}")));
    }
    let what = "the positions of a game";
    let mut sides = filled(n, Side::Min, what)?;
    let mut payoffs = filled(n, 0i64, what)?;
    for p in 0..n {
        sides[p] = side(p);
        payoffs[p] = payoff(p);
    }
    // starts[t + 1] counts the moves into t, then (summed) where t's block ends.
    let mut starts = filled(n + 1, 0u32, what)?;
    let mut m: usize = 0;
    list(&mut |u, v, w| {
        m += 1;
        if u >= n || v >= n {
            let far = if u >= n { u } else { v };
            return Err(Error::new(format!(
                "move {m} (from position {u} to position {v}): position {far} is out of range (there are {n})"
            )));
        }
        if w < 0 {
            return Err(Error::new(format!(
                "move {m} (from position {u} to position {v}) has a negative weight, {w}"
            )));
        }
        if m >= u32::MAX as usize {
            return Err(Error::new(format!("more than {} moves", u32::MAX - 1)));
        }
        starts[v + 1] += 1;
        Ok(())
    })?;
    for t in 0..n {
        starts[t + 1] += starts[t];
    }
    let what = "the moves of a game";
    let mut from = filled(m, 0u32, what)?;
    let mut weights = filled(m, 0i64, what)?;
    // Each move goes to its target's cursor, which moves on: the blocks keep the order given.
    let mut cursor = filled(n, 0u32, what)?;
    let mut out_degree = filled(n, 0u32, what)?;
    cursor.copy_from_slice(&starts[..n]);
    let mut listed = 0;
    list(&mut |u, v, w| {
        listed += 1;
        if listed > m || u >= n || v >= n || w < 0 || cursor[v] >= starts[v + 1] {
            return Err(Error::new("the moves listed changed between two calls"));
        }
        out_degree[u] += 1;
        let at = cursor[v] as usize;
        from[at] = u as u32;
        weights[at] = w;
        cursor[v] += 1;
        Ok(())
    })?;
    if listed != m {
        return Err(Error::new("the moves listed changed between two calls"));
    }
    Ok(ScoreGraph { sides, payoffs, out_degree, starts, from, weights, bans: Vec::new() })
}
