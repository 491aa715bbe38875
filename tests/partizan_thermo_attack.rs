//! Regression cases found by the adversarial test of the thermographs (branch `attack-thermo`).
//!
//! 1. Numbers' walls below t = -1/2. The docs say `x = m/2^k` "has the walls of
//!    `{x - 2^-k | x + 2^-k}`" and that thermographs follow CGSuite; CGSuite
//!    (`CanonicalShortGameOps.thermograph`) treats only integers as masts and builds every other
//!    number from the walls of its canonical options, which are not masts below their own
//!    temperature. So `3/4 = {1/2 | 1}` has the left wall `RW(1/2)(t) - t`, and
//!    `RW(1/2)(t) = 1 + t` up to `t = -1/2` (the right scaffold of `{0 | 1}`): `LW(3/4)(-1) = 1`,
//!    not 3/2. By Siegel's cooling on the canonical form the same: `(1/2)_{-1} = {1 | 0}`, so
//!    `(3/4)_{-1} = {{2 | 1} | 0}`, whose left stop is 1. The expected walls here were worked out
//!    by hand and by an independent oracle (`tests/attack/thermo_oracle.py`).
//! 2. Memory: a deep form's thermograph or cooling must end in an `Error` when memory runs out,
//!    never an abort (the contract). Under `ulimit -v` a chain 10^4 deep aborts with "memory
//!    allocation of N bytes failed" for some limits: a known gap (the digits of numbers are
//!    covered by a margin, not reserved checked: docs/partizan.md, Limits), kept here ignored, to
//!    be run with `--ignored` once they are.

use graph_games::partizan::{Dyadic, Forms};

fn d(text: &str) -> Dyadic {
    Dyadic::parse(text).unwrap()
}

fn points(list: &[(&str, &str)]) -> Vec<(Dyadic, Dyadic)> {
    list.iter().map(|&(t, v)| (d(t), d(v))).collect()
}

/// A wall's breakpoints `(t, value)` as text.
type Wall = &'static [(&'static str, &'static str)];

/// (form, left wall's breakpoints, right wall's), by hand (module doc).
const CASES: &[(&str, Wall, Wall)] = &[
    ("1/4", &[("-1", "1"), ("-1/4", "1/4")], &[("-1", "0"), ("-1/2", "0"), ("-1/4", "1/4")]),
    ("3/4", &[("-1", "1"), ("-1/2", "1"), ("-1/4", "3/4")], &[("-1", "0"), ("-1/4", "3/4")]),
    ("-3/4", &[("-1", "0"), ("-1/4", "-3/4")], &[("-1", "-1"), ("-1/2", "-1"), ("-1/4", "-3/4")]),
    ("11/4", &[("-1", "3"), ("-1/2", "3"), ("-1/4", "11/4")], &[("-1", "2"), ("-1/4", "11/4")]),
    (
        "5/8",
        &[("-1", "1"), ("-1/2", "1"), ("-1/8", "5/8")],
        &[("-1", "0"), ("-1/2", "1/2"), ("-1/4", "1/2"), ("-1/8", "5/8")],
    ),
    (
        "3/8",
        &[("-1", "1"), ("-1/2", "1/2"), ("-1/4", "1/2"), ("-1/8", "3/8")],
        &[("-1", "0"), ("-1/2", "0"), ("-1/8", "3/8")],
    ),
    // Not numbers: a number option's wall below -1/2 carries over.
    (
        "{2|3/4}",
        &[("-1", "3"), ("5/8", "11/8")],
        &[("-1", "0"), ("-1/2", "1/2"), ("-1/4", "1/2"), ("5/8", "11/8")],
    ),
    (
        "{5/4|-1}",
        &[("-1", "2"), ("-1/2", "3/2"), ("-1/4", "3/2"), ("9/8", "1/8")],
        &[("-1", "-2"), ("9/8", "1/8")],
    ),
];

