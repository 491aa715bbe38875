//! Helpers of the bundler's unit tests: made-up sources and projects.

use super::inline::{inline_module, split_crate_attributes, Source, LIBRARY_ROOT};
use super::mapped::{Edit, Files, Mapped};
use std::fs;
use std::path::PathBuf;

/// `lines`, each ended by a newline.
pub fn text(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// `src` with `edits` applied.
pub fn apply(src: &str, edits: Vec<Edit>) -> String {
    Mapped::inserted(src).edit(edits).text
}

/// A made-up project in a temporary folder, from (path, text) pairs; removed on drop.
pub struct Project(pub PathBuf);

impl Project {
    /// A library of nested modules, in folders and files, some compiled only for tests or a
    /// target; `main` beside it, if any.
    pub fn nested(name: &str, main: &str) -> Project {
        let lib =
            "//! The library.\n#![forbid(unsafe_code)]\npub mod a;\npub mod c;\n#[cfg(test)]\nmod testing;\n";
        let a = text(&[
            "//! a.",
            "pub mod b;",
            "#[cfg(target_arch = \"x86_64\")]",
            "pub(crate) mod d;",
            "pub use self::b::B;",
        ]);
        let b = text(&["use crate::c::C;", "pub struct B(pub C);", "#[cfg(test)]", "mod tests {}"]);
        let files = [
            ("src/lib.rs", lib),
            ("src/a/mod.rs", &a),
            ("src/a/b.rs", &b),
            ("src/a/d.rs", "pub fn d() -> u8 {\n    super::b::B(crate::c::C(1)).0 .0\n}\n"),
            ("src/c.rs", "pub mod e;\n#[derive(Clone, Copy)]\npub struct C(pub u8);\n"),
            ("src/c/e.rs", "pub const E: u8 = 1;\n"),
            ("main.rs", main),
        ];
        Project::new(name, &files[..files.len() - usize::from(main.is_empty())])
    }

    pub fn new(name: &str, files: &[(&str, &str)]) -> Project {
        let dir = std::env::temp_dir().join(format!("graph_games_bundle_test_{}_{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        Project(dir)
    }

    /// Its library, inlined, and the files read.
    pub fn library(&self) -> Result<(String, Vec<Source>), String> {
        let (mut files, mut sources) = (Files::default(), Vec::new());
        let root = Source { module: String::new(), file: LIBRARY_ROOT.to_string(), user: false };
        let library = inline_module(&self.0, root, false, &mut files, &mut sources)?;
        Ok((split_crate_attributes(&library)?.0.text, sources))
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The code of a bundle: everything after its header (the comment lines up to the first blank).
pub fn code_of(text: &str) -> &str {
    &text[text.find("\n\n").expect("a header") + 2..]
}
