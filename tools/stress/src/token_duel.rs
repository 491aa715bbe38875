//! `stress token_duel -- COMMAND`: the project's interactive problem (docs/problems/token_duel.md)
//! by name. Its inputs are made here ([`DuelInputs`]: graph_sum's format with one query, within
//! the statement's constraints for every seed and size), and its jury is the built example
//! `token_duel_jury` (`cargo build --release --examples`), found beside `stress` in cargo's
//! layout. The rest (relay, verdicts, shrink, transcript) is [`interactive::stress`]'s.
//!
//! Invariant: every input made here keeps `1 <= n <= 1000`, `0 <= m <= 5000`, `q = 1`,
//! `1 <= k <= 5`, tokens on vertices `1..=n`; shrinking goes by the game's own steps ([`steps`]),
//! which keep them too (and takes the jury's exit 3, a bad test file, as "not valid").

use crate::cases::graph_sum::GraphSumCase;
use crate::cases::{candidates_complete, Case, Rng};
use crate::interactive::{self, generic_steps, Inputs, Interactive};
use crate::judge::Trouble;
use crate::options::Options;
use crate::plan::Outcome;
use crate::sys::{self, cannot_write};
use graph_games::input::Error;
use std::ffi::OsString;
use std::path::PathBuf;

/// The problem's name, as `stress` takes it.
pub const NAME: &str = "token_duel";
/// The statement's largest `n` (the size counts vertices).
pub const MAX_VERTICES: u64 = 1000;
const MAX_EDGES: usize = 5000;
const MAX_TOKENS: usize = 5;

/// The inputs of token_duel: a random graph on `size` vertices and one query.
pub struct DuelInputs;

impl DuelInputs {
    /// The input of `seed` with `n` vertices (1 to 1000).
    pub fn make(seed: u64, n: usize) -> Vec<u8> {
        let n = n.clamp(1, MAX_VERTICES as usize);
        let mut rng = Rng::new(seed);
        // Sparse and dense graphs, and graphs with forward edges only (every value finite).
        let most = MAX_EDGES.min(4 * n + 2);
        let m = rng.between(0, most);
        let acyclic = rng.chance(1, 3);
        let mut edges = Vec::with_capacity(m);
        for _ in 0..m {
            let (mut u, mut v) = (rng.between(1, n), rng.between(1, n));
            if acyclic {
                if u == v {
                    continue;
                }
                if u > v {
                    std::mem::swap(&mut u, &mut v);
                }
            }
            edges.push((u, v));
        }
        let k = rng.between(1, MAX_TOKENS);
        let mut text = format!("{n} {}\n", edges.len());
        for (u, v) in &edges {
            text += &format!("{u} {v}\n");
        }
        text += &format!("1\n{k}");
        for _ in 0..k {
            text += &format!(" {}", rng.between(1, n));
        }
        text.push('\n');
        text.into_bytes()
    }
}

impl Inputs for DuelInputs {
    fn input(&self, seed: u64, size: usize) -> Result<Vec<u8>, Trouble> {
        Ok(DuelInputs::make(seed, size))
    }
    fn origin(&self, seed: u64, size: usize) -> String {
        format!("made by stress token_duel --gen --seed {seed} --size {size}")
    }
}

/// The game's own shrink steps, graph_sum's (its input is graph_sum's with one query): a vertex
/// (the others renumbered, what touches it dropped), an edge or a token fewer, halves to single
/// ones; the one query and one token always kept. So every candidate is a valid input, within
/// the statement's constraints (each step only lowers `n`, `m` and `k`). An input that is not
/// graph_sum's (a user's own `--shrink FILE`) gets the generic steps.
#[allow(clippy::ptr_arg)] // an `InputSteps`: the shrink's case is the input, a `Vec<u8>`
fn steps(input: &Vec<u8>, visit: &mut dyn FnMut(Vec<u8>) -> bool) -> bool {
    match GraphSumCase::parse(input) {
        Some(case) => candidates_complete(&case, false, &mut |smaller| visit(smaller.write())),
        None => generic_steps(input, visit),
    }
}

/// The jury: `examples/token_duel_jury` beside this executable (cargo's `target/<profile>/`).
fn jury() -> Result<PathBuf, Error> {
    let exe = std::env::current_exe().map_err(|e| Error::new(format!("token_duel: where is stress? {e}")))?;
    let dir = exe.parent().map(PathBuf::from).unwrap_or_default();
    let jury = dir.join("examples").join("token_duel_jury");
    if jury.is_file() {
        Ok(jury)
    } else {
        Err(Error::new(format!(
            "token_duel: its jury {} is not built: run cargo build --release --examples",
            jury.display()
        )))
    }
}

/// `stress token_duel ...`: one input with `--gen`, else the interactive run.
pub fn run(options: &Options) -> Result<Outcome, Error> {
    if options.family.is_some() || options.beyond_limits {
        return Err(Error::new("token_duel has no families and no wider domain (--family, --beyond-limits)"));
    }
    if let Some(size) = options.size {
        if size > MAX_VERTICES {
            return Err(Error::new(format!("--size {size}: token_duel has at most {MAX_VERTICES} vertices")));
        }
    }
    if options.gen {
        let size = options.size.unwrap_or(10) as usize;
        // The seed as given: a failure's report names the seed of its case in this form.
        let input = DuelInputs::make(options.seed, size);
        return sys::write_stdout(&input).map(|()| Outcome::Passed).map_err(|e| cannot_write(&e));
    }
    let jury: Vec<OsString> = vec![jury()?.into_os_string()];
    let problem = Interactive {
        jury: &jury,
        name: NAME.to_string(),
        inputs: Some(&DuelInputs),
        check: None,
        steps: &steps,
    };
    interactive::stress(options, problem)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statement's constraints, read back from the text.
    fn within_constraints(input: &[u8]) -> bool {
        let text = String::from_utf8(input.to_vec()).unwrap();
        let numbers: Vec<usize> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
        let (n, m) = (numbers[0], numbers[1]);
        let edges = &numbers[2..2 + 2 * m];
        let rest = &numbers[2 + 2 * m..];
        let (q, k, tokens) = (rest[0], rest[1], &rest[2..]);
        (1..=1000).contains(&n)
            && m <= 5000
            && edges.iter().all(|&v| (1..=n).contains(&v))
            && q == 1
            && (1..=5).contains(&k)
            && tokens.len() == k
            && tokens.iter().all(|&v| (1..=n).contains(&v))
    }

    #[test]
    fn every_input_keeps_the_statement() {
        for seed in 0..300 {
            for size in [1, 2, 3, 7, 10, 100, 1000, 5000] {
                assert!(within_constraints(&DuelInputs::make(seed, size)), "seed {seed} size {size}");
            }
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_input() {
        assert_eq!(DuelInputs::make(5, 20), DuelInputs::make(5, 20));
        assert_ne!(DuelInputs::make(5, 20), DuelInputs::make(6, 20));
    }
}
