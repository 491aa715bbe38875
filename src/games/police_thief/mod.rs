//! The policeman and the thief on a board (the seed article's worked example), states made on the fly.
//!
//! # Rules
//! A board has free cells and walls; the policeman and the thief each stand on a free cell, and any
//! number of free cells are exits. The policeman moves first, then the players alternate; a player
//! either moves his piece to an adjacent free cell (the policeman in 8 directions, the thief in 4)
//! or skips. Both on one cell: the policeman has won; the thief on an exit the policeman is not on:
//! the thief has won. If neither can force a win, a draw. The contract is
//! `docs/problems/police_thief.md`; the end of the game is written once, in [`Standing::of`].
//!
//! # Input
//! `n m`, then `n` rows of `m` characters: `.` free, `*` wall, `P` the policeman's start, `T` the
//! thief's, `E` an exit; exactly one `P` and one `T`, and nothing after the board.
//!
//! # Output
//! One line ([`write_answer`]): `Police catches the thief`, `The thief escapes` or `Draw`. With
//! `--explain` ([`explain`]), after it: how many moves the game lasts under optimal play (or why it
//! never ends), then the optimal line, a board per move.
//!
//! # Method
//! The solver ([`crate::solver`]) decides every state; [`PoliceThief`] is the game as it sees it,
//! with the states and moves computed on the fly from the board, no edge list stored. O(k²) time
//! for `k` free cells.
//!
//! ## The state encoding
//! Free cells are numbered `0..k` in reading order. A state is (policeman's cell `p`, thief's cell
//! `t`, whose turn): `t·k + p` for the policeman to move, `k² + p·k + t` for the thief, `2k²` in
//! all. The predecessors of a policeman-to-move state differ only in the thief's cell, so they lie
//! in one row `[p][·]` of the other half, about a board width apart (and symmetrically): the
//! search's memory traffic stays in a few cache lines.
//!
//! ## Predecessors without edge lists
//! Since a player may skip, his moves from `c` are the closed neighbourhood `N[c]`, and adjacency is
//! symmetric. So the states with a move into (p, t, policeman to move) are the (p, t', thief to
//! move) with `t'` in `N[t]`: the moves of (p, t, thief to move) with the turn flipped back.
//!
//! ## Padded moves
//! Every open state has a fixed number of moves, 9 for the policeman or 5 for the thief: the skip,
//! then one per neighbour slot, a slot without a neighbour holding the cell itself (the skip
//! again). A repeated move changes no outcome (some move reaches a losing state, or every move a
//! winning one) and no depth (a minimum or maximum over the states reached); in exchange every
//! predecessor loop has one length and no test. [`PoliceThief::for_each_move`] lists exactly these.
//!
//! # Limits
//! [`MAX_CELLS`] = 10^8 cells (walls included) and [`MAX_FREE_CELLS`] = 20,000 free cells: at most
//! `2·20,000² = 8·10^8` states. Memory: 34 bytes per free cell for the board (read row by row) and
//! 4 more for the game; for the search a byte per state (0.8 GB at the limit, 0.2 GB for an open
//! 100x100 board) plus its queue, 4 bytes per state decided and not yet walked. The queue is
//! largest when most states are decided at the start, on a board where most free cells are exits:
//! up to 4 bytes per state, 3.2 GB at the limit (on an open board, a few MB). [`read`] checks that
//! the search's counters can be had ([`check_search_memory`]: what the run takes up front, not the
//! queue at its largest), and the queue grows as the search goes, checked ([`try_decide`]), so a
//! board too large for the machine is an error, not an abort.
//! Time: O(n·m) to read the board, O(k²) to solve
//! it, each of the `2k²` states walked at most once over its 5 or 9 predecessors. `--explain` has
//! its own, smaller limits ([`explain::MAX_FREE_CELLS`], [`explain::MAX_CELLS`]).

pub mod explain;

use crate::divisor::Divisor;
use crate::input::{board_cells, shown, Error, Pos, Scanner};
use crate::memory::{check_memory, try_grow_within};
use crate::solver::{table_bytes_per_state, try_solve, Game, Outcome, Start, Upcoming};
use std::io::{self, Read, Write};

