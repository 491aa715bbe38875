//! Generated inputs of [`graph_games::games::grid_game`] (`grid_game_28218`): [`GridGameCase`], a board and its queries
//! as data.
//!
//! # Families
//! `size` is about the number of cells `N·M` (at least 1). Unless said otherwise a board has 10%
//! walls at random, its corner `(N, M)` free, a random `K` below `min(N, M)` (one time in eight
//! past it, up to `u64::MAX`), and 1 to `min(N·M / 2, 300)` queries on random free cells (the
//! corner included). Some families are *judge-like* half the time: every free cell that cannot reach the corner is
//! walled, as the judge promises.
//! - `tiny`: at most 9 cells, 30% walls, the corner blocked one time in four.
//! - `one_row`, `one_column`: `1 x size` and `size x 1`: no diagonal move exists.
//! - `k0`: `K = 0`: no diagonal moves; judge-like half the time.
//! - `k_max`: `K` at its maximum `min(N, M) - 1`, or past it (`min`, `max(N, M)`, `u64::MAX`,
//!   which the reader saturates); judge-like half the time.
//! - `no_walls`: an open board.
//! - `dense_walls`: 45% walls; judge-like half the time.
//! - `next_to_goal`: every query on the corner or a cell one move from it (above, left, and up to
//!   3 cells up the diagonal within `K`), those cells free; judge-like half the time.
//! - `judge_max`: the judge's maximum at size 90,000 and up: 300x300, `K = 299`, 300 queries,
//!   10% walls; smaller sizes give a smaller square (at least 2x2, `K = side - 1`, `min(size, 300)`
//!   queries). Everything the judge promises holds: the corner free, every free cell reaching it,
//!   no query on it. Walling the cells that cannot reach the corner (a wall in the last row walls
//!   every free cell left of it, and so on up) doubles the walls, to about 20% at 300x300, as in
//!   the benchmark's own generator.
//! - `bench_open`: a square open board of about `size` cells, `K = side - 1`, `min(N·M, 300,000)`
//!   queries: the benchmark's 3000x3000 (300,000 queries) at size 9·10^6.
//!
//! # Shrinking
//! [`GridGameCase::measure`] is `N·M` plus the walls, the queries and `K`: every step of
//! [`Case::smaller`] drops queries, rows or columns (never all of them; the queries on them go, the
//! others follow their cells), turns walls free, or lowers `K` (to `min(N, M) - 1` when past it,
//! to 0, to half, by one), so it lowers the measure and shrinking ends. Steps come coarsest first:
//! half the queries, rows, columns, walls, then quarters, ..., then single ones; `K` last.

use super::{isqrt, shrink_steps, Case, Rng};
use graph_games::games::grid_game::{read, BLOCKED, FREE, MAX_CELLS};
use graph_games::input::decimal::parse_u64;
use graph_games::input::decimal::push_decimal;
use graph_games::input::{is_space, Scanner};
use std::ops::Range;

/// One input of `grid_game_28218`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridGameCase {
    pub rows: usize,
    pub cols: usize,
    /// `K`, the diagonal reach.
    pub reach: u64,
    /// `rows * cols` cells, row by row: `.` free, `#` blocked.
    pub cells: Vec<u8>,
    /// The start of every query, `(row, column)`, 0-based (written 1-based), each on a free cell.
    pub queries: Vec<(u32, u32)>,
}

impl GridGameCase {
    /// What every shrink step lowers: the cells, the walls, the queries and `K`.
    pub fn measure(&self) -> u128 {
        let walls = self.cells.iter().filter(|&&c| c == BLOCKED).count();
        (self.cells.len() + walls + self.queries.len()) as u128 + u128::from(self.reach)
    }

