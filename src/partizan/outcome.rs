//! Who moves and who wins: [`Side`], [`Winner`] (a game's outcome class), [`Comparison`], and
//! [`Uptimal`], a number plus ups plus a nimber as three numbers (how two add, who wins one).

use super::dyadic::Dyadic;
use crate::input::Error;
use std::fmt;

/// Left or Right: who moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// Left (positive games favour her; Blue in Hackenbush, vertical in Domineering).
    Left,
    /// Right.
    Right,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// How two games compare: `G < H`, `G = H`, `G > H`, or neither (`G || H`, confused).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Comparison {
    Less,
    Equal,
    Greater,
    Confused,
}

/// Who wins a game: its outcome class.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Winner {
    /// Left wins whoever starts (`G > 0`).
    Left,
    /// Right wins whoever starts (`G < 0`).
    Right,
    /// The player to move wins (`G || 0`, a fuzzy game).
    First,
    /// The player to move loses (`G = 0`).
    Second,
}

impl Winner {
    /// The outcome class from whether Left wins moving first and moving second.
    pub fn from_wins(left_first: bool, left_second: bool) -> Winner {
        match (left_first, left_second) {
            (true, true) => Winner::Left,
            (false, false) => Winner::Right,
            (true, false) => Winner::First,
            (false, true) => Winner::Second,
        }
    }

    /// Whether the player `side` wins when `first` moves first.
    pub fn wins(self, side: Side, first: Side) -> bool {
        match self {
            Winner::Left => side == Side::Left,
            Winner::Right => side == Side::Right,
            Winner::First => side == first,
            Winner::Second => side != first,
        }
    }

    /// `Left`, `Right`, `First` or `Second`.
    pub fn name(self) -> &'static str {
        match self {
            Winner::Left => "Left",
            Winner::Right => "Right",
            Winner::First => "First",
            Winner::Second => "Second",
        }
    }
}

/// Prints [`Winner::name`]: `Left`, `Right`, `First` or `Second`, as the judge programs write it
/// (padded as asked: `{:<6}`).
impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

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
    /// Who wins `x + k·^ + *m`: the sign of `x`; at 0, the ups (`k >= 2`, or `k = 1` with
    /// `m != 1`, favour Left; `^*` is fuzzy); with no ups, the nimber (0: the second player wins).
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

    /// The sum of two: numbers add, ups add, nimbers xor. `None` when the ups overflow; panics
    /// when memory for the number cannot be had ([`Uptimal::try_add`]).
    pub fn add(&self, other: &Uptimal) -> Option<Uptimal> {
        self.try_add(other).unwrap_or_else(|e| panic!("{}", e))
    }

    /// [`Uptimal::add`], or an error when memory for the number cannot be had.
    pub fn try_add(&self, other: &Uptimal) -> Result<Option<Uptimal>, Error> {
        let ups = match self.ups.checked_add(other.ups) {
            Some(ups) => ups,
            None => return Ok(None),
        };
        Ok(Some(Uptimal {
            number: self.number.try_add(&other.number)?,
            ups,
            nimber: self.nimber ^ other.nimber,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Display writes each class's word, spelt out here (not through `name`), padded if asked.
    #[test]
    fn a_winner_displays_as_its_word() {
        let words = [
            (Winner::Left, "Left"),
            (Winner::Right, "Right"),
            (Winner::First, "First"),
            (Winner::Second, "Second"),
        ];
        for (winner, word) in words {
            assert_eq!(winner.to_string(), word);
            assert_eq!(format!("[{winner:>7}]"), format!("[{}{word}]", " ".repeat(7 - word.len())));
        }
    }
}
