//! The driver as cargo's `RUSTC_WORKSPACE_WRAPPER` in its `--all-items` builds. Cargo runs
//! the wrapper for workspace members only (the annotated copies of the user's crates),
//! which then get `--cap-lints allow`: their own lint levels (`#![deny(warnings)]`,
//! `#![forbid(unsafe_code)]`) must not stop the generated code from building. Every
//! dependency keeps the flags, and so the fingerprint, of the user's own `cargo test`, and
//! is reused rather than rebuilt.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::process::Command;

/// Set on the driver's cargo: the `--cap-lints` level for members. Its presence is what
/// tells this binary that cargo started it as the wrapper.
const CAP_LINTS_ENV: &str = "MUTATE_WRAPPER_CAP_LINTS";
/// The user's own `RUSTC_WORKSPACE_WRAPPER`, run in turn.
const USER_WRAPPER_ENV: &str = "MUTATE_WRAPPER_USER_WRAPPER";
const CARGO_ENV: &str = "RUSTC_WORKSPACE_WRAPPER";

/// Makes `cargo` run rustc on the workspace members through this binary, with
/// `--cap-lints allow`.
pub fn cap_members_lints(cargo: &mut Command) -> std::io::Result<()> {
    cap_members_lints_through(cargo, &std::env::current_exe()?);
    Ok(())
}

/// As [`cap_members_lints`], through the driver executable `driver` (the benchmarks
/// rebuild the driver's build with it).
pub fn cap_members_lints_through(cargo: &mut Command, driver: &std::path::Path) {
    if let Some(user) = std::env::var_os(CARGO_ENV).filter(|w| !w.is_empty()) {
        cargo.env(USER_WRAPPER_ENV, user);
    }
    cargo.env(CARGO_ENV, driver).env(CAP_LINTS_ENV, "allow");
}

/// When cargo started this process as the wrapper (`<driver> <rustc> <args>..`): runs
/// rustc with the lints capped, and never returns.
pub fn run_if_wrapping() {
    let Some(level) = std::env::var_os(CAP_LINTS_ENV) else {
        return;
    };
    let mut args = std::env::args_os().skip(1);
    let Some(rustc) = args.next() else {
        eprintln!("error: cargo-mutate-driver started as a rustc wrapper without a rustc");
        std::process::exit(101);
    };
    let args: Vec<OsString> = args.collect();
    let mut command = match std::env::var_os(USER_WRAPPER_ENV) {
        Some(user) => {
            let mut c = Command::new(user);
            c.arg(rustc);
            c
        }
        None => Command::new(rustc),
    };
    // rustc refuses an option given twice; a level the user set stays.
    let capped = args
        .iter()
        .any(|a| a.to_str().is_some_and(|a| a.starts_with("--cap-lints")));
    command.args(&args);
    if !capped {
        command.arg("--cap-lints").arg(level);
    }
    let error = command.exec();
    eprintln!("error: cargo-mutate-driver could not run rustc: {error}");
    std::process::exit(101);
}
