//! Checks games written forward (`graph_games::forward::ForwardGame`) and the move to play
//! (`graph_games::solver::moves::Tablebase`) against the naive fixpoint of `tests/fixpoint/`, which
//! shares no code with the solver, and against the same game written the other way (the moves
//! into each state, listed here).
//!
//! On 3000 small random games (1..=12 states, up to 3 moves a state, with cycles, self-loops,
//! repeated moves and dead ends), normal play and misère:
//! - the forward form and the predecessor form give the same outcomes and depths, and both equal
//!   the oracle's; their loopy values agree too;
//! - the move named from every state is a move of the game, optimal (a win to a loss one move
//!   shorter, a loss to a win one move shorter, a draw to a draw) and the lowest-numbered optimal
//!   one; a state without moves names none;
//! - the line from every state is optimal move by move and ends where the game does (after its
//!   depth), or, for a draw, at the first state that comes round again;
//! - the probe lists each distinct move once, with the oracle's result for the player who makes
//!   it, best first, and its first is the move named.

use crate::fixpoint;
use crate::random;
use fixpoint::{optimal, oracle, Verdict};
use graph_games::forward::ForwardGame;
use graph_games::graph::{Graph, GraphGame};
use graph_games::solver::moves::{ProbedMove, Tablebase};
use graph_games::solver::{loopy_values, solve_with_depth, Game, Outcome, Start};
use random::Rng;

/// A random game: `successors[s]` lists the moves out of `s` (repeats and self-loops allowed).
fn random_game(rng: &mut Rng) -> Vec<Vec<usize>> {
    let n = 1 + rng.below(12) as usize;
    (0..n).map(|_| (0..rng.below(4)).map(|_| rng.below(n as u64) as usize).collect()).collect()
}

/// The same game written the other way: the moves into each state.
struct Backward {
    predecessors: Vec<Vec<usize>>,
    out_degree: Vec<u32>,
    misere: bool,
}

impl Backward {
    fn new(successors: &[Vec<usize>], misere: bool) -> Backward {
        let mut predecessors = vec![Vec::new(); successors.len()];
        for (s, moves) in successors.iter().enumerate() {
            moves.iter().for_each(|&t| predecessors[t].push(s));
        }
        let out_degree = successors.iter().map(|m| m.len() as u32).collect();
        Backward { predecessors, out_degree, misere }
    }
}

impl Game for Backward {
    fn num_states(&self) -> usize {
        self.out_degree.len()
    }
    fn max_moves(&self) -> u32 {
        self.out_degree.iter().copied().max().unwrap_or(0)
    }
    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        for &k in &self.out_degree {
            visit(match k {
                0 if self.misere => Start::Win,
                0 => Start::Lose,
                k => Start::Moves(k),
            });
        }
    }
    fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, mut visit: F) {
        self.predecessors[s].iter().for_each(|&p| visit(p));
    }
}

/// The oracle's verdict as the library says it.
fn verdict(outcome: Outcome, depth: Option<u32>) -> Verdict {
    match (outcome, depth) {
        (Outcome::Win, Some(d)) => Verdict::Win(d),
        (Outcome::Lose, Some(d)) => Verdict::Lose(d),
        (Outcome::Draw, None) => Verdict::Draw,
        other => panic!("an outcome and depth that do not go together: {other:?}"),
    }
}

/// Whether `a` is a better result than `b` for the player who gets it: wins quickest first, then
/// draws, then losses longest first (the probe's order).
fn rank(v: Verdict) -> (u32, i64) {
    match v {
        Verdict::Win(d) => (0, i64::from(d)),
        Verdict::Draw => (1, 0),
        Verdict::Lose(d) => (2, -i64::from(d)),
    }
}

/// The result for the player who moves into a state of `target`.
fn after_move(target: Verdict) -> Verdict {
    match target {
        Verdict::Win(d) => Verdict::Lose(d + 1),
        Verdict::Lose(d) => Verdict::Win(d + 1),
        Verdict::Draw => Verdict::Draw,
    }
}

