//! The smallest rule found: a **decision list**, branches tried in order, each a condition (one
//! of [`crate::features`], or two joined by "and") and the value it gives; the last branch,
//! "otherwise", has none. Its **size** is its number of conditions.
//!
//! # The search (greedy, on bit-vectors)
//! Among the rows not yet covered, take the condition (or its negation) under which every row has
//! one value, or one term's value, covering the most rows; when a pair of conditions joined by
//! "and" covers half as many again, take the pair. Repeat until every row is covered; the last
//! branch becomes "otherwise". Each step is `O(conditions x rows / 64)` word operations.
//!
//! # Reported only when confirmed ([`find`])
//! The rule is fitted on part of the rows and must give the value of **every** other row. The
//! part is first the rows of the smaller parameter values (each row ranked by its largest
//! parameter relative to that parameter's range, the lower half fitted on: a rule that holds there
//! and on the larger values predicts beyond the table), then, if that fails, a pseudo-random half.
//! It is reported only if its size is at most [`MAX_SIZE`], the table has at least
//! [`ROWS_PER_CONDITION`] rows per condition plus one, and at least [`MIN_HELD_OUT`] rows were
//! held out. Otherwise the closest rule (fitted on every row, at most [`MAX_SIZE`] conditions,
//! the rest "otherwise" the commonest value) is shown with its exceptions, never as a rule.

use crate::affine::Residue;
use crate::features::{full_mask, ones, Bits, Condition, Feature, Term};
use crate::table::Table;

/// The most conditions a reported rule has.
pub const MAX_SIZE: usize = 12;
/// Rows of the table per condition (plus one) a reported rule needs.
pub const ROWS_PER_CONDITION: usize = 16;
/// Rows a rule must predict without having been fitted on them.
pub const MIN_HELD_OUT: usize = 20;
/// Conditions paired with one another at a step (the best by how nearly one value they select).
const PAIRED: usize = 40;
/// Up to this many words of rows (64 rows a word), each of those is paired with every condition,
/// so long as the conditions' bits take at most [`PAIR_ALL_BITS`] words (else with one another
/// only: a table of hundreds of parameters has tens of thousands of conditions, and pairing each
/// with all of them cost seconds a step).
const PAIR_ALL_WORDS: usize = 256;
/// The most words of the conditions' bits over which every condition is paired (above).
const PAIR_ALL_BITS: usize = 1 << 20;

/// What a branch gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// One of the table's tokens (its number there).
    Token(u32),
    /// A term's value, as a number.
    Term(Term),
}

#[derive(Debug, Clone)]
pub struct Branch {
    /// All must hold (none: otherwise).
    pub conditions: Vec<Condition>,
    pub output: Output,
}

/// A decision list, with the tokens its outputs name and the residue columns its conditions
/// may read after the parameters.
#[derive(Debug, Clone)]
pub struct Rule {
    pub branches: Vec<Branch>,
    pub tokens: Vec<String>,
    /// The columns after the parameters ([`crate::affine`]): their conditions read `p[base + i]`.
    pub derived: Vec<Residue>,
    /// The number of parameters.
    pub base: usize,
}

impl Rule {
    pub fn size(&self) -> usize {
        self.branches.iter().map(|b| b.conditions.len()).sum()
    }

    /// A row's columns: its parameters, then the residues (`p` as given if it has them).
    fn columns<'p>(&self, p: &'p [i64]) -> std::borrow::Cow<'p, [i64]> {
        if self.derived.is_empty() || p.len() > self.base {
            return std::borrow::Cow::Borrowed(p);
        }
        let mut all = p.to_vec();
        all.extend(self.derived.iter().map(|d| d.eval(p)));
        std::borrow::Cow::Owned(all)
    }

    /// The branch that decides a row (its parameters, or all its columns).
    pub fn branch(&self, p: &[i64]) -> Option<usize> {
        let p = self.columns(p);
        self.branches.iter().position(|b| b.conditions.iter().all(|c| c.holds(&p)))
    }

    /// The value the rule gives a row, as a token.
    pub fn predict(&self, p: &[i64]) -> Option<String> {
        let p = self.columns(p);
        self.branch(&p).map(|b| match self.branches[b].output {
            Output::Token(t) => self.tokens[t as usize].clone(),
            Output::Term(term) => term.eval(&p).to_string(),
        })
    }

    /// Whether the rule gives a row the token `token` ([`Rule::predict`] without making the token:
    /// checked on every row of a large table).
    pub fn agrees(&self, p: &[i64], token: &str) -> bool {
        let p = self.columns(p);
        match self.branch(&p).map(|b| self.branches[b].output) {
            Some(Output::Token(t)) => self.tokens[t as usize] == token,
            Some(Output::Term(term)) => term.eval(&p).to_string() == token,
            None => false,
        }
    }
}

