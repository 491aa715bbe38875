//! The judge bundles (`make bundle`, tools/bundle/): every binary's bundle compiles alone with
//! plain `rustc -D warnings` in every edition a judge offers (2018, 2021, 2024: built with `-O` in
//! the last, in one codegen unit (see `built::start_rustc`), checked through MIR in the others, which finds the same warnings and the lints a
//! build finds beyond type checking, as `arithmetic_overflow`) and, built, answers
//! every judge case exactly as the cargo binary must (the rules of tests/common::judge_case), the
//! tight layout among them (the last fallback for a bundle over the size limit: the library
//! without indentation nor the spaces between tokens that may touch; graph_sum's today, else
//! graph_sum's made tight by force and checked to be otherwise the same);
//! it is portable: its foreign copy (every target `cfg` false, as on a judge that is not x86-64
//! Linux) compiles too; it holds only what its program uses (no unit test, no item of a cargo
//! feature, so no inline assembly), no comments, and fits the size limit.
//! A contestant's file too (tests/contest/: crate attributes, the library under other names, its
//! own macros and modules), from a folder with a space in its name: judged on graph_game's cases,
//! its size and its library held against graph_game's; and a file with a compile error, told at its
//! line. The bundler's own unit tests (lexer, stripping, nested modules, paths, pruning, contest
//! forms one by one) live in tools/bundle/ and run here.
//!
//! Two variables steer the judging test: `BUNDLE_RUSTC`, the rustc that compiles the bundles
//! (default: `$RUSTC`, else `rustc`; `make msrv` passes rustc 1.63), and `BUNDLE_EDITIONS`, the
//! editions (default `2018 2021 2024`; the judge cases run on the build in the last of them).
//! With `JUDGE_REPORT=1` and `--nocapture` (`make judge BUNDLE=1`), every case prints a line with
//! its time. The bundles are made through a
//! store (`BUNDLE_STORE`, else one in cargo's test folder; see [`make_bundle`]): the same program
//! asked by several tests, or by `make msrv` after `make test`, is bundled once.

// The workspace's shared test support (tests/common/: built programs run, judge cases): the root
// package's tests and the tools' run programs and judge cases the same way.
mod built;
#[path = "../../../tests/common/mod.rs"]
mod common;
mod left_out;
mod same_but;
use built::{identity, judged_edition, offered_flags, on_workers, start_rustc, Job};
use bundle as bundle_tool;
use bundle_tool::assemble::{self, Layout, Options};
use bundle_tool::lex::{tokenize, Kind};
use common::{case_flags, judge_cases, judge_report, root, Judge};
use same_but::{assert_same_but_inner_spaces, assert_same_but_renamed};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The main file of program `name`.
fn main_of(name: &str) -> String {
    bundle_tool::inline::program_main(&root(), name).unwrap_or_else(|| panic!("no program {name}"))
}

/// The bundle of program `name`, as `make bundle` writes it (its header's revision by
/// `git_revision`), through a store (tools/bundle/src/store.rs): `BUNDLE_STORE`, which make test
/// and make msrv share with `make bundle`, else one in cargo's test folder. The tests here ask
/// for the same bundles: each is made once, and reused only while every input is the same.
fn make_bundle(name: &str, options: &Options) -> assemble::Bundle {
    bundle_tool::store::stored_bundle(&store(), &root(), &main_of(name), options)
        .unwrap_or_else(|e| panic!("bundling {name}: {}", e.message))
}

