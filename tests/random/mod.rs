//! The random numbers of the integration tests: the library's own test generator (`src/rng.rs`),
//! which the library compiles only into its unit tests and does not export.

// Each test crate uses only part of it.
#[allow(dead_code)]
#[path = "../../src/rng.rs"]
mod rng;
pub use rng::Rng;
