//! Games with scores (`graph_games::scores`) on games worked by hand: the samples of AtCoder ABC
//! 261 Ex, weight-0 cycles, the mirror (Max the ender), an unreachable end, a chain of 10^5
//! positions and a star; and the errors: a `ScoreGraph` or `ForwardScored` given bad moves, a game
//! that breaks the rules of `ScoredGame` (an error, never a panic). The random games against an
//! oracle are `tests/scores.rs`.

use graph_games::scores::{solve, ForwardScored, ScoreGraph, ScoredGame, Side, Stand, Total};

/// A game as the tests hold it: sides, payoffs, moves `(from, to, weight)`.
#[derive(Debug, Clone)]
struct Game {
    sides: Vec<Side>,
    payoffs: Vec<i64>,
    moves: Vec<(usize, usize, i64)>,
}

impl Game {
    fn graph(&self) -> ScoreGraph {
        ScoreGraph::new(&self.sides, &self.payoffs, &self.moves).unwrap()
    }
}

/// The game of ABC 261 Ex on `n` vertices and `edges` (1-based), as positions `(v, player)`:
/// `2v` Takahashi (Min, the ender) to move, `2v + 1` Aoki.
fn token_game(n: usize, edges: &[(usize, usize, i64)]) -> Game {
    let sides = (0..2 * n).map(|p| if p % 2 == 0 { Side::Min } else { Side::Max }).collect();
    let mut moves = Vec::new();
    for &(a, b, c) in edges {
        moves.push((2 * (a - 1), 2 * (b - 1) + 1, c));
        moves.push((2 * (a - 1) + 1, 2 * (b - 1), c));
    }
    Game { sides, payoffs: vec![0; 2 * n], moves }
}

#[test]
fn the_samples_of_abc_261_ex() {
    type Sample<'a> = (usize, &'a [(usize, usize, i64)], usize, Total);
    let samples: [Sample; 3] = [
        (7, &[(1, 2, 1), (1, 3, 10), (2, 4, 100), (2, 5, 102), (3, 6, 20), (3, 7, 30)], 1, Total::Ends(40)),
        (3, &[(1, 2, 1), (2, 1, 2), (2, 3, 3), (3, 2, 4), (3, 1, 5), (1, 3, 6)], 3, Total::Never),
        (4, &[(1, 2, 1), (2, 3, 1), (3, 1, 1), (2, 4, 1)], 1, Total::Ends(5)),
    ];
    for (n, edges, v, want) in samples {
        let game = token_game(n, edges);
        let totals = solve(&game.graph(), Side::Min).unwrap();
        assert_eq!(totals.total(2 * (v - 1)), want);
    }
}

#[test]
fn hand_worked_games() {
    use Side::{Max, Min};
    // 0 (Min) -0-> 1 (Min) -0-> 0, and 1 -0-> 2 (end, -4): a weight-0 cycle Min leaves at once.
    let game = Game {
        sides: vec![Min, Min, Min],
        payoffs: vec![0, 0, -4],
        moves: vec![(0, 1, 0), (1, 0, 0), (1, 2, 0)],
    };
    let graph = game.graph();
    let totals = solve(&graph, Min).unwrap();
    assert_eq!((0..3).map(|p| totals.total(p)).collect::<Vec<_>>(), [Total::Ends(-4); 3]);
    assert_eq!(totals.best_move(&graph, 0), Some((1, 0)));
    assert_eq!(totals.best_move(&graph, 1), Some((2, 0)));
    assert_eq!(totals.line(&graph, 0).unwrap().positions, [0, 1, 2]);
    // The same with 0 and 1 Max's: Max circles round 0 -> 1 -> 0 forever.
    let circling = Game { sides: vec![Max, Max, Min], ..game.clone() };
    let graph = circling.graph();
    let totals = solve(&graph, Min).unwrap();
    assert_eq!(totals.total(0), Total::Never);
    let line = totals.line(&graph, 0).unwrap();
    assert_eq!((line.positions, line.cycle_start), (vec![0, 1], Some(0)));
    // The mirror: Max the ender, 3 --5--> end 2 (payoff 10) and 3 --1--> 4 (Min's), 4 --0--> 3 or
    // 4 --2--> end 2. Min at 4 cannot circle (Max leaves at 3): back to 3 (5) beats 10 - 2 = 8
    // for Min; so Max at 3 takes 10 - 5 = 5 at once, not 5 - 1 = 4 through 4.
    let mirror = Game {
        sides: vec![Min, Min, Min, Max, Min],
        payoffs: vec![0, 0, 10, 0, 0],
        moves: vec![(3, 2, 5), (3, 4, 1), (4, 3, 0), (4, 2, 2)],
    };
    let graph = mirror.graph();
    let totals = solve(&graph, Max).unwrap();
    assert_eq!((totals.total(3), totals.total(4)), (Total::Ends(5), Total::Ends(5)));
    assert_eq!((totals.best_move(&graph, 3), totals.best_move(&graph, 4)), (Some((2, 5)), Some((3, 0))));
    // An unreachable end: 0 (Min) -> 1 (Max) -> 0; 2 is an end nobody reaches.
    let game = Game { sides: vec![Min, Max, Min], payoffs: vec![0, 0, 7], moves: vec![(0, 1, 3), (1, 0, 3)] };
    let totals = solve(&game.graph(), Min).unwrap();
    assert_eq!([0, 1, 2].map(|p| totals.total(p)), [Total::Never, Total::Never, Total::Ends(7)]);
}

