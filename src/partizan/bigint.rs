//! [`BigInt`], a signed integer of any size: what the exact numbers of partizan games
//! ([`super::dyadic`]) are made of, written here because the library is std only.
//!
//! # The invariant
//! A value is `(-1)^negative * sum(magnitude[i] * 2^(64 i))`: sign and magnitude, the magnitude
//! in 64-bit limbs, least significant first, with no zero limb at the top (the most significant
//! limb is nonzero), and zero is the empty magnitude with `negative == false`. Every value has
//! exactly one representation, so the derived `Eq` and `Hash` are equality of values. Every
//! operation costs O(limbs) (decimal reading and printing: O(limbs^2), by 19 digits at a time)
//! and allocates only its result, reserved checked: the `try_` operations, which the library
//! uses, return an [`Error`] when that memory cannot be had (the contract: never an abort); the
//! plain ones, for callers who want the value and nothing else, panic then instead.

use super::limbs::{
    add_magnitudes, compare_magnitudes, compare_shifted, divide_small, magnitude_bits, multiply_add_small,
    room, shift_left_magnitude, shift_right_in_place, subtract_magnitudes, trim,
};
use crate::input::{out_of_memory, Error};
use std::cmp::Ordering;
// (Edition 2018's prelude, which the bundles compile in, lacks TryFrom.)
use std::convert::TryFrom;
use std::fmt;
use std::str::FromStr;

/// A signed integer of any size (see the module doc for its invariant).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BigInt {
    negative: bool,
    magnitude: Vec<u64>,
}

/// 10^19, the largest power of ten in a `u64`: decimal text is read and printed 19 digits at a time.
const DECIMAL_CHUNK: u64 = 10_000_000_000_000_000_000;
const DECIMAL_CHUNK_DIGITS: usize = 19;

/// The value of a fallible operation, for the plain operations: a panic naming the memory that
/// could not be had.
pub(super) fn or_panic<T>(result: Result<T, Error>) -> T {
    result.unwrap_or_else(|e| panic!("{}", e))
}

impl BigInt {
    /// The value from a sign and a magnitude of any shape (zero limbs at the top allowed).
    fn from_sign_magnitude(negative: bool, mut magnitude: Vec<u64>) -> BigInt {
        trim(&mut magnitude);
        let negative = negative && !magnitude.is_empty();
        BigInt { negative, magnitude }
    }

    /// Zero.
    pub fn zero() -> BigInt {
        BigInt::default()
    }

    /// The value of an `i64` (panics when memory for it cannot be had: [`BigInt::try_from_i64`]).
    pub fn from_i64(value: i64) -> BigInt {
        or_panic(BigInt::try_from_i64(value))
    }

    /// The value of an `i64`, or an error when memory for it cannot be had.
    pub fn try_from_i64(value: i64) -> Result<BigInt, Error> {
        let mut magnitude = room(1)?;
        magnitude.push(value.unsigned_abs());
        Ok(BigInt::from_sign_magnitude(value < 0, magnitude))
    }

    /// The value of a `u64`.
    pub fn from_u64(value: u64) -> BigInt {
        let mut magnitude = or_panic(room(1));
        magnitude.push(value);
        BigInt::from_sign_magnitude(false, magnitude)
    }

