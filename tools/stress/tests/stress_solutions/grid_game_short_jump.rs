//! grid_game_28218 with an off-by-one at the border of the diagonal: it jumps 1 to K - 1 cells
//! (`d < k` where `d <= k` is meant). Otherwise right: every cell decided from the corner back.

use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let m: usize = tokens.next().unwrap().parse().unwrap();
    // K may be far past the board (up to 2^64 - 1): only min(N, M) of it matters.
    let k = tokens.next().unwrap().parse::<u128>().unwrap().min(n.min(m) as u128) as usize;
    let board: Vec<&[u8]> = (0..n).map(|_| tokens.next().unwrap().as_bytes()).collect();
    // wins[i][j]: the player to move with the piece on (i, j) wins.
    let mut wins = vec![vec![false; m]; n];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let free = |a: usize, b: usize| a < n && b < m && board[a][b] == b'.';
            let mut targets = vec![(i + 1, j), (i, j + 1)];
            for d in 1..k {
                targets.push((i + d, j + d));
            }
            wins[i][j] = targets.into_iter().any(|(a, b)| free(a, b) && !wins[a][b]);
        }
    }
    let q: usize = tokens.next().unwrap().parse().unwrap();
    let mut out = String::new();
    for _ in 0..q {
        let x: usize = tokens.next().unwrap().parse().unwrap();
        let y: usize = tokens.next().unwrap().parse().unwrap();
        out.push_str(if wins[x - 1][y - 1] { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
