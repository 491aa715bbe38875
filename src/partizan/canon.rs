//! Making canonical forms: `{L | R}` simplified, sums and negatives, without recursion.
//!
//! [`Forms::make`] takes options that are canonical forms of the table and simplifies the whole:
//! when every option is a number and Left's best is below Right's best, the game is the simplest
//! number between them (the simplicity theorem); otherwise dominated options go (a Left option
//! `<=` another, a Right option `>=` another), then each reversible option is bypassed (a Left
//! option `A` with some `A^R <= G` is replaced by the Left options of that `A^R`, and the same for
//! Right), and the two steps repeat until nothing changes. What is left is the canonical form,
//! unique for its value, and interned.
//!
//! [`Forms::sum`] is `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` made canonical, with two
//! shortcuts: numbers add as numbers, and a number `x` moves through a form `G` that is not one
//! (number translation: `G + x = {G^L + x | G^R + x}`). Every sum is memoised; the pairs to add
//! are walked with an explicit stack. [`Forms::neg`] swaps the sides, which keeps a form canonical.

use super::dyadic::Dyadic;
use super::forms::{copy_of, push, reserve_entry, reserve_one, FormId, Forms, Side, PENDING};
#[cfg(test)]
use super::outcome::{Comparison, Winner};
use crate::input::Error;

/// One sum on the stack: `a + b`, its options made so far, and which come next.
struct Addition {
    a: FormId,
    b: FormId,
    next: usize,
    left: Vec<FormId>,
    right: Vec<FormId>,
}

