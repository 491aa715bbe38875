//! Judge binary for sums of partizan games on a directed graph; see
//! `graph_games::games::graph_partizan`.
//!
//! Judge mode is the whole program without the default cargo feature `extras`, as in its bundle
//! (a bundle is built with every feature off): `--values` and `--move` need the partizan
//! library's notation and move search, which the judge's answer does not (docs/bundling.md).

use graph_games::cli::{self, Failure, Flags, Input, Output};
use graph_games::games::graph_partizan;

#[cfg(feature = "extras")]
const USAGE: &str = "\
usage: graph_partizan [--values] [--move [--right]] < input

Reads `n m`, m edges `u v c` (c: L or R, whose move it is; no cycle), `q` and q queries
`k t1 ... tk` (tokens on vertices t_i); prints who wins each sum: Left, Right, First or Second.

  --values   print every vertex's canonical form instead (the queries are still checked)
  --move     after a win of the player to move: `i v`, token i to vertex v, a winning move
  --right    with --move: Right moves first (else Left)
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

#[cfg(feature = "extras")]
const FLAGS: [&str; 3] = ["--values", "--move", "--right"];

#[cfg(not(feature = "extras"))]
const FLAGS: [&str; 0] = [];

fn main() {
    std::process::exit(cli::run(USAGE, &FLAGS, answer));
}

/// Judge mode: who wins each query's sum.
#[cfg(not(feature = "extras"))]
fn answer(_: &Flags, input: &mut Input, output: &mut Output) -> Result<(), Failure> {
    Ok(graph_partizan::write_answer(&graph_partizan::decide(graph_partizan::read(input)?), output)?)
}

/// Judge mode, or what a flag asks for instead.
#[cfg(feature = "extras")]
fn answer(flags: &Flags, input: &mut Input, output: &mut Output) -> Result<(), Failure> {
    use graph_games::input::Error;
    use graph_games::partizan::Side;
    if flags.has("--right") && !flags.has("--move") {
        return Err(Error::new("--right says who moves for --move: give --move too").into());
    }
    let problem = graph_partizan::read(input)?;
    if flags.has("--values") {
        let text = graph_partizan::values_text(&problem)?;
        std::io::Write::write_all(output, &text)?;
    } else if flags.has("--move") {
        let mover = if flags.has("--right") { Side::Right } else { Side::Left };
        graph_partizan::write_answer(&graph_partizan::moves::decide_with_moves(problem, mover)?, output)?;
    } else {
        graph_partizan::write_answer(&graph_partizan::decide(problem), output)?;
    }
    Ok(())
}
