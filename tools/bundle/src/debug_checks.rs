//! The messages of the library's `debug_assert!`s, cut after pruning (not with `--docs`).
//!
//! A `debug_assert!(c, "..", x)` is `if cfg!(debug_assertions) { assert!(c, "..", x) }`: in a
//! build with optimizations (every judge's: `-O`, or cargo's `--release`), where rustc turns
//! `debug_assertions` off unless told otherwise, it is never run, but its message still needs
//! what it formats (an `impl Display` with its helpers, a `Debug` derive for `debug_assert_eq!`,
//! which also keeps the type's names from the `short` renaming). So the bundler keeps every check
//! and cuts only what it would print on failing: `debug_assert!(c, ..)` becomes
//! `debug_assert!(c)`, and `debug_assert_eq!(a, b, ..)` (`_ne!`) becomes `debug_assert!(a == b)`
//! (`!=`), where `a` and `b` hold no operator that `==` would bind otherwise. The invariant: an
//! optimized bundle is the same program, as nothing of a `debug_assert!` runs there; an unoptimized
//! one checks the same conditions on the same values, and fails where the sources would, with a
//! shorter message (on stderr, never an answer: by the library's contract a check that fails is a
//! bug of the library, not a verdict on the input). The cut is kept only if the library then
//! compiles without a new warning, here and on other targets (a variable only a message used).

use super::json::Diagnostic;
use super::lex::Lexed;
use super::mapped::{Edit, Mapped};
use super::prune::PRUNING_EDITION;
use super::rustc::diagnostics_of_both;

/// The macros whose messages go, and for each the operator its two values are compared by (none:
/// the condition is its first argument).
const CHECKS: [(&str, Option<&str>); 3] =
    [("debug_assert", None), ("debug_assert_eq", Some("==")), ("debug_assert_ne", Some("!="))];

/// Tokens that, at the top level of a compared value, would bind differently beside `==` (with
/// `&&` and `..`), or might (`!`, `as`: kept as written, to be safe).
const LOOSER: [&str; 9] = ["=", "<", ">", "!", "|", "return", "break", "move", "as"];

/// `code` with the messages of its library's `debug_assert!`s (from byte `from`) cut, if it
/// compiles so without a warning more (see the module doc); else `code` as it is.
pub fn without_debug_messages(rustc: &str, code: &Mapped, from: usize) -> Result<Mapped, String> {
    let edits = message_cuts(&code.text, from)?;
    if edits.is_empty() {
        return Ok(code.clone());
    }
    let candidate = code.edit(edits);
    let after = warnings_and_errors(rustc, &candidate.text)?;
    if after.is_empty() {
        // Nothing said: no warning more, whatever `code` says (no rustc run for it).
        return Ok(candidate);
    }
    let before = warnings_and_errors(rustc, &code.text)?;
    let said = |d: &Diagnostic| (d.level.clone(), d.code.clone(), d.message.clone());
    let new = after.into_iter().any(|d| d.level == "error" || !before.iter().any(|b| said(b) == said(&d)));
    Ok(if new { code.clone() } else { candidate })
}

/// The errors and warnings of `src`, here and on other targets.
fn warnings_and_errors(rustc: &str, src: &str) -> Result<Vec<Diagnostic>, String> {
    let (on_host, on_foreign) = diagnostics_of_both(rustc, src, PRUNING_EDITION)?;
    let told = |d: &Diagnostic| (d.level == "error" || d.level == "warning") && !d.primary.is_empty();
    Ok(on_host.into_iter().chain(on_foreign).filter(told).collect())
}