impl Forms {
    /// The canonical form of `{left | right}`, the options being forms of this table.
    pub fn make(&mut self, left: &[FormId], right: &[FormId]) -> Result<FormId, Error> {
        let mut left = copy_of(left, "the form being made")?;
        let mut right = copy_of(right, "the form being made")?;
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            if let Some(x) = self.number_between(&left, &right)? {
                return self.number(x);
            }
            self.drop_dominated(&mut left, Side::Left)?;
            self.drop_dominated(&mut right, Side::Right)?;
            self.set_pending(&left, &right)?;
            let new_left = self.bypass_reversible(&left, Side::Left)?;
            let new_right = self.bypass_reversible(&right, Side::Right)?;
            match (new_left, new_right) {
                (None, None) => {
                    if let Some(x) = self.number_between(&left, &right)? {
                        return self.number(x);
                    }
                    return self.intern(&left, &right);
                }
                (l, r) => {
                    if let Some(l) = l {
                        left = l;
                    }
                    if let Some(r) = r {
                        right = r;
                    }
                }
            }
        }
    }

    /// `{left | right}` as a number, when every option is a number and each of Left's is below
    /// each of Right's: the simplest number between the best of each.
    fn number_between(&self, left: &[FormId], right: &[FormId]) -> Result<Option<Dyadic>, Error> {
        let mut best_left: Option<&Dyadic> = None;
        for &g in left {
            let x = match self.as_number(g) {
                Some(x) => x,
                None => return Ok(None),
            };
            if best_left.map_or(true, |b| x > b) {
                best_left = Some(x);
            }
        }
        let mut best_right: Option<&Dyadic> = None;
        for &g in right {
            let x = match self.as_number(g) {
                Some(x) => x,
                None => return Ok(None),
            };
            if best_right.map_or(true, |b| x < b) {
                best_right = Some(x);
            }
        }
        if let (Some(l), Some(r)) = (best_left, best_right) {
            if l >= r {
                return Ok(None);
            }
        }
        Dyadic::try_simplest_between(best_left, best_right).map(Some)
    }

    /// Removes the options `side` would never choose: for Left one `<=` another, for Right one
    /// `>=` another (distinct canonical forms are never equal).
    fn drop_dominated(&mut self, options: &mut Vec<FormId>, side: Side) -> Result<(), Error> {
        self.drop_worse(options, side, Forms::le)
    }

    /// Removes, one at a time, each option of `side` no better for it than another by `le` (for
    /// Left `le(g, h)`, for Right `le(h, g)`): of two options each as good as the other, one stays.
    /// Used with `<=` here and with `<=` modulo infinitesimals by reduced.rs.
    pub(super) fn drop_worse(
        &mut self,
        options: &mut Vec<FormId>,
        side: Side,
        le: fn(&mut Forms, FormId, FormId) -> Result<bool, Error>,
    ) -> Result<(), Error> {
        let mut k = 0;
        while k < options.len() {
            let g = options[k];
            let mut dominated = false;
            for &h in options.iter() {
                if h == g {
                    continue;
                }
                let worse = match side {
                    Side::Left => le(self, g, h)?,
                    Side::Right => le(self, h, g)?,
                };
                if worse {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                options.remove(k);
            } else {
                k += 1;
            }
        }
        Ok(())
    }

    /// The options of `side` with the reversible ones bypassed (module doc), or `None` when none
    /// is: the pending form is the whole game being made.
    fn bypass_reversible(&mut self, options: &[FormId], side: Side) -> Result<Option<Vec<FormId>>, Error> {
        let mut changed = false;
        let mut result = Vec::new();
        for &a in options {
            self.make_number_options(a)?;
            let replies = copy_of(self.options_of(a, side.other()), "the form being made")?;
            let mut reversed_through = None;
            for reply in replies {
                // Left's A reverses through A^R <= G; Right's through A^L >= G.
                let reverses = match side {
                    Side::Left => self.le_ids(reply.0, PENDING)?,
                    Side::Right => self.le_ids(PENDING, reply.0)?,
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
                    for &g in self.options_of(reply, side) {
                        reserve_one(&mut result, "the form being made")?;
                        result.push(g);
                    }
                }
                None => {
                    reserve_one(&mut result, "the form being made")?;
                    result.push(a);
                }
            }
        }
        Ok(if changed { Some(result) } else { None })
    }

    /// `g + h`, canonical.
    pub fn sum(&mut self, g: FormId, h: FormId) -> Result<FormId, Error> {
        if let Some(known) = self.known_sum(g, h)? {
            return Ok(known);
        }
        self.step()?;
        // The sums open, each an option of the one beneath it: as deep as the forms are.
        let mut stack = Vec::new();
        let what = "the sums being made";
        push(&mut stack, Addition { a: g, b: h, next: 0, left: Vec::new(), right: Vec::new() }, what)?;
        loop {
            let top = stack.len() - 1;
            let (a, b, next) = (stack[top].a, stack[top].b, stack[top].next);
            match self.addend(a, b, next) {
                Some((side, c, d)) => {
                    self.step()?;
                    stack[top].next += 1;
                    match self.known_sum(c, d)? {
                        Some(s) => {
                            let list = match side {
                                Side::Left => &mut stack[top].left,
                                Side::Right => &mut stack[top].right,
                            };
                            reserve_one(list, "a sum's options")?;
                            list.push(s);
                        }
                        None => {
                            // The side is known again from `next` when the sum comes back.
                            let addition =
                                Addition { a: c, b: d, next: 0, left: Vec::new(), right: Vec::new() };
                            push(&mut stack, addition, what)?;
                        }
                    }
                }
                None => {
                    let done = stack.pop().expect("a sum");
                    let s = self.make(&done.left, &done.right)?;
                    reserve_entry(&mut self.sum_memo)?;
                    self.sum_memo.insert(key(done.a, done.b), s);
                    match stack.last_mut() {
                        None => return Ok(s),
                        Some(parent) => {
                            let (side, _, _) =
                                self.addend(parent.a, parent.b, parent.next - 1).expect("the sum asked");
                            let list = match side {
                                Side::Left => &mut parent.left,
                                Side::Right => &mut parent.right,
                            };
                            reserve_one(list, "a sum's options")?;
                            list.push(s);
                        }
                    }
                }
            }
        }
    }

    /// The `next`-th option of `a + b` as the pair to add and the side it is for: Left's first.
    fn addend(&self, a: FormId, b: FormId, next: usize) -> Option<(Side, FormId, FormId)> {
        let mut k = next;
        // A number moves through the other addend (number translation), which is not one here.
        let moves_in_a = !self.is_number(a);
        let moves_in_b = !self.is_number(b);
        for side in [Side::Left, Side::Right] {
            if moves_in_a {
                let options = self.options_of(a, side);
                if k < options.len() {
                    return Some((side, options[k], b));
                }
                k -= options.len();
            }
            if moves_in_b {
                let options = self.options_of(b, side);
                if k < options.len() {
                    return Some((side, a, options[k]));
                }
                k -= options.len();
            }
        }
        None
    }

    /// `a + b` when known without adding options: one is 0, both are numbers, or it was made.
    fn known_sum(&mut self, a: FormId, b: FormId) -> Result<Option<FormId>, Error> {
        if a == Forms::ZERO {
            return Ok(Some(b));
        }
        if b == Forms::ZERO {
            return Ok(Some(a));
        }
        if let (Some(x), Some(y)) = (self.as_number(a), self.as_number(b)) {
            let total = x.try_add(y)?;
            return self.number(total).map(Some);
        }
        Ok(self.sum_memo.get(&key(a, b)).copied())
    }

    /// `-g`, canonical.
    pub fn neg(&mut self, g: FormId) -> Result<FormId, Error> {
        if let Some(x) = self.as_number(g) {
            let minus = x.try_neg()?;
            return self.number(minus);
        }
        if let Some(&known) = self.neg_memo.get(&g.0) {
            return Ok(known);
        }
        for h in self.followers_in_order(g)? {
            if self.neg_memo.contains_key(&h.0) {
                continue;
            }
            let mut left = Vec::new();
            let mut right = Vec::new();
            for (side, list) in [(Side::Right, &mut left), (Side::Left, &mut right)] {
                for k in 0..self.options_of(h, side).len() {
                    let option = self.options_of(h, side)[k];
                    let minus = match self.as_number(option) {
                        Some(x) => {
                            let x = x.try_neg()?;
                            self.number(x)?
                        }
                        None => self.neg_memo[&option.0],
                    };
                    push(list, minus, "the negative of a form")?;
                }
            }
            left.sort_unstable();
            right.sort_unstable();
            let minus = self.intern(&left, &right)?;
            reserve_entry(&mut self.neg_memo)?;
            self.neg_memo.insert(h.0, minus);
        }
        Ok(self.neg_memo[&g.0])
    }

    /// `g - h`.
    pub fn difference(&mut self, g: FormId, h: FormId) -> Result<FormId, Error> {
        let minus = self.neg(h)?;
        self.sum(g, minus)
    }
}

