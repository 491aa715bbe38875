//! The `stress` tool against deliberately wrong solutions (`tests/stress_solutions/*.rs`, std-only
//! programs compiled here with plain rustc, and shell scripts), several per game, one of each kind
//! of failure: a wrong rule, an off-by-one at a border, a crash on an edge case (a panic, an
//! abort), too slow past some size or only at the judge's size, a wrong output format, output
//! without end. For each: exit status 1, the verdict printed, `PREFIX.in` a valid input (within
//! the judge's constraints when they hold, checked here independently) that still fails the same
//! way when the solution is run on it again (judged here, independently of `stress`), and
//! 1-minimal when the shrink's budget did not run out: no candidate of its
//! `cases::candidates(Case::parse(PREFIX.in))` fails that way. Also: solutions that assume every
//! judge constraint pass 1000 cases (and the 3 at the judge's maximum) by default and are caught
//! with `--beyond-limits`; a right solution with CRLF line ends passes; `--gen` is deterministic
//! and valid. The tool's own behaviour (bad arguments, stdout, processes, Ctrl-C, `--ref`/`--gen`)
//! is `stress_tool.rs`'s.

mod stress_common;

// The generators of `stress` (its own, not the library's), to check that a saved input is
// 1-minimal: no candidate of `Case::parse(PREFIX.in).smaller()` fails the same way.
use cases::graph_game::GraphGameCase;
use cases::graph_sum::GraphSumCase;
use cases::grid_game::GridGameCase;
use cases::move_or_block::MoveOrBlockCase;
use cases::police_thief::PoliceThiefCase;
use cases::Case;
use graph_games::games::{graph_sum, grid_game, move_or_block, police_thief};
use graph_games::input::{Error, Scanner};
use std::ffi::OsStr;
use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use stress::cases;
use stress_common::{compile, graph_game_answer, passes, stress, tokens, work_dir};

/// The library's answer (what the judge binary prints), or why it rejects the input.
type Answer = fn(&[u8]) -> Result<Vec<u8>, Error>;

fn graph_sum_answer(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    graph_sum::write_answer(&graph_sum::decide(graph_sum::read(&mut Scanner::new(input))?), &mut out)?;
    Ok(out)
}

fn police_thief_answer(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    police_thief::write_answer(
        &police_thief::decide(police_thief::read(&mut Scanner::new(input))?),
        &mut out,
    )?;
    Ok(out)
}

fn grid_game_answer(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    grid_game::write_answer(&grid_game::decide(grid_game::read(&mut Scanner::new(input))?), &mut out)?;
    Ok(out)
}

fn move_or_block_answer(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    move_or_block::write_answer(
        &move_or_block::decide(move_or_block::read(&mut Scanner::new(input))?),
        &mut out,
    )?;
    Ok(out)
}

/// How a run of a solution went, judged here (not by `stress`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimit,
    OutputLimit,
}

impl Seen {
    /// The verdict's name in `stress`'s report.
    fn name(self) -> &'static str {
        match self {
            Seen::Accepted => "accepted",
            Seen::WrongAnswer => "wrong answer",
            Seen::RuntimeError => "runtime error",
            Seen::TimeLimit => "time limit exceeded",
            Seen::OutputLimit => "output limit exceeded",
        }
    }
}

/// More output than any answer here: an endless writer passes it in milliseconds.
const CAP: usize = 1 << 20;

/// Runs `solution` on `input` and judges it against `expected`: killed past `limit` or past
/// [`CAP`] bytes of output; a non-zero exit or a signal is a runtime error; then the tokens.
fn judge(solution: &Path, input: &[u8], expected: &[u8], limit: Duration) -> Seen {
    let mut child = Command::new(solution)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input); // a solution may exit without reading it all
    });
    let over = Arc::new(AtomicBool::new(false));
    let mut stdout = child.stdout.take().unwrap();
    let reader = {
        let over = Arc::clone(&over);
        thread::spawn(move || {
            let mut output = Vec::new();
            let mut chunk = [0u8; 1 << 14];
            while let Ok(read) = stdout.read(&mut chunk) {
                if read == 0 {
                    break;
                }
                output.extend_from_slice(&chunk[..read]);
                if output.len() > CAP {
                    over.store(true, Ordering::SeqCst);
                    break;
                }
            }
            output
        })
    };
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if over.load(Ordering::SeqCst) || start.elapsed() > limit {
            let _ = child.kill();
            child.wait().unwrap();
            break None;
        }
        thread::sleep(Duration::from_millis(1));
    };
    let output = reader.join().unwrap();
    writer.join().unwrap();
    // Past the cap whatever the status: a writer whose reader has gone may exit by itself.
    if over.load(Ordering::SeqCst) {
        return Seen::OutputLimit;
    }
    match status {
        None => Seen::TimeLimit,
        Some(status) if !status.success() => Seen::RuntimeError,
        Some(_) if tokens(&output) == tokens(expected) => Seen::Accepted,
        Some(_) => Seen::WrongAnswer,
    }
}

