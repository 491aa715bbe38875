//! The read stage: a program's files in, one text out. The main file first, then `src/lib.rs`,
//! each with the modules it declares out of line (`mod x;`, any visibility, its attributes kept)
//! inlined as `mod x { .. }` from `x.rs` or `x/mod.rs` beside it (for `a.rs` or `a/mod.rs`, in
//! `a/`), and so on at any depth: the user's modules beside their main as the library's beside
//! `src/lib.rs`. Each file loses what a bundle does not build (the `cfg` stage), is checked, has its
//! paths rewritten and its children put in, then (unless `--docs`) a library file loses its
//! comments; the user's keep theirs.
//!
//! Paths: a bundle is the main followed by `mod graph_games { .. }`, nested as in the folders, so
//! the library's `crate::` becomes `crate::graph_games::`; `super::` and `self::` stay. The user's
//! `graph_games` (a path's first segment, `use graph_games as gg`, `::graph_games`) becomes
//! `crate::graph_games` (but at the main's top level, where the module is in scope by its name:
//! there the user's bytes stay); `extern crate graph_games;` goes (`.. as gg;` becomes a `use`), and at the
//! main's top level an import of the library itself (`use graph_games;`, the `self` of
//! `use graph_games::{self, ..}`) goes, as the module is already there by that name. Only a path
//! is rewritten: a variable, a field, a function or a macro named `graph_games`, an associated
//! `X::graph_games`, and the tokens of a `stringify!(..)` stay. A leading byte-order mark goes
//! (rustc skips it at a file's start only). The user's `crate::` and everything else stay as
//! written.
//!
//! The user's `macro_rules!` named like a std macro would be the library's too, the library being
//! inside its textual scope: the library calls such a std macro by its path
//! ([`std_macros_by_path`]).
//!
//! Refused, with the file, line and column, rather than turned into a bundle that does not compile:
//! a `#[path]`, a `mod x;` whose file is missing (or there twice) or inside a `{ .. }`, and the
//! macros that mean something else outside cargo (`include!`, `env!`, ..).

use super::cfg::unbuilt_items;
use super::declared::KEYWORDS;
use super::lex::{Kind, Lexed};
use super::mapped::{Edit, Files, Mapped};
use super::text::strip_comments;
use std::fs;
use std::path::{Path, PathBuf};

/// The library crate's name, as the binaries write it.
pub const LIBRARY: &str = "graph_games";

/// Where the library lives in a bundle.
pub const LIBRARY_IN_BUNDLE: &str = "crate::graph_games";

/// The library root, relative to the project root.
pub const LIBRARY_ROOT: &str = "src/lib.rs";

/// The deepest nesting of module folders followed (a guard against a folder that links to itself).
const MAX_MODULE_DEPTH: usize = 32;

/// Macros whose meaning depends on files or variables that exist only under cargo.
const CARGO_ONLY_MACROS: [&str; 5] = ["include", "include_str", "include_bytes", "env", "option_env"];

/// A file carried into a bundle: its module's path (`""` for a crate root), the file as read, and
/// whether the user wrote it (the main and its modules) or it is the library's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub module: String,
    pub file: String,
    pub user: bool,
}

