//! The breaks found by the pass of attack_imports.rs (a module of it; its helpers are the
//! parent's): each a test asserting the claim, which failed at 7637d36 with the message of rustc,
//! or the changed output, its doc gives, and passes since 6c62644.

use super::assert_claim;

/// Failed at 7637d36: "error[E0689]: can't call method `shout` on ambiguous numeric type `{integer}`". The
/// library's trait is imported under another name; `Loud` is never written (no `trait Loud` either), so the import goes, and with
/// it the trait's method.
#[test]
fn a_library_trait_imported_under_an_alias_stays() {
    assert_claim(
        "mod t {
    pub trait Shout { fn shout(&self) -> String; }
    impl Shout for i32 { fn shout(&self) -> String { format!(\"{}!\", self) } }
}
mod a {
    use crate::t::Shout as Loud;
    pub fn f() -> String { 5.shout() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 7637d36: still compiles, but prints "5", not "LOUD". The aliased trait's by-value `to_string`
/// wins over the prelude's `ToString::to_string` (by reference); once the import goes, the
/// prelude's is called.
#[test]
fn an_aliased_trait_that_shadows_a_prelude_method_stays() {
    assert_claim(
        "mod t {
    pub trait Loud { fn to_string(self) -> String; }
    impl Loud for i32 { fn to_string(self) -> String { String::from(\"LOUD\") } }
}
mod a {
    use crate::t::Loud as L;
    pub fn f() -> String { 5i32.to_string() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 7637d36: "error[E0599]: no method named `write_all` found for struct `Stdout` in the current
/// scope". A child module imports its
/// parent's import of std's `Write` (`use super::Write;`): the path does not start with `std::`,
/// so the name is taken for a library's non-trait, never written in the child.
#[test]
fn std_trait_imported_through_super_stays() {
    assert_claim(
        "mod a {
    use std::io::Write;
    pub mod b {
        use super::Write;
        pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
    }
}
fn main() { a::b::f(); }
",
    );
}

/// Failed at 7637d36 the same way: std's `Write` re-exported by a module of the library.
#[test]
fn std_trait_reexported_by_the_library_stays() {
    assert_claim(
        "mod io_util { pub use std::io::Write; }
mod a {
    use crate::io_util::Write;
    pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
fn main() { a::f(); }
",
    );
}

/// Failed at 7637d36: "error[E0599]: no method named `write_all` found for struct `Stdout` in the current
/// scope". `W` has no lowercase letter, so it is taken for a
/// constant, not std's trait `std::io::Write`.
#[test]
fn std_trait_aliased_in_capitals_stays() {
    assert_claim(
        "mod a {
    use std::io::Write as W;
    pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
fn main() { a::f(); }
",
    );
}

/// Failed at 7637d36 the same way with `use std::io::Write as _Write;`: a name that does not start with a
/// capital is taken for no std type nor trait, whatever its path.
#[test]
fn std_trait_aliased_with_a_leading_underscore_stays() {
    assert_claim(
        "mod a {
    use std::io::Write as _Write;
    pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
fn main() { a::f(); }
",
    );
}

/// Failed at 7637d36: "error[E0599]: no method named `add` found for type `i32` in the current scope". `STD_TYPES` is matched on the name the
/// import brings, not its path: std's trait `Add` imported as `Rc` is taken for std's `Rc`.
#[test]
fn std_trait_aliased_as_a_std_type_name_stays() {
    assert_claim(
        "mod a {
    use std::ops::Add as Rc;
    pub fn f() -> i32 { 1i32.add(2) }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 7637d36: "error[E0689]: can't call method `twice` on ambiguous numeric type `{integer}`". The trait is declared by a macro
/// (`trait $n`), so no `trait Twice` is written and the import is taken for no trait.
#[test]
fn a_trait_declared_by_a_macro_stays() {
    assert_claim(
        "macro_rules! make_trait { ($n:ident) => { pub trait $n { fn twice(&self) -> i32; } }; }
mod t {
    make_trait!(Twice);
    impl Twice for i32 { fn twice(&self) -> i32 { self * 2 } }
}
mod a {
    use crate::t::Twice;
    pub fn f() -> i32 { 21.twice() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 7637d36: "error[E0599]: no method named `skip_until` found for reference `&[u8]` in the current
/// scope" (on a rustc of 1.83 or
/// later, where `BufRead::skip_until` is stable): the method is not in `STD_TRAITS`.
#[test]
fn a_std_trait_method_missing_from_the_table_keeps_its_trait() {
    assert_claim(
        "mod a {
    use std::io::BufRead;
    pub fn f() -> usize { let mut r: &[u8] = b\"ab,cd\"; r.skip_until(b',').unwrap() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 7637d36: "error[E0689]: can't call method `shout` on ambiguous numeric type `{integer}`". The
/// trait is declared `trait r#Shout`; the import's
/// name is looked up with its `r#` taken off, and `r#Shout` is not `Shout`.
#[test]
fn a_trait_with_a_raw_name_stays() {
    assert_claim(
        "mod t {
    pub trait r#Shout { fn shout(&self) -> i32; }
    impl r#Shout for i32 { fn shout(&self) -> i32 { self + 1 } }
}
mod a {
    use crate::t::r#Shout;
    pub fn f() -> i32 { 1.shout() }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 7637d36: "error[E0599]: no method named `write_all` found for struct `Stdout` in the current
/// scope": std's trait through `extern crate std as s`.
#[test]
fn std_trait_through_a_renamed_std_stays() {
    assert_claim(
        "extern crate std as s;
mod a {
    use s::io::Write;
    pub fn f() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
}
fn main() { a::f(); }
",
    );
}

/// Failed at 7637d36: "error[E0432]: unresolved import `self::m`". The module holds private imports only, so it is cut
/// whole, but a glob import names it.
#[test]
fn a_module_of_imports_named_by_a_path_stays() {
    assert_claim(
        "mod m { use std::rc::Rc; }
use self::m::*;
fn main() { println!(\"ok\"); }
",
    );
}

/// Failed at 7637d36: "error[E0432]: unresolved import `crate::a::Thing`". `Thing` is named by another member of its own
/// `use` item (`a::Thing`, the import itself), whose text is not looked at.
#[test]
fn an_import_named_by_its_own_use_item_stays() {
    assert_claim(
        "mod inner { pub struct Thing; }
mod a {
    use crate::{inner::Thing, a::Thing as Alias};
    pub fn f() -> usize { let _x: Alias = Alias; 7 }
}
fn main() { println!(\"{}\", a::f()); }
",
    );
}

/// Failed at 7637d36 through the bundler's own pruning (`prune::prune_rounds`, on a candidate shaped as the
/// assembly writes it: the user's code, then `mod graph_games { .. }`), with "it does not
/// compile: .. no method named `write_all` found for struct `Stdout` in the current scope": the
/// first round cuts the unused `unused`, the leftovers then take `use super::Write;` (the shape
/// of `std_trait_imported_through_super_stays`), and the next round fails. At b36c426 (no
/// `imports` module) the leftover rounds are rustc's, which keeps the import.
#[test]
fn pruning_a_library_that_imports_std_trait_through_super_succeeds() {
    if !super::rustc_runs() {
        return;
    }
    let library = "pub mod out {
    use std::io::Write;
    pub mod inner {
        use super::Write;
        pub fn hello() { std::io::stdout().write_all(b\"hi\\n\").unwrap(); }
    }
}
pub fn unused() {}
";
    let (_, after) = super::printed_before_and_after_pruning("graph_games::out::inner::hello()", library);
    assert_eq!(after, Ok("hi\n[exit status: 0]".to_string()));
}

/// Failed at 7637d36 through the bundler's own pruning, silently: the pruned text compiles and prints "5",
/// where the candidate prints "LOUD" (the shape of
/// `an_aliased_trait_that_shadows_a_prelude_method_stays`; the trait, then unused, goes too). At
/// b36c426 the pruned text keeps `use super::t::Loud as L;` and the trait, and prints "LOUD".
#[test]
fn pruning_a_library_that_aliases_a_trait_keeps_what_it_prints() {
    if !super::rustc_runs() {
        return;
    }
    let library = "pub mod t {
    pub trait Loud { fn to_string(self) -> String; }
    impl Loud for i32 { fn to_string(self) -> String { String::from(\"LOUD\") } }
}
pub mod a {
    use super::t::Loud as L;
    pub fn f() -> String { 5i32.to_string() }
}
pub fn unused() {}
";
    let (before, after) =
        super::printed_before_and_after_pruning("println!(\"{}\", graph_games::a::f())", library);
    assert_eq!(before, Ok("LOUD\n[exit status: 0]".to_string()));
    assert_eq!(after, Ok("LOUD\n[exit status: 0]".to_string()));
}