#[test]
fn errors_name_what_is_wrong() {
    let e = |r: Result<ScoreGraph, graph_games::input::Error>| r.unwrap_err().message().to_string();
    assert_eq!(
        e(ScoreGraph::new(&[Side::Min], &[0, 1], &[])),
        "1 sides but 2 payoffs: one of each a position"
    );
    assert_eq!(
        e(ScoreGraph::new(&[Side::Min; 2], &[0, 1], &[(0, 1, 1), (1, 2, 0)])),
        "move 2 (from position 1 to position 2): position 2 is out of range (there are 2)"
    );
    assert_eq!(
        e(ScoreGraph::new(&[Side::Min; 2], &[0, 1], &[(0, 1, 1), (1, 0, -1)])),
        "move 2 (from position 1 to position 0) has a negative weight, -1"
    );
    let forward = ForwardScored::new(2, |_| Side::Min, |s, m| m.extend((s == 0).then_some((1, -5))), |_| 0);
    assert_eq!(
        forward.err().unwrap().message(),
        "move 1 (from position 0 to position 1) has a negative weight, -5"
    );
}

/// A game that breaks the rules, in each way the search can see: an error, never a panic.
struct Broken {
    how: u8,
}

impl ScoredGame for Broken {
    fn num_states(&self) -> usize {
        2
    }
    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        visit(Side::Min, Stand::End(0));
        match self.how {
            0 => visit(Side::Max, Stand::Open(0)),
            1 => {}
            _ => visit(Side::Max, Stand::Open(1)),
        }
    }
    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, state: usize, mut visit: F) {
        if state == 0 {
            match self.how {
                2 => visit(7, 0),
                3 => visit(1, -1),
                _ => (0..2).for_each(|_| visit(1, 0)),
            }
        }
    }
}

#[test]
fn a_broken_game_is_an_error() {
    let messages: Vec<String> = (0..5)
        .map(|how| match solve(&Broken { how }, Side::Min) {
            Err(e) => e.message().to_string(),
            Ok(_) => "no error".to_string(),
        })
        .collect();
    assert_eq!(
        messages,
        [
            "state 1 is open with 0 moves",
            "the game gave 1 starts for 2 states",
            "a move into position 0 comes from 7, out of range (there are 2)",
            "the move from position 1 to position 0 has a negative weight, -1",
            "state 1 has more moves listed than its start says",
        ]
    );
}

#[test]
fn a_long_chain_and_a_star() {
    // A chain of 10^5 positions alternating sides, weight 1 each, ending at payoff -7: no recursion.
    let n = 100_000;
    let sides: Vec<Side> = (0..n).map(|p| if p % 2 == 0 { Side::Min } else { Side::Max }).collect();
    let mut payoffs = vec![0; n];
    payoffs[n - 1] = -7;
    let moves: Vec<(usize, usize, i64)> = (0..n - 1).map(|p| (p, p + 1, 1)).collect();
    let graph = ScoreGraph::new(&sides, &payoffs, &moves).unwrap();
    let totals = solve(&graph, Side::Min).unwrap();
    assert_eq!(totals.total(0), Total::Ends(n as i64 - 1 - 7));
    assert_eq!(totals.line(&graph, 0).unwrap().positions.len(), n);
    // A star: Max's center 0 to ends 1..=k (payoff p, weight p): Max takes the largest, 2k.
    let k = 1000;
    let sides = vec![Side::Max; k + 1];
    let payoffs: Vec<i64> = (0..=k as i64).collect();
    let moves: Vec<(usize, usize, i64)> = (1..=k).map(|p| (0, p, p as i64)).collect();
    let graph = ScoreGraph::new(&sides, &payoffs, &moves).unwrap();
    let totals = solve(&graph, Side::Min).unwrap();
    assert_eq!(
        (totals.total(0), totals.best_move(&graph, 0)),
        (Total::Ends(2 * k as i64), Some((k, k as i64)))
    );
}
