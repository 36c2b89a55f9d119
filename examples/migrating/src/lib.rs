//! A crate as a cargo-mutants user leaves it: no `#[mutate]` anywhere, items marked
//! `#[mutants::skip]`, a `.cargo/mutants.toml`, and a test that fails as written (it reads
//! data the package does not ship), which the configuration leaves out with `--skip`.

mod generated;

pub fn add(a: u32, b: u32) -> u32 {
    a + b
}

/// Marked for cargo-mutants: left alone here too.
#[mutants::skip]
pub fn trace(message: &str) -> usize {
    message.len() + 1
}

/// Marked under `cfg_attr`, whatever its condition: left alone too.
#[cfg_attr(test, mutants::skip)]
pub fn noisy() -> bool {
    true
}

/// Left out by `exclude_re`.
pub fn debug_dump(values: &[u32]) -> String {
    format!("{values:?}")
}

pub fn timezone_name(offset: i32) -> &'static str {
    if offset == 0 {
        "UTC"
    } else {
        "local"
    }
}

pub fn lookup(i: usize) -> u32 {
    generated::lookup(i)
}

// Constants: rustc computes their values, so each of their mutants is built into the
// tests, one at a time, as cargo-mutants builds them.

const SECONDS_PER_DAY: u64 = 24 * 60 * 60;

/// `<<` made `>>` is `1 >> 0`, the same value: equivalent, found running both, unbuilt.
const FIRST_BIT: u32 = 1 << 0;

/// `+` made `*` overflows a `u8`: rustc rejects it, unviable (run, it panics: unbuilt).
const LIMIT: u8 = 200 + 50;

static ZONES: usize = 4 * 100;

pub struct Offset;

impl Offset {
    pub const WEST: i32 = -12;
}

pub fn days_to_seconds(days: u64) -> u64 {
    days * SECONDS_PER_DAY
}

/// A constant of a function body that only run-time code reads: its mutants are chosen at
/// run time and judged by the tests that reach them, with no build of their own.
pub fn hours_to_seconds(hours: u64) -> u64 {
    const SECONDS_PER_HOUR: u64 = 60 * 60;
    hours * SECONDS_PER_HOUR
}

/// One that sizes an array stays a build per mutant, in which the function runs the code
/// that build chose (the tests kill both of its mutants).
pub fn pair() -> Vec<u8> {
    const PAIR: usize = 1 + 1;
    [7; PAIR].to_vec()
}

pub fn first_bit() -> u32 {
    FIRST_BIT
}

pub fn limit() -> u8 {
    LIMIT
}

pub fn zones() -> usize {
    ZONES
}

/// Under a feature the package leaves off: not compiled, so not mutated, and counted.
#[cfg(feature = "wide")]
pub fn width(text: &str) -> usize {
    text.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        assert_eq!(add(2, 3), 5);
    }

    #[test]
    fn timezone_names() {
        assert_eq!(timezone_name(0), "UTC");
        assert_eq!(timezone_name(60), "local");
    }

    #[test]
    fn constants() {
        assert_eq!(days_to_seconds(2), 172_800);
        assert_eq!(hours_to_seconds(2), 7_200);
        assert_eq!(pair(), vec![7, 7]);
        assert_eq!(first_bit(), 1);
        assert_eq!(limit(), 250);
        assert_eq!(zones(), 400);
        assert_eq!(Offset::WEST, -12);
    }

    #[test]
    fn tz_data_is_read() {
        let zones = std::fs::read_to_string("tzdata/zone.tab")
            .expect("the time zone data is in the repository, not in the package");
        assert!(!zones.is_empty());
    }
}