    /// The case without the rows (or the columns, `columns`) `gone`, and without their queries.
    fn without_lines(&self, gone: Range<usize>, columns: bool) -> GridGameCase {
        let (start, end) = (gone.start as u32, gone.end as u32);
        let kept = |x: u32| x < start || x >= end;
        let new = |x: u32| if x < start { x } else { x - (end - start) };
        let cells = self.cells.iter().enumerate();
        let cells =
            cells.filter(|&(i, _)| kept((if columns { i % self.cols } else { i / self.cols }) as u32));
        let cells = cells.map(|(_, &c)| c).collect();
        let queries = self.queries.iter().filter(|&&(r, c)| kept(if columns { c } else { r }));
        let queries = queries.map(|&(r, c)| if columns { (r, new(c)) } else { (new(r), c) }).collect();
        let (rows, cols) =
            if columns { (self.rows, self.cols - gone.len()) } else { (self.rows - gone.len(), self.cols) };
        GridGameCase { rows, cols, reach: self.reach, cells, queries }
    }
}

/// A board shape of about `cells` cells, of any aspect up to 4 to 1.
fn shape(rng: &mut Rng, cells: usize) -> (usize, usize) {
    let side = isqrt(cells);
    let rows = rng.between((side / 2).max(1), (2 * side).min(cells));
    (rows, (cells / rows).max(1))
}

/// Walls every free cell that cannot reach the corner, which must be free: one backward sweep,
/// with for every diagonal the row of the nearest cell below-right on it that reaches the corner.
fn wall_off_unreachable(cells: &mut [u8], rows: usize, cols: usize, reach: u64) {
    let mut nearest = vec![u32::MAX; rows + cols - 1];
    for r in (0..rows).rev() {
        for c in (0..cols).rev() {
            let i = r * cols + c;
            if cells[i] == BLOCKED {
                continue;
            }
            let diagonal = &mut nearest[c + rows - 1 - r];
            let reaches = (r + 1 == rows && c + 1 == cols)
                || (r + 1 < rows && cells[i + cols] == FREE)
                || (c + 1 < cols && cells[i + 1] == FREE)
                || (*diagonal != u32::MAX && u64::from(*diagonal - r as u32) <= reach);
            if reaches {
                *diagonal = r as u32;
            } else {
                cells[i] = BLOCKED;
            }
        }
    }
}

/// A random `K` for a board whose shorter side is `short`: below `short`, or one time in eight
/// past it.
fn random_reach(rng: &mut Rng, short: u64) -> u64 {
    if rng.chance(1, 8) {
        *rng.pick(&[short, short + 7, 1 << 40, u64::MAX])
    } else {
        rng.below(short)
    }
}

