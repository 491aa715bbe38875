//! The derives a judge program does not use, cut after pruning (not with `--docs`).
//!
//! The library derives `Debug` on most of its types for its own tests, and `Clone` alone on some
//! for its users; a program rarely needs either. The invariant: a derive is cut only if the bundle
//! still compiles without it, here and on other targets (the foreign copy), and rustc gives no
//! sign that a call took another method instead (below), so what the program does cannot change
//! (a derive adds an impl; a program that names none of it can depend on it only through a method
//! another impl would otherwise give: a `.clone()` of a reference, a blanket impl on the trait).
//!
//! - `Debug`, wherever it stands in a derive list: every one is cut at once; where rustc then says
//!   a type needs it (the type's name in an error), that type's derive is put back, and so on for
//!   at most [`MAX_ROUNDS`] checks; if errors remain, every `Debug` derive stays. Once they go, the
//!   renaming of the `short` layout may shorten those types' names too (`rename.rs` keeps a
//!   derived `Debug`'s names, whose text it prints).
//! - `Clone` derived alone (`#[derive(Clone)]`): all of them, or none if that does not compile.
//! - First of all, both at once (every `Debug`, then every `Clone` left alone): one check, and when
//!   that compiles, they all go; else the two steps above.
//!
//! Where a derive's absence may compile into another program, it stays: a cut after which rustc
//! warns that a `.clone()` clones a reference (`noop_method_call`) is refused as one that fails;
//! with an impl for a bare type parameter whose header names the trait (`impl<T: Debug> X for T`),
//! none of that trait's derives is cut (a call may take another impl's method without it). Code
//! that neither copy compiles (a `cfg` false here and on the foreign copy) is not seen.

use super::items::cut_in_line;
use super::json::Diagnostic;
use super::lex::Lexed;
use super::mapped::{Edit, Mapped};
use super::prune::PRUNING_EDITION;
use super::rustc::diagnostics_of_both;

/// How many checks the cut of `Debug` derives may take before it gives up (keeping them all).
pub const MAX_ROUNDS: usize = 3;

/// One derive of a trait in a derive list: the type it is on, and the edit that cuts it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Derived {
    type_name: String,
    cut: Edit,
}

/// The library's part (from byte `from`) of `code` without the derives a judge program does not
/// use (see the module doc).
pub fn without_unused_derives(rustc: &str, code: &Mapped, from: usize) -> Result<Mapped, String> {
    // First every `Debug` and then every `Clone` alone cut at once, one check instead of the two
    // steps' below: when that compiles, they all go (the invariant: the bundle compiles without
    // them). It is what the steps give, unless the code without every `Debug` fails where this
    // compiles (a derived `Clone` that needs a `Debug`, through an `impl<T: Debug> Clone for
    // W<T>`): the steps would then keep a `Debug` that goes here. When it does not compile, the
    // steps run; a text they check again is answered from this check (`rustc_diagnostics`).
    let lexed = Lexed::new(&code.text)?;
    let (cut_debug, cut_clone) = (!blanket_impl_on(&lexed, "Debug"), !blanket_impl_on(&lexed, "Clone"));
    let every_debug = if cut_debug { derives_of(&code.text, from, "Debug")? } else { Vec::new() };
    if !every_debug.is_empty() && cut_clone {
        let without_debug = code.edit(every_debug.into_iter().map(|d| d.cut).collect());
        if let Some(without_both) = without_clone_alone(&without_debug, from)? {
            if compiles(rustc, &without_both.text)?.is_empty() {
                return Ok(without_both);
            }
        }
    }
    let code = if cut_debug { without_unused_debug(rustc, code, from)? } else { code.clone() };
    match if cut_clone { without_clone_alone(&code, from)? } else { None } {
        Some(candidate) if compiles(rustc, &candidate.text)?.is_empty() => Ok(candidate),
        _ => Ok(code),
    }
}

/// `code` without its `#[derive(Clone)]` (alone in their list: the lexer's tokens, not a string's
/// text) from byte `from` on, if it has any.
fn without_clone_alone(code: &Mapped, from: usize) -> Result<Option<Mapped>, String> {
    let src = &code.text;
    let lexed = Lexed::new(src)?;
    let mut edits: Vec<Edit> = Vec::new();
    for k in 0..lexed.code.len() {
        let alone = ["#", "[", "derive", "(", "Clone", ")", "]"]
            .iter()
            .enumerate()
            .all(|(i, t)| lexed.text(k + i) == *t);
        if alone && lexed.token(k).start >= from {
            edits.push(cut_in_line(src, lexed.token(k).start, lexed.token(k + 6).end));
        }
    }
    Ok((!edits.is_empty()).then(|| code.edit(edits)))
}

