//! Partizan games: Conway's values, where Left and Right have moves of their own.
//!
//! A short game (finitely many positions, no cycle) is `{L | R}`: Left's options and Right's.
//! Its value is its **canonical form**, the simplest game equal to it (no dominated option, no
//! reversible one), unique: two games are equal exactly when their canonical forms are the same.
//! [`Forms`] is a table of canonical forms, each made once and named by a [`FormId`], with
//! sums, negatives and comparisons memoised, all without recursion. From a form: who wins
//! ([`Winner`]: Left, Right, the first player or the second), the stops, mean and temperature.
//! Numbers are exact at any size ([`Dyadic`]), printed and read in CGSuite's notation.
//! Memory that grows with the forms (the table, its memos, each operation's stacks, a number's
//! digits) is reserved checked, running out an error (docs/partizan.md, "Limits").
//!
//! - `dyadic`, `bigint`, `limbs`: the numbers `m / 2^k`, on big integers of the project's own.
//! - `forms`: the table ([`Forms`], [`FormId`], [`Side`]); `grow`: its checked growth.
//! - `outcome`: [`Side`], [`Winner`] (the outcome classes), [`Comparison`], [`Uptimal`] (a number plus
//!   ups plus a nimber as three numbers).
//! - `compare`: `<=` and the comparisons, the winner of a form.
//! - `canon`: [`Forms::make`] (the canonical form of `{L | R}`), [`Forms::sum`], [`Forms::neg`].
//! - `game`: the values of a game written forward, states `0..n` ([`forward_values`]).
//! - `rules`: the values of a game over positions of the caller's type ([`Rules`], [`Evaluator`]).
//! - `sums`: numbers plus ups plus nimbers ([`Uptimal`]) recognised and added exactly, and who wins
//!   a sum of many components ([`Forms::winner_of_sum`]), within the table's [`SumBudget`]
//!   (`budget`) of steps and bytes.
//! - `groups`: a sum's components grouped by value, up to numbers and uptimals ([`Forms::grouped`]).
//! - `search`: who wins a sum by searching its positions as multisets ([`Forms::search_winner`]).
//! - `hash`: the fast hasher of the table's maps.
//! - `notation`, `parse`: CGSuite's notation, printed ([`Forms::show`]) and read ([`Forms::parse`]);
//!   `uptimal`: `x + n·^ + *m` made ([`Forms::uptimal`], [`Forms::nimber`]).
//! - `thermo`: stops, [`Thermograph`], mean and temperature ([`Forms::mean`], [`Forms::temperature`]);
//!   `cool`: cooling and heating ([`Forms::cool`], [`Forms::heat`]).
//! - `atomic`: all-small games, their atomic weights ([`Forms::atomic_weight`]) and the two-ahead
//!   rule ([`Forms::two_ahead_winner`]); `reduced`: the reduced canonical form ([`Forms::reduced`]);
//!   `birthday`: [`Forms::birthday`].

mod atomic;
pub mod bigint;
mod birthday;
mod budget;
mod canon;
mod compare;
mod cool;
pub mod dyadic;
mod forms;
mod game;
mod groups;
mod grow;
pub mod hash;
mod limbs;
mod notation;
mod outcome;
mod parse;
mod reduced;
mod rules;
mod search;
mod sums;
mod thermo;
mod uptimal;

pub use budget::SumBudget;
pub use dyadic::Dyadic;
pub use forms::{FormId, Forms};
pub use game::forward_values;
pub use groups::Grouped;
pub use groups::PAIRWISE_GROUPS;
pub use outcome::Uptimal;
pub use outcome::{Comparison, Side, Winner};
pub use parse::{MAX_NUMBER_CHARS, MAX_TEXT};
pub use rules::{Evaluator, Rules};
pub use thermo::Thermograph;
pub use uptimal::{MAX_NIMBER, MAX_UPS};
