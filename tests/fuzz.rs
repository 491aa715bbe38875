//! A mutation fuzzer over every judge case: whatever bytes and arguments a binary gets, it keeps
//! the contract (see `common::contract_violation`): exit 0 with nothing on stderr, or exit 2
//! with one printable line `error: ...` and nothing on stdout; never a panic, a signal or a hang.
//!
//! Each mutant starts from an `inputs/<binary>/*.in` (a large one contributes a prefix of at most
//! a few KB, so that every mutant runs in milliseconds) and its flags, and gets one to four
//! mutations: bit flips, inserted and deleted bytes, duplicated chunks, numbers replaced by huge,
//! signed or zero-padded ones, NUL, non-UTF-8, CR, tab, vertical tab and form feed bytes, long
//! tokens, truncation, swapped tokens, and random flags (non-UTF-8 ones and ones holding a
//! newline among them). Mutant `i` of a binary depends only on the seed, the binary and `i`.
//!
//! `make test` runs `FUZZ_COUNT` (default 2000) mutants per binary from seed `FUZZ_SEED`
//! (default fixed); `make fuzz COUNT=... SEED=...` runs a longer campaign. `FUZZ_BIN_DIR` runs
//! the binaries of another build (an older one, to see that the fuzzer finds what it fixed). A mutant that breaks
//! the contract is written to `target/fuzz/<binary>-<seed>-<i>.in`, with its arguments in `.argv`
//! (raw bytes, each ended by a NUL) and, when they are plain words, in `.args` (the judge-case
//! format), ready to become a judge case.

use crate::common;
use common::{binary, contract_violation, judge_cases, root, run_fed, Rng, BINARIES};
use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A judge case as the mutants' starting point.
struct Base {
    input: Vec<u8>,
    args: Vec<Vec<u8>>,
}

/// Inputs above this size contribute only a prefix of at most this many bytes.
const SMALL: usize = 4096;

/// Numbers a mutant puts in place of one: huge (past every size limit, so that no mutant turns
/// into a slow valid input), signed, zero-padded, or not quite numbers.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "-1",
    "-0",
    "+1",
    "00000000000000000000000000000000000000000000000000000000000000000000000003",
    "000000000000000000000000000000000000000000000000000000000000000000000000000",
    "1000000001",
    "4294967295",
    "4294967296",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999",
    "-99999999999999999999999",
    "1e3",
    "0x10",
    "1.0",
    "\u{661}",
];

/// Bytes a mutant inserts: whitespace of every kind, NUL, bytes that are not UTF-8, board cells.
const BYTES: &[u8] = b"\0\r\t\x0b\x0c\n -0123456789.#*XOPTE\x1b\x7f\x80\xbf\xc3\xff";

fn bases(bin: &str) -> Vec<Base> {
    judge_cases(bin)
        .into_iter()
        .map(|case| {
            let args = fs::read_to_string(case.with_extension("args")).unwrap_or_default();
            Base {
                input: fs::read(&case).unwrap(),
                args: args.split_whitespace().map(|a| a.as_bytes().to_vec()).collect(),
            }
        })
        .collect()
}

/// The flags `bin` knows, from its judge cases' `.args`, and some it does not.
fn flag_pool(bases: &[Base]) -> Vec<Vec<u8>> {
    let mut pool: Vec<Vec<u8>> = Vec::new();
    for arg in bases.iter().flat_map(|b| &b.args) {
        if !pool.contains(arg) {
            pool.push(arg.clone());
        }
    }
    for odd in [
        &b"--help"[..],
        b"-h",
        b"--bogus",
        b"-",
        b"",
        b"x",
        b"--depth=1",
        b"--x\ny",
        b"\xff\xfe",
        b"--\x1b[2J",
    ] {
        pool.push(odd.to_vec());
    }
    pool
}

/// The spans of the tokens (runs of bytes that are not ASCII whitespace) in `bytes`.
fn tokens(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() || bytes[i] == 0x0b {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !(bytes[i].is_ascii_whitespace() || bytes[i] == 0x0b) {
            i += 1;
        }
        spans.push((start, i));
    }
    spans
}