/// The bundles of `names` with the default options, made side by side (the bundler runs no more
/// rustc at once than cores: bundle::rustc::rustc_slots), in the order of `names`.
fn make_bundles(names: &[String]) -> Vec<assemble::Bundle> {
    std::thread::scope(|scope| {
        let made: Vec<_> =
            names.iter().map(|name| scope.spawn(move || make_bundle(name, &Options::default()))).collect();
        made.into_iter().map(|m| m.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// The folder of the store the bundles are kept in (see [`make_bundle`]).
fn store() -> PathBuf {
    let store = std::env::var_os("BUNDLE_STORE").filter(|store| !store.is_empty()).map(PathBuf::from);
    store.unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle-store"))
}

fn env_or(name: &str, default: String) -> String {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty()).unwrap_or(default)
}

#[test]
fn every_bundle_compiles_alone_and_passes_every_judge_case() {
    let rustc = env_or("BUNDLE_RUSTC", Options::default().rustc);
    let asked = env_or("BUNDLE_EDITIONS", assemble::EDITIONS.join(" "));
    // Each once (two builds of one name at once would overwrite each other's program).
    let mut editions: Vec<&str> = Vec::new();
    asked.split_whitespace().for_each(|e| {
        if !editions.contains(&e) {
            editions.push(e)
        }
    });
    let run_in = judged_edition(&editions);
    let version = Command::new(&rustc).arg("--version").output().unwrap_or_else(|e| panic!("{rustc}: {e}"));
    let version = String::from_utf8_lossy(&version.stdout).trim().to_string();
    // The bundler checks every bundle's foreign copy with its own rustc in every edition (no
    // error); here only with another rustc (make msrv's), where that check was never made.
    let bundlers = Options::default().rustc;
    let foreign_checked_by_bundler = identity(&rustc) == identity(&bundlers);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle");
    fs::create_dir_all(&dir).unwrap();
    let names = bundle_tool::inline::programs(&root()).unwrap();
    assert!(names.iter().any(|name| name == "graph_game"), "the judge programs of src/bin/");
    assert!(names.iter().any(|name| name == "berzerk"), "the examples");
    assert!(!names.iter().any(|name| name == "stress"), "a tool is no judge program");
    // Every program, and a contest template (judged as graph_game, whose main it is otherwise).
    // And the tight layout (the last fallback for a bundle over the size limit) compiled and
    // judged like the others: graph_game's bundle is tight today; if none is, graph_sum's is made
    // tight by force, and checked to differ from its bundle only in spaces within lines.
    let (mut made, mut any_tight): (Vec<(String, &str, String)>, bool) = (Vec::new(), false);
    for (name, bundle) in names.iter().zip(make_bundles(&names)) {
        any_tight |= bundle.layout == Layout::Tight;
        made.push((name.clone(), name.as_str(), bundle.text));
    }
    if !any_tight {
        let tight = make_bundle("graph_sum", &Options { layout: Some(Layout::Tight), ..Options::default() });
        let bundle = &made.iter().find(|(name, _, _)| name == "graph_sum").expect("graph_sum").2;
        assert_same_but_inner_spaces("graph_sum", bundle, &tight.text);
        add_unless_made(&mut made, "graph_sum-tight", "graph_sum", tight.text);
    }
    // The short layout (the last fallback: also joined, and the library's names shortened) the
    // same way: graph_sum's forced short, checked to be its joined layout renamed. (graph_partizan's
    // bundle, judge mode only, is over the cap since the sums' budget and shortcuts: OVER_THE_CAP.)
    // (Forced layouts are held to no size: graph_sum's joined one is over the cap, its own bundle
    // short, the same text as its forced short one: compiled and judged once.)
    let forced = |layout| {
        make_bundle("graph_sum", &Options { layout: Some(layout), max_bytes: None, ..Options::default() })
    };
    let (joined, short) = (forced(Layout::Joined), forced(Layout::Short));
    assert_same_but_renamed("graph_sum", &joined.text, &short.text);
    add_unless_made(&mut made, "graph_sum-short", "graph_sum", short.text);
    assert!(!made.iter().any(|(name, _, _)| name == "graph_partizan"), "graph_partizan is over the cap");
    let contest = contest_template(&dir);
    made.push(("mon_prog__".to_string(), "graph_game", contest.text.clone()));
    // Every bundle in every edition, built to be judged in one of them and checked in the others
    // (see `judged_edition`), and its foreign copy checked where the bundler has not: jobs for a
    // worker a core (`on_workers`), the builds (judged at once by their worker) first.
    let mut jobs: Vec<(String, &str, &str, PathBuf, Job)> = Vec::new();
    for (name, judged_as, text) in &made {
        let source = dir.join(format!("{name}.rs"));
        fs::write(&source, text).unwrap();
        // Portable: the foreign copy type-checks with this rustc too (warnings tolerated, as a
        // judge does not deny them), in the edition the bundle is judged in (the copy differs from
        // the bundle, checked in every edition, only in the code of target `cfg`s); the bundler has
        // checked it in every edition with its own rustc.
        let foreign = dir.join(format!("{name}-foreign.rs"));
        fs::write(&foreign, bundle_tool::cfg::foreign_copy(text).unwrap()).unwrap();
        for &edition in &editions {
            let job = if edition == run_in { Job::Build } else { Job::Check };
            jobs.push((name.clone(), judged_as, edition, source.clone(), job));
            if !foreign_checked_by_bundler && edition == run_in {
                jobs.push((name.clone(), judged_as, edition, foreign.clone(), Job::Foreign));
            }
        }
    }
    jobs.sort_by_key(|job| job.4);
    let host = bundle_tool::cfg::Config::host(&rustc).unwrap().target_name().to_string();
    // Each worker's verdicts, and the cases with an extra that a judge-mode-only bundle leaves
    // out (the cargo binary runs them).
    let work = |(name, judged_as, edition, source, job): &(String, &str, &str, PathBuf, Job),
                (judge, skipped): &mut (Judge, Vec<String>)| {
        if *job == Job::Foreign {
            let checked = Command::new(&rustc)
                .args(["--edition", edition, "--crate-type", "bin", "--emit=metadata", "-o"])
                .arg(dir.join(format!("{name}-foreign-{edition}.rmeta")))
                .arg(source)
                .output()
                .unwrap_or_else(|e| panic!("cannot run {rustc}: {e}"));
            if !checked.status.success() {
                judge.failures.push(format!(
                    "{name}: does not compile for targets other than {host} ({version} --edition {edition} on \
                     {}):\n{}",
                    source.display(),
                    String::from_utf8_lossy(&checked.stderr)
                ));
            }
            return;
        }
        let check = *job == Job::Check;
        let executable = dir.join(format!("{name}-{edition}{}", if check { ".mir" } else { "" }));
        let compiled = start_rustc(&rustc, edition, source, &executable, check).wait_with_output().unwrap();
        if !compiled.status.success() || !compiled.stderr.is_empty() {
            judge.failures.push(format!(
                "{name}: {version} --edition {edition} on {}.rs:\n{}",
                dir.join(name).display(),
                String::from_utf8_lossy(&compiled.stderr)
            ));
            return;
        }
        if check {
            return;
        }
        let offered = offered_flags(&executable);
        for case in judge_cases(judged_as) {
            let label = format!("  (bundle {name}, edition {edition})");
            match case_flags(&case).into_iter().find(|flag| !offered.contains(flag)) {
                Some(flag) if offered.judge_mode_only => skipped.push(format!(
                    "{judged_as}/{}{label}: {flag} is not in a judge-mode-only bundle",
                    case.file_stem().unwrap().to_string_lossy()
                )),
                _ => judge.case(&executable, judged_as, &case, &label),
            }
        }
    };
    let (mut judge, mut skipped) = (Judge::default(), Vec::new());
    for (one, its_skipped) in on_workers(&jobs, bundle_tool::rustc::rustc_slots(), work) {
        judge.failures.extend(one.failures);
        (judge.passed, judge.timed, judge.slow) =
            (judge.passed + one.passed, judge.timed + one.timed, judge.slow + one.slow);
        skipped.extend(its_skipped);
    }
    judge.failures.sort();
    skipped.sort();
    if judge_report() {
        skipped.iter().for_each(|why| println!("SKIP  {why}"));
    }
    println!(
        "judge, bundles: {version} compiled {} bundles in editions {} with -D warnings (built and judged in \
         {run_in}, checked in the others), and for other targets in {run_in}; judge cases: {} ({} cases with flags \
         left out of judge-mode-only bundles skipped)",
        made.len(),
        editions.join(", "),
        judge.summary(),
        skipped.len()
    );
    assert!(judge.failures.is_empty(), "{} failures:\n{}", judge.failures.len(), judge.failures.join("\n"));
}

/// Adds a forced layout's bundle to those compiled and judged, unless one of them is the same text
/// judged as the same program (graph_sum's own bundle is its short layout): the same bytes are
/// compiled and judged once.
fn add_unless_made<'a>(
    made: &mut Vec<(String, &'a str, String)>,
    name: &str,
    judged_as: &'a str,
    text: String,
) {
    if !made.iter().any(|(_, judged, made)| *judged == judged_as && *made == text) {
        made.push((name.to_string(), judged_as, text));
    }
}

/// The library modules a bundle holds, by path (`cli`, `games::graph_game`), from its files.
fn modules(bundle: &assemble::Bundle) -> Vec<String> {
    let files = bundle.sources.iter().filter_map(|s| s.strip_prefix("src/")?.strip_suffix(".rs"));
    files.filter(|&m| m != "lib").map(|m| m.trim_end_matches("/mod").replace('/', "::")).collect()
}

/// `src` without what a bundle does not build.
fn strip_unbuilt(src: &str) -> String {
    let edits = bundle_tool::cfg::strip_unbuilt_items(src).unwrap();
    bundle_tool::mapped::Mapped::inserted(src).edit(edits).text
}

/// The contest template of tests/contest/ (crate attributes, the library under other names, its
/// own macros and modules), copied into a folder with a space in its name as `mon prog é.rs` with
/// its modules beside it, and bundled; checked against graph_game's bundle, the same program
/// written plainly: the same library but for what its unused helper calls, a few percent larger
/// for its own code, and its own code kept as written.
fn contest_template(dir: &Path) -> assemble::Bundle {
    let folder = dir.join("contest dir");
    for (from, to) in [
        ("template.rs", "mon prog é.rs"),
        ("flags.rs", "flags.rs"),
        ("helpers/mod.rs", "helpers/mod.rs"),
        ("helpers/write.rs", "helpers/write.rs"),
    ] {
        fs::create_dir_all(folder.join(to).parent().unwrap()).unwrap();
        fs::copy(root().join("tools/bundle/tests/contest").join(from), folder.join(to)).unwrap();
    }
    let main = folder.join("mon prog é.rs").display().to_string();
    assert_eq!(assemble::crate_name(&main), "mon_prog__");
    let made = bundle_tool::store::stored_bundle(&store(), &root(), &main, &Options::default())
        .unwrap_or_else(|e| panic!("bundling {main}: {}", e.message));
    assert!(made.warnings.is_empty(), "{:?}", made.warnings);
    let plain = make_bundle("graph_game", &Options::default()).text;
    // The library's part without whitespace: a bundle over the size limit is written without
    // indentation, tight or joined (the template's, a few percent larger, may be a layout further).
    let library = |text: &str| {
        let part = &text[text.find("\nmod graph_games").unwrap()..];
        part.bytes().filter(|b| !b.is_ascii_whitespace()).count()
    };
    let (size, plain_size) = (made.text.len() as f64, plain.len() as f64);
    assert!((size - plain_size).abs() < plain_size * 0.05, "{size} bytes against {plain_size}");
    let (size, plain_size) = (library(&made.text) as f64, library(&plain) as f64);
    assert!((size - plain_size).abs() < plain_size * 0.01, "the library: {size} bytes against {plain_size}");
    let header = made.text.lines().next().unwrap();
    assert!(header.contains("not in git: {mon prog é,flags,helpers/{mod,write}}.rs"), "{header}");
    // The library's files are tracked: "uncommitted" only if one of them really differs.
    let library_changed = Command::new("git")
        .args(["status", "--porcelain", "--", "src"])
        .current_dir(root())
        .output()
        .map_or(false, |out| !out.stdout.is_empty());
    assert_eq!(header.contains("with uncommitted changes"), library_changed, "{header}");
    let template = fs::read_to_string(root().join("tools/bundle/tests/contest/template.rs")).unwrap();
    let attributes: String =
        template.lines().filter(|l| l.starts_with("#![")).map(|l| format!("{l}\n")).collect();
    assert!(code_of(&made.text).starts_with(&attributes), "{}", made.text);
    for kept in [
        "macro_rules! debug {",
        "fn unused_helper(graph: graph_game::Problem)",
        "debug!(\"starting\", 1 + 1);",
    ] {
        assert!(made.text.contains(kept), "{kept}");
    }
    made
}

/// A compile error in a contestant's file is told at its file, line and column, and the bundle is
/// kept to inspect.
#[test]
fn a_compile_error_is_told_at_the_users_line() {
    let failed =
        assemble::bundle(&root(), "tools/bundle/tests/contest/broken.rs", &Options::default(), |_| {
            String::new()
        })
        .unwrap_err();
    assert!(
        failed
            .message
            .contains("error: tools/bundle/tests/contest/broken.rs:10:32: cannot find value `undefined`"),
        "{}",
        failed.message
    );
    assert!(failed.text.map_or(false, |text| text.contains("writeln!(output, \"{}\", undefined)?;")));
}

/// The code of a bundle: everything after its header (the comment lines up to the first blank).
fn code_of(text: &str) -> &str {
    &text[text.find("\n\n").expect("a header") + 2..]
}

#[test]
fn bundles_hold_only_what_the_program_needs() {
    let names = bundle_tool::inline::programs(&root()).unwrap();
    for (name, bundle) in names.iter().zip(make_bundles(&names)) {
        let name = name.clone();
        let main = main_of(&name);
        let judged = !judge_cases(&name).is_empty();
        assert!(
            !judged || modules(&bundle).contains(&"cli".to_string()),
            "{name}: a judge program runs through cli"
        );
        assert!(
            bundle.text.len() <= assemble::MAX_BUNDLE_BYTES,
            "{name}: {} bytes, over {}",
            bundle.text.len(),
            assemble::MAX_BUNDLE_BYTES
        );
        for test_only in ["#[cfg(test)]", "#[test]", "mod tests", "use super::*"] {
            assert!(!bundle.text.contains(test_only), "{name}: the bundle still has `{test_only}`");
        }
        // A judge's sandbox may filter system calls: `prefetch::populate` makes one only under a
        // cargo feature, which a bundle does not have.
        for system in ["asm!", "syscall"] {
            assert!(!bundle.text.contains(system), "{name}: the bundle has `{system}`");
        }
        let header = bundle.text.lines().take_while(|l| !l.is_empty()).collect::<Vec<_>>().join("\n");
        assert!(header.contains("make bundle") && header.contains(&main), "{header}");
        assert_eq!(bundle.sources[0], main);
        assert!(header.contains(&bundle_tool::text::brace_list(&bundle.sources[1..])), "{name}: {header}");
        for source in &bundle.sources {
            assert!(root().join(source).is_file(), "{name}: {source} is not a file");
        }
        let revision = assemble::git_revision(&root(), &bundle.sources);
        assert!(header.contains(&revision), "{header} without {revision}");
        // No comment in the library's part (the main is kept as written, its comments too: its
        // text from its first `use` on is in the bundle), and no blanket allowance: only
        // a field or a variant that rustc finds unused, or an item, a macro or an import used only
        // on other targets, gets its own `allow`, one per entry in `pruned.allowed`.
        let code = code_of(&bundle.text);
        let library = &code[code.find("\nmod graph_games").expect("the library's part")..];
        let comments = tokenize(library).unwrap().iter().filter(|t| t.kind == Kind::Comment).count();
        assert_eq!(comments, 0, "{name}: comments left in the library's part");
        let written = fs::read_to_string(root().join(&main)).unwrap();
        let from_first_use = &written[written.find("\nuse ").map_or(0, |at| at + 1)..];
        let tests_start = from_first_use.find("\n#[cfg(test)]").unwrap_or(from_first_use.len());
        // (A main with items a bundle does not build, `#[cfg(feature = ..)]`, loses them.)
        let main_code = from_first_use[..tests_start].trim_end();
        assert!(main_code.contains("#[cfg(") || code.contains(main_code), "{name}: the main as written");
        assert!(!code.contains("#![allow") && !code.contains("allow(dead_code,"), "{name}");
        assert!(!code.contains("allow(unused_imports,") && !code.contains("allow(unused_macros,"), "{name}");
        let allows: usize = ["dead_code", "unused_imports", "unused_macros"]
            .iter()
            .map(|lint| code.matches(&format!("#[allow({lint})]")).count())
            .sum();
        assert_eq!(allows, bundle.pruned.allowed.len(), "{name}");
        // The library's part is indented with tabs (the main keeps its own indentation).
        let tabbed =
            bundle_tool::text::indent_with_tabs(&bundle_tool::mapped::Mapped::inserted(library)).unwrap();
        assert_eq!(tabbed.text, library, "{name}: the library's part indented with spaces");
    }
    // graph_game needs the solver and the explicit graph, and nothing of the other games.
    let graph_game = make_bundle("graph_game", &Options::default());
    for needed in ["cli", "games", "games::graph_game", "graph", "input", "input::scanner", "solver"] {
        assert!(modules(&graph_game).contains(&needed.to_string()), "graph_game without {needed}");
    }
    for other in ["grid_game", "move_or_block", "police_thief", "divisor"] {
        assert!(!modules(&graph_game).iter().any(|m| m.contains(other)), "graph_game with {other}");
    }
    // grid_game_28218 sweeps its board: no solver, no graph.
    let grid_game = make_bundle("grid_game_28218", &Options::default());
    for other in ["solver", "graph", "prefetch"] {
        assert!(!modules(&grid_game).contains(&other.to_string()), "grid_game_28218 with {other}");
    }
    // Both read their pairs with the block parser: SIMD on x86-64 (`input::x86_64`), and the
    // portable classifier (in `input::decimal`) everywhere else, though this machine's rustc
    // never uses it.
    for bundle in [&graph_game, &grid_game] {
        let decimal = module_body(&bundle.text, "decimal");
        assert!(decimal.contains("fn classify("), "no portable classifier in {decimal}");
        assert!(modules(bundle).contains(&"input::x86_64".to_string()));
    }
}

/// The text of the first inline `mod name { .. }` of `text`, braces included.
fn module_body<'a>(text: &'a str, name: &str) -> &'a str {
    let tokens: Vec<_> = tokenize(text).unwrap().into_iter().filter(|t| t.kind != Kind::Space).collect();
    let word = |i: usize| tokens.get(i).map_or("", |t| &text[t.start..t.end]);
    let open = (0..tokens.len())
        .find(|&i| word(i) == "mod" && word(i + 1) == name && word(i + 2) == "{")
        .unwrap_or_else(|| panic!("no mod {name}"))
        + 2;
    let mut depth = 0;
    for i in open..tokens.len() {
        match word(i) {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return &text[tokens[open].start..tokens[i].end];
                }
            }
            _ => {}
        }
    }
    panic!("mod {name} never closes")
}

