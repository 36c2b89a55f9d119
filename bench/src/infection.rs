//! `infection`: what the infection probe costs and saves, on crates of the corpus. Each
//! crate is built once (not timed); then three ways of running it, interleaved round after
//! round: with the probe skipping proven mutants (the default), with the probe but every
//! mutant run (`--no-infection-skip`), and with no probe (`--no-probe`). Printed: medians
//! of the baseline and mutant phases, the work proven unnecessary, the survivors by
//! diagnosis, and whether any verdict differs between the first two (it must not; killed
//! and timed out count as one, detected, since which covering test runs first follows
//! measured times).

use crate::report_json;
use crate::stats::median;
use crate::versus::{self, tools};
use std::collections::BTreeMap;
use std::path::Path;

const WAYS: [(&str, &[&str]); 3] = [
    ("skip", &[]),
    ("no-skip", &["--no-infection-skip"]),
    ("no-probe", &["--no-probe"]),
];

/// One run's figures, from its `report.json`.
struct Run {
    baseline: f64,
    mutants: f64,
    tracing: f64,
    proven_mutants: u64,
    skipped_runs: u64,
    /// `status id` of every mutant, sorted.
    verdicts: Vec<String>,
    /// Survivors per diagnosis category.
    categories: BTreeMap<String, usize>,
}

pub fn run(crates: &[(String, String)], work: &Path, runs: usize) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut tables = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        let base = work.join(format!("{name}-{version}"));
        let tree = base.join("infection");
        versus::fresh_copy(source, &tree)?;
        eprintln!("== {name} {version}: building once");
        run_driver(&driver, &tree, &base, WAYS[0])?;
        let mut results: Vec<Vec<Run>> = WAYS.iter().map(|_| Vec::new()).collect();
        for round in 0..runs {
            for (i, way) in WAYS.iter().enumerate() {
                eprintln!("   round {}/{runs}, {}", round + 1, way.0);
                results[i].push(run_driver(&driver, &tree, &base, *way)?);
            }
        }
        tables.push((format!("{name} {version}"), results));
    }
    for (name, results) in &tables {
        print(name, results, runs);
    }
    let changed: Vec<&str> = tables
        .iter()
        .filter(|(_, r)| {
            r[0].iter()
                .chain(&r[1])
                .any(|run| run.verdicts != r[1][0].verdicts)
        })
        .map(|(name, _)| name.as_str())
        .collect();
    if changed.is_empty() {
        Ok(())
    } else {
        Err(format!("verdicts changed on {}", changed.join(", ")))
    }
}

fn print(name: &str, results: &[Vec<Run>], runs: usize) {
    println!("\n{name}: {runs} warm runs each, interleaved (medians)");
    println!(
        "{:>10} {:>10} {:>10} {:>10} {:>8} {:>8}",
        "way", "baseline", "mutants", "tracing", "proven", "skipped"
    );
    let med = |i: usize, f: &dyn Fn(&Run) -> f64| median(results[i].iter().map(f).collect());
    for (i, (way, _)) in WAYS.iter().enumerate() {
        let first = &results[i][0];
        println!(
            "{way:>10} {:>9.2}s {:>9.2}s {:>9.2}s {:>8} {:>8}",
            med(i, &|r| r.baseline),
            med(i, &|r| r.mutants),
            med(i, &|r| r.tracing),
            first.proven_mutants,
            first.skipped_runs
        );
    }
    println!(
        "probe cost: baseline {:.2}x of no probe; skip saves {:.0}% of the mutant phase",
        med(0, &|r| r.baseline) / med(2, &|r| r.baseline),
        100.0 * (1.0 - med(0, &|r| r.mutants) / med(1, &|r| r.mutants))
    );
    let survivors: usize = results[0][0].categories.values().sum();
    let shares: Vec<String> = results[0][0]
        .categories
        .iter()
        .map(|(c, n)| format!("{c} {n} ({:.0}%)", 100.0 * *n as f64 / survivors as f64))
        .collect();
    println!("survivors by diagnosis: {}", shares.join(", "));
}

fn run_driver(
    driver: &Path,
    tree: &Path,
    base: &Path,
    (way, args): (&str, &[&str]),
) -> Result<Run, String> {
    let out = base.join(format!("infection-{way}"));
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let log = out.join("run.log");
    tools::run_all_items(driver, tree, args, &out, &log)?;
    read(&out.join("report.json"))
}

fn read(report: &Path) -> Result<Run, String> {
    let json = report_json::read(report)?;
    let mut verdicts = Vec::new();
    let mut categories = BTreeMap::new();
    for m in report_json::mutants(&json) {
        verdicts.push(report_json::verdict(m));
        if let Some(category) = m["diagnosis"]["category"].as_str() {
            *categories.entry(category.to_owned()).or_default() += 1;
        }
    }
    verdicts.sort();
    let seconds = &json["seconds"];
    Ok(Run {
        baseline: seconds["baseline"].as_f64().unwrap_or(0.0),
        mutants: seconds["mutants"].as_f64().unwrap_or(0.0),
        tracing: seconds["tracing"].as_f64().unwrap_or(0.0),
        proven_mutants: json["infection"]["provenMutants"].as_u64().unwrap_or(0),
        skipped_runs: json["infection"]["skippedRuns"].as_u64().unwrap_or(0),
        verdicts,
        categories,
    })
}
