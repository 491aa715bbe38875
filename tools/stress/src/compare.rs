//! Comparing a received output with the expected one as a judge does: the same whitespace-separated
//! tokens in the same order (any whitespace between them, CRLF line ends, trailing spaces and a
//! missing final newline are fine; case matters), and where they first differ.

use graph_games::input::{is_space, shown};

/// A token of an output: its bytes' range, its line (1-based) and its number within that line
/// (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub number: usize,
}

/// The tokens of an output, in order.
pub struct Tokens<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    number: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(bytes: &'a [u8]) -> Tokens<'a> {
        Tokens { bytes, pos: 0, line: 1, number: 0 }
    }
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        let bytes = self.bytes;
        while self.pos < bytes.len() && is_space(bytes[self.pos]) {
            if bytes[self.pos] == b'\n' {
                self.line += 1;
                self.number = 0;
            }
            self.pos += 1;
        }
        if self.pos == bytes.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < bytes.len() && !is_space(bytes[self.pos]) {
            self.pos += 1;
        }
        self.number += 1;
        Some(Token { start, end: self.pos, line: self.line, number: self.number })
    }
}

/// Where two outputs first differ: the index of the first token that differs (0-based), and that
/// token in each output (`None` where that output has no more tokens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difference {
    pub index: usize,
    pub expected: Option<Token>,
    pub received: Option<Token>,
}

/// Where `received` first differs from `expected`, token by token; `None` if a judge accepts it.
pub fn first_difference(expected: &[u8], received: &[u8]) -> Option<Difference> {
    let (mut want, mut got) = (Tokens::new(expected), Tokens::new(received));
    let mut index = 0;
    loop {
        match (want.next(), got.next()) {
            (None, None) => return None,
            (Some(a), Some(b)) if expected[a.start..a.end] == received[b.start..b.end] => index += 1,
            (a, b) => return Some(Difference { index, expected: a, received: b }),
        }
    }
}

/// The bytes of `token` of `output`, shown on one line as input bytes are ([`shown`]).
pub fn shown_token(output: &[u8], token: Token) -> String {
    shown(&output[token.start..token.end])
}

impl Difference {
    /// One line saying where and how the outputs differ.
    pub fn describe(&self, expected: &[u8], received: &[u8]) -> String {
        let at = |t: Token| format!("line {}, token {}", t.line, t.number);
        match (self.expected, self.received) {
            (Some(a), Some(b)) if (a.line, a.number) == (b.line, b.number) => format!(
                "first difference at {}: expected {}, received {}",
                at(a),
                shown_token(expected, a),
                shown_token(received, b)
            ),
            (Some(a), Some(b)) => format!(
                "first difference at token {}: expected {} ({}), received {} ({})",
                self.index + 1,
                shown_token(expected, a),
                at(a),
                shown_token(received, b),
                at(b)
            ),
            (Some(a), None) => format!(
                "the received output ends after {}: expected {} next ({})",
                count(self.index),
                shown_token(expected, a),
                at(a)
            ),
            (None, Some(b)) => format!(
                "the received output goes on past the expected {}: {} ({})",
                count(self.index),
                shown_token(received, b),
                at(b)
            ),
            (None, None) => "no difference".to_string(),
        }
    }
}

/// `n` tokens, in words.
fn count(n: usize) -> String {
    if n == 1 {
        "1 token".to_string()
    } else {
        format!("{n} tokens")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn differ(a: &str, b: &str) -> Option<String> {
        first_difference(a.as_bytes(), b.as_bytes()).map(|d| d.describe(a.as_bytes(), b.as_bytes()))
    }

    #[test]
    fn whitespace_does_not_matter_but_case_does() {
        assert_eq!(differ("win\nlose\n", "win\r\nlose  \r\n"), None);
        assert_eq!(differ("win\nlose\n", "win lose"), None);
        assert_eq!(differ("", "\n \t\r\n"), None);
        assert_eq!(
            differ("win\nlose\n", "win\nLose\n").unwrap(),
            "first difference at line 2, token 1: expected `lose`, received `Lose`"
        );
    }

    #[test]
    fn every_kind_of_difference() {
        assert_eq!(
            differ("a b\nc d\n", "a b x\nd").unwrap(),
            "first difference at token 3: expected `c` (line 2, token 1), received `x` (line 1, token 3)"
        );
        assert_eq!(
            differ("a\nb\n", "a\n").unwrap(),
            "the received output ends after 1 token: expected `b` next (line 2, token 1)"
        );
        let (a, b) = (b"a\n", b"a\n\n\n x\xff");
        assert_eq!(
            first_difference(a, b).unwrap().describe(a, b),
            "the received output goes on past the expected 1 token: `x\\xff` (line 4, token 1)"
        );
        let d = first_difference(b"x y\n", b"x\n\nz").unwrap();
        assert_eq!(d.index, 1);
        assert_eq!(d.expected, Some(Token { start: 2, end: 3, line: 1, number: 2 }));
        assert_eq!(d.received, Some(Token { start: 3, end: 4, line: 3, number: 1 }));
    }

    #[test]
    fn long_tokens_are_cut() {
        let long = "w".repeat(100);
        let d = differ("win", &long).unwrap();
        assert!(d.ends_with(&format!("received `{}...`", "w".repeat(24))), "{d}");
    }
}
