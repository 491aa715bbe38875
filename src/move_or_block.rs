//! BOJ 31567 "Move or Block!": who wins, in one pass over the board, and the exhaustive game
//! that proves it.
//!
//! # The game
//! A row of `N` cells, each empty (`.`) or a wall (`X`); a piece (`O`) stands on an empty cell.
//! Players alternate, Mingyu first. A player whose piece has a wall or a board end on both sides at
//! the start of his turn loses; otherwise he either steps the piece to an adjacent empty cell or
//! builds a wall on any empty cell other than the piece's. An endless game is a draw.
//!
//! # The three counts
//! The piece never leaves its *segment* (the maximal run of non-wall cells around it), and a wall
//! built outside the segment changes nothing but how many such cells are left. So a position is
//! fully described by `l` and `r`, the free cells of the segment left and right of the piece, and
//! `c`, the free cells elsewhere. (`tests/move_or_block.rs` checks this too: every board of up to 14
//! cells with the same three counts has the same outcome.) Building inside the segment at distance
//! `j + 1` from the piece leaves `j` cells on that side and moves the rest of that side into `c`.
//!
//! # The rules (for the player to move)
//! 1. **Walled in** (`l = r = 0`): he loses, by the rules.
//! 2. **One side walled** (exactly one of `l`, `r` is 0): he wins by walling the cell next to the
//!    piece on the open side; the opponent starts his turn walled in.
//! 3. **One each side** (`l = r = 1`): he wins iff `c` is odd. Note first that whoever leaves a
//!    position with `l` or `r` equal to 0 loses at once, by rule 2. Here stepping puts the piece at
//!    a segment end and walling a neighbour walls one side, so the only move that does not lose at
//!    once is building elsewhere, which gives `(1, 1, c - 1)`. The players burn the `c` cells in
//!    turn, and whoever faces `(1, 1, 0)` has only losing moves: by induction on `c`, even loses and
//!    odd wins.
//! 4. **One and more** (`min(l, r) = 1`, `m = max(l, r) >= 2`): he wins iff `m + c` is even, and
//!    it is a draw otherwise. With `m + c` even he walls the cell two beyond the piece on the long
//!    side: `(1, 1, c + m - 2)` with an even spare count, which loses by rule 3. With `m + c` odd,
//!    every move but one loses: stepping towards the short side or walling a neighbour leaves a
//!    zero (rule 2); walling the long side at distance 2 leaves `(1, 1, c + m - 2)` with an odd
//!    spare count (rule 3 wins for the opponent); walling it farther leaves `(1, j, c + m - 1 - j)`
//!    with `j >= 2` and an even sum (rule 4 wins for the opponent); building elsewhere leaves
//!    `m + c - 1` even (rule 4 again). The one other move, stepping towards the long side, gives
//!    `(2, m - 1, c)`: rule 5 when `m >= 3`, and when `m = 2` (so `c` is odd) it is `(2, 1, c)`,
//!    again this rule with an odd sum. Both are draws, below.
//! 5. **Two or more each side** (`l, r >= 2`): a draw. The losing positions (rules 1 and 3) have
//!    `l, r <= 1`, and one move lowers at most one of `l`, `r` (a step raises the other, a wall
//!    touches one side), so no move from here reaches them: the player to move cannot win. The draw
//!    set D (rule 5 and the draws of rule 4) has no move into a losing position (for rule 4 see
//!    above) and every position of D has a move into D: from rule 5, step towards a side with at
//!    least 3 cells (both stay at least 2), or from `(2, 2, c)` build elsewhere when `c` is odd
//!    (giving `(2, 2, c - 1)`) or step when `c` is even (giving `(1, 3, c)`, odd sum); from rule 4,
//!    the step described there. So either player can keep the game in D forever, and a player who
//!    always does so never loses: the opponent can only answer within D or into a position that
//!    wins for him.
//!
//! Mingyu wins iff the start wins for the player to move. The rules were read off the exhaustive
//! tables and are checked against the solver on every board of 1 to 14 cells.
//!
//! # The closed form: [`Scan`]
//! One pass counts the empty cells, checks every byte, finds the piece and the nearest walls on
//! either side of it, 64 cells at a time: the counting vectorizes, and only blocks that hold the
//! piece or a bad byte are looked at cell by cell. The board is fed in pieces as it is read
//! ([`crate::input::Scanner::token_in_pieces`]), so it is never held: O(N) time, O(1) memory beyond
//! the scanner's 256 KiB buffer. `l` and `r` are the distances from the piece to the nearest walls
//! (or board ends), `c` the other empty cells. The first and last empty cells are kept too: under
//! rule 3 one of them is the winning move (`--explain`).
//!
//! # The exhaustive game: [`Exhaustive`]
//! Walls that stand at the start never go away and the piece never stands on them, so the game
//! lives on the `k` cells that are free at the start, numbered left to right; `joined` says which
//! consecutive free cells are neighbours on the board. A state is `walls * k + piece`: `walls` a
//! bit mask of the free cells walled since, `piece` the piece's index (states with the piece on a
//! wall are unused: they start as `Lose` and no move reaches them). Moves are generated on the fly:
//! a state's predecessors are the states with one of its walls (not under the piece) removed, and
//! those with the piece on an empty neighbour of its cell. `k * 2^k` states, at most `k + 1` moves
//! each, about a byte per state in the solver (plus its queue): [`MAX_BRUTE_CELLS`] = 20 cells
//! takes under 100 MB.

