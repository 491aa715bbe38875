//! An attacker's checks of `graph_partizan`'s extras (issue 52, items 7 and 8), each against an
//! oracle written here that shares no code with the program:
//!
//! - `--move` names the *first* winning move (the docs: tokens in the query's order, each token's
//!   edges of the mover's label in the input's order). The oracle is a plain minimax over the
//!   actual game's positions (the multiset of token vertices and the player to move), on random
//!   small graphs, with queries repeated in shuffled orders so that the memo of winning moves is
//!   met with one sum and other token orders.
//! - `--values` at its text limit of 2·10^7 bytes: the text exactly at the limit is printed, byte
//!   for byte as the oracle writes it (numbers `2^-k` as `1/` and `2^k` in decimal, made here by
//!   decimal doubling), and one byte more is refused with one `error:` line.
//! - The memory contract: a chain of numbers `1 - 2^-k` under `ulimit -v` must end in one
//!   `error:` line and exit 2, not an abort (it aborted before the numbers' digits were reserved
//!   checked).

use crate::common;
use common::{run_text, Rng};
use std::collections::HashMap;
use std::process::Command;

/// A labelled DAG and its queries, as the problem's input gives them.
struct Game {
    n: usize,
    /// `(from, to, is_left)`, 1-based, in the input's order.
    edges: Vec<(usize, usize, bool)>,
    queries: Vec<Vec<usize>>,
}

impl Game {
    fn text(&self) -> String {
        let mut s = format!("{} {}\n", self.n, self.edges.len());
        for &(u, v, left) in &self.edges {
            s += &format!("{} {} {}\n", u, v, if left { 'L' } else { 'R' });
        }
        s += &format!("{}\n", self.queries.len());
        for q in &self.queries {
            let tokens: Vec<String> = q.iter().map(|t| t.to_string()).collect();
            s += &format!("{} {}\n", q.len(), tokens.join(" "));
        }
        s
    }

    /// The vertices `side`'s edges from `v` reach, in the input's order.
    fn moves(&self, v: usize, left: bool) -> Vec<usize> {
        self.edges.iter().filter(|e| e.0 == v && e.2 == left).map(|e| e.1).collect()
    }
}

/// Minimax over positions: whether the player to move wins, for a sorted multiset of token
/// vertices. Explicit stack, no recursion: a position is settled once all its followers are.
struct Minimax<'a> {
    game: &'a Game,
    known: HashMap<(Vec<usize>, bool), bool>,
}

impl Minimax<'_> {
    fn followers(&self, pos: &[usize], left: bool) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        for i in 0..pos.len() {
            for w in self.game.moves(pos[i], left) {
                let mut next = pos.to_vec();
                next[i] = w;
                next.sort_unstable();
                all.push(next);
            }
        }
        all
    }

    /// Whether the player to move (`left`: Left) wins from `tokens` (any order).
    fn wins(&mut self, tokens: &[usize], left: bool) -> bool {
        let mut start = tokens.to_vec();
        start.sort_unstable();
        let mut stack = vec![(start.clone(), left)];
        while let Some((pos, side)) = stack.pop() {
            if self.known.contains_key(&(pos.clone(), side)) {
                continue;
            }
            let followers = self.followers(&pos, side);
            let unknown: Vec<Vec<usize>> = followers
                .iter()
                .filter(|f| !self.known.contains_key(&((*f).clone(), !side)))
                .cloned()
                .collect();
            if unknown.is_empty() {
                let win = followers.iter().any(|f| !self.known[&(f.clone(), !side)]);
                self.known.insert((pos, side), win);
            } else {
                stack.push((pos, side));
                stack.extend(unknown.into_iter().map(|f| (f, !side)));
            }
        }
        self.known[&(start, left)]
    }

    /// The judge's line for `tokens`.
    fn class(&mut self, tokens: &[usize]) -> &'static str {
        match (self.wins(tokens, true), self.wins(tokens, false)) {
            (true, true) => "First",
            (true, false) => "Left",
            (false, true) => "Right",
            (false, false) => "Second",
        }
    }

    /// The first move (token from 1, target vertex) after which the mover wins moving second.
    fn first_winning_move(&mut self, tokens: &[usize], left: bool) -> Option<(usize, usize)> {
        for i in 0..tokens.len() {
            for w in self.game.moves(tokens[i], left) {
                let mut next = tokens.to_vec();
                next[i] = w;
                if !self.wins(&next, !left) {
                    return Some((i + 1, w));
                }
            }
        }
        None
    }
}

