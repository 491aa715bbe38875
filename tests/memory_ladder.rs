//! The memory contract under every limit: each judge program and example (and the `pattern` tool),
//! run on a small, a large and a header-only input under a ladder of address-space limits
//! (`ulimit -v`), from the smallest at which the program starts at all to past the run's peak,
//! either answers exactly as it does without a limit (exit 0, the same stdout) or refuses with
//! exit 2, one line `error: ...` and nothing on stdout: never a signal, never an abort ("memory
//! allocation of N bytes failed").
//!
//! The oracle is the program's own run without a limit, on the same input (a limit changes
//! whether it can answer, never what it answers); that each valid input's answer is right is the
//! other tests' business. The ladder's top rung must answer every valid input here, so that the
//! ladder spans the whole run. A run below the floor (the Rust runtime itself fails to start:
//! glibc cannot place its thread block, or std its signal stack) is not the program's: the floor
//! is found first, for each program, on an empty input. `LADDER_BIN_DIR` runs the programs of
//! another build instead (its examples in `examples/` inside it): an older one, to see that the
//! ladder finds what was fixed since.

use crate::common;
use crate::ladder;
use common::Rng;
use ladder::*;

#[test]
fn graph_game() {
    let mut rng = Rng(1);
    let (n, m) = (20_000, 100_000);
    let large = format!("{n} {m}\n{}", random_edges(&mut rng, n, m));
    let cases = [
        case("small", judge_input("graph_game", "example"), &[]),
        case("large", large.clone(), &[]),
        case("large-depth-move", large, &["--depth", "--move"]),
        case("header", "100000000 500000000\n", &[]),
    ];
    ladder("graph_game", &program("graph_game", false), &cases);
}

#[test]
fn graph_sum() {
    let mut rng = Rng(2);
    let (n, m, q) = (20_000, 60_000, 5_000);
    let mut large = format!("{n} {m}\n{}{q}\n", random_edges(&mut rng, n, m));
    for _ in 0..q {
        let k = rng.between(1, 5);
        let tokens: Vec<String> = (0..k).map(|_| rng.between(1, n).to_string()).collect();
        large += &format!("{k} {}\n", tokens.join(" "));
    }
    let cases = [
        case("small", judge_input("graph_sum", "example"), &[]),
        case("large", large.clone(), &[]),
        case("large-move", large, &["--move"]),
        case("header", "2000000 2000000\n", &[]),
    ];
    ladder("graph_sum", &program("graph_sum", false), &cases);
}

#[test]
fn graph_scores() {
    let mut rng = Rng(53);
    let (n, m) = (20_000, 60_000);
    let mut large = format!("{n} {m} 1\n");
    for _ in 0..m {
        large += &format!("{} {} {}\n", rng.between(1, n), rng.between(1, n), rng.below(1_000_000_001));
    }
    let cases = [
        case("small", judge_input("graph_scores", "example"), &[]),
        case("large", large.clone(), &[]),
        case("large-values-move-line", large, &["--values", "--move", "--line"]),
        case("header", "100000000 500000000 1\n", &[]),
    ];
    ladder("graph_scores", &program("graph_scores", false), &cases);
}

#[test]
fn graph_partizan() {
    let mut rng = Rng(3);
    let (n, m, q) = (20_000, 40_000, 5_000);
    // Edges down to one of the 8 vertices below, labelled at random: no cycle.
    let mut large = format!("{n} {m}\n");
    for _ in 0..m {
        let u = rng.between(2, n);
        let v = rng.between(u.saturating_sub(8).max(1), u - 1);
        large += &format!("{u} {v} {}\n", if rng.below(2) == 0 { 'L' } else { 'R' });
    }
    large += &format!("{q}\n");
    for _ in 0..q {
        let k = rng.between(1, 5);
        let tokens: Vec<String> = (0..k).map(|_| rng.between(1, n).to_string()).collect();
        large += &format!("{k} {}\n", tokens.join(" "));
    }
    let cases = [
        case("small", judge_input("graph_partizan", "example"), &[]),
        case("large", large.clone(), &[]),
        case("large-move", large, &["--move"]),
        case("header", "200000 200000\n", &[]),
    ];
    ladder("graph_partizan", &program("graph_partizan", false), &cases);
}

/// An open `n x n` board, the policeman in one corner and the thief in the other.
fn open_board(n: usize) -> String {
    let mut text = format!("{n} {n}\nP{}\n", ".".repeat(n - 1));
    for _ in 1..n - 1 {
        text += &format!("{}\n", ".".repeat(n));
    }
    text + &format!("{}T\n", ".".repeat(n - 1))
}

#[test]
fn police_thief() {
    let cases = [
        case("small", judge_input("police_thief", "example"), &[]),
        case("large", open_board(30), &[]),
        case("large-explain", open_board(30), &["--explain"]),
        case("header", "10000 10000\n", &[]),
    ];
    ladder("police_thief", &program("police_thief", false), &cases);
}

