//! `graph_games::partizan` against oracles that share no code with it: canonical forms by a plain
//! implementation (games as trees of options, no table, no memo, no shortcut for numbers), and
//! who wins sums of up to three games by a plain minimax over the product of their positions, on
//! random acyclic games of up to 12 states.

use crate::random;

use graph_games::partizan::{forward_values, Dyadic, FormId, Forms, Side, SumBudget, Winner};
use random::Rng;
use std::collections::HashMap;

/// A game as its options, written out in full.
#[derive(Clone, Debug)]
struct Plain {
    left: Vec<Plain>,
    right: Vec<Plain>,
}

/// `g <= h`, by the definition.
fn le(g: &Plain, h: &Plain) -> bool {
    !g.left.iter().any(|gl| le(h, gl)) && !h.right.iter().any(|hr| le(hr, g))
}

fn eq(g: &Plain, h: &Plain) -> bool {
    le(g, h) && le(h, g)
}

/// The canonical form, by the textbook's two steps repeated until nothing changes: dominated
/// options removed, reversible options bypassed.
fn canonical(g: &Plain) -> Plain {
    let mut left: Vec<Plain> = g.left.iter().map(canonical).collect();
    let mut right: Vec<Plain> = g.right.iter().map(canonical).collect();
    loop {
        left = undominated(left, le);
        right = undominated(right, |a, b| le(b, a));
        let whole = Plain { left: left.clone(), right: right.clone() };
        let mut changed = false;
        let mut new_left = Vec::new();
        for a in &left {
            match a.right.iter().find(|ar| le(ar, &whole)) {
                Some(ar) => {
                    changed = true;
                    new_left.extend(ar.left.iter().cloned());
                }
                None => new_left.push(a.clone()),
            }
        }
        let mut new_right = Vec::new();
        for b in &right {
            match b.left.iter().find(|bl| le(&whole, bl)) {
                Some(bl) => {
                    changed = true;
                    new_right.extend(bl.right.iter().cloned());
                }
                None => new_right.push(b.clone()),
            }
        }
        if !changed {
            return Plain { left, right };
        }
        left = new_left;
        right = new_right;
    }
}

/// The options no other one beats (`worse(a, b)`: `a` is no better than `b`), equal ones kept once.
fn undominated(options: Vec<Plain>, worse: impl Fn(&Plain, &Plain) -> bool) -> Vec<Plain> {
    let mut kept: Vec<Plain> = Vec::new();
    for (i, a) in options.iter().enumerate() {
        let beaten = options.iter().enumerate().any(|(j, b)| j != i && worse(a, b) && !(eq(a, b) && j > i));
        if !beaten {
            kept.push(a.clone());
        }
    }
    kept
}

/// A canonical form written with its options sorted: equal strings, equal canonical forms.
fn text(g: &Plain) -> String {
    let mut left: Vec<String> = g.left.iter().map(text).collect();
    let mut right: Vec<String> = g.right.iter().map(text).collect();
    left.sort();
    right.sort();
    format!("{{{}|{}}}", left.join(","), right.join(","))
}

/// A number as its canonical form written out, from its value alone (Dyadic::options).
fn plain_number(x: &Dyadic) -> Plain {
    let (l, r) = x.options();
    Plain { left: l.iter().map(plain_number).collect(), right: r.iter().map(plain_number).collect() }
}

/// A table form written out in full.
fn plain_of(forms: &Forms, g: FormId) -> Plain {
    if let Some(x) = forms.as_number(g) {
        return plain_number(x);
    }
    Plain {
        left: forms.left(g).iter().map(|&h| plain_of(forms, h)).collect(),
        right: forms.right(g).iter().map(|&h| plain_of(forms, h)).collect(),
    }
}

/// A random acyclic game: state s moves only to states below it.
struct Game {
    moves: Vec<[Vec<usize>; 2]>,
}