use crate::input::{Error, Pos, Scanner};
use crate::solver::{solve, Game, Outcome, Start};
use std::io::{self, Read, Write};

/// The exhaustive solver refuses boards longer than this.
pub const MAX_BRUTE_CELLS: usize = 20;

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

/// Which rule of the module doc decides a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    WalledIn,
    OneSideWalled,
    OneEachSide,
    OneAndMore,
    TwoOrMoreEachSide,
}

impl Rule {
    pub fn of(counts: Counts) -> Rule {
        let Counts { left, right, .. } = counts;
        match (left.min(right), left.max(right)) {
            (0, 0) => Rule::WalledIn,
            (0, _) => Rule::OneSideWalled,
            (1, 1) => Rule::OneEachSide,
            (1, _) => Rule::OneAndMore,
            _ => Rule::TwoOrMoreEachSide,
        }
    }

    /// The rule's number in the module doc and a one-line statement of it.
    pub fn statement(self) -> &'static str {
        match self {
            Rule::WalledIn => "rule 1 (walled in, l = r = 0): the player to move loses",
            Rule::OneSideWalled => {
                "rule 2 (one side walled): the player to move walls the open side next to the piece and wins"
            }
            Rule::OneEachSide => {
                "rule 3 (l = r = 1): only building elsewhere does not lose at once; the player to move wins iff c is odd"
            }
            Rule::OneAndMore => {
                "rule 4 (one side 1, the other m >= 2): the player to move wins iff m + c is even, else draw"
            }
            Rule::TwoOrMoreEachSide => "rule 5 (l, r >= 2): nobody can force a win: draw",
        }
    }
}

/// The outcome for the player to move, by the rules of the module doc.
pub fn outcome(counts: Counts) -> Outcome {
    let Counts { left, right, elsewhere } = counts;
    let win_if = |even: bool| if even { Outcome::Win } else { Outcome::Lose };
    match Rule::of(counts) {
        Rule::WalledIn => Outcome::Lose,
        Rule::OneSideWalled => Outcome::Win,
        Rule::OneEachSide => win_if(elsewhere % 2 == 1),
        Rule::OneAndMore if (left.max(right) + elsewhere) % 2 == 0 => Outcome::Win,
        Rule::OneAndMore | Rule::TwoOrMoreEachSide => Outcome::Draw,
    }
}

/// What one pass over a valid board finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The piece's cell (0-based).
    pub piece: usize,
    pub counts: Counts,
    /// The first and the last empty cell of the board (0-based), if any: when `c > 0`, one of
    /// them is outside the piece's segment.
    pub first_empty: Option<usize>,
    pub last_empty: Option<usize>,
}

