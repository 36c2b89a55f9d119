//! Progress on long work: a bar with live counts on a terminal, plain lines otherwise,
//! and the JSON stream's lines where it is on (`stream.rs`).

use crate::outcome::Status;
use crate::stream::{Ended, Stream};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

pub struct Progress {
    bar: Option<ProgressBar>,
    counts: [usize; 7],
    stream: Stream,
}

impl Progress {
    pub fn new(stream: Stream) -> Self {
        Progress {
            bar: None,
            counts: [0; 7],
            stream,
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

    pub fn tick(&mut self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// One mutant finished.
    pub fn mutant(&mut self, ended: Ended) {
        let (status, id) = (ended.status, ended.id);
        self.stream.mutant(&ended);
        self.counts[status as usize] += 1;
        match &self.bar {
            Some(bar) => {
                bar.inc(1);
                let c = &self.counts;
                bar.set_message(format!(
                    "{} killed, {} survived, {} timeout, {} crashed",
                    c[Status::Killed as usize],
                    c[Status::Survived as usize],
                    c[Status::Timeout as usize],
                    c[Status::Crashed as usize]
                ));
            }
            None => eprintln!("{:>10} {id}", status.label().to_uppercase()),
        }
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
