//! Many pairs of numbers from the input at once (`graph_game`'s edges, `grid_game`'s queries):
//! straight from the scanner's buffer with the block parser while they are plain, the careful way
//! where they are not.

#[cfg(not(target_arch = "x86_64"))]
use super::decimal::classify;
use super::decimal::{convert_block, parse_numbers_with};
use super::error::Error;
use super::scanner::{is_space, Scanner};
use std::io::Read;

/// How many pairs [`read_pairs`] takes from the fast parser at a time.
const BATCH_PAIRS: usize = 1024;

/// Reads `count` pairs of numbers from `input`, the first of each pair in `1..=max[0]` and the
/// second in `1..=max[1]`, and hands them to `take` less one (as 0-based indices) in batches of
/// whole pairs, with the 1-based index of the batch's first pair. `names` says what a pair and its two numbers are, for error
/// messages: `["edge", "source", "target"]` makes "the target of edge 7 of 10".
///
/// The pairs are read straight from the buffer while they are plain numbers (`parse_numbers`);
/// where that stops short (the buffer's end, anything unusual), the next pair is read the careful
/// way, which says exactly what is wrong, and handed to `take` alone.
pub fn read_pairs<R: Read>(
    input: &mut Scanner<R>,
    count: usize,
    max: [u32; 2],
    names: [&str; 3],
    mut take: impl FnMut(usize, &mut [u32]) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut numbers = [0u32; 2 * BATCH_PAIRS];
    let mut done = 0;
    while done < count {
        let want = numbers.len().min(2 * (count - done));
        let mut got = 0;
        input.parse_buffered(|text| {
            let (parsed, used) = parse_numbers(text, max, &mut numbers[..want]);
            got = parsed;
            used
        });
        take(done + 1, &mut numbers[..got & !1])?;
        done += got / 2;
        if got < want {
            done += 1;
            let [pair, first, second] = names;
            let mut careful = |name, max: u32| {
                // In range, so it fits in u32. The name is formatted only if there is an error.
                let value =
                    input.u64_in(format_args!("the {name} of {pair} {done} of {count}"), 1, max.into())?;
                Ok::<_, Error>(value as u32 - 1)
            };
            // The fast parser may have taken the pair's first number already.
            let first = if got % 2 == 1 { numbers[got - 1] } else { careful(first, max[0])? };
            take(done, &mut [first, careful(second, max[1])?])?;
        }
    }
    Ok(())
}

/// Reads numbers in `1..=max` from `input` straight from the buffer while they are plain, handing
/// them less one (as 0-based values) to `take` in batches; `take` returns how many of a batch it
/// used, and the input is left just before the first it did not use (so the careful path reads it,
/// and says what is wrong with it, at its place). Returns when `take` used fewer than it was given
/// or the fast parser stops short (the buffer's end, anything unusual): the caller reads the next
/// number the careful way, and may call this again after it.
pub fn read_plain_numbers<R: Read>(
    input: &mut Scanner<R>,
    max: u32,
    mut take: impl FnMut(&[u32]) -> Result<usize, Error>,
) -> Result<(), Error> {
    let mut numbers = [0u32; 2 * BATCH_PAIRS];
    loop {
        let mut go_on = Ok(true);
        input.parse_buffered(|text| {
            let (parsed, bytes) = parse_numbers(text, [max; 2], &mut numbers);
            match take(&numbers[..parsed]) {
                Ok(used) if used == parsed && parsed > 0 => bytes,
                Ok(used) => {
                    go_on = Ok(false);
                    end_of_numbers(text, used.min(parsed))
                }
                Err(e) => {
                    go_on = Err(e);
                    bytes
                }
            }
        });
        if !go_on? {
            return Ok(());
        }
    }
}

/// Where the first `k` of the plain numbers that `text` starts with end (each is followed by
/// whitespace).
fn end_of_numbers(text: &[u8], k: usize) -> usize {
    let mut at = 0;
    for _ in 0..k {
        while at < text.len() && is_space(text[at]) {
            at += 1;
        }
        while at < text.len() && !is_space(text[at]) {
            at += 1;
        }
    }
    at
}

