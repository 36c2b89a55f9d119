//! What the macro's constant witnesses call (`mutate-macro`, `operators/constant.rs`): code
//! that rustc's lints on constant arithmetic read but that never runs.

/// Always `false`, but a call: rustc's lints (which run before inlining) see the branch it
/// guards as reachable and check the constant arithmetic in it; the optimiser removes it.
#[inline(always)]
pub fn never() -> bool {
    false
}

/// A value of `like`'s type, for an operation whose overflow depends only on the type of
/// this operand (a shift's left side, a division's dividend, an indexed array). Never
/// called: it sits behind [`never`].
#[inline(always)]
pub fn like<T>(_like: &T) -> T {
    unreachable!("a constant witness never runs")
}
