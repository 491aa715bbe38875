//! The `cfg` stage: what a bundle compiles. A file first loses the items a bundle never builds
//! (plain rustc compiles it for a judge: `test`, `miri` and every cargo feature are off), with the
//! comments above them: `#[test]`, `#[cfg(test)] mod tests`, `#[cfg(feature = "prefault")]`, and a
//! `mod x;` under such a `cfg` is never read; a `cfg` known true goes, its item staying; a `cfg` on
//! anything else (a field, a statement) is left to rustc, which drops it the same way.
//!
//! Pruning must not cut what another target uses: rustc here (x86-64 Linux) sees only the code of
//! its own target, yet a judge may run on aarch64. So pruning also type-checks the bundle's
//! [`foreign_copy`], where every target-specific `cfg` name ([`TARGET_CFG_NAMES`], with
//! `debug_assertions`: the judge builds with `-O`, pruning without) inside a `cfg` predicate is
//! spelt backwards: rustc does not know `hcra_tegrat` (and, without `--check-cfg`,
//! says nothing of it), so every target predicate is false there and `not(..)` of it true, while
//! every byte stays where it was, so the two copies' diagnostics share their spans. [`Config`]
//! evaluates the predicates of either copy, to tell what each compiles ([`Lexed::absent_ranges`]).

use super::lex::{Kind, Lexed};
use super::mapped::Edit;
use std::process::Command;

/// The `cfg` names that depend on the target a judge compiles for, separated by spaces; and
/// `debug_assertions`, on here (pruning builds without `-O`) and off in a judge's `-O` build, so
/// that what only a judge's build compiles is type-checked too (in the foreign copy).
pub const TARGET_CFG_NAMES: &str = "target_arch target_os target_family target_env target_vendor \
                                    target_feature target_endian target_pointer_width target_has_atomic \
                                    target_abi unix windows debug_assertions";

/// Whether `name` is one of the [`TARGET_CFG_NAMES`].
fn is_target_cfg(name: &str) -> bool {
    TARGET_CFG_NAMES.split(' ').any(|n| n == name)
}

/// What is known of the `cfg` options of a compilation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Config {
    /// Any judge's, as far as a bundle can know: `test`, `miri` and every cargo feature are off;
    /// the others (`unix`, `target_arch = ".."`) depend on the judge.
    AnyJudge,
    /// Exactly these options are on, as `rustc --print cfg` lists them (`name`, `name="value"`).
    Exactly(Vec<String>),
}

impl Config {
    /// This machine's options, as `rustc` type-checks a bundle here: `rustc --print cfg`.
    pub fn host(rustc: &str) -> Result<Config, String> {
        let output = Command::new(rustc).args(["--print", "cfg"]).output();
        let output = output.map_err(|e| format!("cannot run {rustc}: {e}"))?;
        if !output.status.success() {
            return Err(format!("{rustc} --print cfg failed: {}", String::from_utf8_lossy(&output.stderr)));
        }
        let options = String::from_utf8_lossy(&output.stdout);
        Ok(Config::Exactly(options.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect()))
    }

    /// The same options less the [`TARGET_CFG_NAMES`]: what `self` makes of a [`foreign_copy`].
    pub fn foreign(&self) -> Config {
        match self {
            Config::AnyJudge => Config::AnyJudge,
            Config::Exactly(options) => {
                let kept = options.iter().filter(|o| !is_target_cfg(o.split('=').next().unwrap_or("")));
                Config::Exactly(kept.cloned().collect())
            }
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
        let value = |key: &str| self.value(key).map(|v| v.trim_matches('"'));
        let arch = value("target_arch").map_or("any".to_string(), |a| a.replace('_', "-"));
        let mut os = value("target_os").unwrap_or("").chars();
        let os = os.next().map_or(String::new(), |c| format!(" {}{}", c.to_uppercase(), os.as_str()));
        format!("{arch}{os}")
    }

    /// Whether the option `name` (`= value`, a literal as written, if given) is on, if known.
    fn option(&self, name: &str, value: Option<&str>) -> Option<bool> {
        match self {
            Config::AnyJudge => match value {
                Some(_) if name == "feature" => Some(false),
                None if matches!(name, "test" | "miri") => Some(false),
                _ => None,
            },
            Config::Exactly(options) => {
                Some(options.contains(&value.map_or(name.to_string(), |value| format!("{name}={value}"))))
            }
        }
    }
}

/// What an attribute (its tokens between `#[` and `]`) says of its item in `config`: `#[test]` and
/// a false `cfg` remove it (`Some(false)`), a true `cfg` keeps it (`Some(true)`), anything else
/// says nothing. A `cfg_attr` removes it if its predicate is true and a `cfg` among its attributes
/// false; it never goes as a true `cfg`.
fn attribute_value(words: &[&str], config: &Config) -> Option<bool> {
    match words {
        ["test"] => Some(false),
        ["cfg", "(", predicate @ .., ")"] => cfg_value(predicate, config),
        ["cfg_attr", "(", inner @ .., ")"] => {
            let parts: Vec<&[&str]> = top_level_parts(inner).into_iter().map(|(a, b)| &inner[a..b]).collect();
            let (predicate, attributes) = parts.split_first()?;
            let removed = attributes
                .iter()
                .any(|a| matches!(a, ["cfg", ..]) && attribute_value(a, config) == Some(false));
            (removed && cfg_value(predicate, config) == Some(true)).then_some(false)
        }
        _ => None,
    }
}

/// The ranges of `words` between their top-level commas (not those inside brackets).
fn top_level_parts(words: &[&str]) -> Vec<(usize, usize)> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0usize, 0);
    for (i, &word) in words.iter().enumerate() {
        match word {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth = depth.saturating_sub(1),
            "," if depth == 0 => {
                parts.push((from, i));
                from = i + 1;
            }
            _ => {}
        }
    }
    if from < words.len() {
        parts.push((from, words.len()));
    }
    parts
}

