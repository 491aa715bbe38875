//! The tokenizer: whitespace-separated tokens from any byte stream, with positions.
//!
//! [`Scanner`] reads in 256 KiB chunks, so a large input is never held whole in memory; its buffer
//! is reserved at the first read, checked (memory that cannot be had is an [`Error`]). Every token
//! is read against a bound, so memory never follows one token's length: a token is handed out as
//! one contiguous slice of the internal buffer only up to the length the caller allows
//! ([`Scanner::token_at_most`]: a board row against its declared width; the buffer grows only as
//! far as that), or in pieces ([`Scanner::token_in_pieces_at_most`]); a number may have at most 64
//! bytes, zero padding included. Numbers are parsed straight from the buffer
//! without allocating. Whitespace is space, tab, CR, LF, vertical tab and form feed, so
//! CRLF line ends need no special care.
//!
//! Every failure is an [`Error`]: one line saying what went wrong and, where it helps, the line
//! and column (1-based, counted in bytes) of the offending token.

use super::decimal::parse_u64;
use super::error::{out_of_memory, shown, Error, Pos};
use crate::zeroed::zeroed;
use std::cell::Cell;
use std::fmt;
use std::io::{self, Read};

/// Where a token starts in the stream, for [`Scanner::position`]: a token's line and column are
/// counted only when an error needs them, since counting costs more than reading a short token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark(usize);

const CHUNK: usize = 1 << 18;

/// The most bytes a number token may have: far more than any value needs, even zero-padded, and
/// little enough to hold. Also how much of a stray token is read to show it in a message.
const MAX_NUMBER_BYTES: usize = 64;

/// Space, tab, LF, vertical tab, form feed and CR.
static IS_SPACE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 6 {
        table[[b' ', b'\t', b'\n', 0x0b, 0x0c, b'\r'][i] as usize] = true;
        i += 1;
    }
    table
};

/// Whether `b` is whitespace: space, tab, LF, vertical tab, form feed or CR.
#[inline(always)]
pub fn is_space(b: u8) -> bool {
    IS_SPACE[b as usize]
}

