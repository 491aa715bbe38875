//! A correct graph_game (retrograde analysis) that ends its lines with spaces and CRLF, and
//! its output without a final line end: a judge accepts it, so `stress` must too.

use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
    let (n, m) = (numbers.next().unwrap(), numbers.next().unwrap());
    let mut out_degree = vec![0usize; n];
    let mut predecessors = vec![Vec::new(); n];
    for _ in 0..m {
        let (u, v) = (numbers.next().unwrap() - 1, numbers.next().unwrap() - 1);
        out_degree[u] += 1;
        predecessors[v].push(u);
    }
    // 0 undecided (a draw if it stays so), 1 win, 2 lose, for the player to move.
    let mut outcome = vec![0u8; n];
    let mut queue: Vec<usize> = (0..n).filter(|&v| out_degree[v] == 0).collect();
    for &v in &queue {
        outcome[v] = 2;
    }
    let mut next = 0;
    while next < queue.len() {
        let v = queue[next];
        next += 1;
        for &u in &predecessors[v] {
            if outcome[u] != 0 {
                continue;
            }
            if outcome[v] == 2 {
                outcome[u] = 1;
                queue.push(u);
            } else {
                out_degree[u] -= 1;
                if out_degree[u] == 0 {
                    outcome[u] = 2;
                    queue.push(u);
                }
            }
        }
    }
    let words: Vec<&str> = outcome.iter().map(|&o| ["draw", "win", "lose"][o as usize]).collect();
    let text = words.join("  \r\n");
    io::stdout().write_all(text.as_bytes()).unwrap();
}
