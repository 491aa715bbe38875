//! A perfect opponent for a solved game, move by move: what a jury of an interactive problem
//! needs. It checks every move it is told, and answers with its own.
//!
//! # The invariant
//! The reply of [`GamePlay::reply`] and [`SumPlay::reply`], for the player to move:
//! - in a **won** position, a move to a position lost for the other side that makes sure the game
//!   ends: in a single game the quickest win of the tablebase (its depth falls by one each move);
//!   in a sum the progress move of [`crate::solver::progress_moves`], which wins within its bound
//!   whatever the other side does (not always the quickest win: the bound is what it hurries).
//!   So a win the other side gives away is taken at once, and then kept;
//! - in a **drawn** position, a move to a drawn position: never into one won for the other side;
//! - in a **lost** position, a legal move that makes the game last longest: in a single game the
//!   longest resistance of the tablebase; in a sum the move after which the winner's progress
//!   move has the largest bound (the *stalling rule*), the first token and then the smallest
//!   vertex among equals;
//! - `None` where the player to move has no move (he has lost).
//!
//! A move told from outside ([`GamePlay::play`], [`SumPlay::play`]) is checked first: one that does
//! not exist is an [`IllegalMove`] naming it, and the position stays as it was.

use crate::forward::ForwardGame;
use crate::graph::{Graph, GraphGame};
use crate::solver::moves::Tablebase;
use crate::solver::{loopy_values_ranked, progress_moves, Outcome, Start, Values};
use std::fmt;

/// A move that does not exist in the position it was played in: what it was, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// A single game, solved by a [`Tablebase`], and the state it stands in. `moves(s)` lists the
/// states `s` moves to (for a [`ForwardGame`], [`GamePlay::forward`] takes its own).
///
/// ```
/// use graph_games::forward::ForwardGame;
/// use graph_games::play::GamePlay;
/// use graph_games::solver::{Outcome, Start};
///
/// // Take one or two stones; who cannot move loses. 7 stones: win by taking one.
/// let game = ForwardGame::new(8, |s, m| m.extend((1..=2).filter(|&k| k <= s).map(|k| s - k)), |_| Start::Lose);
/// let table = game.tablebase();
/// let mut play = GamePlay::forward(&game, &table, 7);
/// assert_eq!((play.outcome(), play.reply()), (Outcome::Win, Some(6)));
/// assert!(play.play(3).is_err()); // 7 -> 3 is no move
/// play.play(6).unwrap();
/// assert_eq!(play.reply(), Some(4)); // lost: the longest resistance
/// ```
pub struct GamePlay<'a, M> {
    table: &'a Tablebase,
    moves: M,
    state: usize,
}

impl<'a, M: Fn(usize) -> Vec<usize>> GamePlay<'a, M> {
    /// The game of `table`, whose moves out of `s` are `moves(s)`, standing at `state`.
    pub fn new(table: &'a Tablebase, moves: M, state: usize) -> Self {
        GamePlay { table, moves, state }
    }

    /// The state the game stands in.
    pub fn state(&self) -> usize {
        self.state
    }

    /// The result for the player to move.
    pub fn outcome(&self) -> Outcome {
        self.table.outcome(self.state)
    }

    /// Plays the move to `to`, if the state has it.
    pub fn play(&mut self, to: usize) -> Result<(), IllegalMove> {
        if !(self.moves)(self.state).contains(&to) {
            return Err(IllegalMove(format!("no move from state {} to {to}", self.state)));
        }
        self.state = to;
        Ok(())
    }

    /// The perfect reply (module doc): the tablebase's optimal move; `None` where the game is over.
    pub fn reply(&self) -> Option<usize> {
        self.table.best_move(self.state)
    }
}

impl<'a> GamePlay<'a, Box<dyn Fn(usize) -> Vec<usize> + 'a>> {
    /// A [`ForwardGame`] solved by `table` ([`ForwardGame::tablebase`]), standing at `state`.
    pub fn forward<N, E>(game: &'a ForwardGame<N, E>, table: &'a Tablebase, state: usize) -> Self
    where
        N: Fn(usize, &mut Vec<usize>),
        E: Fn(usize) -> Start,
    {
        GamePlay::new(table, Box::new(move |s| game.moves_from(s)), state)
    }
}

/// A sum of tokens on a directed graph (`graph_sum`'s game), solved by loopy nim values, and where
/// its tokens stand. A move is `(token, vertex)`: token `token` (its index, from 0) moves along an
/// edge to `vertex`.
///
/// ```
/// use graph_games::play::SumPlay;
/// use graph_games::solver::Outcome;
///
/// // 1 -> 2, 1 -> 0, 0 -> 1 (2 has no edges); one token on 1: won, by 1 -> 2 (the progress move:
/// // 1 -> 0 would let the other side go back to 1 for ever).
/// let mut sum = SumPlay::new(3, &[(1, 2), (1, 0), (0, 1)], &[1]);
/// assert_eq!((sum.outcome(), sum.reply()), (Outcome::Win, Some((0, 2))));
/// // Errors count tokens and vertices from 1, as the statements do.
/// assert_eq!(sum.play(0, 1).unwrap_err().to_string(), "no edge from 2 to 2: token 1 cannot move there");
/// sum.play(0, 0).unwrap(); // a mistake: now lost for the other side, who plays 0 -> 1
/// assert_eq!(sum.reply(), Some((0, 1)));
/// ```
pub struct SumPlay {
    /// The edges out of each vertex.
    options: Vec<Vec<usize>>,
    /// The same edges, as the solver reads them.
    graph: Graph,
    values: Values,
    tokens: Vec<usize>,
}

