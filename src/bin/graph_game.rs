//! Judge binary for the general game on a directed graph; see `graph_games::games::graph_game`.

use graph_games::cli;
use graph_games::games::graph_game::{self, Play};

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

fn main() {
    std::process::exit(cli::run(USAGE, &["--misere", "--depth", "--move"], |flags, input, output| {
        let graph = graph_game::read(input)?;
        let play = if flags.has("--misere") { Play::Misere } else { Play::Normal };
        if flags.has("--move") {
            let answer = graph_game::decide_with_moves(graph, play);
            graph_game::write_answer_with_moves(&answer, flags.has("--depth"), output)?;
        } else if flags.has("--depth") {
            graph_game::write_answer_with_depth(&graph_game::decide_with_depth(graph, play), output)?;
        } else {
            graph_game::write_answer(&graph_game::decide_as(graph, play), output)?;
        }
        Ok(())
    }));
}
