//! The three calls std does not offer: a child's resource usage as it is reaped (`wait4`), and
//! the stack limit (`getrlimit`, `setrlimit`). Declared by hand (std links the C library, and
//! the crate takes no dependency), for 64-bit Linux, where `long` and `rlim_t` are 64 bits.
//! With them, the reading of a raw wait status, as Linux lays it out.

/// `struct rusage` of 64-bit Linux: two `struct timeval` (user and system time), then 14
/// `long`s, the first of which is `ru_maxrss` (KiB).
#[repr(C)]
pub struct Rusage {
    pub utime: [i64; 2],
    pub stime: [i64; 2],
    pub maxrss: i64,
    pub rest: [i64; 13],
}

#[repr(C)]
struct Rlimit {
    current: u64,
    max: u64,
}

const RLIMIT_STACK: i32 = 3;

extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, rusage: *mut Rusage) -> i32;
    fn getrlimit(resource: i32, rlim: *mut Rlimit) -> i32;
    fn setrlimit(resource: i32, rlim: *const Rlimit) -> i32;
}

/// Waits for child `pid` to end and reaps it: its raw wait status and resource usage.
pub fn wait_child(pid: u32) -> std::io::Result<(i32, Rusage)> {
    let mut status = 0i32;
    let mut usage = Rusage { utime: [0; 2], stime: [0; 2], maxrss: 0, rest: [0; 13] };
    loop {
        // SAFETY: `status` and `usage` are live, writable and laid out as the C types
        // (`int`, `struct rusage` of 64-bit Linux: 2 + 2 + 14 longs); `pid` is a child of
        // this process that nothing else waits for (std's `Child` is never waited on).
        let got = unsafe { wait4(pid as i32, &mut status, 0, &mut usage) };
        if got == pid as i32 {
            return Ok((status, usage));
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// A raw wait status as words, None for exit status 0 (the low 7 bits the signal that ended
/// the child, else the next 8 its exit status).
pub fn describe_status(status: i32) -> Option<String> {
    let signal = status & 0x7f;
    if signal == 0 {
        let code = (status >> 8) & 0xff;
        (code != 0).then(|| format!("exit status {code}"))
    } else {
        Some(format!("killed by signal {signal}"))
    }
}

/// Raises this process's soft stack limit to its hard limit; children inherit it.
pub fn raise_stack_limit() {
    let mut limit = Rlimit { current: 0, max: 0 };
    // SAFETY: `limit` is a live, writable `struct rlimit` (two 64-bit `rlim_t` on 64-bit
    // Linux), and RLIMIT_STACK is 3 there.
    if unsafe { getrlimit(RLIMIT_STACK, &mut limit) } == 0 && limit.current != limit.max {
        limit.current = limit.max;
        // SAFETY: as above; the call only reads `limit`. Failure leaves the limit as it was.
        unsafe { setrlimit(RLIMIT_STACK, &limit) };
    }
}
