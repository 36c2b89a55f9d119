#![allow(bare_trait_objects)]

extern crate edition2015;

use edition2015::shapes::{largest, total, Shape, Square};

fn squares(sides: &[f64]) -> Vec<Box<Shape>> {
    sides
        .iter()
        .map(|&s| Box::new(Square(s)) as Box<Shape>)
        .collect()
}

#[test]
fn finds_the_largest() {
    let best = largest(squares(&[1.0, 3.0, 2.0])).unwrap();
    assert_eq!(best.name(), "square 3");
    assert!(largest(Vec::new()).is_none());
}

#[test]
fn sums_areas() {
    assert_eq!(total(&squares(&[1.0, 2.0])), 5.0);
}
