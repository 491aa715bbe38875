//! Imports that no code names, found in the text, for the prune stage: after a round's cuts, an
//! import of something cut, or used only by what was cut, would be reported by the next round
//! (unresolved, or unused) and cut by the one after; found here, those rounds are not rustc runs.
//!
//! The invariant: an import goes only if nothing can use it. A private import (no `pub`) is seen
//! only in its module and the modules within; it is used only where its name is written there
//! (a path, a type, a call, a derive, a format string's `{name}`), or where a macro whose
//! definition writes the name expands, or, for a trait, where a method of it is called. A module
//! within does not see its parent's imports but by a path (`super::name`, `crate::a::name`, in a
//! `use` or not) or a glob (`use super::*`). So one goes when its name is nowhere in its module's
//! own text but its own path in its `use` (comments and strings count as written, and `r#name`),
//! nor in a module within as a path's segment after `::` or in a `use` (anywhere in one that has a
//! glob import or calls a macro), nor in the body of a `macro_rules!` that may expand there (one
//! called there, or called by one of those, and so on; every macro's body and call if the text
//! calls a macro it does not define, or defines one in another: [`STD_MACROS`]), and if it may not
//! be a trait's: std's by the tables (`import_kinds`: none of its methods written either), the
//! library's (a path through `crate`, `super`, `self` and modules the text declares, not an
//! imported one) if the text declares no trait of that name, writes `trait` in no macro, and no
//! other `use` may bring the name from outside (under an alias, from std or elsewhere, by a glob
//! but of `std::arch`). A macro call counts as the text's macro or std's only if no `use` binds
//! its name to another (`use crate::m as todo;`). Kept whatever the text says: globs, `_`, a name
//! not all ASCII (rustc reads identifiers in Unicode's NFC, this text search byte for byte), the
//! names the user imports, and a `use` written in a macro's definition or call (where it lands is
//! the macro's business). A module holding only private imports goes whole, unless a path names
//! it (its name before `::`, in a `use`, or in a macro's body or call) outside such modules.

use super::import_kinds::{Leaf, STD_MACROS};
use super::lex::{Kind, Lexed};
use super::mapped::Edit;
use std::ops::Range;

/// A module as its imports are seen in it (see `module_parts`): its braces (code indices), its
/// text but its modules' (bytes), its modules' texts, each with whether it holds a glob import,
/// and the bodies of the macros that may expand in it.
struct ModuleParts {
    braces: (usize, usize),
    direct: Vec<Range<usize>>,
    children: Vec<(Range<usize>, bool)>,
    bodies: Vec<Range<usize>>,
}

