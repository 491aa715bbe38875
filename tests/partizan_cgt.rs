//! Atomic weights, the two-ahead rule and birthdays (src/partizan/atomic.rs, birthday.rs) against
//! plain implementations written here, which share no code with them:
//! - the birthday by a walk of the options (a number's options by `Dyadic::options`);
//! - all-small by the definition, and the atomic weight by the textbook's calculus written out
//!   (Siegel, *Combinatorial Game Theory*, II.7): no shortcut for ups and nimbers, a different far
//!   star (`*64`), and the eccentric case's integer found by trying every integer in `-64..=64`;
//! - the two-ahead rule (`aw >= 2` wins for Left, `<= -2` for Right) and additivity checked on the
//!   forms themselves, and `winner_of_sum` on all-small sums against the canonical sum's winner
//!   and a minimax over the product of the components' positions.
//!
//! Data: every Linear Clobber row of up to 9 cells (all-small), every Domineering filling of 4x4
//! and 3x5, every Toads and Frogs strip of up to 8 cells, random forms and random all-small forms,
//! their negatives, and values worked by hand.

use crate::cgt_data;
use crate::random;

use graph_games::partizan::{Comparison, Dyadic, FormId, Forms, Side, Winner};
use random::Rng;
use std::collections::HashMap;

fn number_birthday(x: &Dyadic) -> u64 {
    let (left, right) = x.options();
    let days = left.iter().chain(right.iter()).map(number_birthday);
    days.map(|d| d + 1).max().unwrap_or(0)
}

/// The height of the form's tree of options.
fn plain_birthday(f: &Forms, g: FormId) -> u64 {
    if let Some(x) = f.as_number(g) {
        return number_birthday(x);
    }
    let options = f.left(g).iter().chain(f.right(g));
    options.map(|&o| plain_birthday(f, o) + 1).max().unwrap_or(0)
}

/// Every follower has options for both players or for neither.
fn plain_all_small(f: &Forms, g: FormId) -> bool {
    if f.is_number(g) {
        return g == Forms::ZERO;
    }
    let (left, right) = (f.left(g), f.right(g));
    !left.is_empty() && !right.is_empty() && left.iter().chain(right).all(|&o| plain_all_small(f, o))
}

/// The atomic weight by the calculus, written out: `{aw(G^L) - 2 | aw(G^R) + 2}`, or in the
/// eccentric case the extreme integer the comparison with the far star `*64` picks.
fn plain_weight(f: &mut Forms, memo: &mut HashMap<FormId, FormId>, g: FormId) -> FormId {
    if g == Forms::ZERO {
        return g;
    }
    if let Some(&w) = memo.get(&g) {
        return w;
    }
    let (two, minus_two) = (f.integer(2).unwrap(), f.integer(-2).unwrap());
    let left: Vec<FormId> = f.left(g).to_vec();
    let right: Vec<FormId> = f.right(g).to_vec();
    let left: Vec<FormId> = left.into_iter().map(|o| plain_weight(f, memo, o)).collect();
    let right: Vec<FormId> = right.into_iter().map(|o| plain_weight(f, memo, o)).collect();
    let left: Vec<FormId> = left.into_iter().map(|w| f.sum(w, minus_two).unwrap()).collect();
    let right: Vec<FormId> = right.into_iter().map(|w| f.sum(w, two).unwrap()).collect();
    let naive = f.make(&left, &right).unwrap();
    let mut weight = naive;
    if f.as_number(naive).map_or(false, Dyadic::is_integer) {
        let far_star = f.nimber(64).unwrap();
        let integers: Vec<FormId> = (-64..=64).map(|n| f.integer(n).unwrap()).collect();
        match f.compare(g, far_star).unwrap() {
            Comparison::Greater => {
                // The greatest n with n <| every G^R - 2: not G^R' <= n.
                let k = (0..integers.len())
                    .rev()
                    .find(|&k| right.iter().all(|&r| !f.le(r, integers[k]).unwrap()))
                    .unwrap();
                assert!(k > 0 && k + 1 < integers.len());
                weight = integers[k];
            }
            Comparison::Less => {
                let k = (0..integers.len())
                    .find(|&k| left.iter().all(|&l| !f.le(integers[k], l).unwrap()))
                    .unwrap();
                assert!(k > 0 && k + 1 < integers.len());
                weight = integers[k];
            }
            _ => {}
        }
    }
    memo.insert(g, weight);
    weight
}

