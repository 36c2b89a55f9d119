//! `--since REV --relevance` on a real git repository, built in a temporary folder from the
//! committed fixture `tests/fixtures/relevance` (see its README): a behaviour change in
//! `rate` whose effect reaches `total` and `unit_price`, which it does not edit, then a
//! refactoring that changes no behaviour; the first also changes the build script in a way
//! that changes nothing the crate is built with. The exact sets of modification and relevant
//! mutants are checked, and that the user's checkout is left as it was.

mod common;

use common::*;
use std::collections::BTreeSet;
use std::path::Path;

const FIXTURE: &str = "tests/fixtures/relevance";

/// Makes `commit`'s `src/lib.rs` the repository's and commits it.
fn commit(dir: &Path, commit: &str) {
    let fixture = repo().join(FIXTURE);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::copy(
        fixture.join(commit).join("src/lib.rs"),
        dir.join("src/lib.rs"),
    )
    .unwrap();
    let script = fixture.join(commit).join("build.rs");
    if script.exists() {
        std::fs::copy(script, dir.join("build.rs")).unwrap();
    }
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", commit]);
}

/// A repository holding the fixture's first commit.
fn repository(dir: &Path) {
    let fixture = repo().join(FIXTURE);
    let runtime = repo().join("mutate-runtime");
    let manifest = std::fs::read_to_string(fixture.join("Cargo.toml.in"))
        .unwrap()
        .replace("@RUNTIME@", runtime.to_str().unwrap());
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::copy(
        fixture.join("tests/pricing.rs"),
        dir.join("tests/pricing.rs"),
    )
    .unwrap();
    std::fs::write(
        dir.join(".gitignore"),
        "/target\n/mutate.out\n/Cargo.lock\n",
    )
    .unwrap();
    git(dir, &["init", "-q"]);
    commit(dir, "1-base");
}

/// A relevance run against the commit before `HEAD`, which must end with survivors.
fn relevance_run(dir: &Path) -> (Report, String) {
    let output = driver_command(&["--since", "HEAD~1", "--relevance"])
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(
        output.status.code(),
        Some(3),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (Report::read(&dir.join("mutate.out")), stdout)
}

fn with_relevance<'a>(report: &'a Report, relevance: &str) -> BTreeSet<&'a str> {
    report
        .mutants
        .iter()
        .filter(|m| m.relevance == relevance)
        .map(|m| m.id.as_str())
        .collect()
}

