//! BOJ 31567 "Move or Block!": the game on the board itself (every board of 1 to 14 cells, checked
//! against a naive fixpoint) equals the model on `(l, r, c)` of `graph_games::games::move_or_block::model`,
//! which equals the closed form of `graph_games::games::move_or_block` on every state with
//! `l + r + c <= 100` (`make prove`: 500, an ignored test here); `--brute` on long boards with few
//! free cells; the large judge cases re-derived; bad input.

use graph_games::games::move_or_block::model::CountsGame;
use graph_games::games::move_or_block::{self as mob, Counts, Rule};
use graph_games::solver::{solve, solve_with_depth, Game, Outcome, Start};
use std::collections::{HashMap, HashSet};
use std::time::Instant;

// Running a built binary on an input; the PRNG.
use crate::common;
use common::run_text;

/// The board of `cells` cells with walls on the bits of `walls` and the piece on `piece`.
fn board_of(cells: usize, walls: u32, piece: usize) -> Vec<u8> {
    (0..cells)
        .map(|i| {
            if i == piece {
                b'O'
            } else if walls >> i & 1 == 1 {
                b'X'
            } else {
                b'.'
            }
        })
        .collect()
}

/// `(l, r, c)` counted the plain way: walk out from the piece, then count every `.`.
fn naive_counts(board: &[u8]) -> (u64, u64, u64) {
    let piece = board.iter().position(|&b| b == b'O').unwrap();
    let left = board[..piece].iter().rev().take_while(|&&b| b == b'.').count();
    let right = board[piece + 1..].iter().take_while(|&&b| b == b'.').count();
    let empty = board.iter().filter(|&&b| b == b'.').count();
    (left as u64, right as u64, (empty - left - right) as u64)
}

/// The game on the board itself, to check the model against: a row of `cells` cells, states
/// `walls * cells + piece` for every wall pattern and piece cell (a board's walls are one such
/// pattern, so every board of `cells` cells is a state). States with the piece on a wall are unused:
/// they start as `Lose` and no move reaches them. A state's predecessors are the states with one
/// of its walls (not under the piece) removed, and those with the piece on an empty neighbour.
#[derive(Debug, Clone)]
struct Exhaustive {
    /// The row's length.
    cells: usize,
}

impl Exhaustive {
    fn new(cells: usize) -> Exhaustive {
        assert!((1..=20).contains(&cells));
        Exhaustive { cells }
    }

    fn state(&self, walls: u32, piece: usize) -> usize {
        walls as usize * self.cells + piece
    }

    /// `(walls, piece)` of a state.
    fn split(&self, state: usize) -> (u32, usize) {
        ((state / self.cells) as u32, state % self.cells)
    }

    /// The free cells next to `piece` that are empty under `walls`, as `[left, right]`.
    fn empty_neighbours(&self, walls: u32, piece: usize) -> [Option<usize>; 2] {
        let empty = |cell: usize| walls >> cell & 1 == 0;
        let left = piece.checked_sub(1).filter(|&p| empty(p));
        let right = Some(piece + 1).filter(|&n| n < self.cells && empty(n));
        [left, right]
    }
}

impl Game for Exhaustive {
    fn num_states(&self) -> usize {
        self.cells << self.cells
    }

    fn max_moves(&self) -> u32 {
        self.cells as u32 + 1
    }

    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        for state in 0..self.num_states() {
            let (walls, piece) = self.split(state);
            let steps = self.empty_neighbours(walls, piece).iter().flatten().count() as u32;
            visit(if walls >> piece & 1 == 1 || steps == 0 {
                // The piece on a wall (an unused state), or walled in.
                Start::Lose
            } else {
                // Every empty cell but the piece's can take a wall.
                Start::Moves(steps + self.cells as u32 - walls.count_ones() - 1)
            });
        }
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
        for &from in self.empty_neighbours(walls, piece).iter().flatten() {
            visit(self.state(walls, from));
        }
    }
}

