//! The vocabulary of rules: integer **terms** of a row's parameters, and **conditions** on them,
//! each kept as a bit-vector over the table's rows.
//!
//! # The families
//! Terms: each parameter `p`; for each pair `p_i, p_j` (`i < j`): `p_i + p_j`, `p_i - p_j`,
//! `p_i xor p_j`, `min(p_i, p_j)`, `max(p_i, p_j)`; with three parameters or more, the sum and the
//! xor of them all. Conditions on a term `t`: `t mod m == r` (`2 <= m <= MAX_MODULUS`),
//! `t == c` and `t <= c` for the constants `|c| <= MAX_CONSTANT` the term reaches, each also
//! negated (`!=`, `>`). On a difference they read as comparisons (`p_i == p_j`, `p_i < p_j`).
//! A value may be a term itself (`value = l xor r`) where the table's values are numbers.
//!
//! Every term is computed exactly ([`Term::eval`], in `i128`), and a term is used only where the
//! emitted code, in `i64`, computes it exactly too: on every row of the box of the table's
//! columns ([`Term::fits`]). The columns may include residues ([`crate::affine`]) after the
//! parameters.
//!
//! Conditions that hold on exactly the same rows are kept once, the first in the order above
//! (simplest first), so a rule is stated in the simplest words that fit.

use crate::table::Table;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// The largest modulus a condition uses.
pub const MAX_MODULUS: i64 = 6;
/// The largest constant (in absolute value) a condition compares with.
pub const MAX_CONSTANT: i64 = 16;

/// The most words (64 rows each) the conditions' bits take, about: 64 MiB.
pub const MAX_FEATURE_WORDS: usize = 1 << 23;

/// An integer function of a row's parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    Param(usize),
    Sum(usize, usize),
    Diff(usize, usize),
    Xor(usize, usize),
    Min(usize, usize),
    Max(usize, usize),
    SumAll,
    XorAll,
}

impl Term {
    /// The term's value, exact (no `i64` sum or difference can leave `i128`).
    pub fn eval(self, p: &[i64]) -> i128 {
        let x = |i: usize| p[i] as i128;
        match self {
            Term::Param(i) => x(i),
            Term::Sum(i, j) => x(i) + x(j),
            Term::Diff(i, j) => x(i) - x(j),
            Term::Xor(i, j) => (p[i] ^ p[j]) as i128,
            Term::Min(i, j) => x(i).min(x(j)),
            Term::Max(i, j) => x(i).max(x(j)),
            Term::SumAll => p.iter().map(|&v| v as i128).sum(),
            Term::XorAll => p.iter().fold(0i64, |a, &b| a ^ b) as i128,
        }
    }

    /// Whether the emitted code computes the term exactly in `i64` (every partial result in
    /// range) for every row of the box `bounds` (each column's least and greatest value).
    pub fn fits(self, bounds: &[(i64, i64)]) -> bool {
        let b = |i: usize| (bounds[i].0 as i128, bounds[i].1 as i128);
        let within = |(lo, hi): (i128, i128)| lo >= i64::MIN as i128 && hi <= i64::MAX as i128;
        match self {
            Term::Sum(i, j) => within((b(i).0 + b(j).0, b(i).1 + b(j).1)),
            Term::Diff(i, j) => within((b(i).0 - b(j).1, b(i).1 - b(j).0)),
            Term::SumAll => {
                let mut total = (0i128, 0i128);
                (0..bounds.len()).all(|i| {
                    total = (total.0 + b(i).0, total.1 + b(i).1);
                    within(total)
                })
            }
            _ => true,
        }
    }

    /// The term as a person reads it, `names` the parameters'; `tight`: whether it stands alone
    /// (else a compound one is put in parentheses).
    pub fn text(self, names: &[String], tight: bool) -> String {
        let joined = |op: &str| names.join(op);
        let s = match self {
            Term::Param(i) => return names[i].clone(),
            Term::Min(i, j) => return format!("min({}, {})", names[i], names[j]),
            Term::Max(i, j) => return format!("max({}, {})", names[i], names[j]),
            Term::Sum(i, j) => format!("{} + {}", names[i], names[j]),
            Term::Diff(i, j) => format!("{} - {}", names[i], names[j]),
            Term::Xor(i, j) => format!("{} xor {}", names[i], names[j]),
            Term::SumAll => joined(" + "),
            Term::XorAll => joined(" xor "),
        };
        if tight {
            s
        } else {
            format!("({s})")
        }
    }
}