/// Whether `input` keeps every constraint of BOJ 28218's statement (checked here, independently
/// of `stress`): 2 <= N, M <= 300, K <= min(N, M) - 1, (N, M) free and reached from every free
/// cell, 1 <= Q <= 300, every start free and not (N, M).
fn within_boj_28218(input: &[u8]) -> bool {
    let tokens = tokens(input);
    let number = |i: usize| std::str::from_utf8(tokens[i]).unwrap().parse::<u64>().unwrap() as usize;
    let (n, m, k) = (number(0), number(1), number(2));
    if !(2..=300).contains(&n) || !(2..=300).contains(&m) || k >= n.min(m) {
        return false;
    }
    let free = |a: usize, b: usize| a < n && b < m && tokens[3 + a][b] == b'.';
    let mut reaches = vec![vec![false; m]; n];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let moves = [(i + 1, j), (i, j + 1)].into_iter().chain((1..=k).map(|d| (i + d, j + d)));
            let moves: Vec<(usize, usize)> = moves.filter(|&(a, b)| free(a, b)).collect();
            reaches[i][j] = (i, j) == (n - 1, m - 1) || moves.iter().any(|&(a, b)| reaches[a][b]);
            if free(i, j) && !reaches[i][j] {
                return false;
            }
        }
    }
    let q = number(3 + n);
    let starts = (0..q).map(|s| (number(4 + n + 2 * s) - 1, number(5 + n + 2 * s) - 1));
    free(n - 1, m - 1)
        && (1..=300).contains(&q)
        && starts.into_iter().all(|(a, b)| free(a, b) && (a, b) != (n - 1, m - 1))
}

/// Whether `input` keeps every constraint of BOJ 31567's statement: 2 <= N <= 10^6, one piece,
/// not walled in at the start.
fn within_boj_31567(input: &[u8]) -> bool {
    let board = tokens(input)[1];
    let piece = board.iter().position(|&b| b == b'O').unwrap();
    let open = |at: Option<usize>| at.and_then(|at| board.get(at)) == Some(&b'.');
    (2..=1_000_000).contains(&board.len()) && (open(piece.checked_sub(1)) || open(Some(piece + 1)))
}

/// What a run of `stress` on a wrong solution must show.
struct Expect<'a> {
    game: &'a str,
    solution: &'a str,
    args: &'a [&'a str],
    seen: Seen,
    detail: &'a str,
    answer: Answer,
    /// The judge's constraints that every saved input keeps (`None`: no judge, or --beyond-limits).
    judge: Option<fn(&[u8]) -> bool>,
}

/// Runs `stress GAME` on `solution` (with `args` more), expects it to find a failure `seen` with
/// `detail` in its report, and checks the saved input: valid (within the judge's constraints
/// when they hold), still failing that way (judged here), the saved expected output the
/// library's, and 1-minimal unless the report says the budget ran out. Returns the report.
fn finds<C: Case>(expect: Expect) -> String {
    let Expect { game, solution, args, seen, detail, answer, judge: constraints } = expect;
    let binary = compile(solution);
    let prefix = work_dir().join(solution);
    let mut all: Vec<std::ffi::OsString> = vec![game.into(), "--out".into(), prefix.clone().into()];
    all.extend(args.iter().map(|a| a.into()));
    all.push("--".into());
    all.push(binary.clone().into());
    let started = Instant::now();
    let output = stress(&all);
    let elapsed = started.elapsed();
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(
        output.status.code(),
        Some(1),
        "{solution}: {report}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "{solution}: {}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with(&format!("{game}: {} on case ", seen.name())), "{solution}: {report}");
    assert!(report.contains(detail), "{solution}: no {detail:?} in\n{report}");
    assert!(report.contains("(seed "), "{report}");

    let file = |extension: &str| fs::read(format!("{}{extension}", prefix.display())).unwrap();
    let input = file(".in");
    let expected = answer(&input).unwrap_or_else(|e| panic!("{solution}: the saved input is rejected: {e}"));
    assert_eq!(file(".ans"), expected, "{solution}: the saved expected output");
    if let Some(within) = constraints {
        assert!(within(&input), "{solution}: the saved input breaks the judge's constraints");
    }
    let limit = if seen == Seen::TimeLimit { Duration::from_millis(300) } else { Duration::from_secs(10) };
    assert_eq!(judge(&binary, &input, &expected, limit), seen, "{solution} on its saved input");
    let case = C::parse(&input).unwrap_or_else(|| panic!("{solution}: Case::parse refuses the saved input"));
    let candidates = cases::candidates(&case, constraints.is_some());
    if report.contains("1-minimal") {
        for candidate in &candidates {
            let smaller = candidate.write();
            let expected =
                answer(&smaller).unwrap_or_else(|e| panic!("{solution}: a candidate is rejected: {e}"));
            if let Some(within) = constraints {
                assert!(within(&smaller), "{solution}: a candidate breaks the judge's constraints");
            }
            assert_ne!(
                judge(&binary, &smaller, &expected, limit),
                seen,
                "{solution}: not 1-minimal, this smaller input fails the same way:\n{}",
                String::from_utf8_lossy(&smaller)
            );
        }
    } else {
        assert!(report.contains("budget ran out: may not be minimal"), "{report}");
    }
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]);
    eprintln!(
        "{solution}: {} in {:.2} s; {} bytes, {} candidates: {shown:?}",
        seen.name(),
        elapsed.as_secs_f64(),
        input.len(),
        candidates.len()
    );
    report
}