/// The length of the game from `(l, r, c)` under optimal play, worked by hand from the rules of
/// `src/move_or_block.rs` (`None`: a draw). Walled in: 0. One side walled: 1 (wall the open side).
/// `(1, 1, c)`: the only move that does not lose at once is a wall elsewhere, so both burn `c`, and
/// the player at `(1, 1, 0)` loses in 2 (any move, then the wall that ends it): `c + 2`. Rule 4
/// with `m + c` even: the one winning move is the wall to `(1, 1, m + c - 2)`, so `m + c + 1`.
fn length_by_hand(counts: Counts) -> Option<u32> {
    let Counts { left, right, elsewhere } = counts;
    let m = left.max(right);
    let length = match Rule::of(counts) {
        Rule::WalledIn => 0,
        Rule::OneSideWalled => 1,
        Rule::OneEachSide => elsewhere + 2,
        Rule::OneAndMore if (m + elsewhere) % 2 == 0 => m + elsewhere + 1,
        Rule::OneAndMore | Rule::TwoOrMoreEachSide => return None,
    };
    Some(length as u32)
}

fn counts(l: usize, r: usize, c: usize) -> Counts {
    Counts { left: l as u64, right: r as u64, elsewhere: c as u64 }
}

/// On the game of every `(l, r, c)` with `l + r + c <= limit`: the solver's outcome is the closed
/// form's and its depth the hand-worked length, on every state. Returns how many states.
fn check_closed_form_on_the_model(limit: usize) -> usize {
    let game = CountsGame::new(limit);
    let (solution, depth) = solve_with_depth(&game);
    let mut rules_seen = HashSet::new();
    for s in 0..=limit {
        for l in 0..=s {
            for r in 0..=s - l {
                let counts = counts(l, r, s - l - r);
                let state = game.state(counts);
                assert_eq!(solution.outcome(state), mob::outcome(counts), "{counts:?}");
                let length = depth.depth(state);
                assert_eq!(length, length_by_hand(counts), "{counts:?}");
                rules_seen.insert(format!("{:?}", Rule::of(counts)));
            }
        }
    }
    assert!(limit < 4 || rules_seen.len() == 5, "{rules_seen:?}");
    game.num_states()
}

#[test]
fn closed_form_equals_the_model_up_to_100_free_cells() {
    assert_eq!(check_closed_form_on_the_model(100), 101 * 102 * 103 / 6);
}

/// `make prove`: the same on every state with `l + r + c <= MOVE_OR_BLOCK_PROVE` (default 500).
#[test]
#[ignore]
fn prove_closed_form_on_the_model() {
    let limit = std::env::var("MOVE_OR_BLOCK_PROVE").map_or(500, |v| v.trim().parse().expect("a number"));
    let started = Instant::now();
    let states = check_closed_form_on_the_model(limit);
    println!(
        "move_or_block: the closed form (outcome and length) equals the solved model on every state with \
         l + r + c <= {limit}: {states} states, {:.2} s",
        started.elapsed().as_secs_f64()
    );
}

/// One solver run of the board game per length over every wall pattern and piece cell: its outcome
/// and length equal the model's (solved once for every count up to 14) and the closed form's, every
/// rule occurs, and every winning move the closed form names leads to a losing position.
#[test]
fn board_game_equals_the_model_and_the_closed_form_on_every_board_up_to_14_cells() {
    let model = CountsGame::new(14);
    let (model_solution, model_depth) = solve_with_depth(&model);
    let mut rules_seen = HashSet::new();
    for cells in 1..=14 {
        let game = Exhaustive::new(cells);
        let (solution, depth) = solve_with_depth(&game);
        for state in 0..solution.len() {
            let length = depth.depth(state);
            let (walls, piece) = game.split(state);
            if walls >> piece & 1 == 1 {
                continue; // the piece on a wall: not a position
            }
            let board = board_of(cells, walls, piece);
            let shown = String::from_utf8_lossy(&board).into_owned();
            let solved = solution.outcome(state);
            let position = mob::scan(&board).unwrap();
            let counts = position.counts;
            let three = (counts.left, counts.right, counts.elsewhere);
            assert_eq!(three, naive_counts(&board), "{shown}");
            let in_model = model.state(counts);
            assert_eq!(model_solution.outcome(in_model), solved, "{shown}: {three:?}");
            assert_eq!(model_depth.depth(in_model), length, "{shown}: {three:?}");
            assert_eq!(mob::outcome(counts), solved, "{shown}: {three:?}");
            rules_seen.insert(format!("{:?}", Rule::of(counts)));
            match mob::winning_move(position) {
                Some(cell) => {
                    assert!(solved == Outcome::Win && board[cell] == b'.', "{shown}: move {cell}");
                    let after = game.state(walls | 1 << cell, piece);
                    assert_eq!(solution.outcome(after), Outcome::Lose, "{shown}: move {cell}");
                }
                None => assert_ne!(solved, Outcome::Win, "{shown}: no winning move named"),
            }
        }
    }
    assert_eq!(rules_seen.len(), 5, "{rules_seen:?}");
}

