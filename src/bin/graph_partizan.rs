//! Judge binary for sums of partizan games on a directed graph; see
//! `graph_games::games::graph_partizan`.

use graph_games::cli;
use graph_games::games::graph_partizan;
use graph_games::input::Error;
use graph_games::partizan::Side;

const USAGE: &str = "\
usage: graph_partizan [--values] [--move [--right]] < input

Reads `n m`, m edges `u v c` (1 <= u, v <= n; c is L, a move for Left, or R, a move for Right;
no cycle), `q` and q queries `k t1 ... tk` (k tokens on vertices t_i) and prints, for every
query, who wins the sum of those tokens (a move moves one token along an edge of the mover's
label; who cannot move loses): Left or Right (whoever starts), First or Second (to move).

  --values   instead, print every vertex's canonical form in CGSuite's notation, one a line
             (the queries are still read and checked)
  --move     after the winner, where the player to move wins: `i v`, token i (1-based) to
             vertex v, a move after which the mover wins whatever the defence (Left moves)
  --right    with --move: Right is the player to move
  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &["--values", "--move", "--right"], |flags, input, output| {
        if flags.has("--right") && !flags.has("--move") {
            return Err(Error::new("--right says who moves for --move: give --move too").into());
        }
        let problem = graph_partizan::read(input)?;
        if flags.has("--values") {
            let text = graph_partizan::values_text(&problem)?;
            std::io::Write::write_all(output, &text)?;
        } else if flags.has("--move") {
            let mover = if flags.has("--right") { Side::Right } else { Side::Left };
            graph_partizan::write_answer(&graph_partizan::decide_with_moves(problem, mover)?, output)?;
        } else {
            graph_partizan::write_answer(&graph_partizan::decide(problem), output)?;
        }
        Ok(())
    }));
}
