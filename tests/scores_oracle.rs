//! `graph_games::scores` (issue 53) against oracles that share no code with it
//! (`tests/scores_common/`, where the rules and why each oracle is right are written out):
//! - every total of random games of up to 12 positions, either side ending, against the plain
//!   fixpoint (value iteration on the game cut at k moves): random sides, negative payoffs at
//!   ends, weight-0 cycles, self-loops, repeated moves;
//! - on games of up to 300 positions, the totals also of `solve_totals` and `plain::solve`;
//! - every total of random games of up to 6 positions against the exhaustive minimax over the
//!   ender's positional strategies;
//! - `best_move` played out: the ender's move against every reply ends every play (never round a
//!   cycle, weight 0 ones included) at no worse than the total, the keeper's against every reply
//!   never lets the ender do better, so each reaches the total exactly; a `Never` stays so;
//! - (the other forms of a game, and the line: `tests/scores_forms.rs`; games with bans:
//!   `tests/scores_bans.rs`);
//! - hand-worked games (weight-0 cycles, negative payoffs, the mirror ender), the three samples
//!   of AtCoder ABC 261 Ex as games, overflow past `i64` (random games at its edges: an error
//!   exactly when a position's total is past it) and errors of `ScoreGraph::new`.

use crate::scores_common;
use graph_games::scores::{solve, solve_totals, ScoreGraph, Side, Total, Totals};
use scores_common::library::{build, side};
use scores_common::random::{extreme, game, random_game, Rng};
use scores_common::{abc_game, by_strategies, total_of, value_iteration, Owner, Plain};

/// The library's totals as `Option<i128>` (`None` = `Never`).
fn library_totals(game: &Plain, graph: &ScoreGraph, ender: Owner) -> (Totals, Vec<Option<i128>>) {
    let totals = solve(graph, side(ender)).unwrap_or_else(|e| panic!("solve fails: {e:?} on {game:?}"));
    assert_eq!(totals.len(), game.len());
    let plain = (0..game.len())
        .map(|p| match totals.total(p) {
            Total::Ends(t) => Some(i128::from(t)),
            Total::Never => None,
        })
        .collect();
    (totals, plain)
}

#[test]
fn totals_match_the_plain_fixpoint_on_games_of_up_to_12_positions() {
    let mut rng = Rng::new(53);
    let (mut positions, mut never, mut most_rounds) = (0, 0, 0);
    for case in 0..6000 {
        let game = random_game(&mut rng, 12, if case % 3 == 0 { 1 } else { 3 });
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            let (costs, rounds) = value_iteration(&game, ender);
            most_rounds = most_rounds.max(rounds);
            let want: Vec<Option<i128>> = costs.iter().map(|&c| total_of(c, ender)).collect();
            let (_, got) = library_totals(&game, &graph, ender);
            assert_eq!(got, want, "case {case}, ender {ender:?}: {game:?}");
            positions += game.len();
            never += want.iter().filter(|t| t.is_none()).count();
        }
    }
    // Both kinds of answer are common, and the iteration went deep somewhere.
    assert!(never * 8 > positions && never * 8 < 7 * positions, "{never} of {positions} never");
    assert!(most_rounds >= 6, "{most_rounds}");
}

#[test]
fn totals_and_moves_on_games_of_up_to_300_positions() {
    let mut rng = Rng::new(300);
    for case in 0..200 {
        let game = random_game(&mut rng, 300, 2);
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            let (costs, _) = value_iteration(&game, ender);
            let want: Vec<Option<i128>> = costs.iter().map(|&c| total_of(c, ender)).collect();
            let (totals, got) = library_totals(&game, &graph, ender);
            assert_eq!(got, want, "case {case}, ender {ender:?}: {game:?}");
            // The search without the moves, and the plain one, give the same totals.
            let alone = solve_totals(&graph, side(ender)).unwrap();
            let plain = graph_games::scores::plain::solve(&graph, side(ender)).unwrap();
            for p in 0..game.len() {
                assert_eq!(
                    (alone.total(p), plain.total(p)),
                    (totals.total(p), totals.total(p)),
                    "case {case}"
                );
            }
            for start in (0..game.len()).step_by(7) {
                for follower in [Owner::Min, Owner::Max] {
                    play_out(&game, &graph, &totals, ender, follower, start);
                }
            }
        }
    }
}

