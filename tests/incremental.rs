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

struct Run {
    /// Status by mutant id, whether it was taken from the previous run, and its function.
    verdicts: BTreeMap<String, (String, bool, String)>,
    reused: u64,
    /// Each survivor's diagnosis, by id.
    diagnoses: BTreeMap<String, String>,
}

fn run(manifest: &Path, out: &Path, extra: &[&str]) -> Run {
    let mut args = vec![
        "--manifest-path",
        manifest.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let output = driver_command(&args).output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let mut verdicts = BTreeMap::new();
    let mut diagnoses = BTreeMap::new();
    for file in report["files"].as_object().unwrap().values() {
        for m in file["mutants"].as_array().unwrap() {
            if !m["diagnosis"].is_null() {
                let id = m["id"].as_str().unwrap().to_owned();
                diagnoses.insert(id, m["diagnosis"].to_string());
            }
            verdicts.insert(
                m["id"].as_str().unwrap().to_owned(),
                (
                    m["status"].as_str().unwrap().to_owned(),
                    m["reused"] == Value::Bool(true),
                    m["function"].as_str().unwrap().to_owned(),
                ),
            );
        }
    }
    Run {
        verdicts,
        reused: report["incremental"]["reusedVerdicts"].as_u64().unwrap(),
        diagnoses,
    }
}

fn statuses(run: &Run) -> BTreeMap<&str, &str> {
    run.verdicts
        .iter()
        .map(|(id, (status, ..))| (id.as_str(), status.as_str()))
        .collect()
}

#[test]
fn an_edit_reruns_the_mutants_whose_tests_enter_the_edited_function() {
    let dir = tempfile::tempdir().unwrap();
    copy_of_gcd(dir.path());
    let manifest = dir.path().join("Cargo.toml");
    let out = dir.path().join("mutate.out");
    // A listing builds the crate first, so the lock file the build writes is there
    // before the first incremental run looks.
    let listed = driver_command(&["--manifest-path", manifest.to_str().unwrap(), "--list"])
        .output()
        .unwrap();
    assert!(listed.status.success());

    let first = run(&manifest, &out, &["--incremental"]);
    assert_eq!(first.reused, 0);
    let again = run(&manifest, &out, &["--incremental"]);
    assert_eq!(
        again.reused as usize,
        again.verdicts.len(),
        "nothing changed"
    );
    assert_eq!(statuses(&again), statuses(&first));

    // Same results, other code: `b` is unsigned.
    let source = dir.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(text.contains("while b != 0 {"));
    std::fs::write(&source, text.replace("while b != 0 {", "while b > 0 {")).unwrap();
    let edited = run(&manifest, &out, &["--incremental"]);
    for (id, (_, reused, function)) in &edited.verdicts {
        let rerun = ["arith::gcd", "arith::lcm"].contains(&function.as_str());
        assert_eq!(*reused, !rerun, "{id}");
    }
    assert!(edited.reused > 0);

    // Every verdict is a full run's.
    let full = run(&manifest, &dir.path().join("full"), &[]);
    assert_eq!(full.reused, 0);
    assert_eq!(statuses(&edited), statuses(&full));
    // Survivors taken keep their diagnosis (not traced again), and it is a full run's.
    assert!(!full.diagnoses.is_empty());
    assert_eq!(edited.diagnoses, full.diagnoses);
}
