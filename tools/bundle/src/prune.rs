//! The prune stage: unused items go, told by the compiler, for every target. Each round
//! type-checks the candidate and its foreign copy at once (see the `cfg` stage); something one
//! copy reports unused goes only if the other reports it unused too or does not compile it. An
//! item under `dead_code` goes with its attributes and comments, a type with its `impl` blocks in
//! its module (anywhere if no other type has its name), a trait with its `impl` blocks anywhere, a
//! trait's method (or constant, or type) with its definition in each of those; `unused_imports`
//! go from their `use`. An import of something cut then no longer resolves: it goes from its
//! `use` (only such errors are tolerated, after a round that cut something). An inherent `impl`
//! (not one whose head a macro writes), a module or a `macro_rules!` (with its calls) left empty
//! (a module: or holding only private imports) goes too, and so does an import that nothing can
//! use any more (its name written nowhere it could be used: the `imports` module), found in the
//! text after each round's cuts (no rustc run for them), until nothing more goes. (A round is a rustc run a copy, most of a bundle's cost: what the text alone tells needs
//! none.) Then, once, the impls of traits the code does not declare (`Display`, `FromStr`,
//! `From<..>` ..), which rustc never reports, are tried away, and those its errors name come back
//! (see the `impls` module); what went makes the rounds go on, for what only they used. A field or
//! a variant cannot go without rewriting the code that names it: it gets an `#[allow(dead_code)]`
//! of its own; so does, at the end, an item used only on other targets. Nothing else is allowed.
//!
//! Only the library is pruned: everything before byte `from` (the user's code) is kept as written,
//! and is a root of what is used, whatever its lints say (the candidate starts with
//! `#![allow(dead_code)]` and the library module has `#[warn(dead_code)]`; see the assembly). If
//! the user imports something pruning cut (a `use` does not make it used), the round is undone
//! and every name of that `use` (or path) is kept, modules and macros so named even empty.

use super::cfg::{compiled, Config};
use super::impls::{put_back, Candidate, MAX_TRIALS};
use super::items::unwrap_single_groups;
use super::json::Diagnostic;
use super::lex::{at, Lexed};
use super::mapped::{Edit, Files, Mapped};
use super::reach::unnamed_modules;
use super::rustc::{at_level, diagnostics_host_first, diagnostics_of_both, explain};
use super::text::tidy_blank_lines;

/// The edition of the rustc runs that find unused items.
pub const PRUNING_EDITION: &str = "2021";

/// What pruning did.
#[derive(Clone, Debug, Default)]
pub struct Pruned {
    /// Items (and imports) removed.
    pub removed: usize,
    /// What rustc finds unused here but cannot go, each with its own `#[allow(..)]`: fields and
    /// variants, and items and imports used only on other targets (`(for other targets)`).
    pub allowed: Vec<String>,
}

/// The lints whose reports are unused items (or fields, or variants) for pruning.
const DEAD_CODE_LINTS: [&str; 2] = ["dead_code", "unused_macros"];

/// Where the names that `diagnostics` report under one of `lints` start, from byte `from` on.
fn reported(diagnostics: &[Diagnostic], lints: &[&str], from: usize) -> Vec<usize> {
    let reported = diagnostics.iter().filter(|d| d.level == "warning" && lints.contains(&d.code.as_str()));
    sorted_once(reported.flat_map(|d| d.primary.iter().map(|span| span.0)).filter(|&s| s >= from))
}

