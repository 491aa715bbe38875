//! Judge binary for BOJ 31567 "Move or Block!"; see `graph_games::games::move_or_block`.

use graph_games::cli;
use graph_games::games::move_or_block as mob;

const USAGE: &str = "\
usage: move_or_block [--brute] [--explain] < input

Reads N and a board of N cells ('.' empty, 'X' wall, 'O' the piece) and prints who wins
with optimal play, Mingyu moving first: mingyu, yunsu or draw.

  --brute    decide by solving the game on the counts l, r, c with the shared solver
             instead of the rules (boards of any length with at most 500 '.' cells)
  --explain  after the verdict, print the three counts l, r, c, the rule that decides,
             Mingyu's winning first move when there is one (cells numbered from 1), and
             how many moves the game lasts (for at most 500 '.' cells)
  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &["--brute", "--explain"], |flags, input, output| {
        let problem = mob::read(input)?;
        let brute = flags.has("--brute");
        if flags.has("--explain") {
            // One solve of the model gives the length and, with --brute, the verdict.
            let explanation = mob::explain(problem)?;
            let answer = if brute { explanation.brute_answer()? } else { mob::decide(problem) };
            mob::write_answer(&answer, output)?;
            mob::write_explanation(&explanation, output)?;
        } else {
            let answer = if brute { mob::decide_brute(problem)? } else { mob::decide(problem) };
            mob::write_answer(&answer, output)?;
        }
        Ok(())
    }));
}
