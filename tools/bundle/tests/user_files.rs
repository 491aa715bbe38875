//! A user's own file bundled (`make bundle SRC=..`): the Linear Clobber solution of
//! tests/contest/clobber.rs, written as contestants write, is in its bundle byte for byte in every
//! layout and, compiled, answers as a product-space minimax written here (sharing no code with the
//! library); `--sizes` adds up to the bundle and follows its modules; the size limit is a judge's
//! (`--judge`, `--limit`, Codeforces' by default), every argument checked; a `main.rs` is named
//! after its folder, and two mains of one name in a run are refused.

use bundle::assemble::{self, crate_name, Layout, Options};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().find(|d| d.join("src/lib.rs").is_file() && d.join("inputs").is_dir()).unwrap().into()
}

const CLOBBER: &str = "tools/bundle/tests/contest/clobber.rs";

/// A scratch folder of this test process, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("graph_games_user_files_{}_{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The bundle command, run from the project's root.
fn bundle_command(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bundle")).args(args).current_dir(root()).output().unwrap()
}

fn made(layout: Layout) -> assemble::Bundle {
    let options = Options {
        editions: vec!["2021".to_string()],
        // Room for every layout (the indented one is 72 KB since the sums' stages joined the
        // library): this is about the user's bytes, not the limit (the test below is).
        max_bytes: Some(128 * 1024),
        layout: Some(layout),
        ..Options::default()
    };
    bundle::store::stored_bundle(&store(), &root(), CLOBBER, &options)
        .unwrap_or_else(|e| panic!("{layout:?}: {}", e.message))
}

/// The store of this crate's bundles of the Clobber file (cargo's folder for the tests' files):
/// its library, pruned once in this process by [`made`], is read there by the bundle command's
/// runs of `a_users_file_is_held_to_a_judges_limit` (kept only while every input is the same:
/// tools/bundle/src/store.rs).
fn store() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("user_files_store")
}

/// A tiny PRNG (splitmix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }
}

/// Whether the player to move (`left`: Left, with `x`) wins the sum of `rows` of Clobber, by
/// trying every move of every row: a plain minimax over the whole position, memoised.
fn wins(rows: &[Vec<u8>], left: bool, memo: &mut HashMap<(Vec<Vec<u8>>, bool), bool>) -> bool {
    if let Some(&known) = memo.get(&(rows.to_vec(), left)) {
        return known;
    }
    let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut won = false;
    'moves: for r in 0..rows.len() {
        for i in 0..rows[r].len() {
            for j in [i.wrapping_sub(1), i + 1] {
                if rows[r][i] == me && j < rows[r].len() && rows[r][j] == them {
                    let mut next = rows.to_vec();
                    next[r][i] = b'.';
                    next[r][j] = me;
                    if !wins(&next, !left, memo) {
                        won = true;
                        break 'moves;
                    }
                }
            }
        }
    }
    memo.insert((rows.to_vec(), left), won);
    won
}

fn compiled(text: &str, dir: &Path, name: &str) -> PathBuf {
    let (source, executable) = (dir.join(format!("{name}.rs")), dir.join(name));
    fs::write(&source, text).unwrap();
    let rustc = std::env::var("RUSTC").ok().filter(|r| !r.is_empty()).unwrap_or_else(|| "rustc".into());
    let out =
        Command::new(rustc).args(["--edition", "2021", "-O", "-o"]).arg(&executable).arg(&source).output();
    let out = out.unwrap();
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    executable
}

/// The Clobber solution's own bytes, all of them (comments, blank lines, its two-space indentation
/// and its tab), are in its bundle as written, in every layout, while the library's part is laid
/// out as asked; compiled (the indented and the short bundle), it answers 150 random sums of up to
/// 3 rows of up to 5 cells as the minimax does.
#[test]
fn a_contest_file_is_in_its_bundle_byte_for_byte_in_every_layout_and_answers_right() {
    let file = fs::read_to_string(root().join(CLOBBER)).unwrap();
    assert!(file.contains("\n\t") && file.contains("\n  let"), "the file's distinctive layout");
    let mut library_sizes = Vec::new();
    let mut texts = HashMap::new();
    for (name, layout) in Layout::NAMED {
        let bundle = made(layout);
        assert!(bundle.text.contains(file.trim_end()), "{name}: the user's code changed:\n{}", bundle.text);
        library_sizes.push(bundle.text.len() - file.trim_end().len());
        texts.insert(name, bundle.text);
    }
    assert!(library_sizes.windows(2).all(|w| w[1] < w[0]), "each layout compacts more: {library_sizes:?}");
    let dir = scratch("clobber");
    let programs = [compiled(&texts["indented"], &dir, "indented"), compiled(&texts["short"], &dir, "short")];
    let mut rng = Rng(51);
    let mut classes = HashMap::new();
    for round in 0..150 {
        let rows: Vec<Vec<u8>> = (0..1 + rng.below(3))
            .map(|_| (0..1 + rng.below(5)).map(|_| b"xo."[rng.below(3)]).collect())
            .collect();
        let mut memo = HashMap::new();
        let expected = match (wins(&rows, true, &mut memo), wins(&rows, false, &mut memo)) {
            (true, true) => "First",
            (true, false) => "Left",
            (false, true) => "Right",
            (false, false) => "Second",
        };
        *classes.entry(expected).or_insert(0) += 1;
        let input: String = std::iter::once(rows.len().to_string())
            .chain(rows.iter().map(|r| String::from_utf8(r.clone()).unwrap()))
            .map(|l| l + "\n")
            .collect();
        for program in &programs {
            let mut child = Command::new(program)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
            let out = child.wait_with_output().unwrap();
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                format!("{expected}\n"),
                "round {round}:\n{input}"
            );
        }
    }
    assert!(classes.len() == 4 && classes.values().all(|&n| n >= 10), "{classes:?}");
    let _ = fs::remove_dir_all(dir);
}

