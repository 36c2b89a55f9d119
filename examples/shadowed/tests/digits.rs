//! The library's `digits` module compiled again into this test, as serde_json's tests
//! compile its float parser.

#[path = "../src/digits.rs"]
mod digits;

#[test]
fn sums_up_to_overflow() {
    assert_eq!(digits::truncated_sum(&[1, 2, 3]), (6, 0));
    assert_eq!(digits::truncated_sum(&[200, 50, 10, 1, 1]), (250, 3));
}
