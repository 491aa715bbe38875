//! The house rules of `src/` and `tools/`, checked on the sources as they are:
//!
//! 1. **No import cycle between files.** Files import one another only downwards (`src/lib.rs`
//!    lists the layers), so each can be read, tested and bundled knowing only the files below it,
//!    and a change to one never needs the files above it. Each crate is checked alone: the library
//!    (`src/`), and each tool of `tools/` (a folder with its `main.rs`, as `tools/bundle/`, or one
//!    file). A file's module path comes from its place (`src/a/b.rs` and `src/a/b/mod.rs` are
//!    `crate::a::b`, `src/lib.rs` and `tools/bundle/main.rs` the roots); its
//!    references are its `crate::`, `super::` and `self::` paths, and the paths that start with a
//!    module it declares (`mod x;` then `x::y`), `use` groups expanded; each is resolved to the
//!    longest module path that is a file. A `mod x;` declaration itself is not an import. A
//!    cycle is a strongly connected set of two or more files; every one is reported, with the
//!    references that close it.
//! 2. **At most 500 lines above a file's tests**, in `src/` and `tools/`. A file longer than that
//!    holds more than one concern: split it by concern, as `src/input/` and `tools/bundle/` are.
//! 3. **The games live in `src/games/`, and the mains are thin.** A game is a module with a
//!    `pub fn read` and a `pub fn write_answer` (the shape `src/games/mod.rs` describes); each
//!    `src/bin/<name>.rs` is at most 40 lines calling one, so what a judge runs is tested in the
//!    library.
//!
//! Only the code above a file's first `#[cfg(test)]` line counts (its unit tests at the bottom may
//! import anything and take any length), read with the bundler's lexer (tools/bundle/lex.rs), so
//! comments and the insides of literals are never taken for code. The checkers work on files in
//! memory, so the tests at the bottom also run them on small made-up sets of files, with a
//! violation and without.

// The lexer's other uses (brackets, errors) are the bundler's.
#[allow(dead_code)]
#[path = "../tools/bundle/lex.rs"]
mod lex;

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::Path;

/// A file of `src/` or `tools/`: its path with `/` separators (`src/games/police_thief/mod.rs`),
/// and its text.
struct Source {
    path: String,
    text: String,
}

/// The most lines above a file's tests.
const MAX_LINES: usize = 500;

/// The most lines of a `src/bin/<name>.rs`.
const MAX_MAIN_LINES: usize = 40;

// Reading a file

/// The code above the first `#[cfg(test)]` line (at the start of a line, where rustfmt puts a
/// top-level item's attribute); the whole text if there is none.
fn above_tests(text: &str) -> &str {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_end() == "#[cfg(test)]" {
            return &text[..start];
        }
        start += line.len();
    }
    text
}

/// The code tokens above a file's tests (a comment is none, a literal one), each with its line.
fn tokens(text: &str) -> Vec<(String, usize)> {
    let code = above_tests(text);
    let lexed = lex::Lexed::new(code).unwrap_or_else(|e| panic!("a file that does not lex: {e}"));
    let (mut line, mut counted) = (1, 0);
    let with_lines = (0..lexed.code.len()).map(|k| {
        let start = lexed.token(k).start;
        line += code[counted..start].matches('\n').count();
        counted = start;
        (lexed.text(k).to_string(), line)
    });
    with_lines.collect()
}

/// Reads the path tree starting at `tokens[i]` (`a::b::{c, d::{self, e as f}, *}`) into `out`,
/// one segment list per leaf, each after `prefix`; returns the index past it.
fn path_tree(
    tokens: &[(String, usize)],
    mut i: usize,
    prefix: &[String],
    out: &mut Vec<Vec<String>>,
) -> usize {
    let token = |i: usize| tokens.get(i).map_or("", |t| t.0.as_str());
    let mut path = prefix.to_vec();
    loop {
        match token(i) {
            "{" => {
                i += 1;
                while i < tokens.len() && token(i) != "}" {
                    i = path_tree(tokens, i, &path, out);
                    // Past a rename (`x as y`) to the next `,` or the `}`.
                    while i < tokens.len() && token(i) != "," && token(i) != "}" {
                        i += 1;
                    }
                    if token(i) == "," {
                        i += 1;
                    }
                }
                return i + 1;
            }
            segment if segment.starts_with(|c: char| c.is_alphanumeric() || c == '_') => {
                path.push(segment.to_string());
                if token(i + 1) != "::" {
                    out.push(path);
                    return i + 1;
                }
                i += 2;
            }
            // `*`, or the end of the path (`::<T>`, say).
            _ => {
                out.push(path);
                return i;
            }
        }
    }
}

