//! The write stage's text work, and the header's file list. Comments go (unless `--docs`): a
//! comment alone on its line with its line, one after code with the spaces before it; blank lines
//! are tidied as rustfmt leaves them, then (in a finished bundle) dropped, and indentation becomes
//! tabs, four spaces to a tab (a quarter of its bytes). A bundle over the size limit loses its
//! library's indentation, then the spaces between tokens that may touch. Each works on the
//! whitespace between tokens only, so string literals stay as they are, and through [`Mapped`], so
//! every byte keeps its origin.

use super::items::cut_in_line;
use super::lex::{tokenize, Kind, Token};
use super::mapped::Mapped;

/// Removes the comments of `src`, each as [`cut_in_line`] cuts it, then tidies the blank lines (see
/// [`tidy_blank_lines`]).
pub fn strip_comments(mapped: &Mapped) -> Result<Mapped, String> {
    let src = &mapped.text;
    let comments = tokenize(src)?.into_iter().filter(|t| t.kind == Kind::Comment);
    let cuts = comments.map(|t| cut_in_line(src, t.start, t.end)).collect();
    tidy_blank_lines(&mapped.edit(cuts), true)
}

/// `src` with at most one blank line in a row (none without `blank_lines`: a bundle's size
/// counts), none right after a `{` or right before a `}`, none at the start or the end, and no
/// spaces on blank lines, as rustfmt leaves it. Only the whitespace between tokens changes.
pub fn tidy_blank_lines(mapped: &Mapped, blank_lines: bool) -> Result<Mapped, String> {
    let src = &mapped.text;
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
            newlines.min(1 + usize::from(blank_lines))
        };
        let indent = &text[text.rfind('\n').map_or(text.len(), |j| j + 1)..];
        let indent = if i == 0 && newlines == 0 || at_end { "" } else { indent };
        let tidy = format!("{}{indent}", "\n".repeat(keep));
        if tidy != text {
            edits.push((t.start, t.end, tidy));
        }
    }
    Ok(mapped.edit(edits))
}

/// `src` indented with tabs, four spaces to a tab, as rustfmt writes it with `hard_tabs = true`:
/// a quarter of the bytes of the indentation. Only the whitespace between tokens changes.
pub fn indent_with_tabs(mapped: &Mapped) -> Result<Mapped, String> {
    let src = &mapped.text;
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
    Ok(mapped.edit(edits))
}

/// `src` without indentation: every line starts at its first token. For a bundle that is over the
/// size limit only with its indentation (tabs are about a twentieth of a bundle's bytes); Rust
/// does not read indentation, and string literals stay as they are. Only the whitespace between
/// tokens changes.
pub fn without_indentation(mapped: &Mapped) -> Result<Mapped, String> {
    let src = &mapped.text;
    let mut edits = Vec::new();
    for t in tokenize(src)?.iter().filter(|t| t.kind == Kind::Space) {
        let text = &src[t.start..t.end];
        if let Some(last_newline) = text.rfind('\n') {
            if last_newline + 1 < text.len() {
                edits.push((t.start + last_newline + 1, t.end, String::new()));
            }
        }
    }
    Ok(mapped.edit(edits))
}