fn ids(ids: &[&'static str]) -> BTreeSet<&'static str> {
    ids.iter().copied().collect()
}

/// The checkout is as the user left it: on the same commit, nothing changed or added
/// outside the ignored folders, and no worktree left behind.
fn untouched(dir: &Path, head: &str) {
    assert_eq!(git(dir, &["rev-parse", "HEAD"]), head);
    assert_eq!(git(dir, &["status", "--porcelain"]), "");
    assert_eq!(git(dir, &["worktree", "list"]).lines().count(), 1);
    assert!(!dir.join("target/mutate/relevance/worktree").exists());
}

#[test]
fn a_behaviour_change_is_relevant_to_its_callers_and_a_refactoring_to_nothing_more() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    repository(dir);
    commit(dir, "2-threshold");
    let head = git(dir, &["rev-parse", "HEAD"]);

    let (report, stdout) = relevance_run(dir);
    untouched(dir, &head);
    // Line 8, `if quantity >= 50 {`, is the change: its mutants and `rate`'s whole-body
    // replacements (which span it) have no twin before it.
    assert_eq!(
        with_relevance(&report, "modification"),
        ids(&[
            "src/lib.rs:8:5: replace rate -> u32 with 0",
            "src/lib.rs:8:5: replace rate -> u32 with 1",
            "src/lib.rs:8:8: replace if condition with false in rate",
            "src/lib.rs:8:8: replace if condition with true in rate",
            "src/lib.rs:8:17: replace >= with < in rate",
            "src/lib.rs:8:17: replace >= with > in rate",
            "src/lib.rs:8:20: replace 50 with 0 in rate",
            "src/lib.rs:8:20: replace 50 with 51 in rate",
        ])
    );
    // Off the changed line: with 60 items, each of these moves a value that the change
    // moved too (the discount now applies), and moves it to something else than the same
    // mutant does before the change. `10 -> 0` in `rate` and `/ -> %` in `total` do not:
    // with them, both versions compute the same for 60 items (`100 -> 0` in `total` does
    // not build).
    assert_eq!(
        with_relevance(&report, "relevant"),
        ids(&[
            "src/lib.rs:9:9: replace 10 with 11 in rate",
            "src/lib.rs:18:22: replace * with + in total",
            "src/lib.rs:19:11: replace - with + in total",
            // The swap on the tree; the text's `gross / gross * rate(quantity) / 100` is
            // `rate(quantity) / 100` before and after: 0 for 60 items either way.
            "src/lib.rs:19:11: replace gross - gross * rate(quantity) / 100 with gross / (gross * rate(quantity) / 100) in total",
            "src/lib.rs:19:19: replace * with / in total",
            "src/lib.rs:19:36: replace / with * in total",
            "src/lib.rs:19:38: replace 100 with 101 in total",
            "src/lib.rs:25:27: replace / with % in unit_price",
            "src/lib.rs:25:27: replace / with * in unit_price",
        ])
    );
    // `unit_price` was never edited, and its relevant mutants survive: the change interacts
    // with them and the test only checks that the price is positive.
    let survivor = report.mutant("src/lib.rs:25:27: replace / with % in unit_price");
    assert_eq!(survivor.status, "Survived");
    let because = &survivor.relevant_because;
    assert_eq!(
        because["test"],
        "pricing::an_item_of_a_medium_order_costs_something"
    );
    assert_eq!(because["at"], "call");
    assert_eq!(because["function"], "unit_price");
    assert_eq!(
        (&because["original"], &because["mutant"], &because["before"]),
        (
            &serde_json::json!("1"),
            &serde_json::json!("48"),
            &serde_json::json!("0")
        )
    );
    assert_eq!(
        because["interacts"],
        serde_json::json!(["src/lib.rs:8 in rate"])
    );
    // `10 -> 0` makes the threshold change moot: not relevant, though in `rate` and killed.
    let moot = report.mutant("src/lib.rs:9:9: replace 10 with 0 in rate");
    assert_eq!(
        (moot.relevance.as_str(), moot.status.as_str()),
        ("not_relevant", "Killed")
    );
    // The build script changed too, but told cargo the same: the runs before the change
    // of mutants whose runs after it never entered `rate` were left out.
    let cost = &report.json["relevance"]["cost"];
    assert!(cost["skippedRunsBefore"].is_u64(), "{cost}");
    // rMS over the 9 relevant mutants and the 6 modification mutants some test shows.
    let scores = &report.json["relevance"]["scores"];
    assert_eq!(scores["relevant"]["detected"], 13);
    assert_eq!(scores["relevant"]["total"], 15);
    assert_eq!(scores["modification"]["detected"], 6);
    assert_eq!(scores["modification"]["total"], 8);
    // Every mutant but `100 -> 0` in `total`, a division by zero rustc rejects: unviable.
    let unviable: Vec<_> = report
        .mutants
        .iter()
        .filter(|m| m.status == "CompileError")
        .map(|m| m.id.as_str())
        .collect();
    assert_eq!(unviable.len(), 1, "{unviable:?}");
    assert!(
        unviable[0].ends_with("replace 100 with 0 in total"),
        "{unviable:?}"
    );
    assert_eq!(scores["all"]["total"], report.mutants.len() - 1);
    assert!(
        stdout.contains("rMS 86.7% (13/15)   mMS 75.0% (6/8)"),
        "{stdout}"
    );
    // Relevant survivors come first, in the terminal and in relevant.txt.
    let listing = std::fs::read_to_string(dir.join("mutate.out/relevant.txt")).unwrap();
    assert!(stdout.contains(&listing), "{stdout}");
    let first = listing.lines().nth(2).unwrap();
    assert!(
        first.contains("RELEVANT") && first.contains("SURVIVED"),
        "{listing}"
    );

    commit(dir, "3-refactor");
    let head = git(dir, &["rev-parse", "HEAD"]);
    let (report, _) = relevance_run(dir);
    untouched(dir, &head);
    // The refactoring moved `total`'s discount into a new `discount`: the mutants there
    // are modification mutants, and nothing else is relevant (`100 -> 0`, a division by
    // zero, does not build: unviable, neither).
    assert_eq!(with_relevance(&report, "relevant"), BTreeSet::new());
    assert_eq!(
        with_relevance(&report, "modification"),
        ids(&[
            "src/lib.rs:18:5: replace total -> u32 with 0",
            "src/lib.rs:18:5: replace total -> u32 with 1",
            "src/lib.rs:19:11: replace - with + in total",
            "src/lib.rs:19:11: replace - with / in total",
            "src/lib.rs:25:5: replace discount -> u32 with 0",
            "src/lib.rs:25:5: replace discount -> u32 with 1",
            "src/lib.rs:25:11: replace * with + in discount",
            "src/lib.rs:25:11: replace * with / in discount",
            "src/lib.rs:25:11: replace gross * rate(quantity) with (gross + rate(quantity)) in discount",
            "src/lib.rs:25:28: replace / with % in discount",
            "src/lib.rs:25:28: replace / with * in discount",
            "src/lib.rs:25:30: replace 100 with 101 in discount",
        ])
    );
}

#[test]
fn relevance_needs_since_and_a_revision_that_exists() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    repository(dir);
    let run = |args: &[&str]| {
        let output = driver_command(args).current_dir(dir).output().unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, stderr) = run(&["--relevance"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--since"), "{stderr}");
    let (code, stderr) = run(&["--since", "no-such-revision", "--relevance"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("no-such-revision"), "{stderr}");
}