/// Applies one random mutation to `data`.
fn mutate(rng: &mut Rng, data: &mut Vec<u8>) {
    let at = |rng: &mut Rng, data: &Vec<u8>| rng.below(data.len() + 1);
    match rng.below(11) {
        0 if !data.is_empty() => {
            let i = rng.below(data.len());
            data[i] ^= 1 << rng.below(8);
        }
        1 => {
            let i = at(rng, data);
            for k in 0..rng.between(1, 3) {
                data.insert(i + k, BYTES[rng.below(BYTES.len())]);
            }
        }
        2 if !data.is_empty() => {
            let i = rng.below(data.len());
            let end = (i + rng.between(1, 16)).min(data.len());
            data.drain(i..end);
        }
        3 if !data.is_empty() => {
            let i = rng.below(data.len());
            let end = (i + rng.between(1, 256)).min(data.len());
            let chunk = data[i..end].to_vec();
            let j = at(rng, data);
            data.splice(j..j, chunk);
        }
        4 => {
            let numbers: Vec<(usize, usize)> = tokens(data)
                .into_iter()
                .filter(|&(s, e)| data[s..e].iter().all(u8::is_ascii_digit))
                .collect();
            if !numbers.is_empty() {
                let (s, e) = numbers[rng.below(numbers.len())];
                let by = NUMBERS[rng.below(NUMBERS.len())].as_bytes();
                data.splice(s..e, by.iter().copied());
            }
        }
        5 => {
            // A long token: up to 64 KB of one byte, alone or glued to its neighbours.
            let byte = b"1.0#x\0-"[rng.below(7)];
            let length = rng.between(100, 1 << 16);
            let i = at(rng, data);
            let mut run = vec![byte; length];
            if rng.below(2) == 0 {
                run.insert(0, b' ');
                run.push(b'\n');
            }
            data.splice(i..i, run);
        }
        6 => {
            let i = at(rng, data);
            data.truncate(i);
        }
        7 => {
            let spans = tokens(data);
            if spans.len() >= 2 {
                let (a, b) = (rng.below(spans.len()), rng.below(spans.len()));
                let ((s1, e1), (s2, e2)) = (spans[a.min(b)], spans[a.max(b)]);
                if e1 <= s2 {
                    let mut out = data[..s1].to_vec();
                    out.extend_from_slice(&data[s2..e2]);
                    out.extend_from_slice(&data[e1..s2]);
                    out.extend_from_slice(&data[s1..e1]);
                    out.extend_from_slice(&data[e2..]);
                    *data = out;
                }
            }
        }
        8 => {
            let i = at(rng, data);
            let odd: &[u8] =
                [&b"\xff"[..], b"\xc3\x28", b"\xe2\x82", b"\xf0\x9f\x98\x80", b"\xed\xa0\x80"][rng.below(5)];
            data.splice(i..i, odd.iter().copied());
        }
        9 => {
            let spaces: Vec<usize> =
                (0..data.len()).filter(|&i| data[i] == b' ' || data[i] == b'\n').collect();
            if !spaces.is_empty() {
                let i = spaces[rng.below(spaces.len())];
                data[i] = b"\r\t\x0b\x0c\r\n"[rng.below(6)];
            }
        }
        _ => {
            let i = at(rng, data);
            data.insert(i, 0);
        }
    }
}

/// Mutant `i` of `bin`: input and arguments.
fn mutant(
    seed: u64,
    bin_index: usize,
    i: usize,
    bases: &[Base],
    flags: &[Vec<u8>],
) -> (Vec<u8>, Vec<Vec<u8>>) {
    let mut rng = Rng(seed ^ ((bin_index as u64) << 56) ^ (i as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    let base = &bases[rng.below(bases.len())];
    let mut input = base.input.clone();
    if input.len() > SMALL {
        input.truncate(rng.below(SMALL));
    }
    let mut args = base.args.clone();
    for _ in 0..rng.between(1, 4) {
        mutate(&mut rng, &mut input);
    }
    if rng.below(5) == 0 {
        args = (0..rng.below(3)).map(|_| flags[rng.below(flags.len())].clone()).collect();
    }
    (input, args)
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| panic!("{name}={text:?} is not a number")),
        Err(_) => default,
    }
}

/// Writes a mutant that broke the contract where it can become a judge case.
fn save(bin: &str, seed: u64, i: usize, input: &[u8], args: &[Vec<u8>]) -> String {
    let dir = root().join("target").join("fuzz");
    fs::create_dir_all(&dir).unwrap();
    let stem = dir.join(format!("{bin}-{seed}-{i}"));
    fs::write(stem.with_extension("in"), input).unwrap();
    let argv: Vec<u8> = args.iter().flat_map(|a| a.iter().copied().chain([0])).collect();
    fs::write(stem.with_extension("argv"), argv).unwrap();
    let plain = args.iter().all(|a| !a.is_empty() && a.iter().all(|b| b.is_ascii_graphic()));
    if plain && !args.is_empty() {
        let words: Vec<&str> = args.iter().map(|a| std::str::from_utf8(a).unwrap()).collect();
        fs::write(stem.with_extension("args"), format!("{}\n", words.join(" "))).unwrap();
    }
    stem.with_extension("in").display().to_string()
}