/// The `mod x;` declarations of `src`, each as its name (without `r#`) and the byte of its `;`;
/// or the byte where `src` uses what a bundle cannot carry over, and why.
pub fn out_of_line_modules(src: &str) -> Result<Vec<(String, usize)>, (usize, String)> {
    let lexed = Lexed::new(src).map_err(|e| (0, e))?;
    let (mut found, mut depth) = (Vec::new(), 0usize);
    for k in 0..lexed.code.len() {
        let word = lexed.text(k);
        let refuse = |why: String| Err((lexed.token(k).start, why));
        match word {
            "{" => depth += 1,
            "}" => depth = depth.saturating_sub(1),
            _ => {}
        }
        if lexed.token(k).kind == Kind::Ident && CARGO_ONLY_MACROS.contains(&word) && lexed.text(k + 1) == "!"
        {
            return refuse(format!("`{word}!` means something else outside cargo"));
        }
        if word == "mod" && lexed.token(k + 1).kind == Kind::Ident && lexed.text(k + 2) == ";" {
            if depth > 0 {
                return refuse(
                    "an out-of-line `mod` inside a `{ .. }` cannot be inlined (write it inline)".into(),
                );
            }
            found.push((lexed.text(k + 1).trim_start_matches("r#").to_string(), lexed.token(k + 2).start));
        }
        if word == "path" && k >= 2 && lexed.text(k - 1) == "[" && lexed.text(k - 2) == "#" {
            return refuse("`#[path]` cannot be bundled (name the file after its module)".into());
        }
    }
    Ok(found)
}

/// The library's paths that start `crate::` (`$crate::`, `pub(in crate::x)`) made to lead to it.
pub fn library_paths(src: &str) -> Result<Vec<Edit>, String> {
    let lexed = Lexed::new(src)?;
    let starts = (0..lexed.code.len()).filter(|&k| lexed.text(k) == "crate" && lexed.text(k + 1) == "::");
    Ok(starts.map(|k| (lexed.token(k).start, lexed.token(k).end, LIBRARY_IN_BUNDLE.to_string())).collect())
}

/// The user's paths to the library made to lead to it (see the module doc); `main`: `src` is the
/// main file. In the main, outside its inline modules and its macros' definitions, a path
/// `graph_games::..` is left as written: there the bundle's `mod graph_games` is in scope by that
/// name (editions 2018 on), so the user's code keeps its bytes; elsewhere (a module, a macro
/// that may be called from one) it becomes `crate::graph_games::..`.
pub fn user_paths(src: &str, main: bool) -> Result<Vec<Edit>, String> {
    let lexed = Lexed::new(src)?;
    let mut edits = Vec::new();
    let mut depth = 0usize;
    // For each open delimiter, whether a path inside it must be rewritten (a module's body, a
    // macro's definition, or inside one).
    let mut rewrite: Vec<bool> = Vec::new();
    // For each open delimiter, whether it holds the tokens of a `stringify!`, kept as written.
    let mut stringified: Vec<bool> = Vec::new();
    for k in 0..lexed.code.len() {
        let before = |n: usize| if k >= n { lexed.text(k - n) } else { "" };
        match lexed.text(k) {
            "{" | "(" | "[" => {
                let module =
                    lexed.text(k) == "{" && before(2) == "mod" && lexed.token(k - 1).kind == Kind::Ident;
                let macro_rules = before(3) == "macro_rules" && before(2) == "!";
                rewrite.push(rewrite.last() == Some(&true) || module || macro_rules);
                stringified.push(before(2) == "stringify" && before(1) == "!");
            }
            "}" | ")" | "]" => {
                rewrite.pop();
                stringified.pop();
            }
            _ => {}
        }
        match lexed.text(k) {
            "{" => depth += 1,
            "}" => depth = depth.saturating_sub(1),
            "use" if main && depth == 0 => edits.extend(lexed.library_self_import(k)?),
            _ => {}
        }
        if lexed.text(k) != LIBRARY {
            continue;
        }
        let token = lexed.token(k);
        let in_scope = main && rewrite.last() != Some(&true);
        if (before(2), before(1)) == ("extern", "crate") {
            let end = (k..lexed.code.len()).find(|&j| lexed.text(j) == ";").unwrap_or(k);
            let first = lexed.item_start(k - 2)?;
            if lexed.text(k + 1) == "as" {
                // Its attributes (`#[macro_use]`) go: the library exports no macro.
                let public = if before(3) == "pub" { "pub " } else { "" };
                edits.push((lexed.token(first).start, token.end, format!("{public}use {LIBRARY_IN_BUNDLE}")));
            } else {
                edits.push(lexed.cut(first, end));
            }
        } else if before(1) == "::" && k >= 2 && !continues_a_path(&lexed, k - 2) {
            // `::graph_games` names an extern crate only: always rewritten.
            edits.push((lexed.token(k - 1).start, token.end, LIBRARY_IN_BUNDLE.to_string()));
        } else if !matches!(before(1), "::" | "." | "$") && !in_scope && !stringified.contains(&true) {
            // Only a path into the library (`graph_games::..`, `use graph_games ..`): a variable,
            // a field, a function or a macro named so is the user's own.
            if lexed.text(k + 1) == "::" || before(1) == "use" {
                edits.push((token.start, token.end, LIBRARY_IN_BUNDLE.to_string()));
            }
        }
    }
    Ok(edits)
}

