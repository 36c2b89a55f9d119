//! The same inputs with a weak oracle: it only checks "not equilateral".
#![cfg(feature = "weak-oracle")]

use triangle::{Kind, classify};

#[test]
fn not_equilateral() {
    for (a, b, c) in [
        (0, 1, 1),
        (1, 2, 3),
        (3, 3, 4),
        (4, 3, 3),
        (3, 4, 5),
        (1, 2, 4),
    ] {
        assert_ne!(classify(a, b, c), Kind::Equilateral);
    }
    assert_eq!(classify(3, 3, 3), Kind::Equilateral);
}
