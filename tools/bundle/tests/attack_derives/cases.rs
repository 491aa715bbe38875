//! The crates of `attack_derives.rs`: those that hold, then the breaks, then random ones.

use super::*;

#[test]
fn debug_and_clone_in_one_list_and_apart_agree_with_the_old_steps() {
    // Every `Debug` goes but `Shown`'s; `Split`'s lone `Clone` is needed by its `Copy`, so no
    // lone `Clone` goes (the one check fails: the old steps' answer, from their own checks).
    let src = crate_of(&[
        "fn main() {",
        "    println!(\"{:?}\", lib::Shown(1));",
        "    let p: lib::Pair = lib::Pair(2, 3).clone();",
        "    let c = lib::Counted(4);",
        "    let d = c;",
        "    println!(\"{} {} {} {}\", p.0 + p.1, c.0, d.0, lib::Apart(5).0);",
        "}",
        "mod lib {",
        "    #[derive(Clone, Debug)]",
        "    pub struct Shown(pub u8);",
        "    #[derive(Debug, Clone)]",
        "    pub struct Pair(pub u8, pub u8);",
        "    #[derive(Copy, Clone)]",
        "    #[derive(Debug)]",
        "    pub struct Counted(pub u8);",
        "    #[derive(Clone)]",
        "    #[derive(Debug)]",
        "    pub struct Apart(pub u8);",
        "    #[derive(Copy)]",
        "    #[derive(Clone)]",
        "    pub struct Split(pub u8);",
        "}",
    ]);
    let result = agrees(&src, true);
    assert_eq!(traits_on(&result, "Shown"), ["Clone", "Debug"], "{result}");
    assert_eq!(traits_on(&result, "Pair"), ["Clone"], "{result}");
    assert_eq!(traits_on(&result, "Apart"), ["Clone"], "{result}");
}

#[test]
fn everything_cut_in_the_one_check_agrees_with_the_old_steps() {
    // No derive is used: the one check compiles; the old steps cut the same.
    let src = crate_of(&[
        "fn main() {",
        "    let v = vec![lib::Cell(1), lib::Cell(2)];",
        "    println!(\"{}\", v.iter().map(|c| c.0 as u32).sum::<u32>());",
        "}",
        "mod lib {",
        "    #[derive(Debug, Clone)]",
        "    pub struct Cell(pub u8);",
        "    #[derive(Clone)]",
        "    pub enum Side { Left, Right }",
        "    #[derive(Clone, Copy, Debug, PartialEq)]",
        "    pub struct Both(pub u8);",
        "}",
    ]);
    let result = agrees(&src, true);
    assert!(!result.contains("Debug") && !result.contains("derive(Clone)]"), "{result}");
}

#[test]
fn debug_needed_through_bounds_results_and_assertions_stays() {
    // `Shown` through `impl<T: Debug> Display for Wrapped<T>`, `Failure` through `unwrap`,
    // `Answer` through `assert_eq!`, `Boxed` through `dyn Debug`, `Listed` through `Vec<T>`'s.
    let src = crate_of(&[
        "use std::fmt::Debug;",
        "fn main() {",
        "    println!(\"{}\", lib::Wrapped(lib::Shown(1)));",
        "    let r: Result<u8, lib::Failure> = Ok(2);",
        "    let a = lib::Answer(r.unwrap());",
        "    assert_eq!(a, lib::Answer(2));",
        "    let b: Box<dyn Debug> = Box::new(lib::Boxed);",
        "    println!(\"{:?} {:?}\", b, vec![lib::Listed(3)]);",
        "    let e: Result<u8, lib::Other> = Ok(4);",
        "    println!(\"{}\", e.expect(\"four\") + lib::Unused(5).0);",
        "}",
        "mod lib {",
        "    use std::fmt::{self, Debug, Display};",
        "    pub struct Wrapped<T>(pub T);",
        "    impl<T: Debug> Display for Wrapped<T> {",
        "        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, \"<{:?}>\", self.0) }",
        "    }",
        "    #[derive(Debug)]",
        "    pub struct Shown(pub u8);",
        "    #[derive(Debug)]",
        "    pub struct Failure;",
        "    #[derive(Debug, PartialEq)]",
        "    pub struct Answer(pub u8);",
        "    #[derive(Debug)]",
        "    pub struct Boxed;",
        "    #[derive(Clone, Debug)]",
        "    pub struct Listed(pub u8);",
        "    #[derive(Debug, Clone)]",
        "    pub enum Other { Bad }",
        "    #[derive(Debug, Clone, Copy)]",
        "    pub struct Unused(pub u8);",
        "}",
    ]);
    let result = agrees(&src, true);
    for kept in ["Shown", "Failure", "Answer", "Boxed", "Listed", "Other"] {
        assert!(traits_on(&result, kept).contains(&"Debug".to_string()), "{kept}: {result}");
    }
    assert_eq!(traits_on(&result, "Unused"), ["Clone", "Copy"], "{result}");
}

