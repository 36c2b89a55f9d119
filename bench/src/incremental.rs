//! `incremental`: what `--incremental` saves after a one-line edit, on crates of the
//! corpus. Per round: a full run (no previous state; it leaves one), then the same crate
//! with one line of one function body edited, run with `--incremental`; last, once, a full
//! run of the edited crate, as warm as the incremental one. Runs are compared after their
//! builds (the build after an edit costs both the same). Printed: medians of the runs'
//! totals, mutant phases and survivor tracing, how many verdicts were taken and decided;
//! and whether every verdict the incremental run took equals the full run's of the edited
//! crate (killed and timed out count as one, detected: which covering test runs first
//! follows measured times). Verdicts both runs decided are compared too, and differences
//! printed, but not counted against the rule: a mutant whose outcome varies from run to
//! run (undefined behaviour, say) differs there whatever the rule.

use crate::report_json;
use crate::stats::median;
use crate::versus::{self, tools};
use serde_json::Value;
use std::path::Path;

/// The edit per crate: file, text, replacement. Each keeps the crate's behaviour (an
/// operand order), so verdicts elsewhere stay what they were.
const EDITS: &[(&str, &str, &str, &str)] = &[
    (
        "semver",
        "src/eval.rs",
        "    cmp.major == ver.major\n        && cmp.minor == Some(ver.minor)",
        "    ver.major == cmp.major\n        && cmp.minor == Some(ver.minor)",
    ),
    (
        "smallvec",
        "src/lib.rs",
        "        let len = self.len();\n        self.swap(len - 1, index);",
        "        let len = self.len();\n        self.swap(index, len - 1);",
    ),
];

struct Run {
    total: f64,
    /// The total less the build: what comes after it, which `--incremental` changes.
    after_build: f64,
    mutants: f64,
    tracing: f64,
    reused: u64,
    /// `status id` of every mutant, sorted, with whether it was taken from the previous run.
    verdicts: Vec<(String, bool)>,
}

pub fn run(crates: &[(String, String)], work: &Path, runs: usize) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut wrong = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        let Some(&(_, file, from, to)) = EDITS.iter().find(|e| e.0 == name) else {
            return Err(format!("no edit for {name} in bench/src/incremental.rs"));
        };
        let base = work.join(format!("{name}-{version}"));
        let tree = base.join("incremental");
        let out = base.join("incremental-out");
        let mut full = Vec::new();
        let mut edited = Vec::new();
        for round in 0..runs {
            versus::fresh_copy(source, &tree)?;
            let _ = std::fs::remove_dir_all(&out);
            eprintln!("== {name} {version}: round {}/{runs}, full run", round + 1);
            full.push(run_driver(&driver, &tree, &out, &["--incremental"])?);
            let path = tree.join(file);
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            if !text.contains(from) {
                return Err(format!("{name}: the edit's text is not in {file}"));
            }
            std::fs::write(&path, text.replacen(from, to, 1)).map_err(|e| e.to_string())?;
            eprintln!("   one line edited, incremental run");
            edited.push(run_driver(&driver, &tree, &out, &["--incremental"])?);
        }
        eprintln!("   the edited crate, full run (to compare verdicts)");
        let check = run_driver(&driver, &tree, &base.join("incremental-check"), &[])?;
        let in_full: std::collections::HashSet<&String> =
            check.verdicts.iter().map(|v| &v.0).collect();
        for run in &edited {
            for (verdict, taken) in &run.verdicts {
                if in_full.contains(verdict) {
                    continue;
                }
                match taken {
                    true => wrong.push(format!("{name} {version}: taken {verdict}")),
                    false => println!(
                        "{name} {version}: decided again as {verdict}, not as in the full run"
                    ),
                }
            }
        }
        print(&format!("{name} {version}"), &full, &edited, &check, runs);
    }
    match wrong.is_empty() {
        true => Ok(()),
        false => Err(format!(
            "verdicts taken differ from a full run's: {}",
            wrong.join(", ")
        )),
    }
}

fn print(name: &str, full: &[Run], edited: &[Run], check: &Run, runs: usize) {
    let med = |runs: &[Run], f: &dyn Fn(&Run) -> f64| median(runs.iter().map(f).collect());
    let total = edited[0].verdicts.len();
    println!("\n{name}: {runs} rounds (medians)");
    println!(
        "{:>12} {:>9} {:>11} {:>9} {:>9} {:>8} {:>8}",
        "run", "total", "after build", "mutants", "tracing", "taken", "decided"
    );
    // The first full run of a round builds from a clean copy; the check is a full run
    // of the edited crate right after the incremental one, which built it already (with
    // --all-items the build reads a mirror whose content did not change): the runs are
    // compared after their builds, and the build after an edit costs both the same.
    let check = std::slice::from_ref(check);
    for (label, r) in [
        ("full clean", full),
        ("incremental", edited),
        ("full warm", check),
    ] {
        println!(
            "{label:>12} {:>8.2}s {:>10.2}s {:>8.2}s {:>8.2}s {:>8} {:>8}",
            med(r, &|r| r.total),
            med(r, &|r| r.after_build),
            med(r, &|r| r.mutants),
            med(r, &|r| r.tracing),
            r[0].reused,
            total as u64 - r[0].reused
        );
    }
    println!(
        "incremental against the warm full run, after the build: {:.2}x (mutant phase {:.2}x, \
         tracing {:.2}x)",
        med(edited, &|r| r.after_build) / check[0].after_build,
        med(edited, &|r| r.mutants) / check[0].mutants,
        med(edited, &|r| r.tracing) / check[0].tracing
    );
}

fn run_driver(driver: &Path, tree: &Path, out: &Path, args: &[&str]) -> Result<Run, String> {
    std::fs::create_dir_all(out).map_err(|e| e.to_string())?;
    let log = out.join("run.log");
    tools::run_all_items(driver, tree, args, out, &log)?;
    let json = report_json::read(&out.join("report.json"))?;
    let mut verdicts: Vec<(String, bool)> = report_json::mutants(&json)
        .map(|m| (report_json::verdict(m), m["reused"] == Value::Bool(true)))
        .collect();
    verdicts.sort();
    Ok(Run {
        total: json["seconds"]["total"].as_f64().unwrap_or(0.0),
        after_build: json["seconds"]["total"].as_f64().unwrap_or(0.0)
            - json["seconds"]["build"].as_f64().unwrap_or(0.0),
        mutants: json["seconds"]["mutants"].as_f64().unwrap_or(0.0),
        tracing: json["seconds"]["tracing"].as_f64().unwrap_or(0.0),
        reused: json["incremental"]["reusedVerdicts"].as_u64().unwrap_or(0),
        verdicts,
    })
}
