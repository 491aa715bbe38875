//! Memory that grows with the data that arrives, and is had without an abort.
//!
//! Invariant: memory grows with the data that has arrived, not with a size the input only declares
//! (at most a small bound is reserved up front), and memory that cannot be had is an [`Error`]
//! naming what needed how much, never an abort. Vectors grow through [`try_grow_within`], a write
//! path's buffer comes from [`output_buffer`]; a phase whose allocations happen elsewhere (the
//! solver's tables, whose needs per state the solver states:
//! [`crate::solver::table_bytes_per_state`], [`crate::solver::search_bytes_per_state`],
//! [`crate::solver::values_bytes`]) is preceded by [`check_memory`] for what it takes on this
//! input, with a margin for the allocator. This is the one file that knows the allocator's
//! thresholds.

use crate::input::{out_of_memory, Error};
use crate::prefetch::{populate_huge, ASKS_HUGE_PAGES};
use crate::zeroed::zeroed;
use std::fmt;
use std::io;

/// The capacity `v` grows to for `additional` more items within `limit` (see [`grow_within`]), or
/// `None` when it has room.
fn grown_capacity(len: usize, capacity: usize, additional: usize, limit: usize) -> Option<usize> {
    let needed = len.saturating_add(additional);
    if needed <= capacity {
        return None;
    }
    let doubled = capacity.saturating_mul(2).max(needed);
    Some(if needed <= limit { doubled.min(limit) } else { doubled })
}

/// Makes room in `v` for `additional` more items, doubling as `Vec` does but never reserving past
/// `limit` items in all, the size the input declared: memory follows what has arrived and never
/// exceeds what was declared, so a false size costs nothing. (Past `limit`, it doubles.) Aborts
/// when the memory cannot be had, as `Vec` does: input-driven growth uses [`try_grow_within`].
#[inline]
pub fn grow_within<T>(v: &mut Vec<T>, additional: usize, limit: usize) {
    if let Some(target) = grown_capacity(v.len(), v.capacity(), additional, limit) {
        v.reserve_exact(target - v.len());
    }
}

/// [`grow_within`], with memory that cannot be had an [`Error`] naming `what` and how many bytes
/// it needed.
#[inline]
pub fn try_grow_within<T>(
    v: &mut Vec<T>,
    additional: usize,
    limit: usize,
    what: &dyn fmt::Display,
) -> Result<(), Error> {
    match grown_capacity(v.len(), v.capacity(), additional, limit) {
        None => Ok(()),
        Some(target) => grow_to(v, target, what),
    }
}

#[cold]
fn grow_to<T>(v: &mut Vec<T>, target: usize, what: &dyn fmt::Display) -> Result<(), Error> {
    let bytes = (target as u128) * std::mem::size_of::<T>() as u128;
    v.try_reserve_exact(target - v.len()).map_err(|_| out_of_memory(bytes, what))
}

/// Checks that `bytes` more can be had now, for `what`, by reserving them and giving them back
/// (one byte written, so one page committed at most): the step that follows, whose allocations
/// abort on failure (the solver's), then finds them. An error names `what` and `bytes`.
pub fn check_memory(bytes: u128, what: impl fmt::Display) -> Result<(), Error> {
    // A step makes its need in several blocks, not one: each rounded to pages, a heap that grows
    // with a pad beyond the request (or, when it cannot, by a mapping of at least 1 MiB), so the
    // probe asks for a margin beyond the need, or the step could still abort where the check
    // passed (`ulimit -v` a little above the need). The error names the need itself. A small need
    // comes from the heap, into the room the probe's block leaves when it is given back: no margin.
    let probe = if bytes < SMALL { bytes } else { bytes.saturating_add(bytes / 64 + MARGIN) };
    // glibc's malloc, given back a block it mapped of at most 32 MiB, raises its mapping threshold
    // to that size: later blocks up to it then come from the heap, whose zeroed memory must be
    // cleared by hand. A check of more than that leaves the allocator as it was; only when that
    // much is not there is the exact need checked. A block under glibc's first threshold (128 KiB)
    // comes from the heap and changes nothing: small needs are checked as they are, without the
    // two system calls and the page fault of a mapping (a small input's run is mostly those).
    if ((SMALL..PROBE_AT_LEAST).contains(&probe) && can_have(PROBE_AT_LEAST)) || can_have(probe) {
        Ok(())
    } else {
        Err(out_of_memory(bytes, what))
    }
}

/// What [`check_memory`] asks beyond a step's need: the heap's pad and its 1 MiB fallback mapping.
const MARGIN: u128 = 5 << 18;

/// An empty buffer with room for `capacity` bytes, for a write path: memory that cannot be had is
/// an [`io::Error`] (of kind `OutOfMemory`) saying how many bytes, so that the program ends with
/// one line (`error: cannot write the output: not enough memory for the output: ...`), never an
/// abort.
pub fn output_buffer(capacity: usize) -> io::Result<Vec<u8>> {
    let mut buffer = Vec::new();
    buffer.try_reserve_exact(capacity).map_err(|_| {
        io::Error::new(io::ErrorKind::OutOfMemory, out_of_memory(capacity as u128, "the output").to_string())
    })?;
    Ok(buffer)
}

