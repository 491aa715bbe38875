//! The values of a partizan game whose positions are values of a type of the caller's: a board, a
//! strip, a tree (when there are too many positions to number them `0..n`).
//!
//! [`Rules`] says how each side moves and, optionally, how a position splits into independent
//! parts (a board into its regions): its value is then the sum of theirs. [`Evaluator::value`]
//! values a position and every position it leads to, each once (a memo keyed by position), with
//! an explicit stack, so a line of 10^6 moves works. A position met again while it is being valued
//! makes the game loopy, not short: an error.

use super::forms::{reserve, reserve_entry, reserve_one, FormId, Forms, Side};
use super::hash::{FastMap, FastSet};
use crate::input::{out_of_memory, Error};
use std::fmt::Debug;
use std::hash::Hash;

/// A partizan game's rules over positions of type [`Rules::Position`].
pub trait Rules {
    /// A position: equal positions must have equal moves.
    type Position: Clone + Eq + Hash + Debug;

    /// Pushes onto `list` (empty when called) the positions `side` can move to from `position`.
    fn moves(&self, position: &Self::Position, side: Side, list: &mut Vec<Self::Position>);

    /// Pushes onto `parts` (empty when called) two or more positions whose sum `position` is, when
    /// it is made of independent games; leaves `parts` empty otherwise (the default). A part must
    /// not split again into `position` itself.
    fn split(&self, _position: &Self::Position, _parts: &mut Vec<Self::Position>) {}
}

/// What a position on the stack waits for: the values of its parts or of its options.
struct Pending<P> {
    position: P,
    /// The parts (split) or the Left options then the Right options.
    children: Vec<P>,
    /// How many of `children` are Left options (moves only).
    left: usize,
    split: bool,
    next: usize,
}

/// Values positions of one game, remembering every position valued (module doc).
pub struct Evaluator<R: Rules> {
    rules: R,
    memo: FastMap<R::Position, FormId>,
}

impl<R: Rules> Evaluator<R> {
    /// An evaluator with nothing valued yet.
    pub fn new(rules: R) -> Evaluator<R> {
        Evaluator { rules, memo: FastMap::default() }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// How many positions have been valued.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position`, in `forms`: its canonical form.
    pub fn value(&mut self, forms: &mut Forms, position: R::Position) -> Result<FormId, Error> {
        if let Some(&known) = self.memo.get(&position) {
            return Ok(known);
        }
        let mut open: FastSet<R::Position> = FastSet::default();
        let mut stack = vec![self.pending(position.clone())?];
        open.insert(position);
        loop {
            let top = stack.len() - 1;
            if stack[top].next < stack[top].children.len() {
                let child = &stack[top].children[stack[top].next];
                if self.memo.contains_key(child) {
                    stack[top].next += 1;
                    continue;
                }
                if open.contains(child) {
                    return Err(Error::new(format!(
                        "the game is not short: position {} can be reached from itself",
                        shown(child)
                    )));
                }
                let child = child.clone();
                if open.len() == open.capacity() {
                    open.try_reserve(open.len().max(4))
                        .map_err(|_| out_of_memory(open.len() as u128 * 64, "the positions being valued"))?;
                }
                open.insert(child.clone());
                reserve_one(&mut stack, "the positions being valued")?;
                let pending = self.pending(child)?;
                stack.push(pending);
                continue;
            }
            let done = stack.pop().expect("a position");
            let mut values = Vec::new();
            reserve(&mut values, done.children.len(), "the positions being valued")?;
            values.extend(done.children.iter().map(|c| self.memo[c]));
            let value = if done.split {
                let mut total = Forms::ZERO;
                for v in values {
                    total = forms.sum(total, v)?;
                }
                total
            } else {
                forms.make(&values[..done.left], &values[done.left..])?
            };
            open.remove(&done.position);
            reserve_entry(&mut self.memo)?;
            self.memo.insert(done.position, value);
            if stack.is_empty() {
                return Ok(value);
            }
        }
    }

    fn pending(&self, position: R::Position) -> Result<Pending<R::Position>, Error> {
        let mut children = Vec::new();
        self.rules.split(&position, &mut children);
        if children.len() >= 2 {
            return Ok(Pending { position, children, left: 0, split: true, next: 0 });
        }
        children.clear();
        self.rules.moves(&position, Side::Left, &mut children);
        let left = children.len();
        let mut right = Vec::new();
        self.rules.moves(&position, Side::Right, &mut right);
        reserve(&mut children, right.len(), "the positions being valued")?;
        children.extend(right);
        Ok(Pending { position, children, left, split: false, next: 0 })
    }
}

/// A position in an error message: its debug form, at most 60 characters, escaped.
fn shown<P: Debug>(position: &P) -> String {
    let text = format!("{position:?}");
    let mut out: String = text.chars().take(60).flat_map(char::escape_debug).collect();
    if text.chars().count() > 60 {
        out.push_str("...");
    }
    out
}