/// The crate of a file and its module path in it (`None` for `src/bin/`, whose mains are crates
/// of their own): `src/a/b.rs` and `src/a/b/mod.rs` are `a::b` of `src`, `tools/bundle/lex.rs` is
/// `lex` of `tools/bundle`, and a tool of one file (`tools/bench.rs`) is the root of its own.
fn module_of(path: &str) -> Option<(String, Vec<String>)> {
    let rest = path.strip_suffix(".rs")?;
    let (krate, rest) = match rest.strip_prefix("src/") {
        Some(rest) if !rest.starts_with("bin/") => ("src".to_string(), rest),
        Some(_) => return None,
        None => match rest.strip_prefix("tools/")?.split_once('/') {
            Some((tool, rest)) => (format!("tools/{tool}"), rest),
            None => return Some((path.to_string(), Vec::new())),
        },
    };
    let mut segments: Vec<String> = rest.split('/').map(String::from).collect();
    let last = segments.pop().unwrap();
    if !["lib", "main", "mod"].contains(&last.as_str()) {
        segments.push(last);
    }
    Some((krate, segments))
}

/// A reference of one file to a module: the line, the path as written, the module path it names.
struct Reference {
    line: usize,
    written: String,
    target: Vec<String>,
}

/// Every reference of the code above the tests of a file of module `module`, resolved to module
/// paths (not yet to files). `super` of a file module `a::b` is `a`, and so is `super` of the
/// `mod.rs` of `a::b` (it is module `a::b`); `self` is the module itself.
fn references(text: &str, module: &[String]) -> Vec<Reference> {
    let tokens = tokens(text);
    let token = |i: usize| tokens.get(i).map_or("", |t| t.0.as_str());
    // The modules this file declares (`mod x;`, `pub mod x;`): `x::y` starts from one of them.
    let children: BTreeSet<&str> =
        (1..tokens.len()).filter(|&i| token(i - 1) == "mod").map(|i| tokens[i].0.as_str()).collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let first = token(i);
        let starts = (["crate", "super", "self"].contains(&first) || children.contains(first))
            && token(i + 1) == "::"
            && (i == 0 || token(i - 1) != "::");
        if !starts {
            i += 1;
            continue;
        }
        let line = tokens[i].1;
        let mut paths = Vec::new();
        i = path_tree(&tokens, i, &[], &mut paths);
        for segments in paths {
            let mut target: Vec<String> = match segments[0].as_str() {
                "crate" => Vec::new(),
                "super" if module.is_empty() => continue, // past the root: rustc says so
                "super" => module[..module.len() - 1].to_vec(),
                "self" => module.to_vec(),
                child => module.iter().cloned().chain([child.to_string()]).collect(),
            };
            let mut valid = true;
            for segment in &segments[1..] {
                match segment.as_str() {
                    "self" => {}
                    "super" => valid &= target.pop().is_some(),
                    name => target.push(name.to_string()),
                }
            }
            if valid {
                found.push(Reference { line, written: segments.join("::"), target });
            }
        }
    }
    found
}

// Rule 1: no import cycle

/// An import of one file by another: indices into the sources, and the first reference that
/// makes it (`solver.rs:304 crate::prefetch::prefetch`).
struct Import {
    from: usize,
    to: usize,
    why: String,
}

/// The imports between the files of `sources` (outside `src/bin/`), each within its crate, one per
/// pair of files.
fn imports(sources: &[Source]) -> Vec<Import> {
    let modules: HashMap<(String, Vec<String>), usize> =
        sources.iter().enumerate().filter_map(|(k, s)| Some((module_of(&s.path)?, k))).collect();
    let mut seen = BTreeSet::new();
    let mut imports = Vec::new();
    for (from, source) in sources.iter().enumerate() {
        let (krate, module) = match module_of(&source.path) {
            Some(found) => found,
            None => continue,
        };
        for reference in references(&source.text, &module) {
            let target = &reference.target;
            let to = (0..=target.len())
                .rev()
                .find_map(|len| modules.get(&(krate.clone(), target[..len].to_vec())).copied());
            if let Some(to) = to {
                if to != from && seen.insert((from, to)) {
                    let why = format!("{}:{} {}", source.path, reference.line, reference.written);
                    imports.push(Import { from, to, why });
                }
            }
        }
    }
    imports
}

/// Every import cycle among `sources`: for each strongly connected set of two or more files, the
/// files and the imports between them. Small enough to find each set by reachability.
fn import_cycles(sources: &[Source]) -> Vec<String> {
    let imports = imports(sources);
    let n = sources.len();
    // reaches[a][b]: a path of imports leads from a to b (the transitive closure).
    let mut reaches = vec![vec![false; n]; n];
    for import in &imports {
        reaches[import.from][import.to] = true;
    }
    for via in 0..n {
        let through = reaches[via].clone();
        for row in reaches.iter_mut().filter(|row| row[via]) {
            row.iter_mut().zip(&through).for_each(|(r, t)| *r |= *t);
        }
    }
    let mut components = BTreeSet::new();
    for (a, from_a) in reaches.iter().enumerate() {
        // The files a reaches that reach it back: its strongly connected component.
        let component: Vec<usize> = (0..n).filter(|&b| b == a || (from_a[b] && reaches[b][a])).collect();
        if component.len() > 1 {
            components.insert(component);
        }
    }
    let mut cycles: Vec<String> = components
        .iter()
        .map(|files| {
            let mut names: Vec<String> = files.iter().map(|&k| sources[k].path.clone()).collect();
            names.sort();
            let inside: Vec<String> = imports
                .iter()
                .filter(|i| files.contains(&i.from) && files.contains(&i.to))
                .map(|i| format!("  {} -> {}", i.why, sources[i.to].path))
                .collect();
            format!("a cycle among {}:\n{}", names.join(", "), inside.join("\n"))
        })
        .collect();
    cycles.sort();
    cycles
}

