//! A third adversarial pass (branch `att-imports3`) over the claim of the bundler's `imports`
//! module (and `import_kinds`) as of 4b1a371: a module of the library holding only private imports
//! that no path names, and a private import that nothing can use, go from the text without
//! changing whether the crate compiles, nor what it prints.
//!
//! The oracle is rustc, through the first pass's harness (attack_imports/harness.rs): each case is
//! compiled and run before and after `without_unnamed`'s cuts, in editions 2018 and 2021.
//!
//! What was tried, beyond the first two passes: std macros that bring names (`thread_local!`
//! declaring a static, `matches!` with variant paths, `write!` into a path); a child whose only
//! `!` is `!=`; an import shadowed by a `let` or a generic parameter (kept: written); `Self::`
//! paths; consts in array lengths and patterns; a macro metavariable `$m` before `::` (counted as
//! naming the module `m`: a lucky catch); macros under the name of a std macro or of another
//! macro the text defines; a path to a trait through a module another `use` brings (`std::io`,
//! `std::fmt`, `std::io::prelude`); identifiers written in another Unicode normal form (rustc
//! compares them in NFC); a module of imports named through a macro argument. No random
//! generation this time (the time box).
//!
//! What was found: eight breaks of the claim (all failed at 4b1a371 and pass since the commit
//! after 61e6a9a, where imports.rs and import_kinds.rs answer each), each a test below with rustc's
//! message (rustc 1.95.0, the same in editions 2018 and 2021), of four kinds:
//! - a trait imported by a path through a module another `use` brings (`use std::io; use
//!   self::io::Write;`, or a library's `pub use std::io;` / `pub use std::fmt;`): the leaf's path
//!   is taken for the library's, no declared trait has its name, no other leaf brings that name,
//!   so only the name counts, and it is never written (its methods are);
//! - a macro imported under the name of a std macro (`use crate::count as todo;`): a call of a
//!   name in `STD_MACROS` is not an unknown macro, and no definition has that name, so the body
//!   of `count` is never looked at; likewise under the name of another macro the text defines
//!   (`use crate::other as count;` with a `macro_rules! count` elsewhere): the other's body is
//!   looked at instead;
//! - an identifier written precomposed in the `use` and decomposed where used (`café` as `e` and
//!   U+0301): rustc takes them for one (NFC), the text search for two; so too a module of imports
//!   named so by a glob;
//! - a module of imports named only through a macro argument (`touch!(m)` whose body writes
//!   `use self::$x::*;`).
//!
//! Two of them break the bundler's own pruning too (`prune::prune_rounds` ends in "it does not
//! compile"): the first kind and the normal forms (two more tests); the macro aliases and the
//! module named through a macro argument do not.

#[path = "attack_imports/harness.rs"]
mod harness;

use harness::{assert_claim, printed_before_and_after_pruning, rustc_runs};

