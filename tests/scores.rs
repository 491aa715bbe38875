//! Games with scores (`graph_games::scores`) against oracles written here, sharing no code with
//! the search:
//! - a plain fixpoint: value iteration on the game cut at k moves (the ender must end within k
//!   moves, else the play is `Never`), in `i128` and in the totals themselves (no cost view), from
//!   k = 0 up to where it stops changing; on random games of up to 12 positions with random sides,
//!   negative payoffs, weight-0 cycles, self-loops, repeated moves, both enders;
//! - the move to play, played out: the ender following it against every reply of the other side
//!   (all plays end, none goes round a cycle, the worst total is the total), and the other side
//!   following it against every reply of the ender (the best the ender can then do, a shortest
//!   path found here by plain relaxation, is the total; from a `Never` position no end can be
//!   reached at all);
//! - the line: moves of the game, ending with the total, or a lasso of `Never` positions;
//! - overflow an error exactly where the oracle's total (in `i128`) is past `i64`.
//!
//! The samples of AtCoder ABC 261 Ex, hand-worked games and the errors: `tests/scores_cases.rs`.

use crate::random;
use graph_games::scores::{plain, solve, solve_totals, ForwardScored, ScoreGraph, Side, Total};
use random::Rng;

/// A game as the tests hold it: sides, payoffs, moves `(from, to, weight)`.
#[derive(Debug, Clone)]
struct Game {
    sides: Vec<Side>,
    payoffs: Vec<i64>,
    moves: Vec<(usize, usize, i64)>,
}

impl Game {
    fn n(&self) -> usize {
        self.sides.len()
    }

    fn out(&self, p: usize) -> impl Iterator<Item = (usize, i64)> + '_ {
        self.moves.iter().filter(move |m| m.0 == p).map(|m| (m.1, m.2))
    }

    fn graph(&self) -> ScoreGraph {
        ScoreGraph::new(&self.sides, &self.payoffs, &self.moves).unwrap()
    }
}

/// The total of a play extended by a move of weight `w`, in the rules' own terms: the ender Min
/// pays weights (the total grows), the ender Max pays them too (the total shrinks).
fn step(ender: Side, w: i64, rest: i128) -> i128 {
    if ender == Side::Min {
        rest + i128::from(w)
    } else {
        rest - i128::from(w)
    }
}

/// Whether total `a` is better than `b` for `side`.
fn better(side: Side, a: i128, b: i128) -> bool {
    if side == Side::Min {
        a < b
    } else {
        a > b
    }
}

/// The oracle: value iteration on the game cut at k moves, `None` for `Never` (the ender's worst),
/// until it stops changing. Each round is exact: a position's value after k + 1 moves is its
/// player's best over its moves of the values after k.
fn oracle(game: &Game, ender: Side) -> Vec<Option<i128>> {
    let n = game.n();
    let ends: Vec<bool> = (0..n).map(|p| game.out(p).next().is_none()).collect();
    let mut value: Vec<Option<i128>> =
        (0..n).map(|p| if ends[p] { Some(i128::from(game.payoffs[p])) } else { None }).collect();
    loop {
        let mut next = value.clone();
        for p in (0..n).filter(|&p| !ends[p]) {
            let side = game.sides[p];
            let mut best: Option<Option<i128>> = None;
            for (t, w) in game.out(p) {
                let v = value[t].map(|v| step(ender, w, v));
                best = Some(match best {
                    None => v,
                    Some(b) => {
                        if side == ender {
                            // The ender prefers any end to none, then the better total.
                            match (b, v) {
                                (None, v) => v,
                                (b, None) => b,
                                (Some(b), Some(v)) => Some(if better(side, v, b) { v } else { b }),
                            }
                        } else {
                            // The other side prefers no end, then the better total for it.
                            match (b, v) {
                                (None, _) | (_, None) => None,
                                (Some(b), Some(v)) => Some(if better(side, v, b) { v } else { b }),
                            }
                        }
                    }
                });
            }
            next[p] = best.expect("an open position has a move");
        }
        if next == value {
            return value;
        }
        value = next;
    }
}

