//! The general game: a token on a directed graph, the players alternately move it along an edge.
//!
//! # Rules
//! A token sits on a vertex of a directed graph; cycles, self-loops and repeated edges are allowed.
//! The players alternately move it along an edge out of its vertex. Normal play: a player who
//! cannot move loses; misère (`--misere`): he wins. Both play optimally, and a game that neither
//! can force to an end is a draw. The question: for every vertex, the result for the player to
//! move with the token there.
//!
//! # Input
//! `n m`, then the `m` edges `u v` (1-based: a move from `u` to `v`), and nothing after them.
//!
//! # Output
//! One line per vertex, in order ([`write_answer`]): `win`, `lose` or `draw` for the player to move
//! with the token there; `--misere` changes the answers, not the format. With `--depth`
//! ([`write_answer_with_depth`]): `win d` / `lose d`, where `d` is how many moves the game lasts
//! under optimal play (the winner ends it as fast as he can, the loser drags it out; a vertex with
//! no move has depth 0); `draw` stays alone. With `--move` ([`write_answer_with_moves`]), every
//! line ends with the vertex (1-based) an optimal move goes to: a win to a loss one move shorter
//! (the quickest win), a loss to a win one move shorter (the longest resistance), a draw to a draw;
//! a vertex without moves names none (`lose`, or `win` in misère). `win 2 5`, with `--depth`, is a
//! win in 2 by moving to 5. Among several optimal moves, the one to the lowest-numbered vertex.
//!
//! # Method
//! The graph is the game as it stands: [`GraphGame`] gives the solver ([`crate::solver`]) every
//! vertex's out-degree and predecessors, and decides the dead ends (lost under normal play, won
//! under misère). The solver walks every edge backwards at most once: O(n + m) time, no recursion;
//! with `--depth`, its rounds give each game's length. `--move` takes them from the depths, in one
//! more pass over the predecessor lists ([`optimal_moves`]): O(n + m).
//!
//! ## Memory
//! The text is read in 256 KiB chunks, never held whole. The first edges wait in a list of their
//! own until they number `n / 4` (or all have arrived): only then are the arrays of `n` entries
//! made, so a declared `n` alone costs nothing. The edges go into `u32` arrays that grow as they
//! arrive (never past the declared `m`, so a false `m` costs little), then are turned
//! into a [`Graph`]: at the peak `8m + 8n` bytes when the edges come grouped by increasing
//! source (the sources are then not stored, see [`GraphBuilder`]), `12m + 8n` otherwise. The search
//! then needs `4m + 9n`: the graph's `4m + 8n` and a counter per vertex, one byte (2 past 254 moves
//! out of one vertex, 4 past 65,534); plus its queue (at most `4n`), and `4n` more for `--depth`.
//! `--move` needs the depths and `4n` more, once the search is over and its queue freed.
//! The graph's arrays of about 2 MiB or more are made in huge pages where the kernel has them,
//! with up to an eighth more room mapped ([`crate::memory::zeroed_in_huge_pages`]; not in the
//! bundles, built without the `prefault` feature): within a 2 MiB page of each such array, the
//! bytes above are what the process holds.
//! Each step is checked before it is taken ([`read`]): memory that cannot be had is an error
//! naming what needed how much, never an abort.
//!
//! # Limits
//! [`MAX_VERTICES`] = 10^8 vertices and [`MAX_EDGES`] = 5·10^8 edges. At both limits, reading peaks
//! at 4.8 GB (edges grouped by source) or 6.8 GB; the search needs 2.9 GB (3.2 GB with 4-byte
//! counters) plus at most 0.4 GB of queue, and 0.4 GB more with `--depth` (with `--move` too, and
//! 0.4 GB after the search, where the queue was). Time: O(n + m), every
//! edge read once, laid out once and walked backwards at most once.

use crate::graph::{Graph, GraphBuilder, GraphGame};
use crate::input::decimal::push_decimal;
use crate::input::read_pairs;
use crate::input::{Error, Scanner};
use crate::memory::{check_memory, output_buffer, try_grow_within};
use crate::solver::moves::{optimal_moves, BestMoves};
use crate::solver::{search_bytes_per_state, solve, solve_with_depth, DepthTable, Outcome, Solution, Start};
use std::io::{self, Read, Write};

/// The most vertices the program accepts (memory is a few `u32` arrays of this length).
pub const MAX_VERTICES: u64 = 100_000_000;
/// The most edges the program accepts.
pub const MAX_EDGES: u64 = 500_000_000;

/// The problem: the graph, as read.
pub type Problem = Graph;

/// Who wins when the player to move cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// He loses (the usual rule).
    Normal,
    /// He wins (`--misere`).
    Misere,
}

/// The outcome of every vertex.
#[derive(Debug, Clone)]
pub struct Answer {
    solution: Solution,
}

