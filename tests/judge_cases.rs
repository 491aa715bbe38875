//! Runs every judge case through the built binary and compares byte for byte.
//!
//! A case is `inputs/<binary>/<case>.in`, with optional flags in `inputs/<binary>/<case>.args`
//! (one line). Its answer is either `expected/<binary>/<case>.out` (exit status 0, exactly that on
//! stdout, nothing on stderr) or `expected/<binary>/<case>.err` (exit status 2, nothing on stdout,
//! exactly that on stderr). A case with neither fails. New binaries get cases by adding files.
//!
//! With `JUDGE_REPORT=1` and `--nocapture` (what `make judge` runs), every case prints a line:
//! PASS or FAIL, its time, and `SLOW` past the problem's time limit (1 s) for a case without flags,
//! the only kind a judge runs; a case with flags (an extra such as `--brute --explain`) shows them
//! after its name and is never SLOW. The last line counts the cases over the limit.

mod common;
use common::{judge_cases, root, sorted_entries, Judge};
use std::path::Path;

#[test]
fn every_judge_case() {
    let mut judge = Judge::default();
    for dir in sorted_entries(&root().join("inputs")) {
        let bin = dir.file_name().unwrap().to_str().unwrap().to_string();
        // Cargo puts every binary of the package next to each other, and an example
        // (`examples/<bin>.rs`) in `examples/` beside them: a plain `cargo test` builds the
        // examples, `cargo test --test judge_cases` alone does not (`cargo build --examples`).
        let mut executable = Path::new(env!("CARGO_BIN_EXE_graph_game")).with_file_name(&bin);
        if root().join("examples").join(format!("{bin}.rs")).exists() {
            executable = executable.with_file_name("examples").join(&bin);
        }
        for case in judge_cases(&bin) {
            judge.case(&executable, &bin, &case, "");
        }
    }
    let count = judge.passed + judge.failures.len();
    assert!(count > 0, "no judge cases found");
    println!("judge, cargo binaries: {}", judge.summary());
    assert!(
        judge.failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        judge.failures.len(),
        judge.failures.join("\n")
    );
}

/// Every expected file belongs to a case, so a renamed input cannot leave a stale answer behind.
#[test]
fn no_orphan_expected_files() {
    for dir in sorted_entries(&root().join("expected")) {
        let bin = dir.file_name().unwrap().to_str().unwrap();
        for file in sorted_entries(&dir) {
            let stem = file.file_stem().unwrap().to_str().unwrap();
            let input = root().join("inputs").join(bin).join(format!("{stem}.in"));
            assert!(input.exists(), "{} has no input {}", file.display(), input.display());
        }
    }
}
