//! Arithmetic checked only by doc examples, and doc blocks rustdoc does not run.
//!
//! ```
//! assert_eq!(doctested::clamp_add(250, 10), 255);
//! ```

/// Adds, saturating at 255.
///
/// ```
/// use doctested::clamp_add;
/// assert_eq!(clamp_add(1, 2), 3);
/// ```
pub fn clamp_add(a: u8, b: u8) -> u8 {
    let sum = a as u16 + b as u16;
    if sum > 255 {
        255
    } else {
        sum as u8
    }
}

/// Halves an even number; odd numbers panic.
///
/// ```should_panic
/// doctested::half(3);
/// ```
///
/// Hidden lines and `?`:
///
/// ```
/// # use doctested::half;
/// # fn parse(s: &str) -> Result<u32, std::num::ParseIntError> { s.parse() }
/// let n = parse("8")?;
/// assert_eq!(half(n), 4);
/// # Ok::<(), std::num::ParseIntError>(())
/// ```
#[allow(clippy::manual_is_multiple_of)]
pub fn half(n: u32) -> u32 {
    assert!(n % 2 == 0, "odd");
    n / 2
}

/// Blocks rustdoc does not run: none of these may run here either.
///
/// ```ignore
/// assert_eq!(doctested::triple(1), 0);
/// ```
///
/// ```no_run
/// loop {}
/// ```
///
/// ```compile_fail
/// let x: u32 = "three";
/// ```
///
/// ```text
/// triple(1) == 3
/// ```
///
/// A program of its own, which refers to its own crate root (each doc test is a crate):
///
/// ```
/// mod helper {
///     pub fn one() -> u32 { 1 }
/// }
/// fn main() {
///     assert_eq!(doctested::triple(crate::helper::one()), 3);
/// }
/// ```
pub fn triple(n: u32) -> u32 {
    n * 3
}

/// Tested by a unit test, and by two doc tests that only rustdoc can run: the first
/// builds only where `cfg(test)` is off (so the driver leaves it out of its build), the
/// second passes only in a crate named as rustdoc names it (so the driver's baseline
/// leaves it out).
///
/// ```
/// #[cfg(test)]
/// compile_error!("built as a test");
/// assert_eq!(doctested::negate(1), -1);
/// ```
///
/// ```
/// assert_eq!(doctested::negate(3), -3);
/// assert!(module_path!().starts_with("rust_out"));
/// ```
pub fn negate(x: i32) -> i32 {
    -x
}

/// Limits whose doc examples sit on a field and on a variant, as rustdoc runs them: the
/// only tests of `scaled` and `floor_tenth`.
pub struct Limits {
    /// The scale.
    ///
    /// ```
    /// assert_eq!(doctested::scaled(3), 30);
    /// ```
    pub scale: u32,
}

/// Rounding, documented by variant.
pub enum Rounding {
    /// Down to a multiple of ten.
    ///
    /// ```
    /// assert_eq!(doctested::floor_tenth(57), 50);
    /// ```
    Down,
}

pub fn scaled(x: u32) -> u32 {
    x * 10
}

pub fn floor_tenth(x: u32) -> u32 {
    x / 10 * 10
}

#[cfg(test)]
mod tests {
    #[test]
    fn negates() {
        assert_eq!(super::negate(2), -2);
    }
}

/// An item no build has (`cfg(any())` never holds): rustdoc never runs its example, and
/// the driver's build of it holds it under the same `#[cfg]`.
///
/// ```
/// assert_eq!(doctested::never(), 1);
/// ```
#[cfg(any())]
pub fn never() -> u32 {
    1
}

/// Functions that return a constant, each with a doc example written in the macro: rustdoc
/// runs it once per expansion; the driver, which reads the source, names it as not run.
macro_rules! constant_fn {
    ($name:ident, $value:expr) => {
        /// Returns a constant.
        ///
        /// ```
        /// assert!(doctested::seven() > 0);
        /// ```
        pub fn $name() -> u32 {
            $value
        }
    };
}

constant_fn!(seven, 7);

/// Doubles. Its only test is an example written under `cfg_attr`, which rustdoc reads where
/// the predicate holds (`doc` does while rustdoc collects doc tests):
#[cfg_attr(doc, doc = "```\nassert_eq!(doctested::double(5), 10);\n```")]
pub fn double(x: u32) -> u32 {
    x * 2
}

/// Hands rustdoc a file as the docs of an empty item, as the `doc-comment` crate's
/// `doctest!` does: the file's examples are doc tests.
#[cfg(doctest)]
macro_rules! doctest {
    ($file:expr) => {
        #[doc = include_str!($file)]
        extern "C" {}
    };
}

#[cfg(doctest)]
doctest!("../usage.md");

/// Its only test is the example in `usage.md`.
pub fn quadruple(x: u32) -> u32 {
    x * 4
}

/// Passes items on as they are written, as `pin_project!` passes its struct on.
macro_rules! as_written {
    ($($item:item)*) => { $($item)* };
}

as_written! {
    /// Nine. rustdoc runs this example where the macro passes it on; the driver, which does
    /// not expand the call, names it as not run.
    ///
    /// ```
    /// assert_eq!(doctested::nine(), 9);
    /// ```
    pub fn nine() -> u32 {
        9
    }
}

/// Multiplies by five. Its only test is an example whose `main` is written once per target
/// family, the one that does nothing first (as camino's `absolute_utf8` examples are):
/// rustdoc calls the one the build keeps, and so must the driver.
///
/// ```
/// # #[cfg(not(unix))]
/// # fn main() {}
/// # #[cfg(unix)]
/// fn main() {
///     assert_eq!(doctested::quintuple(3), 15);
/// }
/// ```
pub fn quintuple(x: u32) -> u32 {
    x * 5
}

/// A thousand. Its only test is an example whose constant calls it, as a macro that builds
/// a value when the crate is compiled does: it stays `const` (its mutants are named as not
/// run, with rustc's word), and the example runs.
///
/// ```
/// const KILO: u32 = doctested::thousand();
/// assert_eq!(KILO, 1000);
/// ```
pub const fn thousand() -> u32 {
    10 * 100
}
