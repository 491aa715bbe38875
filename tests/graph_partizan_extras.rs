//! `graph_partizan`'s extras at their bounds: `--move` on a vertex of many moves, `--values` on
//! deep forms of short text.
//!
//! The graphs are built so that every value is known by plain arithmetic here, with no canonical
//! form: chains of one label are integers (`k` edges for Left from a vertex to 0 make `k`, for
//! Right `-k`), a vertex whose Left moves go to integers `<= 0` only is `{... | } = 1`, and so a
//! query's sum is an integer and its winning moves are read off it. The ladder of ups is the
//! textbook one (Berlekamp, Conway and Guy, *Winning Ways*, ch. 3: `^ = {0|*}`, `^* = {0,*|0}`,
//! and for `k >= 2` `^k = {0|^(k-1)*}`, `^k* = {0|^(k-1)}`), its lines written here from `k`.
//! What is counted (the steps the moves take) is asserted, never how long anything takes.

use graph_games::games::graph_partizan::{moves, read, write_answer};
use graph_games::input::Scanner;
use graph_games::partizan::Side;

use crate::common;
use common::{run_text, Rng};

/// A graph of integer chains and one star: vertex 1 is 0, `minus(k)` is `-k` (`1 <= k <=
/// minus_chain`) and `plus(k)` is `k` (`1 <= k <= plus_chain`), and the star has Left edges to
/// `-k` for each `k` of `star_order`, in that order (0 included: the vertex 0), its value 1
/// whatever the order.
struct Star {
    minus_chain: usize,
    plus_chain: usize,
    star_order: Vec<usize>,
}

impl Star {
    fn minus(&self, k: usize) -> usize {
        1 + k
    }

    fn plus(&self, k: usize) -> usize {
        if k == 0 {
            1
        } else {
            1 + self.minus_chain + k
        }
    }

    fn star(&self) -> usize {
        2 + self.minus_chain + self.plus_chain
    }

    /// The input, with the queries given (each its vertices, 1-based).
    fn text(&self, queries: &[Vec<usize>]) -> String {
        let mut edges = Vec::new();
        for k in 1..=self.minus_chain {
            edges.push(format!("{} {} R", self.minus(k), self.minus(k - 1)));
        }
        for k in 1..=self.plus_chain {
            edges.push(format!("{} {} L", self.plus(k), self.plus(k - 1)));
        }
        for &k in &self.star_order {
            edges.push(format!("{} {} L", self.star(), self.minus(k)));
        }
        let mut s = format!("{} {}\n{}\n{}\n", self.star(), edges.len(), edges.join("\n"), queries.len());
        for q in queries {
            let tokens: Vec<String> = q.iter().map(|t| t.to_string()).collect();
            s += &format!("{} {}\n", q.len(), tokens.join(" "));
        }
        s
    }

    /// The integer value of vertex `v`.
    fn value(&self, v: usize) -> i64 {
        if v == self.star() {
            1
        } else if v <= 1 + self.minus_chain {
            -((v - 1) as i64)
        } else {
            (v - 1 - self.minus_chain) as i64
        }
    }

    /// The line `--move` (Left to move) writes for `query`, by the arithmetic of the module doc:
    /// Left wins moving first exactly when the sum `s` is `>= 1`, and then the first token that
    /// has a move leaving a sum `>= 0` is moved (a `plus(x)` to `plus(x - 1)`; the star to the
    /// first `-k` of its order with `k <= s - 1`); a `minus(y)` has no Left move.
    fn left_line(&self, query: &[usize]) -> String {
        let s: i64 = query.iter().map(|&v| self.value(v)).sum();
        let class = match s {
            s if s > 0 => "Left",
            0 => return "Second".to_string(),
            _ => return "Right".to_string(),
        };
        for (i, &v) in query.iter().enumerate() {
            if v == self.star() {
                let k = self.star_order.iter().find(|&&k| s - 1 - k as i64 >= 0).expect("0 is in the order");
                return format!("{class} {} {}", i + 1, self.minus(*k));
            }
            if self.value(v) > 0 {
                return format!("{class} {} {}", i + 1, self.plus(self.value(v) as usize - 1));
            }
        }
        panic!("a positive sum has a Left move")
    }
}

