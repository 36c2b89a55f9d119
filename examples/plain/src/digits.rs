//! Counting digits. The library uses it; `tests/digits.rs` includes this file again
//! (`#[path]`), as crates test their private modules: both copies are one source, and a
//! mutant here is in both.

/// How many decimal digits `n` has.
pub(crate) fn digit_count(mut n: u32) -> u32 {
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits
}
