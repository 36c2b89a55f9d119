//! The mutant phase's work, for the time it has left (`remaining.rs`).

use super::baseline::Baseline;
use crate::progress::Progress;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The mutant phase's work, for the time it has left, in the time runs take: the runs
/// made, as long as they took, and the runs still expected, each weighing what its test
/// took in the baseline (and a fork), at the pace such runs went.
///
/// A mutant expects its current run, and each run after it as likely as it is to come:
/// the runs at each rank so far say how often a mutant that came to that rank was
/// detected there (most mutants by their first test; few later, one rank at a time),
/// and a run comes if no run before it detected its mutant. Ranks with few runs yet lean
/// on the later ranks' runs together. Expecting every run after a passing first one
/// (most mutants that pass one test pass the rest) said twice the time aho-corasick's
/// phase had left halfway through, where 422 mutants detected after their first test ran
/// 29% of their tests; expecting the share mutants decided so far ran said a quarter,
/// as the survivors, which run every test, are decided last.
///
/// Runs that pass and runs that detect go at two paces: a test that passes takes about
/// its baseline's time, one that detects often stops at its first failing assertion.
/// A mutant whose passing runs took longer against their weight than the phase's passing
/// runs did (it makes its tests slow, short of a timeout) expects its runs still to come
/// as much slower.
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
    /// Per rank, the runs made there and how many of them detected their mutant.
    at_rank: Vec<(f64, f64)>,
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

