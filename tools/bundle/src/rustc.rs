//! Running rustc: a candidate bundle type-checked (`--emit=metadata`) as a binary crate, its
//! diagnostics read from JSON; and the bundle and its foreign copy (see the `cfg` stage) checked
//! at once, two processes, so that pruning and the final checks see every target.
//!
//! Invariant: at most [`rustc_slots`] of these rustc processes run at once in this process, one a
//! core, whatever the number of threads asking (a bundle's thread, its foreign copy's, the tests'
//! threads): a thread waits for a free slot before it starts one. Dozens at once on two cores made
//! a load of 31 and no bundle sooner.

use super::cfg::foreign_copy;
use super::json::{Diagnostic, Json};
use super::mapped::{Files, Mapped};
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// How many of the bundler's rustc processes may run at once: the cores this process may use
/// (`std::thread::available_parallelism`), 1 if that is unknown.
pub fn rustc_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get())
}

/// The rustc processes running now, and the condition a thread waits on for a free slot.
static RUNNING: Mutex<usize> = Mutex::new(0);
static SLOT_FREED: Condvar = Condvar::new();

/// A slot held while one rustc runs; dropping it frees the slot.
struct Slot;

impl Slot {
    /// Waits until fewer than [`rustc_slots`] rustc processes run, then takes a slot.
    fn take() -> Slot {
        let slots = rustc_slots();
        // A panic elsewhere while holding the lock leaves the count right (it is only ever
        // changed under the lock, in one statement): go on with it.
        let mut running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        while *running >= slots {
            running = SLOT_FREED.wait(running).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        *running += 1;
        Slot
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut running = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *running -= 1;
        SLOT_FREED.notify_one();
    }
}

/// rustc's diagnostics on `text` compiled as a binary crate (type-checked and linted only). The
/// same text asked again of the same rustc in the same edition (pruning comes back to a candidate
/// it has checked: an undone round, an impl put back) is answered from the first run
/// (its key: `asked_before`), not run again, unless the text may read a file or the environment.
pub fn rustc_diagnostics(rustc: &str, text: &str, edition: &str) -> Result<Vec<Diagnostic>, String> {
    static ANSWERED: Mutex<Vec<(u128, Vec<Diagnostic>)>> = Mutex::new(Vec::new());
    // A text that reads a file or the environment when compiled (`include_str!`, `env!`, ...)
    // may get another answer the next time: never answered from memory.
    let reads_outside =
        ["include!", "include_str!", "include_bytes!", "env!"].iter().any(|m| text.contains(m));
    if reads_outside {
        return run_rustc(rustc, text, edition);
    }
    let key = asked_before(&[rustc, edition, text]);
    let answered = |known: &Vec<(u128, Vec<Diagnostic>)>| {
        known.iter().find(|(k, _)| *k == key).map(|(_, diagnostics)| diagnostics.clone())
    };
    if let Some(diagnostics) = answered(&ANSWERED.lock().unwrap_or_else(|poisoned| poisoned.into_inner())) {
        return Ok(diagnostics);
    }
    let diagnostics = run_rustc(rustc, text, edition)?;
    let mut known = ANSWERED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if answered(&known).is_none() {
        known.push((key, diagnostics.clone()));
    }
    Ok(diagnostics)
}

/// The key of a question to rustc: two 64-bit SipHash digests of its parts, with different
/// prefixes (as the store names its bundles), so that two texts that differ never share one.
fn asked_before(parts: &[&str]) -> u128 {
    let digest = |prefix: &str| {
        let mut hasher = DefaultHasher::new();
        prefix.hash(&mut hasher);
        parts.hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(digest("first")) << 64) | u128::from(digest("second"))
}

/// [`rustc_diagnostics`], always running rustc.
fn run_rustc(rustc: &str, text: &str, edition: &str) -> Result<Vec<Diagnostic>, String> {
    static SCRATCH: AtomicUsize = AtomicUsize::new(0);
    let scratch = std::env::temp_dir().join(format!(
        "graph_games_bundle_{}_{}",
        std::process::id(),
        SCRATCH.fetch_add(1, Ordering::Relaxed)
    ));
    fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let source = scratch.join("bundle.rs");
    fs::write(&source, text).map_err(|e| format!("{}: {e}", source.display()))?;
    let slot = Slot::take();
    let output = Command::new(rustc)
        .args(["--edition", edition, "--crate-type", "bin", "--crate-name", "bundle", "--emit=metadata"])
        .args(["--error-format=json", "-o"])
        .arg(scratch.join("bundle.rmeta"))
        .arg(&source)
        .output();
    drop(slot);
    let _ = fs::remove_dir_all(&scratch);
    let output = output.map_err(|e| format!("cannot run {rustc}: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let json = stderr.lines().filter(|line| line.starts_with('{')).map(Json::parse);
    let diagnostics: Vec<Diagnostic> =
        json.map(|j| Ok(Diagnostic::from_json(&j?))).collect::<Result<_, String>>()?;
    if !output.status.success() && !diagnostics.iter().any(|d| d.level == "error") {
        return Err(format!("{rustc} --edition {edition} failed: {stderr}"));
    }
    Ok(diagnostics)
}

/// rustc's diagnostics on `text` and on its [`foreign_copy`], the two type-checked at once (two
/// processes). When the copy is `text` itself (no target `cfg`), its diagnostics are the host's.
pub fn diagnostics_of_both(
    rustc: &str,
    text: &str,
    edition: &str,
) -> Result<(Vec<Diagnostic>, Vec<Diagnostic>), String> {
    let foreign = foreign_copy(text)?;
    if foreign == text {
        let on_host = rustc_diagnostics(rustc, text, edition)?;
        return Ok((on_host.clone(), on_host));
    }
    let (on_host, on_foreign) = std::thread::scope(|scope| {
        let on_foreign = scope.spawn(|| rustc_diagnostics(rustc, &foreign, edition));
        let on_host = rustc_diagnostics(rustc, text, edition);
        (on_host, on_foreign.join().unwrap_or_else(|_| Err("a rustc thread panicked".to_string())))
    });
    Ok((on_host?, on_foreign?))
}

/// As [`diagnostics_of_both`], but one after the other: the foreign copy only if `text` compiles
/// here (its diagnostics are then empty), so that a candidate likely to fail costs one process.
pub fn diagnostics_host_first(
    rustc: &str,
    text: &str,
    edition: &str,
) -> Result<(Vec<Diagnostic>, Vec<Diagnostic>), String> {
    let on_host = rustc_diagnostics(rustc, text, edition)?;
    if at_level(&on_host, "error").next().is_some() {
        return Ok((on_host, Vec::new()));
    }
    let foreign = foreign_copy(text)?;
    let on_foreign =
        if foreign == text { on_host.clone() } else { rustc_diagnostics(rustc, &foreign, edition)? };
    Ok((on_host, on_foreign))
}

/// The diagnostics of `level` (`error`, `warning`) among `all`.
pub fn at_level<'a>(all: &'a [Diagnostic], level: &'a str) -> impl Iterator<Item = &'a Diagnostic> + 'a {
    all.iter().filter(move |d| d.level == level)
}

/// The errors and warnings among `diagnostics`, one line each, at the file, line and column they
/// came from (through the span table of `text`): `error: main.rs:13:5: cannot find value `x` in
/// this scope [E0425]`.
pub fn explain(diagnostics: &[&Diagnostic], text: &Mapped, files: &Files) -> String {
    let shown = diagnostics
        .iter()
        .filter(|d| !d.primary.is_empty() && matches!(d.level.as_str(), "error" | "warning"));
    let lines = shown.map(|d| {
        let at = files.position(text, d.primary[0].0).unwrap_or_else(|| "the bundle".to_string());
        let code = if d.code.is_empty() { String::new() } else { format!(" [{}]", d.code) };
        format!("{}: {at}: {}{code}", d.level, d.message)
    });
    lines.collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::super::testing::Project;
    use super::*;

    /// The same text asked twice of the same rustc in the same edition runs rustc once; another
    /// text, or another edition, runs it again. The stand-in rustc counts its runs.
    #[cfg(unix)]
    #[test]
    fn the_same_question_runs_rustc_once() {
        use std::os::unix::fs::PermissionsExt;
        let script = "#!/bin/sh\necho run >> \"$(dirname \"$0\")/runs\"\n";
        let project = Project::new("asked_once", &[("fake-rustc", script)]);
        let fake = project.0.join("fake-rustc");
        fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
        let fake = fake.display().to_string();
        let runs = || fs::read_to_string(project.0.join("runs")).map_or(0, |text| text.lines().count());
        for (text, edition, after) in [
            ("fn main() {}", "2021", 1),
            ("fn main() {}", "2021", 1),
            ("fn main() {} ", "2021", 2),
            ("fn main() {}", "2018", 3),
            ("fn main() {} ", "2021", 3),
        ] {
            assert!(rustc_diagnostics(&fake, text, edition).unwrap().is_empty());
            assert_eq!(runs(), after, "{text:?} in {edition}");
        }
    }

    /// Many threads asking at once start at most [`rustc_slots`] rustc processes at a time. The
    /// stand-in rustc leaves a file in a folder while it runs and writes how many files it saw
    /// there after a pause: more than the slots only if more ran at once.
    #[cfg(unix)]
    #[test]
    fn no_more_rustc_processes_at_once_than_cores() {
        use std::os::unix::fs::PermissionsExt;
        let script = "#!/bin/sh\nd=$(dirname \"$0\")\ntouch \"$d/running/$$\"\nsleep 0.3\n\
                      ls \"$d/running\" | wc -l >> \"$d/seen\"\nrm \"$d/running/$$\"\n";
        let project = Project::new("slots", &[("fake-rustc", script), ("running/.keep", "")]);
        let _ = fs::remove_file(project.0.join("running/.keep"));
        let fake = project.0.join("fake-rustc");
        fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
        let fake = fake.display().to_string();
        let threads = rustc_slots() * 3 + 2;
        std::thread::scope(|scope| {
            for thread in 0..threads {
                // Each its own text: the same one again would be answered without a run.
                let text = format!("fn main() {{}} // {thread}");
                let fake = &fake;
                scope.spawn(move || assert!(rustc_diagnostics(fake, &text, "2021").unwrap().is_empty()));
            }
        });
        let seen = fs::read_to_string(project.0.join("seen")).unwrap();
        let seen: Vec<usize> = seen.lines().map(|l| l.trim().parse().unwrap()).collect();
        assert_eq!(seen.len(), threads, "every rustc ran");
        let most = seen.iter().copied().max().unwrap();
        assert!(most >= 1 && most <= rustc_slots(), "{most} at once, over {} slots: {seen:?}", rustc_slots());
    }

    /// Attack (attack-ci): the memo's key is (rustc, edition, text), but rustc's answer also
    /// depends on files the text includes by absolute path. The same text asked again after the
    /// included file changed gets the first answer. Oracle: rustc run directly on the same text.
    #[test]
    fn an_included_file_that_changed_is_not_answered_from_the_first_run() {
        let project = Project::new("attack_memo_include", &[("data.txt", "1")]);
        let data = project.0.join("data.txt");
        let text = format!(
            "const N: usize = {:?}.len();\nconst _: () = assert!(N == 1);\nfn main() {{}}\n",
            "PLACEHOLDER"
        )
        .replace("\"PLACEHOLDER\"", &format!("include_str!({:?})", data.display().to_string()));
        let errors = |d: &[Diagnostic]| at_level(d, "error").count();
        assert_eq!(errors(&rustc_diagnostics("rustc", &text, "2021").unwrap()), 0, "{text}");
        fs::write(&data, "12").unwrap();
        // The oracle: rustc itself, asked directly, now fails (N == 2).
        let source = project.0.join("direct.rs");
        fs::write(&source, &text).unwrap();
        let direct = Command::new("rustc")
            .args(["--edition", "2021", "--crate-type", "bin", "--emit=metadata", "-o"])
            .arg(project.0.join("direct.rmeta"))
            .arg(&source)
            .output()
            .unwrap();
        assert!(!direct.status.success(), "rustc itself fails on the changed file");
        let memo = rustc_diagnostics("rustc", &text, "2021").unwrap();
        assert!(
            errors(&memo) > 0,
            "the memo answers that the same text compiles, as it did before the file changed"
        );
    }

    /// Attack (attack-ci): as above, with an environment variable `env!` reads.
    #[test]
    fn an_environment_variable_that_changed_is_not_answered_from_the_first_run() {
        let name = format!("GRAPH_GAMES_ATTACK_CI_{}", std::process::id());
        let text = format!("fn main() {{ let _ = env!({name:?}); }}\n");
        let errors = |d: &[Diagnostic]| at_level(d, "error").count();
        assert!(errors(&rustc_diagnostics("rustc", &text, "2021").unwrap()) > 0, "unset: an error");
        std::env::set_var(&name, "set");
        let memo = rustc_diagnostics("rustc", &text, "2021").unwrap();
        std::env::remove_var(&name);
        assert_eq!(errors(&memo), 0, "set now: rustc would compile it, the memo still says it fails");
    }
}
