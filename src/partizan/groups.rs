//! A sum's components grouped by value, up to numbers and uptimals: the first step of
//! [`Forms::winner_of_sum`] (sums.rs).
//!
//! Invariant: the sum of the parts given equals `total + Σ count·form` over the groups, exactly:
//! each rewriting below replaces a component by an equal sum, made and checked as forms.
//!
//! 1. A component that is an uptimal (`x + k·^ + *m`, uptimal.rs) joins the exact total.
//! 2. Any other `G` is split as `G = H + x`, `x` the midpoint of its stops
//!    (`(LS(G) + RS(G)) / 2`, a dyadic): the stops move with a number added
//!    (`LS(G + y) = LS(G) + y`: Siegel, *Combinatorial Game Theory*, II.3, the Number
//!    Translation Theorem) and change sides under negation
//!    (`LS(-G) = -RS(G)`), so `G`, `G + y` and (up to sign) `-G` give the same `H`.
//! 3. `H` and `H + *` give the same group: of the two, the one with the smaller id stands for
//!    both (`H = K + *` or `H = K`).
//! 4. `H` and `-H` cancel: a group and the group of its negative are one, their counts signed;
//!    a form whose double is an uptimal `w` (its own negative up to one) adds up in pairs.
//! 5. When at most [`PAIRWISE_GROUPS`] groups are left, every two with the same stops are
//!    compared: if `A - B` or `A + B` is an uptimal `u`, `A = B + u` (or `A = u - B`) and `A`'s
//!    count joins `B`'s, `u` the total (copies of an infinitesimal uptimal such as `^` or `*2` apart
//!    end in one group). Past that many groups, the canonical sum is out of reach anyway.
//!
//! A sum with one value besides the uptimals skips steps 2 to 5: there is nothing to group it
//! with. The work is the table's (steps, bytes: [`Forms::set_sum_budget`] bounds it).

use super::dyadic::Dyadic;
use super::forms::{push, reserve, reserve_entry, FormId, Forms};
use super::hash::FastMap;
use super::outcome::Uptimal;
use crate::input::Error;
// (Edition 2018's prelude, which the bundles compile in, lacks TryFrom.)
use std::convert::TryFrom;

/// The most groups compared two by two (step 5 of the module doc).
pub const PAIRWISE_GROUPS: usize = 64;

/// A sum as grouped (module doc): the exact total of its uptimal parts, and each other value with
/// how many times it comes (counts positive, forms in increasing id order).
#[derive(Debug)]
pub struct Grouped {
    /// The uptimal parts' total.
    pub total: Uptimal,
    /// The other parts: `(form, count)`, no two forms equal or opposite up to an uptimal.
    pub groups: Vec<(FormId, u64)>,
}

impl Forms {
    /// The parts grouped (module doc): their sum is `total` plus every group's `count·form`.
    pub fn grouped(&mut self, parts: &[FormId]) -> Result<Grouped, Error> {
        let mut total = zero_uptimal();
        let mut raw: FastMap<FormId, i64> = FastMap::default();
        for &g in parts {
            let sum = match self.as_uptimal(g)? {
                Some(u) => total.try_add(&u)?,
                None => None,
            };
            match sum {
                Some(t) => total = t,
                None => {
                    reserve_entry(&mut raw)?;
                    *raw.entry(g).or_insert(0) += 1;
                }
            }
        }
        let mut counted: Vec<(FormId, i64)> = Vec::new();
        reserve(&mut counted, raw.len(), WHAT)?;
        counted.extend(raw);
        let mut raw = counted;
        raw.sort_unstable();
        if raw.len() == 1 {
            // One value: nothing to group it with (its copies are added by doubling).
            let (g, count) = raw[0];
            return Ok(Grouped { total, groups: vec![(g, count as u64)] });
        }
        // Steps 2 to 4: each distinct value to its group's form, with a sign.
        let mut counts: FastMap<FormId, i64> = FastMap::default();
        for (g, count) in raw {
            let (key, sign) = self.group_of(g, count, &mut total)?;
            reserve_entry(&mut counts)?;
            *counts.entry(key).or_insert(0) += sign * count;
        }
        let mut groups: Vec<(FormId, i64)> = Vec::new();
        for (g, c) in counts {
            if c != 0 {
                push(&mut groups, (g, c), WHAT)?;
            }
        }
        groups.sort_unstable();
        groups = self.merged_pairwise(groups, &mut total)?;
        // Negative counts as copies of the negative; a form whose double is an uptimal `w`
        // (`-g = g - w`: `g` is its own negative up to an uptimal) added in pairs.
        let mut out = Vec::new();
        for (g, c) in groups {
            let g = if c > 0 { g } else { self.neg(g)? };
            let c = self.paired(g, c.unsigned_abs(), &mut total)?;
            if c > 0 {
                push(&mut out, (g, c), WHAT)?;
            }
        }
        out.sort_unstable();
        Ok(Grouped { total, groups: out })
    }

