//! The house rules of `src/`, checked on the sources as they are:
//!
//! 1. **No import cycle between files.** Files import one another only downwards (`src/lib.rs`
//!    lists the layers), so each can be read, tested and bundled knowing only the files below it,
//!    and a change to one never needs the files above it. A file's module path comes from its
//!    place (`src/a/b.rs` and `src/a/b/mod.rs` are `crate::a::b`, `src/lib.rs` the root); its
//!    references are its `crate::`, `super::` and `self::` paths, and the paths that start with a
//!    module it declares (`mod x;` then `x::y`), `use` groups expanded; each is resolved to the
//!    longest module path that is a file. A `mod x;` declaration itself is not an import. A
//!    cycle is a strongly connected set of two or more files; every one is reported, with the
//!    references that close it.
//! 2. **At most 500 lines above a file's tests.** A file longer than that holds more than one
//!    concern: split it by concern, as `src/input/` and `src/games/` are split.
//! 3. **The games live in `src/games/`, and the mains are thin.** A game is a module with a
//!    `pub fn read` and a `pub fn write_answer` (the shape `src/games/mod.rs` describes); each
//!    `src/bin/<name>.rs` is at most 40 lines calling one, so what a judge runs is tested in the
//!    library.
//!
//! Only the code above a file's first `#[cfg(test)]` line counts (its unit tests at the bottom may
//! import anything and take any length), with comments, doc comments and the insides of string
//! and character literals removed. The checkers work on files in memory, so the tests at the
//! bottom also run them on small made-up sets of files, with a violation and without.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fs;
use std::path::Path;

/// A file of `src/`: its path under `src/` with `/` separators (`games/police_thief/mod.rs`), and
/// its text.
struct Source {
    path: String,
    text: String,
}

/// The most lines above a file's tests.
const MAX_LINES: usize = 500;

/// The most lines of a `src/bin/<name>.rs`.
const MAX_MAIN_LINES: usize = 40;

// ---------------------------------------------------------------------------------------------
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

/// How many lines [`above_tests`] holds.
fn lines_above_tests(text: &str) -> usize {
    above_tests(text).lines().count()
}

