//! `--explain` for [`super`]: the verdict, how long the game lasts under optimal play
//! (or why it never ends), and the optimal line drawn board by board. It needs every state's depth
//! (4 bytes more each) and draws a board per move, hence its own limits, checked by [`explain`].

use super::{check_search_memory, write_answer, Board, PoliceThief, Problem, Standing, Turn, Verdict};
use crate::input::{plural, Error};
use crate::solver::{try_solve_with_depth, DepthTable, Outcome, Solution};
use std::io::{self, Write};

/// `1.28·10^8` states, 5 bytes each plus the queue: under 1.2 GB.
pub const MAX_FREE_CELLS: usize = 8_000;
pub const MAX_CELLS: usize = 40_000;
/// The most moves of the optimal line drawn.
pub const MAX_MOVES: usize = 100;

/// What `--explain` tells, before [`write_explanation`] puts it in words.
pub struct Explanation<'a> {
    /// The game whose states [`Line::states`] are.
    pub game: PoliceThief<'a>,
    pub verdict: Verdict,
    pub line: Line,
}

/// An optimal line of play from the start: the winner hurries, the loser stalls; in a draw the
/// policeman keeps as close to the thief as he can and the thief as far (king distance), until a
/// state comes back. Ties go to the skip, then to reading order.
pub struct Line {
    /// The states, the start first; at most `MAX_MOVES + 1` of them.
    pub states: Vec<usize>,
    /// How many moves the game lasts under optimal play (`None` for a draw).
    pub length: Option<u32>,
    /// For a draw that came back to a state: the index of its first visit.
    pub repeats_from: Option<usize>,
}

/// Solves the game with depths and finds the optimal line; an error if the board is too large.
pub fn explain(board: &Problem) -> Result<Explanation<'_>, Error> {
    let (free, cells) = (board.free_cells(), board.rows * board.cols);
    if free > MAX_FREE_CELLS || cells > MAX_CELLS {
        return Err(Error::new(format!(
            "--explain works on boards of at most {MAX_FREE_CELLS} free cells and {MAX_CELLS} cells; \
             this one has {free} free cells and {cells} cells (without --explain it is fine)"
        )));
    }
    check_search_memory(free, true)?;
    let game = PoliceThief::new(board);
    let (solution, depths) = try_solve_with_depth(&game)?;
    let start = game.start_state();
    let verdict = Verdict::of_start(solution.outcome(start));
    let length = depths.depth(start);
    let (mut states, mut repeats_from, mut state) = (vec![start], None, start);
    while states.len() <= MAX_MOVES && repeats_from.is_none() && game.standing(state) == Standing::Open {
        state = best_move(&game, &solution, &depths, state);
        // Only a draw can come back: a decided line is one move shorter to go every move.
        repeats_from = states.iter().position(|&s| s == state);
        states.push(state);
    }
    Ok(Explanation { game, verdict, line: Line { states, length, repeats_from } })
}

/// The line's move from the open `state` (see [`Line`]).
fn best_move(game: &PoliceThief, solution: &Solution, depths: &DepthTable, state: usize) -> usize {
    let (p, t, turn) = game.decode(state);
    let mover = if turn == Turn::Police { p } else { t };
    // Each distinct move once: the skip, then the steps in reading order.
    let mut steps: Vec<usize> = game.board.neighbours(mover, turn).collect();
    steps.sort_unstable();
    let mut moves = std::iter::once(mover).chain(steps).map(|to| game.after(p, t, turn, to));
    let outcome = solution.outcome(state);
    let best = if outcome == Outcome::Draw {
        // The first of the drawn moves that leave the pieces closest (the policeman moving) or
        // farthest apart (the thief).
        moves.filter(|&next| solution.outcome(next) == outcome).min_by_key(|&next| {
            let (p, t, _) = game.decode(next);
            let ((pr, pc), (tr, tc)) = (game.board.positions[p], game.board.positions[t]);
            let king_distance = pr.abs_diff(tr).max(pc.abs_diff(tc)) as i64;
            if turn == Turn::Police {
                king_distance
            } else {
                -king_distance
            }
        })
    } else {
        // A decided state lasts one move more than its optimal move, the quickest win for the
        // winner (a state the opponent loses) and the longest defeat for the loser.
        moves.find(|&next| {
            depths.depth(next).map(|d| d + 1) == depths.depth(state) && solution.outcome(next) != outcome
        })
    };
    best.expect("an open state has a move that keeps its outcome")
}

