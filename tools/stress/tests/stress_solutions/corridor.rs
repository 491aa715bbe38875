//! A grid game of one's own, as a new user writes one for `stress --ref` (README, "Your own
//! game"): a token at the top-left cell of an `R x C` board (`.` free, `#` a wall) moves one cell
//! right or down onto a free cell, in turns; whoever cannot move loses. Input: `R C`
//! (1 <= R, C <= 20), then R rows of C cells; the top-left cell is free. Output: `First` if the
//! player to move wins, else `Second`.
//!
//! One binary, three programs, by its first argument: `ref` (the reference, and the validator:
//! exit 2 with one `error:` line on an invalid input); `wrong` (the reference's answer turned over
//! on every board of 3 rows or more and 2 columns or more); `gen SEED SIZE` (a board of at most
//! SIZE x SIZE, a quarter of its cells walls).
use std::io::Read;

fn invalid(why: &str) -> ! {
    eprintln!("error: {why}");
    std::process::exit(2)
}

/// The board of `text`, every rule checked.
fn read(text: &str) -> Vec<Vec<bool>> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
    let size = |word: &str| word.parse::<usize>().ok().filter(|v| (1..=20).contains(v));
    let (rows, columns) = match header.as_slice() {
        [r, c] => match (size(r), size(c)) {
            (Some(r), Some(c)) => (r, c),
            _ => invalid("line 1: R and C must be between 1 and 20"),
        },
        _ => invalid("line 1: expected `R C`"),
    };
    let mut board = Vec::new();
    for row in 0..rows {
        let line = lines.next().unwrap_or_else(|| invalid(&format!("row {} is missing", row + 1)));
        if line.len() != columns || !line.bytes().all(|b| b == b'.' || b == b'#') {
            invalid(&format!("line {}: expected {columns} cells of . and #", row + 2));
        }
        board.push(line.bytes().map(|b| b == b'.').collect::<Vec<bool>>());
    }
    if lines.any(|line| !line.trim().is_empty()) {
        invalid("more lines than R rows");
    }
    if !board[0][0] {
        invalid("the top-left cell is a wall");
    }
    board
}

/// Whether the player to move from the top-left cell wins (the moves only go right or down: the
/// cells from the bottom-right up).
fn first_wins(board: &[Vec<bool>]) -> bool {
    let (rows, columns) = (board.len(), board[0].len());
    let mut wins = vec![vec![false; columns]; rows];
    for r in (0..rows).rev() {
        for c in (0..columns).rev() {
            let loses = |r: usize, c: usize| r < rows && c < columns && board[r][c] && !wins[r][c];
            wins[r][c] = loses(r + 1, c) || loses(r, c + 1);
        }
    }
    wins[0][0]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("gen") {
        let number = |i: usize| args.get(i).and_then(|a| a.parse::<u64>().ok()).unwrap_or(1);
        let (mut state, size) = (number(1), number(2).max(1));
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state >> 33
        };
        let (rows, columns) = (1 + next() % size, 1 + next() % size);
        println!("{rows} {columns}");
        for r in 0..rows {
            let row: String =
                (0..columns).map(|c| if (r, c) != (0, 0) && next() % 4 == 0 { '#' } else { '.' }).collect();
            println!("{row}");
        }
        return;
    }
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        invalid("the input is not text");
    }
    let board = read(&text);
    let mut wins = first_wins(&board);
    if args.first().map(String::as_str) == Some("wrong") && board.len() >= 3 && board[0].len() >= 2 {
        wins = !wins;
    }
    println!("{}", if wins { "First" } else { "Second" });
}
