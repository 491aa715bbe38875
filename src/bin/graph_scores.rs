//! Judge binary for AtCoder ABC 261 Ex "Game on Graph" (games with scores); see
//! `graph_games::games::graph_scores`.

use graph_games::cli;
use graph_games::games::graph_scores::program::{answer, FLAGS};

const USAGE: &str = "\
usage: graph_scores [--values] [--move] [--line] < input

Reads `N M v` and M edges `A B C` (from A to B, weight C); a token starts on v, Takahashi and
Aoki move it in turns, Takahashi first, until a vertex without edges. Takahashi wants the game
to end, then the total weight small; Aoki wants it never to end, then the total large. Prints
the total under perfect play, or INFINITY if Takahashi cannot force the end.

  --values   print N lines instead: the totals from vertex i with Takahashi, then Aoki, to move
  --move     then a line: the vertex Takahashi moves to from v (none without an edge)
  --line     then a line: the play from v under perfect play, its vertices; a play that never
             ends shows its repeating part in parentheses, `1 (2 3)`
  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &FLAGS, answer));
}
