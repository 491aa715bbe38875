//! `graph_games::scores` on games with bans (`Stand::Banned`: the other side bans `b` of a
//! position's `k` moves, then its owner moves among the rest), against the oracles of
//! `tests/scores_common/`, which share no code with it and play every ban out literally (the
//! other side picks the banned set among all sets of `b` moves, the owner then picks among the
//! rest):
//! - every total of `solve`, `solve_totals` and `plain::solve` on random games of up to 12
//!   positions with random bans, both enders, against the plain fixpoint (value iteration on the
//!   game cut at k moves): weight-0 cycles, self-loops, repeated moves, negative payoffs;
//! - every total on random games of up to 6 positions against the exhaustive minimax over the
//!   ender's positional strategies (a move for each ban at its positions, a ban at the keeper's);
//! - payoffs and weights near the edges of `i64`: an error exactly when a total is past it;
//! - the moves to play, played out: the side followed plays `best_move` (or, against another ban
//!   than the best, a move at least as good: for the ender one into a position settled before,
//!   `settled_before`), and bans the moves best for the other side; against every reply of the
//!   other side (every ban and every move) the ender's plays all end (never round a cycle) at no
//!   worse than the total, the keeper's never let the ender do better; the line ends at the total.
//! - the same games written forward (`ForwardScored::with_bans`) against the fixpoint.

use crate::scores_common;
use graph_games::scores::{plain, solve, solve_totals, ForwardScored, ScoreGraph, Total, Totals};
use scores_common::library::{build, side};
use scores_common::random::{extreme, random_game, with_random_bans, Rng};
use scores_common::{by_strategies, strategies, total_of, value_iteration, Owner, Plain};
use std::cmp::Ordering;

/// The totals as `Option<i128>` (`None` = `Never`).
fn as_plain(totals: &Totals) -> Vec<Option<i128>> {
    (0..totals.len())
        .map(|p| match totals.total(p) {
            Total::Ends(t) => Some(i128::from(t)),
            Total::Never => None,
        })
        .collect()
}

/// A random game of up to `most` positions with random bans.
fn banned_game(rng: &mut Rng, most: usize, degree: usize) -> Plain {
    let game = random_game(rng, most, degree);
    with_random_bans(rng, game)
}

#[test]
fn totals_with_bans_match_the_plain_fixpoint_on_games_of_up_to_12_positions() {
    let mut rng = Rng::new(413);
    let (mut positions, mut never, mut ranked) = (0, 0, 0);
    for case in 0..6000 {
        let game = banned_game(&mut rng, 12, if case % 3 == 0 { 2 } else { 4 });
        let graph = build(&game);
        let out = game.out();
        for ender in [Owner::Min, Owner::Max] {
            let want: Vec<Option<i128>> =
                value_iteration(&game, ender).0.iter().map(|&c| total_of(c, ender)).collect();
            let context = format!("case {case}, ender {ender:?}: {game:?}");
            let with_moves = solve(&graph, side(ender)).unwrap_or_else(|e| panic!("{e:?}, {context}"));
            assert_eq!(as_plain(&with_moves), want, "solve, {context}");
            assert_eq!(
                as_plain(&solve_totals(&graph, side(ender)).unwrap()),
                want,
                "solve_totals, {context}"
            );
            assert_eq!(as_plain(&plain::solve(&graph, side(ender)).unwrap()), want, "plain, {context}");
            positions += game.len();
            never += want.iter().filter(|t| t.is_none()).count();
            // Positions whose cost is neither the least nor the largest of their moves'.
            ranked +=
                (0..game.len()).filter(|&p| game.bans[p] > 0 && game.bans[p] + 1 < out[p].len()).count();
        }
    }
    assert!(never * 8 > positions && never * 8 < 7 * positions, "{never} of {positions} never");
    assert!(ranked * 20 > positions, "{ranked} of {positions} ranked");
}