    /// A copy, or an error when memory for it cannot be had (`clone` panics then instead).
    pub fn try_clone(&self) -> Result<BigInt, Error> {
        let mut magnitude = room(self.magnitude.len())?;
        magnitude.extend_from_slice(&self.magnitude);
        Ok(BigInt { negative: self.negative, magnitude })
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.magnitude.is_empty()
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Whether the value is odd.
    pub fn is_odd(&self) -> bool {
        self.magnitude.first().map_or(false, |&low| low & 1 == 1)
    }

    /// -1, 0 or 1: the sign of the value.
    pub fn signum(&self) -> i32 {
        if self.negative {
            -1
        } else if self.is_zero() {
            0
        } else {
            1
        }
    }

    /// The value, when it fits in an `i64`.
    pub fn to_i64(&self) -> Option<i64> {
        match self.magnitude[..] {
            [] => Some(0),
            [limb] if !self.negative => i64::try_from(limb).ok(),
            [limb] if limb <= 1 << 63 => Some((limb as i64).wrapping_neg()),
            _ => None,
        }
    }

    /// The value, when it is not negative and fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match self.magnitude[..] {
            [] => Some(0),
            [limb] if !self.negative => Some(limb),
            _ => None,
        }
    }

    /// `self + other` (panics when memory for it cannot be had: [`BigInt::try_add`]).
    pub fn add(&self, other: &BigInt) -> BigInt {
        or_panic(self.try_add(other))
    }

    /// `self - other` (panics when memory for it cannot be had: [`BigInt::try_sub`]).
    pub fn sub(&self, other: &BigInt) -> BigInt {
        or_panic(self.try_sub(other))
    }

    /// `-self` (panics when memory for it cannot be had: [`BigInt::try_neg`]).
    pub fn neg(&self) -> BigInt {
        or_panic(self.try_neg())
    }

    /// `|self|` (panics when memory for it cannot be had).
    pub fn abs(&self) -> BigInt {
        or_panic(self.try_clone().map(|copy| BigInt::from_sign_magnitude(false, copy.magnitude)))
    }

    /// `self * 2^bits` (panics when memory for it cannot be had: [`BigInt::try_shl`]).
    pub fn shl(&self, bits: u64) -> BigInt {
        or_panic(self.try_shl(bits))
    }

    /// `floor(self / 2^bits)`: rounded down, as `>>` on an `i64` (so `-1 >> 1 == -1`); panics
    /// when memory for it cannot be had: [`BigInt::try_shr`].
    pub fn shr(&self, bits: u64) -> BigInt {
        or_panic(self.try_shr(bits))
    }

    /// `self + other`, or an error when memory for it cannot be had.
    pub fn try_add(&self, other: &BigInt) -> Result<BigInt, Error> {
        self.add_signed(other, other.negative)
    }

    /// `self - other`, or an error when memory for it cannot be had.
    pub fn try_sub(&self, other: &BigInt) -> Result<BigInt, Error> {
        self.add_signed(other, !other.negative)
    }

    /// `self + other` with `other`'s sign replaced by `other_negative`.
    fn add_signed(&self, other: &BigInt, other_negative: bool) -> Result<BigInt, Error> {
        let (a, b) = (&self.magnitude[..], &other.magnitude[..]);
        if self.negative == other_negative {
            return Ok(BigInt::from_sign_magnitude(self.negative, add_magnitudes(a, b)?));
        }
        Ok(match compare_magnitudes(a, b) {
            Ordering::Equal => BigInt::zero(),
            Ordering::Greater => BigInt::from_sign_magnitude(self.negative, subtract_magnitudes(a, b)?),
            Ordering::Less => BigInt::from_sign_magnitude(other_negative, subtract_magnitudes(b, a)?),
        })
    }

    /// `-self`, or an error when memory for it cannot be had.
    pub fn try_neg(&self) -> Result<BigInt, Error> {
        let copy = self.try_clone()?;
        Ok(BigInt::from_sign_magnitude(!self.negative, copy.magnitude))
    }

    /// `self * 2^bits`, or an error when memory for it cannot be had.
    pub fn try_shl(&self, bits: u64) -> Result<BigInt, Error> {
        Ok(BigInt::from_sign_magnitude(self.negative, shift_left_magnitude(&self.magnitude, bits)?))
    }

    /// `floor(self / 2^bits)` ([`BigInt::shr`]), or an error when memory for it cannot be had.
    pub fn try_shr(&self, bits: u64) -> Result<BigInt, Error> {
        let rounds_up = self.negative && self.trailing_zeros() < bits;
        let mut quotient = self.try_clone()?;
        shift_right_in_place(&mut quotient.magnitude, bits);
        if rounds_up {
            // Bits that were not zero were dropped: the magnitude rounds up.
            let sum = add_magnitudes(&quotient.magnitude, &[1])?;
            return Ok(BigInt::from_sign_magnitude(true, sum));
        }
        Ok(BigInt::from_sign_magnitude(self.negative, quotient.magnitude))
    }

    /// `self / 2^bits` in place, for a shift that drops only zero bits (`bits` at most
    /// [`BigInt::trailing_zeros`]): exact, so no memory.
    pub(crate) fn shr_exact_in_place(&mut self, bits: u64) {
        debug_assert!(self.is_zero() || bits <= self.trailing_zeros(), "an inexact shift");
        shift_right_in_place(&mut self.magnitude, bits);
        self.negative = self.negative && !self.magnitude.is_empty();
    }

    /// `self` compared with `other * 2^bits`, without making the shifted value (no memory).
    pub(crate) fn cmp_shifted(&self, other: &BigInt, bits: u64) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => compare_shifted(&self.magnitude, &other.magnitude, bits),
            (true, true) => compare_shifted(&self.magnitude, &other.magnitude, bits).reverse(),
        }
    }

    /// The number of zero bits below the lowest one bit (0 for zero).
    pub fn trailing_zeros(&self) -> u64 {
        match self.magnitude.iter().position(|&limb| limb != 0) {
            Some(i) => i as u64 * 64 + u64::from(self.magnitude[i].trailing_zeros()),
            None => 0,
        }
    }

    /// The number of bits of `|self|` up to its highest one bit (0 for zero).
    pub fn bit_len(&self) -> u64 {
        magnitude_bits(&self.magnitude)
    }

    /// `floor(|self| / 2^bits)`, when it fits in a `u64` (no memory).
    pub(crate) fn magnitude_above(&self, bits: u64) -> Option<u64> {
        let length = self.bit_len();
        if length <= bits {
            return Some(0);
        }
        if length - bits > 64 {
            return None;
        }
        let (limb, shift) = ((bits / 64) as usize, (bits % 64) as u32);
        let low = self.magnitude[limb] >> shift;
        let above =
            if shift == 0 { 0 } else { self.magnitude.get(limb + 1).map_or(0, |&next| next << (64 - shift)) };
        Some(low | above)
    }

    /// The highest bit position where `|self|` and `|other|` differ (`None`: they are equal).
    pub fn highest_differing_bit(&self, other: &BigInt) -> Option<u64> {
        let (a, b) = (&self.magnitude, &other.magnitude);
        (0..a.len().max(b.len())).rev().find_map(|i| {
            let differ = a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0);
            if differ == 0 {
                None
            } else {
                Some(i as u64 * 64 + 63 - u64::from(differ.leading_zeros()))
            }
        })
    }

    /// The bytes of heap the value holds (its limbs' allocation).
    pub fn heap_bytes(&self) -> usize {
        self.magnitude.capacity() * std::mem::size_of::<u64>()
    }

    /// Reads an optional `-` and one or more decimal digits (nothing else, no spaces).
    pub fn parse(text: &str) -> Result<BigInt, String> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if digits.is_empty() {
            return Err(format!("expected decimal digits, found `{}`", text));
        }
        if let Some(position) = digits.bytes().position(|byte| !byte.is_ascii_digit()) {
            let column = position + text.len() - digits.len() + 1;
            return Err(format!("expected a decimal digit at column {}", column));
        }
        // Room for every limb: 19 digits take less than 64 bits, so a carry never needs more.
        let limbs = digits.len() / DECIMAL_CHUNK_DIGITS + 1;
        let mut magnitude = room(limbs).map_err(|e| e.message().to_string())?;
        for chunk in digits.as_bytes().chunks(DECIMAL_CHUNK_DIGITS) {
            let value = chunk.iter().fold(0u64, |value, &digit| value * 10 + u64::from(digit - b'0'));
            multiply_add_small(&mut magnitude, 10u64.pow(chunk.len() as u32), value);
        }
        Ok(BigInt::from_sign_magnitude(negative, magnitude))
    }
}

