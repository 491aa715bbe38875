//! Pruned libraries kept: once a process for each request, and with the store's folder
//! (`--store`, `BUNDLE_STORE`) once for every process, on disk.
//!
//! Invariant: a pruned library is given back only for a request with the same key (the candidate
//! pruned, the rustc's name, the options pruning follows, the files' names and texts: made by the
//! assembly) and, from disk, the same inputs beside it (the bundler's sources and the rustc's
//! `rustc -vV`, as the store's bundles: tools/bundle/src/store.rs); a file cut short, or another's
//! put at its name, is made again.

use super::mapped::Mapped;
use super::prune::Pruned;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The pruned library of a request (the `code` and what went), made by `make` once a process for
/// each `key` (the candidate pruned, and what pruning reads beside it: the rustc, the options it
/// follows, the files' names): the layouts and the size limit come after it, so that the bundles
/// of one program in several layouts (graph_sum's forced ones in the bundle test, a user's file in
/// every layout) prune it once. A thread asking for a key being made waits for it; a failure is
/// not kept (the next request makes it again, and fails the same). With a `kept` folder (the
/// store's, `--store`), once for all processes too: read there if a process made it before.
pub fn pruned_once<E>(
    key: String,
    kept: Option<&KeptPrunes>,
    make: impl FnOnce() -> Result<(Mapped, Pruned), E>,
) -> Result<(Mapped, Pruned), E> {
    type Made = Arc<Mutex<Option<(Mapped, Pruned)>>>;
    static PRUNED: Mutex<Vec<(String, Made)>> = Mutex::new(Vec::new());
    let file = kept.map(|kept| kept.file(&key));
    let slot = {
        let mut pruned = PRUNED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match pruned.iter().find(|(k, _)| *k == key) {
            Some((_, slot)) => slot.clone(),
            None => {
                let slot = Made::default();
                pruned.push((key, slot.clone()));
                slot
            }
        }
    };
    let mut slot = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(made) = slot.as_ref() {
        return Ok(made.clone());
    }
    if let Some((name, path)) = &file {
        if let Some(made) = fs::read(path).ok().and_then(|bytes| decode(name, &bytes)) {
            *slot = Some(made.clone());
            return Ok(made);
        }
    }
    let made = make()?;
    if let Some((name, path)) = &file {
        // Whole under another name, then renamed: a reader sees all of it or nothing; a folder
        // that cannot be written costs the reuse only.
        let partial = path.with_extension(format!("{}.partial", std::process::id()));
        let _ = fs::create_dir_all(kept.map_or_else(PathBuf::new, |kept| kept.folder.clone()));
        if fs::write(&partial, encode(name, &made)).and_then(|_| fs::rename(&partial, path)).is_err() {
            let _ = fs::remove_file(&partial);
        }
    }
    *slot = Some(made.clone());
    Ok(made)
}

/// Where pruned libraries are kept on disk (the store's folder), and the digest of what a pruned
/// library depends on beside its request's key (the bundler's sources, the rustc's `-vV`): the
/// store's invariant, a library reused only from the same inputs (tools/bundle/src/store.rs).
#[derive(Clone, Debug)]
pub struct KeptPrunes {
    pub folder: PathBuf,
    pub inputs: String,
}

impl KeptPrunes {
    /// The name (two digests of the inputs and `key`) and the path of `key`'s pruned library.
    fn file(&self, key: &str) -> (String, PathBuf) {
        let digest = |prefix: &str| {
            let mut hasher = DefaultHasher::new();
            (prefix, "graph_games pruned library 1", &self.inputs, key).hash(&mut hasher);
            hasher.finish()
        };
        let name = format!("{:016x}{:016x}", digest("first"), digest("second"));
        (name.clone(), self.folder.join(format!("{name}.pruned")))
    }
}

/// A pruned library as bytes: each field a decimal length, a newline, then its bytes (the store's
/// format); its name first, so that a file of another name is no library of it.
fn encode(name: &str, (code, pruned): &(Mapped, Pruned)) -> Vec<u8> {
    let mut fields = vec![name.to_string(), pruned.removed.to_string(), pruned.allowed.len().to_string()];
    fields.extend(pruned.allowed.iter().cloned());
    fields.extend([code.spans_record(), code.text.clone()]);
    fields.iter().flat_map(|f| format!("{}\n{f}", f.len()).into_bytes()).collect()
}

/// The library [`encode`] wrote under `name`, or `None` for anything else (cut short, another's).
fn decode(name: &str, bytes: &[u8]) -> Option<(Mapped, Pruned)> {
    let mut fields = Fields::new(bytes);
    if fields.field()? != name {
        return None;
    }
    let removed = fields.field()?.parse().ok()?;
    let count: usize = fields.field()?.parse().ok()?;
    let allowed = (0..count).map(|_| fields.field()).collect::<Option<Vec<String>>>()?;
    let (spans, text) = (fields.field()?, fields.field()?);
    let code = Mapped::from_record(text, &spans)?;
    fields.done().then_some((code, Pruned { removed, allowed }))
}

/// The fields of the store's format (each a decimal length, a newline, then its bytes), read in
/// turn (here and by tools/bundle/src/store.rs).
pub struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Fields<'a> {
    pub fn new(bytes: &'a [u8]) -> Fields<'a> {
        Fields { bytes, at: 0 }
    }

    /// The next field, if a whole one is there.
    pub fn field(&mut self) -> Option<String> {
        let (bytes, at) = (self.bytes, self.at);
        let newline = at + bytes.get(at..)?.iter().position(|&b| b == b'\n')?;
        let len: usize = std::str::from_utf8(&bytes[at..newline]).ok()?.parse().ok()?;
        let text = String::from_utf8(bytes.get(newline + 1..newline + 1 + len)?.to_vec()).ok()?;
        self.at = newline + 1 + len;
        Some(text)
    }

    /// Whether every byte was read.
    pub fn done(&self) -> bool {
        self.at == self.bytes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pruned library comes back whole from its bytes, spans and all; cut short, or under
    /// another name, it does not come back.
    #[test]
    fn a_kept_library_reads_back_whole_or_not_at_all() {
        let mut code = Mapped::inserted("fn main() {}\n");
        code.push(&code.slice(0, 3));
        code.push_str("mod graph_games {}\n");
        let pruned =
            Pruned { removed: 7, allowed: vec!["`x` (for other targets)".to_string(), String::new()] };
        let bytes = encode("name", &(code.clone(), pruned.clone()));
        let (back, back_pruned) = decode("name", &bytes).expect("read back");
        assert_eq!((back, back_pruned.removed, back_pruned.allowed), (code, pruned.removed, pruned.allowed));
        assert!(decode("other", &bytes).is_none());
        assert!((0..bytes.len()).all(|len| decode("name", &bytes[..len]).is_none()));
        assert!(decode("name", &[&bytes[..], b"0\n"].concat()).is_none());
    }
}
