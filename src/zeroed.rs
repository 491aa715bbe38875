//! Vectors of zeros straight from the allocator, or `None` when the memory cannot be had.
//!
//! Invariant: a vector made here is zeroed by the allocator (`calloc`), as `vec![0; len]` is, and
//! none of its pages is touched: a fresh mapping's pages are zeros already, so memory is taken
//! only as the pages are written. Unlike `vec![0; len]`, a failure is an answer, not an abort.
//! The bottom of the crate: it imports nothing of it, so that the reader (`crate::input`) and
//! `crate::memory` (which turns `None` into an error) can both use it.

/// `len` zeros, or `None` when the memory cannot be had.
pub fn zeroed_u32(len: usize) -> Option<Vec<u32>> {
    // SAFETY: every bit pattern, all zeros included, is a `u32`.
    unsafe { zeroed_vec(len) }
}

/// `len` zero bytes, or `None` when the memory cannot be had.
pub fn zeroed_bytes(len: usize) -> Option<Vec<u8>> {
    // SAFETY: every bit pattern, all zeros included, is a `u8`.
    unsafe { zeroed_vec(len) }
}

/// `len` items of all-zero bytes, allocated zeroed; `None` when the memory cannot be had.
///
/// # Safety
/// All-zero bytes must be a valid `T`.
unsafe fn zeroed_vec<T>(len: usize) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(len).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: `layout` has a non-zero size. A non-null block from `alloc_zeroed` holds `len`
    // zeroed `T`s (valid, by the caller's promise), allocated by the global allocator with `T`'s
    // alignment and exactly this size: what `Vec::from_raw_parts` asks of its pointer; the vector
    // owns the block from then on, with length and capacity `len`.
    unsafe {
        let pointer = std::alloc::alloc_zeroed(layout) as *mut T;
        if pointer.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(pointer, len, len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros_or_none() {
        assert_eq!(zeroed_u32(5).unwrap(), [0; 5]);
        assert_eq!(zeroed_bytes(3).unwrap(), [0; 3]);
        assert!(zeroed_bytes(0).unwrap().is_empty());
        assert!(zeroed_u32(usize::MAX / 2).is_none());
        assert!(zeroed_bytes(usize::MAX / 2).is_none());
    }
}
