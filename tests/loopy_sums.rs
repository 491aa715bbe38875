//! Checks `Values::sum` and `find_options` (sums of tokens, and the winning move) against the
//! game itself: the sum of `k` tokens on a graph, built here as an explicit graph on the ordered
//! `k`-tuples of token positions (a move moves one token along one edge; a tuple without moves
//! is lost) and decided by `solve`, the win/lose/draw search, which shares no code with the
//! loopy values.
//!
//! What is checked: on 3000 random graphs of at most 7 vertices, every tuple of 1 and 2 tokens,
//! and on 400 of them every tuple of 3: the outcome `sum` gives is the product's; a win's move
//! shape `(i, h)` names, through `find_options`, an edge out of token `i` to a state of value `h`
//! after which the product has the tuple lost; a loss or a draw has no move. Then on one random
//! graph of 10^5 vertices and 3 * 10^5 edges, 1000 sums of 40 tokens, checked for consistency
//! alone: a finite token added twice changes nothing, two infinite tokens draw, the winning move
//! leaves a loss, every move from a loss leaves a win, and a draw has a move to a draw and none
//! to a loss. Random graphs come from splitmix64 with fixed seeds.

use crate::random;
use graph_games::graph::{Graph, GraphGame};
use graph_games::solver::{find_options, loopy_values, solve, Outcome, Start, Value};
use random::Rng;

use crate::loopy;
use loopy::{random_case, tuple};

/// Every `k`-tuple of tokens on a random small graph: `sum` against the product, as in the doc.
fn check_product(case: &loopy::Case, k: u32) {
    let n = case.n;
    let options = case.options();
    let graph = case.graph();
    let game = GraphGame::new(&graph, |_| Start::Lose);
    let values = loopy_values(&game);
    let size = n.pow(k);
    let (mut sources, mut targets) = (Vec::new(), Vec::new());
    for s in 0..size {
        for (i, &t) in tuple(s, n, k as usize).iter().enumerate() {
            let place = n.pow(i as u32);
            for &w in &options[t] {
                sources.push(s as u32);
                targets.push((s - t * place + w * place) as u32);
            }
        }
    }
    let product = solve(&GraphGame::new(&Graph::from_edges(size, &sources, &targets), |_| Start::Lose));
    let (mut wins, mut wanted) = (Vec::new(), Vec::new());
    for s in 0..size {
        let tokens = tuple(s, n, k as usize);
        let (outcome, shape) = values.sum(&tokens);
        assert_eq!(outcome, product.outcome(s), "tokens {tokens:?} on {case:?}: sum (left) vs the product");
        match (outcome, shape) {
            (Outcome::Win, Some((i, h))) => {
                assert!(i < tokens.len(), "move of token {i} of {tokens:?}");
                wins.push((s, i, h));
                wanted.push((tokens[i], h));
            }
            (Outcome::Win, None) => panic!("tokens {tokens:?} on {case:?}: a win without a move"),
            (_, shape) => assert_eq!(shape, None, "tokens {tokens:?} on {case:?}: a move from a {outcome:?}"),
        }
    }
    let found = find_options(&game, &values, &wanted);
    for (&(s, i, h), &target) in wins.iter().zip(&found) {
        let tokens = tuple(s, n, k as usize);
        let w =
            target.unwrap_or_else(|| panic!("{tokens:?} on {case:?}: token {i} has no option of value {h}"));
        assert!(options[tokens[i]].contains(&w), "{tokens:?} on {case:?}: {} -> {w} is no edge", tokens[i]);
        assert_eq!(values.value(w), Value::Finite(h), "{tokens:?} on {case:?}: option {w}");
        let place = n.pow(i as u32);
        let after = s - tokens[i] * place + w * place;
        assert_eq!(product.outcome(after), Outcome::Lose, "{tokens:?} on {case:?}: moving token {i} to {w}");
    }
}

#[test]
fn sums_of_one_two_and_three_tokens_agree_with_the_product_game() {
    let mut rng = Rng::new(0x100b_0101);
    for round in 0..3000 {
        let case = random_case(&mut rng, 7, 16);
        check_product(&case, 1);
        check_product(&case, 2);
        if round % 15 < 2 {
            check_product(&case, 3);
        }
    }
}

/// Forward adjacency lists in two flat arrays: the options of `v` are
/// `targets[start[v]..start[v + 1]]`.
struct Options {
    start: Vec<usize>,
    targets: Vec<usize>,
}

impl Options {
    fn of(&self, v: usize) -> &[usize] {
        &self.targets[self.start[v]..self.start[v + 1]]
    }
}