/// What [`find`] concludes.
pub enum Finding {
    /// A rule confirmed on held-out rows (module doc).
    Rule(Rule),
    /// None: the closest rule and the rows it gets wrong.
    Closest(Rule, Vec<usize>),
}

/// The search over one table's rows with its features.
pub struct Learner<'a> {
    table: &'a Table,
    features: &'a [Feature],
    /// Per token, the rows that have it.
    labels: Vec<Bits>,
    /// Per term, the rows whose value is that term's value (numbers only).
    terms: Vec<(Term, Bits)>,
}

impl<'a> Learner<'a> {
    pub fn new(table: &'a Table, features: &'a [Feature], value_terms: &[Term]) -> Learner<'a> {
        let words = (table.rows() + 63) / 64;
        let mut labels = vec![vec![0u64; words]; table.tokens.len()];
        for r in 0..table.rows() {
            labels[table.values[r] as usize][r / 64] |= 1 << (r % 64);
        }
        let numbers = table.numbers();
        let mut terms = Vec::new();
        if numbers.iter().any(Option::is_some) {
            for &term in value_terms {
                let mut bits = vec![0u64; words];
                for r in 0..table.rows() {
                    if numbers[table.values[r] as usize].map(i128::from) == Some(term.eval(table.row(r))) {
                        bits[r / 64] |= 1 << (r % 64);
                    }
                }
                terms.push((term, bits));
            }
        }
        Learner { table, features, labels, terms }
    }

    /// The value every row of `cover` (not empty) has, if one does.
    fn pure(&self, cover: &[u64]) -> Option<Output> {
        let first = cover.iter().position(|&w| w != 0)?;
        let row = first * 64 + cover[first].trailing_zeros() as usize;
        let label = self.table.values[row];
        if subset(cover, &self.labels[label as usize]) {
            return Some(Output::Token(label));
        }
        self.terms.iter().find(|(_, bits)| subset(cover, bits)).map(|&(term, _)| Output::Term(term))
    }

    /// How many rows of `rest` the literal and `other` both hold on.
    fn count(&self, literal: (usize, bool), rest: &[u64], other: &[u64]) -> usize {
        let bits = &self.features[literal.0].bits;
        let negate = if literal.1 { !0u64 } else { 0 };
        bits.iter().zip(rest).zip(other).map(|((b, r), o)| ((b ^ negate) & r & o).count_ones() as usize).sum()
    }

    /// The literal's rows among `rest`.
    fn cover(&self, literal: (usize, bool), rest: &[u64]) -> Bits {
        let bits = &self.features[literal.0].bits;
        rest.iter().zip(bits).map(|(r, b)| r & if literal.1 { !b } else { *b }).collect()
    }

    /// A decision list for the rows of `rows`, greedily (module doc); stops after `max_size`
    /// conditions or when no condition selects one value. Returns the list and the rows left.
    pub fn fit(&self, rows: &[u64], max_size: usize) -> (Vec<Branch>, Bits) {
        let mut rest = rows.to_vec();
        let mut branches: Vec<Branch> = Vec::new();
        let mut size = 0;
        while ones(&rest) > 0 {
            if let Some(output) = self.pure(&rest) {
                branches.push(Branch { conditions: Vec::new(), output });
                return (branches, vec![0; rest.len()]);
            }
            if size >= max_size {
                break;
            }
            let step = match self.step(&rest) {
                Some(step) => step,
                None => break,
            };
            let (literals, output, cover) = step;
            size += literals.len();
            let conditions = literals
                .iter()
                .map(|&(f, negated)| Condition { negated, ..self.features[f].condition })
                .collect();
            branches.push(Branch { conditions, output });
            for (r, c) in rest.iter_mut().zip(&cover) {
                *r &= !c;
            }
        }
        // The last branch covered what was left: it becomes "otherwise".
        if ones(&rest) == 0 {
            if let Some(last) = branches.last_mut() {
                last.conditions.clear();
            }
        }
        (branches, rest)
    }

    /// The best branch over `rest`: its literals (feature, negated), output and rows.
    #[allow(clippy::type_complexity)]
    fn step(&self, rest: &[u64]) -> Option<(Vec<(usize, bool)>, Output, Bits)> {
        let total = ones(rest);
        let mut best: Option<(usize, Vec<(usize, bool)>, Output, Bits)> = None;
        // Per literal, how nearly one value it selects (for the pairs), with its place in the
        // order of the features (a total order: the first PAIRED are those a stable sort by score
        // puts first, found without sorting them all).
        let mut scored: Vec<(std::cmp::Reverse<i64>, usize, (usize, bool))> = Vec::new();
        let common = self.common_labels(rest);
        for (f, feature) in self.features.iter().enumerate() {
            let yes: usize = feature.bits.iter().zip(rest).map(|(b, r)| (b & r).count_ones() as usize).sum();
            for (negated, n) in [(false, yes), (true, total - yes)] {
                if n == 0 || n == total {
                    continue;
                }
                // Counted in place: the literal's rows are made only for a new best branch.
                let majority = common
                    .iter()
                    .map(|&l| self.count((f, negated), rest, &self.labels[l as usize]))
                    .max()
                    .unwrap_or(0);
                scored.push((std::cmp::Reverse(2 * majority as i64 - n as i64), scored.len(), (f, negated)));
                if best.as_ref().map_or(true, |b| n > b.0) {
                    let cover = self.cover((f, negated), rest);
                    if let Some(output) = self.pure(&cover) {
                        best = Some((n, vec![(f, negated)], output, cover));
                    }
                }
            }
        }
        if scored.len() > PAIRED {
            scored.select_nth_unstable(PAIRED);
            scored.truncate(PAIRED);
        }
        scored.sort_unstable();
        let scored: Vec<(i64, (usize, bool))> = scored.into_iter().map(|(s, _, l)| (s.0, l)).collect();
        let single = best.as_ref().map_or(0, |b| b.0);
        let mut best_pair: Option<(usize, Vec<(usize, bool)>, Output, Bits)> = None;
        // Each of the best-scored literals with every literal (with each other only, on a large
        // table: the cost stays within a few word operations per row and literal).
        let all: Vec<(usize, bool)> = if rest.len() <= PAIR_ALL_WORDS
            && self.features.len().saturating_mul(rest.len()) <= PAIR_ALL_BITS
        {
            (0..self.features.len()).flat_map(|f| [(f, false), (f, true)]).collect()
        } else {
            scored.iter().map(|s| s.1).collect()
        };
        for &(_, a) in &scored {
            let cover_a = self.cover(a, rest);
            let in_a = ones(&cover_a);
            for &b in &all {
                if a.0 == b.0 {
                    continue;
                }
                let bits = &self.features[b.0].bits;
                let yes: usize = bits.iter().zip(&cover_a).map(|(x, r)| (x & r).count_ones() as usize).sum();
                let n = if b.1 { in_a - yes } else { yes };
                if n == 0 || n * 2 <= single * 3 || best_pair.as_ref().map_or(false, |p| n <= p.0) {
                    continue;
                }
                let cover = self.cover(b, &cover_a);
                if let Some(output @ Output::Token(_)) = self.pure(&cover) {
                    best_pair = Some((n, vec![a, b], output, cover));
                }
            }
        }
        best_pair.or(best).map(|(_, literals, output, cover)| (literals, output, cover))
    }

    /// The (at most 6) commonest tokens among `rest`.
    fn common_labels(&self, rest: &[u64]) -> Vec<u32> {
        let mut counts: Vec<(usize, u32)> =
            self.labels.iter().enumerate().map(|(l, bits)| (both(bits, rest), l as u32)).collect();
        counts.sort_by_key(|c| std::cmp::Reverse(c.0));
        counts.into_iter().take(6).filter(|c| c.0 > 0).map(|c| c.1).collect()
    }

    fn rule(&self, branches: Vec<Branch>) -> Rule {
        Rule { branches, tokens: self.table.tokens.clone(), derived: Vec::new(), base: self.table.arity }
    }
}

