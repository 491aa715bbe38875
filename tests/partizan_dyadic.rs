//! `graph_games::partizan::dyadic` against two independent oracles:
//! - the numbers born by each day, built as Conway builds them (day n + 1 adds a number below
//!   the least, one above the greatest, and the midpoint of each gap), in i128 fixed point:
//!   birthdays, canonical options (a number's neighbours among those born before it) and the
//!   simplest number between two (the earliest born strictly between);
//! - python3's `fractions.Fraction` on large random numbers (thousands of bits), compared as
//!   printed text; skipped with a note when python3 is missing.

use crate::random;

use graph_games::partizan::bigint::BigInt;
use graph_games::partizan::dyadic::Dyadic;
use random::Rng;
use std::io::Write;
use std::process::{Command, Stdio};

/// The fixed point of the day oracle: exact for numbers born by day 12 (denominators to 2^11).
const FRACTION: u32 = 16;
const ONE: i128 = 1 << FRACTION;

/// A fixed-point value as a number, through text the test writes itself.
fn dyadic(value: i128) -> Dyadic {
    let (mut numerator, mut denominator) = (value, ONE);
    while denominator > 1 && numerator % 2 == 0 {
        numerator /= 2;
        denominator /= 2;
    }
    Dyadic::parse(&format!("{}/{}", numerator, denominator)).unwrap()
}

/// Every number born by day `days`, sorted, with its birthday.
fn born_by_day(days: u64) -> Vec<(i128, u64)> {
    let mut numbers: Vec<(i128, u64)> = vec![(0, 0)];
    for day in 1..=days {
        let mut next = vec![(numbers[0].0 - ONE, day)];
        for pair in numbers.windows(2) {
            next.push(pair[0]);
            next.push(((pair[0].0 + pair[1].0) / 2, day));
        }
        next.push(*numbers.last().unwrap());
        next.push((numbers.last().unwrap().0 + ONE, day));
        numbers = next;
    }
    numbers
}

#[test]
fn birthdays_and_options_agree_with_the_days_of_creation() {
    let numbers = born_by_day(12);
    assert_eq!(numbers.len(), (1 << 13) - 1);
    for (i, &(value, day)) in numbers.iter().enumerate() {
        let x = dyadic(value);
        assert_eq!(x.birthday(), day, "{}", x);
        // The canonical options: the nearest numbers on each side born before it.
        let left = numbers[..i].iter().rev().find(|&&(_, born)| born < day);
        let right = numbers[i + 1..].iter().find(|&&(_, born)| born < day);
        let (expected_left, expected_right) = (left.map(|l| dyadic(l.0)), right.map(|r| dyadic(r.0)));
        assert_eq!(x.options(), (expected_left, expected_right), "{}", x);
    }
}

#[test]
fn simplest_between_is_the_earliest_born_between() {
    let bounds: Vec<Option<i128>> =
        born_by_day(7).into_iter().map(|(value, _)| Some(value)).chain([None]).collect();
    let mut candidates = born_by_day(9);
    candidates.sort_by_key(|&(_, day)| day);
    for &lo in &bounds {
        for &hi in &bounds {
            if let (Some(lo), Some(hi)) = (lo, hi) {
                if lo >= hi {
                    continue;
                }
            }
            let inside = |v: i128| lo.map_or(true, |lo| lo < v) && hi.map_or(true, |hi| v < hi);
            let &(expected, day) = candidates.iter().find(|&&(v, _)| inside(v)).unwrap();
            // The earliest born is alone on its day: two would have an earlier one between.
            assert!(candidates.iter().all(|&(v, d)| d > day || v == expected || !inside(v)));
            let (lo, hi) = (lo.map(dyadic), hi.map(dyadic));
            let simplest = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
            assert_eq!(simplest, dyadic(expected), "{{{:?}|{:?}}}", lo, hi);
        }
    }
}

/// A random signed decimal numerator of up to `max_digits` digits (leading zeros allowed).
fn random_digits(rng: &mut Rng, max_digits: usize) -> String {
    let length = rng.between(1, max_digits);
    let sign = if rng.chance(1, 2) { "-" } else { "" };
    let digits: String = (0..length).map(|_| char::from(b'0' + rng.below(10) as u8)).collect();
    format!("{}{}", sign, digits)
}

