//! `#[mutate]` written by the user, and a doc example that is the only test of `percent`.

use mutate_runtime::mutate;

/// `part` as a whole percentage of `whole`, rounded down.
///
/// ```
/// assert_eq!(annotated_doctests::percent(1, 4), 25);
/// assert_eq!(annotated_doctests::percent(0, 7), 0);
/// ```
#[mutate]
pub fn percent(part: u32, whole: u32) -> u32 {
    part * 100 / whole
}

/// Tested by the unit test below only.
#[mutate]
pub fn is_small(x: u32) -> bool {
    x < 10
}

#[cfg(test)]
mod tests {
    #[test]
    fn small() {
        assert!(super::is_small(3));
        assert!(!super::is_small(30));
    }
}
