//! Undefined behaviour suspected: a mutant in a file with `unsafe` code is run again in a
//! fresh process of the test that decided it; when the two runs disagree on whether it is
//! detected (a SIGSEGV in one, a pass in the other), it is neither killed nor a survivor
//! but `RuntimeError` with a reason that names both verdicts, out of the score; when both
//! detect it (an abort, then an assertion), it is killed, saying so; when they agree, the
//! verdict stands.

mod common;

use common::*;

const MANIFEST: &str = "examples/raw_reads/Cargo.toml";

#[test]
fn a_verdict_that_changes_between_two_runs_is_undefined_behaviour_suspected() {
    let markers = tempfile::tempdir().unwrap();
    let (out, dir) = run_example_with_env(
        MANIFEST,
        &["--message-format", "json"],
        &[("RAW_READS_MARKERS", markers.path().to_str().unwrap())],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    check_expected(
        "examples/raw_reads/expected/verdicts.txt",
        &verdicts(dir.path()),
    );
    let report = Report::read(dir.path());
    let suspected: Vec<&Mutant> = report
        .mutants
        .iter()
        .filter(|m| m.status == "RuntimeError")
        .collect();
    assert_eq!(suspected.len(), 3, "{stderr}");
    for m in &suspected {
        assert!(
            m.reason.starts_with(
                "undefined behaviour suspected: in a file with `unsafe` code, \
                 reads::reads_the_first_byte gave two verdicts in two runs of its own: crashed"
            ),
            "{}: {}",
            m.id,
            m.reason
        );
        assert!(
            m.reason
                .contains("crashed (killed by SIGSEGV), then survived (the test passed)"),
            "{}",
            m.reason
        );
    }
    // `second`'s test aborts, then fails its assertion: detected both times, another way
    // each, which is a kill (`cargo test` fails either way), saying so.
    let second: Vec<&Mutant> = report
        .mutants
        .iter()
        .filter(|m| m.function == "second")
        .collect();
    assert_eq!(second.len(), 4);
    for m in second {
        assert_eq!(m.status, "Killed", "{}: {}", m.id, m.reason);
        assert!(
            m.reason.starts_with("crashed: killed by SIGABRT")
                && m.reason
                    .contains("a run again detected it otherwise: killed (test failed: assertion"),
            "{}: {}",
            m.id,
            m.reason
        );
    }
    let listed = std::fs::read_to_string(dir.path().join("undefined_behaviour.txt")).unwrap();
    assert_eq!(listed.lines().count(), 3, "{listed}");
    // Out of the score: the two kills of `sum` against themselves.
    assert!(
        stderr.contains("3 undefined behaviour suspected"),
        "{stderr}"
    );
    assert!(stderr.contains("mutation score 100.0%"), "{stderr}");
    let lines = stream_lines(&out.stdout);
    for m in &suspected {
        let last = last_mutant_line(&lines, &m.id);
        assert_eq!(last["status"], "RuntimeError", "{last}");
    }
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["undefinedBehaviour"], 3, "{summary}");
    // Code scanning sees them: one SARIF result each, under their own rule.
    let sarif: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.sarif")).unwrap())
            .unwrap();
    let mut flagged: Vec<&str> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] == "undefined-behaviour")
        .map(|r| r["properties"]["mutantId"].as_str().unwrap())
        .collect();
    flagged.sort_unstable();
    let mut expected: Vec<&str> = suspected.iter().map(|m| m.id.as_str()).collect();
    expected.sort_unstable();
    assert_eq!(flagged, expected);
}

#[test]
fn a_verdict_that_repeats_stands() {
    // Without the markers the wrong byte fails its assertion in both runs.
    let (out, dir) = run_example(MANIFEST, &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = Report::read(dir.path());
    assert_eq!(report.mutants.len(), 9);
    assert!(
        report.mutants.iter().all(|m| m.status == "Killed"),
        "{:?}",
        report
            .mutants
            .iter()
            .map(|m| (&m.id, &m.status))
            .collect::<Vec<_>>()
    );
}
