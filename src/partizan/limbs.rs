//! Arithmetic on magnitudes, the unsigned part of a [`super::bigint::BigInt`]: 64-bit limbs,
//! least significant first.
//!
//! Invariant: a magnitude has no zero limb at the top (zero is empty); every function here takes
//! and gives such magnitudes ([`trim`] restores it), and every magnitude it makes is reserved
//! checked ([`room`], the exact size of the result up front, so no later push reallocates): memory
//! that cannot be had is an [`Error`], never an abort.

use crate::input::{out_of_memory, Error};
use std::cmp::Ordering;
// (Edition 2018's prelude, which the bundles compile in, lacks TryFrom.)
use std::convert::TryFrom;

/// Drops the zero limbs at the top, restoring the invariant of a magnitude.
pub(super) fn trim(magnitude: &mut Vec<u64>) {
    while magnitude.last() == Some(&0) {
        magnitude.pop();
    }
}

/// An empty magnitude with room for `limbs`, reserved checked.
pub(super) fn room(limbs: usize) -> Result<Vec<u64>, Error> {
    let mut magnitude = Vec::new();
    magnitude
        .try_reserve_exact(limbs)
        .map_err(|_| out_of_memory(limbs as u128 * 8, "the digits of a number"))?;
    Ok(magnitude)
}

pub(super) fn compare_magnitudes(a: &[u64], b: &[u64]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// The number of bits of a magnitude up to its highest one bit.
pub(super) fn magnitude_bits(a: &[u64]) -> u64 {
    match a.last() {
        Some(&top) => a.len() as u64 * 64 - u64::from(top.leading_zeros()),
        None => 0,
    }
}

/// `a` compared with `b * 2^bits`, without making the shifted value (no memory).
pub(super) fn compare_shifted(a: &[u64], b: &[u64], bits: u64) -> Ordering {
    if b.is_empty() || a.is_empty() {
        return a.len().cmp(&b.len());
    }
    let shifted_bits = u128::from(magnitude_bits(b)) + u128::from(bits);
    let by_length = u128::from(magnitude_bits(a)).cmp(&shifted_bits);
    if by_length != Ordering::Equal {
        return by_length;
    }
    // As long as `a`: `bits / 64 < a.len()` limbs of zeros, then `b`'s limbs shifted.
    let (limbs, shift) = ((bits / 64) as usize, (bits % 64) as u32);
    for i in (0..a.len()).rev() {
        let shifted_limb = if i < limbs {
            0
        } else {
            let j = i - limbs;
            let low = b.get(j).map_or(0, |&limb| limb << shift);
            let from_below = if shift == 0 || j == 0 { 0 } else { b[j - 1] >> (64 - shift) };
            low | from_below
        };
        if a[i] != shifted_limb {
            return a[i].cmp(&shifted_limb);
        }
    }
    Ordering::Equal
}

pub(super) fn add_magnitudes(a: &[u64], b: &[u64]) -> Result<Vec<u64>, Error> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut sum = room(long.len() + 1)?;
    let mut carry = false;
    for (i, &limb) in long.iter().enumerate() {
        let (partial, carry1) = limb.overflowing_add(short.get(i).copied().unwrap_or(0));
        let (total, carry2) = partial.overflowing_add(u64::from(carry));
        sum.push(total);
        carry = carry1 || carry2;
    }
    if carry {
        sum.push(1);
    }
    Ok(sum)
}

/// `a - b`, for magnitudes with `a >= b`.
pub(super) fn subtract_magnitudes(a: &[u64], b: &[u64]) -> Result<Vec<u64>, Error> {
    let mut difference = room(a.len())?;
    let mut borrow = false;
    for (i, &limb) in a.iter().enumerate() {
        let (partial, borrow1) = limb.overflowing_sub(b.get(i).copied().unwrap_or(0));
        let (total, borrow2) = partial.overflowing_sub(u64::from(borrow));
        difference.push(total);
        borrow = borrow1 || borrow2;
    }
    debug_assert!(!borrow, "subtract_magnitudes: a < b");
    trim(&mut difference);
    Ok(difference)
}

/// A bit count as a number of whole limbs and the bits left over.
fn limbs_and_bits(bits: u64) -> (usize, u32) {
    let limbs = usize::try_from(bits / 64).expect("a shift larger than the address space");
    (limbs, (bits % 64) as u32)
}

pub(super) fn shift_left_magnitude(a: &[u64], bits: u64) -> Result<Vec<u64>, Error> {
    if a.is_empty() {
        return Ok(Vec::new());
    }
    let (limbs, bits) = limbs_and_bits(bits);
    let mut shifted = room(limbs.saturating_add(a.len() + 1))?;
    shifted.resize(limbs, 0);
    if bits == 0 {
        shifted.extend_from_slice(a);
    } else {
        let mut carry = 0;
        for &limb in a {
            shifted.push((limb << bits) | carry);
            carry = limb >> (64 - bits);
        }
        if carry != 0 {
            shifted.push(carry);
        }
    }
    Ok(shifted)
}

/// `floor(a / 2^bits)` for a magnitude, in place (no memory).
pub(super) fn shift_right_in_place(a: &mut Vec<u64>, bits: u64) {
    let limbs = match usize::try_from(bits / 64) {
        Ok(limbs) if limbs < a.len() => limbs,
        _ => {
            a.clear();
            return;
        }
    };
    let bits = (bits % 64) as u32;
    a.drain(..limbs);
    if bits != 0 {
        for i in 0..a.len() {
            let above = a.get(i + 1).map_or(0, |&next| next << (64 - bits));
            a[i] = (a[i] >> bits) | above;
        }
    }
    trim(a);
}

/// `a = a * factor + addend`, in place.
pub(super) fn multiply_add_small(a: &mut Vec<u64>, factor: u64, addend: u64) {
    let mut carry = addend;
    for limb in a.iter_mut() {
        let product = u128::from(*limb) * u128::from(factor) + u128::from(carry);
        *limb = product as u64;
        carry = (product >> 64) as u64;
    }
    if carry != 0 {
        a.push(carry);
    }
}

/// Divides `a` by `divisor` in place and returns the remainder.
pub(super) fn divide_small(a: &mut Vec<u64>, divisor: u64) -> u64 {
    let mut remainder = 0u64;
    for limb in a.iter_mut().rev() {
        let current = (u128::from(remainder) << 64) | u128::from(*limb);
        *limb = (current / u128::from(divisor)) as u64;
        remainder = (current % u128::from(divisor)) as u64;
    }
    trim(a);
    remainder
}
