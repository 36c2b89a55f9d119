//! Every placement of the attribute, built as users build: no warnings, same behaviour.
#![deny(warnings)]

use mutate_runtime::mutate;

#[mutate]
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = b;
        b = a % b;
        a = t;
    }
    a
}

struct Counter<T> {
    items: Vec<T>,
}

#[mutate]
impl<T: Clone> Counter<T> {
    fn push(&mut self, item: T) -> usize {
        self.items.push(item);
        self.items.len() - 1
    }

    #[mutate(skip)]
    fn first(&self) -> Option<T> {
        self.items.first().cloned()
    }
}

#[mutate]
trait Area {
    fn side(&self) -> f64;
    fn area(&self) -> f64 {
        self.side() * self.side()
    }
}

struct Square(f64);

impl Area for Square {
    fn side(&self) -> f64 {
        self.0
    }
}

#[mutate]
mod maths {
    pub fn clamp_add(a: u8, b: u8) -> u8 {
        if a > u8::MAX - b { u8::MAX } else { a + b }
    }
}

/// Outside the driver's builds a `const fn` stays `const`: constants may call it.
#[mutate]
const fn square(x: u32) -> u32 {
    x * x
}

const NINE: u32 = square(3);

#[mutate]
const LIMIT: u32 = 2 + 2;

#[mutate]
static ZONES: usize = 4 * 100;

fn main() {
    assert_eq!(NINE, 9);
    assert_eq!((LIMIT, ZONES), (4, 400));
    assert_eq!(gcd(12, 18), 6);
    let mut counter = Counter { items: Vec::new() };
    assert_eq!(counter.push('a'), 0);
    assert_eq!(counter.first(), Some('a'));
    assert_eq!(Square(3.0).area(), 9.0);
    assert_eq!(maths::clamp_add(250, 10), 255);
    assert!(!mutate_runtime::SCHEMATA);
    assert!(mutate_runtime::control::catalog().is_empty());
}
