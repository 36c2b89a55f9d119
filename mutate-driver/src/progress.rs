//! Progress on long work: a bar with live counts and the time left on a terminal, plain
//! lines otherwise (with the time left now and then), and the JSON stream's lines where
//! it is on (`stream.rs`).

use crate::outcome::Status;
use crate::remaining::{self, Remaining};
use crate::stream::{Ended, Stream};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often plain output says the time left.
const SAY_LEFT_EVERY: Duration = Duration::from_secs(30);

pub struct Progress {
    bar: Option<ProgressBar>,
    counts: [usize; 7],
    stream: Stream,
    /// The phase: its name, what its bar says, its items and how many ended.
    name: String,
    message: String,
    total: usize,
    done: usize,
    remaining: Remaining,
    said_left: Instant,
}

impl Progress {
    pub fn new(stream: Stream) -> Self {
        Progress {
            bar: None,
            counts: [0; 7],
            stream,
            name: String::new(),
            message: String::new(),
            total: 0,
            done: 0,
            remaining: Remaining::new(0, Instant::now()),
            said_left: Instant::now(),
        }
    }

    /// The stream, for the lines that follow the phases (the final verdicts, the summary).
    pub fn into_stream(mut self) -> Stream {
        self.finish();
        std::mem::replace(&mut self.stream, Stream::new(false))
    }

    /// A phase of `total` items, which `what` names (one, many) and says what is done
    /// with (`("test, alone", "tests, each alone")`).
    pub fn phase(&mut self, name: &str, total: usize, what: (&str, &str)) {
        let what = if total == 1 { what.0 } else { what.1 };
        self.stream.phase(name, Some(total));
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        self.name = name.to_owned();
        self.message = what.to_owned();
        (self.total, self.done) = (total, 0);
        let now = Instant::now();
        self.remaining = Remaining::new(total, now);
        self.said_left = now;
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(
                ProgressStyle::with_template("{prefix:>10.bold} [{bar:30}] {pos}/{len} {msg}")
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            bar.set_prefix(name.to_owned());
            bar.set_message(what.to_owned());
            self.bar = Some(bar);
        } else {
            eprintln!("{name:>10} {total} {what}");
        }
    }

    /// The phase counts its work itself from here on: done and left, and the time its
    /// longest run in flight keeps it going at least (see `remaining.rs`); shown as the
    /// next item ends, or by [`Progress::refresh`].
    pub fn work(&mut self, done: f64, left: f64, last_to_end: Duration) {
        self.remaining
            .work(done, left, (Instant::now(), last_to_end));
    }

    /// Shows the time left while no item ends (a phase's slow tail).
    pub fn refresh(&mut self) {
        self.show_left(Instant::now());
    }

    pub fn tick(&mut self) {
        self.ended();
    }

    /// One mutant finished.
    pub fn mutant(&mut self, ended: Ended) {
        let (status, id) = (ended.status, ended.id);
        self.stream.mutant(&ended);
        self.counts[status as usize] += 1;
        match &self.bar {
            Some(_) => {
                let c = &self.counts;
                self.message = format!(
                    "{} killed, {} survived, {} timeout, {} crashed",
                    c[Status::Killed as usize],
                    c[Status::Survived as usize],
                    c[Status::Timeout as usize],
                    c[Status::Crashed as usize]
                );
            }
            None => eprintln!("{:>10} {id}", status.label().to_uppercase()),
        }
        self.ended();
    }

    /// An item of the phase ended: the bar moves on, with the time left; plain output
    /// says the time left now and then.
    fn ended(&mut self) {
        self.done += 1;
        self.remaining.ended();
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
        self.show_left(Instant::now());
    }

    /// The bar's time left, or now and then a plain line of it.
    fn show_left(&mut self, now: Instant) {
        match &self.bar {
            Some(bar) => match self.remaining.left(now).map(remaining::written) {
                Some(left) => bar.set_message(format!("{}, about {left} left", self.message)),
                None => bar.set_message(self.message.clone()),
            },
            None => {
                if let Some(line) = self.plain_left(now) {
                    eprintln!("{line}");
                }
            }
        }
    }

    /// The plain line of the time left, where one is due at `now`: every
    /// [`SAY_LEFT_EVERY`], whether items ended or not, once the rate can be told.
    fn plain_left(&mut self, now: Instant) -> Option<String> {
        if now.saturating_duration_since(self.said_left) < SAY_LEFT_EVERY {
            return None;
        }
        let left = self.remaining.left(now)?;
        self.said_left = now;
        Some(format!(
            "{:>10} {} of {} done in {}, about {} left",
            self.name,
            self.done,
            self.total,
            remaining::written(self.remaining.elapsed(now)),
            remaining::written(left),
        ))
    }

    /// A line for the user, above the bar.
    pub fn note(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.println(format!("     note: {text}")),
            None => eprintln!("     note: {text}"),
        }
    }

    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_where_nothing_ends_still_says_its_time_left_now_and_then() {
        let mut p = Progress::new(Stream::new(false));
        p.phase("Mutants", 3, ("mutant", "mutants"));
        // Plain output, as where stderr is not a terminal.
        if let Some(bar) = p.bar.take() {
            bar.finish_and_clear();
        }
        let start = p.said_left;
        // A quarter of the work done, and a run in flight for 100 s more; no item ends.
        p.work(10.0, 30.0, Duration::from_secs(100));
        let at = |s| start + Duration::from_secs(s);
        assert_eq!(p.plain_left(at(29)), None, "not yet due");
        assert_eq!(
            p.plain_left(at(31)).as_deref(),
            Some("   Mutants 0 of 3 done in 31s, about 1m 33s left")
        );
        assert_eq!(p.plain_left(at(40)), None, "said 9 s ago");
        // Later, the rate says more than the run in flight keeps (told 70 s ago: 30 s).
        assert_eq!(
            p.plain_left(at(70)).as_deref(),
            Some("   Mutants 0 of 3 done in 1m 10s, about 3m 30s left")
        );
    }
}
