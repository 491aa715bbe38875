//! The policeman and the thief on a board (the worked example of the seed article), solved for
//! boards of tens of thousands of free cells by generating the states on the fly.
//!
//! # The rules
//! A board of `n` rows and `m` columns: free cells and walls. The policeman moves first, then the
//! players alternate; on his turn a player either moves his piece to an adjacent free cell or skips.
//! The policeman steps like a chess king (8 neighbours), the thief like a rook that moves one cell
//! (4 neighbours). Whenever both stand on the same cell the policeman has won; whenever the thief
//! stands on an exit the policeman is not on, the thief has won. Both play optimally; if neither
//! can force a win the game never ends (a draw). The full contract is
//! `../shared/problems/police_thief.md`. The end of the game is written once, in
//! [`Board::standing`].
//!
//! # The state encoding
//! Only free cells matter: they are numbered `0..k` in reading order. A state is (policeman's cell
//! `p`, thief's cell `t`, whose turn), `2k²` states in all, numbered so that the states leading
//! into any state lie close together in memory:
//! - the policeman to move: `t·k + p`, in `0..k²`;
//! - the thief to move: `k² + p·k + t`, in `k²..2k²`.
//!
//! The predecessors of a policeman-to-move state (the thief has just moved) differ only in the
//! thief's cell, so they sit in one row `[p][·]` of the thief-to-move half, at most about a board
//! width apart; symmetrically for the other half. The search walks these rows while it decides
//! states, which keeps most of its memory traffic inside a few cache lines.
//!
//! # Why the predecessors need no edge lists
//! Because a player may skip, his moves from a cell `c` are exactly the cells of `N[c]`, the closed
//! neighbourhood (the neighbours and `c` itself), and adjacency is symmetric: `c -> d` is a move iff
//! `d -> c` is. So the states with a move into (p, t, policeman to move), which are the
//! thief-to-move states (p, t') with `t` in `N[t']`, are the (p, t') with `t'` in `N[t]`: exactly the
//! successors of (p, t, thief to move) with the turn flipped back. Predecessors are computed from
//! the per-cell neighbour lists like moves are, and nothing per state is stored by the game.
//!
//! # Padded moves
//! Every open state has a fixed number of moves, [`POLICE_MOVES`] or [`THIEF_MOVES`]: the skip,
//! then one per neighbour slot of the mover's cell, where a slot without a neighbour holds the cell
//! itself (one more skip). Repeating a move changes nothing: a state wins iff some move reaches a
//! losing state and loses iff every move reaches a winning one, and its depth is a minimum or
//! maximum over the states its moves reach, so the outcome and depth of every state are those of
//! the real game. What it buys: every state's predecessor loop has the same length and no test, and
//! no cell's move count is looked up. [`PoliceThief::for_each_move`] lists these padded moves, so
//! that they are exactly what [`PoliceThief::for_each_predecessor`] reverses.
//!
//! # Cost and memory
//! O(k²) time (at most 9 moves per state). The game stores 20 bytes per free cell; the search
//! (see [`crate::solver`]) a byte per state plus its queue of decided states not yet walked:
//! `2k²` bytes and a little more, about 205 MB for an open 100x100 board (`k = 10^4`). The board is
//! read row by row and never stored whole: a row is checked and turned into cells at once, so only
//! the free cells are kept. Limits: [`MAX_CELLS`] cells, [`MAX_FREE_CELLS`] free cells (checked
//! while reading, before the search reserves anything).
//!
//! `--explain` (the optimal line, drawn) is [`crate::police_thief_explain`].

use crate::divisor::Divisor;
use crate::input::{board_cells, shown, Error, Pos, Scanner};
use crate::solver::{solve, Game, Outcome, Start};
use std::io::{self, Read, Write};

/// The most cells (walls included) a board may have: `n·m <= 10^8`.
pub const MAX_CELLS: u64 = 100_000_000;
/// The most free cells a board may have: `2·20000² = 8·10^8` states, 0.8 GB for the search (and
/// its queue, 4 bytes per state at the very worst).
pub const MAX_FREE_CELLS: usize = 20_000;

/// Neighbour slots of a cell: the orthogonal neighbours in slots `0..THIEF_SLOTS`, the diagonal
/// ones after them; the policeman looks at all of them, the thief at the orthogonal ones.
const POLICE_SLOTS: usize = 8;
const THIEF_SLOTS: usize = 4;
/// Moves of an open state (see "Padded moves" in the module doc): the skip and one per slot.
pub const POLICE_MOVES: u32 = 1 + POLICE_SLOTS as u32;
pub const THIEF_MOVES: u32 = 1 + THIEF_SLOTS as u32;

