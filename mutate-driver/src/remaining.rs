//! The time a phase has left: the time it took so far, scaled by the share of its work
//! still to do. Work is counted in items, or in what each item was expected to cost
//! (the mutant phase: its covering tests' baseline times), so that a phase whose costly
//! mutants come last is not told it is nearly done. Pure.

use std::time::{Duration, Instant};

/// Before this much time, or this share of the work, the rate is too young to tell.
const SETTLING: Duration = Duration::from_secs(5);
const SETTLING_SHARE: f64 = 0.01;

#[derive(Debug, Clone)]
pub struct Remaining {
    started: Instant,
    /// The phase's work, and how much of it ended.
    total: f64,
    done: f64,
    /// Each item weighs one, until the phase gives weights.
    uniform: bool,
    /// The weight of the item about to end.
    next: Option<f64>,
}

impl Remaining {
    /// A phase of `items` items, one each, started `now`.
    pub fn new(items: usize, now: Instant) -> Self {
        Remaining {
            started: now,
            total: items as f64,
            done: 0.0,
            uniform: true,
            next: None,
        }
    }

    /// The items weigh `total` together from here: what ended before weighed nothing.
    pub fn weigh(&mut self, total: f64) {
        (self.total, self.done, self.uniform) = (total, 0.0, false);
    }

    /// The next item to end weighs `weight`.
    pub fn worked(&mut self, weight: f64) {
        self.next = Some(weight);
    }

    /// An item ended: one, or the weight it was given (none, where it was given none).
    pub fn ended(&mut self, _now: Instant) {
        let one = if self.uniform { 1.0 } else { 0.0 };
        self.done += self.next.take().unwrap_or(one);
    }

    /// The phase's time so far.
    pub fn elapsed(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.started)
    }

    /// The time left at `now`, once the rate can be told.
    pub fn left(&self, now: Instant) -> Option<Duration> {
        let elapsed = self.elapsed(now);
        if elapsed < SETTLING || self.total <= 0.0 || self.done < self.total * SETTLING_SHARE {
            return None;
        }
        let share_left = (self.total - self.done).max(0.0) / self.done;
        Some(elapsed.mul_f64(share_left))
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
        r.ended(start);
        assert_eq!(r.left(start + Duration::from_secs(1)), None, "too young");
        r.ended(start);
        // 2 of 10 items in 10 s: 8 more take 40 s.
        assert_eq!(
            r.left(start + Duration::from_secs(10)),
            Some(Duration::from_secs(40))
        );
    }

    #[test]
    fn weighed_items_count_by_their_weight() {
        let start = Instant::now();
        let mut r = Remaining::new(4, start);
        // Decided before any run: nothing spent on them.
        r.ended(start);
        r.weigh(100.0);
        r.worked(25.0);
        r.ended(start);
        // A quarter of the work in 30 s: three quarters take 90 s.
        assert_eq!(
            r.left(start + Duration::from_secs(30)),
            Some(Duration::from_secs(90))
        );
        r.ended(start);
        assert_eq!(
            r.left(start + Duration::from_secs(30)),
            Some(Duration::from_secs(90)),
            "an item with no weight given moves nothing"
        );
    }

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(written(Duration::from_secs(35)), "35s");
        assert_eq!(written(Duration::from_secs(250)), "4m 10s");
        assert_eq!(written(Duration::from_secs(3900)), "1h 05m");
    }
}
