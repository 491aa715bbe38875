//! The stones game written as the moves into each state (the `Game` trait), shown in
//! docs/own_game.md.

use graph_games::solver::{solve, Game, Start};

/// The stones game of `stones_forward.rs` (0..=max stones; take one or two, or put one back),
/// as the moves into each state.
struct Stones {
    max: usize,
}

impl Game for Stones {
    fn num_states(&self) -> usize {
        self.max + 1 // state s: s stones in the pile
    }
    fn max_moves(&self) -> u32 {
        3
    }
    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        visit(Start::Lose); // an empty pile: the game is over
        for s in 1..=self.max {
            visit(Start::Moves(1 + u32::from(s >= 2) + u32::from(s < self.max)));
        }
    }
    fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, mut visit: F) {
        // Into s: take from s + 1 or s + 2, put back onto s - 1 (not from the empty pile).
        (s + 1..=(s + 2).min(self.max)).for_each(&mut visit);
        if s >= 2 {
            visit(s - 1);
        }
    }
}

fn main() {
    let solution = solve(&Stones { max: 10 });
    for s in 0..=10 {
        println!("{s} stones: {:?}", solution.outcome(s));
    }
}