impl Ord for BigInt {
    fn cmp(&self, other: &BigInt) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => compare_magnitudes(&self.magnitude, &other.magnitude),
            (true, true) => compare_magnitudes(&other.magnitude, &self.magnitude),
        }
    }
}

impl PartialOrd for BigInt {
    fn partial_cmp(&self, other: &BigInt) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for BigInt {
    fn from(value: i64) -> BigInt {
        BigInt::from_i64(value)
    }
}

impl From<u64> for BigInt {
    fn from(value: u64) -> BigInt {
        BigInt::from_u64(value)
    }
}

impl FromStr for BigInt {
    type Err = String;

    fn from_str(text: &str) -> Result<BigInt, String> {
        BigInt::parse(text)
    }
}

/// In decimal, as an `i64` prints (a `-` for negative values; width and fill honoured).
impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad_integral(!self.negative, "", &or_panic(self.try_digits(String::new())))
    }
}

impl BigInt {
    /// `text` followed by the decimal digits of `|self|`, its memory reserved checked (the
    /// library's printing: `to_string` panics when memory runs out).
    pub fn try_digits(&self, mut text: String) -> Result<String, Error> {
        // The 19-digit chunks, least significant first, by repeated division of a copy.
        let mut rest = self.try_clone()?.magnitude;
        let mut chunks = room(rest.len() * 64 / 63 + 1)?;
        while !rest.is_empty() {
            chunks.push(divide_small(&mut rest, DECIMAL_CHUNK));
        }
        let bytes = (chunks.len() * DECIMAL_CHUNK_DIGITS).max(1);
        text.try_reserve(bytes).map_err(|_| out_of_memory(bytes as u128, "the digits of a number"))?;
        let mut chunk_digits = [b'0'; DECIMAL_CHUNK_DIGITS];
        for (k, &chunk) in chunks.iter().rev().enumerate() {
            let mut value = chunk;
            for digit in chunk_digits.iter_mut().rev() {
                *digit = b'0' + (value % 10) as u8;
                value /= 10;
            }
            // The top chunk without its leading zeros (all 19 digits of every other).
            let skip = if k == 0 { chunk_digits.iter().take_while(|&&d| d == b'0').count() } else { 0 };
            text.push_str(std::str::from_utf8(&chunk_digits[skip..]).expect("ASCII digits"));
        }
        if chunks.is_empty() {
            text.push('0');
        }
        Ok(text)
    }
}

