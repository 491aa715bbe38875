//! Assembly: the stages in order for one program, and the checks of what comes out.
//!
//! 1. Read: the main with its own modules, then the library, inlined (the read stage). The user's
//!    crate attributes (`#![allow(dead_code)]` and the like, at the top of the main) are set apart.
//! 2. Prune the library alone (the prune stage), on a candidate where the user's lint attributes
//!    are left out and the user's code is a root of what is used (`#![allow(dead_code)]` at the
//!    top, `#[warn(dead_code)]` on `mod graph_games`): so a template's `#![allow(unused)]` neither
//!    keeps the whole library nor lets an unused helper of the user lose what it calls.
//! 3. Write: unless `--docs`, the messages of `debug_assert!`s go (their checks stay; see
//!    `debug_checks`), and the derives no program needs (`Debug`, a lone `Clone`), then what they
//!    alone needed (pruning again: an `impl Debug` a derived one called), and
//!    indentation becomes tabs, blank lines go; then the user's crate attributes, as written, at
//!    the top, and a header naming the program, its files and where they came from (the commit,
//!    and whether they differ from it or are not in git at all).
//! 4. Check: at most [`MAX_BUNDLE_BYTES`] (unless `--docs`; over it, the library's part is laid
//!    out by the fallbacks of [`Layout`] in turn, while still over: without indentation, then also
//!    without the spaces between tokens that may touch, then without the line breaks between them,
//!    then with its own names shortened if that compiles), and compiled in every edition judges
//!    offer (2018, 2021, 2024), with its foreign copy (for other targets). An error anywhere, or a
//!    warning in the library's part, fails it; a warning in the user's code is told, with its file,
//!    line and column, and the bundle is written (a judge does not deny warnings). Every message is
//!    at the source file, line and column, through the span table ([`Mapped`]).

use super::cfg::Config;
use super::debug_checks::without_debug_messages;
use super::derives::without_unused_derives;
use super::inline::{
    inline_module, split_crate_attributes, std_macros_by_path, Source, LIBRARY, LIBRARY_ROOT,
};
use super::json::Diagnostic;
use super::kept::{pruned_once, KeptPrunes};
use super::mapped::{Files, Mapped};
use super::prune::{prune, prune_rounds, Pruned};
use super::rename::shortened;
use super::rustc::{at_level, diagnostics_of_both, explain};
use super::text::{
    brace_list, indent_with_tabs, tidy_blank_lines, without_indentation, without_inner_spaces,
    without_line_breaks,
};
use std::path::Path;
use std::process::Command;

/// The largest bundle written by default: within every judge's limit (Codeforces takes 64 KiB).
pub const MAX_BUNDLE_BYTES: usize = 48 * 1024;

/// The editions judges offer for Rust; every bundle compiles in each.
pub const EDITIONS: [&str; 3] = ["2018", "2021", "2024"];

/// How many times at most the derives are cut and the library pruned again (each time some go).
const MAX_DERIVE_ROUNDS: usize = 3;

/// The oldest rustc the bundles are proven on (`make msrv`), for the header.
pub const MSRV: &str = "1.63";

/// The crate attributes left out while pruning: lint levels, and a `cfg_attr` (it may set one).
const LEFT_OUT: [&str; 6] = ["allow", "warn", "deny", "forbid", "expect", "cfg_attr"];

/// How a bundle is made and checked.
#[derive(Clone, Debug)]
pub struct Options {
    /// Keep the sources' comments and docs (the bundle may then exceed the size limit).
    pub docs: bool,
    /// The largest bundle accepted, in bytes.
    pub max_bytes: Option<usize>,
    /// The rustc that tells which items are unused and checks the bundle.
    pub rustc: String,
    /// The editions the bundle must compile in.
    pub editions: Vec<String>,
    /// The library part's layout whatever the size (to test or measure it); `None`: the first of
    /// [`Layout`]'s that fits the size limit (and the indented one with docs).
    pub layout: Option<Layout>,
    /// Where pruned libraries are kept and reused across processes (the store's folder: set by
    /// [`crate::store::stored_bundle`]); not an input of the bundle.
    pub kept: Option<KeptPrunes>,
}

/// How the library's part of a bundle is laid out: as indented, then the fallbacks in turn for a
/// bundle over the size limit (each also does what the one before does). The user's code keeps
/// its own layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Indented with tabs, as the sources are with spaces.
    Indented,
    /// Without indentation ([`without_indentation`]).
    Unindented,
    /// Also without the spaces between tokens that may touch ([`without_inner_spaces`]).
    Tight,
    /// Also without the line breaks between tokens that may touch ([`without_line_breaks`]).
    Joined,
    /// Also with the library's own names shortened ([`shortened`]), where that still compiles.
    Short,
}

