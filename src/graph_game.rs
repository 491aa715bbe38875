//! The general game: a token on a directed graph, players alternately move it along an edge.
//!
//! Input: `n m`, then `m` edges `u v` (1-based). Output: one line per vertex, `win`, `lose` or
//! `draw` for the player to move with the token there; with depth, `win d` / `lose d`, where `d`
//! is how many moves the game lasts under optimal play. Normal play: a player who cannot move
//! loses; misère: he wins.
//!
//! Memory: the edges are read into `u32` arrays that grow with the input (never past the declared
//! `m`), then turned into a [`Graph`]: at the peak `8m + 8n` bytes when the edges come grouped by
//! increasing source (the sources are then not stored, see [`GraphBuilder`]), `12m + 8n`
//! otherwise; during the search `4m + 9n` (a byte per vertex for the counters, more past 254
//! moves out of a vertex) plus the queue (at most `4n`), and `4n` more for `--depth`. The text itself is read in 256 KiB chunks, never held whole.

use crate::graph::{Graph, GraphBuilder, GraphGame};
use crate::input::{Error, Scanner};
use crate::solver::{solve, solve_with_depth, Outcome, Solution, Start, DRAW_DEPTH};
use std::fmt;
use std::io::{self, Read, Write};

/// The most vertices the program accepts (memory is a few `u32` arrays of this length).
pub const MAX_VERTICES: u64 = 100_000_000;
/// The most edges the program accepts.
pub const MAX_EDGES: u64 = 500_000_000;

/// The problem: the graph, as read.
pub type Problem = Graph;

/// Who wins when the player to move cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// He loses (the usual rule).
    Normal,
    /// He wins (`--misere`).
    Misere,
}

/// The outcome of every vertex.
#[derive(Debug, Clone)]
pub struct Answer {
    solution: Solution,
}

/// The outcome of every vertex and how long its game lasts (`--depth`).
#[derive(Debug, Clone)]
pub struct AnswerWithDepth {
    solution: Solution,
    depths: Vec<u32>,
}

/// Reads `n m` and the edge list, and checks that nothing follows it.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let n = input.u64_in("the number of vertices n", 1, MAX_VERTICES)?;
    let m = input.u64_in("the number of edges m", 0, MAX_EDGES)?;
    let (n, m) = (n as usize, m as usize);
    let mut graph = GraphBuilder::new(n, m);
    // Edges in batches from the fast parser; where it stops short (the buffer's end, anything
    // unusual), one edge the careful way, which reads on and says exactly what is wrong.
    let mut batch = [0u32; 2 * BATCH_EDGES];
    let mut edges = 0;
    while edges < m {
        let want = batch.len().min(2 * (m - edges));
        let mut got = 0;
        input.parse_buffered(|text| {
            let (count, used) = parse_numbers(text, n as u32, &mut batch[..want]);
            got = count;
            used
        });
        let whole = got & !1;
        for end in &mut batch[..whole] {
            *end -= 1;
        }
        graph.add_edges(&batch[..whole]);
        edges += got / 2;
        if got < want {
            edges += 1;
            let u = match got % 2 {
                1 => u64::from(batch[got - 1]),
                _ => input.u64_in(EdgeEnd { edge: edges, edges: m, end: "source" }, 1, n as u64)?,
            };
            let v = input.u64_in(EdgeEnd { edge: edges, edges: m, end: "target" }, 1, n as u64)?;
            graph.add_edge(u as u32 - 1, v as u32 - 1);
        }
    }
    input.finish(format_args!("the {m} edges"))?;
    Ok(graph.build())
}

/// How many edges [`read`] takes from the fast parser at a time.
const BATCH_EDGES: usize = 1024;

