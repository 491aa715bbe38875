//! How the partizan module grows what grows with the forms: the table, its memos, and each
//! operation's work stacks and lists, each growth checked (the contract: running out of memory
//! is an [`Error`] naming what needed it, never an abort), and a margin beyond a large block
//! checked too, for the small allocations that follow unchecked (docs/partizan.md, Limits).
//! forms.rs re-exports them: the rest of the module imports them from there.

use crate::input::{out_of_memory, Error};
use crate::memory::check_memory;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hash};

/// Room for one more item in `v`, checked (the contract: no abort). Growth also checks that a
/// margin beyond it can be had, for the small allocations that follow unchecked.
pub(crate) fn reserve_one<T>(v: &mut Vec<T>, what: &str) -> Result<(), Error> {
    reserve(v, 1, what)
}

/// Room for `more` items in `v`, checked ([`reserve_one`]).
pub(crate) fn reserve<T>(v: &mut Vec<T>, more: usize, what: &str) -> Result<(), Error> {
    if v.capacity() - v.len() >= more {
        return Ok(());
    }
    let target = (v.capacity() * 2).max(v.len() + more).max(8);
    let bytes = target as u128 * std::mem::size_of::<T>() as u128;
    v.try_reserve_exact(target - v.len()).map_err(|_| out_of_memory(bytes, what))?;
    check_margin(bytes, what)
}

/// `item` pushed onto `v`, its growth checked ([`reserve_one`]): for the work stacks and lists
/// whose length grows with the forms.
pub(crate) fn push<T>(v: &mut Vec<T>, item: T, what: &str) -> Result<(), Error> {
    reserve(v, 1, what)?;
    v.push(item);
    Ok(())
}

/// A copy of `items` in a vector of its own, its memory checked ([`reserve_one`]).
pub(crate) fn copy_of<T: Clone>(items: &[T], what: &str) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    let bytes = std::mem::size_of_val(items) as u128;
    v.try_reserve_exact(items.len()).map_err(|_| out_of_memory(bytes, what))?;
    check_margin(bytes, what)?;
    v.extend_from_slice(items);
    Ok(v)
}

/// Room for one more entry in a memo or index, checked ([`reserve_one`]).
pub(crate) fn reserve_entry<K: Eq + Hash, V, S: BuildHasher>(
    map: &mut HashMap<K, V, S>,
) -> Result<(), Error> {
    if map.len() < map.capacity() {
        return Ok(());
    }
    let what = "the memo of the canonical forms";
    let bytes = (map.capacity().max(4) as u128 * 2) * (std::mem::size_of::<(K, V)>() as u128 + 1);
    map.try_reserve(map.capacity().max(4)).map_err(|_| out_of_memory(bytes, what))?;
    check_margin(bytes, what)
}

/// Room for one more member in a set of forms, checked ([`reserve_entry`]).
pub(crate) fn reserve_set_entry<K: Eq + Hash, S: BuildHasher>(set: &mut HashSet<K, S>) -> Result<(), Error> {
    if set.len() < set.capacity() {
        return Ok(());
    }
    let what = "the followers of a form";
    let bytes = (set.capacity().max(4) as u128 * 2) * (std::mem::size_of::<K>() as u128 + 1);
    set.try_reserve(set.capacity().max(4)).map_err(|_| out_of_memory(bytes, what))?;
    check_margin(bytes, what)
}

/// After a large block grew to `bytes`: checks that a margin beyond it can be had (an eighth of it
/// and 1 MiB), for the small allocations that follow unchecked. Small blocks skip the check: it
/// costs a mapping of 32 MiB (crate::memory), more than a small vector's whole life.
fn check_margin(bytes: u128, what: &str) -> Result<(), Error> {
    if bytes < 1 << 16 {
        return Ok(());
    }
    check_memory(bytes / 8 + (1 << 20), what)
}
