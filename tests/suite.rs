//! The root package's integration tests as one test crate: each file of `tests/` is a module of
//! it (the index, tests/README.md, says which kind of test goes where), the shared folders beside
//! them, but `forms_heap_bytes.rs` and `attack_layout.rs` (each with a global allocator of its
//! own, a crate of its own). One crate compiles the library's generic code and links once, where
//! a crate a file did it 60 times.
//! `cargo test --release --test suite NAME::` runs the tests of `tests/NAME.rs`. A new file of
//! `tests/` is declared below (tools/bundle/tests/layout.rs checks it).

// src/rng.rs is loaded by random/ and by scores_common/ (which a tool's test includes by its path,
// where `crate::random` is not).
#![allow(clippy::duplicate_mod)]

// The shared code.
mod cgt_data;
mod common;
mod fixpoint;
mod ladder;
mod loopy;
mod partizan_common;
mod random;
mod scores_common;
mod thermo_oracle;

// The files, each a module.
mod attack_bans;
mod attack_bans_errors;
mod attack_no_passage;
mod attack_runner;
mod attack_small_stack;
mod clobber;
mod closed_stdout;
mod columns;
mod domineering;
mod examples_oracle;
mod forward;
mod fuzz;
mod game_tables;
mod graph_game_binary;
mod graph_game_move;
mod graph_game_oracle;
mod graph_partizan;
mod graph_partizan_attack;
mod graph_partizan_extras;
mod grid_game;
mod hackenbush;
mod judge_cases;
mod loopy_sums;
mod loopy_values;
mod marbles;
mod memory;
mod memory_ladder;
mod move_or_block;
mod no_passage;
mod partizan_adversarial;
mod partizan_cgt;
mod partizan_cgt_attack;
mod partizan_cool;
mod partizan_docs;
mod partizan_dyadic;
mod partizan_oracle;
mod partizan_reduced;
mod partizan_sums;
mod partizan_thermo;
mod partizan_thermo_attack;
mod play;
mod police_thief;
mod progress_moves;
mod readme;
mod reference;
mod scores;
mod scores_bans;
mod scores_binary;
mod scores_cases;
mod scores_forms;
mod scores_oracle;
mod stone_piles;
mod streams;
mod test_runner;
mod toads_frogs;
mod token_duel;
mod toppling_dominoes;
mod toppling_dominoes_attack;