/// What a condition asks of its term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    Mod(i64, i64),
    Eq(i64),
    Le(i64),
}

/// A condition: `test` on `term`, or its negation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Condition {
    pub term: Term,
    pub test: Test,
    pub negated: bool,
}

impl Condition {
    pub fn holds(self, p: &[i64]) -> bool {
        let t = self.term.eval(p);
        let yes = match self.test {
            Test::Mod(m, r) => t.rem_euclid(m as i128) == r as i128,
            Test::Eq(c) => t == c as i128,
            Test::Le(c) => t <= c as i128,
        };
        yes != self.negated
    }

    /// The condition as a person reads it.
    pub fn text(self, names: &[String]) -> String {
        let neg = self.negated;
        if let Term::Diff(i, j) = self.term {
            let (a, b) = (&names[i], &names[j]);
            match self.test {
                Test::Eq(0) => return format!("{a} {} {b}", if neg { "!=" } else { "==" }),
                Test::Le(0) => return format!("{a} {} {b}", if neg { ">" } else { "<=" }),
                Test::Le(-1) => return format!("{a} {} {b}", if neg { ">=" } else { "<" }),
                _ => {}
            }
        }
        match self.test {
            Test::Mod(2, r) => {
                let odd = (r == 1) != neg;
                format!("{} is {}", self.term.text(names, true), if odd { "odd" } else { "even" })
            }
            Test::Mod(m, r) => {
                format!("{} mod {m} {} {r}", self.term.text(names, false), if neg { "!=" } else { "==" })
            }
            Test::Eq(c) => format!("{} {} {c}", self.term.text(names, true), if neg { "!=" } else { "==" }),
            Test::Le(c) if neg => format!("{} >= {}", self.term.text(names, true), c + 1),
            Test::Le(c) => format!("{} <= {c}", self.term.text(names, true)),
        }
    }
}

/// Rows as bits: bit `r` of word `r / 64`.
pub type Bits = Vec<u64>;

pub fn ones(bits: &[u64]) -> usize {
    bits.iter().map(|w| w.count_ones() as usize).sum()
}

/// A condition with the rows it holds on.
pub struct Feature {
    pub condition: Condition,
    pub bits: Bits,
}

/// Every term of the families for `arity` columns, simplest first, that the emitted code computes
/// exactly on the box `bounds` ([`Term::fits`]), and the differences that it does not: those only
/// compared with 0 ([`features`]), which the code writes as `p_i <= p_j`, never subtracting.
/// With many columns, only the single ones and their sum and xor.
pub fn terms(arity: usize, bounds: &[(i64, i64)]) -> Vec<Term> {
    let mut terms: Vec<Term> = (0..arity).map(Term::Param).collect();
    if arity <= 6 {
        for make in [Term::Diff, Term::Sum, Term::Min, Term::Max, Term::Xor] {
            for i in 0..arity {
                for j in i + 1..arity {
                    terms.push(make(i, j));
                }
            }
        }
    }
    if arity >= 3 {
        terms.push(Term::SumAll);
        terms.push(Term::XorAll);
    }
    terms.retain(|t| t.fits(bounds) || matches!(t, Term::Diff(..)));
    terms
}

