//! Unused trait impls, for the prune stage. rustc never reports an `impl` of a trait unused, so a
//! library type kept would keep every `impl Display for ..` or `impl FromStr for ..` it has, and
//! the helpers only they call. So the prune stage, once nothing more goes, tries the library
//! without them all; rustc's errors then name (by type and trait, or by an operator or a method of
//! the trait) the impls still needed; those go back and the library is tried again, at most
//! [`MAX_TRIALS`] times in all, else all go back (the library is then as without this step).
//!
//! The invariant: an impl goes only if the program compiles without it, here and on other
//! targets, and only impls whose absence is not known to compile into another behaviour are
//! tried. A candidate is an `impl Trait for Type` of the library's part, outside any macro (its
//! definition or a call), of a trait the code does not declare (the library's own traits' impls
//! go with their lint), neither `unsafe` nor negative, not of the traits in `NEVER` (`Drop`,
//! `Clone`, ..), nor of a type that has a `Deref` (a method call could then reach another type's
//! impl). The impls of one trait for one type (`From<i64>` and `From<u64>`, for `T` and for `&T`;
//! `Ord` with `PartialOrd`, `Eq` with `PartialEq`) go or stay together, so that no call can turn
//! to another of them (an integer's inferred type, autoref). A derive is not an impl here (the
//! assembly drops unneeded derives).

use super::json::Diagnostic;
use super::lex::{Kind, Lexed};
use super::mapped::Edit;

/// How many times at most the library is type-checked without impls, before keeping them all.
pub const MAX_TRIALS: usize = 3;

/// Traits whose impls are never tried: without them, code may still compile and do otherwise
/// (`Drop`; `Deref` and `DerefMut` lead method calls to another type; without `Clone`, `x.clone()`
/// on a `&T` still compiles, into a copy of the reference).
const NEVER: [&str; 4] = ["Drop", "Deref", "DerefMut", "Clone"];

/// An impl that may go: its cut, the names of its trait and of its type, and its trait's path as
/// written (`std::error::Error`, `fmt::Display`, `Display`).
#[derive(Clone, Debug)]
pub struct Candidate {
    pub cut: Edit,
    pub trait_name: String,
    pub type_name: String,
    pub trait_path: String,
}

