//! Checks `examples/hackenbush.rs` (Blue-Red Hackenbush on trees, by the rules for trees) against
//! two oracles that share nothing with its rule.
//!
//! - The game itself: on random forests of up to 12 edges, a state is the set of edges still
//!   standing (a bit mask); a player's move cuts one of their edges and drops every edge whose way
//!   down to the ground is no longer whole. The library's [`forward_values`] gives every state's
//!   canonical form (the plain definition: options, dominated and reversible ones removed), which
//!   must be a number (Blue-Red Hackenbush is all numbers) and equal to what the program prints;
//!   the winner must be its sign.
//! - Strings (one path up from the ground), up to 10^5 edges, against Berlekamp's sign expansion:
//!   the first run of `k` edges of one colour is worth `k` (with that colour's sign), and the
//!   `j`-th edge after it adds `±1/2^j` (plus for blue), the first of them being of the other
//!   colour. The fraction is rebuilt here in decimal with a small big-number type of the test's
//!   own.
//!
//! Also the judge cases' expected files (worked by hand in docs/problems/hackenbush.md) pass
//! through the first oracle, and bad input keeps the contract. Random inputs come from splitmix64
//! with fixed seeds.

use crate::common;
use common::{assert_rejected, run_program, Rng};
use graph_games::partizan::{forward_values, Forms, Side};

fn run_example(input: &str) -> std::process::Output {
    run_program(common::example("hackenbush").to_str().unwrap(), &[], input.as_bytes())
}

/// The program's lines on `input`, which it must accept.
fn answer(input: &str) -> Vec<String> {
    let out = run_example(input);
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "hackenbush failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect()
}

/// A forest: edge `i` (0-based) joins vertex `i + 1` to `parent[i]` (0 the ground).
struct Forest {
    parent: Vec<usize>,
    blue: Vec<bool>,
}

impl Forest {
    fn input(&self) -> String {
        let mut text = format!("{}\n", self.parent.len());
        for (p, &b) in self.parent.iter().zip(&self.blue) {
            text += &format!("{p} {}\n", if b { 'B' } else { 'R' });
        }
        text
    }

    /// The edges left standing of `mask`: those whose way down is all in `mask`.
    fn grounded(&self, mask: usize) -> usize {
        let mut kept = 0;
        for e in 0..self.parent.len() {
            let mut v = e + 1;
            let mut whole = true;
            while v != 0 {
                whole &= mask >> (v - 1) & 1 == 1;
                v = self.parent[v - 1];
            }
            if whole {
                kept |= 1 << e;
            }
        }
        kept
    }

    /// The value and winner by the canonical forms of the game over sets of edges.
    fn oracle(&self) -> String {
        let m = self.parent.len();
        let mut forms = Forms::new();
        let values = forward_values(&mut forms, 1 << m, |mask, side, list| {
            for e in 0..m {
                if mask >> e & 1 == 1 && self.blue[e] == (side == Side::Left) {
                    list.push(self.grounded(mask & !(1 << e)));
                }
            }
        })
        .unwrap();
        let full = self.grounded((1 << m) - 1);
        let x = forms.as_number(values[full]).expect("Blue-Red Hackenbush is all numbers");
        let winner = match x.signum() {
            1 => "Left",
            -1 => "Right",
            _ => "Second",
        };
        format!("{x} {winner}")
    }
}

fn random_forest(rng: &mut Rng, edges: usize) -> Forest {
    // Vertex i + 1 hangs from any vertex before it, then the numbers are shuffled (so a parent
    // may come after its child in the input).
    let mut parent: Vec<usize> =
        (0..edges).map(|i| if rng.below(4) == 0 { 0 } else { rng.below(i + 1) }).collect();
    let blue: Vec<bool> = (0..edges).map(|_| rng.below(2) == 0).collect();
    let mut order: Vec<usize> = (1..=edges).collect();
    for i in (1..edges).rev() {
        order.swap(i, rng.below(i + 1));
    }
    // Vertex v becomes order[v - 1]; the ground stays 0.
    let rename = |v: usize| if v == 0 { 0 } else { order[v - 1] };
    let mut new_parent = vec![0; edges];
    let mut new_blue = vec![false; edges];
    for v in 1..=edges {
        new_parent[rename(v) - 1] = rename(parent[v - 1]);
        new_blue[rename(v) - 1] = blue[v - 1];
    }
    parent = new_parent;
    Forest { parent, blue: new_blue }
}

