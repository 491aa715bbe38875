//! What `pattern` prints holds: periods that grow with another parameter found from a small table
//! and held against games solved here directly far beyond it (Codeforces 1194D; take 1 or K);
//! rules on numbers at the edge of `i64` that the emitted code computes exactly; values as
//! written (`1` and `+1` two values, `010` a token); names of every language refused with the
//! reason, and the emitted code's own names free for the parameters; a closed stdout; control
//! bytes never echoed raw. Each emitted function is compiled (or run) and held against the rows.

use crate::common;
use crate::pattern_common::{compile_and_run, field, json, output, output_bytes, run, work_dir};
use std::process::{Command, Stdio};

/// Outcomes (`W` for the player to move) of the subtraction game `moves(k)` for piles `0..=n_max`,
/// solved move by move.
fn solve(n_max: usize, moves: &[usize]) -> Vec<bool> {
    let mut win: Vec<bool> = Vec::with_capacity(n_max + 1);
    for n in 0..=n_max {
        let w = moves.iter().any(|&m| m <= n && !win[n - m]);
        win.push(w);
    }
    win
}

/// The rows `n k value` of the game `moves(k)` for `n <= n_max`, `k` in `ks`.
fn game_table(
    n_max: usize,
    ks: std::ops::RangeInclusive<usize>,
    moves: impl Fn(usize) -> Vec<usize>,
) -> String {
    let solved: Vec<(usize, Vec<bool>)> = ks.map(|k| (k, solve(n_max, &moves(k)))).collect();
    let mut t = String::new();
    for n in 0..=n_max {
        for (k, win) in &solved {
            t.push_str(&format!("{n} {k} {}\n", if win[n] { "W" } else { "L" }));
        }
    }
    t
}

/// The rule found on `small` (names `names`) is confirmed by `--check` on `large`, and its code,
/// in each language, gives every row of `far` (the game solved here) its value.
fn rule_holds_far_beyond(test: &str, small: &str, large: &str, far: &str, names: &str) -> String {
    let path = work_dir(test).join("large.txt");
    std::fs::write(&path, large).unwrap();
    let (status, text) =
        run(&["--names", names, "--color", "never", "--check", path.to_str().unwrap()], small);
    assert_eq!(status, 0, "{test}: {text}");
    assert!(text.contains("rule ("), "{test}: no rule:\n{text}");
    assert!(text.contains(" disagree") && text.contains(", 0 disagree"), "{test}: {text}");
    let expected: Vec<&str> = far.lines().map(|l| l.rsplit(' ').next().unwrap()).collect();
    for lang in ["rust", "cpp", "python"] {
        let (status, code) = run(&["--names", names, "--emit", lang], small);
        assert_eq!(status, 0, "{test} {lang}: {code}");
        if let Some(got) = compile_and_run(test, lang, &code, 2, far) {
            let got: Vec<&str> = got.lines().collect();
            let wrong = (0..expected.len()).find(|&i| got.get(i) != Some(&expected[i]));
            assert_eq!(
                wrong,
                None,
                "{test} {lang}: row {:?} wrong:\n{code}",
                wrong.map(|i| far.lines().nth(i))
            );
        }
    }
    text
}

#[test]
fn codeforces_1194d_from_n_and_k_up_to_40() {
    // Moves 1, 2 or K (3 <= K): its period along n is K + 1 when 3 divides K, else 3.
    let moves = |k: usize| vec![1, 2, k];
    let small = game_table(40, 3..=40, moves);
    let large = game_table(300, 3..=200, moves);
    let far = game_table(1000, 3..=300, moves);
    let text = rule_holds_far_beyond("cf1194d", &small, &large, &far, "n,K");
    assert!(text.contains("period K + 1 along n, for K mod 3 == 0: 4 lines (K = 3; 6; 9; 12)"), "{text}");
    // The lines' periods in numeric order: 3, 4, 7, 10, 13 (not 10 before 4 as text would).
    let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("no {s}:\n{text}"));
    assert!(at("  period 3 from") < at("  period 4 from") && at("  period 7 from") < at("  period 10 from"));
    // Names the emitted code uses itself are free: its local is renamed.
    rule_holds_far_beyond("cf1194d_res", &small, &large, &far, "res,i");
}

