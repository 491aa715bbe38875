//! The start-up floor of a judge-sized run: a Rust program that does nothing, built the way the
//! project's binaries are (`rustc -O -C target-feature=+crt-static`: the C runtime linked
//! statically, as .cargo/config.toml does on x86-64 Linux). No program answers sooner than this
//! one ends.
fn main() {}
