//! Outcomes of mutants, and how one forked run is judged.

use mutate_protocol::{CatalogEntry, End, FellBack, Report};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Status {
    Killed,
    Timeout,
    Crashed,
    Survived,
    NoCoverage,
    Unviable,
    Ignored,
    /// Proven to compute what the original does: the library compiles to the same code.
    Equivalent,
    /// Where `unsafe` code lives, its test gave two verdicts in two runs: it corrupts
    /// memory, and whether a test notices is chance (`lab/undefined.rs`).
    UndefinedBehaviour,
}

impl Status {
    pub const ALL: [Status; 9] = [
        Status::Killed,
        Status::Timeout,
        Status::Crashed,
        Status::Survived,
        Status::NoCoverage,
        Status::Unviable,
        Status::Ignored,
        Status::Equivalent,
        Status::UndefinedBehaviour,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Status::Killed => "killed",
            Status::Timeout => "timeout",
            Status::Crashed => "crashed",
            Status::Survived => "survived",
            Status::NoCoverage => "no coverage",
            Status::Unviable => "unviable",
            Status::Ignored => "ignored",
            Status::Equivalent => "equivalent",
            Status::UndefinedBehaviour => "undefined behaviour",
        }
    }

    /// The status as `report.json` (the mutation-testing-report-schema) and the JSON
    /// stream write it: crashed is `Killed` (the signal in its reason), unviable
    /// `CompileError`, so a viewer's score equals ours.
    pub fn schema_name(self) -> &'static str {
        match self {
            Status::Killed | Status::Crashed => "Killed",
            Status::Timeout => "Timeout",
            Status::Survived => "Survived",
            Status::NoCoverage => "NoCoverage",
            Status::Unviable => "CompileError",
            Status::Ignored | Status::Equivalent => "Ignored",
            // The schema's status for a run that went wrong, out of its score as ours.
            Status::UndefinedBehaviour => "RuntimeError",
        }
    }

    /// File name of the plain list of mutants with this status.
    pub fn file_stem(self) -> &'static str {
        match self {
            Status::NoCoverage => "no_coverage",
            Status::UndefinedBehaviour => "undefined_behaviour",
            other => other.label(),
        }
    }

    /// Detected by the tests: the mutant made them fail, hang or crash.
    pub fn detected(self) -> bool {
        matches!(self, Status::Killed | Status::Timeout | Status::Crashed)
    }
}

/// The verdict of one mutant under one test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub status: Status,
    pub reason: String,
}

pub fn judge(report: &Report) -> Verdict {
    let verdict = |status, reason: String| Verdict { status, reason };
    match report.fell_back {
        FellBack::No => {}
        FellBack::NoSuchValue => {
            return verdict(
                Status::Unviable,
                "the replacement does not exist for these types; the original ran".into(),
            );
        }
        FellBack::OtherType => {
            return verdict(
                Status::Ignored,
                "not run: the replacement is of another type than the written call here \
                 (`char`'s case iterators), which one value cannot hold; the original ran, \
                 and its text may build"
                    .into(),
            );
        }
    }
    match report.end {
        End::HitBudget => verdict(
            Status::Timeout,
            format!(
                "made {} loop rounds and calls in mutated code, past its hit budget",
                report.total_hits
            ),
        ),
        End::WallClock => verdict(
            Status::Timeout,
            format!(
                "used its time limit computing; ended after {} ms{}",
                report.micros.div_ceil(1000),
                waived(report)
            ),
        ),
        End::WallClockGraced => verdict(
            Status::Timeout,
            format!(
                "not done after its time limit and grace, {} ms, having computed for less \
                 than its limit: waiting (a lock, a channel, a sleep) or starved by a busy \
                 machine{}",
                report.micros.div_ceil(1000),
                waived(report)
            ),
        ),
        End::Blocked => verdict(
            Status::Timeout,
            format!(
                "blocked: its threads all slept, using no CPU time, three times longer than \
                 all its test's waiting with every mutant off; ended after {} ms{}",
                report.micros.div_ceil(1000),
                waived(report)
            ),
        ),
        End::Signaled(signal) => verdict(
            Status::Crashed,
            format!("killed by {}", signal_name(signal)),
        ),
        End::Exited(0) if report.passed => verdict(Status::Survived, "the test passed".into()),
        End::Exited(0) => verdict(
            Status::Killed,
            "the process exited 0 before the test reported passing".into(),
        ),
        End::Exited(101) => verdict(Status::Killed, failure_reason(report)),
        End::Exited(code) => verdict(Status::Killed, format!("exited with code {code}")),
    }
}

/// What a run ended by the clock adds when it passed its hit budget with other threads
/// alive: why the budget did not end it.
fn waived(report: &Report) -> &'static str {
    if report.budget_waived {
        " (past its hit budget while another thread ran, which a loop may wait for, so \
         the clock judged it)"
    } else {
        ""
    }
}

