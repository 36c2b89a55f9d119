//! What CI reads: `--fail-under` (and the configuration's `thresholds.break`) decides the
//! exit code by the score, and survivors become GitHub annotations.

mod common;

use common::*;

const MANIFEST: &str = "examples/triangle/Cargo.toml";

/// triangle's strong suite scores 75.6% (31 of 41).
#[test]
fn the_score_against_a_threshold_decides_the_exit_code() {
    let (out, _dir) = run_example(MANIFEST, &["--fail-under", "70"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "survivors, yet above: {stdout}");
    assert!(
        stdout.contains("mutation score 75.6% meets the threshold 70.0%"),
        "{stdout}"
    );

    let (out, _dir) = run_example(MANIFEST, &["--fail-under", "80"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(7), "{stdout}");
    assert!(stdout.contains("is below the threshold 80.0%"), "{stdout}");

    for bad in ["101", "-1", "most"] {
        let out = driver(&["--manifest-path", MANIFEST, "--fail-under", bad]);
        assert_eq!(out.status.code(), Some(2), "--fail-under {bad}");
    }
}

/// The same from `[package.metadata.mutate] thresholds`, whose bands reach report.json;
/// a malformed table is a usage error.
#[test]
fn thresholds_from_the_configuration() {
    let krate = tempfile::tempdir().unwrap();
    std::fs::create_dir(krate.path().join("src")).unwrap();
    std::fs::copy(
        repo().join("examples/triangle/src/lib.rs"),
        krate.path().join("src/lib.rs"),
    )
    .unwrap();
    std::fs::create_dir(krate.path().join("tests")).unwrap();
    std::fs::copy(
        repo().join("examples/triangle/tests/strong.rs"),
        krate.path().join("tests/strong.rs"),
    )
    .unwrap();
    let write_manifest = |thresholds: &str| {
        let manifest = format!(
            "[package]\nname = \"triangle\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
             [workspace]\n\n[dependencies]\nmutate-runtime = {{ path = {:?} }}\n\n\
             [package.metadata.mutate]\nthresholds = {thresholds}\n",
            repo().join("mutate-runtime").display().to_string()
        );
        std::fs::write(krate.path().join("Cargo.toml"), manifest).unwrap();
    };
    let manifest = krate.path().join("Cargo.toml");
    let out_dir = krate.path().join("out");
    let run = || {
        driver_command(&[
            "--manifest-path",
            manifest.to_str().unwrap(),
            "-o",
            out_dir.to_str().unwrap(),
        ])
        .env("CARGO_TARGET_DIR", repo().join("target/e2e-thresholds"))
        .output()
        .expect("driver runs")
    };
    write_manifest("{ high = 95, low = 90, break = 90 }");
    let out = run();
    assert_eq!(
        out.status.code(),
        Some(7),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("report.json")).unwrap())
            .unwrap();
    assert_eq!(report["thresholds"]["high"], 95.0);
    assert_eq!(report["thresholds"]["low"], 90.0);

    write_manifest("{ high = 50, low = 60 }");
    let out = run();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("`low` must not be above `high`"),
        "{stderr}"
    );
}

#[test]
fn survivors_become_github_annotations() {
    let (out, _dir) = run_example_with_env(MANIFEST, &[], &[("GITHUB_ACTIONS", "true")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let warnings: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("::warning "))
        .collect();
    // The strong suite's 10 survivors, each on its line.
    assert_eq!(warnings.len(), 10, "{stdout}");
    assert!(
        warnings.contains(
            &"::warning file=examples/triangle/src/lib.rs,line=16,col=10,endLine=16,\
              endColumn=11,title=Mutant survived::replace + with * in classify: every test \
              that reaches it passed. Reproduce: cargo mutate-driver --manifest-path \
              'examples/triangle/Cargo.toml' --run-mutant 'examples/triangle/src/lib.rs:16:10: \
              replace + with * in classify'"
        ),
        "{stdout}"
    );
    let (out, _dir) = run_example_with_env(
        MANIFEST,
        &["--annotations", "none"],
        &[("GITHUB_ACTIONS", "true")],
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("::warning"));
}
