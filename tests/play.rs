//! Checks `graph_games::play` (the perfect opponent a jury plays with) against the naive fixpoint
//! of `tests/fixpoint/`, which shares no code with the library.
//!
//! - Sums (`SumPlay`): on random graphs of at most 6 vertices, every tuple of 1 to 3 tokens is a
//!   state of the product space, decided by the fixpoint. The outcome is the fixpoint's; in a won
//!   position the reply leads to a lost one, in a drawn position to a drawn one (never loses), in a
//!   lost position it is a legal move; `None` exactly where no token can move. It punishes: after
//!   every move into a position won for it, played through `play`, its reply keeps the win.
//! - Single games (`GamePlay`): on random graphs, every state's reply is optimal by the fixpoint's
//!   depths (the quickest win, the longest loss, a draw kept).
//! - Moves that do not exist are errors naming them, and change nothing.
//! - A jury that probes (`Choice::Seeded`): its replies keep the outcome as the fixpoint says
//!   (quickest wins, draws kept, the longest resistance or any move when lost), are the same for a
//!   seed, and over seeds cover every move that keeps it; a sum's seeded replies keep wins and
//!   draws. Seeds catch a player that the fixed jury cannot: one wrong only off the longest
//!   losing line (take-away 1 to 3, in the caller's own moves through `MovePlay`).
//!
//! Random graphs come from splitmix64 with fixed seeds (`tests/loopy/`'s shapes).

use crate::fixpoint;
use crate::loopy;
use crate::random;

use fixpoint::{optimal, oracle, Verdict};
use graph_games::forward::ForwardGame;
use graph_games::play::{Choice, GamePlay, MovePlay, Resist, SumPlay};
use graph_games::solver::{Outcome, Start};
use loopy::{index, product_moves, random_case, tuple, Case};
use random::Rng;
use std::collections::BTreeSet;

fn outcome(verdict: Verdict) -> Outcome {
    match verdict {
        Verdict::Win(_) => Outcome::Win,
        Verdict::Lose(_) => Outcome::Lose,
        Verdict::Draw => Outcome::Draw,
    }
}

/// The product space of `k` tokens on `case`, decided by the fixpoint.
fn product(case: &Case, k: usize) -> Vec<Verdict> {
    oracle(&product_moves(case, k), false)
}

fn edges(case: &Case) -> Vec<(usize, usize)> {
    case.edges.iter().map(|&(u, v)| (u as usize, v as usize)).collect()
}

#[test]
fn sum_replies_win_keep_draws_and_punish() {
    let mut rng = Rng::new(0x91a7_0001);
    let mut seen = [0usize; 3];
    for round in 0..500 {
        let case = random_case(&mut rng, 6, 16);
        let (n, options, edges) = (case.n, case.options(), edges(&case));
        for k in 1..=3 {
            if k == 3 && round % 3 != 0 {
                continue;
            }
            let verdicts = product(&case, k);
            for (s, &verdict) in verdicts.iter().enumerate() {
                let tokens = tuple(s, n, k);
                let sum = SumPlay::new(n, &edges, &tokens);
                let want = outcome(verdict);
                seen[want as usize] += 1;
                assert_eq!(sum.outcome(), want, "{tokens:?} on {case:?}");
                let reply = sum.reply();
                let can_move = tokens.iter().any(|&t| !options[t].is_empty());
                assert_eq!(reply.is_some(), can_move, "{tokens:?} on {case:?}: {reply:?}");
                let (i, w) = match reply {
                    Some(m) => m,
                    None => continue,
                };
                assert!(options[tokens[i]].contains(&w), "{tokens:?} on {case:?}: {i} -> {w} is no move");
                let mut after = tokens.clone();
                after[i] = w;
                let next = outcome(verdicts[index(&after, n)]);
                match want {
                    Outcome::Win => assert_eq!(next, Outcome::Lose, "{tokens:?} on {case:?}: to {after:?}"),
                    Outcome::Draw => assert_eq!(next, Outcome::Draw, "{tokens:?} on {case:?}: to {after:?}"),
                    Outcome::Lose => {}
                }
                // Every move of the other side into a win for the jury, played through `play`.
                for (j, &t) in tokens.iter().enumerate() {
                    for &v in &options[t] {
                        let mut given = SumPlay::new(n, &edges, &tokens);
                        given.play(j, v).unwrap();
                        if given.outcome() != Outcome::Win {
                            continue;
                        }
                        let (a, b) = given.reply().expect("a won position has a move");
                        given.play(a, b).unwrap();
                        let kept = outcome(verdicts[index(given.tokens(), n)]);
                        assert_eq!(
                            kept,
                            Outcome::Lose,
                            "{tokens:?} on {case:?}: after {j} -> {v}, {a} -> {b}"
                        );
                    }
                }
            }
        }
    }
    assert!(seen.iter().all(|&count| count > 1000), "wins, losses, draws: {seen:?}");
}

