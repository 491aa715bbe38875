//! The lexer: Rust source split into tokens that cover it exactly (identifiers, literals, lifetimes,
//! punctuation, comments and whitespace), so that a brace or a path inside a string, a char or a
//! comment is never taken for code, and `'a'` (a char) is told from `'a` (a lifetime). Every later
//! stage of the bundler edits only whole tokens or the whitespace between them, so string literals
//! come out byte for byte. Shared with the house rules (tools/bundle/tests/layout.rs).

/// What a token is. Comments and whitespace are tokens too, so that cuts keep the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Space,
    Comment,
    Ident,
    Lifetime,
    Literal,
    Punct,
}

/// One token: its kind and its byte range in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// Splits Rust source into tokens that cover it exactly. Punctuation is one character per token,
/// except `::`. Fails on an unterminated string, char or block comment.
pub fn tokenize(src: &str) -> Result<Vec<Token>, String> {
    let b = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let (kind, end) = if b[i].is_ascii_whitespace() {
            (Kind::Space, i + b[i..].iter().take_while(|c| c.is_ascii_whitespace()).count())
        } else if b[i..].starts_with(b"//") {
            (Kind::Comment, i + b[i..].iter().take_while(|&&c| c != b'\n').count())
        } else if b[i..].starts_with(b"/*") {
            (Kind::Comment, block_comment_end(b, i).ok_or_else(|| at(src, i, "unterminated block comment"))?)
        } else if let Some(end) = prefixed_literal_end(src, i)? {
            (Kind::Literal, end)
        } else if b[i] == b'\'' {
            quote_end(src, i)?
        } else if is_ident_start(b[i]) {
            // A raw identifier `r#match` is one token (a raw string `r#"` was taken above).
            let body = if b[i..].starts_with(b"r#") { i + 2 } else { i };
            (Kind::Ident, body + b[body..].iter().take_while(|&&c| is_ident_continue(c)).count())
        } else if b[i].is_ascii_digit() {
            // Enough for brace matching: `1.5e-3` may come out as several tokens.
            (Kind::Literal, i + b[i..].iter().take_while(|&&c| is_ident_continue(c)).count())
        } else if b[i..].starts_with(b"::") {
            (Kind::Punct, i + 2)
        } else {
            (Kind::Punct, i + char_len(src, i))
        };
        tokens.push(Token { kind, start, end });
        i = end;
    }
    Ok(tokens)
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// The length of the character at byte `i` of `src` (a token ends at a character's end).
fn char_len(src: &str, i: usize) -> usize {
    src[i..].chars().next().map_or(1, char::len_utf8)
}

/// `"line L: message"` for byte `i` of `src`.
pub fn at(src: &str, i: usize, message: &str) -> String {
    format!("line {}: {message}", src[..i].matches('\n').count() + 1)
}

/// The end of the block comment at `i`; block comments nest.
fn block_comment_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while i + 1 < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// The end of a string literal (`"..."`, `b"..."`, `c"..."`), a raw string (`r"..."`, `r#"..."#`,
/// `br`, `cr`) or a byte char (`b'x'`) starting at `i`; `None` if none starts there.
fn prefixed_literal_end(src: &str, i: usize) -> Result<Option<usize>, String> {
    let b = src.as_bytes();
    let rest = &b[i..];
    let prefix = [&b""[..], b"b", b"c"]
        .into_iter()
        .find(|p| rest.starts_with(p) && rest[p.len()..].starts_with(b"\""))
        .map(|p| p.len());
    if let Some(p) = prefix {
        let mut j = i + p + 1;
        while j < b.len() && b[j] != b'"' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        return if j < b.len() { Ok(Some(j + 1)) } else { Err(at(src, i, "unterminated string")) };
    }
    if let Some(p) = [&b"r"[..], b"br", b"cr"].into_iter().find(|p| rest.starts_with(p)).map(|p| p.len()) {
        let hashes = rest[p..].iter().take_while(|&&c| c == b'#').count();
        if rest.get(p + hashes) == Some(&b'"') {
            let body = i + p + hashes + 1;
            let mut closing = vec![b'"'];
            closing.resize(hashes + 1, b'#');
            let found = b[body..].windows(closing.len()).position(|w| w == closing.as_slice());
            return match found {
                Some(k) => Ok(Some(body + k + closing.len())),
                None => Err(at(src, i, "unterminated raw string")),
            };
        }
    }
    if rest.starts_with(b"b'") {
        return match quote_end(src, i + 1)? {
            (Kind::Literal, end) => Ok(Some(end)),
            _ => Err(at(src, i, "malformed byte literal")),
        };
    }
    Ok(None)
}

/// At a `'`: a char literal (`'x'`, `'\n'`, `'\''`, `'\u{e9}'`) or a lifetime or label (`'a`).
fn quote_end(src: &str, i: usize) -> Result<(Kind, usize), String> {
    let b = src.as_bytes();
    match b.get(i + 1) {
        Some(b'\\') => {
            // Skip the backslash and the escaped character, then up to the closing quote.
            let from = (i + 3).min(b.len());
            let close = b[from..].iter().position(|&c| c == b'\'');
            close
                .map(|k| (Kind::Literal, from + k + 1))
                .ok_or_else(|| at(src, i, "unterminated char literal"))
        }
        Some(&c) => {
            let after = i + 1 + char_len(src, i + 1);
            if b.get(after) == Some(&b'\'') {
                Ok((Kind::Literal, after + 1))
            } else if is_ident_start(c) {
                Ok((Kind::Lifetime, i + 1 + b[i + 1..].iter().take_while(|&&c| is_ident_continue(c)).count()))
            } else {
                Err(at(src, i, "stray quote"))
            }
        }
        None => Err(at(src, i, "stray quote at the end")),
    }
}