/// The memo's key of a sum: the pair in order (addition commutes).
fn key(a: FormId, b: FormId) -> (u32, u32) {
    if a.0 <= b.0 {
        (a.0, b.0)
    } else {
        (b.0, a.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(forms: &mut Forms, text: &str) -> FormId {
        forms.number(Dyadic::parse(text).unwrap()).unwrap()
    }

    #[test]
    fn identities_the_literature_states() {
        let mut f = Forms::new();
        let zero = Forms::ZERO;
        let star = f.make(&[zero], &[zero]).unwrap();
        let up = f.make(&[zero], &[star]).unwrap();
        let down = f.neg(up).unwrap();
        assert_eq!(f.sum(up, down).unwrap(), zero);
        assert_eq!(f.sum(star, star).unwrap(), zero);
        let one = num(&mut f, "1");
        let minus_one = num(&mut f, "-1");
        let switch = f.make(&[one], &[minus_one]).unwrap();
        assert_eq!(f.sum(switch, switch).unwrap(), zero);
        // {0 | ^} = ^^*
        let g = f.make(&[zero], &[up]).unwrap();
        let up_up = f.sum(up, up).unwrap();
        let up_up_star = f.sum(up_up, star).unwrap();
        assert_eq!(g, up_up_star);
        // ^* = {0, * | 0}
        let up_star = f.sum(up, star).unwrap();
        assert_eq!(up_star, f.make(&[zero, star], &[zero]).unwrap());
        // The simplest number between: {0 | 1} = 1/2, {1/2 | 1} = 3/4, {-1 | 1} = 0, {1|} = 2.
        let half = num(&mut f, "1/2");
        assert_eq!(f.make(&[zero], &[one]).unwrap(), half);
        let g = f.make(&[half], &[one]).unwrap();
        assert_eq!(f.show(g), "3/4");
        assert_eq!(f.make(&[minus_one], &[one]).unwrap(), zero);
        let g = f.make(&[one], &[]).unwrap();
        assert_eq!(f.show(g), "2");
        // {* | *} = 0, {|*} = 0, {1/2 | 1/2}: 1/2*
        assert_eq!(f.make(&[star], &[star]).unwrap(), zero);
        assert_eq!(f.make(&[], &[star]).unwrap(), zero);
        let half_star = f.sum(half, star).unwrap();
        assert_eq!(f.make(&[half], &[half]).unwrap(), half_star);
        // Outcomes.
        assert_eq!(f.winner(up).unwrap(), Winner::Left);
        assert_eq!(f.winner(star).unwrap(), Winner::First);
        assert_eq!(f.winner(switch).unwrap(), Winner::First);
        assert_eq!(f.winner(up_star).unwrap(), Winner::First);
        assert_eq!(f.winner(up_up_star).unwrap(), Winner::Left);
        assert_eq!(f.winner(zero).unwrap(), Winner::Second);
        assert_eq!(f.winner(down).unwrap(), Winner::Right);
        // *2 + *3 = *
        let star2 = f.make(&[zero, star], &[zero, star]).unwrap();
        let star3 = f.make(&[zero, star, star2], &[zero, star, star2]).unwrap();
        assert_eq!(f.sum(star2, star3).unwrap(), star);
        assert_eq!(f.show(star3), "*3");
        // 1/2 + 1/2 = 1; switch + 1 = {2 | 0}
        assert_eq!(f.sum(half, half).unwrap(), one);
        let two = num(&mut f, "2");
        assert_eq!(f.sum(switch, one).unwrap(), f.make(&[two], &[zero]).unwrap());
        assert_eq!(f.compare(up, zero).unwrap(), Comparison::Greater);
        assert_eq!(f.compare(star, zero).unwrap(), Comparison::Confused);
        assert_eq!(f.compare(up, half).unwrap(), Comparison::Less);
    }
}
