//! Arithmetic checked two ways: `clamp_add` by an ordinary test, `scale` only by a test
//! binary with a harness of its own (`harness = false`), which lists no tests, so the
//! driver cannot run them one by one. `cargo test` runs it, so its failures must kill
//! mutants all the same: the driver runs it whole with each mutant no other test detects.

use mutate_runtime::mutate;

/// `a + b`, at most `limit`.
#[mutate]
pub fn clamp_add(a: u32, b: u32, limit: u32) -> u32 {
    if a + b > limit { limit } else { a + b }
}

/// `x` scaled by `num / den`.
#[mutate]
pub fn scale(x: u64, num: u64, den: u64) -> u64 {
    x * num / den
}

/// Half of `x`, rounded down. Checked only by `tests/strict.rs`, a harness of its own that
/// fails where the driver counts in its process: it is run as `cargo test` runs it.
#[mutate]
pub fn halve(x: u32) -> u32 {
    x / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps() {
        assert_eq!(clamp_add(2, 3, 10), 5);
        assert_eq!(clamp_add(7, 5, 10), 10);
        assert_eq!(clamp_add(5, 5, 10), 10);
        assert_eq!(clamp_add(0, 0, 0), 0);
        assert_eq!(clamp_add(1, 1, 1), 1);
    }
}