/// Whether the player to move (`left` or Right) wins the sum `parts`, by trying every move.
fn wins(f: &mut Forms, parts: &[FormId], left: bool, memo: &mut HashMap<(Vec<FormId>, bool), bool>) -> bool {
    let mut key = parts.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&(key.clone(), left)) {
        return known;
    }
    let side = if left { Side::Left } else { Side::Right };
    let mut win = false;
    for k in 0..parts.len() {
        let options: Vec<FormId> = match f.as_number(parts[k]).cloned() {
            Some(x) => {
                let (l, r) = x.options();
                let o = if left { l } else { r };
                o.into_iter().map(|y| f.number(y).unwrap()).collect()
            }
            None => f.options_of(parts[k], side).to_vec(),
        };
        for o in options {
            let mut after = parts.to_vec();
            after[k] = o;
            if !wins(f, &after, !left, memo) {
                win = true;
                break;
            }
        }
        if win {
            break;
        }
    }
    memo.insert((key, left), win);
    win
}

fn minimax_winner(f: &mut Forms, parts: &[FormId]) -> Winner {
    let mut memo = HashMap::new();
    let left_first = wins(f, parts, true, &mut memo);
    let right_first = wins(f, parts, false, &mut memo);
    Winner::from_wins(left_first, !right_first)
}

fn all_data(f: &mut Forms) -> Vec<FormId> {
    let mut rng = Rng::new(51);
    let mut forms = cgt_data::clobber(f, 9);
    forms.extend(cgt_data::domineering(f, 4, 4));
    forms.extend(cgt_data::domineering(f, 3, 5));
    forms.extend(cgt_data::toads_and_frogs(f, 8));
    forms.extend(cgt_data::random_forms(f, &mut rng, 3000));
    forms.extend(cgt_data::random_all_small(f, &mut rng, 300));
    let negatives: Vec<FormId> = forms.iter().map(|&g| f.neg(g).unwrap()).collect();
    forms.extend(negatives);
    forms.sort_unstable();
    forms.dedup();
    forms
}

#[test]
fn birthdays_against_a_walk_of_the_options_and_by_hand() {
    let mut f = Forms::new();
    for g in all_data(&mut f) {
        assert_eq!(f.birthday(g).unwrap(), plain_birthday(&f, g), "{}", f.show(g));
    }
    // By hand: 0 = {|} on day 0; * = {0|0} and 1 = {0|} on day 1; ^ = {0|*}, *2 = {0,*|0,*} and
    // 1/2 = {0|1} on day 2; -3/4 = {-1|-1/2} on day 3; ^^* = {0|^} on day 3; {1|-1} on day 2.
    for (text, day) in [("0", 0), ("*", 1), ("1", 1), ("^", 2), ("*2", 2), ("1/2", 2)] {
        let g = f.parse(text).unwrap();
        assert_eq!(f.birthday(g).unwrap(), day, "{text}");
    }
    for (text, day) in [("-3/4", 3), ("^^*", 3), ("+-1", 2), ("-5", 5)] {
        let g = f.parse(text).unwrap();
        assert_eq!(f.birthday(g).unwrap(), day, "{text}");
    }
}

