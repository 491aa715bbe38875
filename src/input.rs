//! Reading judge input: whitespace-separated tokens from any byte stream, with positions.
//!
//! [`Scanner`] reads in 64 KiB chunks, so a large input is never held whole in memory; a token is
//! always handed out as one contiguous slice of the internal buffer (the buffer grows only when a
//! single token is longer than it, as a 10^8-cell board row is). Numbers are parsed straight from
//! the buffer without allocating. Whitespace is space, tab, CR, LF, vertical tab and form feed, so
//! CRLF line ends need no special care.
//!
//! Every failure is an [`Error`]: one line saying what went wrong and, where it helps, the line
//! and column (1-based, counted in bytes) of the offending token.

use std::fmt;
use std::io::{self, Read};

/// A one-line, human-readable description of bad input (or of a failed read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    /// An error with no position.
    pub fn new(message: impl Into<String>) -> Error {
        Error { message: message.into() }
    }

    /// An error about the token at `pos`.
    pub fn at(pos: Pos, message: impl fmt::Display) -> Error {
        Error { message: format!("{pos}: {message}") }
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

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::new(format!("cannot read the input: {e}"))
    }
}

/// Where a token starts: 1-based line and column (columns count bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

const CHUNK: usize = 1 << 16;

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The index of the first whitespace byte. Tests 64 bytes at a time with a branch-free test
/// that vectorizes, then finds the byte in the block that has one.
fn first_space(bytes: &[u8]) -> Option<usize> {
    const BLOCK: usize = 64;
    let mut start = 0;
    for block in bytes.chunks_exact(BLOCK) {
        let any = block.iter().fold(0u8, |any, &b| any | u8::from((b == b' ') | (b.wrapping_sub(b'\t') < 5)));
        if any != 0 {
            break;
        }
        start += BLOCK;
    }
    bytes[start..].iter().position(|&b| is_space(b)).map(|i| start + i)
}

/// Shows a token in an error message: as text, cut short if long.
fn shown(token: &[u8]) -> String {
    const MAX: usize = 24;
    let cut = &token[..token.len().min(MAX)];
    let text = String::from_utf8_lossy(cut);
    if token.len() > MAX {
        format!("`{text}...`")
    } else {
        format!("`{text}`")
    }
}

/// A tokenizer over a byte stream that remembers where each token came from.
pub struct Scanner<R> {
    reader: R,
    buf: Vec<u8>,
    /// Next unread byte in `buf`.
    pos: usize,
    /// End of the valid bytes in `buf`.
    len: usize,
    /// Stream offset of `buf[0]`.
    base: usize,
    /// Current line number (1-based) and the stream offset where it starts.
    line: usize,
    line_start: usize,
    eof: bool,
}

impl<R: Read> Scanner<R> {
    pub fn new(reader: R) -> Scanner<R> {
        Scanner { reader, buf: vec![0; CHUNK], pos: 0, len: 0, base: 0, line: 1, line_start: 0, eof: false }
    }

