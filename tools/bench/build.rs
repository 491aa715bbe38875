//! Tells the `bench` tool whether the compiler's std has `CommandExt::process_group` (Rust 1.64):
//! with it, std starts each run in its own process group with `posix_spawn`, the cheapest start;
//! on rustc 1.63, the crate's oldest compiler, the child sets its group between `fork` and `exec`
//! (`src/sys.rs`). A copy of `tools/stress/build.rs` (the two tools share no crate). std only.

use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rustc-check-cfg=cfg(has_process_group)");
    // `rustc 1.64.0 (a55dd71d5 2022-09-19)`: the minor version is the second field.
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = Command::new(rustc).arg("--version").output().ok();
    let version = version.and_then(|out| String::from_utf8(out.stdout).ok()).unwrap_or_default();
    let mut fields = version.trim_start_matches("rustc ").split('.');
    let (major, minor) = (fields.next(), fields.next().and_then(|m| m.parse::<u32>().ok()));
    if major == Some("1") && minor.map_or(false, |minor| minor >= 64) {
        println!("cargo:rustc-cfg=has_process_group");
    }
}