#[test]
fn take_one_or_k_from_a_small_table() {
    // Moves 1 or K (2 <= K): period 2 when K is odd, K + 1 when it is even.
    let moves = |k: usize| vec![1, k];
    let small = game_table(40, 2..=40, moves);
    let large = game_table(300, 2..=200, moves);
    let far = game_table(1000, 2..=300, moves);
    let text = rule_holds_far_beyond("take_1_or_k", &small, &large, &far, "n,K");
    assert!(text.contains("period K + 1 along n, for K mod 2 == 0"), "{text}");
    let out = json(&["--json"], &small);
    assert_eq!(field(&out, "residues"), "[\"a mod (b + 1)\"]", "{out}");
}

/// A value of `x` near the edges of `i64` or small, by `pick`.
fn edge(pick: u64, small: i64) -> i64 {
    match pick % 6 {
        0 => i64::MAX - small,
        1 => i64::MIN + small,
        2 => -small,
        _ => small,
    }
}

#[test]
fn rules_on_numbers_at_the_edge_of_i64_hold_in_the_emitted_code() {
    // The table: a <= b on 0..11, and a row whose a - b leaves i64.
    let mut t = String::new();
    for a in 0..12 {
        for b in 0..12 {
            t.push_str(&format!("{a} {b} {}\n", if a <= b { "W" } else { "L" }));
        }
    }
    t.push_str("9223372036854775807 -1 W\n");
    // `a - b` leaves i64 there, so it is no term; compared with 0 it is `a <= b`, no subtraction.
    let out = json(&["--json"], &t);
    assert!(field(&out, "rule").starts_with("\"a <= b: W"), "{out}");
    let mut tables = vec![t];
    // Tables of small and edge values, the value given by terms the code can compute exactly
    // (xor, min, max, one column) or, on columns near one edge, a difference (not the sum).
    let mut rng = common::Rng(46);
    for round in 0..4u64 {
        let mut t = String::new();
        for _ in 0..400 {
            let small = |rng: &mut common::Rng| rng.between(0, 11) as i64;
            let (a, b) = if round == 3 {
                (i64::MAX - small(&mut rng), i64::MAX - small(&mut rng))
            } else {
                (edge(rng.below(6) as u64, small(&mut rng)), edge(rng.below(6) as u64, small(&mut rng)))
            };
            let value = match round {
                0 => (a ^ b) as i128,
                1 => (a.min(b) as i128).rem_euclid(4),
                2 => (a.max(b) <= 3) as i128,
                _ => (a as i128 - b as i128).rem_euclid(3),
            };
            t.push_str(&format!("{a} {b} {value}\n"));
        }
        tables.push(t);
    }
    let mut emitted = 0;
    for (i, t) in tables.iter().enumerate() {
        let expected: Vec<&str> = t.lines().map(|l| l.rsplit(' ').next().unwrap()).collect();
        for lang in ["rust", "cpp", "python"] {
            let (status, code) = run(&["--emit", lang], t);
            if status == 1 {
                continue; // no rule: nothing claimed
            }
            emitted += 1;
            assert!(code.contains("computed exactly for a in "), "{code}");
            if let Some(got) = compile_and_run(&format!("edge{i}"), lang, &code, 2, t) {
                assert_eq!(got.lines().collect::<Vec<_>>(), expected, "table {i}, {lang}:\n{code}");
            }
        }
    }
    assert!(emitted >= 9, "rules were found on too few of the tables to test their code");
}

#[test]
fn a_value_is_its_token() {
    // `1` and `+1` alternate: period 2, and the code gives each row its own spelling.
    let t: String = (0..30).map(|n| format!("{n} {}\n", if n % 2 == 0 { "1" } else { "+1" })).collect();
    let out = json(&["--json"], &t);
    assert_eq!((field(&out, "period"), field(&out, "saltus")), ("2", "0"), "{out}");
    // `010`, `-0`, `007`: tokens, never numbers (no octal 8 in C++, no syntax error in Python).
    let spelled = ["010", "-0", "007", "x"];
    let t2: String = (0..40).map(|n| format!("{n} {}\n", spelled[n % 4])).collect();
    for (table, name) in [(&t, "plus"), (&t2, "zeros")] {
        let expected: Vec<&str> = table.lines().map(|l| l.rsplit(' ').next().unwrap()).collect();
        for lang in ["rust", "cpp", "python"] {
            let (status, code) = run(&["--emit", lang], table);
            assert_eq!(status, 0, "{code}");
            if let Some(got) = compile_and_run(&format!("token_{name}"), lang, &code, 1, table) {
                assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{lang}:\n{code}");
            }
        }
    }
    // Numbers as Rust prints them do get a saltus: 0 0 1 1 2 2 ...
    let t3: String = (0..30).map(|n| format!("{n} {}\n", n / 2)).collect();
    assert_eq!(field(&json(&["--json"], &t3), "saltus"), "1");
}