fn sorted_once(starts: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut starts: Vec<usize> = starts.collect();
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// The library's part of `text` (from byte `from`) as rustfmt would leave it after cuts: groups of
/// one unwrapped, blank lines tidied.
fn tidy(text: &Mapped, from: usize) -> Result<Mapped, String> {
    let library = text.slice(from, text.text.len());
    let library = tidy_blank_lines(&library.edit(unwrap_single_groups(&library.text)?), true)?;
    let mut tidy = text.slice(0, from);
    tidy.push(&library);
    Ok(tidy)
}

/// `text` without the containers its cuts left empty (see [`Lexed::empty_containers`], and
/// [`Lexed::import_only_modules`]) and the imports nothing can use any more (see the `imports`
/// module; counted in `pruned`), but those `kept` names (the user's imports), until none is: found
/// here rather than by the next rounds, those rounds are not rustc runs for them.
fn without_leftovers(
    mut text: Mapped,
    from: usize,
    kept: &[String],
    pruned: &mut Pruned,
) -> Result<Mapped, String> {
    loop {
        let lexed = Lexed::new(&text.text)?;
        let mut edits = lexed.empty_containers(from, kept)?;
        if edits.is_empty() {
            let imports;
            (edits, imports) = lexed.import_only_modules(from, kept)?;
            pruned.removed += imports;
        }
        if edits.is_empty() {
            let unnamed = lexed.unnamed_imports(from, kept)?;
            edits = lexed.without_imports_at(&unnamed)?;
            pruned.removed += if edits.is_empty() { 0 } else { unnamed.len() };
        }
        if edits.is_empty() {
            return Ok(text);
        }
        text = tidy(&text.edit(edits), from)?;
    }
}

/// `code` without the library's unused items (at or past byte `from`; see the module doc), in
/// `host` and its [`Config::foreign`] configuration. An error is told at its place in `files`.
/// Started from the candidate without the library's modules that no kept code names (the `reach`
/// module: the same result, sooner), and from the whole one if that one fails.
pub fn prune(
    rustc: &str,
    host: &Config,
    code: &Mapped,
    from: usize,
    files: &Files,
) -> Result<(Mapped, Pruned), String> {
    let left_out = unnamed_modules(&code.text, from, host)?;
    if !left_out.is_empty() {
        let smaller = tidy(&code.edit(left_out.into_iter().map(|(cut, _)| cut).collect()), from)?;
        if let Ok(pruned) = prune_rounds(rustc, host, &smaller, from, files) {
            return Ok(pruned);
        }
    }
    prune_rounds(rustc, host, code, from, files)
}

/// [`prune`] from `code` as it is: rounds of rustc's reports, until nothing more goes.
pub fn prune_rounds(
    rustc: &str,
    host: &Config,
    code: &Mapped,
    from: usize,
    files: &Files,
) -> Result<(Mapped, Pruned), String> {
    let foreign = host.foreign();
    let (mut text, mut previous) = (code.clone(), code.clone());
    // What pruning had done before the round that made `previous`'s successor: an undo goes
    // back to it too (an item cut again is counted once).
    let mut previous_pruned = Pruned::default();
    let mut pruned = Pruned::default();
    // Names the user imports, kept though unused (see the module doc).
    let mut imported: Vec<String> = Vec::new();
    // The trial of the library without its unused impls, once nothing else goes (see `impls`).
    let mut trial: Option<ImplTrial> = None;
    let mut impls_tried = false;
    for round in 0..100 {
        let (on_host, on_foreign) = if trial.is_some() {
            diagnostics_host_first(rustc, &text.text, PRUNING_EDITION)?
        } else {
            diagnostics_of_both(rustc, &text.text, PRUNING_EDITION)?
        };
        let lexed = Lexed::new(&text.text)?;
        let host_errors: Vec<&Diagnostic> = at_level(&on_host, "error").collect();
        let foreign_errors: Vec<&Diagnostic> = at_level(&on_foreign, "error").collect();
        let has_errors = !host_errors.is_empty() || !foreign_errors.is_empty();
        if let Some(mut tried) = trial.take() {
            if !has_errors {
                pruned.removed += tried.back.iter().filter(|&&back| !back).count();
            } else {
                // The impls the errors name go back, and the library is tried again; or all do.
                let errors: Vec<&Diagnostic> = host_errors.iter().chain(&foreign_errors).copied().collect();
                let progress = put_back(&tried.candidates, &mut tried.back, &errors);
                if tried.trials == MAX_TRIALS || !progress || tried.back.iter().all(|&back| back) {
                    return Ok(tried.fallback);
                }
                tried.trials += 1;
                text = tidy(&tried.before.edit(tried.cuts()), from)?;
                trial = Some(tried);
                continue;
            }
        }
        if has_errors {
            // Imports of items cut no longer resolve: they go; nothing else may fail.
            let errors = host_errors.iter().chain(&foreign_errors);
            let only_unresolved =
                errors.clone().all(|d| d.primary.is_empty() || matches!(d.code.as_str(), "E0432" | "E0433"));
            let unresolved = sorted_once(errors.flat_map(|d| d.primary.iter().map(|span| span.0)));
            let users = unresolved.iter().filter(|&&start| start < from);
            // Every name of the user's `use` that failed (a group names several, a glob none
            // last), or of the path (`crate::nothing!`): what went with it is kept on the redo.
            let mut names: Vec<String> = Vec::new();
            for k in users.filter_map(|&start| lexed.code_at(start)) {
                let path_end = (0..).map(|n| k + 2 * n).find(|&j| lexed.text(j + 1) != "::").unwrap_or(k);
                let (first, last) = match lexed.use_item_around(k)? {
                    Some(first) => {
                        (first, (first..lexed.code.len()).find(|&j| lexed.text(j) == ";").unwrap_or(k))
                    }
                    None => (k, path_end),
                };
                let words = (first..=last).map(|j| lexed.text(j).trim_start_matches("r#"));
                let words =
                    words.filter(|w| w.chars().next().map_or(false, |c| c.is_alphabetic() || c == '_'));
                names.extend(words.filter(|w| !imported.iter().any(|i| i == w)).map(String::from));
            }
            names.sort_unstable();
            names.dedup();
            if round > 0 && only_unresolved && !names.is_empty() {
                imported.extend(names);
                text = previous.clone();
                pruned = previous_pruned.clone();
                continue;
            }
            let edits = if round > 0 && only_unresolved && unresolved.iter().all(|&s| s >= from) {
                lexed.without_imports_at(&unresolved)?
            } else {
                Vec::new()
            };
            if edits.is_empty() {
                let (errors, configuration) = if host_errors.is_empty() {
                    (foreign_errors, format!(" for targets other than {}", host.target_name()))
                } else {
                    (host_errors, String::new())
                };
                return Err(format!(
                    "it does not compile{configuration}:\n{}",
                    explain(&errors, &text, files)
                ));
            }
            text = without_leftovers(tidy(&text.edit(edits), from)?, from, &imported, &mut pruned)?;
            continue;
        }
        let (absent_on_host, absent_on_foreign) =
            (lexed.absent_ranges(host)?, lexed.absent_ranges(&foreign)?);
        let code_at = |start: usize| {
            lexed.code_at(start).ok_or_else(|| at(&text.text, start, "unused, but no token here"))
        };
        // What is reported unused at byte `start` goes if unused or not compiled in each.
        let goes = |start: usize, on_host: &[usize], on_foreign: &[usize]| -> Result<bool, String> {
            let k = code_at(start)?;
            Ok((on_host.binary_search(&start).is_ok() || !compiled(&absent_on_host, k))
                && (on_foreign.binary_search(&start).is_ok() || !compiled(&absent_on_foreign, k)))
        };
        let pruned_before = pruned.clone();
        let mut edits = Vec::new();
        // Used only in the foreign configuration, or imported by the user: allowed at the end.
        let mut kept = Vec::new();
        let (dead_on_host, dead_on_foreign) =
            (reported(&on_host, &DEAD_CODE_LINTS, from), reported(&on_foreign, &DEAD_CODE_LINTS, from));
        for start in sorted_once(dead_on_host.iter().chain(&dead_on_foreign).copied()) {
            let k = code_at(start)?;
            let reported_here = dead_on_host.binary_search(&start).is_ok();
            let name = lexed.text(k);
            let gone = goes(start, &dead_on_host, &dead_on_foreign)? && !imported.iter().any(|i| i == name);
            match lexed.item_keyword(k) {
                // A field or a variant cannot go; this machine's warning is allowed.
                None if reported_here => edits.extend(lexed.allow_dead_code(k, &mut pruned)?),
                None => {}
                Some(kw) if gone => edits.extend(lexed.unused_item_edits(k, kw, &mut pruned)?),
                Some(kw) if reported_here => {
                    let lint = if lexed.text(kw) == "macro_rules" { "unused_macros" } else { "dead_code" };
                    kept.push((lexed.item_start(kw)?, lint, name));
                }
                Some(_) => {}
            }
        }
        let (unused_on_host, unused_on_foreign) =
            (reported(&on_host, &["unused_imports"], from), reported(&on_foreign, &["unused_imports"], from));
        let mut one_by_one = Vec::new();
        for start in sorted_once(unused_on_host.iter().chain(&unused_on_foreign).copied()) {
            if goes(start, &unused_on_host, &unused_on_foreign)? {
                one_by_one.push(start);
            } else if unused_on_host.binary_search(&start).is_ok() {
                let k = code_at(start)?;
                let name_end = (k..lexed.code.len()).find(|&j| matches!(lexed.text(j + 1), "," | ";" | "}"));
                let first = lexed.use_item_around(k)?;
                let first = first.ok_or_else(|| lexed.error(k, "an unused import outside a `use`"))?;
                kept.push((first, "unused_imports", lexed.text(name_end.unwrap_or(k))));
            }
        }
        pruned.removed += one_by_one.len();
        edits.extend(lexed.without_imports_at(&one_by_one)?);
        edits.extend(lexed.empty_containers(from, &imported)?);
        if edits.is_empty() {
            // Nothing else goes: what is kept is allowed. (An allowed item is a root of what is
            // used, so nothing else turns unused.)
            kept.sort_unstable();
            kept.dedup_by_key(|kept| (kept.0, kept.1));
            let mut done = pruned.clone();
            for (first, lint, name) in kept {
                edits.push(lexed.allow_at(first, lint));
                let what = if lint == "unused_imports" { "the import " } else { "" };
                done.allowed.push(format!("{what}`{name}` (for other targets)"));
            }
            let fallback = (text.edit(edits), done);
            let candidates = if impls_tried { Vec::new() } else { lexed.impl_candidates(from)? };
            impls_tried = true;
            if candidates.is_empty() {
                return Ok(fallback);
            }
            // Then without the impls that may be unused, and on with what only they used.
            let back = vec![false; candidates.len()];
            let tried = ImplTrial { before: text.clone(), fallback, candidates, back, trials: 1 };
            (previous, previous_pruned) = (text.clone(), pruned_before);
            text = tidy(&text.edit(tried.cuts()), from)?;
            trial = Some(tried);
            continue;
        }
        (previous, previous_pruned) = (text.clone(), pruned_before);
        text = without_leftovers(tidy(&text.edit(edits), from)?, from, &imported, &mut pruned)?;
    }
    Err("pruning does not converge".to_string())
}

/// The library tried without some of its impls.
struct ImplTrial {
    /// The text with them all, pruned.
    before: Mapped,
    /// What pruning gives if they all stay.
    fallback: (Mapped, Pruned),
    candidates: Vec<Candidate>,
    /// Which candidates are back, needed.
    back: Vec<bool>,
    /// How many times the library was type-checked without some.
    trials: usize,
}

impl ImplTrial {
    /// The edits that cut the candidates not back from `before`.
    fn cuts(&self) -> Vec<Edit> {
        let cut = self.candidates.iter().zip(&self.back).filter(|(_, &back)| !back);
        cut.map(|(candidate, _)| candidate.cut.clone()).collect()
    }
}

impl Lexed<'_> {
    /// The edits that take away the item whose keyword is at `kw` and whose name, which rustc
    /// reports unused, is at `k`: a type with its `impl` blocks.
    fn unused_item_edits(&self, k: usize, kw: usize, pruned: &mut Pruned) -> Result<Vec<Edit>, String> {
        let first = self.item_start(kw)?;
        let last = self.item_end(first)?.ok_or_else(|| self.error(kw, "an unused item that never ends"))?;
        let mut edits = vec![self.cut(first, last)];
        pruned.removed += 1;
        if matches!(self.text(kw), "struct" | "enum" | "union" | "trait" | "type") {
            // A trait's impls anywhere; a type's in its module (others may reuse its name), or
            // anywhere if no other type has its name (its impls in the modules that import it).
            let name = self.text(k);
            let anywhere = self.text(kw) == "trait" || self.types_named(name) == 1;
            let (from, to) = if anywhere { (0, self.code.len()) } else { self.module_around(kw)? };
            for (first, kw, open, last) in self.impls()? {
                if from < first && first < to && (kw..open).any(|j| self.text(j) == name) {
                    edits.push(self.cut(first, last));
                }
            }
        } else if let Some(trait_name) = self.trait_around(first)? {
            // A trait's method (or constant, or type): rustc reports only its declaration, and an
            // impl that still defines it would not compile; it goes from every impl of the trait.
            let name = self.text(k);
            for (_, kw, open, last) in self.impls()? {
                let names = |word: &str| (kw..open).any(|j| self.text(j) == word);
                if names(trait_name) && names("for") {
                    if let Some((item_first, item_last)) = self.associated_item(open, last, name)? {
                        edits.push(self.cut(item_first, item_last));
                    }
                }
            }
        }
        Ok(edits)
    }

    /// How many types (and traits) the text defines under `name`, in any module.
    fn types_named(&self, name: &str) -> usize {
        let defines = |k: usize| matches!(self.text(k), "struct" | "enum" | "union" | "type" | "trait");
        (1..self.code.len()).filter(|&k| self.text(k) == name && defines(k - 1)).count()
    }

    /// The name of the trait whose body holds the item starting at code index `first`, if one does.
    fn trait_around(&self, first: usize) -> Result<Option<&str>, String> {
        // Back to the brace that opens the block around the item.
        let mut j = first;
        let open = loop {
            if j == 0 {
                return Ok(None);
            }
            j -= 1;
            match self.text(j) {
                ")" | "]" | "}" => j = self.matching_back(j)?,
                "{" => break j,
                "(" | "[" => return Ok(None),
                _ => {}
            }
        };
        let header = self.item_start(open)?;
        Ok((header..open).find(|&j| self.text(j) == "trait").map(|j| self.text(j + 1)))
    }

    /// The first and last code indices of the item named `name` (a `fn`, `const` or `type`) right
    /// in the body of the `impl` whose braces are at `open` and `last`, if it has one.
    fn associated_item(
        &self,
        open: usize,
        last: usize,
        name: &str,
    ) -> Result<Option<(usize, usize)>, String> {
        let mut j = open + 1;
        while j < last {
            match self.text(j) {
                "(" | "[" | "{" => j = self.matching(j)?,
                "fn" | "const" | "type" if self.text(j + 1) == name => {
                    let first = self.item_start(j)?;
                    let end =
                        self.item_end(first)?.ok_or_else(|| self.error(j, "an item that never ends"))?;
                    return Ok(Some((first, end)));
                }
                _ => {}
            }
            j += 1;
        }
        Ok(None)
    }

    /// An `#[allow(dead_code)]` on the field or variant named at code index `k`.
    fn allow_dead_code(&self, k: usize, pruned: &mut Pruned) -> Result<Vec<Edit>, String> {
        let mut first = k;
        while first > 0 && matches!(self.text(first - 1), "pub" | ")") {
            first = if self.text(first - 1) == ")" { self.matching_back(first - 1)? } else { first - 1 };
        }
        pruned.allowed.push(format!("`{}`", self.text(k)));
        Ok(vec![self.allow_at(first, "dead_code")])
    }

    /// `#[allow(lint)]` put before code index `first` (on its own line if `first` starts one).
    fn allow_at(&self, first: usize, lint: &str) -> Edit {
        let start = self.token(first).start;
        let line_start = self.src[..start].rfind('\n').map_or(0, |i| i + 1);
        let indent = &self.src[line_start..start];
        let attribute = if indent.trim().is_empty() {
            format!("#[allow({lint})]\n{indent}")
        } else {
            format!("#[allow({lint})] ")
        };
        (start, start, attribute)
    }
}

