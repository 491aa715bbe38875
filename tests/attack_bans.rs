//! An attack on the games with scores' banned positions (`Stand::Banned`), from the docs alone
//! (docs/scores.md, the module doc of `scores`, the rustdoc of `Stand`, `Totals`, `with_bans`).
//!
//! The oracle shares nothing with the library: the game is expanded literally, each ban set its
//! own choice (the other side picks a set of `b` move indices, then the mover picks among the
//! rest), and valued by value iteration in `i128` on the game cut at `t` moves, in the ender's
//! cost (the total for `Side::Min`, minus the total for `Side::Max`; a play that never ends costs
//! `INF`), until it stops changing. A total past `i64` must be an error; every other total must
//! be the oracle's. The moves (`best_move`, `settled_before`, `line`) are played out against
//! every reply: every ban set, every move of the other side, and every move the docs allow.

use graph_games::scores::{
    self, solve, solve_totals, ForwardScored, ScoreGraph, ScoredGame, Side, Stand, Total,
};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Banned positions (b > 0) of finite and of Never total the move checks went through.
static BANNED_FINITE: AtomicUsize = AtomicUsize::new(0);
static BANNED_NEVER: AtomicUsize = AtomicUsize::new(0);

const INF: i128 = i128::MAX;

/// splitmix64, written here.
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

#[derive(Clone, Debug)]
struct Game {
    sides: Vec<Side>,
    payoffs: Vec<i64>,
    out: Vec<Vec<(usize, i64)>>,
    bans: Vec<u32>,
}

/// Mode 0: small weights and payoffs; 1: extreme ones (overflow); 2: ties (weight-0 cycles, more
/// ends, up to 10 positions).
fn random_game(rng: &mut Rng, mode: u64) -> Game {
    let extreme = mode == 1 || (mode == 4 && rng.below(2) == 0);
    let n = 1 + rng.below(match mode {
        2 => 10,
        3 => 16,
        4 => 300,
        _ => 7,
    });
    let most_moves = if mode == 3 { 8 } else { 5 };
    let small_w: &[i64] = if mode == 2 { &[0, 0, 0, 1] } else { &[0, 0, 1, 2, 3, 5] };
    let big_w = [0i64, 1, 1_000_000_000_000_000_000, i64::MAX / 2, i64::MAX - 1, i64::MAX, 7];
    let small_p: &[i64] = if mode == 2 { &[0, 1] } else { &[0, 1, -1, 4, -6, 10] };
    let big_p = [
        0i64,
        -3,
        i64::MAX,
        i64::MIN,
        i64::MAX - 1,
        i64::MIN + 1,
        1_000_000_000_000_000_000,
        -1_000_000_000_000_000_000,
    ];
    let mut g = Game { sides: vec![], payoffs: vec![], out: vec![], bans: vec![] };
    for _ in 0..n {
        g.sides.push(if rng.below(2) == 0 { Side::Min } else { Side::Max });
        g.payoffs.push(if extreme {
            big_p[rng.below(big_p.len())]
        } else {
            small_p[rng.below(small_p.len())]
        });
        let k = if rng.below(if mode == 2 { 5 } else { 4 }) < (mode == 2) as usize * 2 + 1 {
            0
        } else {
            1 + rng.below(most_moves)
        };
        let mut moves = Vec::new();
        for _ in 0..k {
            let t = if rng.below(6) == 0 {
                moves.last().map(|m: &(usize, i64)| m.0).unwrap_or(0)
            } else {
                rng.below(n)
            };
            let w = if extreme { big_w[rng.below(big_w.len())] } else { small_w[rng.below(small_w.len())] };
            moves.push((t, w));
        }
        g.bans.push(if k == 0 { 0 } else { rng.below(k) as u32 });
        g.out.push(moves);
    }
    g
}

fn end_cost(payoff: i64, ender: Side) -> i128 {
    if ender == Side::Min {
        payoff as i128
    } else {
        -(payoff as i128)
    }
}

