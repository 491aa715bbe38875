//! A second adversarial pass (branch `att-imports2`) over the claim of the bundler's `imports`
//! module as rewritten after the first (attack_imports.rs): a module of the library holding only
//! private imports that no path names, and a private import whose name can no longer be used (by
//! the rules of its module doc), can go from the text without changing whether the crate
//! compiles, nor what it prints.
//!
//! The oracle is rustc, through the first pass's harness (attack_imports/harness.rs): each case
//! is compiled and run before and after the cuts, in editions 2018 and 2021.
//!
//! What was tried, beyond the first pass: the new rules themselves (a library name declared as a
//! trait in one module and a struct in another, or by a macro and as a struct; a `type` alias of
//! `dyn Trait`); macros called by a path (`crate::m!`), defined in a function, under
//! `#[macro_use]`, called by a name an argument gives, imported under an alias, defined by another
//! macro; children reaching a parent's import by a glob in braces, a glob a macro writes, a group
//! through an alias of the parent, a block-level `use super::..`, `super::` followed by a comment
//! or a raw name; `self::NAME`; `pub(super) use` chains; enum variants in patterns only; `where`
//! clauses and `impl` headers in children; `extern "C"` blocks; const generics; std traits not
//! in the table called as `Alias::method(x)`; `Default` and `Hash` from `core::`; `use std::io as
//! x;` with `x::Write` as a trait; a module of imports only with a raw name. And random crates of
//! those pieces (`random_crates_with_new_pieces_keep_their_meaning`).
//!
//! What was found: thirteen breaks of the cuts in the text, each a test in
//! attack_imports2/breaks.rs with rustc's message (all failed at b341c21; all pass since the
//! commit after 8bd12ac, where imports.rs answers each): a std trait taken for a declared non-trait when
//! it comes by a glob (the library's `pub use std::io::*;`, a parent's `use std::io::prelude::*;`)
//! and a struct elsewhere has its name; a trait declared by a macro whose body does not write
//! `trait` (the keyword is an argument) with a struct elsewhere so named; a macro body not looked
//! at when the macro is called by a name an argument gives (`$m!()`), under an alias (`use
//! crate::count as tally;`), or defined by another macro (`macro_rules! $n`, or a body whose names
//! are the definer's arguments); a child's glob not seen when written `use super::{*};` or by a
//! macro it calls; a child's mention not seen after `super:: /* comment */`, as `super::r#Kept`, or
//! in `use self::up::{Kept};` (`up` an alias of the parent); a module of imports `mod r#m` named by
//! `self::m::*`. Three of them (`super::r#Kept`, a macro under an alias, a macro called by an
//! argument's name) break the bundler's own pruning too (`prune::prune_rounds` ends in "it does not
//! compile"): three more tests; the braced glob does not (a passing test).
//!
//! None shows in the default programs: end to end, the sixteen bundles of this branch (b341c21's
//! bundler) are byte-identical to b36c426's but for the commit named in their first line.

#[path = "attack_imports2/breaks.rs"]
mod breaks;

#[path = "attack_imports/harness.rs"]
mod harness;

use harness::{assert_claim, claim_on_each, printed_before_and_after_pruning, rustc_runs, Random};

