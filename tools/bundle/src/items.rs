//! Items and imports in a token stream: where an item starts (its attributes, visibility and
//! qualifiers) and ends, the bytes to cut for it with the comments above it, the `impl` blocks,
//! and use trees, so that an import can leave its `use` and a `use` left empty go whole. Used by
//! every stage that cuts code: the `cfg` stage and pruning.

use super::lex::{Kind, Lexed};
use super::mapped::Edit;

/// The keywords before the name of an item that pruning can remove whole.
pub const ITEM_KEYWORDS: [&str; 10] =
    ["fn", "const", "static", "struct", "enum", "union", "type", "trait", "mod", "macro_rules"];

impl Lexed<'_> {
    /// The code index of the last token of the item starting at code index `k`, if one does.
    pub fn item_end(&self, mut k: usize) -> Result<Option<usize>, String> {
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
    pub fn code_at(&self, at: usize) -> Option<usize> {
        self.code.binary_search_by_key(&at, |&t| self.tokens[t].start).ok()
    }

    /// The first code index (of its attributes, visibility, qualifiers) of the item whose keyword
    /// is at `k`: the one after the `;`, `{` or `}` that ends what comes before, or after an inner
    /// attribute (`#![..]`).
    pub fn item_start(&self, mut k: usize) -> Result<usize, String> {
        while k > 0 && !matches!(self.text(k - 1), ";" | "{" | "}") {
            if self.text(k - 1) == "]" {
                let open = self.matching_back(k - 1)?;
                if open == 0 || self.text(open - 1) == "!" {
                    break;
                }
                k = open; // on to the `#` of an outer attribute
            }
            k -= 1;
        }
        Ok(k)
    }

    /// The code index of the keyword of the item named at `k`, if it is one (not a field, a variant).
    pub fn item_keyword(&self, k: usize) -> Option<usize> {
        let two_words = k >= 2
            && matches!((self.text(k - 2), self.text(k - 1)), ("static", "mut") | ("macro_rules", "!"));
        let kw = if two_words { k - 2 } else { k.checked_sub(1)? };
        ITEM_KEYWORDS.contains(&self.text(kw)).then_some(kw)
    }

    /// The `impl` blocks in `src`, each as (first code index, the `impl`, its body's `{`, its last).
    pub fn impls(&self) -> Result<Vec<(usize, usize, usize, usize)>, String> {
        let mut found = Vec::new();
        for k in 0..self.code.len() {
            // At an item's start: the first token, or after an item or a block opens.
            let first = if k > 0 && self.text(k - 1) == "unsafe" { k - 1 } else { k };
            if self.text(k) != "impl" || first > 0 && !matches!(self.text(first - 1), ";" | "{" | "}" | "]") {
                continue;
            }
            let open = (k + 1..self.code.len()).find(|&j| self.text(j) == "{");
            let open = open.ok_or_else(|| self.error(k, "impl without a body"))?;
            found.push((self.item_start(k)?, k, open, self.matching(open)?));
        }
        Ok(found)
    }

    /// The edit that cuts the item from code index `first` to `last`: with the comments right
    /// above it (no blank line between, not `//!`), its indentation and the rest of its last line.
    pub fn cut(&self, first: usize, last: usize) -> Edit {
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
        (start, end, String::new())
    }

    /// The edit that cuts the attribute from code index `first` (its `#`) to `last` (its `]`), as
    /// [`cut_in_line`] does.
    pub fn attribute_cut(&self, first: usize, last: usize) -> Edit {
        cut_in_line(self.src, self.token(first).start, self.token(last).end)
    }

    /// The code indices of the braces of the innermost `mod .. { }` around `k` (else everything).
    pub fn module_around(&self, k: usize) -> Result<(usize, usize), String> {
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

    /// The first code index of the `use` item that holds code index `k`, if one does.
    pub fn use_item_around(&self, k: usize) -> Result<Option<usize>, String> {
        // A use tree holds no `;`: back from `k` to its `use`.
        let mut back = (0..=k).rev().take_while(|&j| self.text(j) != ";");
        match back.find(|&j| self.text(j) == "use" && self.token(j).kind == Kind::Ident) {
            Some(j) if self.use_tree(j + 1)?.end > k => self.item_start(j).map(Some),
            _ => Ok(None),
        }
    }
}

/// The edit that cuts bytes `start..end` of `src` (a comment, an attribute): with its line if
/// nothing else is on it, else with the spaces between it and the code after it, or before it.
pub fn cut_in_line(src: &str, start: usize, end: usize) -> Edit {
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[end..].find('\n').map_or(src.len(), |i| end + i);
    match (src[line_start..start].trim().is_empty(), src[end..line_end].trim().is_empty()) {
        (true, true) => (line_start, (line_end + 1).min(src.len()), String::new()),
        (true, false) => (start, src.len() - src[end..].trim_start_matches([' ', '\t']).len(), String::new()),
        (false, _) => (src[..start].trim_end_matches([' ', '\t']).len(), end, String::new()),
    }
}

/// A use tree (what follows `use`), as code indices: from `start` to before `end`; a group
/// (`a::{b, c}`) has its `{` and its members.
pub struct UseTree {
    pub start: usize,
    pub end: usize,
    pub group: Option<(usize, Vec<UseTree>)>,
}

impl Lexed<'_> {
    /// The use tree starting at code index `k`, up to the `,`, `}` or `;` that ends it.
    pub fn use_tree(&self, mut k: usize) -> Result<UseTree, String> {
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
        // The text of the code tokens `first..end` (and of what lies between them).
        let text_of = |first: usize, end: usize| {
            if first < end {
                &self.src[self.token(first).start..self.token(end - 1).end]
            } else {
                ""
            }
        };
        let own_end = tree.group.as_ref().map_or(tree.end, |g| g.0);
        let own = |b: &usize| {
            own_end > tree.start && (self.token(tree.start).start..self.token(own_end - 1).end).contains(b)
        };
        if doomed.iter().any(own) {
            return None;
        }
        match &tree.group {
            None => Some(text_of(tree.start, tree.end).to_string()),
            Some((open, members)) => {
                let kept: Vec<String> =
                    members.iter().filter_map(|m| self.use_tree_without(m, doomed)).collect();
                if kept.is_empty() && !members.is_empty() {
                    return None;
                }
                Some(format!("{}{{{}}}", text_of(tree.start, *open), kept.join(", ")))
            }
        }
    }

    /// The imports starting at the bytes `doomed` taken out of their `use`, an emptied one whole.
    pub fn without_imports_at(&self, doomed: &[usize]) -> Result<Vec<Edit>, String> {
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
                None => edits.push(self.cut(self.item_start(k)?, tree.end)),
            }
        }
        // Anything else unresolved is not an import of something cut: no edit then.
        Ok(if found == doomed.len() { edits } else { Vec::new() })
    }
}