/// Why a board is not valid; indices are 0-based cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flaw {
    /// A byte other than `.`, `X`, `O`.
    BadCell(usize),
    /// A second `O`.
    SecondPiece {
        first: usize,
        second: usize,
    },
    NoPiece,
}

const BLOCK: usize = 64;

/// The one pass over a board, fed in pieces of any length (the board need not be held whole).
#[derive(Debug, Clone, Default)]
pub struct Scan {
    /// Cells seen so far.
    cells: usize,
    empty: u64,
    piece: Option<usize>,
    /// The last wall seen before the piece, and the first after it.
    wall_before: Option<usize>,
    wall_after: Option<usize>,
    first_empty: Option<usize>,
    last_empty: Option<usize>,
    /// The first flaw; after it the cells are only counted.
    flaw: Option<Flaw>,
}

impl Scan {
    pub fn new() -> Scan {
        Scan::default()
    }

    /// Takes the next cells of the board.
    pub fn feed(&mut self, cells: &[u8]) {
        if self.flaw.is_some() {
            self.cells += cells.len();
            return;
        }
        let mut blocks = cells.chunks_exact(BLOCK);
        for block in blocks.by_ref() {
            // Byte counts of a 64-cell block fit in a u8; written as plain sums so they vectorize.
            let dots: u8 = block.iter().map(|&b| u8::from(b == b'.')).sum();
            let walls: u8 = block.iter().map(|&b| u8::from(b == b'X')).sum();
            if usize::from(dots + walls) != BLOCK {
                // The piece or a bad byte is here: cell by cell.
                self.feed_cells(block);
                continue;
            }
            let start = self.cells;
            if walls > 0 {
                if self.piece.is_none() {
                    self.wall_before = block.iter().rposition(|&b| b == b'X').map(|i| start + i);
                } else if self.wall_after.is_none() {
                    self.wall_after = block.iter().position(|&b| b == b'X').map(|i| start + i);
                }
            }
            if dots > 0 {
                if self.first_empty.is_none() {
                    self.first_empty = block.iter().position(|&b| b == b'.').map(|i| start + i);
                }
                self.last_empty = block.iter().rposition(|&b| b == b'.').map(|i| start + i);
            }
            self.empty += u64::from(dots);
            self.cells += BLOCK;
        }
        self.feed_cells(blocks.remainder());
    }

    /// The slow path of [`Scan::feed`]: one cell at a time.
    fn feed_cells(&mut self, cells: &[u8]) {
        for &b in cells {
            let i = self.cells;
            self.cells += 1;
            if self.flaw.is_some() {
                continue;
            }
            match b {
                b'.' => {
                    self.empty += 1;
                    self.first_empty = self.first_empty.or(Some(i));
                    self.last_empty = Some(i);
                }
                b'X' if self.piece.is_none() => self.wall_before = Some(i),
                b'X' => self.wall_after = self.wall_after.or(Some(i)),
                b'O' => match self.piece {
                    Some(first) => self.flaw = Some(Flaw::SecondPiece { first, second: i }),
                    None => self.piece = Some(i),
                },
                _ => self.flaw = Some(Flaw::BadCell(i)),
            }
        }
    }

    /// The piece and the counts, or the first flaw.
    pub fn finish(&self) -> Result<Position, Flaw> {
        if let Some(flaw) = self.flaw {
            return Err(flaw);
        }
        let piece = self.piece.ok_or(Flaw::NoPiece)?;
        // Every cell between the piece and the nearest walls is `.`: the board has one `O`.
        let left = (piece - self.wall_before.map_or(0, |w| w + 1)) as u64;
        let right = (self.wall_after.unwrap_or(self.cells) - piece - 1) as u64;
        let counts = Counts { left, right, elsewhere: self.empty - left - right };
        Ok(Position { piece, counts, first_empty: self.first_empty, last_empty: self.last_empty })
    }
}

