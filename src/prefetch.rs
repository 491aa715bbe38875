//! A cache prefetch hint, for the few loops whose memory accesses are known ahead but random.

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
