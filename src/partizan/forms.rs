//! The table of canonical forms: every form made once, with an id, its options stored as ids.
//!
//! Invariant: every entry is a game in canonical form (no dominated option, no reversible one),
//! and no two entries are equal games, so two forms are equal exactly when their ids are. Numbers
//! are interned by value ([`Dyadic`]) and their options made only when a comparison needs them
//! (the integer 10^5 does not bring its 10^5 predecessors along); every other entry is interned by
//! its sorted Left and Right options. Memory is reserved checked as the table grows: a form that
//! cannot be had is an [`Error`], never an abort. The helpers here (`reserve`, `push`, `copy_of`,
//! `reserve_entry`) are how the whole module grows what grows with the forms: the table, its
//! memos, and each operation's work stacks and lists.

use super::budget::SumBudget;
use super::dyadic::Dyadic;
pub(crate) use super::grow::{copy_of, push, reserve, reserve_entry, reserve_one, reserve_set_entry};
use super::hash::FastMap;
pub use super::outcome::Side;
use crate::input::{plural, Error};
use std::collections::HashMap;
// (Edition 2018's prelude, which the bundles compile in, lacks TryFrom.)
use std::convert::TryFrom;
use std::hash::Hash;

/// A canonical form in a [`Forms`] table: equal ids are equal games, and only they.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FormId(pub(crate) u32);

impl FormId {
    /// The form's index in its table (0 is the game 0).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An uptimal's parts (uptimal.rs): the number (as its form), the ups, the nimber.
pub(crate) type UptimalParts = (FormId, i64, u64);

/// No number: the value of [`Entry::number`] for a form that is not one.
const NOT_A_NUMBER: u32 = u32::MAX;

/// One canonical form: its options in `options[start..start + left]` (Left's) and the `right`
/// after them, and its value when it is a number.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    start: u32,
    left: u32,
    right: u32,
    /// Index into `numbers`, or [`NOT_A_NUMBER`].
    number: u32,
    /// For a number: whether its options have been made (they are made on demand).
    options_made: bool,
    /// `m` for the nimber `*m` (`m >= 1`), 0 for any other form: nimbers compare at once
    /// (compare.rs), where their options would take `m` questions each.
    nimber: u16,
}

/// The table of canonical forms (module doc). `Forms::new()` holds `0`; every operation that makes
/// forms ([`Forms::make`], [`Forms::sum`], [`Forms::number`], ...) adds what it needs.
pub struct Forms {
    pub(crate) entries: Vec<Entry>,
    pub(crate) options: Vec<FormId>,
    pub(crate) numbers: Vec<Dyadic>,
    number_ids: FastMap<Dyadic, FormId>,
    /// Hash of the options to the first entry with that hash; `next_same_hash` chains the rest.
    by_options: FastMap<u64, u32>,
    next_same_hash: Vec<u32>,
    /// The memo of `<=` between table forms (compare.rs), of sums (canon.rs), of negatives.
    pub(crate) le_memo: FastMap<(u32, u32), bool>,
    pub(crate) sum_memo: FastMap<(u32, u32), FormId>,
    pub(crate) neg_memo: FastMap<u32, FormId>,
    /// The form being made (canon.rs), compared with table forms through `pending_memo`.
    pub(crate) pending: (Vec<FormId>, Vec<FormId>),
    pub(crate) pending_memo: FastMap<(u32, u32), bool>,
    /// Each form known to be or not to be an uptimal (sums.rs).
    pub(crate) uptimal_memo: FastMap<u32, Option<UptimalParts>>,
    /// The most bytes the table may hold for now ([`Forms::heap_bytes`]; a sum's budget, sums.rs),
    /// checked every [`BYTE_CHECK_STEPS`] steps, and the steps at which it is checked next.
    byte_limit: Option<usize>,
    next_byte_check: u64,
    /// The budget of the sum questions (sums.rs).
    pub(crate) sum_budget: SumBudget,
    /// The memos of thermo.rs: each form's stops (left, right) and its thermograph's walls.
    pub(crate) stops_memo: FastMap<u32, (Dyadic, Dyadic)>,
    pub(crate) walls_memo: FastMap<u32, (Vec<Line>, Vec<Line>)>,
    /// Each form's atomic weight (atomic.rs), `None` for a form that is not all-small.
    pub(crate) atomic_memo: FastMap<u32, Option<FormId>>,
    /// The heap of the numbers' digits (twice: each number's and its key's), of the stops' and of
    /// the walls' (their vectors and digits), added as each is stored ([`Forms::add_held`]), so
    /// that [`Forms::heap_bytes`], asked at every sum, is not a walk of the whole table.
    held: usize,
    /// The steps taken ([`Forms::steps`]) and the most allowed ([`Forms::limit_steps`]).
    steps: u64,
    step_limit: Option<u64>,
}

