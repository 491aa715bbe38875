//! Reading CGSuite's ASCII notation ([`Forms::parse`]): everything [`Forms::show`] prints, and
//! sums of it.
//!
//! The grammar (spaces, tabs and newlines allowed between tokens):
//! - `game := term (("+" | "-" | "+-") term)*`: a sum (`6+^*`; `a+-b` is `a + (+-b)`);
//! - `term := atom | "+-" term | "-" term | "{" options "}" | "(" game ")"`;
//! - `atom := ["-"] [number] [ups] [nimber]`, one part at least: `number` is `5`, `3/4` (a power of
//!   two below the bar), `ups` is `^`, `^^`, `^n` or `v`, `vv`, `vn`, `nimber` is `*` or `*n`
//!   (`73/16v9*8`); a `-` right before a digit is the number's sign (`-1v` is `-1 + v`);
//! - `options`: games separated by `,` and by runs of bars. A run of `k` bars splits what lies
//!   between runs longer than `k` (`{0||0|v*}` is `{0 | {0 | v*}}`); two runs of the same length
//!   with none longer between them are an error (`{0|1|2}`); commas bind tighter than any bar
//!   (`{a,b|c}`); a side may be empty (`{|}`, `{1|}`). Braces with no bar are a list of options,
//!   which only `+-` takes: `+-{1,*}` is `{1, * | -1, *}`.
//!
//! Limits, each an error at its column: a nimber `*n` with `n <=` [`MAX_NIMBER`] (its form holds
//! `n^2/2` options), an up multiple of at most [`MAX_UPS`], a number of at most
//! [`MAX_NUMBER_CHARS`] characters, a text of at most [`MAX_TEXT`] bytes. Invariant: the parser
//! holds an explicit stack of open brackets (no recursion: `{{{...}}}` nested 10^6 deep reads),
//! each with the sum and the options read so far, and makes every form through the table
//! ([`Forms::make`], [`Forms::sum`]), so what it returns is canonical.

use super::dyadic::Dyadic;
use super::forms::{reserve, reserve_one, FormId, Forms};
use super::uptimal::{MAX_NIMBER, MAX_UPS};
use crate::input::Error;

/// The longest number read, in characters (its digits, sign and bar).
pub const MAX_NUMBER_CHARS: usize = 200_000;
/// The longest text read, in bytes (64 MiB).
pub const MAX_TEXT: usize = 1 << 26;

/// A term read: a form, or braces without a bar (a list for `+-`, opened at a column).
enum Value {
    Form(FormId),
    List(usize),
}

/// A unary operator before a term.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prefix {
    Negative,
    Switch,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    Top,
    Paren,
    Brace,
}

/// An open bracket (or the whole text): the sum read in it so far; its prefixes and separators
/// are the tops of the reader's stacks from these bases on (its option lists, the top ones).
struct Frame {
    open: Open,
    /// Column of the opening bracket.
    column: usize,
    sum: Option<FormId>,
    subtract: bool,
    expecting_term: bool,
    has_bar: bool,
    /// The last separator read in these braces, if any.
    last_separator: Option<usize>,
    prefixes: usize,
    separators: usize,
}

/// The parser's stacks, shared by the open brackets (one growth check per doubling, not per
/// bracket): the open brackets, the prefixes of the terms being read, the option lists read in
/// braces (consecutive in `options`, each from its start in `lists`: a comma that joins two lists
/// only drops the second's start), and the separators not yet applied (0 for `,`, `k` for `k`
/// bars, with their columns).
struct Reader {
    frames: Vec<Frame>,
    prefixes: Vec<Prefix>,
    options: Vec<FormId>,
    lists: Vec<usize>,
    separators: Vec<(usize, usize)>,
}

impl Reader {
    fn open(&mut self, open: Open, column: usize) -> Result<(), Error> {
        reserve_one(&mut self.frames, "the text's brackets")?;
        self.frames.push(Frame {
            open,
            column,
            sum: None,
            subtract: false,
            expecting_term: true,
            has_bar: false,
            last_separator: None,
            prefixes: self.prefixes.len(),
            separators: self.separators.len(),
        });
        Ok(())
    }

    fn top(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a frame")
    }

