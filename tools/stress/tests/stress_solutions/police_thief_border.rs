//! police_thief with an off-by-one at the border: the thief never steps into the last column
//! (`c + 1 < m - 1` where `c + 1 < m` is meant). Otherwise right: every state (policeman's cell,
//! thief's cell, whose turn) decided by rounds until nothing changes.

use std::io::{self, Read};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_ascii_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let m: usize = tokens.next().unwrap().parse().unwrap();
    let board: Vec<Vec<u8>> = (0..n).map(|_| tokens.next().unwrap().bytes().collect()).collect();
    let free = |r: isize, c: isize| {
        r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < m && board[r as usize][c as usize] != b'*'
    };
    let cells: Vec<(usize, usize)> =
        (0..n).flat_map(|r| (0..m).map(move |c| (r, c))).filter(|&(r, c)| board[r][c] != b'*').collect();
    let index = |r: usize, c: usize| cells.iter().position(|&x| x == (r, c)).unwrap();
    let k = cells.len();
    let mut moves: [Vec<Vec<usize>>; 2] = [vec![Vec::new(); k], vec![Vec::new(); k]];
    for (i, &(r, c)) in cells.iter().enumerate() {
        for dr in -1isize..=1 {
            for dc in -1isize..=1 {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if free(nr, nc) {
                    moves[0][i].push(index(nr as usize, nc as usize));
                    // The thief: the cell itself and 4 directions, but never right into the last column.
                    let into_last_column = dc == 1 && c + 1 >= m - 1;
                    if (dr == 0 || dc == 0) && !into_last_column {
                        moves[1][i].push(index(nr as usize, nc as usize));
                    }
                }
            }
        }
    }
    let find = |ch: u8| cells.iter().position(|&(r, c)| board[r][c] == ch).unwrap();
    let (police, thief) = (find(b'P'), find(b'T'));
    let exit = |t: usize| board[cells[t].0][cells[t].1] == b'E';
    // state[turn][p][t]: 0 undecided, 1 the policeman wins, 2 the thief wins.
    let mut state = vec![vec![vec![0u8; k]; k]; 2];
    for turn in 0..2 {
        for p in 0..k {
            for t in 0..k {
                state[turn][p][t] = if p == t {
                    1
                } else if exit(t) {
                    2
                } else {
                    0
                };
            }
        }
    }
    loop {
        let mut changed = false;
        for turn in 0..2 {
            for p in 0..k {
                for t in 0..k {
                    if state[turn][p][t] != 0 {
                        continue;
                    }
                    let results: Vec<u8> = if turn == 0 {
                        moves[0][p].iter().map(|&q| state[1][q][t]).collect()
                    } else {
                        moves[1][t].iter().map(|&u| state[0][p][u]).collect()
                    };
                    let mine = if turn == 0 { 1 } else { 2 };
                    if results.contains(&mine) {
                        state[turn][p][t] = mine;
                        changed = true;
                    } else if results.iter().all(|&r| r == 3 - mine) {
                        state[turn][p][t] = 3 - mine;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    println!(
        "{}",
        ["Draw", "Police catches the thief", "The thief escapes"][state[0][police][thief] as usize]
    );
}
