use crate::graph_game::{self, Play, Problem};

pub fn with_depth(
    graph: Problem,
    play: Play,
    output: &mut impl std::io::Write,
) -> Result<(), graph_games::cli::Failure> {
    graph_game::write_answer_with_depth(&graph_game::decide_with_depth(graph, play), output)?;
    Ok(())
}

pub fn with_moves(
    graph: Problem,
    play: Play,
    depth: bool,
    output: &mut impl std::io::Write,
) -> Result<(), graph_games::cli::Failure> {
    graph_game::write_answer_with_moves(&graph_game::decide_with_moves(graph, play), depth, output)?;
    Ok(())
}
