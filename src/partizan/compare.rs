//! Comparing forms: `G <= H`, without recursion, memoised.
//!
//! `G <= H` exactly when no Left option of `G` is `>= H` and no Right option of `H` is `<= G`
//! (Conway's definition). Each question asks smaller ones (the birthdays' sum drops), so the
//! questions form a DAG, walked here with an explicit stack and each answer kept: between table
//! forms in `le_memo`, against the form being made (`PENDING`, canon.rs) in `pending_memo` until
//! it changes. `le_memo` holds at most [`LE_MEMO_MAX`] answers: once full it is emptied and starts
//! again (its memory kept), so that valuing 10^4 rows of Toppling Dominoes (tens of millions of
//! answers) takes 13 MB of memo, not a GB. The answer a question waits for comes up the stack, not
//! through the memo, so forgetting changes no answer, only what is asked again.
//!
//! Two distinct nimbers are confused, told at once (their options would ask `m` questions each,
//! and the pairs below `*2048` overflow the memo). Two shortcuts keep numbers from being walked
//! through their options: two numbers compare as numbers, and a number `x` against a form `G` of the table that is not one needs only `G`'s
//! options (number avoidance: `x <= G` iff no `G^R <= x`, and `G <= x` iff no `G^L >= x`). A
//! number meets the pending form (whose value is not known yet) through its options, made on
//! demand.

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

/// The most answers `le_memo` holds (module doc): as many as 2^20 buckets of a `HashMap` take
/// (7/8 of them), 13 MB. Domineering's 5 x 5 board keeps fewer than half a million: it never
/// empties. Measured on 10^4 rows of Toppling Dominoes, a larger memo is no faster (its answers
/// are needed again soon or never), only larger: 2^26 buckets took 1.3 GB.
pub(crate) const LE_MEMO_MAX: usize = 7 << 17;

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
        // Two distinct nimbers are confused (`*m + *n` is `*(m xor n)`, not 0).
        if self.nimber_of(FormId(a)) != 0 && self.nimber_of(FormId(b)) != 0 {
            return Some(false);
        }
        self.le_memo.get(&(a, b)).copied()
    }

    fn remember_le(&mut self, a: u32, b: u32, answer: bool) -> Result<(), Error> {
        if a == PENDING || b == PENDING {
            reserve_entry(&mut self.pending_memo)?;
            self.pending_memo.insert((a, b), answer);
        } else {
            if self.le_memo.len() >= LE_MEMO_MAX {
                // Bounded (module doc): the answers it held are asked again if needed.
                self.le_memo.clear();
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A game as a plain tree, compared by Conway's definition with recursion (the oracle: it
    /// shares nothing with the table's walk and memo).
    #[derive(Clone)]
    struct Tree {
        left: Vec<Tree>,
        right: Vec<Tree>,
    }

    fn tree_le(g: &Tree, h: &Tree) -> bool {
        !g.left.iter().any(|gl| tree_le(h, gl)) && !h.right.iter().any(|hr| tree_le(hr, g))
    }

    fn random_tree(rng: &mut Rng, depth: u32) -> Tree {
        let side = |rng: &mut Rng| -> Vec<Tree> {
            if depth == 0 {
                return Vec::new();
            }
            (0..rng.below(3)).map(|_| random_tree(rng, depth - 1)).collect()
        };
        let left = side(rng);
        let right = side(rng);
        Tree { left, right }
    }

    /// The tree's canonical form in the table, children first.
    fn form_of(forms: &mut Forms, g: &Tree) -> FormId {
        let left: Vec<FormId> = g.left.iter().map(|t| form_of(forms, t)).collect();
        let right: Vec<FormId> = g.right.iter().map(|t| form_of(forms, t)).collect();
        forms.make(&left, &right).unwrap()
    }

    /// Nimbers, told apart at once when both are tagged ([`Forms::nimber_of`]), against the
    /// definition: the trees of `*0` to `*5`, and of random sets of them on each side (equal
    /// sides make a nimber by the mex, unequal ones other games).
    #[test]
    fn nimbers_compare_by_the_definition() {
        let mut nimbers: Vec<Tree> = Vec::new();
        for _ in 0..=5 {
            nimbers.push(Tree { left: nimbers.clone(), right: nimbers.clone() });
        }
        let mut rng = Rng::new(52);
        let mut trees = nimbers.clone();
        for _ in 0..30 {
            let subset = |rng: &mut Rng| -> Vec<Tree> {
                nimbers.iter().filter(|_| rng.below(2) == 1).cloned().collect()
            };
            let left = subset(&mut rng);
            let right = if rng.below(2) == 1 { left.clone() } else { subset(&mut rng) };
            trees.push(Tree { left, right });
        }
        let mut forms = Forms::new();
        let ids: Vec<FormId> = trees.iter().map(|t| form_of(&mut forms, t)).collect();
        for (m, &id) in ids.iter().enumerate().take(6) {
            assert_eq!(forms.nimber_of(id), m as u16);
        }
        for (i, g) in trees.iter().enumerate() {
            for (j, h) in trees.iter().enumerate() {
                assert_eq!(forms.le(ids[i], ids[j]).unwrap(), tree_le(g, h), "trees {i} and {j}");
            }
        }
    }

    #[test]
    fn a_full_memo_is_emptied_and_the_answers_stay_right() {
        let mut rng = Rng::new(51);
        let trees: Vec<Tree> = (0..60).map(|_| random_tree(&mut rng, 3)).collect();
        let mut forms = Forms::new();
        let ids: Vec<FormId> = trees.iter().map(|t| form_of(&mut forms, t)).collect();
        // The memo one answer short of full, with pairs of ids no form has: the next answers
        // kept empty it first.
        forms.le_memo.clear();
        let junk = u32::MAX - 2;
        for k in 0..LE_MEMO_MAX as u32 - 1 {
            forms.le_memo.insert((junk, k), false);
        }
        let capacity = forms.le_memo.capacity();
        for (g, tg) in ids.iter().zip(&trees) {
            for (h, th) in ids.iter().zip(&trees) {
                assert_eq!(forms.le(*g, *h).unwrap(), tree_le(tg, th));
            }
        }
        assert!(forms.le_memo.len() < LE_MEMO_MAX / 2, "emptied once full");
        assert!(!forms.le_memo.contains_key(&(junk, 0)));
        assert_eq!(forms.le_memo.capacity(), capacity, "its memory kept, not grown");
    }
}
