//! Text that remembers where each of its bytes came from: the span table of a bundle. A bundle is
//! assembled from source files and edited stage after stage, each stage through [`Mapped::splice`]
//! (or [`Mapped::edit`]), so a byte of the finished bundle still knows its file and its byte there:
//! a compile error is reported at the user's file, line and column ([`Files::position`]).
//!
//! Invariant: `spans` is sorted by its first member, the byte of `text` where a span starts; a span
//! runs to the next one (the last to the end), and its origin, if any, is (file, byte in that file)
//! of its first byte, the rest following byte for byte. Inserted text (a rewritten path) has none.

/// A change to a text: the bytes `start..end` become the replacement.
pub type Edit = (usize, usize, String);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mapped {
    pub text: String,
    spans: Vec<(usize, Option<(usize, usize)>)>,
}

impl Mapped {
    /// Text from no file.
    pub fn inserted(text: &str) -> Mapped {
        Mapped { text: text.to_string(), spans: vec![(0, None)] }
    }

    /// Bytes `from..to`, with their origins.
    pub fn slice(&self, from: usize, to: usize) -> Mapped {
        let mut out = Mapped { text: self.text[from..to].to_string(), spans: Vec::new() };
        let first = self.spans.partition_point(|s| s.0 <= from).saturating_sub(1);
        for &(at, origin) in self.spans[first..].iter().take_while(|s| s.0 < to) {
            let start = at.max(from);
            out.spans.push((start - from, origin.map(|(file, byte)| (file, byte + start - at))));
        }
        out
    }

    /// Bytes `from..from + text.len()` written as `text` (a name shortened), each byte keeping the
    /// origin of the byte it stands in for.
    pub fn rewritten(&self, from: usize, text: &str) -> Mapped {
        Mapped { text: text.to_string(), ..self.slice(from, from + text.len()) }
    }

    /// Appends `other`, origins and all.
    pub fn push(&mut self, other: &Mapped) {
        let shift = self.text.len();
        self.text.push_str(&other.text);
        self.spans.extend(other.spans.iter().map(|&(at, origin)| (at + shift, origin)));
    }

    pub fn push_str(&mut self, text: &str) {
        self.push(&Mapped::inserted(text));
    }

    /// This text with each range replaced by its mapped replacement. A range that overlaps one
    /// before it is cut only where it goes further (removals merge), and its replacement dropped.
    pub fn splice(&self, mut edits: Vec<(usize, usize, Mapped)>) -> Mapped {
        edits.sort_by_key(|e| (e.0, e.1));
        let mut out = Mapped::default();
        let mut kept_from = 0;
        for (start, end, replacement) in edits {
            if start >= kept_from {
                out.push(&self.slice(kept_from, start));
                out.push(&replacement);
            }
            kept_from = kept_from.max(end);
        }
        out.push(&self.slice(kept_from, self.text.len()));
        out
    }

    /// [`Mapped::splice`] with replacements from no file.
    pub fn edit(&self, edits: Vec<Edit>) -> Mapped {
        self.splice(edits.into_iter().map(|(s, e, r)| (s, e, Mapped::inserted(&r))).collect())
    }

    /// Its spans as text, one a line: `at file byte`, or `at` for inserted text (for a store on
    /// disk); [`Mapped::from_record`] reads them back.
    pub fn spans_record(&self) -> String {
        let line = |&(at, origin): &(usize, Option<(usize, usize)>)| match origin {
            Some((file, byte)) => format!("{at} {file} {byte}\n"),
            None => format!("{at}\n"),
        };
        self.spans.iter().map(line).collect()
    }

