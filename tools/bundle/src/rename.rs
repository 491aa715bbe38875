//! The `short` layout: the names the library's part declares, shortened. For a bundle still over
//! the size limit joined.
//!
//! Invariant: the renamed bundle is the same token stream as the joined one up to a renaming that
//! is consistent (every occurrence of a name in the library's part, whatever it stands for there,
//! becomes the same new name), injective (two names never become one) and global, of names the
//! library's part declares (an item, a field, a variant, a binding), to fresh names, found in no
//! token of the bundle. So every name resolves as before, but where the name stood for something
//! outside the library too, or where its text is read. The exclusions are those places:
//! - the user's code is never touched, and a name it writes is never renamed (it may name the
//!   library's items);
//! - keywords of every edition and those reserved, primitive types, the prelude's names, macro
//!   fragment specifiers: they are not the library's;
//! - a name written in an attribute (`#[derive(..)]`, `#[cfg(..)]`), a macro's name before its `!`,
//!   anything inside `stringify!` or `concat!`, a name inside a format string (`{name}`,
//!   `{name:..}`, `name$`): rustc reads them as text, which a renaming of tokens does not change;
//! - a path into std (`std::`, `core::`, `alloc::`, `use std::{..}`), a segment after one the
//!   library does not declare (`Vec::new`, `T::default`), a name after `.` that is no field or
//!   method of the library (`.iter()`): they are std's;
//! - the names declared in an `impl` of a trait the library does not declare (`fmt`, `next`,
//!   `Output`), and the items of a library trait implemented for a type the library does not
//!   declare (a std method of the same name could win or lose the call after renaming), and the
//!   methods of std's common traits (`max`, `cmp`, `eq`, `clone`, an iterator's): a library method of that
//!   name may be shadowed by std's on a type deriving or implementing them, which a new name would undo;
//! - when the bundle formats with Debug anywhere (`{:?}`, `dbg!`, `assert_eq!`, `unwrap`): the
//!   names of an item deriving `Debug` (its type, fields, variants) and a type with its own `impl
//!   Debug` (the output spells them);
//! - `module_path!` or `type_name` anywhere: nothing is renamed (they spell paths).
//!
//! Fresh names keep rustc's case lints quiet: a name starting uppercase gets `A`.. `Z`, `A0`..
//! `Z9`, `A00`.., one starting lowercase `a`.. `z`, `a0`..; never two letters, which could be a
//! std method (`eq`, `ne`, `or`). The most frequent names get the shortest. A name is renamed only
//! if that makes it shorter. Then the bundle is compiled ([`shortened`]): a name whose renamed
//! token an error or a library warning points at is kept, and the renaming redone, a few rounds.

use super::json::Diagnostic;
use super::lex::{Kind, Lexed};
use super::mapped::Mapped;
use super::rustc::{at_level, diagnostics_of_both};
use std::collections::{BTreeMap, BTreeSet};

const KEYWORDS: &str = "as async await break const continue crate dyn else enum extern false fn for if impl in \
    let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while \
    abstract become box do final macro override priv typeof unsized virtual yield try gen union auto default \
    macro_rules raw safe";
const PRIMITIVES: &str = "bool char str u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64";
const PRELUDE: &str = "Option Some None Result Ok Err Vec String Box ToString ToOwned Clone Copy Send Sync Sized \
    Unpin Drop Fn FnMut FnOnce Iterator IntoIterator DoubleEndedIterator ExactSizeIterator Extend Default Eq \
    PartialEq Ord PartialOrd AsRef AsMut Into From TryFrom TryInto FromIterator drop main std core alloc";
