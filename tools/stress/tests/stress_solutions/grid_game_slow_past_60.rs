//! grid_game_28218, right but too slow past 60 cells: it answers as the judge does, after a busy
//! loop of 5 ms per cell (0.3 s at 60 cells), and past 60 cells it never ends. It stands for a
//! solution whose time grows with the board, each run near the limit costing about the limit,
//! which `stress` must find at the judge's size and shrink with its default budget.

use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let mut number = || tokens.next().unwrap().parse::<usize>().unwrap();
    let (n, m, k) = (number(), number(), number());
    let start = Instant::now();
    let mut spins = 0u64;
    while n * m > 60 || start.elapsed() < Duration::from_millis(5) * (n * m) as u32 {
        spins = std::hint::black_box(spins.wrapping_add(1));
    }
    let board: Vec<&[u8]> = (0..n).map(|_| tokens.next().unwrap().as_bytes()).collect();
    let free = |a: usize, b: usize| a < n && b < m && board[a][b] == b'.';
    // wins[i][j]: the player to move from (i, j) wins (moves: down, right, or 1..=k diagonally).
    let mut wins = vec![vec![false; m]; n];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let moves = [(i + 1, j), (i, j + 1)].into_iter().chain((1..=k).map(|d| (i + d, j + d)));
            wins[i][j] = moves.filter(|&(a, b)| free(a, b)).any(|(a, b)| !wins[a][b]);
        }
    }
    let q = tokens.next().unwrap().parse::<usize>().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let x: usize = tokens.next().unwrap().parse().unwrap();
        let y: usize = tokens.next().unwrap().parse().unwrap();
        out.push_str(if wins[x - 1][y - 1] { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
