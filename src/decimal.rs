//! Decimal numbers from bytes: the careful parser behind [`crate::input::Scanner`]'s numbers, and
//! a fast one for inputs that are mostly numbers (`graph_game`'s edges, `grid_game`'s queries).
//!
//! - [`parse_u64`]: a whole token, carefully (the reference, and the path for anything unusual).
//! - `parse_numbers` and [`read_pairs`]: many numbers at once, 64 bytes classified per step (SSE2
//!   on x86-64; where the CPU has AVX2, compiled again and converting four numbers at a time), for
//!   inputs that are mostly numbers.
//!
//! Every `unsafe` block says why it is sound; the portable code is the reference in the tests.

/// Parses a whole token as an unsigned decimal integer (saturating at `u64::MAX`, or an error
/// past it); the error completes "found `token`".
pub fn parse_u64(token: &[u8], saturate: bool) -> Result<u64, &'static str> {
    if token.first() == Some(&b'-') && token.len() > 1 && token[1..].iter().all(u8::is_ascii_digit) {
        return Err(" (negative)");
    }
    if token.is_empty() || !token.iter().all(u8::is_ascii_digit) {
        return Err("");
    }
    let mut value = 0u64;
    for &d in token {
        value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(d - b'0'))) {
            Some(v) => v,
            None if saturate => u64::MAX,
            None => return Err(" (too large)"),
        };
    }
    Ok(value)
}

use crate::input::{Error, Scanner};
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

/// Parses the numbers at the start of `text` (which starts between tokens) into `out`, and returns
/// how many it parsed and the bytes they took. It takes only what [`crate::input::Scanner`]'s
/// careful path would read the same way (numbers of 1 to 8 digits in `1..=max[k % 2]` for the
/// number it puts, less one, at `out[k]`, each followed by whitespace, with nothing but whitespace
/// between them), a block of 64 bytes at a time: it stops
/// before a block that holds anything else, 72 bytes before the end of `text` (so that each
/// number's 8 bytes can be read whole), and when `out` has room for fewer than 32 more numbers
/// (the most a block holds). What it leaves is for the careful path.
///
/// Each block is classified at once (digits, whitespace) into bit masks; the masks give where each
/// number starts and ends, so the numbers of a block are converted independently of one another,
/// not one after the other as a scanner must, and checked once for the block.
fn parse_numbers(text: &[u8], max: [u32; 2], out: &mut [u32]) -> (usize, usize) {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("popcnt")
        {
            // SAFETY: the CPU has the features `parse_numbers_avx2` is compiled for, as checked.
            return unsafe { parse_numbers_avx2(text, max, out) };
        }
    }
    parse_numbers_with(text, max, out, convert_block)
}

/// [`parse_numbers`] compiled for newer x86-64 CPUs: four numbers converted at once
/// ([`convert_block_avx2`]), and the rest in fewer instructions (three-operand vector
/// instructions, one-instruction bit scans, shifts and counts).
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
// The `unsafe` blocks below are required from edition 2024 on and redundant before it.
#[allow(unused_unsafe)]
unsafe fn parse_numbers_avx2(text: &[u8], max: [u32; 2], out: &mut [u32]) -> (usize, usize) {
    parse_numbers_with(text, max, out, |window, starts, ends, bounds, out| {
        // SAFETY: this runs only inside `parse_numbers_avx2`, on a CPU with the features needed.
        unsafe { convert_block_avx2(window, starts, ends, bounds, out) }
    })
}

