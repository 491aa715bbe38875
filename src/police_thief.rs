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
//! `../shared/problems/police_thief.md`.
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
//! Decided states: both on one cell (a win for the policeman: `Win` when he is to move, `Lose`
//! when the thief is), and the thief on an exit with the policeman elsewhere (a win for the thief).
//! Every other state has the mover's `|N[c]|` moves, moves into decided states included, padded
//! with repeated skips to a fixed 9 (policeman) or 5 (thief). Repeating a move changes nothing:
//! a state wins iff some move reaches a losing state and loses iff every move reaches a winning
//! one, and its depth is a minimum or maximum over the states its moves reach, so the outcome and
//! depth of every state are those of the real game. What it buys: every state's predecessor loop
//! has the same length and no test, and no cell's move count is looked up.
//!
//! # Cost and memory
//! O(k²) time (at most 9 moves per state). The game stores 20 bytes per free cell; the search
//! (see [`crate::solver`]) a byte per state plus its queue of decided states not yet walked:
//! `2k²` bytes and a little more, about 205 MB for an open 100x100 board (`k = 10^4`). The board is read row by row and never stored whole: a row is checked and turned
//! into cells at once, so only the free cells are kept. Limits: [`MAX_CELLS`] cells, [`MAX_FREE_CELLS`]
//! free cells (checked while reading, before the search reserves anything).
//!
//! # `--explain`
//! The verdict, how long the game lasts under optimal play, and the optimal line drawn board by
//! board (see [`explain`]). It needs the depth of every state (4 more bytes per state), so it is
//! limited to [`EXPLAIN_MAX_FREE_CELLS`] free cells, and, since it draws the board once per move, to
//! [`EXPLAIN_MAX_CELLS`] cells.

use crate::input::{Error, Scanner};
use crate::solver::{solve, solve_with_depth, Game, Outcome, Solution, Start, DRAW_DEPTH};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Read;

/// The most cells (walls included) a board may have: `n·m <= 10^8`.
pub const MAX_CELLS: u64 = 100_000_000;
/// The most free cells a board may have: `2·20000² = 8·10^8` states, 0.8 GB for the search (and
/// its queue, 4 bytes per state at the very worst).
pub const MAX_FREE_CELLS: usize = 20_000;
/// The most free cells `--explain` accepts: `1.28·10^8` states, 5 bytes each (outcome and depth)
/// plus the queue, under 1.2 GB.
pub const EXPLAIN_MAX_FREE_CELLS: usize = 8_000;
/// The most cells `--explain` accepts (it draws the board after every move).
pub const EXPLAIN_MAX_CELLS: usize = 40_000;
/// `--explain` draws at most this many moves of the optimal line.
pub const EXPLAIN_MAX_MOVES: usize = 100;

/// A free cell: its neighbours, and whether it is an exit. Cell numbers fit in `u16` because of
/// [`MAX_FREE_CELLS`].
#[derive(Debug, Clone, Copy)]
struct Cell {
    /// The orthogonal neighbours in slots 0..4, the diagonal ones in 4..8, each group padded with
    /// the cell itself: a padded slot is one more way to skip (see the module doc).
    neighbours: [u16; 8],
    exit: bool,
}

/// Moves of an open state whose policeman is to move (8 slots and the skip), and of one whose
/// thief is to move (4 slots and the skip).
const POLICE_MOVES: u32 = 9;
const THIEF_MOVES: u32 = 5;

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
        let slots = if turn == Turn::Police { 8 } else { 4 };
        self.cells[cell].neighbours[..slots].iter().map(|&n| n as usize).filter(move |&n| n != cell)
    }
}

