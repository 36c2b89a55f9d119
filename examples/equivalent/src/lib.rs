//! Mutants that compute what the original computes, beside near twins that do not. The
//! tests are weak on purpose: each twin survives them, and only an optimised build's code
//! tells the equivalent ones apart (`--equivalence`).

use mutate_runtime::mutate;

/// The larger of two numbers. `>=` for `>` is equivalent: when they are equal, either is
/// the answer.
#[mutate]
pub fn larger(a: u32, b: u32) -> u32 {
    if a > b { a } else { b }
}

/// Its near twin: when they are equal, `>=` gives `a`, not `b + 1`.
#[mutate]
pub fn larger_or_next(a: u32, b: u32) -> u32 {
    if a > b { a } else { b + 1 }
}

/// An unsigned number as it is, or 0 when it is 0: `>=`, `!=` and a condition forced true
/// are all equivalent (at 0 each gives 0); `> 1` is not.
#[mutate]
pub fn positive_part(x: u32) -> u32 {
    if x > 0 { x } else { 0 }
}

/// Its signed twin: only `>=` is equivalent; `!=` and the forced condition differ for
/// negative numbers.
#[mutate]
pub fn positive_part_signed(x: i32) -> i32 {
    if x > 0 { x } else { 0 }
}

/// How far apart two numbers are, through a private helper the library alone calls.
#[mutate]
pub fn distance(a: i64, b: i64) -> i64 {
    at_least_zero(a - b) + at_least_zero(b - a)
}

/// `<=` for `<` is equivalent: at 0 both give 0.
#[mutate]
fn at_least_zero(x: i64) -> i64 {
    if x < 0 { 0 } else { x }
}

/// Generic, and instantiated by the tests only: its code is compared where they compile
/// it, its argument made opaque first, so that its `>=` (equivalent for every unsigned
/// integer) is proven for `u8`, as the tests use it.
#[mutate]
pub fn positive_or_default<T: PartialOrd + Default>(x: T) -> T {
    if x > T::default() { x } else { T::default() }
}

/// Generic too, and called by one test with constants: were its arguments folded into its
/// code, its `<=` (which differs when `x` is `limit`) would compile to the same code as the
/// original. It is a survivor, not equivalent.
#[mutate]
pub fn below_or_default<T: PartialOrd + Default>(x: T, limit: T) -> T {
    if x < limit { x } else { T::default() }
}

/// A value held, for a method of a generic type.
pub struct Held<T>(pub T);

#[mutate]
impl<T: PartialOrd + Default + Copy> Held<T> {
    /// The same comparison as `positive_or_default`, on `self`, which the body reads from an
    /// opaque copy: its `>=` is proven for `u8`.
    pub fn positive_or_default(&self) -> T {
        if self.0 > T::default() {
            self.0
        } else {
            T::default()
        }
    }
}

/// Generic, with a pattern for its argument, which cannot be made opaque: its code is not
/// compared, and its `>=` (equivalent for `u8`) stays a survivor.
#[mutate]
pub fn positive_first<T: PartialOrd + Default>((first, _): (T, T)) -> T {
    if first > T::default() {
        first
    } else {
        T::default()
    }
}

/// Whether a count is above zero. On an unsigned number `>=` holds always, as `true` for
/// the body does, `<` never, as `false` does, and `<=` is `==`: three pairs of mutants with
/// one code each (duplicates). Its test only logs the answer, so all of them survive.
#[mutate]
pub fn any(count: u32) -> bool {
    count > 0
}
