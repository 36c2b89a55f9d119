//! Time limits of a mutant's runs, checked where the clock ended one.
//!
//! A mutant's run is first given the limits of its test as written
//! (`Baseline::plain_limits`), not those of its coverage run, which may take many times
//! longer (every function in its schemata body, every site counted): on a heavy test, a
//! mutant that never ends would otherwise compute for five times that before the clock
//! stops it. But the mutant's own function does run its schemata body, which at
//! `opt-level = 0` can cost several times the body as written where the function is hot,
//! so a run the clock ended may only have paid for that. Such a run is checked: the test
//! runs once more with the mutant's function in its schemata body and the mutant off (an
//! *inert* run, timed once per function and test), and where the limits from that time are
//! longer than those the run had, the mutant runs again under them, and that run is its
//! verdict.

use super::baseline::Baseline;
use super::costs::Gathering;
use crate::error::Result;
use crate::limits::{Limits, Policy};
use crate::server::Server;
use mutate_protocol::{End, Report, Request};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// The limits a mutant's first run under a test is given: those of the test as written,
/// or, once an inert run of the mutant's function under the test was timed (`key`), the
/// longer of those and the limits from its time.
pub fn first_limits(baseline: &Baseline, policy: &Policy, inert: &InertTimes, key: &Key) -> Limits {
    let Some(plain) = baseline.plain_limits else {
        return baseline.limits;
    };
    inert
        .get(key)
        .map(|micros| inert_limits(baseline, policy, micros))
        .filter(|from_inert| from_inert.longer_than(plain))
        .unwrap_or(plain)
}

/// The mutant's function (its file and name, tab-separated) and the test.
pub type Key = (String, usize);

/// The limits from an inert run's time; where it did not pass, it tells nothing, and the
/// limits that cover any function's schemata body apply.
fn inert_limits(baseline: &Baseline, policy: &Policy, micros: Option<u64>) -> Limits {
    let limits = micros.map_or(baseline.limits, |micros| policy.limits(&[micros]));
    match baseline.terminate_ms {
        Some(cap) => limits.capped(cap),
        None => limits,
    }
}

/// The inert runs' times, by the mutant's function (file and name) and test; `None`
/// where the inert run did not pass.
#[derive(Default)]
pub struct InertTimes(Mutex<HashMap<Key, Option<u64>>>);

impl InertTimes {
    fn get(&self, key: &Key) -> Option<Option<u64>> {
        let times = self.0.lock().unwrap_or_else(|e| e.into_inner());
        times.get(key).copied()
    }

    fn put(&self, key: Key, micros: Option<u64>) {
        let mut times = self.0.lock().unwrap_or_else(|e| e.into_inner());
        times.insert(key, micros);
    }
}

/// What a run of a mutant needs to be checked where the clock ended it.
pub struct Check<'a> {
    pub baseline: &'a Baseline,
    pub policy: &'a Policy,
    pub inert: &'a InertTimes,
    pub key: Key,
    pub costs: &'a Gathering,
}

/// `report`, the first run of `request`, or, where the clock ended it before the limits of
/// its function's schemata body ran out, the mutant's run again under those; with the
/// request of the run returned (a run of the mutant again goes under its limits).
pub fn checked(
    server: &mut Server,
    request: &Request,
    report: Report,
    check: Check<'_>,
) -> Result<(Report, Request)> {
    let by_the_clock = matches!(report.end, End::WallClock | End::WallClockGraced);
    if !by_the_clock || check.baseline.plain_limits.is_none() {
        return Ok((report, request.clone()));
    }
    let micros = match check.inert.get(&check.key) {
        Some(micros) => micros,
        None => {
            let micros = inert_time(server, request, check.baseline, check.costs)?;
            check.inert.put(check.key.clone(), micros);
            micros
        }
    };
    let limits = inert_limits(check.baseline, check.policy, micros);
    if !limits.longer_than(given(request)) {
        return Ok((report, request.clone()));
    }
    let again = Request {
        timeout_ms: limits.timeout_ms,
        grace_ms: limits.grace_ms,
        ..request.clone()
    };
    let report = run(server, &again, check.costs)?;
    Ok((report, again))
}

/// The time of `request`'s test with its mutant's function in its schemata body and the
/// mutant off, under the limits of the test's coverage run; `None` if it did not pass.
fn inert_time(
    server: &mut Server,
    request: &Request,
    baseline: &Baseline,
    costs: &Gathering,
) -> Result<Option<u64>> {
    let inert = Request {
        inert: true,
        output: true,
        timeout_ms: baseline.limits.timeout_ms,
        grace_ms: baseline.limits.grace_ms,
        ..request.clone()
    };
    let report = run(server, &inert, costs)?;
    Ok(super::baseline::passed(&report).then_some(report.micros))
}

fn run(server: &mut Server, request: &Request, costs: &Gathering) -> Result<Report> {
    let since = Instant::now();
    let report = server.run(request)?;
    costs.ran(since, report.micros);
    Ok(report)
}

/// The limits `request` gives its run.
fn given(request: &Request) -> Limits {
    Limits {
        timeout_ms: request.timeout_ms,
        grace_ms: request.grace_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(timeout_ms: u64, grace_ms: u64) -> Limits {
        Limits {
            timeout_ms,
            grace_ms,
        }
    }

    #[test]
    fn limits_are_longer_by_the_limit_or_by_limit_and_grace() {
        assert!(!limits(1_000, 500).longer_than(limits(1_000, 500)));
        assert!(!limits(900, 100).longer_than(limits(1_000, 500)));
        assert!(limits(1_100, 0).longer_than(limits(1_000, 500)));
        assert!(limits(1_000, 600).longer_than(limits(1_000, 500)));
    }

    #[test]
    fn a_first_run_has_the_plain_limits_until_an_inert_run_was_timed() {
        let policy = Policy {
            factor: 5.0,
            constant: std::time::Duration::from_secs(2),
            minimum: std::time::Duration::ZERO,
        };
        let baseline = Baseline {
            limits: limits(30_000, 0),
            plain_limits: Some(limits(2_000, 1_000)),
            ..Baseline::default()
        };
        let inert = InertTimes::default();
        let key: Key = ("src/lib.rs\tunit".into(), 3);
        let first = || first_limits(&baseline, &policy, &inert, &key);
        assert_eq!(first(), limits(2_000, 1_000), "nothing timed yet");
        // 4 s inert: 5 x 4 s + 4 x a quarter of it.
        inert.put(key.clone(), Some(4_000_000));
        assert_eq!(first(), limits(24_000, 0));
        // Faster than the plain limits need: those stay.
        inert.put(key.clone(), Some(100_000));
        assert_eq!(first(), limits(2_000, 1_000));
        // An inert run that did not pass: the coverage run's limits.
        inert.put(key.clone(), None);
        assert_eq!(first(), limits(30_000, 0));
        // Without a plain run, the coverage run's limits from the start.
        let slow = Baseline {
            plain_limits: None,
            ..baseline.clone()
        };
        assert_eq!(
            first_limits(&slow, &policy, &inert, &key),
            limits(30_000, 0)
        );
    }
}