/// Checks a whole board and finds the piece and the three counts (see [`Scan`]).
pub fn scan(board: &[u8]) -> Result<Position, Flaw> {
    let mut scan = Scan::new();
    scan.feed(board);
    scan.finish()
}

/// The cell (0-based) on which the player to move builds to win, if the position wins.
pub fn winning_move(position: Position) -> Option<usize> {
    let Position { piece, counts, first_empty, last_empty } = position;
    if outcome(counts) != Outcome::Win {
        return None;
    }
    let Counts { left, right, .. } = counts;
    Some(match Rule::of(counts) {
        Rule::OneSideWalled if left == 0 => piece + 1,
        Rule::OneSideWalled => piece - 1,
        // Rule 3, c odd: any free cell outside the segment `piece - 1..=piece + 1`.
        Rule::OneEachSide => {
            [first_empty, last_empty].into_iter().flatten().find(|&i| i + 1 < piece || i > piece + 1)?
        }
        // Rule 4: two beyond the piece on the long side.
        _ if right > left => piece + 2,
        _ => piece - 2,
    })
}

/// The game on the cells free at the start (see the module doc): states `walls * cells + piece`.
#[derive(Debug, Clone)]
pub struct Exhaustive {
    /// How many cells are free at the start (at most [`MAX_BRUTE_CELLS`]).
    cells: usize,
    /// Bit `i`: free cells `i` and `i + 1` are neighbours on the board.
    joined: u32,
}

impl Exhaustive {
    /// The game on a row of `cells` cells that are all free: its states are every wall pattern
    /// with every piece cell.
    pub fn open_row(cells: usize) -> Exhaustive {
        assert!((1..=MAX_BRUTE_CELLS).contains(&cells));
        Exhaustive { cells, joined: (1u32 << (cells - 1)) - 1 }
    }

    /// The game of a valid board of at most [`MAX_BRUTE_CELLS`] cells, and its start state.
    pub fn from_board(board: &[u8]) -> (Exhaustive, usize) {
        assert!(board.len() <= MAX_BRUTE_CELLS);
        let (mut cells, mut joined, mut piece) = (0, 0u32, 0);
        for (i, &b) in board.iter().enumerate() {
            if b == b'X' {
                continue;
            }
            if b == b'O' {
                piece = cells;
            }
            if cells > 0 && board[i - 1] != b'X' {
                joined |= 1 << (cells - 1);
            }
            cells += 1;
        }
        let game = Exhaustive { cells, joined };
        let start = game.state(0, piece);
        (game, start)
    }

    /// How `state` stands before the search (see the module doc).
    pub fn start(&self, state: usize) -> Start {
        let (walls, piece) = self.split(state);
        if walls >> piece & 1 == 1 {
            return Start::Lose; // unused state
        }
        let steps = self.empty_neighbours(walls, piece).iter().flatten().count() as u32;
        if steps == 0 {
            return Start::Lose;
        }
        // Every empty cell but the piece's can take a wall.
        Start::Moves(steps + self.cells as u32 - walls.count_ones() - 1)
    }

    pub fn cells(&self) -> usize {
        self.cells
    }

    pub fn state(&self, walls: u32, piece: usize) -> usize {
        walls as usize * self.cells + piece
    }

    /// `(walls, piece)` of a state.
    pub fn split(&self, state: usize) -> (u32, usize) {
        ((state / self.cells) as u32, state % self.cells)
    }

    /// The free cells next to `piece` that are empty under `walls`, as `[left, right]`.
    fn empty_neighbours(&self, walls: u32, piece: usize) -> [Option<usize>; 2] {
        let empty = |cell: usize| walls >> cell & 1 == 0;
        let left = piece.checked_sub(1).filter(|&p| self.joined >> p & 1 == 1 && empty(p));
        let right = Some(piece + 1).filter(|&n| self.joined >> piece & 1 == 1 && empty(n));
        [left, right]
    }
}