#[cfg(test)]
mod tests {
    use super::super::assemble::Options;
    use super::super::rustc::rustc_diagnostics;
    use super::super::testing::text;
    use super::*;

    /// `src` pruned whole by the rustc on the path, for this machine.
    fn prune_text(src: &str) -> Result<(String, Pruned), String> {
        let rustc = Options::default().rustc;
        let (pruned, report) =
            prune(&rustc, &Config::host(&rustc)?, &Mapped::inserted(src), 0, &Files::default())?;
        Ok((pruned.text, report))
    }

    /// Counts the rustc runs, through a script in front of the rustc on the path. Round 1 cuts
    /// `dead_user` and `inner::dead`; `inner`, left empty, goes with them, found in the text;
    /// round 2 finds nothing more. Three runs before empty containers went without one.
    #[cfg(unix)]
    #[test]
    fn a_module_left_empty_goes_without_a_rustc_run() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("graph_games_prune_runs_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (runs, wrapper) = (dir.join("runs"), dir.join("rustc"));
        let rustc = Options::default().rustc;
        let script = format!("#!/bin/sh\necho run >> '{}'\nexec '{rustc}' \"$@\"\n", runs.display());
        std::fs::write(&wrapper, script).unwrap();
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
        let src = text(&[
            "fn main() {",
            "    a::run();",
            "}",
            "",
            "mod a {",
            "    pub fn run() {}",
            "",
            "    pub fn dead_user() {",
            "        inner::dead();",
            "    }",
            "",
            "    pub mod inner {",
            "        pub fn dead() {}",
            "    }",
            "}",
        ]);
        let host = Config::host(&rustc).unwrap();
        let pruned = prune(wrapper.to_str().unwrap(), &host, &Mapped::inserted(&src), 0, &Files::default());
        let done = std::fs::read_to_string(&runs).unwrap_or_default().lines().count();
        let _ = std::fs::remove_dir_all(&dir);
        let expected =
            text(&["fn main() {", "    a::run();", "}", "", "mod a {", "    pub fn run() {}", "}"]);
        assert_eq!(pruned.unwrap().0.text, expected);
        assert_eq!(done, 2, "rustc runs");
    }

