//! The `pattern` tool's tests as one test crate: each file of `tests/` a module of it (the index,
//! tests/README.md at the workspace's root, says what each holds), the shared code beside them.
//! One crate compiles and links once, where a crate a file did it six times.
//! `cargo test --release -p pattern --test pattern_tests NAME::` runs the tests of `tests/NAME.rs`; a new
//! file of `tests/` is declared below (tools/bundle/tests/layout.rs checks it).

// The shared code.
#[path = "../../../tests/common/mod.rs"]
mod common;
mod pattern_common;

// The files, each a module.
mod claims;
mod macros;
mod periods;
mod proofs;
mod rules;
mod tool;