/// `make bundle DOCS=1`: the docs stay, indented with spaces as in the sources, and the bundle
/// still compiles warning-free (checked by `bundle`) and holds only the items used.
#[test]
fn a_bundle_with_docs_keeps_them() {
    let options = Options { docs: true, max_bytes: None, ..Options::default() };
    let with_docs = make_bundle("police_thief", &options);
    let without = make_bundle("police_thief", &Options::default());
    assert!(with_docs.text.contains("\n/// ") && with_docs.text.contains("\n    "));
    assert!(with_docs.text.len() > without.text.len() + without.text.len() / 4);
    assert_eq!(modules(&with_docs), modules(&without));
    assert!(!with_docs.text.contains("allow(dead_code, unused_imports)"));
}

/// The library's source files, `src/` walked recursively (less `src/bin/`), sorted.
fn library_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![root().join("src")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path != root().join("src/bin") {
                    folders.push(path);
                }
            } else if path.extension().map_or(false, |e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every file of the library bundles cleanly: nothing test-only is left, nothing is refused.
/// A file whose unit tests are one `mod tests` at the bottom loses exactly that, and the rest
/// only what it would lose without it (a `cfg` false or true in a bundle); as it is if it has no
/// other `cfg`.
#[test]
fn every_library_module_loses_exactly_its_tests() {
    let (mut checked, mut exact) = (0, 0);
    for path in library_files() {
        let file = path.strip_prefix(root()).unwrap().display().to_string();
        let src = fs::read_to_string(&path).unwrap();
        let stripped = strip_unbuilt(&src);
        assert_eq!(strip_unbuilt(&stripped), stripped, "{file}: test items left");
        bundle_tool::inline::out_of_line_modules(&stripped)
            .unwrap_or_else(|e| panic!("{file}: byte {}: {}", e.0, e.1));
        for test_only in ["#[cfg(test)]", "#[test]", "mod tests"] {
            assert!(!stripped.contains(test_only), "{file}: `{test_only}` left");
        }
        if let Some(tests_at) = src.find("\n#[cfg(test)]\nmod tests {") {
            let before = &src[..tests_at + 1];
            assert_eq!(stripped, strip_unbuilt(before), "{file}");
            if !before.contains("#[cfg(") && !before.contains("#[test]") {
                assert_eq!(stripped, before, "{file}");
                exact += 1;
            }
        }
        checked += 1;
    }
    assert!(checked >= 10 && exact >= 5, "{checked} files, {exact} losing exactly their tests");
}
