//! Games with scores (`graph_games::scores`) on games worked by hand: the samples of AtCoder ABC
//! 261 Ex, weight-0 cycles, the mirror (Max the ender), an unreachable end, a chain of 10^5
//! positions and a star; and the errors: a `ScoreGraph` or `ForwardScored` given bad moves, a game
//! that breaks the rules of `ScoredGame` (an error, never a panic). The random games against an
//! oracle are `tests/scores.rs`.

use graph_games::scores::{solve, ForwardScored, ScoreGraph, ScoredGame, Side, Stand, Total};

/// An explicit game of these sides, payoffs and moves `(from, to, weight)`.
fn graph(sides: &[Side], payoffs: &[i64], moves: &[(usize, usize, i64)]) -> ScoreGraph {
    ScoreGraph::new(sides, payoffs, moves).unwrap()
}

/// The game of ABC 261 Ex on `n` vertices and `edges` (1-based), as positions `(v, player)`:
/// `2v` Takahashi (Min, the ender) to move, `2v + 1` Aoki.
fn token_game(n: usize, edges: &[(usize, usize, i64)]) -> ScoreGraph {
    let sides: Vec<Side> = (0..2 * n).map(|p| if p % 2 == 0 { Side::Min } else { Side::Max }).collect();
    let mut moves = Vec::new();
    for &(a, b, c) in edges {
        moves.push((2 * (a - 1), 2 * (b - 1) + 1, c));
        moves.push((2 * (a - 1) + 1, 2 * (b - 1), c));
    }
    graph(&sides, &vec![0; 2 * n], &moves)
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
        let totals = solve(&token_game(n, edges), Side::Min).unwrap();
        assert_eq!(totals.total(2 * (v - 1)), want);
    }
}

