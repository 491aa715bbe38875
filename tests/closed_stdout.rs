//! A stdout that cannot take the output is an error, in every program on `cli::run` (the judge
//! binaries and the judge examples): closed from the start (`>&-`) or full (`> /dev/full`),
//! one line `error: cannot write the output: ...` and exit 2, for the answer and for `--help`
//! alike. `/dev/null` is a stdout like any other (exit 0), opened for writing or for reading and
//! writing, and a reader that goes away (a closed pipe) is the reader's choice, not an error:
//! exit 0, silently.

use crate::common;
use common::{binary, root, BINARIES};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Every program on `cli::run`, with a valid input of its own.
fn programs() -> Vec<(String, PathBuf, PathBuf)> {
    let mut all: Vec<(String, PathBuf, PathBuf)> = BINARIES
        .iter()
        .map(|&bin| (bin.to_string(), binary(bin), root().join(format!("inputs/{bin}/example.in"))))
        .collect();
    for name in [
        "berzerk",
        "marbles",
        "shiritori",
        "stone_piles",
        "hackenbush",
        "domineering",
        "toads_frogs",
        "clobber",
        "columns",
        "toppling_dominoes",
        "no_passage",
    ] {
        let case = common::judge_cases(name)
            .into_iter()
            .find(|case| !case.file_name().unwrap().to_str().unwrap().starts_with("bad_"))
            .unwrap_or_else(|| panic!("no valid judge case of {name}"));
        all.push((name.to_string(), common::example(name), case));
    }
    all
}

/// Runs `program` with `args` through `sh`, its stdin `input`, its stdout redirected by
/// `redirect` (such as `>&-`).
fn redirected(program: &PathBuf, args: &[&str], input: &PathBuf, redirect: &str) -> Output {
    let script = format!("exec \"$0\" \"$@\" < \"$INPUT\" {redirect}");
    Command::new("/bin/sh")
        .arg("-c")
        .arg(script)
        .arg(program)
        .args(args)
        .env("INPUT", input)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn a_closed_stdout_is_one_error_line_and_exit_2() {
    for (name, program, input) in programs() {
        for args in [&[][..], &["--help"]] {
            let out = redirected(&program, args, &input, ">&-");
            let e = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{name} {args:?} >&-: stderr {e:?}");
            assert_eq!(e, "error: cannot write the output: stdout is closed\n", "{name} {args:?}");
        }
    }
}

#[test]
fn a_full_stdout_is_one_error_line_and_exit_2() {
    for (name, program, input) in programs() {
        for args in [&[][..], &["--help"]] {
            let out = redirected(&program, args, &input, "> /dev/full");
            let e = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{name} {args:?} > /dev/full: stderr {e:?}");
            assert!(
                e.starts_with("error: cannot write the output: ") && e.lines().count() == 1,
                "{name}: {e:?}"
            );
        }
    }
}

#[test]
fn dev_null_and_a_closed_pipe_are_not_errors() {
    for (name, program, input) in programs() {
        // Written to only, and opened for reading too, as Python's `subprocess.DEVNULL` does (the
        // runtime's stand-in for a closed stdout is opened that way as well: it is not what tells).
        for redirect in ["> /dev/null", "1<> /dev/null"] {
            let out = redirected(&program, &[], &input, redirect);
            assert_eq!((out.status.code(), stderr(&out)), (Some(0), String::new()), "{name} {redirect}");
        }
        // The reader is gone before the program writes.
        let mut child = Command::new(&program)
            .stdin(std::fs::File::open(&input).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!((out.status.code(), stderr(&out)), (Some(0), String::new()), "{name}, reader gone");
    }
}
