//! Players of `guess` (guess_jury.py tells the problem) in Rust, one binary, the first argument
//! names which: `right` (a binary search); `crash` (panics when the first answer is `<`: a runtime
//! error); `slow` (spins for ever from n = 5 on: a time limit, by CPU time); `greedy` (from n = 3
//! on reads a line more than it was sent before its first guess: idleness). Further arguments are
//! ignored (the tests mark their processes with them).
use std::io::{BufRead, Write};

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map(|line| line.unwrap_or_default());
    let n: u64 = lines.next().unwrap_or_default().trim().parse().expect("n");
    if which == "slow" && n >= 5 {
        // (A loop without side effects is kept: Rust never removes an endless loop.)
        let mut spin = 0u64;
        loop {
            spin = spin.wrapping_add(1);
            if spin == 0 {
                eprintln!("counted around");
            }
        }
    }
    if which == "greedy" && n >= 3 {
        let _ = lines.next();
    }
    let (mut lo, mut hi) = (1, n);
    let mut first = true;
    loop {
        let mid = (lo + hi) / 2;
        let mut out = std::io::stdout();
        writeln!(out, "? {mid}").and_then(|()| out.flush()).expect("stdout");
        let answer = lines.next().unwrap_or_default();
        match answer.trim() {
            "=" => return,
            "<" if which == "crash" && first => panic!("the first answer is <"),
            "<" => hi = mid - 1,
            _ => lo = mid + 1,
        }
        first = false;
    }
}
