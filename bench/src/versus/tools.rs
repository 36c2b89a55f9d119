//! Running each tool on a crate, timed, and reading its verdicts.

use super::compare::{Mutant, Verdict, change_of};
use crate::repo;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The cargo-mutants release the figures are taken with; installed if missing.
pub const CARGO_MUTANTS_VERSION: &str = "27.1.0";

pub fn ensure_cargo_mutants() -> Result<(), String> {
    let installed = Command::new("cargo")
        .args(["mutants", "--version"])
        .output()
        .is_ok_and(|o| {
            o.status.success() && String::from_utf8_lossy(&o.stdout).contains(CARGO_MUTANTS_VERSION)
        });
    if installed {
        return Ok(());
    }
    eprintln!("installing cargo-mutants {CARGO_MUTANTS_VERSION}");
    run_ok(
        Command::new("cargo").args([
            "install",
            "--locked",
            "cargo-mutants",
            "--version",
            CARGO_MUTANTS_VERSION,
        ]),
        "cargo install cargo-mutants",
    )
}

/// Builds the driver in release mode and returns its path.
pub fn build_driver() -> Result<PathBuf, String> {
    run_ok(
        Command::new("cargo")
            .args(["build", "--release", "-p", "mutate-driver"])
            .current_dir(repo()),
        "cargo build --release -p mutate-driver",
    )?;
    Ok(repo().join("target/release/cargo-mutate-driver"))
}

fn run_ok(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed: {status}"))
    }
}

/// Seconds of wall time a command took; its output goes to `log`.
pub fn timed(command: &mut Command, log: &Path) -> Result<(f64, Option<i32>), String> {
    let file = std::fs::File::create(log).map_err(|e| e.to_string())?;
    let err = file.try_clone().map_err(|e| e.to_string())?;
    let start = Instant::now();
    let status = command
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(err)
        .status()
        .map_err(|e| e.to_string())?;
    Ok((start.elapsed().as_secs_f64(), status.code()))
}

/// A fresh copy of `source` in `base/dir`, tested there as a user would first: a plain
/// `cargo test`, its output in `base/<dir>-plain-test.log`. The copy, and the test's
/// seconds and exit code.
pub fn tested_copy(
    source: &Path,
    base: &Path,
    dir: &str,
    settings: &super::Settings,
) -> Result<(PathBuf, (f64, Option<i32>)), String> {
    let tree = base.join(dir);
    super::fresh_copy(source, &tree)?;
    let plain = timed(
        Command::new("cargo")
            .arg("test")
            .args(settings.args())
            .current_dir(&tree),
        &base.join(format!("{dir}-plain-test.log")),
    )?;
    Ok((tree, plain))
}

/// `driver mutate-driver --all-items -o OUT ARGS` in `tree` (ARGS last: a crate's
/// settings may end in `-- <libtest's>`), OUT made first, its output in `log`: its seconds
/// and exit code.
pub fn timed_all_items(
    driver: &Path,
    tree: &Path,
    args: &[&str],
    out: &Path,
    log: &Path,
) -> Result<(f64, Option<i32>), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    timed(
        Command::new(driver)
            .args(["mutate-driver", "--all-items", "-o"])
            .arg(out)
            .args(args)
            .current_dir(tree),
        log,
    )
}

/// [`timed_all_items`]: its seconds, or an error unless it ended as a run that reports
/// (0, 3 or 4).
pub fn run_all_items(
    driver: &Path,
    tree: &Path,
    args: &[&str],
    out: &Path,
    log: &Path,
) -> Result<f64, String> {
    let (seconds, code) = timed_all_items(driver, tree, args, out, log)?;
    if !matches!(code, Some(0 | 3 | 4)) {
        return Err(format!(
            "the driver ended with {code:?}; see {}",
            log.display()
        ));
    }
    Ok(seconds)
}

pub struct Run {
    pub seconds: f64,
    pub mutants: Vec<Mutant>,
}