#[test]
fn names_that_would_not_compile_are_refused_with_the_reason() {
    let t: String = (0..30).map(|n| format!("{n} {}\n", if n % 3 == 0 { "L" } else { "W" })).collect();
    for (name, language) in [
        ("dyn", "Rust"),
        ("trait", "Rust"),
        ("Some", "Rust"),
        ("xor", "C++"),
        ("and_eq", "C++"),
        ("NULL", "C++"),
        ("union", "C++"),
        ("linux", "C++"),
        ("finally", "Python"),
        ("nonlocal", "Python"),
    ] {
        let out = output(&["--names", name], &t);
        common::assert_rejected(&out);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains(&format!("a keyword or reserved name of {language}")), "{name}: {said}");
    }
    for (names, why) in [("__LINE__", "reserved in C++"), ("a,a", "`a` names two parameters")] {
        let two = "0 0 W\n0 1 L\n";
        let out = output(&["--names", names], if names.contains(',') { two } else { &t });
        common::assert_rejected(&out);
        assert!(String::from_utf8_lossy(&out.stderr).contains(why), "{names}");
    }
    // A name with a newline: one escaped line.
    let out = output(&["--names", "a\nb"], &t);
    common::assert_rejected(&out);
    assert!(String::from_utf8_lossy(&out.stderr).contains("`a\\u{a}b`"));
    // The emitted code's own names (and an upper-case one) compile, in every language.
    let expected: Vec<&str> = t.lines().map(|l| l.rsplit(' ').next().unwrap()).collect();
    for (name, langs) in [("k", 3), ("first", 3), ("K", 3), ("i", 1), ("cycle", 1), ("j", 1), ("value", 1)] {
        for lang in ["python", "rust", "cpp"].into_iter().take(langs) {
            let (status, code) = run(&["--names", name, "--emit", lang], &t);
            assert_eq!(status, 0, "{code}");
            if let Some(got) = compile_and_run(&format!("name_{name}"), lang, &code, 1, &t) {
                assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{name} {lang}:\n{code}");
            }
        }
    }
}

#[test]
fn a_closed_stdout_and_control_bytes() {
    let path = work_dir("claims_closed").join("t.txt");
    std::fs::write(&path, "0 W\n1 L\n").unwrap();
    let out = Command::new("/bin/sh")
        .args(["-c", "exec \"$0\" \"$@\" >&-", env!("CARGO_BIN_EXE_pattern")])
        .arg(&path)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "error: cannot write the output: stdout is closed\n");
    // A control byte in a value: refused, shown escaped; in a parameter too.
    for table in [&b"0 W\n1 a\x1bb\n"[..], b"0 W\n1\x07 L\n"] {
        let out = output_bytes(&[], table);
        common::assert_rejected(&out);
        assert!(!out.stderr.contains(&0x1b) && !out.stderr.contains(&7), "{:?}", out.stderr);
    }
    // An invisible character (U+202E) in a value: escaped in the picture's legend, and the emitted
    // code returns it as it is.
    let t: String = (0..40)
        .flat_map(|a| {
            (0..20).map(move |b| format!("{a} {b} {}\n", if (a + b) % 2 == 0 { "\u{202e}L" } else { "W" }))
        })
        .collect();
    let (_, text) = run(&["--color", "never"], &t);
    assert!(text.contains("\\u{202e}L") && !text.contains('\u{202e}'), "{text}");
    let expected: Vec<&str> = t.lines().map(|l| l.rsplit(' ').next().unwrap()).collect();
    for lang in ["rust", "cpp", "python"] {
        let (status, code) = run(&["--emit", lang], &t);
        assert_eq!(status, 0, "{code}");
        assert!(!code.contains('\u{202e}'), "{code}");
        if let Some(got) = compile_and_run("bidi", lang, &code, 2, &t) {
            assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{lang}:\n{code}");
        }
    }
}

