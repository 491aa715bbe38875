//! A rule or a period as one function `value`, in Rust, C++ or Python, to paste into a solution:
//! it takes the parameters in the table's order (`i64`, `long long`, `int`) and returns the
//! value's token as a string (`String`, `std::string`, `str`).
//!
//! # What it promises
//! - It gives every row of the table the value the tool reported: every term it computes fits
//!   `i64` on the table's box ([`crate::features::Term::fits`], [`crate::affine::Residue::bounds`]),
//!   and a comment above it says that range. Outside it, it may overflow (Python never does).
//! - It compiles without a warning (`rustc -D warnings`, `g++ -Wall -Wextra`) for any names
//!   [`crate::names`] accepts: its own locals are renamed around them ([`crate::names::fresh`]);
//!   a token is escaped for each language ([`literal`]).
//!
//! Every compound term is put in parentheses (in C++ `==` binds tighter than `^`), and `mod` is
//! the mathematician's (`rem_euclid` in Rust, `((x % m) + m) % m` in C++; Python's `%` already is).

use crate::features::{Condition, Term, Test};
use crate::names::fresh;
use crate::rule::{Output, Rule};
use graph_games::pattern::Period;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Rust,
    Cpp,
    Python,
}

impl Lang {
    pub fn parse(word: &str) -> Option<Lang> {
        match word {
            "rust" => Some(Lang::Rust),
            "cpp" | "c++" => Some(Lang::Cpp),
            "python" => Some(Lang::Python),
            _ => None,
        }
    }
}

fn term(lang: Lang, t: Term, n: &[String]) -> String {
    let min_max = |f: &str, i: usize, j: usize| match lang {
        Lang::Rust => format!("{}.{f}({})", n[i], n[j]),
        Lang::Cpp => format!("std::{f}({}, {})", n[i], n[j]),
        Lang::Python => format!("{f}({}, {})", n[i], n[j]),
    };
    match t {
        Term::Param(i) => n[i].clone(),
        Term::Sum(i, j) => format!("({} + {})", n[i], n[j]),
        Term::Diff(i, j) => format!("({} - {})", n[i], n[j]),
        Term::Xor(i, j) => format!("({} ^ {})", n[i], n[j]),
        Term::Min(i, j) => min_max("min", i, j),
        Term::Max(i, j) => min_max("max", i, j),
        Term::SumAll => format!("({})", n.join(" + ")),
        Term::XorAll => format!("({})", n.join(" ^ ")),
    }
}

fn condition(lang: Lang, c: Condition, n: &[String]) -> String {
    // A difference compared with 0 is a comparison: no subtraction, which could overflow.
    if let Term::Diff(i, j) = c.term {
        let op = match (c.test, c.negated) {
            (Test::Eq(0), false) => Some("=="),
            (Test::Eq(0), true) => Some("!="),
            (Test::Le(0), false) => Some("<="),
            (Test::Le(0), true) => Some(">"),
            (Test::Le(-1), false) => Some("<"),
            (Test::Le(-1), true) => Some(">="),
            _ => None,
        };
        if let Some(op) = op {
            return format!("({} {op} {})", n[i], n[j]);
        }
    }
    let t = term(lang, c.term, n);
    let (eq, ne) = ("==", "!=");
    let is = |yes: &str, no: &str| if c.negated { no.to_string() } else { yes.to_string() };
    let test = match c.test {
        Test::Mod(m, r) => match lang {
            Lang::Rust => format!("{t}.rem_euclid({m}) {} {r}", is(eq, ne)),
            Lang::Cpp => format!("(({t} % {m}) + {m}) % {m} {} {r}", is(eq, ne)),
            Lang::Python => format!("{t} % {m} {} {r}", is(eq, ne)),
        },
        Test::Eq(v) => format!("{t} {} {v}", is(eq, ne)),
        Test::Le(v) if c.negated => format!("{t} > {v}"),
        Test::Le(v) => format!("{t} <= {v}"),
    };
    // Each condition in parentheses: Python's `and` and `not` and C++'s `&&` then read it whole.
    format!("({test})")
}

/// A token as a string literal of `lang`: printable ASCII as it is (but `"`, `\`, and in C++ `?`,
/// which could start a trigraph), anything else escaped (`\u{..}` in Rust, `\u....` or
/// `\U........` in Python, each UTF-8 byte as `\ooo` in C++).
pub fn literal(lang: Lang, token: &str) -> String {
    let mut s = String::from("\"");
    for ch in token.chars() {
        match ch {
            '"' | '\\' => {
                s.push('\\');
                s.push(ch);
            }
            '?' if lang == Lang::Cpp => s.push_str("\\?"),
            ' '..='~' => s.push(ch),
            _ => match lang {
                Lang::Rust => s.push_str(&format!("\\u{{{:x}}}", ch as u32)),
                Lang::Python if (ch as u32) < 0x10000 => s.push_str(&format!("\\u{:04x}", ch as u32)),
                Lang::Python => s.push_str(&format!("\\U{:08x}", ch as u32)),
                Lang::Cpp => {
                    let mut bytes = [0u8; 4];
                    for b in ch.encode_utf8(&mut bytes).bytes() {
                        s.push_str(&format!("\\{b:03o}"));
                    }
                }
            },
        }
    }
    s.push('"');
    s
}

