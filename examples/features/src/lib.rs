//! A `#![no_std]` crate (std only for its unit tests) whose functions hold code under
//! `#[cfg(feature = "extra")]`: statements, `let`s, match arms, struct fields and a whole
//! function. A mutant exists only where its code is compiled, so the verdicts with and
//! without the feature differ exactly by the gated code.
//!
//! It imports `String` (and `Vec` with `extra`) but neither `vec!` nor `Box`: body
//! replacements written `vec![..]`, `Vec::leak(vec![..])` or `Box::leak(Box::new(..))`
//! do not build here, under `cargo test` as under the driver, and are unviable; so is
//! `Vec::leak(Vec::new())` without `extra`.

#![no_std]

#[cfg(test)]
extern crate std;

extern crate alloc;

use alloc::string::String;
#[cfg(feature = "extra")]
use alloc::vec::Vec;
use mutate_runtime::mutate;

#[cfg(feature = "extra")]
fn double(x: &mut u32) {
    *x *= 2;
}

/// The sum; doubled with `extra`.
#[mutate]
pub fn total(xs: &[u32]) -> u32 {
    let mut sum = 0;
    for x in xs {
        sum += x;
    }
    #[cfg(feature = "extra")]
    double(&mut sum);
    sum
}

/// How a count is called; `extra` names zero.
#[mutate]
pub fn label(n: u32) -> String {
    let word = match n {
        #[cfg(feature = "extra")]
        0 => "none",
        1 => "one",
        _ => "many",
    };
    String::from(word)
}

pub struct Summary {
    pub count: usize,
    #[cfg(feature = "extra")]
    pub largest: u32,
}

#[mutate]
pub fn summary(xs: &[u32]) -> Summary {
    #[cfg(feature = "extra")]
    let largest = xs.iter().copied().max().unwrap_or(0) + 1;
    Summary {
        count: xs.len(),
        #[cfg(feature = "extra")]
        largest: largest - 1,
    }
}

/// Only with `extra`.
#[cfg(feature = "extra")]
#[mutate]
pub fn evens(xs: &[u32]) -> Vec<u32> {
    xs.iter().copied().filter(|x| x % 2 == 0).collect()
}

#[mutate]
pub fn limit() -> u32 {
    #[cfg(feature = "extra")]
    {
        return 100;
    }
    #[allow(unreachable_code)]
    10
}

/// The first half of `xs`: replaced by `Vec::leak(Vec::new())` (which builds where `Vec`
/// is imported, with `extra`) or `Vec::leak(vec![0])` (which does not build, in this crate).
#[mutate]
pub fn first_half(xs: &[u32]) -> &[u32] {
    &xs[..xs.len() / 2]
}

/// The first of `xs`: `Box::leak(Box::new(0))` does not build here.
#[mutate]
pub fn first(xs: &[u32]) -> &u32 {
    &xs[0]
}

/// Functions a `macro_rules!` writes share their return arrow: where the crate lacks
/// `vec!`, each one's `Vec::leak(vec![..])` replacements are unviable.
macro_rules! tails {
    ($($name:ident),*) => {$(
        #[mutate]
        pub fn $name(xs: &[u32]) -> &[u32] {
            &xs[1..]
        }
    )*};
}

tails!(tail, rest);

#[cfg(test)]
mod tests {
    #[test]
    fn limit_depends_on_the_feature() {
        let expected = if cfg!(feature = "extra") { 100 } else { 10 };
        assert_eq!(super::limit(), expected);
    }
}