/// Payoffs and weights near the edges of `i64`: where every position's total fits in `i64` the
/// totals are the oracle's, and where one does not, the search is an error.
#[test]
fn totals_near_the_edges_of_i64_or_an_error_exactly_when_one_is_past_them() {
    let mut rng = Rng::new(64);
    let (mut past, mut within) = (0, 0);
    for case in 0..4000 {
        let mut game = random_game(&mut rng, 8, 2);
        game.payoffs.iter_mut().for_each(|p| *p = extreme(&mut rng, false));
        game.moves.iter_mut().for_each(|m| m.2 = if rng.below(3) == 0 { 0 } else { extreme(&mut rng, true) });
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            let want: Vec<Option<i128>> =
                value_iteration(&game, ender).0.iter().map(|&c| total_of(c, ender)).collect();
            let fits = want.iter().flatten().all(|&t| i64::try_from(t).is_ok());
            let context = format!("case {case}, ender {ender:?}, want {want:?}: {game:?}");
            match solve(&graph, side(ender)) {
                Ok(totals) => {
                    assert!(fits, "no error, {context}");
                    let got: Vec<Option<i128>> = (0..game.len())
                        .map(|p| match totals.total(p) {
                            Total::Ends(t) => Some(i128::from(t)),
                            Total::Never => None,
                        })
                        .collect();
                    assert_eq!(got, want, "{context}");
                    for start in 0..game.len() {
                        for follower in [Owner::Min, Owner::Max] {
                            play_out(&game, &graph, &totals, ender, follower, start);
                        }
                    }
                    within += 1;
                }
                Err(_) => {
                    assert!(!fits, "an error, {context}");
                    past += 1;
                }
            }
        }
    }
    assert!(past > 500 && within > 500, "{past} past, {within} within");
}

#[test]
fn totals_match_the_minimax_over_strategies_on_games_of_up_to_6_positions() {
    let mut rng = Rng::new(261);
    for case in 0..6000 {
        let game = random_game(&mut rng, 6, 3);
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            let want: Vec<Option<i128>> =
                by_strategies(&game, ender).iter().map(|&c| total_of(c, ender)).collect();
            let (_, got) = library_totals(&game, &graph, ender);
            assert_eq!(got, want, "case {case}, ender {ender:?}: {game:?}");
        }
    }
}