impl Layout {
    /// Each layout, by its name on the command line (`--layout`).
    pub const NAMED: [(&'static str, Layout); 5] = [
        ("indented", Layout::Indented),
        ("unindented", Layout::Unindented),
        ("tight", Layout::Tight),
        ("joined", Layout::Joined),
        ("short", Layout::Short),
    ];

    /// The fallback after this one, if any.
    fn next(self) -> Option<Layout> {
        let at = Layout::NAMED.iter().position(|&(_, layout)| layout == self)?;
        Layout::NAMED.get(at + 1).map(|&(_, layout)| layout)
    }

    /// What the bundler tells of a layout other than the usual indented one.
    pub fn told(self) -> Option<&'static str> {
        match self {
            Layout::Indented => None,
            Layout::Unindented => Some("the library without indentation"),
            Layout::Tight => Some("the library without indentation and tight"),
            Layout::Joined => Some("the library without indentation, tight and joined"),
            Layout::Short => Some("the library without indentation, tight, joined and its names shortened"),
        }
    }
}

impl Default for Options {
    /// No docs, at most [`MAX_BUNDLE_BYTES`], `$RUSTC` (else `rustc`), editions 2018, 2021, 2024,
    /// the layout as the size needs.
    fn default() -> Options {
        Options {
            docs: false,
            max_bytes: Some(MAX_BUNDLE_BYTES),
            rustc: std::env::var("RUSTC").ok().filter(|r| !r.is_empty()).unwrap_or_else(|| "rustc".into()),
            editions: EDITIONS.iter().map(|e| e.to_string()).collect(),
            layout: None,
            kept: None,
        }
    }
}

/// One program's bundle.
#[derive(Debug)]
pub struct Bundle {
    /// The files it holds: the main, its own modules, then the library's, `src/lib.rs` first.
    pub sources: Vec<String>,
    pub pruned: Pruned,
    /// The warnings of its foreign copy (a judge does not deny warnings), each once.
    pub foreign_warnings: Vec<String>,
    /// The warnings in the user's code, each at its file, line and column, once.
    pub warnings: Vec<String>,
    /// How its library's part is laid out.
    pub layout: Layout,
    /// How many rounds of renaming and compiling its short layout took (0 for the others).
    pub rounds: usize,
    /// Where its bytes came from ([`sizes`]): each part and its bytes, the largest first; they
    /// add up to the bundle's size.
    pub sizes: Vec<(String, usize)>,
    pub text: String,
}

/// Why a bundle could not be made, and the bundle as far as it got, to inspect.
#[derive(Debug)]
pub struct Failed {
    pub message: String,
    pub text: Option<String>,
}

impl From<String> for Failed {
    fn from(message: String) -> Failed {
        Failed { message, text: None }
    }
}

/// The bundle's name for a main file: its stem, or for a `main.rs` its folder's name (its crate's:
/// `a/src/main.rs` gives `a`, `b/main.rs` gives `b`, a lone `main.rs` stays `main`), with each
/// character but `A-Z a-z 0-9 _` made `_`, and `_` before a leading digit, so that a judge and a
/// plain `rustc` take it as a crate name.
pub fn crate_name(main_file: &str) -> String {
    let path = Path::new(main_file);
    let stem = path.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let stem = if stem == "main" {
        let folders = path.parent().into_iter().flat_map(|p| p.iter().rev());
        let mut named = folders.map(|f| f.to_string_lossy().into_owned()).filter(|f| f != "src");
        named.find(|f| !matches!(f.as_str(), "" | "." | ".." | "/")).unwrap_or(stem)
    } else {
        stem
    };
    let name: String = stem.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    match name.chars().next() {
        None => "main".to_string(),
        Some(c) if c.is_ascii_digit() => format!("_{name}"),
        Some(_) => name,
    }
}