/// `use a::{B};` (a group of one, left by pruning) made `use a::B;`, as rustfmt writes it.
pub fn unwrap_single_groups(src: &str) -> Result<Vec<Edit>, String> {
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
    Ok(edits)
}

/// Containers left empty, which pruning takes away (tools/bundle/src/prune.rs).
impl Lexed<'_> {
    /// The cuts of the library's (from byte `from`) empty containers: an inherent `impl` left
    /// empty (not one whose head a macro writes: `impl $t {}` may be a trait's), a module, a macro
    /// that expands to nothing (its impls gone with their trait) with its calls; but a module or
    /// a macro named in `kept` (the user's imports and names).
    pub fn empty_containers(&self, from: usize, kept: &[String]) -> Result<Vec<Edit>, String> {
        let mut edits = Vec::new();
        let in_library = |k: usize| self.token(k).start >= from;
        let is_kept = |k: usize| kept.iter().any(|name| name == self.text(k));
        for (first, kw, open, last) in self.impls()? {
            let head_known = !(kw..open).any(|j| self.text(j) == "for" || self.text(j).starts_with('$'));
            if in_library(first) && last == open + 1 && head_known {
                edits.push(self.cut(first, last));
            }
        }
        for k in 0..self.code.len() {
            let empty = self.text(k) == "mod" && self.text(k + 2) == "{" && self.text(k + 3) == "}";
            if empty && in_library(k) && !is_kept(k + 1) {
                edits.push(self.cut(self.item_start(k)?, k + 3));
            }
        }
        for (first, last) in self.empty_macros()?.into_iter().filter(|m| in_library(m.0)) {
            // The name after `macro_rules!`, past the attributes (`#[macro_export]`).
            let named = (first..last).find(|&j| self.text(j) == "macro_rules").map_or(first, |j| j + 2);
            if is_kept(named) {
                continue;
            }
            edits.push(self.cut(first, last));
            let name = self.text(named);
            for k in 1..self.code.len() {
                let call =
                    self.text(k) == name && self.text(k + 1) == "!" && self.text(k - 1) != "macro_rules";
                if call && matches!(self.text(k + 2), "(" | "[" | "{") {
                    let close = self.matching(k + 2)?;
                    edits.push(self.cut(k, close + usize::from(self.text(close + 1) == ";")));
                }
            }
        }
        Ok(edits)
    }

    /// The `macro_rules!` whose every rule expands to nothing: the code indices of each's ends.
    pub fn empty_macros(&self) -> Result<Vec<(usize, usize)>, String> {
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
}

#[cfg(test)]
mod tests {
    use super::super::testing::apply;
    use super::*;

    #[test]
    fn imports_of_what_went_leave_their_use_and_groups_of_one_unwrap() {
        let groups = "use a::{B};\nuse c::{d::E,};\nuse f::{self};\nuse g::{H, I};\n";
        let unwrapped = apply(groups, unwrap_single_groups(groups).unwrap());
        assert_eq!(unwrapped, "use a::B;\nuse c::d::E;\nuse f::{self};\nuse g::{H, I};\n");
        let src = "pub use a::{b::{C, D}, E as F, g::*};\nfn f() {\n    use h::I;\n}\nuse j::{self, K};\n";
        let without = |names: &[&str]| {
            let lexed = Lexed::new(src).unwrap();
            let doomed: Vec<usize> = names.iter().map(|n| src.find(n).unwrap()).collect();
            let without = apply(src, lexed.without_imports_at(&doomed).unwrap());
            apply(&without, unwrap_single_groups(&without).unwrap())
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
}