#[test]
fn atomic_weights_against_the_calculus_written_out() {
    let mut f = Forms::new();
    let mut memo = HashMap::new();
    let (mut all_small, mut not_integer) = (0, 0);
    for g in all_data(&mut f) {
        let small = plain_all_small(&f, g);
        assert_eq!(f.is_all_small(g).unwrap(), small, "{}", f.show(g));
        let weight = f.atomic_weight(g).unwrap();
        if !small {
            assert_eq!(weight, None, "{}", f.show(g));
            continue;
        }
        all_small += 1;
        let expected = plain_weight(&mut f, &mut memo, g);
        assert_eq!(weight, Some(expected), "{}: {}", f.show(g), f.show(expected));
        if f.as_number(expected).map_or(false, |w| !w.is_integer()) || !f.is_number(expected) {
            not_integer += 1;
        }
    }
    assert!(all_small > 300, "{all_small} all-small forms");
    assert!(not_integer > 0, "no weight that is not an integer");
    // Every Clobber row is all-small.
    for g in cgt_data::clobber(&mut f, 5) {
        assert!(f.is_all_small(g).unwrap(), "{}", f.show(g));
    }
}

#[test]
fn atomic_weights_by_hand() {
    let mut f = Forms::new();
    // aw(x·^ + *m) = x (Siegel II.7). aw(^2), ^2 = {0 | v*}: {0 - 2 | -1 + 2} = {-2 | 1} = 0, an
    // integer; ^2 is incomparable with a far star *N (^2 + *N: Right wins moving to v* + *N),
    // so aw(^2) = 0. aw(+-^) = aw({^ | v}) = {1 - 2 | -1 + 2} = 0, and +-^ is incomparable with
    // *N: 0. aw({0 | ^}) (= ^^*): {-2 | 3} = 0; ^^* > *N, so the greatest n <| 3: 2.
    // aw({^4 | 0}) = {4 - 2 | 0 + 2} = {2 | 2} = 2*, not an integer: a weight that is a game.
    let cases = [("*", "0"), ("^", "1"), ("^*", "1"), ("v", "-1"), ("^3*2", "3"), ("{0|v*}", "0")];
    for (text, weight) in
        cases.iter().chain(&[("{^|v}", "0"), ("{0|^}", "2"), ("{0|v}", "0"), ("{^4|0}", "2*")])
    {
        let g = f.parse(text).unwrap();
        let w = f.atomic_weight(g).unwrap().unwrap();
        assert_eq!(f.show(w), *weight, "{text}");
    }
    // The far star is above every nimber among the followers: ^ = {0|*} has *2, *3 has *4.
    for (text, far_star) in [("^", "*2"), ("*3", "*4"), ("{^|v}", "*2"), ("0", "*")] {
        let g = f.parse(text).unwrap();
        let star = f.far_star(g).unwrap();
        assert_eq!(f.show(star), far_star, "{text}");
    }
    // ^ + ^ + *: weight 2, two atoms ahead.
    let parts = [f.parse("^").unwrap(), f.parse("^").unwrap(), f.parse("*").unwrap()];
    assert_eq!(f.two_ahead_winner(&parts).unwrap(), Some(Winner::Left));
    // Not all-small: a number, a hot game, a number plus ups, tiny.
    for text in ["1", "1/2", "+-1", "1/2^", "{0||0|-1}"] {
        let g = f.parse(text).unwrap();
        assert_eq!(f.atomic_weight(g).unwrap(), None, "{text}");
    }
}