impl Game for Exhaustive {
    fn num_states(&self) -> usize {
        self.cells << self.cells
    }

    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        (0..self.num_states()).for_each(|state| visit(self.start(state)));
    }

    fn max_moves(&self) -> u32 {
        self.cells as u32 + 1
    }

    fn for_each_predecessor<F: FnMut(usize)>(&self, state: usize, mut visit: F) {
        let (walls, piece) = self.split(state);
        if walls >> piece & 1 == 1 {
            return;
        }
        let mut rest = walls;
        while rest != 0 {
            let wall = rest.trailing_zeros();
            rest &= rest - 1;
            visit(self.state(walls & !(1 << wall), piece));
        }
        for from in self.empty_neighbours(walls, piece).into_iter().flatten() {
            visit(self.state(walls, from));
        }
    }
}

/// The outcome for the player to move on a valid board of at most [`MAX_BRUTE_CELLS`] cells, by
/// solving every state of its game.
pub fn brute_outcome(board: &[u8]) -> Outcome {
    let (game, start) = Exhaustive::from_board(board);
    solve(&game).outcome(start)
}

/// The judge's word for the outcome of the start position (Mingyu moves first).
pub fn winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "mingyu",
        Outcome::Lose => "yunsu",
        Outcome::Draw => "draw",
    }
}

/// What the binary was asked for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Decide with the exhaustive solver instead of the rules.
    pub brute: bool,
    /// Print the counts, the rule and the winning move after the verdict.
    pub explain: bool,
}

/// A checked board, as much of it as the answer needs.
#[derive(Debug, Clone)]
pub struct Board {
    pub position: Position,
    /// The cells themselves, kept only with `brute` (at most [`MAX_BRUTE_CELLS`]).
    pub cells: Vec<u8>,
}

/// Reads `N` and the board, checks them and everything after, and scans the board once as it
/// streams in: memory does not grow with `N`.
pub fn read<R: Read>(input: &mut Scanner<R>, options: Options) -> Result<Board, Error> {
    let size_at = input.peek_pos()?;
    let size = input.u64("the board size N")?;
    if size == 0 {
        return Err(Error::at(size_at, "the board size N must be at least 1, found 0"));
    }
    if options.brute && size > MAX_BRUTE_CELLS as u64 {
        let why = format!("--brute solves boards of at most {MAX_BRUTE_CELLS} cells, but N = {size}");
        return Err(Error::at(size_at, why));
    }
    // The board streams through the scan; only --brute keeps it (and never past the cap).
    let mut scan = Scan::new();
    let mut cells = Vec::new();
    let max = size.min(usize::MAX as u64) as usize;
    let (at, length) =
        input.token_in_pieces_at_most(format_args!("the board of {size} cells"), max, |piece| {
            scan.feed(piece);
            if options.brute && cells.len() <= MAX_BRUTE_CELLS {
                cells.extend_from_slice(&piece[..piece.len().min(MAX_BRUTE_CELLS + 1 - cells.len())]);
            }
        })?;
    if length as u64 != size {
        return Err(Error::at(at, format!("the board has {length} cells, but N = {size}")));
    }
    let position = scan.finish().map_err(|flaw| flaw_error(flaw, at))?;
    input.finish("the board")?;
    Ok(Board { position, cells })
}

fn flaw_error(flaw: Flaw, board_at: Pos) -> Error {
    let at = |cell: usize| Pos { line: board_at.line, column: board_at.column + cell };
    match flaw {
        Flaw::BadCell(cell) => Error::at(at(cell), "a cell must be `.`, `X` or `O`"),
        Flaw::SecondPiece { first, second } => {
            Error::at(at(second), format!("a second piece `O` (the first is on cell {})", first + 1))
        }
        Flaw::NoPiece => Error::at(board_at, "the board has no piece `O`"),
    }
}

