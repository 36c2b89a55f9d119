//! `total_width` is generic over `Width`, and the only `Width` is a type of the test
//! module that covers it: a test for its survivors can only be written inside that
//! module. No `#[mutate]` here: it is run with `--all-items`, whose annotation marks a
//! place in each test module for such a test.

use std::fmt::Debug;

pub trait Width: Debug {
    fn width(&self) -> u32;
}

/// The width of `items` laid side by side, `gap` after each.
pub fn total_width<W: Width>(items: &[W], gap: u32) -> u32 {
    let mut total = 0;
    for item in items {
        total += item.width() + gap;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Fixed(u32);

    impl Width for Fixed {
        fn width(&self) -> u32 {
            self.0
        }
    }

    #[test]
    fn some_width() {
        // Checks only that there is some width: a weak oracle.
        assert!(total_width(&[Fixed(2), Fixed(3)], 1) > 0);
    }
}
