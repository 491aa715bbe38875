//! Bundles a judge binary of graph_games into one self-contained source file for online judges.
//!
//! A judge takes one source file, but a binary here (`src/bin/<name>.rs`) is a thin main over
//! library modules (`src/<module>.rs`). Its bundle is the main followed by the library as an
//! inline module, `mod graph_games { pub mod <module> { ... } ... }`, holding only the modules
//! the main needs. Paths are rewritten so they still resolve: the main's `graph_games::` and the
//! modules' `crate::` both become `crate::graph_games::`. (Putting the modules at the root of the
//! bundle instead would make the main's `use graph_games::{cli, ..}` a `use crate::cli` that
//! clashes with `mod cli` itself.) The module files are copied whole, with their `//!` docs, less
//! their unit tests.
//!
//! # How
//! 1. A small lexer splits a file into tokens: identifiers, literals (strings, raw strings, byte
//!    and C strings, chars, numbers), lifetimes, punctuation, comments and whitespace. So a brace
//!    or a path inside a string, a char or a comment is never taken for code, and `'a'` (a char)
//!    is told from `'a` (a lifetime).
//! 2. Items that exist only in tests are cut out of the modules: an item (fn, mod, struct, impl,
//!    const, use, ...) with an attribute that is false when not testing: `#[cfg(test)]`,
//!    `#[cfg(all(test, ..))]`, `#[test]`; with the comments right above it. An attribute on
//!    anything else (a field, a statement) is left to rustc, which drops it the same way.
//! 3. The modules needed: those the main names after `graph_games::` (plain paths and `{..}`
//!    groups), then those these name after `crate::`, and so on; unit tests are cut first, so a
//!    module used only by tests is not pulled in. They come out in `src/lib.rs` order.
//! 4. The inline library gets `#[allow(dead_code, unused_imports)]`. A library module carries its
//!    whole API (items and `pub use` re-exports) and a binary uses only part of it; in a binary
//!    crate the rest is unused, and rustc would warn about it. Code that is unused in the library
//!    itself is still caught, by the library's own build (`make lint`). Pruning unused items
//!    instead would need name resolution through traits, methods and generics (a compiler's job);
//!    a wrong guess breaks the build, and the saving is a few KiB. The allowance is on the library
//!    module only, so the main itself keeps every warning.
//!
//! What the bundler cannot carry over faithfully is refused with an error rather than turned into
//! a bundle that does not compile: items in `src/lib.rs` other than module declarations, an
//! out-of-line `mod x;` or a `#[path]` in a module, `include!`-like and `env!`-like macros (paths
//! and variables that exist only under cargo), and `graph_games` other than as a path prefix.
//! A bundle over 64 KiB, a common judge limit, is an error too.
//!
//! Cost: linear in the size of the sources, all in memory (a few hundred KiB).
//!
//! Usage, from the project root (this is what `make bundle` runs):
//! `bundle [--out DIR] [BINARY...]`; the default is every `src/bin/*.rs` into `target/bundle/`.

use std::fs;
use std::path::Path;
use std::process::Command;

/// The library crate's name, as the binaries write it.
pub const LIBRARY: &str = "graph_games";

