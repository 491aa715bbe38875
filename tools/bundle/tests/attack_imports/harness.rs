//! The harness of the attacks on the `imports` module (attack_imports.rs, attack_imports2.rs):
//! rustc compiles and runs a crate before and after the cuts `without_leftovers` makes by that
//! module, in editions 2018 and 2021; the claim is that nothing changes.
//! (Each test crate uses some of these helpers.)
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use bundle::lex::Lexed;
use bundle::mapped::Mapped;

/// `src` with what the bundler's `without_leftovers` takes away by the `imports` module: the
/// modules of private imports only, then the imports nothing names, round after round.
pub fn without_unnamed(src: &str) -> String {
    let mut text = Mapped::inserted(src);
    for _ in 0..50 {
        let lexed = Lexed::new(&text.text).unwrap();
        let mut edits = lexed.import_only_modules(0, &[]).unwrap().0;
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
pub fn rustc_runs() -> bool {
    let ok = Command::new("rustc").arg("--version").output().map_or(false, |o| o.status.success());
    if !ok {
        eprintln!("attack_imports: no rustc here, skipped");
    }
    ok
}

/// A fresh directory for one compilation.
pub fn scratch() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("attack_imports_{}_{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What `src` prints (stdout and the exit status) compiled as a binary crate of `edition`, or
/// rustc's errors.
pub fn outcome(src: &str, edition: &str) -> Result<String, String> {
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

pub fn remove(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
}

/// Asserts the claim on `src` in both editions, and that `src` compiles in at least one (a case
/// that compiles nowhere tests nothing).
pub fn assert_claim(src: &str) {
    if !rustc_runs() {
        return;
    }
    // Each edition's run of the crate as written is made once (a crate nothing is cut from
    // is only checked to compile).
    let cut = without_unnamed(src);
    let mut compiles = false;
    for edition in ["2018", "2021"] {
        if cut == src && compiles {
            break;
        }
        let before = outcome(src, edition);
        compiles |= before.is_ok();
        if let (Ok(before), false) = (before, cut == src) {
            match outcome(&cut, edition) {
                Ok(after) if after == before => {}
                Ok(after) => panic!("edition {edition}: the crate\n{src}\nprints {after:?}, not {before:?}, once cut to\n{cut}"),
                Err(errors) => panic!("edition {edition}: the crate\n{src}\nno longer compiles ({errors}) once cut to\n{cut}"),
            }
        }
    }
    assert!(compiles, "the case itself does not compile:\n{src}");
}

/// Asserts the claim on each of `crates` in each edition where it compiles (its run as written
/// made once); gives how many crate-edition pairs compiled, and of them how many the cuts changed.
/// `ATTACK_IMPORTS_SHOW=1` prints each crate and its cut.
pub fn claim_on_each(crates: impl Iterator<Item = String>) -> (usize, usize) {
    let (mut tried, mut changed) = (0, 0);
    for src in crates {
        let cut = without_unnamed(&src);
        if std::env::var_os("ATTACK_IMPORTS_SHOW").is_some() {
            eprintln!("{src}\n-- cut to --\n{cut}");
        }
        for edition in ["2018", "2021"] {
            let before = match outcome(&src, edition) {
                Ok(before) => before,
                Err(_) => continue,
            };
            tried += 1;
            if cut == src {
                continue;
            }
            changed += 1;
            match outcome(&cut, edition) {
                Ok(after) if after == before => {}
                Ok(after) => panic!("edition {edition}: the crate\n{src}\nprints {after:?}, not {before:?}, once cut to\n{cut}"),
                Err(errors) => panic!("edition {edition}: the crate\n{src}\nno longer compiles ({errors}) once cut to\n{cut}"),
            }
        }
    }
    (tried, changed)
}

/// What the candidate of `library` (a bundle's library module as the assembly writes it, after a
/// user's `main` whose body is `call;`) prints in edition 2021, before and after the bundler's own
/// pruning (`prune::prune_rounds`; a failed pruning panics with its message).
pub fn printed_before_and_after_pruning(
    call: &str,
    library: &str,
) -> (Result<String, String>, Result<String, String>) {
    use bundle::assemble::Options;
    use bundle::cfg::Config;
    use bundle::mapped::Files;
    let main = format!("#![allow(dead_code)]\nfn main() {{\n    {call};\n}}\n");
    let code = Mapped::inserted(&format!("{main}#[warn(dead_code)]\nmod graph_games {{\n{library}}}\n"));
    let rustc = Options::default().rustc;
    let host = Config::host(&rustc).unwrap();
    let pruned = bundle::prune::prune_rounds(&rustc, &host, &code, main.len(), &Files::default());
    let text = pruned.map(|(text, _)| text.text).unwrap_or_else(|e| panic!("{e}\n{}", code.text));
    (outcome(&code.text, "2021"), outcome(&text, "2021"))
}

/// A small deterministic generator (an LCG), so that each run tries the same crates.
pub struct Random(pub u64);

impl Random {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}
