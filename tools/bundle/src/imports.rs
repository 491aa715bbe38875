//! Imports that no code names, found in the text, for the prune stage: after a round's cuts, an
//! import of something cut, or used only by what was cut, would be reported by the next round
//! (unresolved, or unused) and cut by the one after; found here, those rounds are not rustc runs.
//!
//! The invariant: an import goes only if nothing can use it. A private import (no `pub`) is seen
//! only in its module and the modules within; it is used only where its name is written there
//! (a path, a type, a call, a derive, a format string's `{name}`), or where a macro whose
//! definition writes the name expands, or, for a trait, where a method of it is called. So one
//! goes when its name is nowhere in the text of its module but in its own `use` (comments and
//! strings count as written), nor in any `macro_rules!` of the whole text, and, for a trait of
//! std's in [`STD_TRAITS`], none of the trait's methods is either. Kept whatever the text says:
//! globs, `_`, a library trait (its methods are not looked up), a std name neither in
//! [`STD_TRAITS`] nor in [`STD_TYPES`], the names the user imports, and a `use` written in a
//! macro's definition or call (where it lands is the macro's business).

use super::lex::{Kind, Lexed};
use super::mapped::Edit;

/// Std's traits imported by the library, with the words a use of each writes besides its name:
/// its methods (`*`: a prefix) and the macros that call them (`write!` calls `write_fmt`).
const STD_TRAITS: [(&str, &[&str]); 15] = [
    ("std::io::Read", &["read*", "bytes", "take", "chain", "by_ref"]),
    ("std::io::Write", &["write*", "flush", "by_ref"]),
    ("std::io::BufRead", &["lines", "read*", "split", "fill_buf", "consume"]),
    ("std::fmt::Write", &["write*"]),
    ("std::fmt::Debug", &["fmt"]),
    ("std::fmt::Display", &["fmt"]),
    ("std::convert::TryFrom", &["try_from"]),
    ("std::convert::TryInto", &["try_into"]),
    ("std::str::FromStr", &["from_str"]),
    ("std::hash::Hash", &["hash*"]),
    ("std::hash::Hasher", &["finish", "write*"]),
    ("std::hash::BuildHasher", &["build_hasher", "hash_one"]),
    ("std::os::unix::ffi::OsStringExt", &["into_vec", "from_vec"]),
    ("std::ops::BitOr", &["bitor"]),
    ("std::ops::Sub", &["sub"]),
];

/// Std's types (no trait among them), used only where their names are written.
const STD_TYPES: [&str; 30] = [
    "Ordering",
    "HashMap",
    "HashSet",
    "BTreeMap",
    "BTreeSet",
    "VecDeque",
    "BinaryHeap",
    "Reverse",
    "PhantomData",
    "Cell",
    "RefCell",
    "Cow",
    "Rc",
    "Arc",
    "Mutex",
    "AtomicBool",
    "AtomicUsize",
    "AtomicU64",
    "BufWriter",
    "BufReader",
    "StdinLock",
    "StdoutLock",
    "Stdin",
    "Stdout",
    "OsStr",
    "OsString",
    "BuildHasherDefault",
    "Duration",
    "Instant",
    "Wrapping",
];

