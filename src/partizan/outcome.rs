//! Who moves and who wins: [`Side`], [`Winner`] (a game's outcome class) and [`Comparison`].

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
