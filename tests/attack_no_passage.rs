//! An attack on examples/no_passage.rs (AtCoder ABC 413 F, docs/problems/no_passage.md) with a
//! brute force written here from the statement alone: value iteration over the cells, the ban
//! explicit (Aoki bans each of the four directions in turn, Takahashi takes the best of the
//! three others, a step off the board leaves the piece in place), until nothing changes.
//! The example is run as a process: `cargo build --release --example no_passage` first.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const NEVER: u64 = u64::MAX;

/// The rounds from each cell (row by row), `NEVER` where Aoki keeps the piece off the goals.
fn brute(h: usize, w: usize, goals: &[(usize, usize)]) -> Vec<u64> {
    let mut goal = vec![false; h * w];
    for &(r, c) in goals {
        goal[r * w + c] = true;
    }
    let mut v: Vec<u64> = goal.iter().map(|&g| if g { 0 } else { NEVER }).collect();
    loop {
        let mut next = v.clone();
        for r in 0..h {
            for c in 0..w {
                if goal[r * w + c] {
                    continue;
                }
                // up, down, left, right: where the step leaves the piece.
                let steps = [
                    if r > 0 { (r - 1, c) } else { (r, c) },
                    if r + 1 < h { (r + 1, c) } else { (r, c) },
                    if c > 0 { (r, c - 1) } else { (r, c) },
                    if c + 1 < w { (r, c + 1) } else { (r, c) },
                ];
                let mut worst = 0u64;
                for banned in 0..4 {
                    let best = (0..4)
                        .filter(|&d| d != banned)
                        .map(|d| v[steps[d].0 * w + steps[d].1])
                        .min()
                        .unwrap();
                    worst = worst.max(best);
                }
                next[r * w + c] = if worst == NEVER { NEVER } else { worst + 1 };
            }
        }
        if next == v {
            return v;
        }
        v = next;
    }
}

fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let path = exe.parent().unwrap().parent().unwrap().join("examples").join("no_passage");
    assert!(path.is_file(), "{} is not built: cargo build --release --example no_passage", path.display());
    path
}

fn run(args: &[&str], input: &str) -> String {
    let mut child = Command::new(example())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success() && out.stderr.is_empty(), "{input}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn input(h: usize, w: usize, goals: &[(usize, usize)]) -> String {
    let mut text = format!("{h} {w} {}\n", goals.len());
    for &(r, c) in goals {
        text += &format!("{} {}\n", r + 1, c + 1);
    }
    text
}

fn check(h: usize, w: usize, goals: &[(usize, usize)]) -> u64 {
    let want = brute(h, w, goals);
    let text = input(h, w, goals);
    let sum: u64 = want.iter().filter(|&&x| x != NEVER).sum();
    assert_eq!(run(&[], &text), format!("{sum}\n"), "{text}");
    let mut values = String::new();
    for r in 0..h {
        let words: Vec<String> = (0..w)
            .map(|c| match want[r * w + c] {
                NEVER => "-".to_string(),
                x => x.to_string(),
            })
            .collect();
        values += &words.join(" ");
        values += "\n";
    }
    assert_eq!(run(&["--values"], &text), values, "{text}");
    sum
}

#[test]
fn the_statements_samples() {
    assert_eq!(check(2, 3, &[(0, 1), (1, 0)]), 2);
    let second = [(1, 3), (6, 1), (4, 1), (1, 2), (2, 1), (7, 1), (9, 3), (8, 1), (9, 2)];
    let second: Vec<(usize, usize)> = second.iter().map(|&(r, c)| (r - 1, c - 1)).collect();
    assert_eq!(check(9, 3, &second), 43);
    let third = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/inputs/no_passage/sample3.in"))
        .unwrap();
    let numbers: Vec<usize> = third.split_whitespace().map(|x| x.parse().unwrap()).collect();
    let goals: Vec<(usize, usize)> = numbers[3..].chunks(2).map(|p| (p[0] - 1, p[1] - 1)).collect();
    assert_eq!(goals.len(), numbers[2]);
    assert_eq!(check(numbers[0], numbers[1], &goals), 153);
    assert_eq!(check(3, 3, &[(0, 0), (1, 1), (2, 2)]), 8);
}

#[test]
fn random_small_boards_against_the_brute_force() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let (mut boards, mut nonzero) = (0, 0);
    for h in 2..=8 {
        for w in 2..=8 {
            let cells: Vec<(usize, usize)> = (0..h * w).map(|i| (i / w, i % w)).collect();
            // Every cell a goal, one goal anywhere, then random sets of every density.
            check(h, w, &cells);
            for &one in cells.iter().step_by(3) {
                check(h, w, &[one]);
            }
            for round in 0..12 {
                let density = 1 + round % 6;
                let mut goals: Vec<(usize, usize)> =
                    cells.iter().cloned().filter(|_| next(8) < density).collect();
                if goals.is_empty() {
                    goals.push(cells[next(cells.len())]);
                }
                // The goals in a random order.
                for i in (1..goals.len()).rev() {
                    goals.swap(i, next(i + 1));
                }
                nonzero += (check(h, w, &goals) > 0) as usize;
                boards += 1;
            }
        }
    }
    println!("{boards} random boards, {nonzero} with a sum above 0");
    assert!(nonzero > boards / 2);
}