/// The most cells (walls included) a board may have: `n·m <= 10^8`.
pub const MAX_CELLS: u64 = 100_000_000;
/// The most free cells a board may have: `8·10^8` states, 0.8 GB of counters for the search, plus
/// its queue (see Limits in the module doc).
pub const MAX_FREE_CELLS: usize = 20_000;

/// A cell's neighbour slots: the orthogonal ones first (the thief's), then the diagonal ones.
const POLICE_SLOTS: usize = 8;
const THIEF_SLOTS: usize = 4;

/// A free cell: its neighbours (cell numbers fit in `u16`), and whether it is an exit.
#[derive(Debug)]
pub struct Cell {
    /// Each group of slots (orthogonal, diagonal) padded with the cell itself.
    neighbours: [u16; POLICE_SLOTS],
    pub exit: bool,
}

/// A parsed board: its free cells, numbered in reading order, and the two pieces' starts.
#[derive(Debug)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    /// The free cells, in reading order.
    pub cells: Vec<Cell>,
    /// `(row, column)` of every free cell, 0-based: sorted, as the cells are in reading order.
    pub positions: Vec<(usize, usize)>,
    /// The policeman's start cell.
    pub police: usize,
    /// The thief's start cell.
    pub thief: usize,
}

/// What the judge gives: the board.
pub type Problem = Board;

/// Whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Turn {
    Police,
    Thief,
}

impl Turn {
    /// The neighbour slots the mover looks at.
    #[inline(always)]
    fn slots(self) -> usize {
        match self {
            Turn::Police => POLICE_SLOTS,
            Turn::Thief => THIEF_SLOTS,
        }
    }
}

/// How a position stands: over one way or the other, or open.
#[derive(Debug, PartialEq)]
pub enum Standing {
    /// Both pieces on one cell: the policeman has won.
    Caught,
    /// The thief on an exit the policeman is not on: the thief has won.
    Escaped,
    Open,
}

impl Standing {
    /// The end of the game, written once. The caller tells whether the thief is on an exit, so
    /// that the in-order walk of the starts looks it up once per row.
    #[inline(always)]
    pub fn of(police: usize, thief: usize, thief_on_exit: bool) -> Standing {
        if police == thief {
            Standing::Caught
        } else if thief_on_exit {
            Standing::Escaped
        } else {
            Standing::Open
        }
    }

    /// For `turn` to move, as the solver takes it: an open position has the mover's padded moves
    /// (the skip and one per slot).
    #[inline(always)]
    fn start(self, turn: Turn) -> Start {
        match self {
            Standing::Open => Start::Moves(1 + turn.slots() as u32),
            _ if (self == Standing::Caught) == (turn == Turn::Police) => Start::Win,
            _ => Start::Lose,
        }
    }
}

impl Board {
    /// How many free cells the board has (`k`).
    pub fn free_cells(&self) -> usize {
        self.cells.len()
    }

    /// `(row, column)` of free cell `cell`, 0-based.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        self.positions[cell]
    }

    /// The cells the mover can step to from `cell` (not the skip).
    pub fn neighbours(&self, cell: usize, turn: Turn) -> impl Iterator<Item = usize> + '_ {
        self.cells[cell].neighbours[..turn.slots()].iter().map(|&n| n as usize).filter(move |&n| n != cell)
    }
}

/// The pieces' letters and names.
const PIECES: [(char, &str); 2] = [('P', "policeman"), ('T', "thief")];