/// The checked bundle of `main_file` (relative to `root`, or absolute) with the library at `root`;
/// `revision` says where the files came from, for the header.
pub fn bundle(
    root: &Path,
    main_file: &str,
    options: &Options,
    revision: impl Fn(&[String]) -> String,
) -> Result<Bundle, Failed> {
    let name = crate_name(main_file);
    let (mut files, mut sources) = (Files::default(), Vec::new());
    let main = Source { module: String::new(), file: main_file.to_string(), user: true };
    let main = inline_module(root, main, options.docs, &mut files, &mut sources)?;
    let (main, attributes) = split_crate_attributes(&main)?;
    let library = Source { module: String::new(), file: LIBRARY_ROOT.to_string(), user: false };
    let library = inline_module(root, library, options.docs, &mut files, &mut sources)?;
    let (library, _) = split_crate_attributes(&library)?;
    // The user's own `macro_rules! format` must not become the library's `format!` (textual scope).
    let library = std_macros_by_path(&library, &main.text)?;
    // The user's code stays as written (but for the edits the read stage makes: the library's
    // paths, the crate attributes set apart, what a bundle does not build); only the library's
    // part is tidied, compacted and, if need be, renamed.
    let library = tidy_blank_lines(&library, true)?;

    // Pruning's candidate: the non-lint attributes, the user's code as a root, then the library.
    let lint_level = |attribute: &&Mapped| {
        let words: String = attribute.text.chars().filter(|c| !c.is_whitespace()).collect();
        LEFT_OUT.iter().any(|level| words.starts_with(&format!("#![{level}(")))
    };
    let mut roots: Vec<Mapped> = attributes.iter().filter(|a| !lint_level(a)).cloned().collect();
    roots.push(Mapped::inserted("#![allow(dead_code)]"));
    let mut module = Mapped::inserted(&format!("mod {LIBRARY} {{\n"));
    module.push(&library.slice(0, library.text.trim_end().len()));
    module.push_str("\n}\n");
    const WARN: &str = "#[warn(dead_code)]\n";
    let mut warned = Mapped::inserted(WARN);
    warned.push(&module);
    let candidate = join(&roots, &main, &warned);
    let from = candidate.text.len() - warned.text.len();
    let host = Config::host(&options.rustc)?;
    let failed = |message| Failed { message, text: Some(join(&attributes, &main, &module).text) };
    // Pruned once a process (the layouts and the size limit come after: prune::pruned_once). The
    // result maps its bytes back to the files read (by their numbers in `files`): they are in the
    // key, names and texts, so that a request whose files differ is never given another's map.
    // The root as the folder it is (`.` from the command, a whole path from a test): one folder,
    // one key.
    let folder = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut key =
        format!("{}\n{}\n{}\n{main_file}\n{}", options.rustc, options.docs, folder.display(), candidate.text);
    for (name, text) in &files.0 {
        key.push_str(&format!("\n{} {name}\n{text}", text.len()));
    }
    let (code, pruned) = pruned_once(key, options.kept.as_ref(), || {
        let (mut code, mut pruned) =
            prune(&options.rustc, &host, &candidate, from, &files).map_err(failed)?;
        // The derives cut may leave impls unused (a hand-written `impl Debug` that only a derived
        // one needed), and those impls other derives: pruning again, until no derive goes. So may
        // the messages of `debug_assert!`s cut (`debug_checks`): an `impl Display` one printed.
        let mut again = false;
        if !options.docs {
            let checked = without_debug_messages(&options.rustc, &code, from)?;
            again = checked.text != code.text;
            code = checked;
        }
        for _ in 0..MAX_DERIVE_ROUNDS {
            if options.docs {
                break;
            }
            let derived = without_unused_derives(&options.rustc, &code, from)?;
            if derived.text == code.text && !again {
                break;
            }
            again = false;
            let (again, more) =
                prune_rounds(&options.rustc, &host, &derived, from, &files).map_err(failed)?;
            // The `allow`s of the first pruning are in the code still, and told with the new ones.
            let mut allowed = pruned.allowed;
            allowed.extend(more.allowed);
            (code, pruned) = (again, Pruned { removed: pruned.removed + more.removed, allowed });
        }
        Ok::<_, Failed>((code, pruned))
    })?;
    // The library as pruned, without the `#[warn(..)]` that made it prunable.
    let skip = if code.text[from..].starts_with(WARN) { WARN.len() } else { 0 };
    let library = code.slice(from + skip, code.text.len());
    let mut library = library;
    if !options.docs {
        library = tidy_blank_lines(&indent_with_tabs(&library)?, false)?;
    }

    // What each file read is, for the sizes (file `k` is `sources[k]`).
    let parts: Vec<String> = sources.iter().map(part_name).collect();
    // The files the bundle holds: those some of whose bytes are in it (file `k` is `sources[k]`).
    let present = library.files();
    let held =
        sources.iter().enumerate().filter(|(k, s)| s.user || s.module.is_empty() || present.contains(k));
    let held: Vec<&Source> = held.map(|(_, s)| s).collect();
    let sources: Vec<String> = held.iter().map(|s| s.file.clone()).collect();
    // The header (short: it counts against the size limit like the code).
    let own: Vec<String> =
        held.iter().skip(1).filter(|s| s.user).map(|s| beside(main_file, &s.file)).collect();
    let own = if own.is_empty() { String::new() } else { format!(" and its {}", brace_list(&own)) };
    let library_files: Vec<String> = held.iter().filter(|s| !s.user).map(|s| s.file.clone()).collect();
    let header = format!(
        "// {name}: `make bundle` of {}{own} with {LIBRARY}'s {} ({}), {}.\n\
         // Std only, Rust 2018-2024, rustc {MSRV}+. Do not edit: change the sources, run `make bundle` again.\n\n",
        shown(main_file),
        brace_list(&library_files),
        if options.docs { "docs kept, unit tests cut" } else { "used items only, no comments" },
        revision(&sources),
    );
    let user_end = header.len() + join(&attributes, &main, &Mapped::default()).text.len();
    // The library's part laid out so (the user's code keeps its own layout), and the rounds of
    // renaming it took (short).
    let laid_out = |layout: Layout| -> Result<(Mapped, usize), String> {
        let library = match layout {
            Layout::Indented => library.clone(),
            Layout::Unindented => without_indentation(&library)?,
            Layout::Tight => without_inner_spaces(&without_indentation(&library)?)?,
            Layout::Joined | Layout::Short => {
                without_line_breaks(&without_inner_spaces(&without_indentation(&library)?)?)?
            }
        };
        let mut text = Mapped::inserted(&header);
        text.push(&join(&attributes, &main, &library));
        if layout != Layout::Short {
            return Ok((text, 0));
        }
        let short = shortened(&options.rustc, &options.editions, &text, user_end, options.max_bytes)
            .map_err(|why| format!("the library's names could not be shortened: {why}"))?;
        Ok((short.text, short.rounds))
    };
    let over = |text: &Mapped| options.max_bytes.map_or(false, |max| text.text.len() > max);
    let mut layout = options.layout.unwrap_or(Layout::Indented);
    let (mut text, mut rounds) = laid_out(layout)?;
    // Over the limit as it is: the fallbacks in turn, each only while still over (not with docs);
    // the last one, short, may be unavailable (why is told).
    let mut unavailable = String::new();
    while options.layout.is_none() && !options.docs && over(&text) {
        let next = match layout.next() {
            Some(next) => next,
            None => break,
        };
        match laid_out(next) {
            Ok(laid) => (text, rounds, layout) = (laid.0, laid.1, next),
            Err(why) if next == Layout::Short => {
                unavailable = format!("; {why}");
                break;
            }
            Err(why) => return Err(why.into()),
        }
    }
    let failed = |message: String| Failed { message, text: Some(text.text.clone()) };
    if let Some(max) = options.max_bytes.filter(|&max| text.text.len() > max) {
        let laid = layout.told().map_or(String::new(), |how| format!(" ({how})"));
        let size = text.text.len();
        return Err(failed(format!("{size} bytes{laid}, over the limit of {max} bytes{unavailable}")));
    }
    // Compiles in every edition, here and for other targets; warnings only in the user's code.
    let (mut warnings, mut foreign_warnings) = (Vec::new(), Vec::new());
    // (A warning without a place is rustc's count of them.)
    let in_library = |d: &&Diagnostic| d.primary.first().map_or(false, |s| s.0 >= user_end);
    for edition in &options.editions {
        let (on_host, on_foreign) = diagnostics_of_both(&options.rustc, &text.text, edition)?;
        let other_targets = format!(
            "does not compile for targets other than {} (edition {edition}; the names of its target `cfg`s are \
             spelt backwards there)",
            host.target_name()
        );
        let errors: Vec<&Diagnostic> = at_level(&on_host, "error").collect();
        for (bad, what) in [
            (errors, format!("does not compile (edition {edition})")),
            (
                at_level(&on_host, "warning").filter(in_library).collect(),
                format!("has warnings in the library's part (edition {edition})"),
            ),
            (at_level(&on_foreign, "error").collect(), other_targets),
        ] {
            if !bad.is_empty() {
                return Err(failed(format!("{what}:\n{}", explain(&bad, &text, &files))));
            }
        }
        let user_warnings: Vec<&Diagnostic> = at_level(&on_host, "warning").collect();
        warnings.extend(explain(&user_warnings, &text, &files).lines().map(String::from));
        let foreign = at_level(&on_foreign, "warning").filter(in_library);
        foreign_warnings.extend(foreign.map(|d| d.rendered.lines().next().unwrap_or("").to_string()));
    }
    // Each once, in the order first told.
    for told in [&mut warnings, &mut foreign_warnings] {
        for line in std::mem::take(told) {
            if !told.contains(&line) {
                told.push(line);
            }
        }
    }
    let sizes = sizes(&text, header.len(), user_end, &parts);
    Ok(Bundle { sources, pruned, foreign_warnings, warnings, layout, rounds, sizes, text: text.text })
}