/// The outcome of every vertex and how long its game lasts (`--depth`).
#[derive(Debug, Clone)]
pub struct AnswerWithDepth {
    solution: Solution,
    depths: DepthTable,
}

/// The outcome of every vertex, how long its game lasts, and an optimal move out of it (`--move`).
#[derive(Debug, Clone)]
pub struct AnswerWithMoves {
    answer: AnswerWithDepth,
    moves: BestMoves,
}

/// Reads and checks the whole input: `n m`, the `m` edges, and nothing after them.
///
/// Memory follows the edges that arrive: the first ones wait in a small list of their own, and the
/// graph's arrays of `n` entries are only made once the edges read fill a quarter of them (or all
/// have arrived), so that `n` alone, declared in a few bytes, costs nothing. The builder's arrays
/// and the layout are allocated checked ([`GraphBuilder::try_add_edges`],
/// [`GraphBuilder::try_build`]); before the layout and the search, whose tables would abort when
/// memory runs out, [`check_memory`] checks that their need can be had.
pub fn read<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
    let edges = read_edges(input, MAX_VERTICES, MAX_EDGES)?;
    input.finish(format_args!("the {} edges", edges.m))?;
    // What the search adds, with `--depth`, as the solver says it (the moves a vertex has are not
    // known yet: the widest counter).
    edges.into_graph(search_bytes_per_state(u32::MAX - 1, true))
}

/// Reads `n m` (`n` in `1..=max_vertices`, `m` at most `max_edges`) and the `m` edges, and
/// nothing after them; [`Edges::into_graph`] lays them out. Shared with `graph_sum`, whose
/// queries follow the edges.
pub(crate) fn read_edges<R: Read>(
    input: &mut Scanner<R>,
    max_vertices: u64,
    max_edges: u64,
) -> Result<Edges, Error> {
    let n = input.u64_in("the number of vertices n", 1, max_vertices)?;
    let m = input.u64_in("the number of edges m", 0, max_edges)?;
    let (n, m) = (n as usize, m as usize);
    let mut edges = Edges { n, m, waiting: Vec::new(), graph: None };
    read_pairs(input, m, [n as u32; 2], ["edge", "source", "target"], |_, pairs| edges.add(pairs))?;
    Ok(edges)
}

/// The edges read so far: waiting in a list of their own until the graph's arrays are made.
pub(crate) struct Edges {
    /// The number of vertices and of edges, as declared.
    pub(crate) n: usize,
    pub(crate) m: usize,
    /// The edges read before the graph's arrays exist, as `source, target` pairs (0-based).
    waiting: Vec<u32>,
    graph: Option<GraphBuilder>,
}

impl Edges {
    /// Lays the edges out as a [`Graph`], once [`check_memory`] has found room for the layout and
    /// for what the search of it will need beside the graph: `search_bytes` a vertex.
    pub(crate) fn into_graph(mut self, search_bytes: u128) -> Result<Graph, Error> {
        let (n, m) = (self.n, self.m);
        if self.graph.is_none() {
            self.start_graph()?;
        }
        let graph = self.graph.expect("made above");
        // The layout (`GraphBuilder::build`) adds the predecessor lists and their starts; then the
        // edge arrays are freed, and the graph holds 4 bytes a vertex more than now (the starts).
        // (`graph_game --move`'s 4 bytes a vertex come after the search, in the room its queue
        // gave back.)
        let layout = 4 * (n as u128 + 1) + 4 * m as u128;
        let search = (search_bytes + 4) * n as u128;
        check_memory(layout.max(search), format_args!("solving a graph of {n} vertices and {m} edges"))?;
        graph.try_build()
    }

    /// Takes a batch of edges, `source, target` pairs.
    fn add(&mut self, pairs: &[u32]) -> Result<(), Error> {
        let count = pairs.len() / 2;
        if self.graph.is_none() {
            let first = self.waiting.len() / 2 + count;
            try_grow_within(
                &mut self.waiting,
                pairs.len(),
                2 * self.m,
                &format_args!("the first {first} edges"),
            )?;
            self.waiting.extend_from_slice(pairs);
            if self.waiting.len() / 2 >= self.n / 4 {
                self.start_graph()?;
            }
            return Ok(());
        }
        // The builder's edge arrays double (within m) as edges arrive, checked.
        self.graph.as_mut().expect("made in start_graph").try_add_edges(pairs)
    }

    /// Makes the graph's arrays and hands them the edges waiting.
    fn start_graph(&mut self) -> Result<(), Error> {
        // The out-degrees (4 bytes a vertex), and the edge arrays for the waiting edges: each
        // allocation checked where the builder makes it.
        let mut graph = GraphBuilder::try_new(self.n, self.m)?;
        graph.try_add_edges(&self.waiting)?;
        self.waiting = Vec::new();
        self.graph = Some(graph);
        Ok(())
    }
}

