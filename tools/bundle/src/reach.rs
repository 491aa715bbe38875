//! Before pruning: the library's modules that no kept code names are left out of the first
//! candidate, so that the first rounds type-check a fraction of the library rather than all of
//! it (a judge program uses a few of its modules).
//!
//! Invariant: pruning the smaller candidate gives the same library, byte for byte, as pruning
//! the whole one, or the smaller one does not compile and pruning starts again from the whole one
//! (`prune::prune`). A module is kept when a path of kept code names it (the user's code, the
//! library root's, the modules kept; macro bodies and every `cfg` at once, so the host's code and
//! the foreign copy's), or when kept code names a `macro_rules!` it defines, iterated to a
//! fixpoint, with its parents (`Paths` reads the paths, `#[path]` never gets here: the read stage
//! refuses it). Why that is exact:
//! - an item is reached by its path, whose every module is named on the way (an import, a glob
//!   import, a `pub use` re-export is such a path too, in the code that holds it), by a method
//!   call on a value, or by an impl rustc picks by type. A module none of whose items kept code
//!   reaches is dead code to rustc from the first round on: pruning the whole library cuts its
//!   items in the first round, its imports and then the module, left empty, in the next, before
//!   nothing else is left to cut, and the rest goes the same in both (a dead item makes nothing
//!   live; each round cuts what is unused whatever else is there);
//! - a path read wrong (naming a module through an alias this reading does not follow), a
//!   macro's textual scope: a name the candidate then lacks, which fails to compile, so the
//!   fallback;
//! - what is needed, or kept, without a name, keeps its module: an `impl` whose header names a
//!   type or trait declared in kept code, itself or by a macro's call (`unit!(T)`, the body
//!   holding `struct $name`) (an impl a bound needs, or a `Drop`, `Clone` or `Display` pruning
//!   keeps or tries away: the impls tried must be the same; an inherent impl too, since
//!   without it a call of its method may still compile, as a trait's method of the same name,
//!   and mean another function), or an alias declared anywhere (`type X = ..`, `use .. as X`, a
//!   macro's call that declares one, which may stand for a kept type), unless its trait or type is the module's own (declared at
//!   its top level, not in a function's body: it then goes with them); an impl whose trait or
//!   type a macro call writes (`impl kept!()`); an impl a `macro_rules!` writes, in every module
//!   that calls the macro, unless for that module's own trait or type, written bare in the
//!   macro's body or passed as the call's argument that the rule's matcher binds, whole (`$t`,
//!   not `super::$t`: `judge_problem!(Judge, ..)`; see the `reach_read` module);
//! - and what rustc never reports unused: an item compiled on no target pruning checks (neither
//!   here nor in the foreign copy: `#[cfg(windows)]`) at the module's top level, or the module
//!   itself; a macro called where an item may stand at its top level, unless the library defines
//!   it, its body writes nothing of this list and calls no macro that writes an impl
//!   (`thread_local!`, a static assertion's `const _`); an item named `_..`, an `extern` block or
//!   function, an attribute naming `macro_export`, `global_allocator`, `used`, `no_mangle`,
//!   `export_name`, `link_section` or a lint that hides unused code (`dead_code`, `unused`,
//!   `unused_imports`, `unused_macros`, `warnings`), on the module itself or inside it
//!   (`#![allow(dead_code)]`) keeping its children too.
//!
//! A module that does not compile at all but that no kept code names is left out, where the whole
//! library's pruning would fail: the bundle never holds it either way.

use super::cfg::{compiled, Config};
use super::inline::LIBRARY;
use super::items::ITEM_KEYWORDS;
use super::lex::{Kind, Lexed};
use super::mapped::Edit;
use super::reach_read::{bare, call_arguments, impl_at, is_impl_item, library_modules, segment_before};
use super::reach_read::{Context, Impl, Module};
use std::collections::BTreeSet;

/// Attribute words that keep their module: items rustc never reports unused, or reports no more.
const KEEPING_ATTRIBUTES: [&str; 11] = [
    "macro_export",
    "global_allocator",
    "used",
    "no_mangle",
    "export_name",
    "link_section",
    "dead_code",
    "unused",
    "unused_imports",
    "unused_macros",
    "warnings",
];

/// The keywords that declare a type or a trait (a name an `impl` header may name).
const TYPE_KEYWORDS: [&str; 4] = ["struct", "enum", "union", "trait"];