/// A free cell: its neighbours, and whether it is an exit. Cell numbers fit in `u16` because of
/// [`MAX_FREE_CELLS`].
#[derive(Debug, Clone, Copy)]
struct Cell {
    /// Each group of slots (orthogonal, diagonal) padded with the cell itself: a padded slot is
    /// one more way to skip.
    neighbours: [u16; POLICE_SLOTS],
    exit: bool,
}

/// A parsed board: its free cells, numbered in reading order, and the two pieces' starts.
#[derive(Debug, Clone)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    /// `(row, column)` of every free cell, 0-based.
    positions: Vec<(u32, u32)>,
    police: usize,
    thief: usize,
}

/// What the judge gives: the board.
pub type Problem = Board;

/// Whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    Police,
    Thief,
}

impl Turn {
    pub fn other(self) -> Turn {
        match self {
            Turn::Police => Turn::Thief,
            Turn::Thief => Turn::Police,
        }
    }

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Both pieces on one cell: the policeman has won.
    Caught,
    /// The thief on an exit the policeman is not on: the thief has won.
    Escaped,
    /// The game goes on; the player to move has this many moves (padded: [`POLICE_MOVES`] or
    /// [`THIEF_MOVES`]).
    Open(u32),
}

impl Standing {
    /// The same for the player to move, as the solver takes it.
    #[inline(always)]
    fn start(self, turn: Turn) -> Start {
        match (self, turn) {
            (Standing::Caught, Turn::Police) | (Standing::Escaped, Turn::Thief) => Start::Win,
            (Standing::Caught, Turn::Thief) | (Standing::Escaped, Turn::Police) => Start::Lose,
            (Standing::Open(moves), _) => Start::Moves(moves),
        }
    }
}

impl Board {
    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// How many free cells the board has (`k`).
    pub fn free_cells(&self) -> usize {
        self.cells.len()
    }

    /// The policeman's start cell.
    pub fn police_start(&self) -> usize {
        self.police
    }

    /// The thief's start cell.
    pub fn thief_start(&self) -> usize {
        self.thief
    }

    /// `(row, column)` of free cell `cell`, 0-based.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        let (r, c) = self.positions[cell];
        (r as usize, c as usize)
    }

    /// The free cell at `(row, column)` (0-based), if that cell is free.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        self.positions.binary_search(&(row as u32, col as u32)).ok()
    }

    pub fn is_exit(&self, cell: usize) -> bool {
        self.cells[cell].exit
    }

    /// The cells the policeman (all 8 directions) or the thief (orthogonal only) can step to from
    /// `cell`, skipping aside.
    pub fn neighbours(&self, cell: usize, turn: Turn) -> impl Iterator<Item = usize> + '_ {
        self.cells[cell].neighbours[..turn.slots()].iter().map(|&n| n as usize).filter(move |&n| n != cell)
    }

    /// How the position with the policeman on `police`, the thief on `thief` and `turn` to move
    /// stands: the end-of-game rules, written once.
    #[inline(always)]
    pub fn standing(&self, police: usize, thief: usize, turn: Turn) -> Standing {
        if police == thief {
            Standing::Caught
        } else if self.cells[thief].exit {
            Standing::Escaped
        } else {
            Standing::Open(match turn {
                Turn::Police => POLICE_MOVES,
                Turn::Thief => THIEF_MOVES,
            })
        }
    }
}

/// Neighbour lists while the board is read: orthogonal and diagonal kept apart.
#[derive(Default, Clone, Copy)]
struct Links {
    orthogonal: [u16; THIEF_SLOTS],
    orthogonal_count: u8,
    diagonal: [u16; POLICE_SLOTS - THIEF_SLOTS],
    diagonal_count: u8,
}

fn link(links: &mut [Links], a: usize, b: usize, orthogonal: bool) {
    for (from, to) in [(a, b), (b, a)] {
        let l = &mut links[from];
        if orthogonal {
            l.orthogonal[l.orthogonal_count as usize] = to as u16;
            l.orthogonal_count += 1;
        } else {
            l.diagonal[l.diagonal_count as usize] = to as u16;
            l.diagonal_count += 1;
        }
    }
}

