// A contestant's file with a mistake on line 10: the bundler says so at this file's line.
#![allow(dead_code)]
extern crate graph_games;

use graph_games::cli;

fn main() {
    std::process::exit(cli::run("usage: broken", &[], |_, _, output| {
        use std::io::Write;
        writeln!(output, "{}", undefined)?;
        Ok(())
    }));
}