    /// Reads more bytes, keeping `buf[keep..len]` (moved to the front). Returns false at the end
    /// of the input. Grows the buffer only when the kept bytes fill it.
    fn refill(&mut self, keep: usize) -> Result<bool, Error> {
        if self.eof {
            return Ok(false);
        }
        if keep > 0 {
            self.buf.copy_within(keep..self.len, 0);
            self.base += keep;
            self.pos -= keep;
            self.len -= keep;
        }
        if self.len == self.buf.len() {
            let grown = self.buf.len() * 2;
            self.buf.resize(grown, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(k) => {
                    self.len += k;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Skips whitespace, counting lines. Returns false at the end of the input.
    fn skip_space(&mut self) -> Result<bool, Error> {
        loop {
            while self.pos < self.len {
                let b = self.buf[self.pos];
                if !is_space(b) {
                    return Ok(true);
                }
                if b == b'\n' {
                    self.line += 1;
                    self.line_start = self.base + self.pos + 1;
                }
                self.pos += 1;
            }
            // Nothing worth keeping: start the buffer afresh.
            let all = self.len;
            if !self.refill(all)? {
                return Ok(false);
            }
        }
    }

    /// The position of the next unread byte.
    fn here(&self) -> Pos {
        Pos { line: self.line, column: self.base + self.pos - self.line_start + 1 }
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Result<Option<(&[u8], Pos)>, Error> {
        if !self.skip_space()? {
            return Ok(None);
        }
        let pos = self.here();
        let mut end = self.pos;
        loop {
            while end < self.len && !is_space(self.buf[end]) {
                end += 1;
            }
            if end < self.len {
                break;
            }
            // The token runs to the end of the buffer: keep it and read on.
            let start = self.pos;
            let offset = end - start;
            if !self.refill(start)? {
                end = self.len;
                break;
            }
            end = self.pos + offset;
        }
        let start = self.pos;
        self.pos = end;
        Ok(Some((&self.buf[start..end], pos)))
    }

    /// The next token; `what` names it in the error at the end of the input.
    pub fn token(&mut self, what: impl fmt::Display) -> Result<(&[u8], Pos), Error> {
        if !self.skip_space()? {
            let at = self.here();
            return Err(Error::at(at, format!("expected {what}, found the end of the input")));
        }
        Ok(self.next_token()?.expect("a token follows skipped space"))
    }

    /// The next token, handed to `take` in pieces (consecutive slices of the buffer, in order)
    /// instead of whole, so that a token of any length costs no more memory than the buffer (a
    /// 10^8-cell board row, say). Returns where the token starts and its length in bytes; `what`
    /// names it in the error at the end of the input.
    pub fn token_in_pieces(
        &mut self,
        what: impl fmt::Display,
        mut take: impl FnMut(&[u8]),
    ) -> Result<(Pos, usize), Error> {
        if !self.skip_space()? {
            let at = self.here();
            return Err(Error::at(at, format!("expected {what}, found the end of the input")));
        }
        let at = self.here();
        let mut length = 0;
        loop {
            let rest = &self.buf[self.pos..self.len];
            if let Some(end) = first_space(rest) {
                take(&rest[..end]);
                self.pos += end;
                return Ok((at, length + end));
            }
            take(rest);
            length += rest.len();
            // All of the buffer is handed out: nothing to keep.
            self.pos = self.len;
            let all = self.len;
            if !self.refill(all)? {
                return Ok((at, length));
            }
        }
    }

    /// The next token as an unsigned integer; `what` names it in error messages (pass
    /// `format_args!` to name it without formatting anything unless there is an error).
    pub fn u64(&mut self, what: impl fmt::Display) -> Result<u64, Error> {
        if !self.skip_space()? {
            let at = self.here();
            return Err(Error::at(at, format!("expected {what}, found the end of the input")));
        }
        // Fast path: up to 19 digits (always fits in u64) ending inside the buffer.
        let rest = &self.buf[self.pos..self.len];
        let mut value: u64 = 0;
        let mut i = 0;
        while i < rest.len() && i < 19 {
            let digit = rest[i].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value * 10 + u64::from(digit);
            i += 1;
        }
        if i > 0 && i < rest.len() && is_space(rest[i]) {
            self.pos += i;
            return Ok(value);
        }
        let (token, at) = self.token(&what)?;
        parse_u64(token).map_err(|why| Error::at(at, format!("expected {what}, found {}{why}", shown(token))))
    }

    /// The next token as an integer in `lo..=hi`.
    pub fn u64_in(&mut self, what: impl fmt::Display, lo: u64, hi: u64) -> Result<u64, Error> {
        let at = self.peek_pos()?;
        let value = self.u64(&what)?;
        if value < lo || value > hi {
            return Err(Error::at(at, format!("{what} must be between {lo} and {hi}, found {value}")));
        }
        Ok(value)
    }

    /// The position of the next token (or of the end of the input).
    pub fn peek_pos(&mut self) -> Result<Pos, Error> {
        self.skip_space()?;
        Ok(self.here())
    }

    /// Succeeds only if nothing but whitespace is left.
    pub fn finish(&mut self, after: impl fmt::Display) -> Result<(), Error> {
        match self.next_token()? {
            None => Ok(()),
            Some((token, at)) => Err(Error::at(at, format!("unexpected {} after {after}", shown(token)))),
        }
    }
}

/// Parses a whole token as an unsigned decimal integer; the error completes "found `token`".
fn parse_u64(token: &[u8]) -> Result<u64, &'static str> {
    if token.first() == Some(&b'-') && token.len() > 1 && token[1..].iter().all(u8::is_ascii_digit) {
        return Err(" (negative)");
    }
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return Err("");
    }
    token
        .iter()
        .try_fold(0u64, |acc, &d| acc.checked_mul(10)?.checked_add(u64::from(d - b'0')))
        .ok_or(" (too large)")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scanner(text: &str) -> Scanner<&[u8]> {
        Scanner::new(text.as_bytes())
    }

    #[test]
    fn numbers_and_positions() {
        let mut s = scanner("3 14\r\n  15\n");
        assert_eq!(s.u64("n").unwrap(), 3);
        assert_eq!(s.u64("m").unwrap(), 14);
        assert_eq!(s.peek_pos().unwrap(), Pos { line: 2, column: 3 });
        assert_eq!(s.u64("x").unwrap(), 15);
        assert!(s.finish("the numbers").is_ok());
        let e = s.u64("y").unwrap_err();
        assert_eq!(e.message(), "line 3, column 1: expected y, found the end of the input");
    }

    #[test]
    fn last_token_without_newline() {
        let mut s = scanner("12 7");
        assert_eq!(s.u64("a").unwrap(), 12);
        assert_eq!(s.u64("b").unwrap(), 7);
        assert!(s.finish("b").is_ok());
    }

    #[test]
    fn bad_numbers() {
        let mut s = scanner("1x -4 99999999999999999999 0000000000000000000000012");
        assert_eq!(s.u64("a").unwrap_err().message(), "line 1, column 1: expected a, found `1x`");
        assert_eq!(s.u64("b").unwrap_err().message(), "line 1, column 4: expected b, found `-4` (negative)");
        assert!(s.u64("c").unwrap_err().message().ends_with("(too large)"));
        assert_eq!(s.u64("d").unwrap(), 12);
    }

    #[test]
    fn range_and_trailing_tokens() {
        let mut s = scanner("0\n5 extra");
        assert_eq!(
            s.u64_in("n", 1, 10).unwrap_err().message(),
            "line 1, column 1: n must be between 1 and 10, found 0"
        );
        assert_eq!(s.u64("m").unwrap(), 5);
        assert_eq!(
            s.finish("the edge list").unwrap_err().message(),
            "line 2, column 3: unexpected `extra` after the edge list"
        );
    }

    /// A reader that hands out one byte at a time, so every token straddles a refill.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() || out.is_empty() {
                return Ok(0);
            }
            out[0] = self.0[0];
            self.0 = &self.0[1..];
            Ok(1)
        }
    }

