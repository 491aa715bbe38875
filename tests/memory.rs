//! Memory is part of the contract: every judge binary and example, run under an address-space
//! limit (`ulimit -v`), meets a declared-huge size, a truncated input and an input that honestly
//! needs more memory than the limit, and answers each with exit 2 and one line `error: ...`,
//! nothing on stdout: never an abort (exit 134, "memory allocation failed"). Memory grows with the
//! data that arrives, so a few bytes declaring 10^8 vertices fit in 8 MiB.
//!
//! The inputs that need more memory than the limit are checked to be valid: each is also run
//! without the limit, or its smaller cousin is.

use crate::common;
use common::{binary, contract_violation, run_fed};
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::Output;
use std::time::Duration;

/// Runs `program` with `args` under an address-space limit of `kib` KiB, its stdin `head` and then
/// `rows` copies of `row` (written until the program stops reading).
fn limited(program: &Path, args: &[&str], kib: u64, head: &str, row: &str, rows: usize) -> Output {
    let mut all: Vec<OsString> = vec!["-c".into(), format!("ulimit -v {kib} && exec \"$0\" \"$@\"").into()];
    all.push(program.as_os_str().to_owned());
    all.extend(args.iter().map(OsString::from));
    let (head, row) = (head.as_bytes().to_vec(), row.as_bytes().to_vec());
    let feed = move |stdin: &mut dyn Write| {
        if stdin.write_all(&head).is_err() {
            return;
        }
        // Rows in chunks of about 64 KiB.
        let per_chunk = (1 << 16) / row.len().max(1) + 1;
        let chunk = row.repeat(per_chunk);
        let mut left = rows;
        while left > 0 {
            let k = left.min(per_chunk);
            if stdin.write_all(&chunk[..k * row.len()]).is_err() {
                return;
            }
            left -= k;
        }
    };
    run_fed(Path::new("/bin/sh"), &all, feed, Duration::from_secs(120))
        .unwrap_or_else(|why| panic!("{}: {why}", program.display()))
}

