//! Sums of many components (`Forms::winner_of_sum`, `Forms::grouped`, the budget) against two
//! oracles that share nothing with the grouping, the search or the budget:
//! - the canonical sum made one component at a time by `Forms::sum` (and its winner);
//! - a plain minimax over the product space: a position is the multiset of the components as
//!   they stand, a move replaces one component by one of its mover's options (a number's too,
//!   from `Dyadic::options`), and the player who cannot move loses (memoised).
//!
//! The components are small random forms moved by numbers, ups and nimbers, and their
//! negatives, so that the grouping's every rewriting is met: the translation by a number, the
//! pairing with `*`, negatives cancelling, forms an uptimal apart merged.

use graph_games::partizan::{Dyadic, FormId, Forms, Side, SumBudget, Uptimal, Winner};
use std::collections::HashMap;

/// A tiny deterministic generator (splitmix64), the test's own.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The options of `g` for `side`, a number's made from its value.
fn options(forms: &mut Forms, g: FormId, side: Side) -> Vec<FormId> {
    if let Some(x) = forms.as_number(g).cloned() {
        let (l, r) = x.options();
        let o = if side == Side::Left { l } else { r };
        return o.into_iter().map(|y| forms.number(y).unwrap()).collect();
    }
    forms.options_of(g, side).to_vec()
}

/// Whether the player to move wins the sum `parts` (sorted), by the plain minimax.
fn wins(
    forms: &mut Forms,
    parts: Vec<FormId>,
    side: Side,
    memo: &mut HashMap<(Vec<FormId>, bool), bool>,
) -> bool {
    let key = (parts.clone(), side == Side::Left);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut win = false;
    'all: for i in 0..parts.len() {
        for o in options(forms, parts[i], side) {
            let mut next = parts.clone();
            next[i] = o;
            next.sort_unstable();
            if !wins(forms, next, side.other(), memo) {
                win = true;
                break 'all;
            }
        }
    }
    memo.insert(key, win);
    win
}

fn minimax_winner(forms: &mut Forms, parts: &[FormId]) -> Winner {
    let mut sorted = parts.to_vec();
    sorted.sort_unstable();
    let mut memo = HashMap::new();
    let left_first = wins(forms, sorted.clone(), Side::Left, &mut memo);
    let right_first = wins(forms, sorted, Side::Right, &mut memo);
    Winner::from_wins(left_first, !right_first)
}

/// The canonical sum, one component at a time.
fn folded(forms: &mut Forms, parts: &[FormId]) -> FormId {
    parts.iter().fold(Forms::ZERO, |s, &g| forms.sum(s, g).unwrap())
}

/// Small random forms (birthday up to 3 or so) from 0, ±1, 1/2, * and ^.
fn base_forms(forms: &mut Forms, rng: &mut Rng, count: usize) -> Vec<FormId> {
    let mut pool: Vec<FormId> =
        ["0", "1", "-1", "1/2", "*", "^", "v", "2"].iter().map(|t| forms.parse(t).unwrap()).collect();
    let mut out = Vec::new();
    while out.len() < count {
        let pick = |rng: &mut Rng, pool: &[FormId]| {
            let n = 1 + rng.below(2);
            (0..n).map(|_| pool[rng.below(pool.len())]).collect::<Vec<_>>()
        };
        let (l, r) = (pick(rng, &pool), pick(rng, &pool));
        let g = forms.make(&l, &r).unwrap();
        if forms.as_uptimal(g).unwrap().is_none() {
            out.push(g);
        }
        pool.push(g);
    }
    out
}

/// `g + x + ups·^ + *nimber`.
fn moved(forms: &mut Forms, g: FormId, x: &str, ups: i64, nimber: u64) -> FormId {
    let u = forms.uptimal_form(&Uptimal { number: Dyadic::parse(x).unwrap(), ups, nimber }).unwrap();
    forms.sum(g, u).unwrap()
}

