//! The checkers of the house rules (`layout.rs` states the rules and runs them): sources read with
//! the bundler's lexer, their imports resolved to files, cycles, long files, games and mains.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use bundle::lex;

use std::collections::{BTreeSet, HashMap};

/// A file of the workspace: its path from the root with `/` separators (`src/games/police_thief/mod.rs`),
/// and its text.
pub struct Source {
    pub path: String,
    pub text: String,
}

/// The most lines above a file's tests.
pub const MAX_LINES: usize = 500;

/// The most lines of a `src/bin/<name>.rs`.
pub const MAX_MAIN_LINES: usize = 40;

// Reading a file

/// The code above the first `#[cfg(test)]` line (at the start of a line, where rustfmt puts a
/// top-level item's attribute); the whole text if there is none.
pub fn above_tests(text: &str) -> &str {
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
pub fn tokens(text: &str) -> Vec<(String, usize)> {
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
pub fn path_tree(
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

/// The crate of a file and its module path in it. A package's crate is its `src/` (the root's,
/// or a tool's `tools/NAME/src/`): `src/a/b.rs` and `src/a/b/mod.rs` are `a::b` of `src`,
/// `tools/bundle/src/lex.rs` is `lex` of `tools/bundle/src`. A main (`src/bin/*.rs`, a tool's
/// `src/main.rs`) is a crate of its own that reaches its library by name: `None`, as is a file
/// outside every `src/` (a test); a build script (`tools/stress/build.rs`) is the root of its own.
pub fn module_of(path: &str) -> Option<(String, Vec<String>)> {
    let rest = path.strip_suffix(".rs")?;
    let (package, rest) = match rest.strip_prefix("tools/") {
        Some(tool) => {
            let (name, rest) = tool.split_once('/')?;
            (format!("tools/{name}/"), rest)
        }
        None => (String::new(), rest),
    };
    let rest = match rest.strip_prefix("src/") {
        Some(rest) if rest.starts_with("bin/") || rest == "main" => return None,
        Some(rest) => rest,
        None if rest == "build" => return Some((path.to_string(), Vec::new())),
        None => return None,
    };
    let mut segments: Vec<String> = rest.split('/').map(String::from).collect();
    let last = segments.pop().unwrap();
    if !["lib", "mod"].contains(&last.as_str()) {
        segments.push(last);
    }
    Some((format!("{package}src"), segments))
}

/// A reference of one file to a module: the line, the path as written, the module path it names.
pub struct Reference {
    pub line: usize,
    pub written: String,
    pub target: Vec<String>,
}

/// Every reference of the code above the tests of a file of module `module`, resolved to module
/// paths (not yet to files). `super` of a file module `a::b` is `a`, and so is `super` of the
/// `mod.rs` of `a::b` (it is module `a::b`); `self` is the module itself.
pub fn references(text: &str, module: &[String]) -> Vec<Reference> {
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
pub struct Import {
    pub from: usize,
    pub to: usize,
    pub why: String,
}

/// The imports between the files of `sources` (outside `src/bin/`), each within its crate, one per
/// pair of files.
pub fn imports(sources: &[Source]) -> Vec<Import> {
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
pub fn import_cycles(sources: &[Source]) -> Vec<String> {
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
pub fn overlong_files(sources: &[Source]) -> Vec<String> {
    let lines = |s: &Source| above_tests(&s.text).lines().count();
    sources
        .iter()
        .filter(|s| lines(s) > MAX_LINES)
        .map(|s| format!("{}: {} lines above its tests", s.path, lines(s)))
        .collect()
}

/// Whether the code above the tests defines `pub fn name` (`pub(crate)` and the like too): the
/// item that holds the `fn`, from just after the `;`, `{`, `}` or attribute before it, starts `pub`.
pub fn defines_pub_fn(text: &str, name: &str) -> bool {
    let tokens = tokens(text);
    let token = |i: usize| tokens.get(i).map_or("", |t| t.0.as_str());
    (0..tokens.len()).filter(|&i| token(i) == "fn" && token(i + 1) == name).any(|i| {
        let item_start = (0..i).rev().find(|&k| matches!(token(k), ";" | "{" | "}" | "]"));
        token(item_start.map_or(0, |k| k + 1)) == "pub"
    })
}

/// The files of `src/` that define a game (`pub fn read` and `pub fn write_answer`).
pub fn games(sources: &[Source]) -> Vec<&str> {
    sources
        .iter()
        .filter(|s| s.path.starts_with("src/"))
        .filter(|s| defines_pub_fn(&s.text, "read") && defines_pub_fn(&s.text, "write_answer"))
        .map(|s| s.path.as_str())
        .collect()
}

/// The games outside `src/games/`, and the mains over [`MAX_MAIN_LINES`] lines.
pub fn misplaced_games_and_fat_mains(sources: &[Source]) -> Vec<String> {
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