/// A second oracle, for large boards: a cell's rounds are one more than the second least of its
/// neighbours' on the board (the ban takes the least; a step off the board, back to the cell, is
/// never among the two least: it would make the cell's rounds more than themselves), so a
/// breadth-first search from the goals settles a cell when its second neighbour is settled.
fn bfs(h: usize, w: usize, goals: &[(usize, usize)]) -> Vec<u64> {
    let mut v = vec![NEVER; h * w];
    let mut seen = vec![0u8; h * w];
    let mut queue: Vec<usize> = goals.iter().map(|&(r, c)| r * w + c).collect();
    for &g in &queue {
        v[g] = 0;
    }
    let mut head = 0;
    while head < queue.len() {
        let cell = queue[head];
        head += 1;
        let (r, c) = (cell / w, cell % w);
        let (mut beside, mut count) = ([0; 4], 0);
        for (on_board, n) in [
            (r > 0, cell.wrapping_sub(w)),
            (r + 1 < h, cell + w),
            (c > 0, cell.wrapping_sub(1)),
            (c + 1 < w, cell + 1),
        ] {
            if on_board {
                beside[count] = n;
                count += 1;
            }
        }
        for &n in &beside[..count] {
            if v[n] == NEVER {
                seen[n] += 1;
                if seen[n] == 2 {
                    v[n] = v[cell] + 1;
                    queue.push(n);
                }
            }
        }
    }
    v
}

#[test]
fn the_bfs_is_the_brute_force() {
    let mut state = 99u64;
    for _ in 0..300 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let (h, w) = (2 + (state >> 33) as usize % 9, 2 + (state >> 45) as usize % 9);
        let mut goals = Vec::new();
        for i in 0..h * w {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (state >> 40) % 4 == 0 {
                goals.push((i / w, i % w));
            }
        }
        if goals.is_empty() {
            goals.push((0, 0));
        }
        assert_eq!(bfs(h, w, &goals), brute(h, w, &goals), "{h} {w} {goals:?}");
    }
}

/// The worst boards thought of at the judge's maximum (3000 x 3000, K = 3000), sum and values.
#[test]
fn worst_boards_at_the_maximum_against_the_bfs() {
    let n = 3000;
    let diagonal: Vec<(usize, usize)> = (0..n).map(|i| (i, i)).collect();
    let anti: Vec<(usize, usize)> = (0..n).map(|i| (i, n - 1 - i)).collect();
    let vee: Vec<(usize, usize)> =
        (0..n).map(|i| (if i < 1500 { i } else { n - 1 - (i - 1500) }, i)).collect();
    let zigzag: Vec<(usize, usize)> =
        (0..n).map(|i| (if i % 998 < 499 { i % 998 } else { 998 - i % 998 }, i)).collect();
    let mut short: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i)).collect();
    short.push((n - 1, 0));
    let mut checker = Vec::new();
    for r in 0..154 {
        for c in 0..78 {
            if (r + c) % 2 == 0 && checker.len() < 3000 {
                checker.push((1400 + r, 1400 + c));
            }
        }
    }
    let boards = [
        ("diagonal", diagonal),
        ("anti-diagonal", anti),
        ("vee", vee),
        ("zigzag", zigzag),
        ("short", short),
        ("checker", checker),
    ];
    for (i, (name, goals)) in boards.iter().enumerate() {
        let want = bfs(n, n, goals);
        let text = input(n, n, goals);
        let sum: u64 = want.iter().filter(|&&x| x != NEVER).sum();
        assert_eq!(run(&[], &text), format!("{sum}\n"), "{name}");
        if i < 3 {
            let values = run(&["--values"], &text);
            let mut expected = String::new();
            for (r, line) in values.lines().enumerate() {
                let words: Vec<&str> = line.split(' ').collect();
                assert_eq!(words.len(), n, "{name} row {r}");
                for (c, word) in words.iter().enumerate() {
                    expected.clear();
                    match want[r * n + c] {
                        NEVER => expected.push('-'),
                        x => write!(expected, "{x}").unwrap(),
                    }
                    assert_eq!(*word, expected, "{name} ({r}, {c})");
                }
            }
        }
        println!("{name}: {sum}");
    }
}

/// Thin boards at the judge's limits: 2 x 3000 and 3000 x 2 checkerboards (K = 3000), and a
/// zigzag of goals on 3 x 3000 and 3000 x 3.
#[test]
fn thin_boards_against_the_bfs() {
    let n = 3000;
    let wide: Vec<(usize, usize)> = (0..n).map(|c| (c % 2, c)).collect();
    let tall: Vec<(usize, usize)> = (0..n).map(|r| (r, r % 2)).collect();
    let zig: Vec<(usize, usize)> = (0..n).map(|c| ([0, 1, 2, 1][c % 4], c)).collect();
    let zag: Vec<(usize, usize)> = zig.iter().map(|&(r, c)| (c, r)).collect();
    for (h, w, goals) in [(2, n, wide), (n, 2, tall), (3, n, zig), (n, 3, zag)] {
        let want = bfs(h, w, &goals);
        let sum: u64 = want.iter().filter(|&&x| x != NEVER).sum();
        assert_eq!(run(&[], &input(h, w, &goals)), format!("{sum}\n"), "{h} x {w}");
        println!("{h} x {w}: {sum}");
    }
}

/// The docs' case worked by hand: goals on the whole first row and column, a cell `(i, j)`
/// (1-based, both at least 2) takes `i + j - 3` rounds; 3 371 625 750 at 1500 x 1501.
#[test]
fn first_row_and_column() {
    let (h, w) = (1500, 1501);
    let mut goals: Vec<(usize, usize)> = (0..w).map(|c| (0, c)).collect();
    goals.extend((1..h).map(|r| (r, 0)));
    let want = bfs(h, w, &goals);
    for r in 1..h {
        for c in 1..w {
            assert_eq!(want[r * w + c], (r + 1 + c + 1 - 3) as u64);
        }
    }
    let sum: u64 = want.iter().filter(|&&x| x != NEVER).sum();
    assert_eq!(sum, 3_371_625_750);
    assert_eq!(run(&[], &input(h, w, &goals)), "3371625750\n");
}