fn random_game(rng: &mut Rng, n: usize) -> Game {
    let mut moves = Vec::new();
    for s in 0..n {
        let mut sides = [Vec::new(), Vec::new()];
        for side in &mut sides {
            for t in 0..s {
                if rng.chance(2, 7) {
                    side.push(t);
                }
            }
        }
        moves.push(sides);
    }
    Game { moves }
}

fn plain_state(game: &Game, s: usize) -> Plain {
    Plain {
        left: game.moves[s][0].iter().map(|&t| plain_state(game, t)).collect(),
        right: game.moves[s][1].iter().map(|&t| plain_state(game, t)).collect(),
    }
}

fn table_values(forms: &mut Forms, game: &Game) -> Vec<FormId> {
    forward_values(forms, game.moves.len(), |s, side, list| {
        list.extend_from_slice(&game.moves[s][if side == Side::Left { 0 } else { 1 }])
    })
    .unwrap()
}

/// Whether `mover` wins moving first in the sum of the games at `states`, by plain minimax.
fn wins_first(
    game: &Game,
    states: &mut Vec<usize>,
    mover: usize,
    memo: &mut HashMap<(Vec<usize>, usize), bool>,
) -> bool {
    let mut key = states.clone();
    key.sort_unstable();
    if let Some(&known) = memo.get(&(key.clone(), mover)) {
        return known;
    }
    let mut wins = false;
    'all: for i in 0..states.len() {
        for &t in &game.moves[states[i]][mover].clone() {
            let before = states[i];
            states[i] = t;
            let opponent_wins = wins_first(game, states, 1 - mover, memo);
            states[i] = before;
            if !opponent_wins {
                wins = true;
                break 'all;
            }
        }
    }
    memo.insert((key, mover), wins);
    wins
}

fn oracle_winner(game: &Game, states: &[usize], memo: &mut HashMap<(Vec<usize>, usize), bool>) -> Winner {
    let left_first = wins_first(game, &mut states.to_vec(), 0, memo);
    let right_first = wins_first(game, &mut states.to_vec(), 1, memo);
    Winner::from_wins(left_first, !right_first)
}

#[test]
fn canonical_forms_agree_with_the_plain_implementation() {
    let mut rng = Rng::new(45);
    for round in 0..300 {
        let n = rng.between(1, 10);
        let game = random_game(&mut rng, n);
        let mut forms = Forms::new();
        let values = table_values(&mut forms, &game);
        for (s, &value) in values.iter().enumerate() {
            let expected = text(&canonical(&plain_state(&game, s)));
            let got = text(&plain_of(&forms, value));
            assert_eq!(got, expected, "round {round}, state {s}: {}", forms.show(value));
        }
        // Equal values, equal ids (and only they).
        for a in 0..n {
            for b in 0..n {
                let same = eq(&plain_state(&game, a), &plain_state(&game, b));
                assert_eq!(values[a] == values[b], same, "round {round}, states {a} {b}");
            }
        }
    }
}

