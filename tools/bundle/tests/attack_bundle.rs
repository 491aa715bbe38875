//! Cases found by an adversarial pass over the bundler's claims (branch `attack-bundle`): a
//! bundle "behaves exactly like the program it came from, on every input" and "compiles
//! warning-free" as a judge compiles it (`rustc -O`). Each case is a tiny contest file written
//! here against the library's public API; the oracle is rustc itself (the bundle compiles with
//! `-O`, as a judge's does) and what the program prints when cargo builds it, worked out by hand
//! from Rust's rules and the library's documented behaviour, written in the test.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().find(|d| d.join("src/lib.rs").is_file() && d.join("inputs").is_dir()).unwrap().into()
}

/// A scratch folder of this test process and case, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("graph_games_attack_bundle_{}_{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` as `dir/name.rs`, bundles it (in `layout`, checked in edition 2021) to
/// `dir/name_bundle.rs`, compiles that as a judge does (`rustc --edition 2021 -O`) and runs it:
/// its standard output, or why there is none.
fn bundled_output(dir: &Path, name: &str, text: &str, layout: &str) -> Result<String, String> {
    let file = dir.join(format!("{name}.rs"));
    fs::write(&file, text).unwrap();
    let out = dir.join(format!("{name}_bundle.rs"));
    let made = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(["--editions", "2021", "--layout", layout, "--out-file"])
        .arg(&out)
        .arg(&file)
        .current_dir(root())
        .output()
        .unwrap();
    if !made.status.success() {
        return Err(format!("the bundler failed: {}", String::from_utf8_lossy(&made.stderr)));
    }
    let executable = dir.join(name);
    let rustc = std::env::var("RUSTC").ok().filter(|r| !r.is_empty()).unwrap_or_else(|| "rustc".into());
    let compiled = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&executable)
        .arg(&out)
        .output()
        .unwrap();
    if !compiled.status.success() {
        return Err(format!("rustc -O failed on the bundle: {}", String::from_utf8_lossy(&compiled.stderr)));
    }
    let ran = Command::new(&executable).output().unwrap();
    Ok(String::from_utf8_lossy(&ran.stdout).into_owned())
}

/// A user's `macro_rules!` named like a std macro the library calls (`format!` here) is the user's
/// own: in a cargo build it is seen by the user's crate alone, and the library's `format!` is
/// std's. In a bundle the library is a module after the user's code, inside the macro's textual
/// scope, so the library's own `format!` calls become the user's macro unless the bundle keeps
/// them std's. `plural(2, "move")` is "2 moves" (src/input/error.rs), made by the library's
/// `format!`; the user's macro shouts, in the user's own line only.
#[test]
fn a_users_macro_named_like_a_std_macro_does_not_reach_the_library() {
    let dir = scratch("shadow");
    let text = "use graph_games::input::plural;\n\n\
                macro_rules! format {\n    ($($t:tt)*) => { ::std::format!($($t)*).to_uppercase() };\n}\n\n\
                fn main() {\n    println!(\"{}\", format!(\"shout\"));\n    println!(\"{}\", plural(2, \"move\"));\n}\n";
    let outputs: Vec<(&str, Result<String, String>)> = ["indented", "short"]
        .iter()
        .map(|layout| (*layout, bundled_output(&dir, "shadow", text, layout)))
        .collect();
    let _ = fs::remove_dir_all(&dir);
    for (layout, output) in outputs {
        assert_eq!(output.as_deref(), Ok("SHOUT\n2 moves\n"), "layout {layout}");
    }
}

/// A judge compiles with `-O`, where `debug_assertions` is off; the bundler prunes and checks
/// without it, where it is on. A contest file's `#[cfg(not(debug_assertions))]` code (a habit:
/// debug output only in debug builds) is then never seen while pruning, and a library function
/// only it calls is cut: the bundle that "compiles in every edition" does not compile for the
/// judge. Cargo's release build of the file prints `Lose` (a vertex without moves loses).
#[test]
fn a_library_function_called_only_without_debug_assertions_is_kept() {
    let dir = scratch("release_only");
    let text = "use graph_games::graph::{Graph, GraphBuilder, GraphGame};\nuse graph_games::solver::Start;\n\n\
                #[cfg(debug_assertions)]\nfn first(g: &Graph) -> String {\n    \
                let (s, _) = graph_games::solver::solve_with_depth(&GraphGame::new(g, |_| Start::Lose));\n    \
                format!(\"{:?}\", s.outcome(0))\n}\n\n\
                #[cfg(not(debug_assertions))]\nfn first(g: &Graph) -> String {\n    \
                let s = graph_games::solver::solve(&GraphGame::new(g, |_| Start::Lose));\n    \
                format!(\"{:?}\", s.outcome(0))\n}\n\n\
                fn main() {\n    let mut b = GraphBuilder::new(1, 0);\n    b.add_edges(&[]);\n    \
                println!(\"{}\", first(&b.build()));\n}\n";
    let output = bundled_output(&dir, "release_only", text, "indented");
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(output.as_deref(), Ok("Lose\n"));
}
