//! `corpus`: does every crate of the corpus run to the end? For each pinned registry crate:
//! its plain `cargo test`, then `cargo mutate-driver --all-items` on a fresh copy (doc tests
//! included), with its exit code, time, verdict counts, the mutants the rebuild net made
//! unviable and the doc tests left out. No cargo-mutants: that is `versus`.

use crate::versus::{self, tools};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

struct Row {
    name: String,
    plain: (f64, Option<i32>),
    ours: (f64, Option<i32>),
    counts: BTreeMap<String, usize>,
    unbuilt: usize,
    doc_tests: String,
    left_out: usize,
    /// Seconds of the plain suite and of the schemata suite with nothing active.
    tax: Result<(f64, f64), String>,
}

pub fn run(crates: &[(String, String)], work: &Path) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut rows = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        let base = work.join(format!("{name}-{version}"));
        let tree = base.join("corpus");
        versus::fresh_copy(source, &tree)?;
        let plain = tools::timed(
            Command::new("cargo").arg("test").current_dir(&tree),
            &base.join("plain-test.log"),
        )?;
        let out = base.join("corpus-out");
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        let log = out.join("run.log");
        let ours = tools::timed(
            Command::new(&driver)
                .args(["mutate-driver", "--all-items", "-o"])
                .arg(&out)
                .current_dir(&tree),
            &log,
        )?;
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let doc_tests = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("Doctests "))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or("0")
            .to_owned();
        let left_out = text.matches("is left out").count();
        let (counts, unbuilt) = verdicts(&out.join("report.json"));
        let tax = crate::tax::measure(&tree);
        rows.push(Row {
            name: format!("{name} {version}"),
            plain,
            ours,
            counts,
            unbuilt,
            doc_tests,
            left_out,
            tax,
        });
    }
    print(&rows);
    let failed: Vec<&str> = rows
        .iter()
        .filter(|r| r.plain.1 == Some(0) && !matches!(r.ours.1, Some(0 | 3 | 4)))
        .map(|r| r.name.as_str())
        .collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the driver did not run to the end on {} (logs in {})",
            failed.join(", "),
            work.display()
        ))
    }
}

/// Mutants per status in a report, and how many the rebuild net made unviable.
fn verdicts(report: &Path) -> (BTreeMap<String, usize>, usize) {
    let mut counts = BTreeMap::new();
    let mut unbuilt = 0;
    let text = std::fs::read_to_string(report).unwrap_or_default();
    let Ok(json) = serde_json::from_str::<Value>(&text) else {
        return (counts, unbuilt);
    };
    for entry in json["files"]
        .as_object()
        .into_iter()
        .flat_map(|f| f.values())
    {
        for m in entry["mutants"].as_array().into_iter().flatten() {
            let status = m["status"].as_str().unwrap_or("?").to_owned();
            let reason = m["statusReason"].as_str().unwrap_or_default();
            unbuilt += usize::from(reason.starts_with("its code does not build"));
            *counts.entry(status).or_default() += 1;
        }
    }
    (counts, unbuilt)
}

fn print(rows: &[Row]) {
    println!(
        "{:<24} {:>12} {:>14} {:>8} {:>8} {:>8} {:>8} {:>10} {:>8} {:>9}  suite: plain / schemata, nothing active",
        "crate",
        "plain test",
        "mutate (exit)",
        "mutants",
        "killed",
        "survived",
        "timeout",
        "unviable",
        "net",
        "doc tests",
    );
    for r in rows {
        let count = |s: &str| r.counts.get(s).copied().unwrap_or(0);
        let total: usize = r.counts.values().sum();
        let code = |c: Option<i32>| c.map_or("-".into(), |c| c.to_string());
        println!(
            "{:<24} {:>12} {:>14} {:>8} {:>8} {:>8} {:>8} {:>10} {:>8} {:>9}  {}",
            r.name,
            format!("{:.1}s ({})", r.plain.0, code(r.plain.1)),
            format!("{:.1}s ({})", r.ours.0, code(r.ours.1)),
            total,
            count("Killed"),
            count("Survived") + count("NoCoverage"),
            count("Timeout"),
            count("CompileError"),
            r.unbuilt,
            format!("{}-{}", r.doc_tests, r.left_out),
            match &r.tax {
                Ok((plain, schemata)) => format!(
                    "{:.3}s / {:.3}s ({:.2}x)",
                    plain,
                    schemata,
                    schemata / plain.max(0.001)
                ),
                Err(why) => format!("not measured: {why}"),
            },
        );
    }
    println!(
        "\nnet: mutants the rebuild net made unviable (their code did not build); doc tests: \
         generated - left out; suite: libtest's time for the unit and integration tests, \
         median of 3, plain build against the driver's schemata build"
    );
}
