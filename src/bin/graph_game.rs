//! Judge binary for the general game on a directed graph; see `graph_games::graph_game`.

use graph_games::{cli, graph_game};

const USAGE: &str = "\
usage: graph_game [--misere] [--depth] < input

Reads `n m` and m edges `u v` (1 <= u, v <= n) and prints, for every vertex i, the result
for the player to move with the token on i: win, lose or draw.

  --misere   a player who cannot move wins (default: he loses)
  --depth    after win/lose, print how many moves the game lasts with optimal play
             (the winner hurries, the loser stalls)
  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &["--misere", "--depth"], |flags, input, output| {
        let graph = graph_game::read(input)?;
        let options = graph_game::Options { misere: flags.has("--misere"), depth: flags.has("--depth") };
        Ok(graph_game::write_answer(&graph, options, output)?)
    }));
}
