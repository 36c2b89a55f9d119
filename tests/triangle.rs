//! The triangle example: exact verdicts for a strong and a weak test oracle.

mod common;

use common::*;

#[test]
fn triangle_strong_and_weak_oracles() {
    // Run as cargo runs it: with `mutate-driver` as the first argument.
    let strong = tempfile::tempdir().unwrap();
    let out = driver(&[
        "mutate-driver",
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "-o",
        strong.path().to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "survivors exit 3:\n{stdout}");
    assert!(
        stdout.contains("reproduce: cargo mutate-driver"),
        "{stdout}"
    );
    // Its tests do not depend on each other, and none is reported as if they did.
    assert!(!stdout.contains("ORDER"), "{stdout}");
    let order = std::fs::read_to_string(strong.path().join("order_dependent_tests.txt")).unwrap();
    assert_eq!(order, "");
    let strong_verdicts = verdicts(strong.path());
    // What judging each mutant took: a killed mutant ran its tests up to the killer; a
    // mutant no test ran against (uncovered, unviable) has neither figure.
    for m in Report::read(strong.path()).mutants {
        match m.status.as_str() {
            "Killed" => {
                let ran = m.tests_completed.expect("a killed mutant ran tests");
                assert!((1..=m.covered_by.len() as u64).contains(&ran), "{m:?}");
                assert!(m.duration_ms.is_some_and(|ms| ms > 0.0), "{m:?}");
            }
            "NoCoverage" | "CompileError" => {
                assert_eq!((m.tests_completed, m.duration_ms), (None, None), "{m:?}")
            }
            _ => {}
        }
    }
    check_expected("examples/triangle/expected/strong.txt", &strong_verdicts);

    let (out, weak) = run_example(
        "examples/triangle/Cargo.toml",
        &["--features", "weak-oracle"],
    );
    assert_eq!(out.status.code(), Some(3));
    check_expected(
        "examples/triangle/expected/weak.txt",
        &verdicts(weak.path()),
    );
    let (s, w) = (score(strong.path()), score(weak.path()));
    assert!(
        w + 20.0 < s,
        "weak oracle {w:.1}% should score clearly below strong {s:.1}%"
    );

    // The same run again gives the same verdicts.
    let (_, again) = run_example("examples/triangle/Cargo.toml", &[]);
    assert_eq!(verdicts(again.path()), strong_verdicts);
}

/// `--matrix` runs every covering test of every mutant: `matrix.json` has no test left
/// `not run`, the verdicts are those of the normal run, and `analysis.json` (less its
/// timings) is the committed one. `--no-shortcut` is the same option.
#[test]
fn the_full_kill_matrix_and_its_analysis() {
    for flag in ["--matrix", "--no-shortcut"] {
        let (out, dir) = run_example("examples/triangle/Cargo.toml", &[flag]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(3), "{stdout}");
        assert!(stdout.contains("Kill matrix: "), "{stdout}");
        check_expected(
            "examples/triangle/expected/strong.txt",
            &verdicts(dir.path()),
        );
        let read = |name: &str| -> serde_json::Value {
            serde_json::from_str(&std::fs::read_to_string(dir.path().join(name)).unwrap()).unwrap()
        };
        let matrix = read("matrix.json");
        assert_eq!(matrix["complete"], true);
        // An unviable mutant is unviable under any test: one run says so.
        let outcomes: Vec<&serde_json::Value> = matrix["mutants"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["status"] != "unviable")
            .flat_map(|m| m["outcomes"].as_object().unwrap().values())
            .collect();
        assert!(outcomes.len() > 100, "{} outcomes", outcomes.len());
        assert!(outcomes.iter().all(|o| *o != "not run"), "{matrix}");
        let mut analysis = read("analysis.json");
        for test in analysis["tests"].as_array_mut().unwrap() {
            test.as_object_mut().unwrap().remove("seconds_per_kill");
        }
        check_expected(
            "examples/triangle/expected/analysis.json",
            &(serde_json::to_string_pretty(&analysis).unwrap() + "\n"),
        );
    }
    // Without it, the matrix stops at each first kill and there is no analysis.
    let (_, dir) = run_example("examples/triangle/Cargo.toml", &[]);
    let matrix: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("matrix.json")).unwrap())
            .unwrap();
    assert_eq!(matrix["complete"], false);
    assert!(!dir.path().join("analysis.json").exists());
}

/// The mutant phase runs on the fork servers the baseline started: with one job, whose
/// idle servers all stay, it starts none of its own.
#[test]
fn the_mutant_phase_starts_no_server_the_baseline_had() {
    let (out, dir) = run_example("examples/triangle/Cargo.toml", &["--jobs", "1"]);
    assert_eq!(out.status.code(), Some(3));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap())
            .unwrap();
    let costs = &report["seconds"]["mutantsCosts"];
    assert!(
        costs["runs"].as_u64().is_some_and(|runs| runs > 0),
        "{costs}"
    );
    assert_eq!(costs["serverStarts"].as_u64(), Some(0), "{costs}");
    // The peak memory of the driver and of its fork servers, read as each ended: a driver
    // holds more than a server forked from a small test binary, and both hold something.
    let peak = &report["peakMemory"];
    let driver = peak["driverKiB"]
        .as_u64()
        .expect("the driver's peak, on Linux");
    let server = peak["forkServerKiB"]
        .as_u64()
        .expect("a server's peak, on Linux");
    assert!(0 < server && server < driver, "{peak}");
}