    /// `g` (not an uptimal) as `sign·key + offset`, `key` its group's form (steps 2 to 4):
    /// `count` times the offset added to `total`.
    fn group_of(&mut self, g: FormId, count: i64, total: &mut Uptimal) -> Result<(FormId, i64), Error> {
        let (h, offset) = self.translated(g)?;
        let minus = self.neg(h)?;
        let (h2, offset2) = self.translated(minus)?;
        // g = h + offset, and -h = h2 + offset2: h = -h2 - offset2.
        let (key, sign, offset) =
            if h <= h2 { (h, 1, offset) } else { (h2, -1, add_times(&offset, &negated(&offset2)?, 1)?) };
        *total = add_times(total, &offset, count)?;
        Ok((key, sign))
    }

    /// `g` as `H + u` (steps 2 and 3): `H` the form with the smaller id of `g - x` and
    /// `g - x + *`, `x` the midpoint of `g`'s stops.
    fn translated(&mut self, g: FormId) -> Result<(FormId, Uptimal), Error> {
        let (left, right) = (self.left_stop(g)?, self.right_stop(g)?);
        let x = left.try_add(&right)?.try_mul_pow2(-1)?;
        let h = if x.is_zero() {
            g
        } else {
            let minus_x = self.number(x.try_neg()?)?;
            self.sum(g, minus_x)?
        };
        let star = self.nimber(1)?;
        let h_star = self.sum(h, star)?;
        let (key, nimber) = if h_star < h { (h_star, 1) } else { (h, 0) };
        Ok((key, Uptimal { number: x, ups: 0, nimber }))
    }

    /// Step 5: groups whose forms differ (or add up to) an uptimal merged, in id order, the
    /// uptimals into `total`.
    fn merged_pairwise(
        &mut self,
        groups: Vec<(FormId, i64)>,
        total: &mut Uptimal,
    ) -> Result<Vec<(FormId, i64)>, Error> {
        if groups.len() > PAIRWISE_GROUPS {
            return Ok(groups);
        }
        let mut kept: Vec<(FormId, i64, (Dyadic, Dyadic))> = Vec::new();
        'next: for (a, count) in groups {
            let stops = (self.left_stop(a)?, self.right_stop(a)?);
            for kept_group in kept.iter_mut() {
                let b = kept_group.0;
                if kept_group.2 == stops {
                    let minus_b = self.neg(b)?;
                    let difference = self.sum(a, minus_b)?;
                    if let Some(u) = self.as_uptimal(difference)? {
                        // a = b + u
                        *total = add_times(total, &u, count)?;
                        kept_group.1 += count;
                        continue 'next;
                    }
                }
                // a = -b + u has the stops of -b.
                if kept_group.2 .0.try_neg()? == stops.1 && kept_group.2 .1.try_neg()? == stops.0 {
                    let both = self.sum(a, b)?;
                    if let Some(u) = self.as_uptimal(both)? {
                        // a = u - b
                        *total = add_times(total, &u, count)?;
                        kept_group.1 -= count;
                        continue 'next;
                    }
                }
            }
            push(&mut kept, (a, count, stops), WHAT)?;
        }
        let mut merged = Vec::new();
        reserve(&mut merged, kept.len(), WHAT)?;
        merged.extend(kept.into_iter().filter(|k| k.1 != 0).map(|(g, c, _)| (g, c)));
        Ok(merged)
    }
}

impl Forms {
    /// How many copies of `g` are left once pairs are added up when its double is an uptimal
    /// `w` (step 4): `total` takes the pairs.
    fn paired(&mut self, g: FormId, count: u64, total: &mut Uptimal) -> Result<u64, Error> {
        if count >= 2 {
            let double = self.sum(g, g)?;
            if let Some(w) = self.as_uptimal(double)? {
                let pairs = i64::try_from(count / 2).map_err(|_| Error::new("too many parts"))?;
                *total = add_times(total, &w, pairs)?;
                return Ok(count % 2);
            }
        }
        Ok(count)
    }
}

/// What the grouping's lists are, in an error when memory runs out.
pub(crate) const WHAT: &str = "the parts of a sum";

fn zero_uptimal() -> Uptimal {
    Uptimal { number: Dyadic::zero(), ups: 0, nimber: 0 }
}

/// `-u`.
fn negated(u: &Uptimal) -> Result<Uptimal, Error> {
    Ok(Uptimal { number: u.number.try_neg()?, ups: -u.ups, nimber: u.nimber })
}

/// `total + count·u`, or an error when the ups overflow.
fn add_times(total: &Uptimal, u: &Uptimal, count: i64) -> Result<Uptimal, Error> {
    let overflow = || Error::new("the ups of a sum overflow 64 bits");
    let n = count.unsigned_abs();
    // count·x by doubling.
    let (mut number, mut power, mut k) = (Dyadic::zero(), u.number.try_clone()?, n);
    while k > 0 {
        if k & 1 == 1 {
            number = number.try_add(&power)?;
        }
        k >>= 1;
        if k > 0 {
            power = power.try_mul_pow2(1)?;
        }
    }
    let ups = u.ups.checked_mul(count).ok_or_else(overflow)?;
    let part = Uptimal {
        number: if count < 0 { number.try_neg()? } else { number },
        ups,
        nimber: if n & 1 == 1 { u.nimber } else { 0 },
    };
    total.try_add(&part)?.ok_or_else(overflow)
}
