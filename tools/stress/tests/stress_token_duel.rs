//! `stress token_duel`: the project's interactive problem by name (docs/problems/token_duel.md),
//! its inputs made by `stress`, its jury the built example `token_duel_jury`. The reference
//! solution (the example `token_duel`) passes; a player that always moves first is caught with a
//! wrong answer, on an input shrunk (with the default budget, by the game's own steps: no
//! candidate invalid) to the smallest there is, saved with its transcript; `--gen`
//! prints an input within the statement's constraints; a size past them is an error.
//!
//! The oracle of the shrunk input is the statement read by hand: one vertex, no edge, one token
//! is the smallest valid input, and there the player to move has no move, so `first` loses.

mod stress_common;

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use stress_common::{stress, work_dir};

/// An example built beside `stress` (`cargo test` at the root builds the examples).
fn example(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_stress")).with_file_name("examples").join(name);
    assert!(
        path.is_file(),
        "{} is not built: run the tests at the workspace's root, or cargo build --release --examples first",
        path.display()
    );
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_reference_solution_passes() {
    example("token_duel_jury");
    let solution = example("token_duel");
    let args: Vec<OsString> =
        vec!["token_duel".into(), "--cases".into(), "150".into(), "--".into(), solution.into_os_string()];
    let output = stress(&args);
    assert_eq!(output.status.code(), Some(0), "{}{}", text(&output.stdout), text(&output.stderr));
    assert!(text(&output.stdout).contains("150 cases passed against the jury"), "{}", text(&output.stdout));
}

#[test]
fn a_player_that_always_moves_first_is_caught_on_the_smallest_input() {
    example("token_duel_jury");
    let player = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/token_duel/always_first.py");
    let prefix = work_dir().join("duel-first");
    for extension in ["in", "transcript"] {
        let _ = fs::remove_file(prefix.with_extension(extension));
    }
    let args: Vec<OsString> = vec![
        "token_duel".into(),
        "--out".into(),
        prefix.clone().into_os_string(),
        "--".into(),
        "python3".into(),
        player.into_os_string(),
    ];
    let output = stress(&args);
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}{}", text(&output.stderr));
    assert!(report.starts_with("token_duel: wrong answer on case "), "{report}");
    let input = fs::read_to_string(prefix.with_extension("in")).unwrap();
    let numbers: Vec<&str> = input.split_whitespace().collect();
    assert_eq!(numbers, ["1", "0", "1", "1", "1"], "{report}");
    let transcript = fs::read_to_string(prefix.with_extension("transcript")).unwrap();
    let lines: Vec<&str> = transcript.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, ["> 1 0", "> 1 1", "< first"], "{transcript}");
    assert!(report.contains("1-minimal"), "{report}");
    // By the game's own steps, every candidate is a valid input.
    assert!(!report.contains("not valid"), "{report}");
}

#[test]
fn gen_prints_an_input_within_the_statement_and_sizes_past_it_are_refused() {
    let output = stress(&["token_duel", "--gen", "--seed", "9", "--size", "1000"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let numbers: Vec<usize> = text(&output.stdout).split_whitespace().map(|w| w.parse().unwrap()).collect();
    let (n, m) = (numbers[0], numbers[1]);
    assert!(n == 1000 && m <= 5000);
    let rest = &numbers[2 + 2 * m..];
    assert!(rest[0] == 1 && (1..=5).contains(&rest[1]) && rest.len() == 2 + rest[1], "{rest:?}");
    assert!(numbers[2..].iter().all(|&v| (1..=n).contains(&v)));

    let output = stress(&["token_duel", "--gen", "--size", "1001"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{stderr}");
}
