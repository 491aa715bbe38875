//! The `stress` tool against deliberately wrong solutions (`tests/stress_solutions/*.rs`, std-only
//! programs compiled here with plain rustc), two or more per game, one of each kind of failure: a
//! wrong rule, an off-by-one at a border, a crash on an edge case (a panic, an abort), too slow past
//! some size, a wrong output format, output without end. For each: exit status 1, the verdict
//! printed, `PREFIX.in` a valid input that still fails the same way when the solution is run on it
//! again (judged here, independently of `stress`), and 1-minimal: no candidate of
//! `Case::parse(PREFIX.in).smaller()` fails that way. Also: a right solution with CRLF line ends
//! and trailing spaces passes, bad usage and a command that cannot start exit 2 with one error
//! line, and `--gen` is deterministic and valid.

// The generators of `stress` (its own modules, not the library's), to check that a saved input
// is 1-minimal: no candidate of `Case::parse(PREFIX.in).smaller()` fails the same way.
#[path = "../tools/stress/cases/mod.rs"]
#[allow(dead_code)]
mod cases;

use cases::graph_game::GraphGameCase;
use cases::grid_game::GridGameCase;
use cases::move_or_block::MoveOrBlockCase;
use cases::police_thief::PoliceThiefCase;
use cases::Case;
use graph_games::games::{graph_game, grid_game, move_or_block, police_thief};
use graph_games::input::{Error, Scanner};
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// Where the solutions are compiled and `stress` saves its failures.
fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress");
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `tests/stress_solutions/<name>.rs` with plain rustc (`$RUSTC`, else `rustc`).
fn compile(name: &str) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/stress_solutions/{name}.rs"));
    let binary = work_dir().join(name);
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
    binary
}

/// Runs `stress` with `args`.
fn stress<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stress")).args(args).current_dir(work_dir()).output().unwrap()
}

/// The library's answer (what the judge binary prints), or why it rejects the input.
type Answer = fn(&[u8]) -> Result<Vec<u8>, Error>;

fn graph_game_answer(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    graph_game::write_answer(&graph_game::decide(graph_game::read(&mut Scanner::new(input))?), &mut out)?;
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

fn tokens(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()).collect()
}

/// Runs `stress GAME` on `solution` (with `args` more), expects it to find a failure `seen` with
/// `detail` in its report, and checks the saved input: valid, still failing that way (judged
/// here), the saved expected output the library's, and 1-minimal.
fn finds<C: Case>(game: &str, solution: &str, args: &[&str], seen: Seen, detail: &str, answer: Answer) {
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
    let limit = if seen == Seen::TimeLimit { Duration::from_millis(300) } else { Duration::from_secs(10) };
    assert_eq!(judge(&binary, &input, &expected, limit), seen, "{solution} on its saved input");
    let case = C::parse(&input).unwrap_or_else(|| panic!("{solution}: Case::parse refuses the saved input"));
    let candidates = case.smaller();
    for candidate in &candidates {
        let smaller = candidate.write();
        let expected =
            answer(&smaller).unwrap_or_else(|e| panic!("{solution}: a candidate is rejected: {e}"));
        assert_ne!(
            judge(&binary, &smaller, &expected, limit),
            seen,
            "{solution}: not 1-minimal, this smaller input fails the same way:\n{}",
            String::from_utf8_lossy(&smaller)
        );
    }
    let shown = String::from_utf8_lossy(&input);
    eprintln!(
        "{solution}: {} in {:.2} s; {} bytes, {} candidates none of which fails: {shown:?}",
        seen.name(),
        elapsed.as_secs_f64(),
        input.len(),
        candidates.len()
    );
}

#[test]
fn graph_game_wrong_rule() {
    let detail = "expected `draw`, received `lose`";
    finds::<GraphGameCase>(
        "graph_game",
        "graph_game_wrong_rule",
        &[],
        Seen::WrongAnswer,
        detail,
        graph_game_answer,
    );
}

#[test]
fn graph_game_too_slow() {
    let args = ["--time-limit", "0.3", "--cases", "200", "--size", "12"];
    let detail = "still running after 0.3 s: killed";
    finds::<GraphGameCase>(
        "graph_game",
        "graph_game_slow",
        &args,
        Seen::TimeLimit,
        detail,
        graph_game_answer,
    );
}