/// One random case: `a = p/2^j`, `b` = `q/2^k` or `a + q/2^k` (close to `a`), a shift `s`.
struct Case {
    p: String,
    j: u64,
    q: String,
    k: u64,
    b_near_a: bool,
    s: i64,
}

fn random_case(rng: &mut Rng) -> Case {
    let max_digits = *rng.pick(&[3, 30, 300, 1500]);
    let max_exponent = *rng.pick(&[0, 5, 100, 5000]);
    Case {
        p: random_digits(rng, max_digits),
        j: rng.below(max_exponent + 1),
        q: random_digits(rng, max_digits.min(40)),
        k: rng.below(max_exponent + 100),
        b_near_a: rng.chance(1, 2),
        s: rng.below(401) as i64 - 200,
    }
}

fn optional(x: &Option<Dyadic>) -> String {
    x.as_ref().map_or("none".to_string(), |x| x.to_string())
}

/// What the library answers for a case: one line of words, in the order the script prints.
fn library_answers(case: &Case) -> String {
    let number = |digits: &str, exponent: u64| {
        Dyadic::from_parts(BigInt::parse(digits).unwrap(), 0).mul_pow2(-(exponent as i64))
    };
    let a = number(&case.p, case.j);
    let delta = number(&case.q, case.k);
    let b = if case.b_near_a { a.add(&delta) } else { delta };
    let between = match a.cmp(&b) {
        std::cmp::Ordering::Less => Dyadic::simplest_between(Some(&a), Some(&b)).to_string(),
        std::cmp::Ordering::Greater => Dyadic::simplest_between(Some(&b), Some(&a)).to_string(),
        std::cmp::Ordering::Equal => "none".to_string(),
    };
    let (left, right) = a.options();
    let words = [
        a.to_string(),
        b.to_string(),
        a.add(&b).to_string(),
        a.sub(&b).to_string(),
        a.neg().to_string(),
        (a.cmp(&b) as i32).to_string(),
        a.floor().to_string(),
        a.ceil().to_string(),
        a.mul_pow2(case.s).to_string(),
        between,
        Dyadic::simplest_between(None, Some(&a)).to_string(),
        Dyadic::simplest_between(Some(&a), None).to_string(),
        optional(&left),
        optional(&right),
        a.birthday().to_string(),
        a.exponent().to_string(),
    ];
    words.join(" ")
}

/// The same answers by python's exact fractions; the simplest number between found by a binary
/// search on the denominator (at 2^k some m/2^k lies strictly between, for every k past the least).
const PYTHON: &str = r#"
import sys, math
from fractions import Fraction
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

def fits(lo, hi, k):
    m = math.floor(lo * 2**k) + 1
    return Fraction(m, 2**k) if Fraction(m, 2**k) < hi else None

def simplest(lo, hi):
    first = None if lo is None else math.floor(lo) + 1
    last = None if hi is None else math.ceil(hi) - 1
    if first is None or last is None or first <= last:
        if first is not None and first > 0: return Fraction(first)
        if last is not None and last < 0: return Fraction(last)
        return Fraction(0)
    low, high = 0, 1
    while fits(lo, hi, high) is None: high *= 2
    while high - low > 1:
        middle = (low + high) // 2
        if fits(lo, hi, middle) is None: low = middle
        else: high = middle
    return fits(lo, hi, high)

def show(x): return "none" if x is None else str(x)

for line in sys.stdin:
    p, j, q, k, near, s = line.split()
    a = Fraction(int(p), 2**int(j))
    delta = Fraction(int(q), 2**int(k))
    b = a + delta if near == "1" else delta
    s = int(s)
    between = "none" if a == b else str(simplest(min(a, b), max(a, b)))
    n, d = a.numerator, a.denominator
    if d > 1: left, right = Fraction(n - 1, d), Fraction(n + 1, d)
    elif n > 0: left, right = Fraction(n - 1), None
    elif n < 0: left, right = None, Fraction(n + 1)
    else: left, right = None, None
    whole = math.floor(abs(a))
    k_of_a = d.bit_length() - 1
    birthday = whole if d == 1 else whole + 1 + k_of_a
    scaled = a * 2**s if s >= 0 else a / 2**(-s)
    words = [a, b, a + b, a - b, -a, (a > b) - (a < b), math.floor(a), math.ceil(a), scaled,
             between, simplest(None, a), simplest(a, None), show(left), show(right),
             min(birthday, 2**64 - 1), k_of_a]
    print(" ".join(str(w) for w in words))
