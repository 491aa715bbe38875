//! Checks the two examples (`examples/berzerk.rs`, `examples/shiritori.rs`, complete judge
//! submissions on the crate's public API) against naive solutions written here, which share no
//! code with the crate.
//!
//! Each naive solution lists the game's states and their moves explicitly, then iterates to a
//! fixpoint: a state with a move to a losing state wins; a state all of whose moves go to winning
//! states loses (so does one without moves); repeat until nothing changes; the rest are draws.
//! - Berzerk: a state is (the monster's object, who moves); with the monster in the black hole
//!   the game is over: no moves, so the player to move has lost.
//! - Shiritori: a state is the word just said (the other player to move), with a move to every
//!   word that begins with its last three characters: the words themselves, not the three-letter
//!   strings the example plays on.
//!
//! What is checked, running the release-built examples as processes (a plain `cargo test` builds
//! them into `examples/` beside the binaries):
//! - 300 random small inputs per example, many with loops or draws (small circles with few steps,
//!   steps sharing a factor with `n`; words over two or three letters), compared with the oracle's
//!   text, and every verdict seen often enough;
//! - the generated judge cases: their expected files are the oracle's (`mixed_n400`,
//!   `generated_3000`) or a closed form (`max_*`, at the judge's maximum size), and each closed
//!   form is checked against the oracle on small instances of its generator; `BLESS=1` (on when set to
//!   anything but empty or `0`) first rewrites their inputs and expected files;
//! - shiritori at the maximum `N = 2·10^5`, generated here (too large to commit), against its
//!   closed form.
//!
//! Random inputs come from splitmix64 with fixed seeds, so every run checks the same inputs.

use crate::common;
use common::{root, run_program, switch_on, Rng};
use std::fs;

