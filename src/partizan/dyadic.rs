//! [`Dyadic`], an exact dyadic rational `m / 2^k` of any size: the numbers among partizan games'
//! values (a Blue-Red Hackenbush string of n edges has a denominator up to 2^n).
//!
//! # The invariant
//! A value is `numerator / 2^exponent`, the numerator a [`BigInt`], reduced: the numerator is
//! odd, or the exponent is 0 (so zero is `0 / 2^0`). Every number has exactly one
//! representation, so the derived `Eq` and `Hash` are equality of values. Sums, differences,
//! comparisons and halvings cost O(limbs) of the larger operand after aligning the exponents;
//! [`Dyadic::simplest_between`] a few such operations. Memory grows with the exponents: adding
//! `1` and `2^-k` makes a number of k bits, as it must. Each result's digits are reserved checked:
//! the `try_` operations, which the library uses, return an [`Error`] when they cannot be had
//! (the contract); the plain ones panic then instead. Comparisons take no memory.

use super::bigint::{or_panic, BigInt};
use crate::input::Error;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// An exact dyadic rational `numerator / 2^exponent` (see the module doc for its invariant).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: BigInt,
    exponent: u64,
}

impl Dyadic {
    /// `numerator / 2^exponent`, reduced (in place: no memory).
    pub fn from_parts(mut numerator: BigInt, exponent: u64) -> Dyadic {
        if numerator.is_zero() {
            return Dyadic::zero();
        }
        let common = numerator.trailing_zeros().min(exponent);
        numerator.shr_exact_in_place(common);
        Dyadic { numerator, exponent: exponent - common }
    }

    /// The numerator of the reduced fraction (odd unless the number is an integer).
    pub fn numerator(&self) -> &BigInt {
        &self.numerator
    }

    /// Zero.
    pub fn zero() -> Dyadic {
        Dyadic { numerator: BigInt::zero(), exponent: 0 }
    }

    /// The integer `value` (panics when memory for it cannot be had: [`Dyadic::try_from_i64`]).
    pub fn from_i64(value: i64) -> Dyadic {
        or_panic(Dyadic::try_from_i64(value))
    }

    /// The integer `value`, or an error when memory for it cannot be had.
    pub fn try_from_i64(value: i64) -> Result<Dyadic, Error> {
        Ok(Dyadic { numerator: BigInt::try_from_i64(value)?, exponent: 0 })
    }

    /// A copy, or an error when memory for it cannot be had (`clone` panics then instead).
    pub fn try_clone(&self) -> Result<Dyadic, Error> {
        Ok(Dyadic { numerator: self.numerator.try_clone()?, exponent: self.exponent })
    }