#[test]
fn totals_with_bans_match_the_minimax_over_strategies_on_games_of_up_to_6_positions() {
    let mut rng = Rng::new(6);
    let (mut checked, mut banned) = (0, 0);
    for case in 0..8000 {
        let game = banned_game(&mut rng, 6, 3);
        if [Owner::Min, Owner::Max].iter().any(|&ender| strategies(&game, ender) > 1 << 14) {
            continue;
        }
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            let want: Vec<Option<i128>> =
                by_strategies(&game, ender).iter().map(|&c| total_of(c, ender)).collect();
            let got = as_plain(&solve(&graph, side(ender)).unwrap());
            assert_eq!(got, want, "case {case}, ender {ender:?}: {game:?}");
            assert_eq!(as_plain(&plain::solve(&graph, side(ender)).unwrap()), want, "plain, case {case}");
        }
        checked += 1;
        banned += usize::from(game.bans.iter().any(|&b| b > 0));
    }
    assert!(checked > 5000 && banned > 3000, "{checked} checked, {banned} with bans");
}

#[test]
fn totals_with_bans_near_the_edges_of_i64_or_an_error_exactly_when_one_is_past_them() {
    let mut rng = Rng::new(64);
    let (mut past, mut within) = (0, 0);
    for case in 0..4000 {
        let mut game = banned_game(&mut rng, 8, 4);
        game.payoffs.iter_mut().for_each(|p| *p = extreme(&mut rng, false));
        game.moves.iter_mut().for_each(|m| m.2 = if rng.below(3) == 0 { 0 } else { extreme(&mut rng, true) });
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            let want: Vec<Option<i128>> =
                value_iteration(&game, ender).0.iter().map(|&c| total_of(c, ender)).collect();
            let fits = want.iter().flatten().all(|&t| i64::try_from(t).is_ok());
            let context = format!("case {case}, ender {ender:?}, want {want:?}: {game:?}");
            for totals in [solve(&graph, side(ender)), plain::solve(&graph, side(ender))] {
                match totals {
                    Ok(totals) => {
                        assert!(fits, "no error, {context}");
                        assert_eq!(as_plain(&totals), want, "{context}");
                        within += 1;
                    }
                    Err(_) => {
                        assert!(!fits, "an error, {context}");
                        past += 1;
                    }
                }
            }
            if fits {
                let totals = solve(&graph, side(ender)).unwrap();
                for start in 0..game.len() {
                    for follower in [Owner::Min, Owner::Max] {
                        play_out(&game, &graph, &totals, ender, follower, start);
                    }
                }
            }
        }
    }
    assert!(past > 500 && within > 500, "{past} past, {within} within");
}

