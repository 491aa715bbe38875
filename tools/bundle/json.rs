//! rustc's diagnostics, as `--error-format=json` writes them: a small JSON reader (the bundler is
//! std only) and the few fields the bundler reads of a diagnostic.

#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

const JSON_NULL: Json = Json::Null;

impl Json {
    pub fn parse(src: &str) -> Result<Json, String> {
        let mut parser = JsonParser { b: src.as_bytes(), i: 0 };
        let value = parser.value(0)?;
        parser.space();
        if parser.i != parser.b.len() {
            return Err(format!("JSON: trailing text at byte {}", parser.i));
        }
        Ok(value)
    }

    /// The member `key` of an object; `Null` if there is none.
    pub fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(members) => members.iter().find(|m| m.0 == key).map_or(&JSON_NULL, |m| &m.1),
            _ => &JSON_NULL,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match self {
            Json::Text(s) => Some(s),
            _ => None,
        }
    }

    /// The items of a list; none for anything else.
    pub fn items(&self) -> &[Json] {
        match self {
            Json::List(items) => items,
            _ => &[],
        }
    }

    pub fn number(&self) -> Option<f64> {
        match self {
            Json::Number(x) => Some(*x),
            _ => None,
        }
    }
}

struct JsonParser<'a> {
    b: &'a [u8],
    i: usize,
}

impl JsonParser<'_> {
    fn space(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("JSON: {what} at byte {}", self.i))
    }

    fn eat(&mut self, word: &str) -> bool {
        let found = self.b[self.i..].starts_with(word.as_bytes());
        if found {
            self.i += word.len();
        }
        found
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > 200 {
            return self.fail("nesting too deep");
        }
        self.space();
        match self.b.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.space();
                if self.eat("}") {
                    return Ok(Json::Object(members));
                }
                loop {
                    self.space();
                    if self.b.get(self.i) != Some(&b'"') {
                        return self.fail("expected a key");
                    }
                    let key = self.string()?;
                    self.space();
                    if !self.eat(":") {
                        return self.fail("expected `:`");
                    }
                    members.push((key, self.value(depth + 1)?));
                    self.space();
                    if self.eat("}") {
                        return Ok(Json::Object(members));
                    }
                    if !self.eat(",") {
                        return self.fail("expected `,` or `}`");
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.space();
                if self.eat("]") {
                    return Ok(Json::List(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    if self.eat("]") {
                        return Ok(Json::List(items));
                    }
                    if !self.eat(",") {
                        return self.fail("expected `,` or `]`");
                    }
                }
            }
            Some(b'"') => self.string().map(Json::Text),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while self.i < self.b.len()
                    && matches!(self.b[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.b[start..self.i]).map_err(|e| e.to_string())?;
                text.parse().map(Json::Number).or_else(|_| self.fail("bad number"))
            }
            _ if self.eat("null") => Ok(Json::Null),
            _ if self.eat("true") => Ok(Json::Bool(true)),
            _ if self.eat("false") => Ok(Json::Bool(false)),
            _ => self.fail("expected a value"),
        }
    }

    /// The string at a `"`, unescaped.
    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.b.get(self.i) {
                None => return self.fail("unterminated string"),
                Some(b'"') => {
                    self.i += 1;
                    return String::from_utf8(out).map_err(|e| e.to_string());
                }
                Some(b'\\') => {
                    let escaped = match self.b.get(self.i + 1) {
                        Some(b'n') => '\n',
                        Some(b't') => '\t',
                        Some(b'r') => '\r',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'u') => {
                            let unit = self.hex4(self.i + 2)?;
                            self.i += 4;
                            if (0xd800..0xdc00).contains(&unit) && self.b[self.i + 2..].starts_with(b"\\u") {
                                let low = self.hex4(self.i + 4)?;
                                self.i += 6;
                                char::from_u32(
                                    0x10000 + ((unit - 0xd800) << 10) + (low.wrapping_sub(0xdc00) & 0x3ff),
                                )
                                .unwrap_or('\u{fffd}')
                            } else {
                                char::from_u32(unit).unwrap_or('\u{fffd}')
                            }
                        }
                        Some(&c) if c.is_ascii() => char::from(c),
                        _ => return self.fail("bad escape"),
                    };
                    self.i += 2;
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(escaped.encode_utf8(&mut buf).as_bytes());
                }
                Some(&c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }

    fn hex4(&self, at: usize) -> Result<u32, String> {
        let digits = self.b.get(at..at + 4).and_then(|d| std::str::from_utf8(d).ok());
        match digits.and_then(|d| u32::from_str_radix(d, 16).ok()) {
            Some(unit) => Ok(unit),
            None => self.fail("bad \\u escape"),
        }
    }
}

/// One diagnostic of rustc.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// `error`, `warning`, `note`, ...
    pub level: String,
    /// The lint or error code (`dead_code`, `E0425`), "" if none.
    pub code: String,
    /// The message alone, as rustc prints it after `error: `.
    pub message: String,
    /// As rustc prints it.
    pub rendered: String,
    /// The byte ranges it points at, in the compiled file.
    pub primary: Vec<(usize, usize)>,
    /// The edits rustc suggests (a byte range and its replacement).
    pub suggestions: Vec<(usize, usize, String)>,
}

impl Diagnostic {
    pub fn from_json(json: &Json) -> Diagnostic {
        let span = |s: &Json| {
            let byte = |key: &str| s.get(key).number().unwrap_or(0.0) as usize;
            (byte("byte_start"), byte("byte_end"))
        };
        let mut suggestions = Vec::new();
        for child in json.get("children").items() {
            for s in child.get("spans").items() {
                if let Some(replacement) = s.get("suggested_replacement").text() {
                    let (start, end) = span(s);
                    suggestions.push((start, end, replacement.to_string()));
                }
            }
        }
        let spans = json.get("spans").items();
        Diagnostic {
            level: json.get("level").text().unwrap_or("").to_string(),
            code: json.get("code").get("code").text().unwrap_or("").to_string(),
            message: json.get("message").text().unwrap_or("").to_string(),
            rendered: json.get("rendered").text().unwrap_or("").to_string(),
            primary: spans.iter().filter(|s| s.get("is_primary") == &Json::Bool(true)).map(span).collect(),
            suggestions,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_values() {
        let json = Json::parse(
            r#" {"a": [1, -2.5e1, true, false, null], "b": {"c": "x\"\\\n\u00e9\ud83d\ude00"}, "d": []} "#,
        )
        .unwrap();
        assert_eq!(
            json.get("a").items(),
            [Json::Number(1.0), Json::Number(-25.0), Json::Bool(true), Json::Bool(false), Json::Null]
        );
        assert_eq!(json.get("b").get("c").text(), Some("x\"\\\né😀"));
        assert_eq!(json.get("d"), &Json::List(Vec::new()));
        assert_eq!(json.get("missing"), &Json::Null);
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"abc", "tru", "[1] 2", "\"\\u12\""] {
            assert!(Json::parse(bad).is_err(), "{bad:?} should not parse");
        }
    }
}
