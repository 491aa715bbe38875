//! Random and hand-written games for the scores tests (plain data, no library code).

use super::{Owner, Plain};

// The library's test generator (src/rng.rs), shared with the other integration tests
// (tests/random/); each test crate uses only part of it.
#[allow(dead_code)]
#[path = "../../src/rng.rs"]
mod rng;

/// The library's test generator, with the two draws these tests take: an index and a payoff or
/// weight.
pub struct Rng(rng::Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(rng::Rng::new(seed))
    }

    /// Uniform in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        self.0.below(bound as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.0.below((hi - lo) as u64 + 1) as i64
    }
}

/// A random game of 1 to `most` positions: about a quarter ends (payoffs -20..=20, a random
/// payoff at the others too, which must be ignored), the others 1 to `degree` moves (self-loops
/// and repeats as they come; weights 0 half the time, else up to 9; in half the games one move in
/// 4 goes back to a lower position or itself at weight 0, for weight-0 cycles).
pub fn random_game(rng: &mut Rng, most: usize, degree: usize) -> Plain {
    let n = 1 + rng.below(most);
    let owners = (0..n).map(|_| if rng.below(2) == 0 { Owner::Min } else { Owner::Max }).collect();
    let payoffs = (0..n).map(|_| rng.between(-20, 20)).collect();
    let mut moves = Vec::new();
    let zero_cycles = rng.below(2) == 0;
    for from in 0..n {
        if rng.below(4) == 0 {
            continue;
        }
        for _ in 0..1 + rng.below(degree) {
            let to = if zero_cycles && rng.below(4) == 0 { rng.below(from + 1) } else { rng.below(n) };
            let w = if rng.below(2) == 0 { 0 } else { rng.between(0, 9) };
            moves.push((from, to, w));
            if rng.below(8) == 0 {
                moves.push((from, to, w + rng.between(0, 1))); // a repeated move
            }
        }
    }
    Plain { owners, payoffs, moves, bans: vec![0; n] }
}

/// `(owners as a string of m and M, payoffs, moves)` as a game.
pub fn game(owners: &str, payoffs: &[i64], moves: &[(usize, usize, i64)]) -> Plain {
    let owners = owners.bytes().map(|b| if b == b'm' { Owner::Min } else { Owner::Max }).collect();
    Plain { owners, payoffs: payoffs.to_vec(), moves: moves.to_vec(), bans: vec![0; payoffs.len()] }
}

/// `game` with random bans: at each position with moves, 0 to `k - 1` of its `k` moves banned
/// (0 a third of the time).
pub fn with_random_bans(rng: &mut Rng, mut game: Plain) -> Plain {
    let mut degree = vec![0; game.len()];
    for &(from, _, _) in &game.moves {
        degree[from] += 1;
    }
    game.bans = degree.iter().map(|&k| if k < 2 || rng.below(3) == 0 { 0 } else { rng.below(k) }).collect();
    game
}

/// A number near the edges of `i64` (or small) for payoffs and weights (`weight`: not negative).
pub fn extreme(rng: &mut Rng, weight: bool) -> i64 {
    let near = [i64::MAX, i64::MAX / 2, i64::MAX / 3, 1 << 61, 1 << 40];
    let value = match rng.below(4) {
        0 => rng.between(0, 5),
        _ => near[rng.below(near.len())] - rng.between(0, 3),
    };
    if weight || rng.below(2) == 0 {
        value
    } else {
        -value - rng.between(0, 1) // down to i64::MIN
    }
}
