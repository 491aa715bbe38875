//! The counter the search keeps per state ([`Counter`]), in the narrowest of `u8`, `u16` and `u32`
//! that fits the game (the parent module doc's "Memory"). Invariant: one value holds both the
//! outcome and the moves left: `LOSE` is zero, `WIN` the type's maximum, and every value between
//! is an undecided state with that many moves not yet known to reach a winning state.

use std::ops::{BitOr, Sub};

/// A `remaining_moves` counter that also encodes the outcome: `LOSE` (zero), `WIN` (the maximum),
/// or an undecided state's remaining moves in between.
pub(super) trait Counter:
    Copy + Eq + PartialOrd + From<bool> + Sub<Output = Self> + BitOr<Output = Self>
{
    const LOSE: Self;
    const WIN: Self;
    fn from_moves(k: u32) -> Self;
    /// Whether the state is undecided (neither `LOSE` nor `WIN`), in one comparison.
    fn is_open(self) -> bool;
}

macro_rules! counter {
    ($t:ty) => {
        impl Counter for $t {
            const LOSE: $t = 0;
            const WIN: $t = <$t>::MAX;
            #[inline(always)]
            fn from_moves(k: u32) -> $t {
                k as $t
            }
            #[inline(always)]
            fn is_open(self) -> bool {
                // 1..=MAX-1, shifted to 0..=MAX-2.
                self.wrapping_sub(1) < <$t>::MAX - 1
            }
        }
    };
}
counter!(u8);
counter!(u16);
counter!(u32);