/// What the code of one part (a module's own, less its child modules; or the code always kept)
/// says, for the fixpoint. Identifiers are taken without `r#`.
#[derive(Default)]
struct Part<'a> {
    /// Every identifier in it.
    words: BTreeSet<&'a str>,
    /// The code indices of its paths' segments that may name a module (followed by `::`, or last
    /// in a `use` or a `pub(in ..)`).
    segments: Vec<usize>,
    /// The modules its paths name (see [`Paths`]).
    named: BTreeSet<usize>,
    /// The names of the `macro_rules!` it defines.
    macros: BTreeSet<&'a str>,
    /// The types and traits it declares.
    types: BTreeSet<&'a str>,
    /// Those it declares at its top level (not in a function's body, nor in a macro's).
    own: BTreeSet<&'a str>,
    /// Its macro calls: the macro's name and the call's arguments (see [`call_arguments`]).
    calls: Vec<(&'a str, Vec<Option<&'a str>>)>,
    /// The identifiers in each call (the macro's name, and them).
    call_words: Vec<(&'a str, Vec<&'a str>)>,
    /// The macros it defines whose body declares a type named by an argument (`struct $name`).
    type_macros: BTreeSet<&'a str>,
    /// The impls its macros write, each with its macro's name.
    written: Vec<(&'a str, Impl<'a>)>,
    /// The macros it calls at its top level, where an item may stand.
    top_calls: Vec<&'a str>,
    /// The macros it defines whose body writes what rustc may never report unused (see
    /// [`read_token`]), and the macros their bodies call (macro, called, where an item may stand).
    always_macros: BTreeSet<&'a str>,
    body_calls: Vec<(&'a str, &'a str, bool)>,
    /// The aliases it declares (`type X`, `use .. as X`).
    aliases: BTreeSet<&'a str>,
    /// Its impls.
    impls: Vec<Impl<'a>>,
    /// Whether it holds what rustc never reports unused (see the module doc).
    always: bool,
}

