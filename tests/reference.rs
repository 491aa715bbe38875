//! The fast search (`solver::solve`, `solve_with_depth`) against the plain one it is specified by
//! (`solver::reference`), on every family of games the library has: outcomes and depths equal on
//! every state. The families: explicit graphs (random, with cycles, normal and misère, small and
//! large enough for the walk to be chosen and changed, and with more moves than a byte counts),
//! games written forward, the policeman and the thief on random boards, move_or_block's model,
//! a game whose moves are computed on the fly, and a 10^6-long chain (neither search recurses).

use crate::random;
use graph_games::forward::ForwardGame;
use graph_games::games::move_or_block::model::CountsGame;
use graph_games::games::police_thief::{self, PoliceThief};
use graph_games::graph::{Graph, GraphGame};
use graph_games::input::Scanner;
use graph_games::solver::{reference, solve, solve_with_depth, Game, Start};
use random::Rng;

/// Both searches on `game`: every outcome and depth equal, and `solve` without depths the same.
fn check<G: Game>(game: &G, what: &str) {
    let (fast, fast_depths) = solve_with_depth(game);
    let (plain, plain_depths) = reference::solve_with_depth(game);
    let without_depths = solve(game);
    assert_eq!(fast.len(), game.num_states(), "{what}");
    assert_eq!(plain.len(), game.num_states(), "{what}");
    for s in 0..game.num_states() {
        assert_eq!(fast.outcome(s), plain.outcome(s), "{what}: the outcome of state {s}");
        assert_eq!(
            without_depths.outcome(s),
            plain.outcome(s),
            "{what}: the outcome of state {s}, no depths"
        );
        assert_eq!(fast_depths.depth(s), plain_depths.depth(s), "{what}: the depth of state {s}");
    }
}

/// A random graph: `n` vertices, `m` edges, any of them (cycles, self-loops, repeats).
fn random_graph(rng: &mut Rng, n: usize, m: usize) -> Graph {
    let sources: Vec<u32> = (0..m).map(|_| rng.below(n as u64) as u32).collect();
    let targets: Vec<u32> = (0..m).map(|_| rng.below(n as u64) as u32).collect();
    Graph::from_edges(n, &sources, &targets)
}

#[test]
fn explicit_graphs() {
    let mut rng = Rng::new(32);
    for round in 0..2000 {
        let n = 1 + rng.below(12) as usize;
        let m = rng.below(3 * n as u64 + 1) as usize;
        let graph = random_graph(&mut rng, n, m);
        check(&GraphGame::new(&graph, |_| Start::Lose), &format!("small graph {round}"));
        check(&GraphGame::new(&graph, |_| Start::Win), &format!("small graph {round}, misère"));
    }
    // Large enough for the walk to be chosen from samples, sparse (counting) and dense
    // (skipping); and a vertex with 300 moves (a 16-bit counter).
    for (n, m) in [(200_000, 300_000), (50_000, 400_000)] {
        let graph = random_graph(&mut rng, n, m);
        check(&GraphGame::new(&graph, |_| Start::Lose), &format!("graph of {n} vertices, {m} edges"));
    }
    let mut sources: Vec<u32> = (0..300).map(|_| 0).collect();
    let mut targets: Vec<u32> = (0..300).map(|_| rng.below(1000) as u32).collect();
    sources.extend((0..2000).map(|_| rng.below(1000) as u32));
    targets.extend((0..2000).map(|_| rng.below(1000) as u32));
    let wide = Graph::from_edges(1000, &sources, &targets);
    check(&GraphGame::new(&wide, |_| Start::Lose), "a vertex of 300 moves");
}

#[test]
fn games_written_forward() {
    let mut rng = Rng::new(33);
    for round in 0..500 {
        let n = 1 + rng.below(30) as usize;
        let moves: Vec<Vec<usize>> =
            (0..n).map(|_| (0..rng.below(4)).map(|_| rng.below(n as u64) as usize).collect()).collect();
        let game = ForwardGame::new(
            n,
            |s, list| list.extend_from_slice(&moves[s]),
            |s| {
                if s % 3 == 0 {
                    Start::Win
                } else {
                    Start::Lose
                }
            },
        );
        check(&game, &format!("forward game {round}"));
    }
}

#[test]
fn police_and_thief_boards() {
    let mut rng = Rng::new(34);
    for round in 0..300 {
        let (rows, cols) = (1 + rng.below(6) as usize, 2 + rng.below(6) as usize);
        let mut grid: Vec<u8> =
            (0..rows * cols).map(|_| if rng.chance(1, 4) { b'*' } else { b'.' }).collect();
        let mut cells: Vec<usize> = (0..rows * cols).collect();
        rng.shuffle(&mut cells);
        grid[cells[0]] = b'P';
        grid[cells[1]] = b'T';
        for &e in cells[2..].iter().take(rng.below(3) as usize) {
            grid[e] = b'E';
        }
        let mut text = format!("{rows} {cols}\n");
        for row in grid.chunks(cols) {
            text.push_str(std::str::from_utf8(row).unwrap());
            text.push('\n');
        }
        let board = police_thief::read(&mut Scanner::new(text.as_bytes())).unwrap();
        check(&PoliceThief::new(&board), &format!("board {round}:\n{text}"));
    }
}

#[test]
fn move_or_block_model() {
    for free in [0, 1, 2, 5, 14, 40] {
        check(&CountsGame::new(free), &format!("move_or_block's model, {free} free cells"));
    }
}

/// A ring of `n` piles on the fly: from state `s`, take one or two (to `s - 1`, `s - 2`), or,
/// from a multiple of 7, jump back up by 5 (up to `n - 1`): cycles, computed when asked.
struct Ring {
    n: usize,
}

impl Ring {
    fn moves(&self, s: usize) -> Vec<usize> {
        let mut moves: Vec<usize> = (1..=2).filter(|&k| k <= s).map(|k| s - k).collect();
        if s % 7 == 0 && s + 5 < self.n {
            moves.push(s + 5);
        }
        moves
    }
}

impl Game for Ring {
    fn num_states(&self) -> usize {
        self.n
    }
    fn max_moves(&self) -> u32 {
        3
    }
    fn for_each_start<F: FnMut(Start)>(&self, mut visit: F) {
        for s in 0..self.n {
            visit(Start::Moves(self.moves(s).len() as u32));
        }
    }
    fn for_each_predecessor<F: FnMut(usize)>(&self, s: usize, mut visit: F) {
        (s + 1..=(s + 2).min(self.n - 1)).for_each(&mut visit);
        if s >= 5 && (s - 5) % 7 == 0 {
            visit(s - 5);
        }
    }
}

#[test]
fn a_game_on_the_fly() {
    for n in [1, 2, 7, 50, 1000] {
        check(&Ring { n }, &format!("ring of {n}"));
    }
}

#[test]
fn a_long_chain() {
    let n = 1_000_000;
    let chain = ForwardGame::new(n, |s, moves| moves.extend((s + 1 < n).then(|| s + 1)), |_| Start::Lose);
    check(&chain, "a chain of 10^6 states");
}
