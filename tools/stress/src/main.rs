//! The `stress` command: the whole tool is the library's [`stress::run`].

fn main() {
    std::process::exit(stress::run(std::env::args_os().skip(1)));
}