/// Plays `best_move` out from `start` for `follower` against every reply of the other side, and
/// checks it reaches the claimed totals: see [`best_moves_reach_their_totals_against_every_reply`].
fn play_out(game: &Plain, graph: &ScoreGraph, totals: &Totals, ender: Owner, follower: Owner, start: usize) {
    let out = game.out();
    let n = game.len();
    let cost = |t: Total| match t {
        Total::Ends(t) => Some(if ender == Owner::Min { i128::from(t) } else { -i128::from(t) }),
        Total::Never => None,
    };
    // The moves allowed: the follower's best move only, the other side's every move.
    let allowed = |p: usize| -> Vec<(usize, i64)> {
        if game.owners[p] != follower || out[p].is_empty() {
            return out[p].clone();
        }
        let chosen = totals.best_move(graph, p).unwrap_or_else(|| panic!("no best move at {p}: {game:?}"));
        assert!(out[p].contains(&chosen), "best move {chosen:?} at {p} is no move: {game:?}");
        vec![chosen]
    };
    // Every position the plays reach.
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(p) = stack.pop() {
        assert_eq!(totals.best_move(graph, p).is_none(), out[p].is_empty(), "at {p}: {game:?}");
        for (q, _) in allowed(p) {
            if !seen[q] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    let claimed = cost(totals.total(start));
    let context = format!("from {start}, {follower:?} follows, ender {ender:?}: {game:?}");
    if follower == ender {
        // No cycle among the reached positions (else the keeper goes round it), and the
        // costliest play is the total: by layers, as in the oracle, over the reached positions.
        let claimed = match claimed {
            Some(claimed) => claimed,
            None => return,
        };
        let mut worst: Vec<Option<i128>> = vec![None; n];
        let mut changed = true;
        while changed {
            changed = false;
            for p in (0..n).filter(|&p| seen[p]) {
                if worst[p].is_some() {
                    continue;
                }
                let moves = allowed(p);
                if moves.is_empty() {
                    worst[p] = Some(game.end_cost(p, ender));
                    changed = true;
                } else if moves.iter().all(|&(q, _)| worst[q].is_some()) {
                    worst[p] = moves.iter().map(|&(q, w)| worst[q].unwrap() + i128::from(w)).max();
                    changed = true;
                }
            }
        }
        assert_eq!(worst[start], Some(claimed), "the ender's line circles or misses, {context}");
    } else {
        // The cheapest ending play (Bellman-Ford over the reached positions; none: never ends)
        // is the total.
        let mut cheapest: Vec<Option<i128>> = vec![None; n];
        for _ in 0..=n {
            for p in (0..n).filter(|&p| seen[p]) {
                let moves = allowed(p);
                let best = if moves.is_empty() {
                    Some(game.end_cost(p, ender))
                } else {
                    moves.iter().filter_map(|&(q, w)| cheapest[q].map(|c| c + i128::from(w))).min()
                };
                cheapest[p] = best;
            }
        }
        assert_eq!(cheapest[start], claimed, "the keeper's line lets the ender do otherwise, {context}");
    }
}

/// For each position: the ender following `best_move` against every reply, every play ends (it
/// never goes round a cycle) and the costliest costs the total; the keeper following it against
/// every reply, the cheapest ending play costs the total, and from a `Never` no play ends.
#[test]
fn best_moves_reach_their_totals_against_every_reply() {
    let mut rng = Rng::new(2);
    for _ in 0..3000 {
        let game = random_game(&mut rng, 10, 3);
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            let (totals, _) = library_totals(&game, &graph, ender);
            for start in 0..game.len() {
                for follower in [Owner::Min, Owner::Max] {
                    play_out(&game, &graph, &totals, ender, follower, start);
                }
            }
        }
    }
}

fn totals_of(game: &Plain, ender: Owner) -> Vec<Total> {
    let totals = solve(&build(game), side(ender)).unwrap();
    (0..game.len()).map(|p| totals.total(p)).collect()
}

#[test]
fn hand_worked_games() {
    use Total::{Ends, Never};
    // 0 (min) -> 1 (max) at 0, 1 -> 0 at 0 and 1 -> 2 (end, 5) at 0; 0 -> 3 (end, -3) at 7.
    // The keeper at 1 goes back to 0 forever unless 0 can leave: 0 leaves for 3 at 4, so 1 may
    // as well take 5; 0 prefers 4 to going through 1 (5).
    let g = game("mMMM", &[9, 9, 5, -3], &[(0, 1, 0), (1, 0, 0), (1, 2, 0), (0, 3, 7)]);
    assert_eq!(totals_of(&g, Owner::Min), [Ends(4), Ends(5), Ends(5), Ends(-3)]);
    // Without the exit at 0: the weight-0 cycle 0 -> 1 -> 0 is the keeper's for ever.
    let g = game("mMM", &[9, 9, 5], &[(0, 1, 0), (1, 0, 0), (1, 2, 0)]);
    assert_eq!(totals_of(&g, Owner::Min), [Never, Never, Ends(5)]);
    // The ender on a weight-0 cycle of its own (a self-loop, then two positions) leaves it.
    let g = game("mm", &[0, -10], &[(0, 0, 0), (0, 1, 3)]);
    assert_eq!(totals_of(&g, Owner::Min), [Ends(-7), Ends(-10)]);
    let g = game("mmm", &[0, 0, -1], &[(0, 1, 0), (1, 0, 0), (1, 2, 0)]);
    assert_eq!(totals_of(&g, Owner::Min), [Ends(-1), Ends(-1), Ends(-1)]);
    let totals = solve(&build(&g), Side::Min).unwrap();
    assert_eq!(totals.best_move(&build(&g), 1), Some((2, 0)), "never back round the cycle");
    assert_eq!(totals.best_move(&build(&g), 0), Some((1, 0)));
    assert_eq!(totals.best_move(&build(&g), 2), None);
    // The maximiser ends: totals are payoffs minus weights. 0 (max) takes 10 - 2 over -5; 1 (min,
    // the keeper) can only end, at the least: -5; with a weight-0 self-loop it never ends.
    let moves = [(0, 2, 2), (0, 3, 0), (1, 0, 1), (1, 3, 0)];
    let g = game("MmMM", &[0, 0, 10, -5], &moves);
    assert_eq!(totals_of(&g, Owner::Max), [Ends(8), Ends(-5), Ends(10), Ends(-5)]);
    let g = game("MmMM", &[0, 0, 10, -5], &[&moves[..], &[(1, 1, 0)]].concat());
    assert_eq!(totals_of(&g, Owner::Max), [Ends(8), Never, Ends(10), Ends(-5)]);
    // The same game with the minimiser ending: 1 (min) ends at 0 + 1 + ... ; 0 (max, keeper) has
    // no cycle: it takes the larger of 2 + 10 and 0 - 5; 1 takes the smaller of 1 + 12 and -5.
    let g = game("MmMM", &[0, 0, 10, -5], &moves);
    assert_eq!(totals_of(&g, Owner::Min), [Ends(12), Ends(-5), Ends(10), Ends(-5)]);
    // A keeper's position with a weight-0 cycle through the ender's, which must leave: 0 (max)
    // -> 1 (min) at 0, 1 -> 0 at 0, 1 -> 2 (end, -4) at 6: the ender takes 2 (cost 2), the keeper
    // cannot do better than going to 1.
    let g = game("MmM", &[0, 0, -4], &[(0, 1, 0), (1, 0, 0), (1, 2, 6)]);
    assert_eq!(totals_of(&g, Owner::Min), [Ends(2), Ends(2), Ends(-4)]);
    // Payoffs at positions with moves are not read; an end alone is its payoff for either ender.
    let g = game("M", &[-7], &[]);
    assert_eq!(totals_of(&g, Owner::Min), [Ends(-7)]);
    assert_eq!(totals_of(&g, Owner::Max), [Ends(-7)]);
}

#[test]
fn the_three_samples_of_abc_261_ex_as_games() {
    type Sample<'a> = (usize, usize, &'a [(usize, usize, i64)], Total);
    let samples: [Sample; 3] = [
        (7, 0, &[(0, 1, 1), (0, 2, 10), (1, 3, 100), (1, 4, 102), (2, 5, 20), (2, 6, 30)], Total::Ends(40)),
        (3, 2, &[(0, 1, 1), (1, 0, 2), (1, 2, 3), (2, 1, 4), (2, 0, 5), (0, 2, 6)], Total::Never),
        (4, 0, &[(0, 1, 1), (1, 2, 1), (2, 0, 1), (1, 3, 1)], Total::Ends(5)),
    ];
    for (n, start, edges, want) in samples {
        let g = abc_game(n, edges);
        assert_eq!(totals_of(&g, Owner::Min)[2 * start], want, "{edges:?}");
    }
}

