//! `pattern` on tables of one parameter it has not seen: classical impartial games with published
//! periods (Grundy values computed here by a plain mex over every move, splits included), games
//! with a saltus, a game with no period, random sequences. Each period is held against the
//! published one, and a reported period is checked to hold past the table, on a longer one.

use crate::common;
use crate::pattern_common::{field, json, run};

/// The Grundy values of the octal game `code` (digits after the point: digit `j` for taking `j`
/// tokens; bit 1: the whole heap, bit 2: leaving one heap, bit 4: leaving two) for heaps `0..len`.
fn octal(code: &str, len: usize) -> Vec<u32> {
    let digits: Vec<u32> = code.chars().map(|c| c.to_digit(8).unwrap()).collect();
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut options = Vec::new();
        for (j, &d) in digits.iter().enumerate() {
            let take = j + 1;
            if take > n {
                break;
            }
            let left = n - take;
            if d & 1 != 0 && left == 0 {
                options.push(0);
            }
            if d & 2 != 0 && left > 0 {
                options.push(g[left]);
            }
            if d & 4 != 0 && left >= 2 {
                for a in 1..=left / 2 {
                    options.push(g[a] ^ g[left - a]);
                }
            }
        }
        g.push(mex(&options));
    }
    g
}

fn mex(options: &[u32]) -> u32 {
    (0..).find(|v| !options.contains(v)).unwrap()
}

/// The Grundy values of the subtraction game `set` for piles `0..len`.
fn subtraction(set: &[usize], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let options: Vec<u32> = set.iter().filter(|&&k| k <= n).map(|&k| g[n - k]).collect();
        g.push(mex(&options));
    }
    g
}

fn table<T: std::fmt::Display>(values: &[T]) -> String {
    values.iter().enumerate().map(|(n, v)| format!("{n} {v}\n")).collect()
}

/// (period, preperiod, saltus, proved) as `pattern --json` reports them, or None.
fn found(values: &str, args: &[&str]) -> Option<(i64, i64, i64, bool)> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = json(&all, values);
    if field(&out, "period") == "null" {
        return None;
    }
    let number = |name| field(&out, name).parse::<i64>().unwrap();
    Some((number("period"), number("preperiod"), number("saltus"), field(&out, "proved") == "true"))
}

#[test]
fn octal_games_have_their_published_periods_and_the_theorem_proves_them() {
    // Dawson's chess (0.137): period 34, exceptions 0, 14, 16, 17, 31, 34, 51 (Winning Ways).
    // Dawson's Kayles (0.07) is the same game one pin further (its heap of n is chess's n - 1):
    // period 34, last exception at 52. Kayles (0.77): period 12, last exception at 70.
    let dawson = octal("07", 400);
    assert_eq!(found(&table(&dawson), &["--octal", "2"]), Some((34, 53, 0, true)));
    let kayles = octal("77", 400);
    assert_eq!(found(&table(&kayles), &["--octal", "2"]), Some((12, 71, 0, true)));
    let out = json(&["--json"], &table(&kayles));
    assert_eq!(field(&out, "exceptions").rsplit(", ").next(), Some("70]"), "{out}");
    let chess = octal("137", 400);
    assert_eq!(found(&table(&chess), &["--octal", "3"]), Some((34, 52, 0, true)), "Dawson's chess");
    let out = json(&["--json"], &table(&chess));
    assert_eq!(field(&out, "exceptions"), "[0, 14, 16, 17, 31, 34, 51]");
    // Long enough to see the period, too short for the theorem (2 * 71 + 2 * 12 + 2 = 168 values).
    assert_eq!(found(&table(&kayles[..150]), &["--octal", "2"]), Some((12, 71, 0, false)));
    let text = run(&["--octal", "2"], &table(&kayles[..150])).1;
    assert!(
        text.contains("checked up to n = 149, not proved (the theorem needs the table up to n = 167)"),
        "{text}"
    );
    // Too short to confirm: two periods after the preperiod are not enough.
    assert_eq!(found(&table(&dawson[..110]), &[]), None);
    // Without a theorem, never proved.
    assert_eq!(found(&table(&dawson), &[]), Some((34, 53, 0, false)));
}