// Rules 2 and 3: sizes, and where the games are

/// The files with more than [`MAX_LINES`] lines above their tests.
fn overlong_files(sources: &[Source]) -> Vec<String> {
    let lines = |s: &Source| above_tests(&s.text).lines().count();
    sources
        .iter()
        .filter(|s| lines(s) > MAX_LINES)
        .map(|s| format!("{}: {} lines above its tests", s.path, lines(s)))
        .collect()
}

/// Whether the code above the tests defines `pub fn name` (`pub(crate)` and the like too): the
/// item that holds the `fn`, from just after the `;`, `{`, `}` or attribute before it, starts `pub`.
fn defines_pub_fn(text: &str, name: &str) -> bool {
    let tokens = tokens(text);
    let token = |i: usize| tokens.get(i).map_or("", |t| t.0.as_str());
    (0..tokens.len()).filter(|&i| token(i) == "fn" && token(i + 1) == name).any(|i| {
        let item_start = (0..i).rev().find(|&k| matches!(token(k), ";" | "{" | "}" | "]"));
        token(item_start.map_or(0, |k| k + 1)) == "pub"
    })
}

/// The files of `src/` that define a game (`pub fn read` and `pub fn write_answer`).
fn games(sources: &[Source]) -> Vec<&str> {
    sources
        .iter()
        .filter(|s| s.path.starts_with("src/"))
        .filter(|s| defines_pub_fn(&s.text, "read") && defines_pub_fn(&s.text, "write_answer"))
        .map(|s| s.path.as_str())
        .collect()
}

/// The games outside `src/games/`, and the mains over [`MAX_MAIN_LINES`] lines.
fn misplaced_games_and_fat_mains(sources: &[Source]) -> Vec<String> {
    let misplaced = games(sources).into_iter().filter(|path| !path.starts_with("src/games/"));
    let why = "defines a game (pub fn read, pub fn write_answer) outside src/games/";
    let mut wrong: Vec<String> = misplaced.map(|path| format!("{path} {why}")).collect();
    for main in sources.iter().filter(|s| s.path.starts_with("src/bin/")) {
        let lines = main.text.lines().count();
        if lines > MAX_MAIN_LINES {
            wrong.push(format!("{}: {lines} lines, over {MAX_MAIN_LINES} for a main", main.path));
        }
    }
    wrong
}

// The rules on src/ and tools/

/// Every `.rs` file under `src/` and `tools/`, sorted by path.
fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut folders = vec![root.join("src"), root.join("tools")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().map_or(false, |e| e == "rs") {
                let relative = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                found.push(Source { path: relative, text });
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    for needed in ["src/lib.rs", "tools/bundle/main.rs", "tools/bundle/lex.rs"] {
        assert!(found.iter().any(|s| s.path == needed), "no {needed} under {}", root.display());
    }
    found
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
fn no_file_of_src_or_tools_has_more_than_500_lines_above_its_tests() {
    let overlong = overlong_files(&sources());
    assert!(overlong.is_empty(), "split these by concern:\n{}", overlong.join("\n"));
}

#[test]
fn the_games_live_in_src_games_and_the_mains_are_thin() {
    let sources = sources();
    // A judge program has judge cases in inputs/<name>/; a tool (`stress`) has none and no game.
    let inputs = Path::new(env!("CARGO_MANIFEST_DIR")).join("inputs");
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
    // A tool is a crate of its own: its root is its main.rs, and `crate::` stays inside it.
    let tool = |path: &str, text: &str| Source { path: format!("tools/{path}"), text: text.to_string() };
    let mut tools = crate_with_rules("pub struct Rule;\n");
    tools.extend([
        tool("t/main.rs", "mod a;\nmod b;\nuse a::f;\n"),
        tool("t/a.rs", "use super::b::g;\npub fn f() {}\n"),
        tool("t/b.rs", "use crate::a::f;\npub fn g() {}\n#[cfg(test)]\nmod tests {\n    use crate::*;\n}\n"),
        tool("one.rs", "use crate::top;\nfn main() {}\n"),
    ]);
    let cycles = import_cycles(&tools);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(cycles[0].starts_with("a cycle among tools/t/a.rs, tools/t/b.rs:\n"), "{}", cycles[0]);
    assert!(cycles[0].contains("tools/t/b.rs:1 crate::a::f -> tools/t/a.rs"), "{}", cycles[0]);
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