#[test]
fn walls_of_numbers_below_minus_one_half_follow_their_canonical_options() {
    let mut forms = Forms::new();
    let mut wrong = Vec::new();
    for &(text, left, right) in CASES {
        let g = forms.parse(text).unwrap();
        let walls = forms.thermograph(g).unwrap();
        let (left, right) = (points(left), points(right));
        if walls.left_breakpoints() != left || walls.right_breakpoints() != right {
            wrong.push(format!(
                "{}: got {:?} | {:?}, want {:?} | {:?}",
                text,
                walls.left_breakpoints(),
                walls.right_breakpoints(),
                left,
                right
            ));
        }
        // The walls anywhere agree with the breakpoints (t = -1 is enough to see the fault).
        if walls.left_wall(&d("-1")) != left[0].1 || walls.right_wall(&d("-1")) != right[0].1 {
            wrong.push(format!("{}: walls at -1", text));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn stops_mean_and_temperature_of_these_cases_are_unaffected() {
    // Above t = 0 the library and the oracle agree; pinned so a fix does not move them.
    let mut forms = Forms::new();
    for &(text, mean, temperature) in
        &[("3/4", "3/4", "-1/4"), ("{2|3/4}", "11/8", "5/8"), ("{5/4|-1}", "1/8", "9/8")]
    {
        let g = forms.parse(text).unwrap();
        assert_eq!(forms.mean(g).unwrap(), d(mean), "{}", text);
        assert_eq!(forms.temperature(g).unwrap(), d(temperature), "{}", text);
    }
}

/// The chain `H_0 = {1|-1}`, `H_{k+1} = {H_k | -2(k+1)}`: 10^4 deep, temperatures with
/// denominators 2^k. Run in a child process under `ulimit -v` (below).
fn deep_chain_child() {
    let mut forms = Forms::new();
    let run = |forms: &mut Forms| -> Result<bool, String> {
        let one = forms.integer(1).map_err(|e| format!("{:?}", e))?;
        let minus_one = forms.integer(-1).map_err(|e| format!("{:?}", e))?;
        eprintln!("STAGE make");
        let mut h = forms.make(&[one], &[minus_one]).map_err(|e| format!("{:?}", e))?;
        for k in 0..10_000i64 {
            let a = forms.integer(-2 * (k + 1)).map_err(|e| format!("{:?}", e))?;
            h = forms.make(&[h], &[a]).map_err(|e| format!("{:?}", e))?;
        }
        // Each stage is named on stderr first, so that an abort is seen to be inside that call.
        let t = Dyadic::from_i64(1);
        eprintln!("STAGE thermograph");
        forms.thermograph(h).map_err(|e| format!("{:?}", e))?;
        eprintln!("STAGE cool");
        forms.cool(h, &t).map_err(|e| format!("{:?}", e))?;
        eprintln!("STAGE heat");
        let heated = forms.heat(h, &t).map_err(|e| format!("{:?}", e))?;
        eprintln!("STAGE cool of the heated form");
        let back = forms.cool(heated, &t).map_err(|e| format!("{:?}", e))?;
        eprintln!("STAGE compare");
        Ok(back == h)
    };
    match run(&mut forms) {
        Ok(same) => println!("CHILD-DONE ok {}", same),
        Err(e) => println!("CHILD-DONE error {}", e),
    }
}

#[cfg(unix)]
#[test]
#[ignore = "known gap: a number's digits are not reserved checked (docs/partizan.md, Limits)"]
fn deep_thermograph_and_cooling_end_in_an_error_not_an_abort_when_memory_runs_out() {
    use std::process::Command;
    if std::env::var("THERMO_ATTACK_CHILD").is_ok() {
        deep_chain_child();
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let mut aborted = Vec::new();
    // The whole run needs about 100 MB; limits below that must give an error, not an abort.
    for limit_kb in (60_000..=200_000).step_by(10_000) {
        let script = format!(
            "ulimit -v {} && exec '{}' --exact \
             deep_thermograph_and_cooling_end_in_an_error_not_an_abort_when_memory_runs_out \
             --test-threads=1 --nocapture",
            limit_kb,
            exe.display()
        );
        let out = Command::new("sh").arg("-c").arg(script).env("THERMO_ATTACK_CHILD", "1").output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !stdout.contains("CHILD-DONE") {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let stage = stderr.lines().rfind(|l| l.starts_with("STAGE"));
            // An abort before the chain is being built is the harness's, not the library's.
            if stage.is_some() {
                aborted.push(format!(
                    "ulimit -v {}: {:?} in {}: {}",
                    limit_kb,
                    out.status,
                    stage.unwrap_or(""),
                    stderr.lines().find(|l| l.contains("memory")).unwrap_or("")
                ));
            }
        }
    }
    assert!(aborted.is_empty(), "aborted instead of an error:\n{}", aborted.join("\n"));
}
