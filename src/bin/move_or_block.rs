//! Judge binary for BOJ 31567 "Move or Block!"; see `graph_games::move_or_block`.

use graph_games::{cli, move_or_block};

const USAGE: &str = "\
usage: move_or_block [--brute] [--explain] < input

Reads N and a board of N cells ('.' empty, 'X' wall, 'O' the piece) and prints who wins
with optimal play, Mingyu moving first: mingyu, yunsu or draw.

  --brute    decide by solving every state of the game (boards of at most 20 cells)
  --explain  after the verdict, print the three counts l, r, c, the rule that decides,
             and Mingyu's winning first move when there is one (cells numbered from 1)
  --help     print this help
";

fn main() {
    std::process::exit(cli::run(USAGE, &["--brute", "--explain"], |flags, input, output| {
        let options = move_or_block::Options { brute: flags.has("--brute"), explain: flags.has("--explain") };
        let board = move_or_block::read(input, options)?;
        Ok(move_or_block::write_answer(&board, options, output)?)
    }));
}