/// Runs example `name` on `input`; it must succeed and write nothing on stderr.
fn run_example(name: &str, input: &str) -> String {
    let out = run_program(common::example(name).to_str().unwrap(), &[], input.as_bytes());
    assert!(
        out.status.code() == Some(0) && out.stderr.is_empty(),
        "{name} failed ({:?}) on {input:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Win,
    Lose,
    Draw,
}

/// The fixpoint of the module doc over explicit moves: `moves[s]` lists the states `s` can move to.
fn fixpoint(moves: &[Vec<usize>]) -> Vec<Verdict> {
    let mut verdict: Vec<Option<Verdict>> = vec![None; moves.len()];
    loop {
        let mut changed = false;
        for s in 0..moves.len() {
            if verdict[s].is_some() {
                continue;
            }
            if moves[s].iter().any(|&t| verdict[t] == Some(Verdict::Lose)) {
                verdict[s] = Some(Verdict::Win);
                changed = true;
            } else if moves[s].iter().all(|&t| verdict[t] == Some(Verdict::Win)) {
                // Also a state without moves.
                verdict[s] = Some(Verdict::Lose);
                changed = true;
            }
        }
        if !changed {
            return verdict.into_iter().map(|v| v.unwrap_or(Verdict::Draw)).collect();
        }
    }
}

// ---- Berzerk ----

/// A Berzerk input: `n` objects, Rick's steps and Morty's.
#[derive(Debug, Clone)]
struct Circle {
    n: usize,
    steps: [Vec<usize>; 2],
}

impl Circle {
    fn input(&self) -> String {
        let line = |s: &[usize]| {
            let words: Vec<String> = s.iter().map(|x| x.to_string()).collect();
            format!("{} {}\n", s.len(), words.join(" "))
        };
        format!("{}\n{}{}", self.n, line(&self.steps[0]), line(&self.steps[1]))
    }

    fn parse(text: &str) -> Circle {
        let mut numbers = text.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
        let n = numbers.next().unwrap();
        let mut set = || {
            let k = numbers.next().unwrap();
            (0..k).map(|_| numbers.next().unwrap()).collect::<Vec<_>>()
        };
        let steps = [set(), set()];
        Circle { n, steps }
    }
}

/// The oracle: for each first player (Rick, then Morty), the verdict of every start `2..=n`.
fn berzerk_oracle(c: &Circle) -> [Vec<Verdict>; 2] {
    // State (object o, 0-based with the hole at 0; player p to move) is `2 * o + p`.
    let state = |o: usize, p: usize| 2 * o + p;
    let mut moves = vec![Vec::new(); 2 * c.n];
    for o in 1..c.n {
        for p in 0..2 {
            for &x in &c.steps[p] {
                moves[state(o, p)].push(state((o + x) % c.n, 1 - p));
            }
        }
    }
    // The hole's states keep no moves: the game is over, the player to move lost.
    let verdict = fixpoint(&moves);
    [0, 1].map(|p| (1..c.n).map(|o| verdict[state(o, p)]).collect())
}

fn berzerk_text(verdicts: &[Vec<Verdict>; 2]) -> String {
    let mut text = String::new();
    for line in verdicts {
        let words: Vec<&str> = line
            .iter()
            .map(|v| match v {
                Verdict::Win => "Win",
                Verdict::Lose => "Lose",
                Verdict::Draw => "Loop",
            })
            .collect();
        text += &words.join(" ");
        text.push('\n');
    }
    text
}

/// `k` distinct numbers from `1..n`, in random order.
fn distinct_steps(rng: &mut Rng, n: usize, k: usize) -> Vec<usize> {
    let mut all: Vec<usize> = (1..n).collect();
    for i in (1..all.len()).rev() {
        all.swap(i, rng.below(i + 1));
    }
    all.truncate(k);
    all
}

/// A small random circle; `shape` 1 gives steps that share a factor with `n` (objects off their
/// multiples never reach the hole: loops), shape 2 one or two steps.
fn random_circle(rng: &mut Rng, shape: usize) -> Circle {
    let n = rng.between(2, 12);
    let set = |rng: &mut Rng| match shape {
        1 => {
            let d = (2..n).find(|d| n % d == 0).unwrap_or(1);
            let multiples: Vec<usize> = (1..n).filter(|x| x % d == 0).collect();
            let k = rng.between(1, multiples.len());
            distinct_steps(rng, multiples.len() + 1, k).into_iter().map(|i| multiples[i - 1]).collect()
        }
        2 => {
            let k = rng.between(1, 2.min(n - 1));
            distinct_steps(rng, n, k)
        }
        _ => {
            let k = rng.between(1, n - 1);
            distinct_steps(rng, n, k)
        }
    };
    let steps = [set(rng), set(rng)];
    Circle { n, steps }
}

#[test]
fn berzerk_against_the_oracle_on_random_circles() {
    let mut rng = Rng(0xbe22_e2c0);
    let mut seen = [0usize; 3];
    for round in 0..300 {
        let circle = random_circle(&mut rng, round % 3);
        let verdicts = berzerk_oracle(&circle);
        for v in verdicts.iter().flatten() {
            seen[*v as usize] += 1;
        }
        let input = circle.input();
        assert_eq!(run_example("berzerk", &input), berzerk_text(&verdicts), "input:\n{input}");
    }
    println!("berzerk: 300 random circles, {} Win, {} Lose, {} Loop", seen[0], seen[1], seen[2]);
    assert!(seen.iter().all(|&count| count >= 300), "every verdict often: {seen:?}");
}

/// `max_even_steps`: both players have every even step of an even circle, so the monster keeps the
/// parity of its object: from an even one (2 and up) the mover steps into the hole at once; from an
/// odd one no one ever reaches it.
fn even_steps(n: usize) -> Circle {
    let evens: Vec<usize> = (2..n).step_by(2).collect();
    Circle { n, steps: [evens.clone(), evens] }
}

fn even_steps_answer(n: usize) -> [Vec<Verdict>; 2] {
    let line: Vec<Verdict> = (1..n).map(|o| if o % 2 == 0 { Verdict::Win } else { Verdict::Draw }).collect();
    [line.clone(), line]
}

/// `max_all_steps`: both players have every step, so the mover steps into the hole at once.
fn all_steps(n: usize) -> Circle {
    let all: Vec<usize> = (1..n).collect();
    Circle { n, steps: [all.clone(), all] }
}

fn all_steps_answer(n: usize) -> [Vec<Verdict>; 2] {
    [vec![Verdict::Win; n - 1], vec![Verdict::Win; n - 1]]
}

/// `mixed_n400`: Rick steps 1 or 3, Morty 2 or 4, on 400 objects: 320 starts win, 158 lose and
/// 320 loop (random sets of any size on a circle this large mostly loop: a player nearly always
/// has a step that does not lose).
fn mixed_circle() -> Circle {
    Circle { n: 400, steps: [vec![3, 1], vec![4, 2]] }
}

#[test]
fn berzerk_closed_forms_agree_with_the_oracle() {
    for n in (4..=30).step_by(2) {
        assert_eq!(berzerk_oracle(&even_steps(n)), even_steps_answer(n), "even steps, n = {n}");
    }
    for n in 2..=30 {
        assert_eq!(berzerk_oracle(&all_steps(n)), all_steps_answer(n), "all steps, n = {n}");
    }
}

/// Writes (with `BLESS`) and checks one generated judge case of `bin`.
fn generated_case(bin: &str, name: &str, input: &str, expected: &str) {
    let input_file = root().join(format!("inputs/{bin}/{name}.in"));
    let expected_file = root().join(format!("expected/{bin}/{name}.out"));
    if switch_on("BLESS") {
        fs::write(&input_file, input).unwrap();
        fs::write(&expected_file, expected).unwrap();
    }
    assert!(fs::read_to_string(&input_file).unwrap() == input, "{bin}/{name}.in is not its generator's");
    assert!(fs::read_to_string(&expected_file).unwrap() == expected, "{bin}/{name}.out is not the answer");
}

#[test]
fn berzerk_generated_cases_are_proven() {
    let max = 7000;
    generated_case(
        "berzerk",
        "max_all_steps",
        &all_steps(max).input(),
        &berzerk_text(&all_steps_answer(max)),
    );
    generated_case(
        "berzerk",
        "max_even_steps",
        &even_steps(max).input(),
        &berzerk_text(&even_steps_answer(max)),
    );
    let circle = mixed_circle();
    generated_case("berzerk", "mixed_n400", &circle.input(), &berzerk_text(&berzerk_oracle(&circle)));
    // The oracle on the committed input, as read back.
    let text = fs::read_to_string(root().join("inputs/berzerk/mixed_n400.in")).unwrap();
    let expected = fs::read_to_string(root().join("expected/berzerk/mixed_n400.out")).unwrap();
    assert_eq!(berzerk_text(&berzerk_oracle(&Circle::parse(&text))), expected);
}

// ---- Shiritori ----

fn shiritori_input(words: &[String]) -> String {
    format!("{}\n{}\n", words.len(), words.join("\n"))
}

/// The oracle: for each word, who wins a game Takahashi starts with it.
fn shiritori_oracle(words: &[String]) -> Vec<Verdict> {
    let moves: Vec<Vec<usize>> = words
        .iter()
        .map(|said| {
            let tail = &said[said.len() - 3..];
            (0..words.len()).filter(|&next| words[next].starts_with(tail)).collect()
        })
        .collect();
    // After Takahashi's word Aoki moves: the verdicts are Aoki's.
    fixpoint(&moves)
}

fn shiritori_text(aoki: &[Verdict]) -> String {
    aoki.iter()
        .map(|v| match v {
            Verdict::Lose => "Takahashi\n",
            Verdict::Win => "Aoki\n",
            Verdict::Draw => "Draw\n",
        })
        .collect()
}

/// A random word of `min..=max` letters from `alphabet`.
fn random_word(rng: &mut Rng, alphabet: &[u8], min: usize, max: usize) -> String {
    let len = rng.between(min, max);
    (0..len).map(|_| alphabet[rng.below(alphabet.len())] as char).collect()
}

#[test]
fn shiritori_against_the_oracle_on_random_dictionaries() {
    let alphabets: [&[u8]; 4] = [b"ab", b"aAb", b"abc", b"xY"];
    let mut rng = Rng(0x5a1_209e);
    let mut seen = [0usize; 3];
    for round in 0..300 {
        let alphabet = alphabets[round % 4];
        let n = rng.between(1, 10);
        let max = if round % 5 == 0 { 8 } else { 5 };
        let words: Vec<String> = (0..n).map(|_| random_word(&mut rng, alphabet, 3, max)).collect();
        let verdicts = shiritori_oracle(&words);
        for v in &verdicts {
            seen[*v as usize] += 1;
        }
        let input = shiritori_input(&words);
        assert_eq!(run_example("shiritori", &input), shiritori_text(&verdicts), "input:\n{input}");
    }
    println!(
        "shiritori: 300 random dictionaries, {} Aoki (Win for Aoki), {} Takahashi, {} Draw",
        seen[0], seen[1], seen[2]
    );
    assert!(seen.iter().all(|&count| count >= 150), "every verdict often: {seen:?}");
}

/// The three letters of vertex `v` (`0..52^3`), `A-Z` then `a-z` as digits in base 52.
fn three_letters(v: usize) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    [v / (52 * 52), v / 52 % 52, v % 52].iter().map(|&d| LETTERS[d] as char).collect()
}

