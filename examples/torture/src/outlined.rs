//! Signatures whose schemata body runs out of line, in a closure (the macro's
//! `dispatch::outline`): the closure must take the arguments, give back borrows of them,
//! and let `?`, `return` and coercions to the return type work as in the function.

use mutate_runtime::mutate;
use std::cell::RefCell;

/// Numbers behind `&mut self` and `&self`.
pub struct Slots {
    pub values: Vec<u32>,
}

#[mutate]
impl Slots {
    /// A `&mut` borrow out of a `&mut self` argument.
    pub fn after_mut(&mut self, i: usize) -> Option<&mut u32> {
        self.values.get_mut(i + 1)
    }

    /// A type that hides the lifetime of `&self`.
    pub fn tail(&self, from: usize) -> std::slice::Iter<'_, u32> {
        self.values[from + 1..].iter()
    }

    /// `mut self` taken by value.
    pub fn with_sum(mut self) -> Vec<u32> {
        let sum = self.values.iter().sum::<u32>() * 2;
        self.values.push(sum);
        self.values
    }
}

/// `?` converting into the return type's error.
#[mutate]
pub fn scaled(text: &str) -> Result<u64, Box<dyn std::error::Error>> {
    let n: u64 = text.trim().parse()?;
    Ok(n * 10)
}

/// A box coerced to `dyn Fn` at an early `return`.
#[mutate]
pub fn boxed_adder(n: u32, wide: bool) -> Box<dyn Fn(u32) -> u32> {
    if wide {
        return Box::new(move |x| x + n * 100);
    }
    Box::new(move |x| x + n)
}

/// A raw read in an `unsafe fn`.
///
/// # Safety
/// `at` points to a live `u32`.
#[mutate]
pub unsafe fn read_plus(at: *const u32) -> u32 {
    unsafe { *at + 1 }
}

/// Arguments bound by patterns.
#[mutate]
pub fn unpacked((a, b): (u32, u32), [c, _]: [u32; 2]) -> (u32, u32, u32) {
    (a / 2, b / 2, c * 3)
}

/// A named lifetime tying the result to both arguments.
#[mutate]
pub fn longer<'a>(x: &'a str, y: &'a str) -> &'a str {
    if x.len() >= y.len() { x } else { y }
}

/// Pushes its number to its log when dropped.
pub struct Noisy<'a>(pub u32, pub &'a RefCell<Vec<u32>>);

impl Drop for Noisy<'_> {
    fn drop(&mut self) {
        self.1.borrow_mut().push(self.0);
    }
}

/// Arguments dropped at the end in reverse order of declaration, though the body names
/// them in another order and not at all.
#[mutate]
pub fn drop_order(a: Noisy, b: Noisy, _c: Noisy) -> u32 {
    b.0 * 10 + a.0
}

/// A type an `impl` inside a body gives a method to.
pub struct Widened;

macro_rules! widen_impl {
    () => {
        impl Widened {
            fn width() -> u32 {
                2
            }
        }
    };
}

/// An `impl` a macro in a statement's place writes: two copies of the body (as written
/// and schemata) would define it twice, so the function keeps its schemata body alone.
#[mutate]
#[allow(non_local_definitions)]
pub fn widened(x: u32) -> u32 {
    widen_impl!();
    x * Widened::width()
}
