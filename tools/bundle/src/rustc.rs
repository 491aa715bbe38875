//! Running rustc: a candidate bundle type-checked (`--emit=metadata`) as a binary crate, its
//! diagnostics read from JSON; and the bundle and its foreign copy (see the `cfg` stage) checked
//! at once, two processes, so that pruning and the final checks see every target.

use super::cfg::foreign_copy;
use super::json::{Diagnostic, Json};
use super::mapped::{Files, Mapped};
use std::fs;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// rustc's diagnostics on `text` compiled as a binary crate (type-checked and linted only).
pub fn rustc_diagnostics(rustc: &str, text: &str, edition: &str) -> Result<Vec<Diagnostic>, String> {
    static SCRATCH: AtomicUsize = AtomicUsize::new(0);
    let scratch = std::env::temp_dir().join(format!(
        "graph_games_bundle_{}_{}",
        std::process::id(),
        SCRATCH.fetch_add(1, Ordering::Relaxed)
    ));
    fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let source = scratch.join("bundle.rs");
    fs::write(&source, text).map_err(|e| format!("{}: {e}", source.display()))?;
    let output = Command::new(rustc)
        .args(["--edition", edition, "--crate-type", "bin", "--crate-name", "bundle", "--emit=metadata"])
        .args(["--error-format=json", "-o"])
        .arg(scratch.join("bundle.rmeta"))
        .arg(&source)
        .output();
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