/// How often a byte limit is checked, in steps ([`Forms::steps_of`]).
const BYTE_CHECK_STEPS: u64 = 4096;

/// A piece of a thermograph's wall (thermo.rs): from `start` on, `value + slope·(t - start)`.
pub(crate) type Line = (Dyadic, Dyadic, i8);

/// The id that stands for the pending form in comparisons (compare.rs).
pub(crate) const PENDING: u32 = u32::MAX;

impl Default for Forms {
    fn default() -> Forms {
        Forms::new()
    }
}

impl Forms {
    /// A table holding the game 0. Panics when memory for it cannot be had: a program that keeps
    /// the contract calls [`Forms::try_new`].
    pub fn new() -> Forms {
        Forms::try_new().expect("room for the game 0")
    }

    /// A table holding the game 0, or an error when memory for it cannot be had.
    pub fn try_new() -> Result<Forms, Error> {
        let mut forms = Forms {
            entries: Vec::new(),
            options: Vec::new(),
            numbers: Vec::new(),
            number_ids: FastMap::default(),
            by_options: FastMap::default(),
            next_same_hash: Vec::new(),
            le_memo: FastMap::default(),
            sum_memo: FastMap::default(),
            neg_memo: FastMap::default(),
            pending: (Vec::new(), Vec::new()),
            pending_memo: FastMap::default(),
            uptimal_memo: FastMap::default(),
            byte_limit: None,
            next_byte_check: 0,
            sum_budget: SumBudget::DEFAULT,
            stops_memo: FastMap::default(),
            walls_memo: FastMap::default(),
            atomic_memo: FastMap::default(),
            held: 0,
            steps: 0,
            step_limit: None,
        };
        let zero = forms.number(Dyadic::zero())?;
        debug_assert_eq!(zero, Forms::ZERO);
        Ok(forms)
    }

    /// The game 0 (`{|}`), in every table.
    pub const ZERO: FormId = FormId(0);

    /// How many forms the table holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table holds nothing but 0 (it always holds 0).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Bounds the work of what follows: once `limit` steps have been taken in all, since the table
    /// was made, the next step fails with an error (the operation that took it with it); `None`
    /// lifts the bound. A step is a comparison asked, or one of the smaller comparisons it asks in
    /// turn (known or not), or a pair of forms whose sum a sum needs (known or not), or an option
    /// of a nimber built as it stands: a cap
    /// on time where the forms' count is none (a few hundred forms may take 10^8 comparisons).
    pub fn limit_steps(&mut self, limit: Option<u64>) {
        self.step_limit = limit;
    }

    /// Bounds the table's bytes ([`Forms::heap_bytes`]) while a sum is settled (sums.rs): past
    /// `limit`, the next step that measures them fails; `None` lifts the bound.
    pub(crate) fn limit_bytes(&mut self, limit: Option<usize>) {
        self.byte_limit = limit;
        self.next_byte_check = self.steps;
    }

    /// The bytes the table may still grow by under [`Forms::limit_bytes`].
    pub(crate) fn bytes_left(&self) -> usize {
        self.byte_limit.map_or(usize::MAX, |limit| limit.saturating_sub(self.heap_bytes()))
    }

    /// The steps taken so far ([`Forms::limit_steps`]).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The steps that may still be taken ([`Forms::limit_steps`]).
    pub(crate) fn steps_left(&self) -> u64 {
        self.step_limit.map_or(u64::MAX, |limit| limit.saturating_sub(self.steps))
    }

    /// Counts one step: an error past the limit ([`Forms::limit_steps`]).
    pub(crate) fn step(&mut self) -> Result<(), Error> {
        self.steps_of(1)
    }

