//! Trait objects written without `dyn`, as Rust 2015 allows.

pub trait Shape {
    fn area(&self) -> f64;
    fn name(&self) -> String;
}

pub struct Square(pub f64);

impl Shape for Square {
    fn area(&self) -> f64 {
        self.0 * self.0
    }

    fn name(&self) -> String {
        format!("square {}", self.0)
    }
}

/// The shape of the largest area, boxed.
pub fn largest(shapes: Vec<Box<Shape>>) -> Option<Box<Shape>> {
    let mut best: Option<Box<Shape>> = None;
    for shape in shapes {
        let larger = match best {
            Some(ref b) => shape.area() > b.area(),
            None => true,
        };
        if larger {
            best = Some(shape);
        }
    }
    best
}

/// Total area.
pub fn total(shapes: &[Box<Shape>]) -> f64 {
    shapes.iter().map(|s| s.area()).sum()
}
