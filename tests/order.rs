//! Tests whose result depends on the other tests: the driver judges mutants with each
//! test alone, and says which tests would behave differently run together.

mod common;

use common::*;

const MANIFEST: &str = "examples/hostile/Cargo.toml";

#[test]
fn a_test_that_fails_only_together_is_reported_and_the_run_goes_on() {
    let (out, dir) = run_example(MANIFEST, &["--features", "order-suite", "--re", "checked"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("ORDER suites::order_2_expects_fresh_state"),
        "{stdout}"
    );
    let listed = std::fs::read_to_string(dir.path().join("order_dependent_tests.txt")).unwrap();
    assert_eq!(listed, "suites::order_2_expects_fresh_state\n");
    // Alone, both tests pass and reach `checked`: its doubling is killed as usual.
    let verdicts = verdicts(dir.path());
    assert!(
        verdicts.contains("Killed       examples/hostile/src/lib.rs:28:7: replace * with +"),
        "{verdicts}"
    );
}

#[test]
fn a_test_that_fails_only_alone_stops_the_run_with_the_reason() {
    let (out, dir) = run_example(MANIFEST, &["--features", "lonely-suite", "--re", "checked"]);
    let stderr = assert_refused(
        &out,
        "lonely_2_needs_preparation",
        "it passes when its binary runs whole",
    );
    assert!(
        !stderr.contains("lonely_1_prepares failed"),
        "only the failing test is named: {stderr}"
    );
    assert!(!dir.path().join("report.json").exists());
}

/// A test that passes and then fails with every mutant off is flaky: it is named, its
/// failure in the whole run is not taken for an order dependence, and its failures kill
/// no mutant: `checked`'s verdicts are those of the run without it.
#[test]
fn a_flaky_test_is_named_and_kills_nothing() {
    let (out, dir) = run_example(
        MANIFEST,
        &[
            "--features",
            "flaky-suite",
            "--re",
            "checked",
            "--flakes",
            "3",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(3)), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("FLAKY suites::flaky_every_second_run"),
        "{stdout}"
    );
    assert!(!stdout.contains("ORDER"), "{stdout}");
    assert!(stderr.contains("its failures kill no mutant"), "{stderr}");
    let (_, steady) = run_example(MANIFEST, &["--re", "checked"]);
    assert_eq!(verdicts(dir.path()), verdicts(steady.path()));
    let report = Report::read(dir.path());
    assert!(
        report
            .mutants
            .iter()
            .all(|m| !m.killed_by.iter().any(|t| t.contains("flaky"))),
        "a flaky test killed a mutant"
    );
}