    /// Runs the rustc on the path. `b` is unused: its `Board` goes with its `impl` but not `a`'s;
    /// its trait with the impls its macro writes, then the macro, empty, with its calls; `a`'s
    /// import of what went no longer resolves and goes; the emptied modules go, deepest first.
    #[test]
    fn pruning_follows_cuts_through_imports_modules_and_macros() {
        let main = "fn main() {\n    a::run();\n}\n\nmod a {\n";
        let import = "    use crate::b::{helper, Counter};\n\n";
        let board = text(&[
            "    pub struct Board;",
            "",
            "    impl Board {",
            "        pub fn new() -> Board {",
            "            Board",
            "        }",
            "    }",
            "",
        ]);
        let a = format!("{board}    pub fn run() {{\n        let _board = Board::new();\n    }}\n");
        let unused = "\n    pub fn unused() -> u8 {\n        helper(Counter::ONE)\n    }\n";
        let b = text(&[
            "    pub trait Counter {",
            "        const ONE: Self;",
            "    }",
            "",
            "    macro_rules! counter {",
            "        ($t:ty) => {",
            "            impl Counter for $t {",
            "                const ONE: $t = 1;",
            "            }",
            "        };",
            "    }",
            "    counter!(u8);",
            "    counter!(u16);",
            "",
            "    pub fn helper(x: u8) -> u8 {",
            "        x",
            "    }",
            "",
            "    pub mod inner {",
            "        pub mod deeper {",
            "            pub fn f() {}",
            "        }",
            "    }",
            "}",
        ]);
        let src = format!("{main}{import}{a}{unused}}}\n\nmod b {{\n{board}{b}");
        let (pruned, report) = prune_text(&src).unwrap();
        assert_eq!(pruned, format!("{main}{a}}}\n"));
        assert!(report.removed >= 6, "{report:?}");
    }

