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
//!
//! # A jury that probes
//! A perfect opponent that always answers the same way is a weak adversary: against a player in a
//! won position it walks one line, the longest resistance, test after test, and a player that is
//! wrong only off that line passes them all. With [`Choice::Seeded`] the reply is drawn, by a
//! seed, among the moves that keep the same outcome: in a won position among the quickest wins
//! (a sum: the progress move alone, the one whose bound is proved), in a drawn one among the moves
//! that keep the draw, in a lost one among the longest resistances ([`Resist::Longest`]) or among
//! all moves ([`Resist::Any`]: every one loses). The draw depends on the seed, the number of moves
//! played so far and the position only: the same seed and the same moves give the same game, so a
//! failure found by a jury seeded from its test file is found again on that file. A jury seeded
//! differently on each test plays a different line on each.
//!
//! A game written forward in the problem's own moves (take 2 stones, move a token to `v`) plays
//! through [`MovePlay`]: its moves are the caller's type, each with the state it leads to, and so
//! are its replies, ready to print.

use crate::forward::ForwardGame;
use crate::graph::{Graph, GraphGame};
use crate::solver::moves::{ProbedMove, Tablebase};
use crate::solver::{loopy_values_ranked, progress_moves, Outcome, Start, Values};
use std::fmt;
use std::marker::PhantomData;

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
    choice: Choice,
    plies: u64,
}

/// How a reply is chosen among the moves that keep the position's outcome (module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// The same move each time: the first optimal one (the module doc's order).
    Fixed,
    /// Drawn by `seed` (and the moves so far, and the position), resisting a loss as `lost` says.
    Seeded { seed: u64, lost: Resist },
}

/// How a seeded reply resists in a lost position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resist {
    /// Among the moves that make the game last longest (lose slowest).
    Longest,
    /// Among all moves: each loses; the winner is tried on lines a stalling opponent never plays.
    Any,
}

/// splitmix64's finaliser: a well-mixed 64-bit value of `x`.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The index drawn among `len > 0` choices by `seed`, after `plies` moves, in the position whose
/// fingerprint is `position`.
fn drawn(seed: u64, plies: u64, position: u64, len: usize) -> usize {
    (mix(mix(mix(seed) ^ plies) ^ position) % len as u64) as usize
}

/// The moves of `probed` (a state's moves, with what each leads to for the player who makes it)
/// that keep the state's outcome as `lost` resists: indices into `probed`.
fn keeping(probed: &[ProbedMove], lost: Resist) -> Vec<usize> {
    let best = |outcome: Outcome, key: &dyn Fn(&ProbedMove) -> i64| {
        let of: Vec<usize> = (0..probed.len()).filter(|&i| probed[i].outcome == outcome).collect();
        let top = of.iter().map(|&i| key(&probed[i])).max();
        of.into_iter().filter(|&i| Some(key(&probed[i])) == top).collect::<Vec<usize>>()
    };
    let depth = |m: &ProbedMove| m.depth.map_or(0, i64::from);
    let wins = best(Outcome::Win, &|m| -depth(m));
    if !wins.is_empty() {
        return wins;
    }
    let draws = best(Outcome::Draw, &|_| 0);
    if !draws.is_empty() {
        return draws;
    }
    match lost {
        Resist::Longest => best(Outcome::Lose, &depth),
        Resist::Any => (0..probed.len()).collect(),
    }
}

/// The reply among `targets` (the states a state's moves lead to, in the game's order) from the
/// state `state` of `table`, chosen as `choice` says after `plies` moves: an index into
/// `targets`; `None` when there is none.
fn choose(table: &Tablebase, state: usize, targets: &[usize], choice: Choice, plies: u64) -> Option<usize> {
    match choice {
        Choice::Fixed => {
            let best = table.best_move(state)?;
            targets.iter().position(|&t| t == best)
        }
        Choice::Seeded { seed, lost } => {
            if targets.is_empty() {
                return None;
            }
            let probed: Vec<ProbedMove> = targets.iter().map(|&t| table.probe(Some(t))[0]).collect();
            let keep = keeping(&probed, lost);
            Some(keep[drawn(seed, plies, state as u64, keep.len())])
        }
    }
}

impl<'a, M: Fn(usize) -> Vec<usize>> GamePlay<'a, M> {
    /// The game of `table`, whose moves out of `s` are `moves(s)`, standing at `state`.
    pub fn new(table: &'a Tablebase, moves: M, state: usize) -> Self {
        GamePlay { table, moves, state, choice: Choice::Fixed, plies: 0 }
    }

    /// The same game, its replies chosen as `choice` says (module doc: a jury that probes).
    pub fn with_choice(self, choice: Choice) -> Self {
        GamePlay { choice, ..self }
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
        self.plies += 1;
        Ok(())
    }