    #[test]
    fn token_in_pieces() {
        let long = "ab".repeat(CHUNK);
        let text = format!("7 {long}\x0b9 x\ty");
        let mut s = Scanner::new(Trickle(text.as_bytes()));
        assert_eq!(s.u64("a").unwrap(), 7);
        let mut got = Vec::new();
        let (at, length) = s.token_in_pieces("row", |piece| got.extend_from_slice(piece)).unwrap();
        assert_eq!((got, at, length), (long.into_bytes(), Pos { line: 1, column: 3 }, 2 * CHUNK));
        assert_eq!(s.u64("b").unwrap(), 9);
        for want in ["x", "y"] {
            let mut got = Vec::new();
            s.token_in_pieces("z", |piece| got.extend_from_slice(piece)).unwrap();
            assert_eq!(got, want.as_bytes());
        }
        let e = s.token_in_pieces("the board", |_| {}).unwrap_err();
        assert_eq!(e.message(), "line 1, column 131081: expected the board, found the end of the input");
        for text in [" x".repeat(100), format!("{} ", "x".repeat(200))] {
            let mut s = scanner(&text);
            assert_eq!(
                s.token_in_pieces("t", |_| {}).unwrap().1,
                text.trim().split(' ').next().unwrap().len()
            );
        }
    }

    #[test]
    fn tokens_across_refills_and_longer_than_the_buffer() {
        let long = "ab".repeat(CHUNK);
        let text = format!("123 {long}\n 45");
        let mut s = Scanner::new(Trickle(text.as_bytes()));
        assert_eq!(s.u64("a").unwrap(), 123);
        let (token, at) = s.token("row").unwrap();
        assert_eq!(token, long.as_bytes());
        assert_eq!(at, Pos { line: 1, column: 5 });
        assert_eq!(s.u64("b").unwrap(), 45);
        assert_eq!(s.peek_pos().unwrap(), Pos { line: 2, column: 4 });
    }
}