fn expecting<'a>(
    game: &'a str,
    solution: &'a str,
    seen: Seen,
    detail: &'a str,
    answer: Answer,
) -> Expect<'a> {
    Expect { game, solution, args: &[], seen, detail, answer, judge: None }
}

#[test]
fn graph_game_wrong_rule() {
    let detail = "expected `draw`, received `lose`";
    finds::<GraphGameCase>(expecting(
        "graph_game",
        "graph_game_wrong_rule",
        Seen::WrongAnswer,
        detail,
        graph_game_answer,
    ));
}

#[test]
fn graph_game_too_slow() {
    // A busy loop: killed past its CPU time where /proc tells it (or past its wall limit, on a
    // machine loaded enough to give it less than a third of a core), and again on a second run.
    let detail = if cfg!(target_os = "linux") {
        "killed; a second run timed out too"
    } else {
        "still running after 0.3 s (wall time: no CPU time measured here): killed"
    };
    let args = &["--time-limit", "0.3", "--cases", "200", "--size", "12"];
    let expect = expecting("graph_game", "graph_game_slow", Seen::TimeLimit, detail, graph_game_answer);
    finds::<GraphGameCase>(Expect { args, ..expect });
}

#[test]
fn police_thief_off_by_one_at_the_border() {
    let detail = "first difference at line 1, token 1";
    finds::<PoliceThiefCase>(expecting(
        "police_thief",
        "police_thief_border",
        Seen::WrongAnswer,
        detail,
        police_thief_answer,
    ));
}

#[test]
fn police_thief_panics_without_exits() {
    let detail = "exit status 101";
    finds::<PoliceThiefCase>(expecting(
        "police_thief",
        "police_thief_no_exit",
        Seen::RuntimeError,
        detail,
        police_thief_answer,
    ));
}

#[test]
fn grid_game_off_by_one_in_the_jump() {
    let detail = "expected `First`, received `Second`";
    let expect =
        expecting("grid_game_28218", "grid_game_short_jump", Seen::WrongAnswer, detail, grid_game_answer);
    finds::<GridGameCase>(Expect { judge: Some(within_boj_28218), ..expect });
}

#[test]
fn grid_game_wrong_format() {
    let detail = "expected `First`, received `first`";
    let expect =
        expecting("grid_game_28218", "grid_game_format", Seen::WrongAnswer, detail, grid_game_answer);
    finds::<GridGameCase>(Expect { judge: Some(within_boj_28218), ..expect });
}

#[test]
fn move_or_block_prints_without_end() {
    let detail = "bytes written (the expected output has";
    let expect =
        expecting("move_or_block", "move_or_block_endless", Seen::OutputLimit, detail, move_or_block_answer);
    finds::<MoveOrBlockCase>(Expect { judge: Some(within_boj_31567), ..expect });
}

