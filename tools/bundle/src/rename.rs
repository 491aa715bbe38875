//! The `short` layout: the names the library's part declares, shortened. For a bundle still over
//! the size limit joined.
//!
//! Invariant: the renamed bundle is the same token stream as the joined one up to a renaming that
//! is consistent (every occurrence of a name in the library's part that may stand for something
//! the library declares becomes the same new name, and so does the name where a format string of
//! std's reads it), injective (two names never become one) and global, of names the library's part
//! declares (an item, a field, a variant, a binding), to fresh names, found in no token of the
//! bundle. So every name resolves as before, but where the name stood for something outside the
//! library too, or where its text is read. The exclusions are those places:
//! - the user's code is never touched, and a name it writes is never renamed (it may name the
//!   library's items);
//! - keywords of every edition and those reserved, primitive types, the prelude's names, macro
//!   fragment specifiers: they are not the library's;
//! - a name written in an attribute (`#[derive(..)]`, `#[cfg(..)]`), a macro's name before its `!`,
//!   anything inside `stringify!` or `concat!`, a name inside a string literal that may be read as
//!   a format string (`{name}`, `{name:..}`, `name$`) but for the format string of a call of std's
//!   `format!`, `format_args!`, `print!`, `println!`, `eprint!`, `eprintln!`, `write!` or
//!   `writeln!` (read as one in every edition; not `panic!` and `assert!`, whose lone message is
//!   no format string in 2018), where the names it reads are renamed with the code's (`{left}`,
//!   `{:>width$}`, not `{{left}}`; not in a string whose escapes could write a brace, `\u{..}`):
//!   rustc reads them as text, which a renaming of tokens alone would not change;
//! - a name of std's: in a `use` of std's (`use std::{..}`: it is then named alone), the item it
//!   names; a name after `.` with no method (before a `(`) or no field (else) of that name in the
//!   library (`.iter()`, `.count()`), a segment after one the library does not declare
//!   (`Vec::new`, `io::Error`) and a path into std (`std::`, `core::`, `alloc::`) are std's
//!   there, and stay as written, while the library's own of that name elsewhere are renamed (a
//!   binding `count` beside `.count()`, the library's `Error` beside `std::io::Error`); a name
//!   wrongly taken for std's there leaves the code not compiling, which blames it (below);
//! - the names declared in an `impl` of a trait the library does not declare (`fmt`, `next`,
//!   `Output`), and the items of a library trait implemented for a type the library does not
//!   declare (a std method of the same name could win or lose the call after renaming), and the
//!   library's methods (items of impls and traits) named like those of std's common traits
//!   (`max`, `cmp`, `eq`, `clone`, an iterator's): such a method may be shadowed by std's on a type
//!   deriving or implementing them, which a new name would undo (a binding or a field of such a
//!   name is renamed: no method call reaches it);
//! - the names of an item deriving `Debug` (its type, fields, variants) and of a type with its own
//!   `impl Debug`: Debug output (`{:?}`, `assert_eq!`, `unwrap`) spells them. Always, though the
//!   rule need only hold where the bundle formats with Debug: the bundler keeps a `derive(Debug)`
//!   only where the program needs it, so it is used whenever it is there;
//! - `module_path!` or `type_name` anywhere: nothing is renamed (they spell paths).
//!
//! Fresh names keep rustc's case lints quiet: a name starting uppercase gets `A`.. `Z`, `A0`..
//! `Z9`, `A00`.., one starting lowercase `a`.. `z`, `a0`..; never two letters, which could be a
//! std method (`eq`, `ne`, `or`). The most frequent names get the shortest. A name is renamed only
//! if that makes it shorter. Then the bundle is compiled ([`shortened`]): a name whose renamed
//! token (or whose occurrence left as std's) an error or a library warning points at is kept, and
//! the renaming redone, a few rounds.

use super::declared::{Declared, KEYWORDS};
use super::json::Diagnostic;
use super::lex::{Kind, Lexed};
use super::mapped::Mapped;
use super::rustc::{at_level, diagnostics_of_both};
use std::collections::{BTreeMap, BTreeSet};

const PRIMITIVES: &str = "bool char str u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64";
const PRELUDE: &str =
    "Option Some None Result Ok Err Vec String Box ToString ToOwned Clone Copy Send Sync Sized \
    Unpin Drop Fn FnMut FnOnce Iterator IntoIterator DoubleEndedIterator ExactSizeIterator Extend Default Eq \
    PartialEq Ord PartialOrd AsRef AsMut Into From TryFrom TryInto FromIterator drop main std core alloc";