impl Case for GridGameCase {
    const FAMILIES: &'static [&'static str] = &[
        "tiny",
        "one_row",
        "one_column",
        "k0",
        "k_max",
        "no_walls",
        "dense_walls",
        "next_to_goal",
        "judge_max",
        "bench_open",
    ];

    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self {
        let cells = size.clamp(1, MAX_CELLS as usize);
        let name = Self::FAMILIES[family];
        let (rows, cols) = match name {
            "tiny" => {
                let cells = rng.between(1, cells.min(9));
                shape(rng, cells)
            }
            "one_row" => (1, cells),
            "one_column" => (cells, 1),
            "judge_max" => (isqrt(cells).clamp(2, 300), isqrt(cells).clamp(2, 300)),
            "bench_open" => (isqrt(cells).max(1), isqrt(cells).max(1)),
            _ => shape(rng, cells),
        };
        let (short, long) = (rows.min(cols) as u64, rows.max(cols) as u64);
        let reach = match name {
            "k0" => 0,
            "k_max" => *rng.pick(&[short - 1, short - 1, short, long, u64::MAX]),
            "judge_max" | "bench_open" => short - 1,
            _ => random_reach(rng, short),
        };
        let walls = match name {
            "no_walls" | "bench_open" => 0,
            "tiny" => 30,
            "dense_walls" => 45,
            _ => 10,
        };
        let judge_like = match name {
            "judge_max" => true,
            "k0" | "k_max" | "dense_walls" | "next_to_goal" => rng.chance(1, 2),
            _ => false,
        };
        let mut board: Vec<u8> =
            (0..rows * cols).map(|_| if rng.chance(walls, 100) { BLOCKED } else { FREE }).collect();
        let corner = rows * cols - 1;
        board[corner] = if name == "tiny" && rng.chance(1, 4) { BLOCKED } else { FREE };
        // The cells one move from the corner, the corner first.
        let mut goal = vec![(rows - 1, cols - 1)];
        if name == "next_to_goal" || name == "judge_max" {
            goal.extend((rows > 1).then(|| (rows - 2, cols - 1)));
            goal.extend((cols > 1).then(|| (rows - 1, cols - 2)));
            let diagonal = reach.min(short - 1).min(3) as usize;
            goal.extend((1..=diagonal).map(|t| (rows - 1 - t, cols - 1 - t)));
            goal.iter().for_each(|&(r, c)| board[r * cols + c] = FREE);
        }
        if judge_like {
            wall_off_unreachable(&mut board, rows, cols, reach);
        }
        let to_query = |i: usize| ((i / cols) as u32, (i % cols) as u32);
        let queries = match name {
            "next_to_goal" => {
                (0..rng.between(1, 8)).map(|_| rng.pick(&goal)).map(|&(r, c)| (r as u32, c as u32)).collect()
            }
            "bench_open" => (0..(corner + 1).min(300_000))
                .map(|_| to_query(rng.below(corner as u64 + 1) as usize))
                .collect(),
            _ => {
                // The free cells, but for the judge's maximum not the corner.
                let last = if name == "judge_max" { corner } else { corner + 1 };
                let free: Vec<usize> = (0..last).filter(|&i| board[i] == FREE).collect();
                let count = match (free.len(), name) {
                    (0, _) => 0,
                    (_, "judge_max") => size.clamp(1, 300),
                    _ => rng.between(1, (corner / 2).clamp(1, 300)),
                };
                (0..count).map(|_| to_query(*rng.pick(&free))).collect()
            }
        };
        GridGameCase { rows, cols, reach, cells: board, queries }
    }

    fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.cells.len() + self.rows + 16 * self.queries.len());
        for (value, after) in [(self.rows as u64, b' '), (self.cols as u64, b' '), (self.reach, b'\n')] {
            push_decimal(&mut out, value);
            out.push(after);
        }
        for row in self.cells.chunks(self.cols) {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
        push_decimal(&mut out, self.queries.len() as u64);
        out.push(b'\n');
        for &(r, c) in &self.queries {
            push_decimal(&mut out, u64::from(r) + 1);
            out.push(b' ');
            push_decimal(&mut out, u64::from(c) + 1);
            out.push(b'\n');
        }
        out
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        let mut tokens = text.split(|&b| is_space(b)).filter(|t| !t.is_empty());
        let rows = parse_u64(tokens.next()?, false).ok()? as usize;
        let cols = parse_u64(tokens.next()?, false).ok()? as usize;
        let reach = parse_u64(tokens.next()?, true).ok()?;
        let mut cells = Vec::with_capacity(rows * cols);
        for _ in 0..rows {
            cells.extend_from_slice(tokens.next()?);
        }
        let mut number = move || parse_u64(tokens.next()?, false).ok();
        let mut queries = Vec::new();
        for _ in 0..number()? {
            let (r, c) = (number()?, number()?);
            queries.push((r as u32 - 1, c as u32 - 1));
        }
        Some(GridGameCase { rows, cols, reach, cells, queries })
    }

    fn shrink_measure(&self) -> u128 {
        self.measure()
    }

    fn judge_flaw(&self) -> Option<String> {
        let (n, m) = (self.rows, self.cols);
        let corner = n * m - 1;
        let flaw = if !(2..=300).contains(&n) || !(2..=300).contains(&m) {
            format!("N = {n}, M = {m}: the judge has 2 <= N, M <= 300")
        } else if self.reach > n.min(m) as u64 - 1 {
            format!("K = {}: the judge has K <= min(N, M) - 1", self.reach)
        } else if self.cells[corner] != FREE {
            "(N, M) is blocked: the judge has it free".to_string()
        } else if !(1..=300).contains(&self.queries.len()) {
            format!("Q = {}: the judge has 1 <= Q <= 300", self.queries.len())
        } else if self.queries.iter().any(|&(r, c)| r as usize * m + c as usize == corner) {
            "a start on (N, M): the judge has none".to_string()
        } else {
            let mut walled = self.cells.clone();
            wall_off_unreachable(&mut walled, n, m, self.reach);
            if walled == self.cells {
                return None;
            }
            "a free cell cannot reach (N, M): the judge has every one reach it".to_string()
        };
        Some(flaw)
    }

    fn fit_judge(self) -> Self {
        let mut case = self;
        // At least 2 rows and columns (a free one added at the top or left), at most 300.
        if case.rows < 2 {
            case = GridGameCase {
                rows: 2,
                cols: case.cols,
                reach: case.reach,
                cells: [vec![FREE; case.cols], case.cells].concat(),
                queries: case.queries.iter().map(|&(r, c)| (r + 1, c)).collect(),
            };
        }
        if case.cols < 2 {
            let cells = case.cells.iter().flat_map(|&c| [FREE, c]).collect();
            let queries = case.queries.iter().map(|&(r, c)| (r, c + 1)).collect();
            case = GridGameCase { cols: 2, cells, queries, ..case };
        }
        if case.rows > 300 {
            case = case.without_lines(0..case.rows - 300, false);
        }
        if case.cols > 300 {
            case = case.without_lines(0..case.cols - 300, true);
        }
        let (n, m) = (case.rows, case.cols);
        case.reach = case.reach.min(n.min(m) as u64 - 1);
        // The corner and the cell above it free: that one always reaches the corner.
        let (corner, above) = (n * m - 1, (n - 1) * m - 1);
        case.cells[corner] = FREE;
        case.cells[above] = FREE;
        wall_off_unreachable(&mut case.cells, n, m, case.reach);
        let cells = &case.cells;
        case.queries.retain(|&(r, c)| {
            let i = r as usize * m + c as usize;
            i != corner && cells[i] == FREE
        });
        case.queries.truncate(300);
        if case.queries.is_empty() {
            case.queries.push(((n - 2) as u32, (m - 1) as u32));
        }
        case
    }

    fn smaller(&self) -> Vec<Self> {
        let walls: Vec<usize> = (0..self.cells.len()).filter(|&i| self.cells[i] == BLOCKED).collect();
        let kinds = [
            (self.queries.len(), usize::MAX),
            (self.rows, self.rows - 1),
            (self.cols, self.cols - 1),
            (walls.len(), usize::MAX),
        ];
        let weight = (self.cells.len() + self.queries.len()) as u64;
        let weigh = |c: &Self| (c.cells.len() + c.queries.len()) as u64;
        let mut out = shrink_steps(&kinds, weight, weigh, |kind, gone| match kind {
            0 => {
                let queries = [&self.queries[..gone.start], &self.queries[gone.end..]].concat();
                GridGameCase { queries, ..self.clone() }
            }
            1 | 2 => self.without_lines(gone, kind == 2),
            _ => {
                let mut case = self.clone();
                walls[gone].iter().for_each(|&i| case.cells[i] = FREE);
                case
            }
        });
        // K past the board is K = min(N, M) - 1; then by bisection: K - K, K - K/2, K - K/4, ...,
        // K - 1 (a K that fails only from some value on is found in O(log K) steps).
        let mut reaches: Vec<u64> = Vec::new();
        let top = self.rows.min(self.cols) as u64 - 1;
        let bisection = (0..64).map(|bit| self.reach - (self.reach >> bit));
        for reach in std::iter::once(top).chain(bisection) {
            if reach < self.reach && !reaches.contains(&reach) {
                reaches.push(reach);
                out.push(GridGameCase { reach, ..self.clone() });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::{of_family, shrink_to_the_end};
    use super::*;
    use graph_games::games::grid_game::{decide, write_answer};

    fn valid(case: &GridGameCase) -> bool {
        read(&mut Scanner::new(&case.write()[..])).is_ok()
    }

    /// How many queries the first player wins, and how many the second.
    fn answers(case: &GridGameCase) -> [usize; 2] {
        let mut out = Vec::new();
        write_answer(&decide(read(&mut Scanner::new(&case.write()[..])).unwrap()), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        [text.matches("First\n").count(), text.matches("Second\n").count()]
    }

    /// Whether every free cell reaches the corner, move by move (O(N·M·K)).
    fn all_reach_the_corner(case: &GridGameCase) -> bool {
        let (rows, cols) = (case.rows, case.cols);
        let mut reaches = vec![false; rows * cols];
        for i in (0..rows * cols).rev() {
            let (r, c) = (i / cols, i % cols);
            let free = |r: usize, c: usize| r < rows && c < cols && case.cells[r * cols + c] == FREE;
            let good = |r: usize, c: usize| free(r, c) && reaches[r * cols + c];
            let diagonal = (1..=case.reach.min(rows as u64) as usize).any(|t| good(r + t, c + t));
            reaches[i] = free(r, c) && (i + 1 == rows * cols || good(r + 1, c) || good(r, c + 1) || diagonal);
        }
        (0..rows * cols).all(|i| case.cells[i] == BLOCKED || reaches[i])
    }

    #[test]
    fn every_family_gives_valid_inputs_of_about_its_size_the_same_for_a_seed() {
        for f in 0..GridGameCase::FAMILIES.len() {
            let name = GridGameCase::FAMILIES[f];
            for size in [1, 2, 3, 4, 6, 10, 30, 101, 400] {
                for seed in 0..100 {
                    let case = GridGameCase::generate(f, &mut Rng::new(seed), size);
                    assert!(valid(&case), "{name} {size} {seed}: {case:?}");
                    assert_eq!(case, GridGameCase::generate(f, &mut Rng::new(seed), size));
                    assert_eq!(GridGameCase::parse(&case.write()), Some(case.clone()));
                    let cells = case.cells.len();
                    if name != "judge_max" {
                        assert!(cells <= size, "{name} {size}: {cells}");
                    }
                    if name != "tiny" {
                        assert!(2 * cells + 4 * isqrt(size) >= size, "{name} {size}: {cells}");
                    }
                }
            }
        }
        let case = of_family::<GridGameCase>("bench_open", &mut Rng::new(1), 10_000);
        assert!(valid(&case) && !case.cells.contains(&BLOCKED));
        assert_eq!((case.rows, case.cols, case.reach, case.queries.len()), (100, 100, 99, 10_000));
    }

    #[test]
    fn parse_takes_any_valid_text_and_nothing_else() {
        let case = GridGameCase::parse(b"2 02 99999999999999999999999\r\n.#\t..\n2\n1 1 02 2").unwrap();
        let want = GridGameCase {
            rows: 2,
            cols: 2,
            reach: u64::MAX,
            cells: b".#..".to_vec(),
            queries: vec![(0, 0), (1, 1)],
        };
        assert_eq!(case, want);
        let one = GridGameCase { rows: 1, cols: 1, reach: 0, cells: b".".to_vec(), queries: vec![] };
        assert_eq!(GridGameCase::parse(b"1 1 0 . 0"), Some(one));
        for bad in [
            &b""[..],
            b"1 1 0\n.\n",
            b"1 1 0 # 1 1 1",
            b"2 2 0\n.#\n..\n1\n1 2\n",
            b"1 1 -1 . 0",
            b"1 1 0 x 0",
        ] {
            assert_eq!(GridGameCase::parse(bad), None);
        }
    }

    #[test]
    fn the_judges_maximum_keeps_the_judges_promises() {
        for (size, seeds) in [(1, 0..50), (40, 0..50), (1000, 0..20), (90_000, 0..2), (1 << 30, 2..3)] {
            for seed in seeds {
                let case = of_family::<GridGameCase>("judge_max", &mut Rng::new(seed), size);
                let (n, m, k, q) = (case.rows, case.cols, case.reach, case.queries.len());
                assert!((2..=300).contains(&n) && (2..=300).contains(&m) && k < n.min(m) as u64);
                assert!(size < 90_000 || (n, m, k, q) == (300, 300, 299, 300));
                assert!((1..=300).contains(&q) && case.cells[n * m - 1] == FREE);
                assert!(case.queries.iter().all(|&(r, c)| (r as usize, c as usize) != (n - 1, m - 1)));
                assert!(all_reach_the_corner(&case), "{case:?}");
                if size >= 90_000 {
                    let walls = case.cells.iter().filter(|&&c| c == BLOCKED).count() * 100;
                    assert!((8..30).contains(&(walls / (n * m))), "{}", walls / (n * m));
                }
            }
        }
    }

    #[test]
    fn both_answers_appear() {
        let mut seen = [0; 2];
        for f in 0..GridGameCase::FAMILIES.len() {
            let mut here = [0; 2];
            for seed in 0..200 {
                let case = GridGameCase::generate(f, &mut Rng::new(seed), 1 + seed as usize % 60);
                let [first, second] = answers(&case);
                here[0] += first;
                here[1] += second;
                assert_eq!(first + second, case.queries.len());
            }
            assert!(here.iter().all(|&h| h > 0), "{}: {here:?}", GridGameCase::FAMILIES[f]);
            seen[0] += here[0];
            seen[1] += here[1];
        }
        assert!(seen.iter().all(|&s| s > 1000), "first, second: {seen:?}");
    }

    #[test]
    fn every_step_is_valid_and_smaller_and_shrinking_ends() {
        let ends = shrink_to_the_end(80, |seed| 1 + seed as usize % 30, GridGameCase::measure, valid);
        for (case, first, rounds) in ends {
            assert!((rounds as u128) < first.min(1000), "{rounds}");
            let end = GridGameCase { rows: 1, cols: 1, reach: 0, cells: b".".to_vec(), queries: vec![] };
            assert_eq!(case, end);
        }
    }

    #[test]
    fn steps_follow_the_queries_and_lower_k_last() {
        let case = GridGameCase::parse(b"3 2 9\n.#\n..\n#.\n3\n1 1\n2 2\n3 2\n").unwrap();
        let steps = case.smaller();
        let text = |s: &GridGameCase| String::from_utf8(s.write()).unwrap();
        assert_eq!(text(&steps[0]), "3 2 9\n.#\n..\n#.\n1\n3 2\n");
        let rows = steps.iter().map(text).find(|t| t.starts_with("1 2")).unwrap();
        assert_eq!(rows, "1 2 9\n#.\n1\n1 2\n", "the first two rows gone, the last query moved up");
        let reaches: Vec<u64> = steps.iter().rev().take(5).map(|s| s.reach).collect();
        assert_eq!(reaches, [8, 7, 5, 0, 1], "to min(N, M) - 1, then by bisection");
        let columns = steps.iter().map(text).find(|t| t.starts_with("3 1")).unwrap();
        assert_eq!(columns, "3 1 9\n#\n.\n.\n2\n2 1\n3 1\n");
    }

    #[test]
    fn every_family_fits_the_judge_and_the_validator_sees_each_flaw() {
        for f in 0..GridGameCase::FAMILIES.len() {
            for seed in 0..40 {
                let case = GridGameCase::generate(f, &mut Rng::new(seed), 1 + seed as usize * 7);
                let fit = case.fit_judge();
                assert_eq!(fit.judge_flaw(), None, "{fit:?}");
                assert!(valid(&fit) && all_reach_the_corner(&fit), "{fit:?}");
                for step in super::super::candidates(&fit, true) {
                    assert_eq!(step.judge_flaw(), None, "{step:?}");
                }
            }
        }
        let flaw = |text: &[u8]| GridGameCase::parse(text).unwrap().judge_flaw().unwrap();
        assert!(flaw(b"1 2 0\n..\n1\n1 1\n").contains("2 <= N, M <= 300"));
        assert!(flaw(b"2 2 2\n..\n..\n1\n1 1\n").contains("K <= min(N, M) - 1"));
        assert!(flaw(b"2 2 0\n..\n.#\n1\n1 1\n").contains("(N, M) is blocked"));
        assert!(flaw(b"2 2 0\n..\n..\n0\n").contains("1 <= Q <= 300"));
        assert!(flaw(b"2 2 0\n..\n..\n1\n2 2\n").contains("a start on (N, M)"));
        assert!(flaw(b"2 2 0\n.#\n#.\n1\n1 1\n").contains("cannot reach"));
        assert_eq!(GridGameCase::parse(b"2 2 1\n..\n..\n1\n1 1\n").unwrap().judge_flaw(), None);
    }
}