#[test]
fn many_sums_of_forty_tokens_on_a_large_graph_are_consistent() {
    let mut rng = Rng::new(0x100b_0102);
    let (n, m) = (100_000usize, 300_000usize);
    // A 20th of the vertices without moves; the edges uniform otherwise: cycles of every length.
    let movers: Vec<u32> = (0..n as u32).filter(|_| !rng.chance(1, 20)).collect();
    let mut edges: Vec<(u32, u32)> =
        (0..m).map(|_| (*rng.pick(&movers), rng.below(n as u64) as u32)).collect();
    let graph = loopy::Case { n, edges: edges.clone() }.graph();
    edges.sort_unstable();
    let mut start = vec![0usize; n + 1];
    edges.iter().for_each(|&(u, _)| start[u as usize + 1] += 1);
    (0..n).for_each(|v| start[v + 1] += start[v]);
    let options = Options { start, targets: edges.iter().map(|&(_, v)| v as usize).collect() };
    let game = GraphGame::new(&graph, |_| Start::Lose);
    let values = loopy_values(&game);
    let (finite, infinite): (Vec<usize>, Vec<usize>) =
        (0..n).partition(|&v| values.value(v) != Value::Infinite);
    assert!(
        finite.len() > 1000 && infinite.len() > 1000,
        "{} finite, {} infinite",
        finite.len(),
        infinite.len()
    );
    let outcome = |tokens: &[usize]| values.sum(tokens).0;
    let finite_value = |t: usize| match values.value(t) {
        Value::Finite(g) => g,
        Value::Infinite => unreachable!("only all-finite sums are made to xor to 0"),
    };
    let mut queries: Vec<Vec<usize>> = Vec::new();
    for q in 0..1000 {
        // 0, 1 or 2 infinite tokens; a third of the all-finite sums made to xor to 0.
        let mut tokens: Vec<usize> = (0..40 - q % 3).map(|_| *rng.pick(&finite)).collect();
        (0..q % 3).for_each(|_| tokens.push(*rng.pick(&infinite)));
        if q % 9 == 0 {
            let x = tokens[..39].iter().fold(0, |x, &t| x ^ finite_value(t));
            if let Some(&t) = finite.iter().find(|&&t| finite_value(t) == x) {
                tokens[39] = t;
            }
        }
        rng.shuffle(&mut tokens);
        queries.push(tokens);
    }
    let mut seen = [0usize; 3];
    let mut wanted = Vec::new();
    for tokens in &queries {
        let (got, shape) = values.sum(tokens);
        seen[got as usize] += 1;
        let twice = *rng.pick(tokens);
        let more: Vec<usize> = tokens.iter().copied().chain([twice, twice]).collect();
        match values.value(twice) {
            Value::Finite(_) => assert_eq!(outcome(&more), got, "{tokens:?} and {twice} twice more"),
            Value::Infinite => assert_eq!(outcome(&more), Outcome::Draw, "{tokens:?} and {twice} twice more"),
        }
        let moves_to = |i: usize| {
            options.of(tokens[i]).iter().map(move |&w| {
                let mut after = tokens.clone();
                after[i] = w;
                outcome(&after)
            })
        };
        match got {
            Outcome::Win => wanted.push((tokens[shape.expect("a win's move").0], shape.unwrap().1)),
            Outcome::Lose => assert!((0..40).all(|i| moves_to(i).all(|o| o == Outcome::Win)), "{tokens:?}"),
            Outcome::Draw => {
                assert!((0..40).all(|i| moves_to(i).all(|o| o != Outcome::Lose)), "{tokens:?}");
                assert!((0..40).any(|i| moves_to(i).any(|o| o == Outcome::Draw)), "{tokens:?}");
            }
        }
    }
    assert!(seen.iter().all(|&count| count > 50), "wins, losses, draws: {seen:?}");
    for _ in 0..1000 {
        assert_eq!(outcome(&[*rng.pick(&infinite), *rng.pick(&infinite)]), Outcome::Draw);
    }
    let found = find_options(&game, &values, &wanted);
    let wins = queries.iter().filter(|tokens| outcome(tokens) == Outcome::Win);
    for ((tokens, &(t, h)), &target) in wins.zip(&wanted).zip(&found) {
        let w = target.unwrap_or_else(|| panic!("{tokens:?}: token {t} has no option of value {h}"));
        assert!(options.of(t).contains(&w) && values.value(w) == Value::Finite(h), "{tokens:?}: {t} -> {w}");
        let i = values.sum(tokens).1.unwrap().0;
        let mut after = tokens.clone();
        after[i] = w;
        assert_eq!(outcome(&after), Outcome::Lose, "{tokens:?} after moving token {i} to {w}");
    }
}
