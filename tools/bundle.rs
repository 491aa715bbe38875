//! Bundles a judge program of graph_games into one self-contained source file for online judges.
//!
//! A judge takes one source file, but a binary here (`src/bin/<name>.rs`) is a thin main over the
//! library, whose modules live in files and folders (`src/cli.rs`, `src/input/mod.rs` with
//! `src/input/scanner.rs` beside it, ...). Its bundle is the main followed by the library as an
//! inline module, `mod graph_games { pub mod cli { .. } pub mod input { mod scanner { .. } .. } }`,
//! nested as in the folders, holding only the modules the main needs, and of them only the items
//! it uses. Paths are rewritten so they still resolve: the main's `graph_games::` and the library's
//! `crate::` both become `crate::graph_games::`; `super::`, `self::` and the paths relative to a
//! module stay, since the nesting does. (Putting the modules at the root of the bundle instead
//! would make the main's `use graph_games::{cli, ..}` a `use crate::cli` that clashes with
//! `mod cli` itself.) The main may be any file that uses the library ([`bundle`] takes its path).
//!
//! # How
//! 1. A small lexer splits a file into tokens: identifiers, literals (strings, raw strings, byte
//!    and C strings, chars, numbers), lifetimes, punctuation, comments and whitespace. So a brace
//!    or a path inside a string, a char or a comment is never taken for code, and `'a'` (a char)
//!    is told from `'a` (a lifetime). Every later step edits only whole tokens or the whitespace
//!    between them, so string literals come out byte for byte.
//! 2. Every file first loses the items a bundle does not build: an item (fn, mod, struct, impl,
//!    const, use, ...) with an attribute that is false in a bundle, which plain rustc compiles for
//!    a judge: `#[test]`, a `#[cfg(..)]` false when `test`, `miri` and every cargo feature
//!    (`feature = ".."`) are (`#[cfg(all(test, ..))]`, `#[cfg(feature = "prefault")]`); with the
//!    comments right above it. So unit tests go, and a `mod x;` under such a `cfg` is never read.
//!    A `cfg` known true (`#[cfg(not(feature = ".."))]`) goes, its item staying. A `cfg` on
//!    anything else (a field, a statement) is left to rustc, which drops it the same way.
//! 3. The library, whole: `src/lib.rs` (less its crate attributes, `#![..]`), then each module it
//!    declares out of line, `mod x;` (any visibility, its attributes kept, as a
//!    `#[cfg(target_arch = "x86_64")]`), inlined as `mod x { .. }` from `x.rs` or `x/mod.rs`
//!    beside it (for `src/a.rs` or `src/a/mod.rs`, in `src/a/`), and so on at any depth. Each file
//!    is checked, has its paths rewritten and (4.) its comments stripped before its children go in.
//!    Which of it the main needs is left to pruning (5.), which follows every path as rustc does.
//! 4. Comments go (unless `--docs`): a comment alone on its line with its line, one after code
//!    with the spaces before it; blank lines are then tidied as rustfmt leaves them.
//! 5. Unused items go, told by the compiler, for every target. rustc here (the host, x86-64
//!    Linux) sees only the code of its own target: an item used only under
//!    `#[cfg(not(target_arch = "x86_64"))]` looks unused to it, yet a judge may run on aarch64.
//!    So each round type-checks two copies of the candidate bundle at once (`--emit=metadata
//!    --error-format=json`): the bundle, and its foreign copy ([`foreign_copy`]), where every
//!    target-specific `cfg` name ([`TARGET_CFG_NAMES`]: `target_arch`, `unix`, ..) inside a `cfg`
//!    predicate (`#[cfg(..)]`, `cfg!(..)`, a `cfg_attr`'s) is spelt backwards. rustc does not know
//!    `hcra_tegrat` (and, without `--check-cfg`, says nothing of it), so every target predicate
//!    is false there and `not(..)` of it true, as on a foreign target, while every byte stays
//!    where it was: the spans of the two copies' diagnostics are interchangeable. Something one
//!    copy reports unused goes only if, in the other configuration, it is reported unused too or
//!    not compiled at all: under a `cfg` false there (on it, or on the item, module or block
//!    around it), as [`Config`] evaluates it, from `rustc --print cfg` for the host and without
//!    its target options for the foreign copy. Then each item reported under `dead_code`
//!    (a function, method, constant, type, trait, ...) is cut with its attributes and comments,
//!    a type with its `impl` blocks in its module, a trait with its `impl` blocks anywhere;
//!    imports reported under `unused_imports` go as rustc suggests (one by one when only some of
//!    a `use` go). An import of something cut (it was used by unused code only, cut in the same
//!    round) then no longer resolves, in either copy: it goes from its `use` (only such errors
//!    are tolerated, and only after a round that cut something; any other error in the foreign
//!    copy is an error "does not compile for targets other than x86-64 Linux"). Removing an item
//!    can leave others unused, so this repeats until nothing more goes. An inherent `impl`, a
//!    module (at any depth) or a `macro_rules!` (with its calls) left empty goes too. A field or
//!    an enum variant that rustc finds unused here (never read, never built) cannot go without
//!    rewriting the code that names it: it gets an `#[allow(dead_code)]` of its own. So does, at
//!    the end, an item used only on other targets (the portable classifier of `input::decimal`),
//!    or an `#[allow(unused_imports)]` an import, so that the bundle is warning-free here too;
//!    `make bundle` lists them. Nothing else is allowed: a bundle has no blanket `allow`.
//! 6. Indentation becomes tabs (unless `--docs`), four spaces to a tab, as rustfmt writes with
//!    `hard_tabs = true`: a quarter of the indentation's bytes. (Module bodies stay at column 0,
//!    as in their files.)
//! 7. The header names the program, the commit, and the source files of the modules left, in
//!    brace form (`src/{lib,cli,games/{mod,graph_game},..}.rs`).
//! 8. The bundle must fit [`MAX_BUNDLE_BYTES`] (unless `--docs`), and compile without a single
//!    warning (`-D warnings`) in every edition judges offer, 2018, 2021 and 2024; and be
//!    portable: its foreign copy must compile in each edition too, without an error (a warning
//!    there is tolerated, as a judge does not deny warnings, and `make bundle` lists it).
//!
//! What the bundler cannot carry over faithfully is refused with an error rather than turned into
//! a bundle that does not compile: a `#[path]`, an out-of-line `mod x;` whose file is missing (or
//! there twice, as `x.rs` and `x/mod.rs`), in the main or inside an inline `mod { .. }`;
//! `include!`-like and `env!`-like macros (paths and variables that exist only under cargo), and
//! `graph_games` other than as a path prefix in the main.
//!
//! Cost: linear in the size of the sources for the text work; a few rustc type-checks per bundle
//! (under a second for the first, on the whole library, about a third of a second each after),
//! two at a time for the two copies, so twice the work of pruning for this machine alone; one
//! thread per bundle (`make bundle`: about 9 s on two busy cores for the four judge programs,
//! against 4.5 s for this machine alone).
//!
//! Usage, from the project root (this is what `make bundle` runs): see `USAGE` below. The rustc used
//! is `$RUSTC`, else the `rustc` on the path. Written for rustc 1.63 (`make msrv` checks it).

use std::fs;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The library crate's name, as the binaries write it.
pub const LIBRARY: &str = "graph_games";

/// The largest bundle written by default: 48 KiB, within every judge's limit (Codeforces
/// takes 64 KiB, Kattis 128 KiB, AtCoder 512 KiB, Baekjoon 512 KB).
pub const MAX_BUNDLE_BYTES: usize = 48 * 1024;

/// The editions judges offer for Rust; every bundle compiles in each without a warning.
pub const EDITIONS: [&str; 3] = ["2018", "2021", "2024"];

/// The edition of the rustc runs that find unused items.
const PRUNING_EDITION: &str = "2021";

/// The oldest rustc the bundles are proven on (`make msrv`), for the header.
pub const MSRV: &str = "1.63";

/// The keywords before the name of an item that pruning can remove whole.
const ITEM_KEYWORDS: [&str; 10] =
    ["fn", "const", "static", "struct", "enum", "union", "type", "trait", "mod", "macro_rules"];

/// Macros whose meaning depends on files or variables that exist only under cargo.
const CARGO_ONLY_MACROS: [&str; 5] = ["include", "include_str", "include_bytes", "env", "option_env"];

/// What a token is. Comments and whitespace are tokens too, so that cuts keep the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Space,
    Comment,
    Ident,
    Lifetime,
    Literal,
    Punct,
}

