//! The policeman and the thief against an independent oracle.
//!
//! The oracle reads the board text itself, builds the explicit state graph the plain way (every
//! pair of grid cells and whose turn, the moves straight from the rules: a step in one of the
//! mover's directions onto a free cell, or a skip), and decides it with a naive synchronous
//! fixpoint: in round `d` a state wins if it has a move into a state already known to lose, and
//! loses if all its moves lead into states already known to win; the round is its depth. Nothing
//! of `police_thief` is used except to read the board and to name the states being compared.

use crate::common;
use common::{root, Rng};
use graph_games::games::police_thief::explain as police_thief_explain;
use graph_games::games::police_thief::{self, Board, PoliceThief, Turn, Verdict};
use graph_games::input::Scanner;
use graph_games::solver::{solve_with_depth, Outcome};

const POLICE_STEPS: [(i64, i64); 9] =
    [(0, 0), (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
const THIEF_STEPS: [(i64, i64); 5] = [(0, 0), (-1, 0), (0, -1), (0, 1), (1, 0)];

/// The explicit game: state `(p * cells + t) * 2 + turn` for grid cells `p`, `t` (turn 0: the
/// policeman to move); states with a piece on a wall are never used.
struct Oracle {
    rows: usize,
    cols: usize,
    grid: Vec<u8>,
    /// For every state: `Some((wins, depth))` for the player to move, `None` for a draw.
    result: Vec<Option<(bool, u32)>>,
}

impl Oracle {
    fn new(text: &str) -> Oracle {
        let mut words = text.split_whitespace();
        let rows: usize = words.next().unwrap().parse().unwrap();
        let cols: usize = words.next().unwrap().parse().unwrap();
        let grid: Vec<u8> = words.flat_map(|w| w.bytes()).collect();
        assert_eq!(grid.len(), rows * cols);
        let cells = rows * cols;
        let free = |c: usize| grid[c] != b'*';
        let count = cells * cells * 2;
        let mut moves: Vec<Vec<usize>> = vec![Vec::new(); count];
        let mut result: Vec<Option<(bool, u32)>> = vec![None; count];
        let mut decided = vec![false; count];
        for p in (0..cells).filter(|&c| free(c)) {
            for t in (0..cells).filter(|&c| free(c)) {
                for turn in 0..2 {
                    let s = (p * cells + t) * 2 + turn;
                    let police_won = p == t;
                    let thief_won = !police_won && grid[t] == b'E';
                    if police_won || thief_won {
                        // The player to move wins iff the finished game went his way.
                        result[s] = Some(((turn == 0) == police_won, 0));
                        decided[s] = true;
                        continue;
                    }
                    let (mover, steps): (usize, &[(i64, i64)]) =
                        if turn == 0 { (p, &POLICE_STEPS) } else { (t, &THIEF_STEPS) };
                    let (r, c) = ((mover / cols) as i64, (mover % cols) as i64);
                    for &(dr, dc) in steps {
                        let (nr, nc) = (r + dr, c + dc);
                        if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                            continue;
                        }
                        let to = nr as usize * cols + nc as usize;
                        if !free(to) {
                            continue;
                        }
                        let (np, nt) = if turn == 0 { (to, t) } else { (p, to) };
                        moves[s].push((np * cells + nt) * 2 + (1 - turn));
                    }
                }
            }
        }
        let mut round = 0;
        loop {
            round += 1;
            let mut newly = Vec::new();
            for s in 0..count {
                if decided[s] || moves[s].is_empty() {
                    continue;
                }
                let known = |x: usize| if decided[x] { result[x].map(|(w, _)| w) } else { None };
                if moves[s].iter().any(|&x| known(x) == Some(false)) {
                    newly.push((s, true));
                } else if moves[s].iter().all(|&x| known(x) == Some(true)) {
                    newly.push((s, false));
                }
            }
            if newly.is_empty() {
                break;
            }
            for (s, wins) in newly {
                result[s] = Some((wins, round));
                decided[s] = true;
            }
        }
        Oracle { rows, cols, grid, result }
    }

    fn state(&self, (pr, pc): (usize, usize), (tr, tc): (usize, usize), turn: Turn) -> usize {
        let cells = self.rows * self.cols;
        ((pr * self.cols + pc) * cells + tr * self.cols + tc) * 2 + (turn == Turn::Thief) as usize
    }

    fn start(&self) -> usize {
        let find = |ch| {
            let i = self.grid.iter().position(|&g| g == ch).unwrap();
            (i / self.cols, i % self.cols)
        };
        self.state(find(b'P'), find(b'T'), Turn::Police)
    }

    fn verdict(&self) -> Verdict {
        match self.result[self.start()] {
            Some((true, _)) => Verdict::PoliceWins,
            Some((false, _)) => Verdict::ThiefEscapes,
            None => Verdict::Draw,
        }
    }

    /// Whether `to` follows `from` by one legal move.
    fn is_move(&self, from: usize, to: usize) -> bool {
        let cells = self.rows * self.cols;
        let (p, t, turn) = (from / 2 / cells, from / 2 % cells, from % 2);
        let (np, nt, nturn) = (to / 2 / cells, to / 2 % cells, to % 2);
        let near = |a: usize, b: usize, king: bool| {
            let (dr, dc) = ((a / self.cols).abs_diff(b / self.cols), (a % self.cols).abs_diff(b % self.cols));
            dr <= 1 && dc <= 1 && (king || dr + dc <= 1)
        };
        nturn != turn
            && self.grid[np] != b'*'
            && self.grid[nt] != b'*'
            && if turn == 0 { nt == t && near(p, np, true) } else { np == p && near(t, nt, false) }
    }
}

fn read(text: &str) -> Board {
    police_thief::read(&mut Scanner::new(text.as_bytes())).unwrap()
}

fn random_board(rng: &mut Rng) -> String {
    let (rows, cols) = loop {
        let (r, c) = (1 + rng.below(6), 1 + rng.below(6));
        if r * c >= 2 {
            break (r, c);
        }
    };
    let cells = rows * cols;
    let wall_percent = [0, 10, 25, 40, 55][rng.below(5)];
    let mut grid: Vec<u8> =
        (0..cells).map(|_| if rng.below(100) < wall_percent { b'*' } else { b'.' }).collect();
    let mut order: Vec<usize> = (0..cells).collect();
    for i in (1..cells).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let exits = rng.below(4).min(cells - 2);
    grid[order[0]] = b'P';
    grid[order[1]] = b'T';
    for &e in &order[2..2 + exits] {
        grid[e] = b'E';
    }
    let mut text = format!("{rows} {cols}\n");
    for row in grid.chunks(cols) {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push('\n');
    }
    text
}

/// Every state of the board: outcome and depth from the library equal the oracle's.
fn check_every_state(text: &str, board: &Board, oracle: &Oracle) {
    let game = PoliceThief::new(board);
    let (solution, depths) = solve_with_depth(&game);
    for p in 0..board.free_cells() {
        for t in 0..board.free_cells() {
            for turn in [Turn::Police, Turn::Thief] {
                let s = game.state(p, t, turn);
                let expected = oracle.result[oracle.state(board.position(p), board.position(t), turn)];
                let got = match solution.outcome(s) {
                    Outcome::Win => Some((true, depths.depth(s).expect("a decided state has a depth"))),
                    Outcome::Lose => Some((false, depths.depth(s).expect("a decided state has a depth"))),
                    Outcome::Draw => {
                        assert_eq!(depths.depth(s), None);
                        None
                    }
                };
                assert_eq!(
                    got,
                    expected,
                    "board\n{text}police {:?} thief {:?} {turn:?}",
                    board.position(p),
                    board.position(t)
                );
            }
        }
    }
}

/// The `--explain` line: legal moves, each keeping the outcome and, for a decided game, one
/// move less to go every move; the text names the verdict and the length.
fn check_explain(text: &str, board: &Board, oracle: &Oracle) {
    let explanation = police_thief_explain::explain(board).unwrap();
    let (game, line) = (&explanation.game, &explanation.line);
    let to_oracle = |s: usize| {
        let (p, t, turn) = game.decode(s);
        oracle.state(board.position(p), board.position(t), turn)
    };
    let states: Vec<usize> = line.states.iter().map(|&s| to_oracle(s)).collect();
    assert_eq!(states[0], oracle.start());
    for pair in states.windows(2) {
        assert!(oracle.is_move(pair[0], pair[1]), "illegal move in the line for\n{text}");
    }
    let mut explained = Vec::new();
    police_thief_explain::write_explanation(&explanation, &mut explained).unwrap();
    let explained = String::from_utf8(explained).unwrap();
    assert!(explained.starts_with(oracle.verdict().line()), "{text}{explained}");
    match oracle.result[oracle.start()] {
        Some((_, depth)) => {
            assert_eq!(line.length, Some(depth), "{text}");
            let moves = states.len() - 1;
            assert_eq!(moves, (depth as usize).min(police_thief_explain::MAX_MOVES), "{text}");
            for (i, &s) in states.iter().enumerate() {
                let (wins, d) = oracle.result[s].unwrap();
                assert_eq!(d as usize, depth as usize - i, "{text}move {i}");
                // The player to move alternates, and so does who is winning.
                assert_eq!(wins, oracle.result[states[0]].unwrap().0 == (i % 2 == 0), "{text}");
            }
            assert!(explained.contains(&format!(" after {depth} move")), "{text}{explained}");
        }
        None => {
            assert!(states.iter().all(|&s| oracle.result[s].is_none()), "{text}");
            let last = *line.states.last().unwrap();
            let earlier = line.repeats_from.expect("a drawn line on a small board comes back");
            assert_eq!(line.states[earlier], last);
            assert!(explained.contains("goes on forever"), "{text}{explained}");
        }
    }
}

#[test]
fn random_boards_against_the_oracle() {
    let mut rng = Rng(20_240_611);
    let mut verdicts = [0; 3];
    for _ in 0..1000 {
        let text = random_board(&mut rng);
        let board = read(&text);
        let oracle = Oracle::new(&text);
        check_every_state(&text, &board, &oracle);
        check_explain(&text, &board, &oracle);
        let verdict = police_thief::decide(board);
        assert_eq!(verdict, oracle.verdict(), "{text}");
        verdicts[verdict as usize] += 1;
    }
    // The boards exercise all three verdicts (draws are the rarest).
    eprintln!("verdicts (police, thief, draw): {verdicts:?}");
    assert!(verdicts.iter().all(|&v| v >= 20), "{verdicts:?}");
}

/// The large judge cases: their expected verdicts, recomputed by the oracle.
#[test]
fn large_judge_cases_are_proven() {
    let root = root();
    for case in ["large_open_no_exit", "large_open_escape"] {
        let text = std::fs::read_to_string(root.join(format!("inputs/police_thief/{case}.in"))).unwrap();
        let expected =
            std::fs::read_to_string(root.join(format!("expected/police_thief/{case}.out"))).unwrap();
        let oracle = Oracle::new(&text);
        assert_eq!(format!("{}\n", oracle.verdict().line()), expected, "{case}");
    }
}

#[test]
fn bad_boards_are_errors_not_panics() {
    let cases = [
        ("", "line 1, column 1: expected the number of rows n, found the end of the input"),
        ("0 3\n", "line 1, column 1: the number of rows n must be between 1 and 100000000, found 0"),
        ("2 x\n", "line 1, column 3: expected the number of columns m, found `x`"),
        ("1 3\nP.T\n..\n", "line 3, column 1: unexpected `..` after the board"),
        ("2 3\nP.T\n", "line 3, column 1: expected row 2 of 2, found the end of the input"),
        ("1 3\nP.TT\n", "line 2, column 1: row 1 of 1 has more than 3 characters"),
        ("1 3\n..T\n", "the board has no `P` (the policeman's start)"),
        ("1 4\nPTT.\n", "line 2, column 3: a second `T` (the thief already stands at line 2, column 2)"),
        ("1 3\nP#T\n", "line 2, column 2: unexpected `#` on the board (expected one of . * P T E)"),
        ("1 3\nP.t\n", "line 2, column 3: unexpected `t` on the board (expected one of . * P T E)"),
    ];
    for (text, message) in cases {
        let err = police_thief::read(&mut Scanner::new(text.as_bytes())).unwrap_err();
        assert_eq!(err.message(), message, "{text:?}");
    }
    // Random garbage: an error or a board, never a panic.
    let mut rng = Rng(7);
    let alphabet = b".*PTEx \n\r012";
    for _ in 0..3000 {
        let len = rng.below(30);
        let body: Vec<u8> = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
        let text = format!("{} {}\n{}", rng.below(4), rng.below(5), String::from_utf8(body).unwrap());
        if let Ok(board) = police_thief::read(&mut Scanner::new(text.as_bytes())) {
            assert_eq!(police_thief::decide(board), Oracle::new(&text).verdict(), "{text:?}");
        }
    }
}