/// The game on `graph` as the solver sees it.
fn game(graph: &Graph, play: Play) -> GraphGame<'_, impl Fn(usize) -> Start> {
    let dead_end = if play == Play::Misere { Start::Win } else { Start::Lose };
    GraphGame::new(graph, move |_| dead_end)
}

/// Decides every vertex under normal play: the judge's question.
pub fn decide(graph: Problem) -> Answer {
    decide_as(graph, Play::Normal)
}

/// Decides every vertex under `play` (`--misere`).
pub fn decide_as(graph: Problem, play: Play) -> Answer {
    Answer { solution: solve(&game(&graph, play)) }
}

/// Decides every vertex under `play` and how long each decided game lasts (`--depth`).
pub fn decide_with_depth(graph: Problem, play: Play) -> AnswerWithDepth {
    let (solution, depths) = solve_with_depth(&game(&graph, play));
    AnswerWithDepth { solution, depths }
}

/// Decides every vertex under `play`, how long each decided game lasts, and an optimal move out of
/// each (`--move`; the lowest-numbered vertex among several, see [`optimal_moves`]).
pub fn decide_with_moves(graph: Problem, play: Play) -> AnswerWithMoves {
    let game = game(&graph, play);
    let (solution, depths) = solve_with_depth(&game);
    let moves = optimal_moves(&game, &solution, &depths);
    AnswerWithMoves { answer: AnswerWithDepth { solution, depths }, moves }
}

/// Each outcome's line, stored as 8 bytes (the word, its newline, padding the next line
/// overwrites), and its length; indexed by `Outcome as usize` (`Win` 0, `Lose` 1, `Draw` 2).
const LINES: [([u8; 8], usize); 3] = [(*b"win\n    ", 4), (*b"lose\n   ", 5), (*b"draw\n   ", 5)];

/// Writes exactly the judge's output: one line per vertex, `win`, `lose` or `draw`.
pub fn write_answer(answer: &Answer, out: &mut impl Write) -> io::Result<()> {
    // Each line is one 8-byte store, and the end moves past the line only: no branch on its length.
    let mut buffer = output_buffer(1 << 16)?;
    buffer.resize(1 << 16, 0);
    let mut end = 0;
    for v in 0..answer.solution.len() {
        let (line, len) = &LINES[answer.solution.outcome(v) as usize];
        buffer[end..end + 8].copy_from_slice(line);
        end += len;
        if end > buffer.len() - 8 {
            out.write_all(&buffer[..end])?;
            end = 0;
        }
    }
    out.write_all(&buffer[..end])
}

/// Writes the `--depth` output: one line per vertex, `win d`, `lose d` (`d` moves under optimal
/// play) or `draw`.
pub fn write_answer_with_depth(answer: &AnswerWithDepth, out: &mut impl Write) -> io::Result<()> {
    write_lines(answer, true, None, out)
}

/// Writes the `--move` output: each line as without `--move` (with the depth if `depth`), then
/// the vertex an optimal move goes to, if there is a move.
pub fn write_answer_with_moves(
    answer: &AnswerWithMoves,
    depth: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    write_lines(&answer.answer, depth, Some(&answer.moves), out)
}

