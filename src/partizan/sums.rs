//! Sums of many components: who wins, and the canonical sum, within a budget of work and memory.
//!
//! [`Forms::winner_of_sum`] settles a sum in stages, each exact, the first that answers ending it:
//! 1. The components are grouped (groups.rs): the uptimals (`x + k·^ + *m`, recognised from their
//!    canonical forms by uptimal.rs) and the numbers, ups and nimbers split off every other
//!    component add up exactly as three numbers; equal components are counted, a component and
//!    its negative cancel.
//! 2. Nothing else left: the total's winner ([`Uptimal::winner`]): the number's sign; at 0, the
//!    ups (`k >= 2`, or `k = 1` with `m != 1`, favour Left; `^*` is fuzzy); at no ups, the nimber.
//!    (A rule that decides from the groups alone goes here, before any form is made.)
//! 3. The canonical sum: each group's `count·G` made by doubling, the total added, and its winner.
//! 4. Past half the budget there, a search of the sum's positions (search.rs), with what is left.
//!
//! The budget ([`SumBudget`], set on the table by [`Forms::set_sum_budget`]) bounds the steps of
//! work ([`Forms::limit_steps`]'s steps) and the bytes the question adds: the table's growth
//! ([`Forms::heap_bytes`]) and the search's positions. Past it, an error that names it and how to
//! raise it, within the seconds the default takes: never a hang, never memory without bound.

use super::budget::SumBudget;
use super::forms::{copy_of, push, reserve_entry, FormId, Forms};
use super::groups::{Grouped, WHAT as PARTS};
use super::outcome::Uptimal;
use super::outcome::Winner;
use super::uptimal::{MAX_NIMBER, MAX_UPS};
use crate::input::{plural, Error};

impl Forms {
    /// The budget of every sum question from now on (module doc; [`SumBudget::DEFAULT`] until
    /// set).
    pub fn set_sum_budget(&mut self, budget: SumBudget) {
        self.sum_budget = budget;
    }

    /// The budget of the sum questions ([`Forms::set_sum_budget`]).
    pub fn sum_budget(&self) -> SumBudget {
        self.sum_budget
    }

    /// `g` as `x + k·^ + *m` when it is one (module doc), else `None`; an error when memory runs
    /// out. Its followers are recognised children first, each once (the table's memo).
    pub fn as_uptimal(&mut self, g: FormId) -> Result<Option<Uptimal>, Error> {
        match self.uptimal_parts(g)? {
            None => Ok(None),
            Some((x, ups, nimber)) => {
                let number = self.as_number(x).expect("a number").try_clone()?;
                Ok(Some(Uptimal { number, ups, nimber }))
            }
        }
    }

    /// [`Forms::as_uptimal`] without a copy of the number: its form, the ups and the nimber.
    pub(crate) fn uptimal_parts(&mut self, g: FormId) -> Result<Option<(FormId, i64, u64)>, Error> {
        if !self.is_number(g) && !self.uptimal_memo.contains_key(&g.0) {
            for h in self.followers_in_order(g)? {
                if !self.uptimal_memo.contains_key(&h.0) {
                    let memo = &self.uptimal_memo;
                    let found = self.uptimal_from_options(h, |o| memo.get(&o.0).copied().flatten());
                    reserve_entry(&mut self.uptimal_memo)?;
                    self.uptimal_memo.insert(h.0, found);
                }
            }
        }
        Ok(if self.is_number(g) { Some((g, 0, 0)) } else { self.uptimal_memo[&g.0] })
    }

    /// The canonical form of an [`Uptimal`] ([`Forms::uptimal`]).
    pub fn uptimal_form(&mut self, u: &Uptimal) -> Result<FormId, Error> {
        self.uptimal(&u.number, u.ups, u.nimber)
    }

    /// Who wins the sum of `parts` (module doc), within the table's [`SumBudget`]; past it, an
    /// error naming it.
    pub fn winner_of_sum(&mut self, parts: &[FormId]) -> Result<Winner, Error> {
        let budget = self.sum_budget;
        let answer = self.within_budget(budget, |forms| {
            let split = forms.grouped(parts)?;
            // All-small parts decided by their atomic weights (atomic.rs), before any sum is built.
            if !split.groups.is_empty() {
                if let Some(w) = forms.two_ahead_winner(parts)? {
                    return Ok(Some(w));
                }
            }
            forms.winner_of_grouped(&split)
        })?;
        answer.ok_or_else(|| past_budget(budget, parts.len()))
    }

