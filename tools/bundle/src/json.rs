//! rustc's diagnostics, as `--error-format=json` writes them: a small JSON reader (the bundler is
//! std only) and the few fields the bundler reads of a diagnostic.

/// A JSON value, parsed by [`Json::parse`].
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

const NULL: Json = Json::Null;

impl Json {
    /// The value that `src` is, whole. Iterative: a stack of the lists and objects open, each with
    /// the key of the member being read.
    pub fn parse(src: &str) -> Result<Json, String> {
        let (b, mut i) = (src.as_bytes(), 0);
        let fail = |i: usize, what: &str| Err(format!("JSON: {what} at byte {i}"));
        let mut open: Vec<(Json, Option<String>)> = Vec::new();
        loop {
            i += b[i..].iter().take_while(|c| c.is_ascii_whitespace()).count();
            // A value is due: the first or one after a `,` (an empty list or object is read whole).
            let mut value = {
                if let Some((Json::Object(_), key)) = open.last_mut() {
                    if b.get(i) != Some(&b'"') {
                        return fail(i, "expected a key");
                    }
                    let (key_read, end) = string(b, i)?;
                    i = end + b[end..].iter().take_while(|c| c.is_ascii_whitespace()).count();
                    if b.get(i) != Some(&b':') {
                        return fail(i, "expected `:`");
                    }
                    i += 1 + b[i + 1..].iter().take_while(|c| c.is_ascii_whitespace()).count();
                    *key = Some(key_read);
                }
                let rest = &b[i..];
                match rest.first() {
                    Some(b'{') | Some(b'[') if open.len() < 200 => {
                        let container =
                            if rest[0] == b'{' { Json::Object(Vec::new()) } else { Json::List(Vec::new()) };
                        open.push((container, None));
                        i += 1;
                        let empty =
                            rest[1..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&(rest[0] + 2));
                        if !empty {
                            continue;
                        }
                        i += rest[1..].iter().take_while(|c| c.is_ascii_whitespace()).count() + 1;
                        open.pop().map(|o| o.0).unwrap_or(NULL)
                    }
                    Some(b'"') => {
                        let (text, end) = string(b, i)?;
                        i = end;
                        Json::Text(text)
                    }
                    Some(b'-' | b'0'..=b'9') => {
                        let n = rest
                            .iter()
                            .take_while(|c| matches!(c, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                            .count();
                        let number = std::str::from_utf8(&rest[..n]).ok().and_then(|t| t.parse().ok());
                        i += n;
                        Json::Number(number.ok_or(format!("JSON: bad number at byte {}", i - n))?)
                    }
                    _ => match [("null", NULL), ("true", Json::Bool(true)), ("false", Json::Bool(false))]
                        .into_iter()
                        .find(|w| rest.starts_with(w.0.as_bytes()))
                    {
                        Some((word, value)) => {
                            i += word.len();
                            value
                        }
                        None => return fail(i, "expected a value"),
                    },
                }
            };
            // The value goes into the list or object open, or it is the whole text.
            loop {
                i += b[i..].iter().take_while(|c| c.is_ascii_whitespace()).count();
                match open.last_mut() {
                    None if i == b.len() => return Ok(value),
                    None => return fail(i, "trailing text"),
                    Some((Json::List(items), _)) => items.push(value),
                    Some((Json::Object(members), key)) => {
                        members.push((key.take().unwrap_or_default(), value))
                    }
                    Some(_) => return fail(i, "not a container"),
                }
                match (b.get(i), open.last()) {
                    (Some(b','), _) => {
                        i += 1;
                        break;
                    }
                    (Some(b']'), Some((Json::List(_), _))) | (Some(b'}'), Some((Json::Object(_), _))) => {
                        i += 1;
                        value = open.pop().map(|o| o.0).unwrap_or(NULL);
                    }
                    _ => return fail(i, "expected `,` or a closing bracket"),
                }
            }
        }
    }

    /// The member `key` of an object; `Null` if there is none.
    pub fn get(&self, key: &str) -> &Json {
        let members = if let Json::Object(members) = self { &members[..] } else { &[] };
        members.iter().find(|m| m.0 == key).map_or(&NULL, |m| &m.1)
    }
}

/// The string at the `"` at byte `i`, unescaped, and the byte after it. A `\u` escape is read as
/// one character: rustc escapes only control characters (and writes the rest as it is), so a
/// surrogate pair, which it never writes, would come out as two U+FFFD.
fn string(b: &[u8], mut i: usize) -> Result<(String, usize), String> {
    let (start, mut out) = (i, Vec::new());
    i += 1;
    loop {
        let escaped = match (b.get(i), b.get(i + 1)) {
            (None, _) => return Err(format!("JSON: unterminated string at byte {start}")),
            (Some(b'"'), _) => return String::from_utf8(out).map(|s| (s, i + 1)).map_err(|e| e.to_string()),
            (Some(b'\\'), Some(b'u')) => {
                let digits = b.get(i + 2..i + 6).and_then(|d| std::str::from_utf8(d).ok());
                let unit = digits.and_then(|d| u32::from_str_radix(d, 16).ok());
                let unit = unit.ok_or(format!("JSON: bad \\u escape at byte {i}"))?;
                i += 4;
                char::from_u32(unit).unwrap_or('\u{fffd}')
            }
            (Some(b'\\'), Some(&c)) => match c {
                b'n' => '\n',
                b't' => '\t',
                b'r' => '\r',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                c if c.is_ascii() => char::from(c),
                _ => return Err(format!("JSON: bad escape at byte {i}")),
            },
            (Some(&c), _) => {
                out.push(c);
                i += 1;
                continue;
            }
        };
        i += 2;
        out.extend_from_slice(escaped.encode_utf8(&mut [0; 4]).as_bytes());
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
}

impl Diagnostic {
    pub fn from_json(json: &Json) -> Diagnostic {
        let text = |j: &Json| if let Json::Text(s) = j { s.clone() } else { String::new() };
        let byte = |span: &Json, key: &str| if let Json::Number(n) = span.get(key) { *n as usize } else { 0 };
        let spans = if let Json::List(spans) = json.get("spans") { &spans[..] } else { &[] };
        let primary = spans.iter().filter(|s| s.get("is_primary") == &Json::Bool(true));
        Diagnostic {
            level: text(json.get("level")),
            code: text(json.get("code").get("code")),
            message: text(json.get("message")),
            rendered: text(json.get("rendered")),
            primary: primary.map(|s| (byte(s, "byte_start"), byte(s, "byte_end"))).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_values() {
        let json = Json::parse(
            r#" {"a": [1, -2.5e1, true, false, null], "b": {"c": "x\"\\\n\u00e9😀\u0007"}, "d": []} "#,
        )
        .unwrap();
        let a = [Json::Number(1.0), Json::Number(-25.0), Json::Bool(true), Json::Bool(false), Json::Null];
        assert_eq!(json.get("a"), &Json::List(a.to_vec()));
        assert_eq!(json.get("b").get("c"), &Json::Text("x\"\\\né😀\u{7}".to_string()));
        assert_eq!(json.get("d"), &Json::List(Vec::new()));
        assert_eq!(json.get("missing"), &Json::Null);
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"abc", "tru", "[1] 2", "\"\\u12\""] {
            assert!(Json::parse(bad).is_err(), "{bad:?} should not parse");
        }
    }
}