#[test]
fn subtraction_games_periods_proved_by_a_repeated_window() {
    let outcomes: Vec<&str> =
        subtraction(&[1, 2, 3], 60).iter().map(|&g| if g == 0 { "L" } else { "W" }).collect();
    assert_eq!(found(&table(&outcomes), &["--window", "3"]), Some((4, 0, 0, true)));
    let text = run(&["--window", "3"], &table(&outcomes)).1;
    assert!(text.contains("period 4, from n = 0") && text.contains("one period: L W W W"), "{text}");
    // {2, 5, 7}: the Grundy values, period 22 (0 0 1 1 0 2 1 3 0 2 1 0 2 1 3 2 1 3 2 4 3 0 ...).
    let g = subtraction(&[2, 5, 7], 300);
    let (p, pre, s, proved) = found(&table(&g), &["--window", "7"]).unwrap();
    assert_eq!((s, proved), (0, true));
    // The claim itself: it holds on a table ten times as long.
    let long = subtraction(&[2, 5, 7], 3000);
    for n in pre as usize..3000 - p as usize {
        assert_eq!(long[n + p as usize], long[n], "period {p} from {pre} breaks at {n}");
    }
    // And it is the smallest: no shorter period holds from there.
    assert!((1..p as usize).all(|q| (pre as usize..2900).any(|n| long[n + q] != long[n])));
}

#[test]
fn a_saltus_is_found_and_never_proved_by_the_theorems() {
    // Take any number of tokens but one: G(n) = floor(n / 2), so G(n + 2) = G(n) + 1.
    let mut g: Vec<u32> = Vec::new();
    for n in 0..200usize {
        let options: Vec<u32> = (2..=n).map(|k| g[n - k]).collect();
        g.push(mex(&options));
    }
    assert_eq!(found(&table(&g), &[]), Some((2, 0, 1, false)));
    assert_eq!(found(&table(&g), &["--window", "5"]), Some((2, 0, 1, false)));
    // Nim: period 1, saltus 1; with exceptions first.
    let mut nim: Vec<i64> = (0..100).collect();
    nim[3] = 7;
    let out = json(&["--json"], &table(&nim));
    assert_eq!(
        (field(&out, "period"), field(&out, "saltus"), field(&out, "preperiod")),
        ("1", "1", "4"),
        "{out}"
    );
    assert_eq!(field(&out, "exceptions"), "[3]");
}

#[test]
fn no_period_where_there_is_none() {
    // Take a square number of tokens: not periodic (its losing positions thin out).
    let squares: Vec<usize> = (1..20).map(|k| k * k).collect();
    let g = subtraction(&squares, 400);
    assert_eq!(found(&table(&g), &[]), None);
    let outcomes: Vec<&str> = g.iter().map(|&v| if v == 0 { "L" } else { "W" }).collect();
    assert_eq!(found(&table(&outcomes), &[]), None);
    let text = run(&[], &table(&outcomes)).1;
    assert!(text.contains("no period"), "{text}");
    // Random sequences of two, three or many values: no false period.
    let mut rng = common::Rng(11);
    for round in 0..150 {
        let len = rng.between(40, 400);
        let alphabet = [2, 3, 50][round % 3];
        let values: Vec<usize> = (0..len).map(|_| rng.below(alphabet)).collect();
        assert_eq!(found(&table(&values), &[]), None, "{values:?}");
    }
}

#[test]
fn a_period_found_holds_on_the_longer_table_and_check_says_so() {
    let short = table(&octal("77", 200));
    let long = table(&octal("77", 2000));
    let dir = crate::pattern_common::work_dir("periods_check");
    let path = dir.join("long.txt");
    std::fs::write(&path, long).unwrap();
    let (status, out) = run(&["--check", path.to_str().unwrap()], &short);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("check: 2000 rows, 2000 agree, 0 disagree"), "{out}");
    // A wrong row in the longer table is reported with its line.
    let mut wrong = octal("77", 2000);
    wrong[1500] ^= 1;
    std::fs::write(&path, table(&wrong)).unwrap();
    let (status, out) = run(&["--check", path.to_str().unwrap()], &short);
    assert_eq!(status, 1);
    assert!(out.contains("1999 agree, 1 disagree") && out.contains("line 1501: n = 1500"), "{out}");
}