impl Lexed<'_> {
    /// The cuts of the library's modules that hold only private imports (`use` items without
    /// `pub`, with their attributes), but those named in `kept`: nothing in one can be named from
    /// outside it (a private import is seen only in its module and the modules within, and there
    /// are none), so it is as empty as `mod x {}`. (The next round would report each of its
    /// imports unused or, of an item cut, unresolved: that round is not needed for them.)
    pub fn import_only_modules(&self, from: usize, kept: &[String]) -> Result<Vec<Edit>, String> {
        let mut edits = Vec::new();
        for k in 0..self.code.len() {
            if self.text(k) != "mod" || self.text(k + 2) != "{" || self.token(k).start < from {
                continue;
            }
            if kept.iter().any(|name| name == self.text(k + 1)) {
                continue;
            }
            let close = self.matching(k + 2)?;
            let (mut j, mut imports) = (k + 3, 0);
            while j < close {
                if self.text(j) == "#" && self.text(j + 1) == "[" {
                    j = self.matching(j + 1)? + 1;
                } else if self.text(j) == "use" && self.token(j).kind == Kind::Ident {
                    let tree = self.use_tree(j + 1)?;
                    if self.text(tree.end) != ";" {
                        break;
                    }
                    (j, imports) = (tree.end + 1, imports + 1);
                } else {
                    break;
                }
            }
            if j == close && imports > 0 {
                edits.push(self.cut(self.item_start(k)?, close));
            }
        }
        Ok(edits)
    }

    /// The starts (bytes) of the library's imports (from byte `from` on) that nothing can use, as
    /// the module doc says, but those naming one of `kept`: each a path of a `use`, or a member of
    /// a group, as rustc reports an unused one (see `without_imports_at`).
    pub fn unnamed_imports(&self, from: usize, kept: &[String]) -> Result<Vec<usize>, String> {
        // The bodies of macro definitions (a name there may be used wherever one expands), and
        // those and the brackets of macro calls (a `use` there is not an item of this module).
        let (mut macros, mut in_macros) = (Vec::new(), Vec::new());
        for k in 1..self.code.len() {
            let definition = k >= 3 && self.text(k - 3) == "macro_rules" && self.text(k - 2) == "!";
            if matches!(self.text(k), "(" | "[" | "{") && (self.text(k - 1) == "!" || definition) {
                let range = self.token(k).start..self.token(self.matching(k)?).end;
                if definition {
                    macros.push(range.clone());
                }
                in_macros.push(range);
            }
        }
        let mut unnamed = Vec::new();
        for k in 0..self.code.len() {
            if self.text(k) != "use" || self.token(k).kind != Kind::Ident || self.token(k).start < from {
                continue;
            }
            if in_macros.iter().any(|range| range.contains(&self.token(k).start)) {
                continue;
            }
            let first = self.item_start(k)?;
            let tree = self.use_tree(k + 1)?;
            if (first..k).any(|j| self.text(j) == "pub") || self.text(tree.end) != ";" {
                continue;
            }
            let own = self.token(first).start..self.token(tree.end).end;
            let (open, close) = self.module_around(k)?;
            let module = if close < self.code.len() {
                self.token(open).end..self.token(close).start
            } else {
                0..self.src.len()
            };
            let mut leaves = Vec::new();
            self.use_leaves(&tree, String::new(), &mut leaves);
            for (start, path, name) in leaves {
                if name == "_" || name == "*" || kept.iter().any(|k| *k == name) {
                    continue;
                }
                let words = match self.words_of_a_use(&path, &name) {
                    Some(words) => words,
                    None => continue,
                };
                let written =
                    |range: std::ops::Range<usize>| words.iter().any(|w| self.writes(range.clone(), w));
                let in_module = written(module.start..own.start.max(module.start))
                    || written(own.end.min(module.end)..module.end);
                if !in_module && !macros.iter().any(|m| written(m.clone())) {
                    unnamed.push(self.token(start).start);
                }
            }
        }
        Ok(unnamed)
    }

    /// The leaves of use tree `tree` under path `prefix`: the code index each starts at, its full
    /// path (`std::io::Read`) and the name it brings (`Read`; `io` for `std::io::{self}`; the
    /// alias after `as`; `*` for a glob).
    fn use_leaves(
        &self,
        tree: &super::items::UseTree,
        prefix: String,
        leaves: &mut Vec<(usize, String, String)>,
    ) {
        let words = |end: usize| (tree.start..end).map(|j| self.text(j)).collect::<String>();
        match &tree.group {
            Some((open, members)) => {
                let prefix = format!("{prefix}{}", words(*open));
                for member in members {
                    self.use_leaves(member, prefix.clone(), leaves);
                }
            }
            None => {
                let tokens: Vec<&str> = (tree.start..tree.end).map(|j| self.text(j)).collect();
                let alias = tokens.iter().position(|&t| t == "as");
                let path_tokens = &tokens[..alias.unwrap_or(tokens.len())];
                let mut path = format!("{prefix}{}", path_tokens.concat());
                if let Some(stripped) = path.strip_suffix("::self") {
                    path = stripped.to_string();
                }
                let segments: Vec<&str> = path.trim_start_matches("::").split("::").collect();
                let name = match alias {
                    Some(at) => tokens.get(at + 1).copied().unwrap_or("_").to_string(),
                    None => segments.last().copied().unwrap_or("_").to_string(),
                };
                leaves.push((tree.start, path.trim_start_matches("::").to_string(), name));
            }
        }
    }

    /// The words whose absence from a module shows that an import of `path` named `name` is
    /// unused there, if any do (`None`: kept whatever the text says).
    fn words_of_a_use(&self, path: &str, name: &str) -> Option<Vec<String>> {
        let name = name.trim_start_matches("r#");
        let std_path = ["std::", "core::", "alloc::"].iter().find_map(|p| path.strip_prefix(p));
        let capital = name.chars().next().map_or(false, |c| c.is_ascii_uppercase());
        let all_caps = name.chars().all(|c| !c.is_ascii_lowercase());
        match std_path {
            Some(rest) if capital && !all_caps => {
                let path = format!("std::{rest}");
                if let Some((_, methods)) = STD_TRAITS.iter().find(|(trait_path, _)| *trait_path == path) {
                    let mut words = vec![name.to_string()];
                    words.extend(methods.iter().map(|m| m.to_string()));
                    Some(words)
                } else if STD_TYPES.contains(&name) {
                    Some(vec![name.to_string()])
                } else {
                    None
                }
            }
            _ => {
                // A library trait is kept (its methods are not looked up here).
                let a_trait =
                    (1..self.code.len()).any(|k| self.text(k - 1) == "trait" && self.text(k) == name);
                if a_trait {
                    None
                } else {
                    Some(vec![name.to_string()])
                }
            }
        }
    }

    /// Whether `word` is written in bytes `range` of the text, as a whole identifier (a word
    /// ending in `*`: any identifier it starts), in code, comments or strings alike.
    fn writes(&self, range: std::ops::Range<usize>, word: &str) -> bool {
        let (word, prefix) = match word.strip_suffix('*') {
            Some(stem) => (stem, true),
            None => (word, false),
        };
        let text = &self.src[range];
        let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let mut from = 0;
        while let Some(at) = text[from..].find(word) {
            let (start, end) = (from + at, from + at + word.len());
            let before = text[..start].chars().next_back().map_or(false, is_ident);
            let after = text[end..].chars().next().map_or(false, is_ident);
            if !before && (prefix || !after) {
                return true;
            }
            from = end;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The imports `unnamed_imports` finds in `src` (from byte 0), as their text up to the next
    /// `,`, `;` or `}`.
    fn unnamed(src: &str) -> Vec<String> {
        let lexed = Lexed::new(src).unwrap();
        let starts = lexed.unnamed_imports(0, &[]).unwrap();
        starts.iter().map(|&s| src[s..].split([',', ';', '}']).next().unwrap().trim().to_string()).collect()
    }

    #[test]
    fn an_import_goes_when_its_module_never_writes_its_name() {
        let src = "mod a {\n    use super::b::{used, gone, Kept};\n    use super::c::Gone;\n    fn f() -> Kept { used() }\n}\nmod b {}\n";
        assert_eq!(unnamed(src), ["gone", "super::c::Gone"]);
    }

    #[test]
    fn a_name_written_anywhere_in_the_module_or_a_macro_keeps_it() {
        // In a child module, a string (a format's `{name}`), a comment, a macro elsewhere.
        let src = "mod a {\n    use super::x::{child, format, note, by_macro, alone};\n    mod inner { fn f() { super::child(); } }\n    fn g() { println!(\"{format}\"); }\n    // note\n}\nmacro_rules! m { () => { by_macro() }; }\n";
        assert_eq!(unnamed(src), ["alone"]);
    }

    #[test]
    fn a_use_in_a_macro_definition_or_call_is_not_looked_at() {
        let src = "mod a {\n    macro_rules! m { () => { use super::x::Y; }; }\n    some! { use super::x::Z; }\n}\n";
        assert!(unnamed(src).is_empty());
    }

    #[test]
    fn public_glob_trait_and_aliased_imports_follow_their_rules() {
        let src = "mod a {\n    pub use super::x::Public;\n    use super::x::*;\n    use super::t::Library;\n    use std::io::{self, Read, Write};\n    use std::convert::TryFrom;\n    use std::cmp::Ordering;\n    use std::collections::Unknown;\n    use super::y::long as short;\n    use super::z::kept_as as renamed;\n    fn f(mut w: impl Sink) { w.write_all(b\"\").ok(); renamed(); }\n}\ntrait Library {}\n";
        // `io` (never written), `Read` (nor any of its methods), `TryFrom`, `Ordering` and `short`
        // go; `Write` stays (`write_all`), `Public`, the glob, the library's trait and a std name
        // not known to be a type stay.
        assert_eq!(
            unnamed(src),
            ["self", "Read", "std::convert::TryFrom", "std::cmp::Ordering", "super::y::long as short"]
        );
    }
}