/// Whether `lexed` (the user's code too) has a trait impl for a bare type parameter (`for T`,
/// `for &T`, `for &mut T`) whose header names `trait_name` (`impl<T: Debug> Described for T`,
/// `impl<T> Shown for &T where T: Clone`): a method call may then take that impl's method where
/// the type has the derive, and another one without it, and compile both ways. The derives of
/// that trait all stay.
fn blanket_impl_on(lexed: &Lexed, trait_name: &str) -> bool {
    let mut impls = (0..lexed.code.len()).filter(|&k| lexed.text(k) == "impl" && lexed.text(k + 1) == "<");
    impls.any(|k| {
        let body = (k..lexed.code.len()).find(|&j| lexed.text(j) == "{" || lexed.text(j) == ";");
        let header = k..body.unwrap_or(lexed.code.len());
        let named = header.clone().any(|j| lexed.text(j) == trait_name);
        let after_for = header.clone().find(|&j| lexed.text(j) == "for").map(|j| j + 1);
        // The type after `for`, past `&`, a lifetime and `mut`: one word, then the body or `where`.
        let self_type = after_for.map(|mut j| {
            while matches!(lexed.text(j), "&" | "mut") || lexed.text(j).starts_with('\'') {
                j += 1;
            }
            j
        });
        let parameter = self_type.filter(|&j| {
            matches!(lexed.text(j + 1), "{" | "where")
                && header.clone().any(|i| {
                    i < j && matches!(lexed.text(i - 1), "<" | ",") && lexed.text(i) == lexed.text(j)
                })
        });
        named && parameter.is_some()
    })
}

/// `code` without the `Debug` derives it compiles without (see the module doc).
fn without_unused_debug(rustc: &str, code: &Mapped, from: usize) -> Result<Mapped, String> {
    let mut cut = derives_of(&code.text, from, "Debug")?;
    for _ in 0..MAX_ROUNDS {
        if cut.is_empty() {
            break;
        }
        let candidate = code.edit(cut.iter().map(|d| d.cut.clone()).collect());
        let errors = compiles(rustc, &candidate.text)?;
        if errors.is_empty() {
            return Ok(candidate);
        }
        let named = |d: &Derived| errors.iter().any(|e| names_type(&e.rendered, &d.type_name));
        let before = cut.len();
        cut.retain(|d| !named(d));
        if cut.len() == before {
            break; // nothing the errors name: give up, keeping every derive
        }
    }
    Ok(code.clone())
}

/// The errors of `src` here and on other targets (empty: it compiles), and the warnings that say a
/// `.clone()` now clones a reference (`noop_method_call`, `suspicious_double_ref_op`: without
/// `T: Clone`, `(&t).clone()` still compiles, into a copy of the reference): those stop a cut as
/// an error does.
fn compiles(rustc: &str, src: &str) -> Result<Vec<Diagnostic>, String> {
    let (on_host, on_foreign) = diagnostics_of_both(rustc, src, PRUNING_EDITION)?;
    let stops = |d: &Diagnostic| {
        d.level == "error" || matches!(d.code.as_str(), "noop_method_call" | "suspicious_double_ref_op")
    };
    Ok(on_host.into_iter().chain(on_foreign).filter(stops).collect())
}

/// Whether rustc's `text` names the type `name`: as `` `name` ``, `` `name<..>` `` or a path's
/// last segment (`` `m::name` ``).
fn names_type(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        matches!(before, Some('`') | Some(':') | Some('&') | Some(' '))
            && matches!(after, Some('`') | Some('<'))
    })
}

/// Every derive of `trait_name` in `src` from byte `from` on, in `#[derive(..)]` lists of items
/// `struct`, `enum` or `union` (the type's name read after the attributes and the visibility).
fn derives_of(src: &str, from: usize, trait_name: &str) -> Result<Vec<Derived>, String> {
    let lexed = Lexed::new(src)?;
    let mut found = Vec::new();
    for k in 0..lexed.code.len() {
        let attribute = ["#", "[", "derive", "("].iter().enumerate().all(|(i, t)| lexed.text(k + i) == *t);
        if !attribute || lexed.token(k).start < from {
            continue;
        }
        let (list_end, attribute_end) = (lexed.matching(k + 3)?, lexed.matching(k + 1)?);
        // The list's entries, as code index ranges split at the commas.
        let mut entries: Vec<(usize, usize)> = Vec::new();
        let mut start = k + 4;
        for j in k + 4..=list_end {
            if lexed.text(j) == "," || j == list_end {
                if j > start {
                    entries.push((start, j));
                }
                start = j + 1;
            }
        }
        let at = entries.iter().position(|&(_, end)| lexed.text(end - 1) == trait_name);
        let (at, type_name) = match (at, type_after(&lexed, attribute_end + 1)) {
            (Some(at), Some(type_name)) => (at, type_name),
            _ => continue,
        };
        let byte = |j: usize| lexed.token(j).start;
        let cut = if entries.len() == 1 {
            cut_in_line(src, byte(k), lexed.token(attribute_end).end)
        } else if at + 1 < entries.len() {
            (byte(entries[at].0), byte(entries[at + 1].0), String::new())
        } else {
            // The last entry: from the comma before it (and a trailing comma's, if any).
            let last_token_end = lexed.token(entries[at].1 - 1).end;
            (byte(entries[at].0 - 1), last_token_end, String::new())
        };
        found.push(Derived { type_name: type_name.to_string(), cut });
    }
    Ok(found)
}