/// `src` without the spaces inside a line between two tokens that may touch: for a bundle still
/// over the size limit without indentation. Newlines stay (a line of the bundle is a line of its
/// source), and so do literals and comments (each one token) and the spaces next to a comment.
///
/// Why the meaning cannot change: rustc reads a token stream, and every cut space lies between
/// two tokens A and B such that A's text followed by B's still lexes as A then B, so the stream is
/// the same. That holds when (`may_touch`) no token can start in A and end in B:
/// - one is punctuation, the other a word (identifier, literal or lifetime): a word never runs on
///   into punctuation, nor punctuation into a word, but for the cases kept apart: `#`, `!` and `$`
///   (raw identifiers `r#x`, raw strings `r#".."#`, prefixes reserved since 2021 such as `x#`,
///   guarded strings `#".."#` reserved in 2024, macro calls `x!`, a macro's `$x`), a literal
///   before `.`, `+` or `-` (the float `1.5`, `1e-5`; the tuple index `x.0 .1`) and `.` before a
///   literal. A `"` or a `'` is never punctuation (it is part of a literal or a lifetime), and
///   two words never touch: `b 'x'`, `r "x"` or `x 'a` keep their space;
/// - both are punctuation and one of them is a delimiter `( ) [ ] { } , ;`, which never joins
///   another character into one token; or neither is a `.`, and the two characters that would meet
///   begin no operator of more than one (rustc lexes punctuation one character at a time and
///   glues only those that touch into `::`, `->`, `==`, `+=`, `&&`, `<-`, ..: `JOINING`) nor a
///   comment: `x: &u8` and `= &x` become `x:&u8` and `=&x`, while `a - -b`, `| |`, `& &`, `< -1`,
///   `> >` and `> =` keep their space, and no `//`, `/*` or `*/` can form.
///
/// The token stream is the same; only what rustc makes of the spacing itself may differ: a
/// column (`column!()`, none in the library) and the text `stringify!` or a failed `assert!` gives.
pub fn without_inner_spaces(mapped: &Mapped) -> Result<Mapped, String> {
    without_spaces_between_touching(mapped, false)
}

/// `src` without the line breaks between two tokens that may touch (by the rule of
/// [`without_inner_spaces`], which the library's part had before): for a bundle still over the size
/// limit tight. A line break between tokens that may not touch stays (it is one byte, as a space
/// would be). A line of the bundle is then no longer a line of its source, but every byte still
/// knows its origin ([`Mapped`]), so an error is still told at its source's line.
///
/// One line break stays in a block without a `;` of its own (`{\nfalse\n}`, a lone expression):
/// its first, as rustc's `unused_braces` lint leaves such a block alone only when it spans lines;
/// but for a block that is no value the lint looks at (`linted_braces_after`): a function's,
/// an `if`'s or a `loop`'s body, a `match`'s arms, an `impl`'s or a struct's fields.
pub fn without_line_breaks(mapped: &Mapped) -> Result<Mapped, String> {
    without_spaces_between_touching(mapped, true)
}

/// The whitespace between tokens that may touch cut: within a line, or (`line_breaks`) that which
/// holds a line break (see [`without_line_breaks`]).
fn without_spaces_between_touching(mapped: &Mapped, line_breaks: bool) -> Result<Mapped, String> {
    let src = &mapped.text;
    let tokens = tokenize(src)?;
    // The spaces right after a `{` whose block holds no `;` of its own, and may be linted.
    let (mut kept, mut open, mut previous) = (vec![false; tokens.len()], Vec::new(), None);
    for (i, t) in tokens.iter().enumerate() {
        let code = !matches!(t.kind, Kind::Space | Kind::Comment);
        match &src[t.start..t.end] {
            "{" if previous.map_or(true, |p: Token| {
                // A `>` of `=>` (a `match` arm's value) is no `>` closing generics.
                let arm = &src[p.start..p.end] == ">" && src[..p.start].ends_with('=');
                arm || linted_braces_after(&src[p.start..p.end], p.kind)
            }) =>
            {
                open.push((i + 1, false))
            }
            "{" => open.push((i + 1, true)),
            ";" => open.last_mut().into_iter().for_each(|block| block.1 = true),
            "}" => match open.pop() {
                Some((after, false)) if after < tokens.len() => kept[after] = true,
                _ => {}
            },
            _ => {}
        }
        if code {
            previous = Some(*t);
        }
    }
    let mut edits = Vec::new();
    for (i, three) in tokens.windows(3).enumerate() {
        let (a, space, b) = (three[0], three[1], three[2]);
        let breaks = src[space.start..space.end].contains(['\n', '\r']);
        let cut = if breaks { line_breaks && !kept[i + 1] } else { !line_breaks };
        if space.kind == Kind::Space && cut && may_touch(src, a, b) {
            edits.push((space.start, space.end, String::new()));
        }
    }
    Ok(mapped.edit(edits))
}

