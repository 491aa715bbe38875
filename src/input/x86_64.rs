//! The SIMD steps of [`super::decimal`]'s block parser on x86-64: [`classify`] with SSE2 (part of
//! every x86-64 CPU), and the whole parser compiled for AVX2 ([`parse_numbers_avx2`]), converting
//! four numbers at a time. Each is checked against its portable twin in the tests.
//!
//! Every `unsafe` block says why it is sound.

use super::decimal::parse_numbers_with;
use std::arch::x86_64::*;

/// Whether the CPU has what [`parse_numbers_avx2`] is compiled for: AVX2, BMI1, BMI2, POPCNT.
pub fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
}

/// [`super::decimal::classify`] 16 bytes at a time with SSE2.
#[inline(always)]
pub fn classify(block: &[u8]) -> (u64, u64) {
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

/// [`parse_numbers_with`] compiled for newer x86-64 CPUs, with [`classify`] and four numbers converted at once
/// ([`convert_block_avx2`]), and the rest in fewer instructions (three-operand vector
/// instructions, one-instruction bit scans, shifts and counts).
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2 and POPCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
// The `unsafe` blocks below are required from edition 2024 on and redundant before it.
#[allow(unused_unsafe)]
pub unsafe fn parse_numbers_avx2(text: &[u8], max: [u32; 2], out: &mut [u32]) -> (usize, usize) {
    parse_numbers_with(text, max, out, classify, |window, starts, ends, bounds, out| {
        // SAFETY: this runs only inside `parse_numbers_avx2`, on a CPU with the features needed.
        unsafe { convert_block_avx2(window, starts, ends, bounds, out) }
    })
}

/// [`super::decimal::convert_block`] four numbers at a time: each number's 8 bytes, shifted as in
/// `digits_value`, go into one 64-bit lane, and the three multiply steps run on the four lanes
/// together, as do the range checks. Past the last number, the lanes of the last four hold
/// whatever follows; their values go to `out` after the numbers' (it has room), unchecked.
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2 and POPCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
// As in `parse_numbers_avx2`: the `unsafe` block is required from edition 2024 on.
#[allow(unused_unsafe)]
// Out of line: inlined into the block loop, the whole parse is slower (`docs/performance.md`).
#[inline(never)]
unsafe fn convert_block_avx2(
    window: &[u8],
    mut starts: u64,
    mut ends: u64,
    bounds: [u32; 2],
    out: &mut [u32],
) -> (usize, bool) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::decimal::{classify as classify_portable, convert_block};
    use crate::rng::Rng;
    use std::io::Write;

    /// Says that a test could not do its job on this machine: `make test` prints the line in its
    /// summary (a test that returns early would otherwise pass silently).
    fn skipped(test: &str, why: &str) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/target/skipped-tests.txt");
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
        file.and_then(|mut f| writeln!(f, "skipped: input::x86_64::{test}: {why}")).expect(path);
        eprintln!("skipped: {test}: {why}");
    }

    #[test]
    fn classify_matches_the_scalar_reference() {
        let mut rng = Rng::new(1);
        let alphabet = b"0123456789 \t\n\r\x0b\x0c/:\x08\x0e\x1f!\x80\xff\xb0\xb9-xA";
        for round in 0..20_000 {
            let block: Vec<u8> = (0..64)
                .map(|_| match round % 2 {
                    0 => alphabet[rng.below(alphabet.len() as u64) as usize],
                    _ => rng.next_u64() as u8,
                })
                .collect();
            assert_eq!(classify(&block), classify_portable(&block), "{block:?}");
        }
        let every: Vec<u8> = (0..=255).collect();
        for block in every.chunks(64) {
            assert_eq!(classify(block), classify_portable(block));
        }
    }

    #[test]
    fn convert_block_avx2_matches_the_scalar_one() {
        if !has_avx2() {
            skipped("convert_block_avx2_matches_the_scalar_one", "this CPU lacks AVX2, BMI1, BMI2 or POPCNT");
            return;
        }
        let mut rng = Rng::new(3);
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
            let (digits, spaces) = classify_portable(&window[..64]);
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
