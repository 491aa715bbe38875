//! Comparing forms: `G <= H`, without recursion, memoised.
//!
//! `G <= H` exactly when no Left option of `G` is `>= H` and no Right option of `H` is `<= G`
//! (Conway's definition). Each question asks smaller ones (the birthdays' sum drops), so the
//! questions form a DAG, walked here with an explicit stack and each answer kept: between table
//! forms in `le_memo` for good, against the form being made (`PENDING`, canon.rs) in
//! `pending_memo` until it changes. Two shortcuts keep numbers from being walked through their
//! options: two numbers compare as numbers, and a number `x` against a form `G` of the table that
//! is not one needs only `G`'s options (number avoidance: `x <= G` iff no `G^R <= x`, and `G <= x`
//! iff no `G^L >= x`). A number meets the pending form (whose value is not known yet) through its
//! options, made on demand.

use super::forms::{push, reserve_entry, reserve_one, FormId, Forms, PENDING};
use super::outcome::{Comparison, Side, Winner};
use crate::input::Error;
use std::cmp::Ordering;

/// One question on the stack: is `a <= b`? `next` counts the smaller questions asked so far: first
/// `b <= a^L` for each Left option of `a` (when `left`), then `b^R <= a` for each Right option of
/// `b` (when `right`); any of them true makes the answer false.
#[derive(Clone, Copy)]
struct Question {
    a: u32,
    b: u32,
    next: u32,
    left: bool,
    right: bool,
}

/// What the stack of questions is, in an error when memory for it runs out.
const WHAT: &str = "the questions of a comparison";

impl Forms {
    /// Whether `g <= h`.
    pub fn le(&mut self, g: FormId, h: FormId) -> Result<bool, Error> {
        self.le_ids(g.0, h.0)
    }

