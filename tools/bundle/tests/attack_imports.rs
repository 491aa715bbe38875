//! An adversarial pass (branch `att-imports`) over the claim of the bundler's `imports` module
//! (used by `prune::without_leftovers`): a module of the library holding only private imports,
//! and a private import whose name its module never writes (nor any `macro_rules!`), can never be
//! used, so taking them out of the text never changes whether the crate compiles, nor what it
//! prints.
//!
//! The oracle shares no code with `imports.rs`: it is rustc itself. Each case is a whole small
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
//! What was found (each an `#[ignore]`d test below, asserting the claim, failing at 7637d36): a
//! trait is recognised only by name, so a trait import goes while a method of it is called when
//! - the library's trait is imported under another name (`use crate::t::Shout as Loud;`): it
//!   stops compiling, or, where a prelude trait has a method of the same name, it compiles and
//!   prints something else;
//! - std's trait comes by a path that does not start with `std::` (`use super::Write;`, a
//!   library's `pub use std::io::Write`, `extern crate std as s`);
//! - std's trait is aliased in capitals (`use std::io::Write as W;`: taken for a constant) or as
//!   one of the names of `STD_TYPES` (`use std::ops::Add as Rc;`);
//! - the library's trait is declared by a macro (`make_trait!(Twice);`), or written `r#Name`;
//! - a method of std's trait is missing from `STD_TRAITS` (`BufRead::skip_until`, stable since
//!   1.83).
//!
//! And a module of private imports only goes though a path names the module itself
//! (`use self::m::*;`), and an import goes though another member of its own `use` item names it
//! (`use crate::{inner::Thing, a::Thing as Alias};` in module `a`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use bundle::lex::Lexed;
use bundle::mapped::Mapped;

/// `src` with what the bundler's `without_leftovers` takes away by the `imports` module: the
/// modules of private imports only, then the imports nothing names, round after round.
fn without_unnamed(src: &str) -> String {
    let mut text = Mapped::inserted(src);
    for _ in 0..50 {
        let lexed = Lexed::new(&text.text).unwrap();
        let mut edits = lexed.import_only_modules(0, &[]).unwrap();
        if edits.is_empty() {
            let unnamed = lexed.unnamed_imports(0, &[]).unwrap();
            edits = lexed.without_imports_at(&unnamed).unwrap();
        }
        if edits.is_empty() {
            return text.text;
        }
        text = text.edit(edits);
    }
    panic!("no end to the cuts of\n{src}");
}

/// Whether rustc runs here (the cases are skipped, with a message, if not).
fn rustc_runs() -> bool {
    let ok = Command::new("rustc").arg("--version").output().map_or(false, |o| o.status.success());
    if !ok {
        eprintln!("attack_imports: no rustc here, skipped");
    }
    ok
}