const FRAGMENTS: &str = "block expr expr_2021 ident item lifetime literal meta pat pat_param path stmt tt ty vis";
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
/// What formats with Debug, besides a `?}` in a format string.
const DEBUG_USES: [&str; 11] = [
    "dbg",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "unwrap",
    "expect",
    "unwrap_err",
    "expect_err",
    "Debug",
];

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
    let mut never: BTreeSet<&str> = [KEYWORDS, PRIMITIVES, PRELUDE, FRAGMENTS, STD_METHODS]
        .iter()
        .flat_map(|list| list.split_whitespace())
        .chain(kept.iter().map(String::as_str))
        .chain((0..first).filter(|&k| ident(k)).map(|k| lexed.text(k)))
        .collect();
    let found = Declared::find(&lexed, first)?;
    let literals = (0..n).filter(|&k| lexed.token(k).kind == Kind::Literal).map(|k| lexed.text(k));
    let mut debug_used = false;
    for literal in literals.filter(|l| l.contains('"')) {
        debug_used |= literal.contains("?}");
        never.extend(format_arguments(literal));
    }
    debug_used |= DEBUG_USES.iter().any(|used| everywhere.contains(used));
    if debug_used {
        never.extend(found.debug.iter().map(String::as_str));
    }
    never.extend(found.excluded.iter().map(String::as_str));
    let declared = &found.declared;
    for k in first..n {
        let (before, name) = (lexed.text(k.wrapping_sub(1)), lexed.text(k));
        if !ident(k) {
            continue;
        }
        let member = found.members.contains(name);
        let after_dot = before == "." && lexed.text(k - 2) != ".";
        let owner = lexed.text(k - 2);
        let foreign_owner = before == "::"
            && ident(k - 2)
            && !declared.contains(owner)
            && !matches!(owner, "crate" | "self" | "super" | "Self");
        if after_dot && !member || foreign_owner || name.starts_with("r#") {
            never.insert(name);
        }
    }
    let mut uses: BTreeMap<&str, usize> = BTreeMap::new();
    for k in (first..n).filter(|&k| ident(k)) {
        let name = lexed.text(k);
        let shape = name.len() >= 2 && !name.starts_with('_') && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
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
    let renamed = (first..n).filter(|&k| ident(k)).filter_map(|k| {
        let (token, original) = (lexed.token(k), lexed.text(k));
        let name = new_names.get(original)?.clone();
        Some(Renamed { start: token.start, end: token.end, name, original: original.to_string() })
    });
    Ok(renamed.collect())
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
const ROUNDS: usize = 5;

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
/// `Err` (why) if an error points at no renamed name, or after [`ROUNDS`] rounds.
pub fn shortened(rustc: &str, editions: &[String], text: &Mapped, library: usize) -> Result<Shortened, String> {
    let mut kept = BTreeSet::new();
    for round in 1..=ROUNDS {
        let renamed = renaming(&text.text, library, &kept)?;
        let edits = renamed.iter().map(|r| (r.start, r.end, text.rewritten(r.start, &r.name))).collect();
        let short = text.splice(edits);
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
            for d in errors.chain(at_level(&on_host, "warning").filter(in_library)).filter(|d| !d.primary.is_empty()) {
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
            let names: BTreeSet<&str> = renamed.iter().map(|r| r.original.as_str()).collect();
            return Ok(Shortened { text: short, rounds: round, kept, renamed: names.len() });
        }
        kept.extend(blamed);
    }
    Err(format!("renamed, it still does not compile after {ROUNDS} rounds"))
}

/// What the library's part declares and what it must keep, as far as its tokens tell.
#[derive(Default)]
struct Declared {
    /// Every name declared: items, fields, variants, bindings.
    declared: BTreeSet<String>,
    /// The fields, and the items of impls and traits: the names that may follow a `.`.
    members: BTreeSet<String>,
    /// The names of items deriving `Debug` (and their fields and variants), and the types with
    /// their own `impl Debug`.
    debug: BTreeSet<String>,
    /// Names kept whatever else: in attributes, macros' names and `stringify!`, std's paths, the
    /// items of impls of std's traits and of the library's for std's types.
    excluded: BTreeSet<String>,
}

impl Declared {
    /// Of the code tokens of `lexed` from the `first`.
    fn find(lexed: &Lexed, first: usize) -> Result<Declared, String> {
        let n = lexed.code.len();
        let t = |k: usize| lexed.text(k);
        let ident = |k: usize| k < n && lexed.token(k).kind == Kind::Ident;
        let keyword = |k: usize| KEYWORDS.split_whitespace().any(|w| w == t(k));
        let names = |from: usize, to: usize| -> Vec<String> {
            (from..to).filter(|&k| ident(k)).map(|k| t(k).to_string()).collect()
        };
        let mut d = Declared::default();
        let (mut traits, mut impls, mut types) = (BTreeMap::new(), Vec::new(), BTreeSet::new());
        for k in first..n {
            let before = t(k.wrapping_sub(1));
            match t(k) {
                "#" if t(k + 1) == "[" || t(k + 1) == "!" && t(k + 2) == "[" => {
                    let open = if t(k + 1) == "[" { k + 1 } else { k + 2 };
                    d.excluded.extend(names(open, lexed.matching(open)?));
                }
                "!" if ident(k.wrapping_sub(1)) && matches!(t(k + 1), "(" | "[" | "{") => {
                    d.excluded.insert(before.to_string());
                    if matches!(before, "stringify" | "concat") {
                        d.excluded.extend(names(k + 1, lexed.matching(k + 1)?));
                    }
                }
                "use" => {
                    let end = (k..n).find(|&j| t(j) == ";").unwrap_or(n);
                    let head = if t(k + 1) == "::" { k + 2 } else { k + 1 };
                    if matches!(t(head), "std" | "core" | "alloc") {
                        d.excluded.extend(names(k, end));
                    }
                }
                "std" | "core" | "alloc" if t(k + 1) == "::" && before != "::" => {
                    let mut j = k;
                    while ident(j) {
                        d.excluded.insert(t(j).to_string());
                        j += if t(j + 1) == "::" { 2 } else { n };
                    }
                }
                "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "mod" if before != "*" => {
                    let at = if t(k) == "static" && t(k + 1) == "mut" { k + 2 } else { k + 1 };
                    if !ident(at) || keyword(at) {
                        continue;
                    }
                    let name = t(at).to_string();
                    d.declared.insert(name.clone());
                    let after = skip_generics(lexed, at + 1);
                    match t(k) {
                        "fn" if t(after) == "(" => d.bind_parameters(lexed, after + 1, lexed.matching(after)?),
                        "struct" | "enum" => {
                            types.insert(name.clone());
                            let open = (after..n).find(|&j| matches!(t(j), "{" | ";" | "(")).unwrap_or(n);
                            let mut own = vec![name];
                            if t(open) == "{" {
                                own.extend(d.fields_and_variants(lexed, open, t(k) == "enum")?);
                            }
                            if derives_debug(lexed, k) {
                                d.debug.extend(own);
                            }
                        }
                        "trait" => {
                            types.insert(name.clone());
                            let open = (after..n).find(|&j| t(j) == "{").unwrap_or(n);
                            let items = items_in(lexed, open)?;
                            d.members.extend(items.iter().cloned());
                            traits.insert(name, items);
                        }
                        "type" => drop(types.insert(name)),
                        _ => {}
                    }
                }
                "impl" if matches!(before, "}" | ";" | "{" | "]" | "unsafe" | "") => {
                    let (of, for_type, open) = impl_header(lexed, k);
                    let items = items_in(lexed, open)?;
                    d.members.extend(items.iter().cloned());
                    impls.push((of, for_type, items));
                }
                "let" => {
                    let end = (k + 1..n).find(|&j| matches!(t(j), "=" | ":" | ";") && depth(lexed, k + 1, j) == 0);
                    d.bind(lexed, k + 1, end.unwrap_or(k + 1));
                }
                "for" if t(k + 1) != "<" => {
                    let stop = (k + 1..n).find(|&j| matches!(t(j), "in" | "{" | ";") && depth(lexed, k + 1, j) == 0);
                    if let Some(end) = stop.filter(|&j| t(j) == "in") {
                        d.bind(lexed, k + 1, end);
                    }
                }
                "match" => d.bind_arms(lexed, k)?,
                "|" if matches!(before, "(" | "," | "=" | "{" | ";" | "move" | "return" | ":" | "[")
                    || before == ">" && t(k - 2) == "=" =>
                {
                    let end = (k + 1..n).find(|&j| t(j) == "|" && depth(lexed, k + 1, j) == 0).unwrap_or(k + 1);
                    d.bind_parameters(lexed, k + 1, end);
                }
                _ => {}
            }
        }
        for (of, for_type, items) in impls {
            let of = match of {
                Some(of) => of,
                None => continue,
            };
            match traits.get(&of) {
                None => {
                    d.excluded.extend(items);
                    if of == "Debug" {
                        d.debug.extend(for_type);
                    }
                }
                Some(trait_items) if !for_type.map_or(false, |t| types.contains(&t)) => {
                    d.excluded.extend(items);
                    d.excluded.extend(trait_items.iter().cloned());
                }
                Some(_) => {}
            }
        }
        Ok(d)
    }

    /// The bindings of the pattern in code tokens `from..to`: lowercase names not followed by
    /// `(`, `{`, `::`, `!` or `:` (a path, a macro, a field's name) nor after `::` or `.`.
    fn bind(&mut self, lexed: &Lexed, from: usize, to: usize) {
        for k in from..to {
            let next = if k + 1 < to { lexed.text(k + 1) } else { "" };
            let name = lexed.text(k);
            let binding = lexed.token(k).kind == Kind::Ident
                && name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
                && !KEYWORDS.split_whitespace().any(|w| w == name)
                && !matches!(next, "(" | "{" | "::" | "!" | ":")
                && !matches!(lexed.text(k.wrapping_sub(1)), "::" | ".");
            if binding {
                self.declared.insert(name.to_string());
            }
        }
    }

    /// The bindings of parameters `from..to` (a fn's, or a closure's between its `|`s): in each,
    /// the pattern before its `:`.
    fn bind_parameters(&mut self, lexed: &Lexed, from: usize, to: usize) {
        let (mut start, mut in_pattern, mut angle) = (from, true, 0i32);
        for k in from..to {
            let at_top = depth(lexed, from, k) == 0;
            match lexed.text(k) {
                "<" if !in_pattern => angle += 1,
                ">" if !in_pattern && !matches!(lexed.text(k - 1), "-" | "=") => angle -= 1,
                ":" if at_top && in_pattern => {
                    self.bind(lexed, start, k);
                    in_pattern = false;
                }
                "," if at_top && angle == 0 => {
                    if in_pattern {
                        self.bind(lexed, start, k);
                    }
                    (start, in_pattern) = (k + 1, true);
                }
                _ => {}
            }
        }
        if in_pattern {
            self.bind(lexed, start, to);
        }
    }

    /// The bindings of the arms of the `match` at `k`: each pattern up to its `=>` or its guard.
    fn bind_arms(&mut self, lexed: &Lexed, k: usize) -> Result<(), String> {
        let (t, n) = (|j: usize| lexed.text(j), lexed.code.len());
        let mut open = k + 1;
        while open < n && t(open) != "{" {
            open = if matches!(t(open), "(" | "[") { lexed.matching(open)? + 1 } else { open + 1 };
        }
        if open >= n {
            return Ok(());
        }
        let close = lexed.matching(open)?;
        let mut at = open + 1;
        while at < close {
            let arrow = (at..close).find(|&j| {
                t(j) == "=" && t(j + 1) == ">" && lexed.token(j).end == lexed.token(j + 1).start && depth(lexed, at, j) == 0
            });
            let arrow = match arrow {
                Some(arrow) => arrow,
                None => break,
            };
            let guard = (at..arrow).find(|&j| t(j) == "if" && depth(lexed, at, j) == 0);
            self.bind(lexed, at, guard.unwrap_or(arrow));
            at = if t(arrow + 2) == "{" {
                let end = lexed.matching(arrow + 2)? + 1;
                end + usize::from(t(end) == ",")
            } else {
                (arrow + 2..close).find(|&j| t(j) == "," && depth(lexed, arrow + 2, j) == 0).map_or(close, |j| j + 1)
            };
        }
        Ok(())
    }

    /// The fields (and with `variants`, the variants) of the struct or enum whose body opens at
    /// code token `open`, declared; returned.
    fn fields_and_variants(&mut self, lexed: &Lexed, open: usize, variants: bool) -> Result<Vec<String>, String> {
        let (t, close) = (|j: usize| lexed.text(j), lexed.matching(open)?);
        let mut found = Vec::new();
        for k in open + 1..close {
            if lexed.token(k).kind != Kind::Ident || KEYWORDS.split_whitespace().any(|w| w == t(k)) {
                continue;
            }
            let level = depth(lexed, open + 1, k);
            let field = t(k + 1) == ":" && (level == 0 || variants && level == 1);
            let variant = variants && level == 0 && matches!(t(k - 1), "{" | "," | "]");
            if field {
                self.members.insert(t(k).to_string());
            }
            if field || variant {
                self.declared.insert(t(k).to_string());
                found.push(t(k).to_string());
            }
        }
        Ok(found)
    }
}

