//! An input as lines of tokens, and the generic steps that shrink it when nothing is known of its
//! format ([`smaller`]): drop a run of lines or of tokens (halves first, down to one), alone or
//! with a count earlier in the input lowered by as many; bring a number toward 0 by bisection;
//! cut a byte off a word. Each step is one candidate; `stress` keeps it only if the reference
//! (and `--check`) accept it and it fails the same way.

use graph_games::input::is_space;

/// An input as lines of tokens (whitespace between tokens is not kept: one space, one line end).
pub type Lines = Vec<Vec<Vec<u8>>>;

/// The lines of tokens of `text` (empty lines kept).
pub fn parse(text: &[u8]) -> Lines {
    if text.is_empty() {
        return Lines::new();
    }
    let mut lines: Lines = text
        .split(|&b| b == b'\n')
        .map(|line| line.split(|&b| is_space(b)).filter(|t| !t.is_empty()).map(<[u8]>::to_vec).collect())
        .collect();
    if text.ends_with(b"\n") {
        lines.pop();
    }
    lines
}

/// The text of `lines`: tokens separated by a space, each line ended.
pub fn write(lines: &Lines) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        for (i, token) in line.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(token);
        }
        out.push(b'\n');
    }
    out
}

/// The value of an integer token (`-` allowed), if it is one.
fn integer(token: &[u8]) -> Option<i128> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || digits.len() > 30 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// How many counts before a dropped run are tried lowered (the nearest first).
const COUNTS_TRIED: usize = 3;

/// `lines` without the run `gone` (which `drop` removes), alone and then with each of the
/// nearest [`COUNTS_TRIED`] integers before `at` (a line and token position) lowered by the run's
/// length, where that keeps it at least 0.
fn dropped(lines: &Lines, at: (usize, usize), len: usize, drop: impl Fn(&mut Lines)) -> Vec<Lines> {
    let mut plain = lines.clone();
    drop(&mut plain);
    let mut out = vec![plain];
    let earlier = lines.iter().enumerate().flat_map(|(l, line)| (0..line.len()).map(move |t| (l, t)));
    let earlier: Vec<(usize, usize)> = earlier.filter(|&p| p < at).collect();
    let counts =
        earlier.iter().rev().filter(|&&(l, t)| integer(&lines[l][t]).map_or(false, |v| v >= len as i128));
    for &(l, t) in counts.take(COUNTS_TRIED) {
        let mut lowered = lines.clone();
        let value = integer(&lines[l][t]).expect("an integer") - len as i128;
        lowered[l][t] = value.to_string().into_bytes();
        drop(&mut lowered);
        out.push(lowered);
    }
    out
}

/// The runs of `len` items to try dropping: halves, quarters, ..., single ones, each once.
fn runs(len: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut size = len.div_ceil_compat(2);
    while size >= 1 && len > 0 {
        for start in (0..len).step_by(size) {
            let run = (start, (start + size).min(len));
            if !out.contains(&run) {
                out.push(run);
            }
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil_compat(2);
    }
    out
}

/// `div_ceil`, which std stabilized after rustc 1.63.
trait DivCeil {
    fn div_ceil_compat(self, by: usize) -> usize;
}

impl DivCeil for usize {
    fn div_ceil_compat(self, by: usize) -> usize {
        (self + by - 1) / by
    }
}

/// Every input one generic step smaller than `lines`, coarsest first (see the module's doc).
pub fn smaller(lines: &Lines) -> Vec<Lines> {
    let mut out = Vec::new();
    for (start, end) in runs(lines.len()) {
        out.extend(dropped(lines, (start, 0), end - start, |l: &mut Lines| {
            l.drain(start..end);
        }));
    }
    for (l, line) in lines.iter().enumerate().filter(|(_, line)| line.len() > 1) {
        for (start, end) in runs(line.len()) {
            out.extend(dropped(lines, (l, start), end - start, |lines: &mut Lines| {
                lines[l].drain(start..end);
            }));
        }
    }
    for (l, line) in lines.iter().enumerate() {
        for (t, token) in line.iter().enumerate() {
            let with = |token: Vec<u8>| {
                let mut changed = lines.clone();
                changed[l][t] = token;
                changed
            };
            match integer(token) {
                // Toward 0: x - x, x - x/2, x - x/4, ..., x - 1 (or + 1 below 0).
                Some(value) => {
                    let (sign, magnitude) = (value.signum(), value.abs());
                    let mut seen = Vec::new();
                    for bit in 0..128 {
                        let next = sign * (magnitude - (magnitude >> bit));
                        if next != value && !seen.contains(&next) {
                            seen.push(next);
                            out.push(with(next.to_string().into_bytes()));
                        }
                    }
                }
                None if token.len() > 1 => {
                    out.push(with(token[..token.len() - 1].to_vec()));
                    out.push(with(token[1..].to_vec()));
                }
                None => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Lines]) -> Vec<String> {
        lines.iter().map(|l| String::from_utf8(write(l)).unwrap()).collect()
    }

    #[test]
    fn lines_of_tokens() {
        let lines = parse(b"3\n  a bb\t c\r\n\n7");
        assert_eq!(String::from_utf8(write(&lines)).unwrap(), "3\na bb c\n\n7\n");
        assert_eq!(parse(b""), Lines::new());
    }

    #[test]
    fn steps_drop_runs_with_their_counts_and_bisect_numbers() {
        let steps = texts(&smaller(&parse(b"3\nab\ncd\nef\n")));
        assert_eq!(&steps[..3], ["cd\nef\n", "3\nab\n", "1\nab\n"]);
        assert!(steps.contains(&"2\nab\nef\n".to_string()), "{steps:?}");
        assert!(
            steps.contains(&"0\nab\ncd\nef\n".to_string()) && steps.contains(&"2\nab\ncd\nef\n".to_string())
        );
        assert!(steps.contains(&"3\na\ncd\nef\n".to_string()));
        let numbers = texts(&smaller(&parse(b"100\n")));
        assert_eq!(numbers, ["", "0\n", "50\n", "75\n", "88\n", "94\n", "97\n", "99\n"]);
        let negative = texts(&smaller(&parse(b"-8\n")));
        assert_eq!(negative, ["", "0\n", "-4\n", "-6\n", "-7\n"]);
        // A count within the line: `2 5 6` loses a token and its count.
        assert!(texts(&smaller(&parse(b"2 5 6\n"))).contains(&"1 6\n".to_string()));
    }
}
