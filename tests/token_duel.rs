//! Plays token_duel (docs/problems/token_duel.md): the built jury (`examples/token_duel_jury.rs`)
//! against the built reference solution (`examples/token_duel.rs`) on every case of
//! `inputs/token_duel/`, and against deliberately weak players written here, each as a thread on
//! the jury's pipes.
//!
//! The verdicts expected are worked by an oracle that shares no code with the library: the
//! product space of the case's tokens (every ordered tuple of positions a state), decided by the
//! naive fixpoint of `tests/fixpoint/` (cases whose product is too large, over 20,000 tuples, are
//! played by the reference alone, which must be accepted). Every duel runs under a time bound:
//! a player or jury that does not end is killed, and the duel is reported as killed; no process
//! outlives it.
//!
//! What is checked:
//! - the reference is accepted on every case, and says `draw` exactly where the oracle says so;
//! - the jury wins against a player that errs once (at one of its first turns, a legal move that
//!   leaves the jury a position won for it, or from a won position one not lost for it), on every
//!   case and turn where such a move exists: the player loses, or a draw runs into the limit;
//! - weak players: the old rule of graph_sum --move (any move to value 0, the first token and the
//!   smallest vertex) cycles on `cycle.in` into the move limit; a player that never declares a draw
//!   runs into the limit; one that plays the wrong side loses; one that forgets to flush is
//!   killed by the time bound (the test ends); the end of the output, junk and an illegal move are
//!   a wrong answer, a presentation error and a wrong answer naming the move.

use crate::common;
use crate::fixpoint;

use fixpoint::{oracle, Verdict};
use graph_games::play::SumPlay;
use graph_games::solver::{Outcome, Value};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A test file: the graph (0-based edges) and the tokens.
#[derive(Clone)]
struct Test {
    n: usize,
    edges: Vec<(usize, usize)>,
    tokens: Vec<usize>,
}

impl Test {
    /// The edges out of each vertex.
    fn options(&self) -> Vec<Vec<usize>> {
        let mut options = vec![Vec::new(); self.n];
        self.edges.iter().for_each(|&(u, v)| options[u].push(v));
        options
    }
}

fn read_test(path: &Path) -> Test {
    let text = std::fs::read_to_string(path).unwrap();
    let mut numbers = text.split_whitespace().map(|w| w.parse::<usize>().unwrap());
    let mut next = || numbers.next().unwrap();
    let (n, m) = (next(), next());
    let edges = (0..m).map(|_| (next() - 1, next() - 1)).collect();
    assert_eq!(next(), 1, "{}: q must be 1", path.display());
    let tokens = (0..next()).map(|_| next() - 1).collect();
    Test { n, edges, tokens }
}

/// The oracle: every ordered tuple of `k` positions, decided by the fixpoint; `index` of a tuple
/// is its number in base `n`, token 0 the lowest digit.
struct Product {
    n: usize,
    verdicts: Vec<Verdict>,
}

impl Product {
    fn new(test: &Test) -> Option<Product> {
        let (n, k) = (test.n, test.tokens.len());
        let size = n.checked_pow(k as u32).filter(|&size| size <= 20_000)?;
        let options = test.options();
        let successors: Vec<Vec<usize>> = (0..size)
            .map(|s| {
                let mut next = Vec::new();
                for i in 0..k {
                    let place = n.pow(i as u32);
                    let t = s / place % n;
                    next.extend(options[t].iter().map(|&w| s - t * place + w * place));
                }
                next
            })
            .collect();
        Some(Product { n, verdicts: oracle(&successors, false) })
    }

    fn verdict(&self, tokens: &[usize]) -> Verdict {
        self.verdicts[tokens.iter().rev().fold(0, |s, &t| s * self.n + t)]
    }
}

/// How a duel ended: the jury's exit status (`None`: killed at the time bound) and its reason.
#[derive(Debug)]
struct Ending {
    code: Option<i32>,
    reason: String,
}