    /// Runs the rustc on the path. An unused type goes with its `impl` blocks in the modules that
    /// import it (its name being its own), and their imports with it.
    #[test]
    fn an_unused_type_goes_with_its_impls_in_other_modules() {
        let main = "fn main() {\n    a::run();\n}\n\nmod a {\n    pub fn run() {}\n}\n";
        let rest = text(&[
            "",
            "mod table {",
            "    pub struct Table(pub u8);",
            "}",
            "",
            "mod sums {",
            "    use super::table::Table;",
            "",
            "    impl Table {",
            "        pub fn double(&self) -> u8 {",
            "            2 * self.0",
            "        }",
            "    }",
            "}",
        ]);
        let (pruned, _) = prune_text(&format!("{main}{rest}")).unwrap();
        assert_eq!(pruned, main);
    }

    /// Runs the rustc on the path. A trait's unused method goes from the trait and from the impls
    /// its macro writes (else they would define a method the trait no longer has); the used one
    /// stays.
    #[test]
    fn an_unused_trait_method_goes_from_its_impls_too() {
        let src = text(&[
            "fn main() {",
            "    println!(\"{}\", m::twice(3u8));",
            "}",
            "",
            "mod m {",
            "    trait Counter: Copy {",
            "        fn double(self) -> Self;",
            "        /// Unused.",
            "        fn is_zero(self) -> bool;",
            "    }",
            "",
            "    macro_rules! counter {",
            "        ($t:ty) => {",
            "            impl Counter for $t {",
            "                fn double(self) -> $t {",
            "                    self * 2",
            "                }",
            "                fn is_zero(self) -> bool {",
            "                    self == 0",
            "                }",
            "            }",
            "        };",
            "    }",
            "    counter!(u8);",
            "",
            "    pub fn twice<C: Counter>(c: C) -> C {",
            "        c.double()",
            "    }",
            "}",
        ]);
        let (pruned, report) = prune_text(&src).unwrap();
        assert!(!pruned.contains("is_zero") && pruned.contains("self * 2"), "{pruned}");
        assert!(report.allowed.is_empty(), "{report:?}");
    }

