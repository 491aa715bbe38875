//! What the partizan examples' tests (`toads_frogs.rs`, `game_tables.rs`) share: a plain minimax
//! for sums of Toads and Frogs strips, which knows no values (a position is the strips as they
//! stand, bytes `T`, `F`, `.`, nothing trimmed), and who wins read off its two searches. Nothing
//! here comes from the library.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::collections::HashMap;

/// The strips after each move of Left (`left`: a toad one cell right, or over one frog into the
/// empty cell beyond) or Right (a frog one cell left, or over one toad).
pub fn toads_frogs_moves(strips: &[Vec<u8>], left: bool) -> Vec<Vec<Vec<u8>>> {
    let (mine, theirs, step) = if left { (b'T', b'F', 1isize) } else { (b'F', b'T', -1isize) };
    let mut out = Vec::new();
    for (k, strip) in strips.iter().enumerate() {
        let cell =
            |i: isize| if i >= 0 && (i as usize) < strip.len() { Some(strip[i as usize]) } else { None };
        for i in 0..strip.len() as isize {
            if cell(i) != Some(mine) {
                continue;
            }
            let to = if cell(i + step) == Some(b'.') {
                Some(i + step)
            } else if cell(i + step) == Some(theirs) && cell(i + 2 * step) == Some(b'.') {
                Some(i + 2 * step)
            } else {
                None
            };
            if let Some(to) = to {
                let mut after = strips.to_vec();
                after[k][i as usize] = b'.';
                after[k][to as usize] = mine;
                out.push(after);
            }
        }
    }
    out
}

/// Whether the player to move (`left` or Right) wins the sum `strips`.
pub fn toads_frogs_wins(
    strips: &[Vec<u8>],
    left: bool,
    memo: &mut HashMap<(Vec<Vec<u8>>, bool), bool>,
) -> bool {
    if let Some(&known) = memo.get(&(strips.to_vec(), left)) {
        return known;
    }
    let win = toads_frogs_moves(strips, left).iter().any(|after| !toads_frogs_wins(after, !left, memo));
    memo.insert((strips.to_vec(), left), win);
    win
}

/// Who wins the sum of `strips`: `Left`, `Right`, `First` or `Second`.
pub fn toads_frogs_winner(strips: &[&str]) -> &'static str {
    let strips: Vec<Vec<u8>> = strips.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut memo = HashMap::new();
    outcome(toads_frogs_wins(&strips, true, &mut memo), toads_frogs_wins(&strips, false, &mut memo))
}

/// The outcome class from whether Left wins moving first and whether Right does.
pub fn outcome(left_first: bool, right_first: bool) -> &'static str {
    match (left_first, right_first) {
        (true, false) => "Left",
        (false, true) => "Right",
        (true, true) => "First",
        (false, false) => "Second",
    }
}