/// The star of the issue: 99,999 losing moves, then the winning one (to 0); asked 1,000 times.
/// The first query tries every move (each a step of the limit), the others find the answer in
/// the memo: exactly 100,000 steps for the moves, where the moves used to be tried 10^8 times
/// and counted never.
#[test]
fn the_moves_tried_are_counted_once_per_vertex_and_sum() {
    let k = 99_999;
    let star = Star { minus_chain: k, plus_chain: 0, star_order: (1..=k).chain([0]).collect() };
    let queries: Vec<Vec<usize>> = (0..1000).map(|_| vec![star.star()]).collect();
    let text = star.text(&queries);
    let mut problem = read(&mut Scanner::new(text.as_bytes())).unwrap();
    let before = problem.forms().steps();
    let answer = moves::decide_with_moves(&mut problem, Side::Left).unwrap();
    assert_eq!(problem.forms().steps() - before, k as u64 + 1, "the moves of the first query, then none");
    let mut out = Vec::new();
    write_answer(&answer, &mut out).unwrap();
    let expected: String = queries.iter().map(|q| star.left_line(q) + "\n").collect();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}

/// Queries of the star and integers, in any order and repeated, so that one vertex meets many
/// sums (each with its own first winning move, the star's edges in an order where the sum picks
/// the edge) and one sum many times: every line against the arithmetic, with 2·10^5 tokens.
#[test]
fn remembered_moves_are_those_of_their_sum() {
    let mut rng = Rng(52);
    let chain = 200;
    let mut order: Vec<usize> = (0..=chain).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let star = Star { minus_chain: chain, plus_chain: chain, star_order: order };
    let mut queries = Vec::new();
    let mut tokens = 0;
    while tokens < 200_000 - 3 {
        let k = rng.between(1, 3);
        let query: Vec<usize> = (0..k)
            .map(|_| match rng.below(3) {
                0 => star.star(),
                1 => star.plus(rng.below(chain + 1)),
                _ => star.minus(rng.below(chain / 4)),
            })
            .collect();
        tokens += query.len();
        queries.push(query);
    }
    let (code, out, err) = run_text("graph_partizan", &["--move"], star.text(&queries).as_bytes());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), queries.len());
    for (q, line) in queries.iter().zip(lines) {
        assert_eq!(line, star.left_line(q), "query {q:?}");
    }
}

/// Every query a new sum, each trying about 66,000 moves of the star before the winning one:
/// past the program's 2·10^6 steps within 32 queries (the moves alone, counted here), an error
/// naming the query; the first 20 queries alone are answered, move by move.
#[test]
fn the_step_limit_stops_moves_that_are_all_new() {
    let chain = 66_000;
    let star = Star { minus_chain: chain, plus_chain: chain, star_order: (0..=chain).rev().collect() };
    // Query `x`: the star and `x`; the star's first winning edge is to `-x`, the edges to
    // `-chain, ..., -(x + 1)` lose before it: `chain - x + 1` moves tried.
    let queries: Vec<Vec<usize>> = (1..=40).map(|x| vec![star.star(), star.plus(x)]).collect();
    let mut moves = 0;
    let within = queries.iter().take_while(|q| {
        moves += chain - star.value(q[1]) as usize + 1;
        moves <= 2_000_000
    });
    let most = within.count() + 1;
    assert_eq!(most, 31);
    let (code, out, err) = run_text("graph_partizan", &["--move"], star.text(&queries).as_bytes());
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    let query: usize = err
        .strip_prefix("error: the moves of query ")
        .and_then(|rest| {
            rest.strip_suffix(
                " needs more than 2000000 steps of work on canonical forms in all (the program's limit)\n",
            )
        })
        .unwrap_or_else(|| panic!("{err}"))
        .parse()
        .unwrap();
    assert!(query <= most, "{err}");
    let first = &queries[..20];
    let (code, out, err) = run_text("graph_partizan", &["--move"], star.text(first).as_bytes());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let expected: String = first.iter().map(|q| star.left_line(q) + "\n").collect();
    assert_eq!(out, expected);
}

