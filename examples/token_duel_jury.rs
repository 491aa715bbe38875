//! The jury (interactor) of token_duel (docs/problems/token_duel.md): it reads the test file named
//! by its first argument, sends the game to the player on stdout, and plays against the player's
//! lines on stdin, perfectly, with `graph_games::play::SumPlay`. It probes
//! (`graph_games::play::Choice::Seeded`): where it has more than one move that keeps its outcome
//! (a draw kept, a loss resisted) it draws one, seeded by the test file's bytes, resisting a loss
//! as long as it can on an even seed and with any move on an odd one; so each test tries another
//! line, and the same test the same line (a failure found is found again).
//!
//! # The invariant
//! The jury ends with exactly one verdict, as testlib does: exit status 0 accepted, 1 wrong answer,
//! 2 presentation error (a line that does not parse), 3 the jury failed (a bad test file or
//! arguments), and one line on stderr giving the reason. It never waits for what it does not need:
//! it reads one line at a time (at most 64 bytes of it), takes the end of the player's output as a
//! wrong answer, and a player that stops reading as one too. Every game ends within the move
//! limit `L = 2·k·n`, both sides' moves counted: past it, a wrong answer. Memory that cannot be
//! had is the jury's failure too: its whole need (the test's constraints bound it) is checked once
//! the test file is read, before the game is solved; and the test file is read only up to
//! [`MAX_TEST`] bytes (past it, a failure: a valid test is far shorter).

use graph_games::memory::check_memory;
use graph_games::play::{Choice, Resist, SumPlay};
use graph_games::solver::{values_bytes, Outcome};
use std::io::{self, BufRead, Read, Write};
use std::process::exit;

/// The constraints of the statement.
const MAX_N: usize = 1000;
const MAX_M: usize = 5000;
const MAX_K: usize = 5;
/// The longest line the jury reads from the player (a move is two small numbers).
const MAX_LINE: u64 = 64;
/// The most bytes of a test file read (a valid one has at most 6,009 numbers of at most 4 digits;
/// this leaves room for any whitespace a hand-written test has).
const MAX_TEST: u64 = 16 << 20;

/// The verdicts and their exit statuses (testlib's).
#[derive(Clone, Copy)]
enum Verdict {
    Accepted = 0,
    WrongAnswer = 1,
    PresentationError = 2,
    Fail = 3,
}

/// Ends the run with `verdict`, its reason on stderr.
fn end(verdict: Verdict, reason: &str) -> ! {
    let word = match verdict {
        Verdict::Accepted => "ok",
        Verdict::WrongAnswer => "wrong answer",
        Verdict::PresentationError => "presentation error",
        Verdict::Fail => "fail",
    };
    eprintln!("{word}: {reason}");
    exit(verdict as i32)
}

/// The test file: the graph (0-based edges) and the tokens (0-based vertices), and the seed of
/// the jury's choices (a hash of the file's bytes).
struct Test {
    n: usize,
    edges: Vec<(usize, usize)>,
    tokens: Vec<usize>,
    seed: u64,
}

/// FNV-1a of `bytes`: the same test, the same seed.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// The bytes of the test file, at most [`MAX_TEST`] of them; memory that cannot be had (the
/// buffer grows by fallible steps) is the jury's failure with one line, never an abort.
fn read_capped(path: &str) -> Vec<u8> {
    let mut file = std::fs::File::open(path).unwrap_or_else(|e| end(Verdict::Fail, &format!("{path}: {e}")));
    let no_memory = format!("not enough memory for the test file {path}");
    let hint = file.metadata().map_or(0, |m| m.len().min(MAX_TEST + 1)) as usize;
    let mut bytes = Vec::new();
    if bytes.try_reserve_exact(hint).is_err() {
        end(Verdict::Fail, &no_memory);
    }
    let mut chunk = [0u8; 8192];
    loop {
        let read = match file.read(&mut chunk) {
            Ok(0) => return bytes,
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => end(Verdict::Fail, &format!("{path}: {e}")),
        };
        if bytes.len() + read > MAX_TEST as usize {
            end(
                Verdict::Fail,
                &format!("{path}: longer than {} MiB: not a test of this problem", MAX_TEST >> 20),
            );
        }
        if bytes.try_reserve(read).is_err() {
            end(Verdict::Fail, &no_memory);
        }
        bytes.extend_from_slice(&chunk[..read]);
    }
}