/// `code` with every comment (`//`, nested `/* */`, doc comments included) and the inside of
/// every string, raw string and character literal blanked out; lines stay where they were.
fn strip_comments_and_literals(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    // Whether the `r` at `i` starts a word (`r"`, `br"`) rather than ends an identifier.
    let starts_word = |i: usize| {
        let before = |k: usize| if i >= k { at(i - k) } else { ' ' };
        !is_ident(before(1)) || (before(1) == 'b' && !is_ident(before(2)))
    };
    let mut out = String::with_capacity(code.len());
    // Skips from `from` to `to`, keeping only the line breaks.
    let blank = |out: &mut String, from: usize, to: usize| {
        out.extend(chars[from..to.min(chars.len())].iter().filter(|&&c| c == '\n'));
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let end = if c == '/' && at(i + 1) == '/' {
            (i..chars.len()).find(|&j| chars[j] == '\n').unwrap_or(chars.len())
        } else if c == '/' && at(i + 1) == '*' {
            let (mut j, mut depth) = (i, 0);
            while j < chars.len() {
                if at(j) == '/' && at(j + 1) == '*' {
                    depth += 1;
                    j += 2;
                } else if at(j) == '*' && at(j + 1) == '/' {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if c == 'r' && (at(i + 1) == '"' || at(i + 1) == '#') && starts_word(i) {
            // A raw string `r#"..."#` (or `br"..."`): it ends at `"` and as many `#`.
            let hashes = (i + 1..chars.len()).take_while(|&j| chars[j] == '#').count();
            if at(i + 1 + hashes) != '"' {
                out.push(c); // a raw identifier, `r#match`
                i += 1;
                continue;
            }
            let mut j = i + 2 + hashes;
            while j < chars.len() && !(chars[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#')) {
                j += 1;
            }
            out.push_str("\"\"");
            j + 1 + hashes
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            j + 1
        } else if c == '\'' && at(i + 1) == '\\' {
            // An escaped character literal: `'\n'`, `'\''`, `'\u{7f}'`.
            let j = (i + 3..chars.len()).find(|&j| chars[j] == '\'').unwrap_or(chars.len());
            out.push_str("' '");
            j + 1
        } else if c == '\'' && at(i + 2) == '\'' {
            // A character literal (a lifetime `'a` has no closing quote).
            out.push_str("' '");
            i + 3
        } else {
            out.push(c);
            i += 1;
            continue;
        };
        blank(&mut out, i, end);
        i = end;
    }
    out
}

/// A token of stripped code: an identifier (or number), `::`, or one other character; with its
/// line, 1-based.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let chars: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let (mut out, mut line, mut i) = (Vec::new(), 1, 0);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if is_ident(c) {
            let len = chars[i..].iter().take_while(|&&c| is_ident(c)).count();
            out.push((chars[i..i + len].iter().collect(), line));
            i += len;
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(("::".to_string(), line));
            i += 2;
        } else {
            out.push((c.to_string(), line));
            i += 1;
        }
    }
    out
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

/// The module path of a file of `src/` (`None` for `src/bin/`, whose mains are separate crates):
/// `a/b.rs` and `a/b/mod.rs` are both `a::b`.
fn module_of(path: &str) -> Option<Vec<String>> {
    if path.starts_with("bin/") || !path.ends_with(".rs") {
        return None;
    }
    let mut segments: Vec<String> = path.trim_end_matches(".rs").split('/').map(String::from).collect();
    let last = segments.pop().unwrap();
    if last != "lib" && last != "mod" {
        segments.push(last);
    }
    Some(segments)
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
    let tokens = tokens(&strip_comments_and_literals(above_tests(text)));
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

// ---------------------------------------------------------------------------------------------
// Rule 1: no import cycle

/// An import of one file by another: indices into the sources, and the first reference that
/// makes it (`solver.rs:304 crate::prefetch::prefetch`).
struct Import {
    from: usize,
    to: usize,
    why: String,
}

/// The imports between the files of `sources` (outside `src/bin/`), one per pair of files.
fn imports(sources: &[Source]) -> Vec<Import> {
    let modules: HashMap<Vec<String>, usize> =
        sources.iter().enumerate().filter_map(|(k, s)| Some((module_of(&s.path)?, k))).collect();
    let mut seen = BTreeSet::new();
    let mut imports = Vec::new();
    for (from, source) in sources.iter().enumerate() {
        let module = match module_of(&source.path) {
            Some(module) => module,
            None => continue,
        };
        for reference in references(&source.text, &module) {
            let target = &reference.target;
            let to = (0..=target.len()).rev().find_map(|len| modules.get(&target[..len]).copied());
            if let Some(to) = to {
                if to != from && seen.insert((from, to)) {
                    let why = format!("src/{}:{} {}", source.path, reference.line, reference.written);
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
    let mut next = vec![Vec::new(); n];
    for import in &imports {
        next[import.from].push(import.to);
    }
    // reaches[a][b]: a path of imports leads from a to b.
    let reaches: Vec<Vec<bool>> = (0..n)
        .map(|start| {
            let mut seen = vec![false; n];
            let mut queue = VecDeque::from(vec![start]);
            while let Some(file) = queue.pop_front() {
                for &to in &next[file] {
                    if !seen[to] {
                        seen[to] = true;
                        queue.push_back(to);
                    }
                }
            }
            seen
        })
        .collect();
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
            let mut names: Vec<String> = files.iter().map(|&k| format!("src/{}", sources[k].path)).collect();
            names.sort();
            let inside: Vec<String> = imports
                .iter()
                .filter(|i| files.contains(&i.from) && files.contains(&i.to))
                .map(|i| format!("  {} -> src/{}", i.why, sources[i.to].path))
                .collect();
            format!("a cycle among {}:\n{}", names.join(", "), inside.join("\n"))
        })
        .collect();
    cycles.sort();
    cycles
}

// ---------------------------------------------------------------------------------------------
// Rules 2 and 3: sizes, and where the games are

/// The files with more than [`MAX_LINES`] lines above their tests.
fn overlong_files(sources: &[Source]) -> Vec<String> {
    sources
        .iter()
        .filter(|s| lines_above_tests(&s.text) > MAX_LINES)
        .map(|s| format!("src/{}: {} lines above its tests", s.path, lines_above_tests(&s.text)))
        .collect()
}

/// Whether the code above the tests defines `pub fn name` (`pub(crate)` and the like too).
fn defines_pub_fn(text: &str, name: &str) -> bool {
    let tokens = tokens(&strip_comments_and_literals(above_tests(text)));
    let token = |i: usize| tokens.get(i).map_or("", |t| t.0.as_str());
    (1..tokens.len()).any(|i| {
        if token(i) != "fn" || token(i + 1) != name {
            return false;
        }
        let mut k = i - 1;
        while k > 0 && ["const", "async", "unsafe", "extern", "\""].contains(&token(k)) {
            k -= 1;
        }
        if token(k) == ")" {
            while k > 0 && token(k) != "(" {
                k -= 1;
            }
            k = k.saturating_sub(1);
        }
        token(k) == "pub"
    })
}

/// The files of `sources` that define a game (`pub fn read` and `pub fn write_answer`).
fn games(sources: &[Source]) -> Vec<&str> {
    sources
        .iter()
        .filter(|s| defines_pub_fn(&s.text, "read") && defines_pub_fn(&s.text, "write_answer"))
        .map(|s| s.path.as_str())
        .collect()
}

/// The games outside `src/games/`, and the mains over [`MAX_MAIN_LINES`] lines.
fn misplaced_games_and_fat_mains(sources: &[Source]) -> Vec<String> {
    let mut wrong = Vec::new();
    for path in games(sources) {
        if !path.starts_with("games/") {
            wrong.push(format!(
                "src/{path} defines a game (pub fn read, pub fn write_answer) outside src/games/"
            ));
        }
    }
    for main in sources.iter().filter(|s| s.path.starts_with("bin/")) {
        let lines = main.text.lines().count();
        if lines > MAX_MAIN_LINES {
            wrong.push(format!("src/{}: {lines} lines, over {MAX_MAIN_LINES} for a main", main.path));
        }
    }
    wrong
}

// ---------------------------------------------------------------------------------------------
// The rules on src/

/// Every `.rs` file under `src/`, sorted by path.
fn sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut folders = vec![src.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().map_or(false, |e| e == "rs") {
                let relative = path.strip_prefix(&src).unwrap().components();
                let relative: Vec<String> =
                    relative.map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
                let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                found.push(Source { path: relative.join("/"), text });
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    assert!(found.iter().any(|s| s.path == "lib.rs"), "no src/lib.rs under {}", src.display());
    found
}

#[test]
fn no_file_of_src_imports_one_that_imports_it_back() {
    let sources = sources();
    assert!(
        !imports(&sources).is_empty(),
        "no import found between the files of src/: the checker is broken"
    );
    // `cargo test --test layout -- --nocapture` shows the imports read.
    for import in imports(&sources) {
        println!("{} -> src/{}", import.why, sources[import.to].path);
    }
    let cycles = import_cycles(&sources);
    assert!(
        cycles.is_empty(),
        "files of src/ that import one another (rule 1 of tests/layout.rs):\n{}",
        cycles.join("\n")
    );
}

#[test]
fn no_file_of_src_has_more_than_500_lines_above_its_tests() {
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
        .filter_map(|s| s.path.strip_prefix("bin/")?.strip_suffix(".rs"))
        .filter(|name| inputs.join(name).is_dir())
        .count();
    let games = games(&sources);
    assert!(judge_programs >= 4, "the judge programs of src/bin/ (with cases in inputs/) were not found");
    assert!(games.len() >= judge_programs, "{judge_programs} judge programs but only these games: {games:?}");
    let wrong = misplaced_games_and_fat_mains(&sources);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// The checkers on made-up files

fn made_up(files: &[(&str, &str)]) -> Vec<Source> {
    files.iter().map(|(path, text)| Source { path: path.to_string(), text: text.to_string() }).collect()
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
        .map(|i| format!("{} -> {}", sources[i.from].path, sources[i.to].path))
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
    two.retain(|s| s.path != "low.rs");
    two.push(Source { path: "low/mod.rs".to_string(), text: "mod a;\nmod b;\npub use a::g;\n".to_string() });
    two.push(Source {
        path: "low/a.rs".to_string(),
        text: "use crate::low::*;\npub fn g() {}\n".to_string(),
    });
    two.push(Source { path: "low/b.rs".to_string(), text: "use super::a;\n".to_string() });
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
}

#[test]
fn the_line_and_game_checkers_see_a_violation() {
    let long = format!("{}#[cfg(test)]\nmod tests {{}}\n", "fn f() {}\n".repeat(MAX_LINES));
    let too_long = format!("fn g() {{}}\n{long}");
    let sources = made_up(&[("ok.rs", &long), ("long.rs", &too_long)]);
    assert_eq!(overlong_files(&sources), ["src/long.rs: 501 lines above its tests"]);
    assert_eq!(lines_above_tests("a\n    #[cfg(test)]\nb\n#[cfg(test)]\nc\n"), 3);

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
    assert_eq!(games(&sources), ["games/chess.rs", "solver.rs"]);
    assert_eq!(
        misplaced_games_and_fat_mains(&sources),
        [
            "src/solver.rs defines a game (pub fn read, pub fn write_answer) outside src/games/",
            "src/bin/fat.rs: 41 lines, over 40 for a main",
        ]
    );
}
