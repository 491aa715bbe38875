//! The games as `stress` sees them: the library's judge problem ([`JudgeProblem`]: the
//! binary's name and its `read`, `decide`, `write_answer`) with what `stress` adds: the generated
//! cases and their sizes. One list of types (`games!`) gives the names and the dispatch.

use crate::cases::graph_game::GraphGameCase;
use crate::cases::graph_partizan::GraphPartizanCase;
use crate::cases::graph_scores::GraphScoresCase;
use crate::cases::graph_sum::GraphSumCase;
use crate::cases::grid_game::GridGameCase;
use crate::cases::move_or_block::MoveOrBlockCase;
use crate::cases::police_thief::PoliceThiefCase;
use crate::cases::Case;
use graph_games::games::{
    graph_game, graph_partizan, graph_scores, graph_sum, grid_game, move_or_block, police_thief, JudgeProblem,
};

/// A judge's statement, as far as `stress` holds solutions to it.
pub struct Statement {
    /// Where the problem is judged (`BOJ 28218`).
    pub judge: &'static str,
    /// Every constraint of the statement on the input, as it says them.
    pub constraints: &'static str,
    /// The judge's time limit, in milliseconds.
    pub time_limit_ms: u64,
    /// The largest size the judge's constraints allow (in the game's `SIZE_COUNTS`).
    pub max_size: usize,
}

