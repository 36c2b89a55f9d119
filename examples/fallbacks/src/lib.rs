//! Replacements rustc rejects, which `cargo test` on the edited text could not build: each
//! is unviable, reached by a test or not.
//!
//! - Body replacements `Default::default()` (or a leaked default behind a reference) that
//!   do not exist for their types: a generic `T` with no `Default` bound, returned or
//!   borrowed, and an `impl Trait` return (here).
//! - Mutants of constant arithmetic that rustc's lints reject: a shift past the width, a
//!   division by zero, an overflow (`constants.rs`).
//! - A literal index made one past the end of the array it indexes (`indexes.rs`).
//! - A comparison with a literal made one beyond its type's range (`comparisons.rs`),
//!   which this crate's denied warnings reject.
//!
//! The crate denies warnings and one function allows `deprecated`: neither level may hide
//! how rustc tells the driver, nor fail the build. Denying warnings, it also rejects the
//! text of every body replacement that leaves a parameter unused: those are unviable,
//! as `cargo test` on their text would find them.
#![deny(warnings)]

pub mod comparisons;
pub mod constants;
pub mod indexes;

use mutate_runtime::mutate;
use std::fmt::Display;

/// A value with a label.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled<T> {
    pub label: String,
    pub value: T,
}

#[mutate]
impl<T: Clone> Labelled<T> {
    /// The value: `T` has no `Default` bound, so `Default::default()` does not build here.
    pub fn value(&self) -> T {
        self.value.clone()
    }

    /// The same, but no test calls it: unviable all the same, not "not covered".
    pub fn value_again(&self) -> T {
        self.value.clone()
    }

    /// The value, borrowed: no `Box::leak(Box::new(Default::default()))` of a `T` either.
    pub fn value_ref(&self) -> &T {
        &self.value
    }

    /// The label's width.
    pub fn width(&self) -> usize {
        self.label.chars().count()
    }
}

/// Twice `n`, as something to print: no value of an `impl Trait` can be written.
#[mutate]
#[allow(deprecated)]
pub fn doubled(n: u32) -> impl Display {
    n * 2
}

/// Bounds around `n`.
#[derive(Debug, Default, PartialEq)]
pub struct Limits {
    pub low: u32,
    pub high: u32,
}

/// A type with `Default`: its replacement builds, and the tests kill it. (Its text leaves
/// `n` unused, which this crate denies elsewhere: allowed here, as a crate may.)
#[mutate]
#[allow(unused_variables)]
pub fn limits(n: u32) -> Limits {
    Limits {
        low: n / 2,
        high: n * 2,
    }
}

/// Where counting starts, with a `Default` written by hand: its body replaced by
/// `Default::default()` calls itself on every path, which rustc's `unconditional_recursion`
/// warns of and this crate denies.
#[derive(Debug, PartialEq)]
pub struct Start(pub u32);

#[mutate]
impl Default for Start {
    fn default() -> Self {
        Start(1)
    }
}

/// Two strings joined: `+` on a `String` and a `&str` has no `-` or `*`, which rustc's
/// choice of the fallback says in the build (unviable, whether a test reaches it or not).
#[mutate]
pub fn joined(a: String, b: &str) -> String {
    a + b
}
