//! serde_json's float parser's shape: a `for` loop over `&mut iter` whose body consumes
//! `iter` and leaves the loop. Its `break` made `continue` takes the moved iterator round
//! again, which the borrow checker says at `iter.count()`, where no mutant is, naming the
//! move: the net leaves that jump as written (unviable); every other mutant runs.
//! `tests/digits.rs` compiles this file again (`#[path]`), where rustc names it
//! `tests/../src/digits.rs`: the same file, the same mutants, one list entry each crate.

use mutate_runtime::mutate;

/// The sum of the digits up to where it would overflow a `u8`, and how many digits were
/// left out from there.
#[mutate]
pub fn truncated_sum(digits: &[u8]) -> (u8, usize) {
    let mut truncated = 0;
    let mut sum: u8 = 0;
    let mut iter = digits.iter();
    for &d in &mut iter {
        sum = match sum.checked_add(d) {
            Some(v) => v,
            None => {
                truncated = 1 + iter.count();
                break;
            }
        };
    }
    (sum, truncated)
}