/// Whether every finite total fits in `i64`.
fn fits(values: &[Option<i128>]) -> bool {
    values.iter().flatten().all(|&v| i64::try_from(v).is_ok())
}

fn as_total(v: Option<i128>) -> Total {
    v.map_or(Total::Never, |v| Total::Ends(v as i64))
}

/// A random game: up to 12 positions, random sides, some ends with payoffs of either sign, moves
/// with weights mostly small and often 0 (weight-0 cycles), self-loops and repeats allowed; with
/// `big`, weights and payoffs near the ends of `i64`.
fn random_game(rng: &mut Rng, big: bool) -> Game {
    let n = 1 + rng.below(12) as usize;
    let sides = (0..n).map(|_| if rng.chance(1, 2) { Side::Min } else { Side::Max }).collect();
    let payoffs = (0..n)
        .map(|_| {
            if big && rng.chance(1, 2) {
                if rng.chance(1, 2) {
                    i64::MAX - rng.below(20) as i64
                } else {
                    i64::MIN + rng.below(20) as i64
                }
            } else {
                rng.below(21) as i64 - 10
            }
        })
        .collect();
    let mut moves = Vec::new();
    for p in 0..n {
        if rng.chance(1, 4) {
            continue; // an end
        }
        for _ in 0..1 + rng.below(4) {
            let w = match rng.below(4) {
                0 | 1 => 0,
                _ if big && rng.chance(1, 3) => i64::MAX - rng.below(5) as i64,
                _ => rng.below(6) as i64,
            };
            moves.push((p, rng.below(n as u64) as usize, w));
        }
    }
    Game { sides, payoffs, moves }
}

/// The ender follows `best_move` from `start`, the other side plays every move: the plays must all
/// end (no cycle among the positions so reached) and the worst total for the ender must be
/// `total`.
fn ender_holds(game: &Game, ender: Side, start: usize, total: i128) {
    let graph = game.graph();
    let totals = solve(&graph, ender).unwrap();
    let n = game.n();
    // The moves the plays may take from each position.
    let replies = |p: usize| -> Vec<(usize, i64)> {
        if game.sides[p] == ender {
            totals.best_move(&graph, p).into_iter().collect()
        } else {
            game.out(p).collect()
        }
    };
    // The positions reached, then the worst total by a walk that fails on a cycle (0 new,
    // 1 on the current path, 2 done).
    let mut state = vec![0u8; n];
    let mut worst: Vec<i128> = vec![0; n];
    let mut stack = vec![(start, 0usize)];
    state[start] = 1;
    while let Some(&mut (p, ref mut next)) = stack.last_mut() {
        let moves = replies(p);
        if moves.is_empty() {
            assert!(game.out(p).next().is_none(), "{game:?}: no best move at open position {p}");
        }
        if *next < moves.len() {
            let (t, _) = moves[*next];
            *next += 1;
            match state[t] {
                0 => {
                    state[t] = 1;
                    stack.push((t, 0));
                }
                1 => panic!("{game:?}, ender {ender:?}: from {start}, the plays can go round a cycle at {t}"),
                _ => {}
            }
            continue;
        }
        let ends = moves.iter().map(|&(t, w)| step(ender, w, worst[t]));
        let other = if ender == Side::Min { Side::Max } else { Side::Min };
        worst[p] = ends
            .fold(None, |b: Option<i128>, v| match b {
                Some(b) if !better(other, v, b) => Some(b),
                _ => Some(v),
            })
            .unwrap_or(i128::from(game.payoffs[p]));
        state[p] = 2;
        stack.pop();
    }
    assert_eq!(worst[start], total, "{game:?}, ender {ender:?}: the worst play from {start}");
}

