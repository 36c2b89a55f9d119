//! Reached from `shapes.rs` by `mod circle;`: in `shapes/`, as rustc looks for it.

pub fn area(radius: f64) -> f64 {
    std::f64::consts::PI * radius * radius
}

#[rustfmt::skip] pub fn circumference(radius: f64) -> f64 { 2.0 * std::f64::consts::PI * radius }
