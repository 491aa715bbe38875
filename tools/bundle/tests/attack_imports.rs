//! An adversarial pass (branch `att-imports`) over the claim of the bundler's `imports` module
//! (used by `prune::without_leftovers`): a module of the library holding only private imports,
//! and a private import whose name its module never writes (nor any `macro_rules!`), can never be
//! used, so taking them out of the text never changes whether the crate compiles, nor what it
//! prints.
//!
//! The oracle shares no code with `imports.rs`: it is rustc itself (the harness,
//! attack_imports/harness.rs, is shared with the second pass, attack_imports2.rs). Each case is a whole small
//! binary crate. It is compiled and run as written (edition 2018 and 2021); the bundler's verdict
//! is then applied the way `without_leftovers` applies it (modules of imports only first, then
//! the unnamed imports, again until nothing more goes, with the whole text as the library), and
//! the result must compile whenever the original does and print the same.
//!
//! What was tried: imports used through trait methods (std's and the library's), operators,
//! macros defined elsewhere, format strings' `{name}`, child modules through `super::` and
//! `use super::*`, aliases, `self` in groups, names shadowing the prelude, derives, `impl .. for`,
//! const generics, block-level `use`, raw identifiers, TryFrom in 2018 and 2021, `#[cfg]`,
//! `pub(crate) use`, enum variants, macros imported by `use`, items named like std's types, and
//! random crates built from those pieces (`random_crates_keep_their_meaning`).
//!
//! What was found (each a test in attack_imports/breaks.rs, asserting the claim: all failed at
//! 7637d36 and pass since 6c62644, where imports.rs answers each): a trait is recognised by its name's shape and spelling alone, so a trait
//! import goes while a method of it is called when
//! - the library's trait is imported under another name (`use crate::t::Shout as Loud;`): it
//!   stops compiling, or, where a prelude trait has a method of the same name, it compiles and
//!   prints something else;
//! - std's trait comes by a path that does not start with `std::` (`use super::Write;`, a
//!   library's `pub use std::io::Write`, `extern crate std as s`);
//! - std's trait is aliased in capitals (`use std::io::Write as W;`: taken for a constant), to a
//!   name not starting with a capital (`as _Write`), or to one of the names of `STD_TYPES` (`use
//!   std::ops::Add as Rc;`);
//! - the library's trait is declared by a macro (`make_trait!(Twice);`), or written `r#Name`;
//! - a method of std's trait is missing from `STD_TRAITS` (`BufRead::skip_until`, stable since
//!   1.83).
//!
//! And a module of private imports only goes though a path names the module itself
//! (`use self::m::*;`), and an import goes though another member of its own `use` item names it
//! (`use crate::{inner::Thing, a::Thing as Alias};` in module `a`).
//!
//! Through the bundler's own pruning (`prune::prune_rounds`, the last two tests of breaks.rs),
//! where b36c426 keeps the import: `use super::Write;` makes pruning fail ("it does not
//! compile"), and the aliased trait gives a pruned text that compiles and prints "5", not "LOUD".
//!
//! None of these shapes is in the library's src/ at 7637d36: end to end, the bundles of every
//! default program and of tools/bundle/tests/contest/{template,clobber,broken}.rs are the same
//! as b36c426's past the header's provenance (the pass's report has the commands).

#[path = "attack_imports/breaks.rs"]
mod breaks;

#[path = "attack_imports/harness.rs"]
mod harness;

use harness::{assert_claim, claim_on_each, printed_before_and_after_pruning, rustc_runs, Random};

// The cases that hold: hand-written ones, then random ones.

