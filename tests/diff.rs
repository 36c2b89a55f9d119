//! `--in-diff` and `--since`: only the mutants on the lines a change added or modified,
//! from a diff file or from a real git repository; bad diffs and unknown revisions are
//! usage errors (exit 2).

mod common;

use common::*;

const MANIFEST: &str = "examples/triangle/Cargo.toml";
const LIB: &str = "examples/triangle/src/lib.rs";

/// Every mutant's code takes in `line` (a whole-body replacement of the function holding
/// it does too), and some mutants are on it alone.
fn all_on(list: &[Mutant], line: u64) {
    assert!(
        list.iter().all(|m| m.start.0 <= line && line <= m.end.0),
        "{list:#?}"
    );
    let alone = list.iter().filter(|m| m.start.0 == line && m.end.0 == line);
    assert!(alone.count() >= 3, "{list:#?}");
}

#[test]
fn a_diff_file_selects_the_mutants_on_its_added_lines() {
    // Line 19 (`if a == b && b == c`) modified, line 13 only context.
    let diff = format!(
        "--- a/{LIB}\n+++ b/{LIB}\n@@ -13,7 +13,7 @@\n     if a == 0 || b == 0 || c == 0 {{\n         \
         return Kind::Invalid;\n     }}\n     if a + b <= c || a + c <= b || b + c <= a {{\n         \
         return Kind::Invalid;\n     }}\n-    if a == b && b == c {{\n+    if a == b && b == c {{\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("change.diff");
    std::fs::write(&path, diff).unwrap();
    let out = driver(&[
        "--manifest-path",
        MANIFEST,
        "--list",
        "--json",
        "--in-diff",
        path.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    all_on(&listed(&out.stdout), 19);
    assert!(stderr.contains("Diff"), "{stderr}");

    // The whole run judges those alone.
    let (out, report) = run_example(MANIFEST, &["--in-diff", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = Report::read(report.path());
    for m in &report.mutants {
        let judged = m.status != "Ignored";
        assert_eq!(judged, m.start.0 <= 19 && 19 <= m.end.0, "{m:?}");
    }
}

#[test]
fn bad_diffs_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.diff");
    std::fs::write(&path, "+++ b/src/lib.rs\n@@ -1,3 +1,3 @@\n a\n").unwrap();
    for args in [
        vec!["--in-diff", path.to_str().unwrap()],
        vec!["--in-diff", "no/such/file.diff"],
    ] {
        let mut all = vec!["--manifest-path", MANIFEST, "--list"];
        all.extend(args);
        let out = driver(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(
            !stderr.contains("Building"),
            "refused before building: {stderr}"
        );
    }
}

/// A crate in a git repository of its own: what changed since a commit is judged, and an
/// unknown revision is refused.
#[test]
fn since_a_revision_in_a_real_repository() {
    let repo_dir = tempfile::tempdir().unwrap();
    let root = repo_dir.path();
    std::fs::create_dir_all(root.join("src")).unwrap();
    let manifest = standalone_manifest(&repo().join(MANIFEST));
    std::fs::write(root.join("Cargo.toml"), manifest).unwrap();
    let lib = std::fs::read_to_string(repo().join(LIB)).unwrap();
    std::fs::write(root.join("src/lib.rs"), &lib).unwrap();
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "first"]);
    // Uncommitted: line 16's `<=` becomes `<`.
    let changed = lib.replacen("if a + b <= c ||", "if a + b < c ||", 1);
    assert_ne!(changed, lib);
    std::fs::write(root.join("src/lib.rs"), changed).unwrap();

    let manifest = root.join("Cargo.toml");
    let target = repo().join("target/e2e-since");
    let run = |args: &[&str]| {
        let mut all = vec![
            "--manifest-path",
            manifest.to_str().unwrap(),
            "--list",
            "--json",
        ];
        all.extend_from_slice(args);
        driver_command(&all)
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .expect("driver runs")
    };
    let out = run(&["--since", "HEAD"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    all_on(&listed(&out.stdout), 16);

    let out = run(&["--since", "no-such-revision"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--since no-such-revision"), "{stderr}");
}
