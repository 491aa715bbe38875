//! `graph_games::scores` (issue 53) on games in its other forms, against the plain fixpoint of
//! `tests/scores_common/` (which shares no code with it):
//! - random games of up to 12 positions written forward (`ForwardScored`), and as a `ScoredGame`
//!   of the test's own (the moves into each state listed on demand, in a scrambled order);
//! - games that break the trait's rules: an error, never a panic or a hang;
//! - the whole line under perfect play (`Totals::line`), walked move by move: to an end at the
//!   total, or round a lasso of `Never` positions.

use crate::scores_common;
use graph_games::scores::{solve, ForwardScored, ScoreGraph, ScoredGame, Side, Stand, Total};
use scores_common::library::side;
use scores_common::random::{game, random_game, Rng};
use scores_common::{total_of, value_iteration, Owner, Plain};

#[test]
fn games_written_forward_match_the_plain_fixpoint() {
    let mut rng = Rng::new(413);
    for case in 0..2000 {
        let game = random_game(&mut rng, 12, 3);
        let out = game.out();
        let forward = ForwardScored::new(
            game.len(),
            |p| side(game.owners[p]),
            |p, moves| moves.extend_from_slice(&out[p]),
            |p| game.payoffs[p],
        )
        .expect("a valid game");
        for ender in [Owner::Min, Owner::Max] {
            let (costs, _) = value_iteration(&game, ender);
            let totals = solve(&forward, side(ender)).unwrap();
            for (p, &cost) in costs.iter().enumerate() {
                let want = total_of(cost, ender).map_or(Total::Never, |t| Total::Ends(t as i64));
                assert_eq!(totals.total(p), want, "case {case}, position {p}, ender {ender:?}: {game:?}");
            }
        }
    }
}

/// A game as the search's trait sees it: the starts as given, the moves into each state listed
/// on demand from `into` (a scrambled order); `breaks` changes one thing against the rules.
struct Backward {
    sides: Vec<Side>,
    stands: Vec<Stand>,
    into: Vec<Vec<(usize, i64)>>,
    starts_listed: usize,
}

impl Backward {
    fn of(game: &Plain, rng: &mut Rng) -> Backward {
        let out = game.out();
        let mut into = vec![Vec::new(); game.len()];
        for &(from, to, w) in &game.moves {
            let at = rng.below(into[to].len() + 1);
            into[to].insert(at, (from, w));
        }
        let stand = |p: usize| {
            if out[p].is_empty() {
                Stand::End(game.payoffs[p])
            } else {
                Stand::Open(out[p].len() as u32)
            }
        };
        Backward {
            sides: game.owners.iter().map(|&o| side(o)).collect(),
            stands: (0..game.len()).map(stand).collect(),
            into,
            starts_listed: game.len(),
        }
    }
}

impl ScoredGame for Backward {
    fn num_states(&self) -> usize {
        self.sides.len()
    }

    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        for s in 0..self.starts_listed {
            let p = s % self.sides.len();
            visit(self.sides[p], self.stands[p]);
        }
    }

    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, state: usize, mut visit: F) {
        self.into[state].iter().for_each(|&(p, w)| visit(p, w));
    }
}

#[test]
fn games_given_by_their_moves_into_each_state_match_the_plain_fixpoint() {
    let mut rng = Rng::new(59);
    for case in 0..2000 {
        let game = random_game(&mut rng, 12, 3);
        let backward = Backward::of(&game, &mut rng);
        let out = game.out();
        for ender in [Owner::Min, Owner::Max] {
            let (costs, _) = value_iteration(&game, ender);
            let totals = solve(&backward, side(ender)).unwrap();
            for (p, &cost) in costs.iter().enumerate() {
                let want = total_of(cost, ender).map_or(Total::Never, |t| Total::Ends(t as i64));
                assert_eq!(totals.total(p), want, "case {case}, position {p}, ender {ender:?}: {game:?}");
                match totals.best_move(&backward, p) {
                    None => assert!(out[p].is_empty()),
                    Some(chosen) => assert!(out[p].contains(&chosen), "{chosen:?} at {p}: {game:?}"),
                }
            }
        }
    }
}