/// The outcome of every `(walls, piece)` on a row of `cells` free cells, by iterating to a fixpoint
/// with the moves generated forwards straight from the rules (no predecessors, no counters).
fn naive_fixpoint(cells: usize) -> HashMap<(u32, usize), Outcome> {
    let is_wall = |walls: u32, i: usize| walls >> i & 1 == 1;
    let positions: Vec<(u32, usize)> = (0..1u32 << cells)
        .flat_map(|w| (0..cells).map(move |p| (w, p)))
        .filter(|&(w, p)| !is_wall(w, p))
        .collect();
    let moves = |(walls, piece): (u32, usize)| -> Vec<(u32, usize)> {
        let steps: Vec<usize> = [piece.wrapping_sub(1), piece + 1]
            .iter()
            .copied()
            .filter(|&n| n < cells && !is_wall(walls, n))
            .collect();
        if steps.is_empty() {
            return Vec::new(); // walled in: he loses
        }
        let builds =
            (0..cells).filter(|&i| i != piece && !is_wall(walls, i)).map(|i| (walls | 1 << i, piece));
        steps.iter().map(|&n| (walls, n)).chain(builds).collect()
    };
    let mut known: HashMap<(u32, usize), Outcome> = HashMap::new();
    loop {
        let mut changed = false;
        for &position in &positions {
            if known.contains_key(&position) {
                continue;
            }
            let next: Vec<Option<Outcome>> = moves(position).iter().map(|m| known.get(m).copied()).collect();
            let decided = if next.contains(&Some(Outcome::Lose)) {
                Some(Outcome::Win)
            } else if next.iter().all(|&o| o == Some(Outcome::Win)) {
                Some(Outcome::Lose)
            } else {
                None
            };
            if let Some(outcome) = decided {
                known.insert(position, outcome);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    positions.into_iter().map(|p| (p, known.get(&p).copied().unwrap_or(Outcome::Draw))).collect()
}

#[test]
fn exhaustive_game_equals_a_naive_fixpoint() {
    for cells in 1..=7 {
        let game = Exhaustive::new(cells);
        let solution = solve(&game);
        for ((walls, piece), outcome) in naive_fixpoint(cells) {
            assert_eq!(
                solution.outcome(game.state(walls, piece)),
                outcome,
                "{cells} cells, {walls:b} {piece}"
            );
        }
    }
}

/// Appends `free` empty cells in segments of random lengths, each followed by a run of walls of
/// random length, so that the part ends with a wall.
fn push_segments(board: &mut Vec<u8>, mut free: usize, rng: &mut common::Rng) {
    while free > 0 {
        let segment = rng.between(1, free);
        board.extend(std::iter::repeat(b'.').take(segment));
        free -= segment;
        board.extend(std::iter::repeat(b'X').take(rng.between(1, 3000)));
    }
}

/// `--brute --explain` through the binary on random boards of up to about 10^5 cells with at most
/// 150 free cells: the verdict is the closed form's and the length the hand-worked one.
#[test]
fn brute_on_long_boards_with_few_free_cells_equals_the_closed_form() {
    let mut rng = common::Rng(0x6d6f_7665_626c_6f63);
    let mut rules_seen = HashSet::new();
    for round in 0..40 {
        // Every rule first, then small sides most of the time.
        let side =
            |rng: &mut common::Rng| if rng.below(3) == 0 { rng.between(0, 40) } else { rng.between(0, 3) };
        let fixed = [(1, 1), (0, 0), (1, 4), (5, 0), (2, 2)];
        let (l, r) = fixed.get(round).copied().unwrap_or_else(|| (side(&mut rng), side(&mut rng)));
        let c = rng.between(0, 150 - l - r);
        let before = rng.between(0, c);
        let mut board = Vec::new();
        push_segments(&mut board, before, &mut rng);
        if round % 2 == 0 {
            board.extend(std::iter::repeat(b'X').take(rng.between(1, 20_000)));
        }
        board.extend(std::iter::repeat(b'.').take(l));
        board.push(b'O');
        board.extend(std::iter::repeat(b'.').take(r));
        if c > before || round % 3 == 0 {
            board.extend(std::iter::repeat(b'X').take(rng.between(1, 20_000)));
        }
        push_segments(&mut board, c - before, &mut rng);
        let counts = mob::scan(&board).unwrap().counts;
        assert_eq!(naive_counts(&board), (l as u64, r as u64, c as u64));
        rules_seen.insert(format!("{:?}", Rule::of(counts)));
        let mut input = format!("{}\n", board.len()).into_bytes();
        input.extend_from_slice(&board);
        let (status, out, err) = run_text("move_or_block", &["--brute", "--explain"], &input);
        assert_eq!(status, Some(0), "{err}");
        let shown = format!("{} cells, {counts:?}", board.len());
        assert_eq!(out.lines().next(), Some(mob::winner(mob::outcome(counts))), "{shown}: {out}");
        let length = match length_by_hand(counts) {
            Some(1) => "length: 1 move ".to_string(),
            Some(moves) => format!("length: {moves} moves "),
            None => "length: endless ".to_string(),
        };
        assert!(out.lines().nth(4).unwrap_or("").starts_with(&length), "{shown}: {out}");
    }
    assert_eq!(rules_seen.len(), 5, "{rules_seen:?}");
}

/// The judge case `large_rule4_1e6`, derived by hand. The board (cells numbered from 1):
/// - cell 1 a wall, cells 2..=499_998 empty (499_997 cells),
/// - cell 499_999 a wall, cell 500_000 empty, the piece on cell 500_001,
/// - cells 500_002..=500_004 empty, cell 500_005 a wall,
/// - cells 500_006..=1_000_000 (499_995 cells) the pattern `..X` 166_665 times (333_330 empty).
///
/// So l = 1 (cell 500_000), r = 3, and c = 499_997 + 333_330 = 833_327. One side has 1 cell and
/// the other m = 3: rule 4, and m + c = 833_330 is even, so the player to move (Mingyu) wins, by
/// walling the cell two beyond the piece on the long side, cell 500_003. Expected: `mingyu`.
#[test]
fn the_large_judge_case_is_what_its_derivation_says() {
    let board = ["X", &".".repeat(499_997), "X.O...X", &"..X".repeat(166_665)].concat();
    assert_eq!(board.len(), 1_000_000);
    let input = format!("1000000\n{board}\n");
    let root = env!("CARGO_MANIFEST_DIR");
    let committed =
        std::fs::read_to_string(format!("{root}/inputs/move_or_block/large_rule4_1e6.in")).unwrap();
    assert!(committed == input, "the committed input is not the board described here");
    assert_eq!(naive_counts(board.as_bytes()), (1, 3, 833_327));
    let expected =
        std::fs::read_to_string(format!("{root}/expected/move_or_block/large_rule4_1e6.out")).unwrap();
    assert_eq!(expected, "mingyu\n");
    let (status, out, _) = run_text("move_or_block", &["--explain"], input.as_bytes());
    assert_eq!(status, Some(0));
    assert!(out.contains("l = 1, r = 3, c = 833327 "), "{out}");
    assert!(
        out.contains("rule 4 ") && out.contains("\nwinning move: mingyu builds a wall on cell 500003\n"),
        "{out}"
    );
    assert!(
        out.ends_with("\nlength: not computed (833331 free cells, more than the 500 the model solves)\n"),
        "{out}"
    );
}

/// The judge case `brute_long` (`--brute --explain`), derived by hand. The board (cells from 1):
/// - cells 1..=40_000 walls; cells 40_001..=40_030 the pattern `..X` 10 times (20 empty);
/// - cells 40_031..=70_000 walls; then `.O....X`: cell 70_001 empty, the piece on 70_002, cells
///   70_003..=70_006 empty, cell 70_007 a wall;
/// - cells 70_008..=99_990 walls; cells 99_991..=100_000 empty (10).
///
/// So l = 1, r = 4, c = 20 + 10 = 30: 35 free cells, within `--brute`'s model. Rule 4 with
/// m + c = 34 even: Mingyu wins by walling two beyond the piece on the long side, cell 70_004, which
/// leaves (1, 1, 32); the game lasts m + c + 1 = 35 moves (see `length_by_hand`).
#[test]
fn the_brute_long_judge_case_is_what_its_derivation_says() {
    let board = [
        "X".repeat(40_000),
        "..X".repeat(10),
        "X".repeat(29_970),
        ".O....X".to_string(),
        "X".repeat(29_983),
        ".".repeat(10),
    ]
    .concat();
    assert_eq!(board.len(), 100_000);
    let root = env!("CARGO_MANIFEST_DIR");
    let committed = std::fs::read_to_string(format!("{root}/inputs/move_or_block/brute_long.in")).unwrap();
    assert!(committed == format!("100000\n{board}\n"), "the committed input is not the board described here");
    assert_eq!(naive_counts(board.as_bytes()), (1, 4, 30));
    assert_eq!(length_by_hand(counts(1, 4, 30)), Some(35));
    let expected = std::fs::read_to_string(format!("{root}/expected/move_or_block/brute_long.out")).unwrap();
    assert!(
        expected.starts_with("mingyu\nl = 1, r = 4, c = 30 ") && expected.contains("\nrule 4 "),
        "{expected}"
    );
    assert!(expected.ends_with(
        "on cell 70004\nlength: 35 moves under optimal play (the winner hurries, the loser stalls)\n"
    ));
}

/// Bad input beyond the `.err` judge cases: exit 2, nothing on stdout, one `error:` line, no panic.
#[test]
fn bad_input_is_one_error_line() {
    let cases: &[(&[&str], &[u8], &str)] = &[
        (&[], b"", "line 1, column 1: expected the board size N"),
        (&[], b"99999999999999999999999\n.O.\n", "(too large)"),
        (&[], b"1000000000000000000\n.O.\n", "the board has 3 cells, but N = 1000000000000000000"),
        (&["--brute"], b"1000000000000000000\n.O.\n", "the board has 3 cells, but N = 1000000000000000000"),
        (&[], b"3\n.\xc3\xa9\n", "line 2, column 2: a cell must be"),
        (&[], b"4\n.O\x00.\n", "line 2, column 3: a cell must be"),
        (&[], b"2\nOO\n", "line 2, column 2: a second piece"),
        (&[], b"3 .O. 4\n", "line 1, column 7: unexpected `4` after the board"),
        (&["--explain", "x"], b"1\nO\n", "unexpected argument `x`"),
    ];
    for &(args, input, part) in cases {
        let out = common::run("move_or_block", args, input);
        common::assert_rejected(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(part), "{:?}: {err} (wanted {part})", String::from_utf8_lossy(input));
    }
}

/// A long board in pieces of every awkward size reaches the scan whole: the binary's counts on a
/// board longer than the scanner's buffer match the plain count.
#[test]
fn long_board_through_the_binary() {
    let mut board = vec![b'.'; 300_001];
    for i in (0..board.len()).step_by(7) {
        board[i] = b'X';
    }
    board[200_000] = b'O';
    let (l, r, c) = naive_counts(&board);
    let mut input = format!("{}\n", board.len()).into_bytes();
    input.extend_from_slice(&board);
    let (status, out, err) = run_text("move_or_block", &["--explain"], &input);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains(&format!("l = {l}, r = {r}, c = {c} ")), "{out}");
}
