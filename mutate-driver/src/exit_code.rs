//! Exit codes of `cargo mutate-driver`, documented in the guide (`docs/src/exit-codes.md`)
//! and in short in the README.

/// Every mutant that was run was detected (or there was nothing to run).
pub const SUCCESS: i32 = 0;
/// Something went wrong inside the driver (I/O, a test binary that broke protocol).
pub const INTERNAL: i32 = 1;
/// Bad command line or missing manifest.
pub const USAGE: i32 = 2;
/// At least one mutant survived or had no covering test.
pub const SURVIVORS: i32 = 3;
/// No survivors, but at least one mutant timed out.
pub const TIMEOUTS: i32 = 4;
/// The crate's tests failed to build; with `--run-mutant`, the mutant is unviable (its text
/// does not build).
pub const BUILD_FAILED: i32 = 5;
/// A test failed, crashed or hung with every mutant off: nothing was judged.
pub const BASELINE_FAILED: i32 = 6;
/// The mutation score is below `--fail-under` (or the configuration's `thresholds.break`).
pub const SCORE_BELOW: i32 = 7;
/// Interrupted (Ctrl-C); what was known is written.
pub const INTERRUPTED: i32 = 130;
