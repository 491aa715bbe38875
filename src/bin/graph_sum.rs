//! Judge binary for sums of tokens on a directed graph; see `graph_games::games::graph_sum`.

use graph_games::cli;
use graph_games::games::graph_sum;

const USAGE: &str = "\
usage: graph_sum [--values] [--move] [--bound] < input

Reads `n m`, m edges `u v` (1 <= u, v <= n), `q` and q queries `k t1 ... tk` (k tokens on
vertices t_i) and prints, for every query, the result for the player to move in the sum of
those tokens (a move moves one token along an edge; who cannot move loses): win, lose or draw.

  --values   instead, print every vertex's loopy nim value: a number, or `inf` and the set K
             of the numbers among its options (the queries are still read and checked)
  --move     after `win`: `i v`, token i (1-based) to v, a move that wins against any defence
  --bound    after `win` (and i v): b, the most moves the game then lasts
  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &["--values", "--move", "--bound"], |flags, input, output| {
        let problem = graph_sum::read(input)?;
        if flags.has("--values") {
            graph_sum::write_values(&graph_sum::values(&problem)?, output)?;
        } else if flags.has("--move") || flags.has("--bound") {
            let answer = graph_sum::decide_with_progress(problem, flags.has("--move"), flags.has("--bound"))?;
            graph_sum::write_answer(&answer, output)?;
        } else {
            graph_sum::write_answer(&graph_sum::try_decide(problem)?, output)?;
        }
        Ok(())
    }));
}