/// Counts `\n` bytes; written as a plain sum so that it vectorizes.
fn count_newlines(bytes: &[u8]) -> usize {
    bytes.chunks(255).map(|chunk| chunk.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>() as usize).sum()
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

/// A tokenizer over a byte stream that remembers where each token came from.
///
/// Lines are counted lazily: only when bytes leave the buffer (a vectorizable count) and when an
/// error asks for a position, so the per-token fast path does no bookkeeping at all.
pub struct Scanner<R> {
    reader: R,
    buf: Vec<u8>,
    /// Next unread byte in `buf`.
    pos: usize,
    /// End of the valid bytes in `buf`.
    len: usize,
    /// Stream offset of `buf[0]`.
    base: usize,
    /// Newlines in the stream before `buf[0]`, and the stream offset where the line holding
    /// `buf[0]` starts.
    lines_before: usize,
    line_start_before: usize,
    /// The last position computed: (stream offset, line, stream offset of that line's start).
    /// Positions are mostly asked for in increasing order, so counting lines from there keeps
    /// the cost proportional to the input, not to the buffer for every token.
    last_pos: Cell<(usize, usize, usize)>,
    eof: bool,
}

impl<R: Read> Scanner<R> {
    pub fn new(reader: R) -> Scanner<R> {
        Scanner {
            reader,
            // Reserved, checked, at the first read: `new` cannot fail.
            buf: Vec::new(),
            pos: 0,
            len: 0,
            base: 0,
            lines_before: 0,
            line_start_before: 0,
            last_pos: Cell::new((0, 1, 0)),
            eof: false,
        }
    }

    /// Reads more bytes, keeping `buf[keep..len]` (moved to the front). Returns false at the end
    /// of the input. Grows the buffer only when the kept bytes fill it, to at most `limit` bytes.
    fn refill(&mut self, keep: usize, limit: usize) -> Result<bool, Error> {
        if self.eof {
            return Ok(false);
        }
        if keep > 0 {
            let gone = &self.buf[..keep];
            self.lines_before += count_newlines(gone);
            if let Some(last) = gone.iter().rposition(|&b| b == b'\n') {
                self.line_start_before = self.base + last + 1;
            }
            self.buf.copy_within(keep..self.len, 0);
            self.base += keep;
            self.pos -= keep;
            self.len -= keep;
        }
        if self.buf.is_empty() {
            // The first read: the buffer itself, which may not be there (under `ulimit -v`).
            // Zeroed by the allocator, so that only the pages the input fills cost memory.
            self.buf = zeroed(CHUNK).ok_or_else(|| out_of_memory(CHUNK as u128, "the input buffer"))?;
        } else if self.len == self.buf.len() {
            let grown = (self.buf.len() * 2).min(limit).max(self.buf.len() + 1);
            // A token longer than the buffer: memory follows the bytes that arrived, and memory
            // that cannot be had is an error, not an abort.
            if self.buf.try_reserve_exact(grown - self.buf.len()).is_err() {
                return Err(out_of_memory(
                    grown as u128,
                    format_args!("a token of more than {} bytes", self.len),
                ));
            }
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

    /// Skips whitespace. Returns false at the end of the input.
    fn skip_space(&mut self) -> Result<bool, Error> {
        loop {
            while self.pos < self.len {
                if !is_space(self.buf[self.pos]) {
                    return Ok(true);
                }
                self.pos += 1;
            }
            // Nothing worth keeping: start the buffer afresh.
            let all = self.len;
            if !self.refill(all, usize::MAX)? {
                return Ok(false);
            }
        }
    }

    /// The position of `buf[at]`.
    fn pos_at(&self, at: usize) -> Pos {
        let offset = self.base + at;
        // Count from the last position if it is still in the buffer and not past this one, else
        // from the buffer's start.
        let (from, mut line, mut line_start) = match self.last_pos.get() {
            (last, line, start) if last >= self.base && last <= offset => (last - self.base, line, start),
            _ => (0, 1 + self.lines_before, self.line_start_before),
        };
        let between = &self.buf[from..at];
        line += count_newlines(between);
        if let Some(last) = between.iter().rposition(|&b| b == b'\n') {
            line_start = self.base + from + last + 1;
        }
        self.last_pos.set((offset, line, line_start));
        Pos { line, column: offset - line_start + 1 }
    }

    /// The position of the next unread byte.
    fn here(&self) -> Pos {
        self.pos_at(self.pos)
    }

    /// Makes `buf[pos..end]` hold the token that starts at `pos` (a non-space byte), or only its
    /// first `max + 1` bytes if it is longer than `max`; returns `end`. The buffer grows only as
    /// far as those bytes need, so a token never costs more memory than its bound.
    fn fill_token(&mut self, max: usize) -> Result<usize, Error> {
        let limit = max.saturating_add(1);
        let mut end = self.pos;
        loop {
            let stop = self.len.min(self.pos.saturating_add(limit));
            while end < stop && !is_space(self.buf[end]) {
                end += 1;
            }
            if end < self.len || end - self.pos == limit {
                return Ok(end);
            }
            // The token runs to the end of the buffer: keep it and read on.
            let start = self.pos;
            let offset = end - start;
            if !self.refill(start, limit)? {
                return Ok(self.len);
            }
            end = self.pos + offset;
        }
    }

    /// The next token and a [`Mark`] of where it starts, if it has at most `max` bytes; a longer
    /// one is an error as soon as its `max + 1`-th byte arrives (the rest is never read), so memory
    /// follows `max`, the length the input declared, never the token's. `what` names it in errors.
    #[inline]
    pub fn token_at_most(&mut self, what: impl fmt::Display, max: usize) -> Result<(&[u8], Mark), Error> {
        if !self.skip_space()? {
            return Err(self.end_error(&what));
        }
        let end = self.fill_token(max)?;
        let start = self.pos;
        if end - start > max {
            return Err(too_long(&what, max, self.pos_at(start)));
        }
        self.pos = end;
        Ok((&self.buf[start..end], Mark(self.base + start)))
    }

    /// The line and column of `mark`, a mark of the last token read (asked before the next read).
    pub fn position(&self, mark: Mark) -> Pos {
        assert!(mark.0 >= self.base, "a mark's position is asked before the next read");
        self.pos_at(mark.0 - self.base)
    }

    /// The next token, handed to `take` in pieces (consecutive slices of the buffer, in order)
    /// instead of whole, so that a token of any length costs no more memory than the buffer (a
    /// 10^8-cell board row, say). The token may have at most `max` bytes (a board row against its
    /// declared width): a longer one is an error as soon as its `max + 1`-th byte arrives, and
    /// `take` never sees more than `max` bytes, so an endless row stops there. Returns where the
    /// token starts and its length in bytes; `what` names it in errors.
    pub fn token_in_pieces_at_most(
        &mut self,
        what: impl fmt::Display,
        max: usize,
        mut take: impl FnMut(&[u8]),
    ) -> Result<(Pos, usize), Error> {
        if !self.skip_space()? {
            return Err(self.end_error(&what));
        }
        let at = self.here();
        // Move the token to the front of the buffer (the bytes before it, which may hold
        // newlines, are dropped the usual way). From then on every byte dropped is a token byte,
        // so no newline: dropping the whole buffer needs no line bookkeeping.
        if self.pos > 0 {
            let before = self.pos;
            self.refill(before, usize::MAX)?;
        }
        // Up to one byte past `max`, to tell a token too long; `take` sees `max` at most.
        let limit = max.saturating_add(1);
        let mut length = 0;
        loop {
            let rest = &self.buf[self.pos..self.len];
            let cut = rest.len().min(limit - length);
            let end = first_space(&rest[..cut]);
            let piece = &rest[..end.unwrap_or(cut)];
            take(&piece[..piece.len().min(max - length.min(max))]);
            self.pos += piece.len();
            length += piece.len();
            // At the end of the input the move above may not have happened; nothing is dropped.
            if end.is_some() || length == limit || self.eof {
                break;
            }
            self.base += self.len;
            self.pos = 0;
            self.len = 0;
            if !self.refill(0, usize::MAX)? {
                break;
            }
        }
        if length > max {
            return Err(too_long(&what, max, at));
        }
        Ok((at, length))
    }

    #[cold]
    fn end_error(&self, what: &dyn fmt::Display) -> Error {
        Error::at(self.here(), format!("expected {what}, found the end of the input"))
    }

    /// The next token as an unsigned integer; `what` names it in error messages (pass
    /// `format_args!` to name it without formatting anything unless there is an error). Inputs
    /// of many numbers read them in bulk instead ([`super::read_pairs`](crate::input::read_pairs), straight from
    /// the buffer through [`Scanner::parse_buffered`]).
    pub fn u64(&mut self, what: impl fmt::Display) -> Result<u64, Error> {
        self.number(&what, false)
    }

    /// The next token as an unsigned integer of any number of digits, saturating at `u64::MAX`
    /// (for a bound that a larger value cannot exceed, such as a move's reach).
    pub fn u64_saturating(&mut self, what: impl fmt::Display) -> Result<u64, Error> {
        self.number(&what, true)
    }

    /// Reads a number token of at most [`MAX_NUMBER_BYTES`] bytes (a longer token is rejected as
    /// soon as its next byte arrives, so it is never held).
    fn number(&mut self, what: &dyn fmt::Display, saturate: bool) -> Result<u64, Error> {
        if !self.skip_space()? {
            return Err(self.end_error(what));
        }
        let end = self.fill_token(MAX_NUMBER_BYTES)?;
        let start = self.pos;
        let token = &self.buf[start..end];
        // A longer token is no number of this program's; its first bytes tell why.
        let parsed = if token.len() > MAX_NUMBER_BYTES && token.iter().all(u8::is_ascii_digit) {
            Err(" (more than 64 digits)")
        } else {
            parse_u64(token, saturate)
        };
        self.pos = end;
        match parsed {
            Ok(value) => Ok(value),
            Err(why) => {
                Err(Error::at(self.pos_at(start), format!("expected {what}, found {}{why}", shown(token))))
            }
        }
    }

    /// The next token as an integer in `lo..=hi`.
    #[inline(always)]
    pub fn u64_in(&mut self, what: impl fmt::Display, lo: u64, hi: u64) -> Result<u64, Error> {
        let value = self.u64(&what)?;
        if value < lo || value > hi {
            return Err(self.range_error(&what, lo, hi, value));
        }
        Ok(value)
    }

    /// Lets `parse` read the buffered bytes straight (a fast path for many small tokens); it
    /// returns how many it took, ending between tokens. What it leaves is read the usual way.
    pub fn parse_buffered(&mut self, parse: impl FnOnce(&[u8]) -> usize) {
        self.pos = self.len.min(self.pos + parse(&self.buf[self.pos..self.len]));
    }

    /// The error for the number just read, which is out of range.
    #[cold]
    #[inline(never)]
    fn range_error(&self, what: &dyn fmt::Display, lo: u64, hi: u64, value: u64) -> Error {
        // The number ends at `pos` and is all digits.
        let start = self.buf[..self.pos].iter().rposition(|b| !b.is_ascii_digit()).map_or(0, |i| i + 1);
        Error::at(self.pos_at(start), format!("{what} must be between {lo} and {hi}, found {value}"))
    }

    /// The position of the next token (or of the end of the input).
    pub fn peek_pos(&mut self) -> Result<Pos, Error> {
        self.skip_space()?;
        Ok(self.here())
    }

    /// Succeeds only if nothing but whitespace is left. A token that follows is read only as far
    /// as the message shows it.
    pub fn finish(&mut self, after: impl fmt::Display) -> Result<(), Error> {
        if !self.skip_space()? {
            return Ok(());
        }
        let end = self.fill_token(MAX_NUMBER_BYTES)?;
        let token = &self.buf[self.pos..end];
        Err(Error::at(self.here(), format!("unexpected {} after {after}", shown(token))))
    }
}

/// The error for a token longer than the `max` bytes it may have.
#[cold]
fn too_long(what: &dyn fmt::Display, max: usize, at: Pos) -> Error {
    let unit = if max == 1 { "character" } else { "characters" };
    Error::at(at, format!("{what} has more than {max} {unit}"))
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
    fn positions_of_every_token_across_refills() {
        // Lines of varying length (some empty, some CRLF), read through a one-byte reader and a
        // whole-buffer reader; every token's position matches a plain count.
        let mut text = String::new();
        let mut expected = Vec::new();
        for line in 1..3000usize {
            let mut column = 1;
            for word in 0..line % 5 {
                let token = "x".repeat(1 + (line * 7 + word) % 30);
                expected.push(Pos { line, column });
                text += &token;
                text.push(' ');
                column += token.len() + 1;
            }
            text += if line % 3 == 0 { "\r\n" } else { "\n" };
        }
        for trickle in [false, true] {
            let reader: Box<dyn Read> =
                if trickle { Box::new(Trickle(text.as_bytes())) } else { Box::new(text.as_bytes()) };
            let mut s = Scanner::new(reader);
            for want in &expected {
                assert_eq!(s.peek_pos().unwrap(), *want);
                let mark = s.token_at_most("a word", 30).unwrap().1;
                assert_eq!(s.position(mark), *want);
            }
            assert!(s.finish("the words").is_ok());
        }
    }

    #[test]
    fn the_block_parser_counts_whitespace_as_the_scanner_does() {
        let every: Vec<u8> = (0..=255).collect();
        for block in every.chunks(64) {
            let (digits, spaces) = crate::input::decimal::classify(block);
            for (i, &b) in block.iter().enumerate() {
                assert_eq!(spaces >> i & 1 == 1, is_space(b), "byte {b:#04x}");
                assert_eq!(digits >> i & 1 == 1, b.is_ascii_digit(), "byte {b:#04x}");
            }
        }
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
        let (at, length) =
            s.token_in_pieces_at_most("row", usize::MAX, |piece| got.extend_from_slice(piece)).unwrap();
        assert_eq!((got, at, length), (long.into_bytes(), Pos { line: 1, column: 3 }, 2 * CHUNK));
        assert_eq!(s.u64("b").unwrap(), 9);
        for want in ["x", "y"] {
            let mut got = Vec::new();
            s.token_in_pieces_at_most("z", usize::MAX, |piece| got.extend_from_slice(piece)).unwrap();
            assert_eq!(got, want.as_bytes());
        }
        let e = s.token_in_pieces_at_most("the board", usize::MAX, |_| {}).unwrap_err();
        let end = format!("line 1, column {}: expected the board, found the end of the input", 2 * CHUNK + 9);
        assert_eq!(e.message(), end);
        // Lines stay right across the dropped pieces, with newlines before the token in the buffer.
        let text = format!("1\n\n  {}\n\n bad", "x".repeat(3 * CHUNK + 5));
        for whole in [true, false] {
            let reader: Box<dyn Read> =
                if whole { Box::new(text.as_bytes()) } else { Box::new(Trickle(text.as_bytes())) };
            let mut s = Scanner::new(reader);
            assert_eq!(s.u64("n").unwrap(), 1);
            let (at, length) = s.token_in_pieces_at_most("row", usize::MAX, |_| {}).unwrap();
            assert_eq!((at, length), (Pos { line: 3, column: 3 }, 3 * CHUNK + 5));
            assert_eq!(
                s.finish("the row").unwrap_err().message(),
                "line 5, column 2: unexpected `bad` after the row"
            );
        }
        for text in [" x".repeat(100), format!("{} ", "x".repeat(200))] {
            let mut s = scanner(&text);
            assert_eq!(
                s.token_in_pieces_at_most("t", usize::MAX, |_| {}).unwrap().1,
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
        let (token, mark) = s.token_at_most("row", 2 * CHUNK).unwrap();
        assert_eq!(token, long.as_bytes());
        assert_eq!(s.position(mark), Pos { line: 1, column: 5 });
        assert_eq!(s.u64("b").unwrap(), 45);
        assert_eq!(s.peek_pos().unwrap(), Pos { line: 2, column: 4 });
    }

    /// An endless token, made of one byte (up to `limit` bytes, so a bug shows as a failure).
    struct Endless {
        byte: u8,
        left: usize,
    }
    impl Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let k = out.len().min(self.left);
            out[..k].fill(self.byte);
            self.left -= k;
            Ok(k)
        }
    }

    #[test]
    fn bounded_tokens_stop_at_their_bound() {
        let huge = 64 * CHUNK;
        // A token past its bound is an error, read no further than the bound, and the buffer
        // never grows past the bound (nor past its first size for a short bound).
        let mut s = Scanner::new(Endless { byte: b'.', left: huge });
        let e = s.token_at_most("row 1 of 1", 5).unwrap_err();
        assert_eq!(e.message(), "line 1, column 1: row 1 of 1 has more than 5 characters");
        assert_eq!(s.buf.len(), CHUNK);
        let mut s = Scanner::new(Endless { byte: b'.', left: huge });
        assert!(s.token_at_most("row", 3 * CHUNK).is_err());
        assert!(s.buf.len() <= 3 * CHUNK + 1, "{}", s.buf.len());
        // In pieces: `take` sees at most the bound.
        let mut s = Scanner::new(Endless { byte: b'.', left: huge });
        let mut seen = 0;
        let e =
            s.token_in_pieces_at_most("the board", 2 * CHUNK + 7, |piece| seen += piece.len()).unwrap_err();
        assert_eq!(
            e.message(),
            format!("line 1, column 1: the board has more than {} characters", 2 * CHUNK + 7)
        );
        assert_eq!((seen, s.buf.len()), (2 * CHUNK + 7, CHUNK));
        // A token of exactly the bound is fine, at the end of the input or before a space.
        for text in ["ab\ncd", "ab\ncd\n"] {
            let mut s = scanner(text);
            let (token, mark) = s.token_at_most("a", 2).unwrap();
            assert_eq!(token, b"ab");
            assert_eq!(s.position(mark), Pos { line: 1, column: 1 });
            let mut got = Vec::new();
            assert_eq!(
                s.token_in_pieces_at_most("b", 2, |p| got.extend_from_slice(p)).unwrap(),
                (Pos { line: 2, column: 1 }, 2)
            );
            assert_eq!(got, b"cd");
        }
        // Bad numbers and stray tokens are read only as far as the message shows them.
        for byte in [0u8, b'1', b'x', b'-'] {
            let mut s = Scanner::new(Endless { byte, left: huge });
            assert!(s.u64("n").is_err());
            assert_eq!(s.buf.len(), CHUNK);
        }
        let mut s = Scanner::new(Endless { byte: b'7', left: huge });
        assert!(s.finish("the input").unwrap_err().message().ends_with("7...` after the input"));
        assert_eq!(s.buf.len(), CHUNK);
    }

    #[test]
    fn numbers_have_at_most_64_bytes() {
        let padded = format!("{}42", "0".repeat(62));
        let text = format!("{padded} 0{padded} 7");
        for trickle in [false, true] {
            let reader: Box<dyn Read> =
                if trickle { Box::new(Trickle(text.as_bytes())) } else { Box::new(text.as_bytes()) };
            let mut s = Scanner::new(reader);
            assert_eq!(s.u64("a").unwrap(), 42);
            assert_eq!(
                s.u64("b").unwrap_err().message(),
                format!("line 1, column 66: expected b, found `{}...` (more than 64 digits)", "0".repeat(24))
            );
        }
        let mut s = scanner("18446744073709551615 18446744073709551616 99999999999999999999999 -3");
        assert_eq!(s.u64("a").unwrap(), u64::MAX);
        assert!(s.u64("b").unwrap_err().message().ends_with("(too large)"));
        assert_eq!(s.u64_saturating("c").unwrap(), u64::MAX);
        assert!(s.u64_saturating("d").unwrap_err().message().ends_with("`-3` (negative)"));
    }
}
