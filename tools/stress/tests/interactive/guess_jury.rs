//! The jury of `guess`, as `guess_jury.py` (its doc tells the problem), in Rust: run as
//! `guess_jury [ANY...] TEST_FILE`. Exit status: 0 accepted, 1 wrong answer, 2 presentation
//! error, 3 a bad test file.
use std::io::{BufRead, Write};

fn verdict(status: i32, why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(status)
}

fn main() {
    let file = std::env::args().last().unwrap_or_default();
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let numbers: Vec<u64> = text.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    if numbers.len() != 2 || text.split_whitespace().count() != 2 {
        verdict(3, "the test file is not two integers `n x`");
    }
    let (n, x) = (numbers[0], numbers[1]);
    if !(1 <= x && x <= n && n <= 1_000_000_000) {
        verdict(3, "the test file breaks 1 <= x <= n <= 10^9");
    }
    let most = 64 - n.leading_zeros();
    let mut out = std::io::stdout();
    let mut say = |text: &str| {
        let _ = writeln!(out, "{text}").and_then(|()| out.flush());
    };
    say(&n.to_string());
    let mut guesses = 0;
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap_or_default();
        let words: Vec<&str> = line.split_whitespace().collect();
        let y = match words.as_slice() {
            ["?", y] => match y.parse::<i64>() {
                Ok(y) => y,
                Err(_) => verdict(2, &format!("expected `? y`, got `{line}`")),
            },
            _ => verdict(2, &format!("expected `? y`, got `{line}`")),
        };
        guesses += 1;
        if guesses > most {
            verdict(1, &format!("more than {most} guesses"));
        }
        if y < 1 || y as u64 > n {
            verdict(1, &format!("the guess {y} is not between 1 and {n}"));
        }
        let y = y as u64;
        if y == x {
            say("=");
            verdict(0, &format!("found {x} in {guesses} guesses"));
        }
        say(if x < y { "<" } else { ">" });
    }
    verdict(1, "the player's output ended before it found x")
}