    /// Whether the number is zero.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// Whether the number is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent == 0
    }

    /// The number, when it is an integer that fits in an `i64`.
    pub fn to_i64(&self) -> Option<i64> {
        if self.is_integer() {
            self.numerator.to_i64()
        } else {
            None
        }
    }

    /// -1, 0 or 1: the sign of the number.
    pub fn signum(&self) -> i32 {
        self.numerator.signum()
    }

    /// The k of the reduced denominator 2^k.
    pub fn exponent(&self) -> u64 {
        self.exponent
    }

    /// `self + other` (panics when memory for it cannot be had: [`Dyadic::try_add`]).
    pub fn add(&self, other: &Dyadic) -> Dyadic {
        or_panic(self.try_add(other))
    }

    /// `self - other` (panics when memory for it cannot be had: [`Dyadic::try_sub`]).
    pub fn sub(&self, other: &Dyadic) -> Dyadic {
        or_panic(self.try_sub(other))
    }

    /// `-self` (panics when memory for it cannot be had: [`Dyadic::try_neg`]).
    pub fn neg(&self) -> Dyadic {
        or_panic(self.try_neg())
    }

    /// `self * 2^k`; a negative `k` halves `-k` times. Panics if the exponent would pass
    /// `u64::MAX` or memory for the result cannot be had: [`Dyadic::try_mul_pow2`].
    pub fn mul_pow2(&self, k: i64) -> Dyadic {
        or_panic(self.try_mul_pow2(k))
    }

    /// The greatest integer `<= self` (panics when memory for it cannot be had).
    pub fn floor(&self) -> Dyadic {
        or_panic(self.try_floor())
    }

    /// The least integer `>= self` (panics when memory for it cannot be had).
    pub fn ceil(&self) -> Dyadic {
        or_panic(self.try_ceil())
    }

    /// `self + other`, or an error when memory for it cannot be had.
    pub fn try_add(&self, other: &Dyadic) -> Result<Dyadic, Error> {
        self.add_signed(other, false)
    }

    /// `self - other`, or an error when memory for it cannot be had.
    pub fn try_sub(&self, other: &Dyadic) -> Result<Dyadic, Error> {
        self.add_signed(other, true)
    }

    /// `self + other`, or `self - other` when `subtract`: the numerators over the larger exponent.
    fn add_signed(&self, other: &Dyadic, subtract: bool) -> Result<Dyadic, Error> {
        let combine = |a: &BigInt, b: &BigInt| if subtract { a.try_sub(b) } else { a.try_add(b) };
        if self.exponent == other.exponent {
            // Aligned already (the common case): no shifted copy.
            Ok(Dyadic::from_parts(combine(&self.numerator, &other.numerator)?, self.exponent))
        } else if self.exponent > other.exponent {
            let aligned = other.numerator.try_shl(self.exponent - other.exponent)?;
            Ok(Dyadic::from_parts(combine(&self.numerator, &aligned)?, self.exponent))
        } else {
            let aligned = self.numerator.try_shl(other.exponent - self.exponent)?;
            Ok(Dyadic::from_parts(combine(&aligned, &other.numerator)?, other.exponent))
        }
    }

    /// `-self`, or an error when memory for it cannot be had.
    pub fn try_neg(&self) -> Result<Dyadic, Error> {
        Ok(Dyadic { numerator: self.numerator.try_neg()?, exponent: self.exponent })
    }

    /// `self * 2^k` ([`Dyadic::mul_pow2`]), or an error when memory for it cannot be had or the
    /// exponent would pass `u64::MAX`.
    pub fn try_mul_pow2(&self, k: i64) -> Result<Dyadic, Error> {
        if self.is_zero() {
            return Ok(Dyadic::zero());
        }
        if k < 0 {
            let exponent = self
                .exponent
                .checked_add(k.unsigned_abs())
                .ok_or_else(|| Error::new("a number's denominator would pass 2^(2^64 - 1)"))?;
            return Ok(Dyadic::from_parts(self.numerator.try_clone()?, exponent));
        }
        let k = k as u64;
        if self.exponent >= k {
            // Still odd over a smaller power of two: reduced as it is.
            Ok(Dyadic { numerator: self.numerator.try_clone()?, exponent: self.exponent - k })
        } else {
            Ok(Dyadic { numerator: self.numerator.try_shl(k - self.exponent)?, exponent: 0 })
        }
    }

    /// The greatest integer `<= self`, or an error when memory for it cannot be had.
    pub fn try_floor(&self) -> Result<Dyadic, Error> {
        Ok(Dyadic { numerator: self.numerator.try_shr(self.exponent)?, exponent: 0 })
    }

    /// The least integer `>= self`, or an error when memory for it cannot be had.
    pub fn try_ceil(&self) -> Result<Dyadic, Error> {
        let minus_floor = self.numerator.try_neg()?.try_shr(self.exponent)?;
        Ok(Dyadic { numerator: minus_floor.try_neg()?, exponent: 0 })
    }

    /// The simplest number strictly between `lo` and `hi` (`None`: no bound on that side), as
    /// Conway defines it: the value of `{lo | hi}` for numbers `lo < hi`. If integers lie strictly
    /// between, the one of least magnitude (`{|0} = -1`, `{|-1/2} = -1`, `{-1|1} = 0`); else the
    /// unique one with the smallest denominator (`{0|1} = 1/2`, `{1/4|1/2} = 3/8`).
    /// Precondition: `lo < hi` (checked in debug builds).
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        or_panic(Dyadic::try_simplest_between(lo, hi))
    }

    /// [`Dyadic::simplest_between`], or an error when memory for it cannot be had.
    pub fn try_simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Result<Dyadic, Error> {
        if let (Some(lo), Some(hi)) = (lo, hi) {
            debug_assert!(lo < hi, "simplest_between({}, {}): not lo < hi", lo, hi);
        }
        let one = BigInt::try_from_i64(1)?;
        // The integers strictly inside run from floor(lo) + 1 to ceil(hi) - 1.
        let first = match lo {
            Some(lo) => Some(lo.try_floor()?.numerator.try_add(&one)?),
            None => None,
        };
        let last = match hi {
            Some(hi) => Some(hi.try_ceil()?.numerator.try_sub(&one)?),
            None => None,
        };
        let (lo, hi) = match (lo, hi, &first, &last) {
            (Some(lo), Some(hi), Some(first), Some(last)) if first > last => (lo, hi),
            _ => {
                let integer = match (first, last) {
                    (Some(first), _) if first.signum() > 0 => first,
                    (_, Some(last)) if last.signum() < 0 => last,
                    _ => BigInt::zero(),
                };
                return Ok(Dyadic::from_parts(integer, 0));
            }
        };
        // No integer inside: lo and hi lie in [n, n + 1] with n = floor(lo). Scaled by 2^scale
        // and less n, they are integers 0 <= low < high <= 2^scale with high - low >= 2, and the
        // answer is the integer strictly between with the most trailing zero bits (it is unique:
        // between two with t trailing zeros lies one with more).
        let n = lo.numerator.try_shr(lo.exponent)?;
        let scale = lo.exponent.max(hi.exponent) + 1;
        let scaled = |x: &Dyadic| x.numerator.try_sub(&n.try_shl(x.exponent)?)?.try_shl(scale - x.exponent);
        let first = scaled(lo)?.try_add(&one)?;
        let last = scaled(hi)?.try_sub(&one)?;
        let simplest = match first.highest_differing_bit(&last) {
            None => first,
            // first has a 0 at bit p, last a 1: their common prefix, a 1, then p zeros lies
            // between and beats first, which is odd (low and high are even: the scale exceeds
            // both exponents).
            Some(p) => last.try_shr(p)?.try_shl(p)?,
        };
        Ok(Dyadic::from_parts(simplest.try_add(&n.try_shl(scale)?)?, scale))
    }

    /// The Left and Right options of the number's canonical form: an integer `n > 0` is
    /// `{n-1 | }`, `n < 0` is `{ | n+1}`, 0 is `{ | }`, and `m/2^k` with `k >= 1` is
    /// `{(m-1)/2^k | (m+1)/2^k}`, both reduced (panics when memory for them cannot be had:
    /// [`Dyadic::try_options`]).
    pub fn options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        or_panic(self.try_options())
    }

    /// [`Dyadic::options`], or an error when memory for them cannot be had.
    pub fn try_options(&self) -> Result<(Option<Dyadic>, Option<Dyadic>), Error> {
        let one = BigInt::try_from_i64(1)?;
        let below = || Ok::<_, Error>(Some(Dyadic::from_parts(self.numerator.try_sub(&one)?, self.exponent)));
        let above = || Ok::<_, Error>(Some(Dyadic::from_parts(self.numerator.try_add(&one)?, self.exponent)));
        Ok(match (self.exponent >= 1, self.signum()) {
            (true, _) => (below()?, above()?),
            (false, 1) => (below()?, None),
            (false, -1) => (None, above()?),
            _ => (None, None),
        })
    }

    /// The birthday of the number (the day its canonical form is born): `|n|` for an integer,
    /// `floor(|x|) + 1 + k` for `x = m/2^k` with `k >= 1`; saturating at `u64::MAX`.
    pub fn birthday(&self) -> u64 {
        let whole = self.numerator.magnitude_above(self.exponent).unwrap_or(u64::MAX);
        if self.exponent == 0 {
            whole
        } else {
            whole.saturating_add(1).saturating_add(self.exponent)
        }
    }

    /// The bytes of heap the number holds.
    pub fn heap_bytes(&self) -> usize {
        self.numerator.heap_bytes()
    }

    /// Reads `-3/2`, `7`, `0`, `-12/1024`: an optional `-`, decimal digits, and optionally `/`
    /// and a power of two in decimal; reduced on reading. Anything else is an `Err` saying what
    /// is wrong, e.g. `the denominator 3 is not a power of two`.
    pub fn parse(text: &str) -> Result<Dyadic, String> {
        let (numerator_text, denominator_text) = match text.find('/') {
            Some(slash) => (&text[..slash], Some(&text[slash + 1..])),
            None => (text, None),
        };
        let numerator = BigInt::parse(numerator_text)
            .map_err(|_| format!("the numerator of `{}` is not an integer", shortened(text)))?;
        let exponent = match denominator_text {
            None => 0,
            Some(denominator_text) => {
                let not_digits = |byte: u8| !byte.is_ascii_digit();
                if denominator_text.is_empty() || denominator_text.bytes().any(not_digits) {
                    return Err(format!(
                        "the denominator of `{}` is not a decimal power of two",
                        shortened(text)
                    ));
                }
                let denominator = BigInt::parse(denominator_text)?;
                let exponent = denominator.trailing_zeros();
                if denominator.is_zero() {
                    return Err("the denominator is 0".to_string());
                }
                if denominator.bit_len() != exponent + 1 {
                    return Err(format!(
                        "the denominator {} is not a power of two",
                        shortened(denominator_text)
                    ));
                }
                exponent
            }
        };
        Ok(Dyadic::from_parts(numerator, exponent))
    }
}