#[test]
fn a_period_at_the_edge_of_i64_in_the_emitted_code() {
    // n from i64::MIN, the value n itself (period 1, saltus 1): the C++ has no literal for i64::MIN.
    let rows = |count: i64| -> String { (0..count).map(|i| format!("{0} {0}\n", i64::MIN + i)).collect() };
    let (fit, beyond) = (rows(40), rows(400));
    let expected: Vec<String> = (0..400).map(|i| (i64::MIN + i).to_string()).collect();
    for lang in ["rust", "cpp", "python"] {
        let (status, code) = run(&["--emit", lang], &fit);
        assert_eq!(status, 0, "{code}");
        if let Some(got) = compile_and_run("edge_period", lang, &code, 1, &beyond) {
            assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{lang}:\n{code}");
        }
    }
}

/// The functions emitted for several tables as one program of `lang`: each `value` renamed
/// `value_K`, and a `value(k, a, b)` that calls the `k`th (so one compilation runs them all).
fn one_program(lang: &str, codes: &[String]) -> String {
    let mut out = String::new();
    if lang == "cpp" {
        out.push_str("#include <algorithm>\n#include <string>\n");
    }
    for (k, code) in codes.iter().enumerate() {
        let code: String =
            code.lines().filter(|l| !l.starts_with("#include")).map(|l| format!("{l}\n")).collect();
        out.push_str(&code.replacen("value(", &format!("value_{k}("), 1));
    }
    let calls: Vec<String> = (0..codes.len()).map(|k| format!("value_{k}")).collect();
    out.push_str(&match lang {
        "rust" => {
            let arms: Vec<String> = (0..codes.len()).map(|k| format!("        {k} => value_{k}(a, b),\n")).collect();
            format!("fn value(k: i64, a: i64, b: i64) -> String {{\n    match k {{\n{}        _ => unreachable!(),\n    }}\n}}\n", arms.concat())
        }
        "cpp" => {
            let cases: Vec<String> = (0..codes.len()).map(|k| format!("        case {k}: return value_{k}(a, b);\n")).collect();
            format!("std::string value(long long k, long long a, long long b) {{\n    switch (k) {{\n{}    }}\n    return \"?\";\n}}\n", cases.concat())
        }
        _ => format!("FUNCTIONS = [{}]\n\ndef value(k, a, b):\n    return FUNCTIONS[k](a, b)\n", calls.join(", ")),
    });
    out
}

#[test]
fn random_tables_at_the_edge_of_i64_hold_in_every_language() {
    // 60 tables of two columns, each column within 40 of 0, of i64::MAX or of i64::MIN, the value
    // a function of exact arithmetic: the rule `pattern` reports, if any, emitted and run on every row.
    let mut rng = common::Rng(4646);
    let mut tables: Vec<String> = Vec::new();
    for round in 0..60 {
        let mut base = || [0, i64::MAX - 40, i64::MIN][rng.below(3)];
        let (ba, bb) = (base(), base());
        let mut t = String::new();
        for _ in 0..300 {
            let (a, b) = (ba + rng.below(41) as i64, bb + rng.below(41) as i64);
            let (x, y) = (a as i128, b as i128);
            let value = match round % 6 {
                0 => i128::from(x <= y),
                1 => (x + y).rem_euclid(3),
                2 => (x - y).rem_euclid(2),
                3 => ((a ^ b) as i128).rem_euclid(4),
                4 => x.min(y).rem_euclid(3),
                _ => i128::from(x == y) + i128::from(x.rem_euclid(5) == 0),
            };
            t.push_str(&format!("{a} {b} {value}\n"));
        }
        tables.push(t);
    }
    for lang in ["python", "cpp", "rust"] {
        let mut codes = Vec::new();
        let mut rows = String::new();
        let mut expected = Vec::new();
        for t in &tables {
            let (status, code) = run(&["--emit", lang], t);
            if status != 0 {
                continue; // no rule: nothing claimed
            }
            for line in t.lines() {
                let (params, value) = line.rsplit_once(' ').unwrap();
                rows.push_str(&format!("{} {params} x\n", codes.len()));
                expected.push(value.to_string());
            }
            codes.push(code);
        }
        assert!(codes.len() >= 20, "{lang}: rules on only {} of 60 tables", codes.len());
        let program = one_program(lang, &codes);
        if let Some(got) = compile_and_run("edge_batch", lang, &program, 3, &rows) {
            let got: Vec<&str> = got.lines().collect();
            let wrong = (0..expected.len()).find(|&i| got.get(i).copied() != Some(expected[i].as_str()));
            assert_eq!(wrong, None, "{lang}: row {:?}", wrong.map(|i| rows.lines().nth(i)));
        }
    }
}