    /// How `g` compares with `h`.
    pub fn compare(&mut self, g: FormId, h: FormId) -> Result<Comparison, Error> {
        if g == h {
            return Ok(Comparison::Equal);
        }
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            return Ok(match x.cmp(y) {
                Ordering::Less => Comparison::Less,
                Ordering::Equal => Comparison::Equal,
                Ordering::Greater => Comparison::Greater,
            });
        }
        // Distinct canonical forms are distinct games: never equal.
        Ok(match (self.le(g, h)?, self.le(h, g)?) {
            (true, _) => Comparison::Less,
            (_, true) => Comparison::Greater,
            _ => Comparison::Confused,
        })
    }

    /// Who wins `g`: compared with 0.
    pub fn winner(&mut self, g: FormId) -> Result<Winner, Error> {
        if let Some(x) = self.as_number(g) {
            return Ok(match x.signum() {
                1 => Winner::Left,
                -1 => Winner::Right,
                _ => Winner::Second,
            });
        }
        let le_zero = self.le(g, Forms::ZERO)?;
        let ge_zero = self.le(Forms::ZERO, g)?;
        // Left wins moving first iff not g <= 0; moving second iff g >= 0.
        Ok(Winner::from_wins(!le_zero, ge_zero))
    }

    /// `a <= b` for ids that may be [`PENDING`] (one side at most).
    pub(crate) fn le_ids(&mut self, a: u32, b: u32) -> Result<bool, Error> {
        self.step()?;
        if let Some(known) = self.known_le(a, b) {
            return Ok(known);
        }
        // The questions open, each asked by the one beneath it: as deep as the forms are.
        let mut stack = Vec::new();
        push(&mut stack, self.question(a, b), WHAT)?;
        // The answer of the question just settled, for the one beneath it.
        let mut settled: Option<bool> = None;
        loop {
            let top = stack.len() - 1;
            if let Some(answer) = settled.take() {
                if answer {
                    // A smaller question came out true: this one is false.
                    if let Some(done) = self.settle(&mut stack, false)? {
                        return Ok(done);
                    }
                    settled = Some(false);
                    continue;
                }
                stack[top].next += 1;
            }
            let q = stack[top];
            match self.smaller_question(q)? {
                None => {
                    if let Some(done) = self.settle(&mut stack, true)? {
                        return Ok(done);
                    }
                    settled = Some(true);
                }
                Some((c, d)) => match self.step().map(|()| self.known_le(c, d))? {
                    Some(true) => {
                        if let Some(done) = self.settle(&mut stack, false)? {
                            return Ok(done);
                        }
                        settled = Some(false);
                    }
                    Some(false) => stack[top].next += 1,
                    None => push(&mut stack, self.question(c, d), WHAT)?,
                },
            }
        }
    }

    /// Records the answer of the top question and pops it; `Some(answer)` when it was the last.
    fn settle(&mut self, stack: &mut Vec<Question>, answer: bool) -> Result<Option<bool>, Error> {
        let q = stack.pop().expect("a question");
        self.remember_le(q.a, q.b, answer)?;
        Ok(if stack.is_empty() { Some(answer) } else { None })
    }

    fn question(&self, a: u32, b: u32) -> Question {
        let number = |id: u32| id != PENDING && self.is_number(FormId(id));
        // Number avoidance (module doc) between a number and a table form that is not one.
        let (left, right) = match (number(a), number(b)) {
            (true, false) if b != PENDING => (false, true),
            (false, true) if a != PENDING => (true, false),
            _ => (true, true),
        };
        Question { a, b, next: 0, left, right }
    }

    /// The `q.next`-th smaller question of `q`, or `None` when every one was asked.
    fn smaller_question(&mut self, q: Question) -> Result<Option<(u32, u32)>, Error> {
        let mut k = q.next as usize;
        if q.left {
            let count = self.option_count(q.a, Side::Left)?;
            if k < count {
                return Ok(Some((q.b, self.option_at(q.a, Side::Left, k))));
            }
            k -= count;
        }
        if q.right {
            let count = self.option_count(q.b, Side::Right)?;
            if k < count {
                return Ok(Some((self.option_at(q.b, Side::Right, k), q.a)));
            }
        }
        Ok(None)
    }

    fn option_count(&mut self, id: u32, side: Side) -> Result<usize, Error> {
        if id == PENDING {
            return Ok(match side {
                Side::Left => self.pending.0.len(),
                Side::Right => self.pending.1.len(),
            });
        }
        self.make_number_options(FormId(id))?;
        Ok(self.options_of(FormId(id), side).len())
    }

    fn option_at(&self, id: u32, side: Side, k: usize) -> u32 {
        if id == PENDING {
            return match side {
                Side::Left => self.pending.0[k].0,
                Side::Right => self.pending.1[k].0,
            };
        }
        self.options_of(FormId(id), side)[k].0
    }

    /// The answer to `a <= b` when it is known without asking smaller questions.
    fn known_le(&self, a: u32, b: u32) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        if a == PENDING || b == PENDING {
            return self.pending_memo.get(&(a, b)).copied();
        }
        if let (Some(x), Some(y)) = (self.as_number(FormId(a)), self.as_number(FormId(b))) {
            return Some(x <= y);
        }
        self.le_memo.get(&(a, b)).copied()
    }

    fn remember_le(&mut self, a: u32, b: u32, answer: bool) -> Result<(), Error> {
        if a == PENDING || b == PENDING {
            reserve_entry(&mut self.pending_memo)?;
            self.pending_memo.insert((a, b), answer);
        } else {
            reserve_entry(&mut self.le_memo)?;
            self.le_memo.insert((a, b), answer);
        }
        Ok(())
    }

    /// Sets the form being made (canon.rs): its comparisons are forgotten.
    pub(crate) fn set_pending(&mut self, left: &[FormId], right: &[FormId]) -> Result<(), Error> {
        self.pending_memo.clear();
        self.pending.0.clear();
        self.pending.1.clear();
        for &g in left {
            reserve_one(&mut self.pending.0, "the form being made")?;
            self.pending.0.push(g);
        }
        for &g in right {
            reserve_one(&mut self.pending.1, "the form being made")?;
            self.pending.1.push(g);
        }
        Ok(())
    }
}