    /// The perfect reply (module doc): the tablebase's optimal move, or with [`Choice::Seeded`] one
    /// drawn among those that keep the outcome; `None` where the game is over.
    pub fn reply(&self) -> Option<usize> {
        match self.choice {
            Choice::Fixed => self.table.best_move(self.state),
            choice => {
                let targets = (self.moves)(self.state);
                choose(self.table, self.state, &targets, choice, self.plies).map(|i| targets[i])
            }
        }
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

/// A game written forward in the caller's own moves, solved by a [`Tablebase`] of its states:
/// `moves(s)` lists each move out of state `s` as `(the move, the state it leads to)`: the moves
/// of the game `table` solved, named. Moves are told and replied in the caller's type `T`, so a
/// jury reads and prints them as the problem states them.
///
/// ```
/// use graph_games::forward::ForwardGame;
/// use graph_games::play::{Choice, MovePlay, Resist};
/// use graph_games::solver::{Outcome, Start};
///
/// // Take 1, 2 or 3 stones; who cannot move loses. A move is how many stones are taken.
/// let takes = |s: usize| (1..=3).filter(move |&k| k <= s).map(move |k| (k, s - k)).collect::<Vec<_>>();
/// let game = ForwardGame::new(21, |s, m| m.extend(takes(s).into_iter().map(|(_, t)| t)), |_| Start::Lose);
/// let table = game.tablebase();
/// let mut play = MovePlay::new(&table, takes, 20); // 20 stones: lost for the player to move
/// assert_eq!((play.outcome(), play.reply()), (Outcome::Lose, Some(3))); // to 17, the lowest of equals
/// play.play(&1).unwrap(); // 19: won, by taking 3
/// assert_eq!(play.reply(), Some(3));
/// assert!(play.play(&4).is_err());
/// // Seeded: in a lost position, any move, drawn from the seed.
/// let seeded = MovePlay::new(&table, takes, 20).with_choice(Choice::Seeded { seed: 7, lost: Resist::Any });
/// assert!([1, 2, 3].contains(&seeded.reply().unwrap()));
/// ```
pub struct MovePlay<'a, T, F> {
    table: &'a Tablebase,
    moves: F,
    state: usize,
    choice: Choice,
    plies: u64,
    mv: PhantomData<T>,
}

impl<'a, T: Clone + PartialEq + fmt::Debug, F: Fn(usize) -> Vec<(T, usize)>> MovePlay<'a, T, F> {
    /// The game of `table` whose moves out of `s` are `moves(s)`, standing at `state`.
    pub fn new(table: &'a Tablebase, moves: F, state: usize) -> Self {
        MovePlay { table, moves, state, choice: Choice::Fixed, plies: 0, mv: PhantomData }
    }

    /// The same game, its replies chosen as `choice` says (module doc: a jury that probes).
    pub fn with_choice(self, choice: Choice) -> Self {
        MovePlay { choice, ..self }
    }

    /// The state the game stands in.
    pub fn state(&self) -> usize {
        self.state
    }

    /// The result for the player to move.
    pub fn outcome(&self) -> Outcome {
        self.table.outcome(self.state)
    }

    /// Plays `mv`, if the state has it (the first of that name, where two moves share one).
    pub fn play(&mut self, mv: &T) -> Result<(), IllegalMove> {
        match (self.moves)(self.state).into_iter().find(|(m, _)| m == mv) {
            Some((_, to)) => {
                self.state = to;
                self.plies += 1;
                Ok(())
            }
            None => Err(IllegalMove(format!("no move {mv:?} from state {}", self.state))),
        }
    }

    /// The reply of [`GamePlay::reply`], as the caller's move; `None` where the game is over.
    pub fn reply(&self) -> Option<T> {
        let moves = (self.moves)(self.state);
        let targets: Vec<usize> = moves.iter().map(|&(_, to)| to).collect();
        choose(self.table, self.state, &targets, self.choice, self.plies).map(|i| moves[i].0.clone())
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
    choice: Choice,
    plies: u64,
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
        SumPlay { options, graph, values, tokens: tokens.to_vec(), choice: Choice::Fixed, plies: 0 }
    }

    /// The same game, its replies chosen as `choice` says (module doc: a jury that probes).
    pub fn with_choice(self, choice: Choice) -> Self {
        SumPlay { choice, ..self }
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
        self.plies += 1;
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
        // The candidates that keep the outcome; the first, or one drawn by the seed.
        let keep: Vec<(usize, usize)> = match (self.outcome(), self.choice) {
            (Outcome::Win, _) => {
                return self.progress(std::iter::once(self.tokens.clone()))[0].map(|(i, w, _)| (i, w))
            }
            (Outcome::Draw, _) => {
                moves.into_iter().filter(|m| self.values.sum(&after(m)).0 == Outcome::Draw).collect()
            }
            (Outcome::Lose, Choice::Seeded { lost: Resist::Any, .. }) => moves,
            (Outcome::Lose, _) => {
                // Every move leaves a win for the other side: those whose win takes longest.
                let bounds = self.progress(moves.iter().map(after));
                let longest = bounds.iter().map(|b| b.map(|(_, _, b)| b)).max();
                (0..moves.len())
                    .filter(|&j| bounds[j].map(|(_, _, b)| b) == longest.flatten())
                    .map(|j| moves[j])
                    .collect()
            }
        };
        match self.choice {
            Choice::Fixed => keep.first().copied(),
            Choice::Seeded { seed, .. } if !keep.is_empty() => {
                let position = self.tokens.iter().fold(0u64, |h, &t| mix(h ^ t as u64));
                Some(keep[drawn(seed, self.plies, position, keep.len())])
            }
            Choice::Seeded { .. } => None,
        }
    }

    /// [`progress_moves`] on this graph: `(token, vertex, bound)` for each won sum.
    fn progress(&self, sums: impl Iterator<Item = Vec<usize>>) -> Vec<Option<(usize, usize, u64)>> {
        let game = GraphGame::new(&self.graph, |_| Start::Lose);
        let moves = progress_moves(&game, &self.values, sums);
        moves.into_iter().map(|m| m.map(|m| (m.token, m.to, m.bound))).collect()
    }
}
