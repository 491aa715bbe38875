//! Generated inputs of [`graph_games::games::move_or_block`] (`move_or_block`): [`MoveOrBlockCase`], a board as data.
//!
//! # Families
//! `size` is the number of cells `N` (at least 1); every family but `tiny` has exactly `size`.
//! - `tiny`: at most 8 cells, a quarter walls.
//! - `no_walls`: no wall at all: `l`, `r` and `c = 0` from where the piece stands (rule 2 at an
//!   end, rule 3 or 4 next to one, rule 5 elsewhere).
//! - `dense_walls`: half the cells walls: short segments, many cells elsewhere.
//! - `walled_in`: a wall (or the board's end) on both sides of the piece from the start: rule 1,
//!   Yunsu wins (beyond the judge, which never gives this).
//! - `piece_at_end`: the piece on the first or the last cell, a quarter walls: rules 1 and 2.
//! - `one_each_side`: `l = r = 1` (an empty cell on each side of the piece, then a wall or the
//!   end), a quarter walls elsewhere: rule 3, the parity of `c` (from 3 cells on; fewer cannot
//!   hold it).
//! - `long`: a long random board, walls at a density of 1/4, 1/8, 1/16 or 1/64: the benchmark's
//!   `N = 10^6` and `10^8`. The cells are drawn several to a random word and written straight
//!   into the board, which is all the generator holds.
//!
//! # Shrinking
//! [`MoveOrBlockCase::measure`] is `N` plus the walls: every step of [`Case::smaller`] drops cells
//! other than the piece or turns walls empty, so it lowers the measure and shrinking ends. Steps
//! come coarsest first: half the cells, half the walls, then quarters, ..., then single ones.

use super::{shrink_steps, Case, Rng};
use graph_games::games::move_or_block::read;
use graph_games::input::decimal::parse_u64;
use graph_games::input::{is_space, Scanner};

/// The judge's largest `N` (BOJ 31567).
pub const JUDGE_MAX_CELLS: usize = 1_000_000;

const EMPTY: u8 = b'.';
const WALL: u8 = b'X';
const PIECE: u8 = b'O';

/// One input of `move_or_block`: the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveOrBlockCase {
    /// The `N` cells: `.` empty, `X` wall, `O` the piece (exactly one).
    pub board: Vec<u8>,
}

impl MoveOrBlockCase {
    /// What every shrink step lowers: the cells plus the walls.
    pub fn measure(&self) -> u64 {
        (self.board.len() + self.board.iter().filter(|&&c| c == WALL).count()) as u64
    }

    fn piece(&self) -> usize {
        self.board.iter().position(|&c| c == PIECE).expect("a piece on the board")
    }
}

/// `n` cells, each a wall with probability `2^-bits` (none for `bits = 0`), several cells drawn
/// from each random word.
fn random_board(rng: &mut Rng, n: usize, bits: u32) -> Vec<u8> {
    if bits == 0 {
        return vec![EMPTY; n];
    }
    let mask = (1u64 << bits) - 1;
    let per_word = (64 / bits) as usize;
    let mut board = Vec::with_capacity(n);
    while board.len() < n {
        let mut word = rng.next_u64();
        for _ in 0..per_word.min(n - board.len()) {
            board.push(if word & mask == 0 { WALL } else { EMPTY });
            word >>= bits;
        }
    }
    board
}