/// cargo-mutants over the crate in `dir`. `warm`: the crate's tests are built first
/// (not timed) and cargo-mutants copies that build into its scratch tree. `shard`: only
/// that share of its mutants (`K/N`), for crates where a whole run takes hours.
pub fn cargo_mutants(
    dir: &Path,
    out: &Path,
    jobs: usize,
    warm: bool,
    shard: Option<&str>,
) -> Result<Run, String> {
    if warm {
        run_ok(
            Command::new("cargo")
                .args(["test", "--no-run", "-q"])
                .current_dir(dir)
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
            "cargo test --no-run",
        )?;
    }
    std::fs::create_dir_all(out).map_err(|e| e.to_string())?;
    let mut command = Command::new("cargo");
    command
        .args(["mutants", "--no-shuffle", "--jobs", &jobs.to_string(), "-o"])
        .arg(out)
        .current_dir(dir);
    if warm {
        command.arg("--copy-target=true");
    }
    if let Some(shard) = shard {
        command.args(["--shard", shard]);
    }
    let (seconds, code) = timed(&mut command, &out.join("run.log"))?;
    std::fs::write(out.join(SECONDS), format!("{seconds}\n")).map_err(|e| e.to_string())?;
    let outcomes = out.join("mutants.out/outcomes.json");
    let text = std::fs::read_to_string(&outcomes).map_err(|e| {
        format!(
            "cargo mutants exited {code:?} without {}: {e}",
            outcomes.display()
        )
    })?;
    read_outcomes(out, &text, seconds)
}

/// Where a cargo-mutants run's wall time is kept beside its output.
const SECONDS: &str = "seconds.txt";

/// An earlier cargo-mutants run's outcomes in `out`, if it finished; its time is NaN when
/// it was not recorded.
pub fn earlier_cargo_mutants(out: &Path) -> Option<Run> {
    let text = std::fs::read_to_string(out.join("mutants.out/outcomes.json")).ok()?;
    let seconds = std::fs::read_to_string(out.join(SECONDS))
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(f64::NAN);
    read_outcomes(out, &text, seconds).ok()
}

/// cargo-mutants' `outcomes.json` (its text), for the run whose output is in `out`.
fn read_outcomes(out: &Path, text: &str, seconds: f64) -> Result<Run, String> {
    let json: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut mutants = Vec::new();
    for outcome in json["outcomes"].as_array().into_iter().flatten() {
        let m = &outcome["scenario"]["Mutant"];
        if m.is_null() {
            continue;
        }
        let name = m["name"].as_str().unwrap_or_default().to_string();
        let summary = outcome["summary"].as_str().unwrap_or_default();
        let verdict = match summary {
            "CaughtMutant" | "Timeout" => Verdict::Detected,
            "MissedMutant" => Verdict::Survived,
            "Unviable" => Verdict::Unviable,
            _ => Verdict::Other,
        };
        let description = name.splitn(4, ':').nth(3).unwrap_or_default().trim();
        mutants.push(Mutant {
            file: m["file"].as_str().unwrap_or_default().to_string(),
            line: m["span"]["start"]["line"].as_u64().unwrap_or(0),
            column: m["span"]["start"]["column"].as_u64().unwrap_or(0),
            change: change_of(description, m["genre"] == "FnValue"),
            verdict,
            timeout: summary == "Timeout",
            name,
            log: outcome["log_path"]
                .as_str()
                .map(|log| out.join("mutants.out").join(log)),
        });
    }
    Ok(Run { seconds, mutants })
}

/// cargo-mutants' log of `mutant`'s run, where it kept one and it can be read.
fn log_of(mutant: &Mutant) -> Option<String> {
    mutant
        .log
        .as_ref()
        .and_then(|l| std::fs::read_to_string(l).ok())
}

