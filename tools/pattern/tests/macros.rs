//! The emitted C++ compiles for every name `pattern` accepts: every macro that the headers the
//! emitted code includes define (asked of g++ itself, `g++ -dM -E`, in every language mode it
//! has) is refused as a name, and emitted code with names next to them (`edom`, `EDOM2`) compiles
//! and gives the table's values. The tool carries its own list (it never runs g++); this test
//! checks that list against the g++ of this machine, and is skipped, with a message, without g++.

use crate::common;
use crate::pattern_common::{compile_and_run, output, run};
use std::io::Write;
use std::process::{Command, Stdio};

/// The `#include` lines of the C++ that `pattern` emits (of a period and of a rule).
fn emitted_includes() -> String {
    let period: String = (0..30).map(|n| format!("{n} {}\n", n % 3)).collect();
    let rule: String =
        (0..400).map(|r| format!("{} {} {}\n", r / 20, r % 20, (r / 20 + r % 20) % 2)).collect();
    let mut lines: Vec<String> = Vec::new();
    for table in [period, rule] {
        let (status, code) = run(&["--emit", "cpp"], &table);
        assert_eq!(status, 0, "{code}");
        lines.extend(code.lines().filter(|l| l.starts_with("#include")).map(str::to_string));
    }
    lines.sort();
    lines.dedup();
    assert!(!lines.is_empty(), "the emitted C++ includes nothing?");
    lines.join("\n") + "\n"
}

/// The macros g++ defines after `source`, in language mode `std` (`None`: g++'s default), or
/// `None` when this g++ does not know the mode.
fn macros(source: &str, std: Option<&str>) -> Option<Vec<String>> {
    let mut command = Command::new("g++");
    command.args(std.map(|s| format!("-std={s}"))).args(["-dM", "-E", "-x", "c++", "-"]);
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
    child.stdin.take().unwrap().write_all(source.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).unwrap();
    // `#define NAME value` or `#define NAME(args) value`.
    Some(
        text.lines()
            .filter_map(|l| l.strip_prefix("#define "))
            .map(|l| l.split([' ', '(']).next().unwrap().to_string())
            .collect(),
    )
}

#[test]
fn every_macro_of_the_emitted_headers_is_refused_and_names_beside_them_compile() {
    if Command::new("g++").arg("--version").stdout(Stdio::null()).status().is_err() {
        common::skipped("pattern macros", "no g++ on this machine: the list of macros is not checked");
        return;
    }
    let includes = emitted_includes();
    let mut all: Vec<String> = Vec::new();
    let modes = [None, Some("c++98"), Some("c++11"), Some("c++14"), Some("c++17"), Some("c++20")];
    let gnu = [Some("gnu++11"), Some("gnu++17"), Some("gnu++20"), Some("c++23"), Some("gnu++23")];
    for std in modes.iter().chain(&gnu) {
        if let Some(found) = macros(&includes, *std) {
            all.extend(found);
        }
    }
    all.sort();
    all.dedup();
    assert!(all.len() > 300 && all.iter().any(|m| m == "EDOM"), "g++ -dM -E gave {} macros", all.len());
    let accepted: Vec<&String> = all.iter().filter(|m| pattern::names::refused(m).is_none()).collect();
    assert!(accepted.is_empty(), "{} macros accepted as names: {accepted:?}", accepted.len());
    // Through the tool, with the reason.
    let t: String = (0..30).map(|n| format!("{n} {}\n", if n % 3 == 0 { "L" } else { "W" })).collect();
    for name in ["EDOM", "ERANGE", "INT64_MAX", "LC_ALL", "BYTE_ORDER", "SEEK_DATA", "P_tmpdir", "htobe16"] {
        assert!(all.iter().any(|m| m == name), "{name} is no macro here");
        let out = output(&["--names", name, "--emit", "cpp"], &t);
        common::assert_rejected(&out);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains(&format!("`{name}` cannot name a parameter")) && said.contains("macro"),
            "{said}"
        );
    }
    // Names beside the macros (one in 16 of them, in lower case and with a digit after) are
    // accepted, and the code emitted with them compiles and gives the table's values.
    let expected: Vec<&str> = t.lines().map(|l| l.rsplit(' ').next().unwrap()).collect();
    let beside: Vec<String> = all
        .iter()
        .filter(|m| !m.starts_with('_'))
        .step_by(16)
        .flat_map(|m| [m.to_lowercase(), format!("{m}2")])
        .filter(|n| !all.contains(n) && pattern::names::refused(n).is_none())
        .collect();
    assert!(beside.len() >= 20, "{beside:?}");
    let mut code = String::new();
    let mut calls = Vec::new();
    for (k, name) in beside.iter().enumerate() {
        let (status, one) = run(&["--names", name, "--emit", "cpp"], &t);
        assert_eq!(status, 0, "{name}: {one}");
        // One program: each function renamed `value_k`, one dispatch `value`.
        let body: String = one.lines().filter(|l| !l.starts_with("#include")).collect::<Vec<_>>().join("\n");
        code.push_str(&body.replace("std::string value(", &format!("std::string value_{k}(")));
        code.push('\n');
        calls.push(format!("value_{k}(n)"));
    }
    let program = format!(
        "#include <algorithm>\n#include <string>\n{code}\nstd::string value(long long n) {{\n    std::string all[] = {{{}}};\n    for (const std::string& s : all) if (s != all[0]) return \"differ\";\n    return all[0];\n}}\n",
        calls.join(", ")
    );
    if let Some(got) = compile_and_run("macros_beside", "cpp", &program, 1, &t) {
        assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{program}");
    }
}
