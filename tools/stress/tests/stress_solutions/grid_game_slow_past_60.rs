//! grid_game_28218, right but too slow past 60 cells: it answers as the judge does, after a busy
//! loop of 25 ms of CPU time per cell past 30 (0.75 s at 60 cells; its second argument, if any,
//! sets the milliseconds a cell instead), and past 60 cells it never ends. It stands
//! for a solution whose time grows with the board, each run near the limit costing about the
//! limit, which `stress` must find at the judge's size and shrink with its default budget. Given
//! a file as its argument, it adds a line to it for each run: the board's cells.

use std::io::{self, Read, Write};
use std::time::Duration;

/// `struct timespec` of Linux on 64 bits, for `clock_gettime`.
#[repr(C)]
struct Timespec {
    seconds: i64,
    nanoseconds: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// The CPU time of this process (Linux's `CLOCK_PROCESS_CPUTIME_ID`).
fn cpu_time() -> Duration {
    let mut time = Timespec { seconds: 0, nanoseconds: 0 };
    // SAFETY: `clock_gettime` writes the one struct it is given.
    assert_eq!(unsafe { clock_gettime(2, &mut time) }, 0);
    Duration::new(time.seconds as u64, time.nanoseconds as u32)
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let mut number = || tokens.next().unwrap().parse::<usize>().unwrap();
    let (n, m, k) = (number(), number(), number());
    if let Some(log) = std::env::args_os().nth(1) {
        let mut log = std::fs::OpenOptions::new().create(true).append(true).open(log).unwrap();
        writeln!(log, "{}", n * m).unwrap();
    }
    let mut spins = 0u64;
    let per_cell = std::env::args().nth(2).map_or(25, |ms| ms.parse::<u64>().unwrap());
    let spin = Duration::from_millis(per_cell) * (n * m).saturating_sub(30) as u32;
    while n * m > 60 || cpu_time() < spin {
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
