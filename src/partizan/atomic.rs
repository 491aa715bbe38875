//! All-small games, their atomic weights, and the two-ahead rule that decides sums by them.
//!
//! A form is **all-small** (dicotic) when every follower, the form included, has options for both
//! players or for neither: `0`, `*`, `^`, `{0 | v}`, Clobber positions; not `1` or `{0 | -1}`.
//! Every all-small game is an infinitesimal, and the canonical form of an all-small game is
//! all-small, so the test is run on the canonical form.
//!
//! The **atomic weight** `aw(G)` of an all-small `G` counts its ups (Berlekamp, Conway and Guy,
//! *Winning Ways*, "It's a Small World"; Siegel, *Combinatorial Game Theory*, AMS 2013, II.7; as
//! CGSuite's `AtomicWeight` computes it): `aw(n·^ + *m) = n`, and otherwise, with
//! `G' = {aw(G^L) - 2 | aw(G^R) + 2}`, `aw(G) = G'` unless `G'` is an integer. In that
//! (eccentric) case `G` is compared with a *far star* `☆ = *N`, `N` above every nimber among
//! `G`'s followers:
//! - `G > ☆`: `aw(G)` is the greatest integer `n` with `n <| aw(G^R) + 2` for every `G^R`;
//! - `G < ☆`: the least integer `n` with `n |> aw(G^L) - 2` for every `G^L`;
//! - otherwise `G'`.
//!
//! An atomic weight is a game, often an integer, sometimes not (`aw({^4 | 0}) = 2*`). It is
//! additive, `aw(G + H) = aw(G) + aw(H)`, and the **two-ahead rule** reads a winner off it:
//! `aw(G) >= 2` gives `G > 0` (Left wins), `aw(G) <= -2` gives `G < 0`.
//! [`Forms::two_ahead_winner`] applies it to a sum of many components, each one's weight found
//! once: when the weights are numbers, they add as numbers; a number beside the all-small parts
//! decides by its sign (the rest is infinitesimal). Any other case is left undecided (`None`).
//!
//! Invariant: a form's weight is computed once, its followers' first (over
//! [`Forms::followers_in_order`], no recursion), and kept in the table's `atomic_memo`, grown
//! checked; a form that is not all-small is kept there as `None`.

use super::dyadic::Dyadic;
use super::forms::{push, reserve_entry, FormId, Forms};
use super::hash::FastMap;
use super::outcome::{Comparison, Winner};
use super::uptimal::MAX_NIMBER;
use crate::input::Error;

impl Forms {
    /// Whether `g` is all-small (module doc): every follower has options for both players or for
    /// neither.
    pub fn is_all_small(&self, g: FormId) -> Result<bool, Error> {
        if self.is_number(g) {
            return Ok(g == Forms::ZERO);
        }
        Ok(self.followers_in_order(g)?.into_iter().all(|h| self.dicotic_here(h)))
    }

    /// Whether the form `h`, not a number, has options for both players and every number among
    /// them is 0.
    fn dicotic_here(&self, h: FormId) -> bool {
        let (left, right) = (self.left(h), self.right(h));
        let zero_or_not_a_number = |o: &FormId| *o == Forms::ZERO || !self.is_number(*o);
        !left.is_empty()
            && !right.is_empty()
            && left.iter().all(zero_or_not_a_number)
            && right.iter().all(zero_or_not_a_number)
    }

    /// The far star of `g` (module doc): `*N` for `N` one more than the largest nimber among
    /// `g`'s followers, `g` included (`*` when there is none). An error past [`super::MAX_NIMBER`].
    pub fn far_star(&mut self, g: FormId) -> Result<FormId, Error> {
        let followers = self.followers_in_order(g)?;
        self.far_star_of(&followers)
    }

    fn far_star_of(&mut self, followers: &[FormId]) -> Result<FormId, Error> {
        let largest = self.largest_nimber(followers)?;
        self.nimber(largest + 1)
    }

    /// Whether `g`'s weight, not known yet, may need a far star past the nimbers made
    /// ([`MAX_NIMBER`]): then the two-ahead rule does not decide, where the sum may still be made.
    fn far_star_past_the_limit(&mut self, g: FormId) -> Result<bool, Error> {
        if self.atomic_memo.contains_key(&g.0) {
            return Ok(false);
        }
        let followers = self.followers_in_order(g)?;
        Ok(self.largest_nimber(&followers)? >= MAX_NIMBER)
    }