/// Reads and checks the test file: graph_sum's format with exactly one query, within the
/// constraints. Whatever is wrong is the jury's failure (exit 3), said with the number's place.
fn read_test(path: &str) -> Test {
    let bytes = read_capped(path);
    let seed = fnv(&bytes);
    let text =
        String::from_utf8(bytes).unwrap_or_else(|_| end(Verdict::Fail, &format!("{path}: not UTF-8 text")));
    let mut words = text.split_whitespace().enumerate();
    let mut number = |what: &str, low: usize, high: usize| -> usize {
        let (i, word) = words.next().unwrap_or_else(|| end(Verdict::Fail, &format!("{path}: no {what}")));
        match word.parse::<usize>() {
            Ok(x) if (low..=high).contains(&x) => x,
            _ => end(
                Verdict::Fail,
                &format!("{path}: number {}: {what} must be {low} to {high}, not {word}", i + 1),
            ),
        }
    };
    let (n, m) = (number("n", 1, MAX_N), number("m", 0, MAX_M));
    let edges = (0..m).map(|_| (number("an edge's u", 1, n) - 1, number("an edge's v", 1, n) - 1)).collect();
    number("q", 1, 1);
    let k = number("k", 1, MAX_K);
    let tokens = (0..k).map(|_| number("a token", 1, n) - 1).collect();
    if let Some((i, word)) = words.next() {
        end(Verdict::Fail, &format!("{path}: number {}: `{word}` after the query", i + 1));
    }
    Test { n, edges, tokens, seed }
}

/// The jury's side of the pipes: the player's lines in, the jury's lines out.
struct Player<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Player<R, W> {
    /// Sends one message (lines) and flushes it; a player that stopped reading has lost.
    fn send(&mut self, text: &str) {
        if self.output.write_all(text.as_bytes()).and_then(|_| self.output.flush()).is_err() {
            end(Verdict::WrongAnswer, "the player closed its input before the game ended");
        }
    }

    /// The player's next line, without its line end; the end of its output is a wrong answer.
    fn line(&mut self, expected: &str) -> String {
        let mut bytes = Vec::new();
        let read = self.input.by_ref().take(MAX_LINE).read_until(b'\n', &mut bytes);
        if read.is_err() || bytes.is_empty() {
            end(Verdict::WrongAnswer, &format!("the player's output ended where {expected} was expected"));
        }
        if bytes.last() != Some(&b'\n') && bytes.len() as u64 == MAX_LINE {
            end(
                Verdict::PresentationError,
                &format!("a line of over {MAX_LINE} bytes where {expected} was expected"),
            );
        }
        let text = String::from_utf8_lossy(&bytes);
        text.trim_end_matches(['\n', '\r'].as_ref()).to_string()
    }
}

/// `word` as an integer (an optional `-`, then digits), held at ±10^18 when longer.
fn integer(word: &str) -> Option<i64> {
    let digits = word.strip_prefix('-').unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.parse::<i64>().unwrap_or(1_000_000_000_000_000_000);
    Some(if word.starts_with('-') { -value } else { value })
}

