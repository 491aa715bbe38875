//! The `pattern` tool itself: tables as contestants write them (CRLF, comments, blank lines, extra
//! spaces, any tokens), every bad input and argument one `error:` line with exit status 2 and
//! nothing on stdout, the JSON fields, the picture, the SVG, a closed stdout.

use crate::common;
use crate::pattern_common::{field, json, output, output_bytes, run, work_dir};
use std::process::{Command, Stdio};

/// `args` on `input` is refused: exit 2, one `error:` line holding `what`, nothing on stdout.
fn refused(args: &[&str], input: &str, what: &str) {
    let out = output(args, input);
    common::assert_rejected(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(what), "{args:?}: {stderr:?} has no {what:?}");
}

#[test]
fn tables_as_contestants_write_them() {
    // CRLF, a comment line, trailing comments, blank lines, tabs and runs of spaces.
    let mut text = String::from("# n outcome\r\n\r\n");
    for n in 0..40 {
        text.push_str(&format!("  {n}\t {}  # pile of {n}\r\n", if n % 3 == 0 { "Second" } else { "First" }));
        if n % 7 == 0 {
            text.push_str("   \r\n");
        }
    }
    let out = json(&["--json"], &text);
    assert_eq!(
        (field(&out, "period"), field(&out, "preperiod"), field(&out, "rows")),
        ("3", "0", "40"),
        "{out}"
    );
    // Rows in any order; loopy values with `inf`: tokens, no saltus.
    let mut rows: Vec<String> =
        (0..60).map(|n| format!("{n} {}", if n % 2 == 0 { "inf" } else { "0" })).collect();
    rows.reverse();
    let out = json(&["--json"], &rows.join("\n"));
    assert_eq!((field(&out, "period"), field(&out, "saltus")), ("2", "0"), "{out}");
    let (_, text) = run(&[], &rows.join("\n"));
    assert!(text.contains("one period: inf 0"), "{text}");
    // win/lose/draw in two parameters, the table starting at 1, negative parameters too.
    let mut t = String::new();
    for a in -3..20 {
        for b in 1..20 {
            let v = if a < 0 {
                "draw"
            } else if (a + b) % 2 == 0 {
                "lose"
            } else {
                "win"
            };
            t.push_str(&format!("{a} {b} {v}\n"));
        }
    }
    let out = json(&["--json"], &t);
    assert_eq!(field(&out, "rows"), "437");
    assert_ne!(field(&out, "rule"), "null", "{out}");
    // Gaps in n: no period analysis, said plainly.
    let (status, text) = run(&[], "0 W\n1 L\n3 W\n");
    assert_eq!(status, 0);
    assert!(text.contains("no row for n = 2"), "{text}");
}

