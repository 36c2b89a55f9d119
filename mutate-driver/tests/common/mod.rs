//! Shared by the end-to-end tests: the built `cargo-mutate-driver` over the example crates, with real builds,
//! forks and timeouts. Verdicts are compared with the expectations committed beside each
//! example (`expected/*.txt`, one `STATUS id` a line); `MUTATE_BLESS=1` rewrites them.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The driver as a command, run from the repository root.
pub fn driver_command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cargo-mutate-driver"));
    command
        .args(args)
        .current_dir(repo())
        .env_remove("MUTATE_ACTIVE");
    command
}

pub fn driver(args: &[&str]) -> Output {
    driver_command(args).output().expect("driver runs")
}

/// Processes still running from an example's schemata test binaries (in `target`, relative
/// to the repository, with names starting `binary_prefix`, e.g. `hostile-`), waiting up to
/// `grace` for them to go.
pub fn leftover_processes(
    target: &str,
    binary_prefix: &str,
    grace: std::time::Duration,
) -> Vec<String> {
    let deps = repo().join(target).join("mutate/debug/deps");
    let deadline = std::time::Instant::now() + grace;
    loop {
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Ok(exe) = std::fs::read_link(entry.path().join("exe")) else {
                continue;
            };
            let name = exe.file_name().unwrap_or_default().to_string_lossy();
            if exe.parent() == Some(deps.as_path()) && name.starts_with(binary_prefix) {
                found.push(format!(
                    "{} {}",
                    entry.file_name().to_string_lossy(),
                    exe.display()
                ));
            }
        }
        if found.is_empty() || std::time::Instant::now() >= deadline {
            return found;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Runs the driver on an example with its reports in a fresh directory.
pub fn run_example(manifest: &str, extra: &[&str]) -> (Output, tempfile::TempDir) {
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
pub fn verdicts(report_dir: &Path) -> String {
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

pub fn check_expected(name: &str, actual: &str) {
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

pub fn score(report_dir: &Path) -> f64 {
    let text = std::fs::read_to_string(report_dir.join("report.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    report["summary"]["score"].as_f64().unwrap()
}
