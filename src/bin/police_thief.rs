//! Judge binary for the policeman and the thief; see `graph_games::games::police_thief`.

use graph_games::cli;
use graph_games::games::police_thief::{self, explain};

const USAGE: &str = "\
usage: police_thief [--explain] < input

Reads `n m` and n rows of m cells (. free, * wall, P policeman, T thief, E exit) and prints
who wins: `Police catches the thief`, `The thief escapes` or `Draw`. The policeman moves first,
one step in 8 directions, the thief one step in 4; either may skip his turn.

  --explain  also how long the game lasts (or why it never ends) and the optimal line, a board
             per move (100 at most); boards of at most 8000 free cells and 40000 cells
  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &["--explain"], |flags, input, output| {
        let board = police_thief::read(input)?;
        if flags.has("--explain") {
            explain::write_explanation(&explain::explain(&board)?, output)?;
        } else {
            police_thief::write_answer(&police_thief::try_decide(board)?, output)?;
        }
        Ok(())
    }));
}