#[test]
fn the_two_ahead_rule_and_additivity_on_the_forms() {
    let mut f = Forms::new();
    let mut rng = Rng::new(7);
    let mut small: Vec<FormId> = cgt_data::clobber(&mut f, 7);
    small.extend(cgt_data::random_all_small(&mut f, &mut rng, 200));
    let negatives: Vec<FormId> = small.iter().map(|&g| f.neg(g).unwrap()).collect();
    small.extend(negatives);
    let (two, minus_two) = (f.integer(2).unwrap(), f.integer(-2).unwrap());
    let (mut left, mut right) = (0, 0);
    for &g in &small {
        let w = f.atomic_weight(g).unwrap().unwrap();
        if f.le(two, w).unwrap() {
            assert_eq!(f.winner(g).unwrap(), Winner::Left, "{}", f.show(g));
            left += 1;
        }
        if f.le(w, minus_two).unwrap() {
            assert_eq!(f.winner(g).unwrap(), Winner::Right, "{}", f.show(g));
            right += 1;
        }
    }
    assert!(left > 10 && right > 10, "{left} {right}");
    for _ in 0..300 {
        let (g, h) = (*rng.pick(&small), *rng.pick(&small));
        let total = f.sum(g, h).unwrap();
        let (wg, wh) = (f.atomic_weight(g).unwrap().unwrap(), f.atomic_weight(h).unwrap().unwrap());
        let expected = f.sum(wg, wh).unwrap();
        assert_eq!(f.atomic_weight(total).unwrap(), Some(expected), "{} + {}", f.show(g), f.show(h));
    }
}

#[test]
fn winner_of_all_small_sums_against_the_canonical_sum_and_a_minimax() {
    let mut f = Forms::new();
    let mut rng = Rng::new(11);
    let mut small = cgt_data::clobber(&mut f, 6);
    small.extend(cgt_data::random_all_small(&mut f, &mut rng, 40));
    let half = f.parse("-1/2").unwrap();
    let mut decided = 0;
    for round in 0..300 {
        let mut parts: Vec<FormId> = (0..rng.between(2, 3)).map(|_| *rng.pick(&small)).collect();
        if round % 10 == 0 {
            parts.push(half);
        }
        let mut total = Forms::ZERO;
        for &g in &parts {
            total = f.sum(total, g).unwrap();
        }
        let expected = f.winner(total).unwrap();
        assert_eq!(f.winner_of_sum(&parts).unwrap(), expected);
        assert_eq!(minimax_winner(&mut f, &parts), expected);
        if let Some(w) = f.two_ahead_winner(&parts).unwrap() {
            assert_eq!(w, expected);
            decided += 1;
        }
    }
    assert!(decided > 30, "{decided} sums decided by the rule");
}

#[test]
fn the_rule_decides_sums_too_large_to_build() {
    let mut f = Forms::new();
    // A Clobber row worth one atom that is not an uptimal: oxoxo = {^ | *}. By hand: {1 - 2 | 0 + 2}
    // = 0, an integer; {^|*} > *2 (in {^|*} + *2 Left moves to ^ + *2 > 0, and Right's moves
    // leave *3 or {^|*}, where Left moves to a win), so the greatest n <| 2: 1.
    let g = cgt_data::clobber_row(&mut f, "oxoxo");
    assert_eq!(f.show(g), "{^|*}");
    let one = f.integer(1).unwrap();
    assert_eq!(f.as_uptimal(g).unwrap(), None, "{}", f.show(g));
    assert_eq!(f.atomic_weight(g).unwrap(), Some(one), "{}", f.show(g));
    // Two copies and more win for Left, by the canonical sums; a thousand, with room for 20 new
    // forms, by the rule alone.
    let mut total = g;
    for _ in 2..=4 {
        total = f.sum(total, g).unwrap();
        assert_eq!(f.winner(total).unwrap(), Winner::Left, "{}", f.show(g));
    }
    let parts = vec![g; 1000];
    assert_eq!(f.winner_of_sum(&parts).unwrap(), Winner::Left);
    let minus = f.neg(g).unwrap();
    assert_eq!(f.winner_of_sum(&vec![minus; 1000]).unwrap(), Winner::Right);
    // A number beside infinitesimals decides by its sign.
    let mut parts = vec![minus; 1000];
    parts.push(f.parse("1/64").unwrap());
    assert_eq!(f.two_ahead_winner(&parts).unwrap(), Some(Winner::Left));
    assert_eq!(f.winner_of_sum(&parts).unwrap(), Winner::Left);
}