/// The run kept the contract and exited with status 2; returns the error line.
fn rejected(what: &str, out: &Output) -> String {
    if let Some(why) = contract_violation(out) {
        panic!("{what}: {why}");
    }
    assert_eq!(out.status.code(), Some(2), "{what}: stdout {:?}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// The run kept the contract and exited with status 0.
fn accepted(what: &str, out: &Output) {
    if let Some(why) = contract_violation(out) {
        panic!("{what}: {why}");
    }
    assert_eq!(out.status.code(), Some(0), "{what}: stderr {:?}", String::from_utf8_lossy(&out.stderr));
}

const MIB: u64 = 1024;

#[test]
fn graph_game_declared_sizes_cost_nothing_until_the_edges_arrive() {
    let bin = binary("graph_game");
    // 12 bytes declaring 10^8 vertices: the arrays of n entries (400 MB) wait for the edges.
    let e = rejected("n = 10^8, no edge", &limited(&bin, &[], 8 * MIB, "100000000 1\n", "", 0));
    assert!(e.contains("expected the source of edge 1 of 1, found the end of the input"), "{e}");
    // The case: 5·10^8 edges declared, three given.
    let head = "100000000 500000000\n1 2\n2 3\n3 1\n";
    let e = rejected("m = 5·10^8, three edges", &limited(&bin, &[], 64 * MIB, head, "", 0));
    assert!(e.contains("edge 4 of 500000000, found the end of the input"), "{e}");
    // Many edges of a false m arrive: memory follows them, and the end of the input is the error.
    let out = limited(&bin, &["--depth"], 64 * MIB, "1000 500000000\n", "1 2\n", 1_000_000);
    let e = rejected("m = 5·10^8, 10^6 edges", &out);
    assert!(e.contains("edge 1000001 of 500000000"), "{e}");
}

#[test]
fn graph_game_too_large_for_the_limit_is_an_error_line() {
    let bin = binary("graph_game");
    // Valid, and small enough to run unlimited: 5·10^6 vertices need about 120 MB to solve.
    accepted("5·10^6 vertices, no limit", &limited(&bin, &[], 4096 * MIB, "5000000 1\n1 2\n", "", 0));
    for args in [&[][..], &["--depth"], &["--misere"]] {
        let e = rejected("5·10^6 vertices", &limited(&bin, args, 64 * MIB, "5000000 1\n1 2\n", "", 0));
        assert!(e.contains("not enough memory for "), "{e}");
    }
    // Edges beyond what the limit holds, arriving: an error while they are read.
    let out = limited(&bin, &[], 64 * MIB, "100 20000000\n", "3 1\n1 2\n", 10_000_000);
    let e = rejected("2·10^7 edges", &out);
    assert!(e.contains("not enough memory for "), "{e}");
}

#[test]
fn graph_sum_memory_follows_the_edges_and_tokens_that_arrive() {
    let bin = binary("graph_sum");
    // The largest graph declared, one edge given; then the most queries declared, one given.
    let e = rejected("m = 2·10^6, one edge", &limited(&bin, &[], 8 * MIB, "2000000 2000000\n1 2\n", "", 0));
    assert!(e.contains("expected the source of edge 2 of 2000000, found the end of the input"), "{e}");
    let e =
        rejected("q = 10^6, one query", &limited(&bin, &["--move"], 8 * MIB, "10 0\n1000000\n1 1\n", "", 0));
    assert!(e.contains("expected the number of tokens of query 2 of 1000000"), "{e}");
    // Valid, and run without the limit: 2·10^6 vertices need about 40 MB to solve: the layout
    // (16 MB) fits in 32 MiB, the values' tables beside it (20 MB, 28 with ranks) do not.
    let head = "2000000 1\n1 2\n1\n1 1\n";
    accepted("2·10^6 vertices, no limit", &limited(&bin, &[], 4096 * MIB, head, "", 0));
    for args in [&[][..], &["--move"], &["--values"], &["--bound"]] {
        let e = rejected("2·10^6 vertices", &limited(&bin, args, 32 * MIB, head, "", 0));
        assert!(e.contains("not enough memory for the loopy values of 2000000 states"), "{args:?}: {e}");
    }
}

#[test]
fn grid_game_boards_grow_with_their_rows() {
    let bin = binary("grid_game_28218");
    // The case: a wide board declared, no row given.
    let e = rejected("3x10^8, no row", &limited(&bin, &[], 64 * MIB, "3 100000000 0\n", "", 0));
    assert!(e.contains("expected row 1 of 3, found the end of the input"), "{e}");
    // Tall, 10^9 cells declared, a few rows given.
    let out = limited(&bin, &[], 64 * MIB, "100000 10000 0\n", &format!("{}\n", ".".repeat(10_000)), 50);
    let e = rejected("10^5x10^4, 50 rows", &out);
    assert!(e.contains("expected row 51 of 100000, found the end of the input"), "{e}");
    // Queries: 10^8 declared, a few given.
    let e = rejected("Q = 10^8", &limited(&bin, &[], 64 * MIB, "1 1 0\n.\n100000000\n", "1 1\n", 1000));
    assert!(e.contains("query 1001 of 100000000"), "{e}");
}

#[test]
fn grid_game_too_large_for_the_limit_is_an_error_line() {
    let bin = binary("grid_game_28218");
    // 80 MB of rows, tall: the board outgrows 64 MiB while its rows arrive.
    let row = format!("{}\n", ".".repeat(4000));
    let e = rejected("20000x4000", &limited(&bin, &[], 64 * MIB, "20000 4000 0\n", &row, 20_000));
    assert!(e.contains("not enough memory for a board of 20000 rows of 4000 cells"), "{e}");
    // 40 MB of rows, wide: held twice while it is copied column by column.
    let row = format!("{}\n", ".".repeat(20_000));
    let e = rejected("2000x20000", &limited(&bin, &[], 64 * MIB, "2000 20000 0\n", &row, 2000));
    assert!(e.contains("not enough memory for a 2000x20000 board stored column by column"), "{e}");
    let out = limited(&bin, &[], 256 * MIB, "2000 20000 0\n", &row, 2000);
    rejected("2000x20000 without queries", &out); // valid up to Q, which is missing
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("expected the number of queries Q"), "{e}");
}

/// An open `n x n` board with the policeman in one corner and the thief in the other.
fn open_board(n: usize) -> String {
    let mut text = format!("{n} {n}\nP{}\n", ".".repeat(n - 1));
    for _ in 1..n - 1 {
        text += &format!("{}\n", ".".repeat(n));
    }
    text + &format!("{}T\n", ".".repeat(n - 1))
}

#[test]
fn police_thief_declared_truncated_and_too_large() {
    let bin = binary("police_thief");
    let e = rejected("10^4x10^4, no row", &limited(&bin, &[], 64 * MIB, "10000 10000\n", "", 0));
    assert!(e.contains("expected row 1 of 10000, found the end of the input"), "{e}");
    // One row of 10^8 characters declared, 10^6 given: the scanner's buffer follows them.
    let out = limited(&bin, &[], 64 * MIB, "1 100000000\n", "*", 1_000_000);
    let e = rejected("a row of 10^8 declared", &out);
    assert!(e.contains("row 1 has 1000000 characters, expected 100000000"), "{e}");
    // An open 100x100 board, 2·10^8 states: a byte each for the counters, and a queue that stays
    // small; the check asks for what the run takes, so 300 MB is enough, and 128 MiB is not.
    let out = limited(&bin, &[], 300_000, &open_board(100), "", 0);
    accepted("100x100 in 300 MB", &out);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Police catches the thief\n");
    let e = rejected("100x100", &limited(&bin, &[], 128 * MIB, &open_board(100), "", 0));
    assert!(e.contains("not enough memory for solving a board of 10000 free cells"), "{e}");
    // With depths, 5 bytes a state (62.5 MB) just fit in 64 MiB, its queue then does not (here:
    // where the check's margin ends is the machine's): the queue grows checked, and memory that
    // runs out there is an error line too.
    let e = rejected("50x50 --explain", &limited(&bin, &["--explain"], 64 * MIB, &open_board(50), "", 0));
    assert!(e.contains("not enough memory for "), "{e}");
    let e = rejected("50x50 --explain", &limited(&bin, &["--explain"], 48 * MIB, &open_board(50), "", 0));
    assert!(e.contains("not enough memory for solving a board of 2500 free cells"), "{e}");
    // A board that fits runs under the same limit.
    accepted("10x10", &limited(&bin, &["--explain"], 64 * MIB, &open_board(10), "", 0));
}

#[test]
fn move_or_block_brute_at_500_free_cells_under_a_limit() {
    let bin = binary("move_or_block");
    let board = format!("502\nO{}X\n", ".".repeat(500));
    // The rules need no memory; the model of 500 free cells (21 million states) does.
    accepted("rules", &limited(&bin, &[], 64 * MIB, &board, "", 0));
    for args in [&["--brute"][..], &["--explain"], &["--brute", "--explain"]] {
        let e = rejected("500 free cells", &limited(&bin, args, 128 * MIB, &board, "", 0));
        assert!(e.contains("not enough memory for solving the game of 500 free cells"), "{e}");
    }
    // 10^12 cells declared, a few given.
    let e = rejected("N = 10^12", &limited(&bin, &[], 64 * MIB, "1000000000000\n", ".", 100_000));
    assert!(e.contains("the board has 100000 cells, but N = 1000000000000"), "{e}");
}

#[test]
fn examples_under_a_limit() {
    // Their statements bound their inputs (n <= 7000, N <= 2·10^5 words of 8 letters, 10^6 piles, 2000 edges):
    // the largest fit in 64 MiB (all but marbles'), and sizes past the bounds or inputs cut short
    // are error lines.
    let berzerk = common::example("berzerk");
    let steps: String = (1..7000).map(|x| format!(" {x}")).collect();
    let largest = format!("7000\n6999{steps}\n6999{steps}\n");
    accepted("berzerk, largest", &limited(&berzerk, &[], 64 * MIB, &largest, "", 0));
    let e = rejected("berzerk, n = 10^18", &limited(&berzerk, &[], 64 * MIB, "1000000000000000000\n", "", 0));
    assert!(e.contains("must be between 2 and 7000"), "{e}");
    let e = rejected("berzerk, cut", &limited(&berzerk, &[], 64 * MIB, "7000\n6999 1 2 3\n", "", 0));
    assert!(e.contains("found the end of the input"), "{e}");

    let shiritori = common::example("shiritori");
    let out = limited(&shiritori, &[], 64 * MIB, "200000\n", "abcdefgh\n", 200_000);
    accepted("shiritori, largest", &out);
    let e = rejected("shiritori, N = 10^12", &limited(&shiritori, &[], 64 * MIB, "1000000000000\n", "", 0));
    assert!(e.contains("must be between 1 and 200000"), "{e}");
    let e = rejected("shiritori, cut", &limited(&shiritori, &[], 64 * MIB, "200000\n", "abc\n", 1000));
    assert!(e.contains("word 1001 of 200000"), "{e}");
    // A word of 10^8 letters: its length is checked as it arrives, never held.
    let e = rejected("shiritori, long word", &limited(&shiritori, &[], 64 * MIB, "1\n", "a", 100_000_000));
    assert!(e.contains("word 1 of 1"), "{e}");

    // stone_piles: 10^5 queries of 10 piles (10^6 in all) of up to 10^6 stones, with --move.
    let piles = common::example("stone_piles");
    let row = "10 1 2 3 0 0 1000000 5 4 1 0\n";
    let out = limited(&piles, &["--move"], 64 * MIB, "1000000 100000\n", row, 100_000);
    accepted("stone_piles, largest", &out);
    let e =
        rejected("stone_piles, q = 10^18", &limited(&piles, &[], 64 * MIB, "4 1000000000000000000\n", "", 0));
    assert!(e.contains("must be between 1 and 100000"), "{e}");
    let e = rejected("stone_piles, cut", &limited(&piles, &[], 64 * MIB, "4 100000\n", "1 2\n", 1000));
    assert!(e.contains("query 1001 of 100000"), "{e}");

    // marbles: its largest game (10^7 moves) needs about 112 MiB and is checked against a margin
    // before it is built: it runs in 192 MiB, and under 64 MiB it is an error line, not an abort.
    let marbles = common::example("marbles");
    let edges: String =
        (1..=100).flat_map(|u| (u + 1..=100).map(move |v| format!("{u} {v} z\n"))).take(2000).collect();
    let largest = format!("100 2000\n{edges}");
    accepted("marbles, largest", &limited(&marbles, &[], 192 * MIB, &largest, "", 0));
    let e = rejected("marbles, largest in 64 MiB", &limited(&marbles, &[], 64 * MIB, &largest, "", 0));
    assert!(e.contains("not enough memory for the game's 540000 states and 10800000 moves"), "{e}");
    let e = rejected("marbles, cut", &limited(&marbles, &[], 64 * MIB, "100 2000\n", "1 2 z\n", 1000));
    assert!(e.contains("the start of edge 1001 of 2000"), "{e}");

    // stones reads nothing: it runs under the limit.
    accepted("stones", &limited(&common::example("stones"), &[], 64 * MIB, "", "", 0));
}