fn add(c: i128, w: i64) -> i128 {
    if c == INF {
        INF
    } else {
        c + w as i128
    }
}

/// Every subset of `0..k` of `b` elements, as bit masks.
fn ban_sets(k: usize, b: usize) -> Vec<u32> {
    (0u32..1 << k).filter(|m| m.count_ones() as usize == b).collect()
}

/// The value of `p` from the values `v` of the positions, the bans played literally.
fn step(g: &Game, ender: Side, v: &[i128], p: usize) -> i128 {
    let costs: Vec<i128> = g.out[p].iter().map(|&(t, w)| add(v[t], w)).collect();
    let k = costs.len();
    let mut result: Option<i128> = None;
    for banned in ban_sets(k, g.bans[p] as usize) {
        let left = (0..k).filter(|i| banned >> i & 1 == 0).map(|i| costs[i]);
        let pick = if g.sides[p] == ender { left.min() } else { left.max() }.unwrap();
        // The banning side is the other one: the ender's opponent bans to make it costly.
        result = Some(match result {
            None => pick,
            Some(r) if g.sides[p] == ender => r.max(pick),
            Some(r) => r.min(pick),
        });
    }
    result.unwrap()
}

fn oracle(g: &Game, ender: Side) -> Vec<i128> {
    let n = g.sides.len();
    let mut v: Vec<i128> =
        (0..n).map(|p| if g.out[p].is_empty() { end_cost(g.payoffs[p], ender) } else { INF }).collect();
    for _ in 0..100_000 {
        let next: Vec<i128> =
            (0..n).map(|p| if g.out[p].is_empty() { v[p] } else { step(g, ender, &v, p) }).collect();
        if next == v {
            return v;
        }
        v = next;
    }
    panic!("the oracle did not settle: {g:?}");
}

fn total_of(cost: i128, ender: Side) -> Option<i64> {
    let t = if ender == Side::Min { cost } else { -cost };
    if t >= i64::MIN as i128 && t <= i64::MAX as i128 {
        Some(t as i64)
    } else {
        None
    }
}

fn graph_of(g: &Game) -> ScoreGraph {
    let flat: Vec<(usize, usize, i64)> =
        (0..g.sides.len()).flat_map(|p| g.out[p].iter().map(move |&(t, w)| (p, t, w))).collect();
    ScoreGraph::new(&g.sides, &g.payoffs, &flat).unwrap().with_bans(&g.bans).unwrap()
}

/// The game as a `ScoredGame` written here: `Banned { bans: 0 }` for every other open
/// position, `Open` for the rest, the moves into each listed last first.
struct Direct<'a>(&'a Game);

impl ScoredGame for Direct<'_> {
    fn num_states(&self) -> usize {
        self.0.sides.len()
    }
    fn for_each_start<F: FnMut(Side, Stand)>(&self, mut visit: F) {
        for p in 0..self.0.sides.len() {
            let (k, b) = (self.0.out[p].len() as u32, self.0.bans[p]);
            let stand = if k == 0 {
                Stand::End(self.0.payoffs[p])
            } else if b == 0 && p % 2 == 0 {
                Stand::Open(k)
            } else {
                Stand::Banned { moves: k, bans: b }
            };
            visit(self.0.sides[p], stand);
        }
    }
    fn for_each_predecessor<F: FnMut(usize, i64)>(&self, s: usize, mut visit: F) {
        for p in (0..self.0.sides.len()).rev() {
            for &(t, w) in self.0.out[p].iter().rev() {
                if t == s {
                    visit(p, w);
                }
            }
        }
    }
}

