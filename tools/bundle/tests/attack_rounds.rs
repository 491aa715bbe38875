//! Cases found by an adversarial pass (branch `att-rounds`) over the claim of commit abef356 on
//! the bundler's `prune` stage: cutting, in a round with only unresolved imports, the imports that
//! round reports unused, and cutting the containers a round's cuts leave empty right after them
//! (in the text, without a rustc run), gives the same pruned text as before, in fewer runs, and
//! nothing that pruned before fails now. The oracle is the pruning of the commit before
//! (abef356^), run on each candidate outside this crate; its result is written out by hand below
//! (read, not pasted from the code under test), and each case says why it comes out so.
//!
//! The cases that fail at abef356 come first: a user's group import of library modules that
//! pruning empties makes the bundle fail; an import that a failing import in a block shadows for
//! one round is cut with it, and the bundle fails, or (where the prelude has the name) compiles
//! and behaves differently; an item cut again after an undo is counted twice. Then the strongest
//! cases tried where the new pruning agrees with the old.

use bundle::assemble::Options;
use bundle::cfg::Config;
use bundle::mapped::{Files, Mapped};
use bundle::prune::{prune, Pruned};

// More cases, on the containers left empty (the file is near the 500-line limit).
#[path = "attack_rounds/empties.rs"]
mod empties;

/// The lines of a text, each ended by a newline.
fn lines(lines: &[&str]) -> String {
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// `code` pruned from byte `from` by the rustc on the path, for this machine.
fn pruned(code: &str, from: usize) -> Result<(String, Pruned), String> {
    let rustc = Options::default().rustc;
    let host = Config::host(&rustc)?;
    prune(&rustc, &host, &Mapped::inserted(code), from, &Files::default()).map(|(m, p)| (m.text, p))
}

/// The candidate as the assembly writes it: the user's `main`, then `library` as the library
/// module; and the byte the library starts at.
fn candidate(main: &[&str], library: &[&str]) -> (String, usize) {
    let main = format!("#![allow(dead_code)]\n{}", lines(main));
    (format!("{main}#[warn(dead_code)]\nmod graph_games {{\n{}}}\n", lines(library)), main.len())
}

/// The user's code of the cases with a user: it imports `a::b` and `a::c`, modules whose
/// functions nothing calls, in a group, and uses neither.
const USER_GROUP: [&str; 5] =
    ["use graph_games::a::{b, c};", "", "fn main() {", "    graph_games::run();", "}"];

/// `a` holds the modules `b` and `c`, each with a function nothing calls; `run` is used.
const LIBRARY_AB: [&str; 17] = [
    "pub mod a {",
    "    pub mod b {",
    "        pub fn f() -> u8 {",
    "            1",
    "        }",
    "    }",
    "",
    "    pub mod c {",
    "        pub fn g() -> u8 {",
    "            2",
    "        }",
    "    }",
    "}",
    "",
    "pub fn run() {",
    "    println!(\"run\");",
    "}",
];

/// FAILS at abef356 ("it does not compile: unresolved import `graph_games::a`"). Round 1 cuts
/// `f` and `g`. Before: round 2 cut the emptied `b` and `c` (no error: they existed); round 3
/// found the user's import of `b` and `c` unresolved, at `b` and at `c`: the names `b` and `c`
/// were kept (`imported`) and the round undone; `a` keeps its two empty modules. Now `b`, `c`
/// and then `a` go right after round 1's cuts: round 2 finds the user's import unresolved at
/// `a`, and the name taken from that path (its last segment before a `::`-less token) is `{`;
/// the undo and the redo cut `a` again, `{` is already kept, and pruning gives up. So with a
/// group of one (`use graph_games::a::{b};`), `{self, b}`, `{a::{b, c}}`, in a function, or
/// through a `pub use` of them in another module.
#[test]
fn a_user_group_import_of_modules_left_empty_keeps_them() {
    let (code, from) = candidate(&USER_GROUP, &LIBRARY_AB);
    let kept = [
        "pub mod a {",
        "    pub mod b {",
        "    }",
        "",
        "    pub mod c {",
        "    }",
        "}",
        "",
        "pub fn run() {",
        "    println!(\"run\");",
        "}",
    ];
    let expected = candidate(&USER_GROUP, &kept).0;
    assert_eq!(pruned(&code, from).map(|(text, _)| text), Ok(expected));
}

/// FAILS at abef356 (`removed` is 2). The user imports the module `b` alone; its `f` goes
/// (one item). Now `b` and `a` go right after that cut; the next round finds the user's import
/// unresolved, keeps `b` and undoes back to before `f` went: `f` goes again, and is counted
/// again. Before, the round undone was the one that cut only the empty `b` (counted nothing).
/// The count is the "N unused items cut" the bundler prints.
#[test]
fn an_item_cut_again_after_an_undo_is_counted_once() {
    let user = ["use graph_games::a::b;", "", "fn main() {", "    graph_games::run();", "}"];
    let library = [&LIBRARY_AB[..6], &LIBRARY_AB[12..]].concat();
    let (code, from) = candidate(&user, &library);
    let kept =
        ["pub mod a {", "    pub mod b {", "    }", "}", "", "pub fn run() {", "    println!(\"run\");", "}"];
    let (text, report) = pruned(&code, from).unwrap();
    assert_eq!(text, candidate(&user, &kept).0);
    assert_eq!(report.removed, 1, "items removed: `f`");
}

/// `b` imports `c::util` (a function) for `run`; `run`'s body imports `a::util` (`import`, a
/// type or a module: another namespace) for an inner function nothing calls. Round 1 cuts that
/// function and `a::util` (what it holds). The block's import then fails to resolve, and rustc
/// binds `util` in that block, in every namespace, to a placeholder: `util(3u8)` resolves to it,
/// and `b`'s import of `c::util` is reported unused in the same round. It is not: once the
/// failing import is gone, `util(3u8)` is `c::util`'s call again. Before, that round cut only the
/// unresolved import, and the next found nothing unused.
fn shadowed(outer: &str, a: &[&str], import: &str, inner: &[&str]) -> String {
    let head = ["fn main() {", "    b::run();", "}", "", "mod a {"];
    let c =
        ["}", "", "mod c {", "    pub fn util(x: u8) -> u8 {", "        x + 1", "    }", "}", "", "mod b {"];
    let run = [outer, "", "    pub fn run() {", import, ""];
    let tail = ["", "        println!(\"{:?}\", util(3u8));", "    }", "}"];
    lines(&[&head[..], a, &c, &run, inner, &tail].concat())
}

/// What each `shadowed` case prunes to, with `b`'s import `outer`.
fn unshadowed(outer: &str) -> String {
    let head = [
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod c {",
        "    pub fn util(x: u8) -> u8 {",
        "        x + 1",
    ];
    let b = ["    }", "}", "", "mod b {", outer, "", "    pub fn run() {"];
    lines(&[&head[..], &b, &["        println!(\"{:?}\", util(3u8));", "    }", "}"]].concat())
}

/// FAILS at abef356 ("cannot find function `util` in this scope"): the unused import of the
/// first round with an unresolved one (see `shadowed`). `a::util` is a struct with fields (the
/// type namespace only): the round with the unresolved import comes before and after the change.
#[test]
fn an_import_shadowed_by_an_unresolved_one_in_a_block_stays() {
    let a = ["    pub struct util {", "        pub x: u8,", "    }"];
    let inner = ["        fn dead_inner() -> util {", "            util { x: 0 }", "        }"];
    let code = shadowed("    use crate::c::util;", &a, "        use crate::a::util;", &inner);
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(unshadowed("    use crate::c::util;")));
    // The same with `b` importing `c`'s names by a glob.
    let code = shadowed("    use crate::c::*;", &a, "        use crate::a::util;", &inner);
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(unshadowed("    use crate::c::*;")));
}

