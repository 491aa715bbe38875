// A contest template, as contestants write them (tools/bundle/tests/bundle.rs bundles it from a
// folder with a space in its name, as `mon prog é.rs`): crate attributes, the library under other names, modules
// beside the file (flags.rs, helpers/mod.rs), macros of its own, a helper it does not use today.
// It is graph_game's main otherwise, and answers its judge cases.
#![allow(dead_code)]
#![allow(unused)]
#![allow(unused_imports)]
#![warn(clippy::all)]
#![deny(unused_must_use)]

extern crate graph_games as gg;

use graph_games::*;
use graph_games::{self, cli};
use gg::games::graph_game::{self, Play};
use std::io::{self, Write};

mod flags;
mod helpers;

const USAGE: &str = "\
usage: graph_game [--misere] [--depth] [--move] < input

Reads `n m` and m edges `u v` (1 <= u, v <= n) and prints, for every vertex i, the result
for the player to move with the token on i: win, lose or draw.

  --misere   a player who cannot move wins (default: he loses)
  --depth    after win/lose, print how many moves the game lasts with optimal play
             (the winner hurries, the loser stalls)
  --move     end each line with the vertex an optimal move goes to (none without moves):
             the quickest win, the longest loss, a draw kept; the lowest-numbered if several
  --help     print this help
";

macro_rules! debug {
    ($($t:tt)*) => {};
}

macro_rules! play_of {
    ($flags:expr) => {
        if $flags.has("--misere") { Play::Misere } else { Play::Normal }
    };
}

fn unused_helper(graph: graph_game::Problem) -> graph_game::Answer {
    graph_game::decide(graph)
}

fn main() {
    debug!("starting", 1 + 1);
    std::process::exit(cli::run(USAGE, &flags::FLAGS, |flags, input, output| {
        let graph = graph_game::read(input)?;
        let play = play_of!(flags);
        helpers::answer(graph, play, flags.has("--depth"), flags.has("--move"), output)
    }));
}
