//! A solution too slow past a size, with `stress`'s default budgets: the time-out is found at the
//! judge's size and shrunk within a bounded run time, counted in time limits: the time-out's two
//! runs, the bisection's at most 46, the shrink by steps' 40 limits, so at most 88 limits of CPU
//! time past the small cases. The test counts runs; it never times them. To keep the suite short
//! it runs at a limit of 0.2 s (`--time-limit 0.2`, the judge's is 1 s) with a solution five
//! times faster (5 ms a cell): the budgets are counted in limits, so the run is the judge's scaled
//! by a fifth.
//!
//! The oracle is the solution itself (`tests/stress_solutions/grid_game_slow_past_60.rs`): it
//! never ends on a board of more than 60 cells, answers after 5 ms of CPU time a cell past 30
//! otherwise, and logs the cells of each run. So the input reported must have more than 60 cells;
//! where the report claims it 1-minimal, no board a row or a column smaller may have more than 60;
//! and the log, in the order of the runs (the small cases, the two runs of the case found at
//! 90,000 cells, the bisection's runs, then the shrink by steps'), bounds the shrink by steps' run
//! time: a run past 60 cells costs a limit, another its busy loop, in all at most the 40 limits
//! of its budget. (Before that budget, the default shrink by steps judged at least 300 candidates
//! whatever each cost: over 50 limits here.) A run near 60 cells needs 0.15 s of CPU within its
//! 0.6 s wall limit: on a machine so loaded that it gets less than a quarter of a core, `stress`
//! tells a time-out by starvation (as it must), and this test fails on it.

mod stress_common;

use std::fs;
use std::time::Instant;
use stress_common::{compile, stress, work_dir};

/// The number in `text` right before `word` (`29 runs` gives 29 for `runs`).
fn number_before(text: &str, word: &str) -> u64 {
    let at = text.find(&format!(" {word}")).unwrap_or_else(|| panic!("no {word:?} in {text:?}"));
    let digits: String = text[..at].chars().rev().take_while(|c| c.is_ascii_digit()).collect();
    digits.chars().rev().collect::<String>().parse().unwrap()
}

#[test]
fn a_time_out_with_the_defaults_is_shrunk_within_a_bounded_run_time() {
    let slow = compile("grid_game_slow_past_60");
    let log = work_dir().join("slow_past_60.log");
    let _ = fs::remove_file(&log);
    let start = Instant::now();
    let (slow, log) = (slow.to_str().unwrap(), log.to_str().unwrap());
    let args = ["grid_game_28218", "--time-limit", "0.2", "--out", "slow_past_60", "--", slow, log, "5"];
    let output = stress(&args);
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!("the whole run took {:?}:\n{report}", start.elapsed());
    assert_eq!(output.status.code(), Some(1), "{report}{}", String::from_utf8_lossy(&output.stderr));
    let lines: Vec<&str> = report.lines().collect();
    assert!(lines[0].starts_with("grid_game_28218: time limit exceeded on case 1001 "), "{report}");
    // By size: a budget of two runs for each binary digit of the size (90,000 cells), and 12.
    let by_size = lines.iter().find(|l| l.starts_with("by size: ")).expect("a bisection by size");
    let size_budget = 2 * (u64::from(u32::BITS - 90_000u32.leading_zeros()) + 6);
    assert_eq!(number_before(by_size, "runs, each"), size_budget, "{by_size}");
    let size_runs = number_before(by_size, "runs in");
    assert!(size_runs <= size_budget, "{by_size}");
    let steps = lines.iter().find(|l| l.starts_with("shrunk from ")).expect("a shrink by steps");
    assert!(number_before(steps, "steps") > 0, "{steps}");
    // The input reported times out: more than 60 cells.
    let saved = fs::read_to_string(work_dir().join("slow_past_60.in")).unwrap();
    let numbers: Vec<usize> = saved.split_whitespace().take(2).map(|t| t.parse().unwrap()).collect();
    let (rows, columns) = (numbers[0], numbers[1]);
    assert!(rows * columns > 60, "{saved}");
    // The claim printed holds: 1-minimal only if no row or column can go.
    if steps.contains("; 1-minimal: ") {
        assert!((rows - 1) * columns <= 60 && rows * (columns - 1) <= 60, "{saved}");
    } else {
        let spent = "then the time-out's budget of 40 time limits of run time ran out";
        assert!(steps.contains(spent), "{steps}");
    }
    // The shrink by steps' run time, from the solution's own log, in time limits (0.2 s): a run past
    // 60 cells one, another its busy loop (stress reads CPU time in clock ticks: 10 ms a run more
    // or less, for those that spin). A candidate is tried only while 2 limits are left of the 40.
    let cells: Vec<u64> = fs::read_to_string(log).unwrap().lines().map(|l| l.parse().unwrap()).collect();
    let found = cells.iter().position(|&c| c == 90_000).expect("the case at the judge's size");
    let by_steps = &cells[found + 2 + size_runs as usize..];
    let slow_runs = by_steps.iter().filter(|&&c| c > 60).count();
    let busy: f64 =
        by_steps.iter().filter(|&&c| c <= 60).map(|&c| c.saturating_sub(30) as f64 * 0.005 / 0.2).sum();
    let ticks = 0.01 / 0.2 * by_steps.iter().filter(|&&c| c > 30).count() as f64;
    eprintln!(
        "{} runs in all, {size_runs} by size, {} by steps: {slow_runs} past 60 cells, {busy:.2} limits of busy loops",
        cells.len(),
        by_steps.len()
    );
    assert!(
        slow_runs as f64 + busy <= 40.0 + ticks,
        "{slow_runs} runs at the limit, {busy} limits of busy loops"
    );
}