/// What a file read adds to a bundle, as `--sizes` names it: a library module by its path
/// (`graph_games::partizan::forms`; `graph_games` for `src/lib.rs`), a file of the user's by its
/// name (`your code: main.rs`).
fn part_name(source: &Source) -> String {
    match (source.user, source.module.as_str()) {
        (true, _) => format!("your code: {}", shown(&source.file)),
        (false, "") => LIBRARY.to_string(),
        (false, module) => format!("{LIBRARY}::{module}"),
    }
}

/// The bytes of `text` by part, the largest first, each byte counted once, so that they add up to
/// the bundle's size: `the header` (its first `header` bytes), then each byte from a file to that
/// file's part (its module path, or `your code: FILE`), and a byte the bundler wrote (a module's
/// `mod x {` and `}`, a path rewritten, the library's `mod graph_games {`) to the part of the byte
/// before it (the library's root before any of its bytes). A module's figure is so what its code costs in this
/// bundle, as pruned and laid out: about what leaving it out would save, less what other modules
/// need of it.
pub fn sizes(text: &Mapped, header: usize, user_end: usize, parts: &[String]) -> Vec<(String, usize)> {
    let mut bytes: Vec<(String, usize)> = Vec::new();
    let mut add = |part: &str, count: usize| match bytes.iter_mut().find(|(p, _)| p == part) {
        Some((_, total)) => *total += count,
        None => bytes.push((part.to_string(), count)),
    };
    let mut last: Option<&str> = None;
    for (start, end, file) in text.pieces() {
        // A piece that straddles the header's end or the library's start is split there.
        let mut from = start;
        for cut in [header, user_end, end] {
            if cut <= from || cut > end {
                continue;
            }
            let part = match file {
                _ if from < header => "the header",
                Some(k) => parts.get(k).map_or("?", String::as_str),
                None if from >= user_end && last.map_or(true, |l| l.starts_with("your code")) => LIBRARY,
                None => last.or_else(|| parts.first().map(String::as_str)).unwrap_or("?"),
            };
            add(part, cut - from);
            if from >= header {
                last = Some(part);
            }
            from = cut;
        }
    }
    bytes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    bytes
}

