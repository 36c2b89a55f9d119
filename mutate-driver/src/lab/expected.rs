//! The mutant phase's work, for the time it has left (`remaining.rs`).

use super::baseline::Baseline;
use crate::progress::Progress;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The mutant phase's work, for the time it has left, in the time runs take: the runs
/// made, as long as they took, and the runs still expected, each weighing what its test
/// took in the baseline (and a fork), at the pace such runs went. A mutant expects its
/// current run, and each run after it as likely as runs at that rank so far left their
/// mutant undecided: most mutants a first test detects, while one that survived a test
/// mostly survives the rest. Counting decided mutants at the cost of all their tests told
/// a phase whose first runs detect most mutants that it was nearly done.
///
/// Runs that pass (the mutant undecided) and runs that detect go at two paces: a test
/// that passes takes about its baseline's time, one that detects often stops at its
/// first failing assertion, far sooner. A run still to come is expected at the pace of
/// its likely end; one pace for both had the first half of aho-corasick's phase, whose
/// first runs detect fast, say more than twice the time it had left.
///
/// The runs after a mutant's first are not all made when one of them detects it: of the
/// weight that mutants which passed their first test had left, the share they ran in the
/// end (a survivor all of it, one detected later part) is the share expected of the
/// mutants still on their way. Expecting all of it said twice the time aho-corasick's
/// phase had left halfway through, where 422 mutants detected after their first test
/// ran 29% of theirs.
///
/// A mutant whose runs that passed took longer against their weight than the phase's
/// passing runs did (it makes its tests slow, short of a timeout) expects its runs still
/// to come as much slower.
///
/// And the phase cannot end before its runs in flight do: each is expected to go on at
/// least as long again as it has gone, then its mutant's runs after it, one after
/// another.
pub struct Expected {
    /// Per mutant, per rank, the weight of its runs from that rank on.
    from: Vec<Vec<f64>>,
    /// The time the runs took (µs, with a fork's), in all.
    took: f64,
    /// The runs that passed and those that detected: the time they took and their weight.
    passed: (f64, f64),
    detected: (f64, f64),
    /// Per undecided mutant, the time its runs took and their weight.
    slow: HashMap<usize, (f64, f64)>,
    /// Runs at the first rank and at later ones: how many, and how many of them left
    /// their mutant undecided.
    first: (f64, f64),
    later: (f64, f64),
    /// Of the mutants decided after they passed their first test: the weight of the runs
    /// after the first they made, and the weight they had after the first.
    after_first: (f64, f64),
    told: Option<Instant>,
}

/// How a run ended, for the time left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ran {
    /// The test passed: the mutant goes on to its next test, or, `decided`, that was its
    /// last (it survived, or its verdict was taken otherwise).
    Passed { decided: bool },
    /// The test detected the mutant: decided.
    Detected,
}

impl Ran {
    pub fn passed(decided: bool) -> Ran {
        Ran::Passed { decided }
    }

    fn decided(self) -> bool {
        matches!(self, Ran::Detected | Ran::Passed { decided: true })
    }
}

impl Expected {
    /// How often the time left is worked out again: it sums over every undecided mutant.
    const EVERY: Duration = Duration::from_secs(1);

    pub fn new(order: &[Vec<usize>], baseline: &[Baseline]) -> Self {
        // A test's own time, and a fork and its report.
        let weight = |t: usize| baseline[t].fastest_micros as f64 + 1_000.0;
        let from = order
            .iter()
            .map(|tests| {
                let mut from = vec![0.0; tests.len() + 1];
                for k in (0..tests.len()).rev() {
                    from[k] = from[k + 1] + weight(tests[k]);
                }
                from
            })
            .collect();
        Expected::weighing(from)
    }

    /// Nothing run yet, each mutant's runs from each rank on weighing `from`.
    fn weighing(from: Vec<Vec<f64>>) -> Self {
        Expected {
            from,
            took: 0.0,
            passed: (0.0, 0.0),
            detected: (0.0, 0.0),
            slow: HashMap::new(),
            first: (0.0, 0.0),
            later: (0.0, 0.0),
            after_first: (0.0, 0.0),
            told: None,
        }
    }

    /// Mutant `m`'s run at rank `k` ended after `micros`, as `ran` says.
    pub fn ran(&mut self, m: usize, k: usize, ran: Ran, micros: u64) {
        let from = &self.from[m];
        let weight = from[k] - from[k + 1];
        let took = micros as f64 + 1_000.0;
        self.took += took;
        let add = |sum: &mut (f64, f64)| *sum = (sum.0 + took, sum.1 + weight);
        match ran {
            Ran::Passed { .. } => add(&mut self.passed),
            Ran::Detected => add(&mut self.detected),
        }
        let undecided = !ran.decided();
        match undecided {
            true => add(self.slow.entry(m).or_default()),
            false => {
                self.slow.remove(&m);
                if k >= 1 {
                    let (made, had) = self.after_first;
                    self.after_first = (made + from[1] - from[k + 1], had + from[1]);
                }
            }
        }
        let rank = if k == 0 {
            &mut self.first
        } else {
            &mut self.later
        };
        rank.0 += 1.0;
        rank.1 += f64::from(u8::from(undecided));
    }