    /// Stages 2 to 5 of the module doc; `None` past the budget.
    fn winner_of_grouped(&mut self, split: &Grouped) -> Result<Option<Winner>, Error> {
        if split.groups.is_empty() {
            return Ok(Some(split.total.winner()));
        }
        let mut parts = Vec::new();
        for &(g, count) in &split.groups {
            push(&mut parts, (g, count), PARTS)?;
        }
        let total = self.total_form(&split.total)?;
        push(&mut parts, (total, 1), PARTS)?;
        // A short search (an eighth of the steps and bytes left: many copies of a few small forms
        // are searched fast, where their canonical sum grows with the copies), the canonical sum
        // (half of what is left), the search again (all of it).
        for (stage, share) in [(0, 8), (1, 2), (2, 1)] {
            let (saved, taken) = (self.steps_left(), self.steps());
            let slice = taken.saturating_add(saved / share);
            self.limit_steps(Some(slice));
            let found = if stage == 1 {
                self.sum_of_grouped(split).and_then(|sum| self.winner(sum)).map(Some)
            } else {
                let list = copy_of(&parts, PARTS)?;
                self.search_counted(list, self.bytes_left() / share as usize)
            };
            self.limit_steps(Some(taken.saturating_add(saved)));
            match found {
                Ok(Some(w)) => return Ok(Some(w)),
                Err(e) if self.steps() <= slice && self.bytes_left() > 0 => return Err(e),
                _ => {}
            }
        }
        Ok(None)
    }

    /// The canonical form of the sum of `parts`, made as [`Forms::winner_of_sum`] makes it
    /// (grouped, then each group's multiple by doubling), within the table's [`SumBudget`].
    pub fn sum_of_parts(&mut self, parts: &[FormId]) -> Result<FormId, Error> {
        let budget = self.sum_budget;
        let sum = self.within_budget(budget, |forms| {
            let split = forms.grouped(parts)?;
            forms.sum_of_grouped(&split).map(Some)
        })?;
        sum.ok_or_else(|| past_budget(budget, parts.len()))
    }

    /// The total's form, or an error past the sizes made as forms.
    fn total_form(&mut self, total: &Uptimal) -> Result<FormId, Error> {
        if total.nimber > MAX_NIMBER || total.ups.unsigned_abs() > MAX_UPS {
            let most = format!("at most {MAX_UPS} ups and *{MAX_NIMBER}");
            return Err(Error::new(format!("the sum's uptimal part is past the forms made: {most}")));
        }
        self.uptimal_form(total)
    }

    /// The grouped sum as one canonical form: each group's multiple by doubling.
    fn sum_of_grouped(&mut self, split: &Grouped) -> Result<FormId, Error> {
        let mut sum = self.total_form(&split.total)?;
        for &(g, count) in &split.groups {
            let (mut multiple, mut power, mut c) = (Forms::ZERO, g, count);
            while c > 0 {
                if c & 1 == 1 {
                    multiple = self.sum(multiple, power)?;
                }
                c >>= 1;
                if c > 0 {
                    power = self.sum(power, power)?;
                }
            }
            sum = self.sum(sum, multiple)?;
        }
        Ok(sum)
    }

    /// Runs `work` under `budget`: the steps limited to what it allows (or to the caller's own
    /// limit, [`Forms::limit_steps`], when that is nearer), the table's bytes to its growth, both
    /// restored after. `Ok(None)` when the
    /// budget ran out (the work's own error then dropped), the caller's limit's error kept.
    pub(crate) fn within_budget<T>(
        &mut self,
        budget: SumBudget,
        work: impl FnOnce(&mut Forms) -> Result<Option<T>, Error>,
    ) -> Result<Option<T>, Error> {
        let (taken, own_left) = (self.steps(), self.steps_left());
        let limit = taken.saturating_add(budget.steps.min(own_left));
        let byte_limit = self.heap_bytes().saturating_add(budget.bytes);
        self.limit_steps(Some(limit));
        self.limit_bytes(Some(byte_limit));
        let result = work(self);
        self.limit_steps(if own_left == u64::MAX { None } else { Some(taken.saturating_add(own_left)) });
        self.limit_bytes(None);
        match result {
            Err(_) if self.steps() > limit && budget.steps < own_left => Ok(None),
            Err(_) if self.heap_bytes() > byte_limit => Ok(None),
            result => result,
        }
    }
}

