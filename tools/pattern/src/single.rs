//! A table of one parameter: its values in order of `n` (which must run without gaps or
//! repeats), the eventual period of [`graph_games::pattern`] (with a saltus where every value is a
//! number), the values of one period, and what `--emit`, `--check`, `--json` make of it.

use crate::emit;
use crate::options::Options;
use crate::out::{check_counts, json_string, Outcome};
use crate::table::{period_of, shown, Error, Table};
use graph_games::pattern::{Period, Theorem, MIN_PERIODS};

/// The most exceptions and values of a period the text lists (the JSON has them all).
const MAX_SHOWN: usize = 64;

/// The theorem the table can be proved by, or none and why (`start`: its first `n`). Both
/// theorems speak of `n` from 0: the octal one needs every value from `n = 0`, the window one a
/// table that starts where its recurrence holds (`n >= 0`).
fn applicable(theorem: Theorem, start: i64, name: &str) -> (Theorem, Option<String>) {
    match theorem {
        Theorem::Octal(_) if start != 0 => (
            Theorem::None,
            Some(format!("the octal theorem needs every {name} from 0; the table starts at {name} = {start}")),
        ),
        Theorem::Window(t) if start < 0 => (
            Theorem::None,
            Some(format!(
                "the window recurrence holds from {name} = {t} on; a table from {name} = {start} is checked, never proved"
            )),
        ),
        _ => (theorem, None),
    }
}

/// The values in order of `n`, with the first `n`; or why they do not form a sequence.
fn sequence(table: &Table) -> Result<(i64, Vec<u32>), String> {
    let mut rows: Vec<(i64, u32, usize)> =
        (0..table.rows()).map(|r| (table.row(r)[0], table.values[r], r)).collect();
    rows.sort_by_key(|row| (row.0, row.2));
    for pair in rows.windows(2) {
        if pair[1].0 == pair[0].0 {
            return Err(format!(
                "n = {} is given twice (lines {} and {})",
                pair[0].0, table.lines[pair[0].2], table.lines[pair[1].2]
            ));
        }
        if pair[0].0.checked_add(1) != Some(pair[1].0) {
            return Err(format!(
                "no row for n = {} (the values of n must run without gaps)",
                pair[0].0 as i128 + 1
            ));
        }
    }
    Ok((rows[0].0, rows.iter().map(|row| row.1).collect()))
}

/// The value the period gives at `n` (`None` before the table's start).
fn predicted(table: &Table, start: i64, ids: &[u32], found: &Period, n: i64) -> Option<String> {
    let i = n.checked_sub(start)?;
    if i < 0 {
        return None;
    }
    let i = i as usize;
    if i < ids.len() {
        return Some(table.tokens[ids[i] as usize].clone());
    }
    let (pre, p) = (found.preperiod, found.period);
    let k = (i - pre) / p;
    let base = &table.tokens[ids[pre + (i - pre) % p] as usize];
    if found.saltus == 0 {
        return Some(base.clone());
    }
    let v: i64 = base.parse().ok()?;
    Some(v.checked_add(found.saltus.checked_mul(k as i64)?)?.to_string())
}

