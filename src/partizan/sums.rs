//! Sums of many components: exact where every component is a number plus ups plus a nimber,
//! canonical sums otherwise, within a bound.
//!
//! A form `x + k·^ + *m` (an *uptimal* here: `x` a number, `k` ups, `m` a nimber) is recognised
//! from its canonical form alone, children first, by uptimal.rs (the forms these games have; the
//! tests build each of them by sums and compare), its parts kept in the table's memo. Such
//! components add as three numbers, so 10^5 of them are summed exactly in linear time and the
//! winner read off: the number's sign; at 0, the ups' (`k >= 2`, or `k = 1` with `m != 1`, favour
//! Left; `^*` is fuzzy); at no ups, the nimber (0: the second player wins, else the first).
//!
//! The other components are added as canonical forms: a component and its negative cancel, equal
//! components are added by doubling, and the uptimal total joins them as one form. A sum whose
//! canonical form would need more than a given number of new forms is not built: an error saying
//! so, never a hang.

use super::dyadic::Dyadic;
use super::forms::{push, reserve_entry, FormId, Forms};
use super::hash::FastMap;
use super::outcome::Uptimal;
use super::outcome::Winner;
use super::uptimal::{MAX_NIMBER, MAX_UPS};
use crate::input::Error;

impl Forms {
    /// `g` as `x + k·^ + *m` when it is one (module doc), else `None`; an error when memory runs
    /// out. Its followers are recognised children first, each once (the table's memo).
    pub fn as_uptimal(&mut self, g: FormId) -> Result<Option<Uptimal>, Error> {
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
        let parts = if self.is_number(g) { Some((g, 0, 0)) } else { self.uptimal_memo[&g.0] };
        Ok(parts.map(|(x, ups, nimber)| Uptimal {
            number: self.as_number(x).expect("a number").clone(),
            ups,
            nimber,
        }))
    }

    /// The canonical form of an [`Uptimal`] ([`Forms::uptimal`]).
    pub fn uptimal_form(&mut self, u: &Uptimal) -> Result<FormId, Error> {
        self.uptimal(&u.number, u.ups, u.nimber)
    }

    /// Who wins the sum of `parts` (module doc), building at most `max_new_forms` new forms for
    /// the parts that are not uptimals; past that, an error.
    pub fn winner_of_sum(&mut self, parts: &[FormId], max_new_forms: usize) -> Result<Winner, Error> {
        let (total, others) = self.split_parts(parts)?;
        if others.is_empty() {
            return Ok(total.winner());
        }
        // All-small parts decided by their atomic weights (atomic.rs), before any sum is built.
        if let Some(w) = self.two_ahead_winner(parts)? {
            return Ok(w);
        }
        let too_large = || {
            Error::new(format!(
                "the sum is too large to settle: its canonical form needs more than {max_new_forms} \
                 new forms, and a search more than {max_new_forms} positions"
            ))
        };
        // The exact total joins the other parts as one form, in the sum or in the search: past the
        // sizes made as forms, neither can settle it.
        if total.nimber > MAX_NIMBER || total.ups.unsigned_abs() > MAX_UPS {
            return Err(too_large());
        }
        let limit = self.len().saturating_add(max_new_forms);
        self.form_limit = Some(limit);
        let result = self.sum_of_others(&total, &others);
        self.form_limit = None;
        match result {
            Ok(sum) => self.winner(sum),
            Err(e) if self.len() < limit => Err(e),
            Err(_) => {
                // Too large to build: search the sum's positions instead, within a budget.
                let mut parts: Vec<FormId> = Vec::new();
                for (&g, &count) in &others {
                    for _ in 0..count.min(max_new_forms as i64) {
                        push(&mut parts, g, "the parts of a sum")?;
                    }
                }
                let mut small = total.clone();
                small.number = Dyadic::zero();
                let number = self.number(total.number.clone())?;
                push(&mut parts, number, "the parts of a sum")?;
                self.form_limit = Some(self.len().saturating_add(max_new_forms));
                let infinitesimal = self.uptimal_form(&small);
                self.form_limit = None;
                push(&mut parts, infinitesimal.map_err(|_| too_large())?, "the parts of a sum")?;
                match self.search_winner(&parts, max_new_forms)? {
                    Some(w) => Ok(w),
                    None => Err(too_large()),
                }
            }
        }
    }

    /// The canonical form of the sum of `parts`, made as [`Forms::winner_of_sum`] makes it (the
    /// uptimal parts added exactly, then the others), with at most `max_new_forms` new forms;
    /// past that, an error.
    pub fn sum_of_parts(&mut self, parts: &[FormId], max_new_forms: usize) -> Result<FormId, Error> {
        let (total, others) = self.split_parts(parts)?;
        let limit = self.len().saturating_add(max_new_forms);
        self.form_limit = Some(limit);
        let result = self.sum_of_others(&total, &others);
        self.form_limit = None;
        result.map_err(|e| {
            if self.len() >= limit {
                Error::new(format!("the sum's canonical form needs more than {max_new_forms} new forms"))
            } else {
                e
            }
        })
    }

    /// The uptimal parts' exact total, and how many times each other part comes (in a map whose
    /// order is the same from run to run: the same input, the same sums made).
    fn split_parts(&mut self, parts: &[FormId]) -> Result<(Uptimal, FastMap<FormId, i64>), Error> {
        let mut total = Uptimal { number: Dyadic::zero(), ups: 0, nimber: 0 };
        let mut others: FastMap<FormId, i64> = FastMap::default();
        for &g in parts {
            match self.as_uptimal(g)?.and_then(|u| total.add(&u)) {
                Some(t) => total = t,
                None => {
                    reserve_entry(&mut others)?;
                    *others.entry(g).or_insert(0) += 1;
                }
            }
        }
        Ok((total, others))
    }

    fn sum_of_others(&mut self, total: &Uptimal, others: &FastMap<FormId, i64>) -> Result<FormId, Error> {
        // A component and its negative cancel.
        let mut counts: Vec<(FormId, i64)> = Vec::new();
        let mut net: FastMap<FormId, i64> = FastMap::default();
        for (&g, &c) in others {
            let minus = self.neg(g)?;
            let key = g.min(minus);
            reserve_entry(&mut net)?;
            *net.entry(key).or_insert(0) += if key == g { c } else { -c };
        }
        for (g, c) in net {
            if c != 0 {
                let g = if c > 0 { g } else { self.neg(g)? };
                push(&mut counts, (g, c.abs()), "the parts of a sum")?;
            }
        }
        counts.sort_unstable();
        let mut sum = self.uptimal_form(total)?;
        for (g, c) in counts {
            // c·g by doubling.
            let (mut multiple, mut power, mut c) = (Forms::ZERO, g, c);
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(f.winner_of_sum(&parts, 1000).unwrap(), Winner::Left);
        let parts = [switch, up, star];
        let total = {
            let a = f.sum(switch, up).unwrap();
            f.sum(a, star).unwrap()
        };
        assert_eq!(f.winner_of_sum(&parts, 1000).unwrap(), f.winner(total).unwrap());
        assert_eq!(f.sum_of_parts(&parts, 1000).unwrap(), total);
        assert_eq!(f.sum_of_parts(&[up, star, one], 1000).unwrap(), by_sums(&mut f, "1", 1, 1));
    }
}
