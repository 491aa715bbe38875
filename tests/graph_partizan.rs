//! Checks the `graph_partizan` binary against a product-space oracle written here.
//!
//! The oracle knows nothing of canonical forms: a position is the multiset of the tokens' vertices,
//! and who wins it with a given player to move is a plain minimax over positions (the player to
//! move wins when some move of theirs, one token along an edge of their label, leaves a position
//! the other player loses moving first), memoised. A token may be *negated* (its labels swapped,
//! the game `-G`), so that `G = H` is "the second player wins `G - H`". The graphs are small DAGs
//! (edges go down a hidden random order), so every game ends and the recursion is at most the
//! number of tokens times the number of vertices deep. It shares no code with `src/partizan`.
//!
//! What is checked, on 400 random DAGs of 1 to 8 vertices with up to 16 labelled edges (repeats
//! too) and queries of 1 to 3 tokens (every single token, then random ones):
//! - the class of every query (`Left`, `Right`, `First`, `Second`) against the oracle's;
//! - `--move` and `--move --right`: a move is named exactly where the player to move wins, and it
//!   is a move of that player's (an edge of their label out of the token's vertex) after which
//!   the oracle says that player wins moving second;
//! - `--values`: two vertices print the same text exactly when the oracle finds their games equal
//!   (canonical forms are unique), a vertex prints `0` exactly when it is a second-player win, and
//!   an integer `k` prints as `k` (the oracle finds `G - k = 0`, with `k` a chain of `k` edges of one label).

use std::collections::HashMap;

use crate::common;
use common::{run_text, Rng};

/// A DAG with labelled edges: `(u, v, right)`, 0-based, a move from `u` to `v` for Right if
/// `right`, else for Left.
#[derive(Debug, Clone)]
struct Dag {
    n: usize,
    edges: Vec<(usize, usize, bool)>,
}

impl Dag {
    fn random(rng: &mut Rng) -> Dag {
        let n = rng.between(1, 8);
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let m = if n == 1 { 0 } else { rng.between(0, 16) };
        let mut edges = Vec::new();
        for _ in 0..m {
            let a = rng.below(n - 1);
            let b = rng.between(a + 1, n - 1);
            edges.push((order[b], order[a], rng.below(2) == 1));
        }
        Dag { n, edges }
    }

    fn text(&self, queries: &[Vec<usize>]) -> String {
        let mut s = format!("{} {}\n", self.n, self.edges.len());
        for &(u, v, right) in &self.edges {
            s += &format!("{} {} {}\n", u + 1, v + 1, if right { 'R' } else { 'L' });
        }
        s += &format!("{}\n", queries.len());
        for q in queries {
            let tokens: Vec<String> = q.iter().map(|t| (t + 1).to_string()).collect();
            s += &format!("{} {}\n", q.len(), tokens.join(" "));
        }
        s
    }
}

/// A token: its vertex, and whether it is negated (its labels swapped).
type Token = (usize, bool);

/// The minimax of the module doc.
struct Oracle<'a> {
    dag: &'a Dag,
    memo: HashMap<(Vec<Token>, bool), bool>,
}

impl<'a> Oracle<'a> {
    fn new(dag: &'a Dag) -> Oracle<'a> {
        Oracle { dag, memo: HashMap::new() }
    }

    /// The positions the player (`right` or Left) can move to from `pos`, with the move: the
    /// token's index and the vertex it goes to.
    fn options(&self, pos: &[Token], right: bool) -> Vec<(usize, usize, Vec<Token>)> {
        let mut out = Vec::new();
        for (i, &(v, negated)) in pos.iter().enumerate() {
            for &(u, w, label) in &self.dag.edges {
                if u == v && label == (right != negated) {
                    let mut next = pos.to_vec();
                    next[i] = (w, negated);
                    out.push((i, w, next));
                }
            }
        }
        out
    }

    /// Whether the player to move (`right` or Left) wins `pos`.
    fn wins(&mut self, pos: &[Token], right: bool) -> bool {
        let mut key = pos.to_vec();
        key.sort_unstable();
        if let Some(&known) = self.memo.get(&(key.clone(), right)) {
            return known;
        }
        let wins = self.options(pos, right).into_iter().any(|(_, _, next)| !self.wins(&next, !right));
        self.memo.insert((key, right), wins);
        wins
    }

    /// The class of `pos`.
    fn class(&mut self, pos: &[Token]) -> &'static str {
        match (self.wins(pos, false), !self.wins(pos, true)) {
            (true, true) => "Left",
            (false, false) => "Right",
            (true, false) => "First",
            (false, true) => "Second",
        }
    }
}

fn plain(tokens: &[usize]) -> Vec<Token> {
    tokens.iter().map(|&t| (t, false)).collect()
}

/// Every single token, then `extra` random queries of 1 to 3 tokens.
fn queries(rng: &mut Rng, n: usize, extra: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..n).map(|v| vec![v]).collect();
    for _ in 0..extra {
        let k = rng.between(1, 3);
        out.push((0..k).map(|_| rng.below(n)).collect());
    }
    out
}

