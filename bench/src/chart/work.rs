//! The chart's x: a crate's mutants × covering test time, from mutate's `report.json`.
//! For each mutant whose code builds, the baseline times of the tests that cover it,
//! summed: what a tool that ran every covering test of every mutant would spend running
//! tests, one job, no build, no process start. A tool that stops at a mutant's first
//! failing test, or runs tests beside each other, may go below it; one that runs the whole
//! suite per mutant, or rebuilds per mutant, goes above.

use serde_json::Value;
use std::collections::HashMap;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CoveringWork {
    pub seconds: f64,
    /// Mutants counted (their code builds).
    pub mutants: usize,
    /// (mutant, covering test) pairs summed.
    pub runs: usize,
    /// Of those, pairs whose test has no baseline time (it did not pass, or the report
    /// predates the field): counted as nothing.
    pub untimed: usize,
}

/// Each test's baseline time in seconds, by id, from `testFiles` (`baselineMs`).
pub fn baseline_seconds(report: &Value) -> HashMap<&str, f64> {
    report["testFiles"]
        .as_object()
        .into_iter()
        .flat_map(|files| files.values())
        .flat_map(|file| file["tests"].as_array().into_iter().flatten())
        .filter_map(|t| Some((t["id"].as_str()?, t["baselineMs"].as_f64()? / 1000.0)))
        .collect()
}

pub fn covering_work(report: &Value) -> CoveringWork {
    let times = baseline_seconds(report);
    let mut work = CoveringWork {
        seconds: 0.0,
        mutants: 0,
        runs: 0,
        untimed: 0,
    };
    for mutant in crate::report_json::mutants(report) {
        // Code that does not build runs no test, under any tool.
        if mutant["status"] == "CompileError" {
            continue;
        }
        work.mutants += 1;
        for test in mutant["coveredBy"].as_array().into_iter().flatten() {
            work.runs += 1;
            match test.as_str().and_then(|id| times.get(id)) {
                Some(seconds) => work.seconds += seconds,
                None => work.untimed += 1,
            }
        }
    }
    work
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sums_each_mutants_covering_tests_baseline_times() {
        let report = json!({
            "testFiles": {
                "src/lib.rs": {"tests": [
                    {"id": "lib::a", "name": "a", "baselineMs": 100.0},
                    {"id": "lib::b", "name": "b", "baselineMs": 2000.0},
                    // Failed in the baseline: no time.
                    {"id": "lib::flaky", "name": "flaky"},
                ]},
                "tests/t.rs": {"tests": [{"id": "t::c", "name": "c", "baselineMs": 0.5}]},
            },
            "files": {
                "src/lib.rs": {"mutants": [
                    {"status": "Killed", "coveredBy": ["lib::a", "lib::b"], "killedBy": ["lib::a"]},
                    {"status": "Survived", "coveredBy": ["lib::b", "t::c", "lib::flaky"]},
                    {"status": "NoCoverage", "coveredBy": []},
                    {"status": "CompileError", "coveredBy": ["lib::b"]},
                ]},
                "src/other.rs": {"mutants": [
                    {"status": "Timeout", "coveredBy": ["lib::a"]},
                ]},
            },
        });
        let work = covering_work(&report);
        // (0.1 + 2.0) + (2.0 + 0.0005) + 0 + 0.1; the unviable mutant's 2.0 left out.
        assert!((work.seconds - 4.2005).abs() < 1e-9, "{}", work.seconds);
        assert_eq!(work.mutants, 4);
        assert_eq!(work.runs, 6);
        assert_eq!(work.untimed, 1);
    }

    #[test]
    fn a_report_without_times_is_all_untimed() {
        let report = json!({
            "testFiles": {"src/lib.rs": {"tests": [{"id": "lib::a", "name": "a"}]}},
            "files": {"src/lib.rs": {"mutants": [{"status": "Killed", "coveredBy": ["lib::a"]}]}},
        });
        let work = covering_work(&report);
        assert_eq!((work.seconds, work.runs, work.untimed), (0.0, 1, 1));
    }
}