/// Writes the verdict, and with `explain` the counts, the rule and the winning move.
pub fn write_answer(board: &Board, options: Options, out: &mut impl Write) -> io::Result<()> {
    let counts = board.position.counts;
    let verdict = if options.brute { brute_outcome(&board.cells) } else { outcome(counts) };
    writeln!(out, "{}", winner(verdict))?;
    if options.explain {
        let Counts { left, right, elsewhere } = counts;
        writeln!(
            out,
            "l = {left}, r = {right}, c = {elsewhere} (free cells left of the piece in its segment, right of it, elsewhere)"
        )?;
        writeln!(out, "{}", Rule::of(counts).statement())?;
        match winning_move(board.position) {
            Some(cell) => writeln!(out, "winning move: mingyu builds a wall on cell {}", cell + 1)?,
            None => writeln!(out, "winning move: none")?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(l: u64, r: u64, c: u64) -> Counts {
        Counts { left: l, right: r, elsewhere: c }
    }

    #[test]
    fn scan_finds_counts_and_flaws() {
        let p = scan(b"X.X.O..X.X").unwrap();
        let (first_empty, last_empty) = (Some(1), Some(8));
        assert_eq!(p, Position { piece: 4, counts: counts(1, 2, 2), first_empty, last_empty });
        assert_eq!(scan(b"O").unwrap().counts, counts(0, 0, 0));
        let long: Vec<u8> = [&b"X"[..], &[b'.'; 200], b"O", &[b'.'; 70], b"X.."].concat();
        let (first_empty, last_empty) = (Some(1), Some(274));
        assert_eq!(
            scan(&long).unwrap(),
            Position { piece: 201, counts: counts(200, 70, 2), first_empty, last_empty }
        );
        // Fed in pieces of any length, the same.
        for piece_length in [1, 3, 64, 100] {
            let mut pieces = Scan::new();
            long.chunks(piece_length).for_each(|p| pieces.feed(p));
            assert_eq!(pieces.finish(), scan(&long));
        }
        assert_eq!(scan(b"..X..").unwrap_err(), Flaw::NoPiece);
        assert_eq!(scan(b".O.o").unwrap_err(), Flaw::BadCell(3));
        let mut two = vec![b'.'; 150];
        two[3] = b'O';
        two[140] = b'O';
        assert_eq!(scan(&two).unwrap_err(), Flaw::SecondPiece { first: 3, second: 140 });
        two[140] = 0xff;
        assert_eq!(scan(&two).unwrap_err(), Flaw::BadCell(140));
    }

    #[test]
    fn rules_on_the_samples() {
        for (board, word) in [
            (".O.", "yunsu"),
            (".O..", "mingyu"),
            ("XO..", "mingyu"),
            ("..O..", "draw"),
            (".O.X..", "yunsu"),
            (".O..X.", "draw"),
            ("X.O.XXX", "yunsu"),
        ] {
            let board = board.as_bytes();
            assert_eq!(winner(outcome(scan(board).unwrap().counts)), word);
            assert_eq!(winner(brute_outcome(board)), word);
        }
    }

    #[test]
    fn winning_moves() {
        let at = |board: &[u8]| winning_move(scan(board).unwrap());
        assert_eq!(at(b"XO.."), Some(2));
        assert_eq!(at(b"..OX"), Some(1));
        assert_eq!(at(b".O.X."), Some(4));
        assert_eq!(at(b"...X.O."), Some(0));
        assert_eq!(at(b"..X.O."), None);
        assert_eq!(at(b".O.X."), Some(4));
        assert_eq!(at(b"X.O.X.X.."), Some(8));
        assert_eq!(at(b".X.O."), Some(0));
        assert_eq!(at(b".O.."), Some(3));
        assert_eq!(at(b"..O.X"), Some(0));
        assert_eq!(at(b"...O.X"), None);
        assert_eq!(at(b".O."), None);
        assert_eq!(at(b"..O.."), None);
    }

    #[test]
    fn board_compression() {
        let (game, start) = Exhaustive::from_board(b"X.O.XX..X");
        assert_eq!((game.cells, game.joined, start), (5, 0b1011, game.state(0, 1)));
        assert_eq!(game.start(start), Start::Moves(6));
        assert_eq!(Exhaustive::open_row(1).joined, 0);
        assert_eq!(Exhaustive::open_row(4).joined, 0b111);
    }
}