/// A random DAG of at most `max_n` vertices (edges go up in a hidden order, then the vertices
/// are renamed), and queries each repeated in shuffled orders.
fn random_game(rng: &mut Rng, max_n: usize, max_m: usize) -> Game {
    let n = rng.between(1, max_n);
    let mut rename: Vec<usize> = (1..=n).collect();
    for i in (1..n).rev() {
        rename.swap(i, rng.below(i + 1));
    }
    let mut edges = Vec::new();
    if n >= 2 {
        for _ in 0..rng.between(0, max_m) {
            let u = rng.between(0, n - 2);
            let v = rng.between(u + 1, n - 1);
            edges.push((rename[u], rename[v], rng.below(2) == 0));
        }
    }
    let mut queries = Vec::new();
    for _ in 0..rng.between(1, 6) {
        let q: Vec<usize> = (0..rng.between(1, 4)).map(|_| rng.between(1, n)).collect();
        for _ in 0..rng.between(0, 2) {
            let mut shuffled = q.clone();
            for i in (1..shuffled.len()).rev() {
                shuffled.swap(i, rng.below(i + 1));
            }
            queries.push(shuffled);
        }
        queries.push(q);
    }
    Game { n, edges, queries }
}

/// The lines the judge, `--move` and `--move --right` must print, by minimax.
fn expected_lines(game: &Game) -> [Vec<String>; 3] {
    let mut minimax = Minimax { game, known: HashMap::new() };
    let mut lines: [Vec<String>; 3] = Default::default();
    for q in &game.queries {
        let class = minimax.class(q);
        lines[0].push(class.to_string());
        for (k, left) in [(1, true), (2, false)] {
            lines[k].push(match minimax.first_winning_move(q, left) {
                Some((i, w)) => format!("{class} {i} {w}"),
                None => class.to_string(),
            });
        }
    }
    lines
}

#[test]
fn moves_named_are_the_first_winning_ones_by_minimax() {
    let mut rng = Rng(0x5eed_0052);
    let mut cases = 0;
    for round in 0..600 {
        let (max_n, max_m) = [(4, 6), (7, 12), (10, 20)][round % 3];
        let game = random_game(&mut rng, max_n, max_m);
        let text = game.text();
        let expected = expected_lines(&game);
        for (k, args) in [&[][..], &["--move"][..], &["--move", "--right"][..]].iter().enumerate() {
            let (status, out, err) = run_text("graph_partizan", args, text.as_bytes());
            assert_eq!(status, Some(0), "{args:?} {err}\n{text}");
            let got: Vec<&str> = out.lines().collect();
            assert_eq!(got, expected[k], "{args:?} on\n{text}");
            cases += 1;
        }
    }
    assert_eq!(cases, 1800);
}