/// FAILS at abef356, the same way: here `a::util` is a module, and both changes take part.
/// Before, the emptied `a::util` stayed for a round: the block's import of it resolved, was
/// unused, and went with it; no round had an unresolved import. Now `util` and `a` go right
/// after round 1's cuts, and the next round is `shadowed`'s.
#[test]
fn an_import_shadowed_by_one_of_a_module_left_empty_stays() {
    let a = ["    pub mod util {", "        pub fn dead() -> u8 {", "            0", "        }", "    }"];
    let inner = ["        fn dead_inner() -> u8 {", "            util::dead()", "        }"];
    let code = shadowed("    use crate::c::util;", &a, "        use crate::a::util;", &inner);
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(unshadowed("    use crate::c::util;")));
}

/// FAILS at abef356, and the bundle it makes instead compiles and prints `()` where the program
/// prints `4`: the case before with `util` named `drop`. With `c`'s import gone, the next round's
/// `drop(3u8)` is the prelude's `std::mem::drop`, and then `c::drop` goes, unused.
#[test]
fn an_import_shadowed_by_one_of_a_module_left_empty_stays_though_the_prelude_has_the_name() {
    let a = ["    pub mod drop {", "        pub fn dead() -> u8 {", "            0", "        }", "    }"];
    let inner = ["        fn dead_inner() -> u8 {", "            drop::dead()", "        }"];
    let code = shadowed("    use crate::c::util;", &a, "        use crate::a::util;", &inner);
    let expected = unshadowed("    use crate::c::util;").replace("util", "drop");
    assert_eq!(pruned(&code.replace("util", "drop"), 0).map(|(text, _)| text), Ok(expected));
}