#[test]
fn debug_used_on_one_target_only_stays() {
    // `Here` printed only on x86-64, `There` only elsewhere (the foreign copy sees it).
    let src = crate_of(&[
        "fn main() { lib::show(); }",
        "mod lib {",
        "    #[derive(Debug)]",
        "    pub struct Here(pub u8);",
        "    #[derive(Debug, Clone)]",
        "    pub struct There(pub u8);",
        "    #[derive(Debug)]",
        "    pub struct Nowhere(pub u8);",
        "    #[cfg(target_arch = \"x86_64\")]",
        "    pub fn show() { println!(\"{:?} {}\", Here(1), Nowhere(0).0); }",
        "    #[cfg(not(target_arch = \"x86_64\"))]",
        "    pub fn show() { println!(\"{:?} {}\", There(2).clone(), Nowhere(0).0); }",
        "}",
    ]);
    let result = agrees(&src, true);
    assert_eq!(traits_on(&result, "Here"), ["Debug"], "{result}");
    assert_eq!(traits_on(&result, "There"), ["Debug", "Clone"], "{result}");
    assert!(traits_on(&result, "Nowhere").is_empty(), "{result}");
}

#[test]
fn derives_and_formats_written_by_macros_agree_with_the_old_steps() {
    // A derive inside a `macro_rules!` (its type `$name`, never named by an error) and a `{:?}`
    // a macro writes: the derive the error cannot name makes the steps keep every `Debug`.
    let src = crate_of(&[
        "fn main() {",
        "    lib::flagged!(Flag);",
        "    println!(\"{}\", lib::shown!(Flag));",
        "    println!(\"{}\", lib::shown!(lib::Plain(1)));",
        "}",
        "mod lib {",
        "    macro_rules! flagged { ($name:ident) => { #[derive(Debug)] struct $name; } }",
        "    pub(crate) use flagged;",
        "    macro_rules! shown { ($e:expr) => { format!(\"[{:?}]\", $e) } }",
        "    pub(crate) use shown;",
        "    #[derive(Debug)]",
        "    pub struct Plain(pub u8);",
        "    #[derive(Debug, Clone)]",
        "    pub struct Spare(pub u8);",
        "}",
    ]);
    agrees(&src, true);
}

#[test]
fn a_clone_needing_a_debug_is_the_documented_difference_and_still_compiles() {
    // The doc's case: without every `Debug`, `Holder`'s derived `Clone` fails (`W<Inner>: Clone`
    // needs `Inner: Debug`); the error names `Inner`, so the steps put its `Debug` back and then
    // cut `Holder`'s `Clone`; the one check cuts both at once, and compiles.
    let src = crate_of(&[
        "fn main() { println!(\"{}\", lib::Holder(lib::W(lib::Inner(7))).0 .0 .0); }",
        "mod lib {",
        "    use std::fmt::Debug;",
        "    pub struct W<T>(pub T);",
        "    impl<T: Debug> Clone for W<T> { fn clone(&self) -> Self { panic!(\"{:?}\", self.0) } }",
        "    #[derive(Debug)]",
        "    pub struct Inner(pub u8);",
        "    #[derive(Clone)]",
        "    pub struct Holder(pub W<Inner>);",
        "}",
    ]);
    let from = src.find("mod lib").unwrap();
    let result = bundled(&src);
    let oracle = old_steps(&src, from);
    assert!(oracle.contains("#[derive(Debug)]") && !oracle.contains("derive(Clone)"), "{oracle}");
    assert!(!result.contains("derive("), "{result}");
    // The exception's condition holds: the text without every `Debug` alone fails.
    assert!(!errors_both(&src.replace("    #[derive(Debug)]\n", "")).is_empty());
    assert!(errors_both(&result).is_empty());
    assert_eq!(run(&result), run(&src));
}