/// One token: its kind and its byte range in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// Splits Rust source into tokens that cover it exactly. Punctuation is one character per token,
/// except `::`. Fails on an unterminated string, char or block comment.
pub fn tokenize(src: &str) -> Result<Vec<Token>, String> {
    let b = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let (kind, end) = if b[i].is_ascii_whitespace() {
            (Kind::Space, i + b[i..].iter().take_while(|c| c.is_ascii_whitespace()).count())
        } else if b[i..].starts_with(b"//") {
            (Kind::Comment, i + b[i..].iter().take_while(|&&c| c != b'\n').count())
        } else if b[i..].starts_with(b"/*") {
            (Kind::Comment, block_comment_end(b, i).ok_or_else(|| at(src, i, "unterminated block comment"))?)
        } else if let Some(end) = prefixed_literal_end(src, i)? {
            (Kind::Literal, end)
        } else if b[i] == b'\'' {
            quote_end(src, i)?
        } else if is_ident_start(b[i]) {
            // A raw identifier `r#match` is one token (a raw string `r#"` was taken above).
            let body = if b[i..].starts_with(b"r#") { i + 2 } else { i };
            (Kind::Ident, body + b[body..].iter().take_while(|&&c| is_ident_continue(c)).count())
        } else if b[i].is_ascii_digit() {
            // Enough for brace matching: `1.5e-3` may come out as several tokens.
            (Kind::Literal, i + b[i..].iter().take_while(|&&c| is_ident_continue(c)).count())
        } else if b[i..].starts_with(b"::") {
            (Kind::Punct, i + 2)
        } else {
            (Kind::Punct, i + utf8_len(b[i]))
        };
        tokens.push(Token { kind, start, end });
        i = end;
    }
    Ok(tokens)
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// The length of the UTF-8 character that starts with byte `c`.
fn utf8_len(c: u8) -> usize {
    match c {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

/// `"line L: message"` for byte `i` of `src`.
fn at(src: &str, i: usize, message: &str) -> String {
    format!("line {}: {message}", line_of(src, i))
}

fn line_of(src: &str, i: usize) -> usize {
    src[..i].bytes().filter(|&c| c == b'\n').count() + 1
}

/// The end of the block comment at `i`; block comments nest.
fn block_comment_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while i + 1 < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// The end of a string literal (`"..."`, `b"..."`, `c"..."`), a raw string (`r"..."`, `r#"..."#`,
/// `br`, `cr`) or a byte char (`b'x'`) starting at `i`; `None` if none starts there.
fn prefixed_literal_end(src: &str, i: usize) -> Result<Option<usize>, String> {
    let b = src.as_bytes();
    let rest = &b[i..];
    let prefix = [&b""[..], b"b", b"c"]
        .into_iter()
        .find(|p| rest.starts_with(p) && rest[p.len()..].starts_with(b"\""))
        .map(|p| p.len());
    if let Some(p) = prefix {
        let mut j = i + p + 1;
        while j < b.len() && b[j] != b'"' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        return if j < b.len() { Ok(Some(j + 1)) } else { Err(at(src, i, "unterminated string")) };
    }
    if let Some(p) = [&b"r"[..], b"br", b"cr"].into_iter().find(|p| rest.starts_with(p)).map(|p| p.len()) {
        let hashes = rest[p..].iter().take_while(|&&c| c == b'#').count();
        if rest.get(p + hashes) == Some(&b'"') {
            let body = i + p + hashes + 1;
            let mut closing = vec![b'"'];
            closing.resize(hashes + 1, b'#');
            let found = b[body..].windows(closing.len()).position(|w| w == closing.as_slice());
            return match found {
                Some(k) => Ok(Some(body + k + closing.len())),
                None => Err(at(src, i, "unterminated raw string")),
            };
        }
    }
    if rest.starts_with(b"b'") {
        return match quote_end(src, i + 1)? {
            (Kind::Literal, end) => Ok(Some(end)),
            _ => Err(at(src, i, "malformed byte literal")),
        };
    }
    Ok(None)
}

/// At a `'`: a char literal (`'x'`, `'\n'`, `'\''`, `'\u{e9}'`) or a lifetime or label (`'a`).
fn quote_end(src: &str, i: usize) -> Result<(Kind, usize), String> {
    let b = src.as_bytes();
    match b.get(i + 1) {
        Some(b'\\') => {
            // Skip the backslash and the escaped character, then up to the closing quote.
            let from = (i + 3).min(b.len());
            let close = b[from..].iter().position(|&c| c == b'\'');
            close
                .map(|k| (Kind::Literal, from + k + 1))
                .ok_or_else(|| at(src, i, "unterminated char literal"))
        }
        Some(&c) => {
            let after = i + 1 + utf8_len(c);
            if b.get(after) == Some(&b'\'') {
                Ok((Kind::Literal, after + 1))
            } else if is_ident_start(c) {
                Ok((Kind::Lifetime, i + 1 + b[i + 1..].iter().take_while(|&&c| is_ident_continue(c)).count()))
            } else {
                Err(at(src, i, "stray quote"))
            }
        }
        None => Err(at(src, i, "stray quote at the end")),
    }
}

/// A tokenized source, with the code tokens (neither space nor comment) indexed apart.
struct Lexed<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    /// Indices into `tokens` of the code tokens.
    code: Vec<usize>,
}

impl<'a> Lexed<'a> {
    fn new(src: &'a str) -> Result<Self, String> {
        let tokens = tokenize(src)?;
        let code =
            (0..tokens.len()).filter(|&t| !matches!(tokens[t].kind, Kind::Space | Kind::Comment)).collect();
        Ok(Lexed { src, tokens, code })
    }

    /// The `k`-th code token.
    fn token(&self, k: usize) -> Token {
        self.tokens[self.code[k]]
    }

    /// The text of the `k`-th code token; "" past the end, so looking ahead needs no bound checks.
    fn text(&self, k: usize) -> &'a str {
        self.code.get(k).map_or("", |&t| &self.src[self.tokens[t].start..self.tokens[t].end])
    }

    fn error(&self, k: usize, message: &str) -> String {
        let byte = self.code.get(k).map_or(self.src.len(), |&t| self.tokens[t].start);
        at(self.src, byte, message)
    }

    /// The code index of the bracket that closes the one at `k` (any of `(`, `[`, `{`).
    fn matching(&self, k: usize) -> Result<usize, String> {
        self.bracket_partner(k, k..self.code.len(), ["(", "[", "{"], "bracket never closed")
    }

    /// The code index of the bracket that opens the one closing at `k`.
    fn matching_back(&self, k: usize) -> Result<usize, String> {
        self.bracket_partner(k, (0..=k).rev(), [")", "]", "}"], "bracket never opened")
    }

    /// Walks the code indices `order` from the bracket at `k`, counting `opening` brackets up and
    /// the others down, to the one that balances it.
    fn bracket_partner(
        &self,
        k: usize,
        order: impl Iterator<Item = usize>,
        opening: [&str; 3],
        never: &str,
    ) -> Result<usize, String> {
        let mut depth = 0usize;
        for j in order {
            match self.text(j) {
                t if opening.contains(&t) => depth += 1,
                ")" | "]" | "}" | "(" | "[" | "{" => {
                    depth = depth.checked_sub(1).ok_or_else(|| self.error(j, "unbalanced bracket"))?;
                    if depth == 0 {
                        return Ok(j);
                    }
                }
                _ => {}
            }
        }
        Err(self.error(k, never))
    }

    /// At code index `k`, the first attribute of something (an item, a field, a statement): what
    /// its `cfg` attributes say of it in a bundle. Absent if one is false ([`Built::Absent`], with the
    /// code index of the item's last token), else present, with the code ranges (`#` to `]`) of
    /// the `cfg` attributes that are true, which may go. Something that is not an item (a field, a
    /// statement) is left to rustc when absent, which drops it the same way.
    fn built(&self, mut k: usize) -> Result<Built, String> {
        let mut absent = false;
        let mut true_cfgs = Vec::new();
        while self.text(k) == "#" && self.text(k + 1) == "[" {
            let close = self.matching(k + 1)?;
            let words: Vec<&str> = (k + 2..close).map(|j| self.text(j)).collect();
            match attribute_value(&words, &Config::AnyJudge) {
                Some(false) => absent = true,
                Some(true) => true_cfgs.push((k, close)),
                None => {}
            }
            k = close + 1;
        }
        if absent {
            if let Some(last) = self.item_end(k)? {
                return Ok(Built::Absent(last));
            }
            true_cfgs.clear(); // left to rustc as it is
        }
        Ok(Built::Present(true_cfgs))
    }

    /// If an item starts at code index `k` (at its attributes, visibility, qualifiers or keyword),
    /// the code index of its last token.
    fn item_end(&self, mut k: usize) -> Result<Option<usize>, String> {
        while self.text(k) == "#" && self.text(k + 1) == "[" {
            k = self.matching(k + 1)? + 1;
        }
        if self.text(k) == "pub" {
            k += 1;
            if self.text(k) == "(" {
                k = self.matching(k)? + 1;
            }
        }
        let qualifiers_start = k;
        while matches!(self.text(k), "unsafe" | "async" | "default" | "extern")
            || (k > qualifiers_start && self.text(k - 1) == "extern" && self.token(k).kind == Kind::Literal)
        {
            k += 1;
        }
        // `const`, `static`, `type` and `use` items end at their `;`, even past a `{ .. }`
        // (`const F: fn() = || {};`); the others end at their body's `}` or at a `;`.
        let ends_at_semicolon = match self.text(k) {
            "static" | "type" | "use" => true,
            "const" => !matches!(self.text(k + 1), "fn" | "unsafe" | "async" | "extern"),
            "fn" | "mod" | "struct" | "enum" | "union" | "impl" | "trait" | "macro_rules" | "crate" => false,
            "{" if k > qualifiers_start => false, // extern "C" { .. }
            _ => return Ok(None),                 // not an item: rustc drops it by itself
        };
        let mut j = k;
        while j < self.code.len() {
            match self.text(j) {
                "{" if !ends_at_semicolon => return self.matching(j).map(Some),
                "(" | "[" | "{" => j = self.matching(j)?,
                ")" | "]" | "}" => return Err(self.error(j, "unbalanced bracket")),
                ";" => return Ok(Some(j)),
                _ => {}
            }
            j += 1;
        }
        Err(self.error(k, "item never ends"))
    }

    /// The code index of the token that starts at byte `at`, if one does.
    fn code_at(&self, at: usize) -> Option<usize> {
        self.code.binary_search_by_key(&at, |&t| self.tokens[t].start).ok()
    }

    /// The first code index of the item whose keyword is at `k`: back over its qualifiers
    /// (`const fn`, `unsafe`, `extern "C"`, ..), its visibility and its outer attributes.
    fn item_start(&self, mut k: usize) -> Result<usize, String> {
        while k > 0 {
            let before = self.text(k - 1);
            if matches!(before, "pub" | "const" | "unsafe" | "async" | "extern" | "default")
                || (self.token(k - 1).kind == Kind::Literal && k >= 2 && self.text(k - 2) == "extern")
            {
                k -= 1;
                continue;
            }
            if before == ")" || before == "]" {
                let open = self.matching_back(k - 1)?;
                let owner = if before == ")" { "pub" } else { "#" };
                if open > 0 && self.text(open - 1) == owner {
                    k = open - 1;
                    continue;
                }
            }
            break;
        }
        Ok(k)
    }

    /// For the name at code index `k` that rustc reports unused: the code index of its item's
    /// keyword, if it names an item (not a field or an enum variant).
    fn item_keyword(&self, k: usize) -> Option<usize> {
        let kw = if k >= 2
            && matches!((self.text(k - 2), self.text(k - 1)), ("static", "mut") | ("macro_rules", "!"))
        {
            k - 2
        } else {
            k.checked_sub(1)?
        };
        ITEM_KEYWORDS.contains(&self.text(kw)).then_some(kw)
    }

    /// Whether code index `k` may start an item: the first token, or after an item or a block opens.
    fn at_item_boundary(&self, k: usize) -> bool {
        k == 0 || matches!(self.text(k - 1), ";" | "{" | "}" | "]")
    }

    /// The `impl` blocks in `src`, each as (first code index, the `impl`, its body's `{`, its last).
    fn impls(&self) -> Result<Vec<(usize, usize, usize, usize)>, String> {
        let mut found = Vec::new();
        for k in 0..self.code.len() {
            let unsafe_impl = k > 0 && self.text(k - 1) == "unsafe";
            if self.text(k) != "impl" || !self.at_item_boundary(if unsafe_impl { k - 1 } else { k }) {
                continue;
            }
            let mut open = k + 1;
            while open < self.code.len() && self.text(open) != "{" {
                open += 1;
            }
            if open == self.code.len() {
                return Err(self.error(k, "impl without a body"));
            }
            found.push((self.item_start(k)?, k, open, self.matching(open)?));
        }
        Ok(found)
    }

    /// The bytes to cut for the item from code index `first` to `last`: with the comments right
    /// above it (no blank line between, not `//!`), its indentation and the rest of its last line.
    fn cut_range(&self, first: usize, last: usize) -> (usize, usize) {
        let bytes = self.src.as_bytes();
        let mut t = self.code[first];
        while t >= 2 {
            let (space, comment) = (self.tokens[t - 1], self.tokens[t - 2]);
            let comment_text = &self.src[comment.start..comment.end];
            let attached = space.kind == Kind::Space
                && self.src[space.start..space.end].matches('\n').count() == 1
                && comment.kind == Kind::Comment
                && !comment_text.starts_with("//!")
                && !comment_text.starts_with("/*!")
                && self.src[..comment.start].rsplit('\n').next().map_or(true, |l| l.trim().is_empty());
            if !attached {
                break;
            }
            t -= 2;
        }
        let mut start = self.tokens[t].start;
        while start > 0 && matches!(bytes[start - 1], b' ' | b'\t') {
            start -= 1;
        }
        let mut end = self.token(last).end;
        let rest_of_line = bytes[end..].iter().take_while(|&&c| matches!(c, b' ' | b'\t' | b'\r')).count();
        if bytes.get(end + rest_of_line) == Some(&b'\n') {
            end += rest_of_line + 1;
            // Do not leave two blank lines where the item was.
            if self.src[..start].ends_with("\n\n") && bytes.get(end) == Some(&b'\n') {
                end += 1;
            }
        }
        (start, end)
    }

    /// The bytes to cut for the attribute from code index `first` (its `#`) to `last` (its `]`):
    /// its line if it is alone there, else the attribute and the spaces after it.
    fn attribute_range(&self, first: usize, last: usize) -> (usize, usize) {
        let bytes = self.src.as_bytes();
        let (mut start, mut end) = (self.token(first).start, self.token(last).end);
        let spaces_after = bytes[end..].iter().take_while(|&&c| matches!(c, b' ' | b'\t' | b'\r')).count();
        let line_start = self.src[..start].rfind('\n').map_or(0, |i| i + 1);
        if self.src[line_start..start].trim().is_empty() && bytes.get(end + spaces_after) == Some(&b'\n') {
            start = line_start;
            end += spaces_after + 1;
        } else {
            end += spaces_after;
        }
        (start, end)
    }
}

/// What the `cfg` attributes of something say of it in a bundle (see [`Lexed::built`]).
enum Built {
    /// Absent from a bundle: an item, up to this code index.
    Absent(usize),
    /// Present, with the code ranges of the attributes known true.
    Present(Vec<(usize, usize)>),
}

/// The `cfg` names that depend on the target a judge compiles for.
pub const TARGET_CFG_NAMES: [&str; 12] = [
    "target_arch",
    "target_os",
    "target_family",
    "target_env",
    "target_vendor",
    "target_feature",
    "target_endian",
    "target_pointer_width",
    "target_has_atomic",
    "target_abi",
    "unix",
    "windows",
];

/// What is known of the `cfg` options of a compilation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Config {
    /// Any judge's, as far as a bundle can know: `test`, `miri` and every cargo feature
    /// (`feature = ".."`) are off; the others (`unix`, `target_arch = ".."`) depend on the judge.
    AnyJudge,
    /// Exactly these options are on, each `name` or `name="value"` as `rustc --print cfg` lists
    /// them; any other is off.
    Exactly(Vec<String>),
}

impl Config {
    /// This machine's options, as `rustc` type-checks a bundle here: `rustc --print cfg`.
    pub fn host(rustc: &str) -> Result<Config, String> {
        let output = Command::new(rustc)
            .args(["--print", "cfg"])
            .output()
            .map_err(|e| format!("cannot run {rustc}: {e}"))?;
        if !output.status.success() {
            return Err(format!("{rustc} --print cfg failed: {}", String::from_utf8_lossy(&output.stderr)));
        }
        let options = String::from_utf8_lossy(&output.stdout);
        Ok(Config::Exactly(options.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect()))
    }

    /// The foreign configuration of this one: the same options less every target-specific one
    /// ([`TARGET_CFG_NAMES`]), so that each target predicate is false and `not(..)` of it true.
    /// It is what `self` makes of a [`foreign_copy`].
    pub fn foreign(&self) -> Config {
        match self {
            Config::AnyJudge => Config::AnyJudge,
            Config::Exactly(options) => Config::Exactly(
                options
                    .iter()
                    .filter(|o| !TARGET_CFG_NAMES.contains(&o.split('=').next().unwrap_or("")))
                    .cloned()
                    .collect(),
            ),
        }
    }

    /// The value of the option `key` (`"x86_64"` for `target_arch`, quotes included), if known.
    pub fn value(&self, key: &str) -> Option<&str> {
        match self {
            Config::Exactly(options) => options.iter().find_map(|o| o.strip_prefix(key)?.strip_prefix('=')),
            Config::AnyJudge => None,
        }
    }

    /// The target, for messages: `x86-64 Linux`.
    pub fn target_name(&self) -> String {
        let value = |key: &str| self.value(key).map(|v| v.trim_matches('"').to_string());
        let arch = value("target_arch").map_or("any".to_string(), |a| a.replace('_', "-"));
        let os = value("target_os").map_or(String::new(), |os| {
            let mut chars = os.chars();
            chars.next().map_or(String::new(), |c| format!(" {}{}", c.to_uppercase(), chars.as_str()))
        });
        format!("{arch}{os}")
    }

    /// Whether the option `name` (with `= value`, a string literal as written, if given) is on:
    /// `None` if that is not known.
    fn option(&self, name: &str, value: Option<&str>) -> Option<bool> {
        match self {
            Config::AnyJudge => match value {
                Some(_) if name == "feature" => Some(false),
                None if matches!(name, "test" | "miri") => Some(false),
                _ => None,
            },
            Config::Exactly(options) => Some(options.iter().any(|o| match value {
                None => o == name,
                Some(value) => o.strip_prefix(name).and_then(|o| o.strip_prefix('=')) == Some(value),
            })),
        }
    }
}

/// What an attribute (its tokens between `#[` and `]`) says of its item in `config`: `#[test]`
/// and a false `cfg` remove it (`Some(false)`), a true `cfg` keeps it (`Some(true)`), and
/// anything else says nothing (`None`). A `cfg_attr` whose predicate is true says what the `cfg`
/// among its attributes says, but only when that removes the item: it never goes as a true `cfg`.
fn attribute_value(words: &[&str], config: &Config) -> Option<bool> {
    match words {
        ["test"] => Some(false),
        ["cfg", "(", predicate @ .., ")"] => cfg_value(predicate, config),
        ["cfg_attr", "(", inner @ .., ")"] => {
            let parts = top_level_parts(inner);
            let (predicate, attributes) = parts.split_first()?;
            let removed = attributes
                .iter()
                .any(|a| matches!(a, ["cfg", ..]) && attribute_value(a, config) == Some(false));
            (removed && cfg_value(predicate, config) == Some(true)).then_some(false)
        }
        _ => None,
    }
}

