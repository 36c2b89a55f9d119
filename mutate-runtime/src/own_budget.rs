//! A budget of the mutant's function's own loop rounds and calls, beside the whole test's.
//! A test that does much besides calling the function gives the whole budget many times
//! what the function alone ever does (and a test whose coverage run stopped counting has
//! none), so a function made endless would wait for the clock. Past its own budget, a run
//! ends once it has also used its CPU time (the driver's `lab/own_budget.rs` sets both),
//! and is looked at again every budget's worth of rounds until then: a mutant that only
//! makes the function run more often ends before that, as under the clock.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The run's budget of the whole test's loop rounds and calls, where the budget checked
/// is the function's own; 0: none.
static WHOLE_BUDGET: AtomicU64 = AtomicU64::new(0);
/// The process CPU time, in microseconds, a run past its function's own budget must have
/// used before it ends; 0: no own budget in this run.
static AFTER_MICROS: AtomicU64 = AtomicU64::new(0);
/// How many more loop rounds and calls a run past its own budget makes before it looks at
/// its CPU time again.
static STEP: AtomicU64 = AtomicU64::new(0);

/// This run has an own budget of `own` beside the whole one (`whole`, 0: none), and must
/// have used `after_micros` of CPU time before it ends past it.
pub(crate) fn arm(whole: u64, own: u64, after_micros: u64) {
    WHOLE_BUDGET.store(whole, Relaxed);
    AFTER_MICROS.store(after_micros.max(1), Relaxed);
    STEP.store(own, Relaxed);
}

/// This run has no own budget.
pub(crate) fn disarm() {
    AFTER_MICROS.store(0, Relaxed);
}

/// Past the budget checked, with `total` loop rounds and calls: the budget to check next,
/// where the run is past its own budget only and has not yet used its CPU time; `None`:
/// it ends now.
pub(crate) fn waits(total: u64) -> Option<u64> {
    let after_micros = AFTER_MICROS.load(Relaxed);
    if after_micros == 0 {
        return None;
    }
    let limits = OwnLimits {
        whole: WHOLE_BUDGET.load(Relaxed),
        after_micros,
        step: STEP.load(Relaxed),
    };
    limits.next_check(total, cpu_micros())
}

/// A run's own budget as it stands past its first check.
struct OwnLimits {
    /// The whole test's budget; 0: none.
    whole: u64,
    after_micros: u64,
    step: u64,
}

impl OwnLimits {
    /// With `total` loop rounds and calls made and `cpu` microseconds used: the total at
    /// which to look again, or `None` to end the run now (its CPU time is used, or the whole
    /// budget spent).
    fn next_check(&self, total: u64, cpu: u64) -> Option<u64> {
        let whole = match self.whole {
            0 => u64::MAX,
            whole => whole,
        };
        if total > whole || cpu >= self.after_micros {
            return None;
        }
        Some(total.saturating_add(self.step.max(1)).min(whole))
    }
}

/// The CPU time this process has used, in microseconds.
fn cpu_micros() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: writes the timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    now.tv_sec as u64 * 1_000_000 + now.tv_nsec as u64 / 1_000
}

#[cfg(test)]
mod tests {
    use super::OwnLimits;

    /// Limits of a second's CPU time, looked at again every 500 rounds, under a whole
    /// budget of `whole`.
    fn limits(whole: u64) -> OwnLimits {
        OwnLimits {
            whole,
            after_micros: 1_000_000,
            step: 500,
        }
    }

    #[test]
    fn a_run_past_its_own_budget_ends_once_it_has_used_its_cpu_time() {
        let limits = limits(0);
        assert_eq!(limits.next_check(1_000, 20_000), Some(1_500), "not yet");
        assert_eq!(limits.next_check(1_000, 1_000_000), None, "a second");
    }

    #[test]
    fn the_whole_budget_still_ends_a_run_at_once() {
        let limits = limits(1_200);
        assert_eq!(limits.next_check(1_000, 0), Some(1_200), "looked at there");
        assert_eq!(limits.next_check(1_201, 0), None);
    }
}
