//! A module in a file of its own, holding a module of its own.

pub mod circle;

#[rustfmt::skip] pub fn square_area(side: f64) -> f64 { side * side }
