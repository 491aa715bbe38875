//! The manual's code runs as written (README.md and the pages of `docs/` it links, [`MANUAL`]).
//! Every fenced block says what it holds (one of [`KINDS`]), and every ```` ```rust ```` block
//! is a whole program, `use` lines and `main` included, that compiles and links against the library without a warning (plain rustc, edition 2021, as a
//! contestant's file in a cargo project that depends on this one): a reader can paste any of them.
//! There is no fragment kind: a block worth showing is made whole. The `sh`, `text` and `console`
//! blocks (commands, formats, transcripts) are not run here; what they show is tested where it is
//! made (the make targets, the binaries, `stress`).

use crate::common;
use common::root;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The info strings a fence may carry: Rust, which must compile, and three that are not code.
const KINDS: [&str; 4] = ["rust", "sh", "text", "console"];

/// A fenced block: the 1-based line of its opening fence, its info string, and its text.
#[derive(Debug, PartialEq)]
struct Block {
    line: usize,
    kind: String,
    text: String,
}

/// The fenced blocks of a Markdown text (fences of three backticks at the start of a line), or
/// what is wrong with one: an info string not in [`KINDS`], a fence never closed.
fn blocks(markdown: &str) -> Result<Vec<Block>, String> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        let info = match line.strip_prefix("```") {
            Some(info) => info,
            None => {
                if let Some(block) = &mut open {
                    block.text.push_str(line);
                    block.text.push('\n');
                }
                continue;
            }
        };
        match open.take() {
            Some(block) if info.is_empty() => found.push(block),
            Some(block) => {
                return Err(format!("line {}: a fence inside the block of line {}", i + 1, block.line))
            }
            None if KINDS.contains(&info) => {
                open = Some(Block { line: i + 1, kind: info.to_string(), text: String::new() })
            }
            None => {
                return Err(format!(
                    "line {}: a fence of kind `{info}`; say what the block is: one of {}",
                    i + 1,
                    KINDS.join(", ")
                ))
            }
        }
    }
    match open {
        Some(block) => Err(format!("line {}: the block is never closed", block.line)),
        None => Ok(found),
    }
}

/// The rustc the tests compile with: `$RUSTC`, else `rustc` (as tools/bundle/tests/bundle.rs).
fn rustc() -> String {
    std::env::var("RUSTC").ok().filter(|r| !r.trim().is_empty()).unwrap_or_else(|| "rustc".to_string())
}

/// The library as a plain rlib (no cargo feature, unoptimised: only its API matters), built once
/// for the tests here, not once each.
fn library() -> PathBuf {
    static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(rlib) = built.as_ref() {
        return rlib.clone();
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme_library");
    fs::create_dir_all(&dir).unwrap();
    let rlib = dir.join("libgraph_games.rlib");
    let output = Command::new(rustc())
        .args(["--edition", "2021", "--crate-type", "lib", "--crate-name", "graph_games", "-o"])
        .arg(&rlib)
        .arg(root().join("src/lib.rs"))
        .output()
        .unwrap();
    assert!(output.status.success(), "the library: {}", String::from_utf8_lossy(&output.stderr));
    *built = Some(rlib.clone());
    rlib
}

/// Compiles `source` as a program against `rlib`, warnings denied; what rustc said if it failed
/// or warned.
fn compile(source: &Path, rlib: &Path) -> Result<(), String> {
    let mut extern_arg = std::ffi::OsString::from("graph_games=");
    extern_arg.push(rlib);
    let out = Command::new(rustc())
        .args(["--edition", "2021", "--crate-type", "bin", "-D", "warnings", "--extern"])
        .arg(extern_arg)
        .arg("-o")
        .arg(source.with_extension(""))
        .arg(source)
        .output()
        .unwrap();
    if out.status.success() && out.stderr.is_empty() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// The manual: the README and the pages it links to for the details.
const MANUAL: [&str; 12] = [
    "README.md",
    "docs/programs.md",
    "docs/contract.md",
    "docs/own_game.md",
    "docs/bundling.md",
    "docs/stress.md",
    "docs/cases.md",
    "docs/make.md",
    "docs/pattern.md",
    "docs/playing.md",
    "docs/partizan.md",
    "docs/scores.md",
];

#[test]
fn every_rust_block_of_the_manual_compiles_as_written() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme");
    fs::create_dir_all(&dir).unwrap();
    let rlib = library();
    let mut failures = Vec::new();
    let mut compiled = 0;
    for page in MANUAL {
        let text = fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        let blocks = blocks(&text).unwrap_or_else(|e| panic!("{page}: {e}"));
        for block in blocks.iter().filter(|b| b.kind == "rust") {
            let name = format!("{}_line_{}.rs", page.replace(['/', '.'], "_"), block.line);
            let source = dir.join(name);
            fs::write(&source, &block.text).unwrap();
            compiled += 1;
            if let Err(said) = compile(&source, &rlib) {
                failures.push(format!(
                    "{page}, the block of line {} ({}):\n{said}",
                    block.line,
                    source.display()
                ));
            }
        }
    }
    // The stones programs and the cli::run skeleton at least: fewer means a broken parser.
    assert!(compiled >= 4, "only {compiled} rust blocks found in the manual");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A fragment (a body without its `use` lines and `main`, as README once showed `cli::run`) is
/// refused, so the test above can fail.
#[test]
fn a_fragment_does_not_compile() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme_fragment");
    fs::create_dir_all(&dir).unwrap();
    let source = dir.join("fragment.rs");
    let fragment =
        "fn main() {\n    std::process::exit(cli::run(USAGE, &[], |_flags, _input, output| {\n        \
                    writeln!(output, \"1\")?;\n        Ok(())\n    }));\n}\n";
    fs::write(&source, fragment).unwrap();
    let said = compile(&source, &library()).unwrap_err();
    assert!(said.contains("cli"), "{said}");
}

#[test]
fn fences_are_read_with_their_kind_and_line() {
    let text = "# T\n```rust\nfn main() {}\n```\nword\n```sh\nmake test\n```\n";
    let found = blocks(text).unwrap();
    assert_eq!(
        found,
        [
            Block { line: 2, kind: "rust".to_string(), text: "fn main() {}\n".to_string() },
            Block { line: 6, kind: "sh".to_string(), text: "make test\n".to_string() },
        ]
    );
    assert_eq!(
        blocks("```\nmake\n```\n").unwrap_err(),
        "line 1: a fence of kind ``; say what the block is: one of rust, sh, text, console"
    );
    assert!(blocks("```rust,ignore\nx\n```\n")
        .unwrap_err()
        .starts_with("line 1: a fence of kind `rust,ignore`"));
    assert_eq!(blocks("a\n```text\nb\n").unwrap_err(), "line 2: the block is never closed");
    assert_eq!(blocks("```text\n```rust\n```\n").unwrap_err(), "line 2: a fence inside the block of line 1");
}
