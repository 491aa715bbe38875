//! Uptimals, `x + n·^ + *m` (`x` a number, `n` ups, `m` a nimber): made, and recognised, from
//! their canonical forms (Conway; Siegel, *Combinatorial Game Theory*, II.4): `x*m = {x, x*, ...,
//! x*(m-1) | the same}`; for `n >= 1`, `x + n·^ + *m = {x | x + (n-1)·^ + *(m xor 1)}` but
//! `x^* = {x, x* | x}`; downs are the negatives.
//!
//! Invariant: the forms made are interned as they are, `x` moved in by [`Forms::sum`] (they are
//! canonical: the tests of notation.rs and sums.rs build each from `^ = {0|*}` with `make` and
//! `sum` and find the same ids), so a nimber or a multiple of up costs its size, not the
//! comparisons `make` would spend; both are bounded ([`MAX_NIMBER`], [`MAX_UPS`]).
//!
//! Recognising is the converse, one form at a time (`uptimal_from_options`): every option of an
//! uptimal is one, so a form is an uptimal exactly when its options are those of the uptimal they
//! name. It is the one recogniser: sums.rs ([`Forms::as_uptimal`], to add them exactly) and
//! notation.rs (to print them) walk the followers children first, each keeping the parts found in
//! a memo of its own (the table's; the layout of one printing).

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
        let x = self.number(x.try_clone()?)?;
        self.sum(x, g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::notation::tests::random_forms;
    use crate::partizan::notation::Kind;
    use crate::partizan::outcome::Uptimal;
    use crate::rng::Rng;

    /// An uptimal's parts as numbers: `(x, ups, nim)`.
    type Parts = (Dyadic, i64, u64);

    /// What the two callers of the recogniser make of `g`: sums.rs's `as_uptimal` and the kind
    /// notation.rs prints it as, both as `(x, ups, nim)` (a number with no ups and no nimber).
    fn recognised(f: &mut Forms, g: FormId) -> (Option<Parts>, Option<Parts>) {
        let by_sums = f.as_uptimal(g).unwrap().map(|u| (u.number, u.ups, u.nimber));
        let layout = f.layout(g).unwrap();
        let by_notation = match layout.kind(f, g) {
            Kind::Number => Some((f.as_number(g).unwrap().clone(), 0, 0)),
            Kind::Uptimal { number, ups, nim } => Some((f.as_number(number).unwrap().clone(), ups, nim)),
            _ => None,
        };
        (by_sums, by_notation)
    }

    #[test]
    fn the_recogniser_finds_the_parts_every_uptimal_is_built_from() {
        let mut f = Forms::new();
        for x in ["0", "1/2", "-3", "7/8", "-5/4"] {
            let x = Dyadic::parse(x).unwrap();
            for ups in -6..=6i64 {
                for nim in 0..=7u64 {
                    let g = f.uptimal(&x, ups, nim).unwrap();
                    let parts = Some((x.clone(), ups, nim));
                    assert_eq!(
                        recognised(&mut f, g),
                        (parts.clone(), parts),
                        "{x} {ups} {nim}: {}",
                        f.show(g)
                    );
                }
            }
        }
        // A fresh table, each asked alone: no memo filled by a smaller one first.
        for (ups, nim) in [(5i64, 3u64), (-4, 1), (1, 1), (-1, 1), (0, 6), (2, 0)] {
            let mut f = Forms::new();
            let x = Dyadic::parse("-3/8").unwrap();
            let g = f.uptimal(&x, ups, nim).unwrap();
            let parts = Some((x, ups, nim));
            assert_eq!(recognised(&mut f, g), (parts.clone(), parts));
        }
    }

    #[test]
    fn forms_outside_the_family_are_not_recognised() {
        let mut f = Forms::new();
        let zero = Forms::ZERO;
        let (one, minus_one, two) = (f.integer(1).unwrap(), f.integer(-1).unwrap(), f.integer(2).unwrap());
        let star = f.nimber(1).unwrap();
        let up = f.uptimal(&Dyadic::zero(), 1, 0).unwrap();
        let down = f.neg(up).unwrap();
        let zero_minus_one = f.make(&[zero], &[minus_one]).unwrap();
        let tiny = f.make(&[zero], &[zero_minus_one]).unwrap();
        let one_star = f.sum(one, star).unwrap();
        let up_star = f.sum(up, star).unwrap();
        // The hot forms are not infinitesimals; tiny-one is, but no uptimal (nor is it one plus
        // an uptimal: their difference would be one).
        let others = [
            f.make(&[one], &[minus_one]).unwrap(),               // +-1
            tiny,                                                // {0||0|-1}
            f.sum(tiny, up).unwrap(),                            // tiny-one + ^
            f.sum(tiny, star).unwrap(),                          // tiny-one + *
            zero_minus_one,                                      // {0|-1}
            f.make(&[one_star], &[zero]).unwrap(),               // {1*|0}
            f.make(&[two], &[zero, star]).unwrap(),              // {2|0,*}
            f.make(&[up], &[down, star]).unwrap(),               // {^|v,*}
            f.make(&[zero, up_star], &[zero, up_star]).unwrap(), // {0,^*|0,^*}: the same sides
            f.make(&[zero, up_star], &[zero]).unwrap(),          // {0,^*|0}: the shape of ^*, not its options
        ];
        // None of them is an uptimal near the numbers their options have (canonical forms are
        // unique: another id is another game), and neither caller says it is one.
        let mut near = Vec::new();
        for x in ["-2", "-3/2", "-1", "-1/2", "0", "1/2", "1", "3/2", "2"] {
            for ups in -4..=4 {
                for nim in 0..=4 {
                    near.push(f.uptimal(&Dyadic::parse(x).unwrap(), ups, nim).unwrap());
                }
            }
        }
        for g in others {
            assert!(!near.contains(&g), "{}", f.show(g));
            assert_eq!(recognised(&mut f, g), (None, None), "{}", f.show(g));
        }
    }

    #[test]
    fn what_either_caller_recognises_among_random_forms_is_that_uptimal() {
        let mut f = Forms::new();
        let mut rng = Rng::new(7);
        let pool = random_forms(&mut f, &mut rng, 300);
        let mut found = 0;
        for &g in &pool {
            let (by_sums, by_notation) = recognised(&mut f, g);
            assert_eq!(by_sums, by_notation, "{}", f.show(g));
            if let Some((number, ups, nimber)) = by_sums {
                found += 1;
                assert_eq!(f.uptimal_form(&Uptimal { number, ups, nimber }).unwrap(), g, "{}", f.show(g));
            }
        }
        assert!(found > 30, "{found} uptimals among the random forms");
    }
}
