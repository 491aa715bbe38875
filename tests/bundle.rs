//! The judge bundles (`make bundle`, tools/bundle.rs): every binary's bundle compiles alone with
//! plain `rustc --edition 2021 -O`, without a single warning, and answers every judge case exactly
//! as the cargo binary must (the rules of tests/judge_cases.rs: `.out` is exit 0, exactly that
//! stdout and no stderr; `.err` is exit 2, no stdout and exactly that stderr; flags in `.args`).
//! The bundler's own unit tests (lexer, test stripping, paths) live in tools/bundle.rs and run here.

// The tool's command line (`main`, `run`) is not used from here.
#[allow(dead_code)]
#[path = "../tools/bundle.rs"]
mod bundle_tool;

mod common;
use common::{check_case, judge_cases, root};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn make_bundle(name: &str) -> bundle_tool::Bundle {
    bundle_tool::bundle(&root(), name, |_| "the commit under test".to_string())
        .unwrap_or_else(|e| panic!("bundling {name}: {e}"))
}

/// Starts `rustc` (the one cargo uses when it says so, else the one on the path) on a bundle.
fn start_rustc(source: &Path, executable: &Path) -> Child {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    Command::new(rustc)
        .args(["--edition", "2021", "-O", "-D", "warnings", "-o"])
        .arg(executable)
        .arg(source)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run rustc: {e}"))
}

#[test]
fn every_bundle_compiles_alone_and_passes_every_judge_case() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle");
    fs::create_dir_all(&dir).unwrap();
    let names = bundle_tool::binaries(&root()).unwrap();
    assert!(!names.is_empty(), "no src/bin/*.rs");
    // Compile every bundle at once: rustc -O is the slow part.
    let compiling: Vec<(String, PathBuf, Child)> = names
        .iter()
        .map(|name| {
            let source = dir.join(format!("{name}.rs"));
            fs::write(&source, make_bundle(name).text).unwrap();
            let executable = dir.join(name);
            let rustc = start_rustc(&source, &executable);
            (name.clone(), executable, rustc)
        })
        .collect();
    let mut failures = Vec::new();
    let mut cases = 0;
    for (name, executable, rustc) in compiling {
        let compiled = rustc.wait_with_output().unwrap();
        if !compiled.status.success() || !compiled.stderr.is_empty() {
            failures.push(format!(
                "{name}: rustc on {}.rs:\n{}",
                dir.join(&name).display(),
                String::from_utf8_lossy(&compiled.stderr)
            ));
            continue;
        }
        for case in judge_cases(&name) {
            cases += 1;
            if let Some(why) = check_case(&executable, &name, &case) {
                failures.push(format!(
                    "{name} bundle on {}: {why}",
                    case.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{} bundles compiled alone without warnings; {cases} judge cases passed", names.len());
}

#[test]
fn bundles_hold_only_what_the_program_needs() {
    let graph_game = make_bundle("graph_game");
    assert_eq!(graph_game.modules, ["cli", "graph", "graph_game", "input", "prefetch", "solver"]);
    for name in bundle_tool::binaries(&root()).unwrap() {
        let bundle = make_bundle(&name);
        assert!(bundle.modules.contains(&"cli".to_string()), "{name}: every judge program runs through cli");
        assert!(bundle.text.len() <= bundle_tool::MAX_BUNDLE_BYTES);
        for test_only in ["#[cfg(test)]", "#[test]", "mod tests", "use super::*"] {
            assert!(!bundle.text.contains(test_only), "{name}: the bundle still has `{test_only}`");
        }
        let header = bundle.text.lines().take_while(|l| !l.is_empty()).collect::<Vec<_>>().join("\n");
        assert!(header.contains("make bundle") && header.contains(&format!("src/bin/{name}.rs")), "{header}");
    }
}

/// Every module of the library bundles cleanly: nothing test-only is left, nothing is refused.
/// The core modules, whose unit tests are one `mod tests` at the bottom, lose exactly that.
#[test]
fn every_library_module_loses_exactly_its_tests() {
    let lib = fs::read_to_string(root().join("src/lib.rs")).unwrap();
    for module in bundle_tool::library_modules(&lib).unwrap() {
        let src = fs::read_to_string(root().join(format!("src/{module}.rs"))).unwrap();
        let stripped = bundle_tool::strip_test_items(&src).unwrap();
        assert_eq!(bundle_tool::strip_test_items(&stripped).unwrap(), stripped, "{module}: test items left");
        bundle_tool::check_bundleable(&stripped, true).unwrap_or_else(|e| panic!("{module}: {e}"));
        if ["cli", "graph", "graph_game", "input", "solver"].contains(&module.as_str()) {
            let tests_at = src.find("\n#[cfg(test)]\nmod tests {").expect("unit tests at the bottom");
            assert_eq!(stripped, &src[..tests_at + 1], "{module}");
        }
    }
}