/// `file` as the header shows it: relative to the folder of `main` if there (see [`shown`]).
fn beside(main: &str, file: &str) -> String {
    let folder = main.rfind('/').map_or("", |i| &main[..=i]);
    shown(file.strip_prefix(folder).unwrap_or(file))
}

/// A control character as `?` (a newline would end the header's comment).
fn shown(file: &str) -> String {
    file.chars().map(|c| if c.is_control() { '?' } else { c }).collect()
}

/// The code of a bundle: the user's crate attributes, one to a line, the user's code, the library.
fn join(attributes: &[Mapped], main: &Mapped, library: &Mapped) -> Mapped {
    let mut code = Mapped::default();
    for attribute in attributes {
        code.push(attribute);
        code.push_str("\n");
    }
    code.push(&main.slice(0, main.text.trim_end().len()));
    code.push_str("\n");
    code.push(library);
    code
}

/// Where `files` came from, for the header: `commit <hash>` of the checkout at `root`, `with
/// uncommitted changes` if a tracked one differs, and those git does not track (`not in git: ..`).
pub fn git_revision(root: &Path, files: &[String]) -> String {
    let git = |args: &[&str]| {
        let output = Command::new("git").arg("-C").arg(root).args(args).output().ok()?;
        output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
    };
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) => commit,
        None => return "outside any git checkout".to_string(),
    };
    let (tracked, untracked): (Vec<&String>, Vec<&String>) =
        files.iter().partition(|f| git(&["ls-files", "--error-unmatch", "--", f]).is_some());
    let mut status = vec!["status", "--porcelain", "--"];
    status.extend(tracked.iter().map(|f| f.as_str()));
    let clean = tracked.is_empty() || git(&status).map_or(false, |changes| changes.is_empty());
    let changed = if clean { "" } else { " with uncommitted changes" };
    let untracked: Vec<String> = untracked.iter().map(|f| beside(&files[0], f)).collect();
    let untracked = if untracked.is_empty() {
        String::new()
    } else {
        format!("; not in git: {}", brace_list(&untracked))
    };
    format!("commit {commit}{changed}{untracked}")
}

#[cfg(test)]
mod tests {
    use super::super::testing::{code_of, text, Project};
    use super::*;

    /// A made-up crate of nested modules, in folders and files, some compiled only for tests or a
    /// target, its main outside `src/`: read, every module is inlined and its paths rewritten, the
    /// docs, attributes and tests gone; bundled (this runs the rustc on the path), of the module `e`
    /// (its own file) and `d` (x86_64 only) nothing is left.
    #[test]
    fn a_made_up_crate_of_nested_modules_is_read_then_bundled() {
        let lib =
            "//! The library.\n#![forbid(unsafe_code)]\npub mod a;\npub mod c;\n#[cfg(test)]\nmod testing;\n";
        let a = text(&[
            "//! a.",
            "pub mod b;",
            "#[cfg(target_arch = \"x86_64\")]",
            "pub(crate) mod d;",
            "pub use self::b::B;",
        ]);
        let b = text(&["use crate::c::C;", "pub struct B(pub C);", "#[cfg(test)]", "mod tests {}"]);
        let main = "use graph_games::a::{self, B};\n\nfn main() {\n    let b = a::B(graph_games::c::C(2));\n    let _c = b.0 .0;\n}\n";
        let project = Project::new(
            "nested",
            &[
                ("src/lib.rs", lib),
                ("src/a/mod.rs", &a),
                ("src/a/b.rs", &b),
                ("src/a/d.rs", "pub fn d() -> u8 {\n    super::b::B(crate::c::C(1)).0 .0\n}\n"),
                ("src/c.rs", "pub mod e;\n#[derive(Clone, Copy)]\npub struct C(pub u8);\n"),
                ("src/c/e.rs", "pub const E: u8 = 1;\n"),
                ("main.rs", main),
            ],
        );
        let (library, sources) = project.library().unwrap();
        let read = [
            "pub mod a {",
            "pub mod b {",
            "use crate::graph_games::c::C;",
            "pub struct B(pub C);",
            "}",
            "#[cfg(target_arch = \"x86_64\")]",
            "pub(crate) mod d {",
            "pub fn d() -> u8 {",
            "    super::b::B(crate::graph_games::c::C(1)).0 .0",
            "}",
            "}",
            "pub use self::b::B;",
            "}",
            "pub mod c {",
            "pub mod e {",
            "pub const E: u8 = 1;",
            "}",
            "#[derive(Clone, Copy)]",
            "pub struct C(pub u8);",
            "}",
        ];
        assert_eq!(library, text(&read));
        let files: Vec<&str> = sources.iter().map(|s| s.file.as_str()).collect();
        assert_eq!(
            files,
            ["src/lib.rs", "src/a/mod.rs", "src/a/b.rs", "src/a/d.rs", "src/c.rs", "src/c/e.rs"]
        );
        let modules: Vec<&str> = sources.iter().map(|s| s.module.as_str()).collect();
        assert_eq!(modules, ["", "a", "a::b", "a::d", "c", "c::e"]);
        let options = Options { editions: vec!["2018".to_string()], ..Options::default() };
        let made = bundle(&project.0, "main.rs", &options, |files| files.join(" ")).unwrap();
        let expected = [
            "// main: `make bundle` of main.rs with graph_games's src/{lib,a/{mod,b},c}.rs (used items only, no \
             comments), main.rs src/lib.rs src/a/mod.rs src/a/b.rs src/c.rs.",
            "// Std only, Rust 2018-2024, rustc 1.63+. Do not edit: change the sources, run `make bundle` again.",
            "",
            "use graph_games::a::{self, B};",
            "",
            "fn main() {",
            "    let b = a::B(graph_games::c::C(2));",
            "    let _c = b.0 .0;",
            "}",
            "mod graph_games {",
            "pub mod a {",
            "pub mod b {",
            "use crate::graph_games::c::C;",
            "pub struct B(pub C);",
            "}",
            "pub use self::b::B;",
            "}",
            "pub mod c {",
            "#[derive(Clone, Copy)]",
            "pub struct C(pub u8);",
            "}",
            "}",
        ];
        assert_eq!(made.text, text(&expected));
        assert_eq!(made.sources, ["main.rs", "src/lib.rs", "src/a/mod.rs", "src/a/b.rs", "src/c.rs"]);
    }

