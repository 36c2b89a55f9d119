//! nextest's test groups as a gate: a run of a test in a group waits while `max-threads`
//! of that group's tests run, whichever phase runs it alone (the baseline, the mutant
//! phase, the tracing of survivors). Tests in no group pass straight through. Binaries
//! run whole (the order check, binaries without a harness, mutants built into the tests)
//! run one at a time, each test after test, where any test is in a group.

use crate::gate::{Gate, Pass};

#[derive(Debug, Default)]
pub struct Groups {
    /// By test index: its group, if any.
    of_test: Vec<Option<usize>>,
    /// By group: a gate of its `max-threads` places.
    gates: Vec<Gate>,
}

impl Groups {
    pub fn new(of_test: Vec<Option<usize>>, limits: Vec<usize>) -> Groups {
        Groups {
            of_test,
            gates: limits.into_iter().map(Gate::new).collect(),
        }
    }

    /// Whether any test is in a group.
    pub fn any(&self) -> bool {
        self.of_test.iter().any(Option::is_some)
    }

    /// How many test binaries may run whole at once, out of `jobs`: one where any test is
    /// in a group (a binary run whole runs its tests one at a time, and no other binary's
    /// beside it, so no group runs two tests at once), else `jobs`.
    pub fn whole_runs_at_once(&self, jobs: usize) -> usize {
        if self.any() { 1 } else { jobs }
    }

    /// Waits for a place for test `t` in its group; `None` (no wait) for a test in none.
    pub fn enter(&self, t: usize) -> Option<Pass<'_>> {
        let group = self.of_test.get(t).copied().flatten()?;
        Some(self.gates[group].enter())
    }
}

#[cfg(test)]
mod tests {
    use super::Groups;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_group_of_one_runs_its_tests_one_at_a_time() {
        // Tests 0..4 in group 0 (one thread), 4..8 in none.
        let of_test = (0..8).map(|t| (t < 4).then_some(0)).collect();
        let groups = Groups::new(of_test, vec![1]);
        let (inside, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
        std::thread::scope(|scope| {
            for t in 0..8 {
                let (groups, inside, most) = (&groups, &inside, &most);
                scope.spawn(move || {
                    let _slot = groups.enter(t);
                    if t < 4 {
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        inside.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 1);
        assert!(groups.any());
    }
}