fn check_game(successors: &[Vec<usize>], misere: bool) {
    let n = successors.len();
    let expected = oracle(successors, misere);
    let game_over = move |_: usize| if misere { Start::Win } else { Start::Lose };
    let forward = ForwardGame::new(n, |s, moves| moves.extend_from_slice(&successors[s]), game_over);
    let backward = Backward::new(successors, misere);
    let (fs, fd) = solve_with_depth(&forward);
    let (bs, bd) = solve_with_depth(&backward);
    for (s, &verdict_expected) in expected.iter().enumerate() {
        let context = format!("state {s} of {successors:?}, misère {misere}");
        assert_eq!(verdict(fs.outcome(s), fd.depth(s)), verdict_expected, "forward: {context}");
        assert_eq!(verdict(bs.outcome(s), bd.depth(s)), verdict_expected, "backward: {context}");
    }
    if !misere {
        let (fv, bv) = (loopy_values(&forward), loopy_values(&backward));
        for s in 0..n {
            assert_eq!(fv.value(s), bv.value(s), "values: state {s} of {successors:?}");
        }
    }

    let table = forward.tablebase();
    for s in 0..n {
        let context = format!("state {s} of {successors:?}, misère {misere}");
        assert_eq!(verdict(table.outcome(s), table.depth(s)), expected[s], "{context}");
        let best = successors[s].iter().copied().filter(|&t| optimal(expected[s], expected[t])).min();
        assert_eq!(table.best_move(s), best, "the move: {context}");
        assert_eq!(
            best.is_none(),
            successors[s].is_empty(),
            "a state with moves has an optimal one: {context}"
        );
        check_line(&table, successors, &expected, s, &context);
        check_probe(&forward.probe(&table, s), successors, &expected, s, best, &context);
    }
}

fn check_line(table: &Tablebase, successors: &[Vec<usize>], expected: &[Verdict], s: usize, context: &str) {
    let line = table.line(s);
    assert_eq!(line[0], s, "the line starts at the state: {context}");
    for step in line.windows(2) {
        assert!(
            successors[step[0]].contains(&step[1]),
            "the line {line:?} makes a move the game has not: {context}"
        );
        assert!(optimal(expected[step[0]], expected[step[1]]), "the line {line:?} is not optimal: {context}");
    }
    let last = *line.last().unwrap();
    match expected[s] {
        Verdict::Win(d) | Verdict::Lose(d) => {
            assert_eq!(line.len(), d as usize + 1, "the line {line:?} lasts the depth: {context}");
            assert!(successors[last].is_empty(), "the line {line:?} ends where the game is over: {context}");
        }
        Verdict::Draw => {
            let first = line.iter().position(|&x| x == last).unwrap();
            assert!(first < line.len() - 1, "a draw's line {line:?} ends on a state seen before: {context}");
            let mut body = line[..line.len() - 1].to_vec();
            body.sort_unstable();
            body.dedup();
            assert_eq!(
                body.len(),
                line.len() - 1,
                "a draw's line {line:?} stops at the first repeat: {context}"
            );
        }
    }
}

fn check_probe(
    probed: &[ProbedMove],
    successors: &[Vec<usize>],
    expected: &[Verdict],
    s: usize,
    best: Option<usize>,
    context: &str,
) {
    let mut targets: Vec<usize> = successors[s].clone();
    targets.sort_unstable();
    targets.dedup();
    let mut listed: Vec<usize> = probed.iter().map(|m| m.to).collect();
    listed.sort_unstable();
    assert_eq!(listed, targets, "the probe lists each move once: {context}");
    for m in probed {
        assert_eq!(verdict(m.outcome, m.depth), after_move(expected[m.to]), "probe {m:?}: {context}");
    }
    for pair in probed.windows(2) {
        let (a, b) = (verdict(pair[0].outcome, pair[0].depth), verdict(pair[1].outcome, pair[1].depth));
        assert!(
            (rank(a), pair[0].to) < (rank(b), pair[1].to),
            "the probe is best first: {probed:?}: {context}"
        );
    }
    assert_eq!(probed.first().map(|m| m.to), best, "the probe's first is the move named: {context}");
}

#[test]
fn random_games_forward_backward_and_the_oracle_agree() {
    let mut rng = Rng::new(31);
    for _ in 0..3000 {
        let successors = random_game(&mut rng);
        check_game(&successors, false);
        check_game(&successors, true);
    }
}

#[test]
fn an_explicit_graph_has_the_same_tablebase() {
    // 0 -> 1 -> 2, 0 -> 2, 3 -> 3 and 3 -> 0, as a graph and written forward.
    let successors: Vec<Vec<usize>> = vec![vec![1, 2], vec![2], vec![], vec![3, 0]];
    let graph = Graph::from_edges(4, &[0, 0, 1, 3, 3], &[1, 2, 2, 3, 0]);
    let from_graph = Tablebase::new(&GraphGame::new(&graph, |_| Start::Lose));
    let forward = ForwardGame::new(4, |s, moves| moves.extend_from_slice(&successors[s]), |_| Start::Lose);
    let from_forward = forward.tablebase();
    for s in 0..4 {
        assert_eq!(from_graph.outcome(s), from_forward.outcome(s));
        assert_eq!(from_graph.depth(s), from_forward.depth(s));
        assert_eq!(from_graph.best_move(s), from_forward.best_move(s));
    }
    assert_eq!(from_graph.line(0), [0, 2]);
    assert_eq!(from_graph.line(3), [3, 3]);
    let probed = forward.probe(&from_forward, 3);
    assert_eq!(
        probed,
        [
            ProbedMove { to: 3, outcome: Outcome::Draw, depth: None },
            ProbedMove { to: 0, outcome: Outcome::Lose, depth: Some(2) },
        ]
    );
}