#[test]
fn grid_game() {
    let mut rng = Rng(3);
    let (rows, cols) = (400, 900);
    let board: Vec<Vec<u8>> = (0..rows)
        .map(|_| (0..cols).map(|_| if rng.below(10) == 0 { b'#' } else { b'.' }).collect())
        .collect();
    let mut large = format!("{rows} {cols} 7\n");
    for row in &board {
        large += &format!("{}\n", String::from_utf8(row.clone()).unwrap());
    }
    let mut starts = Vec::new();
    while starts.len() < 1000 {
        let (r, c) = (rng.below(rows), rng.below(cols));
        if board[r][c] == b'.' {
            starts.push(format!("{} {}\n", r + 1, c + 1));
        }
    }
    large += &format!("{}\n{}", starts.len(), starts.concat());
    let cases = [
        case("small", judge_input("grid_game_28218", "example"), &[]),
        case("large", large.clone(), &[]),
        case("large-map", large, &["--map"]),
        case("header", "4097 4097 0", &[]),
        case("header-map", "4097 4097 0", &["--map"]),
    ];
    ladder("grid_game_28218", &program("grid_game_28218", false), &cases);
}

#[test]
fn move_or_block() {
    let cases = [
        case("small", judge_input("move_or_block", "example"), &[]),
        case("large", judge_input("move_or_block", "large_rule4_1e6"), &[]),
        case("header", "1000000000000\n", &[]),
    ];
    ladder("move_or_block", &program("move_or_block", false), &cases);
}

#[test]
fn berzerk() {
    let cases = [
        case("small", judge_input("berzerk", "sample1"), &[]),
        case("large", judge_input("berzerk", "max_all_steps"), &[]),
        case("header", "7000\n6999", &[]),
    ];
    ladder("berzerk", &program("berzerk", true), &cases);
}

#[test]
fn marbles() {
    let cases = [
        case("small", judge_input("marbles", "sample1"), &[]),
        case("large", judge_input("marbles", "max_mixed"), &[]),
        case("header", "100 2000\n", &[]),
    ];
    ladder("marbles", &program("marbles", true), &cases);
}

#[test]
fn shiritori() {
    let mut rng = Rng(4);
    let letters = b"abcXYZ";
    let words: String = (0..50_000)
        .map(|_| {
            let len = rng.between(3, 8);
            let word: Vec<u8> = (0..len).map(|_| letters[rng.below(letters.len())]).collect();
            format!("{}\n", String::from_utf8(word).unwrap())
        })
        .collect();
    let cases = [
        case("small", judge_input("shiritori", "sample1"), &[]),
        case("large", format!("50000\n{words}"), &[]),
        case("header", "200000\n", &[]),
    ];
    ladder("shiritori", &program("shiritori", true), &cases);
}

#[test]
fn stone_piles() {
    let mut rng = Rng(5);
    let (max, q) = (100_000, 10_000);
    let mut large = format!("{max} {q}\n");
    for _ in 0..q {
        let k = rng.between(1, 10);
        let piles: Vec<String> = (0..k).map(|_| rng.between(0, max).to_string()).collect();
        large += &format!("{k} {}\n", piles.join(" "));
    }
    let cases = [
        case("small", judge_input("stone_piles", "sample"), &[]),
        case("large", large.clone(), &[]),
        case("large-move", large, &["--move"]),
        case("header", "1000000 100000\n", &[]),
    ];
    ladder("stone_piles", &program("stone_piles", true), &cases);
}

#[test]
fn hackenbush() {
    let cases = [
        case("small", judge_input("hackenbush", "sample"), &[]),
        case("large", judge_input("hackenbush", "max_string_alternating"), &[]),
        case("header", "10000\n100000\n", &[]),
    ];
    ladder("hackenbush", &program("hackenbush", true), &cases);
}

#[test]
fn domineering() {
    let cases = [
        case("small", judge_input("domineering", "sample"), &[]),
        case("large", format!("1\n4 6\n{}", "......\n".repeat(4)), &[]),
        case("large-table", "3 8\n", &["--table"]),
        case("header", "10\n", &[]),
    ];
    ladder("domineering", &program("domineering", true), &cases);
}

#[test]
fn toads_frogs_and_columns() {
    let cases = [
        case("small", judge_input("toads_frogs", "sample"), &[]),
        case("large", judge_input("toads_frogs", "max_facing_fours"), &[]),
        case("header", "10\n", &[]),
    ];
    ladder("toads_frogs", &program("toads_frogs", true), &cases);
    let cases = [
        case("small", judge_input("columns", "sample"), &[]),
        case("large", judge_input("columns", "max_mixed_values"), &["--values"]),
        case("header", "8\n", &[]),
    ];
    ladder("columns", &program("columns", true), &cases);
}

#[test]
fn toppling_dominoes() {
    let cases = [
        case("small", judge_input("toppling_dominoes", "sample"), &[]),
        case("large", judge_input("toppling_dominoes", "random_outcomes"), &["--outcomes", "--values"]),
        case("header", "10000\n", &[]),
    ];
    ladder("toppling_dominoes", &program("toppling_dominoes", true), &cases);
}

