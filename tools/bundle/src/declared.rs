//! What the library's part of a bundle declares, read from its tokens for the `short` layout
//! ([`super::rename`]): the names of its items, fields, variants and bindings, the names that may
//! follow a `.` (fields, the items of impls and traits), those that Debug output spells, and those
//! that stand for something outside the library too (in attributes, macros' names, std's paths,
//! the items of impls of std's traits or of the library's traits for std's types). Conservative:
//! a name it cannot place is not declared (and so stays as it is); one declared by mistake is
//! renamed consistently everywhere, which changes nothing unless it also stands for something
//! outside the library, which these exclusions and then the compiler catch.

use super::lex::{Kind, Lexed};
use std::collections::{BTreeMap, BTreeSet};

/// Keywords of every edition, those reserved, and the contextual ones.
pub const KEYWORDS: &str = "as async await break const continue crate dyn else enum extern false fn for if impl in \
    let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while \
    abstract become box do final macro override priv typeof unsized virtual yield try gen union auto default \
    macro_rules raw safe";

/// What the library's part declares and what it must keep, as far as its tokens tell.
#[derive(Default)]
pub struct Declared {
    /// Every name declared: items, fields, variants, bindings.
    pub declared: BTreeSet<String>,
    /// The fields, and the items of impls and traits: the names that may follow a `.`.
    pub members: BTreeSet<String>,
    /// The fields: the names that may follow a `.` and come before no `(`.
    pub fields: BTreeSet<String>,
    /// The items of impls and traits (methods, constants, types): the names that may follow a `.`
    /// and come before a `(`, and that a trait's of the same name may shadow.
    pub items: BTreeSet<String>,
    /// The code tokens of std's paths outside a `use` (`std::fmt::Display`): names there are std's,
    /// whatever the library declares.
    pub in_std_paths: BTreeSet<usize>,
    /// The names of items deriving `Debug` (and their fields and variants), and the types with
    /// their own `impl Debug`.
    pub debug: BTreeSet<String>,
    /// Names kept whatever else: in attributes, macros' names and `stringify!`, std's `use`s (what
    /// they import is named alone after), the items of impls of std's traits and of the
    /// library's for std's types.
    pub excluded: BTreeSet<String>,
}

impl Declared {
    /// Of the code tokens of `lexed` from the `first`.
    pub fn find(lexed: &Lexed, first: usize) -> Result<Declared, String> {
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
                        d.in_std_paths.insert(j);
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
                        "fn" if t(after) == "(" => {
                            d.bind_parameters(lexed, after + 1, lexed.matching(after)?)
                        }
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
                            d.items.extend(items.iter().cloned());
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
                    d.items.extend(items.iter().cloned());
                    impls.push((of, for_type, items));
                }
                "let" => {
                    let end =
                        (k + 1..n).find(|&j| matches!(t(j), "=" | ":" | ";") && depth(lexed, k + 1, j) == 0);
                    d.bind(lexed, k + 1, end.unwrap_or(k + 1));
                }
                "for" if t(k + 1) != "<" => {
                    let stop =
                        (k + 1..n).find(|&j| matches!(t(j), "in" | "{" | ";") && depth(lexed, k + 1, j) == 0);
                    if let Some(end) = stop.filter(|&j| t(j) == "in") {
                        d.bind(lexed, k + 1, end);
                    }
                }
                "match" => d.bind_arms(lexed, k)?,
                "|" if matches!(before, "(" | "," | "=" | "{" | ";" | "move" | "return" | ":" | "[")
                    || before == ">" && t(k.wrapping_sub(2)) == "=" =>
                {
                    let end =
                        (k + 1..n).find(|&j| t(j) == "|" && depth(lexed, k + 1, j) == 0).unwrap_or(k + 1);
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
                t(j) == "="
                    && t(j + 1) == ">"
                    && lexed.token(j).end == lexed.token(j + 1).start
                    && depth(lexed, at, j) == 0
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
                (arrow + 2..close)
                    .find(|&j| t(j) == "," && depth(lexed, arrow + 2, j) == 0)
                    .map_or(close, |j| j + 1)
            };
        }
        Ok(())
    }

    /// The fields (and with `variants`, the variants) of the struct or enum whose body opens at
    /// code token `open`, declared; returned.
    fn fields_and_variants(
        &mut self,
        lexed: &Lexed,
        open: usize,
        variants: bool,
    ) -> Result<Vec<String>, String> {
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
                self.fields.insert(t(k).to_string());
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
    let skipped = (type_from..end_of_type)
        .find(|&j| !matches!(t(j), "&" | "mut" | "dyn") && lexed.token(j).kind != Kind::Lifetime);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What a snippet declares, may follow a `.`, spells in Debug output and must keep.
    #[test]
    fn declarations_members_and_exclusions() {
        let src = "#[derive(Clone, Debug)]\npub struct Spot { across: u8 }\nenum Turn { Left, Right { by: u8 } }\n\
                   impl std::fmt::Display for Spot { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { \
                   write!(f, \"{}\", self.across) } }\ntrait Ones { fn ones(&self) -> u32; }\n\
                   impl Ones for u8 { fn ones(&self) -> u32 { 1 } }\nimpl Ones for Spot { fn ones(&self) -> u32 { 2 } }\n\
                   fn go<F: Fn(u8) -> u8>(step: F, (low, high): (u8, u8)) -> u8 { let mut total = 0; \
                   for index in low..high { total += step(index); } match Some(total) { Some(t) if t > 1 => t, \
                   other => other.unwrap_or(0) } }\nuse std::collections::HashMap;\nconst LIMIT: usize = 3;\n\
                   fn apply() { let twice = |value: u8, times| value * times; stringify!(hidden); }";
        let lexed = Lexed::new(src).unwrap();
        let found = Declared::find(&lexed, 0).unwrap();
        let set = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<String>>();
        let declared = set(&[
            "Spot", "across", "Turn", "Left", "Right", "by", "fmt", "f", "Ones", "ones", "go", "step", "low",
            "high", "total", "index", "t", "other", "LIMIT", "apply", "twice", "value", "times",
        ]);
        assert_eq!(found.declared, declared);
        assert_eq!(found.members, set(&["across", "by", "fmt", "ones"]));
        assert_eq!(found.debug, set(&["Spot", "across"]));
        // std's `use`; `ones` of a library trait implemented for `u8`; std's other paths are
        // places, not names.
        let excluded = set(&[
            "derive",
            "Clone",
            "Debug",
            "std",
            "fmt",
            "write",
            "ones",
            "use",
            "collections",
            "HashMap",
            "stringify",
            "hidden",
        ]);
        let in_std_paths: Vec<&str> = found.in_std_paths.iter().map(|&k| lexed.text(k)).collect();
        let path = ["std", "fmt"];
        let paths = [&path[..], &["Display"], &path, &["Formatter"], &path, &["Result"]].concat();
        assert_eq!(in_std_paths, [&paths[..], &["std", "collections", "HashMap"]].concat());
        assert_eq!(found.fields, set(&["across", "by"]));
        assert_eq!(found.items, set(&["fmt", "ones"]));
        assert_eq!(found.excluded, excluded);
    }
}