/// The cuts that leave out the library's modules no kept code names (see the module doc), the
/// library being the code from byte `from` on (its first module the library's root, kept), each
/// with the module's path; empty if every module may be named. `host`: the `cfg` options pruning
/// type-checks with (and their [`Config::foreign`] copy's).
pub fn unnamed_modules(src: &str, from: usize, host: &Config) -> Result<Vec<(Edit, String)>, String> {
    let lexed = Lexed::new(src)?;
    let modules = library_modules(&lexed, from)?;
    if modules.len() < 2 {
        return Ok(Vec::new());
    }
    // Each code token's part: `None` for the code always kept (before the library, and the
    // root's), `Some(i)` for module `i`'s own code; a module's head (attributes, `mod`, its name)
    // belongs to no part: it declares the module, and names nothing.
    let mut owner: Vec<Option<Option<usize>>> = vec![Some(None); lexed.code.len()];
    for (i, module) in modules.iter().enumerate().skip(1) {
        owner[module.first..=module.open].iter_mut().for_each(|o| *o = None);
        owner[module.open + 1..=module.close].iter_mut().for_each(|o| *o = Some(Some(i)));
    }
    let (mut kept_part, mut parts) = (Part::default(), Vec::new());
    parts.resize_with(modules.len(), Part::default);
    let context = Context::of(&lexed)?;
    for (k, &owned) in owner.iter().enumerate() {
        let part = match owned {
            None => continue,
            Some(None) => &mut kept_part,
            Some(Some(i)) => &mut parts[i],
        };
        let top = owned.flatten().map_or(false, |i| context.depth[k] == context.depth[modules[i].open] + 1);
        read_token(&lexed, k, &context, top, part)?;
    }
    // Code compiled on no target pruning checks is never reported unused: it keeps its module.
    let (absent_on_host, absent_on_foreign) =
        (lexed.absent_ranges(host)?, lexed.absent_ranges(&host.foreign())?);
    let nowhere: Vec<usize> = absent_on_host
        .iter()
        .flat_map(|&(a, b)| a..=b)
        .filter(|&k| !compiled(&absent_on_foreign, k))
        .collect();
    // A lint that hides unused code, on a module's head or inside it (`#![allow(dead_code)]`),
    // hides its children's too.
    let mut quiet = vec![false; modules.len()];
    for (i, m) in modules.iter().enumerate().skip(1) {
        // Its head or an item at its top level (a statement in a function goes with the function).
        let top = |k: usize| k <= m.open || k <= m.close && context.depth[k] == context.depth[m.open] + 1;
        let lint = |k: usize| context.attribute[k] && KEEPING_ATTRIBUTES.contains(&bare(lexed.text(k)));
        let inner = |k: usize| lexed.text(k) == "#" && lexed.text(k + 1) == "!" && top(k);
        let inner_lint = (m.open..m.close)
            .filter(|&k| inner(k))
            .any(|k| (k..lexed.matching(k + 2).unwrap_or(k)).any(lint));
        quiet[i] = (m.first..m.open).any(lint) || inner_lint || m.parent.map_or(false, |p| quiet[p]);
        parts[i].always |= quiet[i] || nowhere.iter().any(|&k| m.first <= k && top(k));
    }
    let mut paths =
        Paths { lexed: &lexed, modules: &modules, context: &context, globs: Vec::new(), aliases: Vec::new() };
    paths.globs.resize_with(modules.len(), Vec::new);
    for (i, part) in parts.iter().enumerate() {
        paths.read_imports(Some(i), &part.segments);
    }
    paths.read_imports(None, &kept_part.segments);
    for (i, part) in parts.iter_mut().enumerate() {
        part.named = part.segments.iter().flat_map(|&k| paths.resolve(Some(i), k)).collect();
    }
    kept_part.named = kept_part.segments.iter().flat_map(|&k| paths.resolve(None, k)).collect();
    let mut aliases: BTreeSet<&str> =
        parts.iter().chain([&kept_part]).flat_map(|p| p.aliases.iter().copied()).collect();
    let written: Vec<&(&str, Impl)> = parts.iter().chain([&kept_part]).flat_map(|p| &p.written).collect();
    // A macro the library does not define (`thread_local!`), or one whose body writes what may be
    // never unused, or calls such a macro or one that writes an impl, keeps the module that calls
    // it at its top level.
    let all = || parts.iter().chain([&kept_part]);
    let library_macros: BTreeSet<&str> = all().flat_map(|p| p.macros.iter().copied()).collect();
    let mut always_macros: BTreeSet<&str> = all().flat_map(|p| p.always_macros.iter().copied()).collect();
    loop {
        let unknown = |called: &&str| !library_macros.contains(called) || always_macros.contains(called);
        let more: Vec<&str> = all()
            .flat_map(|p| &p.body_calls)
            .filter(|&&(name, called, item)| {
                let writes = written.iter().any(|(m, _)| *m == called);
                !always_macros.contains(name) && (item && unknown(&called) || writes)
            })
            .map(|&(name, _, _)| name)
            .collect();
        if more.is_empty() {
            break;
        }
        always_macros.extend(more);
    }
    // The types a part declares, those its calls of macros that declare types name included (and
    // those anywhere may be aliases).
    let type_macros: BTreeSet<&str> = all().flat_map(|p| p.type_macros.iter().copied()).collect();
    fn by_macros<'a>(p: &Part<'a>, type_macros: &BTreeSet<&str>) -> Vec<&'a str> {
        let calls = p.call_words.iter().filter(|(name, _)| type_macros.contains(name));
        calls.flat_map(|(_, words)| words.iter().copied()).collect()
    }
    aliases.extend(all().flat_map(|p| by_macros(p, &type_macros)));
    fn declared_in<'a>(p: &Part<'a>, type_macros: &BTreeSet<&str>) -> Vec<&'a str> {
        p.types.iter().copied().chain(by_macros(p, type_macros)).collect()
    }
    let declared = |p| declared_in(p, &type_macros);
    let mut kept = vec![false; modules.len()];
    kept[0] = true;
    let (mut words, mut named, mut types) = (
        kept_part.words.clone(),
        kept_part.named.clone(),
        declared(&kept_part).into_iter().collect::<BTreeSet<_>>(),
    );
    loop {
        let mut more = false;
        for i in 1..modules.len() {
            let part = &parts[i];
            let called = part.macros.iter().any(|m| words.contains(m));
            // An impl goes with its trait or its type if the module declares either (the bare
            // name means that one there); else it may be for what is kept.
            let own = |name: Option<&str>| name.map_or(false, |name| part.own.contains(name));
            let implemented = part.impls.iter().any(|i| {
                i.macro_call
                    || !own(i.trait_name)
                        && !own(i.type_name)
                        && i.words.iter().any(|w| types.contains(w) || aliases.contains(w))
            });
            // The impls its macro calls write, unless for its own trait or type, may be for anything.
            let writes = part.calls.iter().any(|(name, arguments)| {
                let own_argument =
                    |i: &Impl| i.arguments.iter().any(|&p| own(arguments.get(p).copied().flatten()));
                let by = written.iter().filter(|(m, _)| m == name);
                by.into_iter().any(|(_, i)| !(own(i.trait_name) || own(i.type_name) || own_argument(i)))
            });
            let unknown = |called: &&str| !library_macros.contains(called) || always_macros.contains(called);
            let always = part.always || part.top_calls.iter().any(unknown);
            if kept[i] || !(always || named.contains(&i) || called || implemented || writes) {
                continue;
            }
            // The module and its parents.
            let mut at = Some(i);
            while let Some(j) = at.filter(|&j| !kept[j]) {
                kept[j] = true;
                words.extend(parts[j].words.iter().copied());
                named.extend(parts[j].named.iter().copied());
                types.extend(declared(&parts[j]));
                at = modules[j].parent;
            }
            more = true;
        }
        if !more {
            break;
        }
    }
    // The outermost modules left out, each cut whole.
    let left_out = (1..modules.len()).filter(|&i| !kept[i] && modules[i].parent.map_or(true, |p| kept[p]));
    Ok(left_out.map(|i| (lexed.cut(modules[i].first, modules[i].close), path(&modules, i))).collect())
}