fn subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

fn both(a: &[u64], b: &[u64]) -> usize {
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones() as usize).sum()
}

/// The two ways of holding rows out (module doc): the lower half by parameter values, then a
/// pseudo-random half. Each is the rows fitted on.
fn splits(table: &Table) -> Vec<Bits> {
    let rows = table.rows();
    let params = table.arity - table.derived;
    let ranges: Vec<(i64, i64)> = (0..params).map(|i| table.range(i)).collect();
    let rank = |r: usize| {
        let p = table.row(r);
        (0..params)
            .map(|i| (p[i] as f64 - ranges[i].0 as f64) / (ranges[i].1 as f64 - ranges[i].0 as f64 + 1.0))
            .fold(0.0, f64::max)
    };
    let ranks: Vec<f64> = (0..rows).map(rank).collect();
    let mut sorted = ranks.clone();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let median = sorted[rows / 2];
    let mut lower = vec![0u64; (rows + 63) / 64];
    let mut random = lower.clone();
    for r in 0..rows {
        if ranks[r] < median {
            lower[r / 64] |= 1 << (r % 64);
        }
        // splitmix-style hash of the row number: a fixed pseudo-random half.
        let mut h = (r as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
        h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        if (h ^ (h >> 31)) & 1 == 0 {
            random[r / 64] |= 1 << (r % 64);
        }
    }
    vec![lower, random]
}

/// The rows of `table` that `rule` gets wrong.
fn wrong_rows(rule: &Rule, table: &Table) -> Vec<usize> {
    (0..table.rows()).filter(|&r| !rule.agrees(table.row(r), table.token(r))).collect()
}

/// Drops each branch but the last whose removal gets no more rows wrong (a greedy list often
/// covers a few rows early that a later branch gives the same value).
fn simplify(mut rule: Rule, table: &Table) -> Rule {
    let mut wrong = wrong_rows(&rule, table).len();
    let mut b = 0;
    while b + 1 < rule.branches.len() {
        let mut without = rule.clone();
        without.branches.remove(b);
        let now = wrong_rows(&without, table).len();
        if now <= wrong {
            rule = without;
            wrong = now;
        } else {
            b += 1;
        }
    }
    rule
}

/// The closest rule of one branch: otherwise the commonest value.
pub fn commonest(table: &Table) -> Finding {
    let mut counts = vec![0usize; table.tokens.len()];
    for &v in &table.values {
        counts[v as usize] += 1;
    }
    let top = (0..counts.len()).max_by_key(|&l| (counts[l], std::cmp::Reverse(l))).unwrap_or(0);
    let rule = Rule {
        branches: vec![Branch { conditions: Vec::new(), output: Output::Token(top as u32) }],
        tokens: table.tokens.clone(),
        derived: Vec::new(),
        base: table.arity,
    };
    let wrong = wrong_rows(&rule, table);
    Finding::Closest(rule, wrong)
}

/// The rule of the module doc, or the closest one.
pub fn find(learner: &Learner) -> Finding {
    let table = learner.table;
    let rows = table.rows();
    let full = full_mask(rows);
    for train in splits(table) {
        let held_out = ones(&full) - ones(&train);
        if ones(&train) == 0 || held_out < MIN_HELD_OUT {
            continue;
        }
        let (branches, rest) = learner.fit(&train, MAX_SIZE);
        if ones(&rest) > 0 {
            continue;
        }
        let rule = learner.rule(branches);
        if ROWS_PER_CONDITION * (rule.size() + 1) > rows {
            continue;
        }
        let all_agree = (0..rows).all(|r| rule.agrees(table.row(r), table.token(r)));
        if all_agree {
            return Finding::Rule(simplify(rule, table));
        }
    }
    let (mut branches, rest) = learner.fit(&full, MAX_SIZE);
    if ones(&rest) > 0 {
        let mut counts = vec![0usize; table.tokens.len()];
        for r in 0..rows {
            if rest[r / 64] >> (r % 64) & 1 == 1 {
                counts[table.values[r] as usize] += 1;
            }
        }
        let commonest = (0..counts.len()).max_by_key(|&l| (counts[l], std::cmp::Reverse(l))).unwrap_or(0);
        branches.push(Branch { conditions: Vec::new(), output: Output::Token(commonest as u32) });
    }
    let rule = simplify(learner.rule(branches), table);
    let wrong = wrong_rows(&rule, table);
    Finding::Closest(rule, wrong)
}
