//! What the `reach` stage reads of the tokens: the library's inline modules ([`Module`]), where
//! each token stands ([`Context`]: in an attribute, a `use` or a `pub(..)`, a macro's body, at
//! which depth), a path's segments, and the impl headers: what an `impl` may be for (its trait's
//! and type's bare names, every identifier of its header), and, for an impl a `macro_rules!`
//! writes, which of a call's arguments stand for its trait or type (`judge_problem!(Judge, ..)`
//! writing `impl JudgeProblem for $judge`), so that the module of each call is read as if it held
//! the impl. Invariant: a name is given only where the header spells it bare (not a path's last
//! segment, not a macro's argument); an argument's position only where the rule's matcher binds
//! it at its top level (`($t:ty, $name:literal)`, not inside a repetition), and the header writes
//! it alone (`$t`, not `super::$t`); a header holding a macro call is marked, its type unknown.

use super::lex::{Kind, Lexed};
use std::collections::BTreeSet;

/// An inline module of the library: its name, the code indices of its first token (attributes
/// included), its `{` and its `}`, and its parent's index (`None` for the library's root).
pub struct Module<'a> {
    pub name: &'a str,
    pub first: usize,
    pub open: usize,
    pub close: usize,
    pub parent: Option<usize>,
}

/// The inline modules of the code from byte `from` on, in order, the first (the library's root)
/// holding the others; each knows its parent.
pub fn library_modules<'a>(lexed: &Lexed<'a>, from: usize) -> Result<Vec<Module<'a>>, String> {
    let mut modules: Vec<Module> = Vec::new();
    // The modules open at the current token, innermost last.
    let mut open: Vec<usize> = Vec::new();
    for k in 0..lexed.code.len() {
        let declares = lexed.text(k) == "mod"
            && lexed.token(k + 1).kind == Kind::Ident
            && lexed.text(k + 2) == "{"
            && lexed.token(k).start >= from;
        if !declares {
            continue;
        }
        while open.last().map_or(false, |&m| modules[m].close < k) {
            open.pop();
        }
        let parent = open.last().copied();
        if parent.is_none() && !modules.is_empty() {
            // Not the one library the candidate ends with: nothing is left out.
            return Ok(Vec::new());
        }
        let name = lexed.text(k + 1);
        let name = name.strip_prefix("r#").unwrap_or(name);
        let (first, close) = (lexed.item_start(k)?, lexed.matching(k + 2)?);
        open.push(modules.len());
        modules.push(Module { name, first, open: k + 2, close, parent });
    }
    Ok(modules)
}

/// For each code token, where it stands.
pub struct Context {
    /// Inside an attribute (`#[..]`, `#![..]`).
    pub attribute: Vec<bool>,
    /// Inside a `use` item or a `pub(..)`, where a path's last segment names too.
    pub use_or_visibility: Vec<bool>,
    /// Inside a `macro_rules!` body (whose paths are read where the macro is called): the code
    /// index of the macro's name.
    pub macro_body: Vec<Option<usize>>,
    /// The depth in `{..}`.
    pub depth: Vec<usize>,
}

