//! A small ledger whose tests CI runs with `cargo nextest` and the settings in
//! `.config/nextest.toml`.

use mutate_runtime::mutate;
use std::io::Write;

/// How long a client waits before its `attempt`-th try, in milliseconds.
#[mutate]
pub fn delay_ms(attempt: u64) -> u64 {
    600 - attempt * 200
}

/// Whether `n` is even.
#[mutate]
pub fn is_even(n: u32) -> bool {
    n % 2 == 0
}

/// `amount` written to the ledger file at `path` (created anew), as one line.
#[mutate]
pub fn record(path: &std::path::Path, amount: i64) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    writeln!(file, "{}", amount * 100)
}

/// Triples; only a test CI leaves out checks it.
#[mutate]
pub fn triple(n: u32) -> u32 {
    n * 3
}

/// Whether a cache may be used: always, warm or cold. (A mutant that needs it warm fails
/// a cold start once, and passes when nextest retries.)
#[mutate]
pub fn may_use_cache(warm: bool) -> bool {
    warm || true
}