    /// Real microseconds a unit of weight takes in a run that passes, and in one that
    /// detects (each 1 before any such run: the baseline's own pace).
    fn paces(&self) -> (f64, f64) {
        let pace = |(took, weight): (f64, f64)| if weight > 0.0 { took / weight } else { 1.0 };
        (pace(self.passed), pace(self.detected))
    }

    /// The pace of a run that passes with likelihood `on`, and detects otherwise.
    fn pace_if(&self, on: f64) -> f64 {
        let (passes, detects) = self.paces();
        on * passes + (1.0 - on) * detects
    }

    /// How much slower than the phase's passing runs mutant `m`'s own runs went (at
    /// least 1).
    fn slower(&self, m: usize) -> f64 {
        let (passes, _) = self.paces();
        match self.slow.get(&m) {
            Some(&(took, weight)) if weight > 0.0 => (took / weight / passes).max(1.0),
            _ => 1.0,
        }
    }

    /// The share of the weight after its current run a mutant at rank `k` is expected to
    /// run: after a first run, as likely as first runs passed; then the share mutants
    /// decided after passing their first test ran of theirs (all, before any such).
    fn share_after(&self, k: usize) -> f64 {
        let (first, _) = self.likely();
        let ran = match self.after_first {
            (made, had) if had > 0.0 => made / had,
            _ => 1.0,
        };
        if k == 0 { first * ran } else { ran }
    }

    /// The time (µs) the undecided mutants (each at its rank) are expected to take still.
    fn left(&self, rank: &HashMap<usize, usize>) -> f64 {
        let (first, later) = self.likely();
        let (now_first, now_later) = (self.pace_if(first), self.pace_if(later));
        rank.iter()
            .map(|(&m, &k)| {
                let from = &self.from[m];
                let now = if k == 0 { now_first } else { now_later };
                let after = self.share_after(k) * from[k + 1] * now_later;
                self.slower(m) * ((from[k] - from[k + 1]) * now + after)
            })
            .sum()
    }

    /// The time the longest of the runs in flight (each `(m, gone)`: its mutant and how
    /// long it has gone) and its mutant's runs after it are expected to take still: the
    /// phase cannot end sooner, however many cores are free.
    fn last_to_end(
        &self,
        rank: &HashMap<usize, usize>,
        in_flight: &[(usize, Duration)],
    ) -> Duration {
        let (passes, _) = self.paces();
        in_flight
            .iter()
            .filter_map(|&(m, gone)| {
                let k = *rank.get(&m)?;
                let from = &self.from[m];
                let slower = self.slower(m);
                let gone = gone.as_micros() as f64;
                let this = (slower * (from[k] - from[k + 1]) * passes - gone).max(gone);
                let after = slower * self.share_after(k) * from[k + 1] * passes;
                Some(Duration::from_micros((this + after) as u64))
            })
            .max()
            .unwrap_or_default()
    }

    /// How likely a run at the first rank, and one at a later rank, leaves its mutant
    /// undecided (so that its next run comes): as often as such runs so far did.
    fn likely(&self) -> (f64, f64) {
        let likely =
            |(runs, undecided): (f64, f64)| if runs > 0.0 { undecided / runs } else { 1.0 };
        (likely(self.first), likely(self.later))
    }

    /// Tells `progress` the time the runs took and the time expected still, and how long
    /// the runs in flight keep the phase going at least, at most every [`Expected::EVERY`].
    pub fn tell(
        &mut self,
        progress: &mut Progress,
        rank: &HashMap<usize, usize>,
        in_flight: &InFlight,
    ) {
        if self.told.is_some_and(|told| told.elapsed() < Self::EVERY) {
            return;
        }
        self.told = Some(Instant::now());
        let last = self.last_to_end(rank, &in_flight.gone());
        progress.work(self.took, self.left(rank), last);
    }
}

/// The runs in flight: each one's mutant, and when it started.
#[derive(Default)]
pub struct InFlight(Mutex<HashMap<usize, Instant>>);

impl InFlight {
    pub fn started(&self, m: usize) {
        self.0
            .lock()
            .expect("not poisoned")
            .insert(m, Instant::now());
    }

    pub fn ended(&self, m: usize) {
        self.0.lock().expect("not poisoned").remove(&m);
    }

