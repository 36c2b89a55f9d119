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
    /// As reports name it: `binary::test`.
    pub name: String,
    /// As libtest names it in its binary, which `--skip` matches.
    pub libtest_name: String,
    pub how: How,
    /// The last lines of its output.
    pub output_tail: Vec<String>,
    /// It passed with its binary run whole, one test at a time (which the refusal
    /// explains: another test's leavings, the memory limit, or the counting's time).
    pub passes_together: bool,
}

/// How a test failed alone with every mutant off.
#[derive(Debug, Clone, Copy, PartialEq)]
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

impl FailedTest {
    /// What a test that failed alone but passed with its binary run whole shows. The whole
    /// run differs in three ways: the other tests ran before it, no memory limit, no
    /// coverage counting. Order is claimed only where neither of the others explains it.
    fn why_it_passes_together(&self) -> &'static str {
        let out_of_memory = self
            .output_tail
            .iter()
            .any(|line| line.contains("memory allocation of") && line.contains("failed"));
        match self.how {
            How::Crashed(_) | How::Failed(_) if out_of_memory => {
                "it passes when its binary runs whole, where the driver sets no memory \
                 limit: it needs more than --memory-limit allows each test alone; raise it \
                 (0: no limit)"
            }
            How::TimedOut | How::TooSlow(_) => {
                "it passes when its binary runs whole, where nothing is counted: alone it is \
                 slowed by the coverage run's counting past the baseline timeout, not \
                 failing; raise --baseline-timeout"
            }
            _ => {
                "it passes when its binary runs whole, one test at a time: it depends on what \
                 another test leaves behind"
            }
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
             first (or mark them #[ignore], or leave them out as the end says):",
            self.tests.len()
        )?;
        for test in &self.tests {
            write!(f, "\n\n  {} {}", test.name, test.how)?;
            for line in &test.output_tail {
                write!(f, "\n    {line}")?;
            }
            if test.passes_together {
                write!(f, "\n    ({})", test.why_it_passes_together())?;
            }
        }
        write!(f, "\n\n{}", self.skip_hint())
    }
}

impl Refusal {
    /// How to leave the failing tests out, as `cargo test -- --skip NAME --exact` does.
    fn skip_hint(&self) -> String {
        let names: std::collections::BTreeSet<&str> =
            self.tests.iter().map(|t| t.libtest_name.as_str()).collect();
        let skips: Vec<String> = names
            .iter()
            .map(|name| format!("--skip {}", crate::shell::quote(name)))
            .collect();
        format!(
            "To leave them out, as `cargo test -- --skip NAME` does: \
             cargo mutate-driver [OPTIONS] -- --exact {}",
            skips.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(how: How, tail: &[&str]) -> FailedTest {
        FailedTest {
            test: 0,
            name: "suite::slow".into(),
            libtest_name: "slow".into(),
            how,
            output_tail: tail.iter().map(|l| l.to_string()).collect(),
            passes_together: true,
        }
    }

    #[test]
    fn a_test_that_passes_together_is_said_to_depend_on_order_only_for_want_of_a_cause() {
        let slow = failed(How::TimedOut, &[]).why_it_passes_together();
        assert!(slow.contains("raise --baseline-timeout") && !slow.contains("depends"));
        let tail = ["memory allocation of 4294967296 bytes failed"];
        let hungry = failed(How::Crashed(libc::SIGABRT), &tail).why_it_passes_together();
        assert!(hungry.contains("--memory-limit") && !hungry.contains("depends"));
        let order = failed(How::Failed(101), &["assertion failed"]).why_it_passes_together();
        assert!(order.contains("depends on what another test leaves behind"));
    }

    #[test]
    fn the_refusal_names_the_flags_that_leave_the_failing_tests_out() {
        let mut other = failed(How::Failed(101), &[]);
        other.libtest_name = "tz::reads data".into();
        let refusal = Refusal::new(vec![failed(How::Failed(101), &[]), other]);
        let text = refusal.to_string();
        assert!(
            text.ends_with(
                "To leave them out, as `cargo test -- --skip NAME` does: cargo mutate-driver \
                 [OPTIONS] -- --exact --skip 'slow' --skip 'tz::reads data'"
            ),
            "{text}"
        );
    }
}