// The cases where the new pruning agrees with the old one.

/// One `use` group mixing an unresolved name (`Gone`, cut in round 1 with `dead`), an unused one
/// (`unused_helper`, used only by `dead`) and a kept one; the same in nested groups, with `self`.
#[test]
fn a_group_mixing_an_unresolved_an_unused_and_a_kept_name_keeps_the_kept_one() {
    let (head, tail) = (["fn main() {", "    b::run();", "}", "", "mod a {"], ["        Gone", "    }", "}"]);
    let kept = ["    pub fn kept() -> u8 {", "        2", "    }", "}", "", "mod b {"];
    let run = ["    pub fn run() {", "        println!(\"{}\", kept());", "    }"];
    let flat = [
        &["    pub struct Gone;", "", "    pub fn unused_helper() -> u8 {", "        1", "    }", ""][..],
        &kept,
        &["    use crate::a::{kept, unused_helper, Gone};", ""],
        &run,
        &["", "    fn dead() -> Gone {", "        let _ = unused_helper();"],
    ];
    let nested = [
        &[
            "    pub mod x {",
            "        pub struct Gone;",
            "",
            "        pub fn unused() -> u8 {",
            "            1",
        ][..],
        &["        }", "    }", ""],
        &kept,
        &["    use crate::a::{", "        kept,", "        x::{self, unused, Gone},", "    };", ""],
        &run,
        &["", "    fn dead() -> Gone {", "        let _ = unused();", "        let _ = x::unused();"],
    ];
    let expected = lines(&[&head[..], &kept, &["    use crate::a::kept;", ""], &run, &["}"]].concat());
    for body in [&flat[..], &nested[..]] {
        let code = lines(&[&head[..], &body.concat(), &tail].concat());
        assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(expected.clone()), "\n{code}");
    }
}

/// Modules nested three deep, emptied by round 1, with an import of the deepest: all go, at once
/// now, one a round before.
#[test]
fn nested_modules_left_empty_all_go() {
    let code = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod a {",
        "    pub struct Gone;",
        "",
        "    pub mod one {",
        "        pub mod two {",
        "            pub mod three {",
        "                pub fn dead() {}",
        "            }",
        "        }",
        "    }",
        "}",
        "",
        "mod b {",
        "    use crate::a::one::two::three;",
        "    use crate::a::Gone;",
        "",
        "    pub fn run() {",
        "        println!(\"run\");",
        "    }",
        "",
        "    fn dead() -> Gone {",
        "        three::dead();",
        "        Gone",
        "    }",
        "}",
    ]);
    let expected = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod b {",
        "    pub fn run() {",
        "        println!(\"run\");",
    ]);
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(format!("{expected}    }}\n}}\n")));
}

/// In a group with `Gone` (unresolved in round 2), an import unused here but used on other
/// targets (under `cfg(not(unix))`): it stays, allowed, with the function it names.
#[test]
fn an_import_used_only_on_other_targets_stays_beside_an_unresolved_one() {
    let code = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod a {",
        "    pub struct Gone;",
        "",
        "    pub fn unix_only() -> u8 {",
        "        1",
        "    }",
        "}",
        "",
        "mod b {",
        "    use crate::a::{unix_only, Gone};",
        "",
        "    pub fn run() {",
        "        #[cfg(not(unix))]",
        "        println!(\"{}\", unix_only());",
        "        println!(\"run\");",
        "    }",
        "",
        "    fn dead() -> Gone {",
        "        Gone",
        "    }",
        "}",
    ]);
    let expected = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod a {",
        "    #[allow(dead_code)]",
        "    pub fn unix_only() -> u8 {",
        "        1",
        "    }",
        "}",
        "",
        "mod b {",
        "    #[allow(unused_imports)]",
        "    use crate::a::unix_only;",
        "",
        "    pub fn run() {",
        "        #[cfg(not(unix))]",
        "        println!(\"{}\", unix_only());",
        "        println!(\"run\");",
        "    }",
        "}",
    ]);
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(expected));
}