impl Lexed<'_> {
    /// The impls of the code from byte `from` on that may go, as the module doc says.
    pub fn impl_candidates(&self, from: usize) -> Result<Vec<Candidate>, String> {
        let declared: Vec<&str> =
            (1..self.code.len()).filter(|&k| self.text(k - 1) == "trait").map(|k| self.text(k)).collect();
        // The brackets of macro definitions and calls: the code there is not the code compiled.
        let mut in_macros = Vec::new();
        for k in 2..self.code.len() {
            let definition = k >= 3 && self.text(k - 3) == "macro_rules" && self.text(k - 2) == "!";
            if matches!(self.text(k), "(" | "[" | "{") && (self.text(k - 1) == "!" || definition) {
                in_macros.push((k, self.matching(k)?));
            }
        }
        let mut found: Vec<(usize, usize, (&str, String), &str)> = Vec::new();
        let mut dereferenced = Vec::new();
        for (first, kw, open, last) in self.impls()? {
            let (trait_path, type_name) = match self.trait_and_type(kw, open)? {
                Some(names) => names,
                None => continue,
            };
            let trait_name = trait_path.0;
            if matches!(trait_name, "Deref" | "DerefMut") {
                dereferenced.push(type_name);
            }
            let eligible = self.token(first).start >= from
                && !(first..kw).any(|j| self.text(j) == "unsafe")
                && !declared.contains(&trait_name)
                && !NEVER.contains(&trait_name)
                && !in_macros.iter().any(|&(open, close)| open < kw && kw < close)
                && !found.iter().any(|&(f, l, _, _)| f < first && last < l);
            if eligible {
                found.push((first, last, trait_path, type_name));
            }
        }
        let found = found.into_iter().filter(|f| !dereferenced.contains(&f.3));
        let candidate = |(first, last, (trait_name, trait_path), type_name)| Candidate {
            cut: self.cut(first, last),
            trait_name: (trait_name as &str).to_string(),
            type_name: (type_name as &str).to_string(),
            trait_path,
        };
        Ok(found.map(candidate).collect())
    }

    /// The trait and the type named by the header of the `impl` at code index `kw` whose body opens
    /// at `open`: the last word of each path (`fmt::Display`, `Wrapper<T>`: `Display`, `Wrapper`),
    /// the trait's with its path as written (`fmt::Display`). `None` for an inherent or a
    /// negative impl, or a type that is not a path.
    #[allow(clippy::type_complexity)]
    fn trait_and_type(&self, kw: usize, open: usize) -> Result<Option<((&str, String), &str)>, String> {
        let (mut depth, mut j) = (0, kw + 1);
        let (mut trait_at, mut path_start) = (None, kw + 1);
        let for_at = loop {
            if j >= open {
                return Ok(None);
            }
            match self.text(j) {
                "<" => depth += 1,
                ">" if self.text(j - 1) != "-" => depth -= 1,
                "(" | "[" => j = self.matching(j)?,
                "!" | "where" if depth == 0 => return Ok(None),
                "for" if depth == 0 && self.text(j + 1) != "<" => break j,
                _ if depth == 0 && self.token(j).kind == Kind::Ident => {
                    if self.text(j - 1) != "::" {
                        path_start = j;
                    }
                    trait_at = Some(j);
                }
                _ => {}
            }
            j += 1;
        };
        // The type: past `&`, lifetimes, `mut` and `dyn`, the last word of its path.
        let mut j = for_at + 1;
        while matches!(self.text(j), "&" | "mut" | "dyn") || self.token(j).kind == Kind::Lifetime {
            j += 1;
        }
        let mut type_name = None;
        while j < open && self.token(j).kind == Kind::Ident && !matches!(self.text(j), "where") {
            type_name = Some(self.text(j));
            if self.text(j + 1) != "::" {
                break;
            }
            j += 2;
        }
        let path = |last: usize| (path_start..=last).map(|k| self.text(k)).collect::<String>();
        let trait_path = trait_at.map(|at| (self.text(at), path(at)));
        Ok(trait_path.zip(type_name))
    }
}

/// The trait an error's message implies when it names none: an operator or a method of it.
const IMPLIED: [(&str, &str); 21] = [
    ("`==`", "PartialEq"),
    ("`!=`", "PartialEq"),
    ("`<`", "PartialOrd"),
    ("`>`", "PartialOrd"),
    ("`<=`", "PartialOrd"),
    ("`>=`", "PartialOrd"),
    ("`partial_cmp`", "PartialOrd"),
    ("`cmp`", "Ord"),
    ("`max`", "Ord"),
    ("`min`", "Ord"),
    ("`to_string`", "Display"),
    ("`parse`", "FromStr"),
    ("`into`", "From"),
    ("`hash`", "Hash"),
    ("`next`", "Iterator"),
    ("cannot add", "Add"),
    ("cannot subtract", "Sub"),
    ("cannot multiply", "Mul"),
    ("cannot divide", "Div"),
    ("unary operator `-`", "Neg"),
    ("unary operator `!`", "Not"),
];

/// The traits whose impls for a type go and stay together, by one of them: `Ord` with
/// `PartialOrd` (one is often written with the other's method), `Eq` with `PartialEq`.
fn family(trait_name: &str) -> &str {
    match trait_name {
        "Ord" => "PartialOrd",
        "Eq" => "PartialEq",
        other => other,
    }
}

/// The families an impl of the family `family` needs for the same type (its supertraits').
fn needs(family: &str) -> &'static [&'static str] {
    match family {
        "PartialOrd" => &["PartialEq"],
        "Error" => &["Display", "Debug"],
        _ => &[],
    }
}