/// The largest bundle written: many judges refuse a source over 64 KiB.
pub const MAX_BUNDLE_BYTES: usize = 64 * 1024;

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
        let mut depth = 0usize;
        for j in k..self.code.len() {
            match self.text(j) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth = depth.checked_sub(1).ok_or_else(|| self.error(j, "unbalanced bracket"))?;
                    if depth == 0 {
                        return Ok(j);
                    }
                }
                _ => {}
            }
        }
        Err(self.error(k, "bracket never closed"))
    }

    /// If an item that exists only in tests starts at code index `k` (its first attribute), the
    /// code index of its last token.
    fn test_only_item(&self, mut k: usize) -> Result<Option<usize>, String> {
        let mut test_only = false;
        while self.text(k) == "#" && self.text(k + 1) == "[" {
            let close = self.matching(k + 1)?;
            let words: Vec<&str> = (k + 2..close).map(|j| self.text(j)).collect();
            test_only |= excluded_when_not_testing(&words);
            k = close + 1;
        }
        if !test_only {
            return Ok(None);
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
}

/// Whether an attribute (its tokens between `#[` and `]`) removes its item when not testing.
fn excluded_when_not_testing(words: &[&str]) -> bool {
    match words {
        ["test"] => true,
        ["cfg", "(", predicate @ .., ")"] => cfg_value(predicate) == Some(false),
        _ => false,
    }
}

/// The value of a `cfg` predicate in a build that is not a test: `test` is false, `not`, `all`
/// and `any` combine, and any other option is unknown (`None`). Iterative, with a stack of the
/// enclosing `all` / `any` / `not` and the values of their operands so far.
fn cfg_value(words: &[&str]) -> Option<bool> {
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
            let is_key_value = words.get(i + 1) == Some(&"=");
            stack.last_mut()?.1.push(if word == "test" && !is_key_value { Some(false) } else { None });
            if is_key_value {
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

/// `src` without the items that exist only in tests (see the module doc, step 2).
pub fn strip_test_items(src: &str) -> Result<String, String> {
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
            if let Some(last) = lexed.test_only_item(k)? {
                cuts.push(lexed.cut_range(k, last));
                k = last + 1;
                continue;
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

/// The first segments of the paths that start with `root::` in `src` (`root::a::b` gives `a`,
/// `root::{a, b::{c}, self}` gives `a` and `b`), in order of first appearance.
pub fn path_heads(src: &str, root: &str) -> Result<Vec<String>, String> {
    let lexed = Lexed::new(src)?;
    let mut heads: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !matches!(name, "self" | "super" | "crate" | "*") && !heads.iter().any(|h| h == name) {
            heads.push(name.to_string());
        }
    };
    for k in 0..lexed.code.len() {
        if lexed.text(k) != root || lexed.text(k + 1) != "::" {
            continue;
        }
        if lexed.text(k + 2) != "{" {
            add(lexed.text(k + 2));
            continue;
        }
        // A group: the heads are the words right after its `{` or one of its top-level commas.
        let close = lexed.matching(k + 2)?;
        let mut depth = 0usize;
        for j in k + 2..close {
            match lexed.text(j) {
                "{" => depth += 1,
                "}" => depth -= 1,
                "," if depth == 1 => add(lexed.text(j + 1)),
                _ => {}
            }
            if j == k + 2 {
                add(lexed.text(j + 1));
            }
        }
    }
    Ok(heads)
}

/// An error if `src` uses what a bundle cannot carry over (see the module doc).
pub fn check_bundleable(src: &str, is_module: bool) -> Result<(), String> {
    let lexed = Lexed::new(src)?;
    for k in 0..lexed.code.len() {
        let word = lexed.text(k);
        if lexed.token(k).kind == Kind::Ident && CARGO_ONLY_MACROS.contains(&word) && lexed.text(k + 1) == "!"
        {
            return Err(lexed.error(k, &format!("`{word}!` means something else outside cargo")));
        }
        if word == "mod" && lexed.token(k + 1).kind == Kind::Ident && lexed.text(k + 2) == ";" {
            return Err(lexed.error(k, "an out-of-line `mod` cannot be inlined (write it inline)"));
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

/// The modules `src/lib.rs` declares, in order; an error if it holds anything else, since that
/// would be missing from the bundles.
pub fn library_modules(lib_src: &str) -> Result<Vec<String>, String> {
    let stripped = strip_test_items(lib_src)?;
    let lexed = Lexed::new(&stripped)?;
    let mut modules = Vec::new();
    let mut k = 0;
    while k < lexed.code.len() {
        if lexed.text(k) == "#" && lexed.text(k + 1) == "!" && lexed.text(k + 2) == "[" {
            k = lexed.matching(k + 2)? + 1; // a crate attribute: nothing to carry over
            continue;
        }
        let mut j = k;
        if lexed.text(j) == "pub" {
            j += 1;
            if lexed.text(j) == "(" {
                j = lexed.matching(j)? + 1;
            }
        }
        if lexed.text(j) != "mod" || lexed.token(j + 1).kind != Kind::Ident || lexed.text(j + 2) != ";" {
            return Err(format!(
                "src/lib.rs: {} (only `pub mod name;` declarations can be bundled)",
                lexed.error(k, &format!("unexpected `{}`", lexed.text(k)))
            ));
        }
        modules.push(lexed.text(j + 1).to_string());
        k = j + 3;
    }
    Ok(modules)
}

/// The judge binaries: the names of `src/bin/*.rs`, sorted.
pub fn binaries(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join("src/bin");
    let entries = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().is_some_and(|e| e == "rs") {
            names.extend(path.file_stem().and_then(|s| s.to_str()).map(String::from));
        }
    }
    names.sort();
    Ok(names)
}

/// One binary's bundle.
#[derive(Debug)]
pub struct Bundle {
    /// The library modules inlined, in `src/lib.rs` order.
    pub modules: Vec<String>,
    /// The source files it was made from, relative to the project root.
    pub sources: Vec<String>,
    pub text: String,
}

fn read(root: &Path, file: &str) -> Result<String, String> {
    fs::read_to_string(root.join(file)).map_err(|e| format!("{file}: {e}"))
}

/// Bundles `src/bin/<name>.rs` of the project at `root`. `revision` describes where the sources
/// came from (given the source files), for the header.
pub fn bundle(root: &Path, name: &str, revision: impl Fn(&[String]) -> String) -> Result<Bundle, String> {
    let main_file = format!("src/bin/{name}.rs");
    let in_main = |e: String| format!("{main_file}: {e}");
    let main_src = strip_test_items(&read(root, &main_file)?).map_err(in_main)?;
    check_bundleable(&main_src, false).map_err(in_main)?;
    let declared = library_modules(&read(root, "src/lib.rs")?)?;

    // The modules needed, from the main's `graph_games::` paths through the modules' `crate::`
    // paths; a path head that is not a module (a root macro, say) needs nothing more.
    let mut bodies: Vec<Option<String>> = vec![None; declared.len()];
    let mut to_visit = path_heads(&main_src, LIBRARY).map_err(in_main)?;
    while let Some(head) = to_visit.pop() {
        let Some(index) = declared.iter().position(|m| *m == head) else { continue };
        if bodies[index].is_some() {
            continue;
        }
        let file = format!("src/{head}.rs");
        let in_module = |e: String| format!("{file}: {e}");
        let body = strip_test_items(&read(root, &file)?).map_err(in_module)?;
        // Doc comments (`///` lines) stay in src/: a bundle must fit a judge's size limit.
        let body: String =
            body.lines().filter(|l| !l.trim_start().starts_with("///")).map(|l| format!("{l}\n")).collect();
        check_bundleable(&body, true).map_err(in_module)?;
        to_visit.extend(path_heads(&body, "crate").map_err(in_module)?);
        bodies[index] = Some(rewrite_paths(&body, "crate").map_err(in_module)?);
    }
    let modules: Vec<String> =
        declared.iter().zip(&bodies).filter(|(_, b)| b.is_some()).map(|(m, _)| m.clone()).collect();
    let mut sources = vec![main_file.clone()];
    sources.extend(modules.iter().map(|m| format!("src/{m}.rs")));

    let mut text = format!(
        "// {name}.rs: the `{name}` judge program of {LIBRARY} in one self-contained file.\n\
         // Submit it as it is: Rust 2021, std only, written for rustc 1.70 or newer.\n\
         // Library modules inlined (without their unit tests): {}.\n\
         // Generated by `make bundle` (tools/bundle.rs) at {}\n\
         // from {}.\n\
         // Do not edit: change the sources and run `make bundle` again.\n\n",
        modules.join(", "),
        revision(&sources),
        sources.join(", "),
    );
    text.push_str(rewrite_paths(&main_src, LIBRARY).map_err(in_main)?.trim_end());
    text.push_str(&format!(
        "\n\n// The {LIBRARY} library: the modules this program uses, each from src/<module>.rs. They bring\n\
         // their whole API and the program uses only part of it, hence the `allow` (here only).\n\
         #[allow(dead_code, unused_imports)]\n\
         mod {LIBRARY} {{"
    ));
    for (module, body) in declared.iter().zip(&bodies) {
        if let Some(body) = body {
            text.push_str(&format!("\npub mod {module} {{\n{}\n}}\n", body.trim_end()));
        }
    }
    text.push_str("}\n");
    if text.len() > MAX_BUNDLE_BYTES {
        return Err(format!(
            "the bundle of {name} is {} bytes, over the {MAX_BUNDLE_BYTES} bytes judges accept",
            text.len()
        ));
    }
    Ok(Bundle { modules, sources, text })
}

/// `commit <hash>` of the checkout at `root`, noting uncommitted changes to `files`.
pub fn git_revision(root: &Path, files: &[String]) -> String {
    let git = |args: &[&str]| {
        let output = Command::new("git").arg("-C").arg(root).args(args).output().ok()?;
        output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
    };
    let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) else {
        return "an unknown commit (not a git checkout)".to_string();
    };
    let mut status_args = vec!["status", "--porcelain", "--"];
    status_args.extend(files.iter().map(String::as_str));
    match git(&status_args) {
        Some(changes) if changes.is_empty() => format!("commit {commit}"),
        _ => format!("commit {commit} with uncommitted changes"),
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let mut out_dir = "target/bundle".to_string();
    let mut names = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out_dir = args.next().ok_or("--out needs a directory")?.clone(),
            "--help" | "-h" => {
                println!("usage: bundle [--out DIR] [BINARY...]  (from the project root; default: every src/bin/*.rs)");
                return Ok(());
            }
            flag if flag.starts_with('-') => return Err(format!("unknown flag `{flag}`")),
            name => names.push(name.to_string()),
        }
    }
    let root = Path::new(".");
    if names.is_empty() {
        names = binaries(root)?;
    }
    fs::create_dir_all(&out_dir).map_err(|e| format!("{out_dir}: {e}"))?;
    for name in &names {
        let bundle =
            bundle(root, name, |files| git_revision(root, files)).map_err(|e| format!("{name}: {e}"))?;
        let path = Path::new(&out_dir).join(format!("{name}.rs"));
        fs::write(&path, &bundle.text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("{:<36} {:>6} bytes  ({})", path.display(), bundle.text.len(), bundle.modules.join(", "));
    }
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
            cfg_value(&words.iter().map(String::as_str).collect::<Vec<_>>())
        };
        assert_eq!(value("test"), Some(false));
        assert_eq!(value("not(test)"), Some(true));
        assert_eq!(value("all(test, unix)"), Some(false));
        assert_eq!(value("any(test, unix)"), None);
        assert_eq!(value("any(test, not(test))"), Some(true));
        assert_eq!(value("all(unix, not(any(test)))"), None);
        assert_eq!(value("feature = \"test\""), None);
        assert_eq!(value("all()"), Some(true));
    }

    #[test]
    fn test_items_are_cut_with_their_comments() {
        // The source in pieces: those marked `true` stay, the others go.
        let pieces = [
            (true, "//! Module docs stay.\n\nuse crate::solver::solve;\n\n"),
            (true, "/// Kept.\npub fn keep<'a>(s: &'a str) -> char {\n    let _ = \"}\"; let _ = r#\"{\"#; '{'\n}\n\n"),
            (false, "/// A helper for the tests.\n#[cfg(test)]\nfn helper() -> u8 { b'}' }\n\n"),
            (false, "#[cfg(all(test, unix))]\nconst F: fn() = || {};\n\n"),
            (false, "#[derive(Debug)]\n#[cfg(test)]\npub(crate) struct Probe(u8);\n\n"),
            (true, "#[cfg(not(test))]\nfn kept_when_not_testing() {}\n\n"),
            (true, "pub struct Fields {\n    #[cfg(test)]\n    field_left_to_rustc: u8,\n}\n\nimpl Fields {\n"),
            (false, "    #[test]\n    fn a_test() {}\n"),
            (true, "}\n\n"),
            (false, "#[cfg(test)]\nmod tests {\n    use super::*;\n    /* } */\n    #[test]\n    fn t() { assert_eq!(keep(\"x\"), '{'); }\n}\n"),
        ];
        let src: String = pieces.iter().map(|p| p.1).collect();
        let kept: String = pieces.iter().filter(|p| p.0).map(|p| p.1).collect();
        assert_eq!(strip_test_items(&src).unwrap(), kept);
        let after_inner_attribute = "#![allow(unused)]\n#[cfg(test)]\nuse std::fmt;\nfn f() {}\n";
        assert_eq!(strip_test_items(after_inner_attribute).unwrap(), "#![allow(unused)]\nfn f() {}\n");
    }

    #[test]
    fn heads_of_library_paths() {
        let main = "use graph_games::{cli, graph_game::{self, Options}, self};\n\
                    // graph_games::in_a_comment\n\
                    fn main() { let _ = \"graph_games::in_a_string\"; ::graph_games::solver::solve(&g); }";
        assert_eq!(path_heads(main, LIBRARY).unwrap(), ["cli", "graph_game", "solver"]);
        let module =
            "use crate::{input::{Error, Scanner}, solver};\nfn f() -> crate::graph::Graph { todo!() }";
        assert_eq!(path_heads(module, "crate").unwrap(), ["input", "solver", "graph"]);
        assert_eq!(path_heads("pub(crate) fn f() {}", "crate").unwrap(), Vec::<String>::new());
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
            ("#[path = \"x.rs\"] mod x { }", true),
            ("use graph_games;", false),
            ("use graph_games::cli;", true),
            ("const V: &str = env!(\"CARGO_PKG_VERSION\");", false),
        ] {
            assert!(check_bundleable(src, is_module).is_err(), "{src:?} should be refused");
        }
        assert!(check_bundleable("mod inline { } fn env() {} const S: &str = \"include!\";", true).is_ok());
    }

    #[test]
    fn the_library_root_only_declares_modules() {
        let lib = "//! Docs.\n#![forbid(unsafe_code)]\npub mod cli;\nmod graph;\npub(crate) mod input;\n\
                   #[cfg(test)]\nmod testing;\n";
        assert_eq!(library_modules(lib).unwrap(), ["cli", "graph", "input"]);
        let err = library_modules("pub mod cli;\npub use cli::run;\n").unwrap_err();
        assert!(err.contains("line 2") && err.contains("`pub`"), "{err}");
    }
}
