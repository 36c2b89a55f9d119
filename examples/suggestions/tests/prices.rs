//! Tests that pass and leave survivors: `discount`'s result is only checked to be
//! positive (weak oracle); `cents`' fee is lost in `rounded_euros` (no propagation);
//! `is_adult` is never asked at 18 (no infection at the boundary); `bump` is only checked
//! to count (its receiver comes from `#[derive(Default)]`); `half` is private; `is_big`'s
//! boundary is behind `half`; `digit_sum` is never given a byte that is not a digit;
//! what `Letters::size_hint` says only sizes `shout`'s allocation (no propagation);
//! `width` is never given a ten (no infection at the boundary, in a function whose
//! argument no test can write).

use suggestions::*;

#[test]
fn discounts_leave_a_price() {
    assert!(discount(200, 10) > 0);
}

#[test]
fn euros_round_trip() {
    assert_eq!(rounded_euros(3), 3);
}

#[test]
fn adults_and_children() {
    assert!(is_adult(30));
    assert!(!is_adult(5));
}

#[test]
fn a_counter_counts() {
    let mut counter = Counter::default();
    assert!(counter.bump() > 0);
}

#[test]
fn big_and_small() {
    assert!(is_big(100));
    assert!(!is_big(2));
}

#[test]
fn digits_add_up() {
    assert_eq!(digit_sum("123"), Ok(6));
}

#[test]
fn shouting() {
    assert_eq!(shout("ab"), b"AB");
}

#[test]
fn widths() {
    assert_eq!(width(12345u32), 5);
}
