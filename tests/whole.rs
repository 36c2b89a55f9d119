//! Test binaries the driver cannot run one by one, which `cargo test` runs all the same:
//! one with a harness of its own (`harness = false`) lists no tests. Its failures must
//! still kill mutants: the driver runs it whole with each mutant no other test detects.

mod common;

use common::*;

#[test]
fn a_test_binary_without_libtest_is_run_whole_against_the_mutants_left() {
    let (out, dir) = run_example("examples/harnessless/Cargo.toml", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // `clamp_add`'s `>` made `>=` is equivalent: the one survivor.
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "`examples/harnessless/tests/table.rs`: its tests cannot be run one by one (no \
             libtest harness: `harness = false`); run whole"
        ),
        "{stderr}"
    );
    // One that lists its cases as libtest does, but builds them all before it picks one:
    // run whole too, its cases never one by one.
    assert!(
        stderr.contains(
            "`examples/harnessless/tests/listed.rs`: its tests cannot be run one by one (a \
             harness of its own (`harness = false`) that took"
        ),
        "{stderr}"
    );
    // Each runs whole only against the mutants its run with every mutant off reached:
    // `listed.rs` the one survivor of `clamp_add`, `table.rs` the seven of `scale`.
    assert!(
        stderr.contains(
            "with each mutant no other test detected that its run with every mutant off reached"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("Whole 1 mutant, one run of that test binary\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Whole 7 mutants, one run of that test binary each"),
        "{stderr}"
    );
    let json = String::from_utf8_lossy(&std::fs::read(dir.path().join("report.json")).unwrap())
        .into_owned();
    assert!(
        !json.contains("clamp_0"),
        "no case of it is a test of the report"
    );
    // Their time is a phase of its own, after the mutant phase's.
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let whole = report["seconds"]["wholeBinaries"].as_f64().unwrap();
    assert!(
        whole > 0.2,
        "the listed harness alone sets up for 0.2 s: {whole}"
    );
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(summary.contains(", binaries run whole "), "{summary}");
    check_expected(
        "examples/harnessless/expected/verdicts.txt",
        &verdicts(dir.path()),
    );
    // A harness that fails where the driver counts in its process is run as `cargo test`
    // runs it, against every mutant left: `halve`, which it alone checks, is judged there.
    assert!(
        stderr.contains(
            "`examples/harnessless/tests/strict.rs`: its tests cannot be run one by one (no \
             libtest harness: `harness = false`); run whole, as `cargo test` runs it, with each \
             mutant no other test detected\n"
        ),
        "{stderr}"
    );
    let report = Report::read(dir.path());
    // `halve` is checked by that binary alone, `scale` by `table.rs` alone: each of their
    // mutants that builds is killed there.
    let killed_by = |function: &str, count: usize, binary: &str| {
        let judged: Vec<_> = report
            .mutants
            .iter()
            .filter(|m| {
                m.id.ends_with(&format!("in {function}"))
                    || m.id.contains(&format!("replace {function} "))
            })
            .filter(|m| m.status != "CompileError")
            .collect();
        assert_eq!(judged.len(), count, "{function}");
        let reason = format!("`examples/harnessless/tests/{binary}` failed with it, run whole");
        for m in judged {
            assert_eq!(m.status, "Killed", "{}", m.id);
            assert!(m.reason.starts_with(&reason), "{}: {}", m.id, m.reason);
        }
    };
    killed_by("halve", 5, "strict.rs");
    killed_by("scale", 7, "table.rs");
}