    /// The largest nimber among `followers` (0 is a follower of every form that is not a number,
    /// and the nimber 0).
    fn largest_nimber(&mut self, followers: &[FormId]) -> Result<u64, Error> {
        let mut largest = 0;
        for &h in followers {
            if let Some(u) = self.as_uptimal(h)? {
                if u.ups == 0 && u.number.is_zero() {
                    largest = largest.max(u.nimber);
                }
            }
        }
        Ok(largest)
    }

    /// The atomic weight of `g` (module doc) when `g` is all-small, `None` otherwise; an error when
    /// memory runs out or a far star would pass [`super::MAX_NIMBER`].
    pub fn atomic_weight(&mut self, g: FormId) -> Result<Option<FormId>, Error> {
        if self.is_number(g) {
            return Ok(if g == Forms::ZERO { Some(Forms::ZERO) } else { None });
        }
        if let Some(&known) = self.atomic_memo.get(&g.0) {
            return Ok(known);
        }
        // `x·^ + *m` weighs `x` whatever its nimber: no far star needed (nor made past the limit).
        if let Some(u) = self.as_uptimal(g)? {
            if u.number.is_zero() {
                return self.integer(u.ups).map(Some);
            }
        }
        let followers = self.followers_in_order(g)?;
        if !followers.iter().all(|&h| self.dicotic_here(h)) {
            reserve_entry(&mut self.atomic_memo)?;
            self.atomic_memo.insert(g.0, None);
            return Ok(None);
        }
        // One far star serves every follower: it is above their nimbers too.
        let far_star = self.far_star_of(&followers)?;
        for h in followers {
            if self.atomic_memo.contains_key(&h.0) {
                continue;
            }
            let weight = self.weight_from_options(h, far_star)?;
            reserve_entry(&mut self.atomic_memo)?;
            self.atomic_memo.insert(h.0, Some(weight));
        }
        Ok(self.atomic_memo[&g.0])
    }

    /// The atomic weight of the all-small `h`, not a number, from its options' (known).
    fn weight_from_options(&mut self, h: FormId, far_star: FormId) -> Result<FormId, Error> {
        if let Some(u) = self.as_uptimal(h)? {
            // All-small: no number part. n·^ + *m weighs n.
            return self.integer(u.ups);
        }
        let what = "the options of an atomic weight";
        let (two, minus_two) = (self.integer(2)?, self.integer(-2)?);
        let mut left = Vec::new();
        let mut right = Vec::new();
        for k in 0..self.left(h).len() {
            let weight = self.known_weight(self.left(h)[k]);
            push(&mut left, self.sum(weight, minus_two)?, what)?;
        }
        for k in 0..self.right(h).len() {
            let weight = self.known_weight(self.right(h)[k]);
            push(&mut right, self.sum(weight, two)?, what)?;
        }
        let naive = self.make(&left, &right)?;
        if !self.as_number(naive).map_or(false, Dyadic::is_integer) {
            return Ok(naive);
        }
        match self.compare(h, far_star)? {
            Comparison::Greater => {
                // The greatest n with n <| every G^R': below the least of each one's greatest.
                let mut best: Option<Dyadic> = None;
                for r in right {
                    let n = self.greatest_integer_not_above(r)?;
                    if best.as_ref().map_or(true, |b| n < *b) {
                        best = Some(n);
                    }
                }
                self.number(best.expect("an all-small form has Right options"))
            }
            Comparison::Less => {
                let mut best: Option<Dyadic> = None;
                for l in left {
                    let n = self.least_integer_not_below(l)?;
                    if best.as_ref().map_or(true, |b| n > *b) {
                        best = Some(n);
                    }
                }
                self.number(best.expect("an all-small form has Left options"))
            }
            _ => Ok(naive),
        }
    }

    /// The weight of an option already weighed (children first), 0 for the option 0.
    fn known_weight(&self, o: FormId) -> FormId {
        if o == Forms::ZERO {
            return Forms::ZERO;
        }
        self.atomic_memo[&o.0].expect("the followers of an all-small form are all-small")
    }