/// Whether a `::` after code index `k` goes on with a path (`m::`, `Self::`, `Vec::<u8>::`),
/// rather than starting one from the crates (`use ::`, `= ::`, `(::`).
fn continues_a_path(lexed: &Lexed, k: usize) -> bool {
    let word = lexed.text(k);
    let keyword = KEYWORDS.split_whitespace().any(|w| w == word);
    // A generic's `>`, not an arrow's (`-> ::x`, `=> ::x`).
    let arrow = k >= 1 && matches!(lexed.text(k - 1), "-" | "=");
    (word == ">" && !arrow)
        || matches!(word, "crate" | "self" | "super" | "Self" | "$crate")
        || (lexed.token(k).kind == Kind::Ident && !keyword)
}

impl Lexed<'_> {
    /// The edit that takes an import of the library itself out of the `use` at code index `k`,
    /// at the main's top level (it would clash with the bundle's `mod graph_games`).
    fn library_self_import(&self, k: usize) -> Result<Option<Edit>, String> {
        let tree = self.use_tree(k + 1)?;
        let first = tree.start + usize::from(self.text(tree.start) == "::");
        if self.text(first) != LIBRARY || self.text(tree.end) != ";" {
            return Ok(None);
        }
        if tree.end == first + 1 {
            return Ok(Some(self.cut(self.item_start(k)?, tree.end)));
        }
        let members = match &tree.group {
            Some((open, members)) if *open == first + 2 => members,
            _ => return Ok(None),
        };
        let own_self = members.iter().position(|m| m.end == m.start + 1 && self.text(m.start) == "self");
        Ok(own_self.map(|i| {
            let from = self.token(members[i].start).start;
            let to = match members.get(i + 1) {
                Some(next) => self.token(next.start).start,
                None => self.token(members[i].end - 1).end + usize::from(self.text(members[i].end) == ","),
            };
            (from, to, String::new())
        }))
    }
}

/// `src` without its crate attributes (`#![..]` at its top level), and them as written. The
/// library's are its crate's, not the bundle's; the user's go to the top of the bundle.
pub fn split_crate_attributes(src: &Mapped) -> Result<(Mapped, Vec<Mapped>), String> {
    let lexed = Lexed::new(&src.text)?;
    let (mut cuts, mut attributes) = (Vec::new(), Vec::new());
    let mut k = 0;
    while k < lexed.code.len() {
        if lexed.text(k) == "#" && lexed.text(k + 1) == "!" && lexed.text(k + 2) == "[" {
            let close = lexed.matching(k + 2)?;
            attributes.push(src.slice(lexed.token(k).start, lexed.token(close).end));
            cuts.push(lexed.attribute_cut(k, close));
            k = close + 1;
        } else if matches!(lexed.text(k), "(" | "[" | "{") {
            k = lexed.matching(k)? + 1; // over blocks: their inner attributes are not the crate's
        } else {
            k += 1;
        }
    }
    Ok((src.edit(cuts), attributes))
}

