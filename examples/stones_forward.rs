//! The stones game of `examples/stones.rs` written forward, shown first in README's "Your own
//! game": the moves out of each state, the outcome, depth, move and line of every state, and a
//! probe of one state's moves.

use graph_games::forward::ForwardGame;
use graph_games::solver::{solve, Start};

fn main() {
    // A pile of 0..=10 stones; a move takes one or two stones, or puts one back (up to 10).
    // Whoever faces an empty pile has lost: it has no moves.
    let max = 10;
    let moves = |s: usize, list: &mut Vec<usize>| {
        list.extend((1..=2).filter(|&k| k <= s).map(|k| s - k));
        if s > 0 && s < max {
            list.push(s + 1);
        }
    };
    let game = ForwardGame::new(max + 1, moves, |_| Start::Lose);
    let solution = solve(&game);
    let table = game.tablebase();
    for s in 0..=max {
        let (outcome, depth, play) = (solution.outcome(s), table.depth(s), table.best_move(s));
        println!("{s} stones: {outcome:?}, depth {depth:?}, play {play:?}, line {:?}", table.line(s));
    }
    for m in game.probe(&table, 4) {
        println!("4 -> {}: {:?}, depth {:?} for the mover", m.to, m.outcome, m.depth);
    }
}
