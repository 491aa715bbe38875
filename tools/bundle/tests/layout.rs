//! The house rules of the workspace (`src/`, `tools/`, `tests/` and the tools' `tests/`), checked
//! on the sources as they are (the checkers are `house_rules/`). They live with the bundler, whose
//! lexer reads the files:
//!
//! 1. **No import cycle between files.** Files import one another only downwards (`src/lib.rs`
//!    lists the layers), so each can be read, tested and bundled knowing only the files below it,
//!    and a change to one never needs the files above it. Each crate is checked alone: the library
//!    (`src/`), and each tool's library (`tools/NAME/src/`; a main, a test or a build script
//!    reaches a library only by its name). A file's module path comes from its place (`src/a/b.rs`
//!    and `src/a/b/mod.rs` are `crate::a::b`, `src/lib.rs` and `tools/bundle/src/lib.rs` the
//!    roots); its references are its `crate::`, `super::` and `self::` paths, and the paths that
//!    start with a module it declares (`mod x;` then `x::y`), `use` groups expanded; each is
//!    resolved to the longest module path that is a file. A `mod x;` declaration itself is not an import. A
//!    cycle is a strongly connected set of two or more files; every one is reported, with the
//!    references that close it.
//! 2. **At most 500 lines above a file's tests**, in `src/`, `tools/` and `tests/` (a test file
//!    counts whole). A file longer than that holds more than one concern: split it by concern, as
//!    `src/input/` and `tools/bundle/src/` are.
//! 3. **The games live in `src/games/`, and the mains are thin.** A game is a module with a
//!    `pub fn read` and a `pub fn write_answer` (the shape `src/games/mod.rs` describes); each
//!    `src/bin/<name>.rs` is at most 40 lines calling one, so what a judge runs is tested in the
//!    library.
//! 4. **std only, and the tools in the workspace.** The root manifest's `[dependencies]`,
//!    `[dev-dependencies]` and `[build-dependencies]` are empty; stress's and pattern's hold
//!    nothing but the library itself, by path, the bundler's and the bench's nothing; the
//!    workspace's members are the four tools, and every crate has edition 2021 and rust-version 1.63.
//!
//! Only the code above a file's first `#[cfg(test)]` line counts (its unit tests at the bottom may
//! import anything and take any length), read with the bundler's lexer (`bundle::lex`), so
//! comments and the insides of literals are never taken for code. The checkers work on files in
//! memory, so the tests at the bottom also run them on small made-up sets of files, with a
//! violation and without.

mod house_rules;
use house_rules::*;
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root: this crate is `tools/bundle/`.
fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

// The rules on src/ and tools/