#[test]
fn every_mutant_keeps_the_contract() {
    let count = env_number("FUZZ_COUNT", 2000) as usize;
    let seed = env_number("FUZZ_SEED", 0x5eed_2026);
    let work: Vec<(usize, Vec<Base>, Vec<Vec<u8>>)> = BINARIES
        .iter()
        .enumerate()
        .map(|(k, bin)| {
            let bases = bases(bin);
            assert!(!bases.is_empty(), "no judge cases for {bin}");
            let flags = flag_pool(&bases);
            (k, bases, flags)
        })
        .collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let started = Instant::now();
    let threads = 4;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::Relaxed);
                if job >= count * BINARIES.len() {
                    break;
                }
                // Interleave the binaries, so that each thread sees all of them.
                let (k, i) = (job % BINARIES.len(), job / BINARIES.len());
                let (_, bases, flags) = &work[k];
                let (input, args) = mutant(seed, k, i, bases, flags);
                let os_args: Vec<OsString> = args.iter().map(|a| OsString::from_vec(a.clone())).collect();
                let fed = input.clone();
                let program = match std::env::var_os("FUZZ_BIN_DIR") {
                    Some(dir) => std::path::PathBuf::from(dir).join(BINARIES[k]),
                    None => binary(BINARIES[k]),
                };
                let run = run_fed(
                    &program,
                    &os_args,
                    move |stdin| {
                        let _ = stdin.write_all(&fed);
                    },
                    Duration::from_secs(10),
                );
                let why = match run {
                    Ok(out) => contract_violation(&out),
                    Err(why) => Some(why),
                };
                if let Some(why) = why {
                    let file = save(BINARIES[k], seed, i, &input, &args);
                    failures.lock().unwrap().push(format!("{} mutant {i} ({file}): {why}", BINARIES[k]));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    eprintln!(
        "{count} mutants per binary from seed {seed}: {} broke the contract, {:.1} s",
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{} mutants broke the contract:\n{}", failures.len(), failures.join("\n"));
}

/// A property of a mutant (its input and arguments).
type Check = dyn Fn(&[u8], &[Vec<u8>]) -> bool;

/// The mutator does what it says: over a few hundred mutants, each kind of damage shows up.
#[test]
fn the_mutants_are_varied() {
    let bases = bases("graph_game");
    let flags = flag_pool(&bases);
    let mutants: Vec<(Vec<u8>, Vec<Vec<u8>>)> = (0..500).map(|i| mutant(1, 0, i, &bases, &flags)).collect();
    let any = |test: &Check| mutants.iter().any(|(input, args)| test(input, args));
    assert!(any(&|input, _| input.contains(&0)), "no NUL");
    assert!(any(&|input, _| std::str::from_utf8(input).is_err()), "no invalid UTF-8");
    assert!(any(&|input, _| input.contains(&0x0b) || input.contains(&0x0c)), "no vertical tab or form feed");
    assert!(any(&|input, _| input.windows(20).any(|w| w.iter().all(|&b| b == b'9'))), "no huge number");
    assert!(any(&|input, _| input.windows(2).any(|w| w == b"-1")), "no negative number");
    assert!(any(&|input, _| input.len() > 10_000), "no long token");
    assert!(any(&|_, args| args.iter().any(|a| std::str::from_utf8(a).is_err())), "no non-UTF-8 argument");
    assert!(any(&|_, args| args.iter().any(|a| a.contains(&b'\n'))), "no argument with a newline");
    // And the check itself catches what it should.
    let out = |code: i32, stdout: &[u8], stderr: &[u8]| std::process::Output {
        status: std::os::unix::process::ExitStatusExt::from_raw(code << 8),
        stdout: stdout.to_vec(),
        stderr: stderr.to_vec(),
    };
    assert!(contract_violation(&out(0, b"win\n", b"")).is_none());
    assert!(contract_violation(&out(2, b"", b"error: line 1, column 1: bad `\\x1b`\n")).is_none());
    for bad in [
        out(101, b"", b"thread 'main' panicked\n"),
        out(2, b"x", b"error: bad\n"),
        out(2, b"", b"error: bad\nmore\n"),
        out(2, b"", b"error: bad \x1b[2J\n"),
        out(2, b"", b"error: bad \xff\n"),
        out(2, b"", b"bad\n"),
        out(0, b"", b"warning\n"),
        out(134, b"", b""),
    ] {
        assert!(contract_violation(&bad).is_some(), "{bad:?}");
    }
}
