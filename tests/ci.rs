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

/// `report.sarif` is valid SARIF 2.1.0 (checked against the OASIS schema serde-sarif ships)
/// with one result per survivor and per mutant no test reaches, fingerprinted by its file
/// and description (not its line: an edit above it leaves the alert the same).
#[test]
fn the_sarif_log_holds_one_result_per_survivor_and_is_schema_valid() {
    let (out, dir) = run_example(MANIFEST, &[]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |name: &str| -> serde_json::Value {
        let text = std::fs::read_to_string(dir.path().join(name)).unwrap();
        serde_json::from_str(&text).unwrap()
    };
    let sarif = read("report.sarif");
    let schema = sarif_schema();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema is strict enough to fail a log that is not SARIF 2.1.0.
    let mut broken = sarif.clone();
    broken["runs"][0]["results"][0]["message"] = serde_json::json!("text, not an object");
    assert!(!validator.is_valid(&broken));
    let _: serde_sarif::sarif::Sarif = serde_json::from_value(sarif.clone()).unwrap();

    let report = Report::read(dir.path());
    let mut expected: Vec<(&str, &str)> = report
        .mutants
        .iter()
        .filter_map(|m| match m.status.as_str() {
            "Survived" => Some(("survived", m.id.as_str())),
            "NoCoverage" => Some(("no-coverage", m.id.as_str())),
            "RuntimeError" => Some(("undefined-behaviour", m.id.as_str())),
            _ => None,
        })
        .collect();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let mut actual: Vec<(&str, &str)> = results
        .iter()
        .map(|r| {
            (
                r["ruleId"].as_str().unwrap(),
                r["properties"]["mutantId"].as_str().unwrap(),
            )
        })
        .collect();
    expected.sort();
    actual.sort();
    assert_eq!(actual, expected);
    assert_eq!(
        expected
            .iter()
            .filter(|(rule, _)| *rule == "survived")
            .count(),
        10
    );
    let fingerprints: std::collections::BTreeSet<&str> = results
        .iter()
        .map(|r| r["partialFingerprints"]["mutant/v1"].as_str().unwrap())
        .collect();
    assert_eq!(fingerprints.len(), results.len(), "one alert per result");
    for result in results {
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(
            location["artifactLocation"]["uri"],
            "examples/triangle/src/lib.rs"
        );
        assert!(
            location["region"]["startLine"].as_u64().unwrap() > 0,
            "{result}"
        );
    }
}

/// The SARIF 2.1.0 schema, from serde-sarif's package in cargo's registry.
fn sarif_schema() -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(repo().join("tests/Cargo.toml"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let manifest = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "serde-sarif")
        .and_then(|p| p["manifest_path"].as_str())
        .expect("serde-sarif is a dev-dependency");
    let schema = std::path::Path::new(manifest).with_file_name("src/schema.json");
    let mut schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema).unwrap()).unwrap();
    // The published schema's pattern for a `language` (a run's, a tool component's) has a
    // stray `]` (`^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`), which the validator's check of
    // the schema itself rejects as a regular expression. Written as the text around it says
    // (a language code, with a region or without); mutate writes no `language`.
    let mut fixed = 0;
    for definition in schema["definitions"].as_object_mut().unwrap().values_mut() {
        let pattern = definition
            .pointer_mut("/properties/language/pattern")
            .filter(|p| p.as_str().is_some_and(|p| p.ends_with("]?$")));
        if let Some(pattern) = pattern {
            *pattern = serde_json::json!("^[a-zA-Z]{2}(-[a-zA-Z]{2})?$");
            fixed += 1;
        }
    }
    assert!(fixed > 0, "the schema's erratum is gone: drop this");
    schema
}

/// `--message-format json`: stdout is one JSON object per line, phases as they start and
/// mutants as they end, the last line per mutant saying `report.json`'s status, then the
/// summary; the report's text goes to stderr.
#[test]
fn the_json_stream_says_each_phase_each_mutant_and_the_summary() {
    let (out, dir) = run_example(MANIFEST, &["--message-format", "json"]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    assert!(lines.iter().all(|l| l["version"] == 1), "{stdout}");
    let phases: Vec<&str> = lines
        .iter()
        .filter(|l| l["type"] == "phase")
        .map(|l| l["phase"].as_str().unwrap())
        .collect();
    assert_eq!(phases.first(), Some(&"build"), "{phases:?}");
    for phase in ["Baseline", "Mutants"] {
        assert!(phases.contains(&phase), "{phases:?}");
    }
    let mut last = std::collections::BTreeMap::new();
    for line in lines.iter().filter(|l| l["type"] == "mutant") {
        let id = line["id"].as_str().unwrap();
        last.insert(id.to_owned(), line);
        if line["status"] == "Killed" {
            assert!(line["test"].is_string(), "{line}");
        }
    }
    let report = Report::read(dir.path());
    assert_eq!(last.len(), report.mutants.len());
    for m in &report.mutants {
        assert_eq!(last[&m.id]["status"], m.status.as_str(), "{}", m.id);
    }
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary", "{stdout}");
    assert_eq!(summary["total"], report.mutants.len());
    assert_eq!(summary["survived"], 10);
    let score = summary["score"].as_f64().unwrap();
    assert!((score - 75.6).abs() < 0.05, "{summary}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("mutation score 75.6%"), "{stderr}");
}