/// A tokenized source, with the code tokens (neither space nor comment) indexed apart.
pub struct Lexed<'a> {
    pub src: &'a str,
    pub tokens: Vec<Token>,
    /// Indices into `tokens` of the code tokens.
    pub code: Vec<usize>,
}

impl<'a> Lexed<'a> {
    pub fn new(src: &'a str) -> Result<Self, String> {
        let tokens = tokenize(src)?;
        let code =
            (0..tokens.len()).filter(|&t| !matches!(tokens[t].kind, Kind::Space | Kind::Comment)).collect();
        Ok(Lexed { src, tokens, code })
    }

    /// The `k`-th code token.
    pub fn token(&self, k: usize) -> Token {
        self.tokens[self.code[k]]
    }

    /// The text of the `k`-th code token; "" past the end, so looking ahead needs no bound checks.
    pub fn text(&self, k: usize) -> &'a str {
        self.code.get(k).map_or("", |&t| &self.src[self.tokens[t].start..self.tokens[t].end])
    }

    pub fn error(&self, k: usize, message: &str) -> String {
        let byte = self.code.get(k).map_or(self.src.len(), |&t| self.tokens[t].start);
        at(self.src, byte, message)
    }

    /// The code index of the bracket that closes the one at `k` (any of `(`, `[`, `{`).
    pub fn matching(&self, k: usize) -> Result<usize, String> {
        self.bracket_partner(k, k..self.code.len(), ["(", "[", "{"], "bracket never closed")
    }

    /// The code index of the bracket that opens the one closing at `k`.
    pub fn matching_back(&self, k: usize) -> Result<usize, String> {
        self.bracket_partner(k, (0..=k).rev(), [")", "]", "}"], "bracket never opened")
    }

    /// Walks the code indices `order` from the bracket at `k`, counting `opening` brackets up and
    /// the others down, to the one that balances it.
    fn bracket_partner(
        &self,
        k: usize,
        order: impl Iterator<Item = usize>,
        opening: [&str; 3],
        never: &str,
    ) -> Result<usize, String> {
        let mut depth = 0usize;
        for j in order {
            match self.text(j) {
                t if opening.contains(&t) => depth += 1,
                ")" | "]" | "}" | "(" | "[" | "{" => {
                    depth = depth.checked_sub(1).ok_or_else(|| self.error(j, "unbalanced bracket"))?;
                    if depth == 0 {
                        return Ok(j);
                    }
                }
                _ => {}
            }
        }
        Err(self.error(k, never))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds and texts of the tokens of `src` that are not whitespace.
    fn lex(src: &str) -> Vec<(Kind, &str)> {
        let tokens = tokenize(src).unwrap();
        let mut covered = 0;
        for t in &tokens {
            assert_eq!(t.start, covered, "tokens must cover the source exactly");
            covered = t.end;
        }
        assert_eq!(covered, src.len());
        tokens.iter().filter(|t| t.kind != Kind::Space).map(|t| (t.kind, &src[t.start..t.end])).collect()
    }

    #[test]
    fn chars_lifetimes_strings_comments_and_errors() {
        use Kind::*;
        for (src, expected) in [
            (
                r"'a' 'a '\'' '\\' '\u{e9}' 'é' 'static b'{' 'outer: x",
                &[
                    (Literal, "'a'"),
                    (Lifetime, "'a"),
                    (Literal, r"'\''"),
                    (Literal, r"'\\'"),
                    (Literal, r"'\u{e9}'"),
                    (Literal, "'é'"),
                    (Lifetime, "'static"),
                    (Literal, "b'{'"),
                    (Lifetime, "'outer"),
                    (Punct, ":"),
                    (Ident, "x"),
                ][..],
            ),
            (
                r###"r#"a "} b"# br##"x"#y"## "q\"}" "\\" c"z" r#match b"{" r"\""###,
                &[
                    (Literal, r###"r#"a "} b"#"###),
                    (Literal, r###"br##"x"#y"##"###),
                    (Literal, r#""q\"}""#),
                    (Literal, r#""\\""#),
                    (Literal, r#"c"z""#),
                    (Ident, "r#match"),
                    (Literal, r#"b"{""#),
                    (Literal, r#"r"\""#),
                ],
            ),
            (
                "a /* { /* } */ } */ b // } \"\n::c",
                &[
                    (Ident, "a"),
                    (Comment, "/* { /* } */ } */"),
                    (Ident, "b"),
                    (Comment, "// } \""),
                    (Punct, "::"),
                    (Ident, "c"),
                ],
            ),
        ] {
            assert_eq!(lex(src), expected);
        }
        assert_eq!(lex("fn f<'a>(x: &'a str) -> char { '}' }").iter().filter(|t| t.0 == Lifetime).count(), 2);
        // Unterminated literals and comments are errors.
        for bad in ["\"abc", "r#\"abc\"", "/* /* */", "x\n'\\n", "b'", "'"] {
            assert!(tokenize(bad).is_err(), "{bad:?} should not lex");
        }
        assert_eq!(tokenize("\n\n\"x").unwrap_err(), "line 3: unterminated string");
    }
}