/// The fast path of [`read`]: parses the numbers at the start of `text` (which starts between
/// tokens) into `out`, and returns how many it parsed and the bytes they took. It takes only what
/// the careful path would read the same way: numbers of 1 to 8 digits in `1..=max`, each followed
/// by whitespace, with nothing but whitespace between them. It stops before anything else, 72
/// bytes before the end of `text` (so that each number's 8 bytes can be read whole), and when
/// `out` has room for fewer than 32 more numbers (the most a block holds).
///
/// Blocks of 64 bytes are classified at once (digits, whitespace) into bit masks; the masks give
/// where each number starts and ends, so the numbers of a block are converted independently of
/// one another, not one after the other as a scanner must, and checked once for the block.
fn parse_numbers(text: &[u8], max: u32, out: &mut [u32]) -> (usize, usize) {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
        {
            // SAFETY: the CPU has the features `parse_numbers_avx2` is compiled for, as checked.
            return unsafe { parse_numbers_avx2(text, max, out) };
        }
    }
    parse_numbers_anywhere(text, max, out)
}

/// [`parse_numbers`] compiled for newer x86-64 CPUs: the same code, in fewer instructions (three-
/// operand vector instructions, one-instruction bit scans and shifts).
///
/// # Safety
/// The CPU must have AVX2, BMI1 and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
unsafe fn parse_numbers_avx2(text: &[u8], max: u32, out: &mut [u32]) -> (usize, usize) {
    parse_numbers_anywhere(text, max, out)
}

/// [`parse_numbers`] for any CPU.
#[inline(always)]
fn parse_numbers_anywhere(text: &[u8], max: u32, out: &mut [u32]) -> (usize, usize) {
    let (mut count, mut at) = (0, 0);
    while count + 32 <= out.len() && at + 72 <= text.len() {
        let window = &text[at..at + 72];
        let (digits, spaces) = classify(&window[..64]);
        // Only the bytes before the first that is neither digit nor whitespace count.
        let bad = !(digits | spaces);
        let before_bad = if bad == 0 { !0 } else { (1u64 << bad.trailing_zeros()) - 1 };
        // A digit followed by whitespace in the block ends a number; the one at byte 63 waits.
        let all_ends = digits & (spaces >> 1) & before_bad;
        let all_starts = digits & !(digits << 1);
        if all_ends == 0 {
            // No whole number here: skip whitespace, or leave the rest to the careful path.
            let first = digits.trailing_zeros() as usize;
            if bad != 0 || first == 0 {
                break;
            }
            at += first.min(64);
            continue;
        }
        // Bit i of `long` is set when bytes i..=i+8 are all digits: a number too long for 8 bytes.
        let mut long = digits & (digits >> 1);
        long &= long >> 2;
        long &= long >> 4;
        long &= digits >> 8;
        let first = count;
        if long == 0 {
            let (mut starts, mut ends, mut end, mut worst) = (all_starts, all_ends, 0, 0);
            while ends != 0 {
                let start = starts.trailing_zeros() as usize;
                end = ends.trailing_zeros() as usize + 1;
                starts &= starts - 1;
                ends &= ends - 1;
                let value = digits_value(&window[start..start + 8], end - start);
                // 0 wraps around to the largest value: one comparison checks both bounds.
                worst = worst.max(value.wrapping_sub(1));
                out[count] = value;
                count += 1;
            }
            if worst < max {
                at += end;
                continue;
            }
            count = first;
        }
        // A number may have to be left (or a long run of digits is past the block's numbers): go
        // over the block again one number at a time, stopping before any to leave.
        let (mut starts, mut ends, mut end) = (all_starts, all_ends, 0);
        while ends != 0 {
            let start = starts.trailing_zeros() as usize;
            end = ends.trailing_zeros() as usize + 1;
            let len = end - start;
            starts &= starts - 1;
            ends &= ends - 1;
            let value = if len <= 8 { digits_value(&window[start..start + 8], len) } else { 0 };
            if value.wrapping_sub(1) >= max {
                return (count, at + start);
            }
            out[count] = value;
            count += 1;
        }
        at += end;
    }
    (count, at)
}

