//! An adversarial pass (branch `att-derives`) over the one check of
//! `bundle::derives::without_unused_derives` (commit c6fa4e6): every `Debug` derive and every
//! `Clone` derive left alone cut at once and type-checked once (here and with every target `cfg`
//! false); when that compiles it is the result, else the two old steps run.
//!
//! The oracle is the two old steps written here, plainly, on a model of the derive lists (no code
//! of the bundler): cut every `Debug`, put back those of the types rustc's errors name, at most
//! three checks, else keep them all; then every `#[derive(Clone)]` alone, all or none. It drives
//! rustc itself (`--emit=metadata`, and on a copy with the target `cfg` names spelt backwards).
//! The bundler's text and the oracle's are compared with whitespace dropped; the result must
//! compile, and, where the crate has a `main` that prints, print what the original prints.
//!
//! The breaks (`#[ignore]`d, each says why) are of claim (1), the invariant, and are the old
//! steps' as much as the one check's: code no copy type-checks (a `cfg` of one foreign target,
//! `all(unix, not(debug_assertions))`), a `#[derive(Clone)]` inside a string literal, and impls
//! that change what a method call means without a compile error (`.clone()` on a reference,
//! autoref dispatch on a `Debug` bound). Claims (2) and (3) held on every crate tried.

use bundle::derives::without_unused_derives;
use bundle::mapped::Mapped;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The target `cfg` names the foreign copy spells backwards (those the crates here use).
const TARGET_NAMES: [&str; 5] = ["target_arch", "target_os", "unix", "windows", "debug_assertions"];