/// The folder that holds the files of the modules `file` declares out of line: beside it for a
/// crate root or a `mod.rs`, else the folder named after it (`src/a.rs` → `src/a`).
pub fn children_folder(file: &str, is_root: bool) -> String {
    let (folder, name) = file.rsplit_once('/').unwrap_or(("", file));
    let folder = if is_root || name == "mod.rs" { folder } else { file.strip_suffix(".rs").unwrap_or(file) };
    folder.to_string()
}

/// The module in `source`, made ready for a bundle (see the module doc), its `mod x;` inlined at
/// any depth. Every file read is added to `files` and to `sources`, parents first.
pub fn inline_module(
    root: &Path,
    source: Source,
    docs: bool,
    files: &mut Files,
    sources: &mut Vec<Source>,
) -> Result<Mapped, String> {
    let Source { module, file, user } = source.clone();
    let in_file = |e: String| format!("{file}: {e}");
    let is_root = module.is_empty();
    if module.split("::").count() > MAX_MODULE_DEPTH {
        return Err(in_file(format!("modules nested deeper than {MAX_MODULE_DEPTH}")));
    }
    let text = fs::read_to_string(root.join(&file)).map_err(|e| in_file(e.to_string()))?;
    let read = files.add(&file, without_byte_order_mark(text));
    // The user's `#[cfg(not(test))]` stays, as written; the library's goes (it is bytes).
    let body = read.edit(unbuilt_items(&read.text, !user).map_err(in_file)?);
    let modules = out_of_line_modules(&body.text).map_err(|(at, why)| {
        format!("{}: {why}", files.position(&body, at).unwrap_or_else(|| file.clone()))
    })?;
    let paths = if user { user_paths(&body.text, is_root) } else { library_paths(&body.text) };
    let paths =
        paths.map_err(in_file)?.into_iter().map(|(start, end, path)| (start, end, Mapped::inserted(&path)));
    let mut edits: Vec<(usize, usize, Mapped)> = paths.collect();
    let folder = children_folder(&file, is_root);
    sources.push(source);
    for (name, semicolon) in modules {
        let join = |f: &str| if folder.is_empty() { f.to_string() } else { format!("{folder}/{f}") };
        let candidates = [join(&format!("{name}.rs")), join(&format!("{name}/mod.rs"))];
        let found: Vec<&String> = candidates.iter().filter(|c| root.join(c).is_file()).collect();
        let [a, b] = &candidates;
        let child_file = match found.as_slice() {
            [one] => one.to_string(),
            [] => return Err(in_file(format!("`mod {name};` found neither {a} nor {b}"))),
            _ => return Err(in_file(format!("`mod {name};`: both {a} and {b} exist"))),
        };
        let child_module = if is_root { name.clone() } else { format!("{module}::{name}") };
        let child = Source { module: child_module, file: child_file, user };
        let child = inline_module(root, child, docs, files, sources)?;
        let inner = child.text.trim_end().len();
        let from = child.text.len() - child.text.trim_start_matches('\n').len();
        let mut replacement = Mapped::inserted(" {\n");
        replacement.push(&child.slice(from, inner.max(from)));
        replacement.push_str("\n}");
        edits.push((semicolon, semicolon + 1, replacement));
    }
    let body = body.splice(edits);
    // The user's files keep their comments: the user's code is in the bundle as written.
    if docs || user {
        Ok(body)
    } else {
        strip_comments(&body).map_err(in_file)
    }
}