    /// Runs the rustc on the path: a made-up crate whose code differs between this machine's
    /// target and the others (`THIS` stands for this machine's `target_arch`). What only the other
    /// targets use stays, allowed here; what no target uses goes, whichever compiles it.
    #[test]
    fn a_made_up_crate_keeps_what_other_targets_use() {
        let rustc = Options::default().rustc;
        let arch = Config::host(&rustc).unwrap().value("target_arch").unwrap().to_string();
        let here = |lines: &[&str]| text(lines).replace("THIS", &arch);
        let shapes = here(&[
            "macro_rules! twice {",
            "    ($x:expr) => {",
            "        2 * $x",
            "    };",
            "}",
            "#[cfg(target_arch = THIS)]",
            "mod fast;",
            "mod portable;",
            "#[cfg(not(target_arch = THIS))]",
            "use portable::area as portable_area;",
            "#[cfg(not(target_arch = THIS))]",
            "use portable::unused_anywhere;",
            "use portable::double;",
            "",
            "pub fn area(side: u32) -> u32 {",
            "    #[cfg(target_arch = THIS)]",
            "    {",
            "        fast::area(side)",
            "    }",
            "    #[cfg(not(target_arch = THIS))]",
            "    {",
            "        double(twice!(portable_area(side))) / 4",
            "    }",
            "}",
        ]);
        let fast = text(&[
            "pub fn area(side: u32) -> u32 {",
            "    super::portable::square(side)",
            "}",
            "pub fn unused_fast() {}",
        ]);
        let portable = text(&[
            "pub fn square(side: u32) -> u32 {",
            "    side * side",
            "}",
            "/// Used on other targets only.",
            "pub fn area(side: u32) -> u32 {",
            "    square(side)",
            "}",
            "pub fn double(x: u32) -> u32 {",
            "    2 * x",
            "}",
            "pub fn unused_anywhere() -> u32 {",
            "    0",
            "}",
        ]);
        let main = "use graph_games::shapes;\n\nfn main() {\n    println!(\"{}\", shapes::area(3));\n}\n";
        let project = Project::new(
            "targets",
            &[
                ("src/lib.rs", "pub mod shapes;\n"),
                ("src/shapes/mod.rs", &shapes),
                ("src/shapes/fast.rs", &fast),
                ("src/shapes/portable.rs", &portable),
                ("main.rs", main),
            ],
        );
        let options = Options { editions: vec!["2021".to_string()], ..Options::default() };
        let made = bundle(&project.0, "main.rs", &options, |_| "here".to_string()).unwrap();
        let expected = here(&[
            "use graph_games::shapes;",
            "",
            "fn main() {",
            "    println!(\"{}\", shapes::area(3));",
            "}",
            "mod graph_games {",
            "pub mod shapes {",
            "#[allow(unused_macros)]",
            "macro_rules! twice {",
            "\t($x:expr) => {",
            "\t\t2 * $x",
            "\t};",
            "}",
            "#[cfg(target_arch = THIS)]",
            "mod fast {",
            "pub fn area(side: u32) -> u32 {",
            "\tsuper::portable::square(side)",
            "}",
            "}",
            "mod portable {",
            "pub fn square(side: u32) -> u32 {",
            "\tside * side",
            "}",
            "#[allow(dead_code)]",
            "pub fn area(side: u32) -> u32 {",
            "\tsquare(side)",
            "}",
            "#[allow(dead_code)]",
            "pub fn double(x: u32) -> u32 {",
            "\t2 * x",
            "}",
            "}",
            "#[cfg(not(target_arch = THIS))]",
            "use portable::area as portable_area;",
            "#[allow(unused_imports)]",
            "use portable::double;",
            "pub fn area(side: u32) -> u32 {",
            "\t#[cfg(target_arch = THIS)]",
            "\t{",
            "\t\tfast::area(side)",
            "\t}",
            "\t#[cfg(not(target_arch = THIS))]",
            "\t{",
            "\t\tdouble(twice!(portable_area(side))) / 4",
            "\t}",
            "}",
            "}",
            "}",
        ]);
        assert_eq!(code_of(&made.text), expected);
        let allowed = [
            "`twice` (for other targets)",
            "`area` (for other targets)",
            "`double` (for other targets)",
            "the import `double` (for other targets)",
        ];
        assert_eq!(made.pruned.allowed, allowed);
        assert!(made.foreign_warnings.is_empty(), "{:?}", made.foreign_warnings);
    }

