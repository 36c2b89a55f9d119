//! The mutation phase's floor: the least that running the mutants could cost. For each
//! mutant the driver judged by running tests, its covering tests, fastest first by their
//! time in the user's plain build, up to the one that detected it (all of them for a
//! survivor), each at that plain time plus one measured fork round trip; summed over the
//! mutants and divided by the jobs. The driver's measured phase is set beside it.

use crate::stats::median;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

pub struct Floor {
    pub seconds: f64,
    /// Test runs the floor counts.
    pub runs: usize,
    /// Of those, runs of tests the plain build does not have (the driver's doc tests,
    /// which rustdoc builds and runs one process each): counted at the round trip alone.
    pub untimed: usize,
    /// By verdict (`Killed`, `Survived`, `Timeout`): the driver's runs against the floor's,
    /// to show where the phase exceeds it.
    pub by_status: BTreeMap<String, Share>,
}

/// One verdict's part of the phase, in job seconds (not divided by the jobs).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Share {
    /// The driver's runs (`testsCompleted`) and its children's lives (`duration`).
    pub runs: usize,
    pub seconds: f64,
    /// The floor's runs and their plain-build times (round trips not counted).
    pub floor_runs: usize,
    pub floor_seconds: f64,
}

/// The floor of the driver's run whose report is `report`, on `tree` (the crate as the
/// user has it).
pub fn measure(
    tree: &Path,
    report: &Path,
    jobs: usize,
    round_trip_ms: f64,
) -> Result<Floor, String> {
    let times = plain_test_times(tree)?;
    let text = std::fs::read_to_string(report).map_err(|e| format!("{}: {e}", report.display()))?;
    let report: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    Ok(floor_of(&report, &times, jobs, round_trip_ms))
}

/// The floor from a report and plain-build times (seconds, by `target::test` id).
fn floor_of(
    report: &Value,
    times: &HashMap<String, f64>,
    jobs: usize,
    round_trip_ms: f64,
) -> Floor {
    let (mut seconds, mut runs, mut untimed) = (0.0, 0, 0);
    let mut by_status: BTreeMap<String, Share> = BTreeMap::new();
    let mutants = report["files"]
        .as_object()
        .into_iter()
        .flat_map(|files| files.values())
        .flat_map(|file| file["mutants"].as_array().into_iter().flatten());
    for mutant in mutants {
        let status = match mutant["status"].as_str() {
            Some(s @ ("Killed" | "Survived" | "Timeout")) => s,
            _ => continue,
        };
        let share = by_status.entry(status.to_owned()).or_default();
        share.runs += mutant["testsCompleted"].as_u64().unwrap_or(0) as usize;
        share.seconds += mutant["duration"].as_f64().unwrap_or(0.0) / 1000.0;
        let ids = |key: &str| -> Vec<String> {
            mutant[key]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t.as_str().map(str::to_owned))
                .collect()
        };
        let killer = ids("killedBy").into_iter().next();
        let mut covering = ids("coveredBy");
        covering.sort_by(|a, b| {
            let time = |t: &String| times.get(t).copied().unwrap_or(0.0);
            time(a).total_cmp(&time(b))
        });
        for test in covering {
            runs += 1;
            share.floor_runs += 1;
            match times.get(&test) {
                Some(t) => {
                    seconds += t;
                    share.floor_seconds += t;
                }
                None => untimed += 1,
            }
            if killer.as_ref() == Some(&test) {
                break;
            }
        }
    }
    seconds += runs as f64 * round_trip_ms / 1000.0;
    Floor {
        seconds: seconds / jobs.max(1) as f64,
        runs,
        untimed,
        by_status,
    }
}

/// Each test's time in the plain build of `tree`: run alone in a process of its own, less
/// the time of a process that runs no test.
fn plain_test_times(tree: &Path) -> Result<HashMap<String, f64>, String> {
    let mut times = HashMap::new();
    for (target, binary) in plain_test_binaries(tree)? {
        let run = |filter: &str| -> Result<f64, String> {
            let started = Instant::now();
            Command::new(&binary)
                .args(["--exact", filter, "--test-threads", "1"])
                .current_dir(tree)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .map_err(|e| format!("{}: {e}", binary.display()))?;
            Ok(started.elapsed().as_secs_f64())
        };
        let empty = median(
            (0..5)
                .map(|_| run("mutate-bench: no such test"))
                .collect::<Result<_, _>>()?,
        );
        for test in list_tests(&binary)? {
            let seconds = (run(&test)? - empty).max(0.0);
            times.insert(format!("{target}::{test}"), seconds);
        }
    }
    Ok(times)
}

/// `(target name, executable)` of the plain build's test binaries.
fn plain_test_binaries(tree: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let built =
        crate::artifacts::build_in(tree, crate::artifacts::Mode::Plain, &["test", "--no-run"])?;
    Ok(built
        .into_iter()
        .map(|(name, path)| (name.replace('-', "_"), path))
        .collect())
}

fn list_tests(binary: &Path) -> Result<Vec<String>, String> {
    let output = Command::new(binary)
        .args(["--list", "--format", "terse"])
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .map(str::to_owned)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn counts_covering_tests_fastest_first_up_to_the_killer() {
        let report = json!({"files": {"src/lib.rs": {"mutants": [
            // Killed by b: a (0.1 s) and b (0.2 s) run, c (0.4 s) does not.
            {"status": "Killed", "coveredBy": ["c", "b", "a"], "killedBy": ["b"],
             "testsCompleted": 2, "duration": 450.0},
            // Survived: every covering test runs.
            {"status": "Survived", "coveredBy": ["a", "c"], "testsCompleted": 1,
             "duration": 500.0},
            // Not run: no cost.
            {"status": "NoCoverage", "coveredBy": []},
            {"status": "CompileError", "coveredBy": ["a"]},
            // A doc test the plain build has no binary for.
            {"status": "Killed", "coveredBy": ["doc"], "killedBy": ["doc"],
             "testsCompleted": 1, "duration": 1.0},
        ]}}});
        let times = HashMap::from([("a".into(), 0.1), ("b".into(), 0.2), ("c".into(), 0.4)]);
        let floor = floor_of(&report, &times, 2, 10.0);
        assert_eq!(floor.runs, 5);
        assert_eq!(floor.untimed, 1);
        // (0.1 + 0.2 + 0.1 + 0.4 + 5 x 0.01) / 2
        assert!((floor.seconds - 0.425).abs() < 1e-9, "{}", floor.seconds);
        let survived = &floor.by_status["Survived"];
        assert_eq!((survived.runs, survived.floor_runs), (1, 2));
        assert!((survived.seconds - 0.5).abs() < 1e-9);
        assert!((survived.floor_seconds - 0.5).abs() < 1e-9);
        let killed = &floor.by_status["Killed"];
        assert_eq!(
            (killed.runs, killed.floor_runs),
            (3, 3),
            "the doc test counts"
        );
        assert!((killed.floor_seconds - 0.3).abs() < 1e-9);
    }
}