/// The shape of a dictionary: chains of words through the vertices `0..path` (each vertex moves on
/// to the next but one in `end_one_in` at random, and the last, ends its chain: no word goes on
/// from it), a cycle of `cycle` words on the next `cycle` vertices, a word from every
/// `exit_every`-th chain vertex into the cycle, a self-loop word on every `loop_every`-th chain
/// vertex, and self-loop words on `loop_on` more vertices up to `total` words; shuffled.
struct Shape {
    path: usize,
    end_one_in: usize,
    cycle: usize,
    exit_every: usize,
    loop_every: usize,
    loop_on: usize,
    total: usize,
}

/// The words of `shape` and, for each, the verdict of its end for Aoki by the closed form: along
/// each chain from its end backwards, a vertex with a move to a losing vertex (its chain word's
/// next vertex) wins; else one with a move into a draw (an exit into the cycle, a self-loop, or a
/// chain word to a drawn vertex) draws; else (its only move goes to a winning vertex, or it has
/// none) it loses. The cycle and the other self-loops are draws.
fn shaped_words(shape: &Shape, seed: u64) -> (Vec<String>, Vec<Verdict>) {
    let mut rng = Rng(seed);
    // Letters between a word's first three and its last three: they change nothing.
    let middle = |rng: &mut Rng| random_word(rng, b"qQzZ", 0, 2);
    let goes_on: Vec<bool> =
        (0..shape.path).map(|j| j + 1 < shape.path && rng.below(shape.end_one_in) != 0).collect();
    let exits = |j: usize| j % shape.exit_every == 0;
    let loops = |j: usize| j % shape.loop_every == 0;
    let mut chain = vec![Verdict::Lose; shape.path];
    for j in (0..shape.path).rev() {
        let next = if goes_on[j] { Some(chain[j + 1]) } else { None };
        chain[j] = if next == Some(Verdict::Lose) {
            Verdict::Win
        } else if exits(j) || loops(j) || next == Some(Verdict::Draw) {
            Verdict::Draw
        } else {
            Verdict::Lose
        };
    }
    let word =
        |rng: &mut Rng, from: usize, to: usize| three_letters(from) + &middle(rng) + &three_letters(to);
    let mut words: Vec<(String, Verdict)> = Vec::new();
    let cycle_start = shape.path;
    for j in 0..shape.path {
        if goes_on[j] {
            words.push((word(&mut rng, j, j + 1), chain[j + 1]));
        }
        if exits(j) {
            words.push((word(&mut rng, j, cycle_start + j % shape.cycle), Verdict::Draw));
        }
        if loops(j) {
            words.push((word(&mut rng, j, j), chain[j]));
        }
    }
    for c in 0..shape.cycle {
        words.push((word(&mut rng, cycle_start + c, cycle_start + (c + 1) % shape.cycle), Verdict::Draw));
    }
    let loop_start = cycle_start + shape.cycle;
    assert!(words.len() <= shape.total && loop_start + shape.loop_on <= 52 * 52 * 52);
    for i in 0..shape.total - words.len() {
        let v = loop_start + i % shape.loop_on;
        // Three letters alone, or twice with letters between: both begin and end with them.
        let w = if i % 4 == 0 { three_letters(v) } else { word(&mut rng, v, v) };
        words.push((w, Verdict::Draw));
    }
    for i in (1..words.len()).rev() {
        words.swap(i, rng.below(i + 1));
    }
    words.into_iter().unzip()
}

