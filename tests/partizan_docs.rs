//! Claims of docs/partizan.md that no other oracle test backs, each checked here against forms
//! built by hand from their options (`Forms::make`, `Forms::integer`) or against plain games:
//!
//! - the notation of switches, also with several options a side (`+-{*,^}` is `{*, ^ | *, v}`),
//!   and of Tiny and Miny (`{0||0|-2}`, printed with braces), and that each reads back;
//! - `Forms::difference(g, h)`: the plain game `g - h - d` (written out from the options,
//!   compared by Conway's definition) is a second-player win exactly for `d = g - h`;
//! - the manual's first program (a pile of counters by `forward_values`): its values are the
//!   games its rules write out, one counter `*`, two `^`, and the sums it shows;
//! - a cycle is an error naming it, in `forward_values` and in `Evaluator` (the manual's
//!   programs are only compiled by `readme.rs`, so what they assert is checked here).

use graph_games::partizan::{forward_values, Evaluator, FormId, Forms, Rules, Side, Winner};
use std::collections::HashMap;

/// `{left | right}` from texts of forms made before, by `make`.
fn switch(f: &mut Forms, left: &[FormId], right: &[FormId]) -> FormId {
    f.make(left, right).unwrap()
}

#[test]
fn switches_tiny_and_miny_print_as_the_notation_table_says_and_read_back() {
    let mut f = Forms::new();
    let zero = Forms::ZERO;
    let (one, two, minus_one, minus_two) =
        (f.integer(1).unwrap(), f.integer(2).unwrap(), f.integer(-1).unwrap(), f.integer(-2).unwrap());
    let star = switch(&mut f, &[zero], &[zero]);
    let up = switch(&mut f, &[zero], &[star]);
    let down = switch(&mut f, &[star], &[zero]);
    let one_star = switch(&mut f, &[one], &[one]);
    let minus_one_star = switch(&mut f, &[minus_one], &[minus_one]);
    let two_one = switch(&mut f, &[two], &[one]);
    let minus_one_two = switch(&mut f, &[minus_one], &[minus_two]);
    let minus_two_zero = switch(&mut f, &[zero], &[minus_two]);
    let cases = [
        // {x | -x}: +-x, with parentheses around a compound x, braces around a form.
        (switch(&mut f, &[one], &[minus_one]), "+-1"),
        (switch(&mut f, &[one_star], &[minus_one_star]), "+-(1*)"),
        (switch(&mut f, &[two_one], &[minus_one_two]), "+-{2|1}"),
        // Several options a side: {a, b | -a, -b} is +-{a,b}.
        (switch(&mut f, &[star, up], &[star, down]), "+-{*,^}"),
        (switch(&mut f, &[one, one_star], &[minus_one, minus_one_star]), "+-{1,1*}"),
        // Miny and Tiny (CGSuite: 2.Miny, 2.Tiny), written out.
        (switch(&mut f, &[zero], &[minus_two_zero]), "{0||0|-2}"),
    ];
    for (g, text) in cases {
        assert_eq!(f.show(g), text);
        assert_eq!(f.parse(text).unwrap(), g, "{text}");
        let minus = f.neg(g).unwrap();
        let shown = f.show(minus);
        assert_eq!(f.parse(&shown).unwrap(), minus, "{shown}");
    }
    let tiny = f.parse("{2|0||0}").unwrap();
    let miny = f.parse("{0||0|-2}").unwrap();
    assert_eq!(f.neg(miny).unwrap(), tiny);
    // A switch's options are symmetric, so +-G is its own negative.
    let g = f.parse("+-{*,^}").unwrap();
    assert_eq!(f.neg(g).unwrap(), g);
}

/// A game written out: its options, node indices in [`Plain::nodes`].
#[derive(Default)]
struct Plain {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    le_memo: HashMap<(usize, usize), bool>,
}

impl Plain {
    fn node(&mut self, left: Vec<usize>, right: Vec<usize>) -> usize {
        self.nodes.push((left, right));
        self.nodes.len() - 1
    }

    /// The number `n / 2^e` written out: `0 = {|}`, `n = {n - 1 |}` (or `{| n + 1}` below 0),
    /// `m / 2^e = {(m - 1) / 2^e | (m + 1) / 2^e}` for odd `m`.
    fn number(&mut self, n: i64, e: u32) -> usize {
        if e > 0 && n % 2 == 0 {
            return self.number(n / 2, e - 1);
        }
        if e > 0 {
            let (a, b) = (self.number(n - 1, e), self.number(n + 1, e));
            return self.node(vec![a], vec![b]);
        }
        match n {
            0 => self.node(Vec::new(), Vec::new()),
            n if n > 0 => {
                let a = self.number(n - 1, 0);
                self.node(vec![a], Vec::new())
            }
            n => {
                let b = self.number(n + 1, 0);
                self.node(Vec::new(), vec![b])
            }
        }
    }

    /// A table form written out; a number from its value (its text `n` or `n/2^e`).
    fn of(&mut self, f: &Forms, g: FormId, done: &mut HashMap<FormId, usize>) -> usize {
        if let Some(&k) = done.get(&g) {
            return k;
        }
        if let Some(x) = f.as_number(g) {
            let text = x.to_string();
            let (n, d) = text.split_once('/').unwrap_or((&text, "1"));
            let (n, d): (i64, u64) = (n.parse().unwrap(), d.parse().unwrap());
            return self.number(n, d.trailing_zeros());
        }
        let left: Vec<usize> = f.left(g).iter().map(|&o| self.of(f, o, done)).collect();
        let right: Vec<usize> = f.right(g).iter().map(|&o| self.of(f, o, done)).collect();
        let k = self.node(left, right);
        done.insert(g, k);
        k
    }

