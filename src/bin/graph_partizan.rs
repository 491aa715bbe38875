//! Judge binary for sums of partizan games on a directed graph; see
//! `graph_games::games::graph_partizan`. Its extras need the default cargo feature `extras`; the
//! bundle, built without it, is judge mode only (docs/bundling.md).

use graph_games::cli;
use graph_games::games::graph_partizan::program::{answer, FLAGS};

#[cfg(feature = "extras")]
const USAGE: &str = "\
usage: graph_partizan [--values] [--move [--right]] < input

Reads `n m`, m edges `u v c` (c: L or R, whose move it is; no cycle), `q` and q queries
`k t1 ... tk` (tokens on vertices t_i); prints who wins each sum: Left, Right, First or Second.

  --values   print every vertex's canonical form instead (the queries are still checked)
  --move     after a win of the player to move: `i v`, token i to vertex v, a winning move
  --right    with --move: Right moves first (else Left)
  (--values --move prints both: the n lines of the values, then the q lines of the moves)
  --help     print this help
";

#[cfg(not(feature = "extras"))]
const USAGE: &str = "\
usage: graph_partizan < input

Reads `n m`, m edges `u v c` (c: L or R, whose move it is; no cycle), `q` and q queries
`k t1 ... tk` (tokens on vertices t_i); prints who wins each sum: Left, Right, First or Second.
Judge mode only: --values and --move are in the build with the cargo feature `extras`.

  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &FLAGS, answer));
}