/// Checks the library's totals against the oracle's; returns whether they were finite in `i64`.
fn check_totals(g: &Game, ender: Side, seed: u64) -> Option<Vec<i128>> {
    let want = oracle(g, ender);
    let overflow = want.iter().any(|&c| c != INF && total_of(c, ender).is_none());
    let graph = graph_of(g);
    let (sides, payoffs, out) = (g.sides.clone(), g.payoffs.clone(), g.out.clone());
    let forward = ForwardScored::new(
        sides.len(),
        move |s| sides[s],
        move |s, l| l.extend(out[s].iter().cloned()),
        move |s| payoffs[s],
    )
    .unwrap()
    .with_bans(&g.bans)
    .unwrap();
    let results = [
        ("solve", solve(&graph, ender)),
        ("solve_totals", solve_totals(&graph, ender)),
        ("plain::solve", scores::plain::solve(&graph, ender)),
        ("solve forward", solve(&forward, ender)),
        ("solve direct", solve(&Direct(g), ender)),
        ("plain direct", scores::plain::solve(&Direct(g), ender)),
    ];
    for (name, result) in results.iter() {
        match result {
            Err(e) => assert!(
                overflow,
                "seed {seed}: {name} errs ({}) on {g:?} ender {ender:?}, want {want:?}",
                e.message()
            ),
            Ok(totals) => {
                assert!(
                    !overflow,
                    "seed {seed}: {name} gives no error past i64 on {g:?} ender {ender:?}: {want:?}"
                );
                for (p, &c) in want.iter().enumerate() {
                    let expected =
                        if c == INF { Total::Never } else { Total::Ends(total_of(c, ender).unwrap()) };
                    assert_eq!(
                        totals.total(p),
                        expected,
                        "seed {seed}: {name}, position {p} of {g:?}, ender {ender:?}"
                    );
                }
            }
        }
    }
    if overflow {
        None
    } else {
        Some(want)
    }
}