/// The cells a piece stepping like `mover` can walk to from `from`.
fn reachable(board: &Board, from: usize, mover: Turn) -> Vec<bool> {
    let mut seen = vec![false; board.free_cells()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(c) = stack.pop() {
        for n in board.neighbours(c, mover) {
            if !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    seen
}

/// Writes the `--explain` text.
pub fn write_explanation(explanation: &Explanation, out: &mut impl Write) -> io::Result<()> {
    let (game, line) = (&explanation.game, &explanation.line);
    let board = game.board;
    write_answer(&explanation.verdict, out)?;
    if let Some(n) = line.length {
        let (end, how) = match explanation.verdict {
            Verdict::PoliceWins => {
                ("The policeman catches the thief", "the policeman hurries, the thief holds out")
            }
            _ => ("The thief escapes", "the thief hurries, the policeman holds him off"),
        };
        writeln!(
            out,
            "{end} after {} (each turn is a move, skips included): {how} as long as he can.",
            plural(u64::from(n), "move")
        )?;
    } else {
        let thief_can_walk_to = reachable(board, board.thief, Turn::Thief);
        let thief_reaches_an_exit = board.cells.iter().zip(thief_can_walk_to).any(|(c, to)| c.exit && to);
        let why = if thief_reaches_an_exit {
            "the policeman keeps the thief from every exit, and the thief keeps out of his reach"
        } else if reachable(board, board.police, Turn::Police)[board.thief] {
            "the thief can reach no exit, and he keeps out of the policeman's reach"
        } else {
            "the thief can reach no exit, and the policeman cannot reach the thief"
        };
        writeln!(out, "Nobody can force an end, so the game goes on forever: {why}.")?;
    }
    // The board without the pieces: `*` walls, `E` exits; drawn with them (`P`, `T`, `X` where
    // both stand) after every move.
    let mut empty = vec![b'*'; board.rows * board.cols];
    let at = |cell: usize| {
        let (r, c) = board.positions[cell];
        r * board.cols + c
    };
    for (cell, free) in board.cells.iter().enumerate() {
        empty[at(cell)] = if free.exit { b'E' } else { b'.' };
    }
    for (i, &state) in line.states.iter().enumerate() {
        let (p, t, _) = game.decode(state);
        if i == 0 {
            out.write_all(b"\nStart, the policeman to move:\n")?;
        } else {
            let (p0, t0, turn) = game.decode(line.states[i - 1]);
            let (who, from, to) = match turn {
                Turn::Police => ("the policeman", p0, p),
                Turn::Thief => ("the thief", t0, t),
            };
            let (r, c) = board.positions[to];
            let step =
                if from == to { "skips".to_string() } else { format!("moves to ({}, {})", r + 1, c + 1) };
            let end = match (game.standing(state), turn) {
                (Standing::Caught, Turn::Police) => " and catches the thief",
                (Standing::Caught, Turn::Thief) => " and is caught",
                // Only the thief's own move can end the game on an exit.
                (Standing::Escaped, _) => ", an exit, and escapes",
                (Standing::Open, _) => "",
            };
            writeln!(out, "\nMove {i}: {who} {step}{end}:")?;
        }
        let mut grid = empty.clone();
        grid[at(t)] = b'T';
        grid[at(p)] = if p == t { b'X' } else { b'P' };
        for row in grid.chunks(board.cols) {
            out.write_all(row)?;
            out.write_all(b"\n")?;
        }
    }
    let moves = line.states.len() - 1;
    match (line.length, line.repeats_from) {
        (_, Some(earlier)) => {
            let again = if earlier == 0 {
                "the starting one".to_string()
            } else {
                format!("the one after move {earlier}")
            };
            let cycle = moves - earlier;
            writeln!(
                out,
                "\nThe position after move {moves} is {again} again: the same {} repeat forever.",
                plural(cycle as u64, "move")
            )
        }
        (Some(n), _) if n as usize == moves => Ok(()),
        (length, _) => {
            let more = length.map_or("forever".to_string(), |n| format!("for {} more", n as usize - moves));
            writeln!(out, "\n(Cut after {moves} moves; the game goes on {more}.)")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::read;
    use super::*;
    use crate::input::Scanner;

    fn board(text: &str) -> Board {
        read(&mut Scanner::new(text.as_bytes())).unwrap()
    }

    fn text(board: &Board) -> String {
        let mut out = Vec::new();
        write_explanation(&explain(board).unwrap(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn explain_a_capture() {
        let text = text(&board("1 3\nP.T\n"));
        assert!(
            text.starts_with("Police catches the thief\nThe policeman catches the thief after 3 moves"),
            "{text}"
        );
        assert!(
            text.contains("Move 3: the policeman moves to (1, 3) and catches the thief:\n..X\n"),
            "{text}"
        );
    }

    #[test]
    fn explain_an_escape_and_a_draw() {
        let text = text(&board("1 5\nP*T.E\n"));
        assert!(text.contains("Move 4: the thief moves to (1, 5), an exit, and escapes:\nP*..T\n"), "{text}");
        let text = self::text(&board("1 5\nP*T*E\n"));
        assert!(
            text.contains("the thief can reach no exit, and the policeman cannot reach the thief"),
            "{text}"
        );
        assert!(text.contains("is the starting one again"), "{text}");
    }

    #[test]
    fn too_large_to_explain() {
        let b = board(&format!("1 {}\nPT{}\n", MAX_FREE_CELLS + 1, ".".repeat(MAX_FREE_CELLS - 1)));
        assert!(explain(&b).err().unwrap().message().contains("at most 8000 free cells"));
    }
}