/// The edits that cut the messages of the `debug_assert!`s of `src` from byte `from` on: each call
/// rewritten whole, from its name to its closing bracket.
fn message_cuts(src: &str, from: usize) -> Result<Vec<Edit>, String> {
    let lexed = Lexed::new(src)?;
    let t = |j: usize| lexed.text(j);
    let mut edits = Vec::new();
    for k in 0..lexed.code.len() {
        let compare = match CHECKS.iter().find(|c| c.0 == t(k)) {
            Some(&(_, compare)) if t(k + 1) == "!" && t(k + 2) == "(" && lexed.token(k).start >= from => {
                compare
            }
            _ => continue,
        };
        let close = lexed.matching(k + 2)?;
        // The arguments, as code index ranges between the top-level commas.
        let (mut arguments, mut start, mut depth) = (Vec::new(), k + 3, 0);
        for j in k + 3..=close {
            match t(j) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" if j < close => depth -= 1,
                "," if depth == 0 => {
                    arguments.push((start, j));
                    start = j + 1;
                }
                _ => {}
            }
            if j == close && start < close {
                arguments.push((start, close));
            }
        }
        let source = |(a, b): (usize, usize)| &src[lexed.token(a).start..lexed.token(b - 1).end];
        let simple = |(a, b): (usize, usize)| {
            let mut depth = 0;
            (a..b).all(|j| {
                match t(j) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth -= 1,
                    _ => {}
                }
                // (Punctuation is one character a token: `&&` and `..` are two.)
                let doubled = matches!(t(j), "&" | ".") && t(j + 1) == t(j);
                depth > 0 || !(LOOSER.contains(&t(j)) || doubled)
            })
        };
        let call = match compare {
            None if arguments.len() > 1 => format!("debug_assert!({})", source(arguments[0])),
            Some(op) if arguments.len() >= 2 && simple(arguments[0]) && simple(arguments[1]) => {
                format!("debug_assert!({} {op} {})", source(arguments[0]), source(arguments[1]))
            }
            _ => continue,
        };
        edits.push((lexed.token(k).start, lexed.token(close).end, call));
    }
    Ok(edits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(src: &str) -> String {
        Mapped::inserted(src).edit(message_cuts(src, 0).unwrap()).text
    }

    #[test]
    fn the_checks_stay_and_their_messages_go() {
        assert_eq!(cut("debug_assert!(a < b, \"{} {}\", a, b);"), "debug_assert!(a < b);");
        assert_eq!(cut("debug_assert!(f(x, y), \"m\");"), "debug_assert!(f(x, y));");
        assert_eq!(cut("debug_assert_eq!(zero, Forms::ZERO);"), "debug_assert!(zero == Forms::ZERO);");
        assert_eq!(cut("debug_assert_ne!(v.len(), 0, \"empty\");"), "debug_assert!(v.len() != 0);");
        assert_eq!(cut("debug_assert_eq!(f(a == b), [1, 2]);"), "debug_assert!(f(a == b) == [1, 2]);");
        // A lone condition, and values that `==` would bind otherwise, stay as written.
        for kept in [
            "debug_assert!(ok);",
            "debug_assert_eq!(a < b, c);",
            "debug_assert_eq!(x, y || z);",
            "debug_assert_eq!(x, y && z);",
            "debug_assert_eq!(x as u8, 1);",
            "debug_assert_eq!(0..2, r);",
            "assert!(a, \"m\");",
        ] {
            assert_eq!(cut(kept), kept);
        }
    }

    /// The cut goes back where a variable was only in a message (a warning more).
    #[test]
    fn a_message_that_alone_uses_a_variable_stays() {
        let rustc = super::super::assemble::Options::default().rustc;
        let src = "fn main() {\n    let (a, b) = (1, 2);\n    let shown = a + b;\n    \
                   debug_assert!(a < b, \"{}\", shown);\n    debug_assert_eq!(a, 1, \"{}\", a);\n}\n";
        assert_eq!(without_debug_messages(&rustc, &Mapped::inserted(src), 0).unwrap().text, src);
        let src = src.replace("\"{}\", shown", "\"{}\", a + b").replace("let shown = a + b;\n    ", "");
        let after = without_debug_messages(&rustc, &Mapped::inserted(&src), 0).unwrap().text;
        assert!(
            after.contains("debug_assert!(a < b);") && after.contains("debug_assert!(a == 1);"),
            "{after}"
        );
    }
}
