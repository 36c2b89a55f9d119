//! A suite that is red or hangs with every mutant off is refused, with the test named and
//! exit code 6: no mutant is judged against it.

mod common;

use common::*;
use std::time::{Duration, Instant};

const MANIFEST: &str = "examples/hostile/Cargo.toml";

#[test]
fn failing_baseline_test_stops_the_run() {
    let (out, dir) = run_example(MANIFEST, &["--features", "red-suite"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(6), "{stderr}");
    assert!(stderr.contains("red_before_any_mutation"), "{stderr}");
    assert!(stderr.contains("this suite is red on purpose"), "{stderr}");
    assert!(
        !dir.path().join("report.json").exists(),
        "nothing was judged"
    );
}

#[test]
fn hanging_baseline_test_stops_the_run() {
    let started = Instant::now();
    let (out, _dir) = run_example(
        MANIFEST,
        &["--features", "hung-suite", "--baseline-timeout", "2"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(6), "{stderr}");
    assert!(stderr.contains("hangs_before_any_mutation"), "{stderr}");
    assert!(stderr.contains("baseline timeout"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(120));
}
