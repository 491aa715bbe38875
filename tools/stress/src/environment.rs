//! The judge's environment for the command under test. A judge runs a solution with an
//! environment of its own, not the contestant's shell's: a variable that changes how a runtime
//! buffers its output or behaves (`PYTHONUNBUFFERED=1`, common in containers and CI, makes a
//! Python player that never flushes pass every interactive test) would make `stress` pass what
//! the judge fails. So the variables of [`CHANGES_BEHAVIOUR`] are removed from the command's
//! environment (the command only: a reference, a generator, a validator and a jury are the user's
//! tools and keep theirs), unless `--keep-env`; the report names the ones removed.
//! Invariant: the command gets the caller's environment less exactly the variables [`removed`]
//! lists, and the report says so whenever that list is not empty.

use std::ffi::OsString;

/// Variables that change how a program buffers its streams, reads its input, or behaves,
/// which a judge does not set: Python's, stdbuf's (`stdbuf -o0` works through them), the JVM's,
/// Node's, Ruby's and Perl's option variables, and the C library's and Rust's run-time knobs.
pub const CHANGES_BEHAVIOUR: &[&str] = &[
    "PYTHONUNBUFFERED",
    "PYTHONIOENCODING",
    "PYTHONUTF8",
    "PYTHONOPTIMIZE",
    "PYTHONDEVMODE",
    "PYTHONINSPECT",
    "PYTHONSTARTUP",
    "PYTHONWARNINGS",
    "PYTHONPATH",
    "PYTHONHASHSEED",
    "PYTHONINTMAXSTRDIGITS",
    "PYTHONMALLOC",
    "PYTHONFAULTHANDLER",
    "PYTHONBREAKPOINT",
    "_STDBUF_I",
    "_STDBUF_O",
    "_STDBUF_E",
    "LD_PRELOAD",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "JDK_JAVA_OPTIONS",
    "NODE_OPTIONS",
    "RUBYOPT",
    "PERL5OPT",
    "PERLIO",
    "PERL_UNICODE",
    "RUST_MIN_STACK",
    "MALLOC_CHECK_",
    "MALLOC_PERTURB_",
    "GLIBC_TUNABLES",
];

/// The variables of [`CHANGES_BEHAVIOUR`] set in this process's environment, in the list's order:
/// what the command runs without. None when `keep` (`--keep-env`).
pub fn removed(keep: bool) -> Vec<OsString> {
    if keep {
        return Vec::new();
    }
    CHANGES_BEHAVIOUR.iter().filter(|name| std::env::var_os(name).is_some()).map(OsString::from).collect()
}

/// The report's line on the variables `removed`, `None` when there are none.
pub fn note(removed: &[OsString]) -> Option<String> {
    if removed.is_empty() {
        return None;
    }
    let names: Vec<String> = removed.iter().map(|name| name.to_string_lossy().into_owned()).collect();
    Some(format!(
        "the command ran without {} from the environment, as a judge runs it (--keep-env keeps it)\n",
        names.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_names_what_went() {
        assert_eq!(note(&[]), None);
        let removed = [OsString::from("PYTHONUNBUFFERED"), OsString::from("_STDBUF_O")];
        assert_eq!(
            note(&removed).unwrap(),
            "the command ran without PYTHONUNBUFFERED, _STDBUF_O from the environment, as a judge runs it \
             (--keep-env keeps it)\n"
        );
        assert!(removed.iter().all(|name| CHANGES_BEHAVIOUR.contains(&name.to_str().unwrap())));
        assert_eq!(super::removed(true), Vec::<OsString>::new());
    }
}
