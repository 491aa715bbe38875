//! Reading judge input: whitespace-separated tokens from any byte stream, with positions, and the
//! one-line errors of the contract.
//!
//! - [`Scanner`] (`scanner.rs`): tokens and numbers, each read against a bound, so memory never
//!   follows one token's length; positions counted only when an error needs one.
//! - [`Error`], [`Pos`], [`shown`], [`out_of_memory`], [`plural`] (`error.rs`): what a bad input
//!   (or memory that cannot be had) is told, and where; the crate's one byte escaper ([`shown`])
//!   and plural.
//! - [`board_cells`] (`size.rs`): declared sizes, checked before memory is reserved for them (the
//!   memory itself is `crate::memory`'s).
//! - [`read_pairs`], [`read_plain_numbers`] (`pairs.rs`): many pairs of numbers, or many numbers, at once, through the block parser of
//!   [`decimal`] (portable, always compiled and tested) or its SIMD steps on x86-64 (`x86_64.rs`).
//!
//! The files import one another only downwards: `error`, `decimal` at the bottom; `size`,
//! `scanner`, `x86_64` above them; `pairs` on top. This file only names what they export.

pub mod decimal;
mod error;
mod pairs;
mod scanner;
mod size;
#[cfg(target_arch = "x86_64")]
mod x86_64;

pub use error::{out_of_memory, plural, shown, Error, Pos};
pub use pairs::{read_pairs, read_plain_numbers};
pub use scanner::{is_space, Mark, Scanner};
pub use size::board_cells;