/// Plays from `start` with `follower` on the library's moves and bans, against every reply of the
/// other side, and checks the claim (module doc).
fn play_out(game: &Plain, graph: &ScoreGraph, totals: &Totals, ender: Owner, follower: Owner, start: usize) {
    let out = game.out();
    let n = game.len();
    let context = format!("from {start}, {follower:?} follows, ender {ender:?}: {game:?}");
    if follower == ender && totals.total(start) == Total::Never {
        return; // the ender's moves claim nothing there
    }
    // The ender's cost of a position by the library's totals, `None` for `Never` (+∞).
    let cost = |p: usize| match totals.total(p) {
        Total::Ends(t) => Some(if ender == Owner::Min { i128::from(t) } else { -i128::from(t) }),
        Total::Never => None,
    };
    // A move's cost so, as a key that sorts +∞ last.
    let key = |(q, w): (usize, i64)| match cost(q) {
        Some(c) => (0, c + i128::from(w)),
        None => (1, 0),
    };
    // The follower's reply to a ban that leaves `left` at its own position `p`, `chosen` banned.
    let another = |p: usize, left: &[(usize, i64)]| -> (usize, i64) {
        if follower == ender {
            // At least as good, into a position settled before `p`.
            let good = |&&m: &&(usize, i64)| key(m) <= key((p, 0)) && totals.settled_before(m.0, p);
            *left.iter().find(good).unwrap_or_else(|| panic!("at {p} against {left:?}, {context}"))
        } else if cost(p).is_none() {
            *left.iter().find(|m| cost(m.0).is_none()).unwrap_or_else(|| panic!("at {p}, {context}"))
        } else {
            *left.iter().max_by_key(|&&m| key(m)).unwrap()
        }
    };
    // The moves a play may take at `p`: the follower's replies to every ban, or every move the
    // follower's ban leaves the other side.
    let allowed = |p: usize| -> Vec<(usize, i64)> {
        if out[p].is_empty() {
            return Vec::new();
        }
        if game.owners[p] == follower {
            let chosen =
                totals.best_move(graph, p).unwrap_or_else(|| panic!("no best move at {p}, {context}"));
            assert!(out[p].contains(&chosen), "best move {chosen:?} at {p} is no move, {context}");
            let mut replies = Vec::new();
            for left in game.after_each_ban(&out, p) {
                let reply = if left.contains(&chosen) { chosen } else { another(p, &left) };
                if !replies.contains(&reply) {
                    replies.push(reply);
                }
            }
            return replies;
        }
        // The follower bans the moves best for the other side: for the ender, the costliest (+∞
        // first; of equal cost, the one settled later first), for the keeper the cheapest.
        let mut moves = out[p].clone();
        if follower == ender {
            moves.sort_by(|&a, &b| match key(b).cmp(&key(a)) {
                Ordering::Equal if totals.settled_before(a.0, b.0) => Ordering::Greater,
                Ordering::Equal if totals.settled_before(b.0, a.0) => Ordering::Less,
                other => other,
            });
        } else {
            moves.sort_by_key(|&m| key(m));
        }
        moves.split_off(game.bans[p])
    };
    // Every position the plays reach.
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(p) = stack.pop() {
        assert_eq!(totals.best_move(graph, p).is_none(), out[p].is_empty(), "at {p}, {context}");
        for (q, _) in allowed(p) {
            if !seen[q] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    let claimed = cost(start);
    if follower == ender {
        let claimed = match claimed {
            Some(claimed) => claimed,
            None => return,
        };
        // No cycle among the reached positions (else the keeper goes round it), and the costliest
        // play costs the total: by layers over the reached positions.
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
        assert_eq!(worst[start], Some(claimed), "the ender's plays circle or miss, {context}");
        // The line: both on their best moves, to an end at the total.
        let line = totals.line(graph, start).unwrap();
        assert!(line.cycle_start.is_none() && line.positions.len() <= n, "{line:?}, {context}");
        let weights: i128 =
            line.positions.windows(2).map(|m| i128::from(totals.best_move(graph, m[0]).unwrap().1)).sum();
        let end = *line.positions.last().unwrap();
        assert_eq!(game.end_cost(end, ender) + weights, claimed, "the line, {line:?}, {context}");
    } else {
        // The cheapest ending play (Bellman-Ford over the reached positions; none: never ends)
        // costs the total.
        let mut cheapest: Vec<Option<i128>> = vec![None; n];
        for _ in 0..=n {
            for p in (0..n).filter(|&p| seen[p]) {
                let moves = allowed(p);
                cheapest[p] = if moves.is_empty() {
                    Some(game.end_cost(p, ender))
                } else {
                    moves.iter().filter_map(|&(q, w)| cheapest[q].map(|c| c + i128::from(w))).min()
                };
            }
        }
        assert_eq!(cheapest[start], claimed, "the keeper's plays let the ender do otherwise, {context}");
    }
}

#[test]
fn best_moves_with_bans_reach_their_totals_against_every_reply() {
    let mut rng = Rng::new(2);
    for _ in 0..3000 {
        let game = banned_game(&mut rng, 10, 4);
        let graph = build(&game);
        for ender in [Owner::Min, Owner::Max] {
            for totals in [solve(&graph, side(ender)).unwrap(), plain::solve(&graph, side(ender)).unwrap()] {
                for start in 0..game.len() {
                    for follower in [Owner::Min, Owner::Max] {
                        play_out(&game, &graph, &totals, ender, follower, start);
                    }
                }
            }
        }
    }
}

/// The same games written forward (`ForwardScored::with_bans`): the same totals as the fixpoint.
#[test]
fn games_with_bans_written_forward_match_the_plain_fixpoint() {
    let mut rng = Rng::new(1413);
    for case in 0..1000 {
        let game = banned_game(&mut rng, 10, 4);
        let out = game.out();
        let owners = game.owners.clone();
        let payoffs = game.payoffs.clone();
        let forward = ForwardScored::new(
            game.len(),
            |s| side(owners[s]),
            |s, moves| moves.extend_from_slice(&out[s]),
            |s| payoffs[s],
        )
        .unwrap();
        let bans: Vec<u32> = game.bans.iter().map(|&b| b as u32).collect();
        let forward = forward.with_bans(&bans).unwrap();
        for ender in [Owner::Min, Owner::Max] {
            let want: Vec<Option<i128>> =
                value_iteration(&game, ender).0.iter().map(|&c| total_of(c, ender)).collect();
            assert_eq!(as_plain(&solve(&forward, side(ender)).unwrap()), want, "case {case}: {game:?}");
        }
    }
}
