//! Memory for the search's tables and lists, had without an abort: running out is an [`Error`]
//! naming what needed how much.

use crate::input::{out_of_memory, Error};

/// `len` copies of `value` in a vector reserved checked: an [`Error`] naming `what` if the memory
/// cannot be had.
pub(crate) fn filled<T: Clone>(len: usize, value: T, what: &str) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    let bytes = len as u128 * std::mem::size_of::<T>() as u128;
    v.try_reserve_exact(len).map_err(|_| out_of_memory(bytes, what))?;
    v.resize(len, value);
    Ok(v)
}

/// `item` pushed onto `v`, room made checked (doubling).
pub(crate) fn push<T>(v: &mut Vec<T>, item: T, what: &str) -> Result<(), Error> {
    if v.len() == v.capacity() {
        let more = v.capacity().max(8);
        let bytes = (v.capacity() + more) as u128 * std::mem::size_of::<T>() as u128;
        v.try_reserve_exact(more).map_err(|_| out_of_memory(bytes, what))?;
    }
    v.push(item);
    Ok(())
}