#[test]
fn police_thief_off_by_one_at_the_border() {
    let detail = "first difference at line 1, token 1";
    let answer = police_thief_answer;
    finds::<PoliceThiefCase>("police_thief", "police_thief_border", &[], Seen::WrongAnswer, detail, answer);
}

#[test]
fn police_thief_panics_without_exits() {
    let (detail, answer) = ("exit status 101", police_thief_answer);
    finds::<PoliceThiefCase>("police_thief", "police_thief_no_exit", &[], Seen::RuntimeError, detail, answer);
}

#[test]
fn grid_game_off_by_one_in_the_jump() {
    let detail = "expected `First`, received `Second`";
    let answer = grid_game_answer;
    finds::<GridGameCase>("grid_game_28218", "grid_game_short_jump", &[], Seen::WrongAnswer, detail, answer);
}

#[test]
fn grid_game_wrong_format() {
    let detail = "expected `Second`, received `second`";
    finds::<GridGameCase>(
        "grid_game_28218",
        "grid_game_format",
        &[],
        Seen::WrongAnswer,
        detail,
        grid_game_answer,
    );
}

#[test]
fn move_or_block_aborts() {
    let (detail, answer) = ("killed by signal 6 (SIGABRT)", move_or_block_answer);
    finds::<MoveOrBlockCase>("move_or_block", "move_or_block_abort", &[], Seen::RuntimeError, detail, answer);
}

#[test]
fn move_or_block_prints_without_end() {
    let (detail, answer) = ("bytes written (the expected output has", move_or_block_answer);
    finds::<MoveOrBlockCase>(
        "move_or_block",
        "move_or_block_endless",
        &[],
        Seen::OutputLimit,
        detail,
        answer,
    );
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

/// Runs `stress` with `args` and expects exit status 2 with one line `error: ...` holding `what`.
fn refused(args: &[&str], what: &str) {
    let output = stress(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    assert!(
        stderr.starts_with("error: ") && stderr.ends_with('\n') && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert!(stderr.contains(what), "{args:?}: {stderr:?} has no {what:?}");
}

#[test]
fn bad_usage_and_a_command_that_cannot_start() {
    refused(&[], "no game given");
    refused(&["chess", "--", "true"], "unknown game `chess`: one of graph_game, police_thief");
    refused(&["graph_game"], "no command to test");
    refused(&["graph_game", "--"], "no command to test");
    refused(&["graph_game", "--cases", "0", "--", "true"], "--cases wants a positive integer, not `0`");
    refused(&["graph_game", "--size", "x", "--", "true"], "--size wants a positive integer");
    refused(&["graph_game", "--seed", "-1", "--", "true"], "--seed wants an integer");
    refused(&["graph_game", "--time-limit", "0", "--", "true"], "--time-limit wants seconds");
    refused(&["graph_game", "--time-limit", "nan", "--", "true"], "--time-limit wants seconds");
    refused(&["graph_game", "--seed"], "--seed wants a value");
    refused(&["graph_game", "--seed", "1", "--seed=2", "--", "true"], "--seed given twice");
    refused(&["graph_game", "--fast", "--", "true"], "unknown flag `--fast` (try --help)");
    refused(&["graph_game", "extra", "--", "true"], "unexpected argument `extra`");
    refused(&["graph_game", "--gen", "--", "true"], "--gen runs no command");
    refused(&["graph_game", "--gen", "--cases", "5"], "--cases has no use with --gen");
    refused(&["graph_game", "--gen", "--family", "huge"], "graph_game has no family `huge`: it has tiny, ");
    refused(&["graph_game", "--family", "huge", "--", "true"], "graph_game has no family `huge`");
    refused(&["graph_game", "--", "/nonexistent/solution"], "cannot run `/nonexistent/solution`: ");
    let help = stress(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).starts_with("usage: stress GAME"));
}

#[test]
fn gen_is_deterministic_and_valid() {
    let games: [(&str, &[&str], Answer); 4] = [
        ("graph_game", GraphGameCase::FAMILIES, graph_game_answer),
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
