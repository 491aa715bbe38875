//! A table of two parameters or more: the picture, the periods along each line (each parameter
//! with the others fixed, and for two parameters the diagonals `b - a` fixed), the periods that
//! grow with another parameter and their residues ([`crate::affine`]), the rule of
//! [`crate::search`], and what `--svg`, `--emit`, `--check`, `--json` make of them.

use crate::affine::{affine, lines, Found, Residue, MAX_AXES};
use crate::options::{Colour, Options};
use crate::out::{check_counts, json_string, Outcome};
use crate::rule::{Finding, Output, Rule};
use crate::search::search;
use crate::table::{shown, Error, Table};
use crate::{emit, memory, picture};
use std::collections::BTreeMap;

/// The most cells a picture draws (a larger one is left out, with a note).
const MAX_PICTURE_CELLS: i128 = 1 << 20;

/// The most kinds of lines listed per axis, and the lines listed per kind.
const MAX_GROUPS: usize = 24;
const MAX_KEYS: usize = 8;

/// The rule as lines a person reads: `condition: value (rows)`; `names` those of every column.
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
                Output::Token(t) => shown(&rule.tokens[t as usize]),
                Output::Term(term) => format!("the value of {}", term.text(names, true)),
            };
            format!("{cond}: {value} ({n} rows)")
        })
        .collect()
}

/// A row's parameters as a message shows them: at most 8, then `...`.
fn row_text<T: ToString>(p: &[T]) -> String {
    let mut shown: Vec<String> = p.iter().take(8).map(T::to_string).collect();
    if p.len() > 8 {
        shown.push("...".to_string());
    }
    shown.join(" ")
}

