use graph_games::{self, games::graph_game::{self, Play, Problem}};
use std::io::Write;

mod write;

pub fn answer(
    graph: Problem,
    play: Play,
    depth: bool,
    moves: bool,
    output: &mut impl Write,
) -> Result<(), self::graph_games::cli::Failure> {
    if moves {
        write::with_moves(graph, play, depth, output)
    } else if depth {
        write::with_depth(graph, play, output)
    } else {
        graph_game::write_answer(&graph_game::decide_as(graph, play), output)?;
        Ok(())
    }
}
