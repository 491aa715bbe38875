//! What the `graph_game` integration tests share: running the built binary on an input.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `program` (the built `graph_game`, or a shell wrapping it) with `args` on `input`.
pub fn run_program(program: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A separate writer, so that a binary that stops reading early cannot block the test.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    output
}

/// Runs the built `graph_game` with `args` on `input`.
pub fn run(args: &[&str], input: &[u8]) -> Output {
    run_program(env!("CARGO_BIN_EXE_graph_game"), args, input)
}
