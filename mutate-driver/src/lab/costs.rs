//! Where the mutant phase's time goes: fork servers started, and each run's round trip
//! against the child's life (fork to reap, the test's run within it). Set beside the
//! phase's floor (the covering tests' own times), it tells what the rest is spent on.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The phase's costs, summed over its workers (job time, not wall time).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseCosts {
    /// Fork servers started (one per test binary and worker, and one per test that
    /// cannot share its binary's).
    pub server_starts: u64,
    /// From spawning each to its catalog read.
    pub starting: Duration,
    /// Mutant runs made.
    pub runs: u64,
    /// Each run from request to report, as the driver waited for it.
    pub round_trips: Duration,
    /// Of that, the children's lives, fork to reap, as the server timed them.
    pub in_children: Duration,
}

impl PhaseCosts {
    pub fn add(&mut self, other: PhaseCosts) {
        self.server_starts += other.server_starts;
        self.starting += other.starting;
        self.runs += other.runs;
        self.round_trips += other.round_trips;
        self.in_children += other.in_children;
    }

    /// Seconds and counts, for `report.json`.
    pub fn to_json(self) -> serde_json::Value {
        serde_json::json!({
            "serverStarts": self.server_starts,
            "starting": self.starting.as_secs_f64(),
            "runs": self.runs,
            "roundTrips": self.round_trips.as_secs_f64(),
            "inChildren": self.in_children.as_secs_f64(),
        })
    }
}

/// [`PhaseCosts`] being gathered by the workers.
#[derive(Debug, Default)]
pub struct Gathering {
    server_starts: AtomicU64,
    starting_micros: AtomicU64,
    runs: AtomicU64,
    round_trip_micros: AtomicU64,
    in_child_micros: AtomicU64,
}

impl Gathering {
    /// A server started at `since`, ready now.
    pub fn started(&self, since: Instant) {
        self.server_starts.fetch_add(1, Relaxed);
        self.starting_micros
            .fetch_add(micros(since.elapsed()), Relaxed);
    }

    /// A run requested at `since`, whose child lived `in_child_micros`.
    pub fn ran(&self, since: Instant, in_child_micros: u64) {
        self.runs.fetch_add(1, Relaxed);
        self.round_trip_micros
            .fetch_add(micros(since.elapsed()), Relaxed);
        self.in_child_micros.fetch_add(in_child_micros, Relaxed);
    }

    pub fn total(&self) -> PhaseCosts {
        let get = |a: &AtomicU64| a.load(Relaxed);
        PhaseCosts {
            server_starts: get(&self.server_starts),
            starting: Duration::from_micros(get(&self.starting_micros)),
            runs: get(&self.runs),
            round_trips: Duration::from_micros(get(&self.round_trip_micros)),
            in_children: Duration::from_micros(get(&self.in_child_micros)),
        }
    }
}

fn micros(d: Duration) -> u64 {
    d.as_micros().try_into().unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathered_costs_add_up() {
        let g = Gathering::default();
        let before = Instant::now() - Duration::from_millis(3);
        g.started(before);
        g.ran(before, 1_000);
        g.ran(before, 500);
        let total = g.total();
        assert_eq!((total.server_starts, total.runs), (1, 2));
        assert_eq!(total.in_children, Duration::from_micros(1_500));
        assert!(total.round_trips >= Duration::from_millis(6));
        let mut sum = total;
        sum.add(total);
        assert_eq!(sum.runs, 4);
    }
}