/// Reads and checks the whole input: `n m`, the board, and nothing after it.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let size_at = input.peek_pos()?;
    let rows = input.u64_in("the number of rows n", 1, MAX_CELLS)?;
    let cols = input.u64_in("the number of columns m", 1, MAX_CELLS)?;
    board_cells(rows, cols, MAX_CELLS, size_at)?;
    let (rows, cols) = (rows as usize, cols as usize);
    let mut cells: Vec<Cell> = Vec::new();
    let mut positions = Vec::new();
    // Where the policeman and the thief start: cell and position.
    let mut starts: [Option<(usize, Pos)>; 2] = [None, None];
    for r in 0..rows {
        // Where the row starts, for errors (a row's position is not worth computing lazily here).
        let at = input.peek_pos()?;
        let (row, _) = input.token_at_most(format_args!("row {} of {rows}", r + 1), cols)?;
        if row.len() != cols {
            return Err(Error::at(
                at,
                format!("row {} has {} characters, expected {cols}", r + 1, row.len()),
            ));
        }
        for (c, &ch) in row.iter().enumerate() {
            let pos = at.plus_columns(c);
            let piece = match ch {
                b'*' => continue,
                b'.' | b'E' => None,
                b'P' => Some(0),
                b'T' => Some(1),
                _ => {
                    let ch = shown(&[ch]);
                    return Err(Error::at(
                        pos,
                        format!("unexpected {ch} on the board (expected one of . * P T E)"),
                    ));
                }
            };
            let cell = cells.len();
            if cell == MAX_FREE_CELLS {
                return Err(Error::at(
                    pos,
                    format!("the board has more than {cell} free cells (the most this program accepts)"),
                ));
            }
            if let Some(piece) = piece {
                if let Some((_, first_at)) = starts[piece] {
                    let (ch, who) = (shown(&[ch]), PIECES[piece].1);
                    return Err(Error::at(
                        pos,
                        format!("a second {ch} (the {who} already stands at {first_at})"),
                    ));
                }
                starts[piece] = Some((cell, pos));
            }
            // Memory follows the free cells that arrive, checked.
            try_grow_within(&mut cells, 1, MAX_FREE_CELLS, &format_args!("{} free cells", cell + 1))?;
            try_grow_within(&mut positions, 1, MAX_FREE_CELLS, &format_args!("{} free cells", cell + 1))?;
            cells.push(Cell { neighbours: [cell as u16; POLICE_SLOTS], exit: ch == b'E' });
            // Link the cell both ways with its neighbours read before: to the left and the three
            // above (`positions` is sorted). An orthogonal one takes the first padded slot from 0,
            // which is below THIEF_SLOTS (a cell has at most four), a diagonal one from THIEF_SLOTS.
            let (up, left) = (r.wrapping_sub(1), c.wrapping_sub(1));
            for near in [(r, left), (up, left), (up, c), (up, c + 1)] {
                if let Ok(other) = positions.binary_search(&near) {
                    let first = if near.0 == r || near.1 == c { 0 } else { THIEF_SLOTS };
                    for (from, to) in [(cell, other), (other, cell)] {
                        let slots = &mut cells[from].neighbours[first..];
                        if let Some(slot) = slots.iter_mut().find(|n| usize::from(**n) == from) {
                            *slot = to as u16;
                        }
                    }
                }
            }
            positions.push((r, c));
        }
    }
    let start = |piece: usize| match starts[piece] {
        Some((cell, _)) => Ok(cell),
        None => {
            let (ch, who) = PIECES[piece];
            Err(Error::new(format!("the board has no `{ch}` (the {who}'s start)")))
        }
    };
    let (police, thief) = (start(0)?, start(1)?);
    input.finish("the board")?;
    check_search_memory(cells.len(), false)?;
    Ok(Board { rows, cols, cells, positions, police, thief })
}

/// Checks that the search on a board of `free` free cells can have its memory (what the solver
/// says it needs per state for its moves, with depths or not), so that a
/// board too large for the memory there is is an error naming how much it needs, not an abort.
pub fn check_search_memory(free: usize, depth: bool) -> Result<(), Error> {
    let states = 2 * (free as u128) * (free as u128);
    // The tables the search makes up front; its queue grows as it goes, checked (`try_solve`).
    let bytes = states * table_bytes_per_state(1 + POLICE_SLOTS as u32, depth);
    check_memory(bytes, format_args!("solving a board of {free} free cells ({states} states)"))
}

/// The game on a board, as the solver sees it (see the module doc for the encoding).
pub struct PoliceThief<'a> {
    pub board: &'a Board,
    /// `k`, the number of free cells.
    free: u32,
    /// `k²`: the first thief-to-move state.
    half: u32,
    by_free: Divisor,
    /// For every cell, its lowest and highest neighbour (or itself): a state's predecessors lie
    /// between these two places of one row, on at most three cache lines.
    span: Vec<(u16, u16)>,
}

