//! Random library-shaped crates: four types with derive lists drawn from the shapes the bundler
//! meets, uses of them in `main` (`{:?}`, `unwrap`, `dyn Debug`, `assert_eq!`, `.clone()`,
//! `Vec<T>`'s `clone`), on this target or only on others or in the library, and sometimes a `Clone` that needs a
//! `Debug` (the documented difference, checked to be that).

use super::*;

/// xorshift64: plain, seeded, enough to draw shapes.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The derive lists drawn from, as written, with what they derive.
const SHAPES: [&str; 9] = [
    "",
    "#[derive(Debug)]",
    "#[derive(Clone)]",
    "#[derive(Debug, Clone)]",
    "#[derive(Clone, Debug)]",
    "#[derive(Copy, Clone)]",
    "#[derive(Clone, Copy, Debug, PartialEq)]",
    "#[derive(Clone)]\n    #[derive(Debug)]",
    "#[derive(Copy)]\n    #[derive(Clone)]",
];

/// A random crate: its `main`, the functions only one side of a target `cfg` compiles, its
/// library (with a function of uses of its own).
fn random_crate(rng: &mut Rng) -> String {
    let (mut main, mut linux, mut elsewhere) = (String::new(), String::new(), String::new());
    let (mut lib, mut in_lib) = (String::new(), String::new());
    for t in 0..4 {
        let shape = SHAPES[rng.below(SHAPES.len() as u64) as usize];
        lib.push_str(&format!("    {shape}\n    pub struct T{t}(pub u8);\n"));
        let (debug, clone, eq) =
            (shape.contains("Debug"), shape.contains("Clone"), shape.contains("PartialEq"));
        let uses: &mut String = match rng.below(5) {
            0 => &mut linux,
            1 => &mut elsewhere,
            2 => &mut in_lib,
            _ => &mut main,
        };
        if debug {
            uses.push_str(&match rng.below(8) {
                0 => format!("    println!(\"{{:?}}\", lib::T{t}({t}));\n"),
                1 => format!("    let r: Result<u8, lib::T{t}> = Ok({t});\n    println!(\"{{}}\", r.unwrap());\n"),
                2 => format!("    let b: Box<dyn std::fmt::Debug> = Box::new(lib::T{t}(1));\n    println!(\"{{:?}}\", b);\n"),
                3 if eq => format!("    assert_eq!(lib::T{t}(1), lib::T{t}(1));\n"),
                _ => String::new(),
            });
        }
        if clone {
            uses.push_str(&match rng.below(4) {
                0 => format!("    let c: lib::T{t} = lib::T{t}(5).clone();\n    println!(\"{{}}\", c.0);\n"),
                1 => format!("    let v: Vec<lib::T{t}> = vec![lib::T{t}(6)].clone();\n    println!(\"{{}}\", v.len());\n"),
                _ => String::new(),
            });
        }
        if debug && rng.below(3) == 0 {
            // A lone `Clone` that needs this type's `Debug` (used or not).
            lib.push_str(&format!("    #[derive(Clone)]\n    pub struct Holder{t}(pub W<T{t}>);\n"));
            if rng.below(2) == 0 {
                main.push_str(&format!(
                    "    let h: lib::Holder{t} = lib::Holder{t}(lib::W(lib::T{t}(7)));\n"
                ));
                main.push_str("    println!(\"{}\", h.clone().0 .0 .0);\n");
            }
        }
    }
    // The uses in the library, in a function `main` calls or not.
    let called = if rng.below(2) == 0 { "    lib::report();\n" } else { "" };
    let in_lib = in_lib.replace("lib::", "crate::lib::");
    lib.push_str(&format!("    pub fn report() {{\n{in_lib}    }}\n"));
    lib.push_str("    pub struct W<T>(pub T);\n");
    lib.push_str("    impl<T: std::fmt::Debug> Clone for W<T> {\n");
    lib.push_str("        fn clone(&self) -> Self { panic!(\"{:?}\", self.0) }\n    }\n");
    format!(
        "#![allow(unused)]\nfn main() {{\n    here();\n{called}{main}}}\n#[cfg(target_os = \"linux\")]\nfn here() {{\n{linux}}}\n\
         #[cfg(not(target_os = \"linux\"))]\nfn here() {{\n{elsewhere}}}\nmod lib {{\n{lib}}}\n"
    )
}

/// The bundler against the old steps on `src`, allowing only the documented difference (the
/// text without every `Debug` fails; the bundler's is that text without the lone `Clone`s too).
fn agrees_or_documented(src: &str) {
    assert!(errors_both(src).is_empty(), "the crate itself fails:\n{src}");
    let from = src.find("mod lib").unwrap();
    let result = bundled(src);
    let oracle = old_steps(src, from);
    if squeezed(&result) != squeezed(&oracle) {
        let attrs = attributes(src, from);
        let without_debug = written(src, &attrs, &|_, t| t != "Debug");
        assert!(!errors_both(&without_debug).is_empty(), "not the documented case:\n{src}\n{result}");
        let attrs = attributes(&without_debug, from);
        let without_both = written(&without_debug, &attrs, &|i, _| attrs[i].traits != ["Clone"]);
        assert_eq!(squeezed(&result), squeezed(&without_both), "not the documented case:\n{src}");
    }
    assert!(errors_both(&result).is_empty(), "the result fails:\n{result}");
    assert_eq!(run(&result), run(src), "prints otherwise:\n{result}");
}

#[test]
fn random_crates_agree_with_the_old_steps_or_differ_as_documented() {
    // A few crates in CI (each costs up to a dozen rustc runs); `ATTACK_DERIVES_CRATES` for more,
    // `ATTACK_DERIVES_SEED` for others.
    let number =
        |name: &str, default: u64| std::env::var(name).ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    let crates = number("ATTACK_DERIVES_CRATES", 4);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ number("ATTACK_DERIVES_SEED", 0));
    for _ in 0..crates {
        agrees_or_documented(&random_crate(&mut rng));
    }
}