/// The rows `n value` of `values` from `n = start`.
fn table_from<T: std::fmt::Display>(values: &[T], start: i64) -> String {
    values.iter().enumerate().map(|(i, v)| format!("{} {v}\n", start + i as i64)).collect()
}

#[test]
fn proved_only_about_n_from_0_and_by_a_window_the_table_agrees_with() {
    // 0.16 from n = 105 to 128 looks like period 3, but g(129) breaks it: no octal proof, which
    // needs every value from n = 0.
    let g = octal("16", 140);
    assert_ne!(g[129], g[126], "the slice's period 3 breaks at 129");
    let out = json(&["--json", "--octal", "2"], &table_from(&g[105..129], 105));
    assert_eq!((field(&out, "period"), field(&out, "proved")), ("3", "false"), "{out}");
    assert!(field(&out, "unproved_because").contains("needs every n from 0"), "{out}");
    // Dawson's chess, proved from n = 0 (above), is not from n = 1.
    let chess = octal("137", 400);
    let out = json(&["--json", "--octal", "3"], &table_from(&chess[1..], 1));
    assert_eq!(field(&out, "proved"), "false", "{out}");
    // Negative n: checked, never proved.
    let (_, text) = run(&["--window", "1"], &table_from(&["W"; 41], -40));
    assert!(text.contains("not proved (the window recurrence holds from n = 1 on"), "{text}");
    // {2, 9, 11} with --window 5 (its moves take up to 11): the table itself contradicts it, at
    // two places the report names; checked here on the table.
    let outcomes: Vec<&str> =
        subtraction(&[2, 9, 11], 200).iter().map(|&v| if v == 0 { "L" } else { "W" }).collect();
    let out = json(&["--json", "--window", "5"], &table(&outcomes));
    assert_eq!(field(&out, "proved"), "false", "{out}");
    let why = field(&out, "unproved_because");
    let places: Vec<usize> = why
        .split("before n = ")
        .skip(1)
        .map(|s| s.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap())
        .collect();
    let (i, j) = (places[0], places[1]);
    assert!(outcomes[i - 5..i] == outcomes[j - 5..j] && outcomes[i] != outcomes[j], "{why}");
    // With the true bound, proved; and the period holds on a table fifteen times as long.
    let (p, pre, _, proved) = found(&table(&outcomes), &["--window", "11"]).unwrap();
    assert!(proved);
    let long = subtraction(&[2, 9, 11], 3000);
    assert!((pre as usize..3000 - p as usize).all(|n| (long[n] == 0) == (long[n + p as usize] == 0)));
}

#[test]
fn a_proved_period_of_a_random_subtraction_game_holds_far_beyond_its_table() {
    let mut rng = common::Rng(46);
    let mut proofs = 0;
    for _ in 0..60 {
        let set: Vec<usize> = (1..=7).filter(|_| rng.below(2) == 0).collect();
        if set.is_empty() {
            continue;
        }
        let len = rng.between(30, 200);
        let long: Vec<&str> =
            subtraction(&set, 3000).iter().map(|&v| if v == 0 { "L" } else { "W" }).collect();
        // The true bound, and a random one that may be false (then the proof rests on a false
        // hypothesis; but a contradiction the tool names must be real).
        let truth = set[set.len() - 1];
        for t in [truth, rng.between(1, 7)] {
            let out = json(&["--json", "--window", &t.to_string()], &table(&long[..len]));
            if field(&out, "proved") == "true" && t >= truth {
                proofs += 1;
                let number = |name| field(&out, name).parse::<usize>().unwrap();
                let (p, pre) = (number("period"), number("preperiod"));
                assert!((pre..3000 - p).all(|n| long[n] == long[n + p]), "{set:?} t {t}: {out}");
            }
            let why = field(&out, "unproved_because");
            if why.contains("contradicts") {
                let at: Vec<usize> = why
                    .split("before n = ")
                    .skip(1)
                    .map(|s| s.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap())
                    .collect();
                let (i, j) = (at[0], at[1]);
                assert!(long[i - t..i] == long[j - t..j] && long[i] != long[j], "{set:?} t {t}: {why}");
            }
        }
    }
    assert!(proofs >= 20, "only {proofs} proofs: the test tests too little");
}
