//! A number plus ups plus a nimber, `x + k·^ + *m`, as three numbers: how two add and who wins
//! one (sums.rs recognises them among canonical forms).

use super::dyadic::Dyadic;
use super::outcome::Winner;

/// A number plus `ups` times `^` plus the nimber `*nimber`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uptimal {
    /// The number part.
    pub number: Dyadic,
    /// How many ups (negative: downs).
    pub ups: i64,
    /// The nimber.
    pub nimber: u64,
}

impl Uptimal {
    /// Who wins `x + k·^ + *m` (module doc).
    pub fn winner(&self) -> Winner {
        match self.number.signum() {
            1 => return Winner::Left,
            -1 => return Winner::Right,
            _ => {}
        }
        match self.ups {
            0 if self.nimber == 0 => Winner::Second,
            0 => Winner::First,
            1 | -1 if self.nimber == 1 => Winner::First,
            k if k > 0 => Winner::Left,
            _ => Winner::Right,
        }
    }

    /// The sum of two: numbers add, ups add, nimbers xor. `None` when the ups overflow.
    pub fn add(&self, other: &Uptimal) -> Option<Uptimal> {
        Some(Uptimal {
            number: self.number.add(&other.number),
            ups: self.ups.checked_add(other.ups)?,
            nimber: self.nimber ^ other.nimber,
        })
    }
}