    /// Counts `k` steps at once (work that asks no comparison, such as a form of `k` options
    /// built as it stands): an error past the limit.
    pub(crate) fn steps_of(&mut self, k: u64) -> Result<(), Error> {
        self.steps = self.steps.saturating_add(k);
        if let Some(limit) = self.step_limit {
            if self.steps > limit {
                let steps = plural(limit, "step");
                return Err(Error::new(format!("more than {steps} of work on the canonical forms")));
            }
        }
        if let Some(limit) = self.byte_limit {
            // Measured now and then: a few thousand steps grow the table by little.
            if self.steps >= self.next_byte_check {
                self.next_byte_check = self.steps.saturating_add(BYTE_CHECK_STEPS);
                if self.heap_bytes() > limit {
                    // (A sum's budget, told as such by sums.rs.)
                    return Err(Error::new("over budget"));
                }
            }
        }
        Ok(())
    }

    /// The form's value when it is a number.
    pub fn as_number(&self, g: FormId) -> Option<&Dyadic> {
        let number = self.entries[g.index()].number;
        if number == NOT_A_NUMBER {
            None
        } else {
            Some(&self.numbers[number as usize])
        }
    }

    /// Whether the form is a number.
    pub fn is_number(&self, g: FormId) -> bool {
        self.entries[g.index()].number != NOT_A_NUMBER
    }

    /// The form's options for `side`, canonical, in increasing id order. A number's are given only
    /// once a comparison has needed them: take them from [`Dyadic::options`] of
    /// [`Forms::as_number`] instead.
    pub fn options_of(&self, g: FormId, side: Side) -> &[FormId] {
        let e = self.entries[g.index()];
        let start = e.start as usize;
        match side {
            Side::Left => &self.options[start..start + e.left as usize],
            Side::Right => &self.options[start + e.left as usize..start + (e.left + e.right) as usize],
        }
    }

    /// Left's options ([`Forms::options_of`]).
    pub fn left(&self, g: FormId) -> &[FormId] {
        self.options_of(g, Side::Left)
    }

    /// Right's options ([`Forms::options_of`]).
    pub fn right(&self, g: FormId) -> &[FormId] {
        self.options_of(g, Side::Right)
    }

    /// The number `x` as a form.
    pub fn number(&mut self, x: Dyadic) -> Result<FormId, Error> {
        if let Some(&id) = self.number_ids.get(&x) {
            return Ok(id);
        }
        let id = self.next_id()?;
        reserve_one(&mut self.numbers, "the numbers of the canonical forms")?;
        reserve_entry(&mut self.number_ids)?;
        // Every allocation before the entry is pushed: a failure leaves the table as it was.
        let copy = x.try_clone()?;
        let entry = Entry {
            start: 0,
            left: 0,
            right: 0,
            number: self.numbers.len() as u32,
            options_made: false,
            nimber: 0,
        };
        self.push_entry(entry, u32::MAX)?;
        self.add_held(2 * x.heap_bytes());
        self.numbers.push(copy);
        self.number_ids.insert(x, id);
        Ok(id)
    }

    /// The integer `n` as a form.
    pub fn integer(&mut self, n: i64) -> Result<FormId, Error> {
        self.number(Dyadic::try_from_i64(n)?)
    }

    /// Makes a number's options (compare.rs walks them when a form of unknown value meets one).
    pub(crate) fn make_number_options(&mut self, g: FormId) -> Result<(), Error> {
        let e = self.entries[g.index()];
        if e.number == NOT_A_NUMBER || e.options_made {
            return Ok(());
        }
        let (left, right) = self.numbers[e.number as usize].try_options()?;
        let left = match left {
            Some(x) => Some(self.number(x)?),
            None => None,
        };
        let right = match right {
            Some(x) => Some(self.number(x)?),
            None => None,
        };
        let start = self.options.len();
        let total = left.iter().count() + right.iter().count();
        reserve(&mut self.options, total, "the options of the canonical forms")?;
        self.options.extend(left);
        self.options.extend(right);
        let start = u32::try_from(start).map_err(|_| too_many())?;
        let e = &mut self.entries[g.index()];
        *e = Entry {
            start,
            left: left.iter().count() as u32,
            right: right.iter().count() as u32,
            options_made: true,
            ..*e
        };
        Ok(())
    }

