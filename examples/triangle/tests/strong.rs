//! Asserts the exact kind, at the boundaries.
#![cfg(not(feature = "weak-oracle"))]

use triangle::{Kind, classify};

#[test]
fn zero_sides_are_invalid() {
    assert_eq!(classify(0, 1, 1), Kind::Invalid);
    assert_eq!(classify(1, 0, 1), Kind::Invalid);
    assert_eq!(classify(1, 1, 0), Kind::Invalid);
}

#[test]
fn degenerate_triangles_are_invalid() {
    assert_eq!(classify(1, 2, 3), Kind::Invalid);
    assert_eq!(classify(1, 3, 2), Kind::Invalid);
    assert_eq!(classify(3, 1, 2), Kind::Invalid);
    assert_eq!(classify(1, 2, 4), Kind::Invalid);
    assert_eq!(classify(1, 4, 2), Kind::Invalid);
    assert_eq!(classify(4, 1, 2), Kind::Invalid);
}

#[test]
fn equilateral() {
    assert_eq!(classify(3, 3, 3), Kind::Equilateral);
}

#[test]
fn isosceles() {
    assert_eq!(classify(3, 3, 4), Kind::Isosceles);
    assert_eq!(classify(4, 3, 3), Kind::Isosceles);
    assert_eq!(classify(3, 4, 3), Kind::Isosceles);
}

#[test]
fn scalene() {
    assert_eq!(classify(3, 4, 5), Kind::Scalene);
    assert_eq!(classify(2, 3, 4), Kind::Scalene);
}
