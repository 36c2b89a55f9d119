//! A budget of the mutant's function's own calls and loop rounds. The hit budget is ten
//! times everything the test's coverage run counted: on a test that computes for seconds
//! elsewhere (base64's `DecoderReader::read` made to return `Ok(1)`, its caller's read loop
//! then endless, under tests of seconds), the function alone takes minutes to spend it, and
//! the clock ends the run at five times the test's time, then runs it inert and again.
//! The function's own count in the coverage run tells sooner: a run that makes it do ten
//! times that (and more than a constant) is ended as a timeout once it has also computed
//! for twice the test's own time, and for the least slack the clock gives any test: a
//! mutant that only makes the test slower, and then ends, ends before its run is taken for
//! endless, as under the clock (`tests/timeouts.rs`: a mutant that has a function called
//! sixteen times as often, for a fraction of a second, survives).

use super::baseline::Baseline;
use crate::discover::Discovery;
use mutate_protocol::{COUNT_CUT, Report};

/// How many times its count under the test as written the function may make.
const TIMES: u64 = 10;
/// Calls and loop rounds the function may make beyond that: a few milliseconds of them.
const SLACK: u64 = 100_000;
/// How many times the test's own computing time a run must have used before its own budget
/// ends it (and at least [`SLACK_FLOOR`](crate::limits::SLACK_FLOOR)).
const AFTER_TIMES_THE_TEST: u64 = 2;

/// The own budget of a mutant's runs under a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnBudget {
    /// The function's calls and loop rounds in the test's coverage run.
    pub counted: u64,
    /// The most a run of the mutant may make before it is looked at.
    pub budget: u64,
    /// The CPU time, in milliseconds, a run past the budget must have used to end.
    pub after_ms: u64,
}

/// Mutant `m`'s own budget under test `t`; none where the test goes another way each run,
/// where its coverage run stopped counting the function, or did not see the test's own
/// process call it.
pub fn of(d: &Discovery, baseline: &Baseline, m: usize, t: usize) -> Option<OwnBudget> {
    if baseline.wanders {
        return None;
    }
    let slots = d.tick_slots[d.tests[t].binary].get(&m)?;
    let counts = slots
        .iter()
        .map(|slot| baseline.own_ticks.get(slot).copied().unwrap_or(0));
    let counted = counted(counts)?;
    Some(OwnBudget {
        counted,
        budget: counted.saturating_mul(TIMES).saturating_add(SLACK),
        after_ms: after_ms(baseline.fastest_micros),
    })
}

/// The CPU time a run past its own budget must have used, for a test that computes for
/// `fastest_micros` as written.
fn after_ms(fastest_micros: u64) -> u64 {
    let least = crate::limits::SLACK_FLOOR.as_millis() as u64;
    (fastest_micros.saturating_mul(AFTER_TIMES_THE_TEST))
        .div_ceil(1000)
        .max(least)
}

/// The function's count over its copies; none if counting stopped in one or none counted.
fn counted(counts: impl Iterator<Item = u64>) -> Option<u64> {
    let mut total = 0u64;
    for count in counts {
        if count & COUNT_CUT != 0 {
            return None;
        }
        total = total.saturating_add(count);
    }
    (total > 0).then_some(total)
}

/// Why a run that ran out of hit budget did, where its function's own budget ended it
/// (the whole budget, `whole`, was not spent; 0: there was none).
pub fn reason(report: &Report, own: &OwnBudget, whole: u64) -> Option<String> {
    let within_whole = whole == 0 || report.total_hits <= whole;
    (report.end == mutate_protocol::End::HitBudget && within_whole).then(|| {
        format!(
            "its function made {} calls and loop rounds, past ten times its {} under the \
             test as written, and computed for {} ms or more (twice the test's time, a \
             second at least)",
            report.total_hits, own.counted, own.after_ms
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_function_counted_in_full_is_budgeted_over_its_copies() {
        assert_eq!(counted([3, 4].into_iter()), Some(7));
        assert_eq!(counted([0].into_iter()), None, "never called by the test");
        assert_eq!(counted([5, COUNT_CUT | 9].into_iter()), None, "cut short");
    }

    #[test]
    fn a_run_must_compute_twice_the_test_and_at_least_the_clocks_least_slack() {
        assert_eq!(after_ms(3_000), 1_000);
        assert_eq!(after_ms(16_000_000), 32_000);
    }

    #[test]
    fn the_reason_is_the_own_budget_only_where_the_whole_one_was_not_spent() {
        let own = OwnBudget {
            counted: 7,
            budget: 100_070,
            after_ms: 40,
        };
        let mut report = crate::outcome::tests::report(mutate_protocol::End::HitBudget, false);
        report.total_hits = 200_000;
        assert!(
            reason(&report, &own, 0)
                .unwrap()
                .contains("ten times its 7")
        );
        assert!(reason(&report, &own, 300_000).is_some());
        assert_eq!(reason(&report, &own, 150_000), None, "the whole budget");
        report.end = mutate_protocol::End::Exited(1);
        assert_eq!(reason(&report, &own, 0), None);
    }
}