/// Reads `n m` and the board, and checks that nothing follows it.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let size_at = input.peek_pos()?;
    let rows = input.u64_in("the number of rows n", 1, MAX_CELLS)?;
    let cols = input.u64_in("the number of columns m", 1, MAX_CELLS)?;
    board_cells(rows, cols, MAX_CELLS, size_at)?;
    let (rows, cols) = (rows as usize, cols as usize);
    let mut links: Vec<Links> = Vec::new();
    let mut exits: Vec<bool> = Vec::new();
    let mut positions: Vec<(u32, u32)> = Vec::new();
    let mut police: Option<(usize, Pos)> = None;
    let mut thief: Option<(usize, Pos)> = None;
    // The free cells of the previous row and of this one, as (column, cell): enough to link
    // every cell to its neighbours above and to its left, which links every pair once.
    let mut above: Vec<(u32, usize)> = Vec::new();
    let mut here: Vec<(u32, usize)> = Vec::new();
    for r in 0..rows {
        let (row, at) = input.token(format_args!("row {} of {rows}", r + 1))?;
        if row.len() != cols {
            return Err(Error::at(
                at,
                format!("row {} has {} characters, expected {cols}", r + 1, row.len()),
            ));
        }
        here.clear();
        // `above[first..]` are the free cells above at columns >= c - 1.
        let mut first = 0;
        for (c, &ch) in row.iter().enumerate() {
            let piece = match ch {
                b'*' => continue,
                b'.' | b'E' => None,
                b'P' => Some(&mut police),
                b'T' => Some(&mut thief),
                _ => {
                    return Err(Error::at(
                        at.plus_columns(c),
                        format!("unexpected {} on the board (expected one of . * P T E)", shown(&[ch])),
                    ));
                }
            };
            let cell = links.len();
            if cell == MAX_FREE_CELLS {
                return Err(Error::at(
                    at.plus_columns(c),
                    format!(
                        "the board has more than {MAX_FREE_CELLS} free cells (the most this program accepts)"
                    ),
                ));
            }
            if let Some(slot) = piece {
                if let Some((_, first_at)) = slot {
                    let who = if ch == b'P' { "policeman" } else { "thief" };
                    return Err(Error::at(
                        at.plus_columns(c),
                        format!("a second {} (the {who} already stands at {first_at})", shown(&[ch])),
                    ));
                }
                *slot = Some((cell, at.plus_columns(c)));
            }
            links.push(Links::default());
            exits.push(ch == b'E');
            positions.push((r as u32, c as u32));
            let c = c as u32;
            if let Some(&(left_col, left)) = here.last() {
                if left_col + 1 == c {
                    link(&mut links, cell, left, true);
                }
            }
            while first < above.len() && above[first].0 + 1 < c {
                first += 1;
            }
            for &(col, up) in above[first..].iter().take_while(|&&(col, _)| col <= c + 1) {
                link(&mut links, cell, up, col == c);
            }
            here.push((c, cell));
        }
        std::mem::swap(&mut above, &mut here);
    }
    let (police, _) = police.ok_or_else(|| Error::new("the board has no `P` (the policeman's start)"))?;
    let (thief, _) = thief.ok_or_else(|| Error::new("the board has no `T` (the thief's start)"))?;
    input.finish("the board")?;
    let cells = links
        .iter()
        .zip(&exits)
        .enumerate()
        .map(|(cell, (l, &exit))| {
            let mut neighbours = [cell as u16; POLICE_SLOTS];
            let (o, d) = (l.orthogonal_count as usize, l.diagonal_count as usize);
            neighbours[..o].copy_from_slice(&l.orthogonal[..o]);
            neighbours[THIEF_SLOTS..THIEF_SLOTS + d].copy_from_slice(&l.diagonal[..d]);
            Cell { neighbours, exit }
        })
        .collect();
    Ok(Board { rows, cols, cells, positions, police, thief })
}

/// The game on a board, as the solver sees it (see the module doc for the encoding).
pub struct PoliceThief<'a> {
    board: &'a Board,
    /// `k`, the number of free cells.
    free: u32,
    /// `k²`: the first thief-to-move state.
    half: u32,
    by_free: Divisor,
}

impl<'a> PoliceThief<'a> {
    /// The game on `board`. A board has at least two free cells (the two starts).
    pub fn new(board: &'a Board) -> PoliceThief<'a> {
        let free = board.free_cells() as u32;
        PoliceThief { board, free, half: free * free, by_free: Divisor::new(free) }
    }

    pub fn board(&self) -> &'a Board {
        self.board
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

    /// How `state` stands (see [`Board::standing`]).
    pub fn standing(&self, state: usize) -> Standing {
        let (p, t, turn) = self.decode(state);
        self.board.standing(p, t, turn)
    }

    /// The start of the game: both pieces on their cells, the policeman to move.
    pub fn start_state(&self) -> usize {
        self.state(self.board.police, self.board.thief, Turn::Police)
    }

    /// Calls `visit` with the state after each move from `state`, exactly the moves the solver
    /// counts for an open state: the skip, then one per neighbour slot, a padded slot giving the
    /// skip again ([`POLICE_MOVES`] or [`THIEF_MOVES`] calls in all). They are listed for a state
    /// where the game is over too, as [`Game::for_each_predecessor`] lists them, so that the two
    /// are exact reverses of each other; the search ignores them there.
    pub fn for_each_move<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let (p, t, turn) = self.decode(state);
        visit(self.state(p, t, turn.other()));
        let mover = if turn == Turn::Police { p } else { t };
        for &n in &self.board.cells[mover].neighbours[..turn.slots()] {
            visit(match turn {
                Turn::Police => self.state(usize::from(n), t, Turn::Thief),
                Turn::Thief => self.state(p, usize::from(n), Turn::Police),
            });
        }
    }
}