/// Marks `back` the candidates (of `candidates`, those not yet back) that `errors` point at, each
/// with the others of its trait's family for its type and the families they need. An error points
/// at those whose type and trait it names (the trait may be implied by an operator or a method,
/// `IMPLIED`). If none does, every one whose type an error names goes back. Whether any went.
pub fn put_back(candidates: &[Candidate], back: &mut [bool], errors: &[&Diagnostic]) -> bool {
    let mut pointed = Vec::new();
    let mut typed = Vec::new();
    for error in errors {
        let said = format!("{}\n{}", error.message, error.rendered);
        let implied: Vec<&str> =
            IMPLIED.iter().filter(|(words, _)| error.message.contains(words)).map(|w| family(w.1)).collect();
        for (i, candidate) in candidates.iter().enumerate().filter(|&(i, _)| !back[i]) {
            if names(&said, &candidate.type_name) {
                typed.push(i);
                if names_trait(&said, &candidate.trait_path)
                    || implied.contains(&family(&candidate.trait_name))
                {
                    pointed.push(i);
                }
            }
        }
    }
    // Each pointed at, with its family and what it needs, for its type.
    let mut wanted: Vec<(&str, &str)> = Vec::new();
    for i in if pointed.is_empty() { typed } else { pointed } {
        let (family, type_name) = (family(&candidates[i].trait_name), candidates[i].type_name.as_str());
        wanted.push((family, type_name));
        wanted.extend(needs(family).iter().map(|&needed| (needed, type_name)));
    }
    let mut progress = false;
    for (i, candidate) in candidates.iter().enumerate() {
        if !back[i] && wanted.contains(&(family(&candidate.trait_name), candidate.type_name.as_str())) {
            back[i] = true;
            progress = true;
        }
    }
    progress
}

fn part_of_word(c: Option<char>) -> bool {
    c.map_or(false, |c| c.is_alphanumeric() || c == '_')
}

/// Where `text` holds `word` as a whole word.
fn whole_words<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(word).map(|(at, _)| at).filter(move |&at| {
        !part_of_word(text[..at].chars().next_back()) && !part_of_word(text[at + word.len()..].chars().next())
    })
}

/// Whether `text` holds `word` as a whole word.
fn names(text: &str, word: &str) -> bool {
    whole_words(text, word).next().is_some()
}

