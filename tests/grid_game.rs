//! BOJ 28218 (grid game) against two independent oracles, the generated judge case proven, and bad
//! input through the binary.
//!
//! The oracles know nothing of the program's sweep:
//! - the plain O(N·M·K) recurrence: a cell wins iff one of its moves (down, right, or 1..=K
//!   diagonally, onto a free cell) reaches a losing cell, decided from the bottom-right corner back;
//! - the shared solver (`graph_games::solver::solve`) on the explicit move graph of the board,
//!   built with `graph_games::graph::Graph` (a cell without moves loses).

use crate::common;
use common::{contract_violation, root, run, run_text, Rng};

use graph_games::games::grid_game::{self, Board, BLOCKED, FREE, LOSE, WIN};
use graph_games::graph::{Graph, GraphGame};
use graph_games::input::Scanner;
use graph_games::solver::{solve, Outcome, Start};

/// A random board, row by row: each cell blocked with probability `wall_percent` / 100.
fn random_cells(rng: &mut Rng, rows: usize, cols: usize, wall_percent: u64) -> Vec<u8> {
    (0..rows * cols).map(|_| if rng.next() % 100 < wall_percent { BLOCKED } else { FREE }).collect()
}

/// The targets of every move from `(i, j)`, free or not.
fn move_targets(i: usize, j: usize, k: usize) -> impl Iterator<Item = (usize, usize)> {
    [(i + 1, j), (i, j + 1)].into_iter().chain((1..=k).map(move |t| (i + t, j + t)))
}

/// Oracle 1: the plain recurrence. `Some(true)` for a free cell where the player to move wins.
fn recurrence(cells: &[u8], rows: usize, cols: usize, k: usize) -> Vec<Option<bool>> {
    let mut wins: Vec<Option<bool>> = vec![None; rows * cols];
    for i in (0..rows).rev() {
        for j in (0..cols).rev() {
            if cells[i * cols + j] == BLOCKED {
                continue;
            }
            let reaches_a_loss = move_targets(i, j, k)
                .filter(|&(a, b)| a < rows && b < cols)
                .any(|(a, b)| wins[a * cols + b] == Some(false));
            wins[i * cols + j] = Some(reaches_a_loss);
        }
    }
    wins
}

/// Oracle 2: the shared solver on the explicit graph of every move between free cells.
fn shared_solver(cells: &[u8], rows: usize, cols: usize, k: usize) -> Vec<Option<bool>> {
    let (mut sources, mut targets) = (Vec::new(), Vec::new());
    for i in 0..rows {
        for j in 0..cols {
            if cells[i * cols + j] == BLOCKED {
                continue;
            }
            for (a, b) in move_targets(i, j, k) {
                if a < rows && b < cols && cells[a * cols + b] == FREE {
                    sources.push((i * cols + j) as u32);
                    targets.push((a * cols + b) as u32);
                }
            }
        }
    }
    let graph = Graph::from_edges(rows * cols, &sources, &targets);
    let solution = solve(&GraphGame::new(&graph, |_| Start::Lose));
    (0..rows * cols)
        .map(|v| match cells[v] {
            BLOCKED => None,
            _ => match solution.outcome(v) {
                Outcome::Win => Some(true),
                Outcome::Lose => Some(false),
                Outcome::Draw => panic!("a draw on a board whose moves form a DAG"),
            },
        })
        .collect()
}

/// The program under test: the decided board as the same vector.
fn program(cells: &[u8], rows: usize, cols: usize, k: u64) -> Vec<Option<bool>> {
    let mut board = Board::new(rows, cols, cells.to_vec());
    board.decide(k);
    (0..rows * cols)
        .map(|v| match board.cell(v / cols, v % cols) {
            WIN => Some(true),
            LOSE => Some(false),
            BLOCKED => None,
            other => panic!("undecided cell {other}"),
        })
        .collect()
}

fn picture(cells: &[u8], cols: usize) -> String {
    cells.chunks(cols).map(|row| String::from_utf8_lossy(row).into_owned() + "\n").collect()
}

