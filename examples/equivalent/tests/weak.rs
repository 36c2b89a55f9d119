//! Tests that never try the boundary: each function's twins survive them.

use equivalent::*;

#[test]
fn larger_picks_the_larger() {
    assert_eq!(larger(3, 2), 3);
    assert_eq!(larger(1, 5), 5);
}

#[test]
fn larger_or_next_away_from_equality() {
    assert_eq!(larger_or_next(3, 2), 3);
    assert_eq!(larger_or_next(1, 5), 6);
}

#[test]
fn positive_parts() {
    assert_eq!(positive_part(5), 5);
    assert_eq!(positive_part(0), 0);
    assert_eq!(positive_part_signed(5), 5);
    assert_eq!(positive_part_signed(0), 0);
}

#[test]
fn distances() {
    assert_eq!(distance(7, 3), 4);
    assert_eq!(distance(3, 7), 4);
}

#[test]
fn generic_positive() {
    assert_eq!(positive_or_default(5u8), 5);
    assert_eq!(positive_or_default(0u8), 0);
    assert_eq!(Held(5u8).positive_or_default(), 5);
    assert_eq!(Held(0u8).positive_or_default(), 0);
    assert_eq!(positive_first((5u8, 1)), 5);
    assert_eq!(positive_first((0u8, 1)), 0);
}

#[test]
fn generic_below() {
    assert_eq!(below_or_default(1u8, 5), 1);
}

#[test]
fn any_is_logged() {
    println!("any(3) = {}", any(3));
}
