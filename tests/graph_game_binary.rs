//! The `graph_game` binary at scale and on bad input.
//!
//! - Scale: a 2·10^6-vertex chain (a recursive search would overflow the stack on it), checked
//!   line by line against the alternating lose/win pattern and its depths; long cycles with tails,
//!   one drawn, one decided all the way round through a single exit.
//! - Bad input: each case exits 2 with exactly one line `error: ...` on stderr, nothing on stdout
//!   and no panic, and runs under a 256 MiB address-space limit, so a declared size taken on trust
//!   (reserving memory for 10^9 edges, say) makes it fail instead of passing by luck.
//! - `--help` and flag handling.
//!
//! The expected answers come from closed forms: on a path into a dead end, the vertex `d` moves
//! away from it has depth `d` and wins (normal play) exactly when `d` is odd.

use crate::common;
use common::{contract_violation, run, run_program};
use std::fmt::Write as _;
use std::process::Output;

/// The answer line of a vertex `depth` moves up a path into a dead end, with `--depth`.
fn on_a_path(depth: usize, misere: bool) -> String {
    let wins = (depth % 2 == 1) != misere;
    format!("{} {depth}", if wins { "win" } else { "lose" })
}

/// The path 1 -> 2 -> ... -> n, one edge per line.
fn path_input(n: usize) -> String {
    let mut input = String::with_capacity(20 * n);
    writeln!(input, "{n} {}", n - 1).unwrap();
    for v in 1..n {
        writeln!(input, "{v} {}", v + 1).unwrap();
    }
    input
}