pub fn report(table: &Table, name: &str, options: &Options, check: Option<&Table>) -> Result<Outcome, Error> {
    let (start, ids) = match sequence(table) {
        Ok(s) => s,
        Err(why) => {
            let stdout = if options.json {
                format!("{{\"rows\": {}, \"period\": null, \"why\": {}}}\n", table.rows(), json_string(&why))
            } else {
                format!("{} rows; no period analysis: {why}\n", table.rows())
            };
            let status = if options.emit.is_some() || check.is_some() { 1 } else { 0 };
            return Ok(Outcome { stdout, status, note: String::new() });
        }
    };
    let (theorem, mut unproved) = applicable(options.theorem, start, name);
    let found = period_of(&ids, &table.numbers(), theorem);
    let last = start + ids.len() as i64 - 1;
    let at = |i: usize| start + i as i64;
    if let (Some((i, j)), Theorem::Window(t)) = (found.as_ref().and_then(|f| f.contradiction), theorem) {
        unproved = Some(format!(
            "the table contradicts --window {t}: the {t} values before {name} = {} and before {name} = {} are the same, but {name} = {} has {} and {name} = {} has {}",
            at(i),
            at(j),
            at(i),
            shown(table.token_of(ids[i])),
            at(j),
            shown(table.token_of(ids[j]))
        ));
    }
    if let (Some(f), None) = (&found, &unproved) {
        if f.saltus != 0 && theorem != Theorem::None {
            unproved = Some("no theorem for a saltus".to_string());
        } else if theorem == Theorem::None {
            unproved = Some("--window T or --octal T to prove".to_string());
        } else if let Some(needs) = f.proof_needs.filter(|_| !f.proved) {
            unproved = Some(format!(
                "the theorem needs the table up to {name} = {}",
                start as i128 + needs as i128 - 1
            ));
        }
    }
    if let Some(lang) = options.emit {
        return Ok(match &found {
            Some(f) => {
                let tokens: Vec<&str> = ids.iter().map(|&v| table.tokens[v as usize].as_str()).collect();
                Outcome {
                    stdout: emit::period(lang, f, start, &tokens, name),
                    status: 0,
                    note: String::new(),
                }
            }
            None => Outcome {
                stdout: String::new(),
                status: 1,
                note: "pattern: no period found: nothing to emit".to_string(),
            },
        });
    }
    let mut status = 0;
    let mut check_text = String::new();
    let mut check_json = String::new();
    if let (Some(other), Some(f)) = (check, &found) {
        let mut wrong = Vec::new();
        for r in 0..other.rows() {
            let n = other.row(r)[0];
            if predicted(table, start, &ids, f, n).as_deref() != Some(other.token(r)) {
                wrong.push(r);
            }
        }
        status = if wrong.is_empty() { 0 } else { 1 };
        let (counts, json) = check_counts(other.rows(), wrong.len());
        check_text = format!("check: {counts}\n");
        check_json = json;
        for &r in wrong.iter().take(10) {
            let n = other.row(r)[0];
            let said = predicted(table, start, &ids, f, n).unwrap_or_else(|| "nothing".to_string());
            check_text.push_str(&format!(
                "  line {}: {name} = {n}: the table says {}, the period {said}\n",
                other.lines[r],
                other.token(r)
            ));
        }
    } else if check.is_some() {
        status = 1;
        check_text = "check: no period, nothing to check\n".to_string();
        check_json = ", \"check\": null".to_string();
    }
    if options.json {
        let body = match &found {
            Some(f) => {
                let exceptions: Vec<String> = f.exceptions.iter().map(|&i| at(i).to_string()).collect();
                format!(
                    "\"period\": {}, \"preperiod\": {}, \"from\": {}, \"saltus\": {}, \"exceptions\": [{}], \"checked_to\": {last}, \"proved\": {}, \"proof_needs\": {}, \"unproved_because\": {}",
                    f.period,
                    f.preperiod,
                    at(f.preperiod),
                    f.saltus,
                    exceptions.join(", "),
                    f.proved,
                    f.proof_needs.map_or("null".to_string(), |needs| (start as i128 + needs as i128 - 1).to_string()),
                    unproved.as_deref().filter(|_| !f.proved).map_or("null".to_string(), json_string)
                )
            }
            None => format!("\"period\": null, \"preperiod\": null, \"saltus\": null, \"exceptions\": [], \"checked_to\": {last}, \"proved\": false, \"unproved_because\": null"),
        };
        let stdout = format!("{{\"rows\": {}, {body}{check_json}}}\n", table.rows());
        return Ok(Outcome { stdout, status, note: String::new() });
    }
    let mut out = format!("{} rows, {name} = {start}..{last}\n", table.rows());
    match &found {
        None => out.push_str(&format!(
            "no period: none repeats {MIN_PERIODS} times over at least half the table (checked up to {name} = {last})\n"
        )),
        Some(f) => {
            let saltus = if f.saltus != 0 { format!(", saltus {}", f.saltus) } else { String::new() };
            out.push_str(&format!("period {}{saltus}, from {name} = {} (preperiod {})\n", f.period, at(f.preperiod), f.preperiod));
            let exceptions: Vec<String> =
                f.exceptions.iter().take(MAX_SHOWN).map(|&i| at(i).to_string()).collect();
            let more = if f.exceptions.len() > MAX_SHOWN { " ..." } else { "" };
            let last_exception = f.exceptions.last().map_or("none".to_string(), |&i| at(i).to_string());
            out.push_str(&format!(
                "exceptions: {} (last: {last_exception}) [{}{more}]\n",
                f.exceptions.len(),
                exceptions.join(" ")
            ));
            if f.proved {
                let (flag, hypothesis) = match theorem {
                    Theorem::Window(t) => (format!("--window {t}"), format!("each value one function of the {t} before it")),
                    Theorem::Octal(t) => (format!("--octal {t}"), format!("an octal game whose moves take at most {t}")),
                    Theorem::None => (String::new(), String::new()),
                };
                out.push_str(&format!(
                    "proved, given {flag} ({hypothesis}; the table does not contradict it): the table reaches {name} = {} that the theorem needs\n",
                    start as i128 + f.proof_needs.unwrap_or(0) as i128 - 1
                ));
            } else {
                out.push_str(&format!(
                    "checked up to {name} = {last}, not proved ({})\n",
                    unproved.as_deref().unwrap_or("no theorem")
                ));
            }
            let cycle: Vec<String> = ids[f.preperiod..f.preperiod + f.period]
                .iter()
                .take(MAX_SHOWN)
                .map(|&v| shown(table.token_of(v)))
                .collect();
            let more = if f.period > MAX_SHOWN { format!(" ... ({} values)", f.period) } else { String::new() };
            out.push_str(&format!("one period: {}{more}\n", cycle.join(" ")));
        }
    }
    out.push_str(&check_text);
    Ok(Outcome { stdout: out, status, note: String::new() })
}