/// `text` without a leading byte-order mark: rustc skips one at the start of a file (Windows
/// editors write it), but in the middle of a bundle it is an unknown token.
pub fn without_byte_order_mark(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// Every file a bundle of `main_file` may read: the main, the library's root, and at any depth
/// the files of the modules they declare out of line (every `mod x;`, whatever its `cfg`, both
/// `x.rs` and `x/mod.rs` if both exist). Found before anything is written, so that no output
/// overwrites or deletes one; a file that cannot be read or lexed ends its branch.
pub fn files_read(root: &Path, main_file: &str) -> Vec<PathBuf> {
    // A guard against folders that link to themselves, beside the depth's.
    const MAX_FILES: usize = 10_000;
    let mut found = Vec::new();
    let mut stack = vec![(main_file.to_string(), true, 0), (LIBRARY_ROOT.to_string(), true, 0)];
    while let Some((file, is_root, depth)) = stack.pop() {
        if found.len() >= MAX_FILES {
            break;
        }
        found.push(root.join(&file));
        let text = match fs::read_to_string(root.join(&file)) {
            Ok(text) => without_byte_order_mark(text),
            Err(_) => continue,
        };
        let lexed = match Lexed::new(&text) {
            Ok(lexed) => lexed,
            Err(_) => continue,
        };
        let folder = children_folder(&file, is_root);
        for k in 0..lexed.code.len() {
            let declared = lexed.text(k) == "mod" && lexed.token(k + 1).kind == Kind::Ident;
            if !declared || lexed.text(k + 2) != ";" || depth >= MAX_MODULE_DEPTH {
                continue;
            }
            let name = lexed.text(k + 1).trim_start_matches("r#");
            for child in [format!("{name}.rs"), format!("{name}/mod.rs")] {
                let child = if folder.is_empty() { child } else { format!("{folder}/{child}") };
                if root.join(&child).is_file() {
                    stack.push((child, false, depth + 1));
                }
            }
        }
    }
    found
}

/// The programs the default run leaves out, each with the reason (docs/bundling.md): over the
/// size cap in every layout. Named on the command line, each is still bundled, and fails the cap
/// (tools/bundle/tests/bundle.rs checks that each one does, in make prove), its message telling
/// its size (none here: the figures went stale as the library grew, 52,982 bytes told where
/// 55,956 was true).
pub const OVER_THE_CAP: [(&str, &str); 6] = [
    (
        "graph_partizan",
        "over the 48 KiB cap in every layout, judge mode only too (the partizan library's canonical \
         forms with the sums' budget, grouping, search and two-ahead rule)",
    ),
    ("columns", "over the 48 KiB cap in every layout (the partizan library's canonical forms)"),
    ("domineering", "over the 48 KiB cap in every layout (the partizan library's canonical forms)"),
    ("toads_frogs", "over the 48 KiB cap in every layout (the partizan library's canonical forms)"),
    ("toppling_dominoes", "over the 48 KiB cap in every layout (the partizan library's canonical forms)"),
    (
        "clobber",
        "over the 48 KiB cap in every layout (the partizan library's canonical forms \
         and sums)",
    ),
];

/// The programs the default run leaves out as tools: no judge runs them (none has judge cases,
/// `inputs/<name>/`, which the bundle test checks), so no one pastes them into one. Named on the
/// command line, each is still bundled (`game_tables` is over the cap too: docs/bundling.md).
pub const TOOLS: [(&str, &str); 1] =
    [("game_tables", "a tool that prints tables for pattern, not a submission (no judge runs it)")];

/// The programs of `root` that [`programs`] leaves out as over the cap ([`OVER_THE_CAP`]), with
/// the reason.
pub fn programs_over_the_cap(root: &Path) -> Vec<(&'static str, &'static str)> {
    OVER_THE_CAP.iter().copied().filter(|(name, _)| program_main(root, name).is_some()).collect()
}

/// The programs of `root` that [`programs`] leaves out, over the cap or tools ([`TOOLS`]), with
/// the reason.
pub fn programs_left_out(root: &Path) -> Vec<(&'static str, &'static str)> {
    let all = OVER_THE_CAP.iter().chain(&TOOLS).copied();
    all.filter(|(name, _)| program_main(root, name).is_some()).collect()
}

/// The programs bundled by default, sorted: those of `src/bin/` (the judge programs) and
/// `examples/`, but those of [`OVER_THE_CAP`] and [`TOOLS`].
pub fn programs(root: &Path) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for folder in ["src/bin", "examples"] {
        let dir = root.join(folder);
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(_) if folder == "examples" => continue,
            Err(e) => return Err(format!("{}: {e}", dir.display())),
        };
        for entry in entries {
            let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
            if path.extension().map_or(false, |e| e == "rs") {
                names.extend(path.file_stem().and_then(|s| s.to_str()).map(String::from));
            }
        }
    }
    names.retain(|name| !OVER_THE_CAP.iter().chain(&TOOLS).any(|(left_out, _)| left_out == name));
    names.sort();
    Ok(names)
}

