//! The rule search on a whole table: its columns (the parameters, then the residues of
//! [`crate::affine`]), the terms the emitted code computes exactly on the table's box, and on a
//! large table a fit on its corner of smallest parameters confirmed on every row.
//!
//! # Bounded work
//! The search itself ([`crate::rule`]) works on at most [`MAX_SEARCH_ROWS`] rows: the rows of the
//! smallest parameters (ranked as [`crate::rule`] ranks them). A rule found there is reported
//! only if it gives every row of the table; otherwise the closest rule, with the rows of the
//! whole table it gets wrong. Time and memory are then linear in the table beyond that corner.

use crate::affine::Residue;
use crate::features::{features, terms};
use crate::rule::{commonest, find, Finding, Learner, Rule};
use crate::table::Table;

/// The most rows the search fits on (module doc).
pub const MAX_SEARCH_ROWS: usize = 1 << 15;

/// The most words of bits (64 rows a word) the values' bit-vectors may take: 32 MiB.
const MAX_LABEL_WORDS: usize = 1 << 22;

/// What the search found, and whether it searched at all (a table of too many distinct values
/// gets only its commonest value tried) and on how many rows it fitted.
pub struct Search {
    pub finding: Finding,
    pub searched: bool,
    pub fitted_on: usize,
}

/// The table with the residues' columns after the parameters.
fn extend(table: &Table, residues: &[Residue]) -> Table {
    let arity = table.arity + residues.len();
    let mut params = Vec::with_capacity(table.rows() * arity);
    for r in 0..table.rows() {
        let p = table.row(r);
        params.extend_from_slice(p);
        params.extend(residues.iter().map(|d| d.eval(p)));
    }
    Table {
        arity,
        params,
        values: table.values.clone(),
        tokens: table.tokens.clone(),
        lines: table.lines.clone(),
        derived: residues.len(),
    }
}

/// The `count` rows of `table` of the smallest parameters (each ranked by its largest parameter
/// relative to that parameter's range), in the table's order.
fn corner(table: &Table, count: usize) -> Table {
    let params = table.arity - table.derived;
    let ranges: Vec<(f64, f64)> = (0..params)
        .map(|i| table.range(i))
        .map(|(lo, hi)| (lo as f64, hi as f64 - lo as f64 + 1.0))
        .collect();
    let rank = |r: usize| {
        (0..params).map(|i| (table.row(r)[i] as f64 - ranges[i].0) / ranges[i].1).fold(0.0, f64::max)
    };
    let mut order: Vec<(f64, usize)> = (0..table.rows()).map(|r| (rank(r), r)).collect();
    order.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let mut rows: Vec<usize> = order.into_iter().take(count).map(|x| x.1).collect();
    rows.sort_unstable();
    Table {
        arity: table.arity,
        params: rows.iter().flat_map(|&r| table.row(r).iter().copied()).collect(),
        values: rows.iter().map(|&r| table.values[r]).collect(),
        tokens: table.tokens.clone(),
        lines: rows.iter().map(|&r| table.lines[r]).collect(),
        derived: table.derived,
    }
}

/// The rule of `table` (module doc), its conditions free to read `residues` (each valid on the
/// table's box: [`Residue::bounds`]).
pub fn search(table: &Table, residues: &[Residue]) -> Search {
    let mut bounds: Vec<(i64, i64)> = (0..table.arity).map(|i| table.range(i)).collect();
    for d in residues {
        bounds.push(d.bounds(&bounds[..table.arity]).unwrap_or((i64::MIN, i64::MAX)));
    }
    let extended;
    let whole = if residues.is_empty() {
        table
    } else {
        extended = extend(table, residues);
        &extended
    };
    let sampled;
    let fit = if whole.rows() > MAX_SEARCH_ROWS {
        sampled = corner(whole, MAX_SEARCH_ROWS);
        &sampled
    } else {
        whole
    };
    let words = (fit.rows() + 63) / 64;
    let searched = table.tokens.len().saturating_mul(words) <= MAX_LABEL_WORDS;
    let finding = if searched {
        let terms = terms(fit.arity, &bounds);
        let feats = features(fit, &terms, &bounds);
        // A branch's value may be a term only where the code computes it exactly.
        let exact: Vec<_> = terms.iter().copied().filter(|t| t.fits(&bounds)).collect();
        find(&Learner::new(fit, &feats, &exact))
    } else {
        commonest(fit)
    };
    let with_residues = |mut rule: Rule| {
        rule.derived = residues.to_vec();
        rule.base = table.arity;
        rule
    };
    let wrong_in_whole = |rule: &Rule| -> Vec<usize> {
        (0..whole.rows()).filter(|&r| !rule.agrees(whole.row(r), whole.token(r))).collect()
    };
    let finding = match finding {
        Finding::Rule(rule) if fit.rows() == whole.rows() => Finding::Rule(with_residues(rule)),
        Finding::Closest(rule, wrong) if fit.rows() == whole.rows() => {
            Finding::Closest(with_residues(rule), wrong)
        }
        // Fitted on the corner: a rule only if it gives every row.
        Finding::Rule(rule) => {
            let rule = with_residues(rule);
            let wrong = wrong_in_whole(&rule);
            if wrong.is_empty() {
                Finding::Rule(rule)
            } else {
                Finding::Closest(rule, wrong)
            }
        }
        Finding::Closest(rule, _) => {
            let rule = with_residues(rule);
            let wrong = wrong_in_whole(&rule);
            Finding::Closest(rule, wrong)
        }
    };
    Search { finding, searched, fitted_on: fit.rows() }
}