/// A fresh directory for one compilation.
fn scratch() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("attack_imports_{}_{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What `src` prints (stdout and the exit status) compiled as a binary crate of `edition`, or
/// rustc's errors.
fn outcome(src: &str, edition: &str) -> Result<String, String> {
    let dir = scratch();
    let (file, exe) = (dir.join("main.rs"), dir.join("main"));
    std::fs::write(&file, src).unwrap();
    let compiled = Command::new("rustc")
        .args(["--edition", edition, "--crate-type", "bin", "-A", "warnings", "-C", "opt-level=0"])
        .arg(&file)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    let result = if compiled.status.success() {
        let run = Command::new(&exe).output().unwrap();
        Ok(format!("{}[{}]", String::from_utf8_lossy(&run.stdout), run.status))
    } else {
        let errors = String::from_utf8_lossy(&compiled.stderr);
        Err(errors.lines().filter(|l| l.starts_with("error")).collect::<Vec<_>>().join("\n"))
    };
    remove(&dir);
    result
}

fn remove(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
}

/// The claim on one crate, in `edition`: `None` if it holds (or the crate does not compile as
/// written), else what went wrong.
fn broken(src: &str, edition: &str) -> Option<String> {
    let before = outcome(src, edition).ok()?;
    let cut = without_unnamed(src);
    if cut == src {
        return None;
    }
    match outcome(&cut, edition) {
        Ok(after) if after == before => None,
        Ok(after) => Some(format!("prints {after:?}, not {before:?}, once cut to\n{cut}")),
        Err(errors) => Some(format!("no longer compiles ({errors}) once cut to\n{cut}")),
    }
}

/// Asserts the claim on `src` in both editions, and that `src` compiles in at least one (a case
/// that compiles nowhere tests nothing).
fn assert_claim(src: &str) {
    if !rustc_runs() {
        return;
    }
    let compiles = ["2018", "2021"].iter().any(|e| outcome(src, e).is_ok());
    assert!(compiles, "the case itself does not compile:\n{src}");
    for edition in ["2018", "2021"] {
        if let Some(what) = broken(src, edition) {
            panic!("edition {edition}: the crate\n{src}\n{what}");
        }
    }
}

// The breaks: each fails at 7637d36 (the message of rustc, or the changed output, in the doc).

/// FAILS: "no method named `shout` found for type `i32`". The library's trait is imported under
/// another name; `Loud` is never written (no `trait Loud` either), so the import goes, and with
/// it the trait's method.
#[test]
#[ignore = "imports.rs: a library trait imported under an alias is taken for no trait"]
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

/// FAILS: still compiles, but prints "5", not "LOUD". The aliased trait's by-value `to_string`
/// wins over the prelude's `ToString::to_string` (by reference); once the import goes, the
/// prelude's is called.
#[test]
#[ignore = "imports.rs: a library trait imported under an alias is taken for no trait"]
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

/// FAILS: "no method named `write_all` found for struct `Stdout`". A child module imports its
/// parent's import of std's `Write` (`use super::Write;`): the path does not start with `std::`,
/// so the name is taken for a library's non-trait, never written in the child.
#[test]
#[ignore = "imports.rs: std's trait by a path not starting with std:: is taken for no trait"]
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

/// FAILS the same way: std's `Write` re-exported by a module of the library.
#[test]
#[ignore = "imports.rs: std's trait by a path not starting with std:: is taken for no trait"]
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

/// FAILS: "no method named `write_all` found". `W` has no lowercase letter, so it is taken for a
/// constant, not std's trait `std::io::Write`.
#[test]
#[ignore = "imports.rs: std's trait aliased in capitals is taken for a constant"]
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

/// FAILS: "no method named `add` found for type `i32`". `STD_TYPES` is matched on the name the
/// import brings, not its path: std's trait `Add` imported as `Rc` is taken for std's `Rc`.
#[test]
#[ignore = "imports.rs: STD_TYPES matched on the alias, not the path"]
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

/// FAILS: "no method named `twice` found for type `i32`". The trait is declared by a macro
/// (`trait $n`), so no `trait Twice` is written and the import is taken for no trait.
#[test]
#[ignore = "imports.rs: a trait declared by a macro is taken for no trait"]
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

/// FAILS: "no method named `skip_until` found for reference `&[u8]`" (on a rustc of 1.83 or
/// later, where `BufRead::skip_until` is stable): the method is not in `STD_TRAITS`.
#[test]
#[ignore = "imports.rs: STD_TRAITS lacks BufRead::skip_until"]
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

/// FAILS: "no method named `shout` found". The trait is declared `trait r#Shout`; the import's
/// name is looked up with its `r#` taken off, and `r#Shout` is not `Shout`.
#[test]
#[ignore = "imports.rs: a trait declared with a raw name is taken for no trait"]
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

/// FAILS: "no method named `write_all` found": std's trait through `extern crate std as s`.
#[test]
#[ignore = "imports.rs: std's trait by a path not starting with std:: is taken for no trait"]
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

/// FAILS: "unresolved import `self::m`". The module holds private imports only, so it is cut
/// whole, but a glob import names it.
#[test]
#[ignore = "imports.rs: a module of imports only is cut though a path names it"]
fn a_module_of_imports_named_by_a_path_stays() {
    assert_claim(
        "mod m { use std::rc::Rc; }
use self::m::*;
fn main() { println!(\"ok\"); }
",
    );
}

/// FAILS: "unresolved import `crate::a::Thing`". `Thing` is named by another member of its own
/// `use` item (`a::Thing`, the import itself), whose text is not looked at.
#[test]
#[ignore = "imports.rs: an import named only by its own use item's other members"]
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