/// A game `stress` can test a solution of: the library's judge problem, its generated cases, and
/// the judge's constraints if a judge has the problem.
pub trait Subject: JudgeProblem {
    /// What a case's size counts, for `--help` and the reports.
    const SIZE_COUNTS: &'static str;
    /// The largest case by default: small enough that a run takes about a process start.
    const DEFAULT_SIZE: usize;
    /// The largest size the generator makes, within the binary's own domain.
    const MAX_SIZE: usize;
    /// The large cases (the family and size `make bench` uses): at the judge's maximum by default
    /// for a judged problem, else only when asked for with `--time-limit` or `--large`.
    const LARGE: (&'static str, usize);
    /// The judge's statement: `None` for the project's own problems (their documented domain).
    const STATEMENT: Option<Statement>;
    /// Its generated inputs (with the judge's constraints as [`Case::judge_flaw`] and
    /// [`Case::fit_judge`]).
    type Case: Case;
}

/// Something to do with one game, whichever it is (see [`dispatch`]).
pub trait Task {
    type Output;
    fn run<G: Subject>(self) -> Self::Output;
}

/// The games, one type each: their names in this order (the usage's) and [`dispatch`].
macro_rules! games {
    ($($game:ty),*) => {
        /// The games' names, in the order the usage lists them.
        pub const NAMES: &[&str] = &[$(<$game as JudgeProblem>::NAME),*];

        /// Runs `task` on the game called `name`; `None` if there is no such game.
        pub fn dispatch<T: Task>(name: &str, task: T) -> Option<T::Output> {
            $(if name == <$game as JudgeProblem>::NAME {
                return Some(task.run::<$game>());
            })*
            None
        }
    };
}

games!(
    graph_game::Judge,
    police_thief::Judge,
    grid_game::Judge,
    move_or_block::Judge,
    graph_sum::Judge,
    graph_partizan::Judge,
    graph_scores::Judge
);

impl Subject for graph_game::Judge {
    const SIZE_COUNTS: &'static str = "vertices";
    const DEFAULT_SIZE: usize = 12;
    const MAX_SIZE: usize = graph_game::MAX_VERTICES as usize;
    const LARGE: (&'static str, usize) = ("bench", 1_000_000);
    const STATEMENT: Option<Statement> = None;
    type Case = GraphGameCase;
}

impl Subject for graph_sum::Judge {
    const SIZE_COUNTS: &'static str = "vertices";
    const DEFAULT_SIZE: usize = 12;
    const MAX_SIZE: usize = graph_sum::MAX_VERTICES as usize;
    const LARGE: (&'static str, usize) = ("bench_random", 500_000);
    const STATEMENT: Option<Statement> = None;
    type Case = GraphSumCase;
}

impl Subject for graph_partizan::Judge {
    const SIZE_COUNTS: &'static str = "vertices";
    const DEFAULT_SIZE: usize = 12;
    const MAX_SIZE: usize = graph_partizan::MAX_VERTICES as usize;
    const LARGE: (&'static str, usize) = ("random", 200_000);
    const STATEMENT: Option<Statement> = None;
    type Case = GraphPartizanCase;
}

impl Subject for graph_scores::Judge {
    const SIZE_COUNTS: &'static str = "vertices";
    const DEFAULT_SIZE: usize = 12;
    const MAX_SIZE: usize = crate::cases::graph_scores::MAX_VERTICES;
    const LARGE: (&'static str, usize) = ("random", 200_000);
    const STATEMENT: Option<Statement> = Some(Statement {
        judge: "AtCoder ABC 261 Ex",
        constraints: "2 <= N <= 200,000; 1 <= M <= 200,000; 1 <= v <= N; 0 <= C <= 10^9; no \
                      self-loop; no repeated edge",
        time_limit_ms: 2000,
        max_size: crate::cases::graph_scores::JUDGE_MAX_VERTICES,
    });
    type Case = GraphScoresCase;
}

impl Subject for police_thief::Judge {
    const SIZE_COUNTS: &'static str = "cells";
    const DEFAULT_SIZE: usize = 20;
    const MAX_SIZE: usize = police_thief::MAX_FREE_CELLS;
    const LARGE: (&'static str, usize) = ("walls", 1_600);
    const STATEMENT: Option<Statement> = None;
    type Case = PoliceThiefCase;
}

impl Subject for grid_game::Judge {
    const SIZE_COUNTS: &'static str = "cells";
    const DEFAULT_SIZE: usize = 30;
    const MAX_SIZE: usize = grid_game::MAX_CELLS as usize;
    const LARGE: (&'static str, usize) = ("judge_max", 90_000);
    const STATEMENT: Option<Statement> = Some(Statement {
        judge: "BOJ 28218",
        constraints: "2 <= N, M <= 300; 0 <= K <= min(N, M) - 1; (N, M) free; every free cell \
                      reaches (N, M); 1 <= Q <= 300; every start free and not (N, M)",
        time_limit_ms: 1000,
        max_size: 90_000,
    });
    type Case = GridGameCase;
}

impl Subject for move_or_block::Judge {
    const SIZE_COUNTS: &'static str = "cells";
    const DEFAULT_SIZE: usize = 14;
    const MAX_SIZE: usize = 1_000_000_000;
    const LARGE: (&'static str, usize) = ("long", 1_000_000);
    const STATEMENT: Option<Statement> = Some(Statement {
        judge: "BOJ 31567",
        constraints: "2 <= N <= 1,000,000; exactly one O; the piece not walled in at the start",
        time_limit_ms: 1000,
        max_size: crate::cases::move_or_block::JUDGE_MAX_CELLS,
    });
    type Case = MoveOrBlockCase;
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
            assert_eq!(dispatch(name, Name), Some(*name));
        }
        assert_eq!(dispatch("graph", Name), None);
    }

    #[test]
    fn the_answers_are_the_binaries() {
        let mut out = Vec::new();
        graph_game::Judge::answer(b"3 2\n1 2\n2 3\n", &mut out).unwrap();
        assert_eq!(out, b"lose\nwin\nlose\n");
        out.clear();
        move_or_block::Judge::answer(b"3\n.O.\n", &mut out).unwrap();
        assert!(!out.is_empty());
        out.clear();
        graph_sum::Judge::answer(b"2 2\n1 1\n1 2\n1\n1 1\n", &mut out).unwrap();
        assert_eq!(out, b"win\n");
        assert!(graph_game::Judge::answer(b"3 2\n1 2\n", &mut Vec::new()).is_err());
    }
}
