//! Division by a fixed `u32` with a multiply and a shift, for a loop that divides by one number
//! on every step, where a hardware division would cost more than the rest of the step (Lemire,
//! Kaser and Kurz, "Faster remainder by direct computation", 2019: exact for every `u32` dividend
//! when the divisor is at least 2).

/// A fixed divisor (at least 2), ready to divide by.
#[derive(Clone, Copy)]
pub struct Divisor {
    divisor: u32,
    magic: u64,
}

impl Divisor {
    /// Panics if `divisor < 2`.
    pub fn new(divisor: u32) -> Divisor {
        assert!(divisor >= 2);
        Divisor { divisor, magic: u64::MAX / u64::from(divisor) + 1 }
    }

    /// `(x / divisor, x % divisor)`.
    #[inline(always)]
    pub fn div_rem(self, x: u32) -> (u32, u32) {
        let q = ((u128::from(self.magic) * u128::from(x)) >> 64) as u32;
        (q, x - q * self.divisor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisor_matches_hardware_division() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = (x >> 40) as u32 % 65_536 + 2;
            let n = x as u32;
            assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d), "{n} / {d}");
        }
        for d in [2, 3, 7, 20_000, 65_537, u32::MAX] {
            for n in [0, 1, d - 1, d, u32::MAX - 1, u32::MAX] {
                assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d));
            }
        }
    }
}