impl<'a> PoliceThief<'a> {
    /// The game on `board` (which has at least two free cells, the starts).
    pub fn new(board: &'a Board) -> PoliceThief<'a> {
        let free = board.free_cells() as u32;
        let span = board
            .cells
            .iter()
            .map(|c| (*c.neighbours.iter().min().unwrap(), *c.neighbours.iter().max().unwrap()));
        let span = span.collect();
        PoliceThief { board, free, half: free * free, by_free: Divisor::new(free), span }
    }

    /// The state with the policeman on `police`, the thief on `thief`, and `turn` to move.
    pub fn state(&self, police: usize, thief: usize, turn: Turn) -> usize {
        let (p, t, k) = (police as u32, thief as u32, self.free);
        (match turn {
            Turn::Police => t * k + p,
            Turn::Thief => self.half + p * k + t,
        }) as usize
    }

    /// `(police, thief, turn)` of `state`.
    pub fn decode(&self, state: usize) -> (usize, usize, Turn) {
        let s = state as u32;
        if s < self.half {
            let (t, p) = self.by_free.div_rem(s);
            (p as usize, t as usize, Turn::Police)
        } else {
            let (p, t) = self.by_free.div_rem(s - self.half);
            (p as usize, t as usize, Turn::Thief)
        }
    }

    /// The state after the mover of (`police`, `thief`, `turn`) goes to `to` (his own cell: the
    /// skip).
    pub fn after(&self, police: usize, thief: usize, turn: Turn, to: usize) -> usize {
        match turn {
            Turn::Police => self.state(to, thief, Turn::Thief),
            Turn::Thief => self.state(police, to, Turn::Police),
        }
    }

    /// How `state` stands.
    pub fn standing(&self, state: usize) -> Standing {
        let (p, t, _) = self.decode(state);
        Standing::of(p, t, self.board.cells[t].exit)
    }

    /// The start of the game: both pieces on their cells, the policeman to move.
    pub fn start_state(&self) -> usize {
        self.state(self.board.police, self.board.thief, Turn::Police)
    }

    /// Calls `visit` with the state after each move from `state`: the padded moves the solver
    /// counts (module doc), listed even where the game is over, as the predecessors are.
    pub fn for_each_move<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let (p, t, turn) = self.decode(state);
        let mover = if turn == Turn::Police { p } else { t };
        visit(self.after(p, t, turn, mover));
        for &n in &self.board.cells[mover].neighbours[..turn.slots()] {
            visit(self.after(p, t, turn, usize::from(n)));
        }
    }
}

impl Game for PoliceThief<'_> {
    fn num_states(&self) -> usize {
        2 * self.half as usize
    }

    fn max_moves(&self) -> u32 {
        1 + POLICE_SLOTS as u32
    }

    /// In index order: no division, each row of states one thief (or policeman) cell.
    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        let cells = &self.board.cells;
        // The policeman to move: state t·k + p.
        for (t, thief) in cells.iter().enumerate() {
            for p in 0..cells.len() {
                visit(Standing::of(p, t, thief.exit).start(Turn::Police));
            }
        }
        // The thief to move: state k² + p·k + t.
        for p in 0..cells.len() {
            for (t, thief) in cells.iter().enumerate() {
                visit(Standing::of(p, t, thief.exit).start(Turn::Thief));
            }
        }
    }

    /// The module doc explains why these are the moves of the state with the turn flipped.
    #[inline(always)]
    fn for_each_predecessor<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let (row, moved) = self.predecessors_row(state as u32);
        let cell = &self.board.cells[moved as usize];
        visit((row + moved) as usize);
        // A padded slot is the mover's own cell: the skip again, as in the move count. The two
        // halves keep their own loops, each of a fixed length.
        if (state as u32) < self.half {
            for &n in &cell.neighbours[..THIEF_SLOTS] {
                visit((row + u32::from(n)) as usize);
            }
        } else {
            for &n in &cell.neighbours {
                visit((row + u32::from(n)) as usize);
            }
        }
    }

    /// The counters of the predecessors of the state walked 16 states from now: they lie in up
    /// to three cache lines of a row far from the one being walked (the lowest, the mover's
    /// cell, the highest).
    #[inline(always)]
    fn prefetch<C>(&self, upcoming: &Upcoming<'_, C>) {
        if let Some(soon) = upcoming.get(16) {
            let (row, moved) = self.predecessors_row(soon as u32);
            let (lowest, highest) = self.span[moved as usize];
            for at in [lowest, moved as u16, highest] {
                upcoming.prefetch_counter((row + u32::from(at)) as usize);
            }
        }
    }
}