/// Whether cargo-mutants' log of a caught mutant shows only doctests failing.
pub fn caught_only_by_doctests(mutant: &Mutant) -> bool {
    let Some(log) = log_of(mutant) else {
        return false;
    };
    let failed: Vec<&str> = log.lines().filter(|l| l.ends_with("... FAILED")).collect();
    // Doctests are named `path - item (line N)`.
    !failed.is_empty()
        && failed
            .iter()
            .all(|l| l.contains(" - ") && l.contains("(line "))
}

/// Whether cargo-mutants' log of an unviable mutant shows only test targets failing to
/// build (integration tests, examples, benches, the library's unit tests; not the library
/// or a program): a proc macro's mutant whose expansion breaks the tests. `cargo test`
/// fails with it, which mutate reports as killed.
pub fn only_tests_failed_to_build(mutant: &Mutant) -> bool {
    let Some(log) = log_of(mutant) else {
        return false;
    };
    let failed: Vec<&str> = log
        .lines()
        .filter_map(|l| l.strip_prefix("error: could not compile `"))
        .filter_map(|rest| Some(rest.split_once("` (")?.1))
        .collect();
    !failed.is_empty()
        && failed.iter().all(|target| {
            ["test \"", "example \"", "bench \"", "lib test)"]
                .iter()
                .any(|kind| target.starts_with(kind))
        })
}

/// Our driver with `--all-items` over the crate in `dir`, with the runtime it carries.
pub fn ours(driver: &Path, dir: &Path, out: &Path, jobs: usize) -> Result<Run, String> {
    std::fs::create_dir_all(out).map_err(|e| e.to_string())?;
    let mut command = Command::new(driver);
    command
        .args(["mutate-driver", "--all-items", "--jobs"])
        .arg(jobs.to_string())
        .arg("-o")
        .arg(out)
        .current_dir(dir);
    let (seconds, code) = timed(&mut command, &out.join("run.log"))?;
    if !matches!(code, Some(0 | 3 | 4)) {
        return Err(format!(
            "the driver exited {code:?} on {} (see {})",
            dir.display(),
            out.join("run.log").display()
        ));
    }
    let json = crate::report_json::read(&out.join("report.json"))?;
    let mut mutants = Vec::new();
    for m in crate::report_json::mutants(&json) {
        let id = m["id"].as_str().unwrap_or_default().to_string();
        let status = m["status"].as_str().unwrap_or_default();
        let verdict = match status {
            "Killed" | "Timeout" => Verdict::Detected,
            "Survived" | "NoCoverage" => Verdict::Survived,
            "CompileError" => Verdict::Unviable,
            _ => Verdict::Other,
        };
        let description = id.splitn(4, ':').nth(3).unwrap_or_default().trim();
        // The id's line and column (the operator's, as cargo-mutants names it); the
        // report's `location` starts the outer `||` of `a || b || c` at `a`.
        let (line, column) = position_in_id(&id).unwrap_or((
            m["location"]["start"]["line"].as_u64().unwrap_or(0),
            m["location"]["start"]["column"].as_u64().unwrap_or(0),
        ));
        mutants.push(Mutant {
            file: m["file"].as_str().unwrap_or_default().to_owned(),
            line,
            column,
            change: change_of(description, m["mutatorName"] == "fn_value"),
            verdict,
            timeout: status == "Timeout",
            name: id,
            log: None,
        });
    }
    Ok(Run { seconds, mutants })
}

/// The line and column in a mutant's id, `src/lib.rs:55:65: replace || with && in f`.
pub(crate) fn position_in_id(id: &str) -> Option<(u64, u64)> {
    let mut parts = id.splitn(4, ':').skip(1);
    let line = parts.next()?.trim().parse().ok()?;
    let column = parts.next()?.trim().parse().ok()?;
    Some((line, column))
}