/// The value of the first `len` (1 to 8) bytes of `word`, all ASCII digits (SWAR: no loop, no
/// branch per digit).
#[inline(always)]
fn digits_value(word: &[u8], len: usize) -> u32 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&word[..8]);
    // The digits moved to the top, so that the missing ones read as leading zeros (zero bytes).
    let x = u64::from_le_bytes(bytes) << (64 - 8 * len);
    // The first byte is the most significant digit. One multiply combines neighbours into pairs
    // (10 * first + second, in 16 bits), one pairs into quads, one quads into all eight.
    let x = ((x & 0x0f0f_0f0f_0f0f_0f0f).wrapping_mul(10 << 8 | 1)) >> 8;
    let x = ((x & 0x00ff_00ff_00ff_00ff).wrapping_mul(100 << 16 | 1)) >> 16;
    (((x & 0x0000_ffff_0000_ffff).wrapping_mul(10_000 << 32 | 1)) >> 32) as u32
}

/// Bit `i` of the first mask is set when `block[i]` is an ASCII digit, of the second when it is
/// whitespace (as the scanner counts it: space, `\t`, `\n`, `\x0b`, `\x0c`, `\r`). 64 bytes.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn classify(block: &[u8]) -> (u64, u64) {
    use std::arch::x86_64::*;
    assert!(block.len() >= 64);
    let (mut digits, mut spaces) = (0u64, 0u64);
    for i in 0..4 {
        // SAFETY: SSE2 is part of x86_64, and the unaligned load reads 16 bytes at `16 * i`, which
        // is inside `block` (at least 64 bytes long, as asserted).
        unsafe {
            let v = _mm_loadu_si128(block.as_ptr().add(16 * i) as *const __m128i);
            // Signed compares: bytes 0x80 and up are negative, neither digits nor whitespace.
            let above = |lo: u8| _mm_cmpgt_epi8(v, _mm_set1_epi8(lo as i8));
            let below = |hi: u8| _mm_cmplt_epi8(v, _mm_set1_epi8(hi as i8));
            let digit = _mm_and_si128(above(b'0' - 1), below(b'9' + 1));
            let control = _mm_and_si128(above(b'\t' - 1), below(b'\r' + 1));
            let space = _mm_or_si128(control, _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8)));
            digits |= u64::from(_mm_movemask_epi8(digit) as u16) << (16 * i);
            spaces |= u64::from(_mm_movemask_epi8(space) as u16) << (16 * i);
        }
    }
    (digits, spaces)
}

#[cfg(not(target_arch = "x86_64"))]
fn classify(block: &[u8]) -> (u64, u64) {
    classify_scalar(block)
}

/// [`classify`] a byte at a time: the fallback for other targets, and the reference in tests.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn classify_scalar(block: &[u8]) -> (u64, u64) {
    let (mut digits, mut spaces) = (0u64, 0u64);
    for (i, &b) in block[..64].iter().enumerate() {
        digits |= u64::from(b.is_ascii_digit()) << i;
        spaces |= u64::from(b == b' ' || b.wrapping_sub(b'\t') < 5) << i;
    }
    (digits, spaces)
}

/// Names an endpoint in error messages; formatted only if there is one.
struct EdgeEnd {
    edge: usize,
    edges: usize,
    end: &'static str,
}

impl fmt::Display for EdgeEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} of edge {} of {}", self.end, self.edge, self.edges)
    }
}

/// The game on `graph` as the solver sees it.
fn game(graph: &Graph, play: Play) -> GraphGame<'_, impl Fn(usize) -> Start> {
    let dead_end = if play == Play::Misere { Start::Win } else { Start::Lose };
    GraphGame::new(graph, move |_| dead_end)
}

/// Decides every vertex, normal play.
pub fn decide(graph: &Problem) -> Answer {
    decide_as(graph, Play::Normal)
}

/// Decides every vertex under `play` (`--misere`).
pub fn decide_as(graph: &Problem, play: Play) -> Answer {
    Answer { solution: solve(&game(graph, play)) }
}