impl PoliceThief<'_> {
    /// Where the predecessors of state `s` are: the row of the other half they lie in, and the
    /// cell of the piece that has just moved (its neighbours, and itself, index the row).
    /// - The policeman to move, the thief just moved onto `t`: thief-to-move states `(p, t')`,
    ///   `t'` in `N[t]`, row `p`.
    /// - The thief to move, the policeman just moved onto `p`: policeman-to-move states `(p', t)`,
    ///   `p'` in `N[p]`, row `t`.
    #[inline(always)]
    fn predecessors_row(&self, s: u32) -> (u32, u32) {
        if s < self.half {
            let (t, p) = self.by_free.div_rem(s);
            (self.half + p * self.free, t)
        } else {
            let (p, t) = self.by_free.div_rem(s - self.half);
            (t * self.free, p)
        }
    }
}

/// How the game ends with optimal play from the start.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Verdict {
    PoliceWins,
    ThiefEscapes,
    Draw,
}

/// What the judge asks: the verdict.
pub type Answer = Verdict;

impl Verdict {
    /// The judge's output line (without the newline).
    pub fn line(self) -> &'static str {
        match self {
            Verdict::PoliceWins => "Police catches the thief",
            Verdict::ThiefEscapes => "The thief escapes",
            Verdict::Draw => "Draw",
        }
    }

    /// The verdict from the outcome of the start (the policeman to move).
    pub fn of_start(outcome: Outcome) -> Verdict {
        match outcome {
            Outcome::Win => Verdict::PoliceWins,
            Outcome::Lose => Verdict::ThiefEscapes,
            Outcome::Draw => Verdict::Draw,
        }
    }
}

/// Decides how the game ends from the start, the policeman to move: the judge's question.
/// Panics when memory runs out; the binary uses [`try_decide`].
pub fn decide(problem: Problem) -> Answer {
    try_decide(problem).unwrap_or_else(|e| panic!("{}", e))
}

/// [`decide`], with memory that cannot be had (the search's queue as it grows) an [`Error`].
pub fn try_decide(problem: Problem) -> Result<Answer, Error> {
    let game = PoliceThief::new(&problem);
    Ok(Verdict::of_start(try_solve(&game)?.outcome(game.start_state())))
}

/// Writes exactly the judge's output: one line, the verdict's [`Verdict::line`].
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", answer.line())
}