/// The main file of program `name`: `src/bin/<name>.rs`, else `examples/<name>.rs`, if there.
pub fn program_main(root: &Path, name: &str) -> Option<String> {
    let candidates = [format!("src/bin/{name}.rs"), format!("examples/{name}.rs")];
    candidates.into_iter().find(|c| root.join(c).is_file())
}

/// The macros of std's root that a library may call by their bare names (`format!`), which a
/// `std::` path reaches too.
const STD_MACROS: &str = "assert assert_eq assert_ne cfg column compile_error concat dbg debug_assert \
                          debug_assert_eq debug_assert_ne env eprint eprintln file format format_args \
                          include include_bytes include_str line matches module_path option_env panic \
                          print println stringify thread_local todo unimplemented unreachable vec write \
                          writeln";

/// The library's calls of a std macro that the user's code defines a `macro_rules!` of its own by
/// the same name made by path (`format!(..)` becomes `::std::format!(..)`): in the bundle the
/// library is a module after the user's code, inside that macro's textual scope, where a bare
/// `format!` would be the user's; in a cargo build it is std's. A name the library defines a
/// macro of itself stays (its own definition is nearer). Nothing else changes.
pub fn std_macros_by_path(library: &Mapped, user: &str) -> Result<Mapped, String> {
    let defined = |src: &str| -> Result<Vec<String>, String> {
        let lexed = Lexed::new(src)?;
        let definitions =
            (0..lexed.code.len()).filter(|&k| lexed.text(k) == "macro_rules" && lexed.text(k + 1) == "!");
        Ok(definitions.map(|k| lexed.text(k + 2).to_string()).collect())
    };
    let (users, own) = (defined(user)?, defined(&library.text)?);
    let shadowed = |name: &str| {
        STD_MACROS.split_whitespace().any(|m| m == name)
            && users.iter().any(|u| u == name)
            && !own.iter().any(|o| o == name)
    };
    let lexed = Lexed::new(&library.text)?;
    let mut edits: Vec<Edit> = Vec::new();
    for k in 0..lexed.code.len() {
        let call = lexed.text(k + 1) == "!" && matches!(lexed.text(k + 2), "(" | "[" | "{");
        let bare = k == 0 || !matches!(lexed.text(k - 1), "::" | "macro_rules" | "$");
        if call && bare && lexed.token(k).kind == Kind::Ident && shadowed(lexed.text(k)) {
            edits.push((lexed.token(k).start, lexed.token(k).start, "::std::".to_string()));
        }
    }
    Ok(library.edit(edits))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{apply, text, Project};
    use super::super::text::brace_list;
    use super::*;

    /// Only the bare calls of a std macro that the user defines one of, and that the library does
    /// not define itself, are made by path: not a path already, not a comparison, not the others.
    #[test]
    fn std_macros_the_user_redefines_are_called_by_path_in_the_library() {
        let user = "macro_rules! format { () => {} }\nmacro_rules! counter { () => {} }\n\
                    macro_rules! vec { () => {} }\nfn main() {}\n";
        let library = "fn f() -> String {\n    let v = vec![1];\n    format!(\"{}\", v.len()) + &std::format!(\"\")\n}\n\
                       macro_rules! counter {\n    () => { println!() };\n}\n\
                       fn g(format: u8) -> bool {\n    counter!();\n    format != 2\n}\n";
        let made = std_macros_by_path(&Mapped::inserted(library), user).unwrap().text;
        assert_eq!(
            made,
            "fn f() -> String {\n    let v = ::std::vec![1];\n    ::std::format!(\"{}\", v.len()) + &std::format!(\"\")\n}\n\
             macro_rules! counter {\n    () => { println!() };\n}\n\
             fn g(format: u8) -> bool {\n    counter!();\n    format != 2\n}\n"
        );
        assert_eq!(std_macros_by_path(&Mapped::inserted(library), "fn main() {}\n").unwrap().text, library);
    }

    #[test]
    fn paths_lead_to_the_inline_library() {
        let module = "use crate::{a, b};\npub(crate) fn f() { $crate::a::g() } // crate::c\npub(in crate::a) fn h() {}";
        assert_eq!(
            apply(module, library_paths(module).unwrap()),
            "use crate::graph_games::{a, b};\npub(crate) fn f() { $crate::graph_games::a::g() } // crate::c\n\
             pub(in crate::graph_games::a) fn h() {}"
        );
        // The user's ways of naming the library, at the top of the main and in a module of it.
        let main = text(&[
            "extern crate graph_games;",
            "#[macro_use]",
            "extern crate graph_games as gg;",
            "use graph_games;",
            "use graph_games::{self, cli};",
            "use ::graph_games::{cli as c, self as g};",
            "use graph_games as lib;",
            "use graph_games::*;",
            "fn main() { ::graph_games::x::y(\"graph_games::z\"); crate::graph_games::x(); s.graph_games }",
            "mod inner { use graph_games::{self, cli}; }",
            "macro_rules! m { ($graph_games:ident) => { $graph_games::f() }; }",
            "macro_rules! n { () => { graph_games::f() }; }",
            "fn g() -> u8 { graph_games::f() + { mod m { fn h() { graph_games::f(); } } 1 } }",
        ]);
        // At the main's top level, `graph_games::` stays as written (the module is in scope there).
        let expected = text(&[
            "use crate::graph_games as gg;",
            "use graph_games::{cli};",
            "use crate::graph_games::{cli as c, self as g};",
            "use graph_games as lib;",
            "use graph_games::*;",
            "fn main() { crate::graph_games::x::y(\"graph_games::z\"); crate::graph_games::x(); s.graph_games }",
            "mod inner { use crate::graph_games::{self, cli}; }",
            "macro_rules! m { ($graph_games:ident) => { $graph_games::f() }; }",
            "macro_rules! n { () => { crate::graph_games::f() }; }",
            "fn g() -> u8 { graph_games::f() + { mod m { fn h() { crate::graph_games::f(); } } 1 } }",
        ]);
        assert_eq!(apply(&main, user_paths(&main, true).unwrap()), expected);
        let module = "use graph_games;\n";
        assert_eq!(apply(module, user_paths(module, false).unwrap()), "use crate::graph_games;\n");
        // Only paths into the library: not a variable, a field, a function, a macro, an
        // associated item named so, nor the tokens a `stringify!` shows.
        let module = text(&[
            "pub use graph_games as gg;",
            "fn f(graph_games: S) -> i32 { let graph_games = graph_games.graph_games; graph_games }",
            "fn graph_games() { m::graph_games(); Self::graph_games; Vec::<u8>::graph_games; graph_games!() }",
            "fn g() -> ::graph_games::T { match 1 { _ => ::graph_games::f(graph_games::x) } }",
            "fn h() -> &'static str { stringify!(graph_games::x) }",
        ]);
        let expected = text(&[
            "pub use crate::graph_games as gg;",
            "fn f(graph_games: S) -> i32 { let graph_games = graph_games.graph_games; graph_games }",
            "fn graph_games() { m::graph_games(); Self::graph_games; Vec::<u8>::graph_games; graph_games!() }",
            "fn g() -> crate::graph_games::T { match 1 { _ => crate::graph_games::f(crate::graph_games::x) } }",
            "fn h() -> &'static str { stringify!(graph_games::x) }",
        ]);
        assert_eq!(apply(&module, user_paths(&module, false).unwrap()), expected);
    }

    #[test]
    fn crate_attributes_are_set_apart() {
        let lib =
            "//! Docs.\n#![forbid(unsafe_code)]\n#![cfg_attr(docsrs, feature(doc_cfg))]\npub mod cli;\n\
                   fn f() {\n    #![allow(unused)]\n}\n";
        let (rest, attributes) = split_crate_attributes(&Mapped::inserted(lib)).unwrap();
        assert_eq!(rest.text, "//! Docs.\npub mod cli;\nfn f() {\n    #![allow(unused)]\n}\n");
        let attributes: Vec<&str> = attributes.iter().map(|a| a.text.as_str()).collect();
        assert_eq!(attributes, ["#![forbid(unsafe_code)]", "#![cfg_attr(docsrs, feature(doc_cfg))]"]);
    }

    #[test]
    fn module_files_and_their_short_list() {
        assert_eq!(children_folder("src/lib.rs", true), "src");
        assert_eq!(children_folder("src/input/mod.rs", false), "src/input");
        assert_eq!(children_folder("src/cli.rs", false), "src/cli");
        assert_eq!(children_folder("my prog.rs", true), "");
        assert_eq!(children_folder("util.rs", false), "util");
        assert_eq!(children_folder("src/games/police_thief/mod.rs", false), "src/games/police_thief");
        let files: Vec<String> = "src/lib.rs src/cli.rs src/games/mod.rs src/games/police_thief/mod.rs \
                                   src/games/police_thief/explain.rs src/input/mod.rs src/solver.rs"
            .split(' ')
            .map(String::from)
            .collect();
        assert_eq!(
            brace_list(&files),
            "src/{lib,cli,games/{mod,police_thief/{mod,explain}},input/mod,solver}.rs"
        );
        assert_eq!(brace_list(&files[..1]), "src/lib.rs");
        let beside = ["src/a.rs".to_string(), "src/a/b.rs".to_string(), "main.rs".to_string()];
        assert_eq!(brace_list(&beside), "{src/{a,a/b},main}.rs");
    }

    #[test]
    fn what_cannot_be_bundled_is_refused_where_it_is() {
        let lib = ("src/lib.rs", "pub mod a;\n");
        for (files, expected) in [
            (&[lib][..], "src/lib.rs: `mod a;` found neither src/a.rs nor src/a/mod.rs"),
            (
                &[lib, ("src/a.rs", ""), ("src/a/mod.rs", "")],
                "src/lib.rs: `mod a;`: both src/a.rs and src/a/mod.rs exist",
            ),
            (&[lib, ("src/a.rs", "mod b;\n")], "src/a.rs: `mod b;` found neither src/a/b.rs"),
            (
                &[lib, ("src/a.rs", "#[path = \"x.rs\"]\nmod b;\n")],
                "src/a.rs:1:3: `#[path]` cannot be bundled",
            ),
            (&[lib, ("src/a.rs", "mod b {\n    mod c;\n}\n")], "src/a.rs:2:5: an out-of-line `mod` inside"),
            (
                &[lib, ("src/a.rs", "const S: &str = include_str!(\"x\");\n")],
                "src/a.rs:1:17: `include_str!` means",
            ),
            (
                &[lib, ("src/a.rs", "const V: &str = env!(\"V\");\n")],
                "src/a.rs:1:17: `env!` means something else",
            ),
        ] {
            let project = Project::new("refused", files);
            let err = project.library().unwrap_err();
            assert!(err.starts_with(expected), "{err}");
        }
        // A function named like such a macro, a macro's name in a string: nothing to refuse.
        assert!(out_of_line_modules("fn env() {}\nconst S: &str = \"include!\";").is_ok());
    }
}