/// `words` split at their top-level commas (not those inside brackets).
fn top_level_parts<'w, 'a>(words: &'w [&'a str]) -> Vec<&'w [&'a str]> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0usize, 0);
    for (i, &word) in words.iter().enumerate() {
        match word {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "," if depth == 0 => {
                parts.push(&words[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    if from < words.len() {
        parts.push(&words[from..]);
    }
    parts
}

/// The value of a `cfg` predicate in `config` (`None`: unknown): `not`, `all` and `any` combine
/// the options, as [`Config`] tells them. For [`Config::AnyJudge`], which plain rustc compiles for
/// a judge, `test`, `miri` and every cargo feature are false and any other option is unknown
/// (`unix`, `target_arch = ".."` depend on the judge). Iterative, with a stack of the enclosing
/// `all` / `any` / `not` and the values of their operands so far.
fn cfg_value(words: &[&str], config: &Config) -> Option<bool> {
    let mut stack: Vec<(&str, Vec<Option<bool>>)> = vec![("all", Vec::new())];
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        if matches!(word, "all" | "any" | "not") && words.get(i + 1) == Some(&"(") {
            stack.push((word, Vec::new()));
            i += 2;
            continue;
        }
        if word == ")" {
            let (op, values) = stack.pop()?;
            let value = combine(op, &values);
            stack.last_mut()?.1.push(value);
        } else if word != "," {
            let value = if words.get(i + 1) == Some(&"=") { words.get(i + 2).copied() } else { None };
            stack.last_mut()?.1.push(config.option(word, value));
            if value.is_some() {
                i += 2; // the `=` and the value
            }
        }
        i += 1;
    }
    match stack.as_slice() {
        [(_, values)] if values.len() == 1 => values[0],
        _ => None,
    }
}

fn combine(op: &str, values: &[Option<bool>]) -> Option<bool> {
    match op {
        "not" => values.first().copied().flatten().map(|v| !v),
        "any" if values.contains(&Some(true)) => Some(true),
        "any" if values.iter().all(|&v| v == Some(false)) => Some(false),
        "all" if values.contains(&Some(false)) => Some(false),
        "all" if values.iter().all(|&v| v == Some(true)) => Some(true),
        _ => None,
    }
}

/// `src` as a foreign target sees it: every target-specific `cfg` name ([`TARGET_CFG_NAMES`])
/// in a `cfg` predicate (of `#[cfg(..)]`, `#![cfg(..)]`, `cfg!(..)` and the predicate of a
/// `cfg_attr`) spelt backwards, `target_arch = "x86_64"` as `hcra_tegrat = "x86_64"`, `unix` as
/// `xinu`. A name rustc does not know is never set (and plain rustc, without `--check-cfg`, says
/// nothing of it), so each target predicate is false there and `not(..)` of it true, whatever its
/// value. The copy has the length and the layout of `src`, byte for byte but in those names: the
/// spans of rustc's diagnostics on either copy are the same.
pub fn foreign_copy(src: &str) -> Result<String, String> {
    let lexed = Lexed::new(src)?;
    let mut out = src.as_bytes().to_vec();
    let mut predicates = Vec::new();
    for k in 0..lexed.code.len() {
        let opens = |j: usize| matches!(lexed.text(j), "(" | "[" | "{");
        let in_attribute = k >= 2
            && lexed.text(k - 1) == "["
            && (lexed.text(k - 2) == "#" || (lexed.text(k - 2) == "!" && k >= 3 && lexed.text(k - 3) == "#"));
        if lexed.text(k) == "cfg" && lexed.text(k + 1) == "!" && opens(k + 2) {
            predicates.push((k + 3, lexed.matching(k + 2)?));
        } else if in_attribute && matches!(lexed.text(k), "cfg" | "cfg_attr") && lexed.text(k + 1) == "(" {
            lexed.attribute_predicates(k, &mut predicates)?;
        }
    }
    for (from, to) in predicates {
        for j in from..to {
            let token = lexed.token(j);
            if token.kind == Kind::Ident && TARGET_CFG_NAMES.contains(&lexed.text(j)) {
                out[token.start..token.end].reverse();
            }
        }
    }
    String::from_utf8(out).map_err(|e| e.to_string())
}

impl Lexed<'_> {
    /// The `cfg` predicates of the attribute `cfg(..)` or `cfg_attr(..)` at code index `k` (the
    /// `cfg` among the attributes of a `cfg_attr` too), each as a range of code indices.
    fn attribute_predicates(&self, k: usize, predicates: &mut Vec<(usize, usize)>) -> Result<(), String> {
        let close = self.matching(k + 1)?;
        if self.text(k) == "cfg" {
            predicates.push((k + 2, close));
            return Ok(());
        }
        // `cfg_attr(predicate, attribute, ..)`
        let mut j = k + 2;
        let mut first = true;
        while j < close {
            let mut end = j;
            while end < close && self.text(end) != "," {
                end =
                    if matches!(self.text(end), "(" | "[" | "{") { self.matching(end)? + 1 } else { end + 1 };
            }
            if first {
                predicates.push((j, end));
                first = false;
            } else if matches!(self.text(j), "cfg" | "cfg_attr") && self.text(j + 1) == "(" {
                self.attribute_predicates(j, predicates)?;
            }
            j = end + 1;
        }
        Ok(())
    }

    /// The code ranges (first and last index) of what is not compiled in `config`: each thing
    /// under an attribute false there (see [`attribute_value`]) — an item, a block, a statement, a
    /// field —, and each block whose inner attribute (`#![cfg(..)]`) is false.
    fn absent_ranges(&self, config: &Config) -> Result<Vec<(usize, usize)>, String> {
        let mut ranges = Vec::new();
        // The brackets open at the current token, for inner attributes.
        let mut open: Vec<usize> = Vec::new();
        for k in 0..self.code.len() {
            match self.text(k) {
                "(" | "[" | "{" => open.push(k),
                ")" | "]" | "}" => {
                    open.pop();
                }
                "#" => {
                    let inner = self.text(k + 1) == "!";
                    let bracket = k + 1 + usize::from(inner);
                    if self.text(bracket) != "[" {
                        continue;
                    }
                    let close = self.matching(bracket)?;
                    let words: Vec<&str> = (bracket + 1..close).map(|j| self.text(j)).collect();
                    if attribute_value(&words, config) != Some(false) {
                        continue;
                    }
                    if inner {
                        let block = open.last().map_or(Ok((0, self.code.len().saturating_sub(1))), |&o| {
                            self.matching(o).map(|c| (o, c))
                        })?;
                        ranges.push(block);
                    } else {
                        ranges.push((k, self.attached_end(close + 1)?));
                    }
                }
                _ => {}
            }
        }
        Ok(ranges)
    }

    /// The last code index of what the outer attributes before code index `k` are on: an item, a
    /// block, else a statement or a field, up to its `;` or `,` or the end of what holds it.
    fn attached_end(&self, mut k: usize) -> Result<usize, String> {
        while self.text(k) == "#" && self.text(k + 1) == "[" {
            k = self.matching(k + 1)? + 1;
        }
        if let Some(last) = self.item_end(k)? {
            return Ok(last);
        }
        if self.text(k) == "{" {
            return self.matching(k);
        }
        let mut j = k;
        while j < self.code.len() {
            match self.text(j) {
                "(" | "[" | "{" => j = self.matching(j)?,
                ";" | "," => return Ok(j),
                ")" | "]" | "}" => return Ok(j.saturating_sub(1).max(k)),
                _ => {}
            }
            j += 1;
        }
        Ok(self.code.len().saturating_sub(1))
    }
}

/// Whether code index `k` lies outside every range of `absent` (see [`Lexed::absent_ranges`]).
fn compiled(absent: &[(usize, usize)], k: usize) -> bool {
    !absent.iter().any(|&(first, last)| first <= k && k <= last)
}

/// `src` without the items that a bundle does not have (see the module doc, step 2): those with a
/// `cfg` attribute false in a bundle (`test`, a cargo feature), and `#[test]` functions, each with
/// the comments right above it. The `cfg` attributes known true go too, the item staying.
pub fn strip_unbuilt_items(src: &str) -> Result<String, String> {
    let lexed = Lexed::new(src)?;
    let mut cuts = Vec::new();
    let mut k = 0;
    let mut after_inner_attribute = 0;
    while k < lexed.code.len() {
        if lexed.text(k) == "#" && lexed.text(k + 1) == "!" && lexed.text(k + 2) == "[" {
            k = lexed.matching(k + 2)? + 1; // `#![..]`: items may follow
            after_inner_attribute = k;
            continue;
        }
        let at_item_start = k == after_inner_attribute || matches!(lexed.text(k - 1), ";" | "{" | "}");
        if at_item_start && lexed.text(k) == "#" && lexed.text(k + 1) == "[" {
            match lexed.built(k)? {
                Built::Absent(last) => {
                    cuts.push(lexed.cut_range(k, last));
                    k = last + 1;
                    continue;
                }
                Built::Present(true_cfgs) => {
                    cuts.extend(
                        true_cfgs.into_iter().map(|(first, last)| lexed.attribute_range(first, last)),
                    );
                }
            }
        }
        k += 1;
    }
    let mut out = String::with_capacity(src.len());
    let mut kept_from = 0;
    for (start, end) in cuts {
        out.push_str(&src[kept_from..start]);
        kept_from = end;
    }
    out.push_str(&src[kept_from..]);
    Ok(out)
}

/// An error if `src` uses what a bundle cannot carry over (see the module doc). In a library
/// module (`is_module`), an out-of-line `mod x;` at the top level is inlined by [`bundle`]; in the
/// main, or inside an inline module, it is refused.
pub fn check_bundleable(src: &str, is_module: bool) -> Result<(), String> {
    let lexed = Lexed::new(src)?;
    let mut depth = 0usize;
    for k in 0..lexed.code.len() {
        let word = lexed.text(k);
        match word {
            "{" => depth += 1,
            "}" => depth = depth.saturating_sub(1),
            _ => {}
        }
        if lexed.token(k).kind == Kind::Ident && CARGO_ONLY_MACROS.contains(&word) && lexed.text(k + 1) == "!"
        {
            return Err(lexed.error(k, &format!("`{word}!` means something else outside cargo")));
        }
        if word == "mod" && lexed.token(k + 1).kind == Kind::Ident && lexed.text(k + 2) == ";" {
            if !is_module {
                return Err(
                    lexed.error(k, "an out-of-line `mod` in the main cannot be inlined (write it inline)")
                );
            }
            if depth > 0 {
                return Err(lexed.error(k, "an out-of-line `mod` inside a `{ .. }` cannot be inlined"));
            }
        }
        if word == "path" && k >= 2 && lexed.text(k - 1) == "[" && lexed.text(k - 2) == "#" {
            return Err(lexed.error(k, "`#[path]` cannot be bundled"));
        }
        if word == LIBRARY && (is_module || lexed.text(k + 1) != "::") {
            return Err(lexed.error(k, &format!("`{LIBRARY}` must appear as a path prefix in the main only")));
        }
    }
    Ok(())
}

/// The out-of-line module declarations of `src` (`mod x;` with any attributes and visibility),
/// each as its name (without `r#`) and the byte range of its `;`.
fn out_of_line_modules(src: &str) -> Result<Vec<(String, usize, usize)>, String> {
    let lexed = Lexed::new(src)?;
    let mut found = Vec::new();
    for k in 0..lexed.code.len() {
        if lexed.text(k) == "mod" && lexed.token(k + 1).kind == Kind::Ident && lexed.text(k + 2) == ";" {
            let name = lexed.text(k + 1);
            let semicolon = lexed.token(k + 2);
            found.push((name.trim_start_matches("r#").to_string(), semicolon.start, semicolon.end));
        }
    }
    Ok(found)
}

/// Where the library lives in a bundle.
pub const LIBRARY_IN_BUNDLE: &str = "crate::graph_games";

/// `src` with every path that starts `root::` (or `::root::`) made to start `LIBRARY_IN_BUNDLE::`:
/// `root` is `graph_games` in the main and `crate` in a module (`$crate` and `pub(in crate::x)`
/// included).
pub fn rewrite_paths(src: &str, root: &str) -> Result<String, String> {
    let lexed = Lexed::new(src)?;
    let mut out = String::with_capacity(src.len());
    let mut kept_from = 0;
    for k in 0..lexed.code.len() {
        if lexed.text(k) == root && lexed.text(k + 1) == "::" {
            let leading_colons = k > 0 && lexed.text(k - 1) == "::";
            let start = lexed.token(if leading_colons { k - 1 } else { k }).start;
            out.push_str(&src[kept_from..start]);
            out.push_str(LIBRARY_IN_BUNDLE);
            kept_from = lexed.token(k).end;
        }
    }
    out.push_str(&src[kept_from..]);
    Ok(out)
}

/// `src` (the library root) without its inner attributes (`#![..]`): they are the crate's, and a
/// bundle's crate is the judge program.
pub fn without_crate_attributes(src: &str) -> Result<String, String> {
    let lexed = Lexed::new(src)?;
    let mut cuts = Vec::new();
    let mut k = 0;
    while k < lexed.code.len() {
        if lexed.text(k) == "#" && lexed.text(k + 1) == "!" && lexed.text(k + 2) == "[" {
            let close = lexed.matching(k + 2)?;
            let (start, end) = lexed.attribute_range(k, close);
            cuts.push((start, end, String::new()));
            k = close + 1;
        } else if matches!(lexed.text(k), "(" | "[" | "{") {
            k = lexed.matching(k)? + 1; // over blocks: their inner attributes are not the crate's
        } else {
            k += 1;
        }
    }
    Ok(apply_edits(src, cuts))
}

/// The library root, relative to the project root.
pub const LIBRARY_ROOT: &str = "src/lib.rs";

/// The deepest nesting of module folders followed (a guard against a folder that links to itself).
const MAX_MODULE_DEPTH: usize = 32;

/// A library file carried into a bundle: its module's path in the library (`""` for the root,
/// `games::police_thief`) and the file, relative to the project root (`src/games/police_thief/mod.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub module: String,
    pub file: String,
}

/// The folder that holds the files of the modules `file` declares out of line: beside it for a
/// crate root or a `mod.rs`, else the folder named after it (`src/a.rs` → `src/a`).
fn children_folder(file: &str, is_root: bool) -> String {
    let (folder, name) = file.rsplit_once('/').unwrap_or(("", file));
    let stem = name.strip_suffix(".rs").unwrap_or(name);
    let join = |a: &str, b: &str| if a.is_empty() { b.to_string() } else { format!("{a}/{b}") };
    if is_root || stem == "mod" {
        folder.to_string()
    } else {
        join(folder, stem)
    }
}

/// The library module in `file` (relative to `root`), made ready for a bundle with the modules it
/// declares out of line inlined, theirs too, at any depth: each file loses what a bundle does not
/// build ([`strip_unbuilt_items`]), is checked ([`check_bundleable`]), has its `crate::` paths
/// rewritten ([`rewrite_paths`]) and its comments stripped (unless `docs`); then each `mod x;`
/// becomes `mod x { .. }` holding `x.rs` or `x/mod.rs` of [`children_folder`], its attributes and
/// visibility kept. Every file read is added to `sources`, parents before their children.
pub fn inline_module(
    root: &Path,
    source: Source,
    docs: bool,
    sources: &mut Vec<Source>,
) -> Result<String, String> {
    let file = source.file.clone();
    let is_root = source.module.is_empty();
    let in_file = |e: String| format!("{file}: {e}");
    let depth = source.module.matches("::").count() + usize::from(!is_root);
    if depth > MAX_MODULE_DEPTH {
        return Err(in_file(format!("modules nested deeper than {MAX_MODULE_DEPTH}")));
    }
    let mut body = strip_unbuilt_items(&read(root, &file)?).map_err(in_file)?;
    if is_root {
        body = without_crate_attributes(&body).map_err(in_file)?;
    }
    check_bundleable(&body, true).map_err(in_file)?;
    let body = rewrite_paths(&body, "crate").map_err(in_file)?;
    let body = if docs { body } else { strip_comments(&body).map_err(in_file)? };
    let folder = children_folder(&file, is_root);
    let module = source.module.clone();
    sources.push(source);
    let mut edits = Vec::new();
    for (name, start, end) in out_of_line_modules(&body).map_err(in_file)? {
        let candidates = [format!("{folder}/{name}.rs"), format!("{folder}/{name}/mod.rs")];
        let found: Vec<&String> = candidates.iter().filter(|c| root.join(c).is_file()).collect();
        let child_file = match found.as_slice() {
            [one] => one.to_string(),
            [] => {
                return Err(in_file(format!(
                    "`mod {name};` found neither {} nor {}",
                    candidates[0], candidates[1]
                )))
            }
            _ => {
                return Err(in_file(format!(
                    "`mod {name};`: both {} and {} exist",
                    candidates[0], candidates[1]
                )))
            }
        };
        let child_module = if is_root { name.clone() } else { format!("{module}::{name}") };
        let child = inline_module(root, Source { module: child_module, file: child_file }, docs, sources)?;
        edits.push((start, end, format!(" {{\n{}\n}}", child.trim_start_matches('\n').trim_end())));
    }
    Ok(apply_edits(&body, edits))
}

/// `files` (paths with `/`) written short, as a shell's brace expansion would list them:
/// `src/{lib,cli,games/{mod,graph_game}}.rs`. The `.rs` goes to the end when every file has it.
pub fn brace_list(files: &[String]) -> String {
    /// A folder: its entries in order of first appearance, each a name, whether a file has that
    /// name, and the folder of that name.
    #[derive(Default)]
    struct Folder(Vec<(String, bool, Folder)>);
    impl Folder {
        fn add(&mut self, path: &str) {
            let (head, rest) = match path.split_once('/') {
                Some((head, rest)) => (head, Some(rest)),
                None => (path, None),
            };
            let index = match self.0.iter().position(|e| e.0 == head) {
                Some(index) => index,
                None => {
                    self.0.push((head.to_string(), false, Folder::default()));
                    self.0.len() - 1
                }
            };
            match rest {
                Some(rest) => self.0[index].2.add(rest),
                None => self.0[index].1 = true,
            }
        }

        /// Its entries, each a name or `name/..` for the files inside.
        fn entries(&self) -> Vec<String> {
            let mut entries = Vec::new();
            for (name, is_file, folder) in &self.0 {
                if *is_file {
                    entries.push(name.clone());
                }
                match folder.entries().as_slice() {
                    [] => {}
                    [one] => entries.push(format!("{name}/{one}")),
                    many => entries.push(format!("{name}/{{{}}}", many.join(","))),
                }
            }
            entries
        }
    }
    let all_rust = files.iter().all(|f| f.ends_with(".rs"));
    let mut top = Folder::default();
    for file in files {
        top.add(if all_rust { &file[..file.len() - 3] } else { file });
    }
    let list = match top.entries().as_slice() {
        [one] => one.clone(),
        many => format!("{{{}}}", many.join(",")),
    };
    if all_rust && !files.is_empty() {
        format!("{list}.rs")
    } else {
        list
    }
}

/// The paths of the modules inline in `src` under the module `top` (`mod top { .. }` at its top
/// level), relative to it (`a`, `a::b`), in order.
fn inline_modules_under(src: &str, top: &str) -> Result<Vec<String>, String> {
    let lexed = Lexed::new(src)?;
    let mut found = Vec::new();
    // The modules open at the current token: their paths (from `top`) and their closing braces.
    let mut open: Vec<(String, usize)> = Vec::new();
    for k in 0..lexed.code.len() {
        while open.last().map_or(false, |o| o.1 < k) {
            open.pop();
        }
        if lexed.text(k) != "mod" || lexed.token(k + 1).kind != Kind::Ident || lexed.text(k + 2) != "{" {
            continue;
        }
        let name = lexed.text(k + 1);
        let close = lexed.matching(k + 2)?;
        let path = match open.last() {
            None if name == top => String::new(),
            None => continue,
            Some((parent, _)) if parent.is_empty() => name.to_string(),
            Some((parent, _)) => format!("{parent}::{name}"),
        };
        if !path.is_empty() {
            found.push(path.clone());
        }
        open.push((path, close));
    }
    Ok(found)
}

/// The programs of `src/bin/` that are tools, not judge programs: never bundled by default.
pub const TOOLS: [&str; 1] = ["stress"];

/// The programs bundled by default, by name, sorted: the judge programs of `src/bin/` (not the
/// [`TOOLS`]) and the examples of `examples/` (whole submissions written against the library).
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
    names.retain(|name| !TOOLS.contains(&name.as_str()));
    names.sort();
    Ok(names)
}

