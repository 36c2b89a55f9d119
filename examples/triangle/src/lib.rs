//! Classifies triangles by their side lengths.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Invalid,
    Equilateral,
    Isosceles,
    Scalene,
}

#[mutate_runtime::mutate]
pub fn classify(a: u32, b: u32, c: u32) -> Kind {
    if a == 0 || b == 0 || c == 0 {
        return Kind::Invalid;
    }
    if a + b <= c || a + c <= b || b + c <= a {
        return Kind::Invalid;
    }
    if a == b && b == c {
        Kind::Equilateral
    } else if a == b || b == c || a == c {
        Kind::Isosceles
    } else {
        Kind::Scalene
    }
}