/// The comment of the range on which the code is exact, and the function's first lines.
fn header(lang: Lang, names: &[String], range: &str) -> String {
    let comment = if lang == Lang::Python { "#" } else { "//" };
    let mut out = format!("{comment} The table's values, computed exactly for {range}.\n");
    match lang {
        Lang::Rust => {
            let params: Vec<String> = names.iter().map(|x| format!("{x}: i64")).collect();
            out.push_str(&format!(
                "#[allow(unused_parens, unused_variables, non_snake_case, clippy::all)]\nfn value({}) -> String {{\n",
                params.join(", ")
            ));
        }
        Lang::Cpp => {
            let params: Vec<String> = names.iter().map(|x| format!("long long {x}")).collect();
            out.push_str(&format!(
                "#include <algorithm>\n#include <string>\n\nstd::string value({}) {{\n",
                params.join(", ")
            ));
            // Every parameter used, or -Wextra warns.
            for x in names {
                out.push_str(&format!("    (void){x};\n"));
            }
        }
        Lang::Python => out.push_str(&format!("def value({}):\n", names.join(", "))),
    }
    out
}

fn ret(lang: Lang, what: &str, is_number: bool) -> String {
    match (lang, is_number) {
        (Lang::Rust, false) => format!("return {what}.to_string();"),
        (Lang::Rust, true) => format!("return ({what}).to_string();"),
        (Lang::Cpp, false) => format!("return {what};"),
        (Lang::Cpp, true) => format!("return std::to_string({what});"),
        (Lang::Python, false) => format!("return {what}"),
        (Lang::Python, true) => format!("return str({what})"),
    }
}

/// The decision list as `value(names...)`; `bounds` each parameter's least and greatest value in
/// the table (the range of the comment).
pub fn rule(lang: Lang, rule: &Rule, names: &[String], bounds: &[(i64, i64)]) -> String {
    let range: Vec<String> =
        names.iter().zip(bounds).map(|(x, (lo, hi))| format!("{x} in {lo}..={hi}")).collect();
    let mut out = header(lang, names, &range.join(", "));
    // The residues, as locals named around the parameters.
    let mut columns = names.to_vec();
    for d in &rule.derived {
        let local = fresh("res", names, &columns[names.len()..]);
        let m = d.modulus_text(names);
        let x = &names[d.along];
        out.push_str(&match lang {
            Lang::Rust => format!("    let {local}: i64 = if ({m}) >= 1 {{ {x}.rem_euclid({m}) }} else {{ -1 }};\n"),
            Lang::Cpp => format!(
                "    long long {local} = -1;\n    if (({m}) >= 1) {{\n        {local} = {x} % ({m});\n        if ({local} < 0) {local} += ({m});\n    }}\n    (void){local};\n"
            ),
            Lang::Python => format!("    {local} = {x} % ({m}) if ({m}) >= 1 else -1\n"),
        });
        columns.push(local);
    }
    for b in &rule.branches {
        let give = match b.output {
            Output::Token(t) => ret(lang, &literal(lang, &rule.tokens[t as usize]), false),
            Output::Term(t) => ret(lang, &term(lang, t, &columns), true),
        };
        if b.conditions.is_empty() {
            out.push_str(&format!("    {give}\n"));
            continue;
        }
        let conds: Vec<String> = b.conditions.iter().map(|&c| condition(lang, c, &columns)).collect();
        match lang {
            Lang::Python => out.push_str(&format!("    if {}:\n        {give}\n", conds.join(" and "))),
            Lang::Rust => {
                out.push_str(&format!("    if {} {{\n        {give}\n    }}\n", conds.join(" && ")))
            }
            Lang::Cpp => {
                out.push_str(&format!("    if ({}) {{\n        {give}\n    }}\n", conds.join(" && ")))
            }
        }
    }
    // A list whose last branch has conditions (never a reported rule) still returns.
    if rule.branches.last().map_or(true, |b| !b.conditions.is_empty()) {
        out.push_str(&format!("    {}\n", ret(lang, "\"?\"", false)));
    }
    if lang != Lang::Python {
        out.push_str("}\n");
    }
    out
}

/// The last `n` at which the period's values stay within `i64` (with a saltus, the values grow).
fn last_exact(found: &Period, start: i64, cycle: &[&str]) -> i128 {
    let (pre, p, s) = (found.preperiod as i128, found.period as i128, found.saltus as i128);
    if s == 0 {
        return i64::MAX as i128;
    }
    // Periods k with every cycle[j] + k * s within i64.
    let mut k = i128::MAX;
    for v in cycle {
        let v: i128 = v.parse().unwrap_or(0);
        let room = if s > 0 { i64::MAX as i128 - v } else { v - i64::MIN as i128 };
        k = k.min(room / s.abs());
    }
    (start as i128 + pre + (k + 1) * p - 1).min(i64::MAX as i128)
}