/// Removes the comments of `src`: a comment alone on its line goes with its line, one after code
/// goes with the spaces before it. Then tidies the blank lines (see [`tidy_blank_lines`]).
pub fn strip_comments(src: &str) -> Result<String, String> {
    let tokens = tokenize(src)?;
    let bytes = src.as_bytes();
    let mut cuts = Vec::new();
    for t in tokens.iter().filter(|t| t.kind == Kind::Comment) {
        let line_start = src[..t.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[t.end..].find('\n').map_or(src.len(), |i| t.end + i);
        let alone_before = src[line_start..t.start].trim().is_empty();
        let alone_after = src[t.end..line_end].trim().is_empty();
        if alone_before && alone_after {
            cuts.push((line_start, (line_end + 1).min(src.len()), String::new()));
        } else if alone_before {
            let spaces = bytes[t.end..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
            cuts.push((t.start, t.end + spaces, String::new()));
        } else {
            let spaces = bytes[..t.start].iter().rev().take_while(|&&c| c == b' ' || c == b'\t').count();
            cuts.push((t.start - spaces, t.end, String::new()));
        }
    }
    tidy_blank_lines(&apply_edits(src, cuts))
}

/// `src` with at most one blank line in a row, none right after a `{` or right before a `}`,
/// none at the start or the end, and no spaces on blank lines, as rustfmt leaves it. Only the whitespace
/// between tokens changes: string literals stay as they are.
pub fn tidy_blank_lines(src: &str) -> Result<String, String> {
    let tokens = tokenize(src)?;
    let mut edits = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let text = &src[t.start..t.end];
        let newlines = text.matches('\n').count();
        if t.kind != Kind::Space || newlines < 2 && i > 0 {
            continue;
        }
        let after_open = i > 0 && &src[tokens[i - 1].start..tokens[i - 1].end] == "{";
        let before_close = tokens.get(i + 1).map_or(false, |n| &src[n.start..n.end] == "}");
        let at_end = i + 1 == tokens.len();
        let keep = if i == 0 {
            0
        } else if after_open || before_close || at_end {
            1
        } else {
            newlines.min(2)
        };
        let indent = &text[text.rfind('\n').map_or(text.len(), |j| j + 1)..];
        let indent = if i == 0 && newlines == 0 || at_end { "" } else { indent };
        let tidy = format!("{}{indent}", "\n".repeat(keep));
        if tidy != text {
            edits.push((t.start, t.end, tidy));
        }
    }
    Ok(apply_edits(src, edits))
}

/// `src` without blank lines (a bundle's size counts; the items stay one to a line, as rustfmt
/// writes them). Only the whitespace between tokens changes: string literals stay as they are.
pub fn without_blank_lines(src: &str) -> Result<String, String> {
    let mut edits = Vec::new();
    for t in tokenize(src)?.iter().filter(|t| t.kind == Kind::Space) {
        let text = &src[t.start..t.end];
        if text.matches('\n').count() >= 2 {
            let indent = &text[text.rfind('\n').map_or(text.len(), |j| j + 1)..];
            edits.push((t.start, t.end, format!("\n{indent}")));
        }
    }
    Ok(apply_edits(src, edits))
}

/// `src` without the derives a judge program does not use, each kind dropped if the program still
/// compiles without it, here and on other targets (its [`foreign_copy`]): first `Debug` (a judge
/// program never prints a value with `{:?}`; the library derives `Debug` for its tests), then a
/// `Clone` derived alone (the library's result types are `Clone` for its users, which a judge
/// program may not be). Else `src` as it is.
pub fn without_unused_derives(rustc: &str, src: &str) -> Result<String, String> {
    let without_debug = |code: &str| {
        let lines: Vec<&str> = code.lines().filter(|l| l.trim() != "#[derive(Debug)]").collect();
        format!("{}\n", lines.join("\n")).replace("#[derive(Debug, ", "#[derive(")
    };
    let without_lone_clone = |code: &str| {
        let lines: Vec<&str> = code.lines().filter(|l| l.trim() != "#[derive(Clone)]").collect();
        format!("{}\n", lines.join("\n"))
    };
    let mut code = src.to_string();
    for drop in [&without_debug as &dyn Fn(&str) -> String, &without_lone_clone] {
        let text = drop(&code);
        if text == code {
            continue;
        }
        let (on_host, on_foreign) = diagnostics_of_both(rustc, &text, PRUNING_EDITION, false)?;
        if on_host.iter().chain(&on_foreign).all(|d| d.level != "error") {
            code = text;
        }
    }
    Ok(code)
}

/// `src` indented with tabs, four spaces to a tab, as rustfmt writes it with `hard_tabs = true`:
/// a quarter of the bytes of the indentation. Only the whitespace between tokens changes.
pub fn indent_with_tabs(src: &str) -> Result<String, String> {
    let mut edits = Vec::new();
    for t in tokenize(src)?.iter().filter(|t| t.kind == Kind::Space) {
        let text = &src[t.start..t.end];
        if let Some(last_newline) = text.rfind('\n') {
            let indent = &text[last_newline + 1..];
            let spaces = indent.bytes().take_while(|&c| c == b' ').count();
            if spaces >= 4 && spaces == indent.len() {
                let tabs = format!("{}{}", "\t".repeat(spaces / 4), " ".repeat(spaces % 4));
                edits.push((t.start + last_newline + 1, t.end, tabs));
            }
        }
    }
    Ok(apply_edits(src, edits))
}

/// `src` with each `(start, end, replacement)` applied; a range that overlaps one before it is
/// cut only where it goes further (removals merge), and its replacement dropped.
fn apply_edits(src: &str, mut edits: Vec<(usize, usize, String)>) -> String {
    edits.sort_by_key(|e| (e.0, e.1));
    let mut out = String::with_capacity(src.len());
    let mut kept_from = 0;
    for (start, end, replacement) in edits {
        if start >= kept_from {
            out.push_str(&src[kept_from..start]);
            out.push_str(&replacement);
        }
        kept_from = kept_from.max(end);
    }
    out.push_str(&src[kept_from..]);
    out
}

/// `use a::{B};` (a group of one, left by pruning) made `use a::B;`, as rustfmt writes it.
fn unwrap_single_groups(src: &str) -> Result<String, String> {
    let lexed = Lexed::new(src)?;
    let mut edits = Vec::new();
    for k in 1..lexed.code.len() {
        if lexed.text(k) != "{" || lexed.text(k - 1) != "::" {
            continue;
        }
        let close = lexed.matching(k)?;
        let inner: Vec<&str> = (k + 1..close).map(|j| lexed.text(j)).collect();
        let inner = inner.strip_suffix(&[","]).unwrap_or(&inner);
        if inner.is_empty() || inner.iter().any(|w| matches!(*w, "," | "{" | "self")) {
            continue;
        }
        let (first, last) = (lexed.token(k + 1).start, lexed.token(k + inner.len()).end);
        edits.push((lexed.token(k).start, lexed.token(close).end, src[first..last].to_string()));
    }
    Ok(apply_edits(src, edits))
}

/// A JSON value (rustc's `--error-format=json` diagnostics), parsed by [`Json::parse`].
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

const JSON_NULL: Json = Json::Null;

impl Json {
    pub fn parse(src: &str) -> Result<Json, String> {
        let mut parser = JsonParser { b: src.as_bytes(), i: 0 };
        let value = parser.value(0)?;
        parser.space();
        if parser.i != parser.b.len() {
            return Err(format!("JSON: trailing text at byte {}", parser.i));
        }
        Ok(value)
    }

    /// The member `key` of an object; `Null` if there is none.
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(members) => members.iter().find(|m| m.0 == key).map_or(&JSON_NULL, |m| &m.1),
            _ => &JSON_NULL,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match self {
            Json::Text(s) => Some(s),
            _ => None,
        }
    }

    /// The items of a list; none for anything else.
    pub fn items(&self) -> &[Json] {
        match self {
            Json::List(items) => items,
            _ => &[],
        }
    }

    pub fn number(&self) -> Option<f64> {
        match self {
            Json::Number(x) => Some(*x),
            _ => None,
        }
    }
}

struct JsonParser<'a> {
    b: &'a [u8],
    i: usize,
}

impl JsonParser<'_> {
    fn space(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("JSON: {what} at byte {}", self.i))
    }

    fn eat(&mut self, word: &str) -> bool {
        let found = self.b[self.i..].starts_with(word.as_bytes());
        if found {
            self.i += word.len();
        }
        found
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > 200 {
            return self.fail("nesting too deep");
        }
        self.space();
        match self.b.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.space();
                if self.eat("}") {
                    return Ok(Json::Object(members));
                }
                loop {
                    self.space();
                    if self.b.get(self.i) != Some(&b'"') {
                        return self.fail("expected a key");
                    }
                    let key = self.string()?;
                    self.space();
                    if !self.eat(":") {
                        return self.fail("expected `:`");
                    }
                    members.push((key, self.value(depth + 1)?));
                    self.space();
                    if self.eat("}") {
                        return Ok(Json::Object(members));
                    }
                    if !self.eat(",") {
                        return self.fail("expected `,` or `}`");
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.space();
                if self.eat("]") {
                    return Ok(Json::List(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    if self.eat("]") {
                        return Ok(Json::List(items));
                    }
                    if !self.eat(",") {
                        return self.fail("expected `,` or `]`");
                    }
                }
            }
            Some(b'"') => self.string().map(Json::Text),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while self.i < self.b.len()
                    && matches!(self.b[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.b[start..self.i]).map_err(|e| e.to_string())?;
                text.parse().map(Json::Number).or_else(|_| self.fail("bad number"))
            }
            _ if self.eat("null") => Ok(Json::Null),
            _ if self.eat("true") => Ok(Json::Bool(true)),
            _ if self.eat("false") => Ok(Json::Bool(false)),
            _ => self.fail("expected a value"),
        }
    }

    /// The string at a `"`, unescaped.
    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.b.get(self.i) {
                None => return self.fail("unterminated string"),
                Some(b'"') => {
                    self.i += 1;
                    return String::from_utf8(out).map_err(|e| e.to_string());
                }
                Some(b'\\') => {
                    let escaped = match self.b.get(self.i + 1) {
                        Some(b'n') => '\n',
                        Some(b't') => '\t',
                        Some(b'r') => '\r',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'u') => {
                            let unit = self.hex4(self.i + 2)?;
                            self.i += 4;
                            if (0xd800..0xdc00).contains(&unit) && self.b[self.i + 2..].starts_with(b"\\u") {
                                let low = self.hex4(self.i + 4)?;
                                self.i += 6;
                                char::from_u32(
                                    0x10000 + ((unit - 0xd800) << 10) + (low.wrapping_sub(0xdc00) & 0x3ff),
                                )
                                .unwrap_or('\u{fffd}')
                            } else {
                                char::from_u32(unit).unwrap_or('\u{fffd}')
                            }
                        }
                        Some(&c) if c.is_ascii() => char::from(c),
                        _ => return self.fail("bad escape"),
                    };
                    self.i += 2;
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(escaped.encode_utf8(&mut buf).as_bytes());
                }
                Some(&c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }

    fn hex4(&self, at: usize) -> Result<u32, String> {
        let digits = self.b.get(at..at + 4).and_then(|d| std::str::from_utf8(d).ok());
        match digits.and_then(|d| u32::from_str_radix(d, 16).ok()) {
            Some(unit) => Ok(unit),
            None => self.fail("bad \\u escape"),
        }
    }
}

/// One diagnostic of rustc.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// `error`, `warning`, `note`, ...
    pub level: String,
    /// The lint or error code (`dead_code`, `E0425`), "" if none.
    pub code: String,
    /// As rustc prints it.
    pub rendered: String,
    /// The byte ranges it points at, in the compiled file.
    pub primary: Vec<(usize, usize)>,
    /// The edits rustc suggests (a byte range and its replacement).
    pub suggestions: Vec<(usize, usize, String)>,
}

impl Diagnostic {
    fn from_json(json: &Json) -> Diagnostic {
        let span = |s: &Json| {
            let byte = |key: &str| s.get(key).number().unwrap_or(0.0) as usize;
            (byte("byte_start"), byte("byte_end"))
        };
        let mut suggestions = Vec::new();
        for child in json.get("children").items() {
            for s in child.get("spans").items() {
                if let Some(replacement) = s.get("suggested_replacement").text() {
                    let (start, end) = span(s);
                    suggestions.push((start, end, replacement.to_string()));
                }
            }
        }
        let spans = json.get("spans").items();
        Diagnostic {
            level: json.get("level").text().unwrap_or("").to_string(),
            code: json.get("code").get("code").text().unwrap_or("").to_string(),
            rendered: json.get("rendered").text().unwrap_or("").to_string(),
            primary: spans.iter().filter(|s| s.get("is_primary") == &Json::Bool(true)).map(span).collect(),
            suggestions,
        }
    }
}

