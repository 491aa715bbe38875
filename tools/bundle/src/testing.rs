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