/// Crates on which the claim holds, shaped by the ideas above (each has something cut, or keeps
/// what a careless rule would cut).
#[test]
fn hand_written_crates_keep_their_meaning() {
    let cases = [
        // `thread_local!` declaring a static of an imported type; `matches!` with imported
        // variants; `write!` into a path; an unused `HashMap` and `Rc` go.
        "mod lib { #[derive(Clone, Copy)] pub enum Side { Left, Right } }
mod a {
    use std::cell::Cell;
    use std::collections::HashMap;
    use std::rc::Rc;
    use std::fmt::Write;
    use crate::lib::Side::{Left, Right};
    thread_local!(static C: Cell<u8> = Cell::new(3));
    pub fn f() -> String {
        let mut s = String::new();
        let side = crate::lib::Side::Right;
        write!(s, \"{} {}\", C.with(|c| c.get()), matches!(side, Left | Right)).unwrap();
        s
    }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A child whose only `!` is `!=`, with its own `Kept`: the parent's import goes; consts in
        // an array length and a pattern; `Self::` paths of an imported type.
        "mod lib { pub struct Kept(pub u8); pub const N: usize = 3; pub const Z: u8 = 0; pub enum E { A, B } }
mod a {
    use crate::lib::{Kept, N, Z, E};
    pub mod b { pub struct Kept(pub u8); pub fn g() -> bool { Kept(1).0 != 2 } }
    impl E { fn pick(z: u8) -> Self { match z { Z => Self::A, _ => Self::B } } }
    pub fn f() -> usize { let arr = [0u8; N]; arr.len() + b::g() as usize + matches!(E::pick(0), E::A) as usize }
}
fn main() { println!(\"{}\", a::f()); }
",
        // Imports shadowed by a `let` and by a generic parameter (unused for rustc, written: kept).
        "mod lib { pub fn g() -> u8 { 1 } pub struct T; }
mod a {
    use crate::lib::{g, T};
    pub fn f() -> u8 { let g = 4; fn h<T: Into<u8>>(t: T) -> u8 { t.into() } g + h(2u8) }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A macro metavariable `$m` before `::` counts as naming a module `m` (kept).
        "macro_rules! touch { ($m:ident) => { use self::$m::*; }; }
mod m { use std::rc::Rc; }
touch!(m);
fn main() { println!(\"ok\"); }
",
    ];
    for case in cases {
        assert_claim(case);
    }
}

/// Failed at 4b1a371: "error[E0599]: no method named `write_all` found for struct `Stdout` in the current
/// scope". `self::io::Write` is a path from `self`, so taken for the library's; no trait
/// `Write` is declared and no other leaf brings the name `Write` (`std::io` brings `io`): only
/// the name counts, and it is written nowhere but in its `use`.
#[test]
fn a_std_trait_through_an_imported_std_module_stays() {
    assert_claim(
        "mod a {
    use std::io;
    use self::io::Write;
    pub fn f() { io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
fn main() { a::f(); }
",
    );
}

/// Failed at 4b1a371 the same way ("error[E0599]: no method named `write_all` found for struct `Stdout` in
/// the current scope"): the library re-exports the module (`pub use std::io;`), `a` imports
/// `crate::lib::io::Write`.
#[test]
fn a_std_trait_through_a_library_reexported_std_module_stays() {
    assert_claim(
        "mod lib { pub use std::io; }
mod a {
    use crate::lib::io::Write;
    pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
fn main() { a::f(); }
",
    );
}

/// Failed at 4b1a371: "error[E0599]: cannot write into `String`". As above with `std::fmt::Write`, used by
/// `write!` alone.
#[test]
fn fmt_write_through_a_library_reexported_fmt_stays() {
    assert_claim(
        "mod lib { pub use std::fmt; }
mod a {
    use crate::lib::fmt::Write;
    pub fn f() -> String { let mut s = String::new(); write!(s, \"x\").unwrap(); s }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 4b1a371: "error[E0433]: cannot find type `HashMap` in this scope". The macro is imported under
/// the name of a std macro (`todo`): a call of a name in `STD_MACROS` is no unknown macro, and
/// no macro is defined as `todo`, so the body of `count` (which writes `HashMap`) is not looked at.
#[test]
fn a_macro_imported_under_a_std_macros_name_keeps_its_names() {
    assert_claim(
        "#[macro_export]
macro_rules! count { () => { HashMap::<u8, u8>::new().len() }; }
mod a {
    use std::collections::HashMap;
    use crate::count as todo;
    pub fn f() -> usize { todo!() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 4b1a371: "error[E0433]: cannot find type `HashMap` in this scope". The macro `other` is imported
/// as `count`, the name of another macro the text defines (in `b`): `count!()` is taken for that
/// one, whose body is looked at instead of `other`'s.
#[test]
fn a_macro_imported_under_another_macros_name_keeps_its_names() {
    assert_claim(
        "#[macro_export]
macro_rules! other { () => { HashMap::<u8, u8>::new().len() }; }
mod b { macro_rules! count { () => { 0 }; } }
mod a {
    use std::collections::HashMap;
    use crate::other as count;
    pub fn f() -> usize { count!() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 4b1a371: "error[E0425]: cannot find function `café` in this scope". The `use` writes `café`
/// precomposed (U+00E9), the call decomposed (`e`, U+0301): rustc normalizes identifiers to NFC
/// and takes them for one name; the text search for two, so the import is taken for unused.
#[test]
fn a_name_written_in_another_normal_form_keeps_its_import() {
    assert_claim("mod lib { pub fn caf\u{e9}() -> u8 { 3 } }\nmod a {\n    use crate::lib::caf\u{e9};\n    pub fn f() -> u8 { cafe\u{301}() }\n}\nfn main() { println!(\"{}\", a::f()); }\n");
}

/// Failed at 4b1a371: "error[E0432]: unresolved import `self::café`". A module of imports only, declared
/// `mod café` (precomposed), named by a glob written decomposed: cut whole.
#[test]
fn a_module_of_imports_named_in_another_normal_form_stays() {
    assert_claim(
        "mod caf\u{e9} { use std::rc::Rc; }\nuse self::cafe\u{301}::*;\nfn main() { println!(\"ok\"); }\n",
    );
}

/// Failed at 4b1a371: "error[E0432]: unresolved import `self::m`". The module of imports only is named by a
/// macro's argument (`touch!(m)`), its body writing `use self::$x::*;`: `m` is written neither
/// before `::` nor in a `use`, so the module is cut whole.
#[test]
fn a_module_of_imports_named_through_a_macro_argument_stays() {
    assert_claim(
        "macro_rules! touch { ($x:ident) => { use self::$x::*; }; }
mod m { use std::rc::Rc; }
touch!(m);
fn main() { println!(\"ok\"); }
",
    );
}

/// Failed at 4b1a371 through the bundler's own pruning: "it does not compile: error: the bundle: no method
/// named `write_all` found for struct `Stdout` in the current scope [E0599]" (the shape of
/// `a_std_trait_through_an_imported_std_module_stays`; the first round cuts `unused`, the
/// leftovers then take `use self::io::Write;`).
#[test]
fn pruning_a_library_that_imports_a_trait_through_a_std_module_succeeds() {
    if !rustc_runs() {
        return;
    }
    let (before, after) = printed_before_and_after_pruning(
        "graph_games::a::f()",
        "pub mod a {
    use std::io;
    use self::io::Write;
    pub fn f() { io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
pub fn unused() {}
",
    );
    assert_eq!(
        (before.as_deref(), after.as_deref()),
        (Ok("hi\n[exit status: 0]"), Ok("hi\n[exit status: 0]"))
    );
}

/// Failed at 4b1a371 through the bundler's own pruning: "it does not compile:\nerror: the bundle: cannot
/// find function `café` in this scope [E0425]" (the shape of
/// `a_name_written_in_another_normal_form_keeps_its_import`). (The two macro aliases and the module
/// named through a macro argument, in the same frame, prune fine.)
#[test]
fn pruning_a_library_that_writes_a_name_in_another_normal_form_succeeds() {
    if !rustc_runs() {
        return;
    }
    let (before, after) = printed_before_and_after_pruning(
        "graph_games::a::f()",
        "pub mod lib { pub fn caf\u{e9}() -> u8 { 3 } }\npub mod a {\n    use super::lib::caf\u{e9};\n    pub fn f() -> u8 { cafe\u{301}() }\n}\npub fn unused() {}\n",
    );
    assert_eq!((before.as_deref(), after.as_deref()), (Ok("[exit status: 0]"), Ok("[exit status: 0]")));
}