/// Imports used in every way the module doc lists but one name written nowhere else, and the
/// ways it does not list: through a child's glob, a macro defined elsewhere, a format string, a
/// trait's method only (std's and the library's), an operator's method, a derive, a block-level
/// `use`, a `#[cfg]`, enum variants, a macro imported by `use`, prelude names shadowed.
#[test]
fn hand_written_crates_keep_their_meaning() {
    let cases = [
        // A child's glob sees the parent's private imports; the child's text is the parent's.
        "mod lib { pub struct Kept(pub u8); }
mod a {
    use crate::lib::Kept;
    use std::collections::HashMap;
    pub mod b { use super::*; pub fn f() -> u8 { Kept(3).0 } }
}
fn main() { println!(\"{}\", a::b::f()); }
",
        // A macro defined elsewhere writes the name; it resolves where the macro is called.
        "macro_rules! count { () => { HashMap::<u8, u8>::new().len() }; }
mod a {
    use std::collections::HashMap;
    use std::collections::BTreeMap;
    pub fn f() -> usize { count!() }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A format string's `{name}`, an alias, `self` in a group, a constant.
        "mod lib { pub const WIDTH: u8 = 7; pub fn twice(x: u8) -> u8 { 2 * x } }
mod a {
    use crate::lib::{self, WIDTH, twice as double};
    use std::fmt::{self, Display};
    pub fn f() -> String { format!(\"{WIDTH} {}\", double(1)) }
}
fn main() { println!(\"{}\", a::f()); }
",
        // Std's traits used by their methods only, and `write!` (which calls `write_fmt`).
        "mod a {
    use std::io::{Read, Write};
    use std::fmt::Write as FmtWrite;
    use std::hash::{Hash, Hasher};
    use std::convert::{TryFrom, TryInto};
    use std::str::FromStr;
    pub fn f() -> String {
        let mut r: &[u8] = b\"xyz\";
        let mut s = String::new();
        r.read_to_string(&mut s).unwrap();
        let mut out = Vec::new();
        out.write_all(s.as_bytes()).unwrap();
        write!(s, \"{}\", out.len()).unwrap();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        7u8.hash(&mut h);
        let _ = h.finish();
        let small: u8 = 300i32.try_into().unwrap_or(1);
        s + &u16::try_from(5u8).unwrap().to_string() + &u8::from_str(\"9\").unwrap().to_string()
            + &small.to_string()
    }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A library trait's method only (its import is kept), an operator, a derive.
        "mod lib {
    pub trait Area { fn area(&self) -> u32; }
    impl Area for (u32, u32) { fn area(&self) -> u32 { self.0 * self.1 } }
}
mod a {
    use crate::lib::Area;
    use std::ops::{BitOr, Sub};
    use std::cmp::Ordering;
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct P(u8);
    pub fn f() -> String { format!(\"{} {:?} {}\", (2, 3).area(), P(1), 6u8 | 1) }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A block-level `use`, a `#[cfg]`ed import, enum variants, a macro imported by `use`.
        "mod lib {
    #[derive(Clone, Copy)]
    pub enum Side { Left = 1, Right = 2 }
    macro_rules! seven { () => { 7u8 }; }
    pub(crate) use seven;
}
mod a {
    use crate::lib::Side::{self, Left, Right};
    use crate::lib::seven;
    #[cfg(any())]
    use std::rc::Rc;
    pub fn f() -> u8 {
        use std::cell::Cell;
        let c = Cell::new(Left as u8);
        c.get() + seven!()
    }
}
fn main() { println!(\"{}\", a::f()); }
",
        // Names like std's: a library type named `Ordering`, a prelude name shadowed (`Option`).
        "mod lib { pub struct Ordering; pub type Option = u8; pub struct Rc; }
mod a {
    use crate::lib::Ordering;
    use crate::lib::Option;
    use crate::lib::Rc;
    pub fn f() -> u8 { let x: Option = 4; let _o = Ordering; x }
}
fn main() { println!(\"{}\", a::f()); }
",
        // Const generics, `impl .. for`, a raw identifier, `pub(crate) use` (kept), a nested fn.
        "mod lib { pub struct Grid<const N: usize>; pub const SIZE: usize = 3; pub fn r#match() -> u8 { 5 } }
mod a {
    use crate::lib::{Grid, SIZE, r#match};
    pub(crate) use std::collections::VecDeque;
    pub trait Cells { fn cells(&self) -> usize; }
    impl<const N: usize> Cells for Grid<N> { fn cells(&self) -> usize { N * N } }
    pub fn f() -> usize { fn inner() -> u8 { r#match() } Grid::<SIZE>.cells() + inner() as usize }
}
fn main() { println!(\"{}\", a::f()); }
",
        // TryFrom: an import in 2018, the prelude's in 2021; `Ordering` taken from the prelude
        // of `Ord::cmp` alone (its import goes).
        "mod a {
    use std::convert::TryFrom;
    use std::cmp::Ordering;
    pub fn f() -> bool { u8::try_from(5i32).is_ok() && 1.cmp(&2).is_lt() }
}
fn main() { println!(\"{}\", a::f()); }
",
        // A module of private imports only goes, and a module empty but for it.
        "mod leftovers { use std::collections::HashMap; use std::rc::Rc; }
mod a { mod inner { use std::cell::Cell; } pub fn f() -> u8 { 1 } }
fn main() { println!(\"{}\", a::f()); }
",
    ];
    for case in cases {
        assert_claim(case);
    }
}

/// The imports of the random crates: (the path as a `use` writes it, the name it brings, whether
/// it is a trait, an expression that needs it in scope).
const IMPORTS: [(&str, &str, bool, &str); 17] = [
    ("std::collections::HashMap", "HashMap", false, "HashMap::<u8, u8>::new().len()"),
    ("std::cmp::Ordering", "Ordering", false, "(1u8.cmp(&2) == Ordering::Less) as u8"),
    ("std::io::Write", "Write", true, "{ let mut v = Vec::new(); v.write_all(b\"ab\").unwrap(); v.len() }"),
    (
        "std::io::Read",
        "Read",
        true,
        "{ let mut r: &[u8] = b\"abc\"; let mut s = String::new(); r.read_to_string(&mut s).unwrap(); s }",
    ),
    ("std::convert::TryFrom", "TryFrom", true, "u8::try_from(300i32).is_err()"),
    ("std::str::FromStr", "FromStr", true, "u8::from_str(\"7\").unwrap()"),
    ("std::rc::Rc", "Rc", false, "*Rc::new(5u8)"),
    ("std::cell::Cell", "Cell", false, "Cell::new(3u8).get()"),
    ("crate::lib::S", "S", false, "S(4).0"),
    ("crate::lib::T", "T", true, "9u8.tm()"),
    ("crate::lib::g", "g", false, "g()"),
    ("crate::lib::C", "C", false, "format!(\"{C}\")"),
    ("crate::lib::E::B", "B", false, "B as u8"),
    ("crate::lib::mac", "mac", false, "mac!()"),
    (
        "std::fmt::Write as FmtWrite",
        "FmtWrite",
        true,
        "{ let mut s = String::new(); write!(s, \"x\").unwrap(); s }",
    ),
    ("std::collections::HashSet as Set", "Set", false, "Set::<u8>::new().len()"),
    ("std::io", "io", false, "{ let _ = io::sink(); 1 }"),
];

/// The library and the macro every random crate shares (`via_macro!` writes `HashMap`, which
/// resolves where it is called).
const RANDOM_LIBRARY: &str = "mod lib {
    pub struct S(pub u8);
    pub trait T { fn tm(&self) -> u8; }
    impl T for u8 { fn tm(&self) -> u8 { self + 1 } }
    pub fn g() -> u8 { 2 }
    pub const C: u8 = 3;
    #[derive(Clone, Copy)]
    pub enum E { A = 4, B = 5 }
    macro_rules! mac { () => { 6u8 }; }
    pub(crate) use mac;
}
macro_rules! via_macro { () => { HashMap::<u8, u8>::new().len() }; }
";

/// `use` items bringing the imports `chosen` (indices into [`IMPORTS`]): one item each, or one
/// group for std's and one for the library's.
fn use_items(chosen: &[usize], random: &mut Random, indent: &str) -> String {
    let mut out = String::new();
    if random.below(2) == 0 {
        for &i in chosen {
            out += &format!("{indent}use {};\n", IMPORTS[i].0);
        }
        return out;
    }
    for root in ["std::", "crate::"] {
        let members: Vec<&str> = chosen.iter().filter_map(|&i| IMPORTS[i].0.strip_prefix(root)).collect();
        if !members.is_empty() {
            let members: Vec<String> = members
                .iter()
                .map(|m| if *m == "io" { "io::{self}".to_string() } else { m.to_string() })
                .collect();
            out += &format!("{indent}use {root}{{{}}};\n", members.join(", "));
        }
    }
    out
}

/// One random crate of `modules` modules, each with a child `b`: each module's imports (some
/// used, some not) are used in the module, in its child through `use super::*;` or `use
/// super::Name;`, in the child by its own imports, or by a block-level `use`.
fn random_crate(random: &mut Random, modules: usize) -> String {
    let mut src = RANDOM_LIBRARY.to_string();
    let mut calls = String::new();
    for m in 0..modules {
        let (mut parent, mut child, mut parent_uses, mut child_uses) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut reimports, mut blocks) = (Vec::new(), Vec::new());
        let glob = random.below(2) == 0;
        for (i, &(_, name, is_trait, expr)) in IMPORTS.iter().enumerate() {
            let expr = if name == "HashMap" && random.below(2) == 0 { "via_macro!()" } else { expr };
            match random.below(9) {
                0 | 1 => {
                    parent.push(i);
                    parent_uses.push(expr);
                }
                2 if glob => {
                    parent.push(i);
                    child_uses.push(expr);
                }
                2 if !is_trait => {
                    parent.push(i);
                    reimports.push(name);
                    child_uses.push(expr);
                }
                3 => {
                    child.push(i);
                    child_uses.push(expr);
                }
                4 => blocks.push((i, expr)),
                5 => parent.push(i),
                6 => child.push(i),
                _ => {}
            }
        }
        let line = |e: &&str| format!("        out += &format!(\"{{}} \", {e});\n");
        src += &format!("mod m{m} {{\n{}", use_items(&parent, random, "    "));
        src += "    pub fn f() -> String {\n        let mut out = String::new();\n";
        src += &parent_uses.iter().map(line).collect::<String>();
        for (i, expr) in &blocks {
            src += &format!("        out += &{{\n{}", use_items(&[*i], random, "            "));
            src += &format!("            format!(\"{{}} \", {expr})\n        }};\n");
        }
        src += "        out\n    }\n    pub mod b {\n";
        src += if glob { "        use super::*;\n" } else { "" };
        for name in &reimports {
            src += &format!("        use super::{name};\n");
        }
        src += &use_items(&child, random, "        ");
        src += "        pub fn h() -> String {\n        let mut out = String::new();\n";
        src += &child_uses.iter().map(line).collect::<String>();
        src += "        out\n        }\n    }\n}\n";
        calls += &format!("    println!(\"{{}}|{{}}\", m{m}::f(), m{m}::b::h());\n");
    }
    src + "fn main() {\n" + &calls + "}\n"
}

/// Random crates built from [`IMPORTS`]: the claim holds on each (std's traits are never
/// re-imported through `super::`, a case that breaks it: `std_trait_imported_through_super_stays`).
#[test]
fn random_crates_keep_their_meaning() {
    if !rustc_runs() {
        return;
    }
    let mut random = Random(7637);
    let (tried, cut) = claim_on_each((0..8).map(|_| random_crate(&mut random, 6)));
    assert!(tried >= 8 && cut == tried, "{tried} crates compiled, {cut} of them cut");
}