#[test]
fn no_passage() {
    let diagonal: String = (1..=400).map(|i| format!("{i} {i}\n")).collect();
    let cases = [
        case("small", judge_input("no_passage", "sample3"), &[]),
        case("large", format!("400 400 400\n{diagonal}"), &["--values"]),
        case("header", "3000 3000 3000\n", &[]),
    ];
    ladder("no_passage", &program("no_passage", true), &cases);
}

#[test]
fn stones_read_nothing() {
    for name in ["stones", "stones_forward"] {
        ladder(name, &program(name, true), &[case("no-input", "", &[])]);
    }
}

/// A token_duel test file as the jury sends it to the player: `n m`, the edges, then `k t1 .. tk`
/// without the file's `q` line (docs/problems/token_duel.md).
fn duel_message(name: &str) -> String {
    let text = String::from_utf8(judge_input("token_duel", name)).unwrap();
    let words: Vec<&str> = text.split_whitespace().collect();
    let m: usize = words[1].parse().unwrap();
    let mut message = format!("{} {m}\n", words[0]);
    for edge in words[2..2 + 2 * m].chunks(2) {
        message += &format!("{} {}\n", edge[0], edge[1]);
    }
    message + &words[3 + 2 * m..].join(" ") + "\n"
}

/// The reference player alone, the jury's side of a game on its stdin: it answers `first` and its
/// first move, then the input ends (the jury has gone), which ends it quietly. A declared size
/// past the statement's was reserved up front and aborted under any limit; a large game aborted
/// in the solver under 1.6 to 3 MB.
#[test]
fn token_duel() {
    let cases = [
        case("small", duel_message("first_dag"), &[]),
        case("large", duel_message("large_1000_5_win"), &[]),
        case("header", "2000000000 2000000000\n1 2\n", &[]),
    ];
    ladder("token_duel", &program("token_duel", true), &cases);
}

/// game_tables reads its arguments, not stdin: a table's memory is checked before it is taken (it
/// panicked in the graph's arrays, or aborted in the solver, under a few MB).
#[test]
fn game_tables() {
    let cases = [
        case("subtraction", "", &["subtraction", "100000", "1", "2", "3"]),
        case("grundy", "", &["--grundy", "subtraction", "100000", "1", "3", "4"]),
        case("wythoff", "", &["wythoff", "60"]),
        case("move_or_block", "", &["move_or_block", "30"]),
    ];
    ladder("game_tables", &program("game_tables", true), &cases);
}

/// The jury under the ladder, on a large test, against a player that says nothing (an empty
/// stdin): the verdict it gives without a limit (1: the player's output ended), or 3, the jury
/// failed, with one line `fail: not enough memory ...`; never a signal (it panicked in the graph's
/// arrays, or aborted, under 1.6 to 1.8 MB).
#[test]
fn token_duel_jury() {
    let jury = program("token_duel_jury", true);
    let empty = TempFile::new("jury-empty", b"");
    let test = common::root().join("inputs/token_duel/large_1000_5_lose.in");
    let args = [test.to_str().unwrap()];
    let free = run_limited(&jury, &args, &empty.0, 0);
    assert_eq!(free.status.code(), Some(1), "without a limit: {free:?}");
    let floor = floor_with(&jury, &args, &empty.0, &[1, 3]);
    for kib in std::iter::once(floor).chain(LADDER.iter().copied().filter(|&kib| kib > floor)) {
        let out = run_limited(&jury, &args, &empty.0, kib);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let refused = out.status.code() == Some(3)
            && stderr.starts_with("fail: not enough memory for ")
            && stderr.lines().count() == 1;
        assert!(
            (out.status.code() == Some(1) && out.stderr == free.stderr) || refused,
            "token_duel_jury under ulimit -v {kib}: {out:?}"
        );
    }
}

/// `pattern` (tools/pattern): a table of one parameter (a period, proved), one of two (the picture,
/// the periods along the lines and the residue of a period that grows with the other parameter,
/// the rule search) and its emitted code. Every allocation of the tool that fails ends it with one
/// line (its allocator), never an abort.
#[test]
fn pattern() {
    let one: String = (0..20000).map(|n| format!("{n} {}\n", if n % 7 == 0 { "L" } else { "W" })).collect();
    let mut two = String::new();
    for n in 0..60 {
        for k in 3..60 {
            // Codeforces 1194D: moves 1, 2 or k; the second player wins on these.
            let lose = if k % 3 != 0 { n % 3 == 0 } else { n % (k + 1) % 3 == 0 && n % (k + 1) != k };
            two.push_str(&format!("{n} {k} {}\n", if lose { "L" } else { "W" }));
        }
    }
    let cases = [
        case("one", one.as_str(), &["--window", "7"]),
        case("one_json", one.as_str(), &["--json"]),
        case("two", two.as_str(), &["--names", "n,k"]),
        case("two_emit", two.as_str(), &["--emit", "cpp"]),
        case("bad", "0 W\n1 x y\n", &[]),
    ];
    ladder("pattern", &program("pattern", false), &cases);
}
