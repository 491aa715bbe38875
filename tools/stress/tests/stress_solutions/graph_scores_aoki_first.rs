// AtCoder ABC 261 Ex by the editorial's method, with one slip: Aoki's state is settled by its
// first settled move, as Takahashi's is (no counter: as if Aoki also minimised, and could not keep
// the game going). For tests/stress_graph_scores.rs.
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, Read};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
    let mut next = || numbers.next().unwrap();
    let (n, m, start) = (next(), next(), next() - 1);
    let mut reverse: Vec<Vec<(usize, i64)>> = vec![Vec::new(); n];
    let mut left = vec![0usize; n];
    for _ in 0..m {
        let (a, b, c) = (next() - 1, next() - 1, next() as i64);
        reverse[b].push((a, c));
        left[a] += 1;
    }
    // State 2v: Takahashi to move at v; 2v + 1: Aoki.
    let mut total: Vec<Option<i64>> = vec![None; 2 * n];
    let mut heap = BinaryHeap::new();
    for v in 0..n {
        if left[v] == 0 {
            heap.push(Reverse((0i64, 2 * v)));
            heap.push(Reverse((0i64, 2 * v + 1)));
        }
    }
    while let Some(Reverse((d, s))) = heap.pop() {
        if total[s].is_some() {
            continue;
        }
        total[s] = Some(d);
        let v = s / 2;
        for &(u, c) in &reverse[v] {
            let through = d + c;
            if s % 2 == 1 {
                if total[2 * u].is_none() {
                    heap.push(Reverse((through, 2 * u)));
                }
            } else if total[2 * u + 1].is_none() {
                heap.push(Reverse((through, 2 * u + 1)));
            }
        }
    }
    match total[2 * start] {
        Some(t) => println!("{t}"),
        None => println!("INFINITY"),
    }
}