    /// Runs the rustc on the path: a contestant's file, each way it may be written, bundles to the
    /// plain program's library: crate attributes of any kind are set apart (and restored, as
    /// written), an unused helper of the user's keeps what it calls, an unused import of the user's
    /// keeps what it names, and the user's code stays as written.
    #[test]
    fn a_contestants_file_bundles_the_library_it_uses() {
        let project = Project::new(
            "contest",
            &[
                ("src/lib.rs", "pub mod shapes;\npub mod unused;\n"),
                ("src/shapes.rs", "pub fn area(s: u32) -> u32 {\n    s * s\n}\npub fn perimeter(s: u32) -> u32 {\n    4 * s\n}\n"),
                ("src/unused.rs", "pub struct Board;\npub fn unused() {}\n"),
            ],
        );
        let options = Options { editions: vec!["2018".to_string()], ..Options::default() };
        let main = "fn main() {\n    println!(\"{}\", shapes::area(3));\n}\n";
        let library = |made: &Bundle| made.text[made.text.find("mod graph_games").unwrap()..].to_string();
        let make = |name: &str, text: String| {
            std::fs::write(project.0.join(name), text).unwrap();
            bundle(&project.0, name, &options, |_| String::new())
                .unwrap_or_else(|e| panic!("{name}: {}", e.message))
        };
        let plain = make("plain.rs", format!("use graph_games::shapes;\n{main}"));
        assert!(!plain.text.contains("perimeter") && !plain.text.contains("Board"), "{}", plain.text);
        for (i, top) in [
            "#![allow(dead_code)]",
            "#![allow(unused)]",
            "#![cfg_attr(debug_assertions, allow(unused))]",
            "#![allow(unused_imports)]\n#![warn(clippy::all)]",
            "#![deny(warnings)]\n#![allow(clippy::needless_return)]",
            "extern crate graph_games as gg;\nuse gg::shapes;",
            "extern crate graph_games;\nuse graph_games::{self, shapes};",
            "#![allow(unused_macros)]\nuse graph_games::*;\nmacro_rules! debug {\n    ($($t:tt)*) => {};\n}",
        ]
        .iter()
        .enumerate()
        {
            let uses = if top.contains("use ") { "" } else { "use graph_games::shapes;\n" };
            let made = make(&format!("main{i}.rs"), format!("{top}\n{uses}{main}"));
            assert_eq!(library(&made), library(&plain), "{top}");
            assert!(made.warnings.is_empty(), "{top}: {:?}", made.warnings);
            let attributes: String =
                top.lines().filter(|l| l.starts_with("#![")).map(|l| format!("{l}\n")).collect();
            assert!(code_of(&made.text).starts_with(&attributes), "{}", made.text);
        }
        // What the user's own unused code calls or imports stays.
        let helper = "#![allow(dead_code, unused_imports)]\nuse graph_games::unused::Board;\n\
                      fn helper() -> u32 {\n    graph_games::shapes::perimeter(1)\n}\n";
        let made = make("helper.rs", format!("{helper}use graph_games::shapes;\n{main}"));
        assert!(made.text.contains("fn perimeter") && made.text.contains("struct Board"), "{}", made.text);
        assert!(!made.text.contains("fn unused"), "{}", made.text);
    }

