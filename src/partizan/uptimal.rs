//! Making uptimals, `x + n·^ + *m`, from their canonical forms (notation.rs's module doc):
//! `*m = {*0, ..., *(m-1) | the same}`; for `n >= 1`, `n·^ + *m = {0 | (n-1)·^ + *(m xor 1)}`
//! but `^* = {0, * | 0}`; downs are the negatives; a number moves in by [`Forms::sum`].
//!
//! Invariant: these forms are interned as they are (they are canonical: the tests of notation.rs
//! build each from `^ = {0|*}` with `make` and `sum` and find the same ids), so a nimber or a
//! multiple of up costs its size, not the comparisons `make` would spend; both are bounded
//! ([`MAX_NIMBER`], [`MAX_UPS`]).

use super::dyadic::Dyadic;
use super::forms::{reserve_one, FormId, Forms, UptimalParts};
use crate::input::Error;

/// The largest nimber read or made: `*2048` (its form and its options' hold 2 million options).
pub const MAX_NIMBER: u64 = 2048;
/// The largest up multiple read or made, either way: `^1000000`.
pub const MAX_UPS: u64 = 1_000_000;

impl Forms {
    /// `h`, a form that is not a number, as the parts of `x + ups·^ + *nim` when it is one (module
    /// doc), from its options' parts: `known(o)` gives those of each option `o` that is not a
    /// number, `None` for one that is not an uptimal (a number `x` is `(x, 0, 0)`). The one
    /// recogniser of uptimals: sums.rs and notation.rs call it children first, each with its memo.
    pub(crate) fn uptimal_from_options(
        &self,
        h: FormId,
        known: impl Fn(FormId) -> Option<UptimalParts>,
    ) -> Option<UptimalParts> {
        let (left, right) = (self.left(h), self.right(h));
        let parts = |o: FormId| if self.is_number(o) { Some((o, 0, 0)) } else { known(o) };
        let number_of = |o: FormId| if self.is_number(o) { Some(o) } else { None };
        if left == right {
            // x*m = {x, x*, ..., x*(m-1) | the same}. The options are distinct forms, so those
            // of one number and no ups have distinct nimbers: all below m are all of 0..m.
            let m = left.len() as u64;
            let x = parts(*left.first()?)?.0;
            for &o in left {
                let (y, ups, nim) = parts(o)?;
                if y != x || ups != 0 || nim >= m {
                    return None;
                }
            }
            return Some((x, 0, m));
        }
        match (left.len(), right.len()) {
            // x^* = {x, x* | x}, xv* = {x | x, x*}
            (2, 1) | (1, 2) => {
                let (pair, single, ups) =
                    if left.len() == 2 { (left, right[0], 1) } else { (right, left[0], -1) };
                let x = number_of(single)?;
                let mut parts_of_pair = [parts(pair[0])?, parts(pair[1])?];
                parts_of_pair.sort_unstable_by_key(|p| p.2);
                if parts_of_pair == [(x, 0, 0), (x, 0, 1)] {
                    Some((x, ups, 1))
                } else {
                    None
                }
            }
            // x + n·^ + *m = {x | x + (n-1)·^ + *(m xor 1)} for n >= 1 (not x^*, whose form is
            // above: the option would be x itself), and the negatives.
            (1, 1) => {
                if let Some(x) = number_of(left[0]) {
                    let (y, ups, nim) = parts(right[0])?;
                    if y == x && ups >= 0 && (ups, nim) != (0, 0) {
                        return Some((x, ups.checked_add(1)?, nim ^ 1));
                    }
                }
                if let Some(x) = number_of(right[0]) {
                    let (y, ups, nim) = parts(left[0])?;
                    if y == x && ups <= 0 && (ups, nim) != (0, 0) {
                        return Some((x, ups.checked_sub(1)?, nim ^ 1));
                    }
                }
                None
            }
            _ => None,
        }
    }

    /// The nimber `*m` (at most [`MAX_NIMBER`]).
    pub fn nimber(&mut self, m: u64) -> Result<FormId, Error> {
        if m > MAX_NIMBER {
            return Err(Error::new(format!("the nimber *{m}: at most *{MAX_NIMBER} is made")));
        }
        // *j = {*0, ..., *(j-1) | the same}: canonical as it is (the options are pairwise
        // incomparable, and none reverses).
        let mut options = vec![Forms::ZERO];
        let mut g = Forms::ZERO;
        for _ in 0..m {
            // Each nimber's options are as many steps of work (Forms::limit_steps).
            self.steps_of(options.len() as u64)?;
            g = self.intern(&options, &options)?;
            let at = options.binary_search(&g).unwrap_or_else(|at| at);
            reserve_one(&mut options, "the options of a nimber")?;
            options.insert(at, g);
        }
        Ok(g)
    }

    /// `x + ups·^ + *nim` (`|ups|` at most [`MAX_UPS`], `nim` at most [`MAX_NIMBER`]), from the
    /// canonical forms of notation.rs's module doc.
    pub fn uptimal(&mut self, x: &Dyadic, ups: i64, nim: u64) -> Result<FormId, Error> {
        let n = ups.unsigned_abs();
        if n > MAX_UPS {
            return Err(Error::new(format!("the up multiple {ups}: at most {MAX_UPS} either way is made")));
        }
        let mut g = if n == 0 {
            self.nimber(nim)?
        } else {
            // m_k for k ups, from m_n = nim down: each step toggles the star.
            let m1 = nim ^ ((n - 1) & 1);
            let star = self.nimber(1)?;
            let mut g = if m1 == 1 {
                let mut left = [Forms::ZERO, star];
                left.sort_unstable();
                self.intern(&left, &[Forms::ZERO])?
            } else {
                let right = self.nimber(m1 ^ 1)?;
                self.intern(&[Forms::ZERO], &[right])?
            };
            for _ in 1..n {
                g = self.intern(&[Forms::ZERO], &[g])?;
            }
            g
        };
        if ups < 0 {
            g = self.neg(g)?;
        }
        let x = self.number(x.clone())?;
        self.sum(x, g)
    }
}
