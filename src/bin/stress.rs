//! `stress`: tests a solution of one of the games against the library on generated inputs, and
//! shrinks the first one it fails; see `graph_games::stress` (and `stress --help`). A tool, not
//! a judge program: it is not bundled.

fn main() {
    std::process::exit(graph_games::stress::main(std::env::args_os().skip(1)));
}
