//! graph_game, right but too slow past 7 vertices: it stands for an exponential search (every
//! line of play explored) that only finishes on tiny graphs. Its work grows a thousandfold per
//! vertex past 5: microseconds at 7 vertices, seconds at 8, hours at 9.

use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
    let (n, m) = (numbers.next().unwrap(), numbers.next().unwrap());
    let mut edges = Vec::new();
    for _ in 0..m {
        edges.push((numbers.next().unwrap() - 1, numbers.next().unwrap() - 1));
    }
    // The "search": 1000^(n - 5) steps of a generator the compiler cannot skip.
    let steps = (5..n).fold(1u64, |steps, _| steps.saturating_mul(1000));
    let mut x = 1u64;
    for _ in 0..steps {
        x = (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce5_e9b9).rotate_left(17);
    }
    // Then the right answer, by rounds until nothing changes: 0 undecided, 1 win, 2 lose.
    let mut outcome = vec![0u8; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if outcome[v] != 0 {
                continue;
            }
            let moves = edges.iter().filter(|e| e.0 == v);
            let (mut any_losing, mut all_winning) = (false, true);
            for &(_, w) in moves {
                any_losing |= outcome[w] == 2;
                all_winning &= outcome[w] == 1;
            }
            if any_losing || all_winning {
                outcome[v] = if any_losing { 1 } else { 2 };
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = String::new();
    for o in outcome {
        out.push_str(["draw\n", "win\n", "lose\n"][o as usize]);
    }
    if x == 42 {
        out.push_str("(never)\n");
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
