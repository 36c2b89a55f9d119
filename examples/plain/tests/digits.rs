//! The library's private `digits` module, compiled again into this test by its path: the
//! only test of `digit_count`.

#[path = "../src/digits.rs"]
mod digits;

#[test]
fn counts_digits() {
    assert_eq!(digits::digit_count(0), 1);
    assert_eq!(digits::digit_count(9), 1);
    assert_eq!(digits::digit_count(10), 2);
    assert_eq!(digits::digit_count(4_096), 4);
}