#[test]
fn moves_that_do_not_exist_are_errors_that_change_nothing() {
    // 0 -> 1, 1 -> 2, a token on 0 and one on 2.
    let mut sum = SumPlay::new(3, &[(0, 1), (1, 2)], &[0, 2]);
    assert_eq!(sum.play(2, 1).unwrap_err().to_string(), "no token 3 (there are 2)");
    assert_eq!(sum.play(usize::MAX, 1).unwrap_err().to_string(), "no token 0 (there are 2)");
    assert_eq!(sum.play(1, 0).unwrap_err().to_string(), "no edge from 3 to 1: token 2 cannot move there");
    assert_eq!(sum.play(0, 2).unwrap_err().to_string(), "no edge from 1 to 3: token 1 cannot move there");
    assert_eq!(sum.tokens(), [0, 2]);
    sum.play(0, 1).unwrap();
    assert_eq!(sum.tokens(), [1, 2]);
    let game = ForwardGame::new(3, |s, m| m.extend((s + 1..3).take(1)), |_| Start::Lose);
    let table = game.tablebase();
    let mut single = GamePlay::forward(&game, &table, 0);
    assert_eq!(single.play(2).unwrap_err().to_string(), "no move from state 0 to 2");
    assert_eq!(single.state(), 0);
    single.play(1).unwrap();
    assert_eq!((single.state(), single.reply()), (1, Some(2)));
}

#[test]
fn single_game_replies_are_optimal() {
    let mut rng = Rng::new(0x91a7_0002);
    for _ in 0..2000 {
        let case = random_case(&mut rng, 12, 30);
        let options = case.options();
        let verdicts = oracle(&options, false);
        let lists = options.clone();
        let game = ForwardGame::new(case.n, move |s, m| m.extend(&lists[s]), |_| Start::Lose);
        let table = game.tablebase();
        for s in 0..case.n {
            let play = GamePlay::forward(&game, &table, s);
            assert_eq!(play.outcome(), outcome(verdicts[s]), "state {s} of {case:?}");
            match play.reply() {
                None => assert!(options[s].is_empty(), "state {s} of {case:?}: no reply"),
                Some(to) => {
                    assert!(options[s].contains(&to), "state {s} of {case:?}: {to} is no move");
                    assert!(optimal(verdicts[s], verdicts[to]), "state {s} of {case:?}: to {to}");
                }
            }
        }
    }
}

#[test]
fn seeded_replies_keep_the_outcome_and_cover_every_such_move() {
    let mut rng = Rng::new(0x91a7_0003);
    for _ in 0..300 {
        let case = random_case(&mut rng, 10, 26);
        let options = case.options();
        let verdicts = oracle(&options, false);
        let lists = options.clone();
        let game = ForwardGame::new(case.n, move |s, m| m.extend(&lists[s]), |_| Start::Lose);
        let table = game.tablebase();
        for s in 0..case.n {
            for lost in [Resist::Longest, Resist::Any] {
                // Every move that keeps the outcome, by the fixpoint.
                let keeps = |to: usize| match (verdicts[s], lost) {
                    (Verdict::Lose(_), Resist::Any) => true,
                    _ => optimal(verdicts[s], verdicts[to]),
                };
                let want: BTreeSet<usize> = options[s].iter().copied().filter(|&to| keeps(to)).collect();
                let mut got = BTreeSet::new();
                for seed in 0..64 {
                    let play = GamePlay::forward(&game, &table, s).with_choice(Choice::Seeded { seed, lost });
                    let reply = play.reply();
                    assert_eq!(reply, play.reply(), "the same seed, the same reply");
                    match reply {
                        None => assert!(options[s].is_empty(), "state {s} of {case:?}"),
                        Some(to) => {
                            assert!(want.contains(&to), "state {s} of {case:?}: {to} ({lost:?})");
                            got.insert(to);
                        }
                    }
                }
                // 64 draws among at most a handful of moves miss one with odds under 10^-6.
                if want.len() <= 4 {
                    assert_eq!(got, want, "state {s} of {case:?} ({lost:?})");
                }
            }
        }
    }
}