impl Context {
    pub fn of(lexed: &Lexed) -> Result<Context, String> {
        let n = lexed.code.len();
        let (mut attribute, mut use_or_visibility) = (vec![false; n], vec![false; n]);
        let (mut macro_body, mut depth, mut open) = (vec![None; n], vec![0; n], 0usize);
        let mark = |marks: &mut Vec<bool>, from: usize, to: usize| {
            marks[from..=to].iter_mut().for_each(|m| *m = true)
        };
        for k in 0..n {
            let word = lexed.text(k);
            depth[k] = open;
            match word {
                "{" => open += 1,
                "}" => open = open.saturating_sub(1),
                _ => {}
            }
            if word == "#" {
                let open = if lexed.text(k + 1) == "!" { k + 2 } else { k + 1 };
                if lexed.text(open) == "[" {
                    mark(&mut attribute, open, lexed.matching(open)?);
                }
            } else if word == "use" && lexed.token(k).kind == Kind::Ident {
                // A use tree holds no `;`.
                let end = (k..n).find(|&j| lexed.text(j) == ";").unwrap_or(n - 1);
                mark(&mut use_or_visibility, k, end);
            } else if word == "pub" && lexed.text(k + 1) == "(" {
                mark(&mut use_or_visibility, k + 1, lexed.matching(k + 1)?);
            } else if word == "macro_rules"
                && lexed.text(k + 1) == "!"
                && matches!(lexed.text(k + 3), "(" | "[" | "{")
            {
                let close = lexed.matching(k + 3)?;
                macro_body[k + 3..=close].iter_mut().for_each(|m| *m = Some(k + 2));
            }
        }
        Ok(Context { attribute, use_or_visibility, macro_body, depth })
    }
}

/// The code index of the segment before the path segment at code index `k` (`b` for `c` in
/// `a::b::c`, and in `use a::b::{c, d}`), or `None` if it starts its path.
pub fn segment_before(lexed: &Lexed, k: usize, in_use: bool) -> Option<usize> {
    if k >= 2 && lexed.text(k - 1) == "::" {
        return Some(k - 2);
    }
    if !in_use || k == 0 || !matches!(lexed.text(k - 1), "{" | ",") {
        return None;
    }
    // The `{` of the group `k` is in, and what comes before its `::`.
    let mut depth = 0usize;
    for j in (0..k).rev() {
        match lexed.text(j) {
            "}" => depth += 1,
            "{" if depth == 0 => return (j >= 2 && lexed.text(j - 1) == "::").then(|| j - 2),
            "{" => depth -= 1,
            "use" | ";" => return None,
            _ => {}
        }
    }
    None
}

/// An `impl`, of a trait or inherent: the trait's name (`None` for an inherent one) and the
/// type's, each if bare (a path's last segment may be another module's), the positions among a
/// macro call's arguments of the trait and type it is written for, if a macro writes it, whether
/// a macro call writes its trait or type (`impl kept!()`), and every identifier of its header.
pub struct Impl<'a> {
    pub trait_name: Option<&'a str>,
    pub type_name: Option<&'a str>,
    pub arguments: Vec<usize>,
    pub macro_call: bool,
    pub words: BTreeSet<&'a str>,
}

/// The `impl` at code index `k`.
pub fn impl_at<'a>(lexed: &Lexed<'a>, k: usize) -> Impl<'a> {
    // Its header's tokens, with their depth in `<..>` (not counting an arrow's `>`).
    let mut header = Vec::new();
    let mut depth = 0usize;
    for j in k + 1..lexed.code.len() {
        let text = lexed.text(j);
        if depth == 0 && matches!(text, "{" | ";" | "where") {
            break;
        }
        match text {
            "<" => depth += 1,
            ">" if lexed.text(j - 1) != "-" => depth = depth.saturating_sub(1),
            _ => {}
        }
        header.push((j, depth));
    }
    // An inherent impl has no `for`: its type is the whole header after the generics.
    let for_at = header
        .iter()
        .position(|&(j, depth)| depth == 0 && lexed.text(j) == "for" && lexed.text(j + 1) != "<");
    // The identifier at depth 0 ending a part (`From` of `From<X>`, `Board` of `Board<T>`).
    let last = |part: &[(usize, usize)]| {
        part.iter().rev().find(|&&(j, depth)| depth == 0 && lexed.token(j).kind == Kind::Ident).map(|p| p.0)
    };
    let generics_end = match header.first() {
        Some(&(j, _)) if lexed.text(j) == "<" => {
            header.iter().position(|&(_, depth)| depth == 0).unwrap_or(0) + 1
        }
        _ => 0,
    };
    let idents = header.iter().filter(|&&(j, _)| lexed.token(j).kind == Kind::Ident);
    let (trait_last, type_last) = match for_at {
        Some(for_at) => (last(&header[generics_end.min(for_at)..for_at]), last(&header[for_at + 1..])),
        None => (None, last(&header[generics_end.min(header.len())..])),
    };
    let name = |j: Option<usize>| {
        j.filter(|&j| !matches!(lexed.text(j - 1), "::" | "$")).map(|j| bare(lexed.text(j)))
    };
    // `$t` alone, not in a path (`super::$t` is another module's type).
    let alone = |j: &usize| lexed.text(j - 1) == "$" && (j < &2 || lexed.text(j - 2) != "::");
    let arguments = [trait_last, type_last].into_iter().flatten().filter(alone);
    Impl {
        trait_name: name(trait_last),
        type_name: name(type_last),
        arguments: arguments.filter_map(|j| argument_position(lexed, j)).collect(),
        macro_call: header.iter().any(|&(j, _)| lexed.text(j) == "!"),
        words: idents.map(|&(j, _)| bare(lexed.text(j))).collect(),
    }
}