/// How a bundle is made and checked.
#[derive(Clone, Debug)]
pub struct Options {
    /// Keep the sources' comments and docs (the bundle may then exceed the size limit).
    pub docs: bool,
    /// The largest bundle accepted, in bytes.
    pub max_bytes: Option<usize>,
    /// The rustc that tells which items are unused and checks the bundle.
    pub rustc: String,
    /// The editions the bundle must compile in, with `-D warnings`.
    pub editions: Vec<String>,
}

impl Default for Options {
    /// No docs, at most [`MAX_BUNDLE_BYTES`], `$RUSTC` (else `rustc`), editions 2018, 2021, 2024.
    fn default() -> Options {
        Options {
            docs: false,
            max_bytes: Some(MAX_BUNDLE_BYTES),
            rustc: std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string()),
            editions: EDITIONS.iter().map(|e| e.to_string()).collect(),
        }
    }
}

/// rustc's diagnostics on `text` compiled as a binary crate (type-checked and linted only).
pub fn rustc_diagnostics(
    rustc: &str,
    text: &str,
    edition: &str,
    deny_warnings: bool,
) -> Result<Vec<Diagnostic>, String> {
    static SCRATCH: AtomicUsize = AtomicUsize::new(0);
    let scratch = std::env::temp_dir().join(format!(
        "graph_games_bundle_{}_{}",
        std::process::id(),
        SCRATCH.fetch_add(1, Ordering::Relaxed)
    ));
    fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let source = scratch.join("bundle.rs");
    fs::write(&source, text).map_err(|e| format!("{}: {e}", source.display()))?;
    let mut command = Command::new(rustc);
    command
        .args(["--edition", edition, "--crate-type", "bin", "--crate-name", "bundle", "--emit=metadata"])
        .args(["--error-format=json", "-o"])
        .arg(scratch.join("bundle.rmeta"))
        .arg(&source);
    if deny_warnings {
        command.args(["-D", "warnings"]);
    }
    let output = command.output();
    let _ = fs::remove_dir_all(&scratch);
    let output = output.map_err(|e| format!("cannot run {rustc}: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut diagnostics = Vec::new();
    for line in stderr.lines() {
        if line.starts_with('{') {
            diagnostics.push(Diagnostic::from_json(&Json::parse(line)?));
        }
    }
    if !output.status.success() && !diagnostics.iter().any(|d| d.level == "error") {
        return Err(format!("{rustc} --edition {edition} failed: {stderr}"));
    }
    Ok(diagnostics)
}

/// rustc's diagnostics on `text` and on its [`foreign_copy`], the two type-checked at once (two
/// processes). The host's warnings are errors if `deny_host_warnings`; the foreign copy's never
/// are. When the copy is `text` itself (no target `cfg`), its diagnostics are the host's.
pub fn diagnostics_of_both(
    rustc: &str,
    text: &str,
    edition: &str,
    deny_host_warnings: bool,
) -> Result<(Vec<Diagnostic>, Vec<Diagnostic>), String> {
    let foreign = foreign_copy(text)?;
    if foreign == text && !deny_host_warnings {
        let on_host = rustc_diagnostics(rustc, text, edition, false)?;
        return Ok((on_host.clone(), on_host));
    }
    let (on_host, on_foreign) = std::thread::scope(|scope| {
        let on_foreign = scope.spawn(|| rustc_diagnostics(rustc, &foreign, edition, false));
        let on_host = rustc_diagnostics(rustc, text, edition, deny_host_warnings);
        (on_host, on_foreign.join().unwrap_or_else(|_| Err("a rustc thread panicked".to_string())))
    });
    Ok((on_host?, on_foreign?))
}

/// What pruning did.
#[derive(Clone, Debug, Default)]
pub struct Pruned {
    /// Items (and imports) removed.
    pub removed: usize,
    /// What rustc finds unused on this machine but cannot go, each with its own `#[allow(..)]`:
    /// fields and enum variants (never read, never built), which cannot go without rewriting
    /// code, and items and imports used only on other targets (`(for other targets)`).
    pub allowed: Vec<String>,
}

/// The lints whose reports are unused items (or fields, or variants) for pruning.
const DEAD_CODE_LINTS: [&str; 2] = ["dead_code", "unused_macros"];

/// The bytes at which the names that `diagnostics` report under one of `lints` start, sorted.
fn reported(diagnostics: &[Diagnostic], lints: &[&str]) -> Vec<usize> {
    let mut starts: Vec<usize> = diagnostics
        .iter()
        .filter(|d| d.level == "warning" && lints.contains(&d.code.as_str()))
        .flat_map(|d| d.primary.iter().map(|span| span.0))
        .collect();
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// `text` without the items rustc reports unused (`dead_code`, `unused_imports`,
/// `unused_macros`), round after round (removing an item can leave others unused) until rustc
/// reports none, in two configurations: `host` (this machine's, as `rustc` type-checks `text`)
/// and its [`Config::foreign`] one (its [`foreign_copy`]). Something goes only if it is unused in
/// each of them where it is compiled. What is unused here but used only in the foreign
/// configuration stays, with an `#[allow(..)]` of its own, so that the bundle is warning-free here.
pub fn prune(rustc: &str, host: &Config, text: &str) -> Result<(String, Pruned), String> {
    let foreign = host.foreign();
    let mut text = text.to_string();
    let mut pruned = Pruned::default();
    for round in 0..100 {
        let (on_host, on_foreign) = diagnostics_of_both(rustc, &text, PRUNING_EDITION, false)?;
        let lexed = Lexed::new(&text)?;
        let host_errors: Vec<&Diagnostic> = on_host.iter().filter(|d| d.level == "error").collect();
        let foreign_errors: Vec<&Diagnostic> = on_foreign.iter().filter(|d| d.level == "error").collect();
        if !host_errors.is_empty() || !foreign_errors.is_empty() {
            // Imports of items cut as unused (by unused code, which is gone too) no longer
            // resolve: they go, and nothing else may fail. The sources themselves must compile.
            let errors = host_errors.iter().chain(&foreign_errors);
            let only_unresolved =
                errors.clone().all(|d| d.primary.is_empty() || matches!(d.code.as_str(), "E0432" | "E0433"));
            let mut unresolved: Vec<usize> =
                errors.flat_map(|d| d.primary.iter().map(|span| span.0)).collect();
            unresolved.sort_unstable();
            unresolved.dedup();
            let edits = if round > 0 && only_unresolved {
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
                let rendered: Vec<&str> = errors.iter().map(|d| d.rendered.as_str()).collect();
                return Err(format!("it does not compile{configuration}:\n{}", rendered.join("")));
            }
            text = tidy_blank_lines(&unwrap_single_groups(&apply_edits(&text, edits))?)?;
            continue;
        }
        let (absent_on_host, absent_on_foreign) =
            (lexed.absent_ranges(host)?, lexed.absent_ranges(&foreign)?);
        let code_at =
            |start: usize| lexed.code_at(start).ok_or_else(|| at(&text, start, "unused, but no token here"));
        // Something reported unused at byte `start` goes if it is unused (reported) or not
        // compiled in each configuration.
        let goes = |start: usize, on_host: &[usize], on_foreign: &[usize]| -> Result<bool, String> {
            let k = code_at(start)?;
            Ok((on_host.binary_search(&start).is_ok() || !compiled(&absent_on_host, k))
                && (on_foreign.binary_search(&start).is_ok() || !compiled(&absent_on_foreign, k)))
        };
        let mut edits = Vec::new();
        // What is unused here but used in the foreign configuration: allowed once nothing else goes.
        let mut kept = Vec::new();
        let (dead_on_host, dead_on_foreign) =
            (reported(&on_host, &DEAD_CODE_LINTS), reported(&on_foreign, &DEAD_CODE_LINTS));
        let mut dead: Vec<usize> = dead_on_host.iter().chain(&dead_on_foreign).copied().collect();
        dead.sort_unstable();
        dead.dedup();
        for start in dead {
            let k = code_at(start)?;
            let reported_here = dead_on_host.binary_search(&start).is_ok();
            if lexed.item_keyword(k).is_none() {
                // A field or a variant cannot go; this machine's warning is allowed.
                if reported_here {
                    edits.extend(lexed.allow_dead_code(k, &mut pruned)?);
                }
            } else if goes(start, &dead_on_host, &dead_on_foreign)? {
                edits.extend(lexed.unused_item_edits(k, &mut pruned)?);
            } else if reported_here {
                let kw = lexed.item_keyword(k).unwrap_or(k);
                let lint = if lexed.text(kw) == "macro_rules" { "unused_macros" } else { "dead_code" };
                kept.push((lexed.item_start(kw)?, lint, lexed.text(k)));
            }
        }
        let (unused_on_host, unused_on_foreign) =
            (reported(&on_host, &["unused_imports"]), reported(&on_foreign, &["unused_imports"]));
        // Each `use` is reported whole by a copy, its unused imports in one diagnostic: if they
        // all go, as rustc suggests; else one by one.
        let mut handled: Vec<usize> = Vec::new();
        let diagnostics = on_host.iter().chain(&on_foreign);
        for d in diagnostics.filter(|d| d.level == "warning" && d.code == "unused_imports") {
            let mut all_go = !d.primary.is_empty();
            for span in &d.primary {
                all_go &= goes(span.0, &unused_on_host, &unused_on_foreign)?;
            }
            if !all_go || d.primary.iter().any(|span| handled.contains(&span.0)) {
                continue;
            }
            handled.extend(d.primary.iter().map(|span| span.0));
            edits.extend(lexed.unused_import_edits(d, &mut pruned));
        }
        let mut one_by_one = Vec::new();
        let mut unused: Vec<usize> = unused_on_host.iter().chain(&unused_on_foreign).copied().collect();
        unused.sort_unstable();
        unused.dedup();
        for start in unused.into_iter().filter(|start| !handled.contains(start)) {
            if goes(start, &unused_on_host, &unused_on_foreign)? {
                one_by_one.push(start);
            } else if unused_on_host.binary_search(&start).is_ok() {
                let k = code_at(start)?;
                let name_end = (k..lexed.code.len())
                    .find(|&j| matches!(lexed.text(j + 1), "," | ";" | "}"))
                    .unwrap_or(k);
                let first = lexed
                    .use_item_around(k)?
                    .ok_or_else(|| lexed.error(k, "an unused import outside a `use`"))?;
                kept.push((first, "unused_imports", lexed.text(name_end)));
            }
        }
        pruned.removed += one_by_one.len();
        edits.extend(lexed.without_imports_at(&one_by_one)?);
        // An inherent `impl` or a module left empty goes too.
        for (first, kw, open, last) in lexed.impls()? {
            if last == open + 1 && !(kw..open).any(|j| lexed.text(j) == "for") {
                let (s, e) = lexed.cut_range(first, last);
                edits.push((s, e, String::new()));
            }
        }
        for k in 0..lexed.code.len() {
            if lexed.text(k) == "mod" && lexed.text(k + 2) == "{" && lexed.text(k + 3) == "}" {
                let (s, e) = lexed.cut_range(lexed.item_start(k)?, k + 3);
                edits.push((s, e, String::new()));
            }
        }
        // So does a macro that expands to nothing (the impls it wrote gone with their trait),
        // with its calls.
        for (first, last) in lexed.empty_macros()? {
            let (s, e) = lexed.cut_range(first, last);
            edits.push((s, e, String::new()));
            let name = lexed.text(first + 2);
            for k in 1..lexed.code.len() {
                if lexed.text(k) == name
                    && lexed.text(k + 1) == "!"
                    && lexed.text(k - 1) != "macro_rules"
                    && matches!(lexed.text(k + 2), "(" | "[" | "{")
                {
                    let close = lexed.matching(k + 2)?;
                    let (s, e) = lexed.cut_range(k, close + usize::from(lexed.text(close + 1) == ";"));
                    edits.push((s, e, String::new()));
                }
            }
        }
        if edits.is_empty() {
            if kept.is_empty() {
                return Ok((text, pruned));
            }
            // Nothing else goes: what is used only in the foreign configuration stays, allowed.
            // (An item allowed is a root of what rustc finds used: nothing else turns unused, and
            // the bundle's own check sees that it is warning-free.)
            kept.sort_unstable();
            kept.dedup_by_key(|kept| (kept.0, kept.1));
            for (first, lint, name) in kept {
                edits.push(lexed.allow_at(first, lint));
                let what = if lint == "unused_imports" { "the import " } else { "" };
                pruned.allowed.push(format!("{what}`{name}` (for other targets)"));
            }
            return Ok((apply_edits(&text, edits), pruned));
        }
        text = tidy_blank_lines(&unwrap_single_groups(&apply_edits(&text, edits))?)?;
    }
    Err("pruning does not converge".to_string())
}

impl Lexed<'_> {
    /// The edits that take the imports `d` reports unused out of their `use`, as rustc suggests
    /// (a `use` left empty going whole, with its attributes and comments).
    fn unused_import_edits(&self, d: &Diagnostic, pruned: &mut Pruned) -> Vec<(usize, usize, String)> {
        let mut edits = Vec::new();
        for (start, end, replacement) in &d.suggestions {
            let whole_use = self.code_at(*start).and_then(|k| {
                let kw = (k..k + 4).find(|&j| self.text(j) == "use")?;
                let last = self.item_end(k).ok()??;
                (self.token(last).end == *end && self.item_start(kw).ok()? == k).then_some((k, last))
            });
            match whole_use {
                Some((first, last)) => {
                    let (s, e) = self.cut_range(first, last);
                    edits.push((s, e, String::new()));
                }
                None => edits.push((*start, *end, replacement.clone())),
            }
            pruned.removed += 1;
        }
        edits
    }
}

/// A use tree (what follows `use`), as code indices: from `start` to before `end`; a group
/// (`a::{b, c}`) has its `{` and its members.
struct UseTree {
    start: usize,
    end: usize,
    group: Option<(usize, Vec<UseTree>)>,
}

impl Lexed<'_> {
    /// The text of the code tokens `first..end` (and of what lies between them).
    fn text_of(&self, first: usize, end: usize) -> &str {
        if first >= end {
            ""
        } else {
            &self.src[self.token(first).start..self.token(end - 1).end]
        }
    }

    /// The use tree starting at code index `k`, up to the `,`, `}` or `;` that ends it.
    fn use_tree(&self, mut k: usize) -> Result<UseTree, String> {
        let start = k;
        loop {
            match self.text(k) {
                "{" => {
                    let close = self.matching(k)?;
                    let mut members = Vec::new();
                    let mut j = k + 1;
                    while j < close {
                        let member = self.use_tree(j)?;
                        if member.end == j {
                            return Err(self.error(j, "an empty member in a use group"));
                        }
                        j = member.end + usize::from(self.text(member.end) == ",");
                        members.push(member);
                    }
                    return Ok(UseTree { start, end: close + 1, group: Some((k, members)) });
                }
                "," | "}" | ";" | "" => return Ok(UseTree { start, end: k, group: None }),
                _ => k += 1,
            }
        }
    }

    /// `tree` as text without the parts that hold one of the bytes `doomed` in their own tokens
    /// (a path, or the prefix of a group); `None` if nothing is left.
    fn use_tree_without(&self, tree: &UseTree, doomed: &[usize]) -> Option<String> {
        let own_end = tree.group.as_ref().map_or(tree.end, |g| g.0);
        let own = |b: &usize| {
            own_end > tree.start && (self.token(tree.start).start..self.token(own_end - 1).end).contains(b)
        };
        if doomed.iter().any(own) {
            return None;
        }
        match &tree.group {
            None => Some(self.text_of(tree.start, tree.end).to_string()),
            Some((open, members)) => {
                let kept: Vec<String> =
                    members.iter().filter_map(|m| self.use_tree_without(m, doomed)).collect();
                if kept.is_empty() && !members.is_empty() {
                    return None;
                }
                Some(format!("{}{{{}}}", self.text_of(tree.start, *open), kept.join(", ")))
            }
        }
    }

    /// The edits that take the imports at the bytes `doomed` (each the start of an import rustc
    /// cannot resolve) out of their `use` items, a `use` left empty going whole.
    fn without_imports_at(&self, doomed: &[usize]) -> Result<Vec<(usize, usize, String)>, String> {
        let mut edits = Vec::new();
        let mut found = 0;
        for k in 0..self.code.len() {
            if self.text(k) != "use" || self.token(k).kind != Kind::Ident {
                continue;
            }
            let tree = self.use_tree(k + 1)?;
            if self.text(tree.end) != ";" {
                continue;
            }
            let range = self.token(k + 1).start..self.token(tree.end).start;
            let here: Vec<usize> = doomed.iter().copied().filter(|b| range.contains(b)).collect();
            if here.is_empty() {
                continue;
            }
            found += here.len();
            match self.use_tree_without(&tree, &here) {
                Some(kept) => edits.push((range.start, self.token(tree.end - 1).end, kept)),
                None => {
                    let (s, e) = self.cut_range(self.item_start(k)?, tree.end);
                    edits.push((s, e, String::new()));
                }
            }
        }
        // Anything else unresolved is not an import of something cut: no edit then.
        Ok(if found == doomed.len() { edits } else { Vec::new() })
    }

    /// The `macro_rules! name { .. }` whose every rule expands to nothing, each as the code
    /// indices of its `macro_rules` and its closing brace.
    fn empty_macros(&self) -> Result<Vec<(usize, usize)>, String> {
        let mut found = Vec::new();
        for k in 0..self.code.len() {
            if self.text(k) != "macro_rules" || self.text(k + 1) != "!" || self.text(k + 3) != "{" {
                continue;
            }
            let close = self.matching(k + 3)?;
            let (mut j, mut empty) = (k + 4, close > k + 4);
            while empty && j < close {
                // A rule: `(matcher) => { transcriber }`, then `;` but after the last.
                let matcher_close = self.matching(j)?;
                let transcriber = matcher_close + 3; // after `=` `>`
                empty = self.text(matcher_close + 1) == "="
                    && self.text(matcher_close + 2) == ">"
                    && matches!(self.text(transcriber), "(" | "[" | "{")
                    && self.matching(transcriber)? == transcriber + 1;
                j = transcriber + 2 + usize::from(self.text(transcriber + 2) == ";");
            }
            if empty {
                found.push((self.item_start(k)?, close));
            }
        }
        Ok(found)
    }

    /// The code indices of the braces of the innermost `mod .. { }` around code index `k`; the
    /// whole source if none.
    fn module_around(&self, k: usize) -> Result<(usize, usize), String> {
        let mut around = (0, self.code.len());
        for j in 0..k {
            if self.text(j) == "mod" && self.text(j + 2) == "{" && j + 2 < k {
                let close = self.matching(j + 2)?;
                if close > k {
                    around = (j + 2, close);
                }
            }
        }
        Ok(around)
    }

    /// The edits that take away what rustc reports unused at code index `k`: its item (a type
    /// with its `impl` blocks), or, for a field or a variant, an `#[allow(dead_code)]` on it alone.
    fn unused_item_edits(
        &self,
        k: usize,
        pruned: &mut Pruned,
    ) -> Result<Vec<(usize, usize, String)>, String> {
        let mut edits = Vec::new();
        let kw = match self.item_keyword(k) {
            Some(kw) => kw,
            None => return self.allow_dead_code(k, pruned),
        };
        let first = self.item_start(kw)?;
        let last = self.item_end(first)?.ok_or_else(|| self.error(kw, "an unused item that never ends"))?;
        let (s, e) = self.cut_range(first, last);
        edits.push((s, e, String::new()));
        pruned.removed += 1;
        if matches!(self.text(kw), "struct" | "enum" | "union" | "trait" | "type") {
            // A trait's impls anywhere; a type's in its module (other modules may have a type
            // of that name).
            let name = self.text(k);
            let (from, to) =
                if self.text(kw) == "trait" { (0, self.code.len()) } else { self.module_around(kw)? };
            for (first, kw, open, last) in self.impls()? {
                if from < first && first < to && (kw..open).any(|j| self.text(j) == name) {
                    let (s, e) = self.cut_range(first, last);
                    edits.push((s, e, String::new()));
                }
            }
        }
        Ok(edits)
    }

    /// An `#[allow(dead_code)]` on the field or variant named at code index `k`.
    fn allow_dead_code(&self, k: usize, pruned: &mut Pruned) -> Result<Vec<(usize, usize, String)>, String> {
        let mut first = k;
        while first > 0 && matches!(self.text(first - 1), "pub" | ")") {
            first = if self.text(first - 1) == ")" { self.matching_back(first - 1)? } else { first - 1 };
        }
        pruned.allowed.push(format!("`{}`", self.text(k)));
        Ok(vec![self.allow_at(first, "dead_code")])
    }

    /// The edit that puts `#[allow(lint)]` before code index `first` (on a line of its own when
    /// `first` starts its line).
    fn allow_at(&self, first: usize, lint: &str) -> (usize, usize, String) {
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

    /// The first code index (of its attributes, or its visibility) of the `use` item that holds
    /// code index `k`, if one does.
    fn use_item_around(&self, k: usize) -> Result<Option<usize>, String> {
        // A use tree holds no `;`: back from `k` to its `use`.
        for j in (0..=k).rev() {
            match self.text(j) {
                "use" if self.token(j).kind == Kind::Ident => {
                    let tree = self.use_tree(j + 1)?;
                    return Ok(if tree.end > k { Some(self.item_start(j)?) } else { None });
                }
                ";" => break,
                _ => {}
            }
        }
        Ok(None)
    }
}

/// One binary's bundle.
#[derive(Debug)]
pub struct Bundle {
    /// The library modules it holds, by path (`cli`, `games`, `games::graph_game`), in the order
    /// of the bundle.
    pub modules: Vec<String>,
    /// The source files it was made from, relative to the project root: the main, then the
    /// library's files whose modules it holds, `src/lib.rs` first.
    pub sources: Vec<String>,
    /// What pruning removed, and the fields and variants it had to allow.
    pub pruned: Pruned,
    /// The warnings of its [`foreign_copy`] (tolerated: a judge does not deny warnings), each as
    /// the first line rustc prints for it, once.
    pub foreign_warnings: Vec<String>,
    pub text: String,
}

fn read(root: &Path, file: &str) -> Result<String, String> {
    fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))
}

