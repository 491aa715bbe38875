//! Bundles a program written against graph_games into one self-contained source file for online
//! judges (`make bundle`). A judge takes one file, but a program here is a main over the library,
//! whose modules live in files and folders. Its bundle is the main followed by the library as an
//! inline module, `mod graph_games { pub mod cli { .. } pub mod input { mod scanner { .. } .. } }`,
//! nested as in the folders, holding only the modules the main needs, and of them only the items
//! it uses. The main may be any file that uses the library: a judge program of `src/bin/`, an
//! example, or a contestant's own file anywhere, with its own crate attributes, macros and modules.
//!
//! The stages, one module each, in the order they run:
//! - [`lex`]: Rust source into tokens that cover it exactly (tools/bundle/tests/layout.rs reads the house rules with it);
//! - [`cfg`](mod@cfg): what a bundle builds (no unit tests, no cargo feature), and what other targets do;
//! - [`inline`]: the files read and inlined, their paths rewritten;
//! - [`prune`]: the library's unused items cut, as rustc tells them ([`rustc`], [`json`]), and its
//!   unused impls of std traits, tried away ([`impls`]), and the imports nothing can use, found in
//!   the text ([`imports`]); then the derives no program uses ([`derives`]);
//! - [`text`]: comments, blank lines, indentation and the size fallbacks; the header's file list;
//! - [`rename`]: the last size fallback, the library's own names shortened;
//! - [`assemble`]: the stages in order, the header, and the checks (size, editions, targets);
//! - [`store`]: with `--store DIR`, a bundle made once from the same inputs is reused; [`kept`]: a
//!   pruned library too, whatever the layout and size limit then asked of it.
//!
//! Beneath them, [`items`] finds items and imports in tokens, and [`mapped`] keeps the span table:
//! every byte of a bundle knows the file, line and column it came from, so an error in the user's
//! code is told where the user wrote it.
//!
//! A crate of the workspace: this library, and the `bundle` command (`src/main.rs`, [`run`]); its
//! tests (`tools/bundle/tests/bundle.rs`) bundle every program and judge the bundles.
//! Cost: linear in the sources for the text work; a few rustc type-checks per bundle, the two
//! targets' copies at once; a thread a core, and no more rustc processes at once than cores
//! ([`rustc::rustc_slots`]). Written for rustc 1.63 (`make msrv`).

pub mod assemble;
pub mod cfg;
pub mod debug_checks;
pub mod declared;
pub mod derives;
pub mod impls;
pub mod import_kinds;
pub mod imports;
pub mod inline;
pub mod items;
pub mod json;
pub mod judges;
pub mod kept;
pub mod lex;
pub mod mapped;
pub mod prune;
pub mod reach;
pub mod reach_read;
pub mod rename;
pub mod rustc;
pub mod store;
pub mod text;

use assemble::{bundle, git_revision, Bundle, Failed, Layout, Options, EDITIONS, MAX_BUNDLE_BYTES};
use cfg::Config;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