impl fmt::Debug for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A random i128 of up to `bits` bits, either sign, often with long runs of ones or zeros.
    fn random_i128(rng: &mut Rng, bits: u32) -> i128 {
        let value = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) >> (128 - bits);
        let value = match rng.below(3) {
            0 => value,
            1 => (u128::MAX >> (128 - bits)) - u128::from(rng.below(4)).min(value),
            _ => 1u128 << rng.below(u64::from(bits)),
        } as i128;
        if rng.chance(1, 2) {
            -value
        } else {
            value
        }
    }

    /// The test's own conversion (by decimal text through i128's parser): the oracle side.
    fn big(value: i128) -> BigInt {
        BigInt::parse(&value.to_string()).unwrap()
    }

    #[test]
    fn arithmetic_and_order_agree_with_i128() {
        let mut rng = Rng::new(1);
        for _ in 0..20_000 {
            let bits = rng.between(1, 120) as u32;
            let (a, b) = (random_i128(&mut rng, bits), random_i128(&mut rng, bits));
            let (x, y) = (big(a), big(b));
            assert_eq!(x.to_string(), a.to_string());
            assert_eq!(x.try_digits("#".to_string()).unwrap(), format!("#{}", a.unsigned_abs()));
            assert_eq!(x.add(&y).to_string(), (a + b).to_string(), "{} + {}", a, b);
            assert_eq!(x.sub(&y).to_string(), (a - b).to_string(), "{} - {}", a, b);
            assert_eq!(x.neg().to_string(), (-a).to_string());
            assert_eq!(x.abs().to_string(), a.abs().to_string());
            assert_eq!(x.cmp(&y), a.cmp(&b), "{} vs {}", a, b);
            assert_eq!(x == y, a == b);
            assert_eq!(x.signum(), a.signum() as i32);
            assert_eq!(x.is_odd(), a % 2 != 0);
            assert_eq!(x.is_zero(), a == 0);
            assert_eq!(x.to_i64(), i64::try_from(a).ok());
            assert_eq!(x.to_u64(), u64::try_from(a).ok());
            let tz = if a == 0 { 0 } else { u64::from(a.trailing_zeros()) };
            assert_eq!(x.trailing_zeros(), tz);
            assert_eq!(x.bit_len(), u64::from(128 - a.unsigned_abs().leading_zeros()));
            let xor = a.unsigned_abs() ^ b.unsigned_abs();
            let differ = if xor == 0 { None } else { Some(u64::from(127 - xor.leading_zeros())) };
            assert_eq!(x.highest_differing_bit(&y), differ);
            let shift = rng.below(130);
            let down = if shift >= 127 {
                if a < 0 {
                    -1
                } else {
                    0
                }
            } else {
                a >> shift
            };
            assert_eq!(x.shr(shift).to_string(), down.to_string(), "{} >> {}", a, shift);
            let up_shift = rng.below(u64::from(128 - bits));
            assert_eq!(x.shl(up_shift).to_string(), (a << up_shift).to_string());
            // Compared with a shifted value that is never made; a magnitude's high part.
            assert_eq!(
                x.cmp_shifted(&y, up_shift),
                a.cmp(&(b << up_shift)),
                "{} vs {} << {}",
                a,
                b,
                up_shift
            );
            let high = a.unsigned_abs() >> shift.min(127);
            assert_eq!(x.magnitude_above(shift), u64::try_from(high).ok(), "|{}| >> {}", a, shift);
        }
    }

    #[test]
    fn memory_that_cannot_be_had_is_an_error() {
        let one = BigInt::from_i64(1);
        let e = one.try_shl(1 << 62).unwrap_err();
        assert!(e.message().starts_with("not enough memory for the digits of a number: "), "{}", e);
        // A comparison with such a shift takes no memory.
        assert_eq!(one.cmp_shifted(&one, 1 << 62), Ordering::Less);
        assert_eq!(one.shl(1 << 62 >> 60).cmp_shifted(&one, 4), Ordering::Equal);
    }

    #[test]
    fn the_edges_of_i64_and_zero() {
        for value in [0, 1, -1, i64::MAX, i64::MIN, i64::MIN + 1] {
            let x = BigInt::from_i64(value);
            assert_eq!(x.to_i64(), Some(value));
            assert_eq!(x.to_string(), value.to_string());
            assert_eq!(BigInt::parse(&value.to_string()), Ok(x));
        }
        let past = BigInt::from_i64(i64::MIN).sub(&BigInt::from_i64(1));
        assert_eq!(past.to_i64(), None);
        assert_eq!(BigInt::from_u64(u64::MAX).to_string(), u64::MAX.to_string());
        assert_eq!(BigInt::from_u64(u64::MAX).to_i64(), None);
        let zero = BigInt::from_i64(5).sub(&BigInt::from_i64(5));
        assert_eq!(zero, BigInt::zero());
        assert!(!zero.is_negative());
        assert_eq!(BigInt::parse("-0"), Ok(BigInt::zero()));
        assert_eq!(BigInt::parse("000123"), Ok(BigInt::from_i64(123)));
        assert_eq!(format!("{:>6}", BigInt::from_i64(-42)), "   -42");
    }

    #[test]
    fn bad_decimal_text_is_refused() {
        for text in ["", "-", "+1", "1 ", " 1", "12a", "--1", "1.5", "١"] {
            assert!(BigInt::parse(text).is_err(), "{:?}", text);
        }
        assert_eq!(BigInt::parse("-12x"), Err("expected a decimal digit at column 4".to_string()));
    }

    #[test]
    fn powers_of_ten_print_and_read_back() {
        // 10^k written by hand as a 1 and k zeros: the chunk boundaries of the printer and reader.
        let mut power = BigInt::from_i64(1);
        for k in 0..200 {
            let text = format!("1{}", "0".repeat(k));
            assert_eq!(power.to_string(), text);
            assert_eq!(BigInt::parse(&text).as_ref(), Ok(&power));
            let minus_one = power.sub(&BigInt::from_i64(1));
            let nines = if k == 0 { "0".to_string() } else { "9".repeat(k) };
            assert_eq!(minus_one.to_string(), nines);
            // power * 10 = power * 8 + power * 2
            power = power.shl(3).add(&power.shl(1));
        }
    }
}
