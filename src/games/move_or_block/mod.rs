//! BOJ 31567 "Move or Block!": who wins, by a closed form over one pass of the board.
//!
//! # Rules
//! A row of `N` cells, each empty (`.`) or a wall (`X`); a piece (`O`) stands on an empty cell.
//! Players alternate, Mingyu first, Yunsu second. A player whose piece has a wall or a board end on
//! both sides at the start of his turn loses; otherwise he either steps the piece to an adjacent
//! empty cell or builds a wall on any empty cell other than the piece's. An endless game is a draw.
//! The question: who wins with optimal play.
//!
//! # Input
//! `N`, then the board as one token of `N` characters: `.` empty, `X` wall, `O` the piece (exactly
//! one), and nothing after it.
//!
//! # Output
//! One word ([`write_answer`]): `mingyu` if Mingyu wins, `yunsu` if Yunsu does, `draw` if the game
//! never ends. With `--brute`, the same word, by solving the model instead of using the rules
//! ([`decide_brute`]). With `--explain` ([`write_explanation`]), four lines after it: the counts
//! `l`, `r`, `c`, the rule that decides, Mingyu's winning first move (a cell numbered from 1) or
//! `none`, and the game's length under optimal play.
//!
//! # Method
//! The board reduces to three counts; five rules on them decide the game, each proved below; one
//! pass over the board finds the counts.
//!
//! ## The three counts
//! A position is exactly described by `l` and `r`, the empty cells of the piece's segment (the
//! maximal run of non-wall cells around it) left and right of the piece, and `c`, the empty cells
//! elsewhere: [`mod@model`] proves that the game on `(l, r, c)` is an exact model of the game on the
//! board (same outcome, same length), and solves it. Its moves, from `(l, r, c)`: a step gives
//! `(l - 1, r + 1, c)` or `(l + 1, r - 1, c)`; a wall at distance `d` on the left gives
//! `(d - 1, r, c + l - d)` (the cells beyond it leave the segment), likewise on the right; a wall
//! elsewhere gives `(l, r, c - 1)`; at `l = r = 0` the player to move loses.
//!
//! ## The five rules (for the player to move at `(l, r, c)`)
//! 1. **Walled in** (`l = r = 0`): he loses, by the rules.
//! 2. **One side walled** (exactly one of `l`, `r` is 0): he wins by a wall at distance 1 on the
//!    open side, giving `(0, 0, c')`: the opponent is walled in.
//! 3. **One each side** (`l = r = 1`): he wins iff `c` is odd. Whoever moves to a position with
//!    `l` or `r` equal to 0 loses at once, by rule 2. Here the moves are the steps `(0, 2, c)` and
//!    `(2, 0, c)`, the walls at distance 1 `(0, 1, c)` and `(1, 0, c)`, and the wall elsewhere
//!    `(1, 1, c - 1)`: only the last does not lose at once. The players burn the `c` cells in turn,
//!    and whoever faces `(1, 1, 0)` has only losing moves: by induction on `c`, even loses and odd
//!    wins.
//! 4. **One and more** (`min(l, r) = 1`, `m = max(l, r) >= 2`; say `l = 1`, the other way is the
//!    mirror image): he wins iff `m + c` is even, and it is a draw otherwise. With `m + c` even he
//!    walls the long side at distance 2: `(1, 1, c + m - 2)` with an even spare count, which loses
//!    by rule 3. With `m + c` odd, every move but one loses: the step left `(0, m + 1, c)` and the
//!    walls at distance 1, `(0, m, c)` and `(1, 0, c + m - 1)`, leave a zero (rule 2); the wall at
//!    distance 2 leaves `(1, 1, c + m - 2)` with `c + m - 2` odd (rule 3 wins for the opponent); a
//!    wall at distance `d >= 3` leaves `(1, d - 1, c + m - d)`, a rule 4 position whose sum
//!    `m + c - 1` is even (it wins for the opponent); the wall elsewhere leaves `(1, m, c - 1)`, sum
//!    `m + c - 1` even again. The one other move, the step right, gives `(2, m - 1, c)`: rule 5
//!    when `m >= 3`, and when `m = 2` (so `c` is odd) `(2, 1, c)`, this rule with an odd sum. Both
//!    are draws, below.
//! 5. **Two or more each side** (`l, r >= 2`): a draw. The losing positions (rules 1 and 3) have
//!    `l, r <= 1`, and one move lowers at most one of `l`, `r` (a step raises the other, a wall
//!    touches one side), so no move from here reaches them: the player to move cannot win. The draw
//!    set D (rule 5 and the draws of rule 4) has no move into a losing position (for rule 4 see
//!    above) and every position of D has a move into D: from rule 5, step towards a side with at
//!    least 3 cells (both stay at least 2), or from `(2, 2, c)` wall elsewhere when `c` is odd
//!    (giving `(2, 2, c - 1)`) or step when `c` is even (giving `(1, 3, c)`, odd sum); from rule 4,
//!    the step described there. So either player can keep the game in D forever, and a player who
//!    always does so never loses: the opponent can only answer within D or into a position that
//!    wins for him.
//!
//! Mingyu wins iff the start wins for the player to move. The tests check the rules against the
//! solved model on every state with `l + r + c <= 100` (`make prove`: 500) and against the game on
//! the board itself on every board of 1 to 14 cells. The same arguments give the game's length
//! under optimal play (the winner hurries, the loser stalls): 0 moves walled in, 1 with one side
//! walled, `max(l, r) + c + 1` under rule 3 and where rule 4 wins (the loser of rule 3 can stall
//! only by walling elsewhere); `--explain` reads it off the solver.
//!
//! ## The closed form: [`Scan`]
//! One pass counts the empty cells, checks every byte, finds the piece and the nearest walls on
//! either side of it, 64 cells at a time: the counting vectorizes, and only blocks that hold the
//! piece or a bad byte are looked at cell by cell. The board is fed in pieces as it is read
//! ([`crate::input::Scanner::token_in_pieces_at_most`]), so it is never held. `l` and `r` are the
//! distances from the piece to the nearest walls (or board ends), `c` the other empty cells. The
//! first and last empty cells are kept too: under rule 3 one of them is the winning move
//! (`--explain`).
//!
//! # Limits
//! Any `N >= 1`: the board is never held, so no constant caps it. O(N) time, O(1) memory beyond the
//! scanner's 256 KiB buffer. `--brute` and the length in `--explain` solve the model, whose
//! `(F + 1)(F + 2)(F + 3) / 6` states for `F` empty cells take O(F³) time and 2 bytes each (6 with
//! the depths), plus the queue; so they take at most [`MAX_FREE_CELLS`] = 500 empty cells, 21
//! million states: 42 MB, or 127 MB with the depths. Past it `--brute` is an error and `--explain`
//! prints the length as not computed. Before a solve, the memory it may need at most (12 bytes a
//! state, 16 with the depths, counting the queue's doubling) is checked: where it cannot be had,
//! both flags are an error naming how much, never an abort.

