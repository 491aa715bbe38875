//! Decimal numbers from bytes, portably: one token carefully ([`parse_u64`]), or the numbers of
//! a text 64 bytes at a time ([`parse_numbers_with`], with [`classify`] and [`convert_block`]);
//! and back to bytes ([`push_decimal`]).
//!
//! The block parser is written for any target; `super::x86_64` has SIMD versions of its two
//! steps, and the tests check them against these on every machine. `super::pairs` picks one.

/// Parses a whole token as an unsigned decimal integer (saturating at `u64::MAX`, or an error
/// past it); the error completes "found `token`".
///
/// Inlined into its caller, as it was before issue 40 without the hint: out of line, move_or_block
/// placed it in a 64 KiB window of text that nothing else of its run touches, which the kernel's
/// fault-around maps whole (40 KB more resident on average over load addresses).
#[inline]
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

/// Appends `value` in decimal.
pub fn push_decimal(out: &mut Vec<u8>, mut value: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// Parses the numbers at the start of `text` (which starts between tokens) into `out`, and returns
/// how many it parsed and the bytes they took, with `classify` finding the digits and whitespace of
/// a block (see [`classify`]) and `convert` turning its numbers into values (see
/// [`convert_block`]). It takes only what the scanner's careful path would read the same way
/// (numbers of 1 to 8 digits in `1..=max[k % 2]` for the number it puts, less one, at `out[k]`,
/// each followed by whitespace, with nothing but whitespace between them), a block of 64 bytes at a
/// time: it stops before a block that holds anything else, 72 bytes before the end of `text` (so
/// that each number's 8 bytes can be read whole), and when `out` has room for fewer than 32 more
/// numbers (the most a block holds). What it leaves is for the careful path.
///
/// Each block is classified at once into bit masks; the masks give where each number starts and
/// ends, so the numbers of a block are converted independently of one another, not one after the
/// other as a scanner must, and checked once for the block.
#[inline(always)]
pub fn parse_numbers_with(
    text: &[u8],
    max: [u32; 2],
    out: &mut [u32],
    classify: impl Fn(&[u8]) -> (u64, u64),
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
pub fn convert_block(
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
/// whitespace as the scanner counts it (space, `\t`, `\n`, `\x0b`, `\x0c`, `\r`), for the 64 bytes
/// of `block`; a byte at a time (x86-64 has a faster one in `super::x86_64`).
#[inline(always)]
pub fn classify(block: &[u8]) -> (u64, u64) {
    let (mut digits, mut spaces) = (0u64, 0u64);
    for (i, &b) in block[..64].iter().enumerate() {
        digits |= u64::from(b.is_ascii_digit()) << i;
        spaces |= u64::from(b == b' ' || (b'\t'..=b'\r').contains(&b)) << i;
    }
    (digits, spaces)
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::rng::Rng;

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

    #[test]
    fn push_decimal_writes_every_width() {
        for value in [0, 7, 10, 99, 100, 65_535, 1_000_000_000, u32::MAX.into(), u64::MAX] {
            let mut out = b"x".to_vec();
            super::push_decimal(&mut out, value);
            assert_eq!(out, format!("x{value}").into_bytes());
        }
    }
}