/// Whether a `{` after the token `text` (of `kind`) may open a block that rustc's `unused_braces`
/// lint looks at (a value assigned, passed, returned or broken with, a block's last; rustc 1.63 to
/// today): all but those after a word (`fn f() -> u8 {`, `if x {`, `else {`, `S {`, a literal),
/// `)`, `]`, `>` (not `=>`: the caller tells) or `?`, which open a body, a struct's fields or an `if`'s block; but after the
/// keywords that take a value (`return {`, `break {`, `in {`, ..) or make a block of their own
/// (`unsafe {`, `const {`). Unsure, it says yes: the line break then stays.
fn linted_braces_after(text: &str, kind: Kind) -> bool {
    const VALUE_KEYWORDS: [&str; 13] = [
        "return", "break", "in", "move", "unsafe", "async", "const", "yield", "do", "try", "box", "match",
        "if",
    ];
    let body = match kind {
        Kind::Ident => !VALUE_KEYWORDS.contains(&text) && text != "while",
        Kind::Literal => true,
        _ => matches!(text, ")" | "]" | ">" | "?"),
    };
    !body
}

/// The pairs of punctuation characters that begin an operator of more than one (`<<=` and `..=`
/// begin with `<<` and `..`), or a comment, or that read as one (`--`, no operator of Rust's):
/// two such never lose the space between them.
const JOINING: [&str; 25] = [
    "::", "->", "=>", "<-", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "%=",
    "^=", "&=", "|=", "..", "//", "/*", "*/", "--",
];

/// Whether tokens `a` and `b` of `src`, written without a space between, still lex as `a` then
/// `b` (see [`without_inner_spaces`]). Comments and spaces never touch.
fn may_touch(src: &str, a: Token, b: Token) -> bool {
    let (before, after) = (&src[a.start..a.end], &src[b.start..b.end]);
    let delimiter = |t: &str| matches!(t, "(" | ")" | "[" | "]" | "{" | "}" | "," | ";");
    let word = |kind: Kind| matches!(kind, Kind::Ident | Kind::Literal | Kind::Lifetime);
    if [before, after].iter().any(|t| matches!(*t, "#" | "!" | "$")) {
        return false;
    }
    // The two characters that would meet.
    let meeting = format!("{}{}", &before[before.len() - 1..], &after[..1]);
    match (a.kind, b.kind) {
        (Kind::Punct, Kind::Punct) => {
            delimiter(before)
                || delimiter(after)
                || !(before == "." || after == "." || JOINING.contains(&meeting.as_str()))
        }
        (Kind::Punct, kind) if word(kind) => !(kind == Kind::Literal && before == "."),
        (kind, Kind::Punct) if word(kind) => !(kind == Kind::Literal && matches!(after, "." | "+" | "-")),
        _ => false,
    }
}

/// `files` (Rust files, paths with `/`) written short, as a shell's brace expansion would list
/// them: `src/{lib,cli,games/{mod,graph_game}}.rs`.
pub fn brace_list(files: &[String]) -> String {
    let stems: Vec<&str> = files.iter().map(|f| f.strip_suffix(".rs").unwrap_or(f)).collect();
    format!("{}.rs", braced(short_entries(&stems), ""))
}

/// The entries of `paths`, by first segment in order of first appearance: a path as it is, the
/// paths inside a folder as `folder/..`.
fn short_entries(paths: &[&str]) -> Vec<String> {
    let mut heads: Vec<&str> = Vec::new();
    for head in paths.iter().map(|p| p.split('/').next().unwrap_or(p)) {
        if !heads.contains(&head) {
            heads.push(head);
        }
    }
    let mut entries = Vec::new();
    for head in heads {
        if paths.contains(&head) {
            entries.push(head.to_string());
        }
        let inside: Vec<&str> =
            paths.iter().filter_map(|p| p.strip_prefix(head)?.strip_prefix('/')).collect();
        if !inside.is_empty() {
            entries.push(braced(short_entries(&inside), &format!("{head}/")));
        }
    }
    entries
}