/// Decides every vertex under `play` and how long each decided game lasts (`--depth`).
pub fn decide_with_depth(graph: &Problem, play: Play) -> AnswerWithDepth {
    let (solution, depths) = solve_with_depth(&game(graph, play));
    AnswerWithDepth { solution, depths }
}

/// Writes one line per vertex: `win`, `lose` or `draw`.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    // Each line is stored as 8 bytes (the word, its newline, padding the next line overwrites)
    // and the end moves past the line only: one store per line, no branch on its length.
    const LINES: [([u8; 8], usize); 3] = [(*b"win\n    ", 4), (*b"lose\n   ", 5), (*b"draw\n   ", 5)];
    let mut buffer = vec![0u8; 1 << 16];
    let mut end = 0;
    for v in 0..answer.solution.len() {
        let (line, len) = &LINES[answer.solution.outcome(v) as usize];
        buffer[end..end + 8].copy_from_slice(line);
        end += len;
        if end > buffer.len() - 8 {
            out.write_all(&buffer[..end])?;
            end = 0;
        }
    }
    out.write_all(&buffer[..end])
}

/// Writes one line per vertex: `win d`, `lose d` (`d` moves under optimal play) or `draw`.
pub fn write_answer_with_depth(answer: &AnswerWithDepth, out: &mut impl Write) -> io::Result<()> {
    write_lines(answer.solution.len(), out, |v, line| {
        line.extend_from_slice(word(answer.solution.outcome(v)));
        if answer.depths[v] != DRAW_DEPTH {
            line.push(b' ');
            push_decimal(line, answer.depths[v]);
        }
        line.push(b'\n');
    })
}

fn word(outcome: Outcome) -> &'static [u8] {
    match outcome {
        Outcome::Win => b"win",
        Outcome::Lose => b"lose",
        Outcome::Draw => b"draw",
    }
}

/// Writes `lines` lines, each made by `line(v, buffer)`, in 64 KiB writes.
fn write_lines(
    lines: usize,
    out: &mut impl Write,
    mut line: impl FnMut(usize, &mut Vec<u8>),
) -> io::Result<()> {
    const FLUSH_AT: usize = (1 << 16) - 32;
    let mut buffer = Vec::with_capacity(1 << 16);
    for v in 0..lines {
        line(v, &mut buffer);
        if buffer.len() > FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)
}