/// The name of the type item starting at code index `k` (past further attributes and a
/// visibility), if it is a `struct`, an `enum` or a `union`.
fn type_after<'a>(lexed: &Lexed<'a>, mut k: usize) -> Option<&'a str> {
    while lexed.text(k) == "#" && lexed.text(k + 1) == "[" {
        k = lexed.matching(k + 1).ok()? + 1;
    }
    if lexed.text(k) == "pub" {
        k += 1;
        if lexed.text(k) == "(" {
            k = lexed.matching(k).ok()? + 1;
        }
    }
    matches!(lexed.text(k), "struct" | "enum" | "union").then(|| lexed.text(k + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cuts(src: &str) -> Vec<(String, String)> {
        let derived = derives_of(src, 0, "Debug").unwrap();
        let cut = |d: &Derived| {
            let mut s = src.to_string();
            s.replace_range(d.cut.0..d.cut.1, &d.cut.2);
            s
        };
        derived.iter().map(|d| (d.type_name.clone(), cut(d))).collect()
    }

    #[test]
    fn a_debug_derive_is_found_wherever_it_stands_and_cut_alone() {
        let one = |attribute: &str, kept: &str| {
            let src = format!("{attribute}\npub(crate) struct Thing(u8);\n");
            assert_eq!(
                cuts(&src),
                vec![("Thing".to_string(), format!("{kept}pub(crate) struct Thing(u8);\n"))]
            );
        };
        one("#[derive(Debug)]", "");
        one("#[derive(Debug, Clone)]", "#[derive(Clone)]\n");
        one("#[derive(Clone, Debug, Copy)]", "#[derive(Clone, Copy)]\n");
        one("#[derive(Clone, Copy, Debug)]", "#[derive(Clone, Copy)]\n");
        one("#[derive(Clone, std::fmt::Debug)]", "#[derive(Clone)]\n");
        one("#[derive(Clone,\n    Debug,\n)]", "#[derive(Clone,\n)]\n");
        // Past other attributes to the type's name; not on a function, nor a `DebugLike` derive.
        let src = "#[derive(Debug)]\n#[allow(dead_code)]\nenum E { A }\n#[derive(DebugLike)]\nstruct S;\n";
        assert_eq!(cuts(src), vec![("E".to_string(), src.replacen("#[derive(Debug)]\n", "", 1))]);
    }

    #[test]
    fn an_error_names_a_type_in_backquotes_or_as_a_path_end() {
        assert!(names_type("error[E0277]: `Form` doesn't implement `Debug`", "Form"));
        assert!(names_type("the trait `Debug` is not implemented for `m::Form`", "Form"));
        assert!(names_type("`Form<u8>` doesn't implement `Debug`", "Form"));
        assert!(names_type("required for `&Form` to implement `Debug`", "Form"));
        assert!(!names_type("`FormId` doesn't implement `Debug`", "Form"));
        assert!(!names_type("`MyForm` doesn't implement `Debug`", "Form"));
    }

    #[test]
    fn only_the_derives_a_program_uses_stay() {
        let src = "fn main() {\n    println!(\"{:?}\", lib::Shown(1));\n    let _ = lib::Hidden(2).0;\n}\n\
                   mod lib {\n    #[derive(Clone, Debug)]\n    pub struct Shown(pub u8);\n\n    \
                   #[derive(Debug, Clone, Copy)]\n    pub struct Hidden(pub u8);\n}\n";
        let rustc = super::super::assemble::Options::default().rustc;
        let after = without_unused_derives(&rustc, &Mapped::inserted(src), 0).unwrap().text;
        assert!(after.contains("#[derive(Clone, Debug)]\n    pub struct Shown"), "{after}");
        assert!(after.contains("#[derive(Clone, Copy)]\n    pub struct Hidden"), "{after}");
    }
}
