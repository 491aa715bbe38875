//! Runs every judge case through the built binary and compares byte for byte.
//!
//! A case is `inputs/<binary>/<case>.in`, with optional flags in `inputs/<binary>/<case>.args`
//! (one line). Its answer is either `expected/<binary>/<case>.out` (exit status 0, exactly that on
//! stdout, nothing on stderr) or `expected/<binary>/<case>.err` (exit status 2, nothing on stdout,
//! exactly that on stderr). A case with neither fails. New binaries get cases by adding files.

mod common;
use common::{check_case, judge_cases, root, sorted_entries};
use std::path::Path;

#[test]
fn every_judge_case() {
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in sorted_entries(&root().join("inputs")) {
        let bin = dir.file_name().unwrap().to_str().unwrap().to_string();
        // Cargo puts every binary of the package next to each other.
        let executable = Path::new(env!("CARGO_BIN_EXE_graph_game")).with_file_name(&bin);
        for case in judge_cases(&bin) {
            count += 1;
            if let Some(why) = check_case(&executable, &bin, &case) {
                failures.push(format!("{}: {why}", case.strip_prefix(root()).unwrap().display()));
            }
        }
    }
    assert!(count > 0, "no judge cases found");
    assert!(failures.is_empty(), "{} of {count} cases failed:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{count} judge cases passed");
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
