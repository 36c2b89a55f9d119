//! `corpus`: does every crate of the corpus run to the end? For each pinned registry crate:
//! its plain `cargo test`, then `cargo mutate-driver --all-items` on a fresh copy (doc tests
//! included), with its exit code, time, verdict counts, the mutants the rebuild net made
//! unviable and the doc tests left out. No cargo-mutants: that is `versus`.

use crate::versus::{self, tools};
use std::collections::BTreeMap;
use std::path::Path;

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
    /// The driver's phases (build, mutants), from its report.
    phases: Option<(f64, f64)>,
    floor: Result<crate::floor::Floor, String>,
}

pub fn run(crates: &[(String, String)], work: &Path) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let round_trip = crate::fork_server::round_trip_ms()?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let sources = versus::fetch(crates, work)?;
    let mut rows = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        let base = work.join(format!("{name}-{version}"));
        let settings = versus::settings(name);
        let (tree, plain) = tools::tested_copy(source, &base, "corpus", &settings)?;
        let out = base.join("corpus-out");
        let log = out.join("run.log");
        let ours = tools::timed_all_items(&driver, &tree, &settings.args(), &out, &log)?;
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let doc_tests = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("Doctests "))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or("0")
            .to_owned();
        let left_out = text.matches("is left out").count();
        let (counts, unbuilt) = verdicts(&out.join("report.json"));
        let tax = crate::tax::measure(&tree, &driver);
        let report = out.join("report.json");
        let phases = tools::phases(&report);
        let floor = crate::floor::measure(&tree, &report, jobs, round_trip);
        rows.push(Row {
            name: format!("{name} {version}"),
            plain,
            ours,
            counts,
            unbuilt,
            doc_tests,
            left_out,
            tax,
            phases,
            floor,
        });
        // The tables so far, kept as each crate ends: a corpus run takes the best part of
        // an hour, and one stopped early still says what it measured.
        let so_far = work.join("corpus-tables.txt");
        if let Err(e) = std::fs::write(&so_far, render(&rows, jobs, round_trip)) {
            eprintln!("could not write {}: {e}", so_far.display());
        }
    }
    print!("{}", render(&rows, jobs, round_trip));
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
    let Ok(json) = crate::report_json::read(report) else {
        return (counts, unbuilt);
    };
    for m in crate::report_json::mutants(&json) {
        let status = m["status"].as_str().unwrap_or("?").to_owned();
        let reason = m["statusReason"].as_str().unwrap_or_default();
        unbuilt += usize::from(reason.starts_with("its code does not build"));
        *counts.entry(status).or_default() += 1;
    }
    (counts, unbuilt)
}

/// The three tables of `rows`: outcomes and the schemata tax, the mutation phase against
/// its floor, the clean whole run against its bound.
fn render(rows: &[Row], jobs: usize, round_trip: f64) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
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
        let _ = writeln!(
            out,
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
                // libtest prints hundredths of a second.
                Ok((plain, _)) if *plain < 0.01 => "both under 10 ms: too short to compare".into(),
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
    let _ = writeln!(
        out,
        "\nThe mutation phase against its floor ({jobs} jobs, fork round trip {round_trip:.2} ms)"
    );
    let _ = writeln!(
        out,
        "{:<24} {:>10} {:>12} {:>10} {:>7} {:>10} {:>10}",
        "crate", "build", "mutants", "floor", "ratio", "test runs", "untimed"
    );
    for r in rows {
        let (build, phase) = r.phases.unwrap_or((f64::NAN, f64::NAN));
        let _ = match &r.floor {
            Ok(f) => writeln!(
                out,
                "{:<24} {:>9.1}s {:>11.2}s {:>9.2}s {:>6.2}x {:>10} {:>10}",
                r.name,
                build,
                phase,
                f.seconds,
                phase / f.seconds.max(1e-6),
                f.runs,
                f.untimed
            ),
            Err(why) => writeln!(out, "{:<24} floor not measured: {why}", r.name),
        };
    }
    let _ = writeln!(
        out,
        "\nThe clean whole run against its bound (issue: the floor on every corpus crate)"
    );
    let _ = writeln!(
        out,
        "{:<24} {:>10} {:>12} {:>8} {:>22} {:>7}",
        "crate", "mutate", "plain test", "build", "bound", "ratio"
    );
    for r in rows {
        let Some(bound) = clean_bound(r) else {
            let _ = writeln!(out, "{:<24} bound not measured", r.name);
            continue;
        };
        let _ = writeln!(
            out,
            "{:<24} {:>9.1}s {:>11.1}s {:>7.0}% {:>22} {:>6.2}x",
            r.name,
            r.ours.0,
            r.plain.0,
            100.0 * r.phases.map_or(0.0, |(build, _)| build) / r.ours.0.max(1e-6),
            bound.0,
            r.ours.0 / bound.1.max(1e-6)
        );
    }
    let _ = writeln!(
        out,
        "\nnet: mutants the rebuild net made unviable (their code did not build); doc tests: \
         generated - left out; suite: libtest's time for the unit and integration tests, \
         median of 3, plain build against the driver's schemata build; build: the driver's \
         build after the plain `cargo test`; floor: the covering tests up to the first kill, \
         at their plain-build times, plus a fork round trip each, divided by the jobs \
         (untimed: runs of doc tests, counted at the round trip alone); bound: where the \
         driver's build is at most half its run, plain `cargo test --no-run` (the plain clean \
         `cargo test` less its suite's own time) + 1.5x the floor, else 1.3x the plain clean \
         `cargo test`"
    );
    out
}

/// A crate's clean whole run's bound, said and in seconds: where the build is at most half
/// the run, the plain build (its clean `cargo test` less the suite's own time) and 1.5 times
/// the floor; else 1.3 times the plain clean `cargo test`.
fn clean_bound(r: &Row) -> Option<(String, f64)> {
    let (build, _) = r.phases?;
    if build > r.ours.0 / 2.0 {
        return Some(("1.3x plain".into(), 1.3 * r.plain.0));
    }
    let floor = r.floor.as_ref().ok()?.seconds;
    let suite = r.tax.as_ref().map_or(0.0, |(plain, _)| *plain);
    let no_run = (r.plain.0 - suite).max(0.0);
    Some((
        format!("{no_run:.1}s + 1.5x {floor:.2}s"),
        no_run + 1.5 * floor,
    ))
}