#[test]
fn hand_worked_games() {
    use Side::{Max, Min};
    // 0 (Min) -0-> 1 (Min) -0-> 0, and 1 -0-> 2 (end, -4): a weight-0 cycle Min leaves at once.
    let (payoffs, moves) = ([0, 0, -4], [(0, 1, 0), (1, 0, 0), (1, 2, 0)]);
    let graph = graph(&[Min, Min, Min], &payoffs, &moves);
    let totals = solve(&graph, Min).unwrap();
    assert_eq!((0..3).map(|p| totals.total(p)).collect::<Vec<_>>(), [Total::Ends(-4); 3]);
    assert_eq!(totals.best_move(&graph, 0), Some((1, 0)));
    assert_eq!(totals.best_move(&graph, 1), Some((2, 0)));
    assert_eq!(totals.line(&graph, 0).unwrap().positions, [0, 1, 2]);
    // The same with 0 and 1 Max's: Max circles round 0 -> 1 -> 0 forever.
    let graph = self::graph(&[Max, Max, Min], &payoffs, &moves);
    let totals = solve(&graph, Min).unwrap();
    assert_eq!(totals.total(0), Total::Never);
    let line = totals.line(&graph, 0).unwrap();
    assert_eq!((line.positions, line.cycle_start), (vec![0, 1], Some(0)));
    // The mirror: Max the ender, 3 --5--> end 2 (payoff 10) and 3 --1--> 4 (Min's), 4 --0--> 3 or
    // 4 --2--> end 2. Min at 4 cannot circle (Max leaves at 3): back to 3 (5) beats 10 - 2 = 8
    // for Min; so Max at 3 takes 10 - 5 = 5 at once, not 5 - 1 = 4 through 4.
    let graph = self::graph(
        &[Min, Min, Min, Max, Min],
        &[0, 0, 10, 0, 0],
        &[(3, 2, 5), (3, 4, 1), (4, 3, 0), (4, 2, 2)],
    );
    let totals = solve(&graph, Max).unwrap();
    assert_eq!((totals.total(3), totals.total(4)), (Total::Ends(5), Total::Ends(5)));
    assert_eq!((totals.best_move(&graph, 3), totals.best_move(&graph, 4)), (Some((2, 5)), Some((3, 0))));
    // An unreachable end: 0 (Min) -> 1 (Max) -> 0; 2 is an end nobody reaches.
    let totals = solve(&self::graph(&[Min, Max, Min], &[0, 0, 7], &[(0, 1, 3), (1, 0, 3)]), Min).unwrap();
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

/// Position 0 of `side` with moves of weight `w` to the ends `1..` (payoffs `payoffs`), `bans` of
/// them banned by the other side first: its total with `ender`.
fn star_with_bans(side: Side, payoffs: &[i64], w: i64, bans: u32, ender: Side) -> Total {
    let sides = vec![side; payoffs.len() + 1];
    let all: Vec<i64> = [0].iter().chain(payoffs).copied().collect();
    let moves: Vec<(usize, usize, i64)> = (1..=payoffs.len()).map(|t| (0, t, w)).collect();
    let mut bans_of = vec![0; sides.len()];
    bans_of[0] = bans;
    let graph = ScoreGraph::new(&sides, &all, &moves).unwrap().with_bans(&bans_of).unwrap();
    solve(&graph, ender).unwrap().total(0)
}

#[test]
fn banned_positions_worked_by_hand() {
    use Side::{Max, Min};
    use Total::{Ends, Never};
    let payoffs = [9, 1, 20, 5];
    // Min ends and moves at 0, Max bans the b best for Min: Min gets the (b + 1)-th least.
    let got: Vec<Total> = (0..4).map(|b| star_with_bans(Min, &payoffs, 0, b, Min)).collect();
    assert_eq!(got, [Ends(1), Ends(5), Ends(9), Ends(20)]);
    // Max moves at 0 (Min ends), Min bans the b largest: Max gets the (k - b)-th least; the
    // weight 2 is Min's cost on every move.
    let got: Vec<Total> = (0..4).map(|b| star_with_bans(Max, &payoffs, 2, b, Min)).collect();
    assert_eq!(got, [Ends(22), Ends(11), Ends(7), Ends(3)]);
    // Max ends and moves at 0, Min bans the b best for Max: the (b + 1)-th largest, less the weight.
    let got: Vec<Total> = (0..4).map(|b| star_with_bans(Max, &payoffs, 1, b, Max)).collect();
    assert_eq!(got, [Ends(19), Ends(8), Ends(4), Ends(0)]);
    // Min moves at 0 (Max ends), Max bans the b smallest: Min gets the (k - b)-th largest.
    let got: Vec<Total> = (0..4).map(|b| star_with_bans(Min, &payoffs, 0, b, Max)).collect();
    assert_eq!(got, [Ends(1), Ends(5), Ends(9), Ends(20)]);

    // A move into a `Never` position counts +∞: Min at 0 moves to the end 1 (payoff 2), to 2 (Max
    // going round a self-loop forever) and to the end 3 (payoff 7), Max banning first.
    let moves = [(0, 1, 0), (0, 2, 0), (0, 3, 0), (2, 2, 0)];
    let graph = ScoreGraph::new(&[Min, Min, Max, Min], &[0, 2, 0, 7], &moves).unwrap();
    let one_ban = graph.clone().with_bans(&[1, 0, 0, 0]).unwrap();
    let totals = solve(&one_ban, Min).unwrap();
    assert_eq!([0, 1, 2, 3].map(|p| totals.total(p)), [Ends(7), Ends(2), Never, Ends(7)]);
    // The move Min plays when Max bans the best (1): into 3, settled before 0.
    assert_eq!(totals.best_move(&one_ban, 0), Some((3, 0)));
    assert!(totals.settled_before(1, 0) && totals.settled_before(3, 0) && !totals.settled_before(2, 0));
    assert_eq!(totals.line(&one_ban, 0).unwrap().positions, [0, 3]);
    let two_bans = graph.with_bans(&[2, 0, 0, 0]).unwrap();
    assert_eq!(solve(&two_bans, Min).unwrap().total(0), Never);

    // A weight-0 cycle: Min at 0 moves to 1 (Max's) or to the end 2 (payoff 4), Max banning one
    // first; Max at 1 moves back to 0 or to the end 3 (payoff 9). Max bans the end at 0, Min must
    // go to 1, and Max goes back to 0: forever.
    let moves = [(0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 3, 0)];
    let graph = ScoreGraph::new(&[Min, Max, Min, Min], &[0, 0, 4, 9], &moves).unwrap();
    let graph = graph.with_bans(&[1, 0, 0, 0]).unwrap();
    let totals = solve(&graph, Min).unwrap();
    assert_eq!([0, 1].map(|p| totals.total(p)), [Never, Never]);
    let line = totals.line(&graph, 0).unwrap();
    assert_eq!((line.positions, line.cycle_start), (vec![0, 1], Some(0)));
    // With the ban at 1 instead (Min bans there, Max moves): Min at 0 goes to 2 (4), unbanned;
    // at 1 Min bans the end 3 (9), and Max must go back to 0, where Min ends at 4 all the same.
    let moves = [(0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 3, 0)];
    let graph = ScoreGraph::new(&[Min, Max, Min, Min], &[0, 0, 4, 9], &moves).unwrap();
    let graph = graph.with_bans(&[0, 1, 0, 0]).unwrap();
    let totals = solve(&graph, Min).unwrap();
    assert_eq!([0, 1].map(|p| totals.total(p)), [Ends(4), Ends(4)]);
    assert_eq!(totals.best_move(&graph, 1), Some((0, 0)));
    assert_eq!(totals.line(&graph, 1).unwrap().positions, [1, 0, 2]);
}

/// A game whose state 1 is banned with `bans` of its 2 moves (into the end 0).
struct TooManyBans {
    bans: u32,
}

impl ScoredGame for TooManyBans {
    fn num_states(&self) -> usize {
        2
    }
    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        visit(Side::Min, Stand::End(0));
        visit(Side::Max, Stand::Banned { moves: 2, bans: self.bans });
    }
    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, state: usize, mut visit: F) {
        if state == 0 {
            visit(1, 3);
            visit(1, 4);
        }
    }
}