/// At least 500 random boards, every K from 0 to min(N, M) - 1 and one far past it, walls from 0%
/// to 50%: the program and both oracles agree on every cell.
#[test]
fn random_boards_agree_with_both_oracles() {
    let mut rng = Rng(28218);
    let mut boards = 0;
    let mut cells_checked = 0;
    for round in 0..600 {
        // Mostly small boards (where every pattern shows), some long and thin ones, some larger
        // ones whose diagonals wrap the sweep's ring many times, and some at least 32 wide both
        // ways, which the sweep does three passes per line instead of cell by cell.
        let (rows, cols) = match round % 12 {
            0..=3 | 6..=9 => (rng.between(1, 8), rng.between(1, 8)),
            4 | 10 => (rng.between(1, 3), rng.between(1, 25)),
            5 => (rng.between(10, 30), rng.between(10, 30)),
            _ => (rng.between(32, 40), rng.between(32, 40)),
        };
        let wall_percent = [0, 10, 20, 30, 40, 50][round % 6];
        let cells = random_cells(&mut rng, rows, cols, wall_percent);
        boards += 1;
        let widest = rows.min(cols) - 1;
        for k in (0..=widest).chain([widest + 1 + rng.between(0, 5)]) {
            let expected = recurrence(&cells, rows, cols, k);
            assert_eq!(
                shared_solver(&cells, rows, cols, k),
                expected,
                "the two oracles disagree, K = {k}, board:\n{}",
                picture(&cells, cols)
            );
            assert_eq!(
                program(&cells, rows, cols, k as u64),
                expected,
                "K = {k}, board:\n{}",
                picture(&cells, cols)
            );
            cells_checked += cells.len();
        }
    }
    assert!(boards >= 500);
    eprintln!("{boards} boards, {cells_checked} cells checked");
}

/// The whole input path (parsing, queries on every free cell, output) against the recurrence.
#[test]
fn queries_on_every_free_cell_match_the_recurrence() {
    let mut rng = Rng(7);
    for _ in 0..100 {
        let (rows, cols) = (rng.between(1, 12), rng.between(1, 12));
        let k = rng.between(0, rows.min(cols));
        let wall_percent = rng.between(0, 50) as u64;
        let cells = random_cells(&mut rng, rows, cols, wall_percent);
        let wins = recurrence(&cells, rows, cols, k);
        let starts: Vec<usize> = (0..rows * cols).filter(|&v| wins[v].is_some()).collect();
        let mut text = format!("{rows} {cols} {k}\n{}{}\n", picture(&cells, cols), starts.len());
        let mut expected = String::new();
        for &v in &starts {
            text += &format!("{} {}\n", v / cols + 1, v % cols + 1);
            expected += if wins[v] == Some(true) { "First\n" } else { "Second\n" };
        }
        let answer = grid_game::decide(grid_game::read(&mut Scanner::new(text.as_bytes())).unwrap());
        let mut out = Vec::new();
        grid_game::write_answer(&answer, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected, "input:\n{text}");
    }
}

/// `expected/grid_game_28218/generated_300x300.out` is what the recurrence answers on its input
/// (which `../shared/bench/gen.py grid 28218 300 300 17 300 0.3` generated), so the file is
/// proven by an oracle, not copied from the program.
#[test]
fn the_generated_judge_case_is_proven_by_the_recurrence() {
    let case = |dir: &str, ext: &str| {
        root().join(dir).join("grid_game_28218").join(format!("generated_300x300.{ext}"))
    };
    let input = std::fs::read_to_string(case("inputs", "in")).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut number = || tokens.next().unwrap().parse::<usize>().unwrap();
    let (rows, cols, k) = (number(), number(), number());
    let mut tokens = input.split_ascii_whitespace().skip(3);
    let cells: Vec<u8> = (0..rows).flat_map(|_| tokens.next().unwrap().bytes()).collect();
    assert_eq!(cells.len(), rows * cols);
    let wins = recurrence(&cells, rows, cols, k);
    let queries: Vec<usize> = tokens.map(|t| t.parse().unwrap()).collect();
    assert_eq!(queries.len(), 1 + 2 * queries[0]);
    let mut expected = String::new();
    for pair in queries[1..].chunks(2) {
        let win = wins[(pair[0] - 1) * cols + pair[1] - 1].expect("a free start");
        expected += if win { "First\n" } else { "Second\n" };
    }
    assert_eq!(std::fs::read_to_string(case("expected", "out")).unwrap(), expected);
}

