//! The four games as `stress` sees them: a name, the generated cases, and the judge binary's
//! answer computed in-process (the game's `read`, `decide` and `write_answer`, exactly what the
//! binary prints without flags).

use crate::cases::Case;
use crate::games::graph_game::{self, cases::GraphGameCase};
use crate::games::grid_game::{self, cases::GridGameCase};
use crate::games::move_or_block::{self, cases::MoveOrBlockCase};
use crate::games::police_thief::{self, cases::PoliceThiefCase};
use crate::input::{Error, Scanner};

/// A game `stress` can test a solution of.
pub trait Subject {
    /// Its name on the command line: the judge binary's.
    const NAME: &'static str;
    /// What a case's size counts, for `--help` and the reports.
    const SIZE_COUNTS: &'static str;
    /// The largest case by default: small enough that a run takes about a process start.
    const DEFAULT_SIZE: usize;
    /// Its generated inputs.
    type Case: Case;
    /// Appends to `out` what the judge binary prints on `input`; an error if it rejects `input`.
    fn answer(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error>;
}

/// Something to do with one game, whichever it is (see [`dispatch`]).
pub trait Task {
    type Output;
    fn run<G: Subject>(self) -> Self::Output;
}

/// The games' names, in the order the usage lists them.
pub const NAMES: [&str; 4] = ["graph_game", "police_thief", "grid_game_28218", "move_or_block"];

/// Runs `task` on the game called `name`; `None` if there is no such game.
pub fn dispatch<T: Task>(name: &str, task: T) -> Option<T::Output> {
    match name {
        "graph_game" => Some(task.run::<GraphGame>()),
        "police_thief" => Some(task.run::<PoliceThief>()),
        "grid_game_28218" => Some(task.run::<GridGame>()),
        "move_or_block" => Some(task.run::<MoveOrBlock>()),
        _ => None,
    }
}

/// Writing to memory cannot fail: the `io::Result` of a `write_answer` into a `Vec`.
fn in_memory(written: std::io::Result<()>) {
    written.expect("a write into memory")
}

pub struct GraphGame;

impl Subject for GraphGame {
    const NAME: &'static str = "graph_game";
    const SIZE_COUNTS: &'static str = "vertices";
    const DEFAULT_SIZE: usize = 12;
    type Case = GraphGameCase;
    fn answer(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let problem = graph_game::read(&mut Scanner::new(input))?;
        in_memory(graph_game::write_answer(&graph_game::decide(problem), out));
        Ok(())
    }
}

pub struct PoliceThief;

impl Subject for PoliceThief {
    const NAME: &'static str = "police_thief";
    const SIZE_COUNTS: &'static str = "cells";
    const DEFAULT_SIZE: usize = 20;
    type Case = PoliceThiefCase;
    fn answer(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let problem = police_thief::read(&mut Scanner::new(input))?;
        in_memory(police_thief::write_answer(&police_thief::decide(problem), out));
        Ok(())
    }
}

pub struct GridGame;

impl Subject for GridGame {
    const NAME: &'static str = "grid_game_28218";
    const SIZE_COUNTS: &'static str = "cells";
    const DEFAULT_SIZE: usize = 30;
    type Case = GridGameCase;
    fn answer(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let problem = grid_game::read(&mut Scanner::new(input))?;
        in_memory(grid_game::write_answer(&grid_game::decide(problem), out));
        Ok(())
    }
}

pub struct MoveOrBlock;

impl Subject for MoveOrBlock {
    const NAME: &'static str = "move_or_block";
    const SIZE_COUNTS: &'static str = "cells";
    const DEFAULT_SIZE: usize = 14;
    type Case = MoveOrBlockCase;
    fn answer(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        let problem = move_or_block::read(&mut Scanner::new(input))?;
        in_memory(move_or_block::write_answer(&move_or_block::decide(problem), out));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;

    impl Task for Name {
        type Output = &'static str;
        fn run<G: Subject>(self) -> &'static str {
            G::NAME
        }
    }

    #[test]
    fn every_name_leads_to_its_game() {
        for name in NAMES {
            assert_eq!(dispatch(name, Name), Some(name));
        }
        assert_eq!(dispatch("graph", Name), None);
    }

    #[test]
    fn the_answers_are_the_binaries() {
        let mut out = Vec::new();
        GraphGame::answer(b"3 2\n1 2\n2 3\n", &mut out).unwrap();
        assert_eq!(out, b"lose\nwin\nlose\n");
        out.clear();
        MoveOrBlock::answer(b"3\n.O.\n", &mut out).unwrap();
        assert!(!out.is_empty());
        assert!(GraphGame::answer(b"3 2\n1 2\n", &mut Vec::new()).is_err());
    }
}