fn push_decimal(out: &mut Vec<u8>, mut value: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The output for `text`, with `--misere` and `--depth` as asked.
    fn answer(text: &str, misere: bool, depth: bool) -> Result<String, Error> {
        let graph = read(&mut Scanner::new(text.as_bytes()))?;
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut out = Vec::new();
        if depth {
            write_answer_with_depth(&decide_with_depth(&graph, play), &mut out).unwrap();
        } else {
            write_answer(&decide_as(&graph, play), &mut out).unwrap();
        }
        Ok(String::from_utf8(out).unwrap())
    }

    const EXAMPLE: &str = "5 5\n1 2\n2 3\n4 4\n4 1\n5 5\n";

    #[test]
    fn the_problem_example() {
        assert_eq!(answer(EXAMPLE, false, false).unwrap(), "lose\nwin\nlose\nwin\ndraw\n");
        assert_eq!(answer(EXAMPLE, true, true).unwrap(), "win 2\nlose 1\nwin 0\ndraw\ndraw\n");
    }

    #[test]
    fn decimal() {
        let mut out = Vec::new();
        for v in [0, 7, 10, 4_294_967_295] {
            push_decimal(&mut out, v);
            out.push(b' ');
        }
        assert_eq!(out, b"0 7 10 4294967295 ");
    }

    #[test]
    fn errors_say_where() {
        let err = |text: &str| answer(text, false, false).unwrap_err().message().to_string();
        assert_eq!(
            err(""),
            "line 1, column 1: expected the number of vertices n, found the end of the input"
        );
        assert_eq!(
            err("3 2\n1 2\n"),
            "line 3, column 1: expected the source of edge 2 of 2, found the end of the input"
        );
        assert_eq!(
            err("3 1\n1 4\n"),
            "line 2, column 3: the target of edge 1 of 1 must be between 1 and 3, found 4"
        );
        assert_eq!(err("3 1\n1 2\n3 1\n"), "line 3, column 1: unexpected `3` after the 1 edges");
        assert!(err("100000000000 1\n1 1\n").contains("must be between 1 and 100000000"));
    }

    /// splitmix64, so that every run checks the same texts.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce5_e9b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Random tokens, mostly numbers the fast path takes, between runs of whitespace; with
    /// `odd`, now and then something it must leave alone (zero, long or too large numbers, bytes
    /// neither digit nor whitespace).
    fn random_text(rng: &mut Rng, tokens: usize, odd: bool) -> Vec<u8> {
        let mut text = Vec::new();
        for _ in 0..tokens {
            let spaces = [b" ".as_ref(), b"\n", b"\r\n", b"\t", b"  ", b"\x0b\x0c", b"\n\n   "];
            let kinds = if rng.below(4) == 0 { 7 } else { 2 };
            text.extend_from_slice(spaces[rng.below(kinds) as usize]);
            match if odd { rng.below(40) } else { 40 } {
                0 => text.extend_from_slice(b"0"),
                1 => text.extend_from_slice(b"123456789"),
                2 => text.extend_from_slice(b"00000007"),
                3 => text.extend_from_slice(b"-5"),
                4 => text.extend_from_slice(b"12x"),
                5 => text.push(0xc3),
                6 => text.extend_from_slice(b"99999999"),
                _ => {
                    let bits = 1 + rng.below(24);
                    text.extend_from_slice((1 + rng.below(1 << bits)).to_string().as_bytes())
                }
            }
        }
        text.push(b'\n');
        text
    }

    #[test]
    fn classify_matches_the_scalar_reference() {
        let mut rng = Rng(1);
        let alphabet = b"0123456789 \t\n\r\x0b\x0c/:\x08\x0e\x1f!\x80\xff\xb0\xb9-xA";
        for round in 0..20_000 {
            let block: Vec<u8> = (0..64)
                .map(|_| match round % 2 {
                    0 => alphabet[rng.below(alphabet.len() as u64) as usize],
                    _ => rng.next() as u8,
                })
                .collect();
            assert_eq!(classify(&block), classify_scalar(&block), "{block:?}");
        }
        let every: Vec<u8> = (0..=255).collect();
        for block in every.chunks(64) {
            assert_eq!(classify(block), classify_scalar(block));
        }
    }

    /// The tokens of `text`: where each starts and ends.
    fn tokens(text: &[u8]) -> Vec<(usize, usize)> {
        let space = |b: u8| b == b' ' || (b'\t'..=b'\r').contains(&b);
        let mut out = Vec::new();
        let mut i = 0;
        while i < text.len() {
            if space(text[i]) {
                i += 1;
                continue;
            }
            let start = i;
            while i < text.len() && !space(text[i]) {
                i += 1;
            }
            out.push((start, i));
        }
        out
    }

    /// The value the fast path must give `token`, if it may take it at all.
    fn fast_value(token: &[u8], max: u32) -> Option<u32> {
        let value: u32 = std::str::from_utf8(token).ok()?.parse().ok()?;
        let plain = token.len() <= 8 && token.iter().all(u8::is_ascii_digit);
        if plain && (1..=max).contains(&value) {
            Some(value)
        } else {
            None
        }
    }

    #[test]
    fn parse_numbers_takes_exactly_what_it_may_at_every_offset_and_end() {
        let mut rng = Rng(2);
        let space = |b: u8| b == b' ' || (b'\t'..=b'\r').contains(&b);
        for round in 0..300 {
            let text = random_text(&mut rng, 60, round % 3 == 0);
            let max = if round % 2 == 0 { 99_999_999 } else { 1 + rng.below(5000) as u32 };
            for start in 0..text.len() {
                // Start between tokens, as the scanner does.
                if start > 0 && !space(text[start - 1]) && !space(text[start]) {
                    continue;
                }
                for end in [text.len(), start + rng.below((text.len() - start + 1) as u64) as usize] {
                    let text = &text[start..end];
                    let expected = tokens(text);
                    let mut out = [0u32; 80];
                    let room = rng.below(80) as usize;
                    let (count, used) = parse_numbers(text, max, &mut out[..room]);
                    let mut anywhere = [0u32; 80];
                    let plain = parse_numbers_anywhere(text, max, &mut anywhere[..room]);
                    assert_eq!((plain, &anywhere[..plain.0]), ((count, used), &out[..count]));
                    for (k, &(from, to)) in expected.iter().enumerate().take(count) {
                        assert_eq!(Some(out[k]), fast_value(&text[from..to], max), "number {k}");
                        // Each number is followed by whitespace in the text.
                        assert!(to < text.len());
                    }
                    // What it took ends after the last number, before the next token.
                    let after = if count == 0 { 0 } else { expected[count - 1].1 };
                    let next = expected.get(count).map_or(text.len(), |t| t.0);
                    assert!(after <= used && used <= next, "{used} outside {after}..={next}");
                    // And it stops only where it must (or with room for less than a block).
                    if count + 32 <= room {
                        if let Some(&(from, to)) = expected.get(count) {
                            assert!(from + 72 > text.len() || fast_value(&text[from..to], max).is_none());
                        }
                    }
                }
            }
        }
    }

    /// The reading loop without the fast path: every number the careful way.
    fn read_careful<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
        let n = input.u64_in("the number of vertices n", 1, MAX_VERTICES)?;
        let m = input.u64_in("the number of edges m", 0, MAX_EDGES)?;
        let (n, m) = (n as usize, m as usize);
        let mut graph = GraphBuilder::new(n, m);
        for i in 1..=m {
            let u = input.u64_in(EdgeEnd { edge: i, edges: m, end: "source" }, 1, n as u64)?;
            let v = input.u64_in(EdgeEnd { edge: i, edges: m, end: "target" }, 1, n as u64)?;
            graph.add_edge(u as u32 - 1, v as u32 - 1);
        }
        input.finish(format_args!("the {m} edges"))?;
        Ok(graph.build())
    }

    /// Hands out the input in pieces of the given lengths, in turn.
    struct Pieces<'a>(&'a [u8], Vec<usize>, usize);
    impl Read for Pieces<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let k = self.1[self.2 % self.1.len()].min(out.len()).min(self.0.len());
            self.2 += 1;
            out[..k].copy_from_slice(&self.0[..k]);
            self.0 = &self.0[k..];
            Ok(k)
        }
    }

    #[test]
    fn read_agrees_with_the_careful_path_on_good_and_bad_input() {
        let mut rng = Rng(3);
        for round in 0..200 {
            let n = 1 + rng.below(if round % 2 == 0 { 1 << 24 } else { 300 });
            let m = rng.below(3000);
            let declared = if round % 5 == 0 { m + rng.below(3) } else { m };
            let mut text = format!("{n} {declared}").into_bytes();
            text.extend_from_slice(&random_text(&mut rng, 2 * m as usize, round % 4 == 0));
            let cut = if round % 7 == 0 { rng.below(3) as usize } else { 0 };
            let text = &text[..text.len() - cut];
            let want = read_careful(&mut Scanner::new(text));
            let pieces = vec![1 + rng.below(1 << 18) as usize, 1 + rng.below(100) as usize];
            let got = read(&mut Scanner::new(Pieces(text, pieces, 0)));
            match (want, got) {
                (Ok(a), Ok(b)) => {
                    for v in 0..a.num_vertices() {
                        assert_eq!(a.predecessors(v), b.predecessors(v));
                        assert_eq!(a.out_degree(v), b.out_degree(v));
                    }
                }
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("careful {:?}, fast {:?}", a.is_ok(), b.is_ok()),
            }
        }
    }
}