/// The periods along the lines of `axis` (`None`: the diagonals), grouped by period in numeric
/// order; with the period that grows with another parameter, if one does, and its residue.
fn periods_text(
    table: &Table,
    axis: Option<usize>,
    names: &[String],
    residue: &mut Option<Residue>,
) -> String {
    let found = lines(table, axis, &table.numbers());
    let title = match axis {
        Some(i) => {
            let others: Vec<&str> = (0..names.len()).filter(|&j| j != i).map(|j| names[j].as_str()).collect();
            format!("along {} ({} fixed)", names[i], row_text(&others).replace(' ', ", "))
        }
        None => format!("along the diagonals ({} - {} fixed)", names[1], names[0]),
    };
    let along = &names[axis.unwrap_or(0)];
    // Per (kind, period, saltus): the lines, and the least and greatest start of their periods.
    type Group<'k> = (Vec<&'k Vec<i128>>, i64, i64);
    let mut groups: BTreeMap<(u8, usize, i64), Group> = BTreeMap::new();
    for (key, what, _) in &found {
        let (group, from) = match *what {
            Found::Period { period, saltus, from } => ((0, period, saltus), from),
            Found::Nothing => ((1, 0, 0), 0),
            Found::Gaps => ((2, 0, 0), 0),
        };
        let entry = groups.entry(group).or_insert((Vec::new(), from, from));
        entry.0.push(key);
        entry.1 = entry.1.min(from);
        entry.2 = entry.2.max(from);
    }
    let mut out = format!("{title}:\n");
    for (count, ((kind, period, saltus), (keys, first, last))) in groups.iter().enumerate() {
        if count == MAX_GROUPS {
            out.push_str(&format!("  ... ({} more kinds of lines)\n", groups.len() - MAX_GROUPS));
            break;
        }
        let what = match kind {
            0 => {
                let saltus = if *saltus != 0 { format!(" saltus {saltus}") } else { String::new() };
                let from = if first == last { format!("{first}") } else { format!("{first}..{last}") };
                format!("period {period}{saltus} from {along} = {from}")
            }
            1 => "none".to_string(),
            _ => "gaps".to_string(),
        };
        let listed: Vec<String> = keys.iter().take(MAX_KEYS).map(|k| row_text(k).replace(' ', ",")).collect();
        let more = if keys.len() > MAX_KEYS { ", ..." } else { "" };
        out.push_str(&format!("  {what}: {} lines ({}{more})\n", keys.len(), listed.join("; ")));
    }
    if let Some(i) = axis {
        if let Some((found_residue, keys, condition)) = affine(table.arity, i, &found) {
            let others: Vec<usize> = (0..names.len()).filter(|&j| j != i).collect();
            let modulus = found_residue.modulus_text(names);
            let when = match condition {
                Some((q, m, r)) => format!(", for {} mod {m} == {r}", names[others[q]]),
                None => String::new(),
            };
            let fixed: Vec<String> = others.iter().map(|&j| names[j].clone()).collect();
            let listed: Vec<String> =
                keys.iter().take(MAX_KEYS).map(|k| row_text(k).replace(' ', ",")).collect();
            let more = if keys.len() > MAX_KEYS { ", ..." } else { "" };
            let bounds: Vec<(i64, i64)> = (0..table.arity).map(|j| table.range(j)).collect();
            let offered = if found_residue.bounds(&bounds).is_some() {
                *residue = Some(found_residue.clone());
                format!("the residue {} is offered to the rule search", found_residue.text(names))
            } else {
                format!("its residue is not used: {modulus} is below 1 or past i64 on the table's range")
            };
            out.push_str(&format!(
                "  period {modulus} along {}{when}: {} lines ({} = {}{more}); {offered}\n",
                names[i],
                keys.len(),
                fixed.join(","),
                listed.join("; ")
            ));
        }
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
        memory::step(3);
        std::fs::write(path, picture::svg(table, names))
            .map_err(|e| Error::new(format!("--svg {path}: {e}")))?;
    }
    // The periods along the lines (and the residues of periods that grow), then the rule.
    memory::step(1);
    let mut periods = String::new();
    let mut residues: Vec<Residue> = Vec::new();
    for axis in 0..table.arity.min(MAX_AXES) {
        let mut residue = None;
        periods.push_str(&periods_text(table, Some(axis), names, &mut residue));
        residues.extend(residue.filter(|_| residues.len() < 2));
    }
    if table.arity > MAX_AXES {
        periods.push_str(&format!(
            "(the lines along the other {} parameters are left out)\n",
            table.arity - MAX_AXES
        ));
    }
    if table.arity == 2 {
        periods.push_str(&periods_text(table, None, names, &mut None));
    }
    memory::step(2);
    let found = search(table, &residues);
    let (rule, confirmed, wrong) = match found.finding {
        Finding::Rule(rule) => (rule, true, Vec::new()),
        Finding::Closest(rule, wrong) => (rule, false, wrong),
    };
    let mut all_names = names.to_vec();
    all_names.extend(residues.iter().map(|d| format!("({})", d.text(names))));
    memory::step(4);
    if let Some(lang) = options.emit {
        let bounds: Vec<(i64, i64)> = (0..table.arity).map(|i| table.range(i)).collect();
        let stdout = if confirmed { emit::rule(lang, &rule, names, &bounds) } else { String::new() };
        let note =
            if confirmed { String::new() } else { "pattern: no rule found: nothing to emit".to_string() };
        return Ok(Outcome { stdout, status: if confirmed { 0 } else { 1 }, note });
    }
    let lines = rule_lines(&rule, table, &all_names);
    let mut status = 0;
    let (mut check_text, mut check_json) = (String::new(), String::new());
    if let Some(other) = check {
        let wrong: Vec<usize> =
            (0..other.rows()).filter(|&r| !rule.agrees(other.row(r), other.token(r))).collect();
        status = if wrong.is_empty() { 0 } else { 1 };
        let which = if confirmed { "the rule" } else { "no rule was found; the closest rule" };
        let (counts, json) = check_counts(other.rows(), wrong.len());
        check_text = format!("check ({which}): {counts}\n");
        check_json = json;
        for &r in wrong.iter().take(10) {
            let said = rule.predict(other.row(r)).unwrap_or_else(|| "nothing".to_string());
            check_text.push_str(&format!(
                "  line {}: {}: the table says {}, the rule {}\n",
                other.lines[r],
                row_text(other.row(r)),
                shown(other.token(r)),
                shown(&said)
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
            "{{\"rows\": {}, \"rule\": {rule_json}, \"size\": {size}, \"closest\": {closest}, \"exceptions\": {}, \"residues\": [{}]{check_json}}}\n",
            table.rows(),
            wrong.len(),
            residues.iter().map(|d| json_string(&d.text(names))).collect::<Vec<_>>().join(", ")
        );
        return Ok(Outcome { stdout, status, note: String::new() });
    }
    let mut out = format!(
        "{} rows, {} parameters: {}\n",
        table.rows(),
        table.arity,
        row_text(names).replace(' ', ", ")
    );
    if cells <= MAX_PICTURE_CELLS {
        let colour = match options.colour {
            Colour::Always => true,
            Colour::Never => false,
            Colour::Auto => stdout_is_terminal(),
        };
        memory::step(3);
        out.push_str(&picture::text(table, names, colour, MAX_PICTURE_CELLS as usize));
        memory::step(4);
    } else {
        out.push_str(&format!("picture: {cells} cells, too many to draw\n"));
    }
    out.push_str("periods:\n");
    out.push_str(&periods);
    if !found.searched {
        out.push_str(&format!(
            "no rule search: {} distinct values in {} rows are too many; only the commonest value was tried\n",
            table.tokens.len(),
            table.rows()
        ));
    } else if found.fitted_on < table.rows() {
        out.push_str(&format!(
            "the rule search fitted on the {} rows of the smallest parameters, and checked every row\n",
            found.fitted_on
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
            let said = rule.predict(table.row(r)).unwrap_or_else(|| "nothing".to_string());
            out.push_str(&format!(
                "  exception: line {}: {}: {}, not {}\n",
                table.lines[r],
                row_text(table.row(r)),
                shown(table.token(r)),
                shown(&said)
            ));
        }
    }
    out.push_str(&check_text);
    Ok(Outcome { stdout: out, status, note: String::new() })
}