/// Every `.rs` file under the folders `folders` of the repository, sorted by path; each of
/// `needed` must be among them.
fn rs_files(folders: &[&str], needed: &[&str], folders_are_tests: bool) -> Vec<Source> {
    let root = &root();
    let mut found = Vec::new();
    let mut folders: Vec<_> = folders.iter().map(|f| root.join(f)).collect();
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display())) {
            let path = entry.unwrap().path();
            // A tool's tests are test files (`tests` among `folders`), not its sources.
            let tests_of_a_tool = path.parent().and_then(Path::parent) == Some(root.join("tools").as_path())
                && path.file_name().map_or(false, |name| name == "tests");
            if path.is_dir() && (!tests_of_a_tool || folders_are_tests) {
                folders.push(path);
            } else if path.extension().map_or(false, |e| e == "rs") {
                let relative = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                found.push(Source { path: relative, text });
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    for needed in needed {
        assert!(found.iter().any(|s| s.path == *needed), "no {needed} under {}", root.display());
    }
    found
}

/// Every `.rs` file under `src/` and `tools/` but the tools' tests, sorted by path.
fn sources() -> Vec<Source> {
    let needed =
        ["src/lib.rs", "tools/bundle/src/lib.rs", "tools/bundle/src/lex.rs", "tools/stress/build.rs"];
    rs_files(&["src", "tools"], &needed, false)
}

/// Every `.rs` file under `tests/` and the tools' `tests/`, sorted by path.
fn test_sources() -> Vec<Source> {
    let tools = ["tools/stress/tests", "tools/bundle/tests", "tools/pattern/tests"];
    rs_files(
        &["tests", tools[0], tools[1], tools[2]],
        &["tests/common/mod.rs", "tools/bundle/tests/layout.rs"],
        true,
    )
}

#[test]
fn no_file_of_src_or_tools_imports_one_that_imports_it_back() {
    let sources = sources();
    let imports = imports(&sources);
    assert!(!imports.is_empty(), "no import found between the files of src/: the checker is broken");
    // `cargo test --test layout -- --nocapture` shows the imports read.
    for import in imports {
        println!("{} -> {}", import.why, sources[import.to].path);
    }
    let cycles = import_cycles(&sources);
    assert!(
        cycles.is_empty(),
        "files that import one another (rule 1 of tests/layout.rs):\n{}",
        cycles.join("\n")
    );
}

#[test]
fn no_file_of_src_tools_or_tests_has_more_than_500_lines_above_its_tests() {
    let mut overlong = overlong_files(&sources());
    // A test file has no `#[cfg(test)]` tail: it counts whole.
    let tests: Vec<Source> = test_sources()
        .into_iter()
        .map(|s| Source { text: s.text.replace("#[cfg(test)]", "#[cfg(test )]"), ..s })
        .collect();
    overlong.extend(overlong_files(&tests));
    assert!(overlong.is_empty(), "split these by concern:\n{}", overlong.join("\n"));
}

#[test]
fn the_games_live_in_src_games_and_the_mains_are_thin() {
    let sources = sources();
    // A judge program has judge cases in inputs/<name>/; a tool (`stress`) has none and no game.
    let inputs = root().join("inputs");
    let judge_programs = sources
        .iter()
        .filter_map(|s| s.path.strip_prefix("src/bin/")?.strip_suffix(".rs"))
        .filter(|name| inputs.join(name).is_dir())
        .count();
    let games = games(&sources);
    assert!(judge_programs >= 4, "the judge programs of src/bin/ (with cases in inputs/) were not found");
    assert!(games.len() >= judge_programs, "{judge_programs} judge programs but only these games: {games:?}");
    let wrong = misplaced_games_and_fat_mains(&sources);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The entries of `table` (`[dependencies]`, say) in a manifest's text: its lines up to the next
/// table, comments and blank lines left out.
fn table_entries(manifest: &str, table: &str) -> Vec<String> {
    let lines = manifest.lines().map(|line| line.split('#').next().unwrap_or("").trim());
    let mut inside = false;
    let mut entries = Vec::new();
    for line in lines {
        if line.starts_with('[') {
            inside = line == table;
        } else if inside && !line.is_empty() {
            entries.push(line.to_string());
        }
    }
    entries
}

#[test]
fn std_only_and_the_tools_are_members_of_the_workspace() {
    let manifest = |dir: &str| {
        let path = root().join(dir).join("Cargo.toml");
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let top = manifest("");
    assert_eq!(
        table_entries(&top, "[workspace]"),
        [
            r#"members = ["tools/stress", "tools/bundle", "tools/bench", "tools/pattern"]"#,
            r#"default-members = [".", "tools/stress", "tools/bundle", "tools/bench", "tools/pattern"]"#
        ]
    );
    for table in ["[dependencies]", "[dev-dependencies]", "[build-dependencies]"] {
        assert_eq!(table_entries(&top, table), Vec::<String>::new(), "Cargo.toml: {table} is not empty");
        for tool in ["tools/stress", "tools/bundle", "tools/bench", "tools/pattern"] {
            let entries = table_entries(&manifest(tool), table);
            // stress and pattern are on the library; the bundler and the bench are std only.
            let library = [
                r#"graph_games = { path = "../..", default-features = false, features = ["stdout-check"] }"#,
            ];
            let allowed: &[&str] =
                if table == "[dependencies]" && (tool == "tools/stress" || tool == "tools/pattern") {
                    &library
                } else {
                    &[]
                };
            assert!(
                entries.iter().all(|e| allowed.contains(&e.as_str())),
                "{tool}/Cargo.toml: {table} {entries:?}"
            );
        }
    }
    // One edition and one oldest compiler for every crate.
    for dir in ["", "tools/stress", "tools/bundle", "tools/bench", "tools/pattern"] {
        let package = table_entries(&manifest(dir), "[package]");
        for field in [r#"edition = "2021""#, r#"rust-version = "1.63""#] {
            assert!(package.iter().any(|e| e == field), "{dir}/Cargo.toml: no {field}");
        }
    }
}

/// The test index (tests/README.md, "which kind of test goes where") names every test crate: each
/// file directly in `tests/` and in each tool's `tests/`, by its file name.
#[test]
fn the_test_index_names_every_test_file() {
    let index = fs::read_to_string(root().join("tests/README.md")).unwrap();
    let mut missing = Vec::new();
    for dir in
        ["tests", "tools/stress/tests", "tools/bundle/tests", "tools/bench/tests", "tools/pattern/tests"]
    {
        let entries = fs::read_dir(root().join(dir)).unwrap_or_else(|e| panic!("{dir}: {e}"));
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_file() && name.ends_with(".rs") && !index.contains(&format!("{name}`")) {
                missing.push(format!("{dir}/{name}"));
            }
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "tests/README.md does not name these test files: {missing:?}");
}

/// The files of `tests/` are the modules of one test crate (tests/suite.rs), but those Cargo.toml
/// names as crates of their own (`[[test]]`, `path = "tests/NAME.rs"`): a file declared in neither
/// would never be compiled nor run (`autotests = false`). So are those of `tools/pattern/tests/`.
#[test]
fn every_file_of_tests_is_a_module_of_the_suite_or_a_crate() {
    let mut lost = Vec::new();
    for package in [".", "tools/pattern"] {
        let suite = fs::read_to_string(root().join(package).join("tests/suite.rs")).unwrap();
        let manifest = fs::read_to_string(root().join(package).join("Cargo.toml")).unwrap();
        for entry in fs::read_dir(root().join(package).join("tests")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let stem = match name.strip_suffix(".rs") {
                Some(stem) => stem,
                None => continue,
            };
            let crate_of_its_own = manifest.contains(&format!("path = \"tests/{name}\""));
            if path.is_file()
                && !crate_of_its_own
                && !suite.lines().any(|line| line == format!("mod {stem};"))
            {
                lost.push(format!("{package}/tests/{name}"));
            }
        }
    }
    lost.sort();
    assert!(
        lost.is_empty(),
        "files of tests/ neither in its tests/suite.rs nor a [[test]] of its Cargo.toml: {lost:?}"
    );
}

// The checkers on made-up files

/// Made-up files of `src/`, each by its path there.
fn made_up(files: &[(&str, &str)]) -> Vec<Source> {
    files.iter().map(|(path, text)| Source { path: format!("src/{path}"), text: text.to_string() }).collect()
}

/// A small crate: `top` above `games` above `low`, every kind of reference once, and references
/// that are not imports (comments, strings, tests, `mod` declarations). `rules.rs` is given.
fn crate_with_rules(rules: &str) -> Vec<Source> {
    made_up(&[
        ("lib.rs", "pub mod games;\npub mod low;\npub mod top;\n"),
        ("low.rs", "// use crate::top;\n/* crate::top::f() /* nested */ crate::top */\npub fn g() -> &'static str {\n    r#\"crate::top::\"#\n}\n#[cfg(test)]\nmod tests {\n    use crate::top::*;\n}\n"),
        ("top.rs", "use crate::{\n    games::{play::{self, Game}, Rules as R},\n    low::g,\n};\nfn f() -> char { '\"' }\n"),
        // `super` of the mod.rs of crate::games is the root; `rules::` starts at a child.
        ("games/mod.rs", "pub mod play;\npub mod rules;\npub use self::play::Game;\nuse super::low::g;\npub fn check() { rules::apply() }\n"),
        ("games/play.rs", "use super::rules::Rule;\npub struct Game;\n"),
        ("games/rules.rs", rules),
        ("bin/main.rs", "use graph_games::top;\nfn main() {}\n"),
    ])
}

fn import_list(sources: &[Source]) -> Vec<String> {
    let mut list: Vec<String> = imports(sources)
        .iter()
        .map(|i| format!("{} -> {}", &sources[i.from].path[4..], &sources[i.to].path[4..]))
        .collect();
    list.sort();
    list
}

#[test]
fn the_checker_reads_every_kind_of_reference_and_no_other() {
    let sources = crate_with_rules("pub struct Rule;\npub fn apply() { crate::low::g(); }\n");
    assert_eq!(
        import_list(&sources),
        [
            "games/mod.rs -> games/play.rs",
            "games/mod.rs -> games/rules.rs",
            "games/mod.rs -> low.rs",
            "games/play.rs -> games/rules.rs",
            "games/rules.rs -> low.rs",
            "top.rs -> games/mod.rs",
            "top.rs -> games/play.rs",
            "top.rs -> low.rs",
        ]
    );
    assert_eq!(import_cycles(&sources), Vec::<String>::new());
}

#[test]
fn the_checker_finds_a_cycle_and_names_its_files() {
    // rules.rs -> top.rs -> games/play.rs -> rules.rs, and top.rs -> games/mod.rs -> rules.rs.
    let sources = crate_with_rules("pub struct Rule;\nfn f() { super::super::top::f() }\n");
    let cycles = import_cycles(&sources);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(
        cycles[0].starts_with(
            "a cycle among src/games/mod.rs, src/games/play.rs, src/games/rules.rs, src/top.rs:\n"
        ),
        "{}",
        cycles[0]
    );
    assert!(cycles[0].contains("src/games/rules.rs:2 super::super::top::f -> src/top.rs"), "{}", cycles[0]);
    // Two separate cycles are two reports: games/ as above, and low/ made a folder whose mod.rs
    // re-exports from a child (a path that starts at a declared module) which imports it back.
    let mut two = crate_with_rules("pub struct Rule;\nuse crate::games::check;\n");
    two.retain(|s| s.path != "src/low.rs");
    two.extend(made_up(&[
        ("low/mod.rs", "mod a;\nmod b;\npub use a::g;\n"),
        ("low/a.rs", "use crate::low::*;\npub fn g() {}\n"),
        ("low/b.rs", "use super::a;\n"),
    ]));
    two[0].text.push_str("use self::low::b::x;\n");
    assert_eq!(
        import_list(&two),
        [
            "games/mod.rs -> games/play.rs",
            "games/mod.rs -> games/rules.rs",
            "games/mod.rs -> low/mod.rs",
            "games/play.rs -> games/rules.rs",
            "games/rules.rs -> games/mod.rs",
            "lib.rs -> low/b.rs",
            "low/a.rs -> low/mod.rs",
            "low/b.rs -> low/a.rs",
            "low/mod.rs -> low/a.rs",
            "top.rs -> games/mod.rs",
            "top.rs -> games/play.rs",
            "top.rs -> low/mod.rs",
        ]
    );
    let cycles = import_cycles(&two);
    assert_eq!(cycles.len(), 2, "{cycles:?}");
    let games = "a cycle among src/games/mod.rs, src/games/play.rs, src/games/rules.rs:";
    assert!(cycles[0].starts_with(games), "{}", cycles[0]);
    assert!(cycles[1].starts_with("a cycle among src/low/a.rs, src/low/mod.rs:\n"), "{}", cycles[1]);
    assert!(cycles[1].contains("src/low/mod.rs:3 a::g -> src/low/a.rs"), "{}", cycles[1]);
    // A tool is a package of its own: its library's root is its src/lib.rs, `crate::` stays inside
    // it, and its main, its tests and its build script are crates apart.
    let tool = |path: &str, text: &str| Source { path: format!("tools/{path}"), text: text.to_string() };
    let mut tools = crate_with_rules("pub struct Rule;\n");
    tools.extend([
        tool("t/src/lib.rs", "mod a;\nmod b;\nuse a::f;\n"),
        tool("t/src/a.rs", "use super::b::g;\npub fn f() {}\n"),
        tool(
            "t/src/b.rs",
            "use crate::a::f;\npub fn g() {}\n#[cfg(test)]\nmod tests {\n    use crate::*;\n}\n",
        ),
        tool("t/src/main.rs", "use crate::a;\nfn main() {}\n"),
        tool("t/build.rs", "use crate::top;\nfn main() {}\n"),
        tool("t/tests/x.rs", "mod y;\nuse crate::y::z;\n"),
    ]);
    let cycles = import_cycles(&tools);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].starts_with("a cycle among tools/t/src/a.rs, tools/t/src/b.rs:\n"), "{}", cycles[0]);
    assert!(cycles[0].contains("tools/t/src/b.rs:1 crate::a::f -> tools/t/src/a.rs"), "{}", cycles[0]);
}

#[test]
fn the_line_and_game_checkers_see_a_violation() {
    let long = format!("{}#[cfg(test)]\nmod tests {{}}\n", "fn f() {}\n".repeat(MAX_LINES));
    let too_long = format!("fn g() {{}}\n{long}");
    let sources = made_up(&[("ok.rs", &long), ("long.rs", &too_long)]);
    assert_eq!(overlong_files(&sources), ["src/long.rs: 501 lines above its tests"]);
    assert_eq!(above_tests("a\n    #[cfg(test)]\nb\n#[cfg(test)]\nc\n").lines().count(), 3);

    let game = "pub fn read() {}\npub(crate) unsafe fn write_answer() {}\n";
    let fat_main = "fn main() {}\n".repeat(MAX_MAIN_LINES + 1);
    let sources = made_up(&[
        ("games/chess.rs", game),
        ("solver.rs", game),
        // Not games: a private `read`, one only in the tests, one only in a comment.
        ("graph.rs", "fn read() {}\npub fn write_answer() {}\n"),
        ("cli.rs", "pub fn write_answer() {}\n#[cfg(test)]\npub fn read() {}\n"),
        ("input.rs", "// pub fn read() {}\npub fn write_answer() {}\n"),
        ("bin/thin.rs", "fn main() {}\n"),
        ("bin/fat.rs", &fat_main),
    ]);
    assert_eq!(games(&sources), ["src/games/chess.rs", "src/solver.rs"]);
    assert_eq!(
        misplaced_games_and_fat_mains(&sources),
        [
            "src/solver.rs defines a game (pub fn read, pub fn write_answer) outside src/games/",
            "src/bin/fat.rs: 41 lines, over 40 for a main",
        ]
    );
}
