//! Generated inputs of [`graph_games::games::police_thief`] (`police_thief`): [`PoliceThiefCase`], a board as data.
//!
//! # Families
//! `size` is about the number of cells (walls included), at least 2 and at most
//! [`MAX_FREE_CELLS`] (so every board is within the program's limit on free cells). The
//! policeman, the thief and the exits stand on distinct cells at random unless said otherwise.
//! - `tiny`: at most 9 cells, a quarter of them walls, up to 2 exits.
//! - `corridor`: one row or one column, 10% walls, up to 2 exits: the thief has 2 moves at most.
//! - `open`: no walls, up to 3 exits (none: the policeman hunts the thief down).
//! - `walls`: a square board with 10% walls at random and one exit: the benchmark's 40x40 at size
//!   1600.
//! - `dense_walls`: 40% walls, up to 3 exits: cut-off regions, draws.
//! - `exits_nowhere`: 15% walls, no exit: the thief can never escape.
//! - `exits_everywhere`: 10% walls, three quarters of the other free cells exits: most states
//!   decided at the start (the search's largest queue).
//! - `adjacent`: the thief next to the policeman (8 directions), 10% walls, up to 3 exits.
//! - `open_square`: a square open board with one exit: the benchmark's 100x100 at size 10^4.
//!
//! # Shrinking
//! [`PoliceThiefCase::measure`] is `n·m` plus the walls and the exits: every step of
//! [`Case::smaller`] drops rows or columns (never the policeman's or the thief's), turns walls free
//! (while the free cells stay within the limit) or exits free, so it lowers the measure and
//! shrinking ends. Steps come coarsest first: half the rows, half the columns, half the walls,
//! half the exits, then quarters, ..., then single ones.

use super::{isqrt, shrink_steps, Case, Rng};
use graph_games::games::police_thief::{read, MAX_FREE_CELLS};
use graph_games::input::decimal::parse_u64;
use graph_games::input::{is_space, Scanner};

const FREE: u8 = b'.';
const WALL: u8 = b'*';
const EXIT: u8 = b'E';
const POLICE: u8 = b'P';
const THIEF: u8 = b'T';

/// One input of `police_thief`: the board, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoliceThiefCase {
    pub rows: usize,
    pub cols: usize,
    /// `rows * cols` cells, row by row: `.` free, `*` wall, `E` exit, `P` and `T` (one each).
    pub cells: Vec<u8>,
}

impl PoliceThiefCase {
    /// What every shrink step lowers: the cells, plus the walls and the exits.
    pub fn measure(&self) -> u64 {
        let marked = self.cells.iter().filter(|&&c| c == WALL || c == EXIT).count();
        (self.cells.len() + marked) as u64
    }

    /// Where the piece `piece` stands: `(row, column)`.
    fn find(&self, piece: u8) -> (usize, usize) {
        let at = self.cells.iter().position(|&c| c == piece).expect("a piece on the board");
        (at / self.cols, at % self.cols)
    }

    /// The case without the rows (or columns, `columns`) in `gone`.
    fn without_lines(&self, gone: &[usize], columns: bool) -> PoliceThiefCase {
        let keep = |r: usize, c: usize| gone.binary_search(if columns { &c } else { &r }).is_err();
        let cells = self.cells.iter().enumerate().filter(|&(i, _)| keep(i / self.cols, i % self.cols));
        let cells: Vec<u8> = cells.map(|(_, &c)| c).collect();
        let (rows, cols) =
            if columns { (self.rows, self.cols - gone.len()) } else { (self.rows - gone.len(), self.cols) };
        PoliceThiefCase { rows, cols, cells }
    }

    /// The case with the cells `at` made free.
    fn with_free(&self, at: &[usize]) -> PoliceThiefCase {
        let mut case = self.clone();
        at.iter().for_each(|&i| case.cells[i] = FREE);
        case
    }
}

/// A board shape of about `cells` cells (at least 2), of any aspect up to 4 to 1.
fn shape(rng: &mut Rng, cells: usize) -> (usize, usize) {
    let side = isqrt(cells);
    let rows = rng.between((side / 2).max(1), (2 * side).min(cells));
    let cols = (cells / rows).max(1);
    if rows * cols < 2 {
        (1, 2)
    } else {
        (rows, cols)
    }
}

/// A square shape of about `cells` cells (at least 2).
fn square(cells: usize) -> (usize, usize) {
    let side = isqrt(cells);
    if side < 2 {
        (1, 2)
    } else {
        (side, side)
    }
}

