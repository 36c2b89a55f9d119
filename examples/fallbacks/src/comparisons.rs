//! Comparisons with a literal: `count > 0` made `count >= 0` or `count < 0` compares beyond
//! a `u32`'s range, which rustc's `unused_comparisons` warns of, and this crate denies
//! warnings: `cargo test` could not build their text, so they are unviable. The same
//! replacements of a comparison with a signed value build and run.

use mutate_runtime::mutate;

/// Whether a count has anything in it.
#[mutate]
pub fn any(count: u32) -> bool {
    count > 0
}

/// Whether a balance is in the red: a literal on the left, a signed value.
#[mutate]
pub fn in_red(balance: i64) -> bool {
    0 > balance
}

/// Whether a byte is below the top of its range.
#[mutate]
pub fn below_top(byte: u8) -> bool {
    byte < 255
}

/// Whether there is at least one: the literal's own `1` made `0` compares beyond a
/// `usize` too.
#[mutate]
pub fn at_least_one(n: usize) -> bool {
    n >= 1
}

/// Whether a header name may start here: a side in parentheses as written (httparse's
/// style) is no warning of the crate's, so nothing here makes the driver ask whether the
/// tests build as written.
#[mutate]
pub fn blank_first(first: bool, b: u8) -> bool {
    first && (b == b' ' || b == b'\t')
}
