//! The breaks of claim (1): each crate compiles and the bundler's text compiled here and on its
//! foreign copy, yet a judge's build failed or printed something else. Each was the old steps' too
//! (the oracle here gives the same text), so none was new with the one check. Three hold since
//! (a string's text, a clone of a reference, a blanket impl on `Debug`); the two on `cfg`
//! predicates false on both copies are the foreign copy's limit (docs/bundling.md), left ignored.

use super::*;

/// The bundler's text compiles here and on the foreign copy and prints what `src` prints (where
/// the old steps, which the oracle writes, printed otherwise).
fn keeps_what_it_does(src: &str) {
    let result = bundled(src);
    assert!(errors_both(&result).is_empty(), "the result fails:\n{result}");
    assert_eq!(run(&result), run(src), "prints otherwise:\n{result}");
}

#[test]
#[ignore = "break: a `Debug` used only under `cfg(target_arch = \"aarch64\")` is cut: neither copy compiles that code"]
fn debug_used_only_on_one_foreign_target() {
    // The foreign copy makes every target predicate false: `target_arch = "aarch64"` is false
    // there as here, so the `{:?}` is type-checked on no copy and `Thing`'s `Debug` goes. An
    // aarch64 judge compiles that function: shown here by the text as it reads on aarch64 (the
    // two architectures swapped), which fails.
    let src = crate_of(&[
        "fn main() { lib::show(); }",
        "mod lib {",
        "    #[derive(Debug)]",
        "    pub struct Thing(pub u8);",
        "    #[cfg(target_arch = \"aarch64\")]",
        "    pub fn show() { println!(\"{:?}\", Thing(1)); }",
        "    #[cfg(not(target_arch = \"aarch64\"))]",
        "    pub fn show() { println!(\"thing {}\", Thing(1).0); }",
        "}",
    ]);
    let on_aarch64 = |s: &str| s.replace("aarch64", "x86_64");
    assert!(errors_of(&on_aarch64(&src)).is_empty());
    let result = agrees(&src, true);
    assert!(errors_of(&on_aarch64(&result)).is_empty(), "fails on aarch64:\n{result}");
}

#[test]
#[ignore = "break: a `Debug` used only under `all(unix, not(debug_assertions))` is cut: the judge's -O build on Linux fails"]
fn debug_used_only_by_an_optimized_unix_build() {
    // Here `unix` is true and `debug_assertions` too; on the foreign copy both are false: the
    // predicate is false on both copies, true for a judge building with `-O` on Linux.
    let src = crate_of(&[
        "fn main() { lib::show(); }",
        "mod lib {",
        "    #[derive(Debug)]",
        "    pub struct Thing(pub u8);",
        "    #[cfg(all(unix, not(debug_assertions)))]",
        "    pub fn show() { println!(\"{:?}\", Thing(1)); }",
        "    #[cfg(not(all(unix, not(debug_assertions))))]",
        "    pub fn show() { println!(\"thing {}\", Thing(1).0); }",
        "}",
    ]);
    assert_eq!(run(&src), Ok("Thing(1)\n".to_string()));
    agrees(&src, true);
}

/// Failed at cb0ea35 (the old steps too); holds since: the lone `Clone`s are read from the
/// lexer's tokens.
#[test]
fn a_lone_clone_derive_in_a_string_literal() {
    // The lone `Clone`s were found by matching the text, strings included; the line inside the
    // literal went, everything compiled, and the program printed its template without it.
    let src = crate_of(&[
        "fn main() { print!(\"{}\", lib::TEMPLATE); }",
        "mod lib {",
        "    pub const TEMPLATE: &str = \"",
        "#[derive(Clone)]",
        "struct Generated;",
        "\";",
        "}",
    ]);
    let result = bundled(&src);
    assert!(errors_both(&result).is_empty());
    assert_eq!(run(&result), run(&src), "prints otherwise:\n{result}");
}

/// Failed at cb0ea35 (the old steps too); holds since: the cut stops at rustc's
/// `noop_method_call` warning as at an error.
#[test]
fn clone_through_a_reference_compiles_without_the_derive() {
    // With `Counter: Clone`, `r.clone()` is a new `Counter`; without, `<&Counter as Clone>::clone`
    // copies the reference: both compile (rustc only warns, `noop_method_call`), so the lone
    // `Clone` goes, and setting the copy's cell sets the original's (as `size_of_val` of the copy
    // would print 8 for a reference where the derive made it the value's size).
    let src = crate_of(&[
        "use std::cell::Cell;",
        "fn main() {",
        "    let original = lib::Counter(Cell::new(1));",
        "    let r = &original;",
        "    let copy = r.clone();",
        "    copy.0.set(2);",
        "    println!(\"{}\", original.0.get());",
        "}",
        "mod lib {",
        "    #[derive(Clone)]",
        "    pub struct Counter(pub std::cell::Cell<u32>);",
        "}",
    ]);
    assert_eq!(run(&src), Ok("1\n".to_string()));
    keeps_what_it_does(&src);
}

/// Failed at cb0ea35 (the old steps too); holds since: with an impl for a bare type parameter
/// whose header names `Debug`, every `Debug` derive stays.
#[test]
fn a_debug_bound_choosing_a_method_by_autoref() {
    // `(&x).describe()` takes `Described` (impl for `T: Debug`, receiver `&T`) when `x`'s type
    // is `Debug`, else `Fallback` (impl for `&T`, one autoref further): without the derive it
    // still compiles, and the program prints the fallback's text.
    let src = crate_of(&[
        "use lib::{Described, Fallback};",
        "fn main() { println!(\"{}\", (&lib::Token(3)).describe()); }",
        "mod lib {",
        "    use std::fmt::Debug;",
        "    #[derive(Debug)]",
        "    pub struct Token(pub u8);",
        "    pub trait Described { fn describe(&self) -> String; }",
        "    impl<T: Debug> Described for T { fn describe(&self) -> String { format!(\"{:?}\", self) } }",
        "    pub trait Fallback { fn describe(&self) -> String; }",
        "    impl<T> Fallback for &T { fn describe(&self) -> String { \"a value\".to_string() } }",
        "}",
    ]);
    assert_eq!(run(&src), Ok("Token(3)\n".to_string()));
    keeps_what_it_does(&src);
}