/// Neighbour lists while the board is read: orthogonal and diagonal kept apart.
#[derive(Default, Clone, Copy)]
struct Links {
    orthogonal: [u16; 4],
    orthogonal_count: u8,
    diagonal: [u16; 4],
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
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Board, Error> {
    let size_at = input.peek_pos()?;
    let rows = input.u64_in("the number of rows n", 1, MAX_CELLS)?;
    let cols = input.u64_in("the number of columns m", 1, MAX_CELLS)?;
    if rows * cols > MAX_CELLS {
        return Err(Error::at(
            size_at,
            format!("the board has {rows}x{cols} = {} cells, more than {MAX_CELLS}", rows * cols),
        ));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let mut links: Vec<Links> = Vec::new();
    let mut exits: Vec<bool> = Vec::new();
    let mut positions: Vec<(u32, u32)> = Vec::new();
    let mut police: Option<(usize, crate::input::Pos)> = None;
    let mut thief: Option<(usize, crate::input::Pos)> = None;
    // The free cells of the previous row and of this one, as (column, cell): enough to link
    // every cell to its neighbours above and to its left, which links every pair once.
    let mut above: Vec<(u32, usize)> = Vec::new();
    let mut here: Vec<(u32, usize)> = Vec::new();
    for r in 0..rows {
        let (row, at) = input.token_at_most(format_args!("row {} of {rows}", r + 1), cols)?;
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
            let pos = crate::input::Pos { line: at.line, column: at.column + c };
            let piece = match ch {
                b'*' => continue,
                b'.' | b'E' => None,
                b'P' => Some(&mut police),
                b'T' => Some(&mut thief),
                _ => {
                    let shown = if ch.is_ascii_graphic() {
                        format!("`{}`", ch as char)
                    } else {
                        format!("byte {ch}")
                    };
                    return Err(Error::at(
                        pos,
                        format!("unexpected {shown} on the board (expected one of . * P T E)"),
                    ));
                }
            };
            let cell = links.len();
            if cell == MAX_FREE_CELLS {
                return Err(Error::at(
                    pos,
                    format!(
                        "the board has more than {MAX_FREE_CELLS} free cells (the most this program accepts)"
                    ),
                ));
            }
            if let Some(slot) = piece {
                if let Some((_, first_at)) = slot {
                    let who = if ch == b'P' { "policeman" } else { "thief" };
                    return Err(Error::at(
                        pos,
                        format!("a second `{}` (the {who} already stands at {first_at})", ch as char),
                    ));
                }
                *slot = Some((cell, pos));
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
            let mut neighbours = [cell as u16; 8];
            let (o, d) = (l.orthogonal_count as usize, l.diagonal_count as usize);
            neighbours[..o].copy_from_slice(&l.orthogonal[..o]);
            neighbours[4..4 + d].copy_from_slice(&l.diagonal[..d]);
            Cell { neighbours, exit }
        })
        .collect();
    Ok(Board { rows, cols, cells, positions, police, thief })
}

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
}

/// Division by a fixed `u32` with a multiply and a shift (Lemire, Kaser and Kurz, "Faster
/// remainder by direct computation", 2019: exact for every `u32` dividend when the divisor is at
/// least 2). The search decodes a state index on every step; a hardware division there costs
/// more than the rest of the step.
#[derive(Debug, Clone, Copy)]
struct Divisor {
    divisor: u32,
    magic: u64,
}

impl Divisor {
    fn new(divisor: u32) -> Divisor {
        assert!(divisor >= 2);
        Divisor { divisor, magic: u64::MAX / u64::from(divisor) + 1 }
    }

    /// `(x / divisor, x % divisor)`.
    #[inline(always)]
    fn div_rem(self, x: u32) -> (u32, u32) {
        let q = ((u128::from(self.magic) * u128::from(x)) >> 64) as u32;
        (q, x - q * self.divisor)
    }
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

    /// How `state` stands before the search (see the module doc).
    #[inline(always)]
    pub fn start(&self, state: usize) -> Start {
        let s = state as u32;
        let cells = &self.board.cells;
        if s < self.half {
            let (t, p) = self.by_free.div_rem(s);
            if p == t {
                Start::Win
            } else if cells[t as usize].exit {
                Start::Lose
            } else {
                Start::Moves(POLICE_MOVES)
            }
        } else {
            let (p, t) = self.by_free.div_rem(s - self.half);
            if p == t {
                Start::Lose
            } else if cells[t as usize].exit {
                Start::Win
            } else {
                Start::Moves(THIEF_MOVES)
            }
        }
    }