/// The path of module `i` below the library's root (`partizan::forms`).
fn path(modules: &[Module], i: usize) -> String {
    let mut names = Vec::new();
    let mut at = Some(i);
    while let Some(j) = at.filter(|&j| j > 0) {
        names.push(modules[j].name);
        at = modules[j].parent;
    }
    names.reverse();
    names.join("::")
}

/// What code token `k` adds to `part` (`top`: at the top level of the module's code).
fn read_token<'a>(
    lexed: &Lexed<'a>,
    k: usize,
    context: &Context,
    top: bool,
    part: &mut Part<'a>,
) -> Result<(), String> {
    if lexed.token(k).kind != Kind::Ident {
        return Ok(());
    }
    let word = bare(lexed.text(k));
    part.words.insert(word);
    if context.use_or_visibility[k] || lexed.text(k + 1) == "::" {
        part.segments.push(k);
    }
    let before = if k > 0 { lexed.text(k - 1) } else { "" };
    let static_mut = before == "mut" && k >= 2 && lexed.text(k - 2) == "static";
    let never_unused = context.attribute[k] && KEEPING_ATTRIBUTES.contains(&word)
        || word == "extern"
        || word.starts_with('_') && (ITEM_KEYWORDS.contains(&before) || static_mut);
    part.always |= never_unused;
    // A macro's body: what it writes where it is called may be compiled nowhere, or never unused.
    let macro_name = context.macro_body[k].map(|name| bare(lexed.text(name)));
    let cfg = context.attribute[k] && matches!(word, "cfg" | "cfg_attr");
    if let Some(name) = macro_name.filter(|_| never_unused || cfg) {
        part.always_macros.insert(name);
    }
    // A macro called where an item may stand (`thread_local! {..}` at a module's top level).
    let mut first = k;
    while first >= 2 && lexed.text(first - 1) == "::" && lexed.token(first - 2).kind == Kind::Ident {
        first -= 2;
    }
    let item_position = first == 0 || matches!(lexed.text(first - 1), ";" | "{" | "}" | "]");
    if lexed.text(k + 1) == "!" && word != "macro_rules" {
        match macro_name {
            Some(name) => part.body_calls.push((name, word, item_position)),
            None if top && item_position => part.top_calls.push(word),
            None => {}
        }
    }
    if k >= 2 && lexed.text(k - 2) == "macro_rules" && before == "!" {
        part.macros.insert(word);
    }
    let declares = |j: usize| TYPE_KEYWORDS.contains(&lexed.text(j)) || lexed.text(j) == "type";
    if let Some(name) = macro_name.filter(|_| before == "$" && k >= 2 && declares(k - 2)) {
        part.type_macros.insert(name);
    }
    if TYPE_KEYWORDS.contains(&before) {
        part.types.insert(word);
        if top {
            part.own.insert(word);
        }
    }
    if lexed.text(k + 1) == "!" && before != "macro_rules" && word != "macro_rules" {
        part.calls.push((word, call_arguments(lexed, k + 1)));
        let close = lexed.matching(k + 2).unwrap_or(k + 1);
        let idents = (k + 2..close).filter(|&j| lexed.token(j).kind == Kind::Ident);
        part.call_words.push((word, idents.map(|j| bare(lexed.text(j))).collect()));
    }
    // (`as` in a `use`, not a cast's.)
    if before == "type"
        || before == "as" && context.use_or_visibility[k] && lexed.use_item_around(k)?.is_some()
    {
        part.aliases.insert(word);
    }
    // An impl, of a trait or inherent: an inherent method left out may leave a call to a
    // trait's method of the same name compiling, and meaning another function.
    if word == "impl" && is_impl_item(lexed, k) {
        part.impls.push(impl_at(lexed, k));
        if let Some(name) = context.macro_body[k] {
            part.written.push((bare(lexed.text(name)), impl_at(lexed, k)));
        }
    }
    Ok(())
}

