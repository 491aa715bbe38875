//! move_or_block, right (the closed form on the three counts, see src/games/move_or_block/mod.rs)
//! but too slow past N = 100,000: it stands for a quadratic solution that passes every small case
//! and only the judge's largest boards expose. `stress` must find it by its cases at the judge's
//! maximum, and pass it with `--large 0`.

use std::io::{self, Read};
use std::time::Duration;

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let board = tokens.next().unwrap().as_bytes();
    if n > 100_000 {
        std::thread::sleep(Duration::from_secs(5));
    }
    let piece = board.iter().position(|&b| b == b'O').unwrap();
    let l = board[..piece].iter().rev().take_while(|&&b| b == b'.').count();
    let r = board[piece + 1..].iter().take_while(|&&b| b == b'.').count();
    let c = board.iter().filter(|&&b| b == b'.').count() - l - r;
    // For the player to move: 1 wins, 2 loses, 0 a draw.
    let outcome = match (l.min(r), l.max(r)) {
        (0, 0) => 2,
        (0, _) => 1,
        (1, 1) => 2 - c % 2,
        (1, big) if (big + c) % 2 == 0 => 1,
        _ => 0,
    };
    println!("{}", ["draw", "mingyu", "yunsu"][outcome]);
}
