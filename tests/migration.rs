//! A cargo-mutants user's crate (`examples/migrating`), run as they would first run this
//! tool: bare, on code with no `#[mutate]`, with their `#[mutants::skip]` marks, their
//! `.cargo/mutants.toml` (a test left out with `--skip`, files and names excluded) and
//! their CI reading `mutants.out/`.

mod common;

use common::*;
use serde_json::Value;
use std::collections::BTreeSet;

const MANIFEST: &str = "examples/migrating/Cargo.toml";

#[test]
fn a_cargo_mutants_users_crate_runs_bare_with_their_marks_config_and_outputs() {
    let out_dir = tempfile::tempdir().unwrap();
    let runtime = repo().join("mutate-runtime").display().to_string();
    let out = driver(&[
        "--manifest-path",
        MANIFEST,
        "--runtime-path",
        &runtime,
        "--output-format",
        "cargo-mutants",
        "-o",
        out_dir.path().to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // A mutant no test reaches is missed: exit 3, not a refusal of the red test.
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    for said in [
        "No #[mutate] here (no tested package depends on mutate-runtime): mutating every \
         item, as --all-items does",
        "(cargo-mutants' configuration)",
        "not taken here: test_tool (tests run in forked children of each test binary)",
        // `width`, under a feature that is off: cargo-mutants lists its mutants.
        "Cfg-off 5 lines under a #[cfg(..)] this build leaves out",
    ] {
        assert!(stderr.contains(said), "{said}\n{stderr}");
    }
    check_expected(
        "examples/migrating/expected/verdicts.txt",
        &verdicts(out_dir.path()),
    );
    let report = Report::read(out_dir.path());
    for m in &report.mutants {
        let left_out = [
            "in trace",
            "trace ->",
            "noisy",
            "debug_dump",
            "generated.rs",
        ];
        let run = m.status != "Ignored";
        assert!(
            !(run && left_out.iter().any(|l| m.id.contains(l))),
            "{} was run",
            m.id
        );
        assert!(
            !m.id.contains("trace") && !m.id.contains("noisy"),
            "{}",
            m.id
        );
        let by = m.killed_by.iter().chain(&m.covered_by);
        assert!(by.clone().all(|t| !t.contains("tz_data")), "{by:?}");
    }

    // cargo-mutants' outputs, read back as its readers read them.
    let mutants_out = out_dir.path().join("mutants.out");
    let lines = |name: &str| -> BTreeSet<String> {
        std::fs::read_to_string(mutants_out.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let with_status = |statuses: &[&str]| -> BTreeSet<String> {
        report
            .mutants
            .iter()
            .filter(|m| statuses.contains(&m.status.as_str()))
            .map(|m| m.id.clone())
            .collect()
    };
    let caught = lines("caught.txt");
    let missed = lines("missed.txt");
    assert_eq!(caught, with_status(&["Killed"]));
    assert!(caught.contains("src/lib.rs:8:7: replace + with - in add"));
    assert_eq!(missed, with_status(&["Survived", "NoCoverage"]));
    assert!(lines("timeout.txt").is_empty());
    // A constant rustc rejects with the mutant is unviable, as cargo-mutants says.
    let unviable = lines("unviable.txt");
    assert_eq!(unviable, with_status(&["CompileError"]));
    assert!(
        unviable.contains("src/lib.rs:49:23: replace + with *"),
        "{unviable:?}"
    );
    // The constants' mutants, under cargo-mutants' names: caught by the tests built with
    // them. One that leaves its constant's value as it was is equivalent, and one whose
    // text panics unviable, each found by running the constant both ways, with no build.
    assert!(caught.contains("src/lib.rs:43:33: replace * with +"));
    assert!(caught.contains("src/lib.rs:56:27: delete -"));
    let mutant = |id: &str| report.mutants.iter().find(|m| m.id == id).expect(id);
    let same = mutant("src/lib.rs:46:26: replace << with >>");
    assert_eq!(same.equivalence, "proven", "{same:?}");
    assert!(same.reason.contains("the same value"), "{same:?}");
    assert!(!missed.contains(&same.id) && !caught.contains(&same.id));
    let overflows = mutant("src/lib.rs:49:23: replace + with *");
    assert!(
        overflows
            .reason
            .contains("its text panics (attempt to multiply with overflow)"),
        "{overflows:?}"
    );
    // A constant of a function body that only run-time code reads is judged in the mutant
    // phase by the test that reaches it; one that sizes an array, by a build of its own in
    // which the function runs the code that build chose (both survived that build before).
    let switched = mutant("src/lib.rs:66:38: replace * with + in hours_to_seconds");
    assert_eq!(
        switched.killed_by,
        ["migrating::tests::constants"],
        "{switched:?}"
    );
    let built = mutant("src/lib.rs:73:27: replace + with * in pair");
    assert_eq!(built.status, "Killed", "{built:?}");
    assert!(built.reason.contains("built with it"), "{built:?}");

    let outcomes: Value =
        serde_json::from_str(&std::fs::read_to_string(mutants_out.join("outcomes.json")).unwrap())
            .expect("outcomes.json is JSON");
    let list = outcomes["outcomes"].as_array().unwrap();
    assert_eq!(list[0]["scenario"], "Baseline");
    assert_eq!(list[0]["summary"], "Success");
    assert_eq!(
        outcomes["total_mutants"],
        caught.len() + missed.len() + unviable.len()
    );
    assert_eq!(outcomes["unviable"], unviable.len());
    assert_eq!(outcomes["caught"], caught.len());
    assert_eq!(outcomes["missed"], missed.len());
    for outcome in &list[1..] {
        let mutant = &outcome["scenario"]["Mutant"];
        let name = mutant["name"].as_str().unwrap().to_owned();
        let expected = match outcome["summary"].as_str().unwrap() {
            "CaughtMutant" => &caught,
            "MissedMutant" => &missed,
            "Unviable" => &unviable,
            other => panic!("{name}: {other}"),
        };
        assert!(expected.contains(&name), "{name}");
        assert_eq!(mutant["package"], "migrating");
        for path in ["log_path", "diff_path"] {
            let file = mutants_out.join(outcome[path].as_str().unwrap());
            assert!(file.is_file(), "{}", file.display());
        }
    }
    let mutants: Value =
        serde_json::from_str(&std::fs::read_to_string(mutants_out.join("mutants.json")).unwrap())
            .unwrap();
    assert_eq!(mutants.as_array().unwrap().len(), list.len() - 1);
}

/// `--run-mutant` on a constant's mutant that sizes an array: no switch reaches it, so the
/// tests are built again with it named to its package, and the test binaries that build
/// made anew are run whole.
#[test]
fn run_mutant_builds_a_constants_mutant_into_the_tests() {
    let runtime = repo().join("mutate-runtime").display().to_string();
    let id = "src/lib.rs:73:27: replace + with * in pair";
    let out = driver(&[
        "--manifest-path",
        MANIFEST,
        "--runtime-path",
        &runtime,
        "--run-mutant",
        id,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stderr.contains(&format!("Building the tests with `{id}` on")),
        "{stderr}"
    );
    // `1 * 1` makes `pair` one element long: its test, built with it, fails.
    assert!(
        stdout.starts_with(&format!("KILLED {id}: ")),
        "{stdout}\n{stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
}