/// A board of `rows x cols`, each cell a wall with probability `walls / 100`, the policeman and
/// the thief on distinct cells (the thief on one of the policeman's 8 neighbours if `adjacent`),
/// and `exits` exits on other cells (fewer if the board has no room).
fn board(
    rng: &mut Rng,
    (rows, cols): (usize, usize),
    walls: u64,
    exits: usize,
    adjacent: bool,
) -> PoliceThiefCase {
    let cells = rows * cols;
    let mut board: Vec<u8> = (0..cells).map(|_| if rng.chance(walls, 100) { WALL } else { FREE }).collect();
    let police = rng.below(cells as u64) as usize;
    let thief = if adjacent {
        let (r, c) = (police / cols, police % cols);
        let mut near = Vec::new();
        for (dr, dc) in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)] {
            let (r2, c2) = ((r + dr).wrapping_sub(1), (c + dc).wrapping_sub(1));
            if r2 < rows && c2 < cols {
                near.push(r2 * cols + c2);
            }
        }
        *rng.pick(&near)
    } else {
        let other = rng.below(cells as u64 - 1) as usize;
        other + usize::from(other >= police)
    };
    board[police] = POLICE;
    board[thief] = THIEF;
    let mut others: Vec<usize> = (0..cells).filter(|&i| i != police && i != thief).collect();
    for k in 0..exits.min(others.len()) {
        let pick = rng.between(k, others.len() - 1);
        others.swap(k, pick);
        board[others[k]] = EXIT;
    }
    PoliceThiefCase { rows, cols, cells: board }
}