/// This problem as a type, for code that handles every game alike ([`crate::games::JudgeProblem`]).
pub struct Judge;
judge_problem!(Judge, "police_thief");

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Result<Board, Error> {
        read(&mut Scanner::new(text.as_bytes()))
    }

    #[test]
    fn starts_in_order_follow_the_standing_of_each_state() {
        for text in ["3 3\nP.*\n.*.\nT.E\n", "2 4\nPE.*\n.TE.\n", "1 5\nP*T.E\n"] {
            let board = board(text).unwrap();
            let game = PoliceThief::new(&board);
            let mut in_order = Vec::new();
            game.for_each_start(|start| in_order.push(start));
            let one_by_one: Vec<Start> =
                (0..game.num_states()).map(|s| game.standing(s).start(game.decode(s).2)).collect();
            assert_eq!(in_order, one_by_one, "{text}");
        }
    }

    #[test]
    fn standing() {
        // Free cells in reading order: 0 P, 1 E, 2 ., 3 T.
        let b = board("2 2\nPE\n.T\n").unwrap();
        let game = PoliceThief::new(&b);
        let standing = |p, t| game.standing(game.state(p, t, Turn::Thief));
        assert_eq!(standing(3, 3), Standing::Caught);
        assert_eq!(standing(0, 1), Standing::Escaped);
        assert_eq!(standing(1, 1), Standing::Caught, "a catch on an exit");
        assert_eq!(standing(0, 3), Standing::Open);
        assert_eq!(Standing::Open.start(Turn::Police), Start::Moves(9));
        assert_eq!(Standing::Open.start(Turn::Thief), Start::Moves(5));
        assert_eq!(Standing::Caught.start(Turn::Police), Start::Win);
        assert_eq!(Standing::Caught.start(Turn::Thief), Start::Lose);
        assert_eq!(Standing::Escaped.start(Turn::Police), Start::Lose);
        assert_eq!(Standing::Escaped.start(Turn::Thief), Start::Win);
    }

    #[test]
    fn neighbours_follow_the_walls() {
        // Free cells in reading order: 0 (0,0), 1 (0,1), 2 (1,1), 3 (1,2), 4 (2,0).
        let b = board("3 3\nP.*\n*TE\n.**\n").unwrap();
        let sorted = |cell, turn| {
            let mut v: Vec<usize> = b.neighbours(cell, turn).collect();
            v.sort();
            v
        };
        assert_eq!(sorted(2, Turn::Police), [0, 1, 3, 4]);
        assert_eq!(sorted(2, Turn::Thief), [1, 3]);
        assert_eq!(sorted(4, Turn::Thief), [] as [usize; 0]);
        assert_eq!(sorted(4, Turn::Police), [2]);
        assert_eq!((b.police, b.thief, b.rows, b.cols), (0, 2, 3, 3));
        assert!(b.cells[3].exit && !b.cells[2].exit);
        assert_eq!((b.position(4), b.position(3)), ((2, 0), (1, 2)));
    }

    #[test]
    fn predecessors_are_the_moves_reversed() {
        let b = board("3 4\nP.*E\n.T..\n*..E\n").unwrap();
        let game = PoliceThief::new(&b);
        let n = game.num_states();
        let mut forward = vec![0u32; n * n];
        let mut backward = vec![0u32; n * n];
        for s in 0..n {
            let mut moves = 0;
            game.for_each_move(s, |t| {
                forward[s * n + t] += 1;
                moves += 1;
            });
            let (p, t, turn) = game.decode(s);
            if let Start::Moves(count) = game.standing(s).start(turn) {
                assert_eq!(moves, count, "the moves listed are the moves the solver counts");
            }
            game.for_each_predecessor(s, |p| backward[p * n + s] += 1);
            assert_eq!(game.state(p, t, turn), s);
        }
        assert_eq!(forward, backward);
        assert_eq!(game.max_moves(), 9);
    }

    #[test]
    fn samples() {
        let v = |text: &str| decide(board(text).unwrap());
        assert_eq!(v("3 3\nP.*\n.*.\nT.E\n"), Verdict::PoliceWins);
        assert_eq!(v("1 5\nP*T*E\n"), Verdict::Draw);
        assert_eq!(v("1 5\nP*T.E\n"), Verdict::ThiefEscapes);
        assert_eq!(v("3 5\nP....\n.....\n..T.E\n"), Verdict::ThiefEscapes);
        let mut out = Vec::new();
        write_answer(&Verdict::ThiefEscapes, &mut out).unwrap();
        assert_eq!(out, b"The thief escapes\n");
    }

    #[test]
    fn bad_boards() {
        let err = |text: &str| board(text).unwrap_err().message().to_string();
        assert_eq!(
            err("1 3\nP.P\n"),
            "line 2, column 3: a second `P` (the policeman already stands at line 2, column 1)"
        );
        assert_eq!(
            err("1 3\nP.x\n"),
            "line 2, column 3: unexpected `x` on the board (expected one of . * P T E)"
        );
        assert_eq!(
            err("1 3\nP.\x01\n"),
            "line 2, column 3: unexpected `\\x01` on the board (expected one of . * P T E)"
        );
        assert_eq!(err("2 2\nPT\n.\n"), "line 3, column 1: row 2 has 1 characters, expected 2");
        assert_eq!(err("1 2\nP.\n"), "the board has no `T` (the thief's start)");
        assert_eq!(err("1 2\nPT\n..\n"), "line 3, column 1: unexpected `..` after the board");
        assert_eq!(
            err("20000 20000\n"),
            "line 1, column 1: a 20000x20000 board has 400000000 cells, more than the 100000000 allowed"
        );
        let wide = format!("1 20001\nPT{}\n", ".".repeat(19_999));
        assert_eq!(
            err(&wide),
            "line 2, column 20001: the board has more than 20000 free cells (the most this program accepts)"
        );
    }
}