/// `prefix` and the one entry, or the entries in braces.
fn braced(entries: Vec<String>, prefix: &str) -> String {
    match entries.as_slice() {
        [one] => format!("{prefix}{one}"),
        many => format!("{prefix}{{{}}}", many.join(",")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each pass changes comments or whitespace between tokens: the code and the literals stay.
    #[test]
    fn comments_blank_lines_and_indentation_change_outside_literals() {
        let comments = "//! Module docs.\n\nuse std::fmt; // trailing\n\n/// Docs.\n/// More.\nfn f() {\n    // alone\n\n    \
                        let s = \"// not a comment\\n\n\n    kept\"; /* block */ let t = 1;\n    /* own line */\n}\n";
        let blank_lines = "\n\nfn f() {\n\n    let a = 1;\n\n\n\n    let s = \"a\n\n\n\nb\";\n   \n}\n\n  \n";
        let indented = "fn f() {\n    if x {\n          y(\"a\n    b\");\n    }\n}\n";
        for (made, expected) in [
            (
                strip_comments(&Mapped::inserted(comments)),
                "use std::fmt;\n\nfn f() {\n    let s = \"// not a comment\\n\n\n    kept\"; let t = 1;\n}\n",
            ),
            (
                tidy_blank_lines(&Mapped::inserted(blank_lines), true),
                "fn f() {\n    let a = 1;\n\n    let s = \"a\n\n\n\nb\";\n}\n",
            ),
            (
                indent_with_tabs(&Mapped::inserted(indented)),
                "fn f() {\n\tif x {\n\t\t  y(\"a\n    b\");\n\t}\n}\n",
            ),
        ] {
            assert_eq!(made.unwrap().text, expected);
        }
    }
}

#[cfg(test)]
mod tight_tests {
    use super::super::assemble::Options;
    use super::*;
    use std::fs;
    use std::process::Command;

    /// Each tricky snippet, as [`without_inner_spaces`] writes it: only the spaces between a word
    /// and punctuation, or next to a delimiter, go; the others (`- -`, `| |`, `& &`, `< -`, `> >`,
    /// `1 .0`, `r #`, `b 'x'`, `x !y`, `$ x`, before a comment) stay, and so do newlines.
    #[test]
    fn only_the_spaces_between_tokens_that_may_touch_go() {
        for (src, tight) in [
            ("x < -1", "x< -1"),
            ("a - -b", "a- -b"),
            ("let f = | | 1;", "let f=| |1;"),
            ("a && b || & &c", "a&&b||& &c"),
            ("for i in 0 ..= n {}", "for i in 0 ..=n{}"),
            ("fn f<'a>(x: &'a str) -> &'a str {", "fn f<'a>(x:&'a str)->&'a str{"),
            (
                "let v: Vec<u8> = w; x = *y; a - -b; a < - b; s >> = t",
                "let v:Vec<u8> =w;x=*y;a- -b;a< -b;s>> =t",
            ),
            ("let c = 'x' ;", "let c='x';"),
            ("let b = b'x' as u8;", "let b=b'x' as u8;"),
            ("let s = r#\"a \"b\" c\"# ;", "let s=r#\"a \"b\" c\"#;"),
            ("let r#match = 1 ;", "let r#match=1;"),
            (
                "count!(r #[inline] k #x b 'x' r \"s\" x !y $ z)",
                "count!(r #[inline]k #x b 'x' r \"s\" x !y $ z)",
            ),
            ("a: r\n    #[allow(dead_code)] b: r", "a:r\n    #[allow(dead_code)]b:r"),
            ("y = 1 .0 + x.0 .1 + x . 0 + 1e-3 - 1.5", "y=1 .0 +x.0 .1 +x. 0 +1e-3 -1.5"),
            ("a / *b", "a/ *b"),
            ("(Vec<Vec<u8>>, Vec<Vec<u8> >)", "(Vec<Vec<u8>>,Vec<Vec<u8> >)"),
            (
                "fn adder(k: i32) -> impl Fn(i32) -> i32 { move |x| x + k }",
                "fn adder(k:i32)->impl Fn(i32)->i32{move|x|x+k}",
            ),
            ("let s = \"a  b\" ; // c  d\n/* e */ f", "let s=\"a  b\"; // c  d\n/* e */ f"),
            ("'outer: loop { break 'outer ; }", "'outer:loop{break 'outer;}"),
            ("x as u8 - 1; a = -1; vec! [1, 2]; a :: b; : :", "x as u8-1;a=-1;vec! [1,2];a::b;: :"),
            ("#[cfg(target_arch = \"x86_64\")]", "#[cfg(target_arch=\"x86_64\")]"),
        ] {
            assert_eq!(without_inner_spaces(&Mapped::inserted(src)).unwrap().text, tight, "{src}");
        }
    }

    /// A program of the same snippets (a token-counting macro makes a token glued into another
    /// visible: `1 .0` is three tokens, `1.0` one), compiled by the rustc on the path as written
    /// and tight: the tight one compiles in editions 2018, 2021 and 2024 and prints the same. Its
    /// lexer's tokens are the written one's, less the spaces.
    #[test]
    fn a_tight_program_compiles_and_runs_the_same() {
        let program = r##"#![allow(unused, non_camel_case_types)]
macro_rules! count {
    () => { 0usize };
    ($head:tt $($tail:tt)*) => { 1usize + count!($($tail)*) };
}
macro_rules! twice {
    ($x:expr) => { $x * 2 };
}
type r = u8;
struct S {
    a: r,
    #[allow(dead_code)] b: (r, (r, r))
}
fn longest<'a>(x: &'a str, y: &'a str) -> &'a str { if x.len() >= y.len() { x } else { y } }
fn adder(k: i32) -> impl Fn(i32) -> i32 { move |x| x + k }
fn main() {
    let (x, a, b) = (-3i32, 5i32, 7i32);
    let f = | | 1;
    let (yes, no) = (true, false);
    let c = & &x;
    let s = S { a: 1, b: (2, (3, 4)) };
    let v: Vec<Vec<u8> > = vec! [vec![1, 2], vec![3]];
    let w: Vec<Vec<u8>> = v.clone();
    let raw = r#"a "quoted" b"#;
    let r#match = b'x' as u32 + 'y' as u32;
    let n = 1 .max(2) + (0 ..= 5).sum::<i32>() + twice!(a - -b);
    let e = 1e-3 - 1.5;
    let mut m = 0;
    'outer: loop { m += 1; if m > 2 { break 'outer ; } }
    let tokens = count!(1 .0 x.0 .1 r #[inline] k #x b 'x' r "s" x !y a / *b < -1 - -1 & &x | | 'a 'b' : : $ z);
    println!("{} {} {} {} {} {} {:?} {}", x < -1, a - -b, f(), yes && no || & &yes == &&true, **c, s.b.1 .0, w, raw);
    println!("{} {} {} {} {} {}", r#match, n, e, m, tokens, longest("ab", "c"));
    println!("{} {} {}", adder(2)(3), a / *&b, x as u8 - 1);
}
"##;
        let tight = without_inner_spaces(&Mapped::inserted(program)).unwrap().text;
        assert!(tight.len() + 100 < program.len(), "{tight}");
        assert_eq!(tight.lines().count(), program.lines().count());
        let code = |src: &str| -> Vec<String> {
            let tokens = tokenize(src).unwrap().into_iter().filter(|t| t.kind != Kind::Space);
            tokens.map(|t| src[t.start..t.end].to_string()).collect()
        };
        assert_eq!(code(&tight), code(program));
        let dir = std::env::temp_dir().join(format!("graph_games_bundle_tight_{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        // What it prints, or `None` if it does not compile.
        let run = |name: &str, src: &str, edition: &str| -> Option<String> {
            let (source, executable) =
                (dir.join(format!("{name}.rs")), dir.join(format!("{name}-{edition}")));
            fs::write(&source, src).unwrap();
            let compiled = Command::new(Options::default().rustc)
                .args(["--edition", edition, "-o"])
                .arg(&executable)
                .arg(&source)
                .output()
                .unwrap();
            if !compiled.status.success() {
                return None;
            }
            let ran = Command::new(&executable).output().unwrap();
            assert!(ran.status.success());
            Some(String::from_utf8(ran.stdout).unwrap())
        };
        let written = run("written", program, "2021").expect("the written program compiles");
        assert!(written.contains(" 42 "), "the count of tokens: {written}");
        for edition in ["2018", "2021", "2024"] {
            assert_eq!(run("tight", &tight, edition).as_ref(), Some(&written), "edition {edition}:\n{tight}");
        }
        // The oracle sees a wrong cut: without the rule's exceptions (every space inside a line
        // next to punctuation cut), the program differs.
        let tokens = tokenize(program).unwrap();
        let naive = tokens.windows(3).filter(|w| {
            let space = &program[w[1].start..w[1].end];
            w[1].kind == Kind::Space
                && !space.contains('\n')
                && (w[0].kind == Kind::Punct || w[2].kind == Kind::Punct)
        });
        let naive = Mapped::inserted(program)
            .edit(naive.map(|w| (w[1].start, w[1].end, String::new())).collect())
            .text;
        for edition in ["2018", "2021"] {
            assert_ne!(run("naive", &naive, edition).as_ref(), Some(&written), "edition {edition}");
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// Joined, a block of one value keeps its first line break where rustc's `unused_braces` may
    /// look at it (a value assigned, passed, returned, broken with, a block's last, a `match`
    /// arm's), and loses it in a body (a function's, an `if`'s, a `loop`'s, a struct's fields):
    /// the joined program compiles without a warning in editions 2018, 2021 and 2024.
    #[test]
    fn joined_blocks_keep_a_line_break_where_the_lint_may_look() {
        let program = "#![allow(unused_assignments)]\nstruct S {\n    a: u32\n}\nfn f(x: u32) -> u32 {\n    x\n}\n\
                       fn g(c: bool) -> u32 {\n    let mut b = 0;\n    b = {\n        f(1)\n    };\n    \
                       let s = S {\n        a: f({\n            b\n        })\n    };\n    \
                       let m = match c {\n        true => {\n            s.a\n        }\n        false => 2,\n    };\n    \
                       let l = loop {\n        break {\n            m\n        };\n    };\n    \
                       if c {\n        return {\n            l\n        };\n    }\n    {\n        {\n            l + 1\n        }\n    }\n}\n\
                       fn main() {\n    g(true);\n}\n";
        let tight = without_inner_spaces(&without_indentation(&Mapped::inserted(program)).unwrap()).unwrap();
        let joined = without_line_breaks(&tight).unwrap().text;
        assert_eq!(
            joined,
            "#![allow(unused_assignments)]struct S{a:u32}fn f(x:u32)->u32{x}fn g(c:bool)->u32{let mut b=0;b={\nf(1)};\
             let s=S{a:f({\nb})};let m=match c{true=>{\ns.a}false=>2,};let l=loop{break{\nm};};\
             if c{return{\nl};}{\n{\nl+1}}}fn main(){g(true);}\n"
        );
        let dir = std::env::temp_dir().join(format!("graph_games_bundle_joined_{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let source = dir.join("joined.rs");
        fs::write(&source, &joined).unwrap();
        for edition in ["2018", "2021", "2024"] {
            let compiled = Command::new(Options::default().rustc)
                .args(["--edition", edition, "-D", "warnings", "--emit=metadata", "--out-dir"])
                .arg(&dir)
                .arg(&source)
                .output()
                .unwrap();
            assert!(compiled.status.success(), "{edition}: {}", String::from_utf8_lossy(&compiled.stderr));
        }
        // The oracle sees the lint: with every such line break cut, it warns.
        let all = joined.replace("{\n", "{");
        fs::write(&source, &all).unwrap();
        let compiled = Command::new(Options::default().rustc)
            .args(["--edition", "2021", "-D", "warnings", "--emit=metadata", "--out-dir"])
            .arg(&dir)
            .arg(&source)
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&compiled.stderr).contains("unnecessary braces"));
        let _ = fs::remove_dir_all(&dir);
    }
}