/// A fresh scratch folder.
fn scratch() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("attack_derives_{}_{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// rustc's errors on `src` type-checked as a binary crate in edition 2021 (empty: it compiles).
fn errors_of(src: &str) -> String {
    let dir = scratch();
    std::fs::write(dir.join("c.rs"), src).unwrap();
    let out = Command::new("rustc")
        .args(["--edition", "2021", "--crate-type", "bin", "--emit=metadata", "--cap-lints", "allow"])
        .arg("--out-dir")
        .arg(&dir)
        .arg(dir.join("c.rs"))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    if out.status.success() {
        String::new()
    } else {
        String::from_utf8_lossy(&out.stderr).into_owned()
    }
}

/// `src` with every target `cfg` name spelt backwards (the crates here use them only in `cfg`s).
fn foreign(src: &str) -> String {
    let mut out = src.to_string();
    for name in TARGET_NAMES {
        out = out.replace(name, &name.chars().rev().collect::<String>());
    }
    out
}

/// The errors here and on the foreign copy (empty: both compile).
fn errors_both(src: &str) -> String {
    let copy = foreign(src);
    let here = errors_of(src);
    if copy == src {
        here
    } else {
        here + &errors_of(&copy)
    }
}

/// `src` built with `-O` and run: its stdout, or the build's errors.
fn run(src: &str) -> Result<String, String> {
    let dir = scratch();
    std::fs::write(dir.join("c.rs"), src).unwrap();
    let built = Command::new("rustc")
        .args(["--edition", "2021", "-O", "--cap-lints", "allow", "-o"])
        .arg(dir.join("c"))
        .arg(dir.join("c.rs"))
        .output()
        .unwrap();
    let result = if built.status.success() {
        let ran = Command::new(dir.join("c")).output().unwrap();
        Ok(String::from_utf8_lossy(&ran.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&built.stderr).into_owned())
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// One `#[derive(..)]` attribute: where it stands, its traits, the type it is on.
#[derive(Clone)]
struct Attribute {
    start: usize,
    end: usize,
    traits: Vec<String>,
    type_name: String,
}

/// Every derive attribute of `src` from byte `from` on, followed (past other attributes) by a
/// `struct` or an `enum` (the crates here write no `#[derive(` anywhere else but where a test
/// says so).
fn attributes(src: &str, from: usize) -> Vec<Attribute> {
    let mut found = Vec::new();
    for (start, _) in src.match_indices("#[derive(").filter(|&(at, _)| at >= from) {
        let close = start + src[start..].find(")]").unwrap();
        let traits = src[start + 9..close].split(',').map(|t| t.trim().to_string());
        let traits: Vec<String> = traits.filter(|t| !t.is_empty()).collect();
        let words = src[close..].split(|c: char| !(c.is_alphanumeric() || c == '_'));
        let mut words = words.filter(|w| !w.is_empty()).skip_while(|w| *w != "struct" && *w != "enum");
        let type_name = words.nth(1).unwrap_or("").to_string();
        found.push(Attribute { start, end: close + 2, traits, type_name });
    }
    found
}

/// `src` with each attribute written with the traits `keep` leaves it (none: the attribute goes).
fn written(src: &str, attrs: &[Attribute], keep: &dyn Fn(usize, &str) -> bool) -> String {
    let mut out = String::new();
    let mut at = 0;
    for (i, a) in attrs.iter().enumerate() {
        out.push_str(&src[at..a.start]);
        let kept: Vec<&str> = a.traits.iter().map(|t| t.as_str()).filter(|t| keep(i, t)).collect();
        if !kept.is_empty() {
            out.push_str(&format!("#[derive({})]", kept.join(", ")));
        }
        at = a.end;
    }
    out + &src[at..]
}

/// Whether rustc's `errors` name the type `name` (`` `name` ``, `` `name<`` or a path's end).
fn names(errors: &str, name: &str) -> bool {
    errors.match_indices(name).any(|(at, _)| {
        let before = errors[..at].chars().next_back();
        let after = errors[at + name.len()..].chars().next();
        matches!(before, Some('`' | ':' | '&' | ' ')) && matches!(after, Some('`' | '<'))
    })
}

/// The old two steps on `src`, written plainly: `Debug` cut with put-backs, then `Clone` alone.
fn old_steps(src: &str, from: usize) -> String {
    let attrs = attributes(src, from);
    // Step 1: `kept`, the types whose `Debug` is put back, grows with each failed check.
    let mut kept: Vec<String> = Vec::new();
    let mut after_debug = src.to_string(); // every `Debug` stays unless a check compiles
    for _check in 0..3 {
        let cut_on = |a: &Attribute| a.traits.iter().any(|t| t == "Debug") && !kept.contains(&a.type_name);
        if !attrs.iter().any(cut_on) {
            break;
        }
        let candidate = written(src, &attrs, &|i, t| t != "Debug" || kept.contains(&attrs[i].type_name));
        let errors = errors_both(&candidate);
        if errors.is_empty() {
            after_debug = candidate;
            break;
        }
        let named: Vec<String> = attrs
            .iter()
            .filter(|a| cut_on(a) && names(&errors, &a.type_name))
            .map(|a| a.type_name.clone())
            .collect();
        if named.is_empty() {
            break;
        }
        kept.extend(named);
    }
    // Step 2: every derive list that is `Clone` alone, all or none.
    let attrs = attributes(&after_debug, from);
    let alone = |a: &Attribute| a.traits == ["Clone"];
    if !attrs.iter().any(alone) {
        return after_debug;
    }
    let candidate = written(&after_debug, &attrs, &|i, _| !alone(&attrs[i]));
    if errors_both(&candidate).is_empty() {
        candidate
    } else {
        after_debug
    }
}

/// `src` without whitespace, to compare texts cut in different ways.
fn squeezed(src: &str) -> String {
    src.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The bundler's result on `src`, its library from the line `mod lib`.
fn bundled(src: &str) -> String {
    let from = src.find("mod lib").unwrap();
    without_unused_derives("rustc", &Mapped::inserted(src), from).unwrap().text
}

/// The bundler against the oracle on `src`: the same text, and it compiles (here and foreign);
/// with `run_too`, built with `-O` it prints what `src` prints. Returns the result.
fn agrees(src: &str, run_too: bool) -> String {
    assert!(errors_both(src).is_empty(), "the crate itself fails:\n{src}");
    let from = src.find("mod lib").unwrap();
    let result = bundled(src);
    let oracle = old_steps(src, from);
    assert_eq!(squeezed(&result), squeezed(&oracle), "bundler:\n{result}\noracle:\n{oracle}");
    assert!(errors_both(&result).is_empty(), "the result fails:\n{result}");
    if run_too {
        assert_eq!(run(&result), run(src), "prints otherwise:\n{result}");
    }
    result
}

/// The traits derived on the type `name` in `src`, in the order written.
fn traits_on(src: &str, name: &str) -> Vec<String> {
    let on = attributes(src, 0).into_iter().filter(|a| a.type_name == name);
    on.flat_map(|a| a.traits).collect()
}

/// Lines joined with newlines.
fn crate_of(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[path = "attack_derives/cases.rs"]
mod cases;

#[path = "attack_derives/breaks.rs"]
mod breaks;

#[path = "attack_derives/random.rs"]
mod random;