"#;

/// Runs the script on the cases' lines; `None` when python3 cannot be started.
fn python_answers(input: &str) -> Option<String> {
    let mut child = match Command::new("python3")
        .arg("-c")
        .arg(PYTHON)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(error) => {
            eprintln!("note: python3 not run ({}): the Fraction oracle is skipped", error);
            return None;
        }
    };
    // Written by a thread of its own while the answers are read: a pipe holds only so much.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "the python oracle failed");
    Some(String::from_utf8(output.stdout).unwrap())
}

#[test]
fn large_numbers_agree_with_python_fractions() {
    let mut rng = Rng::new(2024);
    let cases: Vec<Case> = (0..400).map(|_| random_case(&mut rng)).collect();
    let input: String = cases
        .iter()
        .map(|c| format!("{} {} {} {} {} {}\n", c.p, c.j, c.q, c.k, u8::from(c.b_near_a), c.s))
        .collect();
    let expected = match python_answers(&input) {
        Some(expected) => expected,
        None => return,
    };
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(expected.len(), cases.len());
    for (case, expected) in cases.iter().zip(expected) {
        let answers = library_answers(case);
        if answers != expected {
            // The first word that differs, named, rather than two pages of digits.
            let names = "a b a+b a-b -a cmp floor ceil a*2^s {a|b} {|a} {a|} left right birthday k";
            let differs = names
                .split(' ')
                .zip(answers.split(' ').zip(expected.split(' ')))
                .find(|(_, (ours, theirs))| ours != theirs);
            panic!(
                "case p={} j={} q={} k={} near={} s={}: {:?}",
                case.p, case.j, case.q, case.k, case.b_near_a, case.s, differs
            );
        }
    }
}

#[test]
fn huge_powers_of_two_print_as_python_prints_them() {
    let input = "1 0 1 0 0 0\n";
    if python_answers(input).is_none() {
        return;
    }
    let script = "import sys\nif hasattr(sys, 'set_int_max_str_digits'): sys.set_int_max_str_digits(0)\nprint(-(3 * 2**100000 + 1))\nprint(1, 2**70001, sep='/')\n";
    let output = Command::new("python3").arg("-c").arg(script).output().unwrap();
    let expected = String::from_utf8(output.stdout).unwrap();
    let mut lines = expected.lines();
    let big = Dyadic::from_i64(-3).mul_pow2(100_000).sub(&Dyadic::from_i64(1));
    assert_eq!(big.to_string(), lines.next().unwrap());
    let tiny = Dyadic::from_i64(1).mul_pow2(-70_001);
    assert_eq!(tiny.to_string(), lines.next().unwrap());
    // And read back.
    assert_eq!(Dyadic::parse(&big.to_string()), Ok(big));
    assert_eq!(Dyadic::parse(&tiny.to_string()), Ok(tiny));
}

#[test]
fn printed_numbers_read_back() {
    let mut rng = Rng::new(3);
    for _ in 0..2000 {
        let case = random_case(&mut rng);
        let x = Dyadic::parse(&case.p).unwrap().mul_pow2(case.s * 10 - case.j as i64);
        let text = x.to_string();
        assert_eq!(Dyadic::parse(&text).as_ref(), Ok(&x), "{}", text);
        assert_eq!(text.parse::<Dyadic>().as_ref(), Ok(&x));
    }
    for text in ["0", "5", "-3", "3/4", "-3/2", "1/1024"] {
        assert_eq!(Dyadic::parse(text).unwrap().to_string(), text);
    }
    for (text, reduced) in [("-12/1024", "-3/256"), ("-0", "0"), ("0/8", "0"), ("8/8", "1"), ("007/2", "7/2")]
    {
        assert_eq!(Dyadic::parse(text).unwrap().to_string(), reduced);
    }
    for text in ["", "1/3", "1/0", "1/2.0", "a", "1/+2", "- 1", "1/2 "] {
        assert!(Dyadic::parse(text).is_err(), "{:?}", text);
    }
}
