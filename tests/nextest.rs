//! nextest's settings: `examples/nextested`'s `.config/nextest.toml` has a default filter,
//! a test group of one thread, a per-test time limit (`slow-timeout`'s `terminate-after`)
//! and retried tests; the driver honours each as `cargo nextest run` does.

mod common;

use common::*;

const MANIFEST: &str = "examples/nextested/Cargo.toml";

#[test]
fn a_nextest_configuration_is_honoured() {
    // Two jobs: without the group, the ledger tests would run at once and collide.
    let (out, dir) = run_example(MANIFEST, &["--jobs", "2"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "Nextest profile `default` of .config/nextest.toml: 1 tests left out by its \
             default-filter, 3 in test groups, 2 with retries (a failure a retry passes kills \
             nothing), 1 with a time limit"
        ),
        "{stderr}"
    );
    // A key neither nextest nor mutate knows is named; one mutate has no use for is not.
    assert!(
        stderr.contains(
            "note: .config/nextest.toml: profile.default.colour is not a key mutate knows"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("fail-fast"), "{stderr}");
    let actual = verdicts(dir.path());
    check_expected("examples/nextested/expected/verdicts.txt", &actual);
    let report = Report::read(dir.path());

    // The default filter: the test CI leaves out is not run, so what only it would kill
    // survives.
    let tests = std::fs::read_to_string(dir.path().join("report.json")).unwrap();
    assert!(
        !tests.contains("only_run_by_hand"),
        "a left-out test was run"
    );
    assert_eq!(
        report.mutant("replace * with / in triple").status,
        "Survived"
    );

    // The time limit: nextest ends `waits_its_delay` after 500 ms, far below mutate's own
    // limit for a 200 ms test, so a mutant that makes it wait 1 s is a timeout.
    let slower = report.mutant("replace - with + in delay_ms");
    assert_eq!(slower.status, "Timeout", "{slower:?}");
    let ended: u64 = slower
        .reason
        .rsplit("after ")
        .next()
        .and_then(|ms| ms.strip_suffix(" ms"))
        .and_then(|ms| ms.parse().ok())
        .unwrap_or_else(|| panic!("{slower:?}"));
    assert!((500..700).contains(&ended), "{slower:?}");
    assert_eq!(
        report.mutant("replace 200 with 201 in delay_ms").status,
        "Survived"
    );

    // Retries: a failure every try repeats kills, as nextest fails the test; one a retry
    // passes does not, as nextest passes it.
    assert_eq!(
        report.mutant("replace == with != in is_even").status,
        "Killed"
    );
    assert_eq!(
        report
            .mutant("replace may_use_cache -> bool with false")
            .status,
        "Killed"
    );
    let passed_on_retry: Vec<&Mutant> = report
        .mutants
        .iter()
        .filter(|m| m.id.contains("in may_use_cache") && m.reason.contains("then passed on retry"))
        .collect();
    assert!(!passed_on_retry.is_empty(), "{:#?}", report.mutants);
    for m in passed_on_retry {
        assert_eq!(m.status, "Survived", "{m:?}");
    }
}

#[test]
fn a_profile_the_file_lacks_is_refused() {
    let out = driver(&[
        "--manifest-path",
        MANIFEST,
        "--nextest-profile",
        "nightly",
        "--list",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(".config/nextest.toml: no profile `nightly` (`[profile.nightly]`)"),
        "{stderr}"
    );
}
