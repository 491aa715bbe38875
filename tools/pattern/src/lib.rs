//! `pattern`: the periods and rules of a table of values (docs/pattern.md).
//!
//! # The invariant
//! Nothing is claimed that the table does not show: a period only when the table holds
//! [`graph_games::pattern::MIN_PERIODS`] whole periods of it and it covers half the table, proved
//! only under the theorem the caller names; a rule only when it gives every row and was confirmed
//! on rows it was not fitted on ([`rule`]). Otherwise the tool says it found none.
//!
//! Bad input or arguments, a stdout closed from the start, memory that cannot be had: one escaped
//! `error:` line on stderr, exit status 2, nothing on stdout. A reader that goes away ends the
//! tool quietly. Every number it prints is computed exactly, and the code it emits computes it
//! exactly on the table's range ([`emit`]).
//!
//! Files: the table's format ([`table`]), the conditions of rules ([`features`]), their search
//! ([`rule`]), the lines' periods and the periods that grow with another parameter ([`affine`]),
//! the search on a whole table ([`search`]), the picture ([`picture`]), the code it emits
//! ([`emit`]) and the names it accepts ([`names`]), the command line ([`options`]), what it prints
//! for one parameter ([`single`]) and for more ([`report`]), what a run gives ([`out`]), the
//! allocator ([`memory`]), and the run itself ([`cli`]). Files import one another only downwards:
//! `cli` on top, then `report`, `single`, `options`, then `search`, `emit`, `picture`, then
//! `rule`, `names`, then `affine`, `features`, then `table`, `out` and `memory`.

pub mod affine;
pub mod cli;
pub mod emit;
pub mod features;
pub mod memory;
pub mod names;
pub mod options;
pub mod out;
pub mod picture;
pub mod report;
pub mod rule;
pub mod search;
pub mod single;
pub mod table;
