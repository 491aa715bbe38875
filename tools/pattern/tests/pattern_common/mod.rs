//! What the tests of `pattern` share: running the tool on a table, reading its JSON, a work folder,
//! the emitted code compiled and run.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the built `pattern` with `args` on `input` (stdin).
pub fn output(args: &[&str], input: &str) -> Output {
    output_bytes(args, input.as_bytes())
}

/// Runs the built `pattern` with `args` on the bytes `input`.
pub fn output_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pattern"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pattern runs");
    let mut stdin = child.stdin.take().unwrap();
    let text = input.to_vec();
    // Fed from a thread: the tool may answer (an error) before reading it all.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&text);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

/// Exit status and stdout; stderr must be empty, but for an error (status 2) or a note of why
/// nothing was emitted (status 1, one line `pattern: ...`).
pub fn run(args: &[&str], input: &str) -> (i32, String) {
    let out = output(args, input);
    let status = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let note = status == 1 && stderr.starts_with("pattern: ") && stderr.lines().count() == 1;
    assert!(status == 2 || stderr.is_empty() || note, "{args:?}: status {status}, stderr {stderr}");
    (status, String::from_utf8(out.stdout).unwrap())
}

/// The JSON line of a run that succeeds.
pub fn json(args: &[&str], input: &str) -> String {
    let (status, out) = run(args, input);
    assert!(status == 0 || status == 1, "{args:?}: {out}");
    out
}

/// The text of field `name` of a flat JSON object: a number, `null`, `true`, a string with its
/// quotes, or a list with its brackets.
pub fn field<'a>(json: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\": ");
    let start = json.find(&key).unwrap_or_else(|| panic!("no {name} in {json}")) + key.len();
    let rest = &json[start..];
    let end = if let Some(inside) = rest.strip_prefix('"') {
        1 + inside.find('"').unwrap() + 1
    } else if rest.starts_with('[') {
        rest.find(']').unwrap() + 1
    } else {
        rest.find(&[',', '}'][..]).unwrap()
    };
    &rest[..end]
}

/// A fresh folder of this test's own under target/.
pub fn work_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pattern").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles (or, for Python, runs) the emitted `code` (in a folder named after `test`) with a driver that reads rows of `arity`
/// parameters (and the value) and prints `value(...)` per row; its stdout. `None` (and a skipped
/// test) if the compiler is not on this machine.
pub fn compile_and_run(test: &str, lang: &str, code: &str, arity: usize, rows: &str) -> Option<String> {
    // A folder per test and language: the tests run in parallel.
    let dir = work_dir(&format!("emit_{test}_{lang}"));
    let params: Vec<String> = (0..arity).map(|i| format!("p[{i}]")).collect();
    let (program, source) = match lang {
        "rust" => {
            let src = format!(
                "{code}\nfn main() {{\n    use std::io::BufRead;\n    for line in std::io::stdin().lock().lines() {{\n        let p: Vec<i64> = line.unwrap().split_whitespace().take({arity}).map(|w| w.parse().unwrap()).collect();\n        println!(\"{{}}\", value({}));\n    }}\n}}\n",
                params.join(", ")
            );
            std::fs::write(dir.join("main.rs"), src).unwrap();
            let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
            let built = Command::new(rustc)
                .args(["-O", "--edition", "2021", "-D", "warnings", "-o"])
                .arg(dir.join("main"))
                .arg(dir.join("main.rs"))
                .status();
            assert!(built.expect("rustc runs").success(), "the emitted Rust does not compile:\n{code}");
            (dir.join("main"), None)
        }
        "cpp" => {
            let src = format!(
                "{code}\n#include <cstdio>\nint main() {{\n    long long p[{arity}]; char v[256];\n    while (true) {{\n        for (int i = 0; i < {arity}; i++) if (scanf(\"%lld\", &p[i]) != 1) return 0;\n        if (scanf(\"%255s\", v) != 1) return 0;\n        printf(\"%s\\n\", value({}).c_str());\n    }}\n}}\n",
                params.join(", ")
            );
            std::fs::write(dir.join("main.cpp"), src).unwrap();
            let built = Command::new("g++")
                .args(["-O2", "-Wall", "-Wextra", "-Werror", "-o"])
                .arg(dir.join("main"))
                .arg(dir.join("main.cpp"))
                .status();
            match built {
                Err(_) => {
                    crate::common::skipped("rules: emitted C++", "no g++ on this machine");
                    return None;
                }
                Ok(s) => assert!(s.success(), "the emitted C++ does not compile:\n{code}"),
            }
            (dir.join("main"), None)
        }
        _ => {
            let src = format!(
                "{code}\nimport sys\nfor line in sys.stdin:\n    p = [int(w) for w in line.split()[:{arity}]]\n    print(value({}))\n",
                params.join(", ")
            );
            std::fs::write(dir.join("main.py"), src).unwrap();
            (Path::new("python3").to_path_buf(), Some(dir.join("main.py")))
        }
    };
    let mut command = Command::new(&program);
    if let Some(script) = &source {
        // Warnings as errors (an invalid escape, say), and the tokens printed as UTF-8.
        command.args(["-W", "error"]).arg(script).env("PYTHONIOENCODING", "utf-8");
    }
    let child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn();
    let mut child = match child {
        Err(_) if lang == "python" => {
            crate::common::skipped("rules: emitted Python", "no python3 on this machine");
            return None;
        }
        other => other.unwrap(),
    };
    let mut stdin = child.stdin.take().unwrap();
    let text = rows.to_string();
    let feeder = std::thread::spawn(move || {
        stdin.write_all(text.as_bytes()).unwrap();
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert!(out.status.success(), "{lang} fails:\n{code}");
    Some(String::from_utf8(out.stdout).unwrap())
}
