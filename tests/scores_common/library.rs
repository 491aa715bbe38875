//! The scores tests' bridge to the library: a game of plain data given to `graph_games::scores`
//! (this file alone of `scores_common/` uses the library; the oracles in `mod.rs` do not).

use super::{Owner, Plain};
use graph_games::scores::{ScoreGraph, Side};

/// The library's side for an owner.
pub fn side(owner: Owner) -> Side {
    match owner {
        Owner::Min => Side::Min,
        Owner::Max => Side::Max,
    }
}

/// `game` as an explicit game of the library, bans included.
pub fn build(game: &Plain) -> ScoreGraph {
    let sides: Vec<Side> = game.owners.iter().map(|&o| side(o)).collect();
    let bans: Vec<u32> = game.bans.iter().map(|&b| b as u32).collect();
    let graph = ScoreGraph::new(&sides, &game.payoffs, &game.moves).expect("a valid game");
    graph.with_bans(&bans).expect("valid bans")
}