/// One line per vertex: the outcome, then its depth if `depth`, then its move if `moves`.
fn write_lines(
    answer: &AnswerWithDepth,
    depth: bool,
    moves: Option<&BestMoves>,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut buffer = output_buffer(1 << 16)?;
    for v in 0..answer.solution.len() {
        buffer.extend_from_slice(match answer.solution.outcome(v) {
            Outcome::Win => b"win",
            Outcome::Lose => b"lose",
            Outcome::Draw => b"draw",
        });
        let depth = answer.depths.depth(v).filter(|_| depth);
        let to = moves.and_then(|moves| moves.get(v)).map(|to| to as u32 + 1);
        for number in depth.into_iter().chain(to) {
            buffer.push(b' ');
            push_decimal(&mut buffer, u64::from(number));
        }
        buffer.push(b'\n');
        if buffer.len() > (1 << 16) - 32 {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)
}

/// This problem as a type, for code that handles every game alike ([`crate::games::JudgeProblem`]).
pub struct Judge;
judge_problem!(Judge, "graph_game");

#[cfg(test)]
mod tests {
    use super::*;

    /// The output for `text`, with `--misere` and `--depth` as asked.
    fn answer(text: &str, misere: bool, depth: bool) -> Result<String, Error> {
        let graph = read(&mut Scanner::new(text.as_bytes()))?;
        let play = if misere { Play::Misere } else { Play::Normal };
        let mut out = Vec::new();
        if depth {
            write_answer_with_depth(&decide_with_depth(graph.clone(), play), &mut out).unwrap();
        } else {
            write_answer(&decide_as(graph.clone(), play), &mut out).unwrap();
        }
        Ok(String::from_utf8(out).unwrap())
    }

    const EXAMPLE: &str = "5 5\n1 2\n2 3\n4 4\n4 1\n5 5\n";

    #[test]
    fn the_problem_example() {
        assert_eq!(answer(EXAMPLE, false, false).unwrap(), "lose\nwin\nlose\nwin\ndraw\n");
        assert_eq!(answer(EXAMPLE, true, true).unwrap(), "win 2\nlose 1\nwin 0\ndraw\ndraw\n");
    }

    #[test]
    fn moves_on_the_problem_example() {
        let moves = |play, depth| {
            let answer = decide_with_moves(read(&mut Scanner::new(EXAMPLE.as_bytes())).unwrap(), play);
            let mut out = Vec::new();
            write_answer_with_moves(&answer, depth, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        // 4 wins by moving to 1; 5 (and 4 in misère) draw by staying put; 3 has no move.
        assert_eq!(moves(Play::Normal, false), "lose 2\nwin 3\nlose\nwin 1\ndraw 5\n");
        assert_eq!(moves(Play::Normal, true), "lose 2 2\nwin 1 3\nlose 0\nwin 3 1\ndraw 5\n");
        assert_eq!(moves(Play::Misere, true), "win 2 2\nlose 1 3\nwin 0\ndraw 4\ndraw 5\n");
    }

    #[test]
    fn errors_say_where() {
        let err = |text: &str| answer(text, false, false).unwrap_err().message().to_string();
        assert_eq!(
            err(""),
            "line 1, column 1: expected the number of vertices n, found the end of the input"
        );
        assert_eq!(
            err("3 2\n1 2\n"),
            "line 3, column 1: expected the source of edge 2 of 2, found the end of the input"
        );
        assert_eq!(
            err("3 1\n1 4\n"),
            "line 2, column 3: the target of edge 1 of 1 must be between 1 and 3, found 4"
        );
        assert_eq!(err("3 1\n1 2\n3 1\n"), "line 3, column 1: unexpected `3` after the 1 edges");
        assert!(err("100000000000 1\n1 1\n").contains("must be between 1 and 100000000"));
    }

    /// The reading loop without the fast path: every number the careful way.
    fn read_careful<R: Read>(input: &mut Scanner<R>) -> Result<Problem, Error> {
        let n = input.u64_in("the number of vertices n", 1, MAX_VERTICES)?;
        let m = input.u64_in("the number of edges m", 0, MAX_EDGES)?;
        let (n, m) = (n as usize, m as usize);
        let mut graph = GraphBuilder::new(n, m);
        for i in 1..=m {
            let u = input.u64_in(format_args!("the source of edge {i} of {m}"), 1, n as u64)?;
            let v = input.u64_in(format_args!("the target of edge {i} of {m}"), 1, n as u64)?;
            graph.add_edge(u as u32 - 1, v as u32 - 1);
        }
        input.finish(format_args!("the {m} edges"))?;
        Ok(graph.build())
    }

    /// Hands out the input in pieces of the given lengths, in turn.
    struct Pieces<'a>(&'a [u8], Vec<usize>, usize);
    impl Read for Pieces<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let k = self.1[self.2 % self.1.len()].min(out.len()).min(self.0.len());
            self.2 += 1;
            out[..k].copy_from_slice(&self.0[..k]);
            self.0 = &self.0[k..];
            Ok(k)
        }
    }

    #[test]
    fn read_agrees_with_the_careful_path_on_good_and_bad_input() {
        use crate::input::decimal::tests::random_text;
        use crate::rng::Rng;
        let mut rng = Rng::new(3);
        for round in 0..200 {
            let n = 1 + rng.below(if round % 2 == 0 { 1 << 24 } else { 300 });
            let m = rng.below(3000);
            let declared = if round % 5 == 0 { m + rng.below(3) } else { m };
            let mut text = format!("{n} {declared}").into_bytes();
            text.extend_from_slice(&random_text(&mut rng, 2 * m as usize, round % 4 == 0));
            let cut = if round % 7 == 0 { rng.below(3) as usize } else { 0 };
            let text = &text[..text.len() - cut];
            let want = read_careful(&mut Scanner::new(text));
            let pieces = vec![1 + rng.below(1 << 18) as usize, 1 + rng.below(100) as usize];
            let got = read(&mut Scanner::new(Pieces(text, pieces, 0)));
            match (want, got) {
                (Ok(a), Ok(b)) => {
                    for v in 0..a.num_vertices() {
                        assert_eq!(a.predecessors(v), b.predecessors(v));
                        assert_eq!(a.out_degree(v), b.out_degree(v));
                    }
                }
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("careful {:?}, fast {:?}", a.is_ok(), b.is_ok()),
            }
        }
    }
}
