//! A rule or a period as one function `value`, in Rust, C++ or Python, to paste into a solution:
//! it takes the parameters in the table's order (`i64`, `long long`, `int`) and returns the
//! value's token as a string (`String`, `std::string`, `str`).
//!
//! Every compound term is put in parentheses (in C++ `==` binds tighter than `^`), and `mod` is
//! the mathematician's (`rem_euclid` in Rust, `((x % m) + m) % m` in C++; Python's `%` already is).

use crate::features::{Condition, Term, Test};
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

/// A token as a string literal of every one of the three languages.
fn literal(token: &str) -> String {
    let mut s = String::from("\"");
    for ch in token.chars() {
        if ch == '"' || ch == '\\' {
            s.push('\\');
        }
        s.push(ch);
    }
    s.push('"');
    s
}

fn header(lang: Lang, names: &[String]) -> String {
    match lang {
        Lang::Rust => {
            let params: Vec<String> = names.iter().map(|x| format!("{x}: i64")).collect();
            format!(
                "#[allow(unused_parens, unused_variables, clippy::all)]\nfn value({}) -> String {{\n",
                params.join(", ")
            )
        }
        Lang::Cpp => {
            let params: Vec<String> = names.iter().map(|x| format!("long long {x}")).collect();
            format!(
                "#include <algorithm>\n#include <string>\n\nstd::string value({}) {{\n",
                params.join(", ")
            )
        }
        Lang::Python => format!("def value({}):\n", names.join(", ")),
    }
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

/// The decision list as `value(names...)`.
pub fn rule(lang: Lang, rule: &Rule, names: &[String]) -> String {
    let mut out = header(lang, names);
    for b in &rule.branches {
        let give = match b.output {
            Output::Token(t) => ret(lang, &literal(&rule.tokens[t as usize]), false),
            Output::Term(t) => ret(lang, &term(lang, t, names), true),
        };
        if b.conditions.is_empty() {
            out.push_str(&format!("    {give}\n"));
            continue;
        }
        let conds: Vec<String> = b.conditions.iter().map(|&c| condition(lang, c, names)).collect();
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

/// The period as `value(n)`: the values before it listed, then one period (plus the saltus times
/// the periods passed). `start` is the table's first `n`; `values` its tokens from there.
pub fn period(lang: Lang, found: &Period, start: i64, values: &[&str], name: &str) -> String {
    let names = [name.to_string()];
    let mut out = header(lang, &names);
    let (pre, p, s) = (found.preperiod, found.period, found.saltus);
    let list = |items: &[&str], numbers: bool| -> String {
        let shown: Vec<String> =
            items.iter().map(|v| if numbers { v.to_string() } else { literal(v) }).collect();
        shown.join(", ")
    };
    let numbers = s != 0;
    let (first, cycle) = (&values[..pre], &values[pre..pre + p]);
    let i = format!("({name} - {start})");
    match lang {
        Lang::Rust => {
            out.push_str(&format!("    let i = {i};\n"));
            out.push_str(&format!("    let first: [&str; {pre}] = [{}];\n", list(first, false)));
            out.push_str(
                "    if i < first.len() as i64 {\n        return first[i as usize].to_string();\n    }\n",
            );
            let ty = if numbers { "i64" } else { "&str" };
            out.push_str(&format!("    let cycle: [{ty}; {p}] = [{}];\n", list(cycle, numbers)));
            out.push_str(&format!("    let (k, j) = ((i - {pre}) / {p}, ((i - {pre}) % {p}) as usize);\n"));
            if numbers {
                out.push_str(&format!("    (cycle[j] + k * {s}).to_string()\n"));
            } else {
                out.push_str("    let _ = k;\n    cycle[j].to_string()\n");
            }
        }
        Lang::Cpp => {
            out.push_str(&format!("    long long i = {i};\n"));
            if pre > 0 {
                out.push_str(&format!("    const char* first[{pre}] = {{{}}};\n", list(first, false)));
                out.push_str(&format!("    if (i < {pre}) return first[i];\n"));
            }
            let ty = if numbers { "long long" } else { "const char*" };
            out.push_str(&format!("    {ty} cycle[{p}] = {{{}}};\n", list(cycle, numbers)));
            out.push_str(&format!("    long long k = (i - {pre}) / {p}, j = (i - {pre}) % {p};\n"));
            if numbers {
                out.push_str(&format!("    return std::to_string(cycle[j] + k * {s});\n"));
            } else {
                out.push_str("    (void)k;\n    return cycle[j];\n");
            }
        }
        Lang::Python => {
            out.push_str(&format!("    i = {i}\n    first = [{}]\n", list(first, false)));
            out.push_str("    if i < len(first):\n        return first[i]\n");
            out.push_str(&format!("    cycle = [{}]\n", list(cycle, numbers)));
            out.push_str(&format!("    k, j = divmod(i - {pre}, {p})\n"));
            if numbers {
                out.push_str(&format!("    return str(cycle[j] + k * {s})\n"));
            } else {
                out.push_str("    return cycle[j]\n");
            }
        }
    }
    if lang != Lang::Python {
        out.push_str("}\n");
    }
    out
}