pub mod model;

use self::model::CountsGame;
pub use self::model::{Counts, MAX_FREE_CELLS};
use crate::input::{plural, Error, Pos, Scanner};
use crate::memory::check_memory;
use crate::solver::{search_bytes_per_state, solve, solve_with_depth, Game, Outcome};
use std::io::{self, Read, Write};

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

/// What is wrong, cells counted from 1 (the judge's message, [`read`]'s, also says where).
impl std::fmt::Display for Flaw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Flaw::BadCell(cell) => write!(f, "cell {} must be `.`, `X` or `O`", cell + 1),
            Flaw::SecondPiece { first, second } => {
                write!(f, "a second piece `O` on cell {} (the first is on cell {})", second + 1, first + 1)
            }
            Flaw::NoPiece => f.write_str("the board has no piece `O`"),
        }
    }
}

impl std::error::Error for Flaw {}

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
            [first_empty, last_empty].iter().flatten().copied().find(|&i| i + 1 < piece || i > piece + 1)?
        }
        // Rule 4: two beyond the piece on the long side.
        _ if right > left => piece + 2,
        _ => piece - 2,
    })
}

/// The judge's word for the outcome of the start position (Mingyu moves first).
pub fn winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "mingyu",
        Outcome::Lose => "yunsu",
        Outcome::Draw => "draw",
    }
}

/// The game of `counts` in the model and the start's state, unless it has more empty cells than
/// [`MAX_FREE_CELLS`]; an error if the memory its search needs (with the depths or not, what the
/// solver says it needs per state) cannot be had.
fn model(counts: Counts, depth: bool) -> Result<Option<(CountsGame, usize)>, Error> {
    let free = counts.left + counts.right + counts.elsewhere;
    if free > MAX_FREE_CELLS {
        return Ok(None);
    }
    let states = (free as u128 + 1) * (free as u128 + 2) * (free as u128 + 3) / 6;
    let game = CountsGame::new(free as usize);
    let bytes = states * search_bytes_per_state(game.max_moves(), depth);
    check_memory(bytes, format_args!("solving the game of {free} free cells ({states} states)"))?;
    let start = game.state(counts);
    Ok(Some((game, start)))
}