/// The docs' move claims at every position, and both players' strategies played out.
fn check_moves(g: &Game, ender: Side, value: &[i128], seed: u64) {
    let graph = graph_of(g);
    let totals = solve(&graph, ender).unwrap();
    let n = g.sides.len();
    let ctx = format!("seed {seed}, ender {ender:?}, {g:?}");
    let cost_of = |t: usize, w: i64| add(value[t], w);
    for p in 0..n {
        let bm = totals.best_move(&graph, p);
        if g.out[p].is_empty() {
            assert_eq!(bm, None, "{ctx}: best move at end {p}");
            continue;
        }
        let (t, w) = bm.unwrap_or_else(|| panic!("{ctx}: no best move at {p}"));
        if g.bans[p] > 0 {
            let counter = if value[p] == INF { &BANNED_NEVER } else { &BANNED_FINITE };
            counter.fetch_add(1, Ordering::Relaxed);
        }
        assert!(g.out[p].contains(&(t, w)), "{ctx}: best move ({t}, {w}) at {p} is not a move");
        if value[p] == INF {
            assert_eq!(value[t], INF, "{ctx}: best move at Never {p} leaves Never");
            let least = g.out[p].iter().filter(|m| m.0 == t).map(|m| m.1).min().unwrap();
            assert_eq!(w, least, "{ctx}: weight at Never {p} is not the least into {t}");
        } else {
            assert_eq!(cost_of(t, w), value[p], "{ctx}: best move at {p} does not reach the value");
            let mover_is_ender = g.sides[p] == ender;
            if mover_is_ender || g.bans[p] > 0 {
                assert!(totals.settled_before(t, p), "{ctx}: best move at {p} into {t}, not settled before");
                assert!(!totals.settled_before(p, t), "{ctx}: settled_before both ways {p} {t}");
            }
        }
    }
    // The order of settling: a strict total order of the finite positions, in nondecreasing
    // cost among the positions that are not ends; false where either is Never.
    for a in 0..n {
        for b in 0..n {
            let sb = totals.settled_before(a, b);
            if value[a] == INF || value[b] == INF || a == b {
                assert!(!sb, "{ctx}: settled_before({a}, {b})");
                continue;
            }
            assert!(sb != totals.settled_before(b, a), "{ctx}: settled_before({a}, {b}) both or neither");
            if sb && !g.out[a].is_empty() && !g.out[b].is_empty() {
                assert!(value[a] <= value[b], "{ctx}: {a} settled before {b} at a larger cost");
            }
        }
    }
    // The ender's strategy: at its open positions best_move; at its banned ones, against every
    // ban, any unbanned move into a position settled before of cost at most the value (the docs'
    // fallback); at the other side's banned ones it keeps `k - b` such moves. Everything else
    // (the other side's moves, and which allowed move) is chosen by an adversary maximising,
    // who also wins if it can go on forever.
    let eligible = |p: usize, i: usize| {
        let (t, w) = g.out[p][i];
        value[t] != INF && totals.settled_before(t, p) && cost_of(t, w) <= value[p]
    };
    let mut u: Vec<i128> = (0..n).map(|p| if g.out[p].is_empty() { value[p] } else { INF }).collect();
    for _ in 0..n + 2 {
        let mut next = u.clone();
        for p in (0..n).filter(|&p| !g.out[p].is_empty() && value[p] != INF) {
            let k = g.out[p].len();
            let b = g.bans[p] as usize;
            let via = |i: usize| add(u[g.out[p][i].0], g.out[p][i].1);
            next[p] = if g.sides[p] == ender && b == 0 {
                let (t, w) = totals.best_move(&graph, p).unwrap();
                add(u[t], w)
            } else if g.sides[p] == ender {
                let mut worst = i128::MIN;
                for banned in ban_sets(k, b) {
                    let best = (0..k).filter(|&i| banned >> i & 1 == 0 && eligible(p, i)).map(via).max();
                    worst = worst.max(best.unwrap_or_else(|| {
                        panic!("{ctx}: at {p}, ban {banned:b} leaves no move settled before")
                    }));
                }
                worst
            } else if b == 0 {
                (0..k).map(via).max().unwrap()
            } else {
                let kept: Vec<usize> = (0..k).filter(|&i| eligible(p, i)).collect();
                assert!(kept.len() >= k - b, "{ctx}: at {p}, fewer than k - b moves settled before");
                kept.into_iter().map(via).max().unwrap()
            };
        }
        u = next;
    }
    for p in 0..n {
        if value[p] != INF {
            assert_eq!(u[p], value[p], "{ctx}: the ender's strategy from {p} does not get its value");
        }
    }
    // The other side's strategy: best_move, or against another ban any move at least as good
    // (cost at least the value; into a Never position at a Never one); it bans the mover's `b`
    // cheapest at the ender's banned positions. The ender, minimising, does all else.
    let good = |p: usize, i: usize| {
        let (t, w) = g.out[p][i];
        if value[p] == INF {
            value[t] == INF
        } else {
            cost_of(t, w) >= value[p]
        }
    };
    let mut l: Vec<i128> = (0..n).map(|p| if g.out[p].is_empty() { value[p] } else { INF }).collect();
    for _ in 0..n + 2 {
        let mut next = l.clone();
        for p in (0..n).filter(|&p| !g.out[p].is_empty()) {
            let k = g.out[p].len();
            let b = g.bans[p] as usize;
            let via = |i: usize| add(l[g.out[p][i].0], g.out[p][i].1);
            next[p] = if g.sides[p] != ender {
                let (t, w) = totals.best_move(&graph, p).unwrap();
                assert!(good(p, g.out[p].iter().position(|&m| m == (t, w)).unwrap()));
                for banned in ban_sets(k, b) {
                    assert!(
                        (0..k).any(|i| banned >> i & 1 == 0 && good(p, i)),
                        "{ctx}: at {p} ban {banned:b} leaves no good move"
                    );
                }
                (0..k).filter(|&i| good(p, i)).map(via).min().unwrap()
            } else {
                let mut order: Vec<usize> = (0..k).collect();
                order.sort_by_key(|&i| cost_of(g.out[p][i].0, g.out[p][i].1));
                order[b..].iter().map(|&i| via(i)).min().unwrap()
            };
        }
        l = next;
    }
    for p in 0..n {
        assert!(
            l[p] >= value[p],
            "{ctx}: against the other side's strategy the ender gets {} below {} at {p}",
            l[p],
            value[p]
        );
    }
    // The line: both players' best moves.
    for p in 0..n {
        let line = totals.line(&graph, p).unwrap();
        let pos = &line.positions;
        assert_eq!(pos[0], p, "{ctx}: line from {p}");
        for i in 1..pos.len() {
            assert_eq!(
                totals.best_move(&graph, pos[i - 1]).map(|m| m.0),
                Some(pos[i]),
                "{ctx}: line from {p}: {pos:?}"
            );
        }
        if value[p] == INF {
            let c = line.cycle_start.unwrap_or_else(|| panic!("{ctx}: Never line from {p} has no cycle"));
            assert!(pos.iter().all(|&q| value[q] == INF), "{ctx}: line from Never {p} leaves Never");
            assert_eq!(
                totals.best_move(&graph, *pos.last().unwrap()).map(|m| m.0),
                Some(pos[c]),
                "{ctx}: lasso from {p}"
            );
        } else {
            assert_eq!(line.cycle_start, None, "{ctx}: finite line from {p} has a cycle");
            assert!(pos.len() <= n + 1, "{ctx}: line from {p} is {} long", pos.len());
            let last = *pos.last().unwrap();
            assert!(g.out[last].is_empty(), "{ctx}: line from {p} stops at {last}, not an end");
            let mut cost = end_cost(g.payoffs[last], ender);
            for i in 1..pos.len() {
                cost += totals.best_move(&graph, pos[i - 1]).unwrap().1 as i128;
            }
            assert_eq!(cost, value[p], "{ctx}: line from {p} costs otherwise");
        }
    }
}

