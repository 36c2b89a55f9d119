//! A base-10 logarithmic axis: whole decades around the data, a tick at each power of ten
//! (labelled) and at 2..9 times it (unlabelled), and where a value falls in pixels.

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LogAxis {
    /// Exponents of the first and last decade boundary: the axis runs 10^low..10^high.
    pub low: i32,
    pub high: i32,
}

impl LogAxis {
    /// The fewest whole decades that hold every positive value (at least one decade);
    /// `None` when there is none.
    pub fn around(values: impl IntoIterator<Item = f64>) -> Option<LogAxis> {
        let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in values.into_iter().filter(|v| v.is_finite() && *v > 0.0) {
            min = min.min(v);
            max = max.max(v);
        }
        if min > max {
            return None;
        }
        let low = min.log10().floor() as i32;
        let high = (max.log10().ceil() as i32).max(low + 1);
        Some(LogAxis { low, high })
    }

    /// Where `value` falls between 0 (10^low) and 1 (10^high).
    pub fn fraction(&self, value: f64) -> f64 {
        (value.log10() - self.low as f64) / (self.high - self.low) as f64
    }

    /// The powers of ten from 10^low to 10^high: the labelled ticks.
    pub fn decades(&self) -> Vec<f64> {
        (self.low..=self.high).map(|e| 10f64.powi(e)).collect()
    }

    /// 2..9 times each power of ten inside the axis: the unlabelled ticks.
    pub fn minor_ticks(&self) -> Vec<f64> {
        (self.low..self.high)
            .flat_map(|e| (2..10).map(move |k| k as f64 * 10f64.powi(e)))
            .collect()
    }
}

/// A tick's label, in seconds: `1 ms`, `100 ms`, `1 s`, `1000 s`.
pub fn seconds_label(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{} ms", trimmed(seconds * 1000.0))
    } else {
        format!("{} s", trimmed(seconds))
    }
}

/// A power of ten (or a multiple) without float noise: `0.1`, `10`, `1000`.
fn trimmed(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_whole_decades_around_the_data() {
        let axis = LogAxis::around([0.03, 2.5, 470.0]).unwrap();
        assert_eq!(axis, LogAxis { low: -2, high: 3 });
        assert_eq!(axis.decades(), [0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]);
        // Eight minor ticks a decade, none past the last decade.
        let minor = axis.minor_ticks();
        assert_eq!(minor.len(), 5 * 8);
        assert!((minor[0] - 0.02).abs() < 1e-12);
        assert!((minor[minor.len() - 1] - 900.0).abs() < 1e-9);
    }

    #[test]
    fn one_value_or_an_exact_power_still_spans_a_decade() {
        assert_eq!(
            LogAxis::around([10.0]).unwrap(),
            LogAxis { low: 1, high: 2 }
        );
        assert_eq!(
            LogAxis::around([3.0, 5.0]).unwrap(),
            LogAxis { low: 0, high: 1 }
        );
    }

    #[test]
    fn leaves_out_what_a_log_scale_cannot_show() {
        assert_eq!(LogAxis::around([0.0, -1.0, f64::NAN]), None);
        assert_eq!(
            LogAxis::around([0.0, 50.0]).unwrap(),
            LogAxis { low: 1, high: 2 }
        );
    }

    #[test]
    fn places_values_by_their_logarithm() {
        let axis = LogAxis { low: -1, high: 3 };
        assert!((axis.fraction(0.1) - 0.0).abs() < 1e-12);
        assert!((axis.fraction(10.0) - 0.5).abs() < 1e-12);
        assert!((axis.fraction(1000.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn labels_ticks_in_milliseconds_below_a_second() {
        assert_eq!(seconds_label(0.001), "1 ms");
        assert_eq!(seconds_label(0.1), "100 ms");
        assert_eq!(seconds_label(1.0), "1 s");
        assert_eq!(seconds_label(1000.0), "1000 s");
        assert_eq!(seconds_label(10f64.powi(-2)), "10 ms");
    }
}