#[test]
fn seeded_sum_replies_keep_wins_and_draws() {
    let mut rng = Rng::new(0x91a7_0004);
    for _ in 0..200 {
        let case = random_case(&mut rng, 6, 16);
        let (n, options, edges) = (case.n, case.options(), edges(&case));
        let verdicts = product(&case, 2);
        for (s, &verdict) in verdicts.iter().enumerate() {
            let tokens = tuple(s, n, 2);
            for (seed, lost) in [(1, Resist::Any), (2, Resist::Longest), (3, Resist::Any)] {
                let sum = SumPlay::new(n, &edges, &tokens).with_choice(Choice::Seeded { seed, lost });
                let fixed = SumPlay::new(n, &edges, &tokens);
                let (i, w) = match sum.reply() {
                    Some(m) => m,
                    None => {
                        assert!(tokens.iter().all(|&t| options[t].is_empty()), "{tokens:?} on {case:?}");
                        continue;
                    }
                };
                assert!(options[tokens[i]].contains(&w), "{tokens:?} on {case:?}: {i} -> {w} is no move");
                let mut after = tokens.clone();
                after[i] = w;
                let next = outcome(verdicts[index(&after, n)]);
                match outcome(verdict) {
                    // The progress move: the one whose bound is proved.
                    Outcome::Win => assert_eq!(sum.reply(), fixed.reply(), "{tokens:?} on {case:?}"),
                    Outcome::Draw => assert_eq!(next, Outcome::Draw, "{tokens:?} on {case:?}"),
                    Outcome::Lose => assert_eq!(next, Outcome::Win, "{tokens:?} on {case:?}"),
                }
            }
        }
    }
}

/// Take-away: take 1, 2 or 3 stones; who cannot move loses (a multiple of 4 is lost). A move is
/// the number of stones taken.
fn takes(s: usize) -> Vec<(usize, usize)> {
    (1..=3).filter(|&k| k <= s).map(|k| (k, s - k)).collect()
}

/// Plays `player` (first, from `stones`) against the jury `jury`'s choice: whether the player
/// wins.
fn player_wins(stones: usize, choice: Choice, player: &dyn Fn(usize) -> usize) -> bool {
    let game =
        ForwardGame::new(stones + 1, |s, m| m.extend(takes(s).into_iter().map(|(_, t)| t)), |_| Start::Lose);
    let table = game.tablebase();
    let mut jury = MovePlay::new(&table, takes, stones).with_choice(choice);
    loop {
        if jury.state() == 0 {
            return false; // the player cannot move
        }
        jury.play(&player(jury.state())).expect("the player takes 1 to 3");
        match jury.reply() {
            None => return true,
            Some(k) => jury.play(&k).unwrap(),
        }
    }
}

#[test]
fn a_seeded_jury_catches_a_player_wrong_off_the_longest_line() {
    // The fixed jury, lost, always takes 3 (to the lowest state among equally long
    // resistances): from 41 the player meets only 41, 37, ..., 1. This player is right there and
    // takes 1 everywhere else, which is wrong unless 1 stone is left over a multiple of 4.
    let line: Vec<usize> = (0..=10).map(|i| 1 + 4 * i).collect();
    let player = |s: usize| if line.contains(&s) { s % 4 } else { 1 };
    assert!(player_wins(41, Choice::Fixed, &player), "the fixed jury never leaves its line");
    let caught =
        (0..20).filter(|&seed| !player_wins(41, Choice::Seeded { seed, lost: Resist::Longest }, &player));
    assert!(caught.count() >= 15, "seeded juries leave the line");
    // A right player wins against every seed.
    let right = |s: usize| if s % 4 == 0 { 1 } else { s % 4 };
    for seed in 0..20 {
        for lost in [Resist::Longest, Resist::Any] {
            assert!(player_wins(41, Choice::Seeded { seed, lost }, &right), "seed {seed}");
        }
    }
}
