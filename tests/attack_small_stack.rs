//! An attack on `common::on_a_small_stack` (commit 83bc522): chains of 200,000 on a 1 MiB stack
//! were said to guard against recursion as well as chains of 1,000,000 on a test thread's 2 MiB.
//! For a recursion one frame a position deep they do (even 8 bytes a level overflow 1 MiB at
//! 200,000 levels). But the old guard overflowed once a recursion used more than 2.1 bytes of
//! stack a position (2 MiB / 10^6), the new one only past 5.2 (1 MiB / 200,000): a recursion one
//! frame every four positions, 16 bytes a frame in release (a return address and one saved
//! register), overflows the old guard (4 MB) and passed the new one (800 KB). The stack is now
//! 256 KiB (`common::SMALL_STACK`: 1.3 bytes a position), which this recursion overflows. The
//! oracle is that recursion itself, written here, run in a child process (an overflow kills its
//! process).

use std::process::Command;

/// One frame every `step` positions of the chain `s -> s - 1`: `step` links walked in a loop,
/// then a call that is not a tail call (its result is used).
#[inline(never)]
fn recursion_every(step: usize, s: usize) -> u64 {
    if s == 0 {
        return 1;
    }
    let next = s.saturating_sub(step);
    let below = recursion_every(step, next);
    below.wrapping_mul(3) ^ s as u64
}

/// Whether the recursion one frame every four positions of a chain of `n` ran to its end on a
/// thread of `stack` bytes (in a child: the test binary running this test with the case set).
fn survives(n: usize, stack: usize) -> bool {
    let module = module_path!().split_once("::").map_or("", |(_, module)| module);
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &format!("{module}::a_quarter_deep_recursion_passes_the_small_stack")])
        .args(["--include-ignored", "--test-threads=1", "--nocapture"])
        .env("SMALL_STACK_CHILD", format!("{n} {stack}"))
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).contains("CHILD-SURVIVED")
}

// Failed at 83bc522 (a stack of 1 MiB): the new guard let through a recursion the old one caught.
// Holds since the stack is 256 KiB (`common::SMALL_STACK`).
#[test]
fn a_quarter_deep_recursion_passes_the_small_stack() {
    if let Ok(case) = std::env::var("SMALL_STACK_CHILD") {
        let mut words = case.split(' ').map(|w| w.parse::<usize>().unwrap());
        let (n, stack) = (words.next().unwrap(), words.next().unwrap());
        let run = move || recursion_every(4, n - 1);
        let value = std::thread::Builder::new().stack_size(stack).spawn(run).unwrap().join().unwrap();
        println!("CHILD-SURVIVED {value}");
        return;
    }
    let old_guard_caught = !survives(1_000_000, 2 << 20);
    let new_guard_caught = !survives(200_000, crate::common::SMALL_STACK);
    assert!(old_guard_caught, "the old guard (10^6 on 2 MiB) let the recursion through");
    assert!(
        new_guard_caught,
        "the new guard (200,000 on common::SMALL_STACK) lets through what the old one caught"
    );
}