/// [`parse_numbers_with`] at its fastest on this CPU: with AVX2 where the CPU has it, else with
/// SSE2's [`classify`](super::x86_64::classify) on x86-64, else portably.
fn parse_numbers(text: &[u8], max: [u32; 2], out: &mut [u32]) -> (usize, usize) {
    #[cfg(target_arch = "x86_64")]
    {
        if super::x86_64::has_avx2() {
            // SAFETY: the CPU has the features `parse_numbers_avx2` is compiled for, as checked.
            return unsafe { super::x86_64::parse_numbers_avx2(text, max, out) };
        }
        parse_numbers_with(text, max, out, super::x86_64::classify, convert_block)
    }
    #[cfg(not(target_arch = "x86_64"))]
    parse_numbers_with(text, max, out, classify, convert_block)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::decimal::classify;
    use crate::input::decimal::tests::random_text;
    use crate::rng::Rng;

    /// What [`parse_numbers`] gave (`(count, used)` and the numbers) is what every other way of
    /// parsing gives, on every machine: the portable block parser, and on x86-64 the SSE2 classifier
    /// with the portable converter (the path of CPUs without AVX2).
    fn assert_every_way_agrees(
        text: &[u8],
        max: [u32; 2],
        room: usize,
        got: (usize, usize),
        numbers: &[u32],
    ) {
        let mut out = vec![0u32; room];
        let portable = parse_numbers_with(text, max, &mut out, classify, convert_block);
        assert_eq!((portable, &out[..portable.0]), (got, numbers), "portable");
        #[cfg(target_arch = "x86_64")]
        {
            let sse2 = parse_numbers_with(text, max, &mut out, crate::input::x86_64::classify, convert_block);
            assert_eq!((sse2, &out[..sse2.0]), (got, numbers), "SSE2");
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
    fn parse_numbers_checks_each_place_against_its_own_bound() {
        // Pairs with different bounds for their first and second numbers, each within its bound
        // but now and then one past it, in texts long enough for the pairs to fall across the
        // blocks at even and odd places.
        let mut rng = Rng::new(4);
        for _ in 0..3000 {
            let mut max = [1 + rng.below(100_000) as u32, 1 + rng.below(100) as u32];
            if rng.below(2) == 0 {
                max.swap(0, 1);
            }
            let mut text = Vec::new();
            for k in 0..100 {
                let bound = u64::from(max[k % 2]);
                let value = if rng.below(120) == 0 { bound + 1 + rng.below(9) } else { 1 + rng.below(bound) };
                text.extend_from_slice(value.to_string().as_bytes());
                text.push(if k % 2 == 0 { b' ' } else { b'\n' });
            }
            let expected = tokens(&text);
            let mut out = [0u32; 100];
            let (count, used) = parse_numbers(&text, max, &mut out);
            assert_every_way_agrees(&text, max, out.len(), (count, used), &out[..count]);
            for (k, &(from, to)) in expected.iter().enumerate().take(count) {
                assert_eq!(Some(out[k] + 1), fast_value(&text[from..to], max[k % 2]), "number {k}");
            }
            if count + 32 <= out.len() && used + 72 <= text.len() {
                let mut block = expected.iter().enumerate().skip(count);
                assert!(block.any(|(k, &(from, to))| {
                    from < used + 64 && fast_value(&text[from..to], max[k % 2]).is_none()
                }));
            }
        }
    }

    #[test]
    fn parse_numbers_takes_exactly_what_it_may_at_every_offset_and_end() {
        let mut rng = Rng::new(2);
        let space = |b: u8| b == b' ' || (b'\t'..=b'\r').contains(&b);
        for round in 0..300 {
            let text = random_text(&mut rng, 60, round % 3 == 0);
            // Bounds for the numbers at even and odd places: large, small, or one of each.
            let mut bound = || if rng.below(2) == 0 { 99_999_999 } else { 1 + rng.below(5000) as u32 };
            let max = [bound(), bound()];
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
                    assert_every_way_agrees(text, max, room, (count, used), &out[..count]);
                    for (k, &(from, to)) in expected.iter().enumerate().take(count) {
                        assert_eq!(Some(out[k] + 1), fast_value(&text[from..to], max[k % 2]), "number {k}");
                        // Each number is followed by whitespace in the text.
                        assert!(to < text.len());
                    }
                    // What it took ends after the last number, before the next token.
                    let after = if count == 0 { 0 } else { expected[count - 1].1 };
                    let next = expected.get(count).map_or(text.len(), |t| t.0);
                    assert!(after <= used && used <= next, "{used} outside {after}..={next}");
                    // And it stops only before a block with a token it must leave (or near the
                    // end, or with room for less than a block).
                    if count + 32 <= room && used + 72 <= text.len() {
                        let mut block = expected.iter().enumerate().skip(count);
                        assert!(block.any(|(k, &(from, to))| {
                            from < used + 64 && fast_value(&text[from..to], max[k % 2]).is_none()
                        }));
                    }
                }
            }
        }
    }
}
