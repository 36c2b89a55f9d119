//! End-to-end: the built `cargo-mutate-driver` over the example crates, with real builds,
//! forks and timeouts. Verdicts are compared with the expectations committed beside each
//! example (`expected/*.txt`, one `STATUS id` a line); `MUTATE_BLESS=1` rewrites them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn driver(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cargo-mutate-driver"))
        .args(args)
        .current_dir(repo())
        .env_remove("MUTATE_ACTIVE")
        .output()
        .expect("driver runs")
}

/// Runs the driver on an example with its reports in a fresh directory.
fn run_example(manifest: &str, extra: &[&str]) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec![
        "--manifest-path",
        manifest,
        "-o",
        dir.path().to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    (driver(&args), dir)
}

/// `STATUS id` lines from a report, sorted by id.
fn verdicts(report_dir: &Path) -> String {
    let text = std::fs::read_to_string(report_dir.join("report.json")).expect("report written");
    let report: serde_json::Value = serde_json::from_str(&text).expect("report is JSON");
    let mut lines = Vec::new();
    for file in report["files"].as_object().unwrap().values() {
        for m in file["mutants"].as_array().unwrap() {
            let status = m["status"].as_str().unwrap();
            let reason = m["statusReason"].as_str().unwrap_or("");
            // Crashed is written Killed with a reason; keep the distinction visible.
            let status = if reason.starts_with("crashed") {
                "Crashed"
            } else {
                status
            };
            lines.push(format!("{status:<12} {}", m["id"].as_str().unwrap()));
        }
    }
    lines.sort_by(|a, b| a[13..].cmp(&b[13..]));
    lines.join("\n") + "\n"
}

fn check_expected(name: &str, actual: &str) {
    let path = repo().join(name);
    if std::env::var_os("MUTATE_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with MUTATE_BLESS=1", path.display()));
    if expected != actual {
        let diff: Vec<String> = expected
            .lines()
            .filter(|l| !actual.lines().any(|a| a == *l))
            .map(|l| format!("- {l}"))
            .chain(
                actual
                    .lines()
                    .filter(|a| !expected.lines().any(|l| l == *a))
                    .map(|a| format!("+ {a}")),
            )
            .collect();
        panic!(
            "verdicts differ from {}:\n{}",
            path.display(),
            diff.join("\n")
        );
    }
}

fn score(report_dir: &Path) -> f64 {
    let text = std::fs::read_to_string(report_dir.join("report.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    report["summary"]["score"].as_f64().unwrap()
}

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

#[test]
fn list_and_run_one_mutant() {
    let out = driver(&["--manifest-path", "examples/triangle/Cargo.toml", "--list"]);
    assert_eq!(out.status.code(), Some(0));
    let ids: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert!(ids.len() > 20, "{ids:?}");
    assert!(
        ids.iter()
            .all(|id| id.starts_with("examples/triangle/src/lib.rs:"))
    );

    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--list",
        "--json",
        "--re",
        "replace == with !=",
    ]);
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let listed = listed.as_array().unwrap();
    assert!(!listed.is_empty());
    assert!(
        listed
            .iter()
            .all(|m| m["replacement"] == "!=" && m["operator"] == "relational")
    );

    let killed = "examples/triangle/src/lib.rs:19:10: replace == with != in classify";
    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--run-mutant",
        killed,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("KILLED"));

    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--run-mutant",
        "no such id",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn usage_errors_exit_2_with_one_message() {
    let out = driver(&["--manifest-path", "does/not/exist/Cargo.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("does not exist"), "{stderr}");

    let out = driver(&["--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));

    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--re",
        "(",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn hostile_mutants_are_detected_without_hanging() {
    let started = std::time::Instant::now();
    let (out, out_dir) = run_example("examples/hostile/Cargo.toml", &[]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = verdicts(out_dir.path());
    check_expected("examples/hostile/expected/verdicts.txt", &actual);
    // Endless loops end by hit budget, not by waiting out wall clocks.
    assert!(actual.contains("Timeout      examples/hostile/src/lib.rs:10:11: replace += with *="));
    // Stack overflow is a crash; exit(0) in the middle of a test is a kill.
    assert!(actual.contains("Crashed      examples/hostile/src/lib.rs:19:40: replace - with +"));
    assert!(
        actual.contains(
            "Killed       examples/hostile/src/lib.rs:25:8: replace if condition with true"
        )
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(240));
}