/// A graph whose `--values` text is exactly `limit + extra` bytes, and that text: `0`, `1`, then
/// `2^-k` for `k = 1, 2, ...` as long as the text stays 10^5 bytes below the limit, then one `-1`
/// if the rest is odd, then `0` lines for the rest.
fn values_at(limit: usize, extra: usize) -> (String, String) {
    // 2^k in decimal, least significant digit first, doubled in place.
    let mut power = vec![1u8];
    let mut lines = vec!["0".to_string(), "1".to_string()];
    let mut bytes = 4;
    loop {
        let mut carry = 0;
        for d in power.iter_mut() {
            let twice = *d * 2 + carry;
            *d = twice % 10;
            carry = twice / 10;
        }
        if carry > 0 {
            power.push(carry);
        }
        let line: String = "1/".chars().chain(power.iter().rev().map(|&d| char::from(b'0' + d))).collect();
        if bytes + line.len() + 1 > limit - 100_000 {
            break;
        }
        bytes += line.len() + 1;
        lines.push(line);
    }
    let chain = lines.len() - 2;
    let rest = limit + extra - bytes;
    let minus_one = rest % 2;
    // Vertex 1 is 0, 2 is 1 (Left to 1), 2 + k is {0 | 2^-(k-1)} = 2^-k.
    let mut edges = vec!["2 1 L".to_string()];
    for v in 3..3 + chain {
        edges.push(format!("{v} 1 L"));
        edges.push(format!("{v} {} R", v - 1));
    }
    if minus_one == 1 {
        edges.push(format!("{} 1 R", 3 + chain));
        lines.push("-1".to_string());
    }
    let zeros = (rest - 3 * minus_one) / 2;
    lines.extend(std::iter::repeat("0".to_string()).take(zeros));
    let n = lines.len();
    let input = format!("{n} {}\n{}\n1\n1 1\n", edges.len(), edges.join("\n"));
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    assert_eq!(text.len(), limit + extra);
    (input, text)
}

#[test]
fn values_text_exactly_at_the_limit_is_printed_and_one_byte_more_refused() {
    let limit = 20_000_000;
    for extra in [0, 1] {
        let (input, text) = values_at(limit, extra);
        let (status, out, err) = run_text("graph_partizan", &["--values"], input.as_bytes());
        if extra == 0 {
            assert_eq!((status, err.as_str()), (Some(0), ""));
            assert!(out == text, "the text at the limit differs from the oracle's");
        } else {
            assert_eq!(status, Some(2));
            assert_eq!(out, "");
            assert_eq!(err, format!("error: the values would take more than {limit} bytes to write\n"));
        }
    }
}

/// Vertex 1 is 0, 2 is 1, and `2 + k` is `{1 - 2^-(k-1) | 1} = 1 - 2^-k`: numbers of `k` bits,
/// `k^2/2` bits in all; one query on the last.
fn long_numbers(k: usize) -> String {
    let mut s = format!("{} {}\n2 1 L\n", k + 2, 2 * k + 1);
    for j in 1..=k {
        let below = if j == 1 { 1 } else { j + 1 };
        s += &format!("{} {below} L\n{} 2 R\n", j + 2, j + 2);
    }
    s + &format!("1\n1 {}\n", k + 2)
}

#[test]
fn long_numbers_under_a_memory_limit_end_in_an_error_not_an_abort() {
    let bin = common::binary("graph_partizan");
    // Without the limit the input is valid and answered (`1 - 2^-12000 > 0`).
    let input = long_numbers(12_000);
    let (status, out, _) = run_text("graph_partizan", &[], input.as_bytes());
    assert_eq!((status, out.as_str()), (Some(0), "Left\n"));
    let path = std::env::temp_dir().join(format!("graph_partizan_attack_{}.in", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let mut failures = Vec::new();
    for kib in [16_000, 20_000, 30_000] {
        for flags in ["", "--values", "--move"] {
            let script = format!("ulimit -v {kib} && exec \"$0\" {flags} < \"$1\"");
            let out = Command::new("sh").args(["-c", &script]).arg(&bin).arg(&path).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            let one_error_line = err.starts_with("error: ") && err.lines().count() == 1;
            if out.status.code() != Some(2) && !(out.status.code() == Some(0) && err.is_empty())
                || out.status.code() == Some(2) && !one_error_line
            {
                failures.push(format!("ulimit -v {kib} {flags}: {:?} {}", out.status.code(), err));
            }
        }
    }
    std::fs::remove_file(&path).unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}