impl Case for MoveOrBlockCase {
    const FAMILIES: &'static [&'static str] =
        &["tiny", "no_walls", "dense_walls", "walled_in", "piece_at_end", "one_each_side", "long"];

    fn generate(family: usize, rng: &mut Rng, size: usize) -> Self {
        let n = size.max(1);
        let name = Self::FAMILIES[family];
        let (n, bits) = match name {
            "tiny" => (rng.between(1, n.min(8)), 2),
            "no_walls" => (n, 0),
            "dense_walls" => (n, 1),
            "long" => (n, *rng.pick(&[2, 3, 4, 6])),
            _ => (n, 2),
        };
        let mut board = random_board(rng, n, bits);
        let piece = match name {
            "piece_at_end" if rng.chance(1, 2) => 0,
            "piece_at_end" => n - 1,
            "one_each_side" if n >= 3 => rng.between(1, n - 2),
            _ => rng.below(n as u64) as usize,
        };
        board[piece] = PIECE;
        // What stands at each distance from the piece, on either side, where the board has it.
        let around: &[u8] = match name {
            "walled_in" => &[WALL],
            "one_each_side" => &[EMPTY, WALL],
            _ => &[],
        };
        for (d, &cell) in around.iter().enumerate() {
            for at in [piece.wrapping_sub(d + 1), piece + d + 1] {
                if at < n {
                    board[at] = cell;
                }
            }
        }
        MoveOrBlockCase { board }
    }

    fn write(&self) -> Vec<u8> {
        let header = format!("{}\n", self.board.len());
        let mut out = Vec::with_capacity(header.len() + self.board.len() + 1);
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(&self.board);
        out.push(b'\n');
        out
    }

    fn parse(text: &[u8]) -> Option<Self> {
        read(&mut Scanner::new(text)).ok()?;
        let mut tokens = text.split(|&b| is_space(b)).filter(|t| !t.is_empty());
        parse_u64(tokens.next()?, false).ok()?;
        Some(MoveOrBlockCase { board: tokens.next()?.to_vec() })
    }

    fn shrink_measure(&self) -> u128 {
        self.measure().into()
    }

    fn judge_flaw(&self) -> Option<String> {
        let n = self.board.len();
        if !(2..=JUDGE_MAX_CELLS).contains(&n) {
            return Some(format!("N = {n}: the judge has 2 <= N <= 1,000,000"));
        }
        let piece = self.piece();
        let open = |at: Option<usize>| at.map_or(false, |at| at < n && self.board[at] == EMPTY);
        if !open(piece.checked_sub(1)) && !open(Some(piece + 1)) {
            return Some("the piece is walled in at the start: the judge never has it".to_string());
        }
        None
    }

    fn fit_judge(self) -> Self {
        let mut board = self.board;
        board.truncate(JUDGE_MAX_CELLS.max(board.iter().position(|&c| c == PIECE).unwrap_or(0) + 1));
        if board.len() < 2 {
            board.push(EMPTY);
        }
        let piece = board.iter().position(|&c| c == PIECE).expect("a piece on the board");
        let free = |at: usize| board.get(at) == Some(&EMPTY);
        let walled_in = !free(piece + 1) && (piece == 0 || !free(piece - 1));
        if walled_in {
            let side = if piece + 1 < board.len() { piece + 1 } else { piece - 1 };
            board[side] = EMPTY;
        }
        MoveOrBlockCase { board }
    }

    fn smaller(&self) -> Vec<Self> {
        let piece = self.piece();
        let walls: Vec<usize> = (0..self.board.len()).filter(|&i| self.board[i] == WALL).collect();
        let kinds = [(self.board.len() - 1, usize::MAX), (walls.len(), usize::MAX)];
        let weight = self.board.len() as u64;
        shrink_steps(
            &kinds,
            weight,
            |c: &Self| c.board.len() as u64,
            |kind, gone| {
                if kind == 0 {
                    // Cells numbered without the piece: the piece's cell and those after it are one on.
                    let (start, end) = (
                        gone.start + usize::from(gone.start >= piece),
                        gone.end + usize::from(gone.end > piece),
                    );
                    let cells = self.board.iter().enumerate();
                    let board = cells
                        .filter(|&(i, _)| i == piece || i < start || i >= end)
                        .map(|(_, &c)| c)
                        .collect();
                    MoveOrBlockCase { board }
                } else {
                    let mut case = self.clone();
                    walls[gone].iter().for_each(|&i| case.board[i] = EMPTY);
                    case
                }
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::{of_family, shrink_to_the_end};
    use super::*;
    use graph_games::games::move_or_block::{decide, scan, winner, Rule};

    fn valid(case: &MoveOrBlockCase) -> bool {
        read(&mut Scanner::new(&case.write()[..])).is_ok()
    }

    fn word(case: &MoveOrBlockCase) -> &'static str {
        winner(decide(read(&mut Scanner::new(&case.write()[..])).unwrap()))
    }

    #[test]
    fn every_family_gives_valid_inputs_of_its_size_the_same_for_a_seed() {
        for f in 0..MoveOrBlockCase::FAMILIES.len() {
            let name = MoveOrBlockCase::FAMILIES[f];
            for size in [1, 2, 3, 4, 5, 8, 13, 64, 200, 1000] {
                for seed in 0..100 {
                    let case = MoveOrBlockCase::generate(f, &mut Rng::new(seed), size);
                    assert!(valid(&case), "{name} {size} {seed}: {case:?}");
                    assert_eq!(case, MoveOrBlockCase::generate(f, &mut Rng::new(seed), size));
                    assert_eq!(MoveOrBlockCase::parse(&case.write()), Some(case.clone()));
                    let n = case.board.len();
                    assert!(if name == "tiny" { n <= size.min(8) } else { n == size }, "{name} {size}");
                }
            }
        }
        let long = of_family::<MoveOrBlockCase>("long", &mut Rng::new(3), 1_000_000);
        assert!(valid(&long) && long.board.len() == 1_000_000);
        let walls = long.board.iter().filter(|&&c| c == WALL).count();
        assert!([4, 8, 16, 64].iter().any(|d| walls.abs_diff(1_000_000 / d) < 2_000), "{walls}");
    }

    #[test]
    fn parse_takes_any_valid_text_and_nothing_else() {
        let case = MoveOrBlockCase::parse(b"\r\n04\t.OX.").unwrap();
        assert_eq!(case, MoveOrBlockCase { board: b".OX.".to_vec() });
        for bad in [&b""[..], b"0\n", b"3\n.O", b"2\nOO", b"2\n..", b"2\nO.\nx", b"2\nOx"] {
            assert_eq!(MoveOrBlockCase::parse(bad), None);
        }
    }

    #[test]
    fn every_answer_appears_and_the_families_keep_their_promises() {
        let mut seen = [0; 3];
        for f in 0..MoveOrBlockCase::FAMILIES.len() {
            let name = MoveOrBlockCase::FAMILIES[f];
            for seed in 0..300 {
                let size = 1 + seed as usize % 50;
                let case = MoveOrBlockCase::generate(f, &mut Rng::new(seed), size);
                let word = word(&case);
                seen[["mingyu", "yunsu", "draw"].iter().position(|&w| w == word).unwrap()] += 1;
                let rule = Rule::of(scan(&case.board).unwrap().counts);
                match name {
                    "walled_in" => assert_eq!(rule, Rule::WalledIn),
                    "piece_at_end" => assert!(matches!(rule, Rule::WalledIn | Rule::OneSideWalled)),
                    "one_each_side" if size >= 3 => assert_eq!(rule, Rule::OneEachSide),
                    _ => {}
                }
            }
        }
        assert!(seen.iter().all(|&s| s > 100), "mingyu, yunsu, draw: {seen:?}");
    }

    #[test]
    fn every_step_is_valid_and_smaller_and_shrinking_ends() {
        let ends = shrink_to_the_end(100, |seed| 1 + seed as usize % 40, MoveOrBlockCase::measure, valid);
        for (case, first, rounds) in ends {
            assert!((rounds as u64) < first && case.board == b"O", "{case:?}");
        }
    }

    #[test]
    fn steps_go_around_the_piece() {
        let case = MoveOrBlockCase { board: b"X.OX".to_vec() };
        let boards: Vec<Vec<u8>> = case.smaller().into_iter().map(|c| c.board).collect();
        let want: [&[u8]; 6] = [b"OX", b"X.O", b"..OX", b"X.O.", b".OX", b"XOX"];
        assert_eq!(boards, want);
        let huge = of_family::<MoveOrBlockCase>("long", &mut Rng::new(1), 4_000_000);
        let steps = huge.smaller();
        assert!(steps.len() <= 6 && steps[0].board.len() == 2_000_000);
    }

    #[test]
    fn every_family_fits_the_judge_and_the_validator_sees_each_flaw() {
        for f in 0..MoveOrBlockCase::FAMILIES.len() {
            for seed in 0..40 {
                let fit =
                    MoveOrBlockCase::generate(f, &mut Rng::new(seed), 1 + seed as usize % 9).fit_judge();
                assert_eq!(fit.judge_flaw(), None, "{fit:?}");
                for step in super::super::candidates(&fit, true) {
                    assert_eq!(step.judge_flaw(), None, "{step:?}");
                }
            }
        }
        let flaw = |board: &[u8]| MoveOrBlockCase { board: board.to_vec() }.judge_flaw();
        assert!(flaw(b"O").unwrap().contains("2 <= N"));
        assert!(flaw(b"XOX.").unwrap().contains("walled in"));
        assert!(flaw(b"OX").is_some() && flaw(b"XO.").is_none() && flaw(b".O").is_none());
        assert_eq!(MoveOrBlockCase { board: b"O".to_vec() }.fit_judge().board, b"O.");
        assert_eq!(MoveOrBlockCase { board: b"XXO".to_vec() }.fit_judge().board, b"X.O");
    }
}