/// Text for an error message: at most 40 characters of it.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let sign = self.signum();
        if sign != other.signum() || sign == 0 {
            return sign.cmp(&other.signum());
        }
        // Same sign: |x| lies in [2^(size - 1), 2^size) with size = bit_len - exponent, so
        // different sizes decide; equal ones bound the shift below by the numerators' lengths.
        let size = |x: &Dyadic| i128::from(x.numerator.bit_len()) - i128::from(x.exponent);
        let (self_size, other_size) = (size(self), size(other));
        if self_size != other_size {
            let larger_magnitude = self_size.cmp(&other_size);
            return if sign > 0 { larger_magnitude } else { larger_magnitude.reverse() };
        }
        // The numerators over the larger exponent, the other's shift not made (no memory).
        if self.exponent == other.exponent {
            self.numerator.cmp(&other.numerator)
        } else if self.exponent > other.exponent {
            self.numerator.cmp_shifted(&other.numerator, self.exponent - other.exponent)
        } else {
            other.numerator.cmp_shifted(&self.numerator, other.exponent - self.exponent).reverse()
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl FromStr for Dyadic {
    type Err = String;

    fn from_str(text: &str) -> Result<Dyadic, String> {
        Dyadic::parse(text)
    }
}

/// As CGSuite prints numbers: `0`, `5`, `-3`, `3/4`, `-3/2`, `1/1024` (the denominator in decimal).
impl Dyadic {
    /// The number as [`fmt::Display`] prints it, its memory reserved checked (`to_string`
    /// panics when memory runs out).
    pub fn try_to_text(&self) -> Result<String, Error> {
        let mut text = String::new();
        let one_more = |text: &mut String, c: char| {
            text.try_reserve(1).map_err(|_| crate::input::out_of_memory(1, "the digits of a number"))?;
            text.push(c);
            Ok::<(), Error>(())
        };
        if self.numerator.is_negative() {
            one_more(&mut text, '-')?;
        }
        let mut text = self.numerator.try_digits(text)?;
        if self.exponent == 0 {
            return Ok(text);
        }
        one_more(&mut text, '/')?;
        BigInt::try_from_i64(1)?.try_shl(self.exponent)?.try_digits(text)
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            let denominator = BigInt::from_i64(1).shl(self.exponent);
            write!(f, "{}/{}", self.numerator, denominator)
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::collections::HashMap;

    /// The oracle's numbers: i128 in fixed point with FRACTION bits after the point, exact for
    /// every value these tests make (denominators up to 2^18, magnitudes below 2^27).
    const FRACTION: u32 = 40;
    const ONE: i128 = 1 << FRACTION;

    /// A fixed-point value as CGSuite prints it, reduced by the oracle's own loop.
    fn fixed_text(value: i128) -> String {
        let (mut numerator, mut exponent) = (value, FRACTION);
        while exponent > 0 && numerator % 2 == 0 {
            numerator /= 2;
            exponent -= 1;
        }
        if exponent == 0 {
            numerator.to_string()
        } else {
            format!("{}/{}", numerator, 1i128 << exponent)
        }
    }

    /// A number as the oracle's fixed point, through its printed text and i128's parser.
    fn fixed(x: &Dyadic) -> i128 {
        let text = x.to_string();
        let mut parts = text.split('/');
        let numerator: i128 = parts.next().unwrap().parse().unwrap();
        let denominator: i128 = parts.next().map_or(1, |d| d.parse().unwrap());
        assert!(denominator > 0 && denominator & (denominator - 1) == 0, "{}", text);
        assert!(parts.next().is_none());
        numerator * (ONE / denominator)
    }

    /// A random `m / 2^k` with `|m| < 2^bits` for a random `bits <= max_bits` and
    /// `k <= max_exponent`, and its fixed point.
    fn random(rng: &mut Rng, max_bits: u64, max_exponent: u64) -> (Dyadic, i128) {
        let bits = rng.below(max_bits + 1);
        let magnitude = rng.below(1 << bits) as i64;
        let numerator = if rng.chance(1, 2) { -magnitude } else { magnitude };
        let k = rng.below(max_exponent + 1);
        let x = Dyadic::from_i64(numerator).mul_pow2(-(k as i64));
        (x, i128::from(numerator) << (FRACTION - k as u32))
    }

    fn floor_fixed(value: i128) -> i128 {
        value.div_euclid(ONE) * ONE
    }

    #[test]
    fn arithmetic_and_order_agree_with_fixed_point() {
        let mut rng = Rng::new(7);
        for _ in 0..30_000 {
            let (x, a) = random(&mut rng, 20, 12);
            let (y, b) = random(&mut rng, 20, 12);
            assert_eq!(fixed(&x), a);
            assert_eq!(x.to_string(), fixed_text(a));
            assert_eq!(x.try_to_text().unwrap(), fixed_text(a));
            assert_eq!(fixed(&x.add(&y)), a + b, "{} + {}", x, y);
            assert_eq!(fixed(&x.sub(&y)), a - b, "{} - {}", x, y);
            assert_eq!(fixed(&x.neg()), -a);
            assert_eq!(x.cmp(&y), a.cmp(&b), "{} vs {}", x, y);
            assert_eq!(x == y, a == b);
            assert_eq!(fixed(&x.floor()), floor_fixed(a), "floor {}", x);
            assert_eq!(fixed(&x.ceil()), -floor_fixed(-a), "ceil {}", x);
            let k = rng.below(13) as i64 - 6;
            let scaled = if k >= 0 { a << k } else { a >> -k };
            assert_eq!(fixed(&x.mul_pow2(k)), scaled, "{} * 2^{}", x, k);
            assert_eq!(x.is_zero(), a == 0);
            assert_eq!(x.signum(), a.signum() as i32);
            assert_eq!(x.is_integer(), a % ONE == 0);
            let integer = if a % ONE == 0 { i64::try_from(a / ONE).ok() } else { None };
            assert_eq!(x.to_i64(), integer);
            let text = fixed_text(a);
            let denominator = text.split('/').nth(1).map_or(1, |d| d.parse::<i128>().unwrap());
            assert_eq!(1i128 << x.exponent(), denominator);
            assert_eq!(Dyadic::parse(&text).as_ref(), Ok(&x));
        }
    }

    /// The simplest number strictly between, by brute force: integers of least magnitude in
    /// -2000..=2000, else every numerator over 2^1, ..., 2^12 until one fits (which must be alone).
    fn simplest_by_search(lo: Option<i128>, hi: Option<i128>) -> i128 {
        let inside = |v: i128| lo.map_or(true, |lo| lo < v) && hi.map_or(true, |hi| v < hi);
        let mut integers: Vec<i128> = (-2000..=2000).map(|n| n * ONE).filter(|&v| inside(v)).collect();
        integers.sort_by_key(|v| v.abs());
        if let Some(&integer) = integers.first() {
            return integer;
        }
        let (lo, hi) = (lo.unwrap(), hi.unwrap());
        for k in 1..=12 {
            let step = ONE >> k;
            let fits: Vec<i128> =
                (lo / step - 1..=hi / step + 1).map(|m| m * step).filter(|&v| inside(v)).collect();
            if !fits.is_empty() {
                assert_eq!(fits.len(), 1, "two numbers over 2^{} between", k);
                return fits[0];
            }
        }
        panic!("no number over 2^12 between the bounds");
    }

    #[test]
    fn simplest_between_agrees_with_a_search() {
        let mut rng = Rng::new(11);
        for round in 0..20_000 {
            let (x, a) = random(&mut rng, 10, if round % 2 == 0 { 3 } else { 10 });
            let (y, b) = random(&mut rng, 10, 10);
            let (lo, hi) = match (round % 4, a.cmp(&b)) {
                (0, _) => ((None, None), (Some(&x), Some(a))),
                (1, _) => ((Some(&x), Some(a)), (None, None)),
                (_, Ordering::Less) => ((Some(&x), Some(a)), (Some(&y), Some(b))),
                (_, Ordering::Greater) => ((Some(&y), Some(b)), (Some(&x), Some(a))),
                (_, Ordering::Equal) => continue,
            };
            let simplest = Dyadic::simplest_between(lo.0, hi.0);
            assert_eq!(fixed(&simplest), simplest_by_search(lo.1, hi.1), "{{{:?}|{:?}}}", lo.0, hi.0);
        }
    }

    #[test]
    fn the_examples_of_the_docs() {
        let d = |text: &str| Dyadic::parse(text).unwrap();
        let simplest = |lo: Option<&str>, hi: Option<&str>| {
            Dyadic::simplest_between(lo.map(d).as_ref(), hi.map(d).as_ref()).to_string()
        };
        assert_eq!(simplest(None, None), "0");
        assert_eq!(simplest(None, Some("0")), "-1");
        assert_eq!(simplest(None, Some("-1/2")), "-1");
        assert_eq!(simplest(Some("-1"), Some("1")), "0");
        assert_eq!(simplest(Some("0"), Some("1")), "1/2");
        assert_eq!(simplest(Some("1/4"), Some("1/2")), "3/8");
        assert_eq!(simplest(Some("5/2"), None), "3");
        assert_eq!(simplest(Some("-7/2"), Some("-3")), "-13/4");
        assert_eq!(d("-12/1024").to_string(), "-3/256");
        assert_eq!(d("-0").to_string(), "0");
        assert_eq!(d("7"), Dyadic::from_i64(7));
        assert_eq!(d("3/4").options(), (Some(d("1/2")), Some(d("1"))));
        assert_eq!(d("-3").options(), (None, Some(d("-2"))));
        assert_eq!(d("2").options(), (Some(d("1")), None));
        assert_eq!(Dyadic::zero().options(), (None, None));
        assert_eq!(d("-5/4").birthday(), 4);
        assert_eq!(d("1/1024").birthday(), 11);
    }

    /// The birthday by its definition: 0 for `{ | }`, else one more than its options' latest,
    /// with an explicit stack (and a memo) instead of recursion.
    fn birthday_through_options(x: &Dyadic) -> u64 {
        let mut known: HashMap<Dyadic, u64> = HashMap::new();
        let mut stack = vec![x.clone()];
        while let Some(top) = stack.last().cloned() {
            let (left, right) = top.options();
            let options: Vec<Dyadic> = left.into_iter().chain(right).collect();
            let missing: Vec<Dyadic> = options.iter().filter(|o| !known.contains_key(o)).cloned().collect();
            if missing.is_empty() {
                let day = options.iter().map(|o| known[o] + 1).max().unwrap_or(0);
                known.insert(top, day);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        known[x]
    }

    #[test]
    fn options_and_birthdays_follow_the_definitions() {
        let mut rng = Rng::new(5);
        for _ in 0..3000 {
            let (x, a) = random(&mut rng, 7, 8);
            let (left, right) = x.options();
            // The options as the oracle computes them from m/2^k.
            let text = fixed_text(a);
            let (expected_left, expected_right) = if a % ONE != 0 {
                let denominator: i128 = text.split('/').nth(1).unwrap().parse().unwrap();
                (Some(a - ONE / denominator), Some(a + ONE / denominator))
            } else if a > 0 {
                (Some(a - ONE), None)
            } else if a < 0 {
                (None, Some(a + ONE))
            } else {
                (None, None)
            };
            assert_eq!(left.as_ref().map(fixed), expected_left, "{}", x);
            assert_eq!(right.as_ref().map(fixed), expected_right, "{}", x);
            // {left | right} is x again: the options are those of x's canonical form.
            assert_eq!(Dyadic::simplest_between(left.as_ref(), right.as_ref()), x);
            assert_eq!(x.birthday(), birthday_through_options(&x), "{}", x);
        }
    }

    #[test]
    fn birthdays_saturate_and_huge_exponents_stay_cheap() {
        let huge = Dyadic::from_i64(1).mul_pow2(-(1 << 40));
        assert_eq!(huge.exponent(), 1 << 40);
        assert!(huge > Dyadic::zero() && huge < Dyadic::from_i64(1).mul_pow2(-(1 << 39)));
        assert!(huge.neg() < Dyadic::zero());
        assert_eq!(huge.birthday(), (1 << 40) + 1);
        assert_eq!(huge.mul_pow2(1 << 40), Dyadic::from_i64(1));
        let big = Dyadic::from_i64(3).mul_pow2(200);
        assert_eq!(big.birthday(), u64::MAX);
        assert_eq!(big.to_i64(), None);
        assert!(big.heap_bytes() >= 32);
        assert_eq!(Dyadic::from_i64(i64::MIN).to_i64(), Some(i64::MIN));
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        let error = |text: &str| Dyadic::parse(text).unwrap_err();
        assert_eq!(error("1/3"), "the denominator 3 is not a power of two");
        assert_eq!(error("5/0"), "the denominator is 0");
        assert_eq!(error("1/12"), "the denominator 12 is not a power of two");
        for text in ["", "-", "/2", "1/", "1/-2", "+1", "1.5", "1 /2", "1/2/4", "x", "--1", "1e3"] {
            assert!(Dyadic::parse(text).is_err(), "{:?}", text);
        }
    }
}
