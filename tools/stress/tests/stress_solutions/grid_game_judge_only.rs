//! grid_game_28218, right on every input the judge gives and nothing more: it reads `K` as a
//! 32-bit integer (as `scanf("%d")` does) and asserts every constraint of BOJ 28218's statement,
//! so it panics (a runtime error) on any input outside them. `stress` must pass it by default
//! and find its failure with `--beyond-limits`.

use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let mut number = || tokens.next().unwrap().parse::<i32>().unwrap();
    let (n, m, k) = (number() as usize, number() as usize, number() as usize);
    assert!((2..=300).contains(&n) && (2..=300).contains(&m) && k < n.min(m), "N, M, K");
    let board: Vec<Vec<u8>> = (0..n).map(|_| tokens.next().unwrap().as_bytes().to_vec()).collect();
    assert_eq!(board[n - 1][m - 1], b'.', "(N, M) free");
    let free = |a: usize, b: usize| a < n && b < m && board[a][b] == b'.';
    // reaches[i][j]: (i, j) can reach the corner; wins[i][j]: the player to move there wins.
    let mut reaches = vec![vec![false; m]; n];
    let mut wins = vec![vec![false; m]; n];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let targets: Vec<(usize, usize)> =
                vec![(i + 1, j), (i, j + 1)].into_iter().chain((1..=k).map(|d| (i + d, j + d))).collect();
            let targets: Vec<(usize, usize)> = targets.into_iter().filter(|&(a, b)| free(a, b)).collect();
            reaches[i][j] = (i, j) == (n - 1, m - 1) || targets.iter().any(|&(a, b)| reaches[a][b]);
            wins[i][j] = targets.iter().any(|&(a, b)| !wins[a][b]);
            assert!(!free(i, j) || reaches[i][j], "every free cell reaches (N, M)");
        }
    }
    let q = tokens.next().unwrap().parse::<i32>().unwrap();
    assert!((1..=300).contains(&q), "Q");
    let mut out = String::new();
    for _ in 0..q {
        let x: usize = tokens.next().unwrap().parse().unwrap();
        let y: usize = tokens.next().unwrap().parse().unwrap();
        assert!(free(x - 1, y - 1) && (x, y) != (n, m), "a free start other than (N, M)");
        out.push_str(if wins[x - 1][y - 1] { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