impl Lexed<'_> {
    /// The cuts of the library's modules that hold only private imports (`use` items without
    /// `pub`, with their attributes), with how many imports they hold, but those named in `kept`
    /// or by a path outside them all: nothing in one can be named from outside it (a private
    /// import is seen only in its module and the modules within, and there are none), so it is
    /// as empty as `mod x {}` once no path names it (but in another that goes with it). (The next
    /// round would report each of its imports unused or, of an item cut, unresolved: that round
    /// is not needed for them.)
    pub fn import_only_modules(&self, from: usize, kept: &[String]) -> Result<(Vec<Edit>, usize), String> {
        let (mut edits, mut imports, mut candidates) = (Vec::new(), 0, Vec::new());
        // The `use` items and the macros' bodies and calls (a name there may be a path's).
        let mut uses = Vec::new();
        for k in 0..self.code.len() {
            if self.text(k) == "use" && self.token(k).kind == Kind::Ident {
                let tree = self.use_tree(k + 1)?;
                uses.push(self.token(k).start..self.token(tree.end.min(self.code.len() - 1)).end);
            }
            if k > 0 && matches!(self.text(k), "(" | "[" | "{") && self.text(k - 1) == "!" {
                uses.push(self.token(k).start..self.token(self.matching(k)?).end);
            }
            if k >= 3 && self.text(k - 3) == "macro_rules" && self.text(k) == "{" {
                uses.push(self.token(k).start..self.token(self.matching(k)?).end);
            }
        }
        for k in 0..self.code.len() {
            if self.text(k) != "mod" || self.text(k + 2) != "{" || self.token(k).start < from {
                continue;
            }
            if kept.iter().any(|name| name == self.text(k + 1)) || !self.text(k + 1).is_ascii() {
                continue;
            }
            let close = self.matching(k + 2)?;
            let (mut j, mut leaves) = (k + 3, 0);
            while j < close {
                if self.text(j) == "#" && self.text(j + 1) == "[" {
                    j = self.matching(j + 1)? + 1;
                } else if self.text(j) == "use" && self.token(j).kind == Kind::Ident {
                    let tree = self.use_tree(j + 1)?;
                    if self.text(tree.end) != ";" {
                        break;
                    }
                    leaves += self.use_leaves(&tree).len();
                    j = tree.end + 1;
                } else {
                    break;
                }
            }
            if j == close && leaves > 0 {
                let item = self.token(self.item_start(k)?).start..self.token(close).end;
                let name = self.text(k + 1).trim_start_matches("r#");
                candidates.push((self.item_start(k)?, close, name, leaves, item));
            }
        }
        // Nor one a path names (`use self::m::*`, `m::f`: its name before `::` or in a `use`)
        // outside those that go (which go together), until none is.
        loop {
            let outside = |at: &usize| !candidates.iter().any(|c| c.4.contains(at));
            let named = |name: &str| {
                let in_a_path = |at: &usize| {
                    let before_colons = self.code_at(*at).map_or(false, |j| self.text(j + 1) == "::");
                    before_colons || uses.iter().any(|u| u.contains(at))
                };
                self.occurrences(0..self.src.len(), name).iter().any(|at| outside(at) && in_a_path(at))
            };
            let before = candidates.len();
            let still: Vec<_> = candidates.iter().map(|c| !named(c.2)).collect();
            let mut keep = still.into_iter();
            candidates.retain(|_| keep.next().unwrap_or(false));
            if candidates.len() == before {
                break;
            }
        }
        for (first, close, _, leaves, _) in candidates {
            edits.push(self.cut(first, close));
            imports += leaves;
        }
        Ok((edits, imports))
    }

    /// The starts (bytes) of the library's imports (from byte `from` on) that nothing can use, as
    /// the module doc says, but those naming one of `kept`: each a path of a `use`, or a member of
    /// a group, as rustc reports an unused one (see `without_imports_at`).
    pub fn unnamed_imports(&self, from: usize, kept: &[String]) -> Result<Vec<usize>, String> {
        // The macro definitions (name and body: a name written there may be used wherever one
        // expands), and those and the brackets of macro calls (a `use` there is not an item of
        // this module); the `use` items through `super` or `crate` (a name in one may be a path
        // to an import of a module around).
        let (mut macros, mut in_macros, mut uses) = (Vec::new(), Vec::new(), Vec::new());
        for k in 1..self.code.len() {
            let definition = k >= 3 && self.text(k - 3) == "macro_rules" && self.text(k - 2) == "!";
            if matches!(self.text(k), "(" | "[" | "{") && (self.text(k - 1) == "!" || definition) {
                let range = self.token(k).start..self.token(self.matching(k)?).end;
                if definition {
                    macros.push((self.text(k - 1), range.clone()));
                }
                in_macros.push(range);
            }
            if self.text(k) == "use" && self.token(k).kind == Kind::Ident {
                let tree = self.use_tree(k + 1)?;
                uses.push(self.token(k).start..self.token(tree.end.min(self.code.len() - 1)).end);
            }
        }
        // Every leaf of every `use` (some bring a name from elsewhere: `words_of_a_use`), and
        // whether a macro definition writes `trait` (a trait named by a macro's argument).
        let mut all_leaves = Vec::new();
        for k in 0..self.code.len() {
            if self.text(k) == "use" && self.token(k).kind == Kind::Ident {
                all_leaves.extend(self.use_leaves(&self.use_tree(k + 1)?));
            }
        }
        let macro_traits = (0..self.code.len()).any(|k| {
            self.text(k) == "trait" && in_macros.iter().any(|range| range.contains(&self.token(k).start))
        });
        // A macro the text does not define, called: every macro's body and call may expand
        // anywhere (see STD_MACROS).
        let defined = |name: &str| macros.iter().any(|(defined, _)| *defined == name);
        // (And a macro defined in a macro: its body is written by the other's arguments too.)
        let nested_definition = macros
            .iter()
            .any(|(_, body)| in_macros.iter().any(|other| other.start < body.start && body.end <= other.end));
        let unknown_call = nested_definition
            || (1..self.code.len()).any(|k| {
                let call = self.text(k) == "!"
                    && self.text(k - 1) != "macro_rules"
                    && matches!(self.text(k + 1), "(" | "[" | "{");
                // (A name a `use` binds to another may be another macro: `use crate::m as todo;`.)
                let name = self.text(k - 1);
                let known = (defined(name) || STD_MACROS.contains(&name) || name == "writeln")
                    && !all_leaves.iter().any(|leaf: &Leaf| leaf.name == name && leaf.source != name);
                call && (!known || name == "include")
            });
        let mut unnamed = Vec::new();
        // What each module met (by its braces) holds: its text but its modules', its modules'
        // texts, whether one of those has a glob import, and the macro bodies that may expand in
        // it.
        let mut seen: Vec<ModuleParts> = Vec::new();
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
            let braces = self.module_around(k)?;
            if !seen.iter().any(|module| module.braces == braces) {
                let everywhere = if unknown_call { Some(&in_macros) } else { None };
                let module = self.module_parts(braces, &macros, &uses, everywhere)?;
                seen.push(module);
            }
            let ModuleParts { direct, children, bodies, .. } =
                seen.iter().find(|module| module.braces == braces).expect("just made");
            for leaf in self.use_leaves(&tree) {
                if leaf.name == "_" || leaf.source == "*" || kept.contains(&leaf.name) {
                    continue;
                }
                let words = match self.words_of_a_use(&leaf, &all_leaves, macro_traits) {
                    Some(words) => words,
                    None => continue,
                };
                // This leaf's own tokens and its groups' heads (another member of its `use` may
                // name it: `a::Thing`).
                let bytes = |r: &Range<usize>| self.token(r.start).start..self.token(r.end - 1).end;
                let mut own = vec![bytes(&(leaf.first..leaf.end))];
                own.extend(leaf.heads.iter().filter(|head| head.start < head.end).map(bytes));
                let written_in = |range: &Range<usize>, counts: &dyn Fn(usize) -> bool| {
                    words.iter().any(|w| self.occurrences(range.clone(), w).into_iter().any(counts))
                };
                // In the module's own text (but this `use`), any mention; in a module within it,
                // which sees this import only by a path or a glob, a mention after `::`, or in a
                // `use` through `super` or `crate` (a group's member), or any if it has a glob;
                // in a macro body that may expand here, any.
                let outside_own = |at: usize| !own.iter().any(|r| r.contains(&at));
                let by_path = |at: usize| {
                    let after_colons = self.code_at(at).map_or(false, |k| k > 0 && self.text(k - 1) == "::");
                    after_colons || uses.iter().any(|u| u.contains(&at))
                };
                let used = direct.iter().any(|r| written_in(r, &outside_own))
                    || children
                        .iter()
                        .any(|(r, glob)| written_in(r, if *glob { &|_| true } else { &by_path }))
                    || bodies.iter().any(|r| written_in(r, &|_| true));
                if !used {
                    unnamed.push(self.token(leaf.first).start);
                }
            }
        }
        Ok(unnamed)
    }

    /// The module whose braces are at code indices `braces` (`(0, len)`: the whole text), the
    /// macros that may expand in it taken from `macros` (or, given `everywhere`, those ranges:
    /// every macro's body and call), given the text's `use` items.
    fn module_parts(
        &self,
        braces: (usize, usize),
        macros: &[(&str, Range<usize>)],
        uses: &[Range<usize>],
        everywhere: Option<&Vec<Range<usize>>>,
    ) -> Result<ModuleParts, String> {
        let (open, close) = braces;
        let whole = if close < self.code.len() {
            self.token(open).end..self.token(close).start
        } else {
            0..self.src.len()
        };
        let (mut direct, mut children) = (Vec::new(), Vec::new());
        let (mut at, mut j) = (whole.start, if close < self.code.len() { open + 1 } else { 0 });
        while j < close.min(self.code.len()) {
            if self.text(j) == "mod" && self.text(j + 2) == "{" {
                let end = self.matching(j + 2)?;
                direct.push(at..self.token(j + 2).start);
                // A glob (`*` in a `use`, braced or not), or a macro called: it may see any name.
                let child = self.token(j + 2).start..self.token(end).end;
                let glob = (j + 2..end).any(|i| {
                    let at = self.token(i).start;
                    (self.text(i) == "*" && uses.iter().any(|u| u.contains(&at))) || self.text(i) == "!"
                });
                children.push((child, glob));
                at = self.token(end).end;
                j = end + 1;
            } else {
                j += 1;
            }
        }
        direct.push(at..whole.end);
        let bodies = match everywhere {
            Some(all) => all.clone(),
            None => self.expanding_in(&whole, macros),
        };
        Ok(ModuleParts { braces, direct, children, bodies })
    }

    /// The bodies of the macros of `macros` that may expand within bytes `range`: those called
    /// there, and those their bodies call, and so on.
    fn expanding_in(&self, range: &Range<usize>, macros: &[(&str, Range<usize>)]) -> Vec<Range<usize>> {
        let called = |within: &Range<usize>| {
            let mut names = Vec::new();
            for k in 1..self.code.len() {
                let at = self.token(k).start;
                let call = self.text(k) == "!"
                    && self.text(k - 1) != "macro_rules"
                    && matches!(self.text(k + 1), "(" | "[" | "{");
                if call && within.contains(&at) && self.token(k - 1).kind == Kind::Ident {
                    names.push(self.text(k - 1));
                }
            }
            names
        };
        let (mut names, mut bodies) = (called(range), Vec::new());
        while let Some(name) = names.pop() {
            for (defined, body) in macros {
                if *defined == name && !bodies.contains(body) {
                    bodies.push(body.clone());
                    names.extend(called(body));
                }
            }
        }
        bodies
    }

    /// The leaves of use tree `tree`: each one's code indices (its first, and past its last), its
    /// full path (`std::io::Read`), the name of what it imports (the path's last segment, `r#`
    /// taken off; `io` for `std::io::{self}`; `*` for a glob) and the name it brings (the alias
    /// after `as`, else that one).
    fn use_leaves(&self, tree: &super::items::UseTree) -> Vec<Leaf> {
        let (mut leaves, mut stack) = (Vec::new(), vec![(tree, String::new(), Vec::new())]);
        while let Some((tree, prefix, heads)) = stack.pop() {
            let words = |end: usize| (tree.start..end).map(|j| self.text(j)).collect::<String>();
            match &tree.group {
                Some((open, members)) => {
                    let prefix = format!("{prefix}{}", words(*open));
                    let mut heads = heads.clone();
                    heads.push(tree.start..*open);
                    stack.extend(members.iter().rev().map(|member| (member, prefix.clone(), heads.clone())));
                }
                None => {
                    let tokens: Vec<&str> = (tree.start..tree.end).map(|j| self.text(j)).collect();
                    let alias = tokens.iter().position(|&t| t == "as");
                    let path_tokens = &tokens[..alias.unwrap_or(tokens.len())];
                    let mut path = format!("{prefix}{}", path_tokens.concat());
                    if let Some(stripped) = path.strip_suffix("::self") {
                        path = stripped.to_string();
                    }
                    let path = path.trim_start_matches("::").to_string();
                    let source = path.rsplit("::").next().unwrap_or("_").trim_start_matches("r#").to_string();
                    let name = match alias {
                        Some(at) => {
                            tokens.get(at + 1).copied().unwrap_or("_").trim_start_matches("r#").to_string()
                        }
                        None => source.clone(),
                    };
                    leaves.push(Leaf {
                        first: tree.start,
                        end: tree.end,
                        heads,
                        path,
                        source,
                        name,
                        aliased: alias.is_some(),
                    });
                }
            }
        }
        leaves
    }

    /// Where `word` is written in bytes `range` of the text, as a whole identifier (a word ending
    /// in `*`: any identifier it starts), in code, comments or strings alike.
    fn occurrences(&self, range: Range<usize>, word: &str) -> Vec<usize> {
        let (word, prefix) = match word.strip_suffix('*') {
            Some(stem) => (stem, true),
            None => (word, false),
        };
        let text = &self.src[range.clone()];
        let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let (mut found, mut from) = (Vec::new(), 0);
        while let Some(at) = text[from..].find(word) {
            let (start, end) = (from + at, from + at + word.len());
            let before = text[..start].chars().next_back().map_or(false, is_ident);
            let after = text[end..].chars().next().map_or(false, is_ident);
            let raw = text[..start].ends_with("r#")
                && !text[..start - 2].chars().next_back().map_or(false, is_ident);
            if raw {
                found.push(range.start + start - 2);
            } else if !before && (prefix || !after) {
                found.push(range.start + start);
            }
            from = end;
        }
        found
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

    /// The items the tests import: declared, none a trait.
    const ITEMS: &str = "mod x {\n    pub fn used() {}\n    pub fn gone() {}\n    pub struct Kept;\n    pub struct Gone;\n    pub fn child() {}\n    pub fn format() {}\n    pub fn note() {}\n    pub fn by_macro() {}\n    pub fn deep() {}\n    pub fn elsewhere() {}\n    pub fn alone() {}\n    pub fn own() {}\n    pub struct Error;\n    pub struct Pos;\n    pub struct Mark;\n    pub struct Glob;\n}\n";

    #[test]
    fn an_import_goes_when_its_module_never_writes_its_name() {
        let src = format!("mod a {{\n    use crate::x::{{used, gone, Kept}};\n    use super::x::Gone;\n    fn f() -> Kept {{ used() }}\n}}\n{ITEMS}");
        assert_eq!(unnamed(&src), ["gone", "super::x::Gone"]);
    }

    #[test]
    fn a_name_written_anywhere_in_the_module_or_a_macro_expanding_there_keeps_it() {
        // In a child module, a string (a format's `{name}`), a comment, a macro called there
        // (`outer`, and `inner`, which `outer` calls); not in a macro never called there.
        let src = format!("mod a {{\n    use super::x::{{child, format, note, by_macro, deep, elsewhere, alone}};\n    mod inner_mod {{ fn f() {{ super::child(); }} }}\n    fn g() {{ println!(\"{{format}}\"); outer!(); }}\n    // note\n}}\nmacro_rules! outer {{ () => {{ by_macro(); inner!() }}; }}\nmacro_rules! inner {{ () => {{ deep() }}; }}\nmacro_rules! unused {{ () => {{ elsewhere() }}; }}\n{ITEMS}");
        assert_eq!(unnamed(&src), ["elsewhere", "alone"]);
    }

    #[test]
    fn a_module_within_sees_its_parents_import_only_by_a_path_or_a_glob() {
        // `own` is written in `b` alone, which has its own (not after `::`: `y::own` would count,
        // as any path may, and so would a `use` through `crate` or `super`); `Error` (as `super::Error`) in `c`, `Pos` in a group of `d`'s (whose
        // own import of it is unused: it goes), `Mark` by a path from the root in `e`, `Glob` in
        // `f`, which imports its parent's names with a glob.
        let src = format!("mod a {{\n    use crate::x::{{own, Error, Pos, Mark, Glob}};\n    mod b {{ fn f() {{ own(); }} fn own() {{}} }}\n    mod c {{ fn f() -> super::Error {{ todo!() }} }}\n    mod d {{ use super::{{Pos}}; }}\n    mod e {{ fn f(_: crate::a::Mark) {{}} }}\n    mod f {{ use super::*; fn g(_: Glob) {{}} }}\n}}\n{ITEMS}");
        assert_eq!(unnamed(&src), ["own", "Pos"]);
        let without_glob = src.replace("use super::*; ", "");
        assert_eq!(unnamed(&without_glob), ["own", "Glob", "Pos"]);
    }

    #[test]
    fn a_module_of_private_imports_only_goes_whole() {
        // Not `b` (a public import), `c` (code), `d` (a name kept), `e` (named by a path), `f`
        // (already empty: not this rule's); `g` and `h` (named only in `g`) together.
        let src = "mod a {\n    use x::Y;\n    #[allow(unused)]\n    use z::{W, V};\n}\nmod b {\n    pub use x::Y;\n}\nmod c {\n    use x::Y;\n    fn f() {}\n}\nmod d {\n    use x::Y;\n}\nmod e {\n    use x::Y;\n}\nuse self::e::*;\nmod f {}\nmod g {\n    use super::h::Y;\n}\nmod h {\n    use x::Y;\n}\n";
        let lexed = Lexed::new(src).unwrap();
        let (cut, imports) = lexed.import_only_modules(0, &["d".to_string()]).unwrap();
        let cut: Vec<&str> = cut.iter().map(|(start, end, _)| src[*start..*end].trim()).collect();
        assert_eq!(
            cut,
            [
                "mod a {\n    use x::Y;\n    #[allow(unused)]\n    use z::{W, V};\n}",
                "mod g {\n    use super::h::Y;\n}",
                "mod h {\n    use x::Y;\n}"
            ]
        );
        assert_eq!(imports, 5);
    }

    #[test]
    fn a_use_in_a_macro_definition_or_call_is_not_looked_at() {
        let src = "mod a {\n    macro_rules! m { () => { use super::x::Y; }; }\n    some! { use super::x::Z; }\n}\n";
        assert!(unnamed(src).is_empty());
    }

    #[test]
    fn std_names_traits_and_aliases_follow_their_rules() {
        // `io` (never written), `Read` (nor any of its methods), `TryFrom`, `Ordering`, `W` (std's
        // `Write`: no method of it written) and `short` go; `Write` stays (`write_all`), and so do
        // `Public`, the glob, the library's trait (under its name or another), a std name not
        // known to be a type, an alias of std's `Add` (not known), and a name another `use`
        // brings from std (`Sink`: it may be a trait's).
        let src = "mod a {\n    pub use super::x::Public;\n    use super::x::*;\n    use super::t::Library;\n    use crate::t::Library as Other;\n    use std::io::{self, Read, Write};\n    use std::convert::TryFrom;\n    use std::cmp::Ordering;\n    use std::collections::Unknown;\n    use std::fmt::Write as W;\n    use std::ops::Add as Plus;\n    use super::y::long as short;\n    use super::y::kept_as as renamed;\n    use crate::z::Sink;\n    fn f(mut w: impl Sink) { w.write_all(b\"\").ok(); renamed(); }\n}\nmod t { pub trait Library {} }\nmod x { pub struct Public; }\nmod y { pub fn long() {} pub fn kept_as() {} }\nmod z { pub use std::io::Write as Sink; }\n";
        assert_eq!(
            unnamed(src),
            [
                "self",
                "Read",
                "std::convert::TryFrom",
                "std::cmp::Ordering",
                "std::fmt::Write as W",
                "super::y::long as short"
            ]
        );
    }
}
