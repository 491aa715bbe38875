//! Making uptimals, `x + n·^ + *m`, from their canonical forms (notation.rs's module doc):
//! `*m = {*0, ..., *(m-1) | the same}`; for `n >= 1`, `n·^ + *m = {0 | (n-1)·^ + *(m xor 1)}`
//! but `^* = {0, * | 0}`; downs are the negatives; a number moves in by [`Forms::sum`].
//!
//! Invariant: these forms are interned as they are (they are canonical: the tests of notation.rs
//! build each from `^ = {0|*}` with `make` and `sum` and find the same ids), so a nimber or a
//! multiple of up costs its size, not the comparisons `make` would spend; both are bounded
//! ([`MAX_NIMBER`], [`MAX_UPS`]).

use super::dyadic::Dyadic;
use super::forms::{reserve_one, FormId, Forms};
use crate::input::Error;

/// The largest nimber read or made: `*2048` (its form and its options' hold 2 million options).
pub const MAX_NIMBER: u64 = 2048;
/// The largest up multiple read or made, either way: `^1000000`.
pub const MAX_UPS: u64 = 1_000_000;

impl Forms {
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
