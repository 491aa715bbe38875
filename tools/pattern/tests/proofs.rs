//! Every "proved" of `pattern` holds: each period proved from a table is held against a table
//! twice as long, computed here apart (Grundy values of octal games by a plain mex over every
//! move, sequences of a random function of the last `T` values), and each proof is asked of the
//! table from exactly the length its theorem reads and not one value sooner (the bounds written
//! out here from the theorems' statements: docs/pattern.md).

use crate::common;
use crate::pattern_common::{field, run};

/// The Grundy values of the octal game `0.code` for heaps `0..len`: digit `j` (from 1) for taking
/// `j` tokens; its bit 1: the whole heap, bit 2: leaving one heap, bit 4: leaving two heaps, both
/// non-empty.
fn octal(code: &str, len: usize) -> Vec<u32> {
    let digits: Vec<u32> = code.chars().map(|c| c.to_digit(8).unwrap()).collect();
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut seen = vec![false; 2 * n + 2];
        for (j, &d) in digits.iter().enumerate() {
            let take = j + 1;
            if take > n {
                break;
            }
            let left = n - take;
            if d & 1 != 0 && left == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && left > 0 {
                seen[g[left] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..left {
                    seen[(g[a] ^ g[left - a]) as usize] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

fn table<T: std::fmt::Display>(values: &[T]) -> String {
    values.iter().enumerate().map(|(n, v)| format!("{n} {v}\n")).collect()
}

/// `pattern --json ARGS` on `values` (run in the test's process, as the tool runs it):
/// (preperiod, period, saltus, proved, the last n the proof needs), or None without a period.
fn claim<T: std::fmt::Display>(
    values: &[T],
    args: &[&str],
) -> Option<(usize, usize, i64, bool, Option<usize>)> {
    let text = table(values);
    let parsed = pattern::table::parse(&text).unwrap();
    let mut all: Vec<String> = vec!["--json".to_string()];
    all.extend(args.iter().map(|a| a.to_string()));
    let options = pattern::options::parse(&all).unwrap();
    let out = pattern::single::report(&parsed, "n", &options, None).unwrap().stdout;
    if field(&out, "period") == "null" {
        return None;
    }
    let number = |name| field(&out, name).parse::<i64>().unwrap();
    let needs = field(&out, "proof_needs").parse::<usize>().ok();
    Some((
        number("preperiod") as usize,
        number("period") as usize,
        number("saltus"),
        field(&out, "proved") == "true",
        needs,
    ))
}

/// Whether `v(n + p) = v(n)` for every `n >= s` of `values`.
fn holds<T: PartialEq>(values: &[T], s: usize, p: usize) -> bool {
    (s..values.len().saturating_sub(p)).all(|n| values[n + p] == values[n])
}

/// Every length of `long`'s first `max` values from 15 on: each proof holds on the table twice
/// as long, and is given from the length `needs(s, p)` on, never sooner. The proofs counted.
fn every_length<T: PartialEq + std::fmt::Display>(
    what: &str,
    long: &[T],
    max: usize,
    args: &[&str],
    needs: impl Fn(usize, usize) -> usize,
) -> usize {
    let mut proofs = 0;
    for len in 15..=max {
        let (s, p, saltus, proved, said) = match claim(&long[..len], args) {
            Some(found) => found,
            None => continue,
        };
        if saltus != 0 {
            assert!(!proved, "{what}: a saltus proved at {len}");
            continue;
        }
        // The last n the theorem reads (the table's length it needs, less one).
        assert_eq!(said, Some(needs(s, p) - 1), "{what}, {len} values: s {s} p {p}");
        assert_eq!(proved, len >= needs(s, p), "{what}, {len} values: s {s} p {p}");
        if proved {
            proofs += 1;
            assert!(
                holds(&long[..2 * len], s, p),
                "{what}: period {p} from {s} proved on {len} values is false"
            );
        }
    }
    proofs
}

#[test]
fn octal_proofs_hold_on_a_table_twice_as_long() {
    // The theorem (Guy and Smith) reads v up to 2 n0 + 2p + T - 1, n0 = max(s, 1).
    let needs = |t: usize| move |s: usize, p: usize| 2 * s.max(1) + 2 * p + t;
    // 0.1213136 on n = 0..38 shows period 8 from 12; v(41) = 2 where v(33) = 1.
    let g = octal("1213136", 200);
    assert_ne!(g[41], g[33]);
    let (s, p, _, proved, said) = claim(&g[..39], &["--octal", "7"]).unwrap();
    assert_eq!((s, p, proved, said), (12, 8, false, Some(46)));
    // Kayles: period 12 from 71, proved from 2 * 71 + 24 + 2 = 168 values on, not on 167.
    let kayles = octal("77", 400);
    assert_eq!(claim(&kayles[..167], &["--octal", "2"]), Some((71, 12, 0, false, Some(167))));
    assert_eq!(claim(&kayles[..168], &["--octal", "2"]), Some((71, 12, 0, true, Some(167))));
    // Why n0 = max(s, 1): 0.04 is 0 on n = 0..3, period 1 from 0 by the hypothesis read with
    // n0 = 0, and G(4) = 1 (the split (1, 1) of 2 has no counterpart at 1).
    assert_eq!(octal("04", 5), [0, 0, 0, 0, 1]);
    let mut proofs = 0;
    let mut codes: Vec<String> =
        ["1213136", "77", "137", "07", "16", "4", "04", "14", "3"].map(String::from).to_vec();
    for a in 0..8 {
        for b in 1..8 {
            codes.push(format!("{a}{b}"));
            codes.extend((1..8).filter(|c| (a + b + c) % 5 == 0).map(|c| format!("{a}{b}{c}")));
        }
    }
    for code in &codes {
        let t = code.len();
        let long = octal(code, 480);
        proofs += every_length(&format!("0.{code}"), &long, 240, &["--octal", &t.to_string()], needs(t));
    }
    assert!(proofs >= 2000, "only {proofs} proofs: the test tests too little");
}

/// `len` values of a random function of the last `t` values (of `alphabet` letters, or digits),
/// the first `t` random.
fn window_sequence(
    rng: &mut common::Rng,
    t: usize,
    alphabet: usize,
    len: usize,
    digits: bool,
) -> Vec<String> {
    let letter = |k: usize| if digits { k.to_string() } else { ((b'a' + k as u8) as char).to_string() };
    let mut f = std::collections::HashMap::new();
    let mut v: Vec<usize> = (0..t).map(|_| rng.below(alphabet)).collect();
    while v.len() < len {
        let window = v[v.len() - t..].to_vec();
        let next = *f.entry(window).or_insert_with(|| rng.below(alphabet));
        v.push(next);
    }
    v.into_iter().map(letter).collect()
}

#[test]
fn window_proofs_hold_on_a_table_twice_as_long() {
    // The argument reads the windows from s and from s + p: v up to s + p + T - 1.
    let needs = |t: usize| move |s: usize, p: usize| s + p + t;
    // L, then twelve W; then W after a window with an L, L after thirteen W: period 1 from n = 1
    // on n = 0..13, which v(14) = L breaks. The window argument needs n = 14 too: not proved.
    let mut v = vec!["L"];
    v.extend(["W"; 12]);
    while v.len() < 40 {
        let all_w = v[v.len() - 13..].iter().all(|&x| x == "W");
        v.push(if all_w { "L" } else { "W" });
    }
    assert_eq!(v[14], "L");
    assert_eq!(claim(&v[..14], &["--window", "13"]), Some((1, 1, 0, false, Some(14))));
    let mut rng = common::Rng(52);
    let mut proofs = 0;
    for round in 0..160 {
        let t = 1 + rng.below(14);
        let alphabet = 2 + rng.below(2);
        let digits = round % 2 == 0;
        let long = window_sequence(&mut rng, t, alphabet, 400, digits);
        let what = format!("a function of the last {t} of {alphabet} values: {}", long[..60].join(" "));
        proofs += every_length(&what, &long, 200, &["--window", &t.to_string()], needs(t));
    }
    assert!(proofs >= 3000, "only {proofs} proofs: the test tests too little");
}

#[test]
fn a_saltus_and_the_periods_of_several_parameters_are_never_proved() {
    // G(n) = floor(n / 2) (take any number but one): period 2, saltus 1. No theorem proves it.
    let g: Vec<u32> = (0..200).map(|n| n / 2).collect();
    for flag in ["--octal", "--window"] {
        let out = run(&["--json", flag, "3"], &table(&g)).1;
        assert_eq!((field(&out, "saltus"), field(&out, "proved")), ("1", "false"), "{out}");
        assert!(field(&out, "unproved_because").contains("no theorem for a saltus"), "{out}");
    }
    // Two parameters: the periods along the lines, and those that grow with another parameter
    // (K + 1 along n), are checked only, never said to be proved; no theorem may be named.
    let t: String = (0..=40)
        .flat_map(|n| {
            (3..=12).map(move |k| format!("{n} {k} {}\n", if n % (k + 1) == 0 { "L" } else { "W" }))
        })
        .collect();
    let (status, text) = run(&["--names", "n,K"], &t);
    assert_eq!(status, 0);
    assert!(text.contains("period K + 1 along n") && !text.contains("proved"), "{text}");
    let out = run(&["--json", "--names", "n,K"], &t).1;
    assert!(!out.contains("proved"), "{out}");
    for flag in ["--octal", "--window"] {
        let (status, _) = run(&[flag, "3"], &t);
        assert_eq!(status, 2, "{flag} on two parameters");
    }
}
