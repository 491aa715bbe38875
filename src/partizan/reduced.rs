//! The reduced canonical form: the simplest game infinitesimally close to a form (Grossman and
//! Siegel, "Reductions of partizan games", *Games of No Chance 3*, 2009; Siegel, *Combinatorial
//! Game Theory*, AMS 2013, II.6; CGSuite's `ReducedCanonicalForm`).
//!
//! `G >=_Inf H` (`G` is at least `H` modulo infinitesimals) when `G + x >= H` for every positive
//! number `x`, which holds exactly when the right stop of `G - H` is at least 0 (a game whose right
//! stop is above 0 is above 0, and one at least 0 has a right stop at least 0; stops move with the
//! numbers added). `G` and `H` are infinitesimally close when each is `>=_Inf` the other; `G` is
//! close to a number exactly when its two stops are equal, that number.
//!
//! `rcf(G)`, over the followers children first: a form whose stops are equal is that number;
//! otherwise its options are replaced by their reduced forms, and then, until nothing changes,
//! - an **Inf-dominated** option goes: a Left option `A <=_Inf` another Left option (a Right
//!   option `>=_Inf` another Right option);
//! - an **Inf-reversible** option is bypassed: a Left option `A` with a reply `A^R <=_Inf G` is
//!   replaced by the Left options of `A^R` (a Right option `B` with `B^L >=_Inf G`, by the Right
//!   options of `B^L`).
//!
//! What is left has no dominated or reversible option either (those are Inf-dominated and
//! Inf-reversible), so it is a canonical form of the table. Two forms infinitesimally close have
//! the same reduced form: `rcf(^) = rcf(*) = 0`, `rcf({1 | *}) = {1 | 0}`.
//!
//! Invariant: each follower's reduced form is computed once per call, its options' first (over
//! [`Forms::followers_in_order`], no recursion), kept in the call's own map, grown checked.

use super::forms::{copy_of, push, reserve_entry, FormId, Forms, Side};
use super::hash::FastMap;
use crate::input::Error;

impl Forms {
    /// The reduced canonical form of `g` (module doc); an error when memory runs out.
    pub fn reduced(&mut self, g: FormId) -> Result<FormId, Error> {
        if self.is_number(g) {
            return Ok(g);
        }
        let mut reduced: FastMap<FormId, FormId> = FastMap::default();
        for h in self.followers_in_order(g)? {
            let r = self.reduced_from_options(h, &reduced)?;
            reserve_entry(&mut reduced)?;
            reduced.insert(h, r);
        }
        Ok(reduced[&g])
    }

    /// `G <=_Inf H` (module doc): the right stop of `H - G` is at least 0.
    pub fn le_inf(&mut self, g: FormId, h: FormId) -> Result<bool, Error> {
        let difference = self.difference(h, g)?;
        Ok(self.right_stop(difference)?.signum() >= 0)
    }

    /// The reduced form of `h`, not a number, its options' being in `reduced`.
    fn reduced_from_options(
        &mut self,
        h: FormId,
        reduced: &FastMap<FormId, FormId>,
    ) -> Result<FormId, Error> {
        let (left_stop, right_stop) = (self.left_stop(h)?, self.right_stop(h)?);
        if left_stop == right_stop {
            return self.number(left_stop);
        }
        let what = "the options of a reduced form";
        let of = |o: FormId| if reduced.contains_key(&o) { reduced[&o] } else { o };
        let mut left = Vec::new();
        for &o in self.left(h) {
            push(&mut left, of(o), what)?;
        }
        let mut right = Vec::new();
        for &o in self.right(h) {
            push(&mut right, of(o), what)?;
        }
        loop {
            for list in [&mut left, &mut right] {
                list.sort_unstable();
                list.dedup();
            }
            self.drop_inf_dominated(&mut left, Side::Left)?;
            self.drop_inf_dominated(&mut right, Side::Right)?;
            // The game as it stands, for the reversibility tests: its value is all they need.
            let whole = self.make(&left, &right)?;
            let new_left = self.bypass_inf_reversible(&left, Side::Left, whole)?;
            let new_right = self.bypass_inf_reversible(&right, Side::Right, whole)?;
            if new_left.is_none() && new_right.is_none() {
                // Nothing dominated or reversible even modulo infinitesimals: canonical as it is,
                // so `whole` is this very form.
                debug_assert!(self.left(whole) == left.as_slice() && self.right(whole) == right.as_slice());
                return Ok(whole);
            }
            if let Some(l) = new_left {
                left = l;
            }
            if let Some(r) = new_right {
                right = r;
            }
        }
    }

    /// Removes the Inf-dominated options of `side` (module doc), one at a time, so that of two
    /// options each `<=_Inf` the other one stays.
    fn drop_inf_dominated(&mut self, options: &mut Vec<FormId>, side: Side) -> Result<(), Error> {
        self.drop_worse(options, side, Forms::le_inf)
    }

    /// The options of `side` with the Inf-reversible ones bypassed (module doc), `whole` being the
    /// game; `None` when none is.
    fn bypass_inf_reversible(
        &mut self,
        options: &[FormId],
        side: Side,
        whole: FormId,
    ) -> Result<Option<Vec<FormId>>, Error> {
        let what = "the options of a reduced form";
        let mut changed = false;
        let mut result = Vec::new();
        for &a in options {
            self.make_number_options(a)?;
            let replies = copy_of(self.options_of(a, side.other()), what)?;
            let mut reversed_through = None;
            for reply in replies {
                let reverses = match side {
                    Side::Left => self.le_inf(reply, whole)?,
                    Side::Right => self.le_inf(whole, reply)?,
                };
                if reverses {
                    reversed_through = Some(reply);
                    break;
                }
            }
            match reversed_through {
                Some(reply) => {
                    changed = true;
                    self.make_number_options(reply)?;
                    for k in 0..self.options_of(reply, side).len() {
                        let o = self.options_of(reply, side)[k];
                        push(&mut result, o, what)?;
                    }
                }
                None => push(&mut result, a, what)?,
            }
        }
        Ok(if changed { Some(result) } else { None })
    }
}