/// The period as `value(n)`: the values before it listed, then one period (plus the saltus times
/// the periods passed). `start` is the table's first `n`; `values` its tokens from there. Below
/// `start` it returns `?`.
pub fn period(lang: Lang, found: &Period, start: i64, values: &[&str], name: &str) -> String {
    let names = [name.to_string()];
    let (pre, p, s) = (found.preperiod, found.period, found.saltus);
    let (first, cycle) = (&values[..pre], &values[pre..pre + p]);
    let last = last_exact(found, start, cycle);
    let mut out = header(lang, &names, &format!("{name} in {start}..={last}"));
    let mut locals: Vec<String> = Vec::new();
    let mut local = |base: &str| {
        let x = fresh(base, &names, &locals);
        locals.push(x.clone());
        x
    };
    let (i, fst, cyc, k, j) = (local("i"), local("first"), local("cycle"), local("k"), local("j"));
    let numbers = s != 0;
    // i64::MIN has no literal in C++ (its magnitude is read first, too large for long long).
    let number = |v: &str| {
        if lang == Lang::Cpp && v == i64::MIN.to_string() {
            "(-9223372036854775807LL - 1)".to_string()
        } else {
            v.to_string()
        }
    };
    let list = |items: &[&str], numbers: bool| -> String {
        let shown: Vec<String> =
            items.iter().map(|v| if numbers { number(v) } else { literal(lang, v) }).collect();
        shown.join(", ")
    };
    // `n - start` in i128 where it could leave i64 (n far below a positive start).
    let cpp_start =
        if start == i64::MIN { "(-9223372036854775807LL - 1)".to_string() } else { format!("({start}LL)") };
    match lang {
        Lang::Rust => {
            out.push_str(&format!("    let {i} = {name} as i128 - ({start});\n"));
            out.push_str(&format!("    if {i} < 0 {{\n        return \"?\".to_string();\n    }}\n"));
            out.push_str(&format!("    let {fst}: [&str; {pre}] = [{}];\n", list(first, false)));
            out.push_str(&format!(
                "    if {i} < {pre} {{\n        return {fst}[{i} as usize].to_string();\n    }}\n"
            ));
            let ty = if numbers { "i128" } else { "&str" };
            out.push_str(&format!("    let {cyc}: [{ty}; {p}] = [{}];\n", list(cycle, numbers)));
            out.push_str(&format!(
                "    let ({k}, {j}) = (({i} - {pre}) / {p}, (({i} - {pre}) % {p}) as usize);\n"
            ));
            if numbers {
                out.push_str(&format!("    ({cyc}[{j}] + {k} * {s}).to_string()\n"));
            } else {
                out.push_str(&format!("    let _ = {k};\n    {cyc}[{j}].to_string()\n"));
            }
        }
        Lang::Cpp => {
            // `n - start` as unsigned: exact for every n >= start.
            out.push_str(&format!("    if ({name} < {cpp_start}) return \"?\";\n"));
            out.push_str(&format!(
                "    unsigned long long {i} = (unsigned long long){name} - (unsigned long long){cpp_start};\n"
            ));
            if pre > 0 {
                out.push_str(&format!("    const char* {fst}[{pre}] = {{{}}};\n", list(first, false)));
                out.push_str(&format!("    if ({i} < {pre}ULL) return {fst}[{i}];\n"));
            }
            let ty = if numbers { "long long" } else { "const char*" };
            out.push_str(&format!("    {ty} {cyc}[{p}] = {{{}}};\n", list(cycle, numbers)));
            out.push_str(&format!(
                "    unsigned long long {k} = ({i} - {pre}ULL) / {p}ULL, {j} = ({i} - {pre}ULL) % {p}ULL;\n"
            ));
            if numbers {
                out.push_str(&format!("    return std::to_string({cyc}[{j}] + (long long){k} * ({s}LL));\n"));
            } else {
                out.push_str(&format!("    (void){k};\n    return {cyc}[{j}];\n"));
            }
        }
        Lang::Python => {
            out.push_str(&format!("    {i} = {name} - ({start})\n    if {i} < 0:\n        return \"?\"\n"));
            out.push_str(&format!("    {fst} = [{}]\n", list(first, false)));
            out.push_str(&format!("    if {i} < {pre}:\n        return {fst}[{i}]\n"));
            out.push_str(&format!("    {cyc} = [{}]\n", list(cycle, numbers)));
            out.push_str(&format!("    {k}, {j} = divmod({i} - {pre}, {p})\n"));
            if numbers {
                out.push_str(&format!("    return str({cyc}[{j}] + {k} * {s})\n"));
            } else {
                out.push_str(&format!("    return {cyc}[{j}]\n"));
            }
        }
    }
    if lang != Lang::Python {
        out.push_str("}\n");
    }
    out
}