/// A stand-in `rustc` logging a checksum of each source it is given, then running rustc.
fn logging_rustc() -> (PathBuf, PathBuf) {
    let dir = scratch();
    let log = dir.join("log");
    let script = dir.join("rustc");
    let body = format!(
        "#!/bin/sh\nfor a in \"$@\"; do last=\"$a\"; done\ncksum < \"$last\" >> '{}'\nexec rustc \"$@\"\n",
        log.display()
    );
    std::fs::write(&script, body).unwrap();
    let chmod = Command::new("chmod").arg("+x").arg(&script).status().unwrap();
    assert!(chmod.success());
    (script, log)
}

#[test]
fn a_failed_one_checks_text_asked_again_is_not_run_again() {
    // The one check fails (`Kept`'s lone `Clone` is needed); the steps then cut every `Debug`
    // (a new text) and try the lone `Clone`s again: the one check's own text, answered from the
    // memo. Two texts, as many as the old steps checked; each run once here, and once more on its
    // foreign copy where a target `cfg` makes one.
    let failing = crate_of(&[
        "fn main() { let k: lib::Kept = lib::Kept(1).clone(); println!(\"{}\", k.0); }",
        "mod lib {",
        "    #[derive(Clone)]",
        "    pub struct Kept(pub u8);",
        "    #[derive(Debug)]",
        "    pub struct Gone(pub u8);",
        "}",
    ]);
    let with_cfg =
        failing.replace("mod lib {\n", "mod lib {\n    #[cfg(target_os = \"linux\")]\n    pub fn f() {}\n");
    for (src, expected_runs) in [(failing, 2), (with_cfg, 4)] {
        let (rustc, log) = logging_rustc();
        let from = src.find("mod lib").unwrap();
        let result = without_unused_derives(rustc.to_str().unwrap(), &Mapped::inserted(&src), from);
        assert_eq!(squeezed(&result.unwrap().text), squeezed(&old_steps(&src, from)));
        let runs = std::fs::read_to_string(&log).unwrap();
        let mut texts: Vec<&str> = runs.lines().collect();
        assert_eq!(texts.len(), expected_runs, "{runs}");
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), expected_runs, "a text ran twice: {runs}");
        let _ = std::fs::remove_dir_all(rustc.parent().unwrap());
    }
}

#[test]
fn generic_types_with_bounds_agree_with_the_old_steps() {
    // `show(&g)` needs `G<Local>: Debug`, and `G<T: Debug>` needs `Local: Debug` to be written at
    // all: the errors name both (`G<Local>` and `Local`), put back in one more check. `Pairs`'s
    // lone `Clone` is needed, so the one check fails; `Unused<T>`'s `Debug` goes.
    let src = crate_of(&[
        "fn main() {",
        "    let g = lib::G(lib::Local(1));",
        "    println!(\"{}\", lib::show(&g));",
        "    let c: lib::Pairs<u8> = lib::Pairs(vec![1, 2]).clone();",
        "    println!(\"{}\", c.0.len());",
        "}",
        "mod lib {",
        "    use std::fmt::Debug;",
        "    #[derive(Debug, Clone)]",
        "    pub struct G<T: Debug>(pub T);",
        "    #[derive(Debug)]",
        "    pub struct Local(pub u8);",
        "    pub fn show<T: Debug>(x: &T) -> String { format!(\"{:?}\", x) }",
        "    #[derive(Clone)]",
        "    pub struct Pairs<T>(pub Vec<T>) where T: Clone;",
        "    #[derive(Debug)]",
        "    pub enum Unused<T> { A(T) }",
        "}",
    ]);
    let result = agrees(&src, true);
    assert_eq!(traits_on(&result, "G"), ["Debug", "Clone"], "{result}");
    assert_eq!(traits_on(&result, "Local"), ["Debug"], "{result}");
    assert_eq!(traits_on(&result, "Pairs"), ["Clone"], "{result}");
    assert!(traits_on(&result, "Unused").is_empty(), "{result}");
}