/// Solutions that are right on every input the judge gives and crash on any other pass the
/// default 1000 cases (and the 3 at the judge's maximum); `--beyond-limits` finds their crash.
#[test]
fn solutions_that_assume_every_judge_constraint_pass_by_default() {
    let grid = compile("grid_game_judge_only");
    let summary = "grid_game_28218: 1003 cases passed (seed 1, sizes 1 to 30 cells and 3 of size 90000, within the judge's constraints;";
    passes(&["grid_game_28218".as_ref(), "--".as_ref(), grid.as_os_str()], summary);
    let abort = compile("move_or_block_abort");
    let summary =
        "move_or_block: 1003 cases passed (seed 1, sizes 1 to 14 cells and 3 of size 1000000, within";
    passes(&["move_or_block".as_ref(), "--".as_ref(), abort.as_os_str()], summary);

    let beyond = &["--beyond-limits"];
    let expect = expecting(
        "grid_game_28218",
        "grid_game_judge_only",
        Seen::RuntimeError,
        "exit status 101",
        grid_game_answer,
    );
    finds::<GridGameCase>(Expect { args: beyond, ..expect });
    let detail = "killed by signal 6 (SIGABRT)";
    let expect =
        expecting("move_or_block", "move_or_block_abort", Seen::RuntimeError, detail, move_or_block_answer);
    finds::<MoveOrBlockCase>(Expect { args: beyond, ..expect });
}

/// Too slow only at the judge's size: every small case passes, a case at the judge's maximum
/// times out, and it is shrunk by size (and the budget ends the rest).
#[test]
fn too_slow_only_at_the_judges_size() {
    let args = &["--time-limit", "0.3", "--shrink-time", "3", "--cases", "100"];
    let solution = "move_or_block_slow_at_judge_size";
    // A sleep: no CPU time, killed at the wall limit (3 times the limit where CPU time counts).
    let detail = if cfg!(target_os = "linux") {
        "s of wall time, 3 times the limit of 0.3 s, with only 0"
    } else {
        "still running after 0.3 s (wall time: no CPU time measured here): killed"
    };
    let expect = expecting("move_or_block", solution, Seen::TimeLimit, detail, move_or_block_answer);
    let report = finds::<MoveOrBlockCase>(Expect { args, judge: Some(within_boj_31567), ..expect });
    assert!(report.contains("on case 101 (a large one, after the 100 small ones)"), "{report}");
    assert!(report.contains("\nby size: ") && report.contains(" still times out, "), "{report}");
    let saved = fs::read(work_dir().join(format!("{solution}.in"))).unwrap();
    let n = tokens(&saved)[1].len();
    assert!((100_001..1_000_000).contains(&n), "shrunk by size, still past 100,000: {n}");
    let binary = compile(solution);
    let without_large = ["move_or_block", "--large", "0", "--cases", "100", "--"];
    let mut args: Vec<&OsStr> = without_large.iter().map(OsStr::new).collect();
    args.push(binary.as_os_str());
    passes(&args, "move_or_block: 100 cases passed");
}

#[test]
fn a_right_solution_with_crlf_and_trailing_spaces_passes() {
    let binary = compile("graph_game_crlf");
    let output = stress(&[
        "graph_game".as_ref(),
        "--cases".as_ref(),
        "300".as_ref(),
        "--".as_ref(),
        binary.as_os_str(),
    ]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.starts_with("graph_game: 300 cases passed (seed 1, sizes 1 to 12 vertices;"), "{report}");
    assert!(output.stderr.is_empty(), "no progress line when stderr is not a terminal");
}

#[test]
fn gen_is_deterministic_and_valid() {
    let games: [(&str, &[&str], Answer); 5] = [
        ("graph_game", GraphGameCase::FAMILIES, graph_game_answer),
        ("graph_sum", GraphSumCase::FAMILIES, graph_sum_answer),
        ("police_thief", PoliceThiefCase::FAMILIES, police_thief_answer),
        ("grid_game_28218", GridGameCase::FAMILIES, grid_game_answer),
        ("move_or_block", MoveOrBlockCase::FAMILIES, move_or_block_answer),
    ];
    for (game, families, answer) in games {
        let gen = |args: &[&str]| {
            let output = stress(&[&[game, "--gen"], args].concat());
            assert_eq!(
                output.status.code(),
                Some(0),
                "{game} {args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            output.stdout
        };
        for seed in ["1", "2"] {
            let first = gen(&["--seed", seed, "--size", "30"]);
            assert_eq!(
                first,
                gen(&["--seed", seed, "--size", "30"]),
                "{game}: the same seed, the same input"
            );
            answer(&first).unwrap_or_else(|e| panic!("{game} --seed {seed}: {e}"));
        }
        assert_ne!(gen(&["--seed", "1"]), gen(&["--seed", "2"]), "{game}: another seed, another input");
        for family in families {
            let input = gen(&["--family", family, "--size", "50", "--seed", "3"]);
            answer(&input).unwrap_or_else(|e| panic!("{game} --family {family}: {e}"));
        }
    }
}