/// The ladder of ups `^, ^*, ^^, ^^*, ..., ^k, ^k*` (module doc), from 0 and `*`: vertex 1 is 0,
/// 2 is `*`, `2j + 1` is `^j` and `2j + 2` is `^j*`.
fn ladder(levels: usize) -> String {
    let mut edges = vec!["2 1 L".to_string(), "2 1 R".to_string()];
    for j in 1..=levels {
        let (up, up_star) = (2 * j + 1, 2 * j + 2);
        edges.push(format!("{up} 1 L"));
        edges.push(format!("{up_star} 1 L"));
        if j == 1 {
            edges.push(format!("{up} 2 R"));
            edges.push(format!("{up_star} 2 L"));
            edges.push(format!("{up_star} 1 R"));
        } else {
            edges.push(format!("{up} {} R", up_star - 2));
            edges.push(format!("{up_star} {} R", up - 2));
        }
    }
    format!("{} {}\n{}\n1\n1 1\n", 2 * levels + 2, edges.len(), edges.join("\n"))
}

/// 1,830 levels: 3,662 lines, 21,578 bytes, once refused as "more than 20000000 bytes" (the
/// forms written out in braces); every line as CGSuite writes `^k` and `^k*`.
#[test]
fn values_of_a_ladder_of_ups_are_written() {
    let levels = 1830;
    let (code, out, err) = run_text("graph_partizan", &["--values"], ladder(levels).as_bytes());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let ups = |j: usize| match j {
        1 => "^".to_string(),
        2 => "^^".to_string(),
        j => format!("^{j}"),
    };
    let mut expected = vec!["0".to_string(), "*".to_string()];
    for j in 1..=levels {
        expected.push(ups(j));
        expected.push(ups(j) + "*");
    }
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    assert_eq!(out.len(), 21_578);
}

/// Doubles the decimal number `digits` (least significant first).
fn double(digits: &mut Vec<u8>) {
    let mut carry = 0;
    for d in digits.iter_mut() {
        let twice = *d * 2 + carry;
        *d = twice % 10;
        carry = twice / 10;
    }
    if carry > 0 {
        digits.push(carry);
    }
}

/// A chain of halvings, `1/2^k` for `k` up to `levels` (vertex 1 is 0, 2 is 1, `k + 2` is
/// `{0 | 1/2^(k-1)}`): text that grows as `k` does, refused past 2·10^7 bytes and written
/// below, every line `1/` and the digits of `2^k`.
#[test]
fn values_past_the_text_limit_are_refused() {
    let input = |levels: usize| {
        let mut edges = vec!["2 1 L".to_string()];
        for k in 1..=levels {
            edges.push(format!("{} 1 L", k + 2));
            edges.push(format!("{} {} R", k + 2, k + 1));
        }
        format!("{} {}\n{}\n1\n1 1\n", levels + 2, edges.len(), edges.join("\n"))
    };
    let mut lines = vec!["0".to_string(), "1".to_string()];
    let mut bytes = 4;
    let mut levels = 0;
    let mut power = vec![1u8];
    while bytes <= 20_000_000 {
        levels += 1;
        double(&mut power);
        let line: String = "1/".chars().chain(power.iter().rev().map(|&d| char::from(b'0' + d))).collect();
        bytes += line.len() + 1;
        lines.push(line);
    }
    // `levels` lines of halvings pass the limit by a line; one fewer is written whole.
    let (code, out, err) = run_text("graph_partizan", &["--values"], input(levels).as_bytes());
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(err, "error: the values would take more than 20000000 bytes to write\n");
    let (code, out, err) = run_text("graph_partizan", &["--values"], input(levels - 1).as_bytes());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    lines.pop();
    assert_eq!(out.lines().collect::<Vec<_>>(), lines);
}