/// The main file of program `name` of the project at `root`: `src/bin/<name>.rs`, else
/// `examples/<name>.rs`.
pub fn program_main(root: &Path, name: &str) -> String {
    let binary = format!("src/bin/{name}.rs");
    if root.join(&binary).exists() {
        binary
    } else {
        format!("examples/{name}.rs")
    }
}

/// Bundles the program whose main is `main_file` (relative to `root`, or absolute; a binary of the
/// crate is [`program_main`]) with the library of the project at `root` (`src/lib.rs` and the
/// modules it declares), and checks that the bundle compiles without a warning in every edition of
/// `options`. `revision` describes where the sources came from (given the source files), for the
/// header.
pub fn bundle(
    root: &Path,
    main_file: &str,
    options: &Options,
    revision: impl Fn(&[String]) -> String,
) -> Result<Bundle, String> {
    let name = Path::new(main_file).file_stem().and_then(|s| s.to_str()).unwrap_or(main_file);
    let in_main = |e: String| format!("{main_file}: {e}");
    let main_src = strip_unbuilt_items(&read(root, main_file)?).map_err(in_main)?;
    check_bundleable(&main_src, false).map_err(in_main)?;
    let main_body = rewrite_paths(&main_src, LIBRARY).map_err(in_main)?;
    let main_body = if options.docs { main_body } else { strip_comments(&main_body).map_err(in_main)? };

    // The whole library, nested as in its folders; pruning then keeps what the main uses.
    let mut read_sources = Vec::new();
    let library_root = Source { module: String::new(), file: LIBRARY_ROOT.to_string() };
    let library = inline_module(root, library_root, options.docs, &mut read_sources)?;
    let code = format!("{}\n\nmod {LIBRARY} {{\n{}\n}}\n", main_body.trim(), library.trim_matches('\n'));
    let code = tidy_blank_lines(&code)?;
    let host = Config::host(&options.rustc)?;
    let (mut code, pruned) =
        prune(&options.rustc, &host, &code).map_err(|e| format!("the bundle of {name}: {e}"))?;
    if !options.docs {
        code = without_blank_lines(&indent_with_tabs(&code)?)?;
        code = without_unused_derives(&options.rustc, &code)?;
    }
    // The modules left, and so the files the bundle holds.
    let modules = inline_modules_under(&code, LIBRARY)?;
    let held: Vec<&Source> =
        read_sources.iter().filter(|s| s.module.is_empty() || modules.contains(&s.module)).collect();
    let modules: Vec<String> =
        held.iter().filter(|s| !s.module.is_empty()).map(|s| s.module.clone()).collect();
    let mut sources = vec![main_file.to_string()];
    sources.extend(held.iter().map(|s| s.file.clone()));

    // The header names the program, the commit and the source files (kept short: it counts
    // against the size limit like the code).
    let text = format!(
        "// {name}: `make bundle` of {LIBRARY}'s {main_file}, {} ({}), {}.\n\
         // Std only, Rust 2018-2024, rustc {MSRV}+. Do not edit: change the sources, run `make bundle` again.\n\n{code}",
        brace_list(&sources[1..]),
        if options.docs { "docs kept, unit tests cut" } else { "used items only, no comments" },
        revision(&sources),
    );
    if let Some(max) = options.max_bytes {
        if text.len() > max {
            return Err(format!(
                "the bundle of {name} is {} bytes, over the limit of {max} bytes",
                text.len()
            ));
        }
    }
    // Warning-free here; portable: it compiles for targets other than this machine's too.
    let mut foreign_warnings = Vec::new();
    for edition in &options.editions {
        let (on_host, on_foreign) = diagnostics_of_both(&options.rustc, &text, edition, true)?;
        let rendered: Vec<&str> = on_host.iter().map(|d| d.rendered.as_str()).collect();
        if !rendered.is_empty() {
            return Err(format!("the bundle of {name}, edition {edition}:\n{}", rendered.join("")));
        }
        let errors: Vec<&str> =
            on_foreign.iter().filter(|d| d.level == "error").map(|d| d.rendered.as_str()).collect();
        if !errors.is_empty() {
            return Err(format!(
                "the bundle of {name} does not compile for targets other than {} (edition {edition}; \
                 the names of its target `cfg`s are spelt backwards there):\n{}",
                host.target_name(),
                errors.join("")
            ));
        }
        for d in on_foreign.iter().filter(|d| d.level == "warning") {
            let line = d.rendered.lines().next().unwrap_or("").to_string();
            if !foreign_warnings.contains(&line) {
                foreign_warnings.push(line);
            }
        }
    }
    Ok(Bundle { modules, sources, pruned, foreign_warnings, text })
}

/// `commit <hash>` of the checkout at `root`, noting uncommitted changes to `files`.
pub fn git_revision(root: &Path, files: &[String]) -> String {
    let git = |args: &[&str]| {
        let output = Command::new("git").arg("-C").arg(root).args(args).output().ok()?;
        output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
    };
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) => commit,
        None => return "an unknown commit (not a git checkout)".to_string(),
    };
    let mut status_args = vec!["status", "--porcelain", "--"];
    status_args.extend(files.iter().map(String::as_str));
    match git(&status_args) {
        Some(changes) if changes.is_empty() => format!("commit {commit}"),
        _ => format!("commit {commit} with uncommitted changes"),
    }
}

