//! A suite that is red or hangs with every mutant off is refused, with the test named and
//! exit code 6: no mutant is judged against it.

mod common;

use common::*;
use std::time::{Duration, Instant};

const MANIFEST: &str = "examples/hostile/Cargo.toml";

#[test]
fn failing_baseline_test_stops_the_run() {
    let (out, dir) = run_example(MANIFEST, &["--features", "red-suite"]);
    let stderr = assert_refused(
        &out,
        "red_before_any_mutation",
        "this suite is red on purpose",
    );
    assert!(
        !dir.path().join("report.json").exists(),
        "nothing was judged"
    );
    // The refusal names the test arguments that leave the test out, as cargo test's do.
    assert!(
        stderr
            .contains("cargo mutate-driver [OPTIONS] -- --exact --skip 'red_before_any_mutation'"),
        "{stderr}"
    );
}

/// The test arguments the refusal names, after `--`, leave the failing test out of the
/// baseline, the mutants' runs and the binaries run whole: the run goes to the end.
#[test]
fn a_failing_test_left_out_with_skip_lets_the_run_go_on() {
    let (out, dir) = run_example(
        MANIFEST,
        &[
            "--features",
            "red-suite",
            "--",
            "--exact",
            "--skip",
            "red_before_any_mutation",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(0 | 3)), "{stderr}");
    let report = Report::read(dir.path());
    assert!(!report.mutants.is_empty());
    let tests: Vec<&String> = report.mutants.iter().flat_map(|m| &m.covered_by).collect();
    assert!(!tests.is_empty(), "no test covered anything");
    assert!(
        tests
            .iter()
            .all(|t| !t.ends_with("red_before_any_mutation")),
        "the skipped test ran"
    );
    // An option of libtest's that the driver does not take is refused by name.
    let (out, _) = run_example(
        MANIFEST,
        &[
            "--features",
            "red-suite",
            "--list",
            "--",
            "--include-ignored",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("test argument `--include-ignored` is not taken here"),
        "{stderr}"
    );
}

#[test]
fn hanging_baseline_test_stops_the_run() {
    let started = Instant::now();
    let (out, _dir) = run_example(
        MANIFEST,
        &["--features", "hung-suite", "--baseline-timeout", "2"],
    );
    let stderr = assert_refused(
        &out,
        "hangs_before_any_mutation",
        "did not finish within the baseline timeout (2 s), alone nor with its binary run whole",
    );
    assert!(!stderr.contains("depends on"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(120));
}

/// A green test slower than the baseline timeout is slow, not failing: it passes with its
/// binary run whole, gets that much time alone, and the run goes on.
#[test]
fn a_slow_green_test_does_not_stop_the_run() {
    let (out, dir) = run_example(
        MANIFEST,
        &[
            "--features",
            "slow-baseline-suite",
            "--baseline-timeout",
            "1",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Exit 3: hostile's survivors, as in every run of it.
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(!stderr.contains("fail with every mutant off"), "{stderr}");
    let report = std::fs::read_to_string(dir.path().join("report.json")).unwrap();
    assert!(report.contains("suites::takes_its_time"), "{report}");
}

/// A test that fails alone only because the driver's memory limit is smaller than what it
/// needs: the refusal says so, not that it depends on another test (md5's 4 GiB test
/// under the default limit).
#[test]
fn a_test_over_the_memory_limit_is_told_so() {
    let (out, _dir) = run_example(
        MANIFEST,
        &["--features", "hungry-suite", "--memory-limit", "128"],
    );
    let stderr = assert_refused(
        &out,
        "needs_its_memory",
        "it needs more than --memory-limit allows each test alone",
    );
    assert!(!stderr.contains("depends on"), "{stderr}");
}