/// How long the game lasts under optimal play (the winner hurries, the loser stalls).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    Moves(u32),
    /// A draw: it never ends.
    Endless,
    /// Not computed: more empty cells than [`MAX_FREE_CELLS`].
    TooManyCells,
}

/// The start of `counts` decided by solving its model with depth: its outcome and the game's
/// length, or `None` past [`MAX_FREE_CELLS`] empty cells; an error if memory runs short.
fn solve_model(counts: Counts) -> Result<Option<(Outcome, Length)>, Error> {
    let (game, start) = match model(counts, true)? {
        Some(model) => model,
        None => return Ok(None),
    };
    let (solution, depths) = solve_with_depth(&game);
    let length = match depths.depth(start) {
        None => Length::Endless,
        Some(moves) => Length::Moves(moves),
    };
    Ok(Some((solution.outcome(start), length)))
}

/// The length of the game from `counts`, by solving its model with depth; an error if memory runs
/// short.
pub fn length(counts: Counts) -> Result<Length, Error> {
    Ok(solve_model(counts)?.map_or(Length::TooManyCells, |(_, length)| length))
}

/// A checked board, as much of it as the answers need (the board itself is never held).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Problem {
    pub position: Position,
    /// Where the board starts in the input.
    pub board_at: Pos,
}

/// The outcome for the player to move at the start, Mingyu.
pub type Answer = Outcome;

/// Reads and checks the whole input: `N`, the board, and nothing after it. The board is scanned
/// once as it streams in, so memory does not grow with `N`.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let size_at = input.peek_pos()?;
    let size = input.u64("the board size N")?;
    if size == 0 {
        return Err(Error::at(size_at, "the board size N must be at least 1, found 0"));
    }
    let mut scan = Scan::new();
    let max = size.min(usize::MAX as u64) as usize;
    let (board_at, length) =
        input.token_in_pieces_at_most(format_args!("the board of {size} cells"), max, |piece| {
            scan.feed(piece)
        })?;
    if length as u64 != size {
        return Err(Error::at(board_at, format!("the board has {length} cells, but N = {size}")));
    }
    let position = scan.finish().map_err(|flaw| flaw_error(flaw, board_at))?;
    input.finish("the board")?;
    Ok(Problem { position, board_at })
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

/// Decides the start, Mingyu to move, by the rules of the module doc: the judge's question.
pub fn decide(problem: Problem) -> Answer {
    outcome(problem.position.counts)
}

/// Decides the start by solving the model of the board instead (`--brute`): an error past
/// [`MAX_FREE_CELLS`] empty cells.
pub fn decide_brute(problem: Problem) -> Result<Answer, Error> {
    let (game, start) = model(problem.position.counts, false)?.ok_or_else(|| too_many_cells(problem))?;
    Ok(solve(&game).outcome(start))
}

/// Why `--brute` cannot answer.
fn too_many_cells(problem: Problem) -> Error {
    let Counts { left, right, elsewhere } = problem.position.counts;
    let free = left + right + elsewhere;
    let why = format!(
        "--brute solves boards of at most {MAX_FREE_CELLS} free cells (`.`), but this one has {free}"
    );
    Error::at(problem.board_at, why)
}

/// What `--explain` prints after the verdict, with the model solved once (with depth) for both the
/// length and, with `--brute`, the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Explanation {
    problem: Problem,
    /// The start's outcome and the game's length by the model, if it was solved.
    solved: Option<(Outcome, Length)>,
}

/// Explains `problem`: solves its model with depth when it has at most [`MAX_FREE_CELLS`] empty
/// cells; an error if memory runs short.
pub fn explain(problem: Problem) -> Result<Explanation, Error> {
    Ok(Explanation { problem, solved: solve_model(problem.position.counts)? })
}

impl Explanation {
    /// The judge's question by the model already solved: what [`decide_brute`] answers.
    pub fn brute_answer(&self) -> Result<Answer, Error> {
        self.solved.map(|(outcome, _)| outcome).ok_or_else(|| too_many_cells(self.problem))
    }
}

