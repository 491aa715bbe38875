//! move_or_block that prints its answer without end when the piece stands on the board's last
//! cell (a loop whose only exit misses that case). Otherwise right: the closed form on the three counts
//! (see src/games/move_or_block/mod.rs).

use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let _n: usize = tokens.next().unwrap().parse().unwrap();
    let board = tokens.next().unwrap().as_bytes();
    let piece = board.iter().position(|&b| b == b'O').unwrap();
    let l = board[..piece].iter().rev().take_while(|&&b| b == b'.').count();
    let r = board[piece + 1..].iter().take_while(|&&b| b == b'.').count();
    let c = board.iter().filter(|&&b| b == b'.').count() - l - r;
    // For the player to move: 1 wins, 2 loses, 0 a draw.
    let outcome = match (l.min(r), l.max(r)) {
        (0, 0) => 2,
        (0, _) => 1,
        (1, 1) => 2 - c % 2,
        (1, big) => {
            if (big + c) % 2 == 0 {
                1
            } else {
                0
            }
        }
        _ => 0,
    };
    let word = ["draw", "mingyu", "yunsu"][outcome];
    let mut out = BufWriter::new(io::stdout().lock());
    loop {
        if writeln!(out, "{word}").is_err() {
            return;
        }
        // The bug: the only way out of the loop, and none when the piece is on the last cell.
        if piece + 1 < board.len() {
            break;
        }
    }
    let _ = out.flush();
}