    /// The start of the game: both pieces on their cells, the policeman to move.
    pub fn start_state(&self) -> usize {
        self.state(self.board.police, self.board.thief, Turn::Police)
    }

    /// Calls `visit` with the state after each move from `state` (the skip first), whether or not
    /// the game is already over there.
    pub fn for_each_move<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let (p, t, turn) = self.decode(state);
        visit(self.state(p, t, turn.other()));
        match turn {
            Turn::Police => self.board.neighbours(p, turn).for_each(|n| visit(self.state(n, t, Turn::Thief))),
            Turn::Thief => self.board.neighbours(t, turn).for_each(|n| visit(self.state(p, n, Turn::Police))),
        }
    }
}

impl Game for PoliceThief<'_> {
    fn num_states(&self) -> usize {
        2 * self.half as usize
    }

    fn max_moves(&self) -> u32 {
        9
    }

    /// In index order: no division, and each row of states looks at one cell.
    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        let cells = &self.board.cells;
        // The policeman to move: state t·k + p.
        for (t, thief) in cells.iter().enumerate() {
            for p in 0..cells.len() {
                visit(if p == t {
                    Start::Win
                } else if thief.exit {
                    Start::Lose
                } else {
                    Start::Moves(POLICE_MOVES)
                });
            }
        }
        // The thief to move: state k² + p·k + t.
        for p in 0..cells.len() {
            for (t, thief) in cells.iter().enumerate() {
                visit(if p == t {
                    Start::Lose
                } else if thief.exit {
                    Start::Win
                } else {
                    Start::Moves(THIEF_MOVES)
                });
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
            for &n in &cell.neighbours[..4] {
                visit((row + u32::from(n)) as usize);
            }
        } else {
            // The policeman has just moved onto p: policeman-to-move states (p', t), p' in N[p].
            let (p, t) = self.by_free.div_rem(s - self.half);
            let row = t * k;
            let cell = &self.board.cells[p as usize];
            visit((row + p) as usize);
            for &n in &cell.neighbours {
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

impl Verdict {
    /// The judge's output line (without the newline).
    pub fn line(self) -> &'static str {
        match self {
            Verdict::PoliceWins => "Police catches the thief",
            Verdict::ThiefEscapes => "The thief escapes",
            Verdict::Draw => "Draw",
        }
    }

    fn of_start(outcome: Outcome) -> Verdict {
        // The policeman is to move at the start.
        match outcome {
            Outcome::Win => Verdict::PoliceWins,
            Outcome::Lose => Verdict::ThiefEscapes,
            Outcome::Draw => Verdict::Draw,
        }
    }
}

/// Solves the game on `board` and tells how it ends.
pub fn verdict(board: &Board) -> Verdict {
    let game = PoliceThief::new(board);
    Verdict::of_start(solve(&game).outcome(game.start_state()))
}

/// Fails if `board` is too large for [`explain`].
pub fn check_explainable(board: &Board) -> Result<(), Error> {
    if board.free_cells() > EXPLAIN_MAX_FREE_CELLS || board.rows * board.cols > EXPLAIN_MAX_CELLS {
        return Err(Error::new(format!(
            "--explain works on boards of at most {EXPLAIN_MAX_FREE_CELLS} free cells and {EXPLAIN_MAX_CELLS} cells; \
             this one has {} free cells and {} cells (without --explain it is fine)",
            board.free_cells(),
            board.rows * board.cols
        )));
    }
    Ok(())
}

/// An optimal line of play from the start.
#[derive(Debug, Clone)]
pub struct Line {
    /// The states, the start first; at most `EXPLAIN_MAX_MOVES + 1` of them.
    pub states: Vec<usize>,
    /// How many moves the game lasts under optimal play (`None` for a draw).
    pub length: Option<u32>,
    /// For a draw: the index in `states` of the earlier visit of the last state, when the line
    /// came back to a state it had already passed (from there it repeats forever).
    pub repeats_from: Option<usize>,
}

/// Chebyshev distance between two cells: how many king steps apart they are on an open board.
fn king_distance(board: &Board, a: usize, b: usize) -> usize {
    let ((ra, ca), (rb, cb)) = (board.position(a), board.position(b));
    ra.abs_diff(rb).max(ca.abs_diff(cb))
}

/// The optimal line from the start, at most [`EXPLAIN_MAX_MOVES`] moves. The winner moves to a
/// losing state of the smallest depth, the loser to a winning state of the largest depth. In a draw
/// both move to drawn states: the policeman as close to the thief as he can, the thief as far away
/// (king distance); the line stops once it comes back to a state it has passed. Ties go to the
/// skip, then to the first destination in reading order.
pub fn optimal_line(game: &PoliceThief, solution: &Solution, depths: &[u32]) -> Line {
    let start = game.start_state();
    let length = (depths[start] != DRAW_DEPTH).then_some(depths[start]);
    let mut states = vec![start];
    // For a draw: where each state of the line first appeared, to notice the cycle.
    let mut seen: HashMap<usize, usize> = HashMap::from([(start, 0)]);
    let mut repeats_from = None;
    let mut state = start;
    while states.len() <= EXPLAIN_MAX_MOVES && !matches!(game.start(state), Start::Win | Start::Lose) {
        state = best_move(game, solution, depths, state);
        states.push(state);
        if length.is_none() {
            if let Some(&earlier) = seen.get(&state) {
                repeats_from = Some(earlier);
                break;
            }
            seen.insert(state, states.len() - 1);
        }
    }
    Line { states, length, repeats_from }
}

/// The move the line takes from the open state `state` (see [`optimal_line`]).
fn best_move(game: &PoliceThief, solution: &Solution, depths: &[u32], state: usize) -> usize {
    let board = game.board;
    let mut moves = Vec::with_capacity(9);
    game.for_each_move(state, |next| moves.push(next));
    // Skip first, then the destinations in reading order (cells are numbered in reading order).
    let (_, _, turn) = game.decode(state);
    let mover = |s: usize| {
        let (p, t, _) = game.decode(s);
        if turn == Turn::Police {
            p
        } else {
            t
        }
    };
    moves[1..].sort_by_key(|&s| mover(s));
    // A key to minimise for each successor, by the outcome of `state`.
    let key = |next: usize| -> Option<i64> {
        let (p, t, _) = game.decode(next);
        match (solution.outcome(state), solution.outcome(next)) {
            (Outcome::Win, Outcome::Lose) => Some(i64::from(depths[next])),
            (Outcome::Lose, _) => Some(-i64::from(depths[next])),
            (Outcome::Draw, Outcome::Draw) => {
                let d = king_distance(board, p, t) as i64;
                Some(if turn == Turn::Police { d } else { -d })
            }
            _ => None,
        }
    };
    let mut best: Option<(i64, usize)> = None;
    for &next in &moves {
        if let Some(k) = key(next) {
            if best.map_or(true, |(b, _)| k < b) {
                best = Some((k, next));
            }
        }
    }
    best.expect("an open state has a move that keeps its outcome").1
}

/// Whether a piece stepping like `mover` can walk from `from` to a cell where `goal` holds,
/// ignoring the other piece.
fn reaches(board: &Board, from: usize, mover: Turn, goal: impl Fn(usize) -> bool) -> bool {
    let mut seen = vec![false; board.free_cells()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(c) = stack.pop() {
        if goal(c) {
            return true;
        }
        for n in board.neighbours(c, mover) {
            if !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    false
}

/// Draws the board with the pieces: `P`, `T`, `X` where both stand, `E` exits, `*` walls.
fn draw(board: &Board, police: usize, thief: usize, out: &mut String) {
    let mut grid = vec![b'*'; board.rows * board.cols];
    for cell in 0..board.free_cells() {
        let (r, c) = board.position(cell);
        grid[r * board.cols + c] = if board.is_exit(cell) { b'E' } else { b'.' };
    }
    let at = |cell: usize| {
        let (r, c) = board.position(cell);
        r * board.cols + c
    };
    grid[at(thief)] = b'T';
    grid[at(police)] = if police == thief { b'X' } else { b'P' };
    for row in grid.chunks(board.cols) {
        out.push_str(std::str::from_utf8(row).expect("the board is ASCII"));
        out.push('\n');
    }
}

/// The `--explain` text: the verdict line, how long the game lasts and why, then the optimal line
/// drawn board by board. Call [`check_explainable`] first.
pub fn explain(board: &Board) -> String {
    let game = PoliceThief::new(board);
    let (solution, depths) = solve_with_depth(&game);
    let line = optimal_line(&game, &solution, &depths);
    let verdict = Verdict::of_start(solution.outcome(game.start_state()));
    let mut out = String::new();
    let _ = writeln!(out, "{}", verdict.line());
    let _ = match (verdict, line.length) {
        (Verdict::PoliceWins, Some(n)) => writeln!(
            out,
            "The policeman catches the thief after {n} move{} (each turn is a move, skips included): \
             the policeman hurries, the thief holds out as long as he can.",
            plural(n as usize)
        ),
        (Verdict::ThiefEscapes, Some(n)) => writeln!(
            out,
            "The thief escapes after {n} move{} (each turn is a move, skips included): \
             the thief hurries, the policeman holds him off as long as he can.",
            plural(n as usize)
        ),
        _ => {
            let thief_can_reach_exit = reaches(board, board.thief, Turn::Thief, |c| board.is_exit(c));
            let police_can_reach_thief = reaches(board, board.police, Turn::Police, |c| c == board.thief);
            let why = match (thief_can_reach_exit, police_can_reach_thief) {
                (false, false) => "the thief can reach no exit, and the policeman cannot reach the thief",
                (false, true) => "the thief can reach no exit, and he keeps out of the policeman's reach",
                (true, _) => {
                    "the policeman keeps the thief from every exit, and the thief keeps out of his reach"
                }
            };
            writeln!(out, "Nobody can force an end, so the game goes on forever: {why}.")
        }
    };
    out.push_str("\nStart, the policeman to move:\n");
    draw(board, board.police, board.thief, &mut out);
    for (i, pair) in line.states.windows(2).enumerate() {
        let (p0, t0, turn) = game.decode(pair[0]);
        let (p, t, _) = game.decode(pair[1]);
        let (who, from, to) = match turn {
            Turn::Police => ("the policeman", p0, p),
            Turn::Thief => ("the thief", t0, t),
        };
        let _ = write!(out, "\nMove {}: {who} ", i + 1);
        if from == to {
            out.push_str("skips");
        } else {
            let (r, c) = board.position(to);
            let _ = write!(out, "moves to ({}, {})", r + 1, c + 1);
        }
        if p == t {
            out.push_str(if turn == Turn::Police { " and catches the thief" } else { " and is caught" });
        } else if board.is_exit(t) {
            // Only the thief's own move can end the game on an exit.
            out.push_str(", an exit, and escapes");
        }
        out.push_str(":\n");
        draw(board, p, t, &mut out);
    }
    let moves = line.states.len() - 1;
    match (line.length, line.repeats_from) {
        (Some(n), _) if n as usize > moves => {
            let _ = writeln!(
                out,
                "\n(Cut after {moves} moves; the game goes on for {} more.)",
                n as usize - moves
            );
        }
        (None, Some(earlier)) => {
            let again = if earlier == 0 {
                "the starting one".to_string()
            } else {
                format!("the one after move {earlier}")
            };
            let _ = writeln!(
                out,
                "\nThe position after move {moves} is {again} again: the same {} move{} repeat forever.",
                moves - earlier,
                plural(moves - earlier)
            );
        }
        (None, None) => {
            let _ = writeln!(out, "\n(Cut after {moves} moves; the game goes on forever.)");
        }
        _ => {}
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Result<Board, Error> {
        read(&mut Scanner::new(text.as_bytes()))
    }

    #[test]
    fn starts_in_order_match_start() {
        for text in ["3 3\nP.*\n.*.\nT.E\n", "2 4\nPE.*\n.TE.\n", "1 5\nP*T.E\n"] {
            let board = board(text).unwrap();
            let game = PoliceThief::new(&board);
            let mut in_order = Vec::new();
            game.for_each_start(|start| in_order.push(start));
            let one_by_one: Vec<Start> = (0..game.num_states()).map(|s| game.start(s)).collect();
            assert_eq!(in_order, one_by_one, "{text}");
        }
    }

    #[test]
    fn divisor_matches_hardware_division() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = (x >> 40) as u32 % 65_536 + 2;
            let n = x as u32;
            assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d), "{n} / {d}");
        }
        for d in [2, 3, 7, 20_000, 65_537, u32::MAX] {
            for n in [0, 1, d - 1, d, u32::MAX - 1, u32::MAX] {
                assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d));
            }
        }
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
        let open = |s: usize| matches!(game.start(s), Start::Moves(_));
        for s in 0..n {
            if let Start::Moves(k) = game.start(s) {
                let mut moves = 0;
                game.for_each_move(s, |t| {
                    forward[s * n + t] += 1;
                    moves += 1;
                });
                // The game pads the real moves with repeated skips up to its fixed count.
                assert!(moves <= k);
                let (p, t, turn) = game.decode(s);
                forward[s * n + game.state(p, t, turn.other())] += k - moves;
            }
            // Predecessors may include decided states (padding), which the search ignores.
            game.for_each_predecessor(s, |p| backward[p * n + s] += u32::from(open(p)));
            let (p, t, turn) = game.decode(s);
            assert_eq!(game.state(p, t, turn), s);
        }
        assert_eq!(forward, backward);
    }

    #[test]
    fn samples() {
        let v = |text: &str| verdict(&board(text).unwrap());
        assert_eq!(v("3 3\nP.*\n.*.\nT.E\n"), Verdict::PoliceWins);
        assert_eq!(v("1 5\nP*T*E\n"), Verdict::Draw);
        assert_eq!(v("1 5\nP*T.E\n"), Verdict::ThiefEscapes);
        assert_eq!(v("3 5\nP....\n.....\n..T.E\n"), Verdict::ThiefEscapes);
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
        assert_eq!(err("2 2\nPT\n.\n"), "line 3, column 1: row 2 has 1 characters, expected 2");
        assert_eq!(err("1 2\nP.\n"), "the board has no `T` (the thief's start)");
        assert_eq!(err("1 2\nPT\n..\n"), "line 3, column 1: unexpected `..` after the board");
        assert_eq!(
            err("20000 20000\n"),
            "line 1, column 1: the board has 20000x20000 = 400000000 cells, more than 100000000"
        );
        let wide = format!("1 20001\nPT{}\n", ".".repeat(19_999));
        assert_eq!(
            err(&wide),
            "line 2, column 20001: the board has more than 20000 free cells (the most this program accepts)"
        );
        let b = board(&format!(
            "1 {}\nPT{}\n",
            EXPLAIN_MAX_FREE_CELLS + 1,
            ".".repeat(EXPLAIN_MAX_FREE_CELLS - 1)
        ));
        assert!(check_explainable(&b.unwrap()).unwrap_err().message().contains("at most 8000 free cells"));
    }

    #[test]
    fn explain_a_capture() {
        let text = explain(&board("1 3\nP.T\n").unwrap());
        assert!(
            text.starts_with("Police catches the thief\nThe policeman catches the thief after 3 moves"),
            "{text}"
        );
        assert!(
            text.contains("Move 3: the policeman moves to (1, 3) and catches the thief:\n..X\n"),
            "{text}"
        );
    }
}