#[test]
fn grouped_sums_are_the_canonical_sum_and_the_minimax_winner() {
    let mut rng = Rng(51);
    let shifts = ["0", "1", "-1/2", "3/4"];
    let mut seen = HashMap::new();
    for round in 0..60 {
        let mut forms = Forms::new();
        let bases = base_forms(&mut forms, &mut rng, 3);
        let mut parts = Vec::new();
        for _ in 0..2 + rng.below(4) {
            let b = bases[rng.below(bases.len())];
            let b = if rng.below(3) == 0 { forms.neg(b).unwrap() } else { b };
            let ups = rng.below(3) as i64 - 1;
            let g = moved(&mut forms, b, shifts[rng.below(4)], ups, rng.below(3) as u64);
            for _ in 0..1 + rng.below(2) {
                parts.push(g);
            }
        }
        let canonical = folded(&mut forms, &parts);
        let expected = forms.winner(canonical).unwrap();
        if parts.len() <= 6 {
            assert_eq!(minimax_winner(&mut forms, &parts), expected, "round {round}");
        }
        assert_eq!(forms.winner_of_sum(&parts).unwrap(), expected, "round {round}");
        assert_eq!(forms.search_winner(&parts).unwrap(), expected, "round {round}");
        assert_eq!(forms.sum_of_parts(&parts).unwrap(), canonical, "round {round}");
        // The grouping is exact: its total plus its groups is the canonical sum.
        let grouped = forms.grouped(&parts).unwrap();
        let mut rebuilt = forms.uptimal_form(&grouped.total).unwrap();
        for &(g, count) in &grouped.groups {
            for _ in 0..count {
                rebuilt = forms.sum(rebuilt, g).unwrap();
            }
        }
        assert_eq!(rebuilt, canonical, "round {round}");
        *seen.entry(expected).or_insert(0) += 1;
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn forms_an_uptimal_or_a_number_apart_end_in_one_group_and_negatives_cancel() {
    let mut rng = Rng(7);
    for round in 0..30 {
        let mut forms = Forms::new();
        let b = base_forms(&mut forms, &mut rng, 1)[0];
        let mut parts = Vec::new();
        for k in 0..6 {
            let x = ["0", "1/2", "-3", "5/8"][k % 4];
            parts.push(moved(&mut forms, b, x, k as i64 - 2, (k % 4) as u64));
        }
        let grouped = forms.grouped(&parts).unwrap();
        // One group of 6, or, for a form whose double is an uptimal, the pairs added up.
        let double = forms.sum(b, b).unwrap();
        let pairs = forms.as_uptimal(double).unwrap().is_some();
        let expected = if pairs { vec![] } else { vec![6] };
        assert_eq!(grouped.groups.iter().map(|g| g.1).collect::<Vec<_>>(), expected, "round {round}");
        if pairs {
            let canonical = folded(&mut forms, &parts);
            assert_eq!(forms.uptimal_form(&grouped.total).unwrap(), canonical, "round {round}");
        }
        // With as many negatives (each moved otherwise), nothing but an uptimal is left.
        let minus = forms.neg(b).unwrap();
        for k in 0..6 {
            parts.push(moved(&mut forms, minus, ["1", "0", "-1/4"][k % 3], 1 - k as i64, (k % 2) as u64));
        }
        let grouped = forms.grouped(&parts).unwrap();
        assert!(grouped.groups.is_empty(), "round {round}: {:?}", grouped.groups);
        let canonical = folded(&mut forms, &parts);
        assert_eq!(forms.uptimal_form(&grouped.total).unwrap(), canonical, "round {round}");
    }
}

#[test]
fn many_copies_against_the_canonical_sum() {
    // {*|v} is a Clobber row's value (xoxox): its multiples grow with the copies.
    let mut forms = Forms::new();
    for text in ["{*|v}", "{^|*}", "{0|v}", "+-1", "{1|*}", "{^^*|*,^}"] {
        let g = forms.parse(text).unwrap();
        for n in [1usize, 2, 3, 7, 40, 129] {
            let parts = vec![g; n];
            let canonical = folded(&mut forms, &parts);
            let expected = forms.winner(canonical).unwrap();
            assert_eq!(forms.winner_of_sum(&parts).unwrap(), expected, "{n} x {text}");
        }
    }
}

#[test]
fn past_the_budget_an_error_naming_it_and_the_table_stays_sound() {
    let mut forms = Forms::new();
    // Values of Clobber rows (oxxoxoxxooxo, xxoxoxooxoxxo, xoxxo, xoxox).
    let hard = [
        "{^^|+-{*,{0|*,^}}}",
        "{{^3,^3*|^,^*,{^^,^^*|0,*,+-{^,^*,+-{^,^*}}}},{^3*|*}|{*|v3*},{^|v3*}}",
        "{^^*|*,^}",
        "{*|v}",
    ];
    let parts: Vec<FormId> = (0..400).map(|k| forms.parse(hard[k % 7 % 4]).unwrap()).collect();
    forms.set_sum_budget(SumBudget { steps: 1000, bytes: 1 << 30 });
    let e = forms.winner_of_sum(&parts).unwrap_err();
    assert!(e.message().contains("past its budget of 1000 steps"), "{e}");
    assert!(e.message().contains("Forms::set_sum_budget"), "{e}");
    assert_eq!(forms.sum_budget(), SumBudget { steps: 1000, bytes: 1 << 30 });
    // A budget of bytes: the table may not grow far past it.
    forms.set_sum_budget(SumBudget { steps: u64::MAX, bytes: 1 << 16 });
    let before = forms.heap_bytes();
    let e = forms.winner_of_sum(&parts).unwrap_err();
    assert!(e.message().contains("65536 bytes"), "{e}");
    assert!(forms.heap_bytes() < before + (1 << 20), "{} after {before}", forms.heap_bytes());
    // The same question with the default budget answers as a fresh table does, and as the
    // canonical sum says.
    forms.set_sum_budget(SumBudget::DEFAULT);
    let small = &parts[..12];
    let w = forms.winner_of_sum(small).unwrap();
    let mut fresh = Forms::new();
    let again: Vec<FormId> = (0..12).map(|k| fresh.parse(hard[k % 7 % 4]).unwrap()).collect();
    let canonical = folded(&mut fresh, &again);
    assert_eq!(w, fresh.winner(canonical).unwrap());
    // A limit of the caller's own, nearer than the budget, keeps its own error.
    let mut own = Forms::new();
    let parts: Vec<FormId> = (0..400).map(|k| own.parse(hard[k % 7 % 4]).unwrap()).collect();
    own.limit_steps(Some(own.steps() + 500));
    let e = own.winner_of_sum(&parts).unwrap_err();
    assert!(e.message().contains("steps of work on the canonical forms"), "{e}");
}