/// Writes exactly the judge's output: one word, `mingyu`, `yunsu` or `draw`.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", winner(*answer))
}

/// Writes the `--explain` output: the counts, the rule, the winning move and the game's length.
pub fn write_explanation(explanation: &Explanation, out: &mut impl Write) -> io::Result<()> {
    let problem = explanation.problem;
    let counts = problem.position.counts;
    let Counts { left, right, elsewhere } = counts;
    writeln!(
        out,
        "l = {left}, r = {right}, c = {elsewhere} (free cells left of the piece in its segment, right of it, elsewhere)"
    )?;
    writeln!(out, "{}", Rule::of(counts).statement())?;
    match winning_move(problem.position) {
        Some(cell) => writeln!(out, "winning move: mingyu builds a wall on cell {}", cell + 1)?,
        None => writeln!(out, "winning move: none")?,
    }
    match explanation.solved.map_or(Length::TooManyCells, |(_, length)| length) {
        Length::Moves(moves) => writeln!(
            out,
            "length: {} under optimal play (the winner hurries, the loser stalls)",
            plural(u64::from(moves), "move")
        ),
        Length::Endless => writeln!(out, "length: endless (a draw: neither player can force an end)"),
        Length::TooManyCells => writeln!(
            out,
            "length: not computed ({} free cells, more than the {MAX_FREE_CELLS} the model solves)",
            left + right + elsewhere
        ),
    }
}

/// This problem as a type, for code that handles every game alike ([`crate::games::JudgeProblem`]).
pub struct Judge;
judge_problem!(Judge, "move_or_block");

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(l: u64, r: u64, c: u64) -> Counts {
        Counts { left: l, right: r, elsewhere: c }
    }

    /// A flaw is a `std::error::Error` told in words, cells from 1.
    #[test]
    fn a_flaw_is_an_error_in_words() {
        fn scanned(board: &[u8]) -> Result<Position, Box<dyn std::error::Error>> {
            Ok(scan(board)?)
        }
        assert_eq!(scanned(b".O.o").unwrap_err().to_string(), "cell 4 must be `.`, `X` or `O`");
        assert_eq!(
            scanned(b"O.O").unwrap_err().to_string(),
            "a second piece `O` on cell 3 (the first is on cell 1)"
        );
        assert_eq!(scanned(b"..").unwrap_err().to_string(), "the board has no piece `O`");
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
            let problem = Problem { position: scan(board).unwrap(), board_at: Pos { line: 2, column: 1 } };
            assert_eq!(decide_brute(problem), Ok(decide(problem)));
            assert_eq!(explain(problem).unwrap().brute_answer(), Ok(decide(problem)));
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
    fn lengths() {
        assert_eq!(length(counts(0, 0, 7)).unwrap(), Length::Moves(0));
        assert_eq!(length(counts(0, 3, 2)).unwrap(), Length::Moves(1));
        // (1, 1, 2) loses: wall elsewhere twice, then a side, then the wall that ends it.
        assert_eq!(length(counts(1, 1, 2)).unwrap(), Length::Moves(4));
        assert_eq!(length(counts(1, 2, 2)).unwrap(), Length::Moves(5));
        assert_eq!(length(counts(2, 2, 0)).unwrap(), Length::Endless);
        assert_eq!(length(counts(1, 1, MAX_FREE_CELLS - 2)).unwrap(), Length::Moves(MAX_FREE_CELLS as u32));
        assert_eq!(length(counts(1, 1, MAX_FREE_CELLS - 1)).unwrap(), Length::TooManyCells);
    }

    #[test]
    fn brute_cap() {
        let board_at = Pos { line: 2, column: 1 };
        let mut board = vec![b'X'; 2000];
        board[0] = b'O';
        board[1] = b'.';
        let problem = Problem { position: scan(&board).unwrap(), board_at };
        assert_eq!(decide_brute(problem), Ok(Outcome::Win));
        for cell in board.iter_mut().skip(3).take(MAX_FREE_CELLS as usize) {
            *cell = b'.';
        }
        let problem = Problem { position: scan(&board).unwrap(), board_at };
        let error = decide_brute(problem).unwrap_err();
        assert_eq!(explain(problem).unwrap().brute_answer(), Err(error.clone()));
        let why =
            format!("at most {MAX_FREE_CELLS} free cells (`.`), but this one has {}", MAX_FREE_CELLS + 1);
        assert!(error.message().starts_with("line 2, column 1: --brute ") && error.message().ends_with(&why));
    }
}
