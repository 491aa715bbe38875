//! `graph_games::partizan` against a plain oracle of its own, on inputs chosen to hurt: forms made
//! by `make` from random options (repeated, in any order) that mix numbers of every size (integers
//! in the thousands, dyadics with 62 bits of fraction) with infinitesimals and hot games; the
//! identities of sums, negatives and comparisons; uptimals claimed; winners of sums with repeated
//! and negated components under tiny bounds; the same answers on the same input; long chains.
//!
//! The oracle (`Plain`) knows games only as their options, written out (a number's too, from its
//! value), and compares them by Conway's definition: no canonical form, no number avoidance, no
//! translation; sums add options one by one. It is exponential only in what it is given.

use crate::random::Rng;
use graph_games::partizan::{
    forward_values, Comparison, Dyadic, Evaluator, FormId, Forms, Rules, Side, SumBudget, Uptimal, Winner,
};
use std::collections::HashMap;

/// A game of the oracle: a number by its value `n / 2^e` (reduced), or its options as node indices.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Node {
    Num(i128, u32),
    Game(Vec<usize>, Vec<usize>),
}

#[derive(Default)]
struct Plain {
    nodes: Vec<Node>,
    ids: HashMap<Node, usize>,
    le_memo: HashMap<(usize, usize), bool>,
    sum_memo: HashMap<(usize, usize), usize>,
    neg_memo: HashMap<usize, usize>,
}