/// The span of the module body opening at byte `open` (a `{`): up to its matching `}`, inclusive.
/// The library's part holds no comments, and its strings and chars are skipped.
fn body_end(text: &[u8], open: usize) -> usize {
    let (mut depth, mut i) = (0usize, open);
    loop {
        match text[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b'"' => {
                i += 1;
                while text[i] != b'"' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if text.get(i + 2) == Some(&b'\'') || text.get(i + 1) == Some(&b'\\') => {
                i += 1;
                while text[i] != b'\'' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// Each module's own bytes, read off the bundle's braces: its body (`{` excluded, `}` included)
/// less its child modules' bodies; `graph_games` from its `mod` on.
fn structural_sizes(text: &str) -> HashMap<String, usize> {
    let bytes = text.as_bytes();
    let root = text.find("\nmod graph_games").unwrap() + 1;
    let mut sizes = HashMap::new();
    // (path, body start, body end), found by a walk over `mod NAME {` in the library's part.
    let mut stack: Vec<(String, usize)> = vec![("graph_games".to_string(), text.len())];
    sizes.insert("graph_games".to_string(), text.len() - root);
    let mut i = root + text[root..].find('{').unwrap() + 1;
    while let Some(at) = text[i..].find("mod ").map(|k| k + i) {
        let name_end =
            at + 4 + text[at + 4..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap();
        i = name_end;
        let word_start = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if !word_start || !text[name_end..].trim_start().starts_with('{') {
            continue;
        }
        let open = name_end + text[name_end..].find('{').unwrap();
        let end = body_end(bytes, open);
        while stack.last().unwrap().1 < end {
            stack.pop();
        }
        let path = format!("{}::{}", stack.last().unwrap().0, &text[at + 4..name_end]);
        *sizes.get_mut(&stack.last().unwrap().0).unwrap() -= end - open - 1;
        sizes.insert(path.clone(), end - open - 1);
        stack.push((path, end));
    }
    sizes
}

/// `--sizes`: the parts add up to the bundle's size exactly; the header's and the user's code's
/// are theirs to the byte; each library module's is its share of the bundle's braces (its body
/// less its children's) to within the few bytes of its `mod x {` wrapper, which the sizes count
/// to the module before (in every layout: indented and joined tried).
#[test]
fn sizes_add_up_to_the_bundle_and_follow_its_modules() {
    let file = fs::read_to_string(root().join(CLOBBER)).unwrap();
    for layout in [Layout::Indented, Layout::Joined] {
        let bundle = made(layout);
        let total: usize = bundle.sizes.iter().map(|(_, bytes)| bytes).sum();
        assert_eq!(total, bundle.text.len(), "{layout:?}: {:?}", bundle.sizes);
        let size = |part: &str| bundle.sizes.iter().find(|(p, _)| p == part).map(|(_, b)| *b);
        let header = bundle.text.find("\n\n").unwrap() + 2;
        assert_eq!(size("the header"), Some(header));
        let library = bundle.text.find("\nmod graph_games").unwrap() + 1;
        assert_eq!(size(&format!("your code: {CLOBBER}")), Some(library - header));
        assert_eq!(library - header, file.trim_end().len() + 1, "the user's code and its newline");
        let structural = structural_sizes(&bundle.text);
        for (part, bytes) in bundle.sizes.iter().filter(|(p, _)| p.starts_with("graph_games")) {
            let found = structural.get(part).unwrap_or_else(|| panic!("{layout:?}: no module {part}"));
            assert!(found.abs_diff(*bytes) <= 24, "{layout:?}: {part}: {bytes} by origin, {found} by braces");
        }
        let modules = bundle.sizes.iter().filter(|(p, _)| p.starts_with("graph_games")).count();
        assert_eq!(modules, structural.len(), "{layout:?}: {:?}", bundle.sizes);
        assert!(bundle.sizes.windows(2).all(|w| w[0].1 >= w[1].1), "the largest first");
    }
}

fn error_of(args: &[&str]) -> String {
    let out = bundle_command(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8(out.stderr).unwrap()
}

/// Every argument is checked, each error one line: an unknown judge lists the known ones, a bad
/// limit says what a limit is, and `--help` lists the flags and the judges with their limits.
#[test]
fn every_argument_is_checked_and_the_help_lists_the_judges() {
    let known = "codeforces, atcoder, boj, cses, spoj, yosupo";
    for (args, expected) in [
        (
            &["--judge", "topcoder", CLOBBER][..],
            format!("--judge: `topcoder` is not a judge known here; the known ones: {known}"),
        ),
        (&["--limit", "64K", CLOBBER], "--limit: `64K` is not a positive whole number of bytes".to_string()),
        (&["--limit", "0", CLOBBER], "--limit: `0` is not a positive whole number of bytes".to_string()),
        (
            &["--judge", "cf", "--limit", "9", CLOBBER],
            "--judge and --limit both set the size limit: give one".to_string(),
        ),
        (&[CLOBBER, "--judge"], "--judge needs a value".to_string()),
        (
            &["--out-file", "x.rs", CLOBBER, "graph_game"],
            "--out-file names one bundle, but 2 mains are given".to_string(),
        ),
        (&["--out-file", "x.rs"], "--out-file names one bundle: give one PROGRAM or MAIN.rs".to_string()),
        (&["--sizes", "--size", CLOBBER], "unknown flag `--size` (see --help)".to_string()),
    ] {
        assert_eq!(error_of(args), format!("error: {expected}\n"), "{args:?}");
    }
    let help = String::from_utf8(bundle_command(&["--help"]).stdout).unwrap();
    for flag in ["--judge", "--limit", "--sizes", "--out-file"] {
        assert!(help.lines().any(|l| l.trim_start().starts_with(flag)), "{flag} in\n{help}");
    }
    assert!(
        help.contains("codeforces/cf 65536, atcoder 512000, boj/baekjoon 512000, cses 128000, spoj 50000")
    );
}

/// The limit a user's file is held to: Codeforces' 64 KiB by default (the Clobber bundle, over the
/// project's own 48 KiB, is made), a judge's (SPOJ's 50,000 bytes: a compact layout within it, or
/// refused naming it), or the bytes given (too few: refused, with its size, and no bundle left
/// behind).
#[test]
fn a_users_file_is_held_to_a_judges_limit() {
    let dir = scratch("limits");
    let out = dir.to_str().unwrap();
    // One store for the three runs, where this process keeps the file's pruned library (`made`):
    // the runs read it there, and prune nothing.
    made(Layout::Indented);
    let store = store().display().to_string();
    let run = |extra: &[&str]| {
        let args = [&["--editions", "2021", "--store", &store, "--out", out][..], extra, &[CLOBBER]].concat();
        bundle_command(&args)
    };
    let line = |o: &Output| String::from_utf8_lossy(&o.stdout).lines().next().unwrap_or("").to_string();
    let default = run(&[]);
    let written = fs::read_to_string(dir.join("clobber.rs")).unwrap();
    assert!(written.len() > 48 * 1024 && written.len() <= 64 * 1024, "{}", line(&default));
    let spoj = run(&["--judge", "spoj"]);
    if spoj.status.success() {
        let written = fs::read_to_string(dir.join("clobber.rs")).unwrap();
        assert!(written.len() <= 50_000 && line(&spoj).contains("without indentation"), "{}", line(&spoj));
    } else {
        let error = String::from_utf8_lossy(&spoj.stderr);
        assert!(error.contains("over the limit of 50000 bytes"), "{error}");
    }
    let refused = run(&["--limit", "20000"]);
    let error = String::from_utf8_lossy(&refused.stderr);
    assert!(error.contains("over the limit of 20000 bytes"), "{error}");
    assert!(!dir.join("clobber.rs").exists() && dir.join("failed/clobber.rs").exists());
    let _ = fs::remove_dir_all(dir);
}

/// A `main.rs` is named after its folder (its crate's, past a `src/`), so two of them in one run
/// make two bundles; two mains of one name are refused, naming both; `--out-file` puts the one
/// bundle where it says.
#[test]
fn mains_are_named_after_their_folders_and_never_overwrite_each_other() {
    for (file, name) in [
        ("a/main.rs", "a"),
        ("b/src/main.rs", "b"),
        ("/tmp/my crate/src/main.rs", "my_crate"),
        ("main.rs", "main"),
        ("src/bin/graph_game.rs", "graph_game"),
        ("2d/main.rs", "_2d"),
        ("mon prog é.rs", "mon_prog__"),
    ] {
        assert_eq!(crate_name(file), name, "{file}");
    }
    let dir = scratch("names");
    // A main of a few lines on a small module (the divisor's): the names are the point, and the
    // pruning of a small library is a fraction of the partizan one's.
    let program = |word: &str| {
        format!(
            "use graph_games::divisor::Divisor;\n\nfn main() {{\n    println!(\"{word} {{}}\", Divisor::new(7).div_rem(100).0);\n}}\n"
        )
    };
    for (folder, word) in [("a", "one"), ("b/src", "two"), ("c/a", "three")] {
        fs::create_dir_all(dir.join(folder)).unwrap();
        fs::write(dir.join(folder).join("main.rs"), program(word)).unwrap();
    }
    let (a, b, ca) = (dir.join("a/main.rs"), dir.join("b/src/main.rs"), dir.join("c/a/main.rs"));
    let out = dir.join("out");
    let (a, b, ca, out) =
        (a.to_str().unwrap(), b.to_str().unwrap(), ca.to_str().unwrap(), out.to_str().unwrap());
    let made = bundle_command(&["--editions", "2021", "--out", out, a, b]);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let (first, second) = (
        fs::read_to_string(dir.join("out/a.rs")).unwrap(),
        fs::read_to_string(dir.join("out/b.rs")).unwrap(),
    );
    assert!(first.contains(&program("one")) && second.contains(&program("two")));
    let clash = error_of(&["--editions", "2021", "--out", out, a, ca]);
    assert_eq!(clash, format!("error: `{a}` and `{ca}` would both be bundled as {out}/a.rs: bundle them one at a time, each with its --out-file\n"));
    let named = dir.join("elsewhere/mine.rs");
    let made = bundle_command(&["--editions", "2021", "--out-file", named.to_str().unwrap(), ca]);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    assert!(fs::read_to_string(named).unwrap().contains(&program("three")));
    let _ = fs::remove_dir_all(dir);
}

/// A pruned library is kept in the store: a second process asking for the same file under another
/// size limit (another bundle) reads it there, and runs rustc only for the bundle's own checks
/// (edition 2021, here and for other targets: two type-checks); the two bundles hold the same
/// library. The stand-in rustc counts its type-checks, then runs the real one.
#[cfg(unix)]
#[test]
fn a_library_pruned_by_one_process_is_read_from_the_store_by_the_next() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("kept");
    let real = std::env::var("RUSTC").ok().filter(|r| !r.is_empty()).unwrap_or_else(|| "rustc".to_string());
    let runs = dir.join("runs");
    let fake = dir.join("rustc");
    // Only the type-checks count (not `-vV` nor `--print cfg`).
    let script = format!(
        "#!/bin/sh\ncase \"$*\" in *--emit=metadata*) echo run >> '{}';; esac\nexec '{real}' \"$@\"\n",
        runs.display()
    );
    fs::write(&fake, script).unwrap();
    fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
    let main = dir.join("main.rs");
    fs::write(
        &main,
        "use graph_games::partizan::Winner;\n\nfn main() {\n    println!(\"{}\", Winner::Left);\n}\n",
    )
    .unwrap();
    let store = dir.join("store");
    let count = || fs::read_to_string(&runs).map_or(0, |text| text.lines().count());
    let bundle_with = |limit: &str, out: &str| {
        let (main, store, out) = (main.to_str().unwrap(), store.to_str().unwrap(), dir.join(out));
        let args = [
            "--editions",
            "2021",
            "--store",
            store,
            "--limit",
            limit,
            "--out-file",
            out.to_str().unwrap(),
            main,
        ];
        let made = Command::new(env!("CARGO_BIN_EXE_bundle"))
            .args(args)
            .env("RUSTC", &fake)
            .current_dir(root())
            .output()
            .unwrap();
        assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
        fs::read_to_string(out).unwrap()
    };
    let first = bundle_with("65536", "first.rs");
    let pruning = count();
    let second = bundle_with("65535", "second.rs");
    let checks = count() - pruning;
    assert!(checks <= 2 && pruning > 3 * checks, "{pruning} rustc type-checks, then {checks}");
    let library = |text: &str| text[text.find("\nmod graph_games").unwrap()..].to_string();
    assert_eq!(library(&first), library(&second));
    let _ = fs::remove_dir_all(dir);
}