#[test]
fn bans_out_of_range_are_errors() {
    let message = |bans| match graph_games::scores::plain::solve(&TooManyBans { bans }, Side::Min) {
        Ok(totals) => format!("{}", totals.total(1)),
        Err(e) => e.message().to_string(),
    };
    assert_eq!(message(0), "4");
    assert_eq!(message(1), "3");
    assert_eq!(message(2), "state 1 has 2 bans of its 2 moves: at most 1 allowed");
    assert_eq!(solve(&TooManyBans { bans: 1 }, Side::Min).unwrap().total(1), Total::Ends(3));
    assert_eq!(
        solve(&TooManyBans { bans: 5 }, Side::Max).unwrap_err().message(),
        "state 1 has 5 bans of its 2 moves: at most 1 allowed"
    );
    let graph = ScoreGraph::new(&[Side::Min; 2], &[0, 1], &[(0, 1, 1)]).unwrap();
    let e = |bans: &[u32]| graph.clone().with_bans(bans).unwrap_err().message().to_string();
    assert_eq!(e(&[0]), "1 bans for 2 positions: one a position");
    assert_eq!(e(&[1, 0]), "position 0 has 1 bans of its 1 moves: at most 0 allowed");
    assert_eq!(e(&[0, 1]), "position 1 has 1 bans of its 0 moves: an end has none");
    let forward = ForwardScored::new(2, |_| Side::Min, |s, m| m.extend((s == 0).then_some((1, 5))), |_| 0);
    assert!(forward.unwrap().with_bans(&[0, 0]).is_ok());
}