    /// The greatest integer `n` with `n <| h` (not `h <= n`). An integer above the left stop of
    /// `h` is above `h`, one below it is not, so it is the floor of the left stop, or one less
    /// when `h` is at most that.
    fn greatest_integer_not_above(&mut self, h: FormId) -> Result<Dyadic, Error> {
        let n = self.left_stop(h)?.try_floor()?;
        let form = self.number(n.try_clone()?)?;
        Ok(if self.le(h, form)? { n.try_sub(&Dyadic::try_from_i64(1)?)? } else { n })
    }

    /// The least integer `n` with `n |> h` (not `n <= h`): the ceiling of the right stop of `h`,
    /// or one more when it is at most `h` ([`Forms::greatest_integer_not_above`], mirrored).
    fn least_integer_not_below(&mut self, h: FormId) -> Result<Dyadic, Error> {
        let n = self.right_stop(h)?.try_ceil()?;
        let form = self.number(n.try_clone()?)?;
        Ok(if self.le(form, h)? { n.try_add(&Dyadic::try_from_i64(1)?)? } else { n })
    }

    /// Who wins the sum of `parts` by the two-ahead rule (module doc), when it decides: every part
    /// is a number plus an all-small game whose atomic weight is a number, and either the numbers
    /// add up to other than 0 (their sign wins), or the weights add up to at least 2 (Left wins)
    /// or at most -2 (Right wins). `None` otherwise.
    pub fn two_ahead_winner(&mut self, parts: &[FormId]) -> Result<Option<Winner>, Error> {
        let mut counts: FastMap<FormId, u64> = FastMap::default();
        for &g in parts {
            reserve_entry(&mut counts)?;
            *counts.entry(g).or_insert(0) += 1;
        }
        let mut distinct: Vec<(FormId, u64)> = Vec::new();
        for (g, c) in counts {
            push(&mut distinct, (g, c), "the parts of a sum")?;
        }
        // The same parts, the same order of work, from run to run.
        distinct.sort_unstable();
        let (mut number, mut weight) = (Dyadic::zero(), Dyadic::zero());
        for (g, count) in distinct {
            let (x, w) = match self.as_uptimal(g)? {
                Some(u) => (u.number, Dyadic::try_from_i64(u.ups)?),
                None if self.far_star_past_the_limit(g)? => return Ok(None),
                None => match self.atomic_weight(g)? {
                    None => return Ok(None),
                    Some(w) => match self.as_number(w) {
                        Some(w) => (Dyadic::zero(), w.try_clone()?),
                        None => return Ok(None),
                    },
                },
            };
            number = number.try_add(&times(&x, count)?)?;
            weight = weight.try_add(&times(&w, count)?)?;
        }
        Ok(match number.signum() {
            1 => Some(Winner::Left),
            -1 => Some(Winner::Right),
            _ if weight >= Dyadic::try_from_i64(2)? => Some(Winner::Left),
            _ if weight <= Dyadic::try_from_i64(-2)? => Some(Winner::Right),
            _ => None,
        })
    }
}

/// `x · count`, by doubling.
fn times(x: &Dyadic, count: u64) -> Result<Dyadic, Error> {
    let mut total = Dyadic::zero();
    for bit in 0..64 {
        if count >> bit & 1 == 1 {
            total = total.try_add(&x.try_mul_pow2(bit)?)?;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_weights() {
        let mut f = Forms::new();
        for (text, weight) in [("0", "0"), ("*", "0"), ("^", "1"), ("^*", "1"), ("v", "-1"), ("^^*", "2")] {
            let g = f.parse(text).unwrap();
            let w = f.atomic_weight(g).unwrap().unwrap();
            assert_eq!(f.show(w), weight, "{text}");
        }
        for text in ["1", "{0|-1}", "1/2*", "^+1"] {
            let g = f.parse(text).unwrap();
            assert_eq!(f.atomic_weight(g).unwrap(), None, "{text}");
            assert!(!f.is_all_small(g).unwrap());
        }
        let g = f.parse("{^|v}").unwrap();
        assert!(f.is_all_small(g).unwrap());
        assert_eq!(times(&Dyadic::parse("3/4").unwrap(), 6).unwrap(), Dyadic::parse("9/2").unwrap());
    }
}