/// Every condition of the families on `terms` ([`terms`]) that is true on some rows of `table` and
/// false on others, once per set of rows (module doc), with its bits; negations are not listed
/// (the search tries both). A difference that does not fit `i64` on the box `bounds` gets only
/// the comparisons `== 0`, `<= 0`, `<= -1`. At most about [`MAX_FEATURE_WORDS`] words of bits:
/// past that, the terms of single columns only, then as many of those as fit.
pub fn features(table: &Table, terms: &[Term], bounds: &[(i64, i64)]) -> Vec<Feature> {
    let rows = table.rows();
    let words = (rows + 63) / 64;
    // The sets of rows seen, by a hash of their bits (then compared whole): no second copy.
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut found: Vec<Feature> = Vec::new();
    let full = full_mask(rows);
    let per_term = (4 * MAX_CONSTANT as usize + 2) + (2..=MAX_MODULUS as usize).sum::<usize>();
    let mut terms = terms.to_vec();
    if terms.len() * per_term * words > MAX_FEATURE_WORDS {
        terms.retain(|t| matches!(t, Term::Param(_)));
        terms.truncate((MAX_FEATURE_WORDS / (per_term * words)).max(1));
    }
    let digest = |bits: &[u64]| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        bits.hash(&mut h);
        h.finish()
    };
    for term in terms {
        // A term that fits i64 on the table's box fits on its rows: i64 is exact, and faster. One
        // that does not (a difference) is compared with 0 only: its sign is all that counts.
        let exact = term.fits(bounds);
        let values: Vec<i64> = (0..rows)
            .map(|r| term.eval(table.row(r)))
            .map(|t| if exact { t as i64 } else { t.signum() as i64 })
            .collect();
        let (lo, hi) = (values.iter().min().copied().unwrap_or(0), values.iter().max().copied().unwrap_or(0));
        let constants = lo.max(-MAX_CONSTANT)..=hi.min(MAX_CONSTANT);
        let mut tests: Vec<Test> = constants.clone().map(Test::Eq).collect();
        tests.extend(constants.map(Test::Le));
        for m in 2..=MAX_MODULUS {
            tests.extend((0..m).map(|r| Test::Mod(m, r)));
        }
        if !exact {
            tests = vec![Test::Eq(0), Test::Le(0), Test::Le(-1)];
        }
        for test in tests {
            let condition = Condition { term, test, negated: false };
            let mut bits = vec![0u64; words];
            for (r, &t) in values.iter().enumerate() {
                let yes = match test {
                    Test::Mod(m, k) => t.rem_euclid(m) == k,
                    Test::Eq(c) => t == c,
                    Test::Le(c) => t <= c,
                };
                if yes {
                    bits[r / 64] |= 1 << (r % 64);
                }
            }
            let complement: Bits = bits.iter().zip(&full).map(|(b, f)| !b & f).collect();
            if ones(&bits) == 0 || complement.iter().all(|&w| w == 0) {
                continue;
            }
            let known = |set: &Bits| {
                seen.get(&digest(set)).map_or(false, |at| at.iter().any(|&f| found[f].bits == *set))
            };
            if known(&bits) || known(&complement) {
                continue;
            }
            seen.entry(digest(&bits)).or_default().push(found.len());
            found.push(Feature { condition, bits });
        }
    }
    found
}

/// The bits of every row.
pub fn full_mask(rows: usize) -> Bits {
    let mut bits = vec![!0u64; (rows + 63) / 64];
    if rows % 64 != 0 {
        if let Some(last) = bits.last_mut() {
            *last = (1u64 << (rows % 64)) - 1;
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_read_as_written() {
        let names: Vec<String> = ["l", "r", "c"].iter().map(|s| s.to_string()).collect();
        let c = |term, test, negated| Condition { term, test, negated }.text(&names);
        assert_eq!(c(Term::Diff(0, 1), Test::Le(-1), false), "l < r");
        assert_eq!(c(Term::Diff(0, 1), Test::Eq(0), true), "l != r");
        assert_eq!(c(Term::SumAll, Test::Mod(2, 0), true), "l + r + c is odd");
        assert_eq!(c(Term::Min(0, 1), Test::Le(1), true), "min(l, r) >= 2");
        assert_eq!(c(Term::Xor(0, 2), Test::Mod(3, 1), false), "(l xor c) mod 3 == 1");
        let cond = Condition { term: Term::Diff(0, 2), test: Test::Mod(4, 3), negated: false };
        assert!(cond.holds(&[0, 9, 1]) && !cond.holds(&[1, 9, 0]));
    }
}