/// The other side follows `best_move`, the ender plays every move: the best the ender can reach
/// (a shortest path, by relaxation to a fixpoint) is `total`, or no end at all for `None`.
fn other_holds(game: &Game, ender: Side, start: usize, total: Option<i128>) {
    let graph = game.graph();
    let totals = solve(&graph, ender).unwrap();
    let n = game.n();
    let mut best: Vec<Option<i128>> = (0..n)
        .map(|p| if game.out(p).next().is_none() { Some(i128::from(game.payoffs[p])) } else { None })
        .collect();
    loop {
        let mut changed = false;
        for p in (0..n).filter(|&p| game.out(p).next().is_some()) {
            let moves: Vec<(usize, i64)> = if game.sides[p] == ender {
                game.out(p).collect()
            } else {
                let m = totals.best_move(&graph, p).expect("an open position has a move");
                assert!(game.out(p).any(|x| x == m), "{game:?}: {m:?} is no move of {p}");
                vec![m]
            };
            for (t, w) in moves {
                if let Some(v) = best[t].map(|v| step(ender, w, v)) {
                    if best[p].map_or(true, |b| better(ender, v, b)) {
                        best[p] = Some(v);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    assert_eq!(best[start], total, "{game:?}, ender {ender:?}: the ender's best from {start}");
}

/// The line from `start`: moves of the game, and an end with the total, or a lasso of `Never`.
fn line_holds(game: &Game, ender: Side, start: usize, total: Option<i128>) {
    let graph = game.graph();
    let totals = solve(&graph, ender).unwrap();
    let line = totals.line(&graph, start).unwrap();
    assert_eq!(line.positions[0], start);
    let mut sum = 0i128;
    for pair in line.positions.windows(2) {
        let m = totals.best_move(&graph, pair[0]).unwrap();
        assert_eq!(m.0, pair[1]);
        assert!(game.out(pair[0]).any(|x| x == m), "{game:?}: {m:?} is no move of {}", pair[0]);
        sum += i128::from(m.1);
    }
    let last = *line.positions.last().unwrap();
    match (total, line.cycle_start) {
        (Some(t), None) => {
            assert!(game.out(last).next().is_none(), "{game:?}: the line from {start} stops at {last}");
            assert_eq!(
                step(ender, 0, i128::from(game.payoffs[last])) + if ender == Side::Min { sum } else { -sum },
                t
            );
            assert!(line.positions.len() <= game.n());
        }
        (None, Some(c)) => {
            let back = line.positions[c];
            assert!(game.out(last).any(|(t, _)| t == back), "{game:?}: the lasso's last move");
            assert!(line.positions.iter().all(|&p| totals.total(p) == Total::Never));
            let mut seen = line.positions.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), line.positions.len(), "a lasso repeats no position before it closes");
        }
        other => panic!("{game:?}: the line from {start} is {line:?} for {other:?}"),
    }
}

#[test]
fn totals_equal_the_fixpoint_on_random_games() {
    let mut rng = Rng::new(53);
    let (mut never, mut finite) = (0, 0);
    for round in 0..4000 {
        let game = random_game(&mut rng, false);
        for ender in [Side::Min, Side::Max] {
            let want = oracle(&game, ender);
            let graph = game.graph();
            let totals = solve(&graph, ender).unwrap();
            let plain = plain::solve(&graph, ender).unwrap();
            let only = solve_totals(&graph, ender).unwrap();
            for (p, &want) in want.iter().enumerate() {
                assert_eq!(
                    totals.total(p),
                    as_total(want),
                    "round {round}, {game:?}, ender {ender:?}, at {p}"
                );
                assert_eq!((plain.total(p), only.total(p)), (totals.total(p), totals.total(p)));
                match want {
                    Some(total) => {
                        finite += 1;
                        ender_holds(&game, ender, p, total);
                    }
                    None => never += 1,
                }
                other_holds(&game, ender, p, want);
                line_holds(&game, ender, p, want);
            }
        }
    }
    assert!(never > 5000 && finite > 5000, "{never} never, {finite} finite");
}

/// A larger random game for the two searches side by side: `n` positions, about `3n` moves, the
/// weights from `0..=top` (a small `top`: many equal keys; a large one: keys far apart).
fn larger_game(rng: &mut Rng, n: usize, top: u64) -> Game {
    let sides = (0..n).map(|_| if rng.chance(1, 2) { Side::Min } else { Side::Max }).collect();
    let payoffs = (0..n).map(|_| rng.below(2001) as i64 - 1000).collect();
    let mut moves = Vec::new();
    for p in 0..n {
        if rng.chance(1, 8) {
            continue;
        }
        for _ in 0..1 + rng.below(5) {
            moves.push((p, rng.below(n as u64) as usize, rng.below(top + 1) as i64));
        }
    }
    Game { sides, payoffs, moves }
}

#[test]
fn the_radix_heap_search_equals_the_plain_one() {
    let mut rng = Rng::new(2611);
    for round in 0..300 {
        let n = 1 + rng.below(3000) as usize;
        let top = [0, 1, 3, 1000, 1 << 40][rng.below(5) as usize];
        let game = larger_game(&mut rng, n, top);
        let graph = game.graph();
        for ender in [Side::Min, Side::Max] {
            let plain = plain::solve(&graph, ender).unwrap();
            let fast = solve(&graph, ender).unwrap();
            let only = solve_totals(&graph, ender).unwrap();
            for p in 0..n {
                assert_eq!(fast.total(p), plain.total(p), "round {round}, {ender:?}, position {p}");
                assert_eq!(only.total(p), plain.total(p), "round {round}, {ender:?}, position {p}");
            }
            // The moves of the fast search are moves of the game, as the plain search's are.
            for p in 0..n {
                if let Some((to, w)) = fast.best_move(&graph, p) {
                    assert!(graph.predecessors(to).any(|m| m == (p, w)), "round {round}: {p} -> {to} ({w})");
                }
            }
        }
    }
}

#[test]
fn overflow_is_an_error_exactly_where_a_total_is_past_i64() {
    let mut rng = Rng::new(261);
    let (mut errors, mut fine) = (0, 0);
    for round in 0..4000 {
        let game = random_game(&mut rng, true);
        for ender in [Side::Min, Side::Max] {
            let want = oracle(&game, ender);
            let got = solve(&game.graph(), ender);
            let plain = plain::solve(&game.graph(), ender);
            assert_eq!(got.is_ok(), plain.is_ok(), "{game:?}, {ender:?}");
            if fits(&want) {
                let totals = got.unwrap_or_else(|e| panic!("round {round}, {game:?}, {ender:?}: {e}"));
                fine += 1;
                for (p, &want) in want.iter().enumerate() {
                    assert_eq!(totals.total(p), as_total(want), "round {round}, {game:?}, {ender:?}");
                }
            } else {
                for e in [got.expect_err("a total past i64"), plain.expect_err("a total past i64")] {
                    assert!(e.message().contains("the total of position"), "{e}");
                }
                errors += 1;
            }
        }
    }
    assert!(errors > 500 && fine > 500, "{errors} errors, {fine} fine");
}

#[test]
fn forward_and_explicit_games_agree() {
    let mut rng = Rng::new(7);
    for _ in 0..500 {
        let game = random_game(&mut rng, false);
        let sides = game.sides.clone();
        let forward = ForwardScored::new(
            game.n(),
            |s| sides[s],
            |s, list| list.extend(game.out(s)),
            |s| game.payoffs[s],
        )
        .unwrap();
        for ender in [Side::Min, Side::Max] {
            let (a, b) = (solve(&forward, ender).unwrap(), solve(&game.graph(), ender).unwrap());
            assert_eq!(a, b);
            for p in 0..game.n() {
                assert_eq!(forward.moves_from(p), game.out(p).collect::<Vec<_>>());
            }
        }
    }
}
