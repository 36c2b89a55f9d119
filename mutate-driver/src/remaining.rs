//! The time a phase has left: the time it took so far, scaled by the work still to do
//! against the work done. Work is counted in items, or, where the phase says so, in what
//! it expects (the mutant phase: the baseline times of the runs it made and of those it
//! still expects to make, `lab::mutants`'s `Expected`). Pure.

use std::time::{Duration, Instant};

/// Before this much time, or this share of the work, the rate is too young to tell.
const SETTLING: Duration = Duration::from_secs(5);
const SETTLING_SHARE: f64 = 0.01;

#[derive(Debug, Clone)]
pub struct Remaining {
    started: Instant,
    /// Work done, and work left.
    done: f64,
    left: f64,
    /// Each ended item is one of the work: the phase said no more than its items.
    items: bool,
    /// The phase cannot end before this much time from then (its longest run in flight).
    last_to_end: Option<(Instant, Duration)>,
}

impl Remaining {
    /// A phase of `items` items, one each, started `now`.
    pub fn new(items: usize, now: Instant) -> Self {
        Remaining {
            started: now,
            done: 0.0,
            left: items as f64,
            items: true,
            last_to_end: None,
        }
    }

    /// The work done and the work left, as the phase counts them, from here on; and, at
    /// `now`, the time before which the phase cannot end whatever the rate says.
    pub fn work(&mut self, done: f64, left: f64, (now, last_to_end): (Instant, Duration)) {
        (self.done, self.left, self.items) = (done, left, false);
        self.last_to_end = Some((now, last_to_end));
    }

    /// An item ended.
    pub fn ended(&mut self) {
        if self.items {
            self.done += 1.0;
            self.left = (self.left - 1.0).max(0.0);
        }
    }

    /// The phase's time so far.
    pub fn elapsed(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.started)
    }

    /// The time left at `now`, once the rate can be told.
    pub fn left(&self, now: Instant) -> Option<Duration> {
        let elapsed = self.elapsed(now);
        let total = self.done + self.left;
        if elapsed < SETTLING || total <= 0.0 || self.done < total * SETTLING_SHARE {
            return None;
        }
        let scaled = elapsed.mul_f64(self.left / self.done);
        let last = self.last_to_end.map_or(Duration::ZERO, |(then, last)| {
            last.saturating_sub(now.saturating_duration_since(then))
        });
        Some(scaled.max(last))
    }
}

/// A duration as a person reads it: `1h 05m`, `4m 10s`, `35s`.
pub fn written(left: Duration) -> String {
    let s = left.as_secs();
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_scales_the_time_taken_by_the_work_left() {
        let start = Instant::now();
        let mut r = Remaining::new(10, start);
        r.ended();
        assert_eq!(r.left(start + Duration::from_secs(1)), None, "too young");
        r.ended();
        // 2 of 10 items in 10 s: 8 more take 40 s.
        assert_eq!(
            r.left(start + Duration::from_secs(10)),
            Some(Duration::from_secs(40))
        );
    }

    #[test]
    fn work_the_phase_counts_replaces_its_items() {
        let start = Instant::now();
        let mut r = Remaining::new(4, start);
        r.work(25.0, 75.0, (start, Duration::ZERO));
        // A quarter of the work in 30 s: three quarters take 90 s.
        assert_eq!(
            r.left(start + Duration::from_secs(30)),
            Some(Duration::from_secs(90))
        );
        r.ended();
        assert_eq!(
            r.left(start + Duration::from_secs(30)),
            Some(Duration::from_secs(90)),
            "an item ending moves nothing the phase counts itself"
        );
    }

    #[test]
    fn a_run_in_flight_keeps_the_phase_going_past_what_the_rate_says() {
        let start = Instant::now();
        let mut r = Remaining::new(4, start);
        // Nearly all the work done in 60 s, but a run in flight needs 100 s more.
        r.work(
            99.0,
            1.0,
            (start + Duration::from_secs(60), Duration::from_secs(100)),
        );
        assert_eq!(
            r.left(start + Duration::from_secs(60)),
            Some(Duration::from_secs(100))
        );
        // Told 30 s ago, with nothing since: 70 s of it left.
        assert_eq!(
            r.left(start + Duration::from_secs(90)),
            Some(Duration::from_secs(70))
        );
    }

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(written(Duration::from_secs(35)), "35s");
        assert_eq!(written(Duration::from_secs(250)), "4m 10s");
        assert_eq!(written(Duration::from_secs(3900)), "1h 05m");
    }
}
