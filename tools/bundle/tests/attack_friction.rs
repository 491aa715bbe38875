//! Regression cases found by an adversarial pass over `make bundle SRC=..` (branch
//! `attack-friction`): a user's file that compiles in a cargo project depending on graph_games
//! must bundle, and bundling must never destroy the user's file. Each case is a tiny main written
//! here; the oracle is rustc itself (the bundle must compile) and the file system (the source must
//! still be there, unchanged).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().find(|d| d.join("src/lib.rs").is_file() && d.join("inputs").is_dir()).unwrap().into()
}

/// A scratch folder of this test process and case, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("graph_games_attack_{}_{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn bundle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bundle")).args(args).current_dir(root()).output().unwrap()
}

/// Writes `text` as `dir/name`, bundles it into `dir/out/`, and says whether that succeeded.
fn bundles(dir: &Path, name: &str, text: &[u8]) -> Result<(), String> {
    let file = dir.join(name);
    fs::write(&file, text).unwrap();
    let out = dir.join("out");
    let made = bundle(&["--editions", "2021", "--out", out.to_str().unwrap(), file.to_str().unwrap()]);
    if made.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&made.stderr).into_owned())
    }
}

const MAIN: &str =
    "use graph_games::input::Error;\n\nfn main() {\n    println!(\"{}\", Error::new(\"hi\"));\n}\n";

/// Windows editors (Notepad) start a UTF-8 file with a byte-order mark; rustc and cargo accept it
/// at the start of a file, but not in the middle of one, where the bundle puts the user's code.
#[test]
fn a_file_starting_with_a_byte_order_mark_bundles() {
    let dir = scratch("bom");
    let text = [&b"\xef\xbb\xbf"[..], MAIN.as_bytes()].concat();
    let result = bundles(&dir, "bom.rs", &text);
    let _ = fs::remove_dir_all(&dir);
    result.unwrap();
}

/// Only a path into the library is to become `crate::graph_games::..` in a user's module: a
/// variable that happens to be named `graph_games` is not a path, and must stay as written.
#[test]
fn a_variable_named_graph_games_in_a_users_module_stays_a_variable() {
    let dir = scratch("variable");
    let text = "use graph_games::input::Error;\n\nmod m {\n    pub fn f() -> i32 {\n        let graph_games = 5;\n        graph_games\n    }\n}\n\nfn main() {\n    println!(\"{} {}\", Error::new(\"x\"), m::f());\n}\n";
    let result = bundles(&dir, "variable.rs", text.as_bytes());
    let _ = fs::remove_dir_all(&dir);
    result.unwrap();
}

/// `make bundle SRC=sol.rs OUT=sol.rs` must not overwrite the source with its bundle, nor (when
/// the bundle fails) delete it as a stale bundle: it is refused, and the file is left as it was.
#[test]
fn an_out_file_that_is_the_source_is_refused_and_the_source_kept() {
    let dir = scratch("self");
    let file = dir.join("sol.rs");
    for text in [MAIN, "fn main() {\n    let _ = graph_games::input::Error::new(x);\n}\n"] {
        fs::write(&file, text).unwrap();
        let path = file.to_str().unwrap();
        let made = bundle(&["--editions", "2021", "--out-file", path, path]);
        let kept = fs::read_to_string(&file).ok();
        assert_eq!(made.status.code(), Some(2), "{}", String::from_utf8_lossy(&made.stdout));
        assert_eq!(kept.as_deref(), Some(text), "the source was overwritten or removed");
    }
    let _ = fs::remove_dir_all(dir);
}

/// `--out DIR` into the source's own folder: the bundle `DIR/sol.rs` would be the source itself.
#[test]
fn an_out_folder_whose_bundle_is_the_source_is_refused_and_the_source_kept() {
    let dir = scratch("self_dir");
    let file = dir.join("sol.rs");
    fs::write(&file, MAIN).unwrap();
    let made = bundle(&["--editions", "2021", "--out", dir.to_str().unwrap(), file.to_str().unwrap()]);
    let kept = fs::read_to_string(&file).ok();
    let stderr = String::from_utf8_lossy(&made.stderr).into_owned();
    assert_eq!(made.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(kept.as_deref(), Some(MAIN), "the source was overwritten or removed");
    let _ = fs::remove_dir_all(dir);
}

/// A flag that sets one thing is given once: a second value would silently win.
#[test]
fn a_repeated_flag_is_refused() {
    for args in [
        &["--judge", "cf", "--judge", "cses"][..],
        &["--limit", "70000", "--limit", "80000"],
        &["--out", "target/a", "--out", "target/b"],
        &["--out", "target/a", "--out-file", "target/b.rs"],
        &["--limit", "+100"],
    ] {
        let made = bundle(&[args, &["graph_game"]].concat());
        let stderr = String::from_utf8_lossy(&made.stderr).into_owned();
        assert_eq!(made.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{args:?}: {stderr}");
    }
}

/// An `--out-file` that links to the source writes through to it: refused as the source itself.
#[cfg(unix)]
#[test]
fn an_out_file_linking_to_the_source_is_refused() {
    let dir = scratch("link");
    let file = dir.join("sol.rs");
    fs::write(&file, MAIN).unwrap();
    let link = dir.join("link.rs");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let made = bundle(&["--editions", "2021", "--out-file", link.to_str().unwrap(), file.to_str().unwrap()]);
    let kept = fs::read_to_string(&file).ok();
    assert_eq!(made.status.code(), Some(2), "{}", String::from_utf8_lossy(&made.stdout));
    assert_eq!(kept.as_deref(), Some(MAIN), "the source was overwritten");
    let _ = fs::remove_dir_all(dir);
}
