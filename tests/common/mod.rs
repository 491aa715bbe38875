//! What the integration tests share: running a built binary on an input, and a small PRNG.

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

/// splitmix64: a tiny, good-enough PRNG; every test seeds it with a fixed number.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` (bound > 0; the tiny modulo bias does not matter here).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
}