const FRAGMENTS: &str =
    "block expr expr_2021 ident item lifetime literal meta pat pat_param path stmt tt ty vis";
/// The methods of std's traits a library type may derive or implement (or get by a blanket impl).
const STD_METHODS: &str = "clone clone_from eq ne partial_cmp lt le gt ge cmp max min clamp hash hash_slice \
    fmt to_string to_owned clone_into borrow borrow_mut into from try_from try_into type_id as_ref as_mut deref \
    deref_mut drop add sub mul div rem neg not bitand bitor bitxor shl shr add_assign sub_assign mul_assign \
    div_assign rem_assign bitand_assign bitor_assign bitxor_assign shl_assign shr_assign index index_mut next \
    size_hint count last nth step_by chain zip map for_each filter filter_map enumerate peekable skip_while \
    take_while map_while skip take scan flat_map flatten fuse inspect by_ref collect partition fold reduce all \
    any find find_map position rposition max_by_key max_by min_by_key min_by rev unzip copied cloned cycle sum \
    product is_sorted try_fold try_for_each next_back rfold rfind nth_back len is_empty into_iter extend \
    from_iter write write_all flush write_fmt write_str write_char read read_to_end read_exact read_to_string \
    bytes read_line lines fill_buf consume split read_until source description cause from_str finish";
/// One renamed token: its bytes in the joined bundle, its new name, and the name it had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renamed {
    pub start: usize,
    pub end: usize,
    pub name: String,
    pub original: String,
}