impl SumPlay {
    /// The graph on vertices `0..n` with the edges `edges` (`(from, to)`, repeats and loops
    /// allowed) and tokens on `tokens`. Panics if a vertex is not below `n`.
    pub fn new(n: usize, edges: &[(usize, usize)], tokens: &[usize]) -> SumPlay {
        let mut options = vec![Vec::new(); n];
        edges.iter().for_each(|&(u, v)| options[u].push(v));
        assert!(
            edges.iter().all(|&(_, v)| v < n) && tokens.iter().all(|&t| t < n),
            "a vertex not below {}",
            n
        );
        let sources: Vec<u32> = edges.iter().map(|e| e.0 as u32).collect();
        let targets: Vec<u32> = edges.iter().map(|e| e.1 as u32).collect();
        let graph = Graph::from_edges(n, &sources, &targets);
        let values = loopy_values_ranked(&GraphGame::new(&graph, |_| Start::Lose));
        SumPlay { options, graph, values, tokens: tokens.to_vec() }
    }

    /// Where the tokens stand.
    pub fn tokens(&self) -> &[usize] {
        &self.tokens
    }

    /// The loopy nim values, with ranks.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The result for the player to move.
    pub fn outcome(&self) -> Outcome {
        self.values.sum(&self.tokens).0
    }

    /// Whether some token can move (if not, the player to move has lost).
    pub fn can_move(&self) -> bool {
        self.tokens.iter().any(|&t| !self.options[t].is_empty())
    }

    /// Moves token `token` to `vertex`, if it has that edge. The error counts tokens and vertices
    /// from 1, as the statements do.
    pub fn play(&mut self, token: usize, vertex: usize) -> Result<(), IllegalMove> {
        let k = self.tokens.len();
        let from = *self
            .tokens
            .get(token)
            .ok_or_else(|| IllegalMove(format!("no token {} (there are {k})", token.wrapping_add(1))))?;
        if !self.options[from].contains(&vertex) {
            let (i, from, to) = (token + 1, from + 1, vertex.wrapping_add(1));
            return Err(IllegalMove(format!("no edge from {from} to {to}: token {i} cannot move there")));
        }
        self.tokens[token] = vertex;
        Ok(())
    }

    /// The game's bound for a won position: the progress move's ([`crate::solver::SumMove::bound`]).
    pub fn bound(&self) -> Option<u64> {
        self.progress(std::iter::once(self.tokens.clone()))[0].map(|(_, _, bound)| bound)
    }

    /// The perfect reply of the module doc, `None` if no token can move.
    pub fn reply(&self) -> Option<(usize, usize)> {
        // Each move once, by token and then vertex: a repeated edge, or a token on the vertex of
        // an earlier one, gives the same position (up to the order of the tokens).
        let mut moves: Vec<(usize, usize)> = Vec::new();
        for (i, &t) in self.tokens.iter().enumerate() {
            if !self.tokens[..i].contains(&t) {
                let start = moves.len();
                moves.extend(self.options[t].iter().map(|&w| (i, w)));
                moves[start..].sort_unstable();
                moves.dedup();
            }
        }
        let after = |&(i, w): &(usize, usize)| {
            let mut tokens = self.tokens.clone();
            tokens[i] = w;
            tokens
        };
        match self.outcome() {
            Outcome::Win => self.progress(std::iter::once(self.tokens.clone()))[0].map(|(i, w, _)| (i, w)),
            Outcome::Draw => moves.into_iter().find(|m| self.values.sum(&after(m)).0 == Outcome::Draw),
            Outcome::Lose => {
                // Every move leaves a win for the other side: the one whose win takes longest,
                // the first among equals.
                let bounds = self.progress(moves.iter().map(after));
                let longest = (0..moves.len()).rev().max_by_key(|&j| bounds[j].map(|(_, _, b)| b));
                longest.map(|j| moves[j])
            }
        }
    }

    /// [`progress_moves`] on this graph: `(token, vertex, bound)` for each won sum.
    fn progress(&self, sums: impl Iterator<Item = Vec<usize>>) -> Vec<Option<(usize, usize, u64)>> {
        let game = GraphGame::new(&self.graph, |_| Start::Lose);
        let moves = progress_moves(&game, &self.values, sums);
        moves.into_iter().map(|m| m.map(|m| (m.token, m.to, m.bound))).collect()
    }
}