#[test]
fn random_forests_against_the_canonical_forms_of_the_game() {
    let mut rng = Rng(45);
    let mut seen = std::collections::HashSet::new();
    for round in 0..20 {
        let forests: Vec<Forest> = (0..25)
            .map(|_| {
                let edges = 1 + rng.below(12);
                random_forest(&mut rng, edges)
            })
            .collect();
        let mut input = format!("{}\n", forests.len());
        for f in &forests {
            input += &f.input();
        }
        let lines = answer(&input);
        assert_eq!(lines.len(), forests.len());
        for (f, line) in forests.iter().zip(&lines) {
            assert_eq!(line, &f.oracle(), "round {round}, forest:\n{}", f.input());
            seen.insert(line.split(' ').nth(1).unwrap().to_string());
        }
    }
    assert_eq!(seen.len(), 3, "every winner seen: {seen:?}");
}

/// A natural number in base 10^9, least significant limb first.
struct Decimal(Vec<u64>);

impl Decimal {
    const BASE: u64 = 1_000_000_000;

    /// `2 self + bit`, `bit` in -1..=1, staying positive.
    fn double_plus(&mut self, bit: i64) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = *limb * 2 + carry;
            *limb = v % Self::BASE;
            carry = v / Self::BASE;
        }
        if carry > 0 {
            self.0.push(carry);
        }
        if bit == 1 {
            let mut i = 0;
            loop {
                if i == self.0.len() {
                    self.0.push(0);
                }
                self.0[i] += 1;
                if self.0[i] < Self::BASE {
                    break;
                }
                self.0[i] = 0;
                i += 1;
            }
        } else if bit == -1 {
            let mut i = 0;
            while self.0[i] == 0 {
                self.0[i] = Self::BASE - 1;
                i += 1;
            }
            self.0[i] -= 1;
        }
        while self.0.len() > 1 && *self.0.last().unwrap() == 0 {
            self.0.pop();
        }
    }

    fn text(&self) -> String {
        let mut s = self.0.last().unwrap().to_string();
        for limb in self.0.iter().rev().skip(1) {
            s += &format!("{limb:09}");
        }
        s
    }
}

/// The value of a string (bottom edge first, `true` blue) by the sign expansion, as the program
/// prints it.
fn string_value(blue: &[bool]) -> String {
    let k = blue.iter().take_while(|&&b| b == blue[0]).count();
    let sign = if blue[0] { "" } else { "-" };
    // |value| * 2^(n - k) = k, then doubled plus or minus one for each edge after the run
    // (plus for the colour of the first edge): odd from the first, so already in lowest terms.
    let mut numerator = Decimal(vec![k as u64]);
    let mut denominator = Decimal(vec![1]);
    for &b in &blue[k..] {
        numerator.double_plus(if b == blue[0] { 1 } else { -1 });
        denominator.double_plus(0);
    }
    let winner = if blue[0] { "Left" } else { "Right" };
    if k == blue.len() {
        format!("{sign}{k} {winner}")
    } else {
        format!("{sign}{}/{} {winner}", numerator.text(), denominator.text())
    }
}

#[test]
fn strings_against_the_sign_expansion() {
    let mut rng = Rng(1377);
    // Small strings also against the game itself (the sign expansion checked once more).
    let mut strings: Vec<Vec<bool>> =
        (0..40).map(|_| (0..1 + rng.below(10)).map(|_| rng.below(2) == 0).collect()).collect();
    for s in &strings {
        let forest = Forest { parent: (0..s.len()).collect(), blue: s.clone() };
        assert_eq!(string_value(s), forest.oracle(), "{s:?}");
    }
    for &n in &[60, 200, 1000, 5000] {
        strings.push((0..n).map(|_| rng.below(2) == 0).collect());
    }
    // The longest: 10^5 edges, alternating after a few blue ones, and random.
    let mut alternating: Vec<bool> = vec![true; 3];
    alternating.extend((0..99_997).map(|i| i % 2 == 0));
    strings.push(alternating);
    strings.push((0..100_000).map(|_| rng.below(2) == 0).collect());
    for s in &strings {
        let forest = Forest { parent: (0..s.len()).collect(), blue: s.clone() };
        let lines = answer(&format!("1\n{}", forest.input()));
        assert_eq!(lines, vec![string_value(s)], "a string of {} edges", s.len());
    }
}

#[test]
fn bad_input_keeps_the_contract() {
    for (input, message) in [
        (
            "1\n2\n0 B\n1 G\n",
            "line 4, column 3: the colour of vertex 2's edge of forest 1 of 1 is B or R, found `G`",
        ),
        (
            "1\n2\n2 B\n1 R\n",
            "forest 1 of 1 does not stand on the ground: its vertices hang in a cycle 1 -> 2 -> 1",
        ),
        ("1\n1\n1 B\n", "line 3, column 1: vertex 1 of forest 1 of 1 hangs from itself"),
        ("1\n2\n0 B\n3 R\n", "line 4, column 1"),
        ("2\n1\n0 B\n", "expected the number of edges n of forest 2 of 2"),
        ("1\n1\n0 B\n5\n", "line 4, column 1"),
    ] {
        let out = run_example(input);
        assert_rejected(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{input:?}: {err}");
    }
}