#[test]
fn totals_past_i64_are_errors_and_the_edges_of_i64_are_not() {
    let big = i64::MAX / 2 + 1;
    // min: 0 -> 1 -> 2 (end, 0) at big each: 2 * big > i64::MAX.
    let g = game("mmm", &[0, 0, 0], &[(0, 1, big), (1, 2, big)]);
    assert!(solve(&build(&g), Side::Min).is_err());
    // The keeper's own line overflows as well.
    let g = game("MMm", &[0, 0, 0], &[(0, 1, big), (1, 2, big)]);
    assert!(solve(&build(&g), Side::Min).is_err());
    // The maximiser ends: i64::MIN + 0 - 1 is past i64.
    let g = game("MM", &[0, i64::MIN], &[(0, 1, 1)]);
    assert!(solve(&build(&g), Side::Max).is_err());
    // At the edges, not past them: i64::MIN and i64::MAX reached exactly, by either ender.
    let g = game("MMm", &[0, i64::MIN, i64::MAX], &[(0, 1, 0)]);
    for ender in [Side::Min, Side::Max] {
        let totals = solve(&build(&g), ender).unwrap();
        assert_eq!(totals.total(0), Total::Ends(i64::MIN), "{ender:?}");
        assert_eq!(totals.total(2), Total::Ends(i64::MAX), "{ender:?}");
    }
    let g = game("mm", &[0, i64::MAX - 5], &[(0, 1, 5)]);
    assert_eq!(solve(&build(&g), Side::Min).unwrap().total(0), Total::Ends(i64::MAX));
    let g = game("MM", &[0, i64::MIN + 5], &[(0, 1, 5)]);
    assert_eq!(solve(&build(&g), Side::Max).unwrap().total(0), Total::Ends(i64::MIN));
    // A play past i64 that is no position's total is no error: the ender does not take it, or
    // the keeper never lets the game end.
    let g = game("mmm", &[0, i64::MAX, 3], &[(0, 1, 1), (0, 2, 0)]);
    assert_eq!(solve(&build(&g), Side::Min).unwrap().total(0), Total::Ends(3));
    let g = game("MMM", &[0, i64::MIN, 3], &[(0, 1, 1), (0, 2, 0)]);
    assert_eq!(solve(&build(&g), Side::Max).unwrap().total(0), Total::Ends(3));
    let g = game("MMm", &[0, i64::MAX, 0], &[(0, 1, 1), (0, 0, 0)]);
    assert_eq!(solve(&build(&g), Side::Min).unwrap().total(0), Total::Never);
    // The largest weight, back inside i64 by the payoff.
    let g = game("mm", &[0, i64::MIN], &[(0, 1, i64::MAX)]);
    assert_eq!(solve(&build(&g), Side::Min).unwrap().total(0), Total::Ends(-1));
    let g = game("MM", &[0, i64::MAX], &[(0, 1, i64::MAX)]);
    assert_eq!(solve(&build(&g), Side::Max).unwrap().total(0), Total::Ends(0));
}

#[test]
fn bad_games_are_errors() {
    let sides = [Side::Min, Side::Max];
    assert!(ScoreGraph::new(&sides, &[0], &[]).is_err(), "lengths differ");
    assert!(ScoreGraph::new(&sides, &[0, 0], &[(0, 2, 1)]).is_err(), "a position out of range");
    assert!(ScoreGraph::new(&sides, &[0, 0], &[(2, 0, 1)]).is_err(), "a position out of range");
    assert!(ScoreGraph::new(&sides, &[0, 0], &[(0, 1, 1), (1, 0, -1)]).is_err(), "a negative weight");
    assert!(ScoreGraph::new(&sides, &[0, 0], &[(0, 1, 0), (1, 1, 0)]).is_ok());
}