/// How many items of `T` to reserve for an array of `len` that is to be backed by huge pages
/// ([`crate::prefetch::populate_huge`]): a block of at least 2 MiB is given room up to where glibc
/// maps it in a whole number of 2 MiB pages (its block: the room, 8 bytes of header before and 16
/// in all of rounding, in whole 4 KiB pages), and Linux (since 6.7) places such a mapping on a 2
/// MiB boundary, so that huge pages cover it from its first byte to its last. The room is used
/// only where it adds at most an eighth to the block (from about 1.8 MiB on, and not for a block
/// just past a multiple of 2 MiB), since [`zeroed_in_huge_pages`] maps it all; else `len`.
pub fn huge_page_room<T>(len: usize) -> usize {
    const HUGE: usize = 2 << 20;
    let size = std::mem::size_of::<T>().max(1);
    match len.checked_mul(size) {
        Some(bytes) if bytes <= usize::MAX / 2 => {
            let block = (bytes + 24 + HUGE - 1) & !(HUGE - 1);
            if block - bytes <= bytes / 8 {
                ((block - 24) / size).max(len)
            } else {
                len
            }
        }
        _ => len,
    }
}

/// `len` zeros, their pages mapped at once, in huge pages where the kernel has them (see
/// [`populate_huge`]), for an array that is written all over right away; `None` when the memory
/// cannot be had. The array is made with the room [`huge_page_room`] gives it when that can be
/// had (else without) and huge pages are asked for ([`crate::prefetch::ASKS_HUGE_PAGES`]: not in
/// the bundles, built without features), and its pages are mapped to the end of that room.
pub fn zeroed_in_huge_pages(len: usize) -> Option<Vec<u32>> {
    // Where no huge pages are asked for, no room: it would be address space for nothing.
    let room = if ASKS_HUGE_PAGES { huge_page_room::<u32>(len) } else { len };
    let mut zeros = if room > len { zeroed(room).or_else(|| zeroed(len)) } else { zeroed(len) }?;
    populate_huge(&mut zeros);
    zeros.truncate(len);
    Some(zeros)
}

/// The smallest block [`check_memory`] reserves when it can (just over glibc's 32 MiB).
const PROBE_AT_LEAST: u128 = (32 << 20) + (1 << 16);

/// Below glibc's first mapping threshold: a need this small is checked as it is.
const SMALL: u128 = 128 << 10;

/// Whether `bytes` can be reserved now (and they are given back).
fn can_have(bytes: u128) -> bool {
    // (`usize::try_from` is not in edition 2018's prelude, and the bundles compile in it.)
    if bytes > usize::MAX as u128 {
        return false;
    }
    let mut room: Vec<u8> = Vec::new();
    if room.try_reserve_exact((bytes as usize).max(1)).is_err() {
        return false;
    }
    room.push(0);
    // SAFETY: `room` holds one initialized byte at `as_ptr()`. The read is volatile so that the
    // compiler keeps the allocation: one freed unused may be optimized away, and the check with it.
    let _ = unsafe { std::ptr::read_volatile(room.as_ptr()) };
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grow_within_a_limit() {
        // Within the limit: doubling, never past it.
        let mut v: Vec<u8> = Vec::new();
        for _ in 0..3 {
            grow_within(&mut v, 3, 10);
            v.extend_from_slice(b"abc");
            assert!(v.capacity() <= 10, "{}", v.capacity());
        }
        let mut v: Vec<u8> = Vec::with_capacity(4);
        for _ in 0..6 {
            try_grow_within(&mut v, 1, 6, &"v").unwrap();
            v.push(1);
        }
        assert_eq!(v.capacity(), 6);
        // Past the limit, doubling again.
        grow_within(&mut v, 1, 6);
        assert_eq!(v.capacity(), 12);
    }

    #[test]
    fn the_room_only_where_huge_pages_are_asked_for() {
        // Without the advice (the bundles, built without features; off Linux on x86-64) the room
        // would be address space for nothing, which a limit on it (`ulimit -v`) counts: none.
        let asked = cfg!(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri)));
        let len = 1_000_001;
        let zeros = zeroed_in_huge_pages(len).unwrap();
        assert_eq!(zeros.capacity(), if asked { huge_page_room::<u32>(len) } else { len });
    }

    #[test]
    fn huge_page_room_ends_blocks_on_2_mib() {
        // Where the room would add more than an eighth: none.
        for len in [0usize, 1, 1000, 400_000, (1 << 19) + 1, (1 << 20) + 1, 1 << 21] {
            assert_eq!(huge_page_room::<u32>(len), len);
        }
        for len in [500_000, (1 << 19) - 6, 1_000_001, 5_496_762, (3 << 19) - 6, 100_000_000] {
            let room = huge_page_room::<u32>(len);
            assert!(room >= len && 8 * (room - len) <= len, "{len}: {room}");
            assert_eq!((4 * room + 24) % (2 << 20), 0, "{len}: {room}");
        }
        let zeros = zeroed_in_huge_pages(1_000_001).unwrap();
        assert!(zeros.len() == 1_000_001 && zeros.iter().all(|&z| z == 0));
        assert_eq!(huge_page_room::<u32>(usize::MAX / 2), usize::MAX / 2);
    }

    #[test]
    fn memory_that_cannot_be_had_is_an_error() {
        let mut v: Vec<u64> = Vec::new();
        let e = try_grow_within(&mut v, usize::MAX / 4, usize::MAX, &"the edges").unwrap_err();
        assert!(e.message().starts_with("not enough memory for the edges: "), "{e}");
        assert!(v.capacity() == 0);
        assert!(check_memory(1 << 20, "a test").is_ok());
        let e = check_memory(1 << 70, "solving the game").unwrap_err();
        assert_eq!(
            e.message(),
            format!(
                "not enough memory for solving the game: {} bytes ({} MiB) needed",
                1u128 << 70,
                1u128 << 50
            )
        );
    }
}
