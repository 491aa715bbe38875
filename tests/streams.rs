//! Every byte stream, pipe and argument gets exit 0 or one escaped error line (issue 10's
//! reproducers, each checked through `common::contract_violation`):
//! - endless and 300 MB tokens are rejected once they can no longer be valid, within a second or
//!   so and under a 64 MiB address-space limit (so memory cannot follow a token's length);
//! - `--help` into a closed pipe exits 0 silently, into a full device with one error line;
//! - arguments that are not UTF-8 or hold a newline give one escaped line;
//! - a reader that goes away early (`| head -c 1`) is not an error, for every long output;
//! - control bytes in the input never reach the terminal raw.

use crate::common;
use common::{assert_rejected, binary, contract_violation, run_fed, BINARIES};
use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// 300 MB: the size of the tester's long tokens.
const LONG: usize = 300_000_000;

/// Runs `bin` under a 64 MiB address-space limit on `head` followed by up to `total` bytes of
/// `byte` (written until the program stops reading); returns its output and how long it took.
fn run_streamed(bin: &str, args: &[&str], head: &[u8], byte: u8, total: usize) -> (Output, Duration) {
    let mut all: Vec<OsString> = vec!["-c".into(), "ulimit -v 65536 && exec \"$0\" \"$@\"".into()];
    all.push(binary(bin).into_os_string());
    all.extend(args.iter().map(OsString::from));
    let head = head.to_vec();
    let started = Instant::now();
    let out = run_fed(
        std::path::Path::new("/bin/sh"),
        &all,
        move |stdin| {
            if stdin.write_all(&head).is_err() {
                return;
            }
            let chunk = vec![byte; 1 << 16];
            let mut written = 0;
            while written < total {
                let k = chunk.len().min(total - written);
                if stdin.write_all(&chunk[..k]).is_err() {
                    return;
                }
                written += k;
            }
        },
        Duration::from_secs(60),
    )
    .unwrap_or_else(|why| panic!("{bin} on {total} bytes of {byte:#x}: {why}"));
    (out, started.elapsed())
}

/// Exit 2 with one error line, and fast (a generous bound: the machine is shared).
fn rejected_fast(what: &str, (out, took): (Output, Duration)) -> String {
    if let Some(why) = contract_violation(&out) {
        panic!("{what}: {why}");
    }
    assert_eq!(out.status.code(), Some(2), "{what}: stdout {:?}", String::from_utf8_lossy(&out.stdout));
    assert!(took < Duration::from_secs(5), "{what}: took {took:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn an_endless_stream_of_nul_bytes_is_rejected_at_once() {
    for bin in BINARIES {
        let err = rejected_fast(bin, run_streamed(bin, &[], b"", 0, usize::MAX));
        assert!(err.starts_with("error: line 1, column 1: expected "), "{bin}: {err}");
        assert!(err.contains("found `\\x00\\x00"), "{bin}: {err}");
    }
}

#[test]
fn a_300_mb_token_is_rejected_once_it_cannot_be_valid() {
    let cases: [(&str, &[u8], &str); 5] = [
        ("graph_game", b"1 ", "error: line 1, column 3: expected the number of edges m, found `111111111111111111111111...` (more than 64 digits)\n"),
        ("police_thief", b"1 1\n", "error: line 2, column 1: row 1 of 1 has more than 1 character\n"),
        ("grid_game_28218", b"1 1 0\n", "error: line 2, column 1: row 1 of 1 has more than 1 character\n"),
        (
            "grid_game_28218",
            b"1 1 0\n.\n1\n1 ",
            "error: line 4, column 3: expected the column of query 1 of 1, found `111111111111111111111111...` (more than 64 digits)\n",
        ),
        ("move_or_block", b"1\nO ", "error: line 2, column 3: unexpected `111111111111111111111111...` after the board\n"),
    ];
    for (bin, head, want) in cases {
        let what = format!("{bin} after {:?}", String::from_utf8_lossy(head));
        assert_eq!(rejected_fast(&what, run_streamed(bin, &[], head, b'1', LONG)), want);
    }
}

#[test]
fn an_endless_board_is_rejected_once_it_passes_n_cells() {
    let err = rejected_fast("move_or_block", run_streamed("move_or_block", &[], b"5\n", b'.', usize::MAX));
    assert_eq!(err, "error: line 2, column 1: the board of 5 cells has more than 5 characters\n");
    // A zero-padded size of up to 64 characters is still a size; a longer one is rejected at
    // its 65th byte, read no further.
    let mut head = vec![b'0'; 63];
    head.extend_from_slice(b"3\n.O.\n");
    let out = run_streamed("move_or_block", &[], &head, b' ', 1 << 20).0;
    assert_eq!((out.status.code(), out.stdout), (Some(0), b"yunsu\n".to_vec()));
    let err = rejected_fast("move_or_block", run_streamed("move_or_block", &[], b"", b'0', usize::MAX));
    assert_eq!(err, "error: line 1, column 1: expected the board size N, found `000000000000000000000000...` (more than 64 digits)\n");
}

/// Runs `bin` with its stdout on `stdout`, reading `input`.
fn run_into(bin: &str, args: &[&str], input: &[u8], stdout: Stdio) -> Output {
    let mut child = Command::new(binary(bin))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

#[test]
fn help_into_a_closed_pipe_is_silent_and_into_a_full_device_one_line() {
    for bin in BINARIES {
        // The shell waits until the pipe's reader is gone before the program writes.
        let mut child = Command::new("/bin/sh")
            .args(["-c", "sleep 0.3; exec \"$0\" --help"])
            .arg(binary(bin))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            (out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()),
            (Some(0), ""),
            "{bin}"
        );
        for flag in ["--help", "-h"] {
            let out = run_into(bin, &[flag], b"", Stdio::from(File::create("/dev/full").unwrap()));
            assert_rejected(&out);
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.starts_with("error: cannot write the output: "), "{bin}: {err}");
        }
    }
}