/// Crates on which the claim holds, shaped by the ideas above (each cut at least one import, or
/// keeps one a careless rule would cut).
#[test]
fn hand_written_crates_keep_their_meaning() {
    let cases = [
        // A name declared as a trait in one module and a struct in another: the import of the
        // trait is kept; a `type` alias of `dyn Trait` unused goes (a trait object's own methods
        // need no import).
        "mod t {
    pub trait Twice { fn twice(&self) -> i32; }
    impl Twice for i32 { fn twice(&self) -> i32 { self * 2 } }
    pub type Dyn = dyn Twice;
}
mod other { pub struct Twice; }
mod a {
    use crate::t::Twice;
    use crate::t::Dyn;
    pub fn f() -> i32 { let b: Box<dyn crate::t::Twice> = Box::new(4); b.twice() + 21.twice() }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A trait declared by a macro that writes `trait`, and a struct of the same name.
        "macro_rules! make { ($n:ident) => { pub trait $n { fn twice(&self) -> i32; } }; }
mod t { make!(Twice); impl Twice for i32 { fn twice(&self) -> i32 { self * 2 } } }
mod other { pub struct Twice; }
mod a { use crate::t::Twice; use std::rc::Rc; pub fn f() -> i32 { 21.twice() } }
fn main() { println!(\"{}\", a::f()); }
",
        // Macros: exported and called by a path, defined in a function, under `#[macro_use]`.
        "#[macro_export]
macro_rules! count_map { () => { HashMap::<u8, u8>::new().len() }; }
#[macro_use]
mod macros { macro_rules! count_set { () => { HashSet::<u8>::new().len() }; } }
mod a {
    use std::collections::{HashMap, HashSet, BTreeMap};
    pub fn f() -> usize {
        macro_rules! count_deque { () => { VecDeque::<u8>::new().len() }; }
        use std::collections::VecDeque;
        crate::count_map!() + count_set!() + count_deque!()
    }
}
fn main() { println!(\"{}\", a::f()); }
",
        // `self::NAME`, a `pub(super) use` chain, variants used in patterns only, a block-level
        // `use super::..` in a child.
        "mod lib { #[derive(Clone, Copy)] pub enum Side { Left, Right } pub fn g() -> u8 { 2 } }
mod a {
    use crate::lib::Side::{Left, Right};
    use crate::lib::g;
    pub mod b {
        pub(super) use crate::lib::Side;
        pub fn h() -> u8 { let s = { use super::Left; Left }; match s { super::Left => 1, _ => 0 } }
    }
    use self::b::Side;
    pub fn f() -> u8 { let s: Side = Right; (match s { Left => 3, Right => 4 }) + self::g() + b::h() }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A child's `where` clause, `impl` header, `#[derive]` and `#[cfg]`; an `extern \"C\"`
        // block; a const generic argument.
        "mod lib {
    pub trait Tr { fn tm(&self) -> u8; }
    impl Tr for u8 { fn tm(&self) -> u8 { self + 1 } }
    pub struct S(pub u8);
    pub const SIZE: usize = 3;
    pub fn cells<const N: usize>() -> usize { N * N }
}
mod a {
    use crate::lib::{Tr, S, SIZE};
    use std::os::raw::c_int;
    use std::fmt::Debug;
    extern \"C\" { fn abs(x: c_int) -> c_int; }
    pub fn f() -> i32 { unsafe { abs(-4) } }
    pub mod b {
        #[derive(Debug, Default)]
        #[cfg(not(any()))]
        pub struct L;
        impl From<L> for super::S { fn from(_: L) -> super::S { super::S(8) } }
        fn g<T>(t: T) -> u8 where T: super::Tr { t.tm() }
        pub fn h() -> usize { g(9u8) as usize + super::S::from(L).0 as usize + crate::lib::cells::<{ super::SIZE }>() }
    }
}
fn main() { println!(\"{} {}\", a::f(), a::b::h()); }
",
        // Std's traits: one not in the table under an alias, called as `Alias::method(x)`;
        // `Default` and `Hash` from `core::`; `std::io as x` with `x::Write` as a trait.
        "mod a {
    use std::iter::Iterator as It;
    use core::default::Default;
    use core::hash::Hash;
    use core::iter::IntoIterator;
    use std::io as x;
    use std::io as unused_io;
    pub fn f() -> String {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        3u8.hash(&mut h);
        let mut v = Vec::new();
        x::Write::write_all(&mut v, b\"ab\").unwrap();
        format!(\"{:?} {} {}\", It::next(&mut (0..3u8)), <u8 as Default>::default(), v.len())
    }
}
fn main() { println!(\"{}\", a::f()); }
",
    ];
    for case in cases {
        assert_claim(case);
    }
}

/// The imports of the random crates: (the path as a `use` writes it, the name it brings, an
/// expression that needs it in scope, one that names it from a child through `super::`).
const PIECES: [(&str, &str, &str, &str); 11] = [
    (
        "crate::lib::Side::Left",
        "Left",
        "match crate::lib::pick() { Left => 1u8, _ => 0 }",
        "match crate::lib::pick() { super::Left => 1u8, _ => 0 }",
    ),
    ("std::iter::Iterator as It", "It", "It::next(&mut (0..3u8)).unwrap()", "super::It::next(&mut (0..3u8)).unwrap()"),
    ("core::default::Default", "Default", "<u8 as Default>::default()", "<u8 as super::Default>::default()"),
    (
        "core::hash::Hash",
        "Hash",
        "{ let mut h = std::collections::hash_map::DefaultHasher::new(); 3u8.hash(&mut h); 1 }",
        "{ let mut h = std::collections::hash_map::DefaultHasher::new(); super::Hash::hash(&3u8, &mut h); 1 }",
    ),
    (
        "std::io as x",
        "x",
        "{ let mut v = Vec::new(); x::Write::write_all(&mut v, b\"ab\").unwrap(); v.len() }",
        "{ let mut v = Vec::new(); super::x::Write::write_all(&mut v, b\"ab\").unwrap(); v.len() }",
    ),
    (
        "std::os::raw::c_int",
        "c_int",
        "{ extern \"C\" { fn abs(x: c_int) -> c_int; } unsafe { abs(-4) } }",
        "{ extern \"C\" { fn abs(x: super::c_int) -> super::c_int; } unsafe { abs(-4) } }",
    ),
    ("crate::lib::SIZE", "SIZE", "crate::lib::cells::<SIZE>()", "crate::lib::cells::<{ super::SIZE }>()"),
    (
        "crate::lib::Tr",
        "Tr",
        "{ fn g<T>(t: T) -> u8 where T: Tr { t.tm() } g(9u8) }",
        "{ fn g<T>(t: T) -> u8 where T: super::Tr { t.tm() } g(9u8) }",
    ),
    (
        "crate::lib::S",
        "S",
        "{ struct L; impl From<L> for S { fn from(_: L) -> S { S(8) } } S::from(L).0 }",
        "{ struct L; impl From<L> for super::S { fn from(_: L) -> super::S { super::S(8) } } super::S::from(L).0 }",
    ),
    ("std::collections::HashMap", "HashMap", "crate::count_map!()", "super::HashMap::<u8, u8>::new().len()"),
    ("crate::lib::g", "g", "self::g()", "super::g()"),
];

/// The library and the macro every random crate shares.
const RANDOM_LIBRARY: &str = "mod lib {
    #[derive(Clone, Copy)]
    pub enum Side { Left, Right }
    pub fn pick() -> Side { Side::Left }
    pub trait Tr { fn tm(&self) -> u8; }
    impl Tr for u8 { fn tm(&self) -> u8 { self + 1 } }
    pub struct S(pub u8);
    pub const SIZE: usize = 3;
    pub fn cells<const N: usize>() -> usize { N * N }
    pub fn g() -> u8 { 2 }
}
#[macro_export]
macro_rules! count_map { () => { HashMap::<u8, u8>::new().len() }; }
";

/// One random crate of `modules` modules, each with a child `b`: each module's imports are used
/// in the module, in the child by a `super::` path, by the child's glob, by a block-level `use
/// super::NAME;` in the child, or not at all.
fn random_crate(random: &mut Random, modules: usize) -> String {
    let mut src = RANDOM_LIBRARY.to_string();
    let mut calls = String::new();
    for m in 0..modules {
        let (mut imports, mut parent, mut child) = (Vec::new(), Vec::new(), Vec::new());
        let glob = random.below(2) == 0;
        for &(path, name, bare, by_super) in &PIECES {
            match random.below(6) {
                0 => imports.push(path),
                1 => {
                    imports.push(path);
                    parent.push(bare.to_string());
                }
                2 => {
                    imports.push(path);
                    child.push(by_super.to_string());
                }
                // In the child, `self::` would be the child's.
                3 if glob => {
                    imports.push(path);
                    child.push(bare.replace("self::", ""));
                }
                4 => {
                    imports.push(path);
                    child.push(format!("{{ use super::{name}; {} }}", bare.replace("self::", "")));
                }
                _ => {}
            }
        }
        let line = |e: &String| format!("        out += &format!(\"{{}} \", {e});\n");
        src += &format!("mod m{m} {{\n");
        src += &imports.iter().map(|p| format!("    use {p};\n")).collect::<String>();
        src += "    pub fn f() -> String {\n        let mut out = String::new();\n";
        src += &parent.iter().map(line).collect::<String>();
        src += "        out\n    }\n    pub mod b {\n";
        src += if glob { "        use super::*;\n" } else { "" };
        src += "        pub fn h() -> String {\n        let mut out = String::new();\n";
        src += &child.iter().map(line).collect::<String>();
        src += "        out\n        }\n    }\n}\n";
        calls += &format!("    println!(\"{{}}|{{}}\", m{m}::f(), m{m}::b::h());\n");
    }
    src + "fn main() {\n" + &calls + "}\n"
}

/// Random crates built from [`PIECES`]: the claim holds on each.
#[test]
fn random_crates_with_new_pieces_keep_their_meaning() {
    if !rustc_runs() {
        return;
    }
    let mut random = Random(341);
    let (tried, cut) = claim_on_each((0..8).map(|_| random_crate(&mut random, 5)));
    assert!(tried >= 8 && cut == tried, "{tried} crates compiled, {cut} of them cut");
}