    /// Runs the rustc on the path: a hand-written `impl Debug` that only a derived one (unused)
    /// called goes once the derive does, and the `impl Display` it called with it; a
    /// `debug_assert!` keeps its check and loses its message, and the `impl Display` only the
    /// message used goes too; the program prints the same.
    #[test]
    fn what_only_cut_derives_and_messages_needed_goes_too() {
        let shapes = "use std::fmt;\n#[derive(Clone, Debug)]\npub struct Outer {\n    pub inner: Inner,\n}\n\
                      #[derive(Clone)]\npub struct Inner(pub u32);\n\
                      impl fmt::Debug for Inner {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        \
                      fmt::Display::fmt(self, f)\n    }\n}\n\
                      impl fmt::Display for Inner {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        \
                      write!(f, \"inner {}\", self.0)\n    }\n}\n\
                      pub struct Side(pub u32);\n\
                      impl fmt::Display for Side {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        \
                      write!(f, \"side {}\", self.0)\n    }\n}\n\
                      pub fn area(o: &Outer) -> u32 {\n    let side = Side(o.inner.0);\n    \
                      debug_assert!(side.0 < 100, \"{} too long\", side);\n    side.0 * side.0\n}\n";
        let main = "fn main() {\n    let o = graph_games::shapes::Outer { inner: graph_games::shapes::Inner(3) };\n    \
                    println!(\"{}\", graph_games::shapes::area(&o));\n}\n";
        let project = Project::new(
            "cascade",
            &[("src/lib.rs", "pub mod shapes;\n"), ("src/shapes.rs", shapes), ("main.rs", main)],
        );
        let options = Options { editions: vec!["2021".to_string()], ..Options::default() };
        let made = bundle(&project.0, "main.rs", &options, |_| String::new())
            .unwrap_or_else(|e| panic!("{}", e.message));
        for gone in ["Debug", "Display", "too long"] {
            assert!(!made.text.contains(gone), "{gone}: {}", made.text);
        }
        assert!(made.text.contains("debug_assert!(side.0 < 100);"), "{}", made.text);
    }

    /// Runs the rustc on the path: the fallbacks in turn, each only while the bundle is still over
    /// the limit, on the library's part only (the user's code keeps its spaces); a bundle over the
    /// limit even tight is refused, told with its layout.
    #[test]
    fn a_bundle_over_the_limit_gets_the_fallbacks_in_turn() {
        let shapes = "pub fn area(side: u32) -> u32 {\n    if side > 0 {\n        side * side\n    } else {\n        0\n    }\n}\n";
        let main = "fn main() {\n    println!(\"{}\", graph_games::shapes::area(3) + 1);\n}\n";
        let project = Project::new(
            "fallbacks",
            &[("src/lib.rs", "pub mod shapes;\n"), ("src/shapes.rs", shapes), ("main.rs", main)],
        );
        let made = |max_bytes: Option<usize>, layout: Option<Layout>| {
            let options =
                Options { editions: vec!["2021".to_string()], max_bytes, layout, ..Options::default() };
            bundle(&project.0, "main.rs", &options, |_| String::new())
        };
        let size = |layout| made(None, Some(layout)).unwrap().text.len();
        let (indented, unindented, tight) =
            (size(Layout::Indented), size(Layout::Unindented), size(Layout::Tight));
        assert!(tight < unindented && unindented < indented, "{tight} {unindented} {indented}");
        let (joined, short) = (size(Layout::Joined), size(Layout::Short));
        assert!(short < joined && joined < tight, "{short} {joined} {tight}");
        for (max, layout) in [
            (indented, Layout::Indented),
            (indented - 1, Layout::Unindented),
            (unindented - 1, Layout::Tight),
            (tight - 1, Layout::Joined),
            (joined - 1, Layout::Short),
        ] {
            let bundle = made(Some(max), None).unwrap();
            assert_eq!(bundle.layout, layout, "at most {max} bytes");
            // The user's code, byte for byte, in every layout.
            assert!(bundle.text.contains(main), "{}", bundle.text);
        }
        let tight_text = made(Some(tight), None).unwrap().text;
        assert!(
            tight_text
                .ends_with("pub fn area(side:u32)->u32{\nif side>0{\nside*side\n}else{\n0\n}\n}\n}\n}\n"),
            "{tight_text}"
        );
        // Joined: a line break stays only between tokens that may not touch, or first in a block
        // without a `;` of its own that `unused_braces` may look at (not a function's body, nor an
        // `if`'s); short: `area` is the user's, `side` the library's alone.
        let joined_text = made(Some(joined), None).unwrap().text;
        assert!(
            joined_text.ends_with("pub fn area(side:u32)->u32{if side>0{side*side}else{0}}}}\n"),
            "{joined_text}"
        );
        let short_text = made(Some(short), None).unwrap();
        assert!(short_text.text.ends_with("pub fn area(a:u32)->u32{if a>0{a*a}else{0}}}}\n"));
        assert_eq!(short_text.rounds, 1);
        let refused = made(Some(short - 1), None).unwrap_err();
        let told = format!(
            "{short} bytes (the library without indentation, tight, joined and its names shortened), over the \
             limit of {} bytes",
            short - 1
        );
        assert_eq!(refused.message, told);
    }

    /// Runs the rustc on the path: a crate that compiles here but not on other targets cannot be
    /// bundled.
    #[test]
    fn what_compiles_only_here_is_refused() {
        let rustc = Options::default().rustc;
        let family = Config::host(&rustc).unwrap().value("target_family").unwrap_or("\"none\"").to_string();
        let project = Project::new(
            "here_only",
            &[
                ("src/lib.rs", &format!("#[cfg(target_family = {family})]\npub fn f() {{}}\n")),
                ("main.rs", "fn main() {\n    graph_games::f();\n}\n"),
            ],
        );
        let err = bundle(&project.0, "main.rs", &Options::default(), |_| String::new()).unwrap_err().message;
        assert!(err.contains("it does not compile for targets other than") && err.contains("E0425"), "{err}");
    }
}
