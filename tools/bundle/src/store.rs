//! The store: bundles made once, reused by the next step that asks for the same one (`make test`
//! bundles every program in its bundle test, then `make bundle` writes them, then `make msrv`
//! judges them with rustc 1.63: one bundling for the three, `BUNDLE_STORE` in the Makefile).
//!
//! Invariant: a stored bundle is returned only for a request whose every input is the one it was
//! made from, so that it is the bundle [`bundle`] would make now: its key covers the bundler's own
//! sources (each file of `tools/bundle/src/`, as compiled into this build), the rustc that prunes
//! and checks it (`rustc -vV`: its version and commit), the options, the main's path, the path and
//! bytes of every file the bundle may read ([`files_read`]: the main, its modules, the whole
//! library). Two 64-bit SipHash digests of that, with different prefixes, name the file, which
//! holds them too (a file copied or linked to another key's name is no bundle of it). The
//! header's revision (the commit, and whether the files it holds differ from it or are not in
//! git: [`git_revision`]) is asked of git again at each reuse, for the files the stored bundle
//! holds: a stored bundle whose header says otherwise is made again. Only bundles that passed
//! every check are stored; a failure is made again each time. Threads of one process asking for the same key wait for the first one's
//! bundle (the bundle test's tests ask for the same programs at once).
//!
//! Within a process, a program's library is also pruned once, whatever the layouts and size
//! limits then asked of it (`prune::pruned_once`; tested here, with the store's other reuse).

use super::assemble::{bundle, git_revision, Bundle, Failed, Layout, Options};
use super::inline::files_read;
use super::kept::{Fields, KeptPrunes};
use super::prune::Pruned;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};

/// The bundler's sources as this build compiled them, by name (a stored bundle is the work of
/// this code). tools/bundle/tests/bundle.rs checks the list against the folder.
pub const BUNDLER_SOURCES: [(&str, &str); 25] = [
    ("assemble.rs", include_str!("assemble.rs")),
    ("cfg.rs", include_str!("cfg.rs")),
    ("debug_checks.rs", include_str!("debug_checks.rs")),
    ("declared.rs", include_str!("declared.rs")),
    ("derives.rs", include_str!("derives.rs")),
    ("impls.rs", include_str!("impls.rs")),
    ("import_kinds.rs", include_str!("import_kinds.rs")),
    ("imports.rs", include_str!("imports.rs")),
    ("inline.rs", include_str!("inline.rs")),
    ("items.rs", include_str!("items.rs")),
    ("json.rs", include_str!("json.rs")),
    ("judges.rs", include_str!("judges.rs")),
    ("kept.rs", include_str!("kept.rs")),
    ("lex.rs", include_str!("lex.rs")),
    ("lib.rs", include_str!("lib.rs")),
    ("main.rs", include_str!("main.rs")),
    ("mapped.rs", include_str!("mapped.rs")),
    ("prune.rs", include_str!("prune.rs")),
    ("reach.rs", include_str!("reach.rs")),
    ("reach_read.rs", include_str!("reach_read.rs")),
    ("rename.rs", include_str!("rename.rs")),
    ("rustc.rs", include_str!("rustc.rs")),
    ("store.rs", include_str!("store.rs")),
    ("testing.rs", include_str!("testing.rs")),
    ("text.rs", include_str!("text.rs")),
];