/// The renaming of the library's part of `src` (from byte `library`), leaving `kept` and the
/// exclusions of the module doc alone. Empty if the bundle spells paths (`module_path!`).
pub fn renaming(src: &str, library: usize, kept: &BTreeSet<String>) -> Result<Vec<Renamed>, String> {
    let lexed = Lexed::new(src)?;
    let n = lexed.code.len();
    let first = (0..n).find(|&k| lexed.token(k).start >= library).unwrap_or(n);
    let ident = |k: usize| k < n && lexed.token(k).kind == Kind::Ident;
    let everywhere: BTreeSet<&str> = (0..n).filter(|&k| ident(k)).map(|k| lexed.text(k)).collect();
    if ["module_path", "type_name", "type_name_of_val"].iter().any(|s| everywhere.contains(s)) {
        return Ok(Vec::new());
    }
    let found = Declared::find(&lexed, first)?;
    // std's methods, but for the library's own names that cannot be methods (bindings, fields).
    let std_methods = STD_METHODS.split_whitespace().filter(|m| found.items.contains(*m));
    let mut never: BTreeSet<&str> = [KEYWORDS, PRIMITIVES, PRELUDE, FRAGMENTS]
        .iter()
        .flat_map(|list| list.split_whitespace())
        .chain(std_methods)
        .chain(kept.iter().map(String::as_str))
        .chain((0..first).filter(|&k| ident(k)).map(|k| lexed.text(k)))
        .collect();
    // The names read from the library's format strings (renamed there too), and from the other
    // string literals (kept: their text may be read as a format string, through a macro).
    let mut in_formats: Vec<(usize, usize)> = Vec::new();
    for k in (0..n).filter(|&k| lexed.token(k).kind == Kind::Literal && lexed.text(k).contains('"')) {
        let literal = lexed.text(k);
        match format_string_arguments(&lexed, k).filter(|_| k >= first) {
            Some(places) => {
                let start = lexed.token(k).start;
                in_formats.extend(places.into_iter().map(|(from, to)| (start + from, start + to)));
            }
            None => never.extend(format_arguments(literal)),
        }
    }
    never.extend(found.debug.iter().map(String::as_str));
    never.extend(found.excluded.iter().map(String::as_str));
    let declared = &found.declared;
    // The occurrences that are std's, whatever the library declares (left as they are): a name
    // after `.` that is no method (before a `(`) or no field (else) of the library's, a segment
    // after one the library does not declare, a path into std.
    let mut foreign = BTreeSet::new();
    for k in first..n {
        let (before, name) = (lexed.text(k.wrapping_sub(1)), lexed.text(k));
        if !ident(k) {
            continue;
        }
        let after_dot = before == "." && lexed.text(k.wrapping_sub(2)) != ".";
        let called = lexed.text(k + 1) == "(" || lexed.text(k + 1) == "::";
        let member = if called { found.items.contains(name) } else { found.fields.contains(name) };
        let owner = lexed.text(k.wrapping_sub(2));
        let foreign_owner = before == "::"
            && ident(k.wrapping_sub(2))
            && !declared.contains(owner)
            && !matches!(owner, "crate" | "self" | "super" | "Self");
        if after_dot && !member || foreign_owner || found.in_std_paths.contains(&k) {
            foreign.insert(k);
        }
        if name.starts_with("r#") {
            never.insert(name);
        }
    }
    // Each occurrence that may be the library's: its bytes and its name.
    let mut occurrences: Vec<(usize, usize, &str)> = (first..n)
        .filter(|&k| ident(k) && !foreign.contains(&k))
        .map(|k| (lexed.token(k).start, lexed.token(k).end, lexed.text(k)))
        .collect();
    occurrences.extend(in_formats.iter().map(|&(from, to)| (from, to, &src[from..to])));
    occurrences.sort_unstable();
    let mut uses: BTreeMap<&str, usize> = BTreeMap::new();
    for &(_, _, name) in &occurrences {
        let shape = name.len() >= 2
            && !name.starts_with('_')
            && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
        if shape && declared.contains(name) && !never.contains(name) {
            *uses.entry(name).or_insert(0) += 1;
        }
    }
    let mut by_use: Vec<(&str, usize)> = uses.into_iter().collect();
    by_use.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let (mut upper, mut lower) = (Fresh::new(true), Fresh::new(false));
    let mut new_names: BTreeMap<&str, String> = BTreeMap::new();
    for (name, _) in by_use {
        let fresh = if name.starts_with(|c: char| c.is_ascii_uppercase()) { &mut upper } else { &mut lower };
        let taken = |candidate: &str| everywhere.contains(candidate) || never.contains(candidate);
        let next = fresh.peek(&taken);
        if next.len() < name.len() {
            new_names.insert(name, next);
            fresh.advance();
        }
    }
    let renamed = occurrences.into_iter().filter_map(|(start, end, original)| {
        let name = new_names.get(original)?.clone();
        Some(Renamed { start, end, name, original: original.to_string() })
    });
    // The occurrences of renamed names left as std's: an error there blames the name too.
    let left = foreign.into_iter().filter(|&k| new_names.contains_key(lexed.text(k))).map(|k| {
        let (token, original) = (lexed.token(k), lexed.text(k).to_string());
        Renamed { start: token.start, end: token.end, name: original.clone(), original }
    });
    let mut all: Vec<Renamed> = renamed.chain(left).collect();
    all.sort_by_key(|r| r.start);
    Ok(all)
}

/// The macros of std whose first (`format!`) or second (`write!(f, ..)`) argument is a format
/// string in every edition (not `panic!` and `assert!`, whose lone message is not one in 2018).
const FORMAT_MACROS: [(&str, usize); 8] = [
    ("format", 0),
    ("format_args", 0),
    ("print", 0),
    ("println", 0),
    ("eprint", 0),
    ("eprintln", 0),
    ("write", 1),
    ("writeln", 1),
];