    /// `text` with the spans of `record` ([`Mapped::spans_record`]), if they hold the invariant:
    /// sorted, the first at byte 0, every one within the text.
    pub fn from_record(text: String, record: &str) -> Option<Mapped> {
        let mut spans = Vec::new();
        for line in record.lines() {
            let numbers: Vec<usize> = line.split(' ').map(|n| n.parse().ok()).collect::<Option<_>>()?;
            spans.push(match numbers[..] {
                [at] => (at, None),
                [at, file, byte] => (at, Some((file, byte))),
                _ => return None,
            });
        }
        let sorted = spans.windows(2).all(|w| w[0].0 <= w[1].0);
        let fits =
            spans.first().map_or(false, |s| s.0 == 0) && spans.last().map_or(false, |s| s.0 <= text.len());
        (sorted && fits).then_some(Mapped { text, spans })
    }

    /// Where byte `at` came from: (file, byte in that file), if from a file.
    pub fn origin(&self, at: usize) -> Option<(usize, usize)> {
        let span = self.spans[..self.spans.partition_point(|s| s.0 <= at)].last()?;
        span.1.map(|(file, byte)| (file, byte + at - span.0))
    }

    /// The text cut where its origin changes: each piece as (start, end, the file its bytes came
    /// from, if any), in order, covering the text.
    pub fn pieces(&self) -> Vec<(usize, usize, Option<usize>)> {
        let ends = self.spans.iter().skip(1).map(|s| s.0).chain([self.text.len()]);
        let spans = self.spans.iter().zip(ends).filter(|(s, end)| *end > s.0);
        spans.map(|(s, end)| (s.0, end, s.1.map(|(file, _)| file))).collect()
    }

    /// The files some of whose bytes are here, by number.
    pub fn files(&self) -> std::collections::BTreeSet<usize> {
        let ends = self.spans.iter().skip(1).map(|s| s.0).chain([self.text.len()]);
        let spans = self.spans.iter().zip(ends).filter(|(s, end)| *end > s.0);
        spans.filter_map(|(s, _)| Some(s.1?.0)).collect()
    }
}

/// The files a bundle is made of, as read: their names as the user gave them, and their texts.
#[derive(Default)]
pub struct Files(pub Vec<(String, String)>);

impl Files {
    /// Adds a file and returns its text, mapped to it.
    pub fn add(&mut self, name: &str, text: String) -> Mapped {
        self.0.push((name.to_string(), text.clone()));
        Mapped { text, spans: vec![(0, Some((self.0.len() - 1, 0)))] }
    }

    /// `file:line:column` (1-based, the column in characters, as rustc counts) of byte `at` of
    /// `text`, if it came from a file.
    pub fn position(&self, text: &Mapped, at: usize) -> Option<String> {
        let (file, byte) = text.origin(at)?;
        let (name, src) = self.0.get(file)?;
        let before = src.get(..byte)?;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = before.matches('\n').count() + 1;
        Some(format!("{name}:{line}:{}", before[line_start..].chars().count() + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::apply;
    use super::*;

    #[test]
    fn edits_apply_and_keep_their_origins() {
        let mut files = Files::default();
        let a = files.add("a.rs", "fn a() {}\nfn b() {}\n".to_string());
        let b = files.add("dir/b é.rs", "é x\n".to_string());
        let edits = vec![(0, 2, "const".to_string()), (10, 20, String::new()), (9, 9, "//".to_string())];
        let mut joined = a.edit(edits);
        assert_eq!(joined.text, "const a() {}//\n");
        joined.push(&b);
        assert_eq!(files.position(&joined, 0), None, "inserted");
        assert_eq!(files.position(&joined, 6).as_deref(), Some("a.rs:1:4"));
        assert_eq!(files.position(&joined, 15).as_deref(), Some("dir/b é.rs:1:1"));
        assert_eq!(files.position(&joined, 18).as_deref(), Some("dir/b é.rs:1:3"));
        let overlapping =
            vec![(6, 9, String::new()), (0, 1, "A".into()), (4, 7, String::new()), (10, 10, "!".into())];
        assert_eq!(apply("abcdefghijk", overlapping), "Abcdj!k");
        assert_eq!(joined.slice(6, 8).origin(1), Some((0, 4)));
    }
}