/// What the paths of the code name: a path is read from its start, `crate::graph_games` (or
/// `graph_games` in the user's code) being the library's root, `self` and `super` the module it
/// is in and its parent, and a bare first segment a child of that module, of a module it imports
/// with a glob (`use super::*`) or one such a module imports with a glob in turn (`pub use
/// y::*`, the root's too), or a module imported under another name (`use .. as x`); in the
/// user's code and in a macro's body (read where it is called), any module of that name. Each
/// segment after a module names its child of that name, if any. A path read wrong names too
/// little: the candidate does not compile, and pruning falls back on the whole library.
struct Paths<'a, 'b> {
    lexed: &'b Lexed<'a>,
    modules: &'b [Module<'a>],
    context: &'b Context,
    /// For each module, the modules it imports with a glob.
    globs: Vec<Vec<usize>>,
    /// The modules imported under another name, anywhere: (the name, the module).
    aliases: Vec<(&'a str, usize)>,
}

impl<'a> Paths<'a, '_> {
    /// The globs and the aliases among the `use` paths at `segments` of module `at` (`None`:
    /// the code always kept).
    fn read_imports(&mut self, at: Option<usize>, segments: &[usize]) {
        let lexed = self.lexed;
        for &k in segments.iter().filter(|&&k| self.context.use_or_visibility[k]) {
            if lexed.text(k + 1) == "::" && lexed.text(k + 2) == "*" {
                // The root's code (kept, past its `{`) imports for the root.
                if let Some(at) = at.or((k > self.modules[0].open).then_some(0)) {
                    let globbed = self.path(Some(at), k).1;
                    self.globs[at].extend(globbed);
                }
            }
            if lexed.text(k + 1) == "as" && lexed.token(k + 2).kind == Kind::Ident {
                let name = bare(lexed.text(k + 2));
                let imported = self.path(at, k).1;
                self.aliases.extend(imported.into_iter().map(|module| (name, module)));
            }
        }
    }

    /// The modules the path ending at segment `k`, in module `at` (`None`: the code always kept),
    /// names on its way.
    fn resolve(&self, at: Option<usize>, k: usize) -> Vec<usize> {
        self.path(at, k).0
    }

    /// The modules imported as `name`.
    fn aliased(&self, name: Option<&str>) -> Vec<usize> {
        self.aliases.iter().filter(|(alias, _)| Some(*alias) == name).map(|&(_, m)| m).collect()
    }

    /// The modules the path ending at segment `k`, in module `at` (`None`: the code always kept),
    /// names on its way, and those it names whole (if its last segment is a module).
    fn path(&self, at: Option<usize>, k: usize) -> (Vec<usize>, Vec<usize>) {
        let lexed = self.lexed;
        let in_use = self.context.use_or_visibility[k];
        let mut path = vec![k];
        while let Some(before) = segment_before(lexed, path[path.len() - 1], in_use) {
            if lexed.token(before).kind != Kind::Ident {
                return (Vec::new(), Vec::new()); // `Vec::<u8>::new`, `<T as X>::f`: not a module's
            }
            path.push(before);
        }
        path.reverse();
        let words: Vec<&str> = path.iter().map(|&j| bare(lexed.text(j))).collect();
        let children = |of: usize, name: &str| -> Vec<usize> {
            let found =
                self.modules.iter().enumerate().filter(|(_, m)| m.parent == Some(of) && m.name == name);
            found.map(|(i, _)| i).collect()
        };
        let everywhere = at.is_none() || self.context.macro_body[k].is_some();
        // Where the path starts: its first module(s), and its first segment after them.
        let (mut current, mut next): (Vec<usize>, usize) = match words[0] {
            "crate" if words.get(1) == Some(&LIBRARY) => (vec![0], 2),
            // The user's alias at the crate's root (`extern crate graph_games as gg;`).
            "crate" => (self.aliased(words.get(1).copied()), 2),
            LIBRARY => (vec![0], 1),
            "self" => (at.into_iter().collect(), 1),
            "super" => {
                let mut up = at;
                let mut n = 0;
                while words.get(n) == Some(&"super") {
                    up = up.and_then(|m| self.modules[m].parent);
                    n += 1;
                }
                (up.into_iter().collect(), n)
            }
            first => {
                let mut found: Vec<usize> = at.map_or(Vec::new(), |m| children(m, first));
                // The modules it imports with a glob, and those they do (`pub use ..::*`).
                let mut globbed: Vec<usize> = at.map_or(Vec::new(), |m| self.globs[m].clone());
                let mut g = 0;
                while g < globbed.len() {
                    let more: Vec<usize> =
                        self.globs[globbed[g]].iter().filter(|m| !globbed.contains(m)).copied().collect();
                    globbed.extend(more);
                    g += 1;
                }
                for glob in globbed {
                    found.extend(children(glob, first));
                }
                found.extend(self.aliased(Some(first)));
                if found.is_empty() && everywhere {
                    found = (1..self.modules.len()).filter(|&m| self.modules[m].name == first).collect();
                }
                (found, 1)
            }
        };
        let mut named = current.clone();
        while next < words.len() && !current.is_empty() {
            current = current.iter().flat_map(|&m| children(m, words[next])).collect();
            named.extend(current.iter().copied());
            next += 1;
        }
        (named, current)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::text;
    use super::*;

    /// This machine's `cfg` options.
    fn host() -> Config {
        Config::host(&super::super::assemble::Options::default().rustc).unwrap()
    }

    /// The candidate pruning starts from: `main`, then `library` as the bundle's module.
    fn candidate(main: &str, library: &[&str]) -> (String, usize) {
        let from = main.len();
        (format!("{main}#[warn(dead_code)]\nmod graph_games {{\n{}}}\n", text(library)), from)
    }

    /// The paths of the modules left out of `main` over `library`, sorted.
    fn left_out(main: &str, library: &[&str]) -> Vec<String> {
        let (src, from) = candidate(main, library);
        let mut names: Vec<String> =
            unnamed_modules(&src, from, &host()).unwrap().into_iter().map(|(_, n)| n).collect();
        names.sort();
        names
    }

    /// Oracle: the modules each library names, read by hand. A path names every module on its way,
    /// from the user's code or a kept module, however it starts (`crate::graph_games`, `self`,
    /// `super`, a child's bare name, a `use` group, a glob's module, an alias); a word that is
    /// not a path (`game`, `std::hash::Hash`) names nothing.
    #[test]
    fn modules_are_kept_by_the_paths_that_name_them() {
        let main = "use graph_games::a::{self, b::f};\nfn main() {\n    f(a::x());\n}\n";
        let library = [
            "pub mod a {",
            "    pub mod b {",
            "        use super::super::c::g;",
            "        pub fn f(_: u8) { g(); crate::graph_games::d::h(); }",
            "    }",
            "    pub fn x() -> u8 { let game = 1; self::inner::y(game) }",
            "    mod inner { pub fn y(x: u8) -> u8 { x } }",
            "}",
            "pub mod c { pub fn g() { use std::hash::Hash; } }",
            "pub mod d { pub fn h() { use self::e::*; i(); } pub mod e { pub fn i() {} } }",
            "pub mod game { pub fn unused() {} }",
            "pub mod hash { pub fn unused() {} }",
            "pub mod far { pub mod away { pub fn z() {} } }",
        ];
        assert_eq!(left_out(main, &library), ["far", "game", "hash"]);
        // A module named only by a module left out is left out too.
        let main = "fn main() {\n    graph_games::a::f();\n}\n";
        let library = [
            "pub mod a { pub fn f() {} }",
            "pub mod b { pub fn g() { super::c::h() } }",
            "pub mod c { pub fn h() {} }",
        ];
        assert_eq!(left_out(main, &library), ["b", "c"]);
        // Globs and aliases: `use super::*` reads a sibling by its bare name; `use .. as x` too.
        let main = "use graph_games::a;\nfn main() {\n    a::f();\n}\n";
        let library = [
            "pub mod a { use super::*; use crate::graph_games::c as see; pub fn f() { b::g(); see::h() } }",
            "pub mod b { pub fn g() {} }",
            "pub mod c { pub fn h() {} }",
            "pub mod d { pub fn i() {} }",
        ];
        assert_eq!(left_out(main, &library), ["d"]);
        // The user's `extern crate graph_games as gg;` (a `use .. as gg`), in the user's module.
        let main = "use crate::graph_games as gg;\nmod mine {\n    pub fn f() { crate::gg::a::f() }\n}\nfn main() { mine::f() }\n";
        let library = ["pub mod a { pub fn f() {} }", "pub mod b { pub fn g() {} }"];
        assert_eq!(left_out(main, &library), ["b"]);
    }

    /// A `pub use` re-export names the module it reads (in the module that holds it); the module
    /// of a macro that kept code calls is kept (its textual scope or `#[macro_use]`); code under
    /// any `cfg`, a target's or its negation, names as the rest (the foreign copy's code is the
    /// host's); a module named only in a macro's body is kept by whatever module the macro is in.
    #[test]
    fn re_exports_macros_and_cfgs_name_modules_too() {
        let main = "use graph_games::a::{f, Shown};\nfn main() {\n    f();\n    count!();\n}\n";
        let library = [
            "#[macro_use]",
            "mod macros { macro_rules! count { () => { $crate::graph_games::counted::one() }; } }",
            "pub mod counted { pub fn one() {} }",
            "pub mod a {",
            "    pub use self::inner::Shown;",
            "    mod inner { pub struct Shown; }",
            "    pub fn f() {",
            "        #[cfg(target_os = \"linux\")]",
            "        super::linux::g();",
            "        #[cfg(not(target_os = \"linux\"))]",
            "        super::elsewhere::g();",
            "    }",
            "}",
            "pub mod linux { pub fn g() {} }",
            "pub mod elsewhere { pub fn g() {} }",
            "pub mod unused { macro_rules! never { () => { $crate::graph_games::far::x() }; } }",
            "pub mod far { pub fn x() {} }",
        ];
        assert_eq!(left_out(main, &library), ["far", "unused"]);
    }

    /// What matters without its module being named keeps it: an impl of a trait for a kept type
    /// (`Display`, `Drop`, `Clone`: rustc never reports it, and pruning keeps or tries it), an
    /// impl of a kept trait, an impl for an alias; what rustc never reports unused (`_x`, an
    /// `extern` block, `#[allow(dead_code)]`, `#[macro_export]`, `#[no_mangle]`). An impl goes with
    /// its module's own trait or type (both unused when the module is not named). An inherent
    /// impl of a kept type keeps its module too: `T.name()` would call a trait's `name` without it.
    #[test]
    fn impls_of_kept_types_and_what_is_never_unused_keep_their_module() {
        let main = "use graph_games::a::{T, Tr};\nfn main() {\n    let _ = T;\n}\n";
        let library = [
            "pub mod a { pub struct T; pub trait Tr {} pub type Alias = T; }",
            "mod shows { impl std::fmt::Display for crate::graph_games::a::T { fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } } }",
            "mod drops { use super::a::T; impl Drop for T { fn drop(&mut self) {} } }",
            "mod traits { impl super::a::Tr for u8 {} }",
            "mod aliases { use super::a::Alias; impl Clone for Alias { fn clone(&self) -> Self { super::a::T } } }",
            "mod own { pub struct T; impl Clone for T { fn clone(&self) -> T { T } } trait Tr {} impl Tr for u8 {} }",
            "mod inherent { impl super::a::T { pub fn twice(&self) {} } }",
            "mod own_inherent { pub struct U; impl U { pub fn twice(&self) {} } }",
            "mod underscore { fn _kept() {} }",
            "mod foreign { extern \"C\" { fn abs(x: i32) -> i32; } }",
            "mod allowed { #[allow(dead_code)] fn kept() {} }",
            "mod exported { #[macro_export] macro_rules! m { () => {} } }",
            "mod unmangled { #[no_mangle] fn kept() {} }",
            "mod unsafe_allowed { #[allow(unused_unsafe)] fn f() {} }",
        ];
        assert_eq!(left_out(main, &library), ["own", "own_inherent", "unsafe_allowed"]);
    }

    /// An impl a macro writes is read in the module that calls the macro: it keeps that module
    /// unless it is for the module's own trait or type (declared at the module's top level, not
    /// in a function's body), named bare in the macro's body or given as the call's argument that
    /// the matcher binds (at its position; not in a repetition, not a `where $t:` of the body).
    /// An impl whose type a macro call writes, an item compiled on no target (`#[cfg(windows)]`
    /// here and in the foreign copy; not a statement in a function), and a macro called where an
    /// item may stand at the module's top level, if the library does not define it
    /// (`thread_local!`) or its body writes what may be never unused (`const _`, a `cfg`, a call of
    /// such a macro), keep their module.
    #[test]
    fn impls_written_by_macros_code_compiled_nowhere_and_unknown_macros_keep_their_module() {
        let main = "use graph_games::a::{T, Tr};\nfn main() {\n    let _ = T;\n}\n";
        let library = [
            "pub mod a { pub struct T; pub trait Tr {} }",
            "macro_rules! judge { ($judge:ident, $name:literal) => { impl crate::graph_games::a::Tr for $judge {} }; }",
            "macro_rules! second { ($a:ident, $b:ty) => { impl $b where $b: Sized { fn f(&self) {} } }; }",
            "macro_rules! many { ($($t:ty),*) => { $(impl crate::graph_games::a::Tr for $t {})* }; }",
            "macro_rules! own_trait { ($t:ty) => { impl Named for $t {} }; }",
            "mod own_judge { pub struct Judge; judge!(Judge, \"x\"); }",
            "mod kept_judge { judge!(T, \"x\"); use super::a::T; }",
            "mod by_path { judge!(super::a::T, \"x\"); }",
            "mod second_own { pub struct Own; second!(Own, super::a::T); }",
            "mod repeated { pub struct Own; many!(Own, super::a::T); }",
            "mod named { trait Named {} own_trait!(super::a::T); }",
            "mod local { fn f() { struct Judge; } judge!(Judge, \"x\"); }",
            "mod typed { macro_rules! t { () => { crate::graph_games::a::T }; } impl t!() {} }",
            "mod windows { #[cfg(windows)] fn f() {} }",
            "mod in_a_function { fn f() { #[cfg(windows)] let _x = 1; } }",
            "#[cfg(windows)] mod windows_only { fn f() {} }",
            "mod thread_locals { thread_local! { static X: u8 = 1; } }",
            "mod by_its_path { std::thread_local! { static X: u8 = 1; } }",
            "mod std_macro_in_a_constant { const X: &str = concat!(\"a\", \"b\"); }",
            "macro_rules! anonymous { () => { const _: () = (); }; }",
            "macro_rules! windows { () => { #[cfg(windows)] fn f() {} }; }",
            "macro_rules! tls { () => { thread_local! { static X: u8 = 1; } }; }",
            "macro_rules! through { () => { tls!(); }; }",
            "mod anonymous { anonymous!(); }",
            "mod windows_by_macro { windows!(); }",
            "mod through { through!(); }",
            "mod in_a_function_by_macro { fn f() { anonymous!(); } }",
            "mod not_windows { #[cfg(not(windows))] fn f() {} }",
        ];
        let left = [
            "in_a_function",
            "in_a_function_by_macro",
            "named",
            "not_windows",
            "own_judge",
            "std_macro_in_a_constant",
        ];
        assert_eq!(left_out(main, &library), left);
    }

    /// The cuts: each module left out whole, its attributes with it, outermost only.
    #[test]
    fn a_module_left_out_is_cut_whole() {
        let main = "fn main() {\n    graph_games::a::f();\n}\n";
        let library =
            ["pub mod a {", "    pub fn f() {}", "}", "#[cfg(unix)]", "pub mod b {", "    pub mod c {}", "}"];
        let (src, from) = candidate(main, &library);
        let cuts: Vec<Edit> =
            unnamed_modules(&src, from, &host()).unwrap().into_iter().map(|(cut, _)| cut).collect();
        let expected = candidate(main, &["pub mod a {", "    pub fn f() {}", "}"]).0;
        assert_eq!(super::super::testing::apply(&src, cuts), expected);
    }
}