#[test]
fn games_that_break_the_rules_are_errors_or_at_least_end() {
    let g = game("mMm", &[0, 0, 4], &[(0, 1, 1), (1, 2, 2), (1, 0, 0)]);
    let broken = |change: &dyn Fn(&mut Backward)| {
        let mut b = Backward::of(&g, &mut Rng::new(1));
        change(&mut b);
        b
    };
    let errors: [(&str, Backward); 4] = [
        ("Open(0)", broken(&|b| b.stands[0] = Stand::Open(0))),
        ("a predecessor out of range", broken(&|b| b.into[2].push((3, 1)))),
        ("a negative weight into the end", broken(&|b| b.into[2][0].1 = -1)),
        ("fewer starts than states", broken(&|b| b.starts_listed = 2)),
    ];
    for (what, game) in errors {
        for ender in [Side::Min, Side::Max] {
            assert!(solve(&game, ender).is_err(), "{what}, {ender:?}");
        }
    }
    // Fewer moves listed than counted, or more (which the search need not see, once the state
    // is settled), or a negative weight into a state never settled (never walked): unspecified
    // totals or an error, but an answer.
    let unspecified = [
        broken(&|b| b.stands[1] = Stand::Open(3)),
        broken(&|b| b.into[2].push((1, 5))),
        broken(&|b| b.into[1][0].1 = -1),
    ];
    for game in unspecified {
        for ender in [Side::Min, Side::Max] {
            let _ = solve(&game, ender);
        }
    }
}

/// The line from every position follows `best_move` at each step: to an end, its payoff and
/// weights making the total, in at most `n` moves; or, for `Never`, round a lasso of `Never`
/// positions.
#[test]
fn lines_follow_the_best_moves_to_the_total_or_round_a_lasso() {
    let mut rng = Rng::new(7);
    for _ in 0..2000 {
        let game = random_game(&mut rng, 12, 3);
        let sides: Vec<Side> = game.owners.iter().map(|&o| side(o)).collect();
        let graph = ScoreGraph::new(&sides, &game.payoffs, &game.moves).unwrap();
        for ender in [Owner::Min, Owner::Max] {
            let totals = solve(&graph, side(ender)).unwrap();
            // The totals, checked against the oracle elsewhere; here what the line must reach.
            let plain: Vec<Option<i128>> =
                value_iteration(&game, ender).0.iter().map(|&c| total_of(c, ender)).collect();
            for start in 0..game.len() {
                let line = totals.line(&graph, start).unwrap();
                let context = format!("from {start}, ender {ender:?}, {line:?}: {game:?}");
                assert_eq!(line.positions[0], start, "{context}");
                let mut weights = 0i128;
                for pair in line.positions.windows(2) {
                    let (to, w) = totals.best_move(&graph, pair[0]).expect("a move");
                    assert_eq!(to, pair[1], "{context}");
                    weights += i128::from(w);
                }
                let last = *line.positions.last().unwrap();
                match plain[start] {
                    Some(total) => {
                        assert_eq!(line.cycle_start, None, "{context}");
                        assert!(line.positions.len() <= game.len(), "{context}");
                        assert_eq!(totals.best_move(&graph, last), None, "{context}");
                        let payoff = i128::from(game.payoffs[last]);
                        let reached = if ender == Owner::Min { payoff + weights } else { payoff - weights };
                        assert_eq!(reached, total, "{context}");
                    }
                    None => {
                        let back = line.cycle_start.unwrap_or_else(|| panic!("no lasso, {context}"));
                        let (to, _) = totals.best_move(&graph, last).expect("a move");
                        assert_eq!(to, line.positions[back], "{context}");
                        assert!(line.positions.iter().all(|&p| plain[p].is_none()), "{context}");
                    }
                }
            }
        }
    }
}