const USAGE: &str =
    "usage: bundle [--out DIR] [--docs] [--max-bytes N] [--editions E,E..] [PROGRAM|MAIN.rs...]
  From the project root; the default is every judge program of src/bin/ (not the tools) and
  every examples/*.rs, into target/bundle/. A PROGRAM is src/bin/PROGRAM.rs or
  examples/PROGRAM.rs; a MAIN.rs is any main file using the library, bundled into DIR/MAIN.rs.
  --docs        keep the comments and docs (no size limit unless --max-bytes)
  --max-bytes   the largest bundle accepted (default 49152, 48 KiB)
  --editions    the editions each bundle must compile in without a warning (default 2018,2021,2024)
  The rustc used is $RUSTC, else `rustc`.";

fn run(args: &[String]) -> Result<(), String> {
    let mut out_dir = "target/bundle".to_string();
    let mut names = Vec::new();
    let mut options = Options::default();
    let mut max_bytes = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().cloned().ok_or(format!("{flag} needs a value"));
        match arg.as_str() {
            "--out" => out_dir = value(arg)?,
            "--docs" => options.docs = true,
            "--max-bytes" => max_bytes = Some(value(arg)?.parse().map_err(|e| format!("--max-bytes: {e}"))?),
            "--editions" => options.editions = value(arg)?.split(',').map(String::from).collect(),
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with('-') => return Err(format!("unknown flag `{flag}`")),
            name => names.push(name.to_string()),
        }
    }
    options.max_bytes = if options.docs { max_bytes } else { max_bytes.or(options.max_bytes) };
    let root = Path::new(".");
    if names.is_empty() {
        names = programs(root)?;
    }
    // A binary's name, or a main file (`path/to/main.rs`).
    let mains: Vec<String> =
        names.iter().map(|n| if n.ends_with(".rs") { n.clone() } else { program_main(root, n) }).collect();
    fs::create_dir_all(&out_dir).map_err(|e| format!("{out_dir}: {e}"))?;
    // One thread per bundle: rustc does most of the work, several times for each.
    let made: Vec<Result<Bundle, String>> = std::thread::scope(|scope| {
        let threads: Vec<_> = mains
            .iter()
            .map(|main| {
                let options = &options;
                scope.spawn(move || {
                    let name = Path::new(main).file_stem().map_or(main.into(), |s| s.to_string_lossy());
                    bundle(root, main, options, |files| git_revision(root, files))
                        .map_err(|e| format!("{name}: {e}"))
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|t| t.join().unwrap_or_else(|_| Err("the bundler panicked".to_string())))
            .collect()
    });
    let mut failed = Vec::new();
    let mut foreign_warnings = 0;
    for (main, made) in mains.iter().zip(made) {
        let bundle = match made {
            Ok(bundle) => bundle,
            Err(e) => {
                failed.push(e);
                continue;
            }
        };
        let name = Path::new(main).file_name().and_then(|n| n.to_str()).unwrap_or(main);
        let path = Path::new(&out_dir).join(name);
        fs::write(&path, &bundle.text).map_err(|e| format!("{}: {e}", path.display()))?;
        let allowed = if bundle.pruned.allowed.is_empty() {
            String::new()
        } else {
            format!("; allowed unused: {}", bundle.pruned.allowed.join(", "))
        };
        println!(
            "{:<36} {:>6} bytes  ({}; {} unused items cut{allowed})",
            path.display(),
            bundle.text.len(),
            brace_list(&bundle.sources[1..]),
            bundle.pruned.removed
        );
        for warning in &bundle.foreign_warnings {
            println!("  on other targets: {warning}");
        }
        foreign_warnings += bundle.foreign_warnings.len();
    }
    if !failed.is_empty() {
        return Err(failed.join("\nerror: "));
    }
    let elsewhere = match foreign_warnings {
        0 => "without a warning".to_string(),
        1 => "with the warning above".to_string(),
        n => format!("with the {n} warnings above"),
    };
    println!(
        "every bundle compiles without a warning in editions {}, and for targets other than {} {elsewhere}",
        options.editions.join(", "),
        Config::host(&options.rustc)?.target_name()
    );
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds and texts of the tokens of `src` that are not whitespace.
    fn lex(src: &str) -> Vec<(Kind, &str)> {
        let tokens = tokenize(src).unwrap();
        let mut covered = 0;
        for t in &tokens {
            assert_eq!(t.start, covered, "tokens must cover the source exactly");
            covered = t.end;
        }
        assert_eq!(covered, src.len());
        tokens.iter().filter(|t| t.kind != Kind::Space).map(|t| (t.kind, &src[t.start..t.end])).collect()
    }

    #[test]
    fn chars_lifetimes_and_labels() {
        use Kind::*;
        assert_eq!(
            lex(r"'a' 'a '\'' '\\' '\u{e9}' 'é' 'static b'{' 'outer: x"),
            [
                (Literal, "'a'"),
                (Lifetime, "'a"),
                (Literal, r"'\''"),
                (Literal, r"'\\'"),
                (Literal, r"'\u{e9}'"),
                (Literal, "'é'"),
                (Lifetime, "'static"),
                (Literal, "b'{'"),
                (Lifetime, "'outer"),
                (Punct, ":"),
                (Ident, "x"),
            ]
        );
        assert_eq!(lex("fn f<'a>(x: &'a str) -> char { '}' }").iter().filter(|t| t.0 == Lifetime).count(), 2);
    }

    #[test]
    fn strings_raw_strings_and_raw_identifiers() {
        use Kind::*;
        assert_eq!(
            lex(r###"r#"a "} b"# br##"x"#y"## "q\"}" "\\" c"z" r#match b"{" r"\""###),
            [
                (Literal, r###"r#"a "} b"#"###),
                (Literal, r###"br##"x"#y"##"###),
                (Literal, r#""q\"}""#),
                (Literal, r#""\\""#),
                (Literal, r#"c"z""#),
                (Ident, "r#match"),
                (Literal, r#"b"{""#),
                (Literal, r#"r"\""#),
            ]
        );
    }

    #[test]
    fn comments_nest_and_hide_code() {
        use Kind::*;
        assert_eq!(
            lex("a /* { /* } */ } */ b // } \"\n::c"),
            [
                (Ident, "a"),
                (Comment, "/* { /* } */ } */"),
                (Ident, "b"),
                (Comment, "// } \""),
                (Punct, "::"),
                (Ident, "c")
            ]
        );
    }

    #[test]
    fn unterminated_literals_and_comments_are_errors() {
        for bad in ["\"abc", "r#\"abc\"", "/* /* */", "x\n'\\n", "b'", "'"] {
            assert!(tokenize(bad).is_err(), "{bad:?} should not lex");
        }
        assert_eq!(tokenize("\n\n\"x").unwrap_err(), "line 3: unterminated string");
    }

    #[test]
    fn cfg_predicates() {
        let value = |p: &str| {
            let words: Vec<String> = lex(p).iter().map(|t| t.1.to_string()).collect();
            cfg_value(&words.iter().map(String::as_str).collect::<Vec<_>>(), &Config::AnyJudge)
        };
        assert_eq!(value("test"), Some(false));
        assert_eq!(value("not(test)"), Some(true));
        assert_eq!(value("all(test, unix)"), Some(false));
        assert_eq!(value("any(test, unix)"), None);
        assert_eq!(value("any(test, not(test))"), Some(true));
        assert_eq!(value("all(unix, not(any(test)))"), None);
        assert_eq!(value("feature = \"test\""), Some(false));
        assert_eq!(value("all()"), Some(true));
        assert_eq!(value("miri"), Some(false));
        assert_eq!(value("target_arch = \"x86_64\""), None);
        let prefault =
            "all(feature = \"prefault\", target_os = \"linux\", target_arch = \"x86_64\", not(miri))";
        assert_eq!(value(prefault), Some(false));
        assert_eq!(value(&format!("not({prefault})")), Some(true));
        assert_eq!(value("any(unix, feature = \"x\")"), None);
    }

    /// The options of an x86-64 Linux machine, as `rustc --print cfg` lists them (in part).
    fn x86_64_linux() -> Config {
        let options = [
            "debug_assertions",
            "panic=\"unwind\"",
            "target_arch=\"x86_64\"",
            "target_endian=\"little\"",
            "target_env=\"gnu\"",
            "target_family=\"unix\"",
            "target_feature=\"sse2\"",
            "target_os=\"linux\"",
            "target_pointer_width=\"64\"",
            "unix",
        ];
        Config::Exactly(options.iter().map(|o| o.to_string()).collect())
    }

    #[test]
    fn cfg_predicates_in_a_configuration_and_in_its_foreign_one() {
        let host = x86_64_linux();
        let foreign = host.foreign();
        assert_eq!(host.target_name(), "x86-64 Linux");
        assert_eq!(foreign, Config::Exactly(vec!["debug_assertions".into(), "panic=\"unwind\"".into()]));
        let value = |p: &str, config: &Config| {
            let words: Vec<String> = lex(p).iter().map(|t| t.1.to_string()).collect();
            cfg_value(&words.iter().map(String::as_str).collect::<Vec<_>>(), config)
        };
        // Each predicate with its value here, there, and for any judge.
        for (predicate, here, there, any_judge) in [
            ("target_arch = \"x86_64\"", true, false, None),
            ("not(target_arch = \"x86_64\")", false, true, None),
            ("target_arch = \"aarch64\"", false, false, None),
            ("unix", true, false, None),
            ("not(any(unix, windows))", false, true, None),
            (
                "all(target_os = \"linux\", target_endian = \"little\", target_pointer_width = \"64\")",
                true,
                false,
                None,
            ),
            (
                "any(target_feature = \"sse2\", target_env = \"gnu\", target_family = \"unix\")",
                true,
                false,
                None,
            ),
            ("not(target_vendor = \"pc\")", true, true, None),
            ("debug_assertions", true, true, None),
            ("panic = \"unwind\"", true, true, None),
            ("all(unix, not(test))", true, false, None),
            ("any(test, feature = \"unix\", miri)", false, false, Some(false)),
        ] {
            assert_eq!(value(predicate, &host), Some(here), "{predicate} here");
            assert_eq!(value(predicate, &foreign), Some(there), "{predicate} there");
            assert_eq!(value(predicate, &Config::AnyJudge), any_judge, "{predicate} for any judge");
            // The foreign configuration is what the host makes of the foreign copy.
            let copied = foreign_copy(&format!("#[cfg({predicate})]")).unwrap();
            assert_eq!(value(&copied[6..copied.len() - 2], &host), Some(there), "{copied}");
        }
    }

    #[test]
    fn the_foreign_copy_flips_target_predicates_only() {
        let src = text(&[
            "#[cfg(all(target_os = \"linux\", not(windows), feature = \"unix\"))]",
            "fn a() {}",
            "#[cfg_attr(unix, target_feature(enable = \"avx2\"), cfg(target_endian = \"little\"))]",
            "unsafe fn b() {}",
            "mod m {",
            "    #![cfg(target_pointer_width = \"64\")]",
            "}",
            "#[target_feature(enable = \"sse2\")]",
            "#[doc = \"unix\"]",
            "fn c(unix: bool) -> bool {",
            "    // cfg!(unix) in a comment, r\"cfg(unix)\" in a string",
            "    let target_arch = \"cfg!(unix)\";",
            "    unix && cfg!(any(target_family = \"unix\", target_vendor = \"pc\")) || cfg![windows]",
            "}",
        ]);
        let expected = text(&[
            "#[cfg(all(so_tegrat = \"linux\", not(swodniw), feature = \"unix\"))]",
            "fn a() {}",
            "#[cfg_attr(xinu, target_feature(enable = \"avx2\"), cfg(naidne_tegrat = \"little\"))]",
            "unsafe fn b() {}",
            "mod m {",
            "    #![cfg(htdiw_retniop_tegrat = \"64\")]",
            "}",
            "#[target_feature(enable = \"sse2\")]",
            "#[doc = \"unix\"]",
            "fn c(unix: bool) -> bool {",
            "    // cfg!(unix) in a comment, r\"cfg(unix)\" in a string",
            "    let target_arch = \"cfg!(unix)\";",
            "    unix && cfg!(any(ylimaf_tegrat = \"unix\", rodnev_tegrat = \"pc\")) || cfg![swodniw]",
            "}",
        ]);
        let copy = foreign_copy(&src).unwrap();
        assert_eq!(copy, expected);
        assert_eq!(copy.len(), src.len());
        let tokens =
            |s: &str| tokenize(s).unwrap().iter().map(|t| (t.kind, t.start, t.end)).collect::<Vec<_>>();
        assert_eq!(tokens(&copy), tokens(&src), "the same tokens at the same bytes");
    }

    #[test]
    fn what_each_configuration_compiles() {
        let src = text(&[
            "#[cfg(target_arch = \"x86_64\")]",
            "mod fast {",
            "    pub fn fast_helper() {}",
            "}",
            "#[cfg(not(target_arch = \"x86_64\"))]",
            "use portable::slow_helper;",
            "fn both() {",
            "    #[cfg(unix)]",
            "    {",
            "        fn in_a_unix_block() {}",
            "    }",
            "    #[cfg(not(unix))]",
            "    let on_others = 1;",
            "    let everywhere = 2;",
            "}",
            "#[inline]",
            "#[cfg_attr(unix, cfg(test))]",
            "fn not_when_unix() {}",
            "struct S {",
            "    #[cfg(windows)]",
            "    on_windows: u8,",
            "    always: u8,",
            "}",
            "mod inner {",
            "    #![cfg(not(unix))]",
            "    fn elsewhere() {}",
            "}",
        ]);
        let names = [
            "fast_helper",
            "slow_helper",
            "in_a_unix_block",
            "on_others",
            "everywhere",
            "not_when_unix",
            "on_windows",
            "always",
            "elsewhere",
        ];
        let compiled_names = |src: &str, config: &Config| {
            let lexed = Lexed::new(src).unwrap();
            let absent = lexed.absent_ranges(config).unwrap();
            let k = |name: &str| (0..lexed.code.len()).find(|&k| lexed.text(k) == name).unwrap();
            names.iter().copied().filter(|name| compiled(&absent, k(name))).collect::<Vec<_>>()
        };
        let host = x86_64_linux();
        assert_eq!(compiled_names(&src, &host), ["fast_helper", "in_a_unix_block", "everywhere", "always"]);
        let there = ["slow_helper", "on_others", "everywhere", "not_when_unix", "always", "elsewhere"];
        assert_eq!(compiled_names(&src, &host.foreign()), there);
        assert_eq!(compiled_names(&foreign_copy(&src).unwrap(), &host), there);
    }

    #[test]
    fn unbuilt_items_are_cut_with_their_comments() {
        // The source in pieces, each with what is left of it (`None`: all of it).
        let pieces = [
            ("//! Module docs stay.\n\nuse crate::solver::solve;\n\n", None),
            ("/// Kept.\npub fn keep<'a>(s: &'a str) -> char {\n    let _ = \"}\"; let _ = r#\"{\"#; '{'\n}\n\n", None),
            ("/// A helper for the tests.\n#[cfg(test)]\nfn helper() -> u8 { b'}' }\n\n", Some("")),
            ("#[cfg(all(test, unix))]\nconst F: fn() = || {};\n\n", Some("")),
            ("#[derive(Debug)]\n#[cfg(test)]\npub(crate) struct Probe(u8);\n\n", Some("")),
            (
                "/// Built.\n#[cfg(not(test))]\nfn kept_when_not_testing() {}\n\n",
                Some("/// Built.\nfn kept_when_not_testing() {}\n\n"),
            ),
            ("#[inline]\n#[cfg(feature = \"fast\")]\npub fn with_feature() { std::arch::asm!(\"nop\") }\n\n", Some("")),
            (
                "#[cfg(not(feature = \"fast\"))] #[inline]\npub fn without_feature() {}\n\n",
                Some("#[inline]\npub fn without_feature() {}\n\n"),
            ),
            (
                "#[cfg(target_arch = \"x86_64\")]\nmod x86_64;\n#[cfg(feature = \"extra\")]\nmod extra;\n",
                Some("#[cfg(target_arch = \"x86_64\")]\nmod x86_64;\n"),
            ),
            ("pub struct Fields {\n    #[cfg(test)]\n    field_left_to_rustc: u8,\n}\n\nimpl Fields {\n", None),
            ("    #[test]\n    fn a_test() {}\n", Some("")),
            ("}\n\n", None),
            (
                "#[cfg(test)]\nmod tests {\n    use super::*;\n    /* } */\n    #[test]\n    fn t() { assert_eq!(keep(\"x\"), '{'); }\n}\n",
                Some(""),
            ),
        ];
        let src: String = pieces.iter().map(|p| p.0).collect();
        let kept: String = pieces.iter().map(|p| p.1.unwrap_or(p.0)).collect();
        assert_eq!(strip_unbuilt_items(&src).unwrap(), kept);
        let after_inner_attribute = "#![allow(unused)]\n#[cfg(test)]\nuse std::fmt;\nfn f() {}\n";
        assert_eq!(strip_unbuilt_items(after_inner_attribute).unwrap(), "#![allow(unused)]\nfn f() {}\n");
    }

    #[test]
    fn paths_lead_to_the_inline_library() {
        let main = "use graph_games::cli;\nfn main() { ::graph_games::x::y(\"graph_games::z\"); }";
        assert_eq!(
            rewrite_paths(main, LIBRARY).unwrap(),
            "use crate::graph_games::cli;\nfn main() { crate::graph_games::x::y(\"graph_games::z\"); }"
        );
        let module = "use crate::{a, b};\npub(crate) fn f() { $crate::a::g() } // crate::c\npub(in crate::a) fn h() {}";
        assert_eq!(
            rewrite_paths(module, "crate").unwrap(),
            "use crate::graph_games::{a, b};\npub(crate) fn f() { $crate::graph_games::a::g() } // crate::c\n\
             pub(in crate::graph_games::a) fn h() {}"
        );
    }

    #[test]
    fn what_cannot_be_bundled_is_refused() {
        for (src, is_module) in [
            ("const S: &str = include_str!(\"x\");", true),
            ("mod helper;", false),
            ("mod inline {\n    mod out_of_line;\n}", true),
            ("#[path = \"x.rs\"] mod x { }", true),
            ("use graph_games;", false),
            ("use graph_games::cli;", true),
            ("const V: &str = env!(\"CARGO_PKG_VERSION\");", false),
        ] {
            assert!(check_bundleable(src, is_module).is_err(), "{src:?} should be refused");
        }
        assert!(check_bundleable("mod inline { } fn env() {} const S: &str = \"include!\";", true).is_ok());
        assert!(check_bundleable("#[cfg(unix)]\npub(crate) mod out_of_line;\nfn f() {}", true).is_ok());
    }

    #[test]
    fn the_library_root_loses_its_crate_attributes() {
        let lib =
            "//! Docs.\n#![forbid(unsafe_code)]\n#![cfg_attr(docsrs, feature(doc_cfg))]\npub mod cli;\n\
                   fn f() {\n    #![allow(unused)]\n}\n";
        assert_eq!(
            without_crate_attributes(lib).unwrap(),
            "//! Docs.\npub mod cli;\nfn f() {\n    #![allow(unused)]\n}\n"
        );
    }

    #[test]
    fn module_files_and_their_short_list() {
        assert_eq!(children_folder("src/lib.rs", true), "src");
        assert_eq!(children_folder("src/input/mod.rs", false), "src/input");
        assert_eq!(children_folder("src/cli.rs", false), "src/cli");
        assert_eq!(children_folder("src/games/police_thief/mod.rs", false), "src/games/police_thief");
        let files: Vec<String> = [
            "src/lib.rs",
            "src/cli.rs",
            "src/games/mod.rs",
            "src/games/police_thief/mod.rs",
            "src/games/police_thief/explain.rs",
            "src/input/mod.rs",
            "src/solver.rs",
        ]
        .iter()
        .map(|f| f.to_string())
        .collect();
        assert_eq!(
            brace_list(&files),
            "src/{lib,cli,games/{mod,police_thief/{mod,explain}},input/mod,solver}.rs"
        );
        assert_eq!(brace_list(&files[..1]), "src/lib.rs");
        let mixed = ["src/a.rs".to_string(), "src/a/b.rs".to_string(), "README.md".to_string()];
        assert_eq!(brace_list(&mixed), "{src/{a.rs,a/b.rs},README.md}");
        let code = "fn main() {}\nmod inner { mod x {} }\nmod graph_games {\npub mod a {\nmod b {\n}\n}\nmod c {}\n}\n";
        assert_eq!(inline_modules_under(code, LIBRARY).unwrap(), ["a", "a::b", "c"]);
    }

    /// A made-up project in a temporary folder, from (path, text) pairs; removed on drop.
    struct Project(std::path::PathBuf);

    impl Project {
        fn new(name: &str, files: &[(&str, &str)]) -> Project {
            let dir =
                std::env::temp_dir().join(format!("graph_games_bundle_test_{}_{name}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            for (path, text) in files {
                let path = dir.join(path);
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(path, text).unwrap();
            }
            Project(dir)
        }

        fn library(&self) -> Result<(String, Vec<Source>), String> {
            let mut sources = Vec::new();
            let root_source = Source { module: String::new(), file: LIBRARY_ROOT.to_string() };
            let library = inline_module(&self.0, root_source, false, &mut sources)?;
            Ok((library, sources))
        }
    }

    impl Drop for Project {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    /// The code of a bundle: everything after its header (the comment lines up to the first blank).
    fn code_of(text: &str) -> &str {
        &text[text.find("\n\n").expect("a header") + 2..]
    }

    /// `lines`, each ended by a newline.
    fn text(lines: &[&str]) -> String {
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    #[test]
    fn nested_modules_are_inlined_from_their_folders() {
        let lib = text(&[
            "//! The library.",
            "#![forbid(unsafe_code)]",
            "pub mod a;",
            "pub mod c;",
            "#[cfg(test)]",
            "mod testing;",
        ]);
        let a = text(&[
            "//! a.",
            "pub mod b;",
            "#[cfg(target_arch = \"x86_64\")]",
            "pub(crate) mod d;",
            "pub use self::b::B;",
        ]);
        let b = text(&["use crate::c::C;", "pub struct B(pub C);", "#[cfg(test)]", "mod tests {}"]);
        let project = Project::new(
            "nested",
            &[
                ("src/lib.rs", &lib),
                ("src/a/mod.rs", &a),
                ("src/a/b.rs", &b),
                ("src/a/d.rs", "pub fn d() -> u8 {\n    super::b::B(crate::c::C).0 .0\n}\n"),
                ("src/c.rs", "pub mod e;\n#[derive(Clone, Copy)]\npub struct C;\n"),
                ("src/c/e.rs", "pub const E: u8 = 1;\n"),
            ],
        );
        let (library, sources) = project.library().unwrap();
        let expected = [
            "pub mod a {",
            "pub mod b {",
            "use crate::graph_games::c::C;",
            "pub struct B(pub C);",
            "}",
            "#[cfg(target_arch = \"x86_64\")]",
            "pub(crate) mod d {",
            "pub fn d() -> u8 {",
            "    super::b::B(crate::graph_games::c::C).0 .0",
            "}",
            "}",
            "pub use self::b::B;",
            "}",
            "pub mod c {",
            "pub mod e {",
            "pub const E: u8 = 1;",
            "}",
            "#[derive(Clone, Copy)]",
            "pub struct C;",
            "}",
        ];
        assert_eq!(library, text(&expected));
        let files: Vec<&str> = sources.iter().map(|s| s.file.as_str()).collect();
        assert_eq!(
            files,
            ["src/lib.rs", "src/a/mod.rs", "src/a/b.rs", "src/a/d.rs", "src/c.rs", "src/c/e.rs"]
        );
        let modules: Vec<&str> = sources.iter().map(|s| s.module.as_str()).collect();
        assert_eq!(modules, ["", "a", "a::b", "a::d", "c", "c::e"]);
    }

    #[test]
    fn out_of_line_modules_that_cannot_be_found_are_refused() {
        for (files, expected) in [
            (
                &[("src/lib.rs", "pub mod a;\n")][..],
                "src/lib.rs: `mod a;` found neither src/a.rs nor src/a/mod.rs",
            ),
            (
                &[("src/lib.rs", "pub mod a;\n"), ("src/a.rs", ""), ("src/a/mod.rs", "")][..],
                "src/lib.rs: `mod a;`: both src/a.rs and src/a/mod.rs exist",
            ),
            (
                &[("src/lib.rs", "pub mod a;\n"), ("src/a.rs", "mod b;\n")][..],
                "src/a.rs: `mod b;` found neither src/a/b.rs",
            ),
            (
                &[("src/lib.rs", "pub mod a;\n"), ("src/a.rs", "#[path = \"x.rs\"]\nmod b;\n")][..],
                "src/a.rs: line 1: `#[path]` cannot be bundled",
            ),
            (
                &[("src/lib.rs", "pub mod a;\n"), ("src/a.rs", "mod b {\n    mod c;\n}\n")][..],
                "src/a.rs: line 2: an out-of-line `mod` inside",
            ),
        ] {
            let project = Project::new("refused", files);
            let err = project.library().unwrap_err();
            assert!(err.starts_with(expected), "{err}");
        }
    }

    /// Runs the rustc on the path: a whole bundle of a made-up crate, its main outside `src/`.
    /// Of the module `unused`, its subfolder and the `Board`s, nothing is left.
    #[test]
    fn a_made_up_crate_bundles_with_nested_modules() {
        let area = text(&[
            "use super::square::Square;",
            "/// Docs.",
            "pub fn area(s: &Square) -> u32 {",
            "    s.0 * s.0",
            "}",
            "pub fn perimeter(s: &Square) -> u32 {",
            "    4 * s.0",
            "}",
        ]);
        let board = [
            "pub struct Board;",
            "impl Board {",
            "    pub fn new() -> Board {",
            "        Board",
            "    }",
            "}",
        ];
        let square = format!("pub struct Square(pub u32);\n{}", text(&board));
        let unused = text(&[
            "pub mod deeper;",
            "use crate::shapes::{area, square::Square};",
            "pub struct Board;",
            "impl Board {",
            "    pub fn area() -> u32 {",
            "        area(&Square(deeper::SIDE))",
            "    }",
            "}",
        ]);
        let main = text(&[
            "use graph_games::shapes::{self, square::Square};",
            "",
            "fn main() {",
            "    println!(\"{}\", shapes::area(&Square(3)));",
            "}",
        ]);
        let project = Project::new(
            "crate",
            &[
                ("src/lib.rs", "pub mod shapes;\npub mod unused;\n"),
                ("src/shapes/mod.rs", "mod area;\npub mod square;\npub use area::area;\n"),
                ("src/shapes/area.rs", &area),
                ("src/shapes/square.rs", &square),
                ("src/unused.rs", &unused),
                ("src/unused/deeper.rs", "pub const SIDE: u32 = 2;\n"),
                ("main.rs", &main),
            ],
        );
        let options = Options { editions: vec!["2018".to_string()], ..Options::default() };
        let made = bundle(&project.0, "main.rs", &options, |files| files.join(" ")).unwrap();
        let expected = [
            "// main: `make bundle` of graph_games's main.rs, src/{lib,shapes/{mod,area,square}}.rs (used items \
             only, no comments), main.rs src/lib.rs src/shapes/mod.rs src/shapes/area.rs src/shapes/square.rs.",
            "// Std only, Rust 2018-2024, rustc 1.63+. Do not edit: change the sources, run `make bundle` again.",
            "",
            "use crate::graph_games::shapes::{self, square::Square};",
            "fn main() {",
            "\tprintln!(\"{}\", shapes::area(&Square(3)));",
            "}",
            "mod graph_games {",
            "pub mod shapes {",
            "mod area {",
            "use super::square::Square;",
            "pub fn area(s: &Square) -> u32 {",
            "\ts.0 * s.0",
            "}",
            "}",
            "pub mod square {",
            "pub struct Square(pub u32);",
            "}",
            "pub use area::area;",
            "}",
            "}",
        ];
        assert_eq!(made.text, text(&expected));
        assert_eq!(made.modules, ["shapes", "shapes::area", "shapes::square"]);
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
            "use crate::graph_games::shapes;",
            "fn main() {",
            "\tprintln!(\"{}\", shapes::area(3));",
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
        let err = bundle(&project.0, "main.rs", &Options::default(), |_| String::new()).unwrap_err();
        assert!(err.contains("it does not compile for targets other than") && err.contains("E0425"), "{err}");
    }

    #[test]
    fn comments_go_with_their_lines_and_code_stays() {
        let src = "//! Module docs.\n\nuse std::fmt; // trailing\n\n/// Docs.\n/// More.\nfn f() {\n    // alone\n\n    \
                   let s = \"// not a comment\\n\n\n    kept\"; /* block */ let t = 1;\n    /* own line */\n}\n";
        assert_eq!(
            strip_comments(src).unwrap(),
            "use std::fmt;\n\nfn f() {\n    let s = \"// not a comment\\n\n\n    kept\"; let t = 1;\n}\n"
        );
    }

    #[test]
    fn blank_lines_are_tidied_outside_literals() {
        let src = "\n\nfn f() {\n\n    let a = 1;\n\n\n\n    let s = \"a\n\n\n\nb\";\n   \n}\n\n  \n";
        assert_eq!(
            tidy_blank_lines(src).unwrap(),
            "fn f() {\n    let a = 1;\n\n    let s = \"a\n\n\n\nb\";\n}\n"
        );
    }

    #[test]
    fn tabs_indent_code_but_not_literals() {
        let src = "fn f() {\n    if x {\n          y(\"a\n    b\");\n    }\n}\n";
        assert_eq!(indent_with_tabs(src).unwrap(), "fn f() {\n\tif x {\n\t\t  y(\"a\n    b\");\n\t}\n}\n");
    }

    #[test]
    fn edits_apply_and_overlapping_cuts_merge() {
        let edits = vec![
            (6, 9, String::new()),
            (0, 1, "A".to_string()),
            (4, 7, String::new()),
            (10, 10, "!".to_string()),
        ];
        assert_eq!(apply_edits("abcdefghijk", edits), "Abcdj!k");
        assert_eq!(
            unwrap_single_groups("use a::{B};\nuse c::{d::E,};\nuse f::{self};\nuse g::{H, I};\n").unwrap(),
            "use a::B;\nuse c::d::E;\nuse f::{self};\nuse g::{H, I};\n"
        );
    }

    #[test]
    fn imports_of_what_went_leave_their_use() {
        let src = "pub use a::{b::{C, D}, E as F, g::*};\nfn f() {\n    use h::I;\n}\nuse j::{self, K};\n";
        let without = |names: &[&str]| {
            let lexed = Lexed::new(src).unwrap();
            let doomed: Vec<usize> = names.iter().map(|n| src.find(n).unwrap()).collect();
            unwrap_single_groups(&apply_edits(src, lexed.without_imports_at(&doomed).unwrap())).unwrap()
        };
        assert_eq!(
            without(&["D}", "E as"]),
            "pub use a::{b::C, g::*};\nfn f() {\n    use h::I;\n}\nuse j::{self, K};\n"
        );
        assert_eq!(without(&["b::", "E as", "g::"]), "fn f() {\n    use h::I;\n}\nuse j::{self, K};\n");
        assert_eq!(
            without(&["h::I", "K}"]),
            "pub use a::{b::{C, D}, E as F, g::*};\nfn f() {\n}\nuse j::{self};\n"
        );
        // Something unresolved that is not in a `use`: no edit, the error stands.
        assert!(Lexed::new(src).unwrap().without_imports_at(&[src.find("f()").unwrap()]).unwrap().is_empty());
    }

    #[test]
    fn json_values() {
        let json = Json::parse(
            r#" {"a": [1, -2.5e1, true, false, null], "b": {"c": "x\"\\\n\u00e9\ud83d\ude00"}, "d": []} "#,
        )
        .unwrap();
        assert_eq!(
            json.get("a").items(),
            [Json::Number(1.0), Json::Number(-25.0), Json::Bool(true), Json::Bool(false), Json::Null]
        );
        assert_eq!(json.get("b").get("c").text(), Some("x\"\\\né😀"));
        assert_eq!(json.get("d"), &Json::List(Vec::new()));
        assert_eq!(json.get("missing"), &Json::Null);
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"abc", "tru", "[1] 2", "\"\\u12\""] {
            assert!(Json::parse(bad).is_err(), "{bad:?} should not parse");
        }
    }

    /// Runs the rustc on the path: what pruning a whole library takes beyond the basics. `b` is
    /// unused: its `Board` goes with its `impl` but not with `a`'s; its trait goes with the impls
    /// its macro writes, then the macro, empty, with its calls; `a`'s import of what went no longer
    /// resolves and goes; the modules left empty go, the deepest first.
    #[test]
    fn pruning_follows_cuts_through_imports_modules_and_macros() {
        let main = "fn main() {\n    a::run();\n}\n\nmod a {\n";
        let import = "    use crate::b::{helper, Counter};\n\n";
        let a = text(&[
            "    pub struct Board;",
            "",
            "    impl Board {",
            "        pub fn new() -> Board {",
            "            Board",
            "        }",
            "    }",
            "",
            "    pub fn run() {",
            "        let _board = Board::new();",
            "    }",
        ]);
        let unused = "\n    pub fn unused() -> u8 {\n        helper(Counter::ONE)\n    }\n";
        let b = [
            "mod b {",
            "    pub struct Board;",
            "",
            "    impl Board {",
            "        pub fn new() -> Board {",
            "            Board",
            "        }",
            "    }",
            "",
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
        ]
        .join("\n");
        let src = format!("{main}{import}{a}{unused}}}\n\n{b}\n");
        let rustc = Options::default().rustc;
        let (pruned, report) = prune(&rustc, &Config::host(&rustc).unwrap(), &src).unwrap();
        assert_eq!(pruned, format!("{main}{a}}}\n"));
        assert!(report.removed >= 6, "{report:?}");
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
        let rustc = Options::default().rustc;
        let host = Config::host(&rustc).unwrap();
        let (pruned, report) = prune(&rustc, &host, src).unwrap();
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
        assert!(rustc_diagnostics(&rustc, &pruned, "2018", true).unwrap().is_empty());
        assert!(prune(&rustc, &host, "fn main() { undefined(); }").unwrap_err().contains("does not compile"));
    }
}
