//! How long a mutant may run under a test, from that test's own measured times.
//!
//! A mutant that never ends is usually stopped by its hit budget; the clock is for the
//! rest (a loop with no site in it, a wait that never ends). Its limit has two steps:
//! - **tight**: the factor times the test's slowest measured run, plus a slack that grows
//!   with how much its runs varied. A child that has computed that long is ended: an
//!   endless loop costs little more than the test itself.
//! - **grace**: up to the factor times the slowest run plus `--timeout-constant`, for a
//!   child that had not used its tight limit in CPU time when it ran out: one the machine
//!   starved (other jobs, other programs) goes on until it has, and one waiting on a
//!   sleep, a lock or a process until the grace is over. So a slow run on a busy machine
//!   is not mistaken for a hang, and a hang that computes is not waited out.

use std::time::Duration;

/// Least slack on the tight limit, in CPU time: a mutant may once do something slow that
/// the test never did, and must end as what it is, not as a timeout. A panic during
/// unwinding aborts after printing a symbolized backtrace, which rustc forces (100-200 ms
/// of CPU in a small debug test binary, more in a big one); an allocation that grows to
/// the memory limit takes a few hundred ms to get there.
pub(crate) const SLACK_FLOOR: Duration = Duration::from_secs(1);
/// Slack per unit of spread (slowest minus fastest of the test's runs).
const SLACK_PER_SPREAD: f64 = 4.0;
/// The spread assumed for a test timed once, as a share of its time.
const UNKNOWN_SPREAD: f64 = 0.25;

/// Tests faster than this are timed twice more in the baseline (with coverage off, as
/// mutants run) to learn how much their time varies; slower ones once more.
pub const RETIME_BELOW: Duration = Duration::from_secs(1);
/// How many more times a fast test is timed.
pub const RETIMES: usize = 2;
/// How many more times a slow test is timed: its coverage run may take many times its
/// time as written (a hot function's schemata body, every site counted), which is no
/// measure of a mutant's run, where one function runs its schemata body.
pub const SLOW_RETIMES: usize = 1;

/// The wall-clock limits for one test's mutant runs, in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    pub timeout_ms: u64,
    pub grace_ms: u64,
}

/// The user's say: `--timeout-factor`, `--timeout-constant` and `--minimum-timeout`.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    pub factor: f64,
    pub constant: Duration,
    /// The least a run may take in all, its grace included.
    pub minimum: Duration,
}

impl Limits {
    /// Whether these limits give a run more time than `than`: a longer limit, or a longer
    /// limit and grace together.
    pub fn longer_than(self, than: Limits) -> bool {
        self.timeout_ms > than.timeout_ms
            || self.timeout_ms + self.grace_ms > than.timeout_ms + than.grace_ms
    }

    /// These limits, ending by `cap_ms` at the latest (where nextest would end the test).
    pub fn capped(self, cap_ms: u64) -> Limits {
        let timeout_ms = self.timeout_ms.min(cap_ms);
        Limits {
            timeout_ms,
            grace_ms: self.grace_ms.min(cap_ms - timeout_ms),
        }
    }
}

impl Policy {
    /// Limits for a test whose passing runs took `samples` (micros; at least one).
    pub fn limits(&self, samples: &[u64]) -> Limits {
        let slowest = samples.iter().copied().max().unwrap_or(0);
        let fastest = samples.iter().copied().min().unwrap_or(0);
        let spread = if samples.len() >= 2 {
            (slowest - fastest) as f64
        } else {
            slowest as f64 * UNKNOWN_SPREAD
        };
        let scaled = slowest as f64 * self.factor;
        let slack = (spread * SLACK_PER_SPREAD).max(SLACK_FLOOR.as_micros() as f64);
        let tight = to_ms(scaled + slack);
        let total = to_ms(scaled + self.constant.as_micros() as f64)
            .max(tight)
            .max(self.minimum.as_millis() as u64);
        Limits {
            timeout_ms: tight,
            grace_ms: total.saturating_sub(tight),
        }
    }

    /// One limit, the tight one and its grace together, for a run of `micros` of tests (a
    /// binary run whole, which the server ends without looking at its CPU time).
    pub fn generous(&self, micros: u64) -> Duration {
        let limits = self.limits(&[micros]);
        Duration::from_millis(limits.timeout_ms + limits.grace_ms)
    }
}

fn to_ms(micros: f64) -> u64 {
    (micros / 1000.0).ceil() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    const POLICY: Policy = Policy {
        factor: 5.0,
        constant: Duration::from_secs(2),
        minimum: Duration::ZERO,
    };

    #[test]
    fn a_fast_steady_test_gets_the_floor_then_grace_up_to_the_constant() {
        // 2.0 ms and 2.1 ms: 5 x 2.1 ms + the 1 s floor (4 x 0.1 ms is less).
        let limits = POLICY.limits(&[2_000, 2_100]);
        assert_eq!(limits.timeout_ms, 1_011);
        assert_eq!(limits.timeout_ms + limits.grace_ms, 2_011);
    }

    #[test]
    fn a_test_that_varies_gets_slack_for_it() {
        // 100 ms to 500 ms: 5 x 500 ms + 4 x 400 ms.
        let limits = POLICY.limits(&[100_000, 500_000, 300_000]);
        assert_eq!(limits.timeout_ms, 4_100);
        // Up to the factor plus the constant (2.5 s + 2 s) in all: grace covers the rest.
        assert_eq!(limits.grace_ms, 400);
    }

    #[test]
    fn a_very_variable_test_may_exceed_the_constant_and_has_no_grace() {
        let limits = POLICY.limits(&[10_000, 1_000_000]);
        assert_eq!(limits.timeout_ms, 5_000 + 3_960);
        assert_eq!(limits.grace_ms, 0);
    }

    #[test]
    fn a_test_timed_once_is_assumed_to_vary_by_a_quarter() {
        // 2 s once: 10 s + 4 x 0.5 s.
        let limits = POLICY.limits(&[2_000_000]);
        assert_eq!(limits.timeout_ms, 12_000);
        assert_eq!(limits.grace_ms, 0);
    }

    #[test]
    fn generous_is_the_factor_plus_the_constant() {
        assert_eq!(POLICY.generous(1_000_000), Duration::from_millis(7_000));
        // Or the tight limit, where the assumed spread makes it longer.
        assert_eq!(POLICY.generous(20_000_000), Duration::from_millis(120_000));
    }
}