/// `cargo test`'s own view of mutant `id`, `runs` times: every test binary of our build of
/// the crate in `dir` run whole with the mutant active (`--run-mutant`, doc tests
/// included), no fork, no limits but a wall clock of `deadline`. Returns how many runs
/// detected it, or `None` if a run overran (it is killed with its tests) or the driver
/// failed.
pub fn cargo_test_view(
    driver: &Path,
    dir: &Path,
    id: &str,
    runs: usize,
    deadline: std::time::Duration,
) -> Option<usize> {
    use mutate_driver::exit_code;
    let mut detected = 0;
    for _ in 0..runs {
        let mut run = mutate_driver::process::Contained::spawn(
            Command::new(driver)
                .args(["mutate-driver", "--all-items", "--run-mutant", id])
                .current_dir(dir)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        )
        .ok()?;
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = run.ended() {
                break status;
            }
            if started.elapsed() > deadline {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        match status.code() {
            Some(exit_code::SUCCESS) => detected += 1,
            Some(exit_code::SURVIVORS) => {}
            _ => return None,
        }
    }
    Some(detected)
}

/// Seconds of the driver's build and mutation phases, from its report.
pub fn phases(report: &Path) -> Option<(f64, f64)> {
    let json = crate::report_json::read(report).ok()?;
    let seconds = &json["seconds"];
    Some((seconds["build"].as_f64()?, seconds["mutants"].as_f64()?))
}

/// Where the driver's mutation phase spent its job time (`seconds.mutantsCosts` of its
/// report), as one line: servers started and their start time, runs, their round trips
/// and the children's lives in them.
pub fn phase_costs(report: &Path) -> Option<String> {
    let json = crate::report_json::read(report).ok()?;
    let c = &json["seconds"]["mutantsCosts"];
    let starts = c["serverStarts"].as_u64()?;
    let runs = c["runs"].as_u64()?;
    let (starting, trips, tests) = (
        c["starting"].as_f64()?,
        c["roundTrips"].as_f64()?,
        c["inChildren"].as_f64()?,
    );
    Some(format!(
        "{starts} servers started in {starting:.2} s ({:.1} ms each); {runs} runs, \
         {trips:.2} s round trips, of which {tests:.2} s in the children ({:.2} ms a run \
         outside them)",
        1e3 * starting / starts.max(1) as f64,
        1e3 * (trips - tests) / runs.max(1) as f64,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_log(text: &str) -> (tempfile::TempDir, Mutant) {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("m.log");
        std::fs::write(&log, text).unwrap();
        let mutant = Mutant {
            file: String::new(),
            line: 1,
            column: 1,
            change: String::new(),
            verdict: Verdict::Detected,
            name: String::new(),
            timeout: false,
            log: Some(log),
        };
        (dir, mutant)
    }

    #[test]
    fn reads_the_position_in_an_id() {
        assert_eq!(
            position_in_id("src/query_parser.rs:55:65: replace || with && in bare_string"),
            Some((55, 65))
        );
        assert_eq!(position_in_id("no position"), None);
    }

    #[test]
    fn tells_doctest_only_kills_from_others() {
        let (_d, doc) = with_log("test src/lib.rs - to (line 20) ... FAILED\n");
        assert!(caught_only_by_doctests(&doc));
        let (_d, unit) = with_log(
            "test tests::round_trip ... FAILED\ntest src/lib.rs - to (line 20) ... FAILED\n",
        );
        assert!(!caught_only_by_doctests(&unit));
        let (_d, none) = with_log("test result: ok\n");
        assert!(!caught_only_by_doctests(&none));
    }

    #[test]
    fn tells_a_failing_test_build_from_a_failing_library() {
        let (_d, tests) = with_log(
            "error: could not compile `sd` (example \"example\") due to 1 previous error\n\
             error: could not compile `sd` (test \"tests\") due to 9 previous errors\n",
        );
        assert!(only_tests_failed_to_build(&tests));
        let (_d, lib) = with_log(
            "error: could not compile `sd` (lib) due to 1 previous error\n\
             error: could not compile `sd` (test \"tests\") due to 1 previous error\n",
        );
        assert!(!only_tests_failed_to_build(&lib));
        let (_d, none) = with_log("test result: ok\n");
        assert!(!only_tests_failed_to_build(&none));
    }
}