    fn prefix(&mut self, prefix: Prefix) -> Result<(), Error> {
        reserve_one(&mut self.prefixes, "the text's operators")?;
        self.prefixes.push(prefix);
        Ok(())
    }

    fn pending_prefix(&self) -> Option<Prefix> {
        let frame = self.frames.last().expect("a frame");
        if self.prefixes.len() > frame.prefixes {
            self.prefixes.last().copied()
        } else {
            None
        }
    }

    /// Whether nothing was read since the last separator (or the opening bracket).
    fn item_is_empty(&self) -> bool {
        let frame = self.frames.last().expect("a frame");
        frame.expecting_term && frame.sum.is_none() && self.prefixes.len() == frame.prefixes
    }

    /// Starts a new option list holding `g`, or nothing.
    fn push_list(&mut self, g: Option<FormId>) -> Result<(), Error> {
        reserve_one(&mut self.lists, "the options read")?;
        self.lists.push(self.options.len());
        if let Some(g) = g {
            reserve_one(&mut self.options, "the options read")?;
            self.options.push(g);
        }
        Ok(())
    }
}

fn at(column: usize, message: impl std::fmt::Display) -> Error {
    Error::new(format!("column {column}: {message}"))
}

impl Forms {
    /// The form CGSuite's notation `text` stands for (module doc of parse.rs), or an error saying
    /// at which column (1-based, in bytes) the text stops making sense.
    pub fn parse(&mut self, text: &str) -> Result<FormId, Error> {
        if text.len() > MAX_TEXT {
            return Err(Error::new(format!(
                "the text is {} bytes long: at most {MAX_TEXT} are read",
                text.len()
            )));
        }
        let bytes = text.as_bytes();
        let mut r = Reader {
            frames: Vec::new(),
            prefixes: Vec::new(),
            options: Vec::new(),
            lists: Vec::new(),
            separators: Vec::new(),
        };
        r.open(Open::Top, 0)?;
        let mut i = 0;
        loop {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let column = i + 1;
            let byte = bytes.get(i).copied();
            let next = bytes.get(i + 1).copied();
            let open = r.top().open;
            if r.top().expecting_term {
                match byte {
                    Some(b'+') if next == Some(b'-') => {
                        r.prefix(Prefix::Switch)?;
                        i += 2;
                    }
                    Some(b'-') if !next.map_or(false, |b| b.is_ascii_digit()) => {
                        r.prefix(Prefix::Negative)?;
                        i += 1;
                    }
                    Some(b'0'..=b'9' | b'-' | b'^' | b'v' | b'*') => {
                        let (g, end) = self.atom(bytes, i)?;
                        i = end;
                        self.complete_term(&mut r, Value::Form(g))?;
                    }
                    Some(b'{') => {
                        r.open(Open::Brace, column)?;
                        i += 1;
                    }
                    Some(b'(') => {
                        r.open(Open::Paren, column)?;
                        i += 1;
                    }
                    Some(b',' | b'|' | b'}') if open == Open::Brace && r.item_is_empty() => {
                        i = self.separator(&mut r, bytes, i)?;
                    }
                    Some(b) => return Err(at(column, format!("expected a game, found {}", shown(b)))),
                    None => return Err(unclosed(&r, column, "expected a game")),
                }
                continue;
            }
            match byte {
                Some(b'+') => {
                    let frame = r.top();
                    frame.subtract = false;
                    frame.expecting_term = true;
                    i += 1;
                    if next == Some(b'-') {
                        r.prefix(Prefix::Switch)?;
                        i += 1;
                    }
                }
                Some(b'-') => {
                    let frame = r.top();
                    frame.subtract = true;
                    frame.expecting_term = true;
                    i += 1;
                }
                Some(b',' | b'|' | b'}') if open == Open::Brace => {
                    i = self.separator(&mut r, bytes, i)?;
                }
                Some(b')') if open == Open::Paren => {
                    let done = r.frames.pop().expect("the parentheses");
                    i += 1;
                    self.complete_term(&mut r, Value::Form(done.sum.expect("a sum read")))?;
                }
                None if open == Open::Top => return Ok(r.top().sum.expect("a sum read")),
                None => return Err(unclosed(&r, column, "the text ends")),
                Some(b) => {
                    let expected = match open {
                        Open::Top => "`+`, `-` or the end",
                        Open::Paren => "`+`, `-` or `)`",
                        Open::Brace => "`+`, `-`, `,`, `|` or `}`",
                    };
                    return Err(at(column, format!("expected {expected}, found {}", shown(b))));
                }
            }
        }
    }

