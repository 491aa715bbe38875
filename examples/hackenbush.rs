//! Blue-Red Hackenbush on trees (docs/problems/hackenbush.md), a complete submission written
//! against the crate's public API only: exact numbers ([`Dyadic`]) from the rules for trees, no
//! game search.
//!
//! # Rules
//! A forest stands on the ground: vertex 0 is the ground, and every other vertex `i` hangs from
//! vertex `p_i` by an edge, blue or red. Left (Blue) cuts a blue edge, Right (Red) a red one;
//! whatever no longer connects to the ground through the remaining edges goes. A player who cannot
//! cut loses. For each forest: its value, and who wins.
//!
//! # Input
//! `t` (1 to 10^4), then `t` forests, each `n` (1 to 10^5) and `n` lines `p_i c_i` for `i = 1..n`:
//! vertex `i` hangs from `p_i` (0 to `n`, not `i`) by an edge of colour `c_i`, `B` or `R`. Every
//! vertex must reach the ground (no cycle). At most 10^5 edges in all; nothing after the forests.
//!
//! # Output
//! One line a forest: its value, a number in CGSuite's notation (`0`, `-2`, `3/8`), and who wins:
//! `Left` (positive: Blue wins whoever starts), `Right` (negative) or `Second` (zero).
//!
//! # Method
//! Every Blue-Red Hackenbush position is a number. On a tree it is computed from the leaves down:
//! the branches hanging from one vertex add (by the colon principle of Berlekamp, Conway and Guy's
//! *Winning Ways*, they count as a single stalk of their sum's value), and a branch, the edge
//! from a vertex `v` to its parent with `v`'s subtree on top worth `x`, is worth, for a blue edge,
//! `x + 1` if `x >= 0`, else `(x + m) / 2^(m - 1)` with `m` the least integer `>= 1` such that
//! `x + m >= 1` (`m = 1 - floor(x)`); for a red edge, the mirror: minus the blue value of `-x`.
//! The vertices are taken children first (each once its children are done: no recursion, a
//! string of 10^5 edges works), and the ground's value is the forest's. tests/hackenbush.rs
//! checks the rule against the canonical forms of the game itself on small trees.
//!
//! # Cost
//! A number's denominator is at most 2 to the height of its subtree: a string of `n` edges costs
//! O(n^2 / 64) word operations (0.6 s at 10^5 on a busy 2-core machine). Memory: a value a vertex
//! while its children are being added, their digits bounded by the edges below (O(n) bits in
//! all), checked before.

use graph_games::cli;
use graph_games::input::{shown, Error, Scanner};
use graph_games::memory::{check_memory, try_grow_within};
use graph_games::partizan::Dyadic;
use std::io::{Read, Write};

/// The statement's bounds.
const MAX_FORESTS: u64 = 10_000;
const MAX_EDGES: u64 = 100_000;

const USAGE: &str = "\
usage: hackenbush < input

Blue-Red Hackenbush on trees: reads t, then t forests (n, then n lines p_i c_i: vertex i hangs
from p_i, the ground being 0, by a B or R edge) and prints each forest's value and who wins:
Left (Blue), Right (Red) or Second.

  --help     print this help
";

/// A forest: vertex `i` (1 to n) hangs from `parent[i]` by an edge, blue when `blue[i]`.
struct Forest {
    parent: Vec<usize>,
    blue: Vec<bool>,
}

/// Reads one forest.
fn read_forest<R: Read>(input: &mut Scanner<R>, which: &str, left: u64) -> Result<Forest, Error> {
    let at = input.peek_pos()?;
    let n = input.u64_in(format_args!("the number of edges n of {which}"), 1, MAX_EDGES)?;
    if n > left {
        return Err(Error::at(at, format!("{which} brings the edges past {MAX_EDGES} in all")));
    }
    let n = n as usize;
    let (mut parent, mut blue) = (vec![0], vec![false]);
    for i in 1..=n {
        let at = input.peek_pos()?;
        let p = input.u64_in(format_args!("the parent of vertex {i} of {which}"), 0, n as u64)? as usize;
        if p == i {
            return Err(Error::at(at, format!("vertex {i} of {which} hangs from itself")));
        }
        let what = format!("the colour of vertex {i}'s edge of {which}");
        let (colour, mark) = input.token_at_most(&what, 1)?;
        let colour = colour[0];
        if colour != b'B' && colour != b'R' {
            let at = input.position(mark);
            return Err(Error::at(at, format!("{what} is B or R, found {}", shown(&[colour]))));
        }
        try_grow_within(&mut parent, 1, n + 1, &format_args!("{n} edges"))?;
        try_grow_within(&mut blue, 1, n + 1, &format_args!("{n} edges"))?;
        parent.push(p);
        blue.push(colour == b'B');
    }
    Ok(Forest { parent, blue })
}

