//! Memory that cannot be had ends the run with one `error:` line and exit status 2 (the
//! contract), never an abort: `main` installs [`Checked`] as the allocator, which on a failed
//! allocation writes the line, naming the step under way ([`step`]) and the bytes asked for, and
//! exits at once. Nothing is on stdout then: the tool writes stdout once, at its end, from a text
//! already made.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the run is doing, for the message: an index into [`STEPS`].
static STEP: AtomicUsize = AtomicUsize::new(0);

/// The steps of a run, as the message names them.
pub const STEPS: [&str; 5] =
    ["reading the table", "the periods", "the rule search", "the picture", "the output"];

/// Marks the step under way: `STEPS[index]`.
pub fn step(index: usize) {
    STEP.store(index.min(STEPS.len() - 1), Ordering::Relaxed);
}

/// The system's allocator, a failure the end of the run (module doc).
pub struct Checked;

// SAFETY: every call is passed to the system's allocator unchanged; only a null result (a
// failure) is acted on, and that never returns.
unsafe impl GlobalAlloc for Checked {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if p.is_null() {
            out_of_memory(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            out_of_memory(layout.size());
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            out_of_memory(new_size);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

/// The message for `bytes` that could not be had, made without allocating: into `buffer`, its length.
fn message(bytes: usize, buffer: &mut [u8; 160]) -> usize {
    let mut len = 0;
    let mut put = |part: &[u8]| {
        let n = part.len().min(buffer.len() - len);
        buffer[len..len + n].copy_from_slice(&part[..n]);
        len += n;
    };
    put(b"error: not enough memory for ");
    put(STEPS[STEP.load(Ordering::Relaxed).min(STEPS.len() - 1)].as_bytes());
    put(b": ");
    let mut digits = [0u8; 20];
    let (mut at, mut rest) = (digits.len(), bytes);
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    put(&digits[at..]);
    put(b" bytes more could not be had\n");
    len
}

#[cfg(unix)]
fn out_of_memory(bytes: usize) -> ! {
    extern "C" {
        fn write(fd: i32, buf: *const u8, count: usize) -> isize;
        fn _exit(status: i32) -> !;
    }
    let mut buffer = [0u8; 160];
    let len = message(bytes, &mut buffer);
    // SAFETY: `buffer` holds `len` bytes; `_exit` ends the process without running anything
    // that could allocate.
    unsafe {
        let _ = write(2, buffer.as_ptr(), len);
        _exit(2)
    }
}

#[cfg(not(unix))]
fn out_of_memory(bytes: usize) -> ! {
    let mut buffer = [0u8; 160];
    let len = message(bytes, &mut buffer);
    let _ = std::io::Write::write_all(&mut std::io::stderr(), &buffer[..len]);
    std::process::exit(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_is_one_line() {
        let mut buffer = [0u8; 160];
        let len = message(123456, &mut buffer);
        assert_eq!(
            std::str::from_utf8(&buffer[..len]).unwrap(),
            "error: not enough memory for reading the table: 123456 bytes more could not be had\n"
        );
    }
}