    /// Reads the separator at `bytes[i]` (`,`, a run of bars, or `}`) ending the item of the top
    /// frame, a brace; returns where reading goes on.
    fn separator(&mut self, r: &mut Reader, bytes: &[u8], i: usize) -> Result<usize, Error> {
        let column = i + 1;
        let (separator, end) = match bytes[i] {
            b',' => (Some(0), i + 1),
            b'|' => {
                let mut end = i;
                while end < bytes.len() && bytes[end] == b'|' {
                    end += 1;
                }
                (Some(end - i), end)
            }
            _ => (None, i + 1),
        };
        let last_separator = r.top().last_separator;
        if r.item_is_empty() {
            // An empty side is allowed between bars, or between the brace and a bar.
            let after_bar = last_separator.map_or(separator.is_some(), |s| s > 0);
            let before_bar = separator.map_or(last_separator.is_some(), |s| s > 0);
            if !(after_bar && before_bar) {
                let what = if separator.is_none() && last_separator.is_none() {
                    "expected an option or `|` inside braces".to_string()
                } else {
                    format!("expected an option before {}", shown(bytes[i]))
                };
                return Err(at(column, what));
            }
            r.push_list(None)?;
        } else {
            let g = r.top().sum.take().expect("a sum read");
            r.push_list(Some(g))?;
        }
        let frame = r.top();
        frame.expecting_term = true;
        frame.subtract = false;
        let base = frame.separators;
        match separator {
            Some(k) => {
                frame.last_separator = Some(k);
                if k > 0 {
                    frame.has_bar = true;
                }
                // Apply what binds tighter: commas always, and shorter runs of bars.
                while r.separators.len() > base {
                    let (s, s_column) = r.separators[r.separators.len() - 1];
                    if k > 0 && s == k {
                        return Err(at(
                            column,
                            format!(
                                "a second run of {k} bar(s) at one level (the first at column {s_column}): \
                                 which splits the braces is ambiguous; write braces"
                            ),
                        ));
                    }
                    if s > k || (k == 0 && s > 0) {
                        break;
                    }
                    r.separators.pop();
                    self.apply(r, s)?;
                }
                reserve_one(&mut r.separators, "the options read")?;
                r.separators.push((k, column));
                Ok(end)
            }
            None => {
                while r.separators.len() > base {
                    let (s, _) = r.separators.pop().expect("a separator");
                    self.apply(r, s)?;
                }
                let done = r.frames.pop().expect("the braces");
                // One list is left, the braces': a form made by bars, or a list for `+-`.
                let value = if done.has_bar {
                    Value::Form(r.options[r.options.len() - 1])
                } else {
                    Value::List(done.column)
                };
                if done.has_bar {
                    let start = r.lists.pop().expect("a list");
                    r.options.truncate(start);
                }
                self.complete_term(r, value)?;
                Ok(end)
            }
        }
    }

    /// Applies a separator to the two topmost option lists: a comma joins them, bars make a form.
    fn apply(&mut self, r: &mut Reader, separator: usize) -> Result<(), Error> {
        let right = r.lists.pop().expect("two lists");
        if separator > 0 {
            let left = *r.lists.last().expect("two lists");
            let g = self.make(&r.options[left..right], &r.options[right..])?;
            r.options.truncate(left);
            reserve_one(&mut r.options, "the options read")?;
            r.options.push(g);
        }
        Ok(())
    }