#[test]
fn bad_input_and_arguments_are_one_error_line() {
    refused(&[], "0 1 W\n1 2\n", "line 2, column 4: 2 columns, but the first row has 3");
    refused(&[], "0 1 W\n1 2 L D\n", "line 2, column 7: 4 columns");
    refused(&[], "0 W\r\n1.5 L\r\n", "line 2, column 1: `1.5` is not an integer parameter");
    refused(&[], "0 0 W\n0 x L\n", "line 2, column 3: `x`");
    refused(&[], "99999999999999999999 W\n", "line 1, column 1");
    refused(&[], "", "no rows");
    refused(&[], "# nothing\n\n  \n", "no rows");
    refused(&[], "W\n", "line 1, column 1: a row is `p1 ... pk value`");
    let bad_utf8 = output_bytes(&[], b"0 W\n1 \xff\n");
    common::assert_rejected(&bad_utf8);
    assert!(String::from_utf8_lossy(&bad_utf8.stderr).contains("line 2, column 3: not UTF-8"));
    let table = "0 0 W\n0 1 L\n";
    refused(&["--bogus"], table, "unknown option `--bogus`");
    refused(&["--window"], table, "--window needs");
    refused(&["--window", "0"], "0 W\n", "--window takes a number T");
    refused(&["--octal", "x"], "0 W\n", "--octal takes a number T");
    refused(&["--window", "2", "--octal", "2"], "0 W\n", "one theorem");
    refused(&["--window", "2"], table, "one parameter");
    refused(&["--emit", "java"], table, "--emit takes rust, cpp or python");
    refused(&["--emit", "rust", "--json"], table, "one output at a time");
    refused(&["--color", "blue"], table, "auto, always or never");
    refused(&["--names", "a"], table, "1 names for 2 parameters");
    refused(&["--names", "a,2b"], table, "`2b` cannot name a parameter");
    refused(&["--svg", "/x.svg"], "0 W\n", "two parameters or more");
    refused(&["--svg", "/nonexistent/dir/x.svg"], table, "--svg /nonexistent/dir/x.svg");
    refused(&["/nonexistent/table"], "", "/nonexistent/table");
    refused(&["a", "b"], "", "a second input file");
    let dir = work_dir("tool_errors");
    let other = dir.join("other.txt");
    std::fs::write(&other, "0 W\n").unwrap();
    refused(&["--check", other.to_str().unwrap()], table, "1 parameters, but the table has 2");
    std::fs::write(&other, "0 0 W\n0 1 x y\n").unwrap();
    refused(&["--check", other.to_str().unwrap()], table, "other.txt: line 2, column 7");
}

#[test]
fn the_picture_the_svg_and_the_json() {
    let mut t = String::new();
    for a in 0..12 {
        for b in 0..20 {
            t.push_str(&format!("{a} {b} {}\n", if a % 3 == b % 3 { "L" } else { "W" }));
        }
    }
    let (status, text) = run(&["--color", "never"], &t);
    assert_eq!(status, 0);
    assert!(text.contains("    0 LWWLWWLWWLWWLWWLWWLW\n    1 WLWWLWWLWWLWWLWWLWWL\n"), "{text}");
    assert!(text.contains("along b (a fixed):\n  period 3 from b = 0: 12 lines"), "{text}");
    assert!(text.contains("(a - b) mod 3 != 0: W (160 rows)"), "{text}");
    let (_, coloured) = run(&["--color", "always"], &t);
    assert!(coloured.contains("\x1b[48;5;"));
    let out = json(&["--json"], &t);
    assert_eq!((field(&out, "rows"), field(&out, "size")), ("240", "1"), "{out}");
    assert_eq!(field(&out, "rule"), "\"(a - b) mod 3 != 0: W (160 rows); otherwise: L (80 rows)\"");
    let svg_path = work_dir("tool_svg").join("t.svg");
    let (status, _) = run(&["--svg", svg_path.to_str().unwrap()], &t);
    assert_eq!(status, 0);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.ends_with("</svg>\n"));
    // One square per row, one per legend entry, and the background.
    assert_eq!(svg.matches("<rect").count(), 240 + 2 + 1);
    // Three parameters: slices, named.
    let mut t3 = String::new();
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..2 {
                t3.push_str(&format!("{a} {b} {c} {}\n", (a + b + c) % 2));
            }
        }
    }
    let (_, text) = run(&["--names", "x,y,z", "--color", "never"], &t3);
    assert!(text.contains("z = 0:\n    0 010\n") && text.contains("z = 1:\n    0 101\n"), "{text}");
}

#[test]
fn a_closed_stdout_ends_the_tool_quietly() {
    let mut t = String::new();
    for a in 0..200 {
        for b in 0..200 {
            t.push_str(&format!("{a} {b} {}\n", (a * b) % 5));
        }
    }
    let path = work_dir("tool_closed").join("t.txt");
    std::fs::write(&path, t).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_pattern"))
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let (status, help) = run(&["--help"], "");
    assert!(status == 0 && help.starts_with("usage: pattern"));
}
