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
