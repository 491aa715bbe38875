//! `pattern`: reads a table and prints its periods and the rule found (the crate's doc).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(pattern::cli::finish(pattern::cli::run(&args)));
}