    /// A term has been read into the top frame: its prefixes applied, added to the sum.
    fn complete_term(&mut self, r: &mut Reader, value: Value) -> Result<(), Error> {
        let mut g = match value {
            Value::Form(g) => g,
            Value::List(brace) => {
                if r.pending_prefix() != Some(Prefix::Switch) {
                    return Err(at(brace, "braces without `|` (a list of options) only follow `+-`"));
                }
                r.prefixes.pop();
                let start = r.lists.pop().expect("a list");
                let count = r.options.len() - start;
                reserve(&mut r.options, count, "the options read")?;
                for k in start..start + count {
                    let minus = self.neg(r.options[k])?;
                    r.options.push(minus);
                }
                let g = self.make(&r.options[start..start + count], &r.options[start + count..])?;
                r.options.truncate(start);
                g
            }
        };
        while let Some(prefix) = r.pending_prefix() {
            r.prefixes.pop();
            let minus = self.neg(g)?;
            g = match prefix {
                Prefix::Negative => minus,
                Prefix::Switch => self.make(&[g], &[minus])?,
            };
        }
        let frame = r.top();
        g = match frame.sum {
            None => g,
            Some(sum) if frame.subtract => self.difference(sum, g)?,
            Some(sum) => self.sum(sum, g)?,
        };
        let frame = r.top();
        frame.sum = Some(g);
        frame.expecting_term = false;
        Ok(())
    }

    /// Reads the atom at `bytes[start]` (module doc): the form and where reading goes on.
    fn atom(&mut self, bytes: &[u8], start: usize) -> Result<(FormId, usize), Error> {
        let mut i = start;
        if bytes[i] == b'-' {
            i += 1;
        }
        let digits_end = |mut j: usize| {
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            j
        };
        let mut number = Dyadic::zero();
        let number_end = {
            let mut end = digits_end(i);
            if end > i && end < bytes.len() && bytes[end] == b'/' {
                let after = digits_end(end + 1);
                if after == end + 1 {
                    return Err(at(end + 2, "expected the digits of a denominator after `/`"));
                }
                end = after;
            }
            end
        };
        if number_end > i {
            if number_end - start > MAX_NUMBER_CHARS {
                return Err(at(start + 1, format!("a number of more than {MAX_NUMBER_CHARS} characters")));
            }
            let text = std::str::from_utf8(&bytes[start..number_end]).expect("ASCII");
            number = Dyadic::parse(text).map_err(|e| at(start + 1, e))?;
            i = number_end;
        }
        let mut ups: i64 = 0;
        if i < bytes.len() && (bytes[i] == b'^' || bytes[i] == b'v') {
            let arrow = bytes[i];
            let arrow_column = i + 1;
            let mut run = 0;
            while i < bytes.len() && bytes[i] == arrow {
                run += 1;
                i += 1;
            }
            let end = digits_end(i);
            let count = if end > i {
                if run > 1 {
                    return Err(at(i + 1, "a count of ups follows a single `^` or `v`"));
                }
                let n = bounded(&bytes[i..end], MAX_UPS).ok_or_else(|| {
                    at(arrow_column, format!("an up multiple of at most {MAX_UPS} is read"))
                })?;
                i = end;
                n
            } else {
                run
            };
            if count > MAX_UPS {
                return Err(at(arrow_column, format!("an up multiple of at most {MAX_UPS} is read")));
            }
            ups = if arrow == b'^' { count as i64 } else { -(count as i64) };
        }
        let mut nim = 0;
        if i < bytes.len() && bytes[i] == b'*' {
            let star_column = i + 1;
            i += 1;
            let end = digits_end(i);
            nim = if end > i {
                bounded(&bytes[i..end], MAX_NIMBER)
                    .ok_or_else(|| at(star_column, format!("a nimber of at most *{MAX_NIMBER} is read")))?
            } else {
                1
            };
            i = end;
        }
        if i == start {
            return Err(at(start + 1, "expected a game"));
        }
        Ok((self.uptimal(&number, ups, nim)?, i))
    }
}

/// The decimal digits `digits` as a number, when at most `max`.
fn bounded(digits: &[u8], max: u64) -> Option<u64> {
    let mut n: u64 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
        if n > max {
            return None;
        }
    }
    Some(n)
}

/// The error at the end of the text while brackets are open: which, and where it opened.
fn unclosed(r: &Reader, column: usize, what: &str) -> Error {
    let frame = r.frames.last().expect("a frame");
    match frame.open {
        Open::Top => at(column, what),
        Open::Paren => at(column, format!("{what}: the `(` at column {} is not closed", frame.column)),
        Open::Brace => at(column, format!("{what}: the `{{` at column {} is not closed", frame.column)),
    }
}