impl Plain {
    fn node(&mut self, node: Node) -> usize {
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        self.nodes.push(node.clone());
        self.ids.insert(node, self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn num(&mut self, mut n: i128, mut e: u32) -> usize {
        while e > 0 && n % 2 == 0 {
            n /= 2;
            e -= 1;
        }
        self.node(Node::Num(n, e))
    }

    fn game(&mut self, left: &[usize], right: &[usize]) -> usize {
        self.node(Node::Game(left.to_vec(), right.to_vec()))
    }

    /// The options, a number's from its value: `{n-1|}`, `{|n+1}`, `{(m-1)/2^e | (m+1)/2^e}`.
    fn options(&mut self, a: usize) -> (Vec<usize>, Vec<usize>) {
        match self.nodes[a].clone() {
            Node::Game(l, r) => (l, r),
            Node::Num(n, 0) if n > 0 => (vec![self.num(n - 1, 0)], vec![]),
            Node::Num(n, 0) if n < 0 => (vec![], vec![self.num(n + 1, 0)]),
            Node::Num(_, 0) => (vec![], vec![]),
            Node::Num(n, e) => (vec![self.num(n - 1, e)], vec![self.num(n + 1, e)]),
        }
    }

    fn le(&mut self, a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        if let (Node::Num(n, e), Node::Num(m, f)) = (&self.nodes[a], &self.nodes[b]) {
            let top = (*e).max(*f);
            return (n << (top - e)) <= (m << (top - f));
        }
        if let Some(&known) = self.le_memo.get(&(a, b)) {
            return known;
        }
        let (a_left, _) = self.options(a);
        let (_, b_right) = self.options(b);
        let answer = !a_left.iter().any(|&al| self.le(b, al)) && !b_right.iter().any(|&br| self.le(br, a));
        self.le_memo.insert((a, b), answer);
        answer
    }

    fn eq(&mut self, a: usize, b: usize) -> bool {
        self.le(a, b) && self.le(b, a)
    }

    fn winner(&mut self, a: usize) -> Winner {
        let zero = self.num(0, 0);
        Winner::from_wins(!self.le(a, zero), self.le(zero, a))
    }

    fn neg(&mut self, a: usize) -> usize {
        if let Node::Num(n, e) = self.nodes[a] {
            return self.num(-n, e);
        }
        if let Some(&known) = self.neg_memo.get(&a) {
            return known;
        }
        let (l, r) = self.options(a);
        let left: Vec<usize> = r.iter().map(|&x| self.neg(x)).collect();
        let right: Vec<usize> = l.iter().map(|&x| self.neg(x)).collect();
        let minus = self.game(&left, &right);
        self.neg_memo.insert(a, minus);
        minus
    }

    /// `a + b` by the definition (numbers add as numbers only with each other).
    fn sum(&mut self, a: usize, b: usize) -> usize {
        if let (Node::Num(n, e), Node::Num(m, f)) = (&self.nodes[a], &self.nodes[b]) {
            let top = (*e).max(*f);
            let total = (n << (top - e)) + (m << (top - f));
            return self.num(total, top);
        }
        if let Some(&known) = self.sum_memo.get(&(a, b)) {
            return known;
        }
        let (al, ar) = self.options(a);
        let (bl, br) = self.options(b);
        let mut left: Vec<usize> = al.iter().map(|&x| self.sum(x, b)).collect();
        left.extend(bl.iter().map(|&y| self.sum(a, y)).collect::<Vec<_>>());
        let mut right: Vec<usize> = ar.iter().map(|&x| self.sum(x, b)).collect();
        right.extend(br.iter().map(|&y| self.sum(a, y)).collect::<Vec<_>>());
        let s = self.game(&left, &right);
        self.sum_memo.insert((a, b), s);
        s
    }

    /// `x + k·^ + *m`, from ^ = {0|*} and *m = {*0..*(m-1) | the same}, added by the definition.
    fn uptimal(&mut self, u: &Uptimal) -> usize {
        let mut total = number_of(self, &u.number);
        let zero = self.num(0, 0);
        let star = self.game(&[zero], &[zero]);
        let up = self.game(&[zero], &[star]);
        let arrow = if u.ups >= 0 { up } else { self.neg(up) };
        for _ in 0..u.ups.unsigned_abs() {
            total = self.sum(total, arrow);
        }
        let mut nimbers = vec![zero];
        for _ in 0..u.nimber {
            let next = self.game(&nimbers, &nimbers);
            nimbers.push(next);
        }
        self.sum(total, nimbers[u.nimber as usize])
    }
}

/// A number in both: the table's form and the oracle's node.
fn number(forms: &mut Forms, plain: &mut Plain, n: i128, e: u32) -> (FormId, usize) {
    let text = if e == 0 { n.to_string() } else { format!("{n}/{}", 1u128 << e) };
    (forms.number(Dyadic::parse(&text).unwrap()).unwrap(), plain.num(n, e))
}

/// A pool of forms, each made by `make` from options drawn among the earlier ones, each checked
/// against the oracle as it is made: order and repeats do not change the form, and it is a number
/// exactly when the oracle finds it equal to that number. With `canonical`, each form's oracle
/// node is its canonical form written out (small, for sums).
fn pool(
    rng: &mut Rng,
    forms: &mut Forms,
    plain: &mut Plain,
    numbers: &[(i128, u32)],
    made: usize,
    canonical: bool,
) -> Vec<(FormId, usize)> {
    let mut pool: Vec<(FormId, usize)> = numbers.iter().map(|&(n, e)| number(forms, plain, n, e)).collect();
    let zero = pool[0];
    let star = (forms.make(&[zero.0], &[zero.0]).unwrap(), plain.game(&[zero.1], &[zero.1]));
    pool.push(star);
    pool.push((forms.make(&[zero.0], &[star.0]).unwrap(), plain.game(&[zero.1], &[star.1])));
    for _ in 0..made {
        // Up to 4 options a side, repeats likely.
        let mut draw = || (0..rng.between(0, 4)).map(|_| *rng.pick(&pool)).collect::<Vec<_>>();
        let (left, right) = (draw(), draw());
        let ids = |list: &[(FormId, usize)]| list.iter().map(|o| o.0).collect::<Vec<_>>();
        let g = forms.make(&ids(&left), &ids(&right)).unwrap();
        let (mut l2, mut r2) = (ids(&left), ids(&right));
        rng.shuffle(&mut l2);
        rng.shuffle(&mut r2);
        l2.extend(l2.clone());
        assert_eq!(forms.make(&l2, &r2).unwrap(), g, "order and repeats");
        let nodes = |list: &[(FormId, usize)]| list.iter().map(|o| o.1).collect::<Vec<_>>();
        let p = plain.game(&nodes(&left), &nodes(&right));
        let written = plain_of(forms, plain, g);
        assert!(plain.eq(p, written), "{} is not the game made", forms.show(g));
        if let Some(x) = forms.as_number(g) {
            let q = number_of(plain, x);
            assert!(plain.eq(p, q), "{} is not the number {x}", forms.show(g));
        }
        pool.push((g, if canonical { written } else { p }));
    }
    pool
}

/// A number of the table as the oracle's node, read from its text (`n` or `n/2^e`).
fn number_of(plain: &mut Plain, x: &Dyadic) -> usize {
    let text = x.to_string();
    let (n, d) = text.split_once('/').unwrap_or((&text, "1"));
    plain.num(n.parse().unwrap(), d.parse::<u128>().unwrap().trailing_zeros())
}

/// Integers in the thousands, dyadics near 1/3 and 1 - 2^-62 with 62 bits of fraction.
const WILD: [(i128, u32); 12] = [
    (0, 0),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-3, 2),
    (3000, 0),
    (-2999, 0),
    (0x1555_5555_5555_5555, 62),
    (-0x1555_5555_5555_5555, 62),
    ((1 << 62) - 1, 62),
    (12345 * (1 << 40) + 1, 40),
    (-5, 3),
];

const TAME: [(i128, u32); 6] = [(0, 0), (1, 0), (-1, 0), (1, 1), (-3, 2), (2, 0)];

#[test]
fn comparisons_and_canonical_forms_with_numbers_of_every_size() {
    let mut rng = Rng::new(0xad);
    for round in 0..30 {
        let mut forms = Forms::new();
        let mut plain = Plain::default();
        let pool = pool(&mut rng, &mut forms, &mut plain, &WILD, 30, false);
        for &(g, p) in &pool {
            for &(h, q) in &pool {
                let le = plain.le(p, q);
                assert_eq!(
                    forms.le(g, h).unwrap(),
                    le,
                    "round {round}: {} <= {}",
                    forms.show(g),
                    forms.show(h)
                );
                assert_eq!(
                    g == h,
                    le && plain.le(q, p),
                    "round {round}: {} = {}",
                    forms.show(g),
                    forms.show(h)
                );
            }
        }
    }
}

#[test]
fn sums_negatives_and_comparisons_against_the_definitions() {
    let mut rng = Rng::new(0xbe);
    for round in 0..30 {
        let mut forms = Forms::new();
        let mut plain = Plain::default();
        let pool = pool(&mut rng, &mut forms, &mut plain, &TAME, 14, true);
        for _ in 0..30 {
            let (g, p) = *rng.pick(&pool);
            let (h, q) = *rng.pick(&pool);
            let (k, r) = *rng.pick(&pool);
            assert_eq!(forms.difference(g, g).unwrap(), Forms::ZERO, "round {round}: G - G");
            let minus = forms.neg(g).unwrap();
            assert_eq!(forms.neg(minus).unwrap(), g);
            let gh = forms.sum(g, h).unwrap();
            assert_eq!(gh, forms.sum(h, g).unwrap());
            let left = forms.sum(gh, k).unwrap();
            let hk = forms.sum(h, k).unwrap();
            assert_eq!(left, forms.sum(g, hk).unwrap(), "round {round}: (G + H) + K");
            let pq = plain.sum(p, q);
            let pqr = plain.sum(pq, r);
            // The sum's canonical form is the oracle's sum: both ways <=, against a third form.
            for (form, node) in [(gh, pq), (left, pqr)] {
                let shown = forms.show(form);
                assert_eq!(forms.winner(form).unwrap(), plain.winner(node), "round {round}: {shown}");
                assert_eq!(forms.le(form, k).unwrap(), plain.le(node, r), "round {round}: {shown}");
                assert_eq!(forms.le(k, form).unwrap(), plain.le(r, node), "round {round}: {shown}");
            }
            // G + H = K iff G + H - K is a second-player win; compare agrees with the difference.
            let minus_k = plain.neg(r);
            let difference = plain.sum(pq, minus_k);
            let expected = match plain.winner(difference) {
                Winner::Second => Comparison::Equal,
                Winner::Left => Comparison::Greater,
                Winner::Right => Comparison::Less,
                Winner::First => Comparison::Confused,
            };
            assert_eq!(forms.compare(gh, k).unwrap(), expected, "round {round}");
            assert_eq!(gh == k, plain.eq(pq, r), "round {round}");
        }
    }
}

#[test]
fn every_uptimal_claimed_is_one_and_is_built_back() {
    let mut rng = Rng::new(0xcf);
    let mut claims = 0;
    for round in 0..40 {
        let mut forms = Forms::new();
        let mut plain = Plain::default();
        let mut pool = pool(&mut rng, &mut forms, &mut plain, &TAME[..4], 12, true);
        for _ in 0..10 {
            let (g, p) = *rng.pick(&pool);
            let (h, q) = *rng.pick(&pool);
            let s = forms.sum(g, h).unwrap();
            let t = plain.sum(p, q);
            pool.push((s, t));
        }
        for &(g, p) in &pool {
            if let Some(u) = forms.as_uptimal(g).unwrap() {
                claims += 1;
                assert_eq!(forms.uptimal_form(&u).unwrap(), g, "round {round}: {} as {u:?}", forms.show(g));
                if u.ups.abs() <= 4 && u.nimber <= 6 {
                    let q = plain.uptimal(&u);
                    assert!(plain.eq(p, q), "round {round}: {} claimed {u:?}", forms.show(g));
                }
            }
        }
    }
    assert!(claims > 100, "{claims} claims");
}

/// Uptimals at the edges built and recognised: negative ups with nimbers 0, 1, 2, 3, large nimbers.
#[test]
fn uptimal_forms_at_the_edges_are_the_sums() {
    let mut forms = Forms::new();
    let mut plain = Plain::default();
    for x in ["0", "-1/2", "3"] {
        for ups in [-3i64, -2, -1, 0, 1, 2, 3] {
            for nimber in [0u64, 1, 2, 3, 9] {
                let u = Uptimal { number: Dyadic::parse(x).unwrap(), ups, nimber };
                let g = forms.uptimal_form(&u).unwrap();
                assert_eq!(forms.as_uptimal(g).unwrap(), Some(u.clone()), "{u:?}: {}", forms.show(g));
                if nimber <= 3 {
                    let p = plain.uptimal(&u);
                    let table = plain_of(&forms, &mut plain, g);
                    assert!(plain.eq(p, table), "{u:?}: {}", forms.show(g));
                }
            }
        }
    }
}

/// A table form as an oracle node, written out.
fn plain_of(forms: &Forms, plain: &mut Plain, g: FormId) -> usize {
    if let Some(x) = forms.as_number(g) {
        return number_of(plain, x);
    }
    let left: Vec<usize> = forms.left(g).iter().map(|&h| plain_of(forms, plain, h)).collect();
    let right: Vec<usize> = forms.right(g).iter().map(|&h| plain_of(forms, plain, h)).collect();
    plain.game(&left, &right)
}

#[test]
fn winners_of_sums_with_repeats_and_negatives_under_any_budget() {
    let mut rng = Rng::new(0xd1);
    for round in 0..30 {
        let mut forms = Forms::new();
        let mut plain = Plain::default();
        let pool = pool(&mut rng, &mut forms, &mut plain, &TAME, 10, true);
        for _ in 0..20 {
            let mut parts = Vec::new();
            let mut total = plain.num(0, 0);
            for _ in 0..rng.between(1, 3) {
                let (g, p) = *rng.pick(&pool);
                let (g, p) = if rng.chance(1, 3) { (forms.neg(g).unwrap(), plain.neg(p)) } else { (g, p) };
                for _ in 0..rng.between(1, 2) {
                    parts.push(g);
                    total = plain.sum(total, p);
                }
            }
            rng.shuffle(&mut parts);
            let expected = plain.winner(total);
            assert_eq!(forms.winner_of_sum(&parts).unwrap(), expected, "round {round}");
            assert_eq!(forms.search_winner(&parts).unwrap(), expected, "round {round}");
            for (steps, bytes) in [(0, 0), (1, 99), (3, 4096), (8, 0), (40, 4096), (1000, 1 << 20)] {
                forms.set_sum_budget(SumBudget { steps, bytes });
                for w in [forms.winner_of_sum(&parts), forms.search_winner(&parts)] {
                    let w = w.map_err(|e| e.message().contains("past its budget"));
                    assert!(w == Ok(expected) || w == Err(true), "round {round}, {steps} steps: {w:?}");
                }
            }
            forms.set_sum_budget(SumBudget::DEFAULT);
        }
    }
}

/// Everything the table answers, as text: the same seed must give the same text.
fn transcript(seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut forms = Forms::new();
    let mut plain = Plain::default();
    let pool = pool(&mut rng, &mut forms, &mut plain, &WILD, 25, false);
    let mut out = String::new();
    forms.set_sum_budget(SumBudget { steps: 60, bytes: 1 << 20 });
    for _ in 0..40 {
        let parts: Vec<FormId> = (0..rng.between(1, 5)).map(|_| rng.pick(&pool).0).collect();
        let w = forms.winner_of_sum(&parts).map(|w| w.name().to_string()).unwrap_or_else(|e| e.to_string());
        out.push_str(&format!("{parts:?} {w}\n"));
    }
    out.push_str(&format!("{}", forms.len()));
    out
}

#[test]
fn the_same_input_gets_the_same_answers() {
    assert_eq!(transcript(7), transcript(7));
}

/// A chain's rules, for the evaluator.
struct Chain(fn(usize, Side, &mut Vec<usize>));

impl Rules for Chain {
    type Position = usize;
    fn moves(&self, s: &usize, side: Side, list: &mut Vec<usize>) {
        (self.0)(*s, side, list)
    }
}

/// State 0 is 0, state 1 is -1 (`{|0}`); from s >= 2 Left moves to s - 1 and Right to 1 in
/// `hot_chain` ({G | -1} nested: -1*, -1v, ...), Left to 0 and Right to s - 1 in `tiny_chain`
/// ({0 | G} nested: {0|-1}, {0||0|-1}, ...).
fn hot_chain(s: usize, side: Side, list: &mut Vec<usize>) {
    chain(s, side, list, [s.wrapping_sub(1), 1]);
}
fn tiny_chain(s: usize, side: Side, list: &mut Vec<usize>) {
    chain(s, side, list, [0, s.wrapping_sub(1)]);
}
fn chain(s: usize, side: Side, list: &mut Vec<usize>, moves: [usize; 2]) {
    match (s, side) {
        (0, _) | (1, Side::Left) => {}
        (1, Side::Right) => list.push(0),
        (_, Side::Left) => list.push(moves[0]),
        (_, Side::Right) => list.push(moves[1]),
    }
}

/// Two chains of 200,000 positions each, on a stack of 256 KiB (`common::on_a_small_stack`):
/// a recursion of more than 1.3 bytes a position overflows it (a million on 2 MiB: 2.1).
#[test]
fn long_chains_need_no_recursion() {
    crate::common::on_a_small_stack(chains_of_200000_positions);
}

fn chains_of_200000_positions() {
    let n = 200_000;
    for (k, moves) in [hot_chain as fn(usize, Side, &mut Vec<usize>), tiny_chain].into_iter().enumerate() {
        let mut forms = Forms::new();
        let values = forward_values(&mut forms, n, moves).unwrap();
        let last = values[n - 1];
        assert!(forms.followers_in_order(last).unwrap().len() > n / 2);
        if k == 1 {
            let mut evaluator = Evaluator::new(Chain(moves));
            assert_eq!(evaluator.value(&mut forms, n - 1).unwrap(), last);
        }
        let minus = forms.neg(last).unwrap();
        let w = forms.winner(last).unwrap();
        let m = forms.winner(minus).unwrap();
        for first in [Side::Left, Side::Right] {
            assert_eq!(m.wins(Side::Left, first), w.wins(Side::Right, first.other()));
        }
        let star = forms.make(&[Forms::ZERO], &[Forms::ZERO]).unwrap();
        assert_eq!(forms.winner_of_sum(&[last, star, star]).unwrap(), w);
        // {G | -1} nested: state s >= 2 is -1 + (s - 2) downs, with a star when s - 2 is even.
        let downs = n as i64 - 3;
        let expected = Uptimal { number: Dyadic::from_i64(-1), ups: -downs, nimber: 1 - downs as u64 % 2 };
        assert_eq!(forms.as_uptimal(last).unwrap(), if k == 0 { Some(expected) } else { None });
        forms.le(values[n - 2], last).unwrap();
        if k == 0 {
            // A sum walks the whole depth: G + 1/2 has G's depth, and is G's uptimal plus 1/2.
            let half = forms.number(Dyadic::parse("1/2").unwrap()).unwrap();
            let moved = forms.sum(last, half).unwrap();
            let mut u = forms.as_uptimal(last).unwrap().unwrap();
            u.number = u.number.add(&Dyadic::parse("1/2").unwrap());
            assert_eq!(forms.as_uptimal(moved).unwrap(), Some(u));
        }
    }
}
