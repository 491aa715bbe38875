//! A bundle built as a judge builds it, or checked as that build would check it, and what the
//! built program offers (for tests/bundle.rs).

use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The flags a compiled bundle offers, as its `--help` lists them (a line each), and whether it says it is judge
/// mode only (built without the cargo feature `extras`, as graph_partizan's is).
pub struct Offered {
    flags: Vec<String>,
    pub judge_mode_only: bool,
}

impl Offered {
    pub fn contains(&self, flag: &str) -> bool {
        self.flags.iter().any(|f| f == flag)
    }
}

pub fn offered_flags(executable: &Path) -> Offered {
    let help = Command::new(executable).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    // A flag is offered where a line of the list starts with it (`  --values   print ...`).
    let first_words = help.lines().filter_map(|line| line.split_whitespace().next());
    let flags = first_words.filter(|w| w.starts_with("--")).map(String::from).collect();
    Offered { flags, judge_mode_only: help.contains("Judge mode only") }
}

/// Starts `rustc` on a bundle: as a judge does (`-O`, a program to run), or, with `check`, every
/// lint and check of that build without its code generation (`--emit=mir`, the optimised build's
/// `cfg`: no debug assertions). Both `-D warnings`. The build is in one codegen unit: the same
/// program as a judge's 16 (the units split the code generation, not what the code does, nor a
/// lint) for a sixth less CPU, and a third less with rustc 1.63 (`make msrv`), on two cores where
/// the bundles are built two at a time anyway.
pub fn start_rustc(rustc: &str, edition: &str, source: &Path, out: &Path, check: bool) -> Child {
    let build: &[&str] =
        if check { &["--emit=mir", "-C", "debug-assertions=off"] } else { &["-O", "-C", "codegen-units=1"] };
    Command::new(rustc)
        .args(["--edition", edition, "-D", "warnings"])
        .args(build)
        .arg("-o")
        .arg(out)
        .arg(source)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {rustc}: {e}"))
}

/// The edition a bundle is built in to be judged: the last of those asked (the newest by
/// default). In the others it is checked only ([`start_rustc`]'s `check`): the same source, the
/// same lints, no second and third build of one program to run the same cases on.
pub fn judged_edition<'a>(editions: &[&'a str]) -> &'a str {
    editions.last().copied().expect("BUNDLE_EDITIONS names no edition")
}

/// `rustc -vV` (its version, commit and host): two names of one compiler are one compiler.
pub fn identity(rustc: &str) -> String {
    let output = Command::new(rustc).arg("-vV").output().unwrap_or_else(|e| panic!("{rustc}: {e}"));
    String::from_utf8_lossy(&output.stdout).into_owned()
}