/// [`parse_numbers`], with `convert` turning the numbers of one block into values (see
/// [`convert_block`]).
#[inline(always)]
fn parse_numbers_with(
    text: &[u8],
    max: [u32; 2],
    out: &mut [u32],
    convert: impl Fn(&[u8], u64, u64, [u32; 2], &mut [u32]) -> (usize, bool),
) -> (usize, usize) {
    let (mut count, mut at) = (0, 0);
    while count + 32 <= out.len() && at + 72 <= text.len() {
        let window = &text[at..at + 72];
        let (digits, spaces) = classify(&window[..64]);
        // Only the bytes before the first that is neither digit nor whitespace count.
        let bad = !(digits | spaces);
        let before_bad = if bad == 0 { !0 } else { (1u64 << bad.trailing_zeros()) - 1 };
        // A digit followed by whitespace in the block ends a number; the one at byte 63 waits.
        let ends = digits & (spaces >> 1) & before_bad;
        if ends == 0 {
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
        if long != 0 {
            break;
        }
        // The block's first number goes to `out[count]`: its bound is `max[count % 2]`.
        let bounds = [max[count % 2], max[1 - count % 2]];
        let (numbers, out_of_range) =
            convert(window, digits & !(digits << 1), ends, bounds, &mut out[count..count + 32]);
        if out_of_range {
            break;
        }
        count += numbers;
        at += 64 - ends.leading_zeros() as usize;
    }
    (count, at)
}

/// Converts the numbers of a 64-byte block, all of 1 to 8 digits: the `k`-th set bit of `starts`
/// is where number `k` starts in `window` (72 bytes, so that 8 bytes can be read from any of the
/// 64), the `k`-th of `ends` where it ends (its last digit); `starts` may have more bits than
/// `ends`, and those are ignored. Writes the values less one (wrapping, so a zero becomes
/// `u32::MAX`) to the start of `out`, which has room for 32 (the most a block holds). Returns how
/// many there are, and whether any is out of range: number `k`, less one, must be below
/// `bounds[k % 2]` (one comparison checks both ends of the range, since a zero wraps around).
fn convert_block(
    window: &[u8],
    mut starts: u64,
    mut ends: u64,
    bounds: [u32; 2],
    out: &mut [u32],
) -> (usize, bool) {
    let (mut count, mut out_of_range) = (0, false);
    while ends != 0 {
        let start = starts.trailing_zeros() as usize;
        let end = ends.trailing_zeros() as usize + 1;
        starts &= starts - 1;
        ends &= ends - 1;
        out[count] = digits_value(&window[start..start + 8], end - start).wrapping_sub(1);
        out_of_range |= out[count] >= bounds[count % 2];
        count += 1;
    }
    (count, out_of_range)
}

/// [`convert_block`] four numbers at a time: each number's 8 bytes, shifted as in
/// [`digits_value`], go into one 64-bit lane, and the three multiply steps run on the four lanes
/// together, as do the range checks. Past the last number, the lanes of the last four hold
/// whatever follows; their values go to `out` after the numbers' (it has room), unchecked.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
// As in `parse_numbers_avx2`: the `unsafe` block is required from edition 2024 on.
#[allow(unused_unsafe)]
// Measured: inlined into the block loop, the whole parse takes a third longer (43 ms against 33 ms
// for the benchmark graph's edges).
#[inline(never)]
unsafe fn convert_block_avx2(
    window: &[u8],
    mut starts: u64,
    mut ends: u64,
    bounds: [u32; 2],
    out: &mut [u32],
) -> (usize, bool) {
    use std::arch::x86_64::*;
    // Lets the compiler drop the bounds checks below.
    assert!(window.len() >= 72 && out.len() >= 32);
    let (numbers, mut out_of_range) = (ends.count_ones() as usize, 0);
    let [even, odd] = bounds.map(|bound| bound as i32);
    for first in (0..numbers).step_by(4) {
        let (mut words, mut shifts) = ([0i64; 4], [0i64; 4]);
        for lane in 0..4 {
            // Past the last number, `start` is at most 64 and `end` 65: still in the window.
            let start = starts.trailing_zeros() as usize;
            let end = ends.trailing_zeros() as usize + 1;
            starts &= starts.wrapping_sub(1);
            ends &= ends.wrapping_sub(1);
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&window[start..start + 8]);
            words[lane] = i64::from_le_bytes(bytes);
            shifts[lane] = 64 - 8 * (end as i64 - start as i64);
        }
        // SAFETY: the intrinsics need AVX2 (the caller's promise); the one that touches memory
        // stores 16 bytes into `values`.
        unsafe {
            let word = _mm256_set_epi64x(words[3], words[2], words[1], words[0]);
            let shift = _mm256_set_epi64x(shifts[3], shifts[2], shifts[1], shifts[0]);
            // As in `digits_value`: digits to the top (a shift of 64 or more gives zero), then
            // neighbours into pairs (bytes 10 and 1), pairs into quads (100 and 1), quads into
            // the value (10,000 times the low half, plus the high half).
            let digits = _mm256_and_si256(_mm256_sllv_epi64(word, shift), _mm256_set1_epi8(0x0f));
            let pairs = _mm256_maddubs_epi16(digits, _mm256_set1_epi16(0x010a));
            let quads = _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x0001_0064));
            let value = _mm256_add_epi64(
                _mm256_mul_epu32(quads, _mm256_set1_epi64x(10_000)),
                _mm256_srli_epi64(quads, 32),
            );
            // The low 32 bits of each lane, in order, less one.
            let lanes = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
            let value = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(value, lanes));
            let value = _mm_sub_epi32(value, _mm_set1_epi32(1));
            let mut values = [0u32; 4];
            _mm_storeu_si128(values.as_mut_ptr() as *mut __m128i, value);
            out[first..first + 4].copy_from_slice(&values);
            // Lanes at or past their bound (unsigned: the larger of the two is the value), among
            // those that hold numbers (four mask bits a lane).
            let at_or_past =
                _mm_cmpeq_epi32(_mm_max_epu32(value, _mm_setr_epi32(even, odd, even, odd)), value);
            out_of_range |= _mm_movemask_epi8(at_or_past) & ((1 << (4 * (numbers - first).min(4))) - 1);
        }
    }
    (numbers, out_of_range != 0)
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
/// whitespace (as the scanner counts it: space, `\t`, `\n`, `\x0b`, `\x0c`, `\r`). 64 bytes, 16 at
/// a time with SSE2 on x86-64, a byte at a time elsewhere.
#[inline(always)]
fn classify(block: &[u8]) -> (u64, u64) {
    assert!(block.len() >= 64);
    let (mut digits, mut spaces) = (0u64, 0u64);
    #[cfg(target_arch = "x86_64")]
    for i in 0..4 {
        use std::arch::x86_64::*;
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
    #[cfg(not(target_arch = "x86_64"))]
    for (i, &b) in block[..64].iter().enumerate() {
        digits |= u64::from(b.is_ascii_digit()) << i;
        spaces |= u64::from(crate::input::is_space(b)) << i;
    }
    (digits, spaces)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// splitmix64, so that every run checks the same texts.
    pub(crate) struct Rng(pub(crate) u64);
    impl Rng {
        pub(crate) fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce5_e9b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        pub(crate) fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Random tokens, mostly numbers the fast path takes, between runs of whitespace; with
    /// `odd`, now and then something it must leave alone (zero, long or too large numbers, bytes
    /// neither digit nor whitespace).
    pub(crate) fn random_text(rng: &mut Rng, tokens: usize, odd: bool) -> Vec<u8> {
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

    /// [`classify`], the plainest way: the reference in the tests.
    fn classify_scalar(block: &[u8]) -> (u64, u64) {
        let mask = |class: &dyn Fn(u8) -> bool| {
            block[..64].iter().rev().fold(0u64, |mask, &b| mask << 1 | u64::from(class(b)))
        };
        (mask(&|b| b.is_ascii_digit()), mask(&crate::input::is_space))
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

    #[test]
    fn convert_block_avx2_matches_the_scalar_one() {
        #[cfg(target_arch = "x86_64")]
        {
            let features = ["avx2", "bmi1", "bmi2", "popcnt"];
            if !(is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt"))
            {
                eprintln!("skipped: the CPU lacks one of {features:?}");
                return;
            }
            let mut rng = Rng(3);
            for _ in 0..50_000 {
                // Numbers of 1 to 8 digits (leading zeros and zero itself included) between runs of
                // 1 to 3 spaces; the last may run past the block, or the block end in spaces.
                let mut window = vec![b' '; 72];
                let mut at = rng.below(3) as usize;
                while at < 72 {
                    for _ in 0..1 + rng.below(8) {
                        if at < 72 {
                            window[at] = b'0' + rng.below(10) as u8;
                            at += 1;
                        }
                    }
                    at += 1 + rng.below(3) as usize;
                }
                let (digits, spaces) = classify_scalar(&window[..64]);
                let (starts, ends) = (digits & !(digits << 1), digits & (spaces >> 1));
                let numbers = ends.count_ones() as usize;
                let (mut scalar, mut avx2) = ([0u32; 32], [0u32; 32]);
                // Bounds that some numbers reach (checked by place: even, odd).
                let bounds = [rng.below(1 << 27) as u32 + 1, rng.below(1 << 27) as u32 + 1];
                let (count, out_of_range) = convert_block(&window, starts, ends, bounds, &mut scalar);
                assert_eq!(count, numbers);
                assert_eq!(out_of_range, (0..numbers).any(|k| scalar[k] >= bounds[k % 2]));
                // SAFETY: the CPU has the features, as checked above.
                let avx2_result = unsafe { convert_block_avx2(&window, starts, ends, bounds, &mut avx2) };
                assert_eq!(avx2_result, (numbers, out_of_range), "{window:?}");
                assert_eq!(avx2[..numbers], scalar[..numbers], "{window:?}");
            }
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
        let mut rng = Rng(4);
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
            let mut anywhere = [0u32; 100];
            let plain = parse_numbers_with(&text, max, &mut anywhere, convert_block);
            assert_eq!((plain, &anywhere[..plain.0]), ((count, used), &out[..count]));
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
        let mut rng = Rng(2);
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
                    let mut anywhere = [0u32; 80];
                    let plain = parse_numbers_with(text, max, &mut anywhere[..room], convert_block);
                    assert_eq!((plain, &anywhere[..plain.0]), ((count, used), &out[..count]));
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
