//! Two bundles of one program in two layouts compared: what a size fallback may change, and
//! nothing else (for tests/bundle.rs).

use bundle::lex::{tokenize, Kind};
use std::collections::{BTreeMap, BTreeSet};

/// `tight` is `bundle` but for the spaces inside the lines of its library's part: the same lines,
/// the same but for spaces and tabs, and the user's part byte for byte.
pub fn assert_same_but_inner_spaces(name: &str, bundle: &str, tight: &str) {
    let library = |text: &str| text.find("\nmod graph_games").expect("the library's part");
    let (cut, tight_cut) = (library(bundle), library(tight));
    assert_eq!(bundle[..cut], tight[..tight_cut], "{name}: the user's part changed");
    let squeezed = |text: &str| -> Vec<String> { text.lines().map(|l| l.replace([' ', '\t'], "")).collect() };
    assert_eq!(squeezed(&bundle[cut..]), squeezed(&tight[tight_cut..]), "{name}");
}

/// `short` is `joined` but for a renaming of the names of its library's part: the same tokens
/// but for identifiers and the names a format string reads, the user's part byte for byte, each
/// name renamed always to the same one, never two to one, and to a name `joined` does not hold. A
/// renamed name may stay as it was only where it names something of std's: after a `.` or a
/// `::` (`.count()`, `io::Error`, `std::fmt::Display`), never alone. A string literal may change
/// only by the renaming of the names in its `{name..}` and `name$`.
pub fn assert_same_but_renamed(name: &str, joined: &str, short: &str) {
    let code = |text: &str| -> Vec<(Kind, String)> {
        let tokens = tokenize(text).unwrap().into_iter().filter(|t| t.kind != Kind::Space);
        tokens.map(|t| (t.kind, text[t.start..t.end].to_string())).collect()
    };
    let (cut, short_cut) =
        (joined.find("\nmod graph_games").unwrap(), short.find("\nmod graph_games").unwrap());
    assert_eq!(joined[..cut], short[..short_cut], "{name}: the user's part changed");
    let (before, after) = (code(&joined[cut..]), code(&short[short_cut..]));
    assert_eq!(before.len(), after.len(), "{name}");
    let joined_code = code(joined);
    let old_names: BTreeSet<&str> =
        joined_code.iter().filter(|t| t.0 == Kind::Ident).map(|t| t.1.as_str()).collect();
    let (mut to, mut from) = (BTreeMap::new(), BTreeMap::new());
    // The names left as they were, each with whether it stood alone there (after no `.`, `::`).
    let mut kept: Vec<(&String, bool)> = Vec::new();
    let mut literals = Vec::new();
    let mut renamed = 0;
    for (k, ((kind, old), (new_kind, new))) in before.iter().zip(&after).enumerate() {
        assert_eq!(kind, new_kind, "{name}: `{old}` became `{new}`");
        if old == new {
            let alone = k == 0 || !matches!(before[k - 1].1.as_str(), "." | "::");
            kept.push((old, alone));
            continue;
        }
        if *kind == Kind::Literal {
            literals.push((old, new));
            continue;
        }
        assert_eq!(*kind, Kind::Ident, "{name}: `{old}` became `{new}`");
        assert!(new.len() < old.len() && !old_names.contains(new.as_str()), "{name}: `{old}` became `{new}`");
        assert_eq!(to.insert(old, new).unwrap_or(new), new, "{name}: `{old}` renamed two ways");
        assert_eq!(from.insert(new, old).unwrap_or(old), old, "{name}: two names became `{new}`");
        renamed += 1;
    }
    let both: Vec<_> = kept.iter().filter(|(old, alone)| *alone && to.contains_key(old)).collect();
    assert!(both.is_empty(), "{name}: renamed in places only: {both:?}");
    for (old, new) in literals {
        assert_eq!(&format_names_renamed(old, &to), new, "{name}: a string changed otherwise");
    }
    assert!(renamed > 100 && short.len() + 2000 < joined.len(), "{name}: {renamed} tokens renamed");
}

/// `literal` with the names it reads as a format string (`{name`, before a `}` or a `:`, and
/// `name$`; not in `{{`) renamed by `to`.
fn format_names_renamed(literal: &str, to: &BTreeMap<&String, &String>) -> String {
    let (mut out, mut rest, mut opened) = (String::new(), literal, false);
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("{{") {
            (out, rest, opened) = (out + "{{", after, false);
            continue;
        }
        let c = rest.chars().next().unwrap();
        let word_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if word_len == 0 {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            opened = c == '{';
            continue;
        }
        let word = &rest[..word_len];
        let next = rest[word_len..].chars().next();
        let argument = opened && matches!(next, Some('}' | ':')) || next == Some('$');
        let renamed = to.iter().find(|(old, _)| old.as_str() == word).map(|(_, new)| new.as_str());
        out.push_str(if argument { renamed.unwrap_or(word) } else { word });
        (rest, opened) = (&rest[word_len..], false);
    }
    out
}
