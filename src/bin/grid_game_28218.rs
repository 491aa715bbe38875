//! Judge binary for BOJ 28218 (grid game); see `graph_games::games::grid_game`.

use graph_games::cli;
use graph_games::games::grid_game;

const USAGE: &str = "\
usage: grid_game_28218 [--map] < input

BOJ 28218. Reads `N M K`, N rows of M cells (`#` blocked, `.` free) and Q starts `x y`
(1-based row and column). A move takes the piece one cell down, one cell right, or 1..=K cells
diagonally down-right, onto a free cell (cells jumped over may be blocked); a player who cannot
move loses (whoever reaches (N, M) wins). Prints First or Second for each start.

  --map    print the decided board instead, one line per row: W a free cell where the player
           to move wins, L one where he loses, # a blocked cell (the queries are still checked)
  --help   print this help

Limits: N*M <= 10^9 cells (one byte each), Q <= 10^8.
";

fn main() {
    std::process::exit(cli::run(USAGE, &["--map"], |flags, input, output| {
        let answer = grid_game::decide(grid_game::read(input)?);
        if flags.has("--map") {
            grid_game::write_map(&answer, output)?;
        } else {
            grid_game::write_answer(&answer, output)?;
        }
        Ok(())
    }));
}
