//! `sys.rs` where the system is not 64-bit Linux: runs waited for with std, with no CPU time or
//! peak (-1), no process group of their own (what a run leaves running is not seen), and
//! signals left to end the tool as the system does.

use super::Run;
use std::process::{Child, Command};
use std::time::Instant;

pub fn catch_interrupts() {}

pub fn in_own_group(_: &mut Command) {}

pub fn interrupted() -> Option<&'static str> {
    None
}

pub fn end_by_signal_caught() {}

pub(crate) fn finish(mut child: Child, start: Instant) -> Result<Run, String> {
    let status = child.wait().map_err(|e| format!("wait: {e}"))?;
    let seconds = start.elapsed().as_secs_f64();
    // Worded as `sys.rs` words it where the status has a code (std's text has a colon).
    let failure = match status.code() {
        Some(0) => None,
        Some(code) => Some(format!("exit status {code}")),
        None => Some(format!("{status}")),
    };
    Ok(Run { seconds, cpu_seconds: None, peak_kb: -1, failure })
}

pub fn raise_stack_limit() {}