/// If the string literal at code token `k` is the format string of a call of std's format macros
/// (`format!("{x}")`, `write!(f, "{x}")`; a macro the code defines by that name is not std's), the
/// bytes of the names it reads as arguments within the literal (`{x}`, `{x:..}`, `{:w$}`); `None`
/// if it is no such string or one whose escapes could write braces (`\u{..}`, `\x..`).
fn format_string_arguments(lexed: &Lexed, k: usize) -> Option<Vec<(usize, usize)>> {
    let t = |j: usize| lexed.text(j);
    // The call around the literal: back to its `(` at the same depth, counting the commas.
    let (mut j, mut commas, mut depth) = (k, 0, 0);
    while j > 0 {
        j -= 1;
        match t(j) {
            ")" | "]" | "}" => depth += 1,
            "(" | "[" | "{" if depth > 0 => depth -= 1,
            "(" | "[" | "{" => break,
            "," if depth == 0 => commas += 1,
            _ => {}
        }
    }
    let macro_name = t(j.checked_sub(2)?);
    let at_argument_start = matches!(t(k - 1), "(" | "[" | "{" | ",");
    let is_std = FORMAT_MACROS.contains(&(macro_name, commas))
        && t(j - 1) == "!"
        && !(0..lexed.code.len()).any(|m| t(m) == "macro_rules" && t(m + 2) == macro_name);
    if !is_std || !at_argument_start || !matches!(t(k + 1), "," | ")" | "]" | "}") {
        return None;
    }
    let literal = t(k);
    let open = literal.find('"')?;
    let raw = literal.starts_with('r');
    let b = literal.as_bytes();
    let close = literal.rfind('"')?;
    let word_end =
        |i: usize| i + b[i..close].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
    let mut places = Vec::new();
    let mut i = open + 1;
    while i < close {
        match b[i] {
            b'\\' if !raw => {
                if matches!(b.get(i + 1), Some(b'u' | b'x')) {
                    return None;
                }
                i += 2;
            }
            b'{' if b.get(i + 1) == Some(&b'{') => i += 2,
            b'{' => {
                let end = literal[i..close].find('}')? + i;
                // `{name` and, in the spec after `:`, each `name$`.
                let spec = &b[i + 1..end];
                let name_end = word_end(i + 1);
                if name_end > i + 1 && !b[i + 1].is_ascii_digit() {
                    places.push((i + 1, name_end));
                }
                if let Some(colon) = spec.iter().position(|&c| c == b':') {
                    let mut m = i + 1 + colon + 1;
                    while m < end {
                        let e = word_end(m);
                        if e > m && b.get(e) == Some(&b'$') && !b[m].is_ascii_digit() {
                            places.push((m, e));
                        }
                        m = e.max(m + 1);
                    }
                }
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    Some(places)
}

/// The names a format string reads as arguments: `{name}`, `{name:..}`, `name$`.
fn format_arguments(literal: &str) -> Vec<&str> {
    let b = literal.as_bytes();
    let word = |i: usize| i + b[i..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
    let mut names = Vec::new();
    for i in 0..b.len() {
        let starts = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let end = word(i);
        if !starts || end == i {
            continue;
        }
        if i > 0 && b[i - 1] == b'{' && matches!(b.get(end), Some(b'}' | b':')) || b.get(end) == Some(&b'$') {
            names.push(&literal[i..end]);
        }
    }
    names
}

/// The fresh names of one case, in order: one letter, then a letter and digits.
struct Fresh {
    upper: bool,
    at: usize,
}

impl Fresh {
    fn new(upper: bool) -> Fresh {
        Fresh { upper, at: 0 }
    }

    /// The `at`-th name of the sequence: `a`..`z`, `a0`..`z9`, `a00`..
    fn nth(&self, at: usize) -> String {
        let (mut rest, mut digits) = (at, 0u32);
        while rest >= 26 * 10usize.pow(digits) {
            rest -= 26 * 10usize.pow(digits);
            digits += 1;
        }
        let letter = (if self.upper { b'A' } else { b'a' } + (rest / 10usize.pow(digits)) as u8) as char;
        let number = rest % 10usize.pow(digits);
        if digits == 0 {
            letter.to_string()
        } else {
            format!("{letter}{number:0width$}", width = digits as usize)
        }
    }

    /// The next name not `taken` (skipping those that are).
    fn peek(&mut self, taken: &dyn Fn(&str) -> bool) -> String {
        while taken(&self.nth(self.at)) {
            self.at += 1;
        }
        self.nth(self.at)
    }

    fn advance(&mut self) {
        self.at += 1;
    }
}

/// The most rounds of compiling a renaming before the layout is given up.
pub const ROUNDS: usize = 5;

/// A bundle with its library's names shortened.
#[derive(Debug)]
pub struct Shortened {
    pub text: Mapped,
    /// How many times it was renamed and compiled (1: the first renaming compiled).
    pub rounds: usize,
    /// The names left as they were because an error pointed at them when renamed.
    pub kept: BTreeSet<String>,
    /// How many names were renamed.
    pub renamed: usize,
}

/// `text`, a joined bundle whose library's part starts at byte `library`, with the library's names
/// shortened ([`renaming`]), compiled in `editions` here and for other targets each round: the
/// names an error (or a warning in the library's part) points at are kept, and it is done again.
/// `Err` (why) if an error points at no renamed name, or after [`ROUNDS`] rounds. A first renaming
/// longer than `max_bytes` is returned uncompiled (0 rounds): a later round keeps more names.
pub fn shortened(
    rustc: &str,
    editions: &[String],
    text: &Mapped,
    library: usize,
    max_bytes: Option<usize>,
) -> Result<Shortened, String> {
    let mut kept = BTreeSet::new();
    for round in 1..=ROUNDS {
        let renamed = renaming(&text.text, library, &kept)?;
        let edits = renamed.iter().map(|r| (r.start, r.end, text.rewritten(r.start, &r.name))).collect();
        let short = text.splice(edits);
        let names: BTreeSet<&str> = renamed.iter().map(|r| r.original.as_str()).collect();
        if round == 1 && max_bytes.map_or(false, |max| short.text.len() > max) {
            return Ok(Shortened { text: short, rounds: 0, kept, renamed: names.len() });
        }
        // Where each renamed token is in the shortened text.
        let mut cut = 0;
        let mut places = Vec::new();
        for r in &renamed {
            places.push((r.start - cut, r.start - cut + r.name.len(), r.original.clone()));
            cut += r.end - r.start - r.name.len();
        }
        let (mut blamed, mut unexplained) = (BTreeSet::new(), None);
        for edition in editions {
            let (on_host, on_foreign) = diagnostics_of_both(rustc, &short.text, edition)?;
            let in_library = |d: &&Diagnostic| d.primary.first().map_or(false, |s| s.0 >= library);
            let errors = at_level(&on_host, "error").chain(at_level(&on_foreign, "error"));
            for d in errors
                .chain(at_level(&on_host, "warning").filter(in_library))
                .filter(|d| !d.primary.is_empty())
            {
                let at = |&&(start, end, _): &&(usize, usize, String)| {
                    d.primary.iter().any(|&(s, e)| start < e.max(s + 1) && s < end)
                };
                let names: Vec<String> = places.iter().filter(at).map(|p| p.2.clone()).collect();
                if names.is_empty() {
                    unexplained.get_or_insert_with(|| d.rendered.lines().next().unwrap_or("").to_string());
                }
                blamed.extend(names);
            }
        }
        if blamed.is_empty() {
            if let Some(error) = unexplained {
                return Err(format!("renamed, it does not compile: {error}"));
            }
            return Ok(Shortened { text: short, rounds: round, kept, renamed: names.len() });
        }
        kept.extend(blamed);
    }
    Err(format!("renamed, it still does not compile after {ROUNDS} rounds"))
}

#[cfg(test)]
mod tests {
    use super::super::assemble::Options;
    use super::*;
    use std::fs;
    use std::process::Command;

    /// A program of `user` code and a `library`, as a bundle lays them out.
    fn program(user: &str, library: &str) -> (String, usize) {
        let head = format!("#![allow(dead_code, unused)]\n{user}\n");
        (format!("{head}mod graph_games {{\n{library}\n}}\n"), head.len())
    }

    /// `src` renamed, once, keeping `kept`.
    fn renamed(src: &str, library: usize) -> String {
        let renamed = renaming(src, library, &BTreeSet::new()).unwrap();
        Mapped::inserted(src).edit(renamed.into_iter().map(|r| (r.start, r.end, r.name)).collect()).text
    }

    /// What `src` prints, compiled by the rustc on the path (edition 2021, case lints denied), or
    /// its errors.
    fn run(name: &str, src: &str) -> Result<String, String> {
        let dir = std::env::temp_dir().join(format!("graph_games_bundle_rename_{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (source, executable) = (dir.join(format!("{name}.rs")), dir.join(name));
        fs::write(&source, src).unwrap();
        let compiled = Command::new(Options::default().rustc)
            .args(["--edition", "2021", "-D", "nonstandard_style", "-o"])
            .arg(&executable)
            .arg(&source)
            .output()
            .unwrap();
        if !compiled.status.success() {
            return Err(String::from_utf8_lossy(&compiled.stderr).into_owned());
        }
        let ran = Command::new(&executable).output().unwrap();
        Ok(String::from_utf8_lossy(&ran.stdout).into_owned())
    }

    /// The names of `library` (with `user`) as renamed: those `kept` stay, those `gone` go, and
    /// the renamed program compiles and prints what the written one prints; what went wrong.
    fn check(case: &str, user: &str, library: &str, kept: &[&str], gone: &[&str]) -> Vec<String> {
        let (src, at) = program(user, library);
        let short = renamed(&src, at);
        let words = |text: &str| -> BTreeSet<String> {
            let lexed = Lexed::new(text).unwrap();
            (0..lexed.code.len()).map(|k| lexed.text(k).to_string()).collect()
        };
        let after = words(&short);
        let mut wrong: Vec<String> =
            kept.iter().filter(|n| !after.contains(**n)).map(|n| format!("`{n}` renamed")).collect();
        wrong.extend(gone.iter().filter(|n| after.contains(**n)).map(|n| format!("`{n}` kept")));
        let written = run(&format!("{case}_written"), &src).unwrap_or_else(|e| panic!("{case}: {e}"));
        match run(&format!("{case}_short"), &short) {
            Ok(printed) if printed == written => {}
            Ok(printed) => wrong.push(format!("prints {printed:?}, not {written:?}")),
            Err(errors) => wrong.push(format!("does not compile: {errors}")),
        }
        assert!(short.starts_with(&src[..at]), "{case}: the user's code changed");
        wrong.into_iter().map(|w| format!("{case}: {w}:\n{short}")).collect()
    }

    /// Each hazard on a snippet: a rule's absence would make the renamed program fail to compile
    /// or print something else (a silent change where marked).
    #[test]
    fn renamed_snippets_compile_and_print_the_same() {
        let main = "fn main() { println!(\"{}\", graph_games::go()); }";
        let mut wrong = Vec::new();
        // Consistency: field shorthand, shadowing, an item named like a local, and fresh names
        // apart from the user's (`a`) and cased (`Left` a type, `LIMIT` a const).
        wrong.extend(check(
            "shorthand",
            "fn main() { let a = 1; println!(\"{} {}\", a, graph_games::go()); }",
            "pub struct Left { left: u32 }\nconst LIMIT: u32 = 7;\nfn width() -> u32 { 3 }\n\
             pub fn go() -> u32 { let left = 2; let s = Left { left }; let width = width() + s.left; \
             let width = width * LIMIT; width }",
            &["a", "go", "main"],
            &["left", "Left", "LIMIT", "width"],
        ));
        // A format string's inline arguments, renamed there too (`{left}`, `{:>width$}`, not
        // `{{left}}`); a string that is no format string of std's keeps its text, and so its names.
        wrong.extend(check(
            "format",
            main,
            "pub fn go() -> String { let left = 2; let width = 4; let plain = \"{right}\"; let right = 1;\n\
             let mut s = format!(\"{left} {left:>3} {{left}} {:>width$} {right}|\", 7);\n\
             use std::fmt::Write; write!(s, \"{plain}{left:>width$}\").unwrap(); s }",
            &["right"],
            &["left", "width", "plain"],
        ));
        // std's methods and paths by their own names beside the library's: a binding `count` and a
        // field `len` are renamed, `.count()`, `.len()` and `std::io::Error` stay std's.
        let std_names =
            "pub struct Error { len: usize }\nfn read() -> Result<u8, std::io::Error> { Ok(1) }\n\
             pub fn go() -> usize { let v = vec![1, 2]; let count = v.iter().count(); \
             let e = Error { len: v.len() }; let io: Option<std::io::Error> = None; \
             count + e.len + v.len() + read().unwrap() as usize + usize::from(io.is_none()) }";
        wrong.extend(check("std_names", main, std_names, &["count", "len", "io"], &["read"]));
        let (src, at) = program(main, std_names);
        let short = renamed(&src, at);
        assert!(!short.contains("struct Error") && short.matches("std::io::Error").count() == 2, "{short}");
        // An inherent method named like Ord's (silent: Ord::max takes `self` and wins).
        wrong.extend(check(
            "std_method",
            main,
            "#[derive(PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]\npub struct Point(u8);\n\
             impl Point { fn max(&self, o: Point) -> Point { Point(100 + o.0) } }\n\
             pub fn go() -> u8 { Point(1).max(Point(2)).0 }",
            &["max"],
            &["Point"],
        ));
        // Debug output spells a derived type's names (silent), and those of an own `impl Debug`.
        wrong.extend(check(
            "debug",
            main,
            "#[derive(Debug)]\npub struct Spot { across: u8, kind: Kind }\n#[derive(Debug)]\nenum Kind { Wide }\n\
             pub struct Mine;\nimpl std::fmt::Debug for Mine { fn fmt(&self, f: &mut std::fmt::Formatter) -> \
             std::fmt::Result { write!(f, \"m\") } }\n\
             pub fn go() -> String { format!(\"{:?} {:?}\", Spot { across: 1, kind: Kind::Wide }, Mine) }",
            &["Spot", "across", "Kind", "Wide", "Mine"],
            &[],
        ));
        // An impl of a std trait: its items are std's names.
        wrong.extend(check(
            "std_trait",
            main,
            "pub struct Wrap(u8);\nimpl std::ops::Deref for Wrap { type Target = u8; fn deref(&self) -> &u8 { &self.0 } }\n\
             pub fn go() -> u8 { *Wrap(4) + 1 }",
            &["Target", "deref"],
            &["Wrap"],
        ));
        // A library trait for a std type (silent: u8's own `count_ones` wins before renaming).
        wrong.extend(check(
            "foreign_type",
            main,
            "trait Ones { fn count_ones(&self) -> u32; }\nimpl Ones for u8 { fn count_ones(&self) -> u32 { 99 } }\n\
             pub fn go() -> u32 { 5u8.count_ones() }",
            &["count_ones"],
            &[],
        ));
        // A macro's fragment specifier, a name in an attribute, a std path, `stringify!` (silent).
        wrong.extend(check(
            "macro",
            main,
            "macro_rules! twice { ($value:expr) => { $value * 2 }; }\nfn expr() -> u32 { 2 }\n\
             #[inline]\nfn inline() -> u32 { 1 }\nfn swap() -> u32 { 5 }\n\
             pub fn go() -> String { let (mut x, mut y) = (1, 2); std::mem::swap(&mut x, &mut y); \
             let width = 3; format!(\"{} {} {}\", twice!(expr() + inline() + x + swap()), stringify!(width), width) }",
            &["expr", "inline", "swap", "width", "twice"],
            &[],
        ));
        // A name the user's code writes.
        wrong.extend(check(
            "user",
            main,
            "fn helper() -> u8 { 1 }\npub fn go() -> u8 { helper() }",
            &["go"],
            &["helper"],
        ));
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// `module_path!` spells the modules' names: nothing is renamed (silent otherwise).
    #[test]
    fn a_spelt_path_renames_nothing() {
        let (src, at) = program(
            "fn main() { println!(\"{}\", graph_games::inner_part::go()); }",
            "pub mod inner_part { fn helper() -> u8 { 1 }\npub fn go() -> String { format!(\"{} {}\", module_path!(), helper()) } }",
        );
        assert_eq!(renamed(&src, at), src);
        let (src, at) = program("fn main() {}", "pub mod inner_part { fn helper() -> u8 { 1 } }");
        assert_ne!(renamed(&src, at), src);
    }

    /// A name the first renaming breaks (a field named like `Range`'s) is kept in a second
    /// round; fresh names go in order, the most used first.
    #[test]
    fn an_error_keeps_its_names_in_another_round() {
        let (src, at) = program(
            "fn main() { println!(\"{}\", graph_games::go()); }",
            "pub struct Span { start: u32, length: u32 }\n\
             pub fn go() -> u32 { let r = 1..2; let s = Span { start: r.start, length: 1 }; s.start + s.length + s.length }",
        );
        let rustc = Options::default().rustc;
        let short = shortened(&rustc, &["2021".to_string()], &Mapped::inserted(&src), at, None).unwrap();
        assert_eq!(
            (short.rounds, short.kept.iter().map(String::as_str).collect::<Vec<_>>()),
            (2, vec!["start"])
        );
        assert!(short.text.text.contains("pub struct A { start: u32, a: u32 }"), "{}", short.text.text);
        // An error at no renamed name: the layout is unavailable, told why.
        let (src, at) =
            program("fn main() {}", "fn helper() -> u8 { 1 }\npub fn go() -> u8 { helper() + \"x\" }");
        let why = shortened(&rustc, &["2021".to_string()], &Mapped::inserted(&src), at, None).unwrap_err();
        assert!(why.starts_with("renamed, it does not compile: error"), "{why}");
        let fresh: Vec<String> = (0..30).map(|at| Fresh { upper: false, at }.nth(at)).collect();
        assert_eq!(&fresh[24..28], ["y", "z", "a0", "a1"]);
        assert_eq!(Fresh { upper: true, at: 0 }.nth(26 + 260), "A00");
    }
}
