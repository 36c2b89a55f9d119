//! Nothing here carries `#[mutate]`: `cargo mutate-driver --all-items` annotates a copy.
//! Some items start mid-line and share their line with their body (rustfmt is kept off
//! them), so the columns the report gives are checked against the ones written here.

mod digits;
pub mod shapes;

/// Spaces to put before `n` to right-align it in `width` columns.
pub fn padding(n: u32, width: u32) -> u32 {
    width.saturating_sub(digits::digit_count(n))
}

/// Clamps a percentage to 0..=100, by hand: the branches are what is tested.
#[allow(clippy::manual_clamp)]
#[rustfmt::skip] pub fn clamp_percent(value: i32) -> i32 { if value < 0 { 0 } else if value > 100 { 100 } else { value } }

pub const fn kilo() -> u32 {
    1000
}

pub struct Counter {
    pub count: u32,
}

#[rustfmt::skip] impl Counter {
    pub fn bump(&mut self) { self.count += 1; }
    pub fn is_zero(&self) -> bool { self.count == 0 }
}

#[rustfmt::skip]
    pub fn indented_sum(values: &[u32]) -> u32 { values.iter().sum() }

#[cfg(test)]
mod tests {
    use super::*;

    fn helper_not_mutated(x: i32) -> i32 {
        x + 1
    }

    #[test]
    fn clamps_both_ends() {
        assert_eq!(clamp_percent(-5), 0);
        assert_eq!(clamp_percent(helper_not_mutated(140)), 100);
        assert_eq!(clamp_percent(42), 42);
    }

    #[test]
    fn pads_to_the_width() {
        assert_eq!(padding(5, 3), 2);
    }

    #[test]
    fn counter_counts() {
        let mut c = Counter { count: 0 };
        assert!(c.is_zero());
        c.bump();
        assert_eq!(c.count, 1);
        assert_eq!(kilo(), 1000);
    }
}

/// Chooses items by `cfg`, as the `cfg-if` crate's macro does (some crates keep a macro of
/// their own): the module and the function it passes on are the library's code too.
macro_rules! cfg_if {
    (if #[cfg($condition:meta)] { $($then:item)* } else { $($otherwise:item)* }) => {
        $(#[cfg($condition)] $then)*
        $(#[cfg(not($condition))] $otherwise)*
    };
}

cfg_if! {
    if #[cfg(any())] {
        /// Never compiled: no mutants.
        pub fn is_even(n: u32) -> bool {
            n & 1 == 0
        }
    } else {
        mod parity;

        /// Whether `n` is even.
        pub fn is_even(n: u32) -> bool {
            parity::remainder(n) == 0
        }
    }
}

/// A module whose file a `cfg_attr` names (`not(any())` always holds).
#[cfg_attr(not(any()), path = "sign_by_cfg_attr.rs")]
mod sign;

/// -1, 0 or 1, as `x` is negative, zero or positive.
pub fn sign_of(x: i32) -> i32 {
    sign::of(x)
}