#[test]
fn sums_of_up_to_three_games_against_the_product_space() {
    let mut rng = Rng::new(4545);
    for round in 0..200 {
        let n = rng.between(1, 12);
        let game = random_game(&mut rng, n);
        let mut forms = Forms::new();
        let values = table_values(&mut forms, &game);
        let mut memo = HashMap::new();
        for _ in 0..20 {
            let k = rng.between(1, 3);
            let states: Vec<usize> = (0..k).map(|_| rng.between(0, n - 1)).collect();
            let expected = oracle_winner(&game, &states, &mut memo);
            let parts: Vec<FormId> = states.iter().map(|&s| values[s]).collect();
            let mut total = Forms::ZERO;
            for &p in &parts {
                total = forms.sum(total, p).unwrap();
            }
            assert_eq!(forms.winner(total).unwrap(), expected, "round {round}, states {states:?}");
            assert_eq!(forms.winner_of_sum(&parts).unwrap(), expected, "round {round}, {states:?}");
            assert_eq!(forms.search_winner(&parts).unwrap(), expected, "round {round}, {states:?}");
            // Within a tiny budget: the winner, or the error that says so.
            forms.set_sum_budget(SumBudget { steps: 2, bytes: 1 << 20 });
            match forms.winner_of_sum(&parts) {
                Ok(w) => assert_eq!(w, expected, "round {round}, {states:?}"),
                Err(e) => assert!(e.message().contains("past its budget"), "{e}"),
            }
            forms.set_sum_budget(SumBudget::DEFAULT);
            // Comparisons agree with the difference's winner: g <= h iff Left loses h - g moving second...
            if k == 2 {
                let (g, h) = (parts[0], parts[1]);
                let le = forms.le(g, h).unwrap();
                let minus_g = forms.neg(g).unwrap();
                let difference = forms.sum(h, minus_g).unwrap();
                let w = forms.winner(difference).unwrap();
                assert_eq!(le, w == Winner::Left || w == Winner::Second, "round {round}, {states:?}");
            }
        }
    }
}

/// On a stack of 256 KiB (`common::on_a_small_stack`): a recursion of more than 1.3 bytes a state
/// overflows it at 200,000 states (a million on 2 MiB: 2.1).
#[test]
fn a_long_chain_needs_no_recursion() {
    crate::common::on_a_small_stack(a_chain_of_200000_states);
}

fn a_chain_of_200000_states() {
    // State 0 is over, state 1 is *, and from s >= 2 Left moves to 0 and Right to s - 1: the values
    // are ^, ^^*, ^^^, ... (k ups and a star when k is even), each a form as deep as its state.
    let n = 200_000;
    let mut forms = Forms::new();
    let values = forward_values(&mut forms, n, |s, side, list| match (s, side) {
        (0, _) => {}
        (1, _) => list.push(0),
        (_, Side::Left) => list.push(0),
        (_, Side::Right) => list.push(s - 1),
    })
    .unwrap();
    let last = values[n - 1];
    // State s is (s - 1)^, with a star when s - 1 is even.
    let k = (n - 2) as i64;
    let u = forms.as_uptimal(last).unwrap().expect("an uptimal");
    assert_eq!((u.number.is_zero(), u.ups, u.nimber), (true, k, ((k + 1) % 2) as u64));
    // Comparisons walk the whole depth, without recursion.
    assert!(forms.le(values[2], last).unwrap());
    assert!(!forms.le(last, values[2]).unwrap());
    assert_eq!(forms.winner(last).unwrap(), Winner::Left);
    assert_eq!(forms.winner_of_sum(&[last, values[2], values[1]]).unwrap(), Winner::Left);
    let minus = forms.neg(last).unwrap();
    assert_eq!(forms.winner_of_sum(&[last, minus]).unwrap(), Winner::Second);
}

/// Under an address-space limit, a game of 4 * 10^7 states without moves: its values or an error,
/// never an abort (the walk's order and the values were allocated unchecked). The test binary runs
/// itself, this test alone, with `PARTIZAN_OOM_CHILD` set.
#[test]
fn forward_values_out_of_memory_is_an_error() {
    if std::env::var_os("PARTIZAN_OOM_CHILD").is_some() {
        let mut forms = Forms::new();
        match forward_values(&mut forms, 40_000_000, |_, _, _| {}) {
            Ok(values) => println!("child: ok {}", values.len()),
            Err(e) => println!("child: error {e}"),
        }
        return;
    }
    let out = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg("ulimit -v 1300000 && exec \"$0\" --exact \"$1\" --nocapture --test-threads 1")
        .arg(std::env::current_exe().unwrap())
        .arg(
            module_path!().split_once("::").unwrap().1.to_string()
                + "::forward_values_out_of_memory_is_an_error",
        )
        .env("PARTIZAN_OOM_CHILD", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{:?}: {stdout} {}", out.status, String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("child: "), "{stdout}");
}