impl Game for PoliceThief<'_> {
    fn num_states(&self) -> usize {
        2 * self.half as usize
    }

    fn max_moves(&self) -> u32 {
        POLICE_MOVES.max(THIEF_MOVES)
    }

    /// In index order: no division, each row of states one thief (or policeman) cell.
    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        let (board, k) = (self.board, self.board.free_cells());
        // The policeman to move: state t·k + p.
        for t in 0..k {
            for p in 0..k {
                visit(board.standing(p, t, Turn::Police).start(Turn::Police));
            }
        }
        // The thief to move: state k² + p·k + t.
        for p in 0..k {
            for t in 0..k {
                visit(board.standing(p, t, Turn::Thief).start(Turn::Thief));
            }
        }
    }

    /// The module doc explains why these are the moves of the state with the turn flipped.
    #[inline(always)]
    fn for_each_predecessor<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let s = state as u32;
        let k = self.free;
        if s < self.half {
            // The thief has just moved onto t: thief-to-move states (p, t'), t' in N[t], one row.
            let (t, p) = self.by_free.div_rem(s);
            let row = self.half + p * k;
            let cell = &self.board.cells[t as usize];
            visit((row + t) as usize);
            // A padded slot is t itself: the skip again, as in the move count.
            for &n in &cell.neighbours[..THIEF_SLOTS] {
                visit((row + u32::from(n)) as usize);
            }
        } else {
            // The policeman has just moved onto p: policeman-to-move states (p', t), p' in N[p].
            let (p, t) = self.by_free.div_rem(s - self.half);
            let row = t * k;
            let cell = &self.board.cells[p as usize];
            visit((row + p) as usize);
            for &n in &cell.neighbours[..POLICE_SLOTS] {
                visit((row + u32::from(n)) as usize);
            }
        }
    }
}

/// How the game ends with optimal play from the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

    /// The verdict, from the outcome of the start for the policeman, who moves first.
    pub fn of_start(outcome: Outcome) -> Verdict {
        match outcome {
            Outcome::Win => Verdict::PoliceWins,
            Outcome::Lose => Verdict::ThiefEscapes,
            Outcome::Draw => Verdict::Draw,
        }
    }
}

/// Solves the game on the board and tells how it ends.
pub fn decide(problem: &Problem) -> Answer {
    let game = PoliceThief::new(problem);
    Verdict::of_start(solve(&game).outcome(game.start_state()))
}

/// Writes the judge's output: the verdict's line.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", answer.line())
}

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
        assert_eq!(b.standing(3, 3, Turn::Thief), Standing::Caught);
        assert_eq!(b.standing(1, 1, Turn::Police), Standing::Caught);
        assert_eq!(b.standing(0, 1, Turn::Police), Standing::Escaped);
        assert_eq!(b.standing(0, 3, Turn::Police), Standing::Open(POLICE_MOVES));
        assert_eq!(b.standing(0, 3, Turn::Thief), Standing::Open(THIEF_MOVES));
        assert_eq!(Standing::Caught.start(Turn::Police), Start::Win);
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
        assert_eq!((b.police_start(), b.thief_start()), (0, 2));
        assert!(b.is_exit(3) && !b.is_exit(2));
        assert_eq!((b.cell_at(2, 0), b.cell_at(2, 1)), (Some(4), None));
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
            if let Standing::Open(count) = b.standing(p, t, turn) {
                assert_eq!(moves, count, "the moves listed are the moves the solver counts");
            }
            game.for_each_predecessor(s, |p| backward[p * n + s] += 1);
            assert_eq!(game.state(p, t, turn), s);
        }
        assert_eq!(forward, backward);
        assert_eq!(game.max_moves(), POLICE_MOVES);
    }

    #[test]
    fn samples() {
        let v = |text: &str| decide(&board(text).unwrap());
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
