//! A table as `pattern` reads it: one row a line, `p1 ... pk value`, whitespace-separated.
//!
//! # The format
//! - The parameters are integers (`i64`, a sign allowed); the value is any token: `W`, `lose`,
//!   `First`, `3`, `inf`. Tokens are kept as written (`win` and `W` are two values), so what the
//!   tool emits returns the table's own words.
//! - `#` starts a comment, to the end of its line; blank lines and comment-only lines are skipped.
//!   Spaces and tabs separate tokens; a line may end in `\r\n`.
//! - Every row has the number of columns of the first (at least 2), and at least one row is there.
//!
//! Anything else is an [`Error`] naming its line and column (1-based, columns in bytes).

use graph_games::pattern::{find_arithmetic_period, find_period, Period, Theorem};
use std::fmt;

/// One line's complaint: what and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub message: String,
}

impl Error {
    pub fn at(line: usize, column: usize, what: impl fmt::Display) -> Error {
        Error { message: format!("line {line}, column {column}: {what}") }
    }
    pub fn new(what: impl fmt::Display) -> Error {
        Error { message: what.to_string() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The rows of a table, the values numbered in order of first appearance.
#[derive(Debug, Clone)]
pub struct Table {
    /// Parameters per row.
    pub arity: usize,
    /// `params[row * arity + i]`: parameter `i` of `row`.
    pub params: Vec<i64>,
    /// Each row's value, an index into `tokens`.
    pub values: Vec<u32>,
    /// The distinct values as written.
    pub tokens: Vec<String>,
    /// Each row's line in the file (for messages).
    pub lines: Vec<usize>,
    /// Of the `arity` columns, how many at the end are computed from the others (residues the
    /// rule search may use: [`crate::affine`]), not read; 0 for a table as read.
    pub derived: usize,
}

impl Table {
    pub fn rows(&self) -> usize {
        self.values.len()
    }
    pub fn row(&self, row: usize) -> &[i64] {
        &self.params[row * self.arity..(row + 1) * self.arity]
    }
    pub fn token(&self, row: usize) -> &str {
        &self.tokens[self.values[row] as usize]
    }
    /// The token of value number `id`.
    pub fn token_of(&self, id: u32) -> &str {
        &self.tokens[id as usize]
    }
    /// Each distinct value as a number, where it is one spelled as Rust, C++ and Python print it
    /// (`-3`, `0`, `12`): `+1`, `01`, `-0` are tokens like `W`, so a value is its token everywhere,
    /// and a number the tool computes (a saltus, a term) is written as the table writes it.
    pub fn numbers(&self) -> Vec<Option<i64>> {
        self.tokens.iter().map(|t| t.parse::<i64>().ok().filter(|v| v.to_string() == *t)).collect()
    }
    /// The smallest and largest value of parameter `i`.
    pub fn range(&self, i: usize) -> (i64, i64) {
        let column = (0..self.rows()).map(|r| self.row(r)[i]);
        (column.clone().min().unwrap_or(0), column.max().unwrap_or(0))
    }
}

/// The period of the values (numbered as in the table; `numbers`: [`Table::numbers`]): with a
/// saltus when all are numbers.
pub fn period_of(ids: &[u32], numbers: &[Option<i64>], theorem: Theorem) -> Option<Period> {
    let all: Option<Vec<i64>> = ids.iter().map(|&v| numbers[v as usize]).collect();
    match all {
        Some(values) => find_arithmetic_period(&values, theorem),
        None => find_period(ids, theorem),
    }
}

/// Reads a table (module doc: the format).
pub fn parse(text: &str) -> Result<Table, Error> {
    let mut table = Table {
        arity: 0,
        params: Vec::new(),
        values: Vec::new(),
        tokens: Vec::new(),
        lines: Vec::new(),
        derived: 0,
    };
    let mut index = std::collections::HashMap::new();
    for (number, line) in text.split('\n').enumerate() {
        let number = number + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let code = line.split('#').next().unwrap_or("");
        let tokens = words(code);
        if tokens.is_empty() {
            continue;
        }
        if table.arity == 0 {
            if tokens.len() < 2 {
                return Err(Error::at(
                    number,
                    tokens[0].0,
                    "a row is `p1 ... pk value`: at least one parameter and a value",
                ));
            }
            table.arity = tokens.len() - 1;
        } else if tokens.len() != table.arity + 1 {
            let column = if tokens.len() > table.arity + 1 {
                tokens[table.arity + 1].0
            } else {
                code.trim_end().len() + 1
            };
            let why = format!("{} columns, but the first row has {}", tokens.len(), table.arity + 1);
            return Err(Error::at(number, column, why));
        }
        for &(column, word) in &tokens[..table.arity] {
            match word.parse::<i64>() {
                Ok(p) => table.params.push(p),
                Err(_) => {
                    return Err(Error::at(
                        number,
                        column,
                        format!("`{}` is not an integer parameter", shown(word)),
                    ))
                }
            }
        }
        let (column, value) = tokens[table.arity];
        if let Some(c) = value.chars().find(|c| c.is_control()) {
            let why = format!(
                "the value `{}` holds the control character {}",
                shown(value),
                escape(&c.to_string())
            );
            return Err(Error::at(number, column, why));
        }
        let next = table.tokens.len() as u32;
        let id = *index.entry(value.to_string()).or_insert(next);
        if id == next {
            table.tokens.push(value.to_string());
        }
        table.values.push(id);
        table.lines.push(number);
    }
    if table.values.is_empty() {
        return Err(Error::at(1, 1, "no rows: the table is empty"));
    }
    Ok(table)
}

/// The whitespace-separated words of a line with their 1-based columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                found.push((s + 1, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    found
}

/// A word as a message shows it: at most 20 characters, escaped ([`escape`]).
pub fn shown(word: &str) -> String {
    let mut s: String = word.chars().take(20).collect();
    if s.len() < word.len() {
        s.push_str("...");
    }
    escape(&s)
}

/// Text as one printable line: control characters and the invisible ones that reorder or hide
/// text (bidirectional overrides, zero-width spaces) as `\u{...}`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let hidden = matches!(c as u32, 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x2069 | 0xfeff);
        if c.is_control() || hidden {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_comments_and_errors() {
        let t = parse("# l r value\r\n 0  1 W \r\n\r\n1 -2\tlose # a comment\n").unwrap();
        assert_eq!(
            (t.arity, t.rows(), t.row(1), t.token(1), t.lines.clone()),
            (2, 2, &[1, -2][..], "lose", vec![2, 4])
        );
        assert_eq!(
            parse("1 W\n1 2 W\n").unwrap_err().message,
            "line 2, column 5: 3 columns, but the first row has 2"
        );
        assert_eq!(
            parse("1 2 W\n1 W\n").unwrap_err().message,
            "line 2, column 4: 2 columns, but the first row has 3"
        );
        assert_eq!(
            parse("1 W\n x W\n").unwrap_err().message,
            "line 2, column 2: `x` is not an integer parameter"
        );
        assert_eq!(parse("\n# only\n").unwrap_err().message, "line 1, column 1: no rows: the table is empty");
        assert!(parse("  W\n").unwrap_err().message.starts_with("line 1, column 3:"));
        assert_eq!(
            parse("0 a\u{1b}b\n").unwrap_err().message,
            "line 1, column 3: the value `a\\u{1b}b` holds the control character \\u{1b}"
        );
        let t = parse("0 1\n1 +1\n2 01\n3 -0\n4 -7\n").unwrap();
        assert_eq!(t.numbers(), vec![Some(1), None, None, None, Some(-7)]);
    }
}
