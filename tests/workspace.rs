//! A workspace of two packages, one using the other, with unit tests in both and
//! integration tests in `invoice/tests/`: exact verdicts for the whole workspace and for
//! one package.

mod common;

use common::*;

const MANIFEST: &str = "examples/workspace/Cargo.toml";

#[test]
fn whole_workspace_and_one_package() {
    let (out, dir) = run_example(MANIFEST, &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(3),
        "survivors exit 3:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all = verdicts(dir.path());
    check_expected("examples/workspace/expected/workspace.txt", &all);
    // Mutants of `money` are killed by `invoice`'s integration tests too: a plus that
    // subtracts breaks every invoice total.
    let report = Report::read(dir.path());
    let covering: Vec<&String> = report
        .in_file("money/src/lib.rs")
        .flat_map(|m| &m.covered_by)
        .collect();
    assert!(
        covering.iter().any(|t| t.contains("totals")),
        "invoice's integration tests reach money's mutants: {covering:?}"
    );
    assert!(
        report
            .test_files
            .keys()
            .any(|f| f.contains("invoice/tests/totals.rs")),
        "{:?}",
        report.test_files.keys().collect::<Vec<_>>()
    );

    // `-p money`: only money's own tests and so only money's mutants.
    let (out, dir) = run_example(MANIFEST, &["-p", "money"]);
    // Exit 3: money has survivors of its own tests.
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let money = verdicts(dir.path());
    check_expected("examples/workspace/expected/money.txt", &money);
    assert!(money.lines().all(|l| l.contains(" money/src/lib.rs:")));
}