/// Whether `text` names the trait of std's written `path` (`std::error::Error`, `fmt::Display`,
/// `Display`; the candidates' traits are all std's) where a trait stands in rustc's messages: first
/// in backticks (`` `std::fmt::Display` ``), after a bound's `: ` or `+ `, or after `dyn `; alone
/// (`` `Debug` ``), as written, or as a path from `std`, `core` or `alloc` ending with the path
/// written (past its `std::`). Not as another path ending in its name (`input::error::Error`, the library's, and
/// `std::io::Error` are no `std::error::Error`), nor inside a type's generic arguments
/// (`From<std::io::Error>`).
fn names_trait(text: &str, path: &str) -> bool {
    let is_std = |segment: &str| matches!(segment, "std" | "core" | "alloc");
    let mut written: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    if written.len() > 1 && is_std(written[0]) {
        written.remove(0);
    }
    let word = match written.last() {
        Some(word) => *word,
        None => return false,
    };
    whole_words(text, word).any(|at| {
        // The path ending in `word` here: back over `segment::` pairs to its first segment.
        let (mut start, mut segments) = (at, vec![word]);
        while let Some(before) = text[..start].strip_suffix("::") {
            let from = before.rfind(|c: char| !part_of_word(Some(c))).map_or(0, |i| i + 1);
            start = from;
            segments.insert(0, &before[from..]);
        }
        let same = segments.len() == 1
            || segments.ends_with(&written) && (segments.len() == written.len() || is_std(segments[0]));
        let head = &text[..start];
        same && ["`", ": ", "+ ", "dyn "].iter().any(|opening| head.ends_with(opening))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidates of a snippet: std traits' impls of the part after `from`, with the names read
    /// from their headers; not the library's own traits', nor in macros, nor `unsafe`, nor `Drop`.
    #[test]
    fn candidates_are_std_trait_impls_outside_macros() {
        let src = "impl fmt::Display for User {}\n\
                   trait Own {}\nimpl Own for Big {}\n\
                   impl<'a, T: Ord> std::ops::Add<&'a Big> for &'a Wrapper<T> where T: Copy {}\n\
                   impl From<io::Error> for Big {}\nimpl Big {}\nunsafe impl Send for Big {}\n\
                   impl Drop for Big {}\nimpl<T> Iterator for inner::Walk<T> {}\n\
                   macro_rules! m { ($t:ty) => { impl Default for $t {} }; }\nm! { impl Clone for Big {} }\n\
                   impl Deref for Ref {}\nimpl Debug for Ref {}\n";
        let lexed = Lexed::new(src).unwrap();
        let found = lexed.impl_candidates(src.find("trait Own").unwrap()).unwrap();
        let named: Vec<(&str, &str, &str)> = found
            .iter()
            .map(|c| (c.trait_name.as_str(), c.type_name.as_str(), c.trait_path.as_str()))
            .collect();
        assert_eq!(
            named,
            [("Add", "Wrapper", "std::ops::Add"), ("From", "Big", "From"), ("Iterator", "Walk", "Iterator")]
        );
        assert_eq!(&src[found[1].cut.0..found[1].cut.1], "impl From<io::Error> for Big {}\n");
    }

    /// An error naming a type and a trait puts back that trait's impls for that type (all of them);
    /// one naming the type alone, every impl of the type; one naming none, nothing.
    #[test]
    fn errors_put_back_what_they_name() {
        let candidate = |trait_path: &str, type_name: &str| Candidate {
            cut: (0, 0, String::new()),
            trait_name: trait_path.rsplit("::").next().unwrap_or("").to_string(),
            type_name: type_name.to_string(),
            trait_path: trait_path.to_string(),
        };
        let candidates = [
            candidate("Display", "Big"),
            candidate("From", "Big"),
            candidate("From", "Big"),
            candidate("Debug", "Big"),
            candidate("Display", "Bigger"),
        ];
        let error = |message: &str| Diagnostic {
            level: "error".to_string(),
            code: String::new(),
            message: message.to_string(),
            rendered: String::new(),
            primary: Vec::new(),
        };
        let mut back = [false; 5];
        assert!(!put_back(&candidates, &mut back, &[&error("mismatched types: `u8`")]));
        assert!(put_back(
            &candidates,
            &mut back,
            &[&error("the trait bound `Big: From<u8>` is not satisfied")]
        ));
        assert_eq!(back, [false, true, true, false, false]);
        assert!(put_back(&candidates, &mut back, &[&error("cannot add `Big` to `Big`")]));
        assert_eq!(back, [true, true, true, true, false]);
        // `cmp` implies `Ord`, which comes back with `PartialOrd` and the `PartialEq` it needs.
        let candidates = [
            candidate("Ord", "Key"),
            candidate("PartialOrd", "Key"),
            candidate("PartialEq", "Key"),
            candidate("Hash", "Key"),
        ];
        let mut back = [false; 4];
        let cmp = error("no method named `cmp` found for enum `Option<&Key>` in the current scope");
        assert!(put_back(&candidates, &mut back, &[&cmp]));
        assert_eq!(back, [true, true, true, false]);
        // A library type's path ending in a trait's name is not that trait (`input::error::Error`,
        // whose `Display` comes back, not its `std::error::Error`), nor is a type in a trait's
        // generic arguments (`From<std::io::Error>` puts back `From` alone).
        let candidates = [
            candidate("Display", "Error"),
            candidate("std::error::Error", "Error"),
            candidate("From", "Failure"),
            candidate("std::error::Error", "Failure"),
        ];
        let mut back = [false; 4];
        let display = error("`input::error::Error` doesn't implement `std::fmt::Display`");
        assert!(put_back(&candidates, &mut back, &[&display]));
        assert_eq!(back, [true, false, false, false]);
        let question = error("the trait `From<std::io::Error>` is not implemented for `Failure`");
        let note = error("`Failure` needs `to_string`: the method exists on the type `std::io::Error`");
        assert!(put_back(&candidates, &mut back, &[&question, &note]));
        assert_eq!(back, [true, false, true, false]);
        let bound = error("the trait bound `input::Error: std::error::Error` is not satisfied");
        assert!(put_back(&candidates, &mut back, &[&bound]));
        assert_eq!(back, [true, true, true, false]);
    }
}
