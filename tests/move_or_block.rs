//! BOJ 31567 "Move or Block!": the closed form of `graph_games::move_or_block` proven against the
//! exhaustive game on every board of 1 to 14 cells, the exhaustive game itself checked against a
//! naive fixpoint written here from the rules, the large judge case re-derived, and bad input.

use graph_games::move_or_block::{self as mob, Exhaustive, Rule};
use graph_games::solver::{solve, Game, Outcome};
use std::collections::{HashMap, HashSet};

// Running a built binary on an input, with a separate writer for stdin.
mod common;

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

/// One solver run per board length over every wall pattern and piece cell: the closed form gives
/// the solver's outcome everywhere, the outcome depends on `(l, r, c)` only (across lengths too),
/// every rule occurs, and every winning move it names leads to a losing position.
#[test]
fn closed_form_equals_the_solver_on_every_board_up_to_14_cells() {
    let mut by_counts: HashMap<(u64, u64, u64), Outcome> = HashMap::new();
    let mut rules_seen = HashSet::new();
    for cells in 1..=14 {
        let game = Exhaustive::open_row(cells);
        let solution = solve(&game);
        for state in 0..game.num_states() {
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
            assert_eq!(mob::outcome(counts), solved, "{shown}: {three:?}");
            assert_eq!(*by_counts.entry(three).or_insert(solved), solved, "{shown}: {three:?}");
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
            .into_iter()
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
        let game = Exhaustive::open_row(cells);
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

/// `--brute` solves the game of the cells free at the start; on boards with walls (so the free
/// cells are not all neighbours) it agrees with the closed form, which the test above proves.
#[test]
fn brute_on_boards_with_walls_equals_the_closed_form() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |bound: u64| {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % bound
    };
    for _ in 0..300 {
        let cells = 1 + next(16) as usize;
        let mut board: Vec<u8> = (0..cells).map(|_| if next(3) == 0 { b'X' } else { b'.' }).collect();
        board[next(cells as u64) as usize] = b'O';
        let closed = mob::outcome(mob::scan(&board).unwrap().counts);
        assert_eq!(mob::brute_outcome(&board), closed, "{}", String::from_utf8_lossy(&board));
    }
}

/// Runs the binary on `input` with `args`: (exit status, stdout, stderr).
fn run(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    common::run_text("move_or_block", args, input)
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
    let (status, out, _) = run(&["--explain"], input.as_bytes());
    assert_eq!(status, Some(0));
    assert!(out.contains("l = 1, r = 3, c = 833327 "), "{out}");
    assert!(
        out.contains("rule 4 ") && out.ends_with("winning move: mingyu builds a wall on cell 500003\n"),
        "{out}"
    );
}

/// Bad input beyond the `.err` judge cases: exit 2, nothing on stdout, one `error:` line, no panic.
#[test]
fn bad_input_is_one_error_line() {
    let cases: &[(&[&str], &[u8], &str)] = &[
        (&[], b"", "line 1, column 1: expected the board size N"),
        (&[], b"99999999999999999999999\n.O.\n", "(too large)"),
        (&[], b"1000000000000000000\n.O.\n", "the board has 3 cells, but N = 1000000000000000000"),
        (&["--brute"], b"1000000000000000000\n.O.\n", "--brute solves boards of at most 20 cells"),
        (&[], b"3\n.\xc3\xa9\n", "line 2, column 2: a cell must be"),
        (&[], b"4\n.O\x00.\n", "line 2, column 3: a cell must be"),
        (&[], b"2\nOO\n", "line 2, column 2: a second piece"),
        (&[], b"3 .O. 4\n", "line 1, column 7: unexpected `4` after the board"),
        (&["--explain", "x"], b"1\nO\n", "unexpected argument `x`"),
    ];
    for &(args, input, part) in cases {
        let (status, out, err) = run(args, input);
        let shown = String::from_utf8_lossy(input);
        assert_eq!(status, Some(2), "{shown:?}: {err}");
        assert!(out.is_empty() && err.starts_with("error: ") && err.ends_with('\n'), "{shown:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{shown:?}: {err}");
        assert!(err.contains(part), "{shown:?}: {err} (wanted {part})");
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
    let (status, out, err) = run(&["--explain"], &input);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains(&format!("l = {l}, r = {r}, c = {c} ")), "{out}");
}