impl Case for PoliceThiefCase {
    const FAMILIES: &'static [&'static str] = &[
        "tiny",
        "corridor",
        "open",
        "walls",
        "dense_walls",
        "exits_nowhere",
        "exits_everywhere",
        "adjacent",
        "open_square",
    ];

    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self {
        let cells = size.clamp(2, MAX_FREE_CELLS);
        let name = Self::FAMILIES[family];
        let dims = match name {
            "tiny" => {
                let cells = rng.between(2, cells.min(9));
                shape(rng, cells)
            }
            "corridor" if rng.chance(1, 2) => (1, cells),
            "corridor" => (cells, 1),
            "walls" | "open_square" => square(cells),
            _ => shape(rng, cells),
        };
        // The walls in percent, and the exits.
        let (walls, exits) = match name {
            "tiny" => (25, rng.between(0, 2)),
            "corridor" => (10, rng.between(0, 2)),
            "open" => (0, rng.between(0, 3)),
            "walls" => (10, 1),
            "dense_walls" => (40, rng.between(0, 3)),
            "exits_nowhere" => (15, 0),
            "exits_everywhere" => (10, 0),
            "adjacent" => (10, rng.between(0, 3)),
            _ => (0, 1),
        };
        let mut case = board(rng, dims, walls, exits, name == "adjacent");
        if name == "exits_everywhere" {
            for cell in case.cells.iter_mut().filter(|c| **c == FREE) {
                if rng.chance(3, 4) {
                    *cell = EXIT;
                }
            }
        }
        case
    }

    fn write(&self) -> Vec<u8> {
        let mut out = format!("{} {}\n", self.rows, self.cols).into_bytes();
        out.reserve(self.cells.len() + self.rows);
        for row in self.cells.chunks(self.cols) {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
        out
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        let mut tokens = text.split(|&b| is_space(b)).filter(|t| !t.is_empty());
        let rows = parse_u64(tokens.next()?, false).ok()? as usize;
        let cols = parse_u64(tokens.next()?, false).ok()? as usize;
        let mut cells = Vec::with_capacity(rows * cols);
        for _ in 0..rows {
            cells.extend_from_slice(tokens.next()?);
        }
        Some(PoliceThiefCase { rows, cols, cells })
    }

    fn shrink_measure(&self) -> u128 {
        self.measure().into()
    }

    fn smaller(&self) -> Vec<Self> {
        let ((pr, pc), (tr, tc)) = (self.find(POLICE), self.find(THIEF));
        let rows: Vec<usize> = (0..self.rows).filter(|&r| r != pr && r != tr).collect();
        let cols: Vec<usize> = (0..self.cols).filter(|&c| c != pc && c != tc).collect();
        let where_is =
            |what: u8| -> Vec<usize> { (0..self.cells.len()).filter(|&i| self.cells[i] == what).collect() };
        let (walls, exits) = (where_is(WALL), where_is(EXIT));
        let free = self.cells.len() - walls.len();
        let kinds = [
            (rows.len(), usize::MAX),
            (cols.len(), usize::MAX),
            (walls.len(), MAX_FREE_CELLS - free),
            (exits.len(), usize::MAX),
        ];
        shrink_steps(
            &kinds,
            self.cells.len() as u64,
            |c: &Self| c.cells.len() as u64,
            |kind, gone| match kind {
                0 => self.without_lines(&rows[gone], false),
                1 => self.without_lines(&cols[gone], true),
                2 => self.with_free(&walls[gone]),
                _ => self.with_free(&exits[gone]),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::{of_family, shrink_to_the_end};
    use super::*;
    use graph_games::games::police_thief::{decide, Verdict};

    fn valid(case: &PoliceThiefCase) -> bool {
        read(&mut Scanner::new(&case.write()[..])).is_ok()
    }

    fn verdict(case: &PoliceThiefCase) -> Verdict {
        decide(read(&mut Scanner::new(&case.write()[..])).unwrap())
    }

    #[test]
    fn every_family_gives_valid_inputs_of_about_its_size_the_same_for_a_seed() {
        for f in 0..PoliceThiefCase::FAMILIES.len() {
            for size in [1, 2, 3, 4, 5, 9, 16, 50, 300] {
                for seed in 0..100 {
                    let case = PoliceThiefCase::generate(f, &mut Rng::new(seed), size);
                    let name = PoliceThiefCase::FAMILIES[f];
                    assert!(valid(&case), "{name} {size} {seed}: {case:?}");
                    assert_eq!(case, PoliceThiefCase::generate(f, &mut Rng::new(seed), size));
                    assert_eq!(PoliceThiefCase::parse(&case.write()), Some(case.clone()));
                    let cells = case.cells.len();
                    assert!(cells <= size.max(2), "{name} {size}: {cells}");
                    assert!(name == "tiny" || 2 * cells + 4 * isqrt(size) >= size, "{name} {size}: {cells}");
                }
            }
        }
        for (name, size, shape) in [("walls", 1600, (40, 40)), ("open_square", 10_000, (100, 100))] {
            let case = of_family::<PoliceThiefCase>(name, &mut Rng::new(1), size);
            assert!(valid(&case) && (case.rows, case.cols) == shape);
            assert_eq!(case.cells.iter().filter(|&&c| c == EXIT).count(), 1);
        }
        let case = of_family::<PoliceThiefCase>("open", &mut Rng::new(1), 1 << 30);
        assert!(valid(&case) && case.cells.len() <= MAX_FREE_CELLS);
    }

    #[test]
    fn parse_takes_any_valid_text_and_nothing_else() {
        let case = PoliceThiefCase::parse(b"2\t03\r\nP*E\r\n..T").unwrap();
        assert_eq!(case, PoliceThiefCase { rows: 2, cols: 3, cells: b"P*E..T".to_vec() });
        for bad in [&b""[..], b"1 2\nPP", b"1 2\nP.", b"1 2\nPT\n..", b"1 3\nPTx", b"2 2\nPT"] {
            assert_eq!(PoliceThiefCase::parse(bad), None);
        }
    }

    #[test]
    fn every_verdict_appears_and_the_families_keep_their_promises() {
        let mut seen = [0; 3];
        for f in 0..PoliceThiefCase::FAMILIES.len() {
            let name = PoliceThiefCase::FAMILIES[f];
            for seed in 0..150 {
                let case = PoliceThiefCase::generate(f, &mut Rng::new(seed), 2 + seed as usize % 40);
                let verdict = verdict(&case);
                seen[verdict as usize] += 1;
                match name {
                    "exits_nowhere" => assert_ne!(verdict, Verdict::ThiefEscapes),
                    "adjacent" | "open" if !case.cells.contains(&EXIT) => {
                        assert_eq!(verdict, Verdict::PoliceWins, "{case:?}")
                    }
                    _ => {}
                }
                if name == "adjacent" {
                    let ((pr, pc), (tr, tc)) = (case.find(POLICE), case.find(THIEF));
                    assert!(pr.abs_diff(tr) <= 1 && pc.abs_diff(tc) <= 1);
                }
            }
        }
        assert!(seen.iter().all(|&s| s > 50), "police, thief, draw: {seen:?}");
    }

    #[test]
    fn every_step_is_valid_and_smaller_and_shrinking_ends() {
        let ends = shrink_to_the_end(60, |seed| 2 + seed as usize % 30, PoliceThiefCase::measure, valid);
        for (case, first, rounds) in ends {
            // Nothing left but the two pieces, on at most 2x2 cells.
            assert!(
                (rounds as u64) < first && case.cells.iter().all(|&c| c != WALL && c != EXIT),
                "{case:?}"
            );
            assert!(case.rows <= 2 && case.cols <= 2, "{case:?}");
        }
    }

    #[test]
    fn steps_keep_the_pieces_and_the_limit() {
        let case = PoliceThiefCase::parse(b"3 3\n*P*\n.*E\nT*E\n").unwrap();
        let steps = case.smaller();
        assert_eq!(steps[0], PoliceThiefCase::parse(b"2 3\n*P*\nT*E\n").unwrap());
        assert!(steps.contains(&PoliceThiefCase::parse(b"3 3\n*P*\n..E\nT*E\n").unwrap()));
        assert!(steps.contains(&PoliceThiefCase::parse(b"3 3\n*P*\n.*E\nT*.\n").unwrap()));
        assert!(steps.contains(&PoliceThiefCase::parse(b"3 2\n*P\n.*\nT*\n").unwrap()));
        // A board at the limit of free cells: no wall may turn free.
        let mut cells = vec![FREE; MAX_FREE_CELLS + 2];
        cells[..4].copy_from_slice(b"PT**");
        let full = PoliceThiefCase { rows: 1, cols: cells.len(), cells };
        assert!(valid(&full));
        let steps = full.smaller();
        assert!(!steps.is_empty() && steps.iter().all(|s| valid(s) && s.measure() < full.measure()));
        // Columns only: no wall turns free.
        assert!(steps.iter().all(|s| s.cells.len() < full.cells.len()));
    }
}
