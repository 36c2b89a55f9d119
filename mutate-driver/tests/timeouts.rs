//! The wall clock: tests slow on purpose keep their verdicts, and mutants that never end
//! where no site is hit are stopped, at their time limit when computing and after their
//! grace when waiting.

mod common;

use common::*;

const MANIFEST: &str = "examples/patient/Cargo.toml";

fn reasons(report_dir: &std::path::Path) -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(report_dir.join("report.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for file in report["files"].as_object().unwrap().values() {
        for m in file["mutants"].as_array().unwrap() {
            out.push((
                m["status"].as_str().unwrap().to_owned(),
                m["id"].as_str().unwrap().to_owned(),
                m["statusReason"].as_str().unwrap_or("").to_owned(),
            ));
        }
    }
    out
}

#[test]
fn slow_tests_keep_their_verdicts_and_hangs_end_by_the_clock() {
    // Four times as many jobs as this machine likely has cores: the slow tests' runs are
    // starved, as on a busy machine, and must not be taken for hangs.
    let (out, dir) = run_example(MANIFEST, &["--jobs", "8"]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = verdicts(dir.path());
    check_expected("examples/patient/expected/verdicts.txt", &actual);

    for (status, id, reason) in reasons(dir.path()) {
        // Slow, varying and sleeping tests: what survives there survives, what fails
        // there fails; nothing times out.
        if id.contains("busy_for") || id.contains("nap") {
            assert_ne!(status, "Timeout", "{id}: {reason}");
        }
        // A loop with no site, computing: ended once it has used its time limit (even when
        // starved), never waiting out the grace.
        if id.contains("stride") && id.contains("with 0") {
            assert_eq!(status, "Timeout", "{id}");
            assert!(
                reason.starts_with("used its time limit computing"),
                "{id}: {reason}"
            );
        }
        // Waiting for a message no one sends: ended after its grace.
        if id.contains("workers") && (id.contains("with 0") || id.contains("with 1")) {
            assert_eq!(status, "Timeout", "{id}");
            assert!(
                reason.starts_with("not done after its time limit and grace"),
                "{id}: {reason}"
            );
        }
    }
}

/// Each survivor of the slow tests survives `cargo test` too: the verdicts are not an
/// artefact of the driver's limits.
#[test]
fn slow_survivors_survive_cargo_test() {
    let (_, dir) = run_example(MANIFEST, &[]);
    let actual = verdicts(dir.path());
    let survivors: Vec<&str> = parse_verdicts(&actual)
        .into_iter()
        .filter(|(status, id)| {
            *status == "Survived" && (id.contains("busy_for") || id.contains("nap"))
        })
        .map(|(_, id)| id)
        .collect();
    assert!(survivors.len() >= 4, "{actual}");
    for id in survivors {
        assert!(
            !cargo_test_fails(MANIFEST, "--cfg mutate_schemata", &[], id),
            "{id} survives the driver but fails cargo test"
        );
    }
}
