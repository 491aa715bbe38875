//! Comparing two outputs (`--check`): where they first differ, by line, read in pieces of at
//! most [`PIECE_BYTES`] so that the tool stays small whatever the outputs hold (a child started
//! from it by vfork, as std spawns, starts its peak memory count at the tool's own resident
//! memory). Equal lines split into equal pieces, so the first pieces that differ lie in the first
//! line that differs.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// The most of a line read at once: a longer line is compared piece by piece, so that an output
/// of one huge line takes no more memory than this.
pub const PIECE_BYTES: u64 = 1 << 16;

/// Where two files first differ: the 1-based line and both lines (shortened, from the piece of
/// at most [`PIECE_BYTES`] where they differ), None if equal.
pub fn files_differ(a: &Path, b: &Path) -> Result<Option<(usize, String, String)>, String> {
    let open = |path: &Path| {
        File::open(path).map(BufReader::new).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let (mut a, mut b) = (open(a)?, open(b)?);
    let (mut piece_a, mut piece_b) = (Vec::new(), Vec::new());
    let mut line = 1;
    loop {
        piece_a.clear();
        piece_b.clear();
        let got_a = (&mut a).take(PIECE_BYTES).read_until(b'\n', &mut piece_a).map_err(|e| e.to_string())?;
        (&mut b).take(PIECE_BYTES).read_until(b'\n', &mut piece_b).map_err(|e| e.to_string())?;
        if piece_a != piece_b {
            return Ok(Some((line, shown(&piece_a), shown(&piece_b))));
        }
        if got_a == 0 {
            return Ok(None);
        }
        if piece_a.ends_with(b"\n") {
            line += 1;
        }
    }
}

/// One line of output as a short quoted string, or `(end of output)` for none.
fn shown(line: &[u8]) -> String {
    if line.is_empty() {
        return "(end of output)".to_string();
    }
    let text: String = String::from_utf8_lossy(line).chars().take(80).collect();
    format!("{text:?}")
}
