//! What the macro's constant witnesses call (`mutate-macro`, `operators/constant.rs`): code
//! that rustc's lints on constant arithmetic read, in closures no one calls.

/// A value of `like`'s type, for an operation whose overflow depends only on the type of
/// this operand (a shift's left side, a division's dividend, a compound assignment's
/// place). Never called: it stands in a witness closure, which is never called either.
#[inline(always)]
pub fn like<T>(_like: &T) -> T {
    unreachable!("a constant witness never runs")
}