/// The value of a `cfg` predicate in `config` (`None`: unknown). Iterative, with a stack of the
/// enclosing `all` / `any` / `not` and the values of their operands so far.
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
            let value = match stack.pop()? {
                ("not", values) => values.first().copied().flatten().map(|v| !v),
                ("any", values) if values.contains(&Some(true)) => Some(true),
                ("any", values) if values.iter().all(|&v| v == Some(false)) => Some(false),
                ("all", values) if values.contains(&Some(false)) => Some(false),
                ("all", values) if values.iter().all(|&v| v == Some(true)) => Some(true),
                _ => None,
            };
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

/// `src` as a foreign target sees it (see the module doc): every [`TARGET_CFG_NAMES`] name in a
/// `cfg` predicate (of `#[cfg(..)]`, `#![cfg(..)]`, `cfg!(..)`, a `cfg_attr`) spelt backwards,
/// `unix` as `xinu`; byte for byte `src` but in those names, so diagnostics share their spans.
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
            if token.kind == Kind::Ident && is_target_cfg(lexed.text(j)) {
                out[token.start..token.end].reverse();
            }
        }
    }
    String::from_utf8(out).map_err(|e| e.to_string())
}

impl Lexed<'_> {
    /// The `cfg` predicates (code ranges) of the attribute `cfg(..)` or `cfg_attr(..)` at `k`.
    fn attribute_predicates(&self, k: usize, predicates: &mut Vec<(usize, usize)>) -> Result<(), String> {
        let close = self.matching(k + 1)?;
        if self.text(k) == "cfg" {
            predicates.push((k + 2, close));
            return Ok(());
        }
        // `cfg_attr(predicate, attribute, ..)`
        let words: Vec<&str> = (k + 2..close).map(|j| self.text(j)).collect();
        for (n, (from, to)) in top_level_parts(&words).into_iter().enumerate() {
            let j = k + 2 + from;
            if n == 0 {
                predicates.push((j, k + 2 + to));
            } else if matches!(self.text(j), "cfg" | "cfg_attr") && self.text(j + 1) == "(" {
                self.attribute_predicates(j, predicates)?;
            }
        }
        Ok(())
    }

    /// The code ranges (first and last index) of what `config` does not compile: what an attribute
    /// false there is on (an item, a block, a statement, a field), a block whose `#![cfg]` is false.
    pub fn absent_ranges(&self, config: &Config) -> Result<Vec<(usize, usize)>, String> {
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
pub fn compiled(absent: &[(usize, usize)], k: usize) -> bool {
    !absent.iter().any(|&(first, last)| first <= k && k <= last)
}

/// The edits that take out of `src` what a bundle never builds, as the module doc says: an item
/// under a false attribute from its first attribute on (any others inside it go with it).
pub fn strip_unbuilt_items(src: &str) -> Result<Vec<Edit>, String> {
    unbuilt_items(src, true)
}

/// As [`strip_unbuilt_items`], but an attribute known true stays when `!cut_true` (in the user's
/// code, kept as written).
pub fn unbuilt_items(src: &str, cut_true: bool) -> Result<Vec<Edit>, String> {
    let lexed = Lexed::new(src)?;
    let mut cuts = Vec::new();
    for k in (0..lexed.code.len()).filter(|&k| lexed.text(k) == "#" && lexed.text(k + 1) == "[") {
        let close = lexed.matching(k + 1)?;
        let words: Vec<&str> = (k + 2..close).map(|j| lexed.text(j)).collect();
        match attribute_value(&words, &Config::AnyJudge) {
            Some(false) => {
                if let Some(last) = lexed.item_end(k)? {
                    cuts.push(lexed.cut(lexed.item_start(k)?, last));
                }
            }
            Some(true) if cut_true => cuts.push(lexed.attribute_cut(k, close)),
            Some(true) => {}
            None => {}
        }
    }
    Ok(cuts)
}

#[cfg(test)]
mod tests {
    use super::super::lex::tokenize;
    use super::super::testing::{apply, text};
    use super::*;

    /// The options of an x86-64 Linux machine, as `rustc --print cfg` lists them (in part).
    fn x86_64_linux() -> Config {
        let options = "debug_assertions panic=\"unwind\" target_arch=\"x86_64\" target_endian=\"little\" \
                       target_env=\"gnu\" target_family=\"unix\" target_feature=\"sse2\" target_os=\"linux\" \
                       target_pointer_width=\"64\" unix";
        Config::Exactly(options.split(' ').map(String::from).collect())
    }

    #[test]
    fn cfg_predicates_in_a_configuration_and_in_its_foreign_one() {
        let host = x86_64_linux();
        let foreign = host.foreign();
        assert_eq!(host.target_name(), "x86-64 Linux");
        assert_eq!(foreign, Config::Exactly(vec!["panic=\"unwind\"".into()]));
        let value = |p: &str, config: &Config| {
            let lexed = Lexed::new(p).unwrap();
            cfg_value(&(0..lexed.code.len()).map(|k| lexed.text(k)).collect::<Vec<_>>(), config)
        };
        let prefault =
            "all(feature = \"prefault\", target_os = \"linux\", target_arch = \"x86_64\", not(miri))";
        let not_prefault = format!("not({prefault})");
        // Each predicate with its value here, there, and for any judge.
        for (predicate, here, there, any_judge) in [
            ("test", false, false, Some(false)),
            ("not(test)", true, true, Some(true)),
            ("all(test, unix)", false, false, Some(false)),
            ("any(test, unix)", true, false, None),
            ("any(test, not(test))", true, true, Some(true)),
            ("all(unix, not(any(test)))", true, false, None),
            ("feature = \"test\"", false, false, Some(false)),
            ("all()", true, true, Some(true)),
            ("miri", false, false, Some(false)),
            (prefault, false, false, Some(false)),
            (&not_prefault, true, true, Some(true)),
            ("any(unix, feature = \"x\")", true, false, None),
            ("target_arch = \"x86_64\"", true, false, None),
            ("not(target_arch = \"x86_64\")", false, true, None),
            ("target_arch = \"aarch64\"", false, false, None),
            ("unix", true, false, None),
            ("not(any(unix, windows))", false, true, None),
            ("all(target_os = \"linux\", target_pointer_width = \"64\")", true, false, None),
            ("any(target_endian = \"little\", target_env = \"gnu\")", true, false, None),
            ("all(target_feature = \"sse2\", target_family = \"unix\")", true, false, None),
            ("not(target_vendor = \"pc\")", true, true, None),
            ("debug_assertions", true, false, None),
            ("not(debug_assertions)", false, true, None),
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
        let mut lines = [
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
        ];
        let src = text(&lines);
        // The lines that change; every other stays as it is.
        lines[0] = "#[cfg(all(so_tegrat = \"linux\", not(swodniw), feature = \"unix\"))]";
        lines[2] = "#[cfg_attr(xinu, target_feature(enable = \"avx2\"), cfg(naidne_tegrat = \"little\"))]";
        lines[5] = "    #![cfg(htdiw_retniop_tegrat = \"64\")]";
        lines[12] =
            "    unix && cfg!(any(ylimaf_tegrat = \"unix\", rodnev_tegrat = \"pc\")) || cfg![swodniw]";
        let expected = text(&lines);
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
        let names = "fast_helper slow_helper in_a_unix_block on_others everywhere not_when_unix on_windows \
                     always elsewhere";
        let compiled_names = |src: &str, config: &Config| {
            let lexed = Lexed::new(src).unwrap();
            let absent = lexed.absent_ranges(config).unwrap();
            let k = |name: &str| (0..lexed.code.len()).find(|&k| lexed.text(k) == name).unwrap();
            names.split(' ').filter(|name| compiled(&absent, k(name))).collect::<Vec<_>>()
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
        assert_eq!(apply(&src, strip_unbuilt_items(&src).unwrap()), kept);
        let after_inner_attribute = "#![allow(unused)]\n#[cfg(test)]\nuse std::fmt;\nfn f() {}\n";
        let stripped = apply(after_inner_attribute, strip_unbuilt_items(after_inner_attribute).unwrap());
        assert_eq!(stripped, "#![allow(unused)]\nfn f() {}\n");
        // The user's code keeps an attribute known true, as written.
        let users = "#[cfg(not(test))]\nfn f() {}\n#[cfg(test)]\nfn g() {}\n";
        assert_eq!(apply(users, unbuilt_items(users, false).unwrap()), "#[cfg(not(test))]\nfn f() {}\n");
    }
}