/// Waits for `children` until `bound`, then kills those still running; the first's exit status.
fn wait_all(children: &mut [Child], bound: Duration) -> Option<i32> {
    let start = Instant::now();
    let mut codes = vec![None; children.len()];
    let mut done = vec![false; children.len()];
    while done.iter().any(|d| !d) && start.elapsed() < bound {
        for (i, child) in children.iter_mut().enumerate() {
            if !done[i] {
                if let Some(status) = child.try_wait().unwrap() {
                    codes[i] = status.code();
                    done[i] = true;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    for (i, child) in children.iter_mut().enumerate() {
        if !done[i] {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
    codes[0]
}

fn jury(case: &Path) -> Child {
    Command::new(common::example("token_duel_jury"))
        .arg(case)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn reason_of(child: &mut Child) -> std::thread::JoinHandle<String> {
    let mut stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text.trim().to_string()
    })
}

/// The jury against the built reference, its pipes plumbed straight into the other's.
fn duel_reference(case: &Path) -> Ending {
    let mut judge = jury(case);
    let reason = reason_of(&mut judge);
    let solution = Command::new(common::example("token_duel"))
        .stdin(Stdio::from(judge.stdout.take().unwrap()))
        .stdout(Stdio::from(judge.stdin.take().unwrap()))
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut children = [judge, solution];
    let code = wait_all(&mut children, Duration::from_secs(60));
    Ending { code, reason: reason.join().unwrap() }
}

/// A player written here: it gets the jury's lines and its input.
type Player = Box<dyn FnOnce(&mut dyn BufRead, ChildStdin) + Send>;

/// The jury against `player`, run on a thread of its own, within `bound`.
fn duel(case: &Path, player: Player, bound: Duration) -> Ending {
    let mut judge = jury(case);
    let reason = reason_of(&mut judge);
    let (output, input): (ChildStdout, ChildStdin) =
        (judge.stdout.take().unwrap(), judge.stdin.take().unwrap());
    let thread = std::thread::spawn(move || player(&mut BufReader::new(output), input));
    let code = wait_all(&mut [judge], bound);
    // The jury is gone: its pipes are closed, and the player's next read or write ends it.
    thread.join().unwrap();
    Ending { code, reason: reason.join().unwrap() }
}

/// A player that reads the game, says `side(position)` and then plays `choose(position, turn)`
/// at each of its turns (counted from 0), flushing each line.
fn scripted(
    side: impl FnOnce(&SumPlay) -> &'static str + Send + 'static,
    mut choose: impl FnMut(&SumPlay, usize) -> (usize, usize) + Send + 'static,
) -> Player {
    Box::new(move |from_jury, mut to_jury| {
        let mut line = String::new();
        let mut next_line = |from_jury: &mut dyn BufRead| {
            line.clear();
            match from_jury.read_line(&mut line) {
                Ok(0) | Err(_) => None,
                Ok(_) => {
                    Some(line.split_whitespace().map(|w| w.parse::<usize>().unwrap()).collect::<Vec<_>>())
                }
            }
        };
        let sizes = match next_line(from_jury) {
            Some(sizes) => sizes,
            None => return,
        };
        let edges: Vec<(usize, usize)> =
            (0..sizes[1]).map(|_| next_line(from_jury).unwrap()).map(|e| (e[0] - 1, e[1] - 1)).collect();
        let tokens: Vec<usize> = next_line(from_jury).unwrap()[1..].iter().map(|t| t - 1).collect();
        let mut sum = SumPlay::new(sizes[0], &edges, &tokens);
        let said = side(&sum);
        if writeln!(to_jury, "{said}").is_err() || said == "draw" {
            return;
        }
        let (mut mine, mut turn) = (said == "first", 0);
        loop {
            if mine {
                if !sum.can_move() {
                    return; // lost: the jury has said so and gone
                }
                let (i, v) = choose(&sum, turn);
                turn += 1;
                sum.play(i, v).unwrap();
                if writeln!(to_jury, "{} {}", i + 1, v + 1).is_err() {
                    return;
                }
            } else {
                match next_line(from_jury).as_deref() {
                    Some([i, v]) if *i > 0 => sum.play(i - 1, v - 1).unwrap(),
                    _ => return,
                }
            }
            mine = !mine;
        }
    })
}

/// The side a perfect player says.
fn perfect_side(sum: &SumPlay) -> &'static str {
    match sum.outcome() {
        Outcome::Win => "first",
        Outcome::Lose => "second",
        Outcome::Draw => "draw",
    }
}

fn cases() -> Vec<PathBuf> {
    let dir = common::root().join("inputs/token_duel");
    let cases: Vec<PathBuf> = common::sorted_entries(&dir)
        .into_iter()
        .filter(|case| case.extension().map_or(false, |e| e == "in"))
        .collect();
    assert!(cases.len() >= 10, "the cases of {}", dir.display());
    cases
}

#[test]
fn the_reference_is_accepted_on_every_case() {
    let mut drawn = 0;
    for case in cases() {
        let test = read_test(&case);
        let ending = duel_reference(&case);
        assert_eq!(ending.code, Some(0), "{}: {ending:?}", case.display());
        if let Some(product) = Product::new(&test) {
            let draw = product.verdict(&test.tokens) == Verdict::Draw;
            assert_eq!(ending.reason.contains("a draw"), draw, "{}: {ending:?}", case.display());
            drawn += usize::from(draw);
        }
    }
    assert!(drawn >= 3, "{drawn} drawn cases");
}

/// The case `name` of inputs/token_duel/.
fn case(name: &str) -> PathBuf {
    common::root().join("inputs/token_duel").join(format!("{name}.in"))
}

#[test]
fn the_jury_wins_against_every_single_error() {
    let mut errors = 0;
    for path in cases() {
        let test = read_test(&path);
        let product = match Product::new(&test) {
            Some(product) => Arc::new(product),
            None => continue,
        };
        let start = product.verdict(&test.tokens);
        for at in 0..4 {
            // Won or drawn: play first (in a draw too, or no error could be made); lost: second.
            let side = if matches!(start, Verdict::Lose(_)) { "second" } else { "first" };
            let (product, options) = (Arc::clone(&product), test.options());
            let gave = Arc::new(Mutex::new(None));
            let record = Arc::clone(&gave);
            // Perfect play, but at turn `at` the first move (by token, then vertex) that is an
            // error by the oracle: from a won position one not lost for the jury, from a drawn
            // one one won for the jury.
            let choose = move |sum: &SumPlay, turn: usize| {
                if turn == at {
                    let before = product.verdict(sum.tokens());
                    for (i, &t) in sum.tokens().iter().enumerate() {
                        for &v in &options[t] {
                            let mut after = sum.tokens().to_vec();
                            after[i] = v;
                            let left = product.verdict(&after);
                            let error = match before {
                                Verdict::Win(_) => !matches!(left, Verdict::Lose(_)),
                                _ => matches!(left, Verdict::Win(_)),
                            };
                            if error {
                                *record.lock().unwrap() = Some(left);
                                return (i, v);
                            }
                        }
                    }
                }
                sum.reply().unwrap()
            };
            let ending = duel(&path, scripted(move |_| side, choose), Duration::from_secs(30));
            let left = *gave.lock().unwrap();
            match left {
                // No error at that turn (or the game was over): the perfect player's verdict.
                None if start == Verdict::Draw => assert!(ending.reason.contains("limit"), "{ending:?}"),
                None => assert_eq!(ending.code, Some(0), "{} without an error: {ending:?}", path.display()),
                Some(left) => {
                    errors += 1;
                    assert_eq!(ending.code, Some(1), "{}, error at turn {at}: {ending:?}", path.display());
                    let why = if left == Verdict::Draw { "limit" } else { "the player lost" };
                    assert!(
                        ending.reason.contains(why),
                        "{}, error at turn {at}: {ending:?}",
                        path.display()
                    );
                }
            }
        }
    }
    assert!(errors >= 10, "{errors} errors played");
}

/// The old rule of graph_sum --move: the first token whose value `g` has `g ^ x < g`, to its
/// smallest option of value `g ^ x`; an infinite token to its smallest option of value `x`.
fn old_rule(sum: &SumPlay, options: &[Vec<usize>]) -> (usize, usize) {
    let values = sum.values();
    let finite = |t: usize| match values.value(t) {
        Value::Finite(g) => Some(g),
        Value::Infinite => None,
    };
    let tokens = sum.tokens();
    let x = tokens.iter().filter_map(|&t| finite(t)).fold(0, |x, g| x ^ g);
    let smallest = |t: usize, h: u32| options[t].iter().copied().filter(|&w| finite(w) == Some(h)).min();
    if let Some(i) = tokens.iter().position(|&t| finite(t).is_none()) {
        return (i, smallest(tokens[i], x).unwrap());
    }
    let i = tokens.iter().position(|&t| finite(t).unwrap() ^ x < finite(t).unwrap()).unwrap();
    (i, smallest(tokens[i], finite(tokens[i]).unwrap() ^ x).unwrap())
}

#[test]
fn the_old_rule_cycles_into_the_move_limit() {
    let test = read_test(&case("cycle"));
    let options = test.options();
    let player = scripted(perfect_side, move |sum, _| old_rule(sum, &options));
    let ending = duel(&case("cycle"), player, Duration::from_secs(30));
    assert_eq!(ending.code, Some(1), "{ending:?}");
    assert!(ending.reason.contains("not over after the limit of 6 moves"), "{ending:?}");
    // Its first move is 2 -> 1 (1-based), into the cycle, where the reference goes to 3.
    let sum = SumPlay::new(test.n, &test.edges, &test.tokens);
    assert_eq!((old_rule(&sum, &test.options()), sum.reply()), ((0, 0), Some((0, 2))));
}

#[test]
fn weak_players_lose_and_broken_ones_end() {
    // Never declares a draw: keeps it, and runs into the limit.
    let never_draw = |sum: &SumPlay| if sum.outcome() == Outcome::Draw { "first" } else { perfect_side(sum) };
    for name in ["draw_loop", "draw_two_infinite", "draw_kept"] {
        let ending =
            duel(&case(name), scripted(never_draw, |sum, _| sum.reply().unwrap()), Duration::from_secs(30));
        assert_eq!(ending.code, Some(1), "{name}: {ending:?}");
        assert!(ending.reason.contains("limit"), "{name}: {ending:?}");
    }
    // The wrong side: the jury wins.
    let wrong = |sum: &SumPlay| if sum.outcome() == Outcome::Win { "second" } else { "first" };
    for name in ["first_dag", "second_pair", "cycle", "infinite_win", "second_no_move"] {
        let ending =
            duel(&case(name), scripted(wrong, |sum, _| sum.reply().unwrap()), Duration::from_secs(30));
        assert_eq!(ending.code, Some(1), "{name}: {ending:?}");
        assert!(ending.reason.contains("the player lost"), "{name}: {ending:?}");
    }
    // Forgets to flush: its choice never arrives, both wait; the time bound ends the duel.
    let silent: Player = Box::new(|from_jury, to_jury| {
        let mut buffered = BufWriter::new(to_jury);
        let _ = writeln!(buffered, "first");
        let mut rest = String::new();
        let _ = from_jury.read_to_string(&mut rest);
        std::mem::forget(buffered); // never flushed, not even when dropped
    });
    let ending = duel(&case("first_dag"), silent, Duration::from_secs(2));
    assert_eq!(ending.code, None, "{ending:?}");
    // Closes its output at once; writes junk; plays a move that does not exist. Each writes its
    // lines, closes its output and reads the jury's to the end.
    let lines = |text: &'static str| -> Player {
        Box::new(move |from_jury, mut to_jury| {
            let _ = to_jury.write_all(text.as_bytes());
            drop(to_jury);
            let _ = from_jury.read_to_string(&mut String::new());
        })
    };
    let ending = duel(&case("first_dag"), lines(""), Duration::from_secs(30));
    assert_eq!((ending.code, ending.reason.contains("ended")), (Some(1), true), "{ending:?}");
    for junk in ["hello\n", "first\n1 x\n", "first\n1 2 3\n"] {
        let ending = duel(&case("first_dag"), lines(junk), Duration::from_secs(30));
        assert_eq!(ending.code, Some(2), "{junk:?}: {ending:?}");
    }
    let ending = duel(&case("first_dag"), lines("first\n1 4\n"), Duration::from_secs(30));
    assert_eq!(ending.code, Some(1), "{ending:?}");
    assert!(ending.reason.contains("`1 4` is illegal: no edge from 1 to 4"), "{ending:?}");
    let ending = duel(&case("first_dag"), lines("first\n3 2\n"), Duration::from_secs(30));
    assert!(ending.reason.contains("no token 3 (there are 2)"), "{ending:?}");
    // The winning line of the statement's sample, typed as is: accepted.
    let ending = duel(&case("cycle"), lines("first\n1 3\n"), Duration::from_secs(30));
    assert_eq!(ending.code, Some(0), "{ending:?}");
    let ending = duel(&case("first_dag"), lines("draw\n"), Duration::from_secs(30));
    assert_eq!(ending.code, Some(1), "{ending:?}");
}