#[test]
fn shiritori_closed_form_agrees_with_the_oracle() {
    for k in 0..12 {
        let path = [1, 2, 3, 10, 40, 120][k % 6];
        let shape = Shape {
            path,
            end_one_in: 2 + k % 7,
            cycle: 1 + k,
            exit_every: 5 + k,
            loop_every: 3 + 2 * k,
            loop_on: 1 + k % 3,
            total: 2 * path + 2 * k + 2,
        };
        let (words, closed_form) = shaped_words(&shape, 7 + k as u64);
        assert_eq!(shiritori_oracle(&words), closed_form, "shape {k}");
    }
}

/// The largest shape: 2·10^5 words on 135,000 of the 140,608 three-letter vertices.
const MAX_SHAPE: Shape = Shape {
    path: 110_000,
    end_one_in: 8,
    cycle: 20_000,
    exit_every: 13,
    loop_every: 17,
    loop_on: 5000,
    total: 200_000,
};

#[test]
fn shiritori_at_the_maximum_size() {
    let (words, closed_form) = shaped_words(&MAX_SHAPE, 0x5a1_0002);
    assert_eq!(words.len(), 200_000);
    let count = |v: Verdict| closed_form.iter().filter(|&&c| c == v).count();
    println!(
        "shiritori: 2·10^5 words, {} Aoki, {} Takahashi, {} Draw",
        count(Verdict::Win),
        count(Verdict::Lose),
        count(Verdict::Draw)
    );
    assert!([Verdict::Win, Verdict::Lose, Verdict::Draw].iter().all(|&v| count(v) >= 20_000));
    let got = run_example("shiritori", &shiritori_input(&words));
    assert!(got == shiritori_text(&closed_form), "2·10^5 words: not the closed form");
}

/// `generated_3000`: 3000 random words of 3 to 8 letters over twelve letters (1728 three-letter
/// strings: over fewer, nearly every word draws; over many more, nearly none does).
fn generated_words(seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..3000).map(|_| random_word(&mut rng, b"abcdefABCDEF", 3, 8)).collect()
}

#[test]
fn shiritori_generated_case_is_proven() {
    let words = generated_words(0x5eed_0209);
    generated_case(
        "shiritori",
        "generated_3000",
        &shiritori_input(&words),
        &shiritori_text(&shiritori_oracle(&words)),
    );
    // The oracle on the committed input, as read back.
    let text = fs::read_to_string(root().join("inputs/shiritori/generated_3000.in")).unwrap();
    let words: Vec<String> = text.split_ascii_whitespace().skip(1).map(String::from).collect();
    let expected = fs::read_to_string(root().join("expected/shiritori/generated_3000.out")).unwrap();
    assert_eq!(shiritori_text(&shiritori_oracle(&words)), expected);
}