fn succeeded(out: &Output) -> &str {
    assert!(out.status.success(), "exit {:?}, stderr {}", out.status, String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    std::str::from_utf8(&out.stdout).expect("utf-8 output")
}

#[test]
fn a_chain_of_two_million_vertices() {
    let n = 2_000_000;
    let input = path_input(n);
    for misere in [false, true] {
        let args: &[&str] = if misere { &["--depth", "--misere"] } else { &["--depth"] };
        let out = run("graph_game", args, input.as_bytes());
        let mut count = 0;
        for (i, line) in succeeded(&out).lines().enumerate() {
            // Vertex i + 1 is n - 1 - i moves from the dead end n.
            let want = on_a_path(n - 1 - i, misere);
            assert!(line == want, "misere={misere}, vertex {}: expected {want:?}, got {line:?}", i + 1);
            count += 1;
        }
        assert_eq!(count, n);
    }
}

#[test]
fn long_cycles_with_tails() {
    // Two components of 2L vertices: a cycle 1..=L with a tail L+1 -> ... -> 2L -> 1, all drawn;
    // the same shape on 2L+1..=4L, whose last cycle vertex 3L also moves to a dead end 4L+1.
    let l = 500_000;
    let n = 4 * l + 1;
    let mut edges = Vec::with_capacity(n);
    for base in [0, 2 * l] {
        for i in 1..=l {
            edges.push((base + i, base + if i == l { 1 } else { i + 1 }));
            edges.push((base + l + i, base + if i == l { 1 } else { l + i + 1 }));
        }
    }
    edges.push((3 * l, n));
    let mut input = format!("{n} {}\n", edges.len());
    for (u, v) in edges {
        writeln!(input, "{u} {v}").unwrap();
    }
    let out = run("graph_game", &["--depth"], input.as_bytes());
    let lines: Vec<&str> = succeeded(&out).lines().collect();
    assert_eq!(lines.len(), n);
    let expected = |v: usize| -> String {
        if v <= 2 * l {
            return "draw".to_string();
        }
        let depth = match v - 2 * l {
            i if i <= l => l - i + 1,         // on the cycle: 3L wins by leaving it
            i if i <= 2 * l => 3 * l - i + 1, // on the tail: one more than the next vertex
            _ => 0,                           // the dead end
        };
        on_a_path(depth, false)
    };
    for (i, line) in lines.iter().enumerate() {
        assert!(*line == expected(i + 1), "vertex {}: expected {:?}, got {line:?}", i + 1, expected(i + 1));
    }
}

/// Runs the binary under a 256 MiB address-space limit (set by the shell before it execs).
fn run_limited(args: &[&str], input: &[u8]) -> Output {
    let mut all = vec!["-c", "ulimit -v 262144 && exec \"$0\" \"$@\"", env!("CARGO_BIN_EXE_graph_game")];
    all.extend_from_slice(args);
    run_program("/bin/sh", &all, input)
}

/// Checks the bad-input contract and returns the message (without `error: ` and the newline).
fn rejected(what: &str, out: &Output) -> String {
    if let Some(why) = contract_violation(out) {
        panic!("{what}: {why}");
    }
    assert_eq!(out.status.code(), Some(2), "{what}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr["error: ".len()..stderr.len() - 1].to_string()
}

#[test]
fn the_memory_limit_leaves_room_for_a_normal_run() {
    let out = run_limited(&["--depth"], b"5 5\n1 2\n2 3\n4 4\n4 1\n5 5\n");
    assert_eq!(succeeded(&out), "lose 2\nwin 1\nlose 0\nwin 3\ndraw\n");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    // (what, flags, input, a piece the message must contain)
    let cases: &[(&str, &[&str], &[u8], &str)] = &[
        ("empty input", &[], b"", "line 1, column 1: expected the number of vertices n"),
        ("only whitespace", &[], b" \r\n\t\n", "expected the number of vertices n"),
        ("only n", &[], b"5", "expected the number of edges m"),
        ("only n, with a newline", &[], b"5\n", "line 2, column 1: expected the number of edges m"),
        ("no edges at all", &[], b"3 2\n", "expected the source of edge 1 of 2"),
        ("truncated edge list", &[], b"3 2\n1 2\n", "line 3, column 1: expected the source of edge 2 of 2"),
        ("half an edge", &[], b"3 2\n1 2\n3\n", "expected the target of edge 2 of 2"),
        ("an extra edge", &[], b"3 1\n1 2\n2 3\n", "line 3, column 1: unexpected `2`"),
        ("an extra token", &[], b"3 1\n1 2 3\n", "line 2, column 5: unexpected `3`"),
        ("a word after the edges", &["--depth"], b"3 0\nend\n", "unexpected `end`"),
        ("source 0", &[], b"3 1\n0 1\n", "the source of edge 1 of 1 must be between 1 and 3, found 0"),
        ("target 0", &[], b"3 1\n1 0\n", "the target of edge 1 of 1 must be between 1 and 3, found 0"),
        ("source above n", &[], b"3 1\n4 1\n", "found 4"),
        ("target far above n", &[], b"3 1\n1 4294967297\n", "found 4294967297"),
        ("negative n", &[], b"-5 1\n1 1\n", "`-5` (negative)"),
        ("negative m", &[], b"5 -1\n", "`-1` (negative)"),
        ("negative vertex", &[], b"3 1\n-1 2\n", "`-1` (negative)"),
        ("a letter for n", &[], b"n 1\n", "expected the number of vertices n, found `n`"),
        ("a digit and a letter", &[], b"3 1\n1 2x\n", "found `2x`"),
        ("a plus sign", &[], b"3 1\n+1 2\n", "found `+1`"),
        ("a decimal point", &[], b"3.0 1\n", "found `3.0`"),
        ("a NUL byte", &[], b"3 1\n1\x002\n", "edge 1 of 1"),
        ("invalid UTF-8", &[], b"3 1\n\xff\xfe 2\n", "edge 1 of 1"),
        ("n = 0", &[], b"0 0\n", "the number of vertices n must be between 1 and"),
        ("n = 0 with an edge", &[], b"0 1\n1 1\n", "found 0"),
        ("n = 10^11", &[], b"100000000000 1\n1 1\n", "found 100000000000"),
        ("n beyond u64", &[], b"99999999999999999999999 1\n", "(too large)"),
        ("m = 10^9, tiny input", &[], b"3 1000000000\n1 2\n", "the number of edges m"),
        ("m = 10^11", &[], b"3 100000000000\n", "found 100000000000"),
        ("m = 4*10^8 (under the cap), tiny input", &[], b"3 400000000\n1 2\n", "edge 2 of 400000000"),
        ("an unknown flag", &["--deep"], b"1 0\n", "unknown flag `--deep`"),
        ("a short unknown flag", &["-d"], b"1 0\n", "unknown flag `-d`"),
        ("a stray argument", &["input.txt"], b"1 0\n", "unexpected argument `input.txt`"),
        ("a stray argument after flags", &["--misere", "--depth", "x"], b"1 0\n", "unexpected argument `x`"),
    ];
    for &(what, args, input, piece) in cases {
        let message = rejected(what, &run_limited(args, input));
        assert!(message.contains(piece), "{what}: {message:?} does not contain {piece:?}");
    }
}

#[test]
fn an_error_at_the_end_of_a_large_input_leaves_stdout_empty() {
    // 10^5 good edges (over a megabyte, many read chunks), then a stray token: the answer must not
    // have been started, and the position must count every line before it.
    let mut input = path_input(100_001);
    input.push_str("x\n");
    let message = rejected("a stray token at the end", &run("graph_game", &["--depth"], input.as_bytes()));
    assert_eq!(message, "line 100002, column 1: unexpected `x` after the 100000 edges");
}

#[test]
fn help_and_flags() {
    for args in [&["--help"][..], &["-h"], &["--depth", "--help"], &["--help", "--bogus"]] {
        let out = run("graph_game", args, b"not read");
        let usage = succeeded(&out);
        assert!(usage.starts_with("usage: graph_game"), "{args:?}: {usage:?}");
        assert!(["--misere", "--depth", "--move"].iter().all(|f| usage.contains(f)), "{usage:?}");
    }
    // Flags in any order, repeated or not, mean the same.
    let example = b"5 5\n1 2\n2 3\n4 4\n4 1\n5 5\n";
    for args in [&["--misere", "--depth"][..], &["--depth", "--misere"], &["--depth", "--misere", "--depth"]]
    {
        assert_eq!(
            succeeded(&run("graph_game", args, example)),
            "win 2\nlose 1\nwin 0\ndraw\ndraw\n",
            "{args:?}"
        );
    }
}