fn output(args: &[&str], input: &str) -> Vec<String> {
    let (code, out, err) = run_text("graph_partizan", args, input.as_bytes());
    assert_eq!((code, err.as_str()), (Some(0), ""), "{args:?} on\n{input}");
    out.lines().map(str::to_string).collect()
}

#[test]
fn classes_and_moves_agree_with_the_product_space_oracle() {
    let mut rng = Rng(45);
    let (mut wins, mut moves_checked) = (HashMap::new(), 0);
    for round in 0..400 {
        let dag = Dag::random(&mut rng);
        let queries = queries(&mut rng, dag.n, 12);
        let input = dag.text(&queries);
        let mut oracle = Oracle::new(&dag);
        let classes: Vec<&str> = queries.iter().map(|q| oracle.class(&plain(q))).collect();
        let lines = output(&[], &input);
        assert_eq!(lines, classes, "round {round}:\n{input}");
        for class in &classes {
            *wins.entry(*class).or_insert(0) += 1;
        }
        for right in [false, true] {
            let args: &[&str] = if right { &["--move", "--right"] } else { &["--move"] };
            let lines = output(args, &input);
            assert_eq!(lines.len(), queries.len());
            for ((line, q), class) in lines.iter().zip(&queries).zip(&classes) {
                let words: Vec<&str> = line.split(' ').collect();
                assert_eq!(words[0], *class, "round {round} {args:?} {q:?}");
                let mover_wins = *class == "First" || *class == if right { "Right" } else { "Left" };
                if !mover_wins {
                    assert_eq!(words.len(), 1, "round {round}: a move where the mover loses: {line}");
                    continue;
                }
                assert_eq!(words.len(), 3, "round {round}: no move where the mover wins: {line}\n{input}");
                let i: usize = words[1].parse().unwrap();
                let w: usize = words[2].parse().unwrap();
                let (i, w) = (i - 1, w - 1);
                let v = q[i];
                assert!(
                    dag.edges.contains(&(v, w, right)),
                    "round {round}: {v} -> {w} is not a move: {line}"
                );
                let mut next = plain(q);
                next[i] = (w, false);
                // The mover wins moving second: the other player, to move, loses.
                assert!(!oracle.wins(&next, !right), "round {round} {args:?} {q:?}: {line} loses\n{input}");
                moves_checked += 1;
            }
        }
    }
    assert!(["Left", "Right", "First", "Second"].iter().all(|c| wins[c] > 200), "{wins:?}");
    assert!(moves_checked > 2000, "{moves_checked}");
}

#[test]
fn values_are_equal_exactly_when_the_games_are() {
    let mut rng = Rng(46);
    let mut equal_pairs = 0;
    for round in 0..300 {
        let mut dag = Dag::random(&mut rng);
        // Integers to compare with: a chain of 3 edges for Left and one of 3 for Right.
        let base = dag.n;
        dag.n += 7;
        for k in 0..3 {
            dag.edges.push((base + k + 1, base + k, false));
            dag.edges.push((base + k + 4, if k == 0 { base } else { base + k + 3 }, true));
        }
        let input = dag.text(&[vec![0]]);
        let values = output(&["--values"], &input);
        assert_eq!(values.len(), dag.n);
        let mut oracle = Oracle::new(&dag);
        let chain = |k: i64| if k >= 0 { base + k as usize } else { base + 3 + (-k) as usize };
        for u in 0..dag.n {
            for v in 0..dag.n {
                let same = !oracle.wins(&[(u, false), (v, true)], false)
                    && !oracle.wins(&[(u, false), (v, true)], true);
                assert_eq!(values[u] == values[v], same, "round {round}: {u} {v}: {values:?}\n{input}");
                equal_pairs += usize::from(same && u != v);
            }
            for k in -3..=3i64 {
                let pos = [(u, false), (chain(k), true)];
                let is_k = !oracle.wins(&pos, false) && !oracle.wins(&pos, true);
                assert_eq!(
                    values[u] == k.to_string(),
                    is_k,
                    "round {round}: {u} against {k}: {values:?}\n{input}"
                );
            }
        }
    }
    assert!(equal_pairs > 300, "{equal_pairs}");
}

/// `--values --move` writes both, neither dropped: the lines of `--values`, then those of `--move`
/// (each checked against the oracle above), with `--right` too; on random DAGs.
#[test]
fn values_and_moves_together_write_both() {
    let mut rng = Rng(47);
    for round in 0..100 {
        let dag = Dag::random(&mut rng);
        let input = dag.text(&queries(&mut rng, dag.n, 4));
        for right in [&[][..], &["--right"][..]] {
            let with = |flags: &[&str]| output(&[flags, right].concat(), &input);
            let moves = with(&["--move"]);
            let both = [output(&["--values"], &input), moves.clone()].concat();
            assert_eq!(with(&["--values", "--move"]), both, "round {round} {right:?}\n{input}");
            assert_eq!(with(&["--move", "--values"]), both, "round {round} {right:?}\n{input}");
            assert_eq!((moves.len(), both.len()), (dag.n + 4, 2 * dag.n + 4), "a line per query, per vertex");
        }
    }
}