    /// The form `{left | right}` with options that are already canonical and free of dominated and
    /// reversible options among themselves as a whole (a negative of a canonical form, a form
    /// checked by canon.rs): found or added. `left` and `right` are sorted and free of repeats.
    pub(crate) fn intern(&mut self, left: &[FormId], right: &[FormId]) -> Result<FormId, Error> {
        let hash = options_hash(left, right);
        let mut at = self.by_options.get(&hash).copied().unwrap_or(u32::MAX);
        while at != u32::MAX {
            let id = FormId(at);
            if self.left(id) == left && self.right(id) == right {
                return Ok(id);
            }
            at = self.next_same_hash[at as usize];
        }
        let id = self.next_id()?;
        reserve(&mut self.options, left.len() + right.len(), "the options of the canonical forms")?;
        reserve_entry(&mut self.by_options)?;
        let start = u32::try_from(self.options.len()).map_err(|_| too_many())?;
        self.options.extend_from_slice(left);
        self.options.extend_from_slice(right);
        let entry = Entry {
            start,
            left: left.len() as u32,
            right: right.len() as u32,
            number: NOT_A_NUMBER,
            options_made: true,
            nimber: self.nimber_of_options(left, right),
        };
        // The entry first: a table that ran out of memory there is left as it was.
        let previous = self.by_options.get(&hash).copied().unwrap_or(u32::MAX);
        self.push_entry(entry, previous)?;
        self.by_options.insert(hash, id.0);
        Ok(id)
    }

    /// `m` when `{left | right}` is `*m` (both sides `*0, ..., *(m-1)`), else 0 ([`Entry`]): its
    /// options distinct forms, so `m` of them that are nimbers below `*m` are those.
    fn nimber_of_options(&self, left: &[FormId], right: &[FormId]) -> u16 {
        let m = left.len();
        let below =
            |o: &FormId| *o == Forms::ZERO || (1..m).contains(&usize::from(self.entries[o.index()].nimber));
        if left != right || m > usize::from(u16::MAX) || !left.iter().all(below) {
            return 0;
        }
        m as u16
    }

    /// `m` when `g` is the nimber `*m` (`m >= 1`), else 0.
    pub(crate) fn nimber_of(&self, g: FormId) -> u16 {
        self.entries[g.index()].nimber
    }

    fn next_id(&self) -> Result<FormId, Error> {
        // PENDING (u32::MAX) is never an id.
        if self.entries.len() >= (u32::MAX - 1) as usize {
            return Err(too_many());
        }
        Ok(FormId(self.entries.len() as u32))
    }

    fn push_entry(&mut self, entry: Entry, next_same_hash: u32) -> Result<(), Error> {
        reserve_one(&mut self.entries, "the canonical forms")?;
        reserve_one(&mut self.next_same_hash, "the canonical forms")?;
        self.entries.push(entry);
        self.next_same_hash.push(next_same_hash);
        Ok(())
    }

    /// The forms `g` leads to that are not numbers, `g` included when it is not one, each once,
    /// every form after its options (children first): the order in which a value defined by
    /// recursion over options can be computed without recursion. An error when memory runs out.
    pub fn followers_in_order(&self, g: FormId) -> Result<Vec<FormId>, Error> {
        self.followers_of_all(&[g])
    }

    /// [`Forms::followers_in_order`] of all of `roots` at once: each follower once, after its
    /// options.
    pub(crate) fn followers_of_all(&self, roots: &[FormId]) -> Result<Vec<FormId>, Error> {
        let mut order = Vec::new();
        let mut seen = super::hash::FastSet::default();
        let what = "the followers of a form";
        // (form, how many of its options were pushed)
        let mut stack = Vec::new();
        for &g in roots {
            if self.is_number(g) || seen.contains(&g) {
                continue;
            }
            push(&mut stack, (g, 0usize), what)?;
            reserve_set_entry(&mut seen)?;
            seen.insert(g);
            while let Some(&mut (h, ref mut next)) = stack.last_mut() {
                let count = self.left(h).len() + self.right(h).len();
                if *next == count {
                    push(&mut order, h, what)?;
                    stack.pop();
                    continue;
                }
                let start = self.entries[h.index()].start as usize;
                let child = self.options[start + *next];
                *next += 1;
                if !self.is_number(child) && !seen.contains(&child) {
                    reserve_set_entry(&mut seen)?;
                    seen.insert(child);
                    push(&mut stack, (child, 0), what)?;
                }
            }
        }
        Ok(order)
    }

