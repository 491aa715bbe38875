//! Vectors of zeros straight from the allocator, or `None` when the memory cannot be had.
//!
//! Invariant: a vector made here is zeroed by the allocator (`calloc`), as `vec![0; len]` is, and
//! none of its pages is touched: a fresh mapping's pages are zeros already, so memory is taken
//! only as the pages are written. Unlike `vec![0; len]`, a failure is an answer, not an abort.
//! The bottom of the crate: it imports nothing of it, so that the reader (`crate::input`) and
//! `crate::graph` can both use it.

/// A type of which all-zero bytes are a value.
///
/// # Safety
/// Only for types where every byte zero is a valid value (plain integers).
pub unsafe trait Zeroed {}

// SAFETY: every bit pattern is a `u8` and a `u32`.
unsafe impl Zeroed for u8 {}
unsafe impl Zeroed for u32 {}

/// `len` zeros, or `None` when the memory cannot be had.
pub fn zeroed<T: Zeroed>(len: usize) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(len).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: `layout` has a non-zero size.
    let pointer = unsafe { std::alloc::alloc_zeroed(layout) } as *mut T;
    if pointer.is_null() {
        return None;
    }
    // SAFETY: the block holds `len` zeroed `T`s, values by `Zeroed`, allocated by the global
    // allocator with `T`'s alignment and exactly this size: what `Vec::from_raw_parts` asks of its
    // pointer; the vector owns the block from then on, with length and capacity `len`.
    Some(unsafe { Vec::from_raw_parts(pointer, len, len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros_or_none() {
        assert_eq!(zeroed::<u32>(5).unwrap(), [0; 5]);
        assert_eq!(zeroed::<u8>(3).unwrap(), [0; 3]);
        assert!(zeroed::<u8>(0).unwrap().is_empty());
        assert!(zeroed::<u32>(usize::MAX / 2).is_none());
        assert!(zeroed::<u8>(usize::MAX / 2).is_none());
    }
}
