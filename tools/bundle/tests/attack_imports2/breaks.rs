//! The breaks found by the second pass (attack_imports2.rs; its helpers are the parent's): each a
//! test asserting the claim, which failed at b341c21 with the message of rustc its doc gives and
//! passes since the commit after 8bd12ac (rustc 1.95.0; the same in editions 2018 and 2021), once `without_unnamed` has cut the
//! import or module named there; the last four go through the bundler's own pruning.

use super::assert_claim;

/// Failed at b341c21: "error[E0599]: no method named `write_all` found for struct `Stdout` in the current
/// scope". `Write` comes to `lib` by a glob of std's (`pub use std::io::*;`), so no leaf of a
/// `use` brings it from std; another module declares a `struct Write`, so `crate::lib::Write` is
/// taken for that declared non-trait, written nowhere in `a`: it goes.
#[test]
fn a_std_trait_through_a_library_glob_stays() {
    assert_claim(
        "mod lib { pub use std::io::*; }
mod other { pub struct Write; }
mod a {
    use crate::lib::Write;
    pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
fn main() { a::f(); }
",
    );
}

/// Failed at b341c21 the same way ("error[E0599]: no method named `write_all` found for struct `Stdout` in
/// the current scope"): the parent's glob of std's prelude brings `Write`, the child imports it
/// by `use super::Write;`, a `struct Write` elsewhere.
#[test]
fn a_std_trait_from_a_parents_glob_stays() {
    assert_claim(
        "mod other { pub struct Write; }
mod a {
    use std::io::prelude::*;
    pub mod b {
        use super::Write;
        pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
    }
}
fn main() { a::b::f(); }
",
    );
}

/// Failed at b341c21: "error[E0689]: can't call method `twice` on ambiguous numeric type `{integer}`". The
/// trait is declared by a macro whose body writes `$k $n`, not `trait` (the keyword comes in
/// the call, after the name: `make!(Twice trait)`), and a `struct Twice` elsewhere makes the
/// name declared: the import is taken for no trait's.
#[test]
fn a_trait_whose_keyword_a_macro_argument_brings_stays() {
    assert_claim(
        "macro_rules! make { ($n:ident $k:tt) => { pub $k $n { fn twice(&self) -> i32; } }; }
mod t { make!(Twice trait); impl Twice for i32 { fn twice(&self) -> i32 { self * 2 } } }
mod other { pub struct Twice; }
mod a {
    use crate::t::Twice;
    pub fn f() -> i32 { 21.twice() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at b341c21: "error[E0433]: cannot find type `HashMap` in this scope". `call!(count)` expands to
/// `count!()`, but the body of `call` writes `$m!()`: `count` is never seen called in `a`, so
/// its body (which writes `HashMap`) is not looked at.
#[test]
fn a_macro_called_by_a_name_from_an_argument_keeps_its_names() {
    assert_claim(
        "macro_rules! count { () => { HashMap::<u8, u8>::new().len() }; }
macro_rules! call { ($m:ident) => { $m!() }; }
mod a {
    use std::collections::HashMap;
    pub fn f() -> usize { call!(count) }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at b341c21: "error[E0433]: cannot find type `HashMap` in this scope". The macro is imported under
/// another name (`use crate::count as tally;`) and called `tally!()`: no macro is defined by
/// that name, so the body of `count` is not looked at.
#[test]
fn a_macro_called_under_an_alias_keeps_its_names() {
    assert_claim(
        "macro_rules! count { () => { HashMap::<u8, u8>::new().len() }; }
pub(crate) use count;
mod a {
    use std::collections::HashMap;
    use crate::count as tally;
    pub fn f() -> usize { tally!() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at b341c21: "error[E0433]: cannot find type `HashMap` in this scope". `count` is defined by a call
/// of `def!` (its `macro_rules! $n` is not seen as a definition): `count!()` in `a` expands to
/// a body never looked at.
#[test]
fn a_macro_defined_by_a_macro_keeps_its_names() {
    assert_claim(
        "macro_rules! def { ($n:ident) => { macro_rules! $n { () => { HashMap::<u8, u8>::new().len() }; } }; }
def!(count);
mod a {
    use std::collections::HashMap;
    pub fn f() -> usize { count!() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at b341c21: "error[E0433]: cannot find type `HashMap` in this scope". `count`'s definition is seen,
/// but its body writes `$t`: the name `HashMap` comes from the call `mk!(HashMap)`, outside `a`.
#[test]
fn a_macro_body_written_by_its_definers_argument_keeps_its_names() {
    assert_claim(
        "macro_rules! mk { ($t:ident) => { macro_rules! count { () => { $t::<u8, u8>::new().len() }; } }; }
mk!(HashMap);
mod a {
    use std::collections::HashMap;
    pub fn f() -> usize { count!() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at b341c21: "error[E0425]: cannot find function, tuple struct or tuple variant `Kept` in this
/// scope". The child's glob is written `use super::{*};`: a `*` after `{`, not after `::`, so the
/// child is taken for one without a glob, where a bare `Kept` is not the parent's.
#[test]
fn a_childs_glob_in_braces_keeps_the_parents_import() {
    assert_claim(
        "mod lib { pub struct Kept(pub u8); }
mod a {
    use crate::lib::Kept;
    pub mod b {
        use super::{*};
        pub fn f() -> u8 { Kept(3).0 }
    }
}
fn main() { println!(\"{}\", a::b::f()); }
",
    );
}

/// Failed at b341c21: "error[E0425]: cannot find function, tuple struct or tuple variant `Kept` in this
/// scope". The child's glob is written by a macro it calls (`parents_names!();`, whose body is
/// `use super::*;`): the child's own text has no `::*`.
#[test]
fn a_childs_glob_from_a_macro_keeps_the_parents_import() {
    assert_claim(
        "macro_rules! parents_names { () => { use super::*; }; }
mod lib { pub struct Kept(pub u8); }
mod a {
    use crate::lib::Kept;
    pub mod b {
        parents_names!();
        pub fn f() -> u8 { Kept(3).0 }
    }
}
fn main() { println!(\"{}\", a::b::f()); }
",
    );
}

/// Failed at b341c21: "error[E0432]: unresolved import `self::up::Kept`". The child names its parent by an
/// import (`use crate::a as up;`) and takes `Kept` by `use self::up::{Kept};`: a `use` through
/// neither `super` nor `crate`, and `Kept` there follows `{`, not `::`.
#[test]
fn a_childs_group_import_through_an_alias_of_the_parent_keeps_it() {
    assert_claim(
        "mod lib { pub struct Kept(pub u8); }
mod a {
    use crate::lib::Kept;
    pub mod b {
        use crate::a as up;
        use self::up::{Kept};
        pub fn f() -> u8 { Kept(3).0 }
    }
}
fn main() { println!(\"{}\", a::b::f()); }
",
    );
}

/// Failed at b341c21: "error[E0425]: cannot find function, tuple struct or tuple variant `Kept` in module
/// `super`". A comment between `super::` and `Kept`: the text before the name does not end in
/// `::`.
#[test]
fn a_path_with_a_comment_after_its_colons_keeps_the_import() {
    assert_claim(
        "mod lib { pub struct Kept(pub u8); }
mod a {
    use crate::lib::Kept;
    pub mod b {
        pub fn f() -> u8 { super:: /* the parent's */ Kept(3).0 }
    }
}
fn main() { println!(\"{}\", a::b::f()); }
",
    );
}

/// Failed at b341c21: "error[E0425]: cannot find function, tuple struct or tuple variant `Kept` in module
/// `super`". The child writes `super::r#Kept`: the text before `Kept` ends in `r#`, not `::`.
#[test]
fn a_raw_name_after_super_keeps_the_import() {
    assert_claim(
        "mod lib { pub struct Kept(pub u8); }
mod a {
    use crate::lib::Kept;
    pub mod b {
        pub fn f() -> u8 { super::r#Kept(3).0 }
    }
}
fn main() { println!(\"{}\", a::b::f()); }
",
    );
}

/// Failed at b341c21: "error[E0432]: unresolved import `self::m`". The module of imports only is declared
/// `mod r#m`: its name is looked for as `r#m`, and the glob writes `m`.
#[test]
fn a_module_of_imports_with_a_raw_name_named_by_a_path_stays() {
    assert_claim(
        "mod r#m { use std::rc::Rc; }
use self::m::*;
fn main() { println!(\"ok\"); }
",
    );
}

/// Failed at b341c21 through the bundler's own pruning, with "it does not compile: error: the bundle: cannot
/// find function, tuple struct or tuple variant `Kept` in module `super` [E0425]": the shape of
/// `a_raw_name_after_super_keeps_the_import`; the first round cuts the unused `unused`, the
/// leftovers then take `use super::lib::Kept;`, and the next round fails.
#[test]
fn pruning_a_library_that_writes_a_raw_name_after_super_succeeds() {
    if !super::rustc_runs() {
        return;
    }
    let (before, after) = super::printed_before_and_after_pruning(
        "println!(\"{}\", graph_games::a::f())",
        "pub mod lib { pub struct Kept(pub u8); }
pub mod a {
    use super::lib::Kept;
    pub mod b { pub fn f() -> u8 { super::r#Kept(3).0 } }
    pub fn f() -> u8 { b::f() }
}
pub fn unused() {}
",
    );
    assert_eq!((before.as_deref(), after.as_deref()), (Ok("3\n[exit status: 0]"), Ok("3\n[exit status: 0]")));
}

/// Failed at b341c21 through the bundler's own pruning, with "it does not compile: error: the bundle: cannot
/// find type `HashMap` in this scope [E0433]": the shape of
/// `a_macro_called_under_an_alias_keeps_its_names`.
#[test]
fn pruning_a_library_that_calls_a_macro_under_an_alias_succeeds() {
    if !super::rustc_runs() {
        return;
    }
    let (before, after) = super::printed_before_and_after_pruning(
        "println!(\"{}\", graph_games::a::f())",
        "macro_rules! count { () => { HashMap::<u8, u8>::new().len() }; }
pub(crate) use count;
pub mod a {
    use std::collections::HashMap;
    use super::count as tally;
    pub fn f() -> usize { tally!() }
}
pub fn unused() {}
",
    );
    assert_eq!((before.as_deref(), after.as_deref()), (Ok("0\n[exit status: 0]"), Ok("0\n[exit status: 0]")));
}

/// Failed at b341c21 through the bundler's own pruning, with "it does not compile: error: the bundle: cannot
/// find type `HashMap` in this scope [E0433]": the shape of
/// `a_macro_called_by_a_name_from_an_argument_keeps_its_names`.
#[test]
fn pruning_a_library_that_calls_a_macro_by_an_argument_succeeds() {
    if !super::rustc_runs() {
        return;
    }
    let (before, after) = super::printed_before_and_after_pruning(
        "println!(\"{}\", graph_games::a::f())",
        "macro_rules! count { () => { HashMap::<u8, u8>::new().len() }; }
macro_rules! call { ($m:ident) => { $m!() }; }
pub mod a {
    use std::collections::HashMap;
    pub fn f() -> usize { call!(count) }
}
pub fn unused() {}
",
    );
    assert_eq!((before.as_deref(), after.as_deref()), (Ok("0\n[exit status: 0]"), Ok("0\n[exit status: 0]")));
}

/// Holds through the bundler's own pruning (not ignored), though the text alone breaks it
/// (`a_childs_glob_in_braces_keeps_the_parents_import`): the pruned text compiles and prints
/// the same (why the braces do not matter there was not looked into).
#[test]
fn pruning_a_library_whose_child_globs_in_braces_succeeds() {
    if !super::rustc_runs() {
        return;
    }
    let (before, after) = super::printed_before_and_after_pruning(
        "println!(\"{}\", graph_games::a::f())",
        "pub mod lib { pub struct Kept(pub u8); }
pub mod a {
    use super::lib::Kept;
    pub mod b {
        use super::{*};
        pub fn f() -> u8 { Kept(3).0 }
    }
    pub fn f() -> u8 { b::f() }
}
pub fn unused() {}
",
    );
    assert_eq!((before.as_deref(), after.as_deref()), (Ok("3\n[exit status: 0]"), Ok("3\n[exit status: 0]")));
}