/// The bundle of `main_file` with the library at `root`, its header's revision by [`git_revision`]:
/// the one in `store` if one was made from the same inputs (see the module doc), else made by
/// [`bundle`] and, if it passes its checks, stored there.
pub fn stored_bundle(
    store: &Path,
    root: &Path,
    main_file: &str,
    options: &Options,
) -> Result<Bundle, Failed> {
    let key = key(root, main_file, options)?;
    let path = store.join(format!("{key}.bundle"));
    // One maker a key in this process: the others wait for its bundle, then read it.
    let lock = {
        static MAKING: Mutex<Vec<(String, Arc<Mutex<()>>)>> = Mutex::new(Vec::new());
        let mut making = MAKING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match making.iter().find(|(k, _)| *k == key) {
            Some((_, lock)) => lock.clone(),
            None => {
                let lock = Arc::new(Mutex::new(()));
                making.push((key.clone(), lock.clone()));
                lock
            }
        }
    };
    let _making = lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(stored) = fs::read(&path).ok().and_then(|bytes| decode(&key, &bytes)) {
        let revision = git_revision(root, &stored.sources);
        let header = stored.text.lines().next().unwrap_or("");
        if header.ends_with(&format!(", {revision}.")) {
            return Ok(stored);
        }
    }
    // Its pruned library kept beside it, for another layout or size limit of the same program.
    let inputs = format!("{:?}{}", BUNDLER_SOURCES, rustc_identity(&options.rustc)?);
    let kept = KeptPrunes { folder: store.to_path_buf(), inputs };
    let options = Options { kept: Some(kept), ..options.clone() };
    let made = bundle(root, main_file, &options, |files| git_revision(root, files))?;
    // Written whole under another name, then renamed: a reader sees all of it or nothing. A store
    // that cannot be written (a full disk) costs the reuse, not the bundle, and keeps no part of it.
    let _ = fs::create_dir_all(store);
    let partial = store.join(format!("{key}.{}.partial", std::process::id()));
    if fs::write(&partial, encode(&key, &made)).and_then(|_| fs::rename(&partial, &path)).is_err() {
        let _ = fs::remove_file(&partial);
    }
    Ok(made)
}

/// The key of a request: the digests of every input a bundle depends on (the module doc).
pub fn key(root: &Path, main_file: &str, options: &Options) -> Result<String, Failed> {
    let mut inputs: Vec<Vec<u8>> = vec![b"graph_games bundle store 1".to_vec()];
    for (name, text) in BUNDLER_SOURCES {
        inputs.push(name.as_bytes().to_vec());
        inputs.push(text.as_bytes().to_vec());
    }
    inputs.push(rustc_identity(&options.rustc)?.into_bytes());
    inputs.push(format!("{:?}", Options { kept: None, ..options.clone() }).into_bytes());
    inputs.push(main_file.as_bytes().to_vec());
    for file in files_read(root, main_file) {
        let name = file.strip_prefix(root).unwrap_or(&file).display().to_string();
        inputs.push(name.into_bytes());
        inputs.push(fs::read(&file).unwrap_or_else(|e| format!("unreadable: {e}").into_bytes()));
    }
    let digest = |prefix: &str| {
        let mut hasher = DefaultHasher::new();
        prefix.hash(&mut hasher);
        inputs.hash(&mut hasher);
        hasher.finish()
    };
    Ok(format!("{:016x}{:016x}", digest("first"), digest("second")))
}

