//! Errors about the input: one line saying what is wrong and, where it helps, where.

use std::borrow::Cow;
use std::fmt;
use std::io;

/// A one-line, human-readable description of bad input (or of a failed read). It is a
/// [`std::error::Error`], so `?` carries it into a `Box<dyn Error>`:
///
/// ```
/// use graph_games::partizan::Forms;
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let mut forms = Forms::new();
///     let star = forms.make(&[Forms::ZERO], &[Forms::ZERO])?; // `?` on the library's Error
///     let winner = forms.winner(star)?; // `?` again: an Error from a comparison
///     assert_eq!(format!("{} wins {}", winner, forms.show(star)), "First wins *");
///     let error: Box<dyn std::error::Error> = graph_games::input::Error::new("bad input").into();
///     assert_eq!(error.to_string(), "bad input");
///     Ok(())
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Borrowed only for the fixed message of [`out_of_memory`] when not even its text can be had.
    message: Cow<'static, str>,
}

impl Error {
    /// An error with no position.
    pub fn new(message: impl Into<String>) -> Error {
        Error { message: Cow::Owned(message.into()) }
    }

    /// An error about the token at `pos`.
    pub fn at(pos: Pos, message: impl fmt::Display) -> Error {
        Error { message: Cow::Owned(format!("{pos}: {message}")) }
    }

    /// The message, without the `error: ` prefix the binaries add.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// No source: the message already holds what caused it (an [`io::Error`]'s text, say).
impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::new(format!("cannot read the input: {e}"))
    }
}

/// The error for memory that could not be had: what needed how many bytes (the contract: never an
/// abort). Its text is written into memory reserved checked: when the memory ran out to the last
/// page, even those few bytes may not be there, and the error says so without the figures (made
/// with no allocation at all) rather than abort.
pub fn out_of_memory(bytes: u128, what: impl fmt::Display) -> Error {
    use std::fmt::Write;
    let mebibytes = (bytes + (1 << 20) - 1) >> 20;
    let mut text = CheckedText(String::new());
    match write!(text, "not enough memory for {what}: {bytes} bytes ({mebibytes} MiB) needed") {
        Ok(()) => Error { message: Cow::Owned(text.0) },
        Err(_) => Error { message: Cow::Borrowed("not enough memory (not even for this message's details)") },
    }
}

/// A `String` that grows checked: running out of memory is a `fmt::Error`, not an abort.
struct CheckedText(String);

impl fmt::Write for CheckedText {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        if self.0.capacity() - self.0.len() < piece.len() {
            // Room for the whole usual message at once: one allocation, rarely a second.
            let more = piece.len().max(96);
            self.0.try_reserve(more).map_err(|_| fmt::Error)?;
        }
        self.0.push_str(piece);
        Ok(())
    }
}

/// Where a token starts: 1-based line and column (columns count bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    /// The position `columns` bytes further along the same line: a byte inside a token (which
    /// holds no newline) that starts at `self`.
    pub fn plus_columns(self, columns: usize) -> Pos {
        Pos { line: self.line, column: self.column + columns }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Shows input bytes in an error message, the same way everywhere: between backticks, at most
/// 24 bytes (then `...`), printable ASCII as it is and every other byte escaped as Rust escapes
/// bytes (`\n`, `\t`, `\r`, `\\`, `\'`, `\"`, else `\xNN`), so that a message is one line of
/// plain text whatever the input holds (no terminal escape, no NUL, no invalid UTF-8).
pub fn shown(bytes: &[u8]) -> String {
    const MAX: usize = 24;
    let more = if bytes.len() > MAX { "..." } else { "" };
    format!("`{}{more}`", bytes[..bytes.len().min(MAX)].escape_ascii())
}

/// `count` things, in words: `1 move`, `3 moves` (`thing` takes an `s`). The crate's one
/// plural, for messages and explanations alike.
pub fn plural(count: u64, thing: &str) -> String {
    format!("{count} {thing}{}", if count == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_escapes_every_byte_that_is_not_printable_ascii() {
        assert_eq!(shown(b"abc"), "`abc`");
        assert_eq!(shown(b"\x1b[2J\x00\xff\t\r\n\\\"'"), "`\\x1b[2J\\x00\\xff\\t\\r\\n\\\\\\\"\\'`");
        assert_eq!(shown(&[b'7'; 30]), format!("`{}...`", "7".repeat(24)));
    }

    #[test]
    fn plurals() {
        assert_eq!(
            (plural(0, "move"), plural(1, "move"), plural(2, "edge")),
            ("0 moves".into(), "1 move".into(), "2 edges".into())
        );
    }
}
