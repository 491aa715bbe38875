//! Hints that start loading memory before it is used: a cache line, for the few loops whose memory
//! accesses are known ahead but random ([`prefetch`]), and the pages of a large fresh buffer
//! ([`populate`]), in huge pages where the kernel has them ([`populate_huge`]).

/// Asks the CPU to start loading the cache line holding `*p`. Never faults, whatever `p` is;
/// a no-op on targets without a prefetch instruction.
#[inline(always)]
pub fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it does not dereference `p` and cannot fault.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(p as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Asks the kernel to map, in one system call, the pages of `buffer` that the program is about to
/// fill: fresh memory otherwise costs a page fault (a trap into the kernel) for every 4 KiB written
/// (`docs/performance.md` has what it saves). Changes no byte of `buffer`; does nothing where the
/// kernel cannot (Linux before 5.14, memory that is not a private mapping). Only whole pages inside
/// `buffer` are touched.
///
/// `madvise` is the one system call of the crate's own, so it is behind the `prefault` feature (on by
/// default): the bundles a judge gets are built without features, and there it does nothing, as it
/// does off Linux on x86-64 and under Miri.
#[cfg(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri)))]
pub fn populate<T>(buffer: &mut [T]) {
    let start = buffer.as_mut_ptr() as usize;
    // The whole 4 KiB pages inside `buffer`.
    let (first, end) = ((start + 4095) & !4095, (start + std::mem::size_of_val(buffer)) & !4095);
    if end > first {
        // SAFETY: `madvise` with `MADV_POPULATE_WRITE` on whole pages inside `buffer`, which this
        // function borrows mutably, prefaults them as writing would, without writing: no memory
        // the program can see changes. Its result (an error on old kernels) is ignored.
        unsafe { madvise(first, end - first, MADV_POPULATE_WRITE) };
    }
}

/// [`populate`], the pages first asked to be huge (2 MiB, `MADV_HUGEPAGE`): a huge page is one
/// fault and one entry of the TLB where 4 KiB pages are 512 of each, which matters for an array
/// read or written at random (a graph's predecessor lists as they are laid out). Asked of the
/// whole 2 MiB pages within the 4 KiB pages `buffer` touches (those are in `buffer`'s own mapping),
/// so it helps only where the buffer spans such pages: [`crate::memory::huge_page_room`] makes a
/// large block span them from its start. Changes no byte of any memory; does nothing where
/// [`populate`] does nothing, or where the kernel gives no huge pages (its setting
/// `transparent_hugepage` at `never`, or none free: 4 KiB pages, as without the advice).
#[cfg(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri)))]
pub fn populate_huge<T>(buffer: &mut [T]) {
    const HUGE: usize = 2 << 20;
    let start = buffer.as_mut_ptr() as usize;
    let (first, end) = (start & !4095, (start + std::mem::size_of_val(buffer) + 4095) & !4095);
    let (huge_first, huge_end) = ((first + HUGE - 1) & !(HUGE - 1), end & !(HUGE - 1));
    if huge_end > huge_first {
        // SAFETY: `MADV_HUGEPAGE` is advice on how to back pages with memory, which changes no
        // byte of them; the range is whole pages of the mapping that holds `buffer`. Its result
        // (an error where the kernel has no huge pages) is ignored.
        unsafe { madvise(huge_first, huge_end - huge_first, MADV_HUGEPAGE) };
    }
    populate(buffer);
}

/// Whether [`populate_huge`] asks for huge pages: with the `prefault` feature, on Linux on x86-64,
/// not under Miri (elsewhere it does nothing, and a block padded for huge pages pads for nothing).
pub const ASKS_HUGE_PAGES: bool =
    cfg!(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri)));

/// `madvise`'s advice: back with huge pages; map the pages now as a write would.
#[cfg(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri)))]
const MADV_HUGEPAGE: usize = 14;
#[cfg(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri)))]
const MADV_POPULATE_WRITE: usize = 23;

/// The system call `madvise` (28) on `len` bytes at `start`, its result ignored.
///
/// # Safety
/// The advice must change no memory the program can see.
#[cfg(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri)))]
unsafe fn madvise(start: usize, len: usize, advice: usize) {
    // SAFETY (of the call itself): `syscall` clobbers rcx and r11 only, and uses no stack.
    std::arch::asm!("syscall", inlateout("rax") 28usize => _, in("rdi") start, in("rsi") len,
        in("rdx") advice, lateout("rcx") _, lateout("r11") _, options(nostack));
}

/// [`populate`] where it does nothing: without the `prefault` feature, off Linux on x86-64, under
/// Miri.
#[cfg(not(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri))))]
#[inline(always)]
pub fn populate<T>(_buffer: &mut [T]) {}

/// [`populate_huge`] where it does nothing: without the `prefault` feature, off Linux on x86-64,
/// under Miri.
#[cfg(not(all(feature = "prefault", target_os = "linux", target_arch = "x86_64", not(miri))))]
#[inline(always)]
pub fn populate_huge<T>(_buffer: &mut [T]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn populate_changes_nothing() {
        for len in [0, 1, 1000, 4096, 1 << 20, (1 << 20) + 3] {
            let mut buffer: Vec<u32> = (0..len as u32).map(|i| i.wrapping_mul(2_654_435_761)).collect();
            let copy = buffer.clone();
            populate(&mut buffer);
            populate(&mut buffer[len / 3..]);
            populate_huge(&mut buffer[len / 5..]);
            assert_eq!(buffer, copy);
            let mut fresh: Vec<u8> = Vec::with_capacity(len + 8192);
            populate(fresh.spare_capacity_mut());
            fresh.resize(len, 7);
            let mut huge: Vec<u8> = Vec::with_capacity(len + (4 << 20));
            populate_huge(huge.spare_capacity_mut());
            huge.resize(len, 9);
            assert!(huge.iter().all(|&b| b == 9));
            assert!(fresh.iter().all(|&b| b == 7));
        }
    }
}