/// The value of a blue edge under a subtree worth `x` (module doc).
fn blue_edge(x: &Dyadic) -> Dyadic {
    let one = Dyadic::from_i64(1);
    if x.signum() >= 0 {
        return x.add(&one);
    }
    // m = 1 - floor(x) >= 2, at most the edges above plus one.
    let m = one.sub(&x.floor()).to_i64().expect("a height that fits");
    x.add(&Dyadic::from_i64(m)).mul_pow2(1 - m)
}

/// The value of an edge of the given colour under a subtree worth `x`.
fn edge(blue: bool, x: &Dyadic) -> Dyadic {
    if blue {
        blue_edge(x)
    } else {
        blue_edge(&x.neg()).neg()
    }
}

/// The forest's value: its vertices children first, each branch added to its parent's value.
fn value(forest: &Forest, which: &str) -> Result<Dyadic, Error> {
    let n = forest.parent.len() - 1;
    let mut children = vec![0u32; n + 1];
    for &p in &forest.parent[1..] {
        children[p] += 1;
    }
    let mut values = vec![Dyadic::zero(); n + 1];
    let mut ready: Vec<usize> = (1..=n).filter(|&v| children[v] == 0).collect();
    let mut done = 0;
    while let Some(v) = ready.pop() {
        done += 1;
        let x = std::mem::replace(&mut values[v], Dyadic::zero());
        let branch = edge(forest.blue[v], &x);
        let p = forest.parent[v];
        values[p] = values[p].add(&branch);
        children[p] -= 1;
        if children[p] == 0 && p != 0 {
            ready.push(p);
        }
    }
    if done < n {
        // A vertex left waits on a cycle of parents, or hangs below one: walk up to the cycle.
        let mut v = (1..=n).find(|&v| children[v] > 0).expect("a vertex left");
        let mut seen = vec![false; n + 1];
        while !seen[v] {
            seen[v] = true;
            v = forest.parent[v];
        }
        let mut cycle = vec![v.to_string()];
        let mut u = forest.parent[v];
        while u != v {
            cycle.push(u.to_string());
            u = forest.parent[u];
        }
        cycle.push(v.to_string());
        return Err(Error::new(format!(
            "{which} does not stand on the ground: its vertices hang in a cycle {}",
            cycle.join(" -> ")
        )));
    }
    Ok(std::mem::replace(&mut values[0], Dyadic::zero()))
}

fn main() {
    std::process::exit(cli::run(USAGE, &[], |_, input, output| {
        let t = input.u64_in("the number of forests t", 1, MAX_FORESTS)?;
        let mut forests = Vec::new();
        let mut left = MAX_EDGES;
        for f in 1..=t {
            let forest = read_forest(input, &format!("forest {f} of {t}"), left)?;
            left -= forest.parent.len() as u64 - 1;
            try_grow_within(&mut forests, 1, t as usize, &format_args!("{t} forests"))?;
            forests.push(forest);
        }
        input.finish("the last forest")?;
        // Module doc, "Cost": a value and a count a vertex, their digits O(n) bits in all.
        let edges = MAX_EDGES - left;
        check_memory(96 * edges as u128 + (1 << 16), format_args!("the values of {edges} vertices"))?;
        let mut text = String::new();
        for (f, forest) in forests.iter().enumerate() {
            let x = value(forest, &format!("forest {} of {t}", f + 1))?;
            let winner = match x.signum() {
                1 => "Left",
                -1 => "Right",
                _ => "Second",
            };
            text.push_str(&format!("{x} {winner}\n"));
        }
        output.write_all(text.as_bytes())?;
        Ok(())
    }));
}
