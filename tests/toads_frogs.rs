//! Checks `examples/toads_frogs.rs` against a plain minimax (tests/partizan_common/), which knows
//! no values: a position is the tuple of strips as they stand (bytes, nothing trimmed), a move is a
//! toad's or a frog's step or jump on one strip, and the player to move wins when some move leaves
//! the other player losing (memoised). Who wins (Left, Right, First, Second) is read off the two
//! searches, Left first and Right first.
//!
//! - Random strips of up to 10 cells alone, and random sums of 2 and 3 strips, against the minimax.
//! - Values of tiny strips worked by hand (below, in `tiny_strips_by_hand`).
//! - Bad input keeps the contract and says where.

use crate::common;
use crate::partizan_common;
use common::{assert_rejected, run_program, Rng};
use partizan_common::toads_frogs_winner;

fn run_example(input: &str) -> std::process::Output {
    run_program(common::example("toads_frogs").to_str().unwrap(), &[], input.as_bytes())
}

fn answer(input: &str) -> Vec<String> {
    let out = run_example(input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "toads_frogs failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

fn input_of(strips: &[&str]) -> String {
    format!("{}\n{}\n", strips.len(), strips.join("\n"))
}

fn random_strip(rng: &mut Rng, max_len: usize) -> String {
    let len = rng.between(1, max_len);
    (0..len).map(|_| ['.', '.', 'T', 'F'][rng.below(4)]).collect()
}

#[test]
fn random_strips_and_sums_against_minimax() {
    let mut rng = Rng(1982);
    let mut seen = std::collections::HashSet::new();
    for (count, max_len, rounds) in [(1, 10, 300), (2, 7, 200), (3, 5, 150)] {
        for _ in 0..rounds {
            let strips: Vec<String> = (0..count).map(|_| random_strip(&mut rng, max_len)).collect();
            let strips: Vec<&str> = strips.iter().map(String::as_str).collect();
            let input = input_of(&strips);
            let lines = answer(&input);
            assert_eq!(lines.len(), count + 1, "{input}");
            let expected = toads_frogs_winner(&strips);
            assert_eq!(lines[count], expected, "{input}");
            seen.insert((count, expected));
        }
    }
    for count in 1..=3 {
        for w in ["Left", "Right", "First", "Second"] {
            assert!(seen.contains(&(count, w)), "{w} never seen for {count} strips");
        }
    }
}

/// Worked by hand, `{L | R}` from each player's moves:
/// - `T.` = `{0 |} = 1` (the toad's one step ends the game), `TT.` = `{1 |} = 2` (the front toad
///   steps, leaving `T.T`, whose last toad is stuck: `T.`), `.F` = `-1`;
/// - `F.T` = `0`: the frog is at the left end, the toad at the right: nobody moves;
/// - `FT.` = `{F.T |} = {0 |} = 1`; `.FT` = `{| F.T} = {| 0} = -1`;
/// - `.TF` = `{| FT.} = {| 1} = 0` (the toad is stuck; the frog jumps it);
/// - `TF.` = `{.FT |} = {-1 |} = 0` (the frog is stuck; the toad jumps it);
/// - `T.F` = `{.TF | TF.} = {0 | 0} = *`: whoever moves first wins;
/// - `T.F` twice: `* + * = 0`, the second player wins.
#[test]
fn tiny_strips_by_hand() {
    let strips = ["T.", "TT.", ".F", "F.T", "FT.", ".FT", ".TF", "TF.", "T.F"];
    let values = ["1", "2", "-1", "0", "1", "-1", "0", "0", "*"];
    for (strip, value) in strips.iter().zip(values) {
        assert_eq!(answer(&input_of(&[strip]))[0], value, "{strip}");
    }
    assert_eq!(answer(&input_of(&["T.F", "T.F"])), vec!["*", "*", "Second"]);
}

#[test]
fn bad_input_keeps_the_contract() {
    for (input, message) in [
        ("1\nT.X\n", "line 2, column 3: strip 1 of 1: a cell is `T`, `F` or `.`, found `X`"),
        ("1\nT................\n", "line 2, column 1: strip 1 of 1 has more than 16 characters"),
        ("1\nTTTTT.FFFF\n", "line 2, column 1: strip 1 of 1 holds 9 toads and frogs: at most 8"),
        (
            "3\n................\n................\n.........\n",
            "line 4, column 1: strip 3 of 3 brings the cells to 41: at most 40 in all",
        ),
        ("2\nT.F\n", "expected strip 2 of 2"),
        ("0\n", "line 1, column 1"),
        ("1\nT.F\nT\n", "line 3, column 1"),
    ] {
        let out = run_example(input);
        assert_rejected(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{input:?}: {err}");
    }
}
