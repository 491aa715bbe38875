//! A table of two parameters or more: the picture, the periods along each line (each parameter
//! with the others fixed, and for two parameters the diagonals `b - a` fixed), the rule of
//! [`crate::rule`], and what `--svg`, `--emit`, `--check`, `--json` make of them.

use crate::features::{features, terms};
use crate::options::{Colour, Options};
use crate::out::{check_counts, json_string, Outcome};
use crate::rule::{commonest, find, Finding, Learner, Output, Rule};
use crate::single::period_of;
use crate::table::{Error, Table};
use crate::{emit, picture};
use graph_games::pattern::Theorem;
use std::collections::BTreeMap;

/// The most words of bits (64 rows a word) the values' bit-vectors may take: 128 MiB.
const MAX_LABEL_WORDS: usize = 1 << 24;

/// The most cells a picture draws (a larger one is left out, with a note).
const MAX_PICTURE_CELLS: i128 = 1 << 20;

/// The rule as lines a person reads: `condition: value (rows)`.
pub fn rule_lines(rule: &Rule, table: &Table, names: &[String]) -> Vec<String> {
    let mut counts = vec![0usize; rule.branches.len()];
    for r in 0..table.rows() {
        if let Some(b) = rule.branch(table.row(r)) {
            counts[b] += 1;
        }
    }
    rule.branches
        .iter()
        .zip(counts)
        .map(|(b, n)| {
            let cond: Vec<String> = b.conditions.iter().map(|c| c.text(names)).collect();
            let cond = if cond.is_empty() { "otherwise".to_string() } else { cond.join(" and ") };
            let value = match b.output {
                Output::Token(t) => rule.tokens[t as usize].clone(),
                Output::Term(term) => format!("the value of {}", term.text(names, true)),
            };
            format!("{cond}: {value} ({n} rows)")
        })
        .collect()
}

/// The periods along the lines of parameter `axis` (the others fixed), grouped by what was found.
fn line_periods(table: &Table, axis: Option<usize>, names: &[String]) -> String {
    // Lines keyed by the fixed values; along the axis (or, None: a diagonal of b - a).
    let mut lines: BTreeMap<Vec<i64>, Vec<(i64, u32)>> = BTreeMap::new();
    for r in 0..table.rows() {
        let p = table.row(r);
        let (key, along) = match axis {
            Some(i) => {
                let mut key = p.to_vec();
                key.remove(i);
                (key, p[i])
            }
            None => (vec![p[1].wrapping_sub(p[0])], p[0]),
        };
        lines.entry(key).or_default().push((along, table.values[r]));
    }
    let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (key, mut line) in lines {
        line.sort_unstable();
        let runs = line.windows(2).all(|w| w[0].0.checked_add(1) == Some(w[1].0));
        let found = if runs {
            period_of(table, &line.iter().map(|x| x.1).collect::<Vec<_>>(), Theorem::None)
        } else {
            None
        };
        let what = match found {
            Some(f) if f.saltus != 0 => {
                format!(
                    "period {} saltus {} from {}",
                    f.period,
                    f.saltus,
                    line[0].0.wrapping_add(f.preperiod as i64)
                )
            }
            Some(f) => format!("period {} from {}", f.period, line[0].0.wrapping_add(f.preperiod as i64)),
            None if runs => "none".to_string(),
            None => "gaps".to_string(),
        };
        let fixed: Vec<String> = key.iter().map(|v| v.to_string()).collect();
        groups.entry(what).or_default().push(fixed.join(","));
    }
    let title = match axis {
        Some(i) => {
            let others: Vec<&str> = (0..names.len()).filter(|&j| j != i).map(|j| names[j].as_str()).collect();
            format!("along {} ({} fixed)", names[i], others.join(", "))
        }
        None => format!("along the diagonals ({} - {} fixed)", names[1], names[0]),
    };
    let mut out = format!("{title}:\n");
    for (what, keys) in groups {
        let shown: Vec<&str> = keys.iter().take(8).map(String::as_str).collect();
        let more = if keys.len() > 8 { ", ..." } else { "" };
        out.push_str(&format!("  {what}: {} lines ({}{more})\n", keys.len(), shown.join("; ")));
    }
    out
}

#[cfg(unix)]
fn stdout_is_terminal() -> bool {
    extern "C" {
        fn isatty(fd: i32) -> i32;
    }
    // SAFETY: isatty reads only its argument.
    unsafe { isatty(1) == 1 }
}
#[cfg(not(unix))]
fn stdout_is_terminal() -> bool {
    false
}