/// `rustc -vV` of `rustc` (its version, commit and host), asked once a process for each rustc.
fn rustc_identity(rustc: &str) -> Result<String, String> {
    static KNOWN: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());
    let mut known = KNOWN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, identity)) = known.iter().find(|(r, _)| r == rustc) {
        return Ok(identity.clone());
    }
    let output = Command::new(rustc).arg("-vV").output().map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if !output.status.success() {
        return Err(format!("{rustc} -vV failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    let identity = String::from_utf8_lossy(&output.stdout).into_owned();
    known.push((rustc.to_string(), identity.clone()));
    Ok(identity)
}

/// A bundle as bytes: each field a decimal length, a newline, then its bytes; a list its count,
/// then its items. The first field is the bundle's key: a file is the bundle of that key alone.
fn encode(key: &str, made: &Bundle) -> Vec<u8> {
    let mut out = Vec::new();
    let mut field = |text: &str| {
        out.extend_from_slice(format!("{}\n", text.len()).as_bytes());
        out.extend_from_slice(text.as_bytes());
    };
    field(key);
    let layout = Layout::NAMED.iter().find(|(_, l)| *l == made.layout).map_or("?", |(name, _)| name);
    field(layout);
    field(&made.rounds.to_string());
    field(&made.pruned.removed.to_string());
    for list in [&made.sources, &made.pruned.allowed, &made.foreign_warnings, &made.warnings] {
        field(&list.len().to_string());
        list.iter().for_each(|item| field(item));
    }
    field(&made.sizes.len().to_string());
    for (part, bytes) in &made.sizes {
        field(part);
        field(&bytes.to_string());
    }
    field(&made.text);
    out
}

/// The bundle [`encode`] wrote for `key`, or `None` for anything else (a stored file cut short, or
/// one of another key's, put at this key's name by a copy or a link, is made again).
fn decode(key: &str, bytes: &[u8]) -> Option<Bundle> {
    let mut fields = Fields::new(bytes);
    let mut field = || fields.field();
    if field()? != key {
        return None;
    }
    let layout = field()?;
    let layout = Layout::NAMED.iter().find(|(name, _)| *name == layout)?.1;
    let rounds = field()?.parse().ok()?;
    let removed = field()?.parse().ok()?;
    let mut lists = Vec::new();
    for _ in 0..4 {
        let count: usize = field()?.parse().ok()?;
        lists.push((0..count).map(|_| field()).collect::<Option<Vec<String>>>()?);
    }
    let count: usize = field()?.parse().ok()?;
    let sizes = (0..count).map(|_| Some((field()?, field()?.parse().ok()?))).collect::<Option<Vec<_>>>()?;
    let text = field()?;
    if !fields.done() {
        return None;
    }
    let warnings = lists.pop()?;
    let foreign_warnings = lists.pop()?;
    let allowed = lists.pop()?;
    let sources = lists.pop()?;
    let pruned = Pruned { removed, allowed };
    Some(Bundle { sources, pruned, foreign_warnings, warnings, layout, rounds, sizes, text })
}

#[cfg(test)]
mod tests {
    use super::super::testing::Project;
    use super::*;

    /// A made-up project bundled through a store: the second request returns the stored bundle
    /// (the same in every field), a stored file that is changed by hand is what is returned (so
    /// it was read, not made again), but not with another revision in its header; once a library
    /// file changes, the key changes and the bundle is made again, from the new sources.
    #[test]
    fn a_stored_bundle_is_reused_only_for_the_same_sources() {
        let lib = "pub mod a;\n";
        let a = "pub fn f() -> u32 {\n    1\n}\npub fn unused() {}\n";
        let main = "fn main() {\n    println!(\"{}\", graph_games::a::f());\n}\n";
        let project = Project::new(
            "store",
            &[
                ("Cargo.toml", "[package]\nname = \"graph_games\"\n"),
                ("src/lib.rs", lib),
                ("src/a.rs", a),
                ("main.rs", main),
            ],
        );
        let store = project.0.join("store");
        let options = Options::default();
        let made = stored_bundle(&store, &project.0, "main.rs", &options).unwrap();
        assert!(made.text.contains("fn f()") && !made.text.contains("fn unused"), "{}", made.text);
        let key = key(&project.0, "main.rs", &options).unwrap();
        let stored = store.join(format!("{key}.bundle"));
        let again = stored_bundle(&store, &project.0, "main.rs", &options).unwrap();
        assert_eq!(format!("{made:?}"), format!("{again:?}"));
        let marked = String::from_utf8(fs::read(&stored).unwrap()).unwrap().replace("fn f()", "fn g()");
        fs::write(&stored, marked).unwrap();
        let read = stored_bundle(&store, &project.0, "main.rs", &options).unwrap();
        assert!(read.text.contains("fn g()"), "the stored bundle was not the one returned");
        // A header whose revision is not git's now is made again.
        let stale =
            fs::read_to_string(&stored).unwrap().replace(", outside any git checkout.", ", commit 0.");
        fs::write(&stored, stale).unwrap();
        let remade = stored_bundle(&store, &project.0, "main.rs", &options).unwrap();
        assert_eq!(format!("{made:?}"), format!("{remade:?}"));
        fs::write(project.0.join("src/a.rs"), a.replace('1', "2")).unwrap();
        assert_ne!(key, super::key(&project.0, "main.rs", &options).unwrap());
        let remade = stored_bundle(&store, &project.0, "main.rs", &options).unwrap();
        assert!(remade.text.contains("fn f()") && remade.text.contains("\t2\n"), "{}", remade.text);
        // Other options are another key.
        let docs = Options { docs: true, max_bytes: None, ..Options::default() };
        assert_ne!(
            super::key(&project.0, "main.rs", &options).unwrap(),
            super::key(&project.0, "main.rs", &docs).unwrap()
        );
        // A file cut short is no bundle.
        let key = super::key(&project.0, "main.rs", &options).unwrap();
        assert!(decode(&key, &encode(&key, &remade)[..20]).is_none());
        assert_eq!(format!("{:?}", decode(&key, &encode(&key, &remade)).unwrap()), format!("{remade:?}"));
    }

    /// A made-up library and two programs on it, `one.rs` and `two.rs`, that differ in a word.
    fn two_programs(name: &str) -> Project {
        let main = |word: &str| {
            format!("fn main() {{\n    println!(\"{{}}\", graph_games::a::f(\"{word}\"));\n}}\n")
        };
        Project::new(
            name,
            &[
                ("Cargo.toml", "[package]\nname = \"graph_games\"\n"),
                ("src/lib.rs", "pub mod a;\n"),
                ("src/a.rs", "pub fn f(word: &str) -> String {\n    word.to_string()\n}\n"),
                ("one.rs", &main("one")),
                ("two.rs", &main("two")),
            ],
        )
    }

    /// A store that cannot take a bundle (a full disk; here a folder where the file would go, so
    /// that the rename fails) costs the reuse, not the bundle, and leaves nothing behind: no
    /// `.partial` file piles up in it, run after run.
    #[test]
    fn a_failed_write_leaves_no_partial_file() {
        let project = two_programs("store_partial");
        let store = project.0.join("store");
        let options = Options::default();
        let key = key(&project.0, "one.rs", &options).unwrap();
        fs::create_dir_all(store.join(format!("{key}.bundle")).join("in_the_way")).unwrap();
        let made = stored_bundle(&store, &project.0, "one.rs", &options).unwrap();
        assert!(made.text.contains("\"one\""), "{}", made.text);
        let left: Vec<String> = fs::read_dir(&store)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".partial"))
            .collect();
        assert!(left.is_empty(), "left in the store: {left:?}");
    }

    /// A file of the store is the bundle of its own key only: one put at another key's name (a
    /// copy, a link, a file renamed by hand) is no bundle of that key, and is made again.
    #[test]
    fn a_stored_file_under_another_keys_name_is_not_served() {
        let project = two_programs("store_other_key");
        let store = project.0.join("store");
        let options = Options::default();
        let one = stored_bundle(&store, &project.0, "one.rs", &options).unwrap();
        let two = stored_bundle(&store, &project.0, "two.rs", &options).unwrap();
        assert!(one.text.contains("\"one\"") && two.text.contains("\"two\""));
        let path = |main: &str| store.join(format!("{}.bundle", key(&project.0, main, &options).unwrap()));
        fs::copy(path("two.rs"), path("one.rs")).unwrap();
        let again = stored_bundle(&store, &project.0, "one.rs", &options).unwrap();
        assert_eq!(format!("{again:?}"), format!("{one:?}"), "two.rs's bundle was served for one.rs");
    }

    /// A program bundled in two layouts is pruned once: the second bundle runs rustc only for its
    /// own checks (its one edition, here and for other targets), never for pruning's rounds; the
    /// two hold the same library, laid out each its way. The stand-in rustc counts its runs,
    /// then runs the real one.
    #[cfg(unix)]
    #[test]
    fn one_program_in_two_layouts_is_pruned_once() {
        use std::os::unix::fs::PermissionsExt;
        let real = Options::default().rustc;
        let script = format!("#!/bin/sh\necho run >> \"$(dirname \"$0\")/runs\"\nexec '{real}' \"$@\"\n");
        let lib = "pub mod a;\n";
        let a = "pub fn f(x: u32) -> u32 {\n    if x > 1 {\n        x * 2\n    } else {\n        g()\n    }\n}\n\
                 fn g() -> u32 {\n    7\n}\npub fn unused() -> u32 {\n    h()\n}\nfn h() -> u32 {\n    8\n}\n";
        let main = "fn main() {\n    println!(\"{}\", graph_games::a::f(3));\n}\n";
        let project = Project::new(
            "pruned_once",
            &[("fake-rustc", &script), ("src/lib.rs", lib), ("src/a.rs", a), ("main.rs", main)],
        );
        let fake = project.0.join("fake-rustc");
        fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
        let runs = || fs::read_to_string(project.0.join("runs")).map_or(0, |text| text.lines().count());
        let options = |layout| Options {
            rustc: fake.display().to_string(),
            editions: vec!["2021".to_string()],
            layout: Some(layout),
            ..Options::default()
        };
        let revision = |_: &[String]| "here".to_string();
        let indented = bundle(&project.0, "main.rs", &options(Layout::Indented), revision).unwrap();
        let first = runs();
        let joined = bundle(&project.0, "main.rs", &options(Layout::Joined), revision).unwrap();
        let second = runs() - first;
        // Its checks: the bundle in its edition (one process: no target `cfg`, the foreign copy is
        // the same text), and the host's `cfg` asked of the rustc. Pruning took two or more.
        assert!(second <= 2, "{second} rustc runs for a bundle already pruned ({first} the first time)");
        assert!(first >= second + 2, "the first bundle pruned in {first} runs, the second in {second}");
        assert!(indented.text.contains("fn g()") && !indented.text.contains("fn h()"), "{}", indented.text);
        assert!(joined.text.contains("fn g()->u32{7}") && !joined.text.contains("fn h()"), "{}", joined.text);
        assert_eq!(indented.pruned.removed, joined.pruned.removed);
    }

    /// The key covers every source file of the bundler: the list is the folder's.
    #[test]
    fn the_key_covers_every_bundler_source() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut on_disk: Vec<String> = fs::read_dir(&folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".rs"))
            .collect();
        on_disk.sort();
        let listed: Vec<String> = BUNDLER_SOURCES.iter().map(|(name, _)| name.to_string()).collect();
        assert_eq!(listed, on_disk);
        for (name, text) in BUNDLER_SOURCES {
            assert_eq!(fs::read_to_string(folder.join(name)).unwrap(), text, "{name}");
        }
    }

    /// Attack (attack-ci): `pruned_once`'s key is the candidate's text, but the pruned library it
    /// hands back also carries the span table of the first request, whose file numbers count the
    /// user's own files before the library's. The same `main.rs`, first with its module `h` in
    /// `h.rs`, then (rewritten in the same process) with that module written inline, makes the
    /// same candidate text with one user file fewer: the second bundle's `sources` (the header's
    /// file list) are then read through the first's numbering. Oracle: the library function the
    /// program calls is in `src/b.rs`, so a bundle that holds it must list `src/b.rs`.
    #[test]
    fn a_pruned_library_served_to_a_program_with_fewer_own_files_keeps_its_files() {
        let lib = "pub mod a;\npub mod b;\n";
        let a = "pub fn fa() -> u32 {\n    1\n}\n";
        let b = "pub fn fb() -> u32 {\n    2\n}\n";
        let main = "mod h;\nfn main() {\n    println!(\"{}\", h::g());\n}\n";
        let h = "pub fn g() -> u32 {\n    graph_games::b::fb()\n}\n";
        let project = Project::new(
            "attack_ci_pruned_spans",
            &[("src/lib.rs", lib), ("src/a.rs", a), ("src/b.rs", b), ("main.rs", main), ("h.rs", h)],
        );
        let options = Options { editions: vec!["2021".to_string()], ..Options::default() };
        let revision = |_: &[String]| "here".to_string();
        let split = bundle(&project.0, "main.rs", &options, revision).unwrap();
        assert!(split.sources.iter().any(|s| s.ends_with("/b.rs")), "{:?}", split.sources);
        // The user's part of that bundle, as one file: main.rs with `h` inline.
        let code = super::super::testing::code_of(&split.text);
        let inline = &code[..code.find("mod graph_games").expect("the library module")];
        // The read stage wrote the library's path `crate::graph_games`: the source says `graph_games`.
        let inline = inline.replace("crate::graph_games", "graph_games");
        fs::write(project.0.join("main.rs"), inline).unwrap();
        fs::remove_file(project.0.join("h.rs")).unwrap();
        let whole = bundle(&project.0, "main.rs", &options, revision).unwrap();
        assert!(whole.text.contains("fn fb()"), "{}", whole.text);
        assert!(
            whole.sources.iter().any(|s| s.ends_with("/b.rs")),
            "the bundle holds src/b.rs's fb but lists {:?}:\n{}",
            whole.sources,
            whole.text
        );
    }
}