    /// Counts `bytes` more of the heap that [`Forms::heap_bytes`] does not measure from the
    /// capacities: digits and walls, as they are stored.
    pub(crate) fn add_held(&mut self, bytes: usize) {
        self.held = self.held.saturating_add(bytes);
    }

    /// The heap the table holds, in bytes: its vectors' capacities, its maps' buckets as std
    /// lays them out (`map_bytes`), the numbers' digits (each number's, and its key's in the
    /// index of numbers) and the thermographs' walls. What the allocator adds around each block
    /// is not counted.
    pub fn heap_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.options.capacity() * std::mem::size_of::<FormId>()
            + self.next_same_hash.capacity() * 4
            + self.numbers.capacity() * std::mem::size_of::<Dyadic>()
            + self.held
            + map_bytes(&self.number_ids)
            + map_bytes(&self.by_options)
            + map_bytes(&self.le_memo)
            + map_bytes(&self.sum_memo)
            + map_bytes(&self.neg_memo)
            + (self.pending.0.capacity() + self.pending.1.capacity()) * std::mem::size_of::<FormId>()
            + map_bytes(&self.pending_memo)
            + map_bytes(&self.uptimal_memo)
            + map_bytes(&self.stops_memo)
            + map_bytes(&self.walls_memo)
            + map_bytes(&self.atomic_memo)
    }
}

/// The heap of a thermograph's walls (thermo.rs): their vectors and their numbers' digits.
pub(crate) fn walls_heap(walls: &(Vec<Line>, Vec<Line>)) -> usize {
    [&walls.0, &walls.1]
        .iter()
        .map(|wall| {
            wall.capacity() * std::mem::size_of::<Line>()
                + wall.iter().map(|(a, b, _)| a.heap_bytes() + b.heap_bytes()).sum::<usize>()
        })
        .sum()
}

/// The bytes of a std `HashMap`'s table: a power of two of buckets, of which it fills at most 7/8
/// (all but one below 8 buckets: that is its `capacity`), each the entry and a control byte, and
/// 16 control bytes more (a group, scanned at once).
fn map_bytes<K, V, S>(map: &HashMap<K, V, S>) -> usize {
    let capacity = map.capacity();
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 7 { capacity + 1 } else { capacity / 7 * 8 }.next_power_of_two();
    buckets * (std::mem::size_of::<(K, V)>() + 1) + 16
}

/// A hash of two option lists (FNV-like over the ids, the side told apart).
fn options_hash(left: &[FormId], right: &[FormId]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (side, list) in [(1u64, left), (2u64, right)] {
        h = (h ^ side).wrapping_mul(0x0000_0100_0000_01b3);
        for id in list {
            h = (h ^ id.0 as u64).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(5);
        }
    }
    h
}

fn too_many() -> Error {
    Error::new("too many canonical forms: at most 2^32 - 2")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_past_what_can_be_had_is_an_error_naming_it_not_an_abort() {
        // More than the address space: the request fails whatever the machine has, as a work
        // stack's would when memory runs out, and the helpers every stack grows through say so.
        let mut v: Vec<u64> = Vec::new();
        let e = reserve(&mut v, usize::MAX / 4, "the questions of a comparison").unwrap_err();
        assert!(e.message().starts_with("not enough memory for the questions of a comparison"), "{e:?}");
        assert!(v.is_empty());
        // Within reach, they grow as a vector does, the items kept in order.
        let mut stack = Vec::new();
        for k in 0..1000u32 {
            push(&mut stack, k, "a stack").unwrap();
        }
        assert_eq!(copy_of(&stack, "a copy").unwrap(), (0..1000).collect::<Vec<u32>>());
        let mut seen = super::super::hash::FastSet::default();
        for k in 0..1000u32 {
            reserve_set_entry(&mut seen).unwrap();
            assert!(seen.insert(k));
        }
    }
}