/// The panic message, when libtest's output has one.
fn failure_reason(report: &Report) -> String {
    let output = report.output.as_deref().unwrap_or("");
    output
        .lines()
        .skip_while(|l| !l.contains("panicked at"))
        .nth(1)
        .map(|msg| format!("test failed: {}", msg.trim()))
        .unwrap_or_else(|| "test failed".into())
}

/// How a process ended, in words: "exit code 101", "SIGABRT".
pub fn ended(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit code {code}"),
        (None, Some(signal)) => signal_name(signal),
        (None, None) => "an unknown end".into(),
    }
}

pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGTRAP => "SIGTRAP",
        _ => return format!("signal {signal}"),
    };
    name.into()
}

/// The reason of a mutant the rebuild net made unviable, from rustc's message.
pub fn unbuilt_reason(build_error: &str) -> String {
    format!("its code does not build with it: {build_error}")
}

/// Why a mutant the rebuild net compiled as written is not run, where only its schemata
/// could not build and its text may: a value that must be a constant where it stands
/// (`_mm_shuffle_epi32(x, 0x31)`, an array's length), which mutant schemata choose at run
/// time; or a method swapped for its twin of another return type (`StreamExt::all`'s
/// future for `any`'s), which they cannot hold in one place, where the text builds if
/// what receives it is generic (`block_on(..)`); or a `const fn` that a constant calls,
/// compiled `const` as written, since the switches are read at run time.
pub fn schemata_only(entry: &CatalogEntry) -> Option<String> {
    let error = &entry.build_error;
    if mutate_protocol::build_errors::is_const_call(error) {
        return Some(format!(
            "not run: a constant calls this `const fn` ({error}), so it is compiled `const`, \
             as written, and its mutants would change values computed at compile time, \
             which mutant schemata cannot switch"
        ));
    }
    if error.contains("attempt to use a non-constant value in a constant") {
        return Some(format!(
            "not run: where it stands the value must be a constant, and mutant schemata \
             choose it at run time ({error}); its text may build"
        ));
    }
    let swap = mutate_operators::Operator::SwapMethod.name();
    if entry.operator == swap && error.contains("`match` arms have incompatible types") {
        return Some(format!(
            "not run: `{}` returns another type than `{}` ({error}), and mutant schemata \
             cannot hold both calls in one place; its text builds where what receives the \
             value is generic",
            entry.replacement, entry.original
        ));
    }
    None
}

/// The status and reason of a mutant whose code the rebuild net compiled as written:
/// unviable, or not run where only its schemata could not build ([`schemata_only`]): its
/// text may build, and `cargo test` would judge it.
pub fn unbuilt(entry: &CatalogEntry) -> (Status, String) {
    match schemata_only(entry) {
        Some(reason) => (Status::Ignored, reason),
        None => (Status::Unviable, unbuilt_reason(&entry.build_error)),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A run's report that ended as `end`, its mutant reached.
    pub(crate) fn report(end: End, passed: bool) -> Report {
        Report {
            end,
            micros: 1,
            cpu_micros: 0,
            total_hits: 1,
            fell_back: FellBack::No,
            passed,
            reached: true,
            budget_waived: false,
            hits: vec![],
            infection: vec![],
            trace: vec![],
            spawned: vec![],
            output: None,
        }
    }

    #[test]
    fn exit_zero_without_a_pass_is_a_kill() {
        assert_eq!(judge(&report(End::Exited(0), false)).status, Status::Killed);
        assert_eq!(
            judge(&report(End::Exited(0), true)).status,
            Status::Survived
        );
    }

    #[test]
    fn signals_budgets_and_clocks() {
        assert_eq!(
            judge(&report(End::Signaled(6), false)).status,
            Status::Crashed
        );
        assert_eq!(
            judge(&report(End::HitBudget, false)).status,
            Status::Timeout
        );
        assert_eq!(
            judge(&report(End::WallClock, false)).status,
            Status::Timeout
        );
        assert_eq!(
            judge(&report(End::WallClockGraced, false)).status,
            Status::Timeout
        );
        assert_eq!(
            judge(&report(End::Exited(101), false)).status,
            Status::Killed
        );
    }

    #[test]
    fn a_waived_budget_is_said_where_the_clock_ended_the_run() {
        let mut r = report(End::WallClock, false);
        r.budget_waived = true;
        assert!(
            judge(&r)
                .reason
                .contains("past its hit budget while another thread ran")
        );
        r.end = End::Exited(0);
        r.passed = true;
        assert_eq!(judge(&r).reason, "the test passed");
    }

    #[test]
    fn fallback_wins_over_everything() {
        let mut r = report(End::Exited(0), true);
        r.fell_back = FellBack::NoSuchValue;
        assert_eq!(judge(&r).status, Status::Unviable);
        // Of another type: not run, and not called unviable (its text may build).
        r.fell_back = FellBack::OtherType;
        assert_eq!(judge(&r).status, Status::Ignored);
    }

    #[test]
    fn panic_message_is_the_reason() {
        let mut r = report(End::Exited(101), false);
        r.output = Some("thread 'x' panicked at src/lib.rs:3:5:\nassertion failed: ok\n".into());
        assert_eq!(judge(&r).reason, "test failed: assertion failed: ok");
    }
}
