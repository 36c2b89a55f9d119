//! Why a suite is not green with every mutant off, said test by test: the error that ends
//! such a run (exit 6) before any mutant is judged.

use crate::outcome;
use std::time::Duration;

/// Why a suite is not green with every mutant off: each test that is not, and how.
#[derive(Debug)]
pub struct Refusal {
    /// Sorted by name.
    pub tests: Vec<FailedTest>,
}

/// A test that is not green with every mutant off.
#[derive(Debug)]
pub struct FailedTest {
    /// Index in the discovery's tests.
    pub test: usize,
    /// As cargo names it: `binary test`.
    pub name: String,
    pub how: How,
    /// The last lines of its output.
    pub output_tail: Vec<String>,
    /// It passed with its binary run whole, one test at a time: it depends on what
    /// another test leaves behind.
    pub passes_together: bool,
}

/// How a test failed alone with every mutant off.
#[derive(Debug, Clone, PartialEq)]
pub enum How {
    /// Did not finish within the baseline timeout in its own run.
    TimedOut,
    /// Did not finish within the baseline timeout alone, nor with its binary run whole.
    TooSlow(Duration),
    Crashed(i32),
    ExitedWithoutResult,
    Failed(i32),
    OutOfHitBudget,
}

impl std::fmt::Display for How {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            How::TimedOut => write!(f, "did not finish within the baseline timeout"),
            How::TooSlow(limit) => write!(
                f,
                "did not finish within the baseline timeout ({} s), alone nor with its \
                 binary run whole; if it is only slow, raise --baseline-timeout",
                limit.as_secs_f64()
            ),
            How::Crashed(signal) => write!(f, "crashed ({})", outcome::signal_name(*signal)),
            How::ExitedWithoutResult => write!(f, "exited before reporting a result"),
            How::Failed(code) => write!(f, "failed (exit code {code})"),
            How::OutOfHitBudget => write!(f, "ran out of hit budget"),
        }
    }
}

impl Refusal {
    pub fn new(mut tests: Vec<FailedTest>) -> Refusal {
        tests.sort_by(|a, b| a.name.cmp(&b.name));
        Refusal { tests }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} test(s) fail with every mutant off, so no mutant can be judged; fix them \
             first (or mark them #[ignore]):",
            self.tests.len()
        )?;
        for test in &self.tests {
            write!(f, "\n\n  {} {}", test.name, test.how)?;
            for line in &test.output_tail {
                write!(f, "\n    {line}")?;
            }
            if test.passes_together {
                write!(
                    f,
                    "\n    (it passes when its binary runs whole, one test at a time: it \
                     depends on what another test leaves behind)"
                )?;
            }
        }
        Ok(())
    }
}