/// The bracket depth at code token `at` counted from `from` (where it is 0).
fn depth(lexed: &Lexed, from: usize, at: usize) -> i32 {
    (from..at).fold(0, |level, j| match lexed.text(j) {
        "(" | "[" | "{" => level + 1,
        ")" | "]" | "}" => level - 1,
        _ => level,
    })
}

/// The code token after the generics `<..>` at `k`, or `k` if none are there.
fn skip_generics(lexed: &Lexed, k: usize) -> usize {
    if lexed.text(k) != "<" {
        return k;
    }
    let mut angle = 0;
    for j in k..lexed.code.len() {
        match lexed.text(j) {
            "<" => angle += 1,
            ">" if !matches!(lexed.text(j - 1), "-" | "=") => {
                angle -= 1;
                if angle == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    lexed.code.len()
}

/// The names of the items (`fn`, `type`, `const`) of the body that opens at code token `open`.
fn items_in(lexed: &Lexed, open: usize) -> Result<Vec<String>, String> {
    let mut items = Vec::new();
    if lexed.text(open) != "{" {
        return Ok(items);
    }
    let close = lexed.matching(open)?;
    let mut k = open + 1;
    while k < close {
        match lexed.text(k) {
            "(" | "[" | "{" => k = lexed.matching(k)?,
            "fn" | "type" | "const" if lexed.token(k + 1).kind == Kind::Ident => {
                items.push(lexed.text(k + 1).to_string())
            }
            _ => {}
        }
        k += 1;
    }
    Ok(items)
}

/// Of the `impl` at code token `k`: its trait's name (if any), the name of the type it is for
/// (`None` for a tuple, a slice, an array), and the code token of its body's `{`.
fn impl_header(lexed: &Lexed, k: usize) -> (Option<String>, Option<String>, usize) {
    let (t, n) = (|j: usize| lexed.text(j), lexed.code.len());
    let from = skip_generics(lexed, k + 1);
    let (mut angle, mut of_end, mut open) = (0, None, n);
    for j in from..n {
        match t(j) {
            "<" => angle += 1,
            ">" if !matches!(t(j - 1), "-" | "=") => angle -= 1,
            "for" if angle == 0 && t(j + 1) != "<" && of_end.is_none() => of_end = Some(j),
            "{" | "where" if angle == 0 => {
                open = (j..n).find(|&m| t(m) == "{").unwrap_or(n);
                break;
            }
            _ => {}
        }
    }
    let end_of_type = (from..open).find(|&j| t(j) == "where").unwrap_or(open);
    // The last name outside `<..>` of a path: `fmt::Display`, `graph_games::x::Y<T>`.
    let last_name = |from: usize, to: usize| {
        let mut angle = 0;
        let mut name = None;
        for j in from..to {
            match t(j) {
                "<" => angle += 1,
                ">" if !matches!(t(j - 1), "-" | "=") => angle -= 1,
                _ if angle == 0 && lexed.token(j).kind == Kind::Ident && !matches!(t(j), "dyn" | "mut") => {
                    name = Some(t(j).to_string())
                }
                _ => {}
            }
        }
        name
    };
    let (of, type_from) = match of_end {
        Some(f) => (last_name(from, f), f + 1),
        None => (None, from),
    };
    let skipped = (type_from..end_of_type).find(|&j| !matches!(t(j), "&" | "mut" | "dyn") && lexed.token(j).kind != Kind::Lifetime);
    let for_type = match skipped.map(t) {
        Some("(" | "[") | None => None,
        Some(_) => last_name(type_from, end_of_type),
    };
    (of, for_type, open)
}

/// Whether the struct or enum at code token `k` carries `#[derive(.. Debug ..)]`.
fn derives_debug(lexed: &Lexed, k: usize) -> bool {
    let t = |j: usize| lexed.text(j);
    let mut j = k.wrapping_sub(1);
    while matches!(t(j), "pub" | "(" | ")" | "crate" | "super" | "in" | "self") {
        j = j.wrapping_sub(1);
    }
    while t(j) == "]" {
        let open = match lexed.matching_back(j) {
            Ok(open) => open,
            Err(_) => return false,
        };
        if (open..j).any(|m| t(m) == "derive") && (open..j).any(|m| t(m) == "Debug") {
            return true;
        }
        j = open.wrapping_sub(2);
    }
    false
}