#[test]
fn a_long_chain_written_forward() {
    // 0 -> 1 -> ... -> n - 1: no recursion anywhere, and the line is the whole chain.
    let n = 1_000_000;
    let chain = ForwardGame::new(n, |s, moves| moves.extend((s + 1 < n).then(|| s + 1)), |_| Start::Lose);
    let table = chain.tablebase();
    assert_eq!(table.outcome(0), Outcome::Win); // an odd number of moves to the end
    assert_eq!(table.depth(0), Some(n as u32 - 1));
    assert_eq!(table.line(0).len(), n);
}

#[test]
#[should_panic(expected = "state 1 moves to 5, not a state (there are 3)")]
fn a_move_outside_the_states_is_refused() {
    ForwardGame::new(3, |s, moves| moves.push(if s == 1 { 5 } else { 0 }), |_| Start::Lose);
}

/// README's "Your own game" and docs/own_game.md show `examples/stones_forward.rs` as it is,
/// and it prints what the game gives by hand. An empty pile loses at once; one or two stones win
/// in one move (take them all). From 3 on, every move down to 1 or 2 loses and a move to another pile of 3 to 10 is
/// always there, so both keep the game going: draws, and the move named is the lowest draw
/// (3 goes to 4, the others down by two, 4 to 3, 10 can only go down). From 4: to 3 and to 5 a
/// draw; to 2 the opponent wins in one, so the mover loses in two.
#[test]
fn stones_forward_as_in_readme() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("examples/stones_forward.rs")).unwrap();
    let program = &source[source.find("use graph_games").expect("a use line")..];
    for page in ["README.md", "docs/own_game.md"] {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        assert!(text.contains(&format!("```rust\n{program}```\n")), "{page} shows another stones_forward.rs");
    }
    let example = std::path::PathBuf::from(env!("CARGO_BIN_EXE_graph_game"))
        .with_file_name("examples")
        .join("stones_forward");
    assert!(example.exists(), "{} is not built (`cargo build --examples` first)", example.display());
    let run = std::process::Command::new(&example).output().unwrap();
    let mut expected = String::from(
        "0 stones: Lose, depth Some(0), play None, line [0]\n\
         1 stones: Win, depth Some(1), play Some(0), line [1, 0]\n\
         2 stones: Win, depth Some(1), play Some(0), line [2, 0]\n",
    );
    let draws: [(usize, &str); 8] = [
        (4, "3, 4, 3"),
        (3, "4, 3, 4"),
        (3, "5, 3, 4, 3"),
        (4, "6, 4, 3, 4"),
        (5, "7, 5, 3, 4, 3"),
        (6, "8, 6, 4, 3, 4"),
        (7, "9, 7, 5, 3, 4, 3"),
        (8, "10, 8, 6, 4, 3, 4"),
    ];
    for (s, (play, line)) in (3..).zip(draws) {
        expected += &format!("{s} stones: Draw, depth None, play Some({play}), line [{line}]\n");
    }
    expected += "4 -> 3: Draw, depth None for the mover\n\
                 4 -> 5: Draw, depth None for the mover\n\
                 4 -> 2: Lose, depth Some(2) for the mover\n";
    assert_eq!(String::from_utf8_lossy(&run.stdout), expected);
    assert!(run.status.success());
}

/// docs/own_game.md shows `examples/stones.rs` as it is, and it prints what the game gives
/// by hand: an empty pile loses, one or two stones win (take them all), and from three stones on
/// each player keeps the game going (every move down reaches a winning pile for the opponent,
/// and from 3 to 10 there is always a move to another pile of 3 to 10), so they draw.
#[test]
fn stones_as_in_readme() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("examples/stones.rs")).unwrap();
    let program = &source[source.find("use graph_games").expect("a use line")..];
    let page = std::fs::read_to_string(root.join("docs/own_game.md")).unwrap();
    assert!(page.contains(&format!("```rust\n{program}```\n")), "docs/own_game.md shows another stones.rs");
    let example =
        std::path::PathBuf::from(env!("CARGO_BIN_EXE_graph_game")).with_file_name("examples").join("stones");
    let run = std::process::Command::new(&example).output().unwrap();
    let mut expected = String::new();
    for s in 0..=10 {
        let outcome = match s {
            0 => "Lose",
            1 | 2 => "Win",
            _ => "Draw",
        };
        expected += &format!("{s} stones: {outcome}\n");
    }
    assert_eq!(String::from_utf8_lossy(&run.stdout), expected);
}
