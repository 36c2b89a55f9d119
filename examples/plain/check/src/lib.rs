//! Assertions plain's integration tests share.

/// Panics unless `actual` is within `tolerance` of `expected`.
pub fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}