/// The error of a sum past its budget: the budget, and how to raise it.
pub(crate) fn past_budget(budget: SumBudget, parts: usize) -> Error {
    let (parts, steps) = (plural(parts as u64, "component"), plural(budget.steps, "step"));
    let bytes = plural(budget.bytes as u64, "byte");
    let raise = "Forms::set_sum_budget(SumBudget { steps, bytes }) raises it";
    Error::new(format!("the sum of {parts} is past its budget of {steps} and {bytes} more: {raise}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::dyadic::Dyadic;

    /// x + k^ + *m built by sums of ^, * and numbers, not by the forms the module doc states.
    fn by_sums(f: &mut Forms, x: &str, k: i64, m: u64) -> FormId {
        let zero = Forms::ZERO;
        let star = f.make(&[zero], &[zero]).unwrap();
        let up = f.make(&[zero], &[star]).unwrap();
        let one_way = if k >= 0 { up } else { f.neg(up).unwrap() };
        let mut g = f.number(Dyadic::parse(x).unwrap()).unwrap();
        for _ in 0..k.unsigned_abs() {
            g = f.sum(g, one_way).unwrap();
        }
        // *m by mex: {*0..*(m-1) | same}, through make.
        let mut nimbers = vec![zero];
        for _ in 0..m {
            let next = f.make(&nimbers, &nimbers).unwrap();
            nimbers.push(next);
        }
        f.sum(g, nimbers[m as usize]).unwrap()
    }

    #[test]
    fn uptimals_are_recognised_and_built_as_the_sums_make_them() {
        let mut f = Forms::new();
        for x in ["0", "1/2", "-3", "7/8"] {
            for k in -6..=6i64 {
                for m in 0..6u64 {
                    let g = by_sums(&mut f, x, k, m);
                    let u = Uptimal { number: Dyadic::parse(x).unwrap(), ups: k, nimber: m };
                    assert_eq!(f.as_uptimal(g).unwrap(), Some(u.clone()), "{x} {k} {m}: {}", f.show(g));
                    assert_eq!(f.uptimal_form(&u).unwrap(), g, "{x} {k} {m}");
                }
            }
        }
    }

    #[test]
    fn winners_of_uptimals_against_the_forms() {
        let mut f = Forms::new();
        for x in ["0", "1/4", "-1"] {
            for k in -4..=4i64 {
                for m in 0..5u64 {
                    let g = by_sums(&mut f, x, k, m);
                    let u = Uptimal { number: Dyadic::parse(x).unwrap(), ups: k, nimber: m };
                    assert_eq!(u.winner(), f.winner(g).unwrap(), "{x} {k} {m}");
                }
            }
        }
    }

    #[test]
    fn a_step_limit_stops_the_work_with_an_error_and_the_table_stays_sound() {
        let mut f = Forms::new();
        let one = f.integer(1).unwrap();
        let minus_one = f.integer(-1).unwrap();
        let switch = f.make(&[one], &[minus_one]).unwrap();
        let star = f.make(&[Forms::ZERO], &[Forms::ZERO]).unwrap();
        let up = f.make(&[Forms::ZERO], &[star]).unwrap();
        let g = f.sum(switch, up).unwrap();
        let mut fresh = Forms::new();
        let taken = fresh.steps();
        fresh.limit_steps(Some(taken + 3));
        let (one, minus_one) = (fresh.integer(1).unwrap(), fresh.integer(-1).unwrap());
        let switch = fresh.make(&[one], &[minus_one]).unwrap();
        let star = fresh.make(&[Forms::ZERO], &[Forms::ZERO]).unwrap();
        let up = fresh.make(&[Forms::ZERO], &[star]);
        let stopped = up.and_then(|up| fresh.sum(switch, up).map(|_| ()));
        assert!(stopped.unwrap_err().message().contains("steps of work"));
        fresh.limit_steps(None);
        let up = fresh.make(&[Forms::ZERO], &[star]).unwrap();
        let h = fresh.sum(switch, up).unwrap();
        assert_eq!(fresh.show(h), f.show(g));
        assert!(fresh.steps() > taken + 3);
    }

    #[test]
    fn hot_and_cold_forms_are_not_uptimals() {
        let mut f = Forms::new();
        let zero = Forms::ZERO;
        let one = f.integer(1).unwrap();
        let minus_one = f.integer(-1).unwrap();
        let switch = f.make(&[one], &[minus_one]).unwrap();
        assert_eq!(f.as_uptimal(switch).unwrap(), None);
        let star = f.make(&[zero], &[zero]).unwrap();
        let up = f.make(&[zero], &[star]).unwrap();
        let down = f.neg(up).unwrap();
        // {0 | v} = * (v reverses through *), but tiny-one {0 || 0 | -1} is not in the family.
        let g = f.make(&[zero], &[down]).unwrap();
        assert_eq!(f.as_uptimal(g).unwrap(), Some(Uptimal { number: Dyadic::zero(), ups: 0, nimber: 1 }));
        let zero_minus_one = f.make(&[zero], &[minus_one]).unwrap();
        let tiny = f.make(&[zero], &[zero_minus_one]).unwrap();
        assert_eq!(f.as_uptimal(tiny).unwrap(), None);
        // A sum of switches and uptimals.
        let parts = [switch, switch, up, star, one];
        assert_eq!(f.winner_of_sum(&parts).unwrap(), Winner::Left);
        let parts = [switch, up, star];
        let total = {
            let a = f.sum(switch, up).unwrap();
            f.sum(a, star).unwrap()
        };
        assert_eq!(f.winner_of_sum(&parts).unwrap(), f.winner(total).unwrap());
        assert_eq!(f.sum_of_parts(&parts).unwrap(), total);
        assert_eq!(f.sum_of_parts(&[up, star, one]).unwrap(), by_sums(&mut f, "1", 1, 1));
    }

    #[test]
    fn counts_in_the_errors_are_in_words_one_step_not_one_steps() {
        let mut f = Forms::new();
        f.limit_steps(Some(1));
        let e = f.parse("{{1|0}|{0|-1}}").and_then(|g| f.sum(g, g)).unwrap_err();
        assert!(e.message().contains("more than 1 step of work"), "{e}");
        let e = past_budget(SumBudget { steps: 1, bytes: 1 }, 1);
        assert!(
            e.message().starts_with("the sum of 1 component is past its budget of 1 step and 1 byte"),
            "{e}"
        );
    }
}