    fn neg(&mut self, a: usize) -> usize {
        let (l, r) = self.nodes[a].clone();
        let left = r.iter().map(|&x| self.neg(x)).collect();
        let right = l.iter().map(|&x| self.neg(x)).collect();
        self.node(left, right)
    }

    fn sum(&mut self, a: usize, b: usize) -> usize {
        let ((al, ar), (bl, br)) = (self.nodes[a].clone(), self.nodes[b].clone());
        let mut left: Vec<usize> = al.iter().map(|&x| self.sum(x, b)).collect();
        left.extend(bl.iter().map(|&y| self.sum(a, y)).collect::<Vec<_>>());
        let mut right: Vec<usize> = ar.iter().map(|&x| self.sum(x, b)).collect();
        right.extend(br.iter().map(|&y| self.sum(a, y)).collect::<Vec<_>>());
        self.node(left, right)
    }

    /// `a <= b` by the definition: no `a^L >= b` and no `b^R <= a`.
    fn le(&mut self, a: usize, b: usize) -> bool {
        if let Some(&known) = self.le_memo.get(&(a, b)) {
            return known;
        }
        let (al, br) = (self.nodes[a].0.clone(), self.nodes[b].1.clone());
        let answer = !al.iter().any(|&x| self.le(b, x)) && !br.iter().any(|&y| self.le(y, a));
        self.le_memo.insert((a, b), answer);
        answer
    }
}

#[test]
fn difference_is_the_form_that_makes_the_game_zero() {
    let mut f = Forms::new();
    let texts = ["0", "1", "-1/2", "*", "^", "v*", "+-1", "{1|*}", "{0||0|-2}", "{1/2|-1}", "*2"];
    let forms: Vec<FormId> = texts.iter().map(|t| f.parse(t).unwrap()).collect();
    for &g in &forms {
        for &h in &forms {
            let d = f.difference(g, h).unwrap();
            let mut plain = Plain::default();
            let mut done = HashMap::new();
            let (pg, ph, pd) =
                (plain.of(&f, g, &mut done), plain.of(&f, h, &mut done), plain.of(&f, d, &mut done));
            let minus_h = plain.neg(ph);
            let minus_d = plain.neg(pd);
            let gh = plain.sum(pg, minus_h);
            let zero_if_right = plain.sum(gh, minus_d);
            let zero = plain.node(Vec::new(), Vec::new());
            let is_zero = plain.le(zero_if_right, zero) && plain.le(zero, zero_if_right);
            assert!(is_zero, "{} - {} is not {}", f.show(g), f.show(h), f.show(d));
        }
    }
}

/// Whether the plain games `a` and `b` are equal (`a <= b <= a`).
fn plain_equal(plain: &mut Plain, a: usize, b: usize) -> bool {
    plain.le(a, b) && plain.le(b, a)
}

#[test]
fn the_manuals_pile_of_counters() {
    // docs/partizan.md's first program: s counters, Left takes one or two, Right exactly one.
    let mut f = Forms::new();
    let values = forward_values(&mut f, 6, |s, side, list| match side {
        Side::Left => list.extend((1..=2).filter(|&k| k <= s).map(|k| s - k)),
        Side::Right => list.extend((s >= 1).then(|| s - 1)),
    })
    .unwrap();
    let mut plain = Plain::default();
    let zero = plain.node(Vec::new(), Vec::new());
    let star = plain.node(vec![zero], vec![zero]);
    let up = plain.node(vec![zero], vec![star]);
    // The piles written out by the rules: p[s] = {p[s-1], p[s-2] | p[s-1]}.
    let mut piles = vec![zero];
    for s in 1..6 {
        let left = (1..=2).filter(|&k| k <= s).map(|k| piles[s - k]).collect();
        let pile = plain.node(left, vec![piles[s - 1]]);
        piles.push(pile);
    }
    let mut done = HashMap::new();
    for s in 0..6 {
        let table = plain.of(&f, values[s], &mut done);
        assert!(plain_equal(&mut plain, table, piles[s]), "{s} counters: {}", f.show(values[s]));
    }
    assert!(plain_equal(&mut plain, piles[1], star) && f.show(values[1]) == "*");
    assert!(plain_equal(&mut plain, piles[2], up) && f.show(values[2]) == "^");
    // * + * = 0, and * + * + ^ > 0: Left wins whoever starts.
    let stars = plain.sum(star, star);
    assert!(plain_equal(&mut plain, stars, zero));
    let total = f.sum(values[1], values[1]).unwrap();
    assert_eq!(f.winner(total).unwrap(), Winner::Second);
    let with_up = plain.sum(stars, up);
    assert!(plain.le(zero, with_up) && !plain.le(with_up, zero));
    assert_eq!(f.winner_of_sum(&[values[1], values[1], values[2]]).unwrap(), Winner::Left);
}

#[test]
fn a_cycle_is_an_error_that_names_it() {
    // forward_values: 0 -> 1 -> 2 -> 0 by Left's moves.
    let mut f = Forms::new();
    let error = forward_values(&mut f, 4, |s, side, list| {
        if side == Side::Left && s < 3 {
            list.push((s + 1) % 3);
        }
    })
    .unwrap_err();
    let text = error.to_string();
    assert!(text.contains("cycle") && text.contains("0 -> 1 -> 2 -> 0"), "{text}");
    // Evaluator: a position that can be reached from itself.
    struct Loop;
    impl Rules for Loop {
        type Position = u8;
        fn moves(&self, p: &u8, side: Side, list: &mut Vec<u8>) {
            if side == Side::Right {
                list.push((p + 1) % 2);
            }
        }
    }
    let text = Evaluator::new(Loop).value(&mut f, 0).unwrap_err().to_string();
    assert!(text.contains("not short") && text.contains("position 0"), "{text}");
}