#[test]
fn arguments_that_are_not_utf8_or_hold_a_newline_give_one_escaped_line() {
    let cases: [(&[u8], &str); 4] = [
        (b"\xff", "error: unexpected argument `\\xff` (try --help)\n"),
        (b"--x\ny", "error: unknown flag `--x\\ny` (try --help)\n"),
        (b"-\x1b[2J", "error: unknown flag `-\\x1b[2J` (try --help)\n"),
        (b"--\xc3", "error: unknown flag `--\\xc3` (try --help)\n"),
    ];
    for bin in BINARIES {
        for (arg, want) in cases {
            let out = run_fed(
                &binary(bin),
                &[OsString::from_vec(arg.to_vec())],
                |stdin| {
                    let _ = stdin.write_all(b"1 0\n");
                },
                Duration::from_secs(10),
            )
            .unwrap();
            assert_rejected(&out);
            assert_eq!(String::from_utf8(out.stderr).unwrap(), want, "{bin}");
        }
    }
}

/// Reads one byte of `bin`'s output and closes the pipe: the program must stop silently, exit 0.
fn reader_goes_away(bin: &str, args: &[&str], input: Vec<u8>) {
    let mut child = Command::new(binary(bin))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(
        (out.status.code(), String::from_utf8_lossy(&out.stderr).as_ref()),
        (Some(0), ""),
        "{bin} {args:?}"
    );
}

#[test]
fn a_reader_that_goes_away_is_not_an_error() {
    // Each output is far larger than a pipe's buffer, so the program does meet the closed pipe.
    reader_goes_away("graph_game", &[], b"1000000 0\n".to_vec());
    reader_goes_away("graph_game", &["--depth"], b"1000000 0\n".to_vec());
    let mut grid = b"1000 1000 0\n".to_vec();
    for _ in 0..1000 {
        grid.extend_from_slice(&[b'.'; 1000]);
        grid.push(b'\n');
    }
    grid.extend_from_slice(b"0\n");
    reader_goes_away("grid_game_28218", &["--map"], grid);
    let mut queries = b"1 1 0\n.\n1000000\n".to_vec();
    for _ in 0..1_000_000 {
        queries.extend_from_slice(b"1 1\n");
    }
    reader_goes_away("grid_game_28218", &[], queries);
    // A corridor of 200 cells in a 100x400 board: the line drawn is 100 boards of 40 KB.
    let mut board = b"100 400\n".to_vec();
    board.extend_from_slice(b"P");
    board.extend_from_slice(&[b'.'; 150]);
    board.extend_from_slice(b"T");
    board.extend_from_slice(&[b'.'; 47]);
    board.extend_from_slice(b"E");
    board.extend_from_slice(&[b'*'; 200]);
    board.push(b'\n');
    for _ in 1..100 {
        board.extend_from_slice(&[b'*'; 400]);
        board.push(b'\n');
    }
    reader_goes_away("police_thief", &["--explain"], board);
}

#[test]
fn control_bytes_in_the_input_never_reach_the_terminal_raw() {
    let cases: [(&str, &[u8]); 5] = [
        ("graph_game", b"\x1b[2J1 0\n"),
        ("graph_game", b"2 1\n1 2\x07\n"),
        ("move_or_block", b"1\nO \0"),
        ("police_thief", b"1 2\nP\x1b\n"),
        ("grid_game_28218", b"1 1 0\n.\n1\n1 \x01\n"),
    ];
    for (bin, input) in cases {
        let out = run_fed(
            &binary(bin),
            &[] as &[&str],
            move |stdin| {
                let _ = stdin.write_all(input);
            },
            Duration::from_secs(10),
        )
        .unwrap();
        assert_rejected(&out);
    }
}