/// A byte of the text in a message.
fn shown(b: u8) -> String {
    crate::input::shown(&[b])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn shown(f: &mut Forms, text: &str) -> String {
        let g = f.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        f.show(g)
    }

    fn error(f: &mut Forms, text: &str) -> String {
        match f.parse(text) {
            Ok(g) => panic!("{text} read as {}", f.show(g)),
            Err(e) => e.message().to_string(),
        }
    }

    fn options(f: &Forms, g: FormId) -> (Vec<String>, Vec<String>) {
        let show = |list: &[FormId]| {
            let mut texts: Vec<String> = list.iter().map(|&h| f.show(h)).collect();
            texts.sort();
            texts
        };
        (show(f.left(g)), show(f.right(g)))
    }

    #[test]
    fn cgsuite_examples_read_and_print_as_cgsuite_does() {
        // CGSuite's CanonicalShortGameTestCase: the input, what it prints, the options.
        let mut f = Forms::new();
        let cases: [(&str, &str, &[&str], &[&str]); 11] = [
            ("0", "0", &[], &[]),
            ("5", "5", &["4"], &[]),
            ("-1/2", "-1/2", &["-1"], &["0"]),
            ("25/16", "25/16", &["3/2"], &["13/8"]),
            ("^", "^", &["0"], &["*"]),
            ("v*", "v*", &["0"], &["*", "0"]),
            ("6+^*", "6^*", &["6", "6*"], &["6"]),
            ("^*6", "^*6", &["0"], &["*7"]),
            ("73/16+v9*8", "73/16v9*8", &["73/16v8*9"], &["73/16"]),
            ("{0|*||*|||*||||*}", "{^|*||*|||*}", &["{^|*||*}"], &["*"]),
            ("{0||0|v*}", "{0||0|v*}", &["0"], &["{0|v*}"]),
        ];
        for (input, output, left, right) in cases {
            let g = f.parse(input).unwrap();
            assert_eq!(f.show(g), output, "{input}");
            if !f.is_number(g) {
                assert_eq!(
                    options(&f, g),
                    (
                        left.iter().map(|s| s.to_string()).collect(),
                        right.iter().map(|s| s.to_string()).collect()
                    ),
                    "{input}"
                );
            }
        }
        let g = f.parse("*8").unwrap();
        let stars: Vec<String> =
            ["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"].iter().map(|s| s.to_string()).collect();
        let mut sorted = stars.clone();
        sorted.sort();
        assert_eq!(options(&f, g), (sorted.clone(), sorted));
    }

    #[test]
    fn every_notation_reads() {
        let mut f = Forms::new();
        for (input, output) in [
            ("{1|-1}", "+-1"),
            ("+-1", "+-1"),
            ("+-(1*)", "+-(1*)"),
            ("{1*|-1*}", "+-(1*)"),
            ("+-{3|2}", "+-{3|2}"),
            ("+-{2|-1/2}", "0"),
            ("{2|-1/2}", "{2|-1/2}"),
            ("{|}", "0"),
            ("{1|}", "2"),
            ("{|-1}", "-2"),
            ("{0|1}", "1/2"),
            ("{ 0 , * | 0 }", "^*"),
            ("^^", "^^"),
            ("^2", "^^"),
            ("^3*", "^3*"),
            ("vv", "vv"),
            ("v3", "v3"),
            ("1/2^*3", "1/2^*3"),
            ("-1v", "-1v"),
            ("2-1v", "1^"),
            ("2 + -1v", "1v"),
            ("-(1v)", "-1^"),
            ("^+v", "0"),
            ("*+*", "0"),
            ("*2+*3", "*"),
            ("+-1 + +-1", "0"),
            ("1+-1", "{2|0}"),
            ("{0|^}", "^^*"),
            ("{0|1|||2}", "1"),
            ("{2|1|||0}", "{2|1||0}"),
            ("*0", "0"),
            ("(((*)))", "*"),
            ("{{0|*}|{*|0}}", "*"),
        ] {
            assert_eq!(shown(&mut f, input), output, "{input}");
        }
        // Braces without a bar: several Left options of a switch.
        let g = f.parse("+-{1,1*}").unwrap();
        let one = f.parse("1").unwrap();
        let one_star = f.parse("1*").unwrap();
        let minus = f.parse("-1").unwrap();
        let minus_star = f.parse("-1*").unwrap();
        assert_eq!(g, f.make(&[one, one_star], &[minus, minus_star]).unwrap());
        assert_eq!(f.show(g), "+-{1,1*}");
    }

    #[test]
    fn errors_name_the_column() {
        let mut f = Forms::new();
        for (input, message) in [
            ("", "column 1: expected a game"),
            ("{0|1|2}", "column 5: a second run of 1 bar(s) at one level (the first at column 3)"),
            ("{0,|1}", "column 4: expected an option before `|`"),
            ("{1,}", "column 4: expected an option before `}`"),
            ("{}", "column 2: expected an option or `|` inside braces"),
            ("{1|2", "column 5: the text ends: the `{` at column 1 is not closed"),
            ("(1", "column 3: the text ends: the `(` at column 1 is not closed"),
            ("{1|x}", "column 4: expected a game, found `x`"),
            ("{1 2|}", "column 4: expected `+`, `-`, `,`, `|` or `}`, found `2`"),
            ("{1,2}", "column 1: braces without `|`"),
            ("1 1", "column 3: expected `+`, `-` or the end, found `1`"),
            ("1)", "column 2: expected `+`, `-` or the end, found `)`"),
            ("*1000000000000", "column 1: a nimber of at most *2048 is read"),
            ("*2049", "column 1: a nimber of at most *2048 is read"),
            ("3v1000001", "column 2: an up multiple of at most 1000000 is read"),
            ("^^3", "column 3: a count of ups follows a single `^` or `v`"),
            ("1/", "column 3: expected the digits of a denominator"),
            ("{1|+}", "column 4: expected a game, found `+`"),
            ("{1|2+}", "column 6: expected a game, found `}`"),
            ("1 + ", "column 5: expected a game"),
            ("|", "column 1: expected a game, found `|`"),
        ] {
            let e = error(&mut f, input);
            assert!(e.starts_with(message), "{input}: {e}");
        }
        assert!(error(&mut f, "1/3").starts_with("column 1: "));
        assert!(
            error(&mut f, &"1".repeat(MAX_NUMBER_CHARS + 1)).starts_with("column 1: a number of more than")
        );
    }

    #[test]
    fn what_is_printed_reads_back_as_the_same_form_also_in_a_fresh_table() {
        let mut f = Forms::new();
        let mut rng = Rng::new(7);
        let forms = crate::partizan::notation::tests::random_forms(&mut f, &mut rng, 600);
        let mut fresh = Forms::new();
        for &g in &forms {
            let text = f.show(g);
            assert_eq!(f.parse(&text).unwrap(), g, "{text}");
            // A table with another history prints the same text: the order is CGSuite's.
            let h = fresh.parse(&text).unwrap();
            assert_eq!(fresh.show(h), text);
        }
        // Sums and negatives of printed forms read back as the table makes them.
        for _ in 0..200 {
            let (&g, &h) = (rng.pick(&forms), rng.pick(&forms));
            let text = format!("{} + -({})", f.show(g), f.show(h));
            assert_eq!(f.parse(&text).unwrap(), f.difference(g, h).unwrap(), "{text}");
        }
    }

    #[test]
    fn deep_text_reads_without_recursion_and_limits_hold() {
        let mut f = Forms::new();
        // {0|{0|...{0|*}...}}: n ups, the star toggled n - 1 times.
        let n = 100_000;
        let text = format!("{}*{}", "{0|".repeat(n), "}".repeat(n));
        let g = f.parse(&text).unwrap();
        assert_eq!(f.show(g), "^100000*");
        assert_eq!(g, f.uptimal(&Dyadic::zero(), n as i64, 1).unwrap());
        assert_eq!(f.parse("^100000*").unwrap(), g);
        let g = f.parse("v100000*2048").unwrap();
        assert_eq!(f.show(g), "v100000*2048");
        // Deep parentheses and prefixes.
        let text = format!("{}1{}", "(-".repeat(n), ")".repeat(n));
        assert_eq!(shown(&mut f, &text), "0".replace('0', if n % 2 == 0 { "1" } else { "-1" }));
    }
}