/// The report of a table of two parameters or more (module doc).
pub fn report(
    table: &Table,
    names: &[String],
    options: &Options,
    check: Option<&Table>,
) -> Result<Outcome, Error> {
    let (lo0, hi0) = table.range(0);
    let (lo1, hi1) = table.range(1);
    let cells = (hi0 as i128 - lo0 as i128 + 1).saturating_mul(hi1 as i128 - lo1 as i128 + 1);
    if let Some(path) = &options.svg {
        if cells > MAX_PICTURE_CELLS {
            return Err(Error::new(format!(
                "--svg: a picture of {cells} cells is too large (at most {MAX_PICTURE_CELLS})"
            )));
        }
        std::fs::write(path, picture::svg(table, names))
            .map_err(|e| Error::new(format!("--svg {path}: {e}")))?;
    }
    // A table of many distinct values (a bit-vector each) gets only the commonest value tried.
    let words = (table.rows() + 63) / 64;
    let searchable = table.tokens.len().saturating_mul(words) <= MAX_LABEL_WORDS;
    let finding = if searchable {
        let feats = features(table);
        find(&Learner::new(table, &feats, &terms(table.arity)))
    } else {
        commonest(table)
    };
    let (rule, confirmed, wrong) = match finding {
        Finding::Rule(rule) => (rule, true, Vec::new()),
        Finding::Closest(rule, wrong) => (rule, false, wrong),
    };
    if let Some(lang) = options.emit {
        let stdout = if confirmed { emit::rule(lang, &rule, names) } else { String::new() };
        let note =
            if confirmed { String::new() } else { "pattern: no rule found: nothing to emit".to_string() };
        return Ok(Outcome { stdout, status: if confirmed { 0 } else { 1 }, note });
    }
    let lines = rule_lines(&rule, table, names);
    let mut status = 0;
    let (mut check_text, mut check_json) = (String::new(), String::new());
    if let Some(other) = check {
        let wrong: Vec<usize> = (0..other.rows())
            .filter(|&r| rule.predict(other.row(r)).as_deref() != Some(other.token(r)))
            .collect();
        status = if wrong.is_empty() { 0 } else { 1 };
        let which = if confirmed { "the rule" } else { "no rule was found; the closest rule" };
        let (counts, json) = check_counts(other.rows(), wrong.len());
        check_text = format!("check ({which}): {counts}\n");
        check_json = json;
        for &r in wrong.iter().take(10) {
            let said = rule.predict(other.row(r)).unwrap_or_else(|| "nothing".to_string());
            let p: Vec<String> = other.row(r).iter().map(|v| v.to_string()).collect();
            check_text.push_str(&format!(
                "  line {}: {}: the table says {}, the rule {said}\n",
                other.lines[r],
                p.join(" "),
                other.token(r)
            ));
        }
    }
    if options.json {
        let text = lines.join("; ");
        let (rule_json, size) = if confirmed {
            (json_string(&text), rule.size().to_string())
        } else {
            ("null".to_string(), "null".to_string())
        };
        let closest = if confirmed { "null".to_string() } else { json_string(&text) };
        let stdout = format!(
            "{{\"rows\": {}, \"rule\": {rule_json}, \"size\": {size}, \"closest\": {closest}, \"exceptions\": {}{check_json}}}\n",
            table.rows(),
            wrong.len()
        );
        return Ok(Outcome { stdout, status, note: String::new() });
    }
    let mut out = format!("{} rows, {} parameters: {}\n", table.rows(), table.arity, names.join(", "));
    if cells <= MAX_PICTURE_CELLS {
        let colour = match options.colour {
            Colour::Always => true,
            Colour::Never => false,
            Colour::Auto => stdout_is_terminal(),
        };
        out.push_str(&picture::text(table, names, colour));
    } else {
        out.push_str(&format!("picture: {cells} cells, too many to draw\n"));
    }
    out.push_str("periods:\n");
    for axis in 0..table.arity {
        out.push_str(&line_periods(table, Some(axis), names));
    }
    if table.arity == 2 {
        out.push_str(&line_periods(table, None, names));
    }
    if !searchable {
        out.push_str(&format!(
            "no rule search: {} distinct values in {} rows are too many; only the commonest value was tried\n",
            table.tokens.len(),
            table.rows()
        ));
    }
    if confirmed {
        out.push_str(&format!(
            "rule ({} conditions; every row agrees, confirmed on rows it was not fitted on):\n",
            rule.size()
        ));
    } else {
        out.push_str(&format!(
            "no rule found (none of at most {} conditions fits part of the table and predicts the rest)\nclosest rule ({} conditions, {} rows wrong; not a rule):\n",
            crate::rule::MAX_SIZE,
            rule.size(),
            wrong.len()
        ));
    }
    for line in &lines {
        out.push_str(&format!("  {line}\n"));
    }
    if !confirmed {
        for &r in wrong.iter().take(10) {
            let p: Vec<String> = table.row(r).iter().map(|v| v.to_string()).collect();
            let said = rule.predict(table.row(r)).unwrap_or_else(|| "nothing".to_string());
            out.push_str(&format!(
                "  exception: line {}: {}: {}, not {said}\n",
                table.lines[r],
                p.join(" "),
                table.token(r)
            ));
        }
    }
    out.push_str(&check_text);
    Ok(Outcome { stdout: out, status, note: String::new() })
}