const USAGE: &str = "usage: bundle [--out DIR | --out-file FILE] [--docs] [--judge NAME | --limit BYTES]
              [--sizes] [--editions E,E..] [--layout L] [--store DIR] [PROGRAM|MAIN.rs...]
  From the project root; the default is every judge program of src/bin/ and every examples/*.rs,
  into target/bundle/, but those over the size cap in every layout (each named on a line). A
  PROGRAM is src/bin/PROGRAM.rs or examples/PROGRAM.rs; a MAIN.rs is any main file using the
  library, anywhere (its `mod x;` files beside it go in too).
  The bundle of MAIN.rs is DIR/NAME.rs, NAME being MAIN's file name, or for a main.rs its
  folder's (its crate's: a/main.rs and a/src/main.rs give a.rs), with each character but
  A-Z a-z 0-9 _ made _ (and _ before a leading digit): `my prog.rs` gives my_prog.rs, a crate
  name rustc takes. Two mains of one name in a run are an error (name one with --out-file).
  A bundle that fails its checks is kept as DIR/failed/NAME.rs, to inspect; errors and warnings
  are told at the source file, line and column.
  --out-file    write the one bundle asked for to FILE instead (its failed copy: failed/ beside it)
  --docs        keep the comments and docs (no size limit unless --judge or --limit)
  --judge       the size limit of that judge: JUDGES (docs/bundling.md says where each comes from)
  --limit       the largest bundle accepted, in bytes. Default: 49152 (48 KiB, the project's own
                rule, leaving room for edits) for a PROGRAM, 65536 (Codeforces') for a MAIN.rs
  --sizes       after each bundle's line, the bytes each part adds to it: the header, your files,
                each library module (by its path), the largest first; they add up to its size
  --editions    the editions each bundle must compile in (of 2018,2021,2024; default all three)
  --layout      the library part's layout, whatever the size: indented, unindented (no
                indentation), tight (nor the spaces between tokens that may touch), joined (nor
                the line breaks between them) or short (and the library's own names shortened,
                where it still compiles). Default: the first that fits (a bundle's line tells a
                layout other than indented). Your code is never touched: it stays as you wrote it.
  --store       reuse a bundle made from the same inputs and kept in DIR (the bundler's code, the
                rustc, the options, every file read and its git status), else make it and keep it
                there (make test and make msrv share theirs so)
  The rustc used is $RUSTC, else `rustc`. Exit status: 0 done, 2 an error (one line each).";

/// The usage, its list of judges filled in.
fn usage() -> String {
    let judges: Vec<String> =
        judges::JUDGES.iter().map(|j| format!("{} {}", j.names.join("/"), j.bytes)).collect();
    USAGE.replace("JUDGES", &judges.join(", "))
}

/// A main to bundle: its file, and whether it is the user's own (a `MAIN.rs` given by its path,
/// held to a judge's limit) or a program of the project's (by its name, held to 48 KiB).
struct Main {
    file: String,
    users: bool,
}

/// What the command line asks for.
struct Request {
    out_dir: String,
    out_file: Option<String>,
    /// The limit given (`--judge`, `--limit`), if any.
    limit: Option<usize>,
    sizes: bool,
    options: Options,
    mains: Vec<Main>,
    /// Where bundles are kept and reused (`--store`).
    store: Option<String>,
}

/// The command line, every argument checked; `None` for `--help`.
fn parse(args: &[String], root: &Path) -> Result<Option<Request>, String> {
    let mut out_dir = "target/bundle".to_string();
    let mut options = Options::default();
    let (mut out_file, mut limit, mut limit_flag, mut sizes, mut names) =
        (None, None, None, false, Vec::new());
    let mut store = None;
    let mut flags_given = std::collections::BTreeSet::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| match args.next() {
            Some(v) if !v.is_empty() && !v.starts_with("--") => Ok(v.clone()),
            _ => Err(format!("{flag} needs a value")),
        };
        // A flag that takes a value takes one (`--out` and `--out-file` both name the output).
        let flag = if arg == "--out-file" { "--out" } else { arg.as_str() };
        let once = ["--out", "--judge", "--limit", "--editions", "--layout", "--store"];
        if once.contains(&flag) && !flags_given.insert(flag) {
            return Err(match flag {
                "--out" => "--out and --out-file name the output: give one of them, once".to_string(),
                _ => format!("{arg} is given twice: give it once"),
            });
        }
        match arg.as_str() {
            "--out" => out_dir = value(arg)?,
            "--out-file" => out_file = Some(value(arg)?),
            "--docs" => options.docs = true,
            "--store" => store = Some(value(arg)?),
            "--sizes" => sizes = true,
            "--judge" | "--limit" => {
                let given = value(arg)?;
                if let Some(before) = limit_flag.filter(|&f| f != arg.as_str()) {
                    return Err(format!("{before} and {arg} both set the size limit: give one"));
                }
                limit_flag = Some(if arg == "--judge" { "--judge" } else { "--limit" });
                limit = Some(if arg == "--judge" {
                    judges::judge(&given)?.bytes
                } else {
                    judges::limit(&given)?
                });
            }
            "--editions" => {
                options.editions = value(arg)?.split(',').map(|e| e.trim().to_string()).collect();
                if let Some(bad) = options.editions.iter().find(|e| !EDITIONS.contains(&e.as_str())) {
                    return Err(format!("--editions: `{bad}` is not one of {}", EDITIONS.join(", ")));
                }
            }
            "--layout" => {
                let given = value(arg)?;
                let named = Layout::NAMED.iter().find(|(name, _)| *name == given);
                let names: Vec<&str> = Layout::NAMED.iter().map(|(name, _)| *name).collect();
                let bad = format!("--layout: `{given}` is not one of {}", names.join(", "));
                options.layout = Some(named.ok_or(bad)?.1);
            }
            "--help" | "-h" => return Ok(None),
            flag if flag.starts_with('-') => return Err(format!("unknown flag `{flag}` (see --help)")),
            name => names.push(name.to_string()),
        }
    }
    if names.is_empty() {
        if out_file.is_some() {
            return Err("--out-file names one bundle: give one PROGRAM or MAIN.rs".to_string());
        }
        names = inline::programs(root)?;
        for (name, why) in inline::programs_left_out(root) {
            say(&format!("{name}: not bundled: {why}"))?;
        }
    }
    if out_file.is_some() && names.len() > 1 {
        return Err(format!("--out-file names one bundle, but {} mains are given", names.len()));
    }
    let mut mains: Vec<Main> = Vec::new();
    for name in names {
        let users = name.ends_with(".rs");
        let main = if users {
            Some(name.clone()).filter(|n| root.join(n).is_file())
        } else {
            inline::program_main(root, &name)
        };
        let missing = "no such file (a main file, or a program of src/bin/ or examples/)";
        let file = main.ok_or(format!("`{name}`: {missing}"))?;
        if out_file.is_none() {
            if let Some(other) =
                mains.iter().find(|m| assemble::crate_name(&m.file) == assemble::crate_name(&file))
            {
                return Err(format!(
                    "`{}` and `{file}` would both be bundled as {out_dir}/{}.rs: bundle them one at a time, \
                     each with its --out-file",
                    other.file,
                    assemble::crate_name(&file)
                ));
            }
        }
        mains.push(Main { file, users });
    }
    Ok(Some(Request { out_dir, out_file, limit, sizes, options, mains, store }))
}

/// The size limit `main` is held to: the one given, else none with `--docs`, else the project's
/// cap for its own programs and Codeforces' for a user's file.
fn limit_of(main: &Main, given: Option<usize>, docs: bool) -> Option<usize> {
    match given {
        Some(bytes) => Some(bytes),
        None if docs => None,
        None if main.users => Some(judges::default_for_users()),
        None => Some(MAX_BUNDLE_BYTES),
    }
}

/// Where the bundle of `main` goes, and its copy if it fails its checks.
fn outputs(main: &str, out: &Path, out_file: Option<&str>) -> (PathBuf, PathBuf) {
    match out_file {
        Some(file) => {
            let file = Path::new(file);
            let folder = file.parent().unwrap_or(Path::new(""));
            (file.to_path_buf(), folder.join("failed").join(file.file_name().unwrap_or_default()))
        }
        None => {
            let name = format!("{}.rs", assemble::crate_name(main));
            (out.join(&name), out.join("failed").join(&name))
        }
    }
}

/// Whether `a` and `b` name one existing file (through links too: writing to `a` changes `b`).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(a), fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Whether the file at `path` is a bundle: its header's first line (see [`assemble::bundle`]).
fn is_a_bundle(path: &Path) -> bool {
    let text = fs::read(path).unwrap_or_default();
    let first = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(first);
    first.starts_with("// ") && first.contains(": `make bundle` of ")
}

/// Writes `text` and a newline to the standard output: a closed pipe ends the run quietly; a closed
/// or full stdout is an error. (To the descriptor itself: Rust's `stdout()` swallows a closed one.)
fn say(text: &str) -> Result<(), String> {
    #[cfg(unix)]
    let written = {
        use std::os::unix::io::FromRawFd;
        // Borrowed, never closed: the descriptor is the process's own.
        let stdout = std::mem::ManuallyDrop::new(unsafe { fs::File::from_raw_fd(1) });
        (&*stdout).write_all(format!("{text}\n").as_bytes())
    };
    #[cfg(not(unix))]
    let written = std::io::stdout().write_all(format!("{text}\n").as_bytes());
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        written => written.map_err(|e| format!("the standard output: {e}")),
    }
}

/// Whether the standard output was closed when the bundler started: Rust's runtime then opens
/// `/dev/null` read-write in its place (a shell's `> /dev/null` opens it write-only). Linux only.
fn stdout_closed() -> bool {
    let info = fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
    let flags = info.lines().find_map(|l| u32::from_str_radix(l.strip_prefix("flags:")?.trim(), 8).ok());
    fs::read_link("/proc/self/fd/1").map_or(false, |t| t == Path::new("/dev/null"))
        && flags.map_or(false, |f| f & 3 == 2)
}

/// The whole tool, on the arguments after the program name: `Err` holds the error lines' text
/// (`src/main.rs` prints it and exits 2).
pub fn run(args: &[String]) -> Result<(), String> {
    if stdout_closed() {
        return Err("the standard output is closed".to_string());
    }
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        return say(&usage());
    }
    let root = Path::new(".");
    // The library is read from the current folder: it must be the project's root.
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    if !manifest.lines().any(|line| line.trim() == r#"name = "graph_games""#)
        || !root.join("src/lib.rs").is_file()
    {
        return Err(
            "run it from the project's root, the folder of graph_games's Cargo.toml and src/lib.rs".into()
        );
    }
    let Request { out_dir, out_file, limit, sizes, options, mains, store } = match parse(args, root)? {
        Some(request) => request,
        None => return say(&usage()),
    };
    let out = Path::new(&out_dir);
    // Nothing is written (nor removed) over a file a bundle is made from.
    for main in &mains {
        let read = inline::files_read(root, &main.file);
        let (path, failed_path) = outputs(&main.file, out, out_file.as_deref());
        for output in [path, failed_path] {
            if let Some(input) = read.iter().find(|input| same_file(&output, input)) {
                return Err(format!(
                    "{}: the bundle of {} would be written over {}, a file it is made from: \
                     write it elsewhere (--out DIR, --out-file FILE)",
                    output.display(),
                    main.file,
                    input.display()
                ));
            }
        }
    }
    let folder = match &out_file {
        Some(file) => {
            Path::new(file).parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
        }
        None => out,
    };
    fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    // A thread a core, each taking the next main: rustc does most of the work, several times for
    // each (and no more rustc processes run at once than there are cores: rustc::rustc_slots).
    let next = std::sync::atomic::AtomicUsize::new(0);
    let made: Vec<Result<Bundle, Failed>> = std::thread::scope(|scope| {
        let worker = || {
            let mut done = Vec::new();
            loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let main = match mains.get(k) {
                    Some(main) => main,
                    None => return done,
                };
                let options = Options { max_bytes: limit_of(main, limit, options.docs), ..options.clone() };
                let made = match &store {
                    Some(store) => store::stored_bundle(Path::new(store), root, &main.file, &options),
                    None => bundle(root, &main.file, &options, |files| git_revision(root, files)),
                };
                done.push((k, made));
            }
        };
        let workers: Vec<_> =
            (0..rustc::rustc_slots().min(mains.len()).max(1)).map(|_| scope.spawn(worker)).collect();
        let mut made: Vec<Option<Result<Bundle, Failed>>> = mains.iter().map(|_| None).collect();
        for worker in workers {
            // A worker that panicked leaves its mains unmade: each is told so below.
            for (k, bundle) in worker.join().unwrap_or_default() {
                made[k] = Some(bundle);
            }
        }
        let panicked = || Err(Failed::from("the bundler panicked".to_string()));
        made.into_iter().map(|bundle| bundle.unwrap_or_else(panicked)).collect()
    });
    let (mut failed, mut foreign_warnings, mut warnings) = (Vec::new(), 0, 0);
    let write =
        |path: &Path, text: &str| fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()));
    for (main, made) in mains.iter().zip(made) {
        let main = &main.file;
        let (path, failed_path) = outputs(main, out, out_file.as_deref());
        let bundle = match made {
            Ok(bundle) => bundle,
            Err(Failed { message, text }) => {
                // No stale bundle of an older source stays at the usual path (only a bundle: a
                // file of the user's there is not the bundler's to remove).
                if is_a_bundle(&path) {
                    let _ = fs::remove_file(&path);
                }
                let mut kept = String::new();
                if let Some(text) = text {
                    let folder = failed_path.parent().unwrap_or(Path::new("."));
                    fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
                    write(&failed_path, &text)?;
                    kept = format!(" (the bundle, kept to inspect: {})", failed_path.display());
                }
                let (first, rest) = message.split_once('\n').unwrap_or((&message, ""));
                let rest = if rest.is_empty() { String::new() } else { format!(":\n{rest}") };
                failed.push(format!("{main}: {}{kept}{rest}", first.trim_end_matches(':')));
                continue;
            }
        };
        write(&path, &bundle.text)?;
        let _ = fs::remove_file(&failed_path);
        let cut = bundle.pruned.removed;
        let mut laid = bundle.layout.told().map_or(String::new(), |how| format!("; {how}"));
        if bundle.rounds > 0 {
            let s = if bundle.rounds == 1 { "" } else { "s" };
            laid = format!("{laid}, compiled in {} round{s}", bundle.rounds);
        }
        say(&format!(
            "{:<36} {:>6} bytes  ({}; {cut} unused items cut{laid})",
            path.display(),
            bundle.text.len(),
            text::brace_list(&bundle.sources[1..])
        ))?;
        if sizes {
            say(&format!("  its bytes by part (the largest first; they add up to {}):", bundle.text.len()))?;
            for (part, bytes) in &bundle.sizes {
                say(&format!("  {bytes:>8}  {part}"))?;
            }
        }
        for warning in &bundle.warnings {
            say(&format!("  in your code: {warning}"))?;
        }
        for warning in &bundle.foreign_warnings {
            say(&format!("  on other targets: {warning}"))?;
        }
        foreign_warnings += bundle.foreign_warnings.len();
        warnings += bundle.warnings.len();
    }
    if !failed.is_empty() {
        return Err(failed.join("\nerror: "));
    }
    let count = |n: usize, what: &str| match n {
        0 => format!("without a warning{what}"),
        1 => format!("with the warning above{what}"),
        n => format!("with the {n} warnings above{what}"),
    };
    say(&format!(
        "every bundle compiles in editions {} {}, and for targets other than {} {}",
        options.editions.join(", "),
        count(warnings, if warnings > 0 { " (in your code)" } else { "" }),
        Config::host(&options.rustc)?.target_name(),
        count(foreign_warnings, "")
    ))
}

#[cfg(test)]
mod testing;

#[cfg(test)]
mod tests {
    use super::*;

    /// `--layout` takes a layout's name, and only that; without it, the layout is as needed.
    #[test]
    fn the_layout_is_forced_by_name() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let args = |list: &[&str]| -> Vec<String> { list.iter().map(|a| a.to_string()).collect() };
        let layout = |list: &[&str]| parse(&args(list), &root).map(|r| r.map(|r| r.options.layout));
        assert_eq!(layout(&["graph_game"]), Ok(Some(None)));
        for (name, named) in Layout::NAMED {
            assert_eq!(layout(&["--layout", name, "graph_game"]), Ok(Some(Some(named))));
        }
        let bad = layout(&["--layout", "tightest", "graph_game"]).unwrap_err();
        assert_eq!(bad, "--layout: `tightest` is not one of indented, unindented, tight, joined, short");
        assert_eq!(layout(&["graph_game", "--layout"]).unwrap_err(), "--layout needs a value");
        for twice in [
            &["--judge", "cf", "--judge", "cses"][..],
            &["--limit", "100", "--limit", "200"],
            &["--out", "a", "--out", "b"],
            &["--out-file", "a.rs", "--out-file", "b.rs"],
            &["--out", "a", "--out-file", "b.rs"],
            &["--out-file", "b.rs", "--out", "a"],
            &["--layout", "tight", "--layout", "short"],
            &["--store", "a", "--store", "b"],
        ] {
            let err = layout(&[twice, &["graph_game"]].concat()).unwrap_err();
            assert!(err.contains("twice") || err.contains("once"), "{err}");
        }
    }
}