    /// The output of `src` compiled (edition 2021) and run.
    fn output_of(src: &str, name: &str) -> String {
        let dir =
            std::env::temp_dir().join(format!("graph_games_bundle_impls_{}_{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("main.rs"), src).unwrap();
        let rustc = Options::default().rustc;
        let built = std::process::Command::new(&rustc)
            .args(["--edition", "2021", "-o"])
            .arg(dir.join("main"))
            .arg(dir.join("main.rs"))
            .status()
            .unwrap();
        assert!(built.success(), "{src}");
        let run = std::process::Command::new(dir.join("main")).output().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        String::from_utf8(run.stdout).unwrap()
    }

    /// Runs the rustc on the path. Impls of std traits nothing uses go, and then what only they
    /// called; those used stay: by the user's code (`{}`, `+`), by the library (`{}`, `?`), and
    /// through a bound (`Ord` of a `BTreeMap`'s key, with the `PartialOrd` it is written with).
    /// The program prints the same.
    #[test]
    fn unused_impls_go_with_what_only_they_use() {
        let src = text(&[
            "use m::{Big, Key};",
            "use std::collections::BTreeMap;",
            "",
            "fn main() {",
            "    let mut seen = BTreeMap::new();",
            "    seen.insert(Key(2), ());",
            "    println!(\"{} {}\", Big::new(2) + Big::new(3), seen.len());",
            "    println!(\"{} {:?}\", m::describe(Key(1)), m::number(\"7\").ok());",
            "}",
            "",
            "mod m {",
            "    use std::cmp::Ordering;",
            "    use std::fmt;",
            "    use std::ops::Add;",
            "    use std::str::FromStr;",
            "",
            "    pub struct Big(u64);",
            "",
            "    impl Big {",
            "        pub fn new(x: u64) -> Big {",
            "            Big(x)",
            "        }",
            "",
            "        fn parse(s: &str) -> Option<Big> {",
            "            s.parse().ok().map(Big)",
            "        }",
            "",
            "        fn digits(&self) -> String {",
            "            self.0.to_string()",
            "        }",
            "    }",
            "",
            "    impl Add for Big {",
            "        type Output = Big;",
            "        fn add(self, other: Big) -> Big {",
            "            Big(self.0 + other.0)",
            "        }",
            "    }",
            "",
            "    impl fmt::Display for Big {",
            "        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {",
            "            write!(f, \"{}\", self.0)",
            "        }",
            "    }",
            "",
            "    impl fmt::Debug for Big {",
            "        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {",
            "            write!(f, \"Big({})\", self.digits())",
            "        }",
            "    }",
            "",
            "    impl FromStr for Big {",
            "        type Err = ();",
            "        fn from_str(s: &str) -> Result<Big, ()> {",
            "            Big::parse(s).ok_or(())",
            "        }",
            "    }",
            "",
            "    #[derive(PartialEq, Eq)]",
            "    pub struct Key(pub u8);",
            "",
            "    impl PartialOrd for Key {",
            "        fn partial_cmp(&self, other: &Key) -> Option<Ordering> {",
            "            Some(self.cmp(other))",
            "        }",
            "    }",
            "",
            "    impl Ord for Key {",
            "        fn cmp(&self, other: &Key) -> Ordering {",
            "            self.0.cmp(&other.0)",
            "        }",
            "    }",
            "",
            "    impl fmt::Display for Key {",
            "        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {",
            "            write!(f, \"key {}\", self.0)",
            "        }",
            "    }",
            "",
            "    impl Default for Key {",
            "        fn default() -> Key {",
            "            Key(0)",
            "        }",
            "    }",
            "",
            "    pub struct Failure;",
            "",
            "    impl From<std::num::ParseIntError> for Failure {",
            "        fn from(_: std::num::ParseIntError) -> Failure {",
            "            Failure",
            "        }",
            "    }",
            "",
            "    pub fn describe(key: Key) -> String {",
            "        format!(\"{}\", key)",
            "    }",
            "",
            "    pub fn number(s: &str) -> Result<u8, Failure> {",
            "        Ok(s.parse::<u8>()?)",
            "    }",
            "}",
        ]);
        let (pruned, report) = prune_text(&src).unwrap();
        for gone in ["Debug for Big", "FromStr", "fn parse", "fn digits", "Default"] {
            assert!(!pruned.contains(gone), "{gone}: {pruned}");
        }
        for kept in ["Add for Big", "Display for Big", "PartialOrd for Key", "Ord for Key", "Display for Key"]
        {
            assert!(pruned.contains(kept), "{kept}: {pruned}");
        }
        assert!(pruned.contains("From<std::num::ParseIntError> for Failure"), "{pruned}");
        assert!(report.removed >= 6, "{report:?}");
        assert!(rustc_diagnostics(&Options::default().rustc, &pruned, "2018").unwrap().is_empty());
        assert_eq!(output_of(&pruned, "pruned"), "5 1\nkey 1 Some(7)\n");
        assert_eq!(output_of(&src, "source"), "5 1\nkey 1 Some(7)\n");
    }

    /// Runs the rustc on the path. An impl used only on other targets stays; one unused
    /// everywhere goes with its `#[cfg]`.
    #[test]
    fn an_impl_used_only_on_other_targets_stays() {
        let src = text(&[
            "fn main() {",
            "    println!(\"{}\", m::shown(&m::Shown));",
            "}",
            "",
            "mod m {",
            "    use std::fmt;",
            "",
            "    pub struct Shown;",
            "",
            "    impl fmt::Display for Shown {",
            "        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {",
            "            write!(f, \"shown\")",
            "        }",
            "    }",
            "",
            "    #[cfg(unix)]",
            "    impl fmt::Debug for Shown {",
            "        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {",
            "            write!(f, \"debug\")",
            "        }",
            "    }",
            "",
            "    #[cfg(unix)]",
            "    pub fn shown(_: &Shown) -> String {",
            "        String::new()",
            "    }",
            "",
            "    #[cfg(not(unix))]",
            "    pub fn shown(x: &Shown) -> String {",
            "        x.to_string()",
            "    }",
            "}",
        ]);
        let (pruned, _) = prune_text(&src).unwrap();
        assert!(pruned.contains("impl fmt::Display for Shown"), "{pruned}");
        assert!(!pruned.contains("Debug") && !pruned.contains("#[cfg(unix)]\n    impl"), "{pruned}");
    }

    /// Runs the rustc on the path (the one `make bundle` uses).
    #[test]
    fn pruning_removes_what_rustc_finds_unused() {
        let src = "use m::{used, Used};\n\nfn main() {\n    used(Used::new().0);\n}\n\nmod m {\n\
                   use std::fmt::{Debug, Display};\nuse std::io::Read;\n\n\
                   pub struct Used(pub u8);\n\nimpl Used {\n    pub fn new() -> Used {\n        Used(helper())\n    }\n\n    \
                   /// Unused.\n    pub fn unused(&self) -> u8 {\n        self.0\n    }\n}\n\n\
                   fn helper() -> u8 {\n        only_from_unused() - 1\n}\n\n\
                   fn only_from_unused() -> u8 {\n    2\n}\n\n\
                   #[derive(Clone)]\npub struct Gone {\n    field: u8,\n}\n\n\
                   impl Gone {\n    pub fn get(&self) -> u8 {\n        self.field\n    }\n}\n\n\
                   impl Display for Gone {\n    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {\n        \
                   write!(f, \"{}\", self.field)\n    }\n}\n\n\
                   pub enum Kind {\n    Built,\n    NeverBuilt,\n}\n\n\
                   pub fn used(x: u8) {\n    let k = if x > 0 { Kind::Built } else { Kind::Built };\n    \
                   if let Kind::NeverBuilt = k {\n        println!(\"never\");\n    }\n}\n\
                   pub fn print(x: impl Debug) {\n    println!(\"{:?}\", x);\n}\n\n\
                   macro_rules! unused {\n    () => {};\n}\n}\n";
        let (pruned, report) = prune_text(src).unwrap();
        assert_eq!(
            pruned,
            "use m::{used, Used};\n\nfn main() {\n    used(Used::new().0);\n}\n\nmod m {\n\
             pub struct Used(pub u8);\n\nimpl Used {\n    pub fn new() -> Used {\n        Used(helper())\n    }\n}\n\n\
             fn helper() -> u8 {\n        only_from_unused() - 1\n}\n\n\
             fn only_from_unused() -> u8 {\n    2\n}\n\n\
             pub enum Kind {\n    Built,\n    #[allow(dead_code)]\n    NeverBuilt,\n}\n\n\
             pub fn used(x: u8) {\n    let k = if x > 0 { Kind::Built } else { Kind::Built };\n    \
             if let Kind::NeverBuilt = k {\n        println!(\"never\");\n    }\n}\n}\n"
        );
        assert_eq!(report.allowed, ["`NeverBuilt`"]);
        assert!(report.removed >= 5, "{report:?}");
        assert!(rustc_diagnostics(&Options::default().rustc, &pruned, "2018").unwrap().is_empty());
        assert!(prune_text("fn main() { undefined(); }").unwrap_err().contains("does not compile"));
    }
}