/// A macro writing impls of a trait nothing uses, called in a module (`holder`) and in a module
/// inside it: the trait goes with the impls, the macro, empty, with its calls, then the modules
/// left empty, deepest first.
#[test]
fn a_macro_left_empty_goes_with_its_calls_and_the_modules_they_were_in() {
    let code = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod t {",
        "    pub trait Named {",
        "        fn name(&self) -> u8;",
        "    }",
        "}",
        "",
        "macro_rules! named {",
        "    ($t:ty) => {",
        "        impl crate::t::Named for $t {",
        "            fn name(&self) -> u8 {",
        "                1",
        "            }",
        "        }",
        "    };",
        "}",
        "",
        "mod holder {",
        "    pub mod deeper {",
        "        named!(u8);",
        "    }",
        "",
        "    named!(u16);",
        "}",
        "",
        "mod b {",
        "    pub fn run() {",
        "        println!(\"run\");",
        "    }",
        "}",
    ]);
    let expected = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod b {",
        "    pub fn run() {",
        "        println!(\"run\");",
    ]);
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(format!("{expected}    }}\n}}\n")));
}

/// FAILS at abef356 ("cannot find macro `say` in this scope"): `shadowed`'s case with a macro.
/// `b` imports the macro `say` (from `m`); `run`'s body imports the module `a::say` for an inner
/// function nothing calls. Once `a::say` is emptied and gone, the block's import fails, `say!()`
/// resolves to its placeholder, and `b`'s import of the macro is reported unused in that round.
#[test]
fn a_macro_import_shadowed_by_an_unresolved_module_import_stays() {
    let m = [
        "mod m {",
        "    macro_rules! say {",
        "        () => {",
        "            println!(\"say\")",
        "        };",
        "    }",
        "    pub(crate) use say;",
        "}",
        "",
    ];
    let (head, b) = (["fn main() {", "    b::run();", "}", ""], ["mod b {", "    use crate::m::say;", ""]);
    let a = [
        "mod a {",
        "    pub mod say {",
        "        pub fn dead() -> u8 {",
        "            0",
        "        }",
        "    }",
    ];
    let run = ["    pub fn run() {", "        use crate::a::say;", "", "        fn dead_inner() -> u8 {"];
    let code = [&head[..], &a, &["}", ""], &m, &b, &run, &["            say::dead()", "        }", ""]];
    let code = lines(&[&code.concat()[..], &["        say!();", "    }", "}"]].concat());
    let expected =
        lines(&[&head[..], &m, &b, &["    pub fn run() {", "        say!();", "    }", "}"]].concat());
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(expected));
}

/// A `pub use` chain: `c` imports `Gone` and `Kept` from `b`, which re-exports them from `a`;
/// `Gone` is used only by `c`'s dead function. `Gone` goes, then its imports, one link a round.
#[test]
fn a_re_export_chain_loses_the_link_of_what_went() {
    let head = ["fn main() {", "    c::run();", "}", "", "mod a {"];
    let code = lines(
        &[
            &head[..],
            &["    pub struct Gone;", "", "    pub struct Kept;", "}", "", "mod b {"],
            &[
                "    pub use crate::a::{Gone, Kept};",
                "}",
                "",
                "mod c {",
                "    use crate::b::{Gone, Kept};",
                "",
            ],
            &["    pub fn run() {", "        let _k = Kept;", "    }", "", "    fn dead() -> Gone {"],
            &["        Gone", "    }", "}"],
        ]
        .concat(),
    );
    let expected = lines(
        &[
            &head[..],
            &["    pub struct Kept;", "}", "", "mod b {", "    pub use crate::a::Kept;", "}", "", "mod c {"],
            &["    use crate::b::Kept;", "", "    pub fn run() {", "        let _k = Kept;", "    }", "}"],
        ]
        .concat(),
    );
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(expected));
}

/// `b::inner` takes `b`'s imports by `use super::*`, for a function nothing calls: `Gone` and
/// `helper` go with it, then `b`'s imports of them, then `inner`, empty, and `a`.
#[test]
fn imports_taken_by_a_super_glob_for_dead_code_go() {
    let code = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod a {",
        "    pub struct Gone;",
        "",
        "    pub fn helper() -> u8 {",
        "        1",
        "    }",
        "}",
        "",
        "mod b {",
        "    use crate::a::{helper, Gone};",
        "",
        "    pub mod inner {",
        "        use super::*;",
        "",
        "        pub fn dead() -> Gone {",
        "            let _ = helper();",
        "            Gone",
        "        }",
        "    }",
        "",
        "    pub fn run() {",
        "        println!(\"run\");",
        "    }",
        "}",
    ]);
    let expected = lines(&[
        "fn main() {",
        "    b::run();",
        "}",
        "",
        "mod b {",
        "    pub fn run() {",
        "        println!(\"run\");",
    ]);
    assert_eq!(pruned(&code, 0).map(|(text, _)| text), Ok(format!("{expected}    }}\n}}\n")));
}
