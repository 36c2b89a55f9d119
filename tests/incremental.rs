//! `--incremental` on a copy of the gcd example: a run with nothing changed takes every
//! verdict again; after an edit to `gcd`, which `lcm` calls, the mutants of `gcd` and of
//! `lcm` (whose test enters `gcd`) are run again and the others are taken, and every
//! verdict and survivor's diagnosis equals a full run's.

mod common;

use common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// A copy of `examples/gcd` that builds on its own.
fn copy_of_gcd(dir: &Path) {
    let from = repo().join("examples/gcd");
    for sub in ["src", "tests"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for entry in std::fs::read_dir(from.join(sub)).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), dir.join(sub).join(entry.file_name())).unwrap();
        }
    }
    let runtime = repo().join("mutate-runtime");
    let manifest = std::fs::read_to_string(from.join("Cargo.toml"))
        .unwrap()
        .replace("../../mutate-runtime", runtime.to_str().unwrap());
    std::fs::write(dir.join("Cargo.toml"), format!("{manifest}\n[workspace]\n")).unwrap();
}

/// A driver run in the crate's folder, its output in `out` (relative to that folder, as a
/// user types it), after checking it ended with survivors (exit 3).
fn run(crate_dir: &Path, out: &str, extra: &[&str]) -> Report {
    let mut args = vec!["-o", out];
    args.extend_from_slice(extra);
    let output = driver_command(&args)
        .current_dir(crate_dir)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Report::read(&crate_dir.join(out))
}

/// How many verdicts the run took from the previous one, as its summary counts them.
fn reused(report: &Report) -> u64 {
    report.json["incremental"]["reusedVerdicts"]
        .as_u64()
        .unwrap()
}

fn statuses(report: &Report) -> BTreeMap<&str, &str> {
    report
        .mutants
        .iter()
        .map(|m| (m.id.as_str(), m.status.as_str()))
        .collect()
}

/// Each survivor's diagnosis, by id.
fn diagnoses(report: &Report) -> BTreeMap<&str, &Value> {
    report
        .mutants
        .iter()
        .filter(|m| !m.diagnosis.is_null())
        .map(|m| (m.id.as_str(), &m.diagnosis))
        .collect()
}

#[test]
fn an_edit_reruns_the_mutants_whose_tests_enter_the_edited_function() {
    let dir = tempfile::tempdir().unwrap();
    copy_of_gcd(dir.path());
    let manifest = dir.path().join("Cargo.toml");
    let out = "mutate.out";
    // A listing builds the crate first, so the lock file the build writes is there
    // before the first incremental run looks.
    let listed = driver_command(&["--manifest-path", manifest.to_str().unwrap(), "--list"])
        .output()
        .unwrap();
    assert!(listed.status.success());

    let first = run(dir.path(), out, &["--incremental"]);
    assert_eq!(reused(&first), 0);
    let again = run(dir.path(), out, &["--incremental"]);
    // Mutants the build proves unviable are decided by each build, not taken over.
    let run_ones = again
        .mutants
        .iter()
        .filter(|m| m.status != "CompileError")
        .count();
    assert!(run_ones < again.mutants.len(), "gcd has unviable mutants");
    assert_eq!(reused(&again) as usize, run_ones, "nothing changed");
    assert_eq!(statuses(&again), statuses(&first));

    // Same results, other code: `b` is unsigned.
    let source = dir.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(text.contains("while b != 0 {"));
    std::fs::write(&source, text.replace("while b != 0 {", "while b > 0 {")).unwrap();
    let edited = run(dir.path(), out, &["--incremental"]);
    for m in &edited.mutants {
        let rerun = ["arith::gcd", "arith::lcm"].contains(&m.function.as_str())
            || m.status == "CompileError";
        assert_eq!(m.reused, !rerun, "{}", m.id);
    }
    assert!(reused(&edited) > 0);

    // Every verdict is a full run's.
    let full = run(dir.path(), "full", &[]);
    assert_eq!(reused(&full), 0);
    assert_eq!(statuses(&edited), statuses(&full));
    // Survivors taken keep their diagnosis (not traced again), and it is a full run's.
    assert!(!diagnoses(&full).is_empty());
    assert_eq!(diagnoses(&edited), diagnoses(&full));
}