/// Runs a rank's own count is weighed against, where it has few: as many of the later
/// ranks' runs together.
const PRIOR_RUNS: f64 = 5.0;

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
            at_rank: Vec::new(),
            told: None,
        }
    }

    /// Mutant `m`'s run at rank `k` ended after `micros`, as `ran` says.
    pub fn ran(&mut self, m: usize, k: usize, ran: Ran, micros: u64) {
        let weight = self.from[m][k] - self.from[m][k + 1];
        let took = micros as f64 + 1_000.0;
        self.took += took;
        let add = |sum: &mut (f64, f64)| *sum = (sum.0 + took, sum.1 + weight);
        match ran {
            Ran::Passed { .. } => add(&mut self.passed),
            Ran::Detected => add(&mut self.detected),
        }
        match ran.decided() {
            false => add(self.slow.entry(m).or_default()),
            true => {
                self.slow.remove(&m);
            }
        }
        if self.at_rank.len() <= k {
            self.at_rank.resize(k + 1, (0.0, 0.0));
        }
        let at = &mut self.at_rank[k];
        *at = (at.0 + 1.0, at.1 + f64::from(u8::from(ran == Ran::Detected)));
    }

    /// How likely a run at rank `k` detects its mutant: as often as runs there did, with
    /// [`PRIOR_RUNS`] more at the rate of the later ranks together (none known: 0).
    fn detects_at(&self, k: usize, later: (f64, f64)) -> f64 {
        let (runs, detected) = self.at_rank.get(k).copied().unwrap_or_default();
        let prior = match later {
            (runs, detected) if k > 0 && runs > 0.0 => detected / runs,
            _ => 0.0,
        };
        (detected + PRIOR_RUNS * prior) / (runs + PRIOR_RUNS)
    }

    /// The later ranks' runs together (all ranks but the first): runs, detections.
    fn later(&self) -> (f64, f64) {
        self.at_rank
            .iter()
            .skip(1)
            .fold((0.0, 0.0), |(r, d), &(runs, detected)| {
                (r + runs, d + detected)
            })
    }

    /// Real microseconds a unit of weight takes in a run that passes, and in one that
    /// detects (each 1 before any such run: the baseline's own pace).
    fn paces(&self) -> (f64, f64) {
        let pace = |(took, weight): (f64, f64)| if weight > 0.0 { took / weight } else { 1.0 };
        (pace(self.passed), pace(self.detected))
    }

    /// How likely a run detects its mutant, at each rank some mutant has.
    fn detects(&self) -> Vec<f64> {
        let ranks = self.from.iter().map(Vec::len).max().unwrap_or(0);
        let later = self.later();
        (0..ranks).map(|k| self.detects_at(k, later)).collect()
    }

    /// What the runs so far say, worked out once for every mutant's sum.
    fn rates(&self) -> Rates {
        let (passes, detected) = self.paces();
        Rates {
            detects: self.detects(),
            passes,
            detected,
        }
    }

    /// How much slower than the phase's passing runs (`passes`) mutant `m`'s own runs
    /// went (at least 1).
    fn slower(&self, m: usize, passes: f64) -> f64 {
        match self.slow.get(&m) {
            Some(&(took, weight)) if weight > 0.0 => (took / weight / passes).max(1.0),
            _ => 1.0,
        }
    }

    /// Mutant `m`'s runs after its current one (at rank `k`), each as likely as it is to
    /// come, at the pace `pace` gives a run of its likelihood to detect: in weight × pace.
    fn after(&self, m: usize, k: usize, detects: &[f64], pace: impl Fn(f64) -> f64) -> f64 {
        let from = &self.from[m];
        let mut comes = 1.0 - detects[k];
        let mut after = 0.0;
        for j in k + 1..from.len() - 1 {
            after += comes * (from[j] - from[j + 1]) * pace(detects[j]);
            comes *= 1.0 - detects[j];
        }
        after
    }

    /// The time (µs) the undecided mutants (each at its rank) are expected to take still.
    fn left(&self, rank: &HashMap<usize, usize>, rates: &Rates) -> f64 {
        let pace = |detects| rates.pace_if(detects);
        rank.iter()
            .map(|(&m, &k)| {
                let from = &self.from[m];
                let now = (from[k] - from[k + 1]) * pace(rates.detects[k]);
                let after = self.after(m, k, &rates.detects, pace);
                self.slower(m, rates.passes) * (now + after)
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
        rates: &Rates,
    ) -> Duration {
        let passes = rates.passes;
        in_flight
            .iter()
            .filter_map(|&(m, gone)| {
                let k = *rank.get(&m)?;
                let from = &self.from[m];
                let slower = self.slower(m, passes);
                let gone = gone.as_micros() as f64;
                let this = (slower * (from[k] - from[k + 1]) * passes - gone).max(gone);
                let after = slower * self.after(m, k, &rates.detects, |_| passes);
                Some(Duration::from_micros((this + after) as u64))
            })
            .max()
            .unwrap_or_default()
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
        let rates = self.rates();
        let last = self.last_to_end(rank, &in_flight.gone(), &rates);
        progress.work(self.took, self.left(rank, &rates), last);
    }
}

/// The runs so far, as the sums over undecided mutants use them: per rank how likely a
/// run detects its mutant, and the paces of runs that pass and that detect.
struct Rates {
    detects: Vec<f64>,
    passes: f64,
    detected: f64,
}

impl Rates {
    /// The pace of a run that detects with likelihood `detects`, and passes otherwise.
    fn pace_if(&self, detects: f64) -> f64 {
        (1.0 - detects) * self.passes + detects * self.detected
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

    /// A run that detected its mutant, or one that passed (not its last).
    fn detected_if(detected: bool) -> Ran {
        match detected {
            true => Ran::Detected,
            false => Ran::passed(false),
        }
    }

    /// Weights in milliseconds here: each test's weight is its fork's 1 ms and the rest.
    fn expected(mutants: usize) -> Expected {
        Expected::weighing(vec![vec![7_000.0, 6_000.0, 4_000.0, 0.0]; mutants])
    }

    #[test]
    fn nothing_known_every_run_is_expected() {
        let e = expected(2);
        let both: HashMap<usize, usize> = [(0, 0), (1, 0)].into();
        assert_eq!(e.left(&both, &e.rates()), 14_000.0);
    }

    #[test]
    fn runs_to_come_are_as_likely_as_runs_at_their_rank_went_on() {
        // Three tests of 1, 2 and 4 ms (a fork's 1 ms each); each run took its weight.
        let mut e = expected(11);
        for m in 0..10 {
            e.ran(m, 0, detected_if(m < 5), 0);
        }
        // Half the first runs detected: a first run detects one time in three, with the
        // five runs of no later rank to lean on; nothing after it detects yet.
        let first = 5.0 / 15.0;
        assert_eq!(e.detects(), [first, 0.0, 0.0, 0.0]);
        let left = e.left(&[(10, 0)].into(), &e.rates());
        assert!(
            (left - (1_000.0 + (1.0 - first) * 6_000.0)).abs() < 1e-6,
            "{left}"
        );
        // Of the five that passed it, two are detected by their second test: a second
        // run detects at 0.4, and so does a third (no run there yet: the later ranks').
        for m in 5..10 {
            e.ran(m, 1, detected_if(m < 7), 1_000);
        }
        let later = (2.0 + 5.0 * 0.4) / (5.0 + 5.0);
        assert_eq!(e.detects()[1], later);
        assert_eq!(e.detects()[2], 0.4);
        let left = e.left(&[(10, 0)].into(), &e.rates());
        let expected = 1_000.0 + (1.0 - first) * (2_000.0 + (1.0 - later) * 4_000.0);
        assert!((left - expected).abs() < 1e-6, "{left} against {expected}");
    }

    #[test]
    fn a_run_still_to_come_goes_at_the_pace_of_its_likely_end() {
        // Two tests of 20 ms each.
        let mut e = Expected::weighing(vec![vec![40_000.0, 20_000.0, 0.0]; 3]);
        // A run that detects stops at once (2 ms of its 20); one that passes takes 20.
        e.ran(0, 0, Ran::Detected, 1_000);
        e.ran(1, 0, Ran::passed(false), 19_000);
        assert_eq!(e.paces(), (1.0, 0.1));
        // A new mutant's first run detects one time in seven (two runs, five more at no
        // rate): at that mix of the two paces; the run after it, if it comes, passes.
        let detects = 1.0 / 7.0;
        let left = e.left(&[(2, 0)].into(), &e.rates());
        let expected = 20_000.0 * ((1.0 - detects) + detects * 0.1) + (1.0 - detects) * 20_000.0;
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
        let left = e.left(&[(2, 1)].into(), &e.rates());
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
        let just = e.last_to_end(&rank, &[(1, Duration::ZERO)], &e.rates());
        assert_eq!(just, Duration::from_millis(4));
        // Gone 10 s, far past its weight: at least 10 s more.
        let long = e.last_to_end(&rank, &[(1, Duration::from_secs(10))], &e.rates());
        assert_eq!(long, Duration::from_secs(10));
        // A mutant with runs after its current one expects them too (none has detected
        // a mutant yet: all of them).
        let first: HashMap<usize, usize> = [(1, 0)].into();
        let with_after = e.last_to_end(&first, &[(1, Duration::ZERO)], &e.rates());
        assert_eq!(with_after, Duration::from_millis(7));
        assert_eq!(
            e.last_to_end(&first, &[], &e.rates()),
            Duration::ZERO,
            "nothing in flight"
        );
    }
}
