//! graph_sum with a wrong rule: a sum with an infinite token is always a draw (it misses the win
//! of moving the infinite token to an option whose value is the xor of the others). Otherwise the
//! right loopy nim values, by the stage-by-stage method over the whole graph.

use std::io::{self, Read, Write};

const OPEN: i64 = -1;
const INFINITE: i64 = -2;

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
    let (n, m) = (numbers.next().unwrap(), numbers.next().unwrap());
    let mut options = vec![Vec::new(); n];
    let mut predecessors = vec![Vec::new(); n];
    for _ in 0..m {
        let (u, v) = (numbers.next().unwrap() - 1, numbers.next().unwrap() - 1);
        options[u].push(v);
        predecessors[v].push(u);
    }
    let mut value = vec![OPEN; n];
    let mut g = 0;
    while value.contains(&OPEN) {
        // A counter per open vertex: its options without a value, not yet known to reach g.
        let mut count: Vec<usize> = (0..n).map(|v| options[v].iter().filter(|&&w| value[w] < 0).count()).collect();
        let mut reached = vec![false; n];
        let mut queue: Vec<usize> = (0..n).filter(|&v| value[v] == OPEN && count[v] == 0).collect();
        for &v in &queue {
            value[v] = g;
        }
        let mut next = 0;
        while next < queue.len() {
            let v = queue[next];
            next += 1;
            for &u in &predecessors[v] {
                if value[v] == g {
                    if value[u] < 0 && !reached[u] {
                        reached[u] = true;
                        queue.push(u);
                    }
                } else if value[u] == OPEN && !reached[u] {
                    count[u] -= 1;
                    if count[u] == 0 {
                        value[u] = g;
                        queue.push(u);
                    }
                }
            }
        }
        for v in 0..n {
            if value[v] == OPEN && !reached[v] {
                value[v] = INFINITE;
            }
        }
        g += 1;
    }
    let mut out = String::new();
    for _ in 0..numbers.next().unwrap() {
        let k = numbers.next().unwrap();
        let tokens: Vec<i64> = (0..k).map(|_| value[numbers.next().unwrap() - 1]).collect();
        // The bug: any infinite token makes a draw.
        if tokens.contains(&INFINITE) {
            out.push_str("draw\n");
        } else if tokens.iter().fold(0, |x, &t| x ^ t) != 0 {
            out.push_str("win\n");
        } else {
            out.push_str("lose\n");
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