#[test]
fn random_games_with_bans_against_the_literal_oracle() {
    let (mut finite, mut overflows) = (0, 0);
    for seed in 0..150_000u64 {
        let mut rng = Rng(seed);
        let g = random_game(&mut rng, seed % 3);
        for &ender in &[Side::Min, Side::Max] {
            match check_totals(&g, ender, seed) {
                Some(value) => {
                    finite += 1;
                    check_moves(&g, ender, &value, seed);
                }
                None => overflows += 1,
            }
        }
    }
    let (bf, bn) = (BANNED_FINITE.load(Ordering::Relaxed), BANNED_NEVER.load(Ordering::Relaxed));
    println!("{finite} games checked with moves ({bf} finite banned positions, {bn} Never ones), {overflows} that overflow");
    assert!(overflows > 100 && finite > 10_000);
}

#[test]
fn larger_games_with_many_bans() {
    let mut banned = 0;
    for seed in 0..6_000u64 {
        let mut rng = Rng(seed ^ 0xabcdef);
        let g = random_game(&mut rng, 3);
        banned += g.bans.iter().filter(|&&b| b > 1).count();
        for &ender in &[Side::Min, Side::Max] {
            let value = check_totals(&g, ender, seed).unwrap();
            check_moves(&g, ender, &value, seed);
        }
    }
    println!("{banned} positions with 2 bans or more");
}

/// Hundreds of positions, half of the games with extreme weights and payoffs: many keys far
/// apart in the queue.
#[test]
fn hundreds_of_positions() {
    let (mut finite, mut overflows) = (0, 0);
    for seed in 0..400u64 {
        let mut rng = Rng(seed ^ 0x5eed_0000);
        let g = random_game(&mut rng, 4);
        for &ender in &[Side::Min, Side::Max] {
            match check_totals(&g, ender, seed) {
                Some(value) => {
                    finite += 1;
                    check_moves(&g, ender, &value, seed);
                }
                None => overflows += 1,
            }
        }
    }
    println!("hundreds: {finite} finite, {overflows} overflowing");
    assert!(finite > 100 && overflows > 50);
}