/// Every truncation and many one-byte corruptions of a valid input: either an answer or exit 2
/// with one `error:` line and nothing on stdout; never a panic.
#[test]
fn bad_input_exits_2_with_one_line_and_never_panics() {
    let valid = b"3 4 1\n.#..\n#...\n...#\n3\n1 1\n2 4\n3 2\n";
    let mut inputs: Vec<Vec<u8>> = (0..valid.len()).map(|cut| valid[..cut].to_vec()).collect();
    let mut rng = Rng(99);
    for _ in 0..60 {
        let mut corrupted = valid.to_vec();
        let at = rng.between(0, valid.len() - 1);
        corrupted[at] = b" \n.#0129x-\xff"[rng.between(0, 10)];
        inputs.push(corrupted);
    }
    inputs.push(b"9999999999999999999999 1 0\n".to_vec());
    inputs.push(b"40000 40000 0\n".to_vec());
    for input in &inputs {
        if let Some(why) = contract_violation(&run("grid_game_28218", &[], input)) {
            panic!("{why}, for {:?}", String::from_utf8_lossy(input));
        }
    }
}

#[test]
fn map_flag_and_help() {
    let (status, stdout, _) = run_text("grid_game_28218", &["--map"], b"2 3 1\n...\n.#.\n1\n1 1\n");
    assert_eq!(status, Some(0));
    // (2, 1) has no move (a wall to its right), so (1, 1) wins by moving down onto it; (1, 2)
    // and (1, 3) move onto the corner (2, 3), diagonally and down.
    assert_eq!(stdout, "WWW\nL#L\n");
    let (status, stdout, _) = run_text("grid_game_28218", &["--help"], b"");
    assert_eq!(status, Some(0));
    assert!(
        stdout.contains("--map") && stdout.contains("W ") && stdout.contains("L ") && stdout.contains("# ")
    );
    let (status, stdout, stderr) = run_text("grid_game_28218", &["--mop"], b"");
    assert_eq!((status, stdout.as_str()), (Some(2), ""));
    assert_eq!(stderr, "error: unknown flag `--mop` (try --help)\n");
}

/// Many queries, read in bulk where they can be: every answer right, and a bad query anywhere
/// (a row or a column out of range, a blocked start) gives the same message as read one by one.
#[test]
fn queries_in_bulk_and_their_errors() {
    let mut rng = Rng(0x0b07_28218);
    for round in 0..40 {
        let (rows, cols) = if round % 2 == 0 { (37, 61) } else { (50, 50) };
        let cells = random_cells(&mut rng, rows, cols, 20);
        let k = rng.between(0, rows.min(cols));
        let wins = recurrence(&cells, rows, cols, k);
        let free: Vec<usize> = (0..rows * cols).filter(|&v| wins[v].is_some()).collect();
        let count = 3000;
        let bad = if round % 4 == 3 { None } else { Some(rng.between(1, count)) };
        let mut text = format!("{rows} {cols} {k}\n{}{count}\n", picture(&cells, cols));
        let mut expected = String::new();
        let mut error = None;
        for i in 1..=count {
            let line = rows + 2 + i;
            let (x, y) = if Some(i) == bad {
                let blocked = (0..rows * cols).find(|&v| wins[v].is_none());
                match (round % 3, blocked) {
                    (0, _) => {
                        let x = rows + 1 + rng.below(5);
                        let why = format!(
                            "the row of query {i} of {count} must be between 1 and {rows}, found {x}"
                        );
                        error = Some(format!("line {line}, column 1: {why}"));
                        (x, 1)
                    }
                    (1, Some(v)) => {
                        let (x, y) = (v / cols + 1, v % cols + 1);
                        error = Some(format!("query {i} of {count} starts on the blocked cell ({x}, {y})"));
                        (x, y)
                    }
                    _ => {
                        let (x, y) = (1, cols + 1 + rng.below(5));
                        let why = format!(
                            "the column of query {i} of {count} must be between 1 and {cols}, found {y}"
                        );
                        error = Some(format!("line {line}, column 3: {why}"));
                        (x, y)
                    }
                }
            } else {
                let v = free[rng.below(free.len())];
                if error.is_none() {
                    expected += if wins[v] == Some(true) { "First\n" } else { "Second\n" };
                }
                (v / cols + 1, v % cols + 1)
            };
            text += &format!("{x} {y}\n");
        }
        let got = grid_game::read(&mut Scanner::new(text.as_bytes())).map(|problem| {
            let mut out = Vec::new();
            grid_game::write_answer(&grid_game::decide(problem), &mut out).unwrap();
            String::from_utf8(out).unwrap()
        });
        match error {
            Some(message) => assert_eq!(got.unwrap_err().message(), message, "round {round}"),
            None => assert_eq!(got.unwrap(), expected, "round {round}"),
        }
    }
}