    /// Each run's mutant, and how long it has gone.
    fn gone(&self) -> Vec<(usize, Duration)> {
        let runs = self.0.lock().expect("not poisoned");
        runs.iter()
            .map(|(&m, since)| (m, since.elapsed()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_after_a_survived_one_are_expected_as_often_as_later_runs_went_on() {
        // Two mutants of three tests each, of weights 1, 2 and 4 (with a fork's 1).
        let mut e = expected(2);
        let both: HashMap<usize, usize> = [(0, 0), (1, 0)].into();
        assert_eq!(
            e.left(&both),
            14_000.0,
            "nothing known yet: every run expected"
        );
        // The first detected at once; the second survived its first test. Each run took
        // as long as its weight (a fork's 1 ms and its test's).
        e.ran(0, 0, Ran::Detected, 0);
        e.ran(1, 0, Ran::passed(false), 0);
        assert_eq!(e.took, 2_000.0);
        let second: HashMap<usize, usize> = [(1, 1)].into();
        assert_eq!(e.left(&second), 6_000.0, "no later run yet: all expected");
        e.ran(1, 1, Ran::passed(false), 1_000);
        // Its last run, which later runs so far always went past.
        let last: HashMap<usize, usize> = [(1, 2)].into();
        assert_eq!(e.left(&last), 4_000.0);
        // Half of the first runs went on: a new mutant's later runs count half.
        assert_eq!(e.left(&[(0, 0)].into()), 1_000.0 + 0.5 * 6_000.0);
    }

    /// Weights in milliseconds here: each test's weight is its fork's 1 ms and the rest.
    fn expected(mutants: usize) -> Expected {
        Expected::weighing(vec![vec![7_000.0, 6_000.0, 4_000.0, 0.0]; mutants])
    }

    #[test]
    fn a_run_still_to_come_goes_at_the_pace_of_its_likely_end() {
        // Two tests of 20 ms each.
        let mut e = Expected::weighing(vec![vec![40_000.0, 20_000.0, 0.0]; 3]);
        // A run that detects stops at once (2 ms of its 20); one that passes takes 20.
        e.ran(0, 0, Ran::Detected, 1_000);
        e.ran(1, 0, Ran::passed(false), 19_000);
        assert_eq!(e.paces(), (1.0, 0.1));
        // A new mutant: its first run passes half the time (at 20 ms) and detects half
        // the time (at 2 ms); the run after it comes half the time, and would pass (no
        // later run has detected yet).
        let left = e.left(&[(2, 0)].into());
        assert!(
            (left - (20_000.0 * 0.55 + 0.5 * 20_000.0)).abs() < 1e-6,
            "{left}"
        );
    }

    #[test]
    fn runs_after_the_first_are_expected_in_the_share_decided_mutants_ran() {
        // Three mutants of weights 1, 2 and 4 ms; each passed its first test.
        let mut e = expected(3);
        for m in 0..3 {
            e.ran(m, 0, Ran::passed(false), 0);
        }
        // One survived all three; one was detected by its second: of the 12 ms they had
        // after their first test, they ran 6 and 2.
        e.ran(0, 1, Ran::passed(false), 1_000);
        e.ran(0, 2, Ran::passed(true), 3_000);
        e.ran(1, 1, Ran::Detected, 1_000);
        assert_eq!(e.share_after(1), 8.0 / 12.0);
        // The third, on its second test: that run, then two thirds of the last.
        let left = e.left(&[(2, 1)].into());
        let now = e.pace_if(e.likely().1);
        let expected = 2_000.0 * now + 8.0 / 12.0 * 4_000.0 * now;
        assert!((left - expected).abs() < 1e-6, "{left} against {expected}");
    }

    #[test]
    fn a_mutant_whose_runs_went_slower_than_the_phase_expects_the_rest_as_slow() {
        let mut e = expected(3);
        // Three first runs passed: two took their weight, the third ten times it.
        e.ran(0, 0, Ran::passed(false), 0);
        e.ran(1, 0, Ran::passed(false), 0);
        e.ran(2, 0, Ran::passed(false), 9_000);
        let passes = (1_000.0 * 2.0 + 10_000.0) / 3_000.0;
        assert_eq!(e.paces().0, passes);
        let slower = 10.0 / passes;
        let left = e.left(&[(2, 1)].into());
        let expected = slower * (2_000.0 * passes + 4_000.0 * passes);
        assert!((left - expected).abs() < 1e-6, "{left} against {expected}");
        // Decided, its slowness is forgotten.
        e.ran(2, 1, Ran::Detected, 0);
        assert!(!e.slow.contains_key(&2));
    }

    #[test]
    fn a_run_in_flight_is_expected_to_go_on_at_least_as_long_again_as_it_has_gone() {
        let mut e = expected(2);
        // Runs so far took their weight: a unit of weight is a microsecond.
        e.ran(0, 0, Ran::passed(false), 0);
        assert_eq!(e.paces(), (1.0, 1.0));
        let rank: HashMap<usize, usize> = [(1, 2)].into();
        // Its last run (weight 4 ms) just started: 4 ms expected.
        let just = e.last_to_end(&rank, &[(1, Duration::ZERO)]);
        assert_eq!(just, Duration::from_millis(4));
        // Gone 10 s, far past its weight: at least 10 s more.
        let long = e.last_to_end(&rank, &[(1, Duration::from_secs(10))]);
        assert_eq!(long, Duration::from_secs(10));
        // A mutant with runs after its current one expects them too, as likely as later
        // runs so far went on (none yet: all of them).
        let first: HashMap<usize, usize> = [(1, 0)].into();
        let with_after = e.last_to_end(&first, &[(1, Duration::ZERO)]);
        assert_eq!(with_after, Duration::from_millis(7));
        assert_eq!(
            e.last_to_end(&first, &[]),
            Duration::ZERO,
            "nothing in flight"
        );
    }
}
