//! Partizan games: Conway's values, where Left and Right have moves of their own.
//!
//! A short game (finitely many positions, no cycle) is `{L | R}`: Left's options and Right's.
//! Its value is its **canonical form**, the simplest game equal to it (no dominated option, no
//! reversible one), unique: two games are equal exactly when their canonical forms are the same.
//! [`Forms`] is a table of canonical forms, each made once and named by a [`FormId`], with
//! sums, negatives and comparisons memoised, all without recursion. From a form: who wins
//! ([`Winner`]: Left, Right, the first player or the second), the stops, mean and temperature.
//! Numbers are exact at any size ([`Dyadic`]), printed and read in CGSuite's notation.
//!
//! - `dyadic`, `bigint`: the numbers `m / 2^k`, on big integers of the project's own.
//! - `forms`: the table ([`Forms`], [`FormId`], [`Side`]).
//! - `compare`: `<=`, [`Comparison`], [`Winner`].
//! - `canon`: [`Forms::make`] (the canonical form of `{L | R}`), [`Forms::sum`], [`Forms::neg`].
//! - `game`: the values of a game written forward ([`forward_values`]).
//! - `notation`, `parse`: CGSuite's notation, printed ([`Forms::show`]) and read ([`Forms::parse`]);
//!   `uptimal`: `x + n·^ + *m` made ([`Forms::uptimal`], [`Forms::nimber`]).
//! - `thermo`: stops, [`Thermograph`], mean and temperature ([`Forms::mean`], [`Forms::temperature`]).

mod canon;
mod compare;
pub mod dyadic;
mod forms;
mod game;
mod notation;
mod parse;
mod thermo;
mod uptimal;

pub use compare::{Comparison, Winner};
pub use dyadic::Dyadic;
pub use forms::{FormId, Forms, Side};
pub use game::forward_values;
pub use parse::{MAX_NUMBER_CHARS, MAX_TEXT};
pub use thermo::Thermograph;
pub use uptimal::{MAX_NIMBER, MAX_UPS};