/// A move line `i v` as (token, vertex), 0-based (an integer out of range becomes one that no
/// move has); not two integers is a presentation error.
fn parse_move(line: &str) -> (usize, usize) {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        [i, v] => match (integer(i), integer(v)) {
            (Some(i), Some(v)) => {
                let zero_based = |x: i64| if x >= 1 { (x - 1) as usize } else { usize::MAX };
                (zero_based(i), zero_based(v))
            }
            _ => end(Verdict::PresentationError, &format!("`{line}` is not a move: two integers `i v`")),
        },
        _ => end(Verdict::PresentationError, &format!("`{line}` is not a move: two integers `i v`")),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 1 {
        end(Verdict::Fail, "usage: token_duel_jury TEST_FILE (the player on stdin and stdout)");
    }
    let test = read_test(&args[0]);
    // What the jury holds: the game as SumPlay keeps it (the edges as lists, as read and in the
    // graph: 64 bytes an edge at most; 96 bytes a vertex; the values), the game's text, and a
    // stalling reply's search: each of at most m moves a sum of k tokens, under 96 bytes a token.
    let (n, m, k) = (test.n as u128, test.edges.len() as u128, test.tokens.len() as u128);
    let need = values_bytes(test.n, test.edges.len(), u32::MAX - 1) + 96 * n + 64 * m + 96 * k * m;
    if let Err(e) = check_memory(need, format_args!("a game of {n} vertices and {m} edges")) {
        end(Verdict::Fail, &e.to_string());
    }
    let lost = if test.seed % 2 == 0 { Resist::Longest } else { Resist::Any };
    let mut sum = SumPlay::new(test.n, &test.edges, &test.tokens)
        .with_choice(Choice::Seeded { seed: test.seed >> 1, lost });
    let (stdin, stdout) = (io::stdin(), io::stdout());
    let mut player = Player { input: stdin.lock(), output: stdout.lock() };
    let mut setup = format!("{} {}\n", test.n, test.edges.len());
    test.edges.iter().for_each(|&(u, v)| setup.push_str(&format!("{} {}\n", u + 1, v + 1)));
    let tokens: Vec<String> = test.tokens.iter().map(|t| (t + 1).to_string()).collect();
    setup.push_str(&format!("{} {}\n", tokens.len(), tokens.join(" ")));
    player.send(&setup);

    let outcome = sum.outcome();
    let choice = player.line("`first`, `second` or `draw`");
    let mut players_turn = match choice.trim() {
        "draw" if outcome == Outcome::Draw => end(Verdict::Accepted, "a draw, as the player said"),
        "draw" => {
            let side = if outcome == Outcome::Win { "first" } else { "second" };
            end(
                Verdict::WrongAnswer,
                &format!("the player said draw, but the position is won for the {side} player"),
            )
        }
        "first" => true,
        "second" => false,
        _ => end(Verdict::PresentationError, &format!("`{choice}` is not `first`, `second` nor `draw`")),
    };
    let limit = 2 * test.tokens.len() * test.n;
    let mut made = 0;
    loop {
        if players_turn {
            if !sum.can_move() {
                end(Verdict::WrongAnswer, &format!("the player lost: no token can move, after {made} moves"));
            }
            let line = player.line("a move `i v`");
            let (token, vertex) = parse_move(&line);
            if let Err(illegal) = sum.play(token, vertex) {
                end(Verdict::WrongAnswer, &format!("move {} `{line}` is illegal: {illegal}", made + 1));
            }
        } else {
            let (token, vertex) = match sum.reply() {
                Some(reply) => reply,
                None => {
                    // The player has won: one that did not wait for this line has not erred.
                    let _ = player.output.write_all(b"0 0\n").and_then(|_| player.output.flush());
                    end(Verdict::Accepted, &format!("the player won in {made} moves (the limit is {limit})"));
                }
            };
            sum.play(token, vertex).expect("the jury's reply is a move");
            player.send(&format!("{} {}\n", token + 1, vertex + 1));
            if !sum.can_move() {
                end(
                    Verdict::WrongAnswer,
                    &format!("the player lost: no token can move, after {} moves", made + 1),
                );
            }
        }
        made += 1;
        players_turn = !players_turn;
        // The game is over only when the side to move cannot: that side's turn says so above.
        if made == limit && sum.can_move() {
            end(Verdict::WrongAnswer, &format!("the game is not over after the limit of {limit} moves"));
        }
    }
}