/// Where the matcher before code index `k` (the `t` of a transcriber's `$t`) binds `$t`: its
/// position among the matcher's comma-separated parts, if it is bound at the matcher's top level
/// (not a `where $t: ..` of the transcriber, which no `=>` follows).
fn argument_position(lexed: &Lexed, k: usize) -> Option<usize> {
    let name = lexed.text(k);
    let binding = (2..k)
        .rev()
        .find(|&j| lexed.text(j) == name && lexed.text(j - 1) == "$" && lexed.text(j + 1) == ":")?;
    let mut commas = 0;
    let mut j = binding - 1;
    while j > 0 {
        j -= 1;
        match lexed.text(j) {
            ")" | "]" | "}" => j = lexed.matching_back(j).ok()?,
            "," => commas += 1,
            // A repetition's `$(..)` binds it many times: no one position.
            "(" | "[" | "{" => {
                let close = lexed.matching(j).ok()?;
                let matcher = lexed.text(close + 1) == "=" && lexed.text(close + 2) == ">";
                return (matcher && (j == 0 || lexed.text(j - 1) != "$")).then_some(commas);
            }
            _ => {}
        }
    }
    None
}

/// The arguments of the macro call whose `!` is at code index `k`, split at their top-level
/// commas: each the identifier it is made of, or `None`.
pub fn call_arguments<'a>(lexed: &Lexed<'a>, k: usize) -> Vec<Option<&'a str>> {
    let close = match lexed.matching(k + 1) {
        Ok(close) if matches!(lexed.text(k + 1), "(" | "[" | "{") => close,
        _ => return Vec::new(),
    };
    let (mut arguments, mut first, mut j) = (Vec::new(), k + 2, k + 2);
    while j <= close {
        match lexed.text(j) {
            "(" | "[" | "{" if j < close => j = lexed.matching(j).unwrap_or(close),
            "," | ")" | "]" | "}" => {
                let single = j == first + 1 && lexed.token(first).kind == Kind::Ident;
                arguments.push(single.then(|| bare(lexed.text(first))));
                first = j + 1;
            }
            _ => {}
        }
        j += 1;
    }
    arguments
}

/// An identifier without its `r#`.
pub fn bare(word: &str) -> &str {
    word.strip_prefix("r#").unwrap_or(word)
}

/// Whether the `impl` at code index `k` starts an item (not `impl Trait` in a type), a macro's
/// repetition's (`$(impl X for $t {})*`) too.
pub fn is_impl_item(lexed: &Lexed, k: usize) -> bool {
    let first = if k > 0 && lexed.text(k - 1) == "unsafe" { k - 1 } else { k };
    let repeated = first >= 2 && lexed.text(first - 1) == "(" && lexed.text(first - 2) == "$";
    first == 0 || repeated || matches!(lexed.text(first - 1), ";" | "{" | "}" | "]")
}
